/**
 * Plausible random `mtr` match results, for `simulate` and tests (seeded, never used to decide a
 * real event). Team events (MTR 8) are not simulated yet.
 */
import { fail } from '../../model/errors.js';
import type { HeadToHeadResult, Settings, Table, TableResult } from '../../model/types.js';
import type { Rng } from '../../random/rng.js';

/**
 * An MTR match result {games: [seat 1 wins, seat 2 wins, drawn games]} (RULES 1 "Match structure"):
 * mostly a winner reaching gamesToWin, sometimes with a drawn game; about 1 in 25 a drawn match
 * (time called with equal wins, e.g. 1-1-1); about 1 in 60 an intentional draw reported 0-0-3.
 */
export function headToHeadResult(gamesToWin: number, rng: Rng): HeadToHeadResult {
  const roll = rng.int(0, 999);
  if (roll < 16) return { games: [0, 0, 3] };
  if (roll < 56) {
    const wins = gamesToWin > 1 ? rng.int(0, gamesToWin - 1) : 0;
    const drawn = wins === 0 ? 1 : rng.int(0, 1);
    return { games: [wins, wins, drawn] };
  }
  const loserWins = rng.int(0, gamesToWin - 1);
  const drawn = rng.int(0, 19) === 0 ? 1 : 0;
  return rng.int(0, 1) === 0 ? { games: [gamesToWin, loserWins, drawn] } : { games: [loserWins, gamesToWin, drawn] };
}

/** The `Ruleset.randomResults` of `mtr`: individual (and Two-Headed Giant) matches only. */
export function mtrRandomResults(settings: Settings): (table: Table, rng: Rng) => TableResult {
  if (settings.teamSize !== 1) fail('invalid-settings', 'simulate does not support team events yet');
  return (_table, rng) => headToHeadResult(settings.gamesToWin, rng);
}
