/**
 * Lightseekers game results (RULES.md section 3; conformance README "Result forms"):
 * `{ vp: { id: points, ... }, defeated: [ids in the order they were defeated], winner?: id,
 * runnerUp?: id }`.
 *
 * - `vp`: every player at the table, and nobody else, with a whole number of Victory Points, 0 or more.
 * - `defeated`: players at the table in the order they were defeated (first defeated first), each at
 *   most once; players not listed were still standing at the end.
 * - Game winner: the most VP; a VP tie goes to the player left standing longest among the tied (a
 *   player still standing outlasts every defeated one; of two defeated, the later one). **Decision
 *   (RULES 3):** if still tied — two or more players with the most VP still standing — the
 *   scorekeeper picks the winner at entry: the result must then name `winner`, one of the tied; the
 *   engine never guesses. A `winner` where nothing is tied must be the player the rules make winner.
 * - Runner-up: the most VP among the others, a tie going to the last standing (RULES 3). **Decision:**
 *   a runner-up still tied after that is the scorekeeper's pick too (`runnerUp`, optional at entry):
 *   where a runner-up advances (casual tables sending two to the final, large-event group finals)
 *   and none is picked, the cut asks for it.
 * - Longevity (competitive tiebreaker): in each game one point for every player defeated before the
 *   player — the k-th defeated scores k − 1, a player still standing scores the number defeated.
 */
import { fail } from '../../model/errors.js';
import type { LightseekersResult, PlayerId, Table, TableResult } from '../../model/types.js';
import { andList, pluralWord } from '../../text/format.js';
import type { ResultContext } from '../ruleset.js';

export const LIGHTSEEKERS_RESULT_SHAPE =
  '{ vp: { id: VP, ... }, defeated: [ids in the order they were defeated], winner?: id }';

const ALLOWED_KEYS = ['vp', 'defeated', 'winner', 'runnerUp'];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? String(value);
}

/** Narrow a stored table result to the Lightseekers form (for code reading a state). */
export function isLightseekersResult(result: TableResult | undefined): result is LightseekersResult {
  return isPlainObject(result) && isPlainObject((result as Record<string, unknown>).vp) && Array.isArray((result as Record<string, unknown>).defeated);
}

/** How long a player lasted: the k-th defeated (1-based) scores k − 1; still standing: the number defeated. */
export function longevityOf(defeated: readonly PlayerId[], id: PlayerId): number {
  const index = defeated.indexOf(id);
  return index >= 0 ? index : defeated.length;
}

/**
 * The players of `pool` ahead of the rest by VP, then by lasting longest: one player, or several
 * still tied (several players with the most VP, all still standing).
 */
export function leaders(vp: Readonly<Record<PlayerId, number>>, defeated: readonly PlayerId[], pool: readonly PlayerId[]): PlayerId[] {
  if (pool.length === 0) return [];
  const best = Math.max(...pool.map((id) => vp[id] ?? 0));
  const top = pool.filter((id) => (vp[id] ?? 0) === best);
  const longest = Math.max(...top.map((id) => longevityOf(defeated, id)));
  return top.filter((id) => longevityOf(defeated, id) === longest);
}

export interface GameOutcome {
  winner: PlayerId;
  /** The runner-up; null at a table of one, or when still tied and nobody was picked. */
  runnerUp: PlayerId | null;
  /** Players still tied for runner-up when no `runnerUp` pick resolves it (else empty). */
  runnerUpTied: PlayerId[];
  /** Longevity points of each player in this game. */
  longevity: Map<PlayerId, number>;
  /**
   * Everyone in finishing order: the winner, the runner-up (or the players tied for it, in seat
   * order), then by VP and lasting longest; remaining ties in seat order.
   */
  order: PlayerId[];
}

