/**
 * The procedure of 10.4A as RULES 2 reads it: the top-to-bottom pass that skips, then swaps with
 * the nearest pods. It is the pairing the rules describe, and the arrangement the optimiser starts
 * from and never ends worse than (pods.ts).
 */
import { MAX_PASSES } from './budgets.js';
import type { PodState } from './state.js';

/**
 * The pass: pods from the top, each taking the highest-ranked players still unseated who met
 * nobody already in it (and, where smaller pods are limited, who would not sit in a second smaller
 * pod). A pod the remaining players cannot fill that way takes the highest-ranked of them anyway:
 * those are the players "left in a clash" for the swaps. Players are indexes in standings order.
 */
export function topToBottomPass(state: PodState): number[][] {
  let left = Array.from({ length: state.n }, (_, i) => i);
  return state.sizes.map((size, pod) => {
    const members: number[] = [];
    const taken = new Uint8Array(left.length);
    for (let x = 0; x < left.length && members.length < size; x++) {
      const i = left[x] as number;
      if (state.smaller[pod] && state.veteran[i]) continue;
      const seen = state.met[i] as Set<number>;
      if (members.some((m) => seen.has(m))) continue;
      members.push(i);
      taken[x] = 1;
    }
    for (let x = 0; x < left.length && members.length < size; x++)
      if (!taken[x]) {
        members.push(left[x] as number);
        taken[x] = 1;
      }
    left = left.filter((_, x) => !taken[x]);
    return members;
  });
}

/**
 * The swaps: top pod first, each player left in a clash — the lower-ranked of two players who met
 * before, or (smaller pods limited) a player in a second smaller pod — is swapped with a player of
 * the nearest pod that fits: after the swap neither sits with anyone met nor in a second smaller
 * pod. Among the pods at that distance, the partner nearest in points; then the pod above (paired
 * up) before the pod below. A player in a second smaller pod looks up first (10.4A: "pair a Player
 * in that condition in a pod higher in the standings"). Repeated while a pass moves anyone.
 */
export function nearestSwaps(state: PodState): void {
  const pods = state.sizes.length;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let changed = false;
    for (let pod = 0; pod < pods; pod++) {
      for (const x of (state.members[pod] as number[]).slice().sort((a, b) => a - b)) {
        if (state.podOf[x] !== pod || !leftInClash(state, x)) continue;
        const partner = nearestFit(state, x);
        if (partner >= 0) {
          state.swap(x, partner);
          changed = true;
        }
      }
    }
    if (!changed) return;
  }
}

/** The player who must move: in a second smaller pod, or the lower-ranked of a pair who met. */
function leftInClash(state: PodState, x: number): boolean {
  const pod = state.podOf[x] as number;
  if (state.smaller[pod] && state.veteran[x]) return true;
  const seen = state.met[x] as Set<number>;
  return (state.members[pod] as number[]).some((m) => m < x && seen.has(m));
}

function nearestFit(state: PodState, x: number): number {
  const pods = state.sizes.length;
  const home = state.podOf[x] as number;
  // A veteran of a smaller pod tries every pod above before any below; anyone else the nearest
  // pods on both sides at once.
  const upFirst = state.smaller[home] === 1 && state.veteran[x] === 1;
  for (const directions of upFirst ? [[-1], [1]] : [[-1, 1]]) {
    for (let d = 1; d < pods; d++) {
      let best = -1;
      let bestGap = Infinity;
      for (const sign of directions) {
        const q = home + sign * d;
        if (q < 0 || q >= pods) continue;
        for (const y of state.members[q] as number[]) {
          if (state.conflicts(x, q, y) || state.conflicts(y, home, x)) continue;
          const gap = Math.abs((state.pts[x] as number) - (state.pts[y] as number));
          // Strictly nearer only: the pod above, met first, keeps a tie.
          if (gap < bestGap) {
            bestGap = gap;
            best = y;
          }
        }
      }
      if (best >= 0) return best;
    }
  }
  return -1;
}
