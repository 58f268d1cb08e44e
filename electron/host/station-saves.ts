/**
 * The station service's save-file operations: a new event, opening a save (with progress), taking
 * one over from another Podium, closing it, copies (Save As, the repaired copy) and the recent list.
 * Each takes its request already parsed (station-service.ts).
 */
import path from 'node:path';
import type { StationSnapshot } from '../../core/api/contract.js';
import type { ParsedParams } from '../../core/api/methods.js';
import { fail } from '../../core/model/errors.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { errnoOf, fsError } from './fs-words.js';
import type { EventStoreHandle } from './journal-types.js';
import { rememberRecentEvent } from './recent-events.js';
import { describeHolder } from './save-lock.js';
import { newSaveTarget, somethingAt } from './save-target.js';
import type { CreateEventCommand, StationContext } from './station-types.js';

/** Turn an event name into a file-name-safe slug ("Friday Night Magic #12" → "friday-night-magic-12"). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'event';
}

/**
 * A file-system error in the scorekeeper's words (fs-words.ts), never the system's own text (no
 * "ENOENT: …"); anything that is not a file-system error passes through. `writing`: the error came
 * from writing `file`.
 */
function fsProblem(error: unknown, file: string, writing = false): unknown {
  return errnoOf(error) === undefined ? error : fsError(error, file, writing ? 'write' : 'read', { writing });
}

/** A save's path: relative paths go in the events folder; it must be a .podium file. */
function savePath(eventsDir: string, given: string): string {
  const resolved = path.resolve(eventsDir, given);
  if (path.extname(resolved).toLowerCase() !== '.podium') fail('invalid-input', `an event save is a .podium file, not ${given}`);
  return resolved;
}

/** Put a save on the recent list. The list is a convenience: failing to update it never fails what the user did. */
export async function rememberSave(dataDir: string, now: () => Date, file: string, name: string): Promise<void> {
  try {
    await rememberRecentEvent(dataDir, { path: file, name, openedAt: now().toISOString() });
  } catch {
    // convenience only
  }
}

export function createEvent(context: StationContext, input: ParsedParams<'createEvent'>): Promise<StationSnapshot> {
  const { slot, random, eventsDir, now } = context;
  return slot.exclusive(async () => {
    getRuleset(input.ruleset); // refuses a rule set this version cannot run, in words
    const id = random.id();
    // A path from a window or the WebSocket stays in the events folder (save-target.ts).
    const file = await newSaveTarget(input.path ?? `${slugify(input.name)}-${id}.podium`, { eventsDir });
    if (await somethingAt(file)) fail('not-allowed', `a file named ${path.basename(file)} already exists there: choose another name`);
    const command: CreateEventCommand = {
      type: 'create-event',
      id,
      name: input.name,
      ruleset: input.ruleset,
      settings: input.settings,
      seed: input.seed ?? random.seed(),
      createdAt: now().toISOString(),
    };
    const handle = await context.store.create(file, command, context.storeOptions).catch((error: unknown) => {
      throw fsProblem(error, file, true);
    });
    return slot.switchTo(handle);
  });
}

export async function openEvent(context: StationContext, input: ParsedParams<'openEvent'>): Promise<StationSnapshot> {
  const { slot, opening } = context;
  const file = savePath(context.eventsDir, input.path);
  const pending = opening.get(file);
  if (pending) return pending;
  // Reading and checking a save happens outside the change queue, so results keep going into
  // the open event while a large save opens; only the switch itself waits its turn.
  const run = (async () => {
    const open = slot.open;
    if (open && open.path === file) return slot.snapshotNow();
    const handle = await openStore(context, file);
    if (handle.readOnlyReason === 'locked' && handle.lockedBy?.pid === process.pid && slot.open) {
      // The same save by another path (a link): this very Podium holds it.
      await handle.close();
      fail('not-allowed', `${file} is the save already open here (${slot.open.path})`);
    }
    return slot.exclusive(() => slot.switchTo(handle));
  })().finally(() => opening.delete(file));
  opening.set(file, run);
  return run;
}

