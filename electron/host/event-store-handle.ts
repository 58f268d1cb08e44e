/**
 * An open event save (EventStoreHandle, journal-types.ts), as event-store.ts opens or creates it:
 * its entries and state, appends (checked, written at the end, fsynced, rolled back on failure),
 * the round-start backup, copies, and the close. Read-only when it has no writer.
 */
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import type { Notice, ReadOnlyReason } from '../../core/api/contract.js';
import type { Command } from '../../core/event/commands.js';
import { JournalFold, isPlausibleTime } from '../../core/event/fold.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { copyFileDurable, mkdirPrivate, writeFileDurable } from './fs-safe.js';
import { fsError } from './fs-words.js';
import { JOURNAL_FORMAT, entryLine, headerLine } from './journal-format.js';
import type { EntrySender, EventStoreHandle, JournalEntry, JournalHeader, EventStoreOptions } from './journal-types.js';
import { describeHolder, lockAddress, watchLock, type FileIdentity, type LockHolder, type SaveLock } from './save-lock.js';
import { backupsDir, identityOf, isoNow, sameFile } from './save-file.js';

const DEFAULT_BACKUPS_KEPT = 5;

/** Is this command the first pairing of a new round (a round start)? */
function startsRound(state: EventState | undefined, command: Command): command is Extract<Command, { type: 'pair-round' }> {
  return command.type === 'pair-round' && !command.replace && state !== undefined && command.round === state.rounds.length + 1;
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

/** The open file of a writable save: its handle, which file it is, and the lock that makes it ours. */
interface Writer {
  fd: fsp.FileHandle;
  identity: FileIdentity;
  lock?: SaveLock;
}

export class Store implements EventStoreHandle {
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
        (p): JournalEntry => ({
          seq: p.seq,
          at,
          station: this.options.station,
          ...(sender.by ? { by: sender.by } : {}),
          ...(sender.cid !== undefined ? { cid: sender.cid } : {}),
          ...(sender.typedAt !== undefined ? { typedAt: sender.typedAt } : {}),
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
      await mkdirPrivate(dir);
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
