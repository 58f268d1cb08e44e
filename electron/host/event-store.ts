/**
 * The event store: one `*.podium` journal file per event (ARCHITECTURE "The event save"; the
 * contract is journal-types.ts, the line format journal-format.ts).
 *
 * - append: the command is checked against the current state (apply; an undo re-folds), then its
 *   line is written at the end of the file and fsynced before the promise resolves. Appends are
 *   queued, so sequence order is file order. A failed write is rolled back (the file is truncated
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
import type { Notice } from '../../core/api/contract.js';
import { type Command, parseCommand } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { copyFileDurable, sweepStaleTemps, writeFileDurable, writeFileDurableSync } from './fs-safe.js';
import { JOURNAL_FORMAT, JournalFold, type JournalReading, entryLine, headerLine, readJournal } from './journal-format.js';
import type { EventStoreHandle, EventStoreOptions, JournalEntry, JournalHeader, OpenedJournal } from './journal-types.js';

export { JournalError } from './journal-format.js';

const DEFAULT_BACKUPS_KEPT = 5;

type CreateEventCommand = Extract<Command, { type: 'create-event' }>;

/** An fs error in the scorekeeper's words, as a PodiumError (never a raw Node error). */
function fileProblem(error: unknown, file: string, doing: string): PodiumError {
  if (error instanceof PodiumError) return error;
  const code = (error as NodeJS.ErrnoException | null | undefined)?.code;
  const reason =
    code === 'ENOENT'
      ? 'no such file or folder'
      : code === 'EEXIST'
        ? 'a file already exists there'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'it is a folder'
            : code === 'ENOSPC'
              ? 'the disk is full'
              : code === 'EROFS'
                ? 'the disk is read-only'
                : error instanceof Error
                  ? error.message
                  : String(error);
  const result = new PodiumError(code === 'EEXIST' ? 'not-allowed' : 'invalid-input', `cannot ${doing} ${file}: ${reason}`);
  (result as { cause?: unknown }).cause = error;
  return result;
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

/** Build the first two lines of a new save; validates the create command. */
function newSaveLines(createCommand: unknown, options: EventStoreOptions): { text: string; header: JournalHeader; entry: JournalEntry; fold: JournalFold } {
  const parsed = parseCommand(createCommand);
  if (!parsed.ok) throw new PodiumError('invalid-command', parsed.message);
  const command = parsed.command;
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
    throw fileProblem(error, file, 'create');
  }
  const handle = await openWriter(file);
  return new Store(file, options, header, [entry], fold, handle, Buffer.byteLength(text), []);
}

/** Read and verify a save without changing it (the fold, notices, damage, a torn tail). */
export async function readEventSave(file: string): Promise<JournalReading> {
  let bytes: Buffer;
  try {
    bytes = await fsp.readFile(file);
  } catch (error) {
    throw fileProblem(error, file, 'open');
  }
  return readJournal(bytes);
}

/**
 * Open a save. A torn last line is cut off (bytes kept in a `.torn-<time>` sidecar) and reported;
 * other damage or an older format opens read-only with the file untouched. Throws a PodiumError
 * (a JournalError with the line, for damage) when there is no event to open.
 */
