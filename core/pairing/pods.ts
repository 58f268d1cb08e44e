/**
 * Multiplayer pod pairing (RULES 2 "Pairing", MSTR/MAMTR 10.4A) as an optimisation, not one greedy
 * pass. Pod sizes are given (largest first, smaller pods at the bottom); players come sorted by
 * standings. The cost, lexicographic in effect through its weights:
 *   1. REPEAT: two players seated together again (never while any arrangement avoids it);
 *   2. SMALLER: a player seated in a smaller pod for the second time (MAMTR, where avoidable);
 *   3. distance from the fill: each pod has a level, the mean points of the players the top-to-bottom
 *      fill puts in it; a player costs (points − level of the pod they sit in)², plus a little for
 *      each pod they moved from their fill pod (k² · DISPLACEMENT, so among players on equal points
 *      the nearest pods win); weighted by the player's place in the standings so the top counts most
 *      (twice the bottom).
 *      Measuring against the fill's levels rather than the spread inside each pod keeps every pod
 *      at its place in the standings: the smaller pods stay at the bottom (10.4A) and the top table
 *      holds the top players, even in the exact search, which a pure spread measure would let put a
 *      smaller pod wherever points happen to be far apart.
 * Start: the top-to-bottom fill. Then repair: every player in a violation is swapped with the player
 * of a nearby pod (widening to the whole field if needed) whose swap lowers the cost most, i.e. the
 * paired-up / paired-down swaps of 10.4A. Violations the repair cannot remove go to a tabu search.
 * Small fields (at most EXHAUSTIVE_LIMIT players) that left the fill are then settled by an exact
 * search over every arrangement, so a repeat is only ever left where no arrangement avoids it and
 * term 3 is the best possible; large ones get a polish (cost-lowering swaps near the pods the repair
 * changed), so nobody stays further from their standing than the hard rules need.
 */
import { createRng } from '../random/rng.js';

export interface PodPlayer {
  id: string;
  /** Match points before this round. */
  points: number;
  /** Smaller pods this player has already sat in. */
  smallerPods: number;
}

export interface PodInput {
  /** Sorted by standings, first = top. */
  players: readonly PodPlayer[];
  /** Pod sizes, top pod first; they add up to players.length. */
  sizes: readonly number[];
  /** The standard pod size n: a pod below it is a smaller pod. */
  podSize: number;
  /** Everyone this player has shared a pod with before. */
  opponentsOf: (id: string) => Iterable<string>;
  /** MAMTR 10.4A: avoid a second smaller pod for anyone. */
  limitSmallerPods: boolean;
  /** Round 1: random pods instead of standings order. */
  random: boolean;
}

export interface PodAssignment {
  /** Player ids per pod, top pod first (members in standings order; seats are decided later). */
  pods: string[][];
  /** Pairs seated together again. */
  repeats: number;
  /** Players in a smaller pod for the second time (counted only when limitSmallerPods). */
  secondSmallerPods: number;
  /** Weighted distance from the fill (term 3). */
  spread: number;
}

const REPEAT = 1e12;
const SMALLER = 1e8;
/** Fields up to this size that had to leave the fill are settled by exhaustive search. */
const EXHAUSTIVE_LIMIT = 16;
/** Tabu search budget when the repair leaves violations (local minima in crowded histories). */
const TABU_ITERATIONS_PER_PLAYER = 400;
const TABU_MAX_ITERATIONS = 40_000;
/** Pods on each side searched for a swap partner in large fields (all pods in small ones). */
const TABU_REACH = 8;
/** Repair passes over the violating players before giving up (each pass can only lower the cost). */
const MAX_PASSES = 50;
/** Polish: pods on each side of a changed pod searched for a cost-lowering swap. */
const POLISH_REACH = 3;
/** Polish: swap evaluations per player at most (it stops earlier when no swap helps). */
const POLISH_EVALUATIONS_PER_PLAYER = 200;
/**
 * Term 3's weight for moving a player k pods from their fill pod (k² · DISPLACEMENT): it only
 * decides between arrangements whose points are equally close, e.g. within a group on equal points.
 */
