/**
 * An event save as a file on disk, for the store (event-store.ts, event-store-handle.ts) and the
 * command line (event-store-sync.ts): what may be opened as a save, reading one without ever
 * blocking, which file it is, its first two lines, the times it is stamped with, and where its
 * backups go.
 */
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import type { Command } from '../../core/event/commands.js';
import { JournalFold } from '../../core/event/fold.js';
import { PodiumError } from '../../core/model/errors.js';
import { fsError } from './fs-words.js';
import { JOURNAL_FORMAT, entryLine, headerLine } from './journal-format.js';
import type { EventStoreOptions, JournalEntry, JournalHeader } from './journal-types.js';
import type { FileIdentity } from './save-lock.js';

/** The biggest save Podium opens: far above any real event (a 4,096-player event is a few MB). */
export const MAX_SAVE_BYTES = 256 * 1024 * 1024;

function describeFileKind(stat: fs.Stats | fs.BigIntStats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a pipe';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not an ordinary file';
}

/** Refuse anything but an ordinary file of a plausible size, in words. */
export function checkSaveFile(stat: fs.BigIntStats, file: string): void {
  if (!stat.isFile()) throw new PodiumError('not-a-save', `cannot open ${file}: it is ${describeFileKind(stat)}, not an event save`);
  if (stat.size > BigInt(MAX_SAVE_BYTES))
    throw new PodiumError(
      'not-a-save',
      `cannot open ${file}: it is ${(Number(stat.size) / 1024 / 1024).toFixed(0)} MB, larger than any event save (at most ${MAX_SAVE_BYTES / 1024 / 1024} MB)`,
    );
}

/**
 * Open a save for reading without ever blocking: O_NONBLOCK so a pipe cannot stall the host,
 * fstat on the opened handle (not the path, which could be swapped) so only an ordinary file of a
 * plausible size is read. A symlink to /dev/zero is a device here and refused before any read.
 */
export async function openSaveForReading(file: string): Promise<{ handle: fsp.FileHandle; stat: fs.BigIntStats }> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw fsError(error, file, 'open');
  }
  try {
    const stat = await handle.stat({ bigint: true });
    checkSaveFile(stat, file);
    return { handle, stat };
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw fsError(error, file, 'open');
  }
}

/** Read the whole file from `handle` (at most MAX_SAVE_BYTES: a file still growing is cut there). */
export async function readAll(handle: fsp.FileHandle, file: string): Promise<Buffer> {
  const size = Number((await handle.stat({ bigint: true })).size);
  if (size > MAX_SAVE_BYTES) checkSaveFile(await handle.stat({ bigint: true }), file);
  const buffer = Buffer.alloc(size);
  let read = 0;
  while (read < size) {
    const { bytesRead } = await handle.read(buffer, read, size - read, read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return buffer.subarray(0, read);
}

export function identityOf(stat: fs.BigIntStats): FileIdentity {
  return { dev: stat.dev, ino: stat.ino };
}

export function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

export function isoNow(options: EventStoreOptions): string {
  return (options.now?.() ?? new Date()).toISOString();
}

/** "2026-05-04T10-11-12-345Z": a time for file names (no colons, for Windows). */
export function fileStamp(options: EventStoreOptions): string {
  return isoNow(options).replace(/[:.]/g, '-');
}

export function backupsDir(file: string): string {
  const base = path.basename(file).replace(/\.podium$/i, '');
  return path.join(path.dirname(file), `${base}.backups`);
}

/** Build the first two lines of a new save (the command is parsed: see Store.append). */
export function newSaveLines(command: Command, options: EventStoreOptions): { text: string; header: JournalHeader; entry: JournalEntry; fold: JournalFold } {
  if (command.type !== 'create-event') throw new PodiumError('invalid-command', `a new save starts with create-event, not ${command.type}`);
  checkStation(options.station);
  const fold = new JournalFold();
  fold.commit(fold.prepare(command));
  const at = isoNow(options);
  const header: JournalHeader = { podium: 'event-journal', format: JOURNAL_FORMAT, eventId: command.id, createdAt: at };
  const entry: JournalEntry = { seq: 0, at, station: options.station, command };
  return { text: headerLine(header) + entryLine(entry), header, entry, fold };
}

export function checkStation(station: string): void {
  if (typeof station !== 'string' || station === '' || station.length > 200)
    throw new PodiumError('invalid-input', 'the station name must be 1 to 200 characters');
}
