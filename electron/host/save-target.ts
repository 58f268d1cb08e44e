/**
 * Where a new save may be written (createEvent with a path, saveAs, saveRepairedCopy).
 *
 * Over the StationApi (a window over IPC, a page or any local program over the WebSocket) a new
 * save goes in the station's events folder: a name or a path inside it, never `..`, an absolute
 * path elsewhere or a link out of it. That is decided from the path's text first — before anything
 * on disk is looked at, so a refusal never tells whether some path outside exists — and then the
 * nearest existing folder is resolved (realpath) to make sure no link inside the folder leads out.
 * Folders are only ever created inside the events folder.
 *
 * Only the local station's own file dialogs (the Electron shell, in-process) may name a path
 * anywhere: the user chose it in the system's dialog. No transport can ask for that.
 */
import { lstat, realpath } from 'node:fs/promises';
import { mkdirPrivate } from './fs-safe.js';
import path from 'node:path';
import { fail, PodiumError } from '../../core/model/errors.js';
import { fsError, isMissing } from './fs-words.js';

export interface SaveTargetOptions {
  /** The station's events folder (`<dataDir>/events`), where new saves go. */
  eventsDir: string;
  /** A path the user chose in the local station's own dialog: allowed anywhere (never from a transport). */
  chosenLocally?: boolean;
}

/** `inner` is `outer` itself or inside it. */
function within(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

function outside(eventsDir: string): never {
  fail('not-allowed', `that path is outside the events folder: new saves go in ${eventsDir} (give a file name, such as friday.podium)`);
}

/** The nearest folder of `dir` (itself or a parent) that exists; `stop` is known to exist. */
async function nearestExisting(dir: string, stop: string): Promise<string> {
  let current = dir;
  for (;;) {
    if (current === stop) return current;
    try {
      await lstat(current);
      return current;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    const parent = path.dirname(current);
    if (parent === current) return current;
    current = parent;
  }
}

/**
 * The absolute path a new save `given` names (relative names go in the events folder), checked and
 * with its folder made (inside the events folder only). Refuses in words: not a .podium file, a
 * path outside the events folder (unless chosen locally), a link leading out of it.
 */
export async function newSaveTarget(given: string, options: SaveTargetOptions): Promise<string> {
  const eventsDir = path.resolve(options.eventsDir);
  if (given.includes('\0')) fail('invalid-input', 'a file name cannot contain a NUL character');
  const file = path.resolve(eventsDir, given);
  const inFolder = within(eventsDir, file) && file !== eventsDir;
  if (!inFolder && !options.chosenLocally) outside(eventsDir);
  if (path.extname(file).toLowerCase() !== '.podium') fail('invalid-input', `an event save is a .podium file, not ${path.basename(file) || given}`);
  // Chosen in the system's dialog, elsewhere: that folder exists (the dialog showed it); none is made.
  if (!inFolder) return file;

  try {
    await mkdirPrivate(eventsDir); // the data folder's own events folder
    const realEvents = await realpath(eventsDir);
    const existing = await nearestExisting(path.dirname(file), eventsDir);
    // A link that leads nowhere cannot be shown to stay inside: refused like one that leads out.
    const real = await realpath(existing).catch(() => null);
    if (real === null || !within(realEvents, real)) outside(eventsDir);
    await mkdirPrivate(path.dirname(file));
  } catch (error) {
    if (error instanceof PodiumError) throw error;
    throw folderProblem(error, path.dirname(file));
  }
  return file;
}

/** Is there anything (a file, a folder, a link) at `file`? Without following a link. */
export async function somethingAt(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw folderProblem(error, path.dirname(file));
  }
}

/** A problem making or reading a folder for a save, in words (fs-words.ts; never the system's own text). */
function folderProblem(error: unknown, dir: string): PodiumError {
  return fsError(error, dir, 'use the folder', { folder: true });
}
