/**
 * What the player page reads from the published view (core/public/types.ts): where a player sits,
 * names, the rule set's words (the view's `event.words`; the rule set's own code, for its result
 * form, is loaded only to take a result: flows.tsx), and the round clock in words. The page never
 * asks which rule set it shows. Pure: no DOM.
 */
import { sortByFamilyName, splitName } from '../../core/model/person-names.js';
import type { PlayerId, Table, TableResult } from '../../core/model/types.js';
import type { PublicPlayer, PublicRound, PublicTable, PublicView, PublicWords } from '../../core/public/types.js';
import type { EntryContext, Ruleset } from '../../core/rulesets/ruleset.js';
import { isolate } from '../../core/rulesets/ruleset.js';
// The standings' "You are 3rd" (Published.tsx, loaded later) takes it from here, with the first screen's code.
export { ordinal } from '../../core/rulesets/ruleset.js';
import { clockDuration } from '../../core/text/format.js';
import { firstSeat, firstSeatField } from '../../core/model/seats.js';

export function playersById(view: PublicView): Map<PlayerId, PublicPlayer> {
  return new Map(view.players.map((p) => [p.id, p]));
}

/** A player's name as the page shows it (the id when the view does not name them). */
export function nameIn(view: PublicView): (id: PlayerId) => string {
  const players = playersById(view);
  return (id) => players.get(id)?.name ?? id;
}

/** "Archer, Ana": the name as boards print it and sort it. */
export function boardName(player: PublicPlayer): string {
  return splitName(player.name, player.sortName).board;
}

/** Players sorted as the boards are (family name first: core/model/person-names.ts). */
export function sortedPlayers(players: readonly PublicPlayer[]): PublicPlayer[] {
  return sortByFamilyName(players.map((p) => ({ ...p, familyName: p.sortName }))).map(({ item }) => item);
}

export type Place =
  | { kind: 'table'; table: PublicTable; seat: number }
  | { kind: 'bye'; bye: PublicRound['byes'][number] }
  | { kind: 'none' };

/** Where `id` is in the published round (seat: 0-based). */
export function placeOf(round: PublicRound | null, id: PlayerId): Place {
  if (!round) return { kind: 'none' };
  for (const table of round.tables) {
    const seat = table.seats.indexOf(id);
    if (seat >= 0) return { kind: 'table', table, seat };
  }
  const bye = round.byes.find((b) => b.player === id);
  return bye ? { kind: 'bye', bye } : { kind: 'none' };
}

/** The round's tables by player (for lists of everyone). */
export function placesOf(round: PublicRound | null): Map<PlayerId, Place> {
  const places = new Map<PlayerId, Place>();
  if (!round) return places;
  for (const table of round.tables) table.seats.forEach((id, seat) => places.set(id, { kind: 'table', table, seat }));
  for (const bye of round.byes) places.set(bye.player, { kind: 'bye', bye });
  return places;
}

/**
 * What a slip's QR code (`slip`) means now, in words, or null when it is this round's slip of the
 * player's own table (or the player is not known yet and the slip is of this round): a slip of an
 * earlier round says so ("This slip is from round 2; round 3 is being played — …"), as does one of
 * a round not published yet and one of another table.
 */
export function slipWords(slip: { round: number; table: number }, round: PublicRound, place: Place | null): string | null {
  const now = round.number;
  if (slip.round < now) return `This slip is from round ${slip.round}; round ${now} is being played — report round ${now} with its own slip, and find your table for round ${now} here.`;
  if (slip.round > now) return `This slip is for round ${slip.round}, which is not published yet: round ${now} is being played.`;
  if (!place || (place.kind === 'table' && place.table.table === slip.table)) return null;
  const yours = place.kind === 'table' ? ` Yours is table ${place.table.table}.` : '';
  return `That QR code is for table ${slip.table}, which is not your table in round ${now}.${yours}`;
}

