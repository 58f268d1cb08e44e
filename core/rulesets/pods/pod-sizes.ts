/**
 * Pod sizes (MSTR / MAMTR 10.4A; RULES 2 "Pairing"): how many pods of which size a count of players
 * makes. Pairing seats them (pairing.ts); App. E counts the smaller pods (recommended-rounds.ts).
 */
import { fail } from '../../model/errors.js';

/**
 * The pod sizes for `count` players and standard pod size `podSize` (RULES 2 "Pairing", 10.4A),
 * largest first:
 * 1. all pods of n when n divides the count;
 * 2. otherwise the fewest smaller pods, each exactly one smaller (n − 1): b pods of n − 1 and
 *    a pods of n with a·n + b·(n − 1) = count, b = (−count) mod n — e.g. n = 4: 23 → 5×4 + 3,
 *    22 → 4×4 + 2×3, 21 → 3×4 + 3×3, 3 → 3, 6 → 3 + 3;
 * 3. where no split into pods of n and n − 1 exists (n = 4: 5; n = 5: 3, 6, 7, 11; n = 3: every
 *    count that is not a multiple of 3, since a pod of 2 is never made), RULES 2's **Decision**:
 *    the split that "minimises the difference in pod size towards the norm" — see `closestSplit`;
 *    never a pod of fewer than 3 players, and a pod one larger than n only there.
 * 0 players: no pods. 2 players: one pod of 2, the only table they can sit at (the one pod under 3).
 * 1 player, a negative or fractional count, or a pod size below 2: PodiumError('invalid-input').
 */
export function podSizes(count: number, podSize: number): number[] {
  if (!Number.isInteger(podSize) || podSize < 2) fail('invalid-input', `pod size ${podSize}: pods seat at least 2 players`);
  if (!Number.isInteger(count) || count < 0) fail('invalid-input', `${count} players cannot be split into pods`);
  if (count === 0) return [];
  if (count === 1) fail('invalid-input', '1 player cannot make a pod: a pod needs at least 2 players');
  if (count < MIN_POD) return [count];
  const n = podSize;
  const norm = normSplit(count, n);
  return norm ?? closestSplit(count, n);
}

/** RULES 2: never a pod of fewer than 3 players. */
const MIN_POD = 3;

/** The sizes rules 1–2 allow: n, and n − 1 where that is not below the smallest pod. */
function normSizes(n: number): number[] {
  return n - 1 >= Math.min(MIN_POD, n) ? [n, n - 1] : [n];
}

/** Rules 1–2 of `podSizes`: pods of n and the fewest of n − 1, or null when no such split exists. */
function normSplit(count: number, n: number): number[] | null {
  if (count % n === 0) return new Array<number>(count / n).fill(n);
  if (normSizes(n).length < 2) return null;
  const smaller = (n - (count % n)) % n;
  const full = (count - smaller * (n - 1)) / n;
  if (full < 0) return null;
  return [...new Array<number>(full).fill(n), ...new Array<number>(smaller).fill(n - 1)];
}

/**
 * Rule 3 of `podSizes`, RULES 2's Decision: among the splits into pods of 3 to n + 1 players, the
 * one closest to the norm — first the fewest pods off size (neither n nor n − 1), then no pod
 * larger than n where the same number of pods off size allows it, then the smallest largest
 * difference from n, then the fewest pods. This is the reading that gives every example of RULES
 * 2: n = 4: 5 → one pod of 5; n = 5: 6 → one pod of 6 (one pod off size, not two pods of 3),
 * 7 → 4 + 3, 11 → 4 + 4 + 3 (one pod off size either way, and no larger pod rather than 6 + 5);
 * n = 3: 4 → one pod of 4, 7 → 4 + 3, 11 → 4 + 4 + 3. A few pods off size always suffice, so the
 * search tries up to n of each off size and fills the rest with rules 1–2. Where no such split
 * exists at all (5 players in pods of 3) the players make one pod: never a pod under 3.
 */
function closestSplit(count: number, n: number): number[] {
  const normal = normSizes(n);
  const off: number[] = [];
  for (let size = n + 1; size >= Math.min(MIN_POD, n); size--) if (!normal.includes(size)) off.push(size);
  const key = (sizes: number[]): number[] => [
    sizes.filter((s) => !normal.includes(s)).length,
    sizes.filter((s) => s > n).length,
    Math.max(...sizes.map((s) => Math.abs(s - n))),
    sizes.length,
  ];
  const better = (a: number[], b: number[]): boolean => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (ka[i] as number) < (kb[i] as number);
    return false;
  };
  let best: number[] | undefined;
  const counts = new Array<number>(off.length).fill(0);
  const walk = (index: number, left: number): void => {
    if (index === off.length) {
      const rest = left === 0 ? [] : normSplit(left, n);
      if (rest === null) return;
      const sizes = [...off.flatMap((size, i) => new Array<number>(counts[i] as number).fill(size)), ...rest];
      if (sizes.length > 0 && (!best || better(sizes, best))) best = sizes;
      return;
    }
    const size = off[index] as number;
    for (let k = 0; k <= n && k * size <= left; k++) {
      counts[index] = k;
      walk(index + 1, left - k * size);
    }
    counts[index] = 0;
  };
  walk(0, count);
  return (best ?? [count]).sort((a, b) => b - a);
}
