/**
 * The event store: one `*.podium` journal file per event (ARCHITECTURE "The event save"; the
 * contract is journal-types.ts, the line format journal-format.ts).
 *
 * - append: the command is checked against the current state (apply; an undo re-folds), then its
 *   line is written at the end of the file and fsynced before the promise resolves. The command is
 *   already parsed (the one parse at the edge: serveRpc for a window, the station service for an
 *   in-process caller) and is not parsed again here. The store keeps no queue: its one caller, the
 *   station service, runs every call on a save one at a time (its `exclusive`), and a call that
 *   overlaps another is refused with nothing written, so sequence order is file order. A failed write is rolled back (the file is truncated
 *   to its last good line); if even that fails, the handle refuses further appends.
 * - open: every line is verified (checksum, sequence, command shape, and that it applies). A torn
 *   last line is cut off (its bytes kept in `<file>.torn-<time>`) and reported; any other damage is
 *   reported with its line and the event opens read-only, the file untouched.
 * - a rolling backup is taken when a round is paired for the first time, before the pairing is
 *   appended: `<dir>/<name>.backups/round-<N>.podium`, the newest `backupsKept` (default 5) kept.
 *
 * Plain Node: no `electron` import. The command line uses the sync readers/writers at the end.
 */
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import type { Notice, ReadOnlyReason } from '../../core/api/contract.js';
import { type Command, parseCommand } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { copyFileDurable, sweepStaleTemps, writeFileDurable, writeFileDurableSync } from './fs-safe.js';
import { fsError, isAlreadyThere, writeRefusal } from './fs-words.js';
import { JournalFold, isPlausibleTime } from '../../core/event/fold.js';
import { JOURNAL_FORMAT, entryLine, headerLine } from './journal-format.js';
import { type JournalReading, readJournal, readJournalAsync } from './journal-read.js';
import type { EntrySender, EventStoreHandle, EventStoreOptions, JournalEntry, JournalHeader, OpenedJournal } from './journal-types.js';
import { acquireSaveLock, describeHolder, lockAddress, watchLock, type FileIdentity, type LockHolder, type SaveLock } from './save-lock.js';

export { JournalError } from './journal-format.js';

const DEFAULT_BACKUPS_KEPT = 5;