/** A published table as the rule set's entry reads it. */
export function modelTable(table: PublicTable): Table {
  return { table: table.table, seats: [...table.seats], ...firstSeatField(table.firstSeat), ...(table.result ? { result: table.result } : {}) };
}

/** What the rule set's result entry needs of the event (the public view has no team members). */
export function entryContext(view: PublicView): EntryContext {
  const name = nameIn(view);
  return { settings: view.event.settings, stage: view.round?.stage ?? 'swiss', name, members: () => [] };
}

/** The word for a table of this round: "Table", or the rule set's playoff word ("Pod"). */
export function tableWord(view: PublicView): string {
  return view.round?.stage === 'playoff' ? view.event.words.playoffTable : 'Table';
}

/**
 * "Seat 2 of 4 — seat 1 plays first" ("— you play first"; the seat that plays first is not always
 * seat 1: core/model/seats.ts): for tables of numbered seats (the rule set's table shape), and for a
 * playoff pair whose seat 1 means something (the rule set's `playoff.seatOne`).
 */
export function seatLine(view: PublicView, table: PublicTable, seat: number): string | null {
  const { seatsNumbered, seatOne } = view.event.words;
  const playoff = view.round?.stage === 'playoff';
  if (seatsNumbered) {
    const first = firstSeat(table);
    return `Seat ${seat + 1} of ${table.seats.length} — ${first === seat + 1 ? 'you play first' : `seat ${first} plays first`}`;
  }
  if (playoff && seatOne && table.seats.length === 2) return `Seat ${seat + 1} of 2 — seat 1: ${seatOne}`;
  return null;
}

/** "9 points" in the rule set's unit ("3 wins"). */
export function pointsWords(words: PublicWords, points: number): string {
  return `${points} ${points === 1 ? words.pointUnit : `${words.pointUnit}s`}`;
}

/** A result in the rule set's words ("Ana Archer wins 2–1"). */
export function describeResult(view: PublicView, ruleset: Ruleset, table: PublicTable, result: TableResult): string {
  const name = nameIn(view);
  return ruleset.presentation.results.describe(modelTable(table), result, (id) => isolate(name(id)));
}

export interface ClockWords {
  /** The countdown ("32:15"), or null when there is none to show. */
  time: string | null;
  /** What it means ("left in the round", "Clock paused", the end-of-round words, the status). */
  words: string;
  /** The phase: running (counting), paused, over (time is up), idle (not started or not this round). */
  phase: 'running' | 'paused' | 'over' | 'idle';
}

/** The round clock for `table` (its extensions included) at host time `now`; null: no clock published. */
export function clockWords(view: PublicView, table: PublicTable | null, now: number): ClockWords | null {
  const clock = view.clock;
  if (!clock) return null;
  if (!view.round || clock.round !== view.round.number) return clock.status ? { time: null, words: clock.status, phase: 'idle' } : null;
  const extra = table?.extensionMs ?? 0;
  if (clock.endsAt !== null) {
    const left = clock.endsAt + extra - now;
    if (left > 0) return { time: clockDuration(left), words: 'left in the round', phase: 'running' };
    return { time: null, words: clock.atTime, phase: 'over' };
  }
  if (clock.pausedRemainingMs !== undefined) return { time: clockDuration(clock.pausedRemainingMs + extra), words: 'Clock paused', phase: 'paused' };
  return clock.status ? { time: null, words: clock.status, phase: 'idle' } : null;
}

/** "+5 min for this table (extension)". */
export function extensionWords(table: PublicTable | null): string | null {
  const ms = table?.extensionMs ?? 0;
  if (ms <= 0) return null;
  return `Includes +${Math.round(ms / 60_000)} min for this table`;
}

/** What the table's phones say once the scorekeeper rejected its report (until it is reported again or the result is in). */
export function rejectedWords(table: PublicTable): string {
  return `The scorekeeper did not accept the result reported for this table. Agree on it with your ${table.seats.length > 2 ? 'table' : 'opponent'} and report it again, or go to the scorekeeper’s desk.`;
}