/** The outcome of a validated result at a table seating `seats`. */
export function gameOutcome(result: LightseekersResult, seats: readonly PlayerId[]): GameOutcome {
  const { vp, defeated } = result;
  const longevity = new Map(seats.map((id) => [id, longevityOf(defeated, id)]));
  const tied = leaders(vp, defeated, seats);
  const winner = tied.length === 1 ? (tied[0] as PlayerId) : result.winner;
  if (winner === undefined || !tied.includes(winner))
    fail('invalid-result', `${tied.join(', ')} are tied for the win: the scorekeeper must pick the winner`);
  const others = seats.filter((id) => id !== winner);
  const second = leaders(vp, defeated, others);
  let runnerUp: PlayerId | null = null;
  let runnerUpTied: PlayerId[] = [];
  if (second.length === 1) runnerUp = second[0] as PlayerId;
  else if (second.length > 1) {
    if (result.runnerUp !== undefined && second.includes(result.runnerUp)) runnerUp = result.runnerUp;
    else runnerUpTied = second;
  }
  const placed = runnerUp !== null ? [winner, runnerUp] : [winner, ...runnerUpTied];
  const rest = seats
    .filter((id) => !placed.includes(id))
    .map((id, index) => ({ id, index }))
    .sort((a, b) => (vp[b.id] ?? 0) - (vp[a.id] ?? 0) || (longevity.get(b.id) ?? 0) - (longevity.get(a.id) ?? 0) || a.index - b.index)
    .map((x) => x.id);
  return { winner, runnerUp, runnerUpTied, longevity, order: [...placed, ...rest] };
}

/**
 * Who won a table (Ruleset.tableWinner): the most VP, a tie going to the last standing, else the
 * winner the scorekeeper picked; undefined without a result or while the tie is unpicked.
 */
export function lightseekersTableWinner(table: Table): PlayerId | undefined {
  const result = table.result;
  if (!isLightseekersResult(result)) return undefined;
  const tied = leaders(result.vp, result.defeated, table.seats);
  if (tied.length === 1) return tied[0];
  return result.winner !== undefined && tied.includes(result.winner) ? result.winner : undefined;
}

/** Everyone at a table by their finish at it (Ruleset.finishingOrder: RULES 3); undefined without a decided result. */
export function lightseekersFinishingOrder(table: Table): PlayerId[] | undefined {
  const result = table.result;
  if (!isLightseekersResult(result)) return undefined;
  try {
    return gameOutcome(result, table.seats).order;
  } catch {
    return undefined;
  }
}

