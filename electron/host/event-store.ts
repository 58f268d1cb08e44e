/**
 * The event store: one `*.podium` journal file per event (ARCHITECTURE "The event save"; the
 * contract is journal-types.ts, the line format journal-format.ts).
 *
 * - append: the command is checked against the current state (apply; an undo re-folds), then its
 *   line is written at the end of the file and fsynced before the promise resolves. The command is
 *   already parsed (the one parse at the edge: serveRpc for a window, the station service for an
 *   in-process caller) and is not parsed again here. The store keeps no queue: its one caller, the
 *   station service, runs every call on a save one at a time (its queue, station-slot.ts), and a
 *   call that overlaps another is refused with nothing written, so sequence order is file order. A
 *   failed write is rolled back (the file is truncated to its last good line); if even that fails,
 *   the handle refuses further appends.
 * - open: every line is verified (checksum, sequence, command shape, and that it applies). A torn
 *   last line is cut off (its bytes kept in `<file>.torn-<time>`) and reported; any other damage is
 *   reported with its line and the event opens read-only, the file untouched.
 * - a rolling backup is taken when a round is paired for the first time, before the pairing is
 *   appended: `<dir>/<name>.backups/round-<N>.podium`, the newest `backupsKept` (default 5) kept.
 *
 * Here: creating and opening a save. The open save is event-store-handle.ts, the file checks and
 * reading save-file.ts; the command line reads and writes saves with event-store-sync.ts.
 *
 * Plain Node: no `electron` import.
 */
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import type { ReadOnlyReason } from '../../core/api/contract.js';
import type { Command } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import { sweepStaleTemps, writeFileDurable } from './fs-safe.js';
import { fsError, isAlreadyThere, writeRefusal } from './fs-words.js';
import { type JournalFileRead, readJournalAsync } from './journal-read.js';
import type { EventStoreHandle, EventStoreOptions, OpenedJournal } from './journal-types.js';
import { acquireSaveLock, describeHolder, type FileIdentity, type LockHolder, type SaveLock } from './save-lock.js';
import { Store } from './event-store-handle.js';
import { backupsDir, checkStation, fileStamp, identityOf, newSaveLines, openSaveForReading, readAll, sameFile } from './save-file.js';

export { JournalError } from './journal-format.js';
export { MAX_SAVE_BYTES } from './save-file.js';
export { readEventSaveSync, writeEventSaveSync } from './event-store-sync.js';
export type { JournalFileRead };

type CreateEventCommand = Extract<Command, { type: 'create-event' }>;

function holderFor(options: EventStoreOptions): LockHolder {
  const mode = options.lock === false ? 'the command line' : (options.lock?.mode ?? 'Podium');
  return { app: 'Podium', pid: process.pid, since: new Date().toISOString(), mode, station: options.station };
}

/** Take the save's lock, or learn who holds it (no lock at all when the options say so). */
async function lockSave(identity: FileIdentity, options: EventStoreOptions): Promise<{ lock?: SaveLock; lockedBy?: LockHolder | null }> {
  if (options.lock === false) return {};
  const attempt = await acquireSaveLock(identity, holderFor(options), options.lock ?? {});
  return attempt.ok ? { lock: attempt.lock } : { lockedBy: attempt.holder };
}

/** Create a new save whose first command is `createCommand`; refuses an existing path. */
export async function createEventStore(file: string, createCommand: CreateEventCommand, options: EventStoreOptions): Promise<EventStoreHandle> {
  const { text, header, entry, fold } = newSaveLines(createCommand, options);
  try {
    await writeFileDurable(file, text, { exclusive: true });
  } catch (error) {
    throw fsError(error, file, 'create');
  }
  const handle = await openWriter(file).catch((error: unknown) => {
    throw fsError(error, file, 'open');
  });
  const identity = identityOf(await handle.stat({ bigint: true }));
  const { lock, lockedBy } = await lockSave(identity, options);
  if (lockedBy !== undefined) {
    // Another Podium opened the new file in the instant since it was written: it is theirs now.
    await handle.close().catch(() => undefined);
    throw new PodiumError('save-locked', `the new save ${file} is already ${describeHolder(lockedBy)}`);
  }
  return new Store(file, options, header, [entry], fold, { fd: handle, identity, ...(lock ? { lock } : {}) }, Buffer.byteLength(text), [], undefined);
}