type CreateEventCommand = Extract<Command, { type: 'create-event' }>;

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
function checkSaveFile(stat: fs.BigIntStats, file: string): void {
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
async function openSaveForReading(file: string): Promise<{ handle: fsp.FileHandle; stat: fs.BigIntStats }> {
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
async function readAll(handle: fsp.FileHandle, file: string): Promise<Buffer> {
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

function identityOf(stat: fs.BigIntStats): FileIdentity {
  return { dev: stat.dev, ino: stat.ino };
}

function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

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

function isoNow(options: EventStoreOptions): string {
  return (options.now?.() ?? new Date()).toISOString();
}

/** "2026-05-04T10-11-12-345Z": a time for file names (no colons, for Windows). */
function fileStamp(options: EventStoreOptions): string {
  return isoNow(options).replace(/[:.]/g, '-');
}

function backupsDir(file: string): string {
  const base = path.basename(file).replace(/\.podium$/i, '');
  return path.join(path.dirname(file), `${base}.backups`);
}

/** Is this command the first pairing of a new round (a round start)? */
function startsRound(state: EventState | undefined, command: Command): command is Extract<Command, { type: 'pair-round' }> {
  return command.type === 'pair-round' && !command.replace && state !== undefined && command.round === state.rounds.length + 1;
}

/** Build the first two lines of a new save (the command is parsed: see Store.append). */
function newSaveLines(command: Command, options: EventStoreOptions): { text: string; header: JournalHeader; entry: JournalEntry; fold: JournalFold } {
  if (command.type !== 'create-event') throw new PodiumError('invalid-command', `a new save starts with create-event, not ${command.type}`);
  checkStation(options.station);
  const fold = new JournalFold();
  fold.commit(fold.prepare(command));
  const at = isoNow(options);
  const header: JournalHeader = { podium: 'event-journal', format: JOURNAL_FORMAT, eventId: command.id, createdAt: at };
  const entry: JournalEntry = { seq: 0, at, station: options.station, command };
  return { text: headerLine(header) + entryLine(entry), header, entry, fold };
}

function checkStation(station: string): void {
  if (typeof station !== 'string' || station === '' || station.length > 200)
    throw new PodiumError('invalid-input', 'the station name must be 1 to 200 characters');
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
export async function readEventSave(file: string): Promise<JournalReading> {
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

/** Why nothing can be added to a read-only save, in words. */
function readOnlyMessage(reason: ReadOnlyReason | undefined, holder: LockHolder | null | undefined): string {
  switch (reason) {
    case 'locked':
      return `this save is ${describeHolder(holder ?? null)}: only one Podium may write to it, so nothing was added here (close it there, then take over)`;
    case 'no-permission':
      return 'this save is on a disk or in a file Podium may not write to, so it is open read-only: nothing can be added (save a copy somewhere writable to continue)';
    case 'migrated':
      return 'this save has an older format and is open read-only: nothing can be added (save a repaired copy to continue in the current format)';
    default:
      return 'this save is damaged and open read-only: nothing can be added (save a repaired copy to continue)';
  }
}

/** Open, and return the contract's OpenedJournal view (for callers that want a plain object). */
export function openedJournal(handle: EventStoreHandle): OpenedJournal {
  return { header: handle.header, entries: [...handle.entries()], state: handle.state(), readOnly: handle.readOnly, notices: [...handle.notices] };
}

/** The open file of a writable save: its handle, which file it is, and the lock that makes it ours. */
interface Writer {
  fd: fsp.FileHandle;
  identity: FileIdentity;
  lock?: SaveLock;
}

class Store implements EventStoreHandle {
  readonly path: string;
  readonly header: JournalHeader;
  readonly readOnly: boolean;
  readonly readOnlyReason: ReadOnlyReason | undefined;
  readonly lockedBy: LockHolder | null | undefined;
  readonly notices: Notice[];
  private readonly options: EventStoreOptions;
  private readonly list: JournalEntry[];
  private readonly fold: JournalFold;
  private writer: Writer | undefined;
  /** The file as it was opened (for a read-only save held by another Podium: whose lock to watch). */
  private readonly identity: FileIdentity | undefined;
  /** Bytes of good content: where the next line goes. */
  private size: number;
  /** The call under way (an append, a copy, the close), if any: calls never overlap. */
  private busy: string | undefined;
  private closed = false;
  /** Set when a write could not be rolled back: the file's end is unknown, nothing more is written. */
  private broken: string | undefined;
  private readonly watchers = new Set<() => void>();

  constructor(
    file: string,
    options: EventStoreOptions,
    header: JournalHeader,
    entries: JournalEntry[],
    fold: JournalFold,
    writer: Writer | undefined,
    size: number,
    notices: Notice[],
    readOnlyReason: ReadOnlyReason | undefined,
    lockedBy?: LockHolder | null,
    identity?: FileIdentity,
  ) {
    this.path = file;
    this.options = options;
    this.header = header;
    this.list = entries;
    this.fold = fold;
    this.writer = writer;
    this.size = size;
    this.readOnly = writer === undefined;
    this.readOnlyReason = writer === undefined ? (readOnlyReason ?? 'damaged') : undefined;
    this.lockedBy = lockedBy;
    this.identity = writer?.identity ?? identity;
    this.notices = notices;
  }

  watchHolder(onGone: () => void): () => void {
    if (this.readOnlyReason !== 'locked' || !this.identity || this.options.lock === false) return () => undefined;
    const stop = watchLock(lockAddress(this.identity, this.options.lock ?? {}), onGone);
    this.watchers.add(stop);
    return () => {
      this.watchers.delete(stop);
      stop();
    };
  }

  entries(): readonly JournalEntry[] {
    return this.list;
  }

  state(): EventState {
    return this.fold.state as EventState;
  }

  undoneBy(seq: number): number | undefined {
    return this.fold.undoneBy(seq);
  }

  /**
   * Run `task` (an append, a copy, the close) as the only call under way. The caller serialises
   * its calls (the station service's queue, or awaiting each one); an overlapping call is a bug of
   * the caller, refused before anything is read or written — never two writes interleaved.
   */
  private async alone<T>(what: string, task: () => Promise<T>): Promise<T> {
    if (this.busy !== undefined) throw new PodiumError('not-allowed', `the save is busy (${this.busy}): ${what} must wait until that is done`);
    this.busy = what;
    try {
      return await task();
    } finally {
      this.busy = undefined;
    }
  }

  async append(command: Command, sender: EntrySender = {}): Promise<JournalEntry> {
    return (await this.appendMany([command], sender, `adding ${command.type}`))[0] as JournalEntry;
  }

  /**
   * Several commands, all or nothing: each checked against the state the ones before it leave,
   * then every line written at once and fsynced once (a CSV import of 10,000 players is one write,
   * not 10,000). A pairing starts a round with a backup, so it is never part of a batch. `sender`'s
   * client command id goes on the first entry (a batch sent again is found by it).
   */
  appendMany(commands: readonly Command[], sender: EntrySender = {}, what = `adding ${commands.length} commands`): Promise<JournalEntry[]> {
    return this.alone(what, async () => {
      if (this.closed) throw new PodiumError('not-allowed', 'the event was closed');
      if (!this.writer) throw new PodiumError(this.readOnlyReason === 'locked' ? 'save-locked' : 'not-allowed', readOnlyMessage(this.readOnlyReason, this.lockedBy));
      if (this.broken) throw new PodiumError('not-allowed', `the save could not be written (${this.broken}); close the event and open it again`);
      const only = commands.length === 1 ? commands[0] : undefined;
      if (!only && commands.some((c) => c.type === 'pair-round')) throw new PodiumError('invalid-command', 'a pairing is published on its own, not in a batch');
      const prepared = only ? [this.fold.prepare(only)] : this.fold.prepareMany(commands);
      if (only && startsRound(this.fold.state, only)) await this.backup(only.round);
      const at = isoNow(this.options);
      // A line stamped in 1970 would read as damage later: refuse it now, while nothing is written.
      if (!isPlausibleTime(Date.parse(at)))
        throw new PodiumError('invalid-input', `this computer's clock says ${at}, which is not a plausible date for an event: set the date and time, then try again (nothing was written)`);
      const entries = prepared.map(
        (p, i): JournalEntry => ({
          seq: p.seq,
          at,
          station: this.options.station,
          ...(sender.by ? { by: sender.by } : {}),
          ...(i === 0 && sender.cid !== undefined ? { cid: sender.cid } : {}),
          command: p.command,
        }),
      );
      await this.write(Buffer.from(entries.map(entryLine).join(''), 'utf8'));
      for (const p of prepared) this.fold.commit(p);
      for (const entry of entries) this.list.push(entry);
      return entries;
    });
  }

  /**
   * Before every append: the file at our path must still be the one we opened and locked, and be
   * exactly as long as we left it. Anything else (a second writer, a file copied over it, an editor
   * that saved it) would be overwritten by our line, so nothing is written and the save refuses
   * further appends until it is opened again.
   */
  private async checkStillOurs(writer: Writer): Promise<void> {
    const [byHandle, byPath, held] = await Promise.all([
      writer.fd.stat({ bigint: true }).catch((error: unknown) => {
        this.broken = (error as NodeJS.ErrnoException).code ?? 'the file cannot be read';
        throw fsError(error, this.path, 'write to');
      }),
      fsp.stat(this.path, { bigint: true }).catch(() => undefined),
      writer.lock ? writer.lock.held() : Promise.resolve(true),
    ]);
    let problem: string | undefined;
    if (!byPath) problem = `${this.path} was moved or deleted since Podium opened it`;
    else if (!sameFile(identityOf(byPath), writer.identity)) problem = `${this.path} was replaced by another file since Podium opened it`;
    else if (Number(byHandle.size) !== this.size)
      problem = `${this.path} was changed by another program since Podium opened it (it is ${byHandle.size} bytes; Podium wrote ${this.size})`;
    else if (!held) problem = `Podium lost its lock on ${this.path}`;
    if (problem) {
      this.broken = 'changed by another program';
      throw new PodiumError('save-changed', `${problem}: nothing was written. Close the event and open the save again to see what it holds now.`);
    }
  }

  /** Write at the end, fsync; on failure put the end back where it was. */
  private async write(bytes: Buffer): Promise<void> {
    const writer = this.writer as Writer;
    await this.checkStillOurs(writer);
    const fd = writer.fd;
    try {
      let written = 0;
      while (written < bytes.length) {
        const { bytesWritten } = await fd.write(bytes, written, bytes.length - written, this.size + written);
        written += bytesWritten;
      }
      await fd.datasync();
      this.size += bytes.length;
    } catch (error) {
      try {
        await fd.truncate(this.size);
        await fd.datasync();
      } catch (rollback) {
        this.broken = (rollback as NodeJS.ErrnoException).code ?? 'write failed';
      }
      // After a failed fsync the OS may have dropped the pages: the file cannot be trusted further.
      this.broken ??= (error as NodeJS.ErrnoException).code === 'EIO' ? 'EIO' : undefined;
      throw fsError(error, this.path, 'write to');
    }
  }

  /** The round-start backup; a failure is noted, never blocks the pairing. */
  private async backup(round: number): Promise<void> {
    const kept = this.options.backupsKept ?? DEFAULT_BACKUPS_KEPT;
    if (kept <= 0) return;
    const dir = backupsDir(this.path);
    const name = `round-${round}.podium`;
    try {
      await fsp.mkdir(dir, { recursive: true });
      await copyFileDurable(this.path, path.join(dir, name), { length: this.size });
      const rounds = (await fsp.readdir(dir))
        .map((n) => /^round-(\d+)\.podium$/.exec(n))
        .filter((m): m is RegExpExecArray => m !== null && m[0] !== name)
        .map((m) => Number(m[1]))
        .sort((a, b) => b - a);
      for (const old of rounds.slice(Math.max(0, kept - 1))) await fsp.rm(path.join(dir, `round-${old}.podium`), { force: true });
    } catch (error) {
      this.notices.push({ kind: 'info', message: `the backup before round ${round} could not be written: ${fsError(error, dir, 'write to').message}` });
    }
  }

  saveAs(target: string): Promise<void> {
    return this.alone('saving a copy', async () => {
      if (path.resolve(target) === path.resolve(this.path)) throw new PodiumError('invalid-input', 'that is the file the event is already saved in');
      try {
        await copyFileDurable(this.path, target, this.writer ? { length: this.size } : {});
      } catch (error) {
        throw fsError(error, target, 'save a copy to');
      }
    });
  }

  saveRepairedCopy(target: string): Promise<void> {
    return this.alone('saving a repaired copy', async () => {
      if (path.resolve(target) === path.resolve(this.path))
        throw new PodiumError('invalid-input', 'the repaired copy must be a new file: the damaged save is never rewritten');
      const header: JournalHeader = { ...this.header, format: JOURNAL_FORMAT };
      const text = headerLine(header) + this.list.map(entryLine).join('');
      try {
        await writeFileDurable(target, text, { exclusive: true });
      } catch (error) {
        throw fsError(error, target, 'write the repaired copy to');
      }
    });
  }

  close(): Promise<void> {
    return this.alone('closing', async () => {
      if (this.closed) return;
      this.closed = true;
      const writer = this.writer;
      this.writer = undefined;
      for (const stop of this.watchers) stop();
      this.watchers.clear();
      await writer?.fd.close().catch(() => undefined);
      await writer?.lock?.release();
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The command line (synchronous, never modifies a save it reads)

/** Read and verify a save; never changes it (a torn tail is reported, not cut). */
export function readEventSaveSync(file: string): JournalReading {
  let bytes: Buffer;
  let fd: number | undefined;
  try {
    // As openSaveForReading: never block on a pipe, never read a device, cap the size.
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    checkSaveFile(fs.fstatSync(fd, { bigint: true }), file);
    bytes = fs.readFileSync(fd);
  } catch (error) {
    throw fsError(error, file, 'read');
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  return readJournal(bytes);
}

/**
 * Write a new save holding `commands` (the first a create-event) in one durable write; refuses an
 * existing path. Every command is checked by the fold first, so an invalid one writes nothing.
 */
export function writeEventSaveSync(file: string, commands: readonly Command[], options: EventStoreOptions): void {
  const [first, ...rest] = commands;
  if (!first) throw new PodiumError('invalid-input', 'a save needs at least the command that creates the event');
  // The command line's edge: commands from a transcript are parsed here, as the service parses a window's.
  const parsedFirst = parseCommand(first);
  if (!parsedFirst.ok) throw new PodiumError('invalid-command', parsedFirst.message);
  const { header, entry, fold } = newSaveLines(parsedFirst.command, options);
  const parts = [headerLine(header), entryLine(entry)];
  for (const command of rest) {
    const parsed = parseCommand(command);
    if (!parsed.ok) throw new PodiumError('invalid-command', `command ${fold.length}: ${parsed.message}`);
    const prepared = fold.prepare(parsed.command);
    fold.commit(prepared);
    parts.push(entryLine({ seq: prepared.seq, at: entry.at, station: options.station, command: parsed.command }));
  }
  try {
    writeFileDurableSync(file, parts.join(''), { exclusive: true });
  } catch (error) {
    throw fsError(error, file, 'create');
  }
}

export type { JournalReading };