export async function openEventStore(file: string, options: EventStoreOptions): Promise<EventStoreHandle> {
  checkStation(options.station);
  let bytes: Buffer;
  try {
    bytes = await fsp.readFile(file);
  } catch (error) {
    throw fileProblem(error, file, 'open');
  }
  const reading = readJournal(bytes);
  const notices = [...reading.notices];
  const readOnly = reading.damage !== undefined || reading.migratedFrom !== undefined;
  if (readOnly) return new Store(file, options, reading.header, reading.entries, reading.fold, undefined, reading.goodEnd, notices);

  let size = bytes.length;
  let handle: fsp.FileHandle;
  try {
    handle = await openWriter(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (!['EACCES', 'EPERM', 'EROFS'].includes(code)) throw fileProblem(error, file, 'open');
    // A file Podium may read but not write (a read-only disk, a copy from an archive): read-only.
    notices.push({ kind: 'read-only', message: `Podium may not write to ${path.basename(file)} (${code}), so it is open read-only. Save a copy to continue the event.` });
    return new Store(file, options, reading.header, reading.entries, reading.fold, undefined, reading.goodEnd, notices);
  }
  try {
    if (reading.torn) {
      const torn = reading.torn;
      // The file must still be what was read: never cut bytes someone else just wrote.
      if ((await handle.stat()).size !== bytes.length) throw new PodiumError('not-allowed', `${file} changed while it was being opened; open it again`);
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
    throw fileProblem(error, file, 'repair the end of');
  }
  return new Store(file, options, reading.header, reading.entries, reading.fold, handle, size, notices);
}

/** Write the cut bytes to `<file>.torn-<stamp>` (a new name, never replacing an earlier one). */
async function keepTornBytes(file: string, bytes: Uint8Array, stamp: string): Promise<string> {
  for (let n = 1; ; n++) {
    const sidecar = `${file}.torn-${stamp}${n > 1 ? `-${n}` : ''}`;
    try {
      await writeFileDurable(sidecar, bytes, { exclusive: true });
      return sidecar;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 100) throw error;
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

class Store implements EventStoreHandle {
  readonly path: string;
  readonly header: JournalHeader;
  readonly readOnly: boolean;
  readonly notices: Notice[];
  private readonly options: EventStoreOptions;
  private readonly list: JournalEntry[];
  private readonly fold: JournalFold;
  private fd: fsp.FileHandle | undefined;
  /** Bytes of good content: where the next line goes. */
  private size: number;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Set when a write could not be rolled back: the file's end is unknown, nothing more is written. */
  private broken: string | undefined;

  constructor(
    file: string,
    options: EventStoreOptions,
    header: JournalHeader,
    entries: JournalEntry[],
    fold: JournalFold,
    fd: fsp.FileHandle | undefined,
    size: number,
    notices: Notice[],
  ) {
    this.path = file;
    this.options = options;
    this.header = header;
    this.list = entries;
    this.fold = fold;
    this.fd = fd;
    this.size = size;
    this.readOnly = fd === undefined;
    this.notices = notices;
  }

  entries(): readonly JournalEntry[] {
    return this.list;
  }

  state(): EventState {
    return this.fold.state as EventState;
  }

  /** Run `task` after everything queued before it (appends, copies, close). */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  append(command: Command): Promise<JournalEntry> {
    return this.enqueue(async () => {
      if (this.closed) throw new PodiumError('not-allowed', 'the event was closed');
      if (this.readOnly || !this.fd)
        throw new PodiumError('not-allowed', `this save is open read-only (${this.notices.find((n) => n.kind === 'damaged' || n.kind === 'migrated' || n.kind === 'read-only')?.kind ?? 'read-only'}): nothing can be added; save a repaired copy to continue`);
      if (this.broken) throw new PodiumError('not-allowed', `the save could not be written (${this.broken}); close the event and open it again`);
      const parsed = parseCommand(command);
      if (!parsed.ok) throw new PodiumError('invalid-command', parsed.message);
      const valid = parsed.command;
      const prepared = this.fold.prepare(valid);
      if (startsRound(this.fold.state, valid)) await this.backup(valid.round);
      const entry: JournalEntry = { seq: prepared.seq, at: isoNow(this.options), station: this.options.station, command: valid };
      const bytes = Buffer.from(entryLine(entry), 'utf8');
      await this.write(bytes);
      this.fold.commit(prepared);
      this.list.push(entry);
      return entry;
    });
  }

  /** Write at the end, fsync; on failure put the end back where it was. */
  private async write(bytes: Buffer): Promise<void> {
    const fd = this.fd as fsp.FileHandle;
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
      throw fileProblem(error, this.path, 'write to');
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
      this.notices.push({ kind: 'info', message: `the backup before round ${round} could not be written: ${fileProblem(error, dir, 'write to').message}` });
    }
  }

  saveAs(target: string): Promise<void> {
    return this.enqueue(async () => {
      if (path.resolve(target) === path.resolve(this.path)) throw new PodiumError('invalid-input', 'that is the file the event is already saved in');
      try {
        await copyFileDurable(this.path, target, this.readOnly ? {} : { length: this.size });
      } catch (error) {
        throw fileProblem(error, target, 'save a copy to');
      }
    });
  }

  saveRepairedCopy(target: string): Promise<void> {
    return this.enqueue(async () => {
      if (path.resolve(target) === path.resolve(this.path))
        throw new PodiumError('invalid-input', 'the repaired copy must be a new file: the damaged save is never rewritten');
      const header: JournalHeader = { ...this.header, format: JOURNAL_FORMAT };
      const text = headerLine(header) + this.list.map(entryLine).join('');
      try {
        await writeFileDurable(target, text, { exclusive: true });
      } catch (error) {
        throw fileProblem(error, target, 'write the repaired copy to');
      }
    });
  }

  close(): Promise<void> {
    return this.enqueue(async () => {
      if (this.closed) return;
      this.closed = true;
      const fd = this.fd;
      this.fd = undefined;
      await fd?.close();
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The command line (synchronous, never modifies a save it reads)

/** Read and verify a save; never changes it (a torn tail is reported, not cut). */
export function readEventSaveSync(file: string): JournalReading {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    throw fileProblem(error, file, 'read');
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
  const { header, entry, fold } = newSaveLines(first, options);
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
    throw fileProblem(error, file, 'create');
  }
}

export type { JournalReading };