const DISPLACEMENT = 0.01;
/** Cost changes smaller than this are rounding noise (real changes are at least DISPLACEMENT). */
const NOISE = 1e-3;

export function assignPods(input: PodInput, seed: number): PodAssignment {
  const rng = createRng(seed);
  const n = input.players.length;
  const players = input.random ? rng.shuffle(input.players) : input.players.slice();
  const total = input.sizes.reduce((a, b) => a + b, 0);
  if (total !== n) throw new Error(`pod sizes add up to ${total}, not ${n}`);

  const state = new PodState(players, input);
  state.repair(rng);
  if (state.hardViolations() > 0) state.tabuSearch(rng, Math.min(TABU_MAX_ITERATIONS, TABU_ITERATIONS_PER_PLAYER * n));
  // A small field that had to leave the top-to-bottom fill gets the exact optimum (a violation
  // left, or swaps that may have moved players further than needed); a large one the local polish.
  const changed = !input.random && state.touched.some((t) => t === 1);
  if (n <= EXHAUSTIVE_LIMIT && (state.hardViolations() > 0 || changed)) state.exhaustive();
  else if (changed) state.polish();
  return state.result();
}

class PodState {
  readonly players: readonly PodPlayer[];
  readonly input: PodInput;
  /** adjacency: neighbours met before, by index. */
  readonly metSets: Set<number>[];
  /** pod index of each player; members of each pod. */
  podOf: Int32Array;
  members: number[][];
  readonly weight: number[];
  readonly smaller: boolean[];
  /** Each player's pod in the fill, and each pod's level: the mean points of its fill members. */
  readonly fillPod: Int32Array;
  readonly level: number[];
  /** Pods whose members changed since the top-to-bottom fill (where the polish looks). */
  readonly touched: Uint8Array;

  constructor(players: readonly PodPlayer[], input: PodInput) {
    this.players = players;
    this.input = input;
    const n = players.length;
    this.metSets = players.map(() => new Set<number>());
    // From each player's own (short) history, not a test of every pair: O(n · rounds).
    const index = new Map(players.map((p, i) => [p.id, i]));
    players.forEach((p, i) => {
      for (const other of input.opponentsOf(p.id)) {
        const j = index.get(other);
        if (j !== undefined && j !== i) (this.metSets[i] as Set<number>).add(j);
      }
    });
    this.podOf = new Int32Array(n);
    this.members = [];
    let next = 0;
    input.sizes.forEach((size, pod) => {
      const list: number[] = [];
      for (let k = 0; k < size; k++) {
        list.push(next);
        this.podOf[next] = pod;
        next++;
      }
      this.members.push(list);
    });
    const pods = input.sizes.length;
    this.weight = input.sizes.map((_, pod) => 1 + (pods - pod) / pods);
    this.smaller = input.sizes.map((size) => size < input.podSize);
    this.fillPod = this.podOf.slice();
    this.level = this.members.map((list) => list.reduce((sum, i) => sum + (players[i] as PodPlayer).points, 0) / Math.max(1, list.length));
    this.touched = new Uint8Array(pods);
  }

  /**
   * Term 3 for player i seated in `pod`, weighted by the player's own place in the standings (their
   * fill pod), not by the pod: a pod's weight would make the bottom pods the cheapest place to put
   * anyone who has to move.
   */
  distance(i: number, pod: number): number {
    const home = this.fillPod[i] as number;
    const off = (this.players[i] as PodPlayer).points - (this.level[pod] as number);
    const moved = home - pod;
    return (this.weight[home] as number) * (off * off + DISPLACEMENT * moved * moved);
  }

  /** Cost of one pod with `members`. */
  podCost(pod: number, members: readonly number[]): number {
    let repeats = 0;
    let distance = 0;
    let smallerRepeats = 0;
    for (let x = 0; x < members.length; x++) {
      const i = members[x] as number;
      distance += this.distance(i, pod);
      const seen = this.metSets[i] as Set<number>;
      for (let y = x + 1; y < members.length; y++) if (seen.has(members[y] as number)) repeats++;
      if (this.smaller[pod] && this.input.limitSmallerPods && (this.players[i] as PodPlayer).smallerPods > 0) smallerRepeats++;
    }
    return REPEAT * repeats + SMALLER * smallerRepeats + distance;
  }

