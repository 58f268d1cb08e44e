/** Layout repair (pods.ts "THE SEARCH"): a score group's seats exchanged with seats of other points. */
import type { Rng } from '../../random/rng.js';
import { LAYOUT_REACH, LAYOUT_TRIAL_EVALUATIONS, LAYOUT_TRIALS, MAX_PASSES } from './budgets.js';
import { compareTerms } from './objective.js';
import { freeSolve } from './repair.js';
import type { PodState } from './state.js';

/**
 * When the score groups cannot be arranged over their seats without a repeat (or a second smaller
 * pod), change the seats: exchange one seat of a troubled group's points near the trouble with a
 * seat of other points up to LAYOUT_REACH pods away, cheapest first by terms 3–4, and arrange the
 * groups again (free solve); keep the first exchange after which the objective is lower.
 */
export function layoutRepair(state: PodState, rng: Rng): void {
  const pods = state.members.length;
  for (let step = 0; step < MAX_PASSES; step++) {
    const violating = state.violators();
    if (violating.length === 0) return;
    const before = state.total.slice();
    const troubled = new Set(violating.map((i) => state.value[i] as number));
    const near = new Uint8Array(pods);
    for (const i of violating) {
      const home = state.podOf[i] as number;
      for (let p = Math.max(0, home - LAYOUT_REACH); p <= Math.min(pods - 1, home + LAYOUT_REACH); p++) near[p] = 1;
    }
    const candidates: { x: number; y: number; cost: number }[] = [];
    const seen = new Set<string>();
    for (let p = 0; p < pods; p++) {
      if (!near[p]) continue;
      for (const x of state.members[p] as number[]) {
        const a = state.value[x] as number;
        if (!troubled.has(a)) continue;
        for (let q = Math.max(0, p - LAYOUT_REACH); q <= Math.min(pods - 1, p + LAYOUT_REACH); q++) {
          if (q === p) continue;
          for (const y of state.members[q] as number[]) {
            const b = state.value[y] as number;
            if (b === a) continue;
            const key = `${p}:${a}:${q}:${b}`;
            if (seen.has(key)) continue;
            seen.add(key);
            state.delta(x, y);
            const cost = (state.last[2] as number) * state.wP + (state.last[3] as number);
            candidates.push({ x, y, cost });
          }
        }
      }
    }
    candidates.sort((c, d) => c.cost - d.cost);
    let kept = false;
    for (const { x, y } of candidates.slice(0, LAYOUT_TRIALS)) {
      const start = state.mark();
      // The exchange's own players: of the players on these points in these pods, the best pair.
      const p = state.podOf[x] as number;
      const q = state.podOf[y] as number;
      let best = Infinity;
      let bx = x;
      let by = y;
      for (const x2 of state.members[p] as number[]) {
        if (state.value[x2] !== state.value[x]) continue;
        for (const y2 of state.members[q] as number[]) {
          if (state.value[y2] !== state.value[y]) continue;
          const d = state.delta(x2, y2);
          if (d < best) {
            best = d;
            bx = x2;
            by = y2;
          }
        }
      }
      state.swap(bx, by);
      freeSolve(state, rng, LAYOUT_TRIAL_EVALUATIONS);
      if (compareTerms(state.total, undefined, before) < 0) {
        kept = true;
        break;
      }
      state.rollback(start);
    }
    if (!kept) return;
  }
}
