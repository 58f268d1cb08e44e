/**
 * Multiplayer pod pairing (RULES 2 "Pairing", MSTR/MAMTR 10.4A) as an optimisation, not one greedy
 * pass. Pod sizes are given (largest first, smaller pods at the bottom); players come sorted by
 * standings, and the top-to-bottom fill of that order (pod 1 = the first players, ...) is what the
 * rules ask for. Equal points are interchangeable: the order inside a score group is random in the
 * rules' eyes, so everything below is measured by points, never by who was where in the fill.
 *
 * THE OBJECTIVE, lexicographic (a term only decides between arrangements equal in the ones above):
 *   1. repeats: pairs of players seated together again (never while any arrangement avoids it);
 *   2. second smaller pods: players seated in a smaller pod again (MAMTR `limitSmallerPods` only);
 *   3. moved: players not in their fill pod, by points: a seat counts when the pod's points, as a
 *      multiset, lack that player's points compared with the fill's (so swapping two 7-pointers
 *      across a pod boundary is no move; a 7-pointer in the 1-pointers' pod and the 1-pointer who
 *      took their place are two);
 *   4. points moved: per pod, its players' points matched in order to the points of its fill seats,
 *      summed |difference| (a 7-pointer in a 1-point seat: 6) — "by as few points as possible";
 *   5. pods moved: per player, how many pods away the nearest pod is whose fill holds their points —
 *      "nearest pods first" (10.4A's swaps with the pods paired up / paired down).
 * Every term is a sum over pods, so a swap is re-costed on its two pods only. When the fill has no
 * repeat and no second smaller pod it scores 0 on every term and is returned as it is.
 *
 * THE SEARCH:
 *   - the fill; if it breaks neither rule, that is the proposal;
 *   - free solve: each player in a repeat or a second smaller pod swaps with a player on the same
 *     points elsewhere (terms 3–5 cannot change) — the fill's "random order within equal points" —
 *     then a tabu search of such swaps for what is left; this settles almost every round;
 *   - layout repair, when a score group cannot be arranged over its seats: exchange one of its
 *     seats near the trouble with a seat of other points, cheapest by terms 3–5 first, and solve
 *     the groups again; keep the first exchange that lowers the objective;
 *   - what is still left: three-way moves among nearby pods (near the top of the standings players
 *     have met most of the players around them, and no single swap nearby helps), then the single
 *     swap with anyone that lowers the objective most, then a tabu search over nearby pods;
 *   - polish: players left away from their points are swapped back where the rules allow, directly
 *     or through a chain (the swap back, then free swaps for whoever it seats with someone met);
 *   - in fields of up to SWAP_REPAIR_LIMIT players the fill repaired by single swaps (10.4A's
 *     plain repair, deterministic) is searched too, finished and polished the same way, and the
 *     better of the two is the proposal: never worse than that repair, by construction.
 * Fields of up to EXHAUSTIVE_LIMIT players whose fill breaks a rule skip all that and get the exact
 * optimum of the whole objective (dynamic programming over the subsets of players still to seat).
 * Everything random goes through the seeded generator: the same input and seed, the same pods.
 *
 * Here: the search's order (assignPods, finish). In pods/: state.ts, the arrangement and its
 * objective kept up to date swap by swap; one file per search (repair.ts, tabu.ts, cycle.ts,
 * layout.ts, polish.ts, exhaustive.ts); budgets.ts, their limits; objective.ts, the terms compared.
 */
import { createRng, type Rng } from '../random/rng.js';
import { EXHAUSTIVE_LIMIT, FREE_TABU_MAX_EVALUATIONS, SWAP_REPAIR_LIMIT, TABU_EVALUATIONS_PER_PLAYER, TABU_MAX_EVALUATIONS } from './pods/budgets.js';
import { cycleRepair } from './pods/cycle.js';
import { exhaustive } from './pods/exhaustive.js';
import type { PodInput } from './pods/input.js';
import { layoutRepair } from './pods/layout.js';
import { type PodAssignment, type PodObjective, compareTerms } from './pods/objective.js';
import { polish } from './pods/polish.js';
import { freeSolve, repair, swapRepair } from './pods/repair.js';
import { PodState } from './pods/state.js';
import { tabuSearch } from './pods/tabu.js';

export type { PodInput, PodPlayer } from './pods/input.js';
export { type PodAssignment, type PodObjective, compareObjectives } from './pods/objective.js';

export function assignPods(input: PodInput, seed: number): PodAssignment {
  const rng = createRng(seed);
  const players = input.random ? rng.shuffle(input.players) : input.players.slice();
  const total = input.sizes.reduce((a, b) => a + b, 0);
  if (total !== players.length) throw new Error(`pod sizes add up to ${total}, not ${players.length}`);
  const state = new PodState(players, input);
  if (state.violators().length === 0) return state.result();
  if (players.length <= EXHAUSTIVE_LIMIT) {
    exhaustive(state);
    return state.result();
  }
  // Two searches from the fill, the better kept: score groups first (free solve, then layout
  // changes), and, in fields small enough for its n² cost, plain single swaps (the repair 10.4A
  // describes, and the baseline the proposal must never lose to); each then finished and polished.
  const fill = state.snapshot();
  freeSolve(state, rng, FREE_TABU_MAX_EVALUATIONS);
  if (state.violators().length > 0) layoutRepair(state, rng);
  finish(state, rng);
  if (players.length > SWAP_REPAIR_LIMIT || (state.total[0] === 0 && state.total[1] === 0 && state.total[2] === 0)) return state.result();
  const first = state.total.slice();
  const kept = state.snapshot();
  state.arrange(fill);
  swapRepair(state);
  finish(state, rng);
  if (compareTerms(first, undefined, state.total) <= 0) state.arrange(kept);
  return state.result();
}

/**
 * The objective of an arrangement of `input.players` (pods in table order, each measured against the
 * fill pod at the same place): for checks and the benchmark.
 */
export function podObjective(input: Omit<PodInput, 'random'>, pods: readonly (readonly string[])[]): PodObjective {
  const state = new PodState(input.players, { ...input, random: false });
  const index = new Map(input.players.map((p, i) => [p.id, i]));
  if (pods.length !== input.sizes.length || pods.some((pod, p) => pod.length !== input.sizes[p])) throw new Error('pods do not match the pod sizes');
  state.arrange(pods.map((pod) => pod.map((id) => index.get(id) as number)));
  return state.objective();
}

/**
 * Whatever is left after a search's own start: three-way moves, single-swap repair, a tabu search
 * for violations those cannot remove, the groups arranged again; then the polish.
 */
function finish(state: PodState, rng: Rng): void {
  if (state.violators().length > 0) {
    cycleRepair(state, rng);
    repair(state, rng, false);
    if (state.violators().length > 0) tabuSearch(state, rng, false, Math.min(TABU_MAX_EVALUATIONS, TABU_EVALUATIONS_PER_PLAYER * state.n));
    freeSolve(state, rng, FREE_TABU_MAX_EVALUATIONS);
  }
  polish(state, rng);
}
