/**
 * Facts about a round the Pairings and Results screens both say: the points each player had when
 * it was paired, a result in words, its label, who sits where, and each player's group. Pure
 * functions of the pushed state (names: lib/people.ts).
 */
import type { EventState, PairingProposal, PlayerId, Round, Table } from '../../../core/model/types.js';
import { pointsBeforeRound } from '../../../core/event/points-before.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { nameIn } from '../../lib/people.js';

/**
 * Where a playoff round's work is done, said the same on the Pairings and Playoffs screens: paired
 * (published) on Playoffs, results typed on Results like every other round.
 */
export const PLAYOFF_WORK_PLACES = 'Playoff rounds are paired on the Playoffs screen; their results are entered on the Results screen, like every round’s.';

/**
 * Each player's points before round `round` was played (what pairings print beside a name; core
 * computes and caches them), 0 for a player the standings could not give any.
 */
export function pointsBefore(state: EventState, round: number): ReadonlyMap<PlayerId, number> {
  const points = pointsBeforeRound(state, round);
  if (state.players.every((p) => points.has(p.id))) return points;
  return new Map([...state.players.map((p) => [p.id, 0] as const), ...points]);
}

/** Points now (all results entered so far). */
export function pointsNow(state: EventState): ReadonlyMap<PlayerId, number> {
  return pointsBefore(state, Number.MAX_SAFE_INTEGER);
}

/** A result in words, as the rule set writes it ("Ana Archer wins 2–1", "Draw (excluded: Bo)", "Cy wins · VP …"), names isolated. */
export function describeResult(state: EventState, table: Table): string {
  if (table.result === undefined) return '';
  return getRuleset(state.ruleset).presentation.results.describe(table, table.result, nameIn(state));
}

/** "Round 3" / "Playoff round 5". */
export function roundLabel(round: Round | undefined, number?: number): string {
  if (!round) return `Round ${number ?? ''}`.trim();
  return `${round.stage === 'playoff' ? 'Playoff round' : 'Round'} ${round.number}`;
}

/** Where each player sits in a round: table and 1-based seat. */
export function seatIndex(round: Pick<Round, 'tables'>): Map<PlayerId, { table: number; seat: number }> {
  const out = new Map<PlayerId, { table: number; seat: number }>();
  for (const t of round.tables) t.seats.forEach((id, i) => out.set(id, { table: t.table, seat: i + 1 }));
  return out;
}

/** Each player's group, where the event is played in groups (the rule set says: Lightseekers large). */
export function groupsOf(state: EventState, proposal?: PairingProposal): Map<PlayerId, number> | undefined {
  if (!getRuleset(state.ruleset).presentation.groups) return undefined;
  const out = new Map<PlayerId, number>();
  for (const p of state.players) if (p.group !== undefined) out.set(p.id, p.group);
  proposal?.groups?.forEach((members, i) => members.forEach((id) => out.set(id, i + 1)));
  return out;
}
