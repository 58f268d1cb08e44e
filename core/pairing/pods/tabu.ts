/** Tabu search over swaps (pods.ts "THE SEARCH"), for the local minima the repairs stop in. */
import type { Rng } from '../../random/rng.js';
import { TABU_REACH } from './budgets.js';
import { compareTerms } from './objective.js';
import type { PodState } from './state.js';

/**
 * Tabu search: move a random violating player to the best swap available, even an uphill one,
 * never undoing a recent move; keep the best arrangement seen. Escapes the local minima that
 * plain repair stops in when histories are crowded (small fields, late rounds). `free`: only
 * swaps on equal points (a search for an arrangement of the score groups over the fill's seats);
 * otherwise swaps with anyone in nearby pods.
 */
export function tabuSearch(state: PodState, rng: Rng, free: boolean, evaluations: number): void {
  const n = state.n;
  const pods = state.members.length;
  let budget = evaluations;
  const tabuUntil = new Int32Array(n);
  const best = state.total.slice();
  let bestMark = state.mark();
  const violating = new Violators(state);
  for (let iteration = 1; budget > 0 && violating.size() > 0; iteration++) {
    const i = violating.pick(rng);
    const home = state.podOf[i] as number;
    let bestDelta = Infinity;
    let bestJ = -1;
    let evaluated = 0;
    const consider = (j: number): void => {
      budget--;
      evaluated++;
      const d = state.delta(i, j);
      // Aspiration: a tabu swap is allowed when it beats the best arrangement seen.
      const allowed = (tabuUntil[j] as number) < iteration || compareTerms(state.total, state.last, best) < 0;
      if (allowed && (d < bestDelta || (d === bestDelta && rng.int(0, 1) === 0))) {
        bestDelta = d;
        bestJ = j;
      }
    };
    if (free) {
      for (const j of state.playersOf[state.value[i] as number] as number[]) if (state.podOf[j] !== home) consider(j);
    } else {
      const wide = pods <= 2 * TABU_REACH + 1;
      const from = wide ? 0 : Math.max(0, home - TABU_REACH);
      const to = wide ? pods - 1 : Math.min(pods - 1, home + TABU_REACH);
      for (let q = from; q <= to; q++) if (q !== home) for (const j of state.members[q] as number[]) consider(j);
    }
    if (bestJ < 0) {
      // Nobody to swap with (a score group inside one pod, a single pod): no help here.
      if (evaluated === 0) violating.remove(i);
      continue;
    }
    const q = state.podOf[bestJ] as number;
    state.swap(i, bestJ);
    violating.refresh(home);
    violating.refresh(q);
    const tenure = 3 + rng.int(0, 7);
    tabuUntil[i] = iteration + tenure;
    tabuUntil[bestJ] = iteration + tenure;
    if (compareTerms(state.total, undefined, best) < 0) {
      best.set(state.total);
      bestMark = state.mark();
    }
  }
  state.rollback(bestMark);
}

/** The players breaking a rule where they sit, kept up to date pod by pod; random picks. */
class Violators {
  private readonly list: number[] = [];
  private readonly at: Int32Array;

  constructor(private readonly state: PodState) {
    this.at = new Int32Array(state.n).fill(-1);
    for (const i of state.violators()) this.add(i);
  }

  size(): number {
    return this.list.length;
  }

  pick(rng: Rng): number {
    return this.list[rng.int(0, this.list.length - 1)] as number;
  }

  add(i: number): void {
    if (this.at[i] !== -1) return;
    this.at[i] = this.list.length;
    this.list.push(i);
  }

  remove(i: number): void {
    const k = this.at[i] as number;
    if (k === -1) return;
    const last = this.list.pop() as number;
    if (last !== i) {
      this.list[k] = last;
      this.at[last] = k;
    }
    this.at[i] = -1;
  }

  /** Re-check the members of a pod whose members changed. */
  refresh(pod: number): void {
    for (const i of this.state.members[pod] as number[]) {
      if (this.state.violates(i)) this.add(i);
      else this.remove(i);
    }
  }
}
