/**
 * What the event log's words read as they go through the journal in order (describe.ts): the rule
 * set and how its events speak, everyone's name as the log writes it, which entries an undo took
 * back by a given moment, and the pairings and results so far — so a result's players are those of
 * the pairing of its round in force when it was entered, and a second result for a table is an
 * amendment.
 */
import { distinguishedNames } from '../model/person-names.js';
import type { EventState, PlayerId, TableResult } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import type { Ruleset } from '../rulesets/ruleset.js';
import type { DescribedEntry } from './describe.js';

interface Pairing {
  seq: number;
  seats: Map<number, PlayerId[]>;
}

interface Person {
  id: PlayerId;
  name: string;
  note?: string | undefined;
}

/** The event's rule set: the state's, else the one the journal created the event with (none: unknown). */
function rulesetOf(entries: readonly DescribedEntry[], state: EventState | null): Ruleset | undefined {
  let id: string | undefined = state?.ruleset;
  for (const { command } of entries) if (id === undefined && command.type === 'create-event') id = command.ruleset;
  if (id === undefined) return undefined;
  try {
    return getRuleset(id);
  } catch {
    return undefined;
  }
}

/**
 * Everyone the journal registered (removed players keep their names), as they are now: two people
 * with the same name are told apart by their note or id (core/model/person-names.ts).
 */
function namesOf(entries: readonly DescribedEntry[], state: EventState | null): Map<PlayerId, string> {
  const people = new Map<PlayerId, Person>();
  for (const { command: c } of entries) {
    if (c.type === 'register-player') people.set(c.player.id, { id: c.player.id, name: c.player.name, note: c.player.note });
    else if (c.type === 'edit-player' && people.has(c.id)) {
      const before = people.get(c.id) as Person;
      people.set(c.id, { id: c.id, name: c.changes.name ?? before.name, note: c.changes.note ?? before.note });
    }
  }
  for (const p of state?.players ?? []) people.set(p.id, { id: p.id, name: p.name, note: p.note });
  return distinguishedNames([...people.values()]);
}

export class JournalReading {
  private readonly ruleset: Ruleset | undefined;
  private readonly names: Map<PlayerId, string>;
  /** Entry → the undo that took it back. */
  private readonly undoneBy = new Map<number, number>();
  private readonly pairings = new Map<number, Pairing[]>();
  /** "round:table" → the entries that recorded its result. */
  private readonly results = new Map<string, number[]>();
  private readonly said = new Map<number, string>();
  /** "round:table" → the players' reports of it, in journal order. */
  private readonly reports = new Map<string, { seq: number; reporter: PlayerId; result: Readonly<Record<string, unknown>>; drop?: readonly PlayerId[] }[]>();
  /** A rule set without enforcement levels (Lightseekers) never reads "REL …" (its terms). */
  readonly showsRel: boolean;
  /** "table" or "pod" (the word the rule set's playoff uses for its tables, which its Swiss rounds share). */
  readonly tableWord: string;
  /** Between the players of a table: "A v B" for a match, else a list. */
  readonly seatSeparator: string;

  constructor(
    entries: readonly DescribedEntry[],
    state: EventState | null,
    readonly isolate: (name: string) => string,
  ) {
    this.ruleset = rulesetOf(entries, state);
    this.names = namesOf(entries, state);
    for (const e of entries) if (e.undoneBy !== undefined) this.undoneBy.set(e.seq, e.undoneBy);
    this.showsRel = this.ruleset?.terms.rel ?? true;
    this.tableWord = this.ruleset?.presentation.playoff.tableWord.toLowerCase() ?? 'table';
    this.seatSeparator = (this.ruleset?.presentation.table.layout ?? 'pair') === 'pair' ? ' v ' : ', ';
  }

  /** A player's name as the log writes it (isolated, told apart from a namesake). */
  readonly name = (id: PlayerId): string => this.isolate(this.names.get(id) ?? id);

  /** Was entry `seq` still in force at moment `at` (not undone by an entry before it)? */
  inForce(seq: number, at: number): boolean {
    const by = this.undoneBy.get(seq);
    return by === undefined || by > at;
  }

  /** The highest round paired (and in force) before entry `at`. */
  roundsPairedAt(at: number): number {
    let max = 0;
    for (const [round, list] of this.pairings) if (list.some((p) => p.seq < at && this.inForce(p.seq, at))) max = Math.max(max, round);
    return max;
  }

  /** The seats of round `round` in force before entry `at`, by table. */
  seatingAt(round: number, at: number): Pairing | undefined {
    return (this.pairings.get(round) ?? []).filter((p) => p.seq < at && this.inForce(p.seq, at)).pop();
  }

  /** Entry `seq` seats round `round` (a pairing, or tables fixed). */
  notePairing(round: number, seq: number, seats: Map<number, PlayerId[]>): void {
    const list = this.pairings.get(round) ?? [];
    list.push({ seq, seats });
    this.pairings.set(round, list);
  }

  /**
   * Entry `seq` records the result of a table: whether it amends one already in force for the same
   * seating, and the table's players then.
   */
  noteResult(round: number, table: number, seq: number): { amends: boolean; seats: PlayerId[] | undefined } {
    const key = `${round}:${table}`;
    const pairing = this.seatingAt(round, seq);
    const list = this.results.get(key) ?? [];
    const amends = list.some((earlier) => earlier < seq && this.inForce(earlier, seq) && (!pairing || earlier > pairing.seq));
    list.push(seq);
    this.results.set(key, list);
    return { amends, seats: pairing?.seats.get(table) };
  }

  /** A result in the rule set's words for the log. */
  resultWords(table: number, result: Readonly<Record<string, unknown>>, seats: PlayerId[] | undefined): string {
    const entry = this.ruleset?.presentation.results;
    if (!entry) return 'result recorded';
    if (entry.describeForLog) return entry.describeForLog(result, seats, this.name);
    return entry.describe({ table, seats: [...(seats ?? [])] }, result as unknown as TableResult, this.name);
  }

  /** Entry `seq` is a player's report of a table's result. */
  noteReport(round: number, table: number, seq: number, report: { reporter: PlayerId; result: Readonly<Record<string, unknown>>; drop?: readonly PlayerId[] }): void {
    const key = `${round}:${table}`;
    this.reports.set(key, [...(this.reports.get(key) ?? []), { seq, ...report }]);
  }

  /** The newest report of a table in force before entry `at`. */
  reportAt(round: number, table: number, at: number): { seq: number; reporter: PlayerId; result: Readonly<Record<string, unknown>>; drop?: readonly PlayerId[] } | undefined {
    return (this.reports.get(`${round}:${table}`) ?? []).filter((r) => r.seq < at && this.inForce(r.seq, at)).pop();
  }

  /** What entry `seq` was written as (for the undo that names it). */
  whatOf(seq: number): string | undefined {
    return this.said.get(seq);
  }

  wrote(seq: number, what: string): void {
    this.said.set(seq, what);
  }
}
