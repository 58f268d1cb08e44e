/**
 * A brute-force reference for pod pairing (core/pairing/pods.ts, RULES 2 "Pairing"): the exact
 * lexicographic minimum of [repeats, second smaller pods] over EVERY way to split a small field into
 * pods of the given sizes. Written independently of the optimiser (no shared cost code).
 *
 *   - repeats: pairs of players seated together who have met before (a pair met twice counts once);
 *   - second smaller pods: players with an earlier smaller pod seated in a pod smaller than n again
 *     (counted only when `limitSmallerPods`, as MAMTR 10.4A asks).
 *
 * Enumeration: pods are filled in order; the members of a pod are chosen as an increasing set of
 * indices, and of consecutive pods of the same size the later one must start with a higher index
 * than the earlier one (pods of equal size are interchangeable). 12 players in pods of 3 is 15,400
 * partitions, so everything up to MAX_BRUTE_FORCE_PLAYERS takes milliseconds.
 */

export const MAX_BRUTE_FORCE_PLAYERS = 12;

export interface PodField {
  ids: readonly string[];
  sizes: readonly number[];
  /** The standard pod size n (a pod below it is a smaller pod). */
  podSize: number;
  met: (a: string, b: string) => boolean;
  /** Smaller pods each player sat in before. */
  smallerBefore: (id: string) => number;
  limitSmallerPods: boolean;
}

export interface PodScore {
  repeats: number;
  secondSmaller: number;
}

/** The score of one arrangement (pods as lists of ids). */
export function scorePods(field: Omit<PodField, 'ids' | 'sizes'>, pods: readonly (readonly string[])[]): PodScore {
  let repeats = 0;
  let secondSmaller = 0;
  for (const pod of pods) {
    for (let x = 0; x < pod.length; x++)
      for (let y = x + 1; y < pod.length; y++) if (field.met(pod[x] as string, pod[y] as string)) repeats++;
    if (field.limitSmallerPods && pod.length < field.podSize)
      for (const id of pod) if (field.smallerBefore(id) > 0) secondSmaller++;
  }
  return { repeats, secondSmaller };
}

/** The best score any arrangement reaches, and how many arrangements there are. */
export function bruteForcePods(field: PodField): PodScore & { arrangements: number } {
  const n = field.ids.length;
  if (n > MAX_BRUTE_FORCE_PLAYERS) throw new Error(`brute force is for at most ${MAX_BRUTE_FORCE_PLAYERS} players, not ${n}`);
  if (field.sizes.reduce((a, b) => a + b, 0) !== n) throw new Error('pod sizes do not add up to the field');
  const metM = field.ids.map((a) => field.ids.map((b) => a !== b && field.met(a, b)));
  const veteran = field.ids.map((id) => field.limitSmallerPods && field.smallerBefore(id) > 0);
  const used = new Array<boolean>(n).fill(false);
  let best: PodScore = { repeats: Infinity, secondSmaller: Infinity };
  let arrangements = 0;
  const pods: number[][] = field.sizes.map(() => []);

  const better = (a: PodScore, b: PodScore): boolean => a.repeats < b.repeats || (a.repeats === b.repeats && a.secondSmaller < b.secondSmaller);

  const fill = (pod: number, repeats: number, secondSmaller: number): void => {
    if (pod === field.sizes.length) {
      arrangements++;
      const score = { repeats, secondSmaller };
      if (better(score, best)) best = score;
      return;
    }
    const size = field.sizes[pod] as number;
    const members = pods[pod] as number[];
    if (members.length === size) {
      fill(pod + 1, repeats, secondSmaller);
      return;
    }
    const smaller = size < field.podSize;
    let start = members.length > 0 ? (members[members.length - 1] as number) + 1 : 0;
    if (members.length === 0 && pod > 0 && field.sizes[pod - 1] === size) start = Math.max(start, ((pods[pod - 1] as number[])[0] as number) + 1);
    for (let i = start; i < n; i++) {
      if (used[i]) continue;
      let added = 0;
      for (const j of members) if ((metM[i] as boolean[])[j]) added++;
      used[i] = true;
      members.push(i);
      fill(pod, repeats + added, secondSmaller + (smaller && veteran[i] ? 1 : 0));
      members.pop();
      used[i] = false;
    }
  };
  fill(0, 0, 0);
  return { ...best, arrangements };
}

/**
 * RULES 2 "Pod sizes" for `count` players in pods of n, written out independently of
 * core/rulesets/pods/timing.ts, largest first: all pods of n where the count allows; otherwise the
 * fewest smaller pods, each one smaller (n = 4: 23 → 5×4 + 3, 22 → 4×4 + 2×3). Counts that pods of n
 * and n − 1 cannot make take timing.ts's documented Decision (RULES: 5 → one pod of 5 for n = 4);
 * from 5 players up these are only the ones listed in `special`.
 */
export function expectedPodSizes(count: number, n: number): number[] {
  const special: Record<string, number[]> = { '4:5': [5], '5:6': [6], '5:7': [4, 3], '5:11': [6, 5] };
  const fixed = special[`${n}:${count}`];
  if (fixed) return fixed;
  if (count < 5) throw new Error('expectedPodSizes is written for 5 players or more');
  if (count % n === 0) return new Array<number>(count / n).fill(n);
  const smaller = n - (count % n);
  const full = (count - smaller * (n - 1)) / n;
  return [...new Array<number>(full).fill(n), ...new Array<number>(smaller).fill(n - 1)];
}
