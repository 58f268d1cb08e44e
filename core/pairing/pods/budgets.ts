/**
 * The pod search's limits and budgets (pods.ts "THE SEARCH"), in one place: the bench's figures
 * (`npm run bench -- "pod pairing"`) move with any of them.
 */
/** Fields up to this size that had to leave the fill are settled by exhaustive search. */
export const EXHAUSTIVE_LIMIT = 16;
/** Repair passes over the violating players before giving up (each pass can only lower the cost). */
export const MAX_PASSES = 50;
/**
 * The search's own generator (pods.ts): a fixed seed, so the quality of a pairing never depends on
 * the event's seed.
 */
export const SEARCH_SEED = 0x10a4;
/**
 * Tabu search budget, in swap evaluations, when the repairs leave violations (local minima in
 * crowded histories): per player of the field, and at most.
 */
export const TABU_EVALUATIONS_PER_PLAYER = 400;
export const TABU_MAX_EVALUATIONS = 1_000_000;
/**
 * The free tabu search (equal points only) gets FREE_TABU_EVALUATIONS · g² evaluations for the
 * score groups g of the players it must help, at most the cap given (smaller inside a layout trial).
 */
export const FREE_TABU_EVALUATIONS = 50;
export const FREE_TABU_MAX_EVALUATIONS = 60_000;
export const LAYOUT_TRIAL_EVALUATIONS = 3_000;
/**
 * Layout repair runs in fields up to this size: above it the procedure's start is as good as the
 * score groups' nearly always, and layout repair's trials cost most of a round's time budget.
 */
export const LAYOUT_REPAIR_LIMIT = 600;
/** Layout repair: pods around a violation where seats may change points; trials per step. */
export const LAYOUT_REACH = 3;
export const LAYOUT_TRIALS = 12;
/** Pods on each side searched for a tabu swap partner in large fields (all pods in small ones). */
export const TABU_REACH = 8;
/** Three-way moves: pods on each side of a player's place and of the nearest pod of their points. */
export const CYCLE_REACH = 3;
/** Polish: pods on each side of a player's place (and of the nearest pod of their points). */
export const POLISH_REACH = 3;
/** Polish: swap evaluations per player at most. */
export const POLISH_EVALUATIONS_PER_PLAYER = 400;
/** Polish: chains tried per pass (each a swap back plus free swaps for whoever it troubles). */
export const POLISH_CHAINS_PER_PASS = 64;
/** Two-pod exchange: pods at most this far apart share out their players again. */
export const EXCHANGE_REACH = 2;
