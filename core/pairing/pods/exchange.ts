/**
 * Two-pod exchange (pods.ts "THE SEARCH"): the players of two nearby pods shared out again in the
 * best way there is. It reaches what single swaps cannot when each one alone seats someone with a
 * player met before, but two or three together do not (a pair of 21-pointers kept together, a
 * 15-pointer moved down with them).
 */
import { EXCHANGE_REACH, MAX_PASSES } from './budgets.js';
import { TERM_COUNT, compareTerms } from './objective.js';
import type { PodState } from './state.js';

/**
 * Each pair of pods up to EXCHANGE_REACH apart of which one is off its fill or breaks a rule (two
 * pods seated as the fill seats them cannot do better between them: the fill is the least by
 * points and by pods), again for the pods a pass changed, while a pass improves anything.
 */
export function pairExchange(state: PodState): boolean {
  const pods = state.members.length;
  const masks = new SplitMasks();
  let dirty = new Uint8Array(pods).fill(1);
  const open = Uint8Array.from({ length: pods }, (_, pod) => (unsettled(state, pod) ? 1 : 0));
  let any = false;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const changed = new Uint8Array(pods);
    let improved = false;
    for (let p = 0; p < pods; p++)
      for (let q = p + 1; q <= Math.min(pods - 1, p + EXCHANGE_REACH); q++) {
        if ((!dirty[p] && !dirty[q]) || (!open[p] && !open[q])) continue;
        if (exchange(state, p, q, masks)) {
          changed[p] = 1;
          changed[q] = 1;
          open[p] = unsettled(state, p) ? 1 : 0;
          open[q] = unsettled(state, q) ? 1 : 0;
          improved = true;
        }
      }
    if (!improved) return any;
    any = true;
    dirty = changed;
  }
  return any;
}

function unsettled(state: PodState, pod: number): boolean {
  if (state.disturbed(pod)) return true;
  for (const i of state.members[pod] as number[]) if (state.violates(i)) return true;
  return false;
}

/** The subsets of k out of m players, as bit masks, computed once per (m, k). */
class SplitMasks {
  private readonly known = new Map<number, Int32Array>();

  of(m: number, k: number): Int32Array {
    const key = m * 64 + k;
    let list = this.known.get(key);
    if (!list) {
      const found: number[] = [];
      for (let mask = 0; mask < 1 << m; mask++) if (popcount(mask) === k) found.push(mask);
      list = Int32Array.from(found);
      this.known.set(key, list);
    }
    return list;
  }
}

/**
 * The best way to share the players of pods p and q between them (sizes kept), made with swaps
 * when it lowers the objective. Every split is tried: C(8, 4) = 70 for two pods of 4. The terms are
 * compared lexicographically (the swap weights do not bound a many-player exchange).
 */
function exchange(state: PodState, p: number, q: number, masks: SplitMasks): boolean {
  const union = [...(state.members[p] as number[]), ...(state.members[q] as number[])];
  const size = (state.members[p] as number[]).length;
  const m = union.length;
  const all = (1 << m) - 1;
  // Per player of the union: who else in it they met, and their terms in either pod.
  const metMask = new Int32Array(m);
  let veterans = 0;
  const points = [new Float64Array(m), new Float64Array(m)];
  const pods = [new Float64Array(m), new Float64Array(m)];
  for (let a = 0; a < m; a++) {
    const i = union[a] as number;
    const seen = state.met[i] as Set<number>;
    for (let b = 0; b < m; b++) if (b !== a && seen.has(union[b] as number)) metMask[a] = (metMask[a] as number) | (1 << b);
    if (state.veteran[i]) veterans |= 1 << a;
    (points[0] as Float64Array)[a] = state.cost(i, p);
    (points[1] as Float64Array)[a] = state.cost(i, q);
    (pods[0] as Float64Array)[a] = state.dist(state.value[i] as number, p);
    (pods[1] as Float64Array)[a] = state.dist(state.value[i] as number, q);
  }
  const smallerP = state.smaller[p] === 1;
  const smallerQ = state.smaller[q] === 1;
  const weigh = (into: Float64Array, mask: number): void => {
    const rest = all & ~mask;
    let repeats = 0;
    let pts = 0;
    let pds = 0;
    for (let a = 0; a < m; a++) {
      const side = (mask >> a) & 1 ? 0 : 1;
      repeats += popcount((metMask[a] as number) & (side === 0 ? mask : rest));
      pts += (points[side] as Float64Array)[a] as number;
      pds += (pods[side] as Float64Array)[a] as number;
    }
    into[0] = repeats / 2;
    into[1] = (smallerP ? popcount(veterans & mask) : 0) + (smallerQ ? popcount(veterans & rest) : 0);
    into[2] = pts;
    into[3] = pds;
  };
  const current = (1 << size) - 1;
  const best = new Float64Array(TERM_COUNT);
  weigh(best, current);
  const trial = new Float64Array(TERM_COUNT);
  let bestMask = current;
  for (const mask of masks.of(m, size)) {
    weigh(trial, mask);
    if (compareTerms(trial, undefined, best) < 0) {
      best.set(trial);
      bestMask = mask;
    }
  }
  if (bestMask === current) return false;
  const goDown: number[] = [];
  const goUp: number[] = [];
  union.forEach((i, a) => {
    const toP = (bestMask & (1 << a)) !== 0;
    if (a < size && !toP) goDown.push(i);
    if (a >= size && toP) goUp.push(i);
  });
  goDown.forEach((i, k) => state.swap(i, goUp[k] as number));
  return true;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
