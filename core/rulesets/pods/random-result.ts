/**
 * Plausible random pod results, for `simulate` and tests (seeded, never used to decide a real
 * event), in the forms of the conformance README (RULES 2 "Match results").
 */
import type { PodResult, Settings, Table, TableResult } from '../../model/types.js';
import type { Rng } from '../../random/rng.js';

/**
 * Mostly `{ winner }` (a random seat; about 1 in 40 with a loser who conceded in `excluded`); about
 * 1 in 25 `{ draw: true }` (time ran out; a third of them with one player excluded — conceded or a
 * match loss); about 1 in 12 a `{ games: [...] }` list: games until someone reaches `gamesToWin`,
 * each won by a random seat or (1 in 8) drawn, at most 2 · gamesToWin + 1 games (time), so a list
 * can also end without a single leader, which is a drawn match.
 */
export function podResult(table: Table, gamesToWin: number, rng: Rng): PodResult {
  const seats = table.seats;
  const pick = (): string => seats[rng.int(0, seats.length - 1)] as string;
  const roll = rng.int(0, 999);
  if (roll < 40) {
    if (seats.length > 2 && rng.int(0, 2) === 0) return { draw: true, excluded: [pick()] };
    return { draw: true };
  }
  if (roll < 120) {
    const wins = new Map<string, number>();
    const games: (string | 'draw')[] = [];
    const limit = 2 * gamesToWin + 1;
    while (games.length < limit) {
      if (rng.int(0, 7) === 0) {
        games.push('draw');
        continue;
      }
      const winner = pick();
      games.push(winner);
      const count = (wins.get(winner) ?? 0) + 1;
      wins.set(winner, count);
      if (count >= gamesToWin) break;
    }
    return { games };
  }
  const winner = pick();
  if (seats.length > 2 && rng.int(0, 39) === 0) {
    const losers = seats.filter((id) => id !== winner);
    return { winner, excluded: [losers[rng.int(0, losers.length - 1)] as string] };
  }
  return { winner };
}

/** The `Ruleset.randomResults` of both pod documents. */
export function podRandomResults(settings: Settings): (table: Table, rng: Rng) => TableResult {
  return (table, rng) => podResult(table, settings.gamesToWin, rng);
}
