/** The polish (pods.ts "THE SEARCH"): players left away from their points swapped back where the rules allow. */
import type { Rng } from '../../random/rng.js';
import { MAX_PASSES, POLISH_CHAINS_PER_PASS, POLISH_EVALUATIONS_PER_PLAYER, POLISH_REACH } from './budgets.js';
import { compareTerms } from './objective.js';
import type { PodState } from './state.js';

/**
 * Polish: the repairs stop once the rules hold, and their swaps (tabu's uphill ones especially)
 * can leave players away from their points. For every player in a pod whose points differ from
 * the fill's, take the swap that lowers the objective most with a player near their place, near
 * the nearest pod of their points, or in another such pod. When none is left, try chains: a
 * swap that gives points back but seats someone with a player met before, followed by free
 * swaps (equal points, so the gain stays) for whoever it troubles; kept only when the whole
 * lowers the objective.
 */
export function polish(state: PodState, rng: Rng): void {
  let budget = POLISH_EVALUATIONS_PER_PLAYER * state.n;
  const pods = state.members.length;
  const stamp = new Int32Array(pods);
  let mark = 0;
  for (let pass = 0; pass < MAX_PASSES && budget > 0; pass++) {
    const disturbed: number[] = [];
    for (let pod = 0; pod < pods; pod++) if (state.disturbed(pod)) disturbed.push(pod);
    if (disturbed.length === 0) return;
    const displaced = rng.shuffle(disturbed.flatMap((pod) => state.members[pod] as number[]));
    let improved = false;
    const chains: { i: number; j: number; gain: number }[] = [];
    for (const i of displaced) {
      if (budget <= 0) break;
      const home = state.podOf[i] as number;
      if (!state.disturbed(home)) continue;
      const own = state.nearestPod(state.value[i] as number, home);
      mark++;
      stamp[home] = mark;
      let best = 0;
      let bestJ = -1;
      let chainJ = -1;
      let chainGain = 0;
      const visit = (q: number): void => {
        if (q < 0 || q >= pods || stamp[q] === mark) return;
        stamp[q] = mark;
        for (const j of state.members[q] as number[]) {
          budget--;
          const d = state.delta(i, j);
          if (d < best) {
            best = d;
            bestJ = j;
          } else if ((state.last[2] as number) < 0 && (state.last[0] as number) + (state.last[1] as number) > 0) {
            // Gives points back but troubles someone: a chain to try if nothing simpler helps.
            const gain = (state.last[2] as number) * state.wP + (state.last[3] as number);
            if (gain < chainGain) {
              chainGain = gain;
              chainJ = j;
            }
          }
        }
      };
      for (let q = home - POLISH_REACH; q <= home + POLISH_REACH; q++) visit(q);
      for (let q = own - POLISH_REACH; q <= own + POLISH_REACH; q++) visit(q);
      for (const q of disturbed) visit(q);
      if (bestJ >= 0) {
        state.swap(i, bestJ);
        improved = true;
      } else if (chainJ >= 0) chains.push({ i, j: chainJ, gain: chainGain });
    }
    if (!improved) {
      chains.sort((a, b) => a.gain - b.gain);
      for (const { i, j } of chains.slice(0, POLISH_CHAINS_PER_PASS)) {
        // Earlier chains of state pass may have moved either player.
        if (!state.disturbed(state.podOf[i] as number) || state.podOf[i] === state.podOf[j]) continue;
        if (chain(state, i, j)) improved = true;
      }
    }
    if (!improved) return;
  }
}

/**
 * Swap i and j, then give each player that leaves breaking a rule the best free swap (same
 * points), a few rounds; keep it all when the objective went down, else undo.
 */
function chain(state: PodState, i: number, j: number): boolean {
  const before = state.total.slice();
  const start = state.mark();
  state.swap(i, j);
  let troubled = [state.podOf[i] as number, state.podOf[j] as number];
  for (let round = 0; round < 3 && troubled.length > 0; round++) {
    const next: number[] = [];
    for (const pod of troubled) {
      for (const x of (state.members[pod] as number[]).slice()) {
        if (state.podOf[x] !== pod || !state.violates(x)) continue;
        let best = 0;
        let bestY = -1;
        const enough = -state.trouble(x);
        for (const y of state.playersOf[state.value[x] as number] as number[]) {
          if (state.podOf[y] === pod) continue;
          const d = state.delta(x, y);
          if (d < best) {
            best = d;
            bestY = y;
            if (d <= enough) break;
          }
        }
        if (bestY >= 0) {
          next.push(state.podOf[bestY] as number);
          state.swap(x, bestY);
        }
      }
    }
    troubled = next;
  }
  if (compareTerms(state.total, undefined, before) < 0) return true;
  state.rollback(start);
  return false;
}
