/**
 * What the Pairings and Results screens both need to say about people and tables: names that tell
 * two people apart, the points each player had when a round was paired, and a result in words.
 * Pure functions of the pushed state (cached per state, so re-renders stay cheap).
 */
import type { EventState, PairingProposal, Player, PlayerId, Round, Table } from '../../../core/model/types.js';
import { pointsBeforeRound } from '../../../core/event/points-before.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { distinguishedNames } from '../../../core/documents/names.js';
import { isolate } from '../../lib/format.js';
import { foldForSearch } from '../../../core/text/fold.js';

/**
 * Where a playoff round's work is done, said the same on the Pairings and Playoffs screens: paired
 * (published) on Playoffs, results typed on Results like every other round.
 */
export const PLAYOFF_WORK_PLACES = 'Playoff rounds are paired on the Playoffs screen; their results are entered on the Results screen, like every round’s.';

const namesCache = new WeakMap<readonly Player[], Map<PlayerId, string>>();

/**
 * Display names by id: the registered name, with the note (or the id) added when two players
 * share a name — never merged silently (UX.md "Names are people's names"). The one rule of
 * core/documents/names.ts (distinguishedNames), cached per players list.
 */
export function displayNames(state: EventState): Map<PlayerId, string> {
  const cached = namesCache.get(state.players);
  if (cached) return cached;
  const names = distinguishedNames(state.players);
  namesCache.set(state.players, names);
  return names;
}

const playersCache = new WeakMap<readonly Player[], Map<PlayerId, Player>>();

export function playersById(state: EventState): Map<PlayerId, Player> {
  let map = playersCache.get(state.players);
  if (!map) playersCache.set(state.players, (map = new Map(state.players.map((p) => [p.id, p]))));
  return map;
}

/** A player's display name as written inside a sentence: isolated (lib/format.ts isolate). */
export function nameIn(state: EventState): (id: PlayerId) => string {
  const names = displayNames(state);
  return (id) => isolate(names.get(id) ?? id);
}

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

/** Lower-case, accents removed: "Ñúñez" matches "nunez", "Sørensen" "soren" (core/text/fold.ts). */
export function searchKey(text: string): string {
  return foldForSearch(text);
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