/** Open a save through the store, telling every window how far it has read a large one. */
async function openStore(context: StationContext, file: string): Promise<EventStoreHandle> {
  const { slot } = context;
  const name = path.basename(file);
  let lastPercent = -1;
  const onProgress = (done: number, total: number): void => {
    const percent = total > 0 ? Math.floor((done * 100) / total) : 100;
    if (percent === lastPercent) return;
    lastPercent = percent;
    slot.broadcast({ type: 'progress', label: `Opening ${name}`, done, total });
  };
  try {
    return await context.store.open(file, { ...context.storeOptions, onProgress });
  } catch (error) {
    throw fsProblem(error, file);
  } finally {
    if (lastPercent >= 0) slot.broadcast({ type: 'progress', label: `Opening ${name}`, done: 1, total: 1, finished: true });
  }
}

/** Open again, as its writer, the save another Podium held once it has let go. */
export async function takeOverEvent(context: StationContext): Promise<StationSnapshot> {
  const { slot } = context;
  const held = slot.requireOpen();
  if (held.readOnlyReason !== 'locked') fail('not-allowed', 'this save is not held by another Podium: there is nothing to take over');
  const fresh = await openStore(context, held.path);
  if (fresh.readOnlyReason === 'locked') {
    const holder = fresh.lockedBy ?? null;
    await fresh.close();
    fail('save-locked', `cannot take over yet: the save is still ${describeHolder(holder)}. Close it there first.`);
  }
  return slot.exclusive(async () => {
    if (slot.open !== held) {
      await fresh.close();
      fail('not-allowed', 'another event was opened meanwhile; open this save again to take it over');
    }
    return slot.switchTo(fresh);
  });
}

export function closeEvent(context: StationContext): Promise<void> {
  const { slot } = context;
  return slot.exclusive(async () => {
    if (await slot.close()) slot.pushState();
  });
}

/**
 * Save As: a copy of the open save at `given` (the open event stays where it is, ARCHITECTURE
 * "Save as copies the file"). In the events folder unless the local station's own dialog chose
 * the path; an existing file is replaced only with `overwrite`, which the user confirmed.
 */
export function saveCopy(context: StationContext, input: ParsedParams<'saveAs'>, chosenLocally: boolean): Promise<void> {
  const { slot, eventsDir } = context;
  return slot.exclusive(async () => {
    const handle = slot.requireOpen();
    const file = await newSaveTarget(input.path, { eventsDir, chosenLocally });
    if (file === handle.path) fail('invalid-input', 'that is the file the event is already saved in');
    if (input.overwrite !== true && (await somethingAt(file)))
      fail('not-allowed', `a file named ${path.basename(file)} already exists there: it is replaced only when you confirm (overwrite)`);
    await handle.saveAs(file).catch((error: unknown) => {
      throw fsProblem(error, file, true);
    });
    await rememberSave(context.dataDir, context.now, file, handle.state().name);
  });
}

/** A copy of a damaged or older save in the current format, opened in its place; the damaged one stays as it is. */
export function saveRepairedCopy(context: StationContext, input: ParsedParams<'saveRepairedCopy'>): Promise<StationSnapshot> {
  const { slot, eventsDir } = context;
  return slot.exclusive(async () => {
    const handle = slot.requireOpen();
    const file = await newSaveTarget(input.path, { eventsDir });
    if (file === handle.path) fail('invalid-input', 'the repaired copy must be a new file: the damaged save is never rewritten');
    if (await somethingAt(file)) fail('not-allowed', `a file named ${path.basename(file)} already exists there: choose another name`);
    await handle.saveRepairedCopy(file).catch((error: unknown) => {
      throw fsProblem(error, file, true);
    });
    const repaired = await context.store.open(file, context.storeOptions);
    return slot.switchTo(repaired);
  });
}
