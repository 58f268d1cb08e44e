/**
 * The journal in words: each entry becomes "what happened" ("Result entered: round 2, table 3 — Ana
 * Archer 2–1 Bo Berg", "Round 2 paired (12 tables, 1 bye)", "Ana Archer dropped after round 3") and
 * "why" (the reason it carries), with its kind for the filter and whether it was undone.
 *
 * Every name in the words is isolated (FSI … PDI, core/text `isolate`; a caller
 * may pass its own): the rows are plain text. Two people with the same name are told apart (their
 * note or id beside the name), in the cut too.
 *
 * One pass over the journal in order: names come from the registrations (so removed players keep
 * their names) and the current state; a result's players come from the pairing of its round in force
 * when it was entered; a result for a table that already had one is an amendment.
 *
 * Pure (core): the station's Event log shows these rows, and the command line can print them.
 * Whether an entry was undone comes with the entry (`undoneBy`: the host's fold, or undoMarks of
 * undo.ts over the whole journal).
 *
 * The words of each command are in describe-commands.ts; what they read of the journal so far —
 * names, pairings, results, and the rule set (the state's, else the journal's create-event) whose
 * words a result is written in — in describe-journal.ts.
 */
import type { EventState } from '../model/types.js';
import type { Command } from './commands.js';
import { describeCommand } from './describe-commands.js';
import { JournalReading } from './describe-journal.js';
import { isolate } from '../text/format.js';

export type LogKind = 'event' | 'registration' | 'pairings' | 'results' | 'drops' | 'penalties' | 'clock' | 'undo';

export const LOG_KINDS: { kind: LogKind; label: string }[] = [
  { kind: 'registration', label: 'Registration' },
  { kind: 'pairings', label: 'Pairings' },
  { kind: 'results', label: 'Results' },
  { kind: 'drops', label: 'Drops' },
  { kind: 'penalties', label: 'Penalties' },
  { kind: 'clock', label: 'Clock' },
  { kind: 'undo', label: 'Undo' },
  { kind: 'event', label: 'Event & settings' },
];

export interface LogRow {
  seq: number;
  at: string;
  station: string;
  /** The kind the row is labelled with. */
  kind: LogKind;
  /** Other kinds it is listed under too (a result that drops a player is also a drop). */
  also?: LogKind[];
  what: string;
  why?: string;
  /** Set when a later undo reverted this entry. */
  undoneBy?: number;
  /** The Undo button applies (not the event's creation, not already undone). */
  undoable: boolean;
  /** Folded text for the search box. */
  search: string;
}

const KIND_OF: Record<Command['type'], LogKind> = {
  'create-event': 'event',
  'set-settings': 'event',
  'register-player': 'registration',
  'edit-player': 'registration',
  'drop-player': 'drops',
  'reinstate-player': 'drops',
  'pair-round': 'pairings',
  'start-playoff': 'pairings',
  'record-result': 'results',
  'report-result': 'results',
  'confirm-report': 'results',
  'decide-report': 'results',
  'publish-standings': 'event',
  'draw-claim-key': 'event',
  'claim-player': 'registration',
  'reset-claim': 'registration',
  'decide-tie': 'event',
  'report-in': 'drops',
  'fix-tables': 'pairings',
  'record-penalty': 'penalties',
  'register-decklist': 'registration',
  'start-round-clock': 'clock',
  'pause-clock': 'clock',
  'resume-clock': 'clock',
  'adjust-clock': 'clock',
  'extend-table': 'clock',
  'set-players-in-game': 'clock',
  'add-extra-turns': 'clock',
  'record-intentional-draw': 'clock',
  'start-deck-check': 'clock',
  'end-deck-check': 'clock',
  'start-timer': 'clock',
  'stop-timer': 'clock',
  undo: 'undo',
};

/** Every kind a row is listed under: its own, and those it also is (a result that drops a player). */
export function rowKinds(row: Pick<LogRow, 'kind' | 'also'>): LogKind[] {
  return row.also ? [row.kind, ...row.also] : [row.kind];
}

/** A journal entry as the describer reads it (the StationApi's JournalEntryView is one). */
export interface DescribedEntry {
  seq: number;
  /** ISO time the command was written. */
  at: string;
  station: string;
  /**
   * `withheld`: an entry this window is not sent (core/api/views.ts). A window that may read the
   * log is withheld one thing only: the drawing of the secret behind the players' personal codes.
   */
  command: Command | { type: 'withheld' };
  /** Set when a later undo reverted this entry. */
  undoneBy?: number;
}

/** The log's words for the withheld entry (the claim secret, which no window is sent). */
export const WITHHELD_WORDS = "The players' personal codes were made (the secret behind them stays on the head-judge station)";

export interface DescribeOptions {
  /** How a name is set in the words (default: between FSI and PDI, so it cannot reorder the text around it). */
  isolate?: (name: string) => string;
}

export function describeJournal(entries: readonly DescribedEntry[], state: EventState | null, options: DescribeOptions = {}): LogRow[] {
  const journal = new JournalReading(entries, state, options.isolate ?? isolate);
  return entries.map((entry): LogRow => {
    const c = entry.command;
    if (c.type === 'withheld')
      return { seq: entry.seq, at: entry.at, station: entry.station, kind: 'event', what: WITHHELD_WORDS, undoable: false, search: '' };
    const { what, why, drops } = describeCommand(c, entry.seq, journal);
    journal.wrote(entry.seq, what);
    return {
      seq: entry.seq,
      at: entry.at,
      station: entry.station,
      kind: KIND_OF[c.type],
      ...(drops && KIND_OF[c.type] !== 'drops' ? { also: ['drops' as const] } : {}),
      what,
      ...(why?.trim() ? { why: why.trim() } : {}),
      ...(entry.undoneBy !== undefined ? { undoneBy: entry.undoneBy } : {}),
      undoable: c.type !== 'create-event' && entry.undoneBy === undefined,
      search: '',
    };
  });
}
