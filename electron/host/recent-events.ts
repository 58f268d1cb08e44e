/**
 * The station's list of recently opened events: a small JSON file in the data folder, rewritten
 * atomically (fs-safe: temp file + fsync + rename) so a crash never leaves half a list. A missing or
 * unreadable file is an empty list: this is a convenience, never a reason to refuse to start.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { mkdirPrivate, writeFileDurable } from './fs-safe.js';

export interface RecentEvent {
  path: string;
  name: string;
  openedAt: string;
}

export const RECENT_EVENTS_FILE = 'recent-events.json';
const KEPT = 12;

export async function readRecentEvents(dataDir: string): Promise<RecentEvent[]> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, RECENT_EVENTS_FILE), 'utf8');
  } catch {
    return [];
  }
  try {
    const parsed: unknown = JSON.parse(text);
    const list = Array.isArray(parsed) ? parsed : [];
    return list.filter(
      (e): e is RecentEvent =>
        !!e && typeof e === 'object' && typeof e.path === 'string' && typeof e.name === 'string' && typeof e.openedAt === 'string',
    );
  } catch {
    return [];
  }
}

/** The list as the scorekeeper sees it: newest first, only saves that still exist. */
export async function listRecentEvents(dataDir: string): Promise<RecentEvent[]> {
  return (await readRecentEvents(dataDir)).filter((e) => existsSync(e.path));
}

/** Put `event` first (replacing an older entry for the same path) and keep the newest few. */
export async function rememberRecentEvent(dataDir: string, event: RecentEvent): Promise<void> {
  const list = (await readRecentEvents(dataDir)).filter((e) => e.path !== event.path);
  list.unshift(event);
  await mkdirPrivate(dataDir);
  await writeFileDurable(path.join(dataDir, RECENT_EVENTS_FILE), `${JSON.stringify(list.slice(0, KEPT), null, 2)}\n`);
}
