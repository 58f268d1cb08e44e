/** The exact optimum for small fields (pods.ts "THE SEARCH"): dynamic programming over subsets. */
import { compareTerms } from './objective.js';
import type { PodState } from './state.js';

/**
 * Exhaustive search over every arrangement of a small field (at most EXHAUSTIVE_LIMIT players),
 * exact for the whole objective. Pods are filled in order (pod 0 first), so the players still to
 * seat decide which pod comes next, and the best completion of a set of unseated players is
 * computed once (a table over the 2^n subsets). Every choice of members for the next pod is
 * tried: pods of different sizes and levels are not interchangeable.
 */
export function exhaustive(state: PodState): void {
  const n = state.n;
  if (n > 20) throw new Error('exhaustive pod search is for small fields only');
  const sizes = state.sizes;
  const podAt = new Int32Array(n + 1).fill(-1);
  let offset = 0;
  sizes.forEach((size, pod) => {
    podAt[offset] = pod;
    offset += size;
  });
  const metMask = state.met.map((set) => {
    let mask = 0;
    for (const j of set) mask |= 1 << j;
    return mask;
  });
  let veterans = 0;
  for (let i = 0; i < n; i++) if (state.veteran[i]) veterans |= 1 << i;
  // The terms as one exact number: each base exceeds the largest total of the terms below it.
  const pods = sizes.length;
  const range = n > 0 ? (Math.max(...state.scaled) - Math.min(...state.scaled)) : 0;
  // Term 4 totals at most n(pods − 1), term 3 (scaled) n · range², term 2 n.
  const baseP = n * pods + 1;
  const baseS = (n * range * range + 1) * baseP;
  const baseR = (n + 1) * baseS;
  const full = (1 << n) - 1;
  const best = new Float64Array(1 << n).fill(Number.NaN);
  const choice = new Int32Array(1 << n);

  // Term 5 of each (pod, player), looked up in the inner loop.
  const distTo = Array.from({ length: sizes.length }, (_, pod) => Int32Array.from({ length: n }, (_, i) => state.dist(state.value[i] as number, pod)));
  // A pod's cost depends on the pod and its members only: computed once per pair (a member set
  // comes up again under every mask that leaves it free).
  const known = sizes.map(() => new Float64Array(0));
  const cost = (pod: number, set: number, members: readonly number[]): number => {
    let memo = known[pod] as Float64Array;
    if (memo.length === 0) known[pod] = memo = new Float64Array(1 << n).fill(-1);
    const seen = memo[set] as number;
    if (seen >= 0) return seen;
    memo[set] = podCost(pod, set, members);
    return memo[set] as number;
  };
  const podCost = (pod: number, set: number, members: readonly number[]): number => {
    let repeats = 0;
    let podsMoved = 0;
    let points = 0;
    const dist = distTo[pod] as Int32Array;
    for (const i of members) {
      repeats += popcount((metMask[i] as number) & set);
      podsMoved += dist[i] as number;
      points += state.cost(i, pod);
    }
    const smallerRepeats = state.smaller[pod] ? popcount(veterans & set) : 0;
    return baseR * (repeats / 2) + baseS * smallerRepeats + baseP * points + podsMoved;
  };

  const solve = (mask: number): number => {
    if (mask === 0) return 0;
    const known = best[mask] as number;
    if (!Number.isNaN(known)) return known;
    const pod = podAt[n - popcount(mask)] as number;
    const size = sizes[pod] as number;
    const free: number[] = [];
    for (let i = 0; i < n; i++) if (mask & (1 << i)) free.push(i);
    let bestCost = Infinity;
    let bestSet = 0;
    const members: number[] = [];
    const choose = (from: number, set: number): void => {
      if (members.length === size) {
        const total = cost(pod, set, members) + solve(mask & ~set);
        if (total < bestCost) {
          bestCost = total;
          bestSet = set;
        }
        return;
      }
      for (let x = from; x <= free.length - (size - members.length); x++) {
        const i = free[x] as number;
        members.push(i);
        choose(x + 1, set | (1 << i));
        members.pop();
      }
    };
    choose(0, 0);
    best[mask] = bestCost;
    choice[mask] = bestSet;
    return bestCost;
  };

  solve(full);
  // Keep the arrangement it has when that is as good (a clean fill, say).
  const found = state.total.slice();
  const kept = state.snapshot();
  state.arrange(chosenPods(choice, n, sizes.length));
  if (compareTerms(state.total, undefined, found) >= 0) state.arrange(kept);
}

/** The pods the search chose, in order: from all `n` players, each set's chosen next pod. */
function chosenPods(choice: Int32Array, n: number, pods: number): number[][] {
  const members: number[][] = [];
  let mask = (1 << n) - 1;
  for (let pod = 0; pod < pods; pod++) {
    const set = choice[mask] as number;
    const list: number[] = [];
    for (let i = 0; i < n; i++) if (set & (1 << i)) list.push(i);
    members.push(list);
    mask &= ~set;
  }
  return members;
}

/** Set bits of a 32-bit integer. */
function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
