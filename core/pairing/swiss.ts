/**
 * Head-to-head Swiss pairing (RULES 1 "Pairing", MTR 10.4) as an optimisation over the whole round.
 *
 * The objective, lexicographic (most important first):
 *   1. nobody gets a second bye while an active player has had none;
 *   2. the fewest rematches (zero whenever a rematch-free pairing exists under term 1; when one
 *      exists only by breaking term 1, `rematchCause` says so, so the warning names that rule);
 *   3. the bye goes to a player with the fewest byes, the lowest-ranked among them;
 *   4. the smallest pair-down cost: the sum over pairs of (point difference)², so equal points
 *      meet where possible, and a player who must float goes to the nearest score group.
 *      (Decision: squared, so one long pair-down never beats a chain of short ones.)
 *
 * How it stays exact and fast: sort the players by points (random order inside a score group).
 * Pairing neighbours in that order is the optimum when rematches are ignored (a convex cost on a
 * line), so its cost is a lower bound. The sorted list is cut into small even blocks, each solved
 * exactly with a blossom matching on its rematch-free edges. A block that cannot reach its own bound
 * (a rematch would be needed, or an extra pair-down) is merged with its neighbours and solved again,
 * until every block meets its bound (then the whole round is provably optimal) or the block is the
 * whole field (then the blossom over everything is the optimum by construction). Only in fields
 * larger than EXACT_FIELD is a large rematch-free block above its bound accepted as it is.
 */
import { createRng } from '../random/rng.js';
import { maxWeightMatching, type WeightedEdge } from './matching.js';

export interface SwissPlayer {
  id: string;
  /** Match points before this round. */
  points: number;
  /** Position in the current standings, 0 = first. */
  rank: number;
  /** Byes already received (pairing and awarded). */
  byes: number;
}

export interface SwissInput {
  players: readonly SwissPlayer[];
  /** Have these two met before? */
  met: (a: string, b: string) => boolean;
}

export interface SwissPairing {
  /** Pairs, highest points first; within a pair the higher-ranked player first. */
  pairs: [string, string][];
  bye?: string;
  /** Pairs that are rematches (only when no rematch-free pairing exists under term 1). */
  rematches: number;
  /** Objective term 4: sum of squared point differences. */
  cost: number;
  /** With rematches: which rule forced them (RULES 1: the warning says which). */
  rematchCause?: RematchCause;
}

/**
 * Why a pairing has rematches (RULES 1 "Pairing"):
 * - `none-exists`: no pairing of these players avoids one;
 * - `second-bye`: rematch-free pairings exist, but each gives one of `players` a second bye while
 *   an active player has had none, which term 1 forbids first (`complete`: every such player is
 *   listed; false in very large fields, where the search stops at the first);
 * - `search-limit`: in a very large field only the `candidates` lowest-ranked bye candidates were
 *   tried, and none of them allows a rematch-free pairing.
 */
export type RematchCause =
  | { kind: 'none-exists' }
  | { kind: 'second-bye'; players: string[]; complete: boolean }
  | { kind: 'search-limit'; candidates: number };

/** Players per block at the start; even. */
const BLOCK = 48;
/** Fields up to this size are, when needed, solved whole: exact (a 240-vertex blossom takes ~0.1 s). */
const EXACT_FIELD = 240;
/**
 * In larger fields a rematch-free block of this size or more that stays above its lower bound is
 * accepted: the excess comes from who has already met whom at the top or bottom of the standings,
 * and growing the block further costs time without finding better pairings in practice.
 */
const LARGE_BLOCK = 144;
/** Bye candidates tried when every candidate forces a rematch, in very large fields. */
const MAX_BYE_CANDIDATES_LARGE = 16;

interface EvenSolution {
  /** Index pairs into the ordered list. */
  pairs: [number, number][];
  rematches: number;
  cost: number;
}

export function pairSwiss(input: SwissInput, seed: number): SwissPairing {
  const rng = createRng(seed);
  // Points descending; inside a score group the order is random (MTR: random within match points).
  const order = rng.shuffle(input.players).sort((a, b) => b.points - a.points);
  if (order.length === 0) return { pairs: [], rematches: 0, cost: 0 };
  if (order.length % 2 === 0) {
    const even = present(order, solveEven(order, input.met));
    return even.rematches > 0 ? { ...even, rematchCause: { kind: 'none-exists' } } : even;
  }

  // While someone has had no bye, only they can get it. Once everyone has had one, avoiding a
  // rematch comes first, then the fewest byes, then the lowest rank.
  const fewestByes = Math.min(...order.map((p) => p.byes));
  const candidates = order
    .filter((p) => fewestByes > 0 || p.byes === 0)
    .sort((a, b) => a.byes - b.byes || b.rank - a.rank);
  const limit = order.length > EXACT_FIELD ? MAX_BYE_CANDIDATES_LARGE : candidates.length;
  let best: { bye: SwissPlayer; rest: SwissPlayer[]; solution: EvenSolution } | undefined;
  for (const candidate of candidates.slice(0, limit)) {
    const rest = order.filter((p) => p !== candidate);
    const solution = solveEven(rest, input.met);
    if (!best || solution.rematches < best.solution.rematches) best = { bye: candidate, rest, solution };
    if (best.solution.rematches === 0) break;
  }
  const chosen = best as NonNullable<typeof best>;
  const pairing: SwissPairing = { ...present(chosen.rest, chosen.solution), bye: chosen.bye.id };
  if (pairing.rematches === 0) return pairing;
  return { ...pairing, rematchCause: rematchCause(order, candidates, limit, input.met) };
}

