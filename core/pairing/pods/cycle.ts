/** Three-way moves among nearby pods (pods.ts "THE SEARCH"), where no single swap helps. */
import type { Rng } from '../../random/rng.js';
import { CYCLE_REACH, MAX_PASSES } from './budgets.js';
import { compareTerms } from './objective.js';
import type { PodState } from './state.js';

/**
 * Near the top of the standings players have met most of the players around them, and a player
 * in a repeat may fit in no nearby pod by a single swap. Three-way moves within CYCLE_REACH pods
 * of the player's place and of the nearest pod of their points: the player takes y's seat, y
 * takes z's, z takes the player's; only moves seating none of the three with someone met are
 * tried, and the best (by the whole objective, plain swaps in the same window included) is made
 * while one helps.
 */
export function cycleRepair(state: PodState, rng: Rng): void {
  const pods = state.members.length;
  const stamp = new Int32Array(pods);
  let mark = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const violating = state.violators();
    if (violating.length === 0) return;
    let improved = false;
    for (const i of rng.shuffle(violating)) {
      if (!state.violates(i)) continue;
      const p = state.podOf[i] as number;
      const own = state.nearestPod(state.value[i] as number, p);
      mark++;
      const window: number[] = [];
      const add = (q: number): void => {
        if (q >= 0 && q < pods && q !== p && stamp[q] !== mark) {
          stamp[q] = mark;
          window.push(q);
        }
      };
      for (let q = p - CYCLE_REACH; q <= p + CYCLE_REACH; q++) add(q);
      for (let q = own - CYCLE_REACH; q <= own + CYCLE_REACH; q++) add(q);
      const before = state.total.slice();
      let best: Float64Array | undefined;
      let bestMove: number[] = [];
      const consider = (move: number[]): void => {
        const start = state.mark();
        state.swap(i, move[0] as number);
        if (move.length === 2) state.swap(move[0] as number, move[1] as number);
        if (compareTerms(state.total, undefined, best ?? before) < 0) {
          best = state.total.slice();
          bestMove = move;
        }
        state.rollback(start);
      };
      for (const q of window) {
        for (const y of state.members[q] as number[]) {
          if (state.conflicts(i, q, y)) continue;
          if (!state.conflicts(y, p, i)) consider([y]);
          for (const r of window) {
            if (r === q) continue;
            for (const z of state.members[r] as number[]) if (!state.conflicts(y, r, z) && !state.conflicts(z, p, i)) consider([y, z]);
          }
        }
      }
      if (best) {
        state.swap(i, bestMove[0] as number);
        if (bestMove.length === 2) state.swap(bestMove[0] as number, bestMove[1] as number);
        improved = true;
      }
    }
    if (!improved) return;
  }
}
