/**
 * Multiplayer pod pairing (RULES 2 "Pairing", MSTR/MAMTR 10.4A) as an optimisation, not one greedy
 * pass. Pod sizes are given (largest first, smaller pods at the bottom); players come sorted by
 * standings. The cost, lexicographic in effect through its weights:
 *   1. REPEAT: two players seated together again (never while any arrangement avoids it);
 *   2. SMALLER: a player seated in a smaller pod for the second time (MAMTR, where avoidable);
 *   3. spread: inside each pod the sum over pairs of (point difference)², weighted so the top of the
 *      standings counts most (twice the bottom), which is what "top to bottom" fill protects.
 * Start: the top-to-bottom fill. Then repair: every player in a violation is swapped with the player
 * of a nearby pod (widening to the whole field if needed) whose swap lowers the cost most, i.e. the
 * paired-up / paired-down swaps of 10.4A. Small fields that stay in violation are settled by an
 * exhaustive search, so a repeat is only ever left where no arrangement avoids it.
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
  /** Weighted spread cost (term 3). */
  spread: number;
}

const REPEAT = 1e12;
const SMALLER = 1e8;
/** Fields up to this size left with violations are settled by exhaustive search. */
const EXHAUSTIVE_LIMIT = 16;
/** Tabu search budget when the repair leaves violations (local minima in crowded histories). */
const TABU_ITERATIONS_PER_PLAYER = 400;
const TABU_MAX_ITERATIONS = 40_000;
/** Pods on each side searched for a swap partner in large fields (all pods in small ones). */
const TABU_REACH = 8;
/** Repair passes over the violating players before giving up (each pass can only lower the cost). */
const MAX_PASSES = 50;

export function assignPods(input: PodInput, seed: number): PodAssignment {
  const rng = createRng(seed);
  const n = input.players.length;
  const players = input.random ? rng.shuffle(input.players) : input.players.slice();
  const total = input.sizes.reduce((a, b) => a + b, 0);
  if (total !== n) throw new Error(`pod sizes add up to ${total}, not ${n}`);

  const state = new PodState(players, input);
  state.repair(rng);
  if (state.hardViolations() > 0) state.tabuSearch(rng, Math.min(TABU_MAX_ITERATIONS, TABU_ITERATIONS_PER_PLAYER * n));
  if (n <= EXHAUSTIVE_LIMIT && state.hardViolations() > 0) state.exhaustive();
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
  }

  /** Cost of one pod with `members`. */
  podCost(pod: number, members: readonly number[]): number {
    let repeats = 0;
    let sum = 0;
    let sumSq = 0;
    let smallerRepeats = 0;
    for (let x = 0; x < members.length; x++) {
      const i = members[x] as number;
      const pts = (this.players[i] as PodPlayer).points;
      sum += pts;
      sumSq += pts * pts;
      const seen = this.metSets[i] as Set<number>;
      for (let y = x + 1; y < members.length; y++) if (seen.has(members[y] as number)) repeats++;
      if (this.smaller[pod] && this.input.limitSmallerPods && (this.players[i] as PodPlayer).smallerPods > 0) smallerRepeats++;
    }
    const spread = members.length * sumSq - sum * sum;
    return REPEAT * repeats + SMALLER * smallerRepeats + (this.weight[pod] as number) * spread;
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
    const p = this.podOf[i] as number;
    const q = this.podOf[j] as number;
    const mp = this.members[p] as number[];
    const mq = this.members[q] as number[];
    const before = this.podCost(p, mp) + this.podCost(q, mq);
    const np = mp.map((x) => (x === i ? j : x));
    const nq = mq.map((x) => (x === j ? i : x));
    return this.podCost(p, np) + this.podCost(q, nq) - before;
  }

  swap(i: number, j: number): void {
    const p = this.podOf[i] as number;
    const q = this.podOf[j] as number;
    this.members[p] = (this.members[p] as number[]).map((x) => (x === i ? j : x));
    this.members[q] = (this.members[q] as number[]).map((x) => (x === j ? i : x));
    this.podOf[i] = q;
    this.podOf[j] = p;
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

  /** Exhaustive search over all arrangements of a small field: fewest violations, then spread. */
  exhaustive(): void {
    const n = this.players.length;
    const sizes = this.input.sizes;
    let bestCost = 0;
    for (let p = 0; p < this.members.length; p++) bestCost += this.podCost(p, this.members[p] as number[]);
    let best = this.members.map((m) => m.slice());
    const used = new Uint8Array(n);
    const current: number[][] = sizes.map(() => []);
    const search = (pod: number, costSoFar: number): void => {
      if (costSoFar >= bestCost) return;
      if (pod === sizes.length) {
        bestCost = costSoFar;
        best = current.map((m) => m.slice());
        return;
      }
      const members = current[pod] as number[];
      if (members.length === sizes[pod]) {
        search(pod + 1, costSoFar + this.podCost(pod, members));
        return;
      }
      // Members in increasing index order; an empty pod starts with the lowest unused player when
      // it has the same size as the previous pod (pods of equal size are interchangeable).
      const start = members.length > 0 ? (members[members.length - 1] as number) + 1 : 0;
      for (let i = start; i < n; i++) {
        if (used[i]) continue;
        if (members.length === 0 && pod > 0 && sizes[pod] === sizes[pod - 1]) {
          const previousFirst = (current[pod - 1] as number[])[0] as number;
          if (i < previousFirst) continue;
        }
        used[i] = 1;
        members.push(i);
        const partial = REPEAT * this.repeatsWithin(members) ;
        if (costSoFar + partial < bestCost) search(pod, costSoFar);
        members.pop();
        used[i] = 0;
        // The first member of a pod is the lowest unused index: no other choice can come first.
        if (members.length === 0) break;
      }
    };
    search(0, 0);
    this.members = best;
    best.forEach((members, pod) => {
      for (const i of members) this.podOf[i] = pod;
    });
  }

  repeatsWithin(members: readonly number[]): number {
    let repeats = 0;
    const last = members[members.length - 1] as number;
    const seen = this.metSets[last] as Set<number>;
    for (let x = 0; x < members.length - 1; x++) if (seen.has(members[x] as number)) repeats++;
    return repeats;
  }

  result(): PodAssignment {
    let repeats = 0;
    let secondSmallerPods = 0;
    let spread = 0;
    const pods = this.members.map((members, pod) => {
      const sorted = members.slice().sort((a, b) => a - b);
      let sum = 0;
      let sumSq = 0;
      for (let x = 0; x < sorted.length; x++) {
        const i = sorted[x] as number;
        const p = this.players[i] as PodPlayer;
        sum += p.points;
        sumSq += p.points * p.points;
        for (let y = x + 1; y < sorted.length; y++) if ((this.metSets[i] as Set<number>).has(sorted[y] as number)) repeats++;
        if (this.smaller[pod] && this.input.limitSmallerPods && p.smallerPods > 0) secondSmallerPods++;
      }
      spread += (this.weight[pod] as number) * (sorted.length * sumSq - sum * sum);
      return sorted.map((i) => (this.players[i] as PodPlayer).id);
    });
    return { pods, repeats, secondSmallerPods, spread };
  }
}
