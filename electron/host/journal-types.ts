/**
 * The contract of the event store (the `*.podium` journal save of ARCHITECTURE "The event save"),
 * shared by its implementation (event-store.ts) and its users (station service, CLI, tests).
 */
import type { Notice, ReadOnlyReason } from '../../core/api/contract.js';
import type { SenderRef } from '../../core/api/roles.js';
import type { LockHolder, LockOptions } from './save-lock.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';

/** First line of every save. */
export interface JournalHeader {
  podium: 'event-journal';
  /** Save format version; older versions are migrated in memory when opened. */
  format: number;
  eventId: string;
  createdAt: string;
}

/** One line after the header. `sum` is a checksum of the line's other fields. */
export interface JournalEntry {
  seq: number;
  /** ISO time the host wrote it. */
  at: string;
  /** Which station wrote it (host name or "cli"). */
  station: string;
  /** The joined device that sent the command over the venue network (none: the station itself). */
  by?: SenderRef;
  /** The sender's own id for the command: a second sending is answered with this entry (sent-by.ts). */
  cid?: string;
  /** When the sender typed it, when that was well before it arrived (it waited offline): ISO. */
  typedAt?: string;
  command: Command;
}

/** Who sent a command, written into its entry. */
export type EntrySender = Pick<JournalEntry, 'by' | 'cid' | 'typedAt'>;

export interface OpenedJournal {
  header: JournalHeader;
  entries: JournalEntry[];
  /** The fold of the entries (undo honoured). */
  state: EventState;
  /** True when damage other than a torn last line was found: nothing may be appended. */
  readOnly: boolean;
  notices: Notice[];
}

export interface EventStoreOptions {
  station: string;
  /** Time source (tests pass a fixed one). */
  now?: () => Date;
  /** Round-start backups kept beside the save. */
  backupsKept?: number;
  /**
   * One writer per save (save-lock.ts): how this host describes itself to a second opener
   * ("browser mode", "the desktop app"), and where the lock lives (tests). `false`: no lock (the
   * command line's read-only use).
   */
  lock?: (LockOptions & { mode?: string }) | false;
  /** Opening a large save: lines read so far of the total (the host shows it). */
  onProgress?: (done: number, total: number) => void;
}

export interface EventStoreHandle {
  readonly path: string;
  readonly header: JournalHeader;
  readonly readOnly: boolean;
  /** Why it is read-only (undefined when writable). */
  readonly readOnlyReason: ReadOnlyReason | undefined;
  /** For 'locked': the Podium that holds the save open for writing (null: it did not say). */
  readonly lockedBy: LockHolder | null | undefined;
  readonly notices: readonly Notice[];
  /**
   * For 'locked': call `onGone` once the holder has let go of the save (closed it, quit, crashed).
   * Returns a function that stops watching.
   */
  watchHolder(onGone: () => void): () => void;
  /** Every entry, in order. */
  entries(): readonly JournalEntry[];
  /** The current folded state. */
  state(): EventState;
  /** The undo that reverts entry `seq`, when it is undone (the effective-undo rule: core/event/undo.ts). */
  undoneBy(seq: number): number | undefined;
  /**
   * Check the (already parsed) command against the current state (apply), then append + fsync;
   * resolves only when the line is on disk. A command the state refuses rejects with the
   * PodiumError and writes nothing. One call at a time: a call while another is under way is refused.
   */
  append(command: Command, sender?: EntrySender): Promise<JournalEntry>;
  /**
   * Several commands, all or nothing, in one write and one fsync (each checked against the state
   * the ones before it leave; no undo or pairing in a batch). The sender's `cid` goes on each of them
   * (so a batch sent again is known whole: its length and every command).
   */
  appendMany(commands: readonly Command[], sender?: EntrySender): Promise<JournalEntry[]>;
  /** Copy the whole save to a new path (temp file + fsync + rename). */
  saveAs(path: string): Promise<void>;
  /** Damaged saves: write the undamaged prefix to a new path (the original is never touched). */
  saveRepairedCopy(path: string): Promise<void>;
  close(): Promise<void>;
}
