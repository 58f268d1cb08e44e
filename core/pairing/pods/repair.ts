/**
 * Single-swap repair (pods.ts "THE SEARCH"): each player breaking a rule takes the swap that lowers
 * the objective most — among equal points only (free) or with anyone; and the free solve, the
 * score groups arranged over their seats.
 */
import type { Rng } from '../../random/rng.js';
import { FREE_TABU_EVALUATIONS, MAX_PASSES } from './budgets.js';
import type { PodState } from './state.js';
import { tabuSearch } from './tabu.js';

/**
 * Swap each violating player with the partner that lowers the objective most. `free`: only
 * players on the same points (terms 3–4 cannot change); otherwise anyone. Passes repeat while
 * they help.
 */
export function repair(state: PodState, rng: Rng, free: boolean): void {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const violating = state.violators();
    if (violating.length === 0) return;
    let improved = false;
    for (const i of rng.shuffle(violating)) {
      if (!state.violates(i)) continue;
      const home = state.podOf[i] as number;
      let best = 0;
      let bestJ = -1;
      const candidates = free ? (state.playersOf[state.value[i] as number] as number[]) : undefined;
      if (candidates) {
        // A swap that clears everything i breaks and adds nothing is as good as any: take it.
        const enough = -state.trouble(i);
        for (const j of candidates) {
          if (state.podOf[j] === home) continue;
          const d = state.delta(i, j);
          if (d < best) {
            best = d;
            bestJ = j;
            if (d <= enough) break;
          }
        }
      } else {
        // Everyone; but a free swap that clears all i breaks is as good as a single swap gets
        // for i, so the same points are tried first and end the search when one does.
        const enough = -state.trouble(i);
        for (const j of state.playersOf[state.value[i] as number] as number[]) {
          if (state.podOf[j] === home) continue;
          const d = state.delta(i, j);
          if (d < best) {
            best = d;
            bestJ = j;
          }
        }
        if (best > enough)
          for (let j = 0; j < state.n; j++) {
            if (state.podOf[j] === home || state.value[j] === state.value[i]) continue;
            const d = state.delta(i, j);
            if (d < best) {
              best = d;
              bestJ = j;
            }
          }
      }
      if (bestJ >= 0) {
        state.swap(i, bestJ);
        improved = true;
      }
    }
    if (!improved) return;
  }
}

/**
 * Arrange the score groups over the seats they have (terms 3–4 stay as they are): the free
 * repair, then a free tabu search sized by the groups still in trouble.
 */
export function freeSolve(state: PodState, rng: Rng, cap: number): void {
  repair(state, rng, true);
  const violating = state.violators();
  if (violating.length === 0) return;
  let work = 0;
  for (const v of new Set(violating.map((i) => state.value[i] as number))) work += FREE_TABU_EVALUATIONS * (state.playersOf[v] as number[]).length ** 2;
  tabuSearch(state, rng, true, Math.min(cap, work));
}