  /** Does player i violate a hard rule where it sits? */
  violates(i: number): boolean {
    const pod = this.podOf[i] as number;
    if (this.smaller[pod] && this.input.limitSmallerPods && (this.players[i] as PodPlayer).smallerPods > 0) return true;
    const seen = this.metSets[i] as Set<number>;
    for (const j of this.members[pod] as number[]) if (j !== i && seen.has(j)) return true;
    return false;
  }

  hardViolations(): number {
    let count = 0;
    for (let i = 0; i < this.players.length; i++) if (this.violates(i)) count++;
    return count;
  }

  /** Cost change of swapping players i and j (in different pods). */
  swapDelta(i: number, j: number): number {
    return this.seatDelta(this.podOf[i] as number, i, j) + this.seatDelta(this.podOf[j] as number, j, i);
  }

  /**
   * Cost change of pod `pod` when its member `out` leaves and `inn` (from another pod) takes the
   * seat: only the terms of those two players change, so no pod is re-costed.
   */
  seatDelta(pod: number, out: number, inn: number): number {
    const metOut = this.metSets[out] as Set<number>;
    const metIn = this.metSets[inn] as Set<number>;
    let repeats = 0;
    for (const x of this.members[pod] as number[]) {
      if (x === out) continue;
      if (metIn.has(x)) repeats++;
      if (metOut.has(x)) repeats--;
    }
    let smallerRepeats = 0;
    if (this.smaller[pod] && this.input.limitSmallerPods)
      smallerRepeats = ((this.players[inn] as PodPlayer).smallerPods > 0 ? 1 : 0) - ((this.players[out] as PodPlayer).smallerPods > 0 ? 1 : 0);
    return REPEAT * repeats + SMALLER * smallerRepeats + this.distance(inn, pod) - this.distance(out, pod);
  }

  swap(i: number, j: number): void {
    const p = this.podOf[i] as number;
    const q = this.podOf[j] as number;
    this.members[p] = (this.members[p] as number[]).map((x) => (x === i ? j : x));
    this.members[q] = (this.members[q] as number[]).map((x) => (x === j ? i : x));
    this.podOf[i] = q;
    this.podOf[j] = p;
    this.touched[p] = 1;
    this.touched[q] = 1;
  }