/** Read and verify a save without changing it (the fold, notices, damage, a torn tail). */
export async function readEventSave(file: string): Promise<JournalFileRead> {
  const { handle } = await openSaveForReading(file);
  try {
    return await readJournalAsync(await readAll(handle, file));
  } catch (error) {
    throw fsError(error, file, 'read');
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * Open a save. A torn last line is cut off (bytes kept in a `.torn-<time>` sidecar) and reported;
 * other damage or an older format opens read-only with the file untouched, and so does a save
 * another Podium on this computer holds open for writing (one writer per save: save-lock.ts).
 * Throws a PodiumError (a JournalError with the line, for damage) when there is no event to open.
 */
export async function openEventStore(file: string, options: EventStoreOptions): Promise<EventStoreHandle> {
  checkStation(options.station);
  const source = await openSaveForReading(file);
  const identity = identityOf(source.stat);
  let locking: { lock?: SaveLock; lockedBy?: LockHolder | null } = {};
  let bytes: Buffer;
  try {
    // The lock before the read: with it held, nobody appends while the file is read.
    locking = await lockSave(identity, options);
    bytes = await readAll(source.handle, file);
  } catch (error) {
    await locking.lock?.release();
    throw fsError(error, file, 'open');
  } finally {
    await source.handle.close().catch(() => undefined);
  }
  const { lock, lockedBy } = locking;
  try {
    return await openRead(file, options, bytes, identity, lock, lockedBy);
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

async function openRead(
  file: string,
  options: EventStoreOptions,
  bytes: Buffer,
  identity: FileIdentity,
  lock: SaveLock | undefined,
  lockedBy: LockHolder | null | undefined,
): Promise<EventStoreHandle> {
  const reading = await readJournalAsync(bytes, options.onProgress ? { onProgress: options.onProgress } : {});
  const notices = [...reading.notices];
  const readOnlyStore = (reason: ReadOnlyReason, holder?: LockHolder | null): EventStoreHandle =>
    new Store(file, options, reading.header, reading.entries, reading.fold, undefined, reading.goodEnd, notices, reason, holder, identity);

  if (lockedBy !== undefined) {
    notices.push({
      kind: 'locked',
      message: `This save is ${describeHolder(lockedBy)}, so it is open read-only here: only one Podium may write to a save. Close it there, then take over here.`,
    });
    return readOnlyStore('locked', lockedBy);
  }
  if (reading.damage !== undefined) {
    await lock?.release();
    return readOnlyStore('damaged');
  }
  if (reading.migratedFrom !== undefined) {
    await lock?.release();
    return readOnlyStore('migrated');
  }

  let size = bytes.length;
  let handle: fsp.FileHandle;
  try {
    handle = await openWriter(file);
  } catch (error) {
    const refused = writeRefusal(error);
    if (!refused) throw fsError(error, file, 'open');
    await lock?.release();
    // A file Podium may read but not write (a read-only disk, a copy from an archive): read-only, not damaged.
    notices.push({
      kind: 'read-only',
      message:
        refused === 'read-only-disk'
          ? `${path.basename(file)} is on a read-only disk, so it is open read-only (the save itself is fine). Save a copy to a writable disk to continue the event.`
          : `Podium may not write to ${path.basename(file)} (permission denied), so it is open read-only (the save itself is fine). Save a copy to continue the event.`,
    });
    return readOnlyStore('no-permission');
  }
  try {
    // The writer must be the very file that was read (not one renamed into its place meanwhile).
    const writerStat = await handle.stat({ bigint: true });
    if (!sameFile(identityOf(writerStat), identity) || Number(writerStat.size) !== bytes.length)
      throw new PodiumError('save-changed', `${file} was replaced or changed by another program while it was being opened; open it again`);
    if (reading.torn) {
      const torn = reading.torn;
      const sidecar = await keepTornBytes(file, bytes.subarray(torn.offset), fileStamp(options));
      await handle.truncate(torn.offset);
      await handle.datasync();
      size = torn.offset;
      const index = notices.findIndex((n) => n.kind === 'torn-line');
      notices.splice(index < 0 ? notices.length : index, 1, {
        kind: 'torn-line',
        line: torn.line,
        message: `line ${torn.line} was incomplete (Podium stopped while writing it) and was cut off; every command before it is intact. The cut bytes are kept in ${path.basename(sidecar)}.`,
      });
    }
    const base = path.basename(file);
    await sweepStaleTemps(path.dirname(file), (name) => name === base || name.startsWith(`${base}.torn-`));
    await sweepStaleTemps(backupsDir(file));
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw fsError(error, file, 'repair the end of');
  }
  return new Store(file, options, reading.header, reading.entries, reading.fold, { fd: handle, identity, ...(lock ? { lock } : {}) }, size, notices, undefined);
}

/** Write the cut bytes to `<file>.torn-<stamp>` (a new name, never replacing an earlier one). */
async function keepTornBytes(file: string, bytes: Uint8Array, stamp: string): Promise<string> {
  for (let n = 1; ; n++) {
    const sidecar = `${file}.torn-${stamp}${n > 1 ? `-${n}` : ''}`;
    try {
      await writeFileDurable(sidecar, bytes, { exclusive: true });
      return sidecar;
    } catch (error) {
      if (!isAlreadyThere(error) || n >= 100) throw error;
    }
  }
}

async function openWriter(file: string): Promise<fsp.FileHandle> {
  return fsp.open(file, 'r+');
}

/** Open, and return the contract's OpenedJournal view (for callers that want a plain object). */
export function openedJournal(handle: EventStoreHandle): OpenedJournal {
  return { header: handle.header, entries: [...handle.entries()], state: handle.state(), readOnly: handle.readOnly, notices: [...handle.notices] };
}
