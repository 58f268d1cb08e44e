/**
 * Where the projector window goes (the shell's decision, kept pure and tested here): back where
 * the scorekeeper last left it when that display is still connected; otherwise full screen on an
 * external display when there is one; otherwise a window on the primary display. The last place
 * is remembered in a small JSON file in the station's folder.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurable } from './fs-safe.js';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DisplayInfo {
  id: number;
  bounds: Rect;
  workArea: Rect;
}

export interface SavedWindow {
  displayId: number;
  bounds: Rect;
  fullScreen: boolean;
}

export interface WindowPlacement {
  bounds: Rect;
  fullScreen: boolean;
  displayId: number;
}

export const WINDOW_STATE_FILE = 'windows.json';

const intersects = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export function placeProjector(displays: readonly DisplayInfo[], primaryId: number, saved: SavedWindow | null): WindowPlacement {
  const primary = displays.find((d) => d.id === primaryId) ?? displays[0];
  if (!primary) return { bounds: { x: 0, y: 0, width: 1280, height: 720 }, fullScreen: false, displayId: primaryId };
  if (saved) {
    const display = displays.find((d) => d.id === saved.displayId);
    if (display && intersects(saved.bounds, display.bounds))
      return { bounds: saved.bounds, fullScreen: saved.fullScreen, displayId: display.id };
  }
  const external = displays.find((d) => d.id !== primary.id);
  if (external) return { bounds: external.bounds, fullScreen: true, displayId: external.id };
  const area = primary.workArea;
  const width = Math.min(1280, area.width);
  const height = Math.min(720, area.height);
  return {
    bounds: { x: area.x + Math.round((area.width - width) / 2), y: area.y + Math.round((area.height - height) / 2), width, height },
    fullScreen: false,
    displayId: primary.id,
  };
}

function isRect(value: unknown): value is Rect {
  const r = value as Partial<Rect> | null;
  return !!r && [r.x, r.y, r.width, r.height].every((n) => typeof n === 'number' && Number.isFinite(n)) && (r.width as number) > 0 && (r.height as number) > 0;
}

export async function readSavedWindow(dataDir: string, name: string): Promise<SavedWindow | null> {
  try {
    const all = JSON.parse(await readFile(path.join(dataDir, WINDOW_STATE_FILE), 'utf8')) as Record<string, unknown>;
    const saved = all?.[name] as Partial<SavedWindow> | undefined;
    if (saved && typeof saved.displayId === 'number' && isRect(saved.bounds))
      return { displayId: saved.displayId, bounds: saved.bounds, fullScreen: saved.fullScreen === true };
  } catch {
    // no file yet, or not readable: place from scratch
  }
  return null;
}

export async function saveWindow(dataDir: string, name: string, state: SavedWindow): Promise<void> {
  let all: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(dataDir, WINDOW_STATE_FILE), 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) all = parsed as Record<string, unknown>;
  } catch {
    // start a new file
  }
  all[name] = state;
  await writeFileDurable(path.join(dataDir, WINDOW_STATE_FILE), `${JSON.stringify(all, null, 2)}\n`);
}