/**
 * Which rule forced the rematches of an odd field (RULES 1): term 1 when a player kept from the bye
 * by it (they have had one while someone has not) would make a rematch-free pairing possible; the
 * candidate limit of very large fields; otherwise no rematch-free pairing exists.
 */
function rematchCause(
  order: readonly SwissPlayer[],
  candidates: readonly SwissPlayer[],
  limit: number,
  met: (a: string, b: string) => boolean,
): RematchCause {
  const tried = new Set(candidates.slice(0, limit));
  const kept = order.filter((p) => !candidates.includes(p)).sort((a, b) => a.byes - b.byes || b.rank - a.rank);
  const large = order.length > EXACT_FIELD;
  const players: string[] = [];
  for (const player of kept.slice(0, large ? MAX_BYE_CANDIDATES_LARGE : kept.length)) {
    if (solveEven(order.filter((p) => p !== player), met).rematches > 0) continue;
    players.push(player.id);
    if (large) break;
  }
  if (players.length > 0) return { kind: 'second-bye', players, complete: !large };
  if (tried.size < candidates.length) return { kind: 'search-limit', candidates: tried.size };
  return { kind: 'none-exists' };
}

function present(order: readonly SwissPlayer[], solution: EvenSolution): SwissPairing {
  const pairs = solution.pairs
    .map(([i, j]) => {
      const a = order[i] as SwissPlayer;
      const b = order[j] as SwissPlayer;
      return a.rank <= b.rank ? [a, b] : [b, a];
    })
    .sort(
      ([a1, b1], [a2, b2]) =>
        Math.max(a2!.points, b2!.points) - Math.max(a1!.points, b1!.points) ||
        Math.min(a2!.points, b2!.points) - Math.min(a1!.points, b1!.points) ||
        a1!.rank - a2!.rank,
    )
    .map(([a, b]): [string, string] => [a!.id, b!.id]);
  return { pairs, rematches: solution.rematches, cost: solution.cost };
}

/** Optimal pairing of an even, points-sorted list (see the header for why blocks are exact). */
function solveEven(order: readonly SwissPlayer[], met: (a: string, b: string) => boolean): EvenSolution {
  const n = order.length;
  const points = order.map((p) => p.points);
  const bound = (start: number, end: number): number => {
    let sum = 0;
    for (let k = start; k + 1 < end; k += 2) sum += ((points[k] as number) - (points[k + 1] as number)) ** 2;
    return sum;
  };

  interface Block {
    start: number;
    end: number;
    solved?: BlockSolution;
  }
  const blocks: Block[] = [];
  for (let start = 0; start < n; start += BLOCK) blocks.push({ start, end: Math.min(n, start + BLOCK) });

  for (;;) {
    const index = blocks.findIndex((b) => !b.solved);
    if (index < 0) break;
    const block = blocks[index] as Block;
    const whole = block.start === 0 && block.end === n;
    const solution = solveBlock(order, points, block.start, block.end, met, false);
    const accept =
      solution.perfect && (whole || solution.cost === bound(block.start, block.end) || (n > EXACT_FIELD && block.end - block.start >= LARGE_BLOCK));
    if (accept) {
      block.solved = solution;
    } else if (whole) {
      // No rematch-free pairing exists: the fewest rematches, then the smallest cost.
      block.solved = solveBlock(order, points, 0, n, met, true);
    } else {
      const from = Math.max(0, index - 1);
      const to = Math.min(blocks.length - 1, index + 1);
      const merged: Block = { start: (blocks[from] as Block).start, end: (blocks[to] as Block).end };
      blocks.splice(from, to - from + 1, merged);
    }
  }

  const pairs: [number, number][] = [];
  let rematches = 0;
  let cost = 0;
  for (const block of blocks) {
    const solved = block.solved as BlockSolution;
    pairs.push(...solved.pairs);
    rematches += solved.rematches;
    cost += solved.cost;
  }
  return { pairs, rematches, cost };
}

interface BlockSolution extends EvenSolution {
  perfect: boolean;
}

function solveBlock(
  order: readonly SwissPlayer[],
  points: readonly number[],
  start: number,
  end: number,
  met: (a: string, b: string) => boolean,
  allowRematches: boolean,
): BlockSolution {
  const size = end - start;
  let spread = 0;
  for (let i = start; i < end; i++) spread = Math.max(spread, Math.abs((points[i] as number) - (points[start] as number)));
  // Weights: every pairing's total cost is below `rematchPenalty`, so one rematch outweighs any
  // pair-down total; `base` keeps every weight positive.
  const rematchPenalty = spread * spread * (size / 2) + 1;
  const base = rematchPenalty + spread * spread + 1;
  const edges: WeightedEdge[] = [];
  const rematch = new Set<number>();
  for (let i = start; i < end; i++) {
    const a = (order[i] as SwissPlayer).id;
    for (let j = i + 1; j < end; j++) {
      const isRematch = met(a, (order[j] as SwissPlayer).id);
      if (isRematch && !allowRematches) continue;
      const d = (points[i] as number) - (points[j] as number);
      if (isRematch) rematch.add((i - start) * size + (j - start));
      edges.push([i - start, j - start, base - d * d - (isRematch ? rematchPenalty : 0)]);
    }
  }
  const mate = maxWeightMatching(size, edges, true);
  const pairs: [number, number][] = [];
  let rematches = 0;
  let cost = 0;
  let perfect = true;
  for (let v = 0; v < size; v++) {
    const w = mate[v] as number;
    if (w < 0) {
      perfect = false;
      continue;
    }
    if (w < v) continue;
    pairs.push([start + v, start + w]);
    if (rematch.has(v * size + w)) rematches++;
    cost += ((points[start + v] as number) - (points[start + w] as number)) ** 2;
  }
  return { pairs, rematches, cost, perfect };
}
