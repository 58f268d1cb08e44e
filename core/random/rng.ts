/**
 * The seeded generator every random choice goes through (RULES 4): round-1 pairings, seats, bye
 * draws, registration draws. Same seed, same event.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface Rng {
  /** Integer in [from, to], both included. */
  int(from: number, to: number): number;
  /** A new 31-bit seed, for recording with an outcome. */
  seed(): number;
  /** Fisher–Yates shuffle of a copy. */
  shuffle<T>(items: readonly T[]): T[];
}

export function createRng(seed: number): Rng {
  const generator = xoroshiro128plus(seed | 0);
  const rng: Rng = {
    int: (from, to) => uniformInt(generator, from, to),
    seed: () => uniformInt(generator, 0, 0x7fffffff),
    shuffle<T>(items: readonly T[]): T[] {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = uniformInt(generator, 0, i);
        const t = out[i] as T;
        out[i] = out[j] as T;
        out[j] = t;
      }
      return out;
    },
  };
  return rng;
}

/** Derive a seed for a sub-task (round r of an event seeded s) without consuming another stream. */
export function deriveSeed(base: number, ...parts: number[]): number {
  let h = (base | 0) ^ 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h & 0x7fffffff;
}
