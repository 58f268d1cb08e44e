/**
 * A plausible random Lightseekers game result, for `simulate` and tests (seeded, never used to decide
 * a real event): each player 0–10 VP (low scores likelier, so ties happen); a random number of players
 * (none to all but one) defeated in a random order; the scorekeeper's pick of `winner` — and of
 * `runnerUp` — drawn among the tied players exactly where the rules leave a tie, so every result is
 * one `validateLightseekersResult` accepts and every final can be cut from it.
 */
import type { LightseekersResult, PlayerId, Table, TableResult } from '../../model/types.js';
import type { Rng } from '../../random/rng.js';
import { leaders } from './results.js';

export function randomLightseekersResult(seats: readonly PlayerId[], rng: Rng): LightseekersResult {
  const vp: Record<PlayerId, number> = {};
  for (const id of seats) vp[id] = Math.min(rng.int(0, 10), rng.int(0, 10));
  const defeated = rng.shuffle(seats).slice(0, rng.int(0, Math.max(0, seats.length - 1)));
  const result: LightseekersResult = { vp, defeated };
  const tied = leaders(vp, defeated, seats);
  const winner = tied[rng.int(0, tied.length - 1)] as PlayerId;
  if (tied.length > 1) result.winner = winner;
  const second = leaders(vp, defeated, seats.filter((id) => id !== winner));
  if (second.length > 1) result.runnerUp = second[rng.int(0, second.length - 1)] as PlayerId;
  return result;
}

/** The `Ruleset.randomResults` of the Lightseekers structures. */
export function lightseekersRandomResults(): (table: Table, rng: Rng) => TableResult {
  return (table, rng) => randomLightseekersResult(table.seats, rng);
}
