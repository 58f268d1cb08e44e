/**
 * Multiplayer pod pairing (RULES 2 "Pairing", MSTR/MAMTR 10.4A): the procedure the rules describe —
 * the top-to-bottom pass that skips, then swaps with the nearest pods (pods/pass.ts) — and a search
 * that starts from it and keeps only what makes it better. Pod sizes are given in table order
 * (smaller pods where the seating policy puts them, usually the bottom); players come sorted by
 * standings. Equal points are interchangeable: everything below is measured by points, never by who
 * was where in the standings order.
 *
 * THE OBJECTIVE, lexicographic (a term only decides between arrangements equal in the ones above):
 *   1. repeats: pairs of players seated together again (never while any arrangement avoids it);
 *   2. second smaller pods: players seated in a smaller pod again (MAMTR `limitSmallerPods` only);
 *   3. points moved: per player, (their points − the level of the pod they sit in)², summed, where a
 *      pod's level is the mean points of the players the plain top-to-bottom cut of the standings
 *      puts there. How far players moved, in points, squared so a far move costs more than many
 *      near ones: two 7-point players sent into a pod of 1-point players (36 each, and the
 *      1-pointers who take their seats as much) are worse than eight players moved one pod each
 *      across a 1-point step. Never how many players moved. The plain cut is its minimum (by the
 *      rearrangement inequality), so a cut that breaks no rule is the proposal as it is; and a
 *      smaller pod keeps the level of its place, so it stays where the seating policy put it;
 *   4. pods moved: per player, pods to the nearest pod whose cut holds a player on their points —
 *      "nearest pods first" between arrangements equal in points.
 * Every term is a sum over players, so a swap is re-costed in constant time plus its two pods.
 *
 * THE SEARCH, from the cut (when it breaks a rule):
 *   - fields of up to EXHAUSTIVE_LIMIT players: the exact optimum (dynamic programming over the
 *     subsets of players still to seat);
 *   - otherwise two starts, each finished the same way, the better kept:
 *       · the procedure: the pass that skips, then the nearest swaps (pods/pass.ts);
 *       · score groups first: each player in a repeat or a second smaller pod swaps with a player on
 *         the same points elsewhere (terms 3–4 cannot change), a tabu search of such swaps, then
 *         layout repair (a score group's seat exchanged with a nearby seat of other points);
 *     finished by three-way moves among nearby pods, the single swap with anyone that lowers the
 *     objective most, a tabu search over nearby pods, then the polish (players left away from their
 *     points swapped back where the rules allow, directly or through a chain) and two-pod exchanges
 *     (the players of two nearby pods shared out again in the best way), in turn while either
 *     helps. Each step only keeps
 *     what lowers the objective, so the proposal is never worse than the procedure.
 * The search's own choices come from a generator of its own, not the event's seed: the same
 * standings and histories give the same pods, whatever the seed (which still orders round 1 and the
 * seats). Here: the search's order; in pods/: state.ts, the arrangement and its objective kept up
 * to date swap by swap; one file per search (pass.ts, repair.ts, tabu.ts, cycle.ts, layout.ts,
 * polish.ts, exchange.ts, exhaustive.ts); budgets.ts, their limits; objective.ts, the terms compared.
 */
import { createRng, type Rng } from '../random/rng.js';
import { EXHAUSTIVE_LIMIT, FREE_TABU_MAX_EVALUATIONS, LAYOUT_REPAIR_LIMIT, MAX_PASSES, SEARCH_SEED, TABU_EVALUATIONS_PER_PLAYER, TABU_MAX_EVALUATIONS } from './pods/budgets.js';
import { cycleRepair } from './pods/cycle.js';
import { pairExchange } from './pods/exchange.js';
import { exhaustive } from './pods/exhaustive.js';
import type { PodInput } from './pods/input.js';
import { layoutRepair } from './pods/layout.js';
import { type PodAssignment, type PodObjective, compareTerms } from './pods/objective.js';
import { nearestSwaps, topToBottomPass } from './pods/pass.js';
import { polish } from './pods/polish.js';
import { freeSolve, repair } from './pods/repair.js';
import { PodState } from './pods/state.js';
import { tabuSearch } from './pods/tabu.js';