export function validateLightseekersResult(table: Table, result: unknown, context: ResultContext): LightseekersResult {
  const { nameOf } = context;
  const seats = table.seats;
  const seated = new Set(seats);
  const bad = (message: string): never => fail('invalid-result', `table ${table.table}: ${message}`);
  const seatedNames = seats.map(nameOf).join(', ');
  const seatedPlayer = (value: unknown, role: string): PlayerId => {
    if (typeof value !== 'string' || value.length === 0) return bad(`${role} must be a player id, not ${show(value)}`);
    if (!seated.has(value)) return bad(`${nameOf(value)} is not at this table (it seats ${seatedNames})`);
    return value;
  };

  if (!isPlainObject(result)) return bad(`a Lightseekers result is ${LIGHTSEEKERS_RESULT_SHAPE}`);
  const unknown = Object.keys(result).filter((k) => !ALLOWED_KEYS.includes(k));
  if (unknown.length > 0)
    bad(`unknown ${pluralWord(unknown.length, 'field', 'fields')} ${unknown.map((k) => `"${k}"`).join(', ')} in the result; a Lightseekers result is ${LIGHTSEEKERS_RESULT_SHAPE}`);

  // Victory Points: every seated player, nobody else, whole numbers of 0 or more.
  if (!('vp' in result)) bad(`the result has no "vp": give each player's Victory Points, ${LIGHTSEEKERS_RESULT_SHAPE}`);
  const rawVp = result.vp;
  if (!isPlainObject(rawVp)) return bad(`"vp" must map each player's id to their Victory Points, not ${show(rawVp)}`);
  for (const [id, value] of Object.entries(rawVp)) {
    if (!seated.has(id)) bad(`the result gives VP to ${nameOf(id)}, who is not at this table (it seats ${seatedNames})`);
    if (typeof value !== 'number' || !Number.isFinite(value)) bad(`${nameOf(id)}'s VP must be a number, not ${show(value)}`);
    if ((value as number) < 0) bad(`${nameOf(id)} has negative VP (${show(value)}): Victory Points are 0 or more`);
    if (!Number.isInteger(value)) bad(`${nameOf(id)}'s VP must be a whole number, not ${show(value)}`);
  }
  const missing = seats.filter((id) => !(id in rawVp));
  if (missing.length > 0)
    bad(`no VP for ${andList(missing.map(nameOf))}: give every player at the table their Victory Points (0 if none)`);
  const vp: Record<PlayerId, number> = {};
  for (const id of seats) vp[id] = rawVp[id] as number;

  // The defeat order: players at the table, each once.
  if (!('defeated' in result)) bad('the result has no "defeated": list the players in the order they were defeated ([] if nobody was)');
  const rawDefeated = result.defeated;
  if (!Array.isArray(rawDefeated)) return bad(`"defeated" must list the players in the order they were defeated, not ${show(rawDefeated)}`);
  const defeated: PlayerId[] = [];
  for (const value of rawDefeated as unknown[]) {
    const id = seatedPlayer(value, 'each defeated player');
    if (defeated.includes(id)) bad(`${nameOf(id)} is listed twice in the defeat order: a player is defeated once`);
    defeated.push(id);
  }

  // The winner: named only where VP and last-standing leave a tie (then it must be).
  const tied = leaders(vp, defeated, seats);
  const normalised: LightseekersResult = { vp, defeated };
  const names = (ids: readonly PlayerId[]) => andList(ids.map(nameOf));
  let winner: PlayerId;
  if ('winner' in result && result.winner !== undefined) {
    winner = seatedPlayer(result.winner, '"winner"');
    if (!tied.includes(winner)) {
      if (tied.length > 1) bad(`${nameOf(winner)} cannot be the winner: the win is tied between ${names(tied)}, so the pick must be one of them`);
      bad(`${nameOf(winner)} cannot be the winner: ${whyAhead(tied[0] as PlayerId, winner, vp, defeated, nameOf)}`);
    }
    normalised.winner = winner;
  } else {
    if (tied.length > 1)
      bad(`${names(tied)} are tied for the win (${vp[tied[0] as PlayerId]} VP each, all still standing): the scorekeeper must pick the winner among them ("winner")`);
    winner = tied[0] as PlayerId;
  }

  // The runner-up pick: optional, and only among players still tied for it.
  if ('runnerUp' in result && result.runnerUp !== undefined) {
    const runnerUp = seatedPlayer(result.runnerUp, '"runnerUp"');
    if (runnerUp === winner) bad(`${nameOf(runnerUp)} is the winner, so cannot also be the runner-up`);
    const second = leaders(vp, defeated, seats.filter((id) => id !== winner));
    if (!second.includes(runnerUp)) {
      if (second.length > 1) bad(`${nameOf(runnerUp)} cannot be the runner-up: it is tied between ${names(second)}, so the pick must be one of them`);
      bad(`${nameOf(runnerUp)} cannot be the runner-up: ${whyAhead(second[0] as PlayerId, runnerUp, vp, defeated, nameOf)}`);
    }
    normalised.runnerUp = runnerUp;
  }
  return normalised;
}

/** Why `ahead` places before `behind` ("A has more VP (7 to 5)" / "... lasted longer"). */
function whyAhead(
  ahead: PlayerId,
  behind: PlayerId,
  vp: Readonly<Record<PlayerId, number>>,
  defeated: readonly PlayerId[],
  nameOf: (id: PlayerId) => string,
): string {
  const a = vp[ahead] ?? 0;
  const b = vp[behind] ?? 0;
  if (a !== b) return `${nameOf(ahead)} has more VP (${a} to ${b})`;
  return `${nameOf(ahead)} has as many VP (${a}) and was left standing longer`;
}