  /** Swap violating players with the best partner nearby, widening the search until it helps. */
  repair(rng: ReturnType<typeof createRng>): void {
    const pods = this.members.length;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const violating: number[] = [];
      for (let i = 0; i < this.players.length; i++) if (this.violates(i)) violating.push(i);
      if (violating.length === 0) return;
      let improved = false;
      for (const i of rng.shuffle(violating)) {
        if (!this.violates(i)) continue;
        const home = this.podOf[i] as number;
        let best = 0;
        let bestJ = -1;
        for (let reach = 1; reach <= pods && bestJ < 0; reach *= 2) {
          const from = Math.max(0, home - reach);
          const to = Math.min(pods - 1, home + reach);
          for (let q = from; q <= to; q++) {
            if (q === home) continue;
            for (const j of this.members[q] as number[]) {
              const delta = this.swapDelta(i, j);
              if (delta < best) {
                best = delta;
                bestJ = j;
              }
            }
          }
          if (reach >= pods) break;
        }
        if (bestJ >= 0) {
          this.swap(i, bestJ);
          improved = true;
        }
      }
      if (!improved) return;
    }
  }

  /**
   * Polish: repair and tabu search stop once the hard rules hold, and their swaps (tabu's uphill
   * ones especially) can leave players further from their standings than needed. Around every pod
   * they changed, take any swap with a pod up to POLISH_REACH away that lowers the cost (so it
   * never adds a repeat or a second smaller pod, and brings the pods closer to the top-to-bottom
   * fill) until none is left or the budget is spent. Pods the fill made and nothing changed stay.
   */
  polish(): void {
    const pods = this.members.length;
    const queue: number[] = [];
    const queued = new Uint8Array(pods);
    const enqueue = (p: number): void => {
      if (!queued[p]) {
        queued[p] = 1;
        queue.push(p);
      }
    };
    for (let p = pods - 1; p >= 0; p--) if (this.touched[p]) enqueue(p);
    let budget = POLISH_EVALUATIONS_PER_PLAYER * this.players.length;
    // Without violations no accepted swap adds one, so a swap can only help if one of the two
    // players is away from their place (a distance above zero): the others need no look.
    const clean = this.hardViolations() === 0;
    while (queue.length > 0 && budget > 0) {
      const p = queue.pop() as number;
      queued[p] = 0;
      let swapped = false;
      const from = Math.max(0, p - POLISH_REACH);
      const to = Math.min(pods - 1, p + POLISH_REACH);
      for (let q = from; q <= to && !swapped; q++) {
        if (q === p) continue;
        for (const i of this.members[p] as number[]) {
          const settledI = clean && this.distance(i, p) === 0;
          for (const j of this.members[q] as number[]) {
            if (settledI && this.distance(j, q) === 0) continue;
            budget--;
            if (this.swapDelta(i, j) < -NOISE) {
              this.swap(i, j);
              enqueue(q);
              enqueue(p);
              swapped = true;
              break;
            }
          }
          if (swapped) break;
        }
      }
    }
  }

  totalCost(): number {
    let total = 0;
    for (let p = 0; p < this.members.length; p++) total += this.podCost(p, this.members[p] as number[]);
    return total;
  }

  /**
   * Tabu search: move a random violating player to the best swap available, even an uphill one,
   * never undoing a recent move; keep the best arrangement seen. Escapes the local minima that
   * plain repair stops in when histories are crowded (small fields, late rounds).
   */
  tabuSearch(rng: ReturnType<typeof createRng>, iterations: number): void {
    const n = this.players.length;
    const pods = this.members.length;
    const tabuUntil = new Int32Array(n);
    let current = this.totalCost();
    let bestCost = current;
    let best = this.members.map((m) => m.slice());
    for (let iteration = 1; iteration <= iterations; iteration++) {
      const violating: number[] = [];
      for (let i = 0; i < n; i++) if (this.violates(i)) violating.push(i);
      if (violating.length === 0) break;
      const i = violating[rng.int(0, violating.length - 1)] as number;
      const home = this.podOf[i] as number;
      const from = pods <= 2 * TABU_REACH + 1 ? 0 : Math.max(0, home - TABU_REACH);
      const to = pods <= 2 * TABU_REACH + 1 ? pods - 1 : Math.min(pods - 1, home + TABU_REACH);
      let bestDelta = Infinity;
      let bestJ = -1;
      for (let q = from; q <= to; q++) {
        if (q === home) continue;
        for (const j of this.members[q] as number[]) {
          const delta = this.swapDelta(i, j);
          const allowed = tabuUntil[j]! < iteration || current + delta < bestCost;
          if (allowed && (delta < bestDelta || (delta === bestDelta && rng.int(0, 1) === 0))) {
            bestDelta = delta;
            bestJ = j;
          }
        }
      }
      if (bestJ < 0) continue;
      this.swap(i, bestJ);
      current += bestDelta;
      const tenure = 3 + rng.int(0, 7);
      tabuUntil[i] = iteration + tenure;
      tabuUntil[bestJ] = iteration + tenure;
      if (current < bestCost - 1e-6) {
        bestCost = current;
        best = this.members.map((m) => m.slice());
      }
    }
    this.members = best;
    best.forEach((members, pod) => {
      for (const x of members) this.podOf[x] = pod;
    });
  }

  /**
   * Exhaustive search over every arrangement of a small field (at most EXHAUSTIVE_LIMIT players),
   * exact for the whole cost: fewest repeats, then fewest second smaller pods, then spread. Pods are
   * filled in order (pod 0 first), so the players still to seat decide which pod comes next, and the
   * best completion of a set of unseated players is computed once (a table over the 2^n subsets).
   * Every choice of members for the next pod is tried: pods of different sizes and levels are not
   * interchangeable, so no player can be pinned to a pod.
   */
  exhaustive(): void {
    const n = this.players.length;
    if (n > 20) throw new Error('exhaustive pod search is for small fields only');
    const sizes = this.input.sizes;
    const podAt = new Int32Array(n + 1).fill(-1);
    let offset = 0;
    sizes.forEach((size, pod) => {
      podAt[offset] = pod;
      offset += size;
    });
    const metMask = this.metSets.map((set) => {
      let mask = 0;
      for (const j of set) mask |= 1 << j;
      return mask;
    });
    let veterans = 0;
    if (this.input.limitSmallerPods) this.players.forEach((p, i) => (veterans |= p.smallerPods > 0 ? 1 << i : 0));
    const full = (1 << n) - 1;
    const best = new Float64Array(1 << n).fill(Number.NaN);
    const choice = new Int32Array(1 << n);

    const cost = (pod: number, set: number, members: readonly number[]): number => {
      let repeats = 0;
      let distance = 0;
      for (const i of members) {
        repeats += popcount((metMask[i] as number) & set);
        distance += this.distance(i, pod);
      }
      const smallerRepeats = this.smaller[pod] ? popcount(veterans & set) : 0;
      return REPEAT * (repeats / 2) + SMALLER * smallerRepeats + distance;
    };

    const solve = (mask: number): number => {
      if (mask === 0) return 0;
      const known = best[mask] as number;
      if (!Number.isNaN(known)) return known;
      const pod = podAt[n - popcount(mask)] as number;
      const size = sizes[pod] as number;
      const free: number[] = [];
      for (let i = 0; i < n; i++) if (mask & (1 << i)) free.push(i);
      let bestCost = Infinity;
      let bestSet = 0;
      const members: number[] = [];
      const choose = (from: number, set: number): void => {
        if (members.length === size) {
          const total = cost(pod, set, members) + solve(mask & ~set);
          if (total < bestCost) {
            bestCost = total;
            bestSet = set;
          }
          return;
        }
        for (let x = from; x <= free.length - (size - members.length); x++) {
          const i = free[x] as number;
          members.push(i);
          choose(x + 1, set | (1 << i));
          members.pop();
        }
      };
      choose(0, 0);
      best[mask] = bestCost;
      choice[mask] = bestSet;
      return bestCost;
    };

    const optimum = solve(full);
    if (!(optimum < this.totalCost())) return;
    const members: number[][] = [];
    let mask = full;
    for (let pod = 0; pod < sizes.length; pod++) {
      const set = choice[mask] as number;
      const list: number[] = [];
      for (let i = 0; i < n; i++) if (set & (1 << i)) list.push(i);
      members.push(list);
      mask &= ~set;
    }
    this.members = members;
    members.forEach((list, pod) => {
      for (const i of list) this.podOf[i] = pod;
    });
  }

  result(): PodAssignment {
    let repeats = 0;
    let secondSmallerPods = 0;
    let spread = 0;
    const pods = this.members.map((members, pod) => {
      const sorted = members.slice().sort((a, b) => a - b);
      let distance = 0;
      for (let x = 0; x < sorted.length; x++) {
        const i = sorted[x] as number;
        const p = this.players[i] as PodPlayer;
        distance += this.distance(i, pod);
        for (let y = x + 1; y < sorted.length; y++) if ((this.metSets[i] as Set<number>).has(sorted[y] as number)) repeats++;
        if (this.smaller[pod] && this.input.limitSmallerPods && p.smallerPods > 0) secondSmallerPods++;
      }
      spread += distance;
      return sorted.map((i) => (this.players[i] as PodPlayer).id);
    });
    return { pods, repeats, secondSmallerPods, spread };
  }
}

/** Set bits of a 32-bit integer. */
function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