export type { PodInput, PodPlayer } from './pods/input.js';
export { type PodAssignment, type PodObjective, compareObjectives } from './pods/objective.js';

export function assignPods(input: PodInput, seed: number): PodAssignment {
  const players = input.random ? createRng(seed).shuffle(input.players) : input.players.slice();
  const total = input.sizes.reduce((a, b) => a + b, 0);
  if (total !== players.length) throw new Error(`pod sizes add up to ${total}, not ${players.length}`);
  const state = new PodState(players, input);
  if (state.violators().length === 0) return state.result();
  if (players.length <= EXHAUSTIVE_LIMIT) {
    exhaustive(state);
    return state.result();
  }
  const fill = state.snapshot();
  const least = state.total[2] as number;
  // The procedure of 10.4A, then improved.
  const rng = createRng(SEARCH_SEED);
  state.arrange(topToBottomPass(state));
  // The procedure alone (the pass and its nearest swaps), for the guard at the end.
  nearestSwaps(state);
  const pure = { pods: state.snapshot(), repeats: state.total[0] as number, smaller: state.total[1] as number, spread: spreadOf(state) };
  finish(state, rng);
  if (state.total[0] === 0 && state.total[1] === 0 && state.total[2] === least) return guarded(state, pure);
  const procedure = state.total.slice();
  const kept = state.snapshot();
  // Score groups first, from the plain cut; kept only when better.
  state.arrange(fill);
  freeSolve(state, rng, FREE_TABU_MAX_EVALUATIONS);
  if (state.n <= LAYOUT_REPAIR_LIMIT && state.violators().length > 0) layoutRepair(state, rng);
  finish(state, rng);
  if (compareTerms(state.total, undefined, procedure) >= 0) state.arrange(kept);
  return guarded(state, pure);
}

/**
 * 10.4A's own arrangement (`pure`: the pass and its nearest swaps) stands where the search found
 * nothing better by repeats and second smaller pods and seats players further from their pod's
 * points (RULES 2: distance moved).
 */
function guarded(state: PodState, pure: { pods: number[][]; repeats: number; smaller: number; spread: number }): PodAssignment {
  if (state.total[0] === pure.repeats && state.total[1] === pure.smaller && spreadOf(state) > pure.spread) state.arrange(pure.pods);
  return state.result();
}

/** Points spread inside the pods: Σ (points − the pod's mean)², as RULES 2 measures distance moved. */
function spreadOf(state: PodState): number {
  let spread = 0;
  for (const pod of state.members) {
    const mean = pod.reduce((sum, i) => sum + (state.pts[i] as number), 0) / pod.length;
    for (const i of pod) spread += ((state.pts[i] as number) - mean) ** 2;
  }
  return spread;
}

/**
 * The objective of an arrangement of `input.players` (pods in table order, each measured against the
 * level of the cut pod at the same place): for checks and the benchmark.
 */
export function podObjective(input: Omit<PodInput, 'random'>, pods: readonly (readonly string[])[]): PodObjective {
  const state = new PodState(input.players, { ...input, random: false });
  const index = new Map(input.players.map((p, i) => [p.id, i]));
  if (pods.length !== input.sizes.length || pods.some((pod, p) => pod.length !== input.sizes[p])) throw new Error('pods do not match the pod sizes');
  state.arrange(pods.map((pod) => pod.map((id) => index.get(id) as number)));
  return state.objective();
}

/**
 * Whatever is left after a start: the nearest swaps of the procedure; where they leave a rule
 * broken, three-way moves, single-swap repair, a tabu search, the groups arranged again; then the
 * polish and two-pod exchanges while either helps.
 */
function finish(state: PodState, rng: Rng): void {
  nearestSwaps(state);
  if (state.violators().length > 0) {
    cycleRepair(state, rng);
    repair(state, rng, false);
    if (state.violators().length > 0) tabuSearch(state, rng, false, Math.min(TABU_MAX_EVALUATIONS, TABU_EVALUATIONS_PER_PLAYER * state.n));
    freeSolve(state, rng, FREE_TABU_MAX_EVALUATIONS);
  }
  for (let round = 0; round < MAX_PASSES; round++) {
    polish(state, rng);
    if (!pairExchange(state)) return;
  }
}
