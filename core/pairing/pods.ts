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
 */
import { createRng, type Rng } from '../random/rng.js';

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

/** The objective's terms (see the header), smaller is better, compared in this order. */
export interface PodObjective {
  repeats: number;
  /** Counted only when limitSmallerPods. */
  secondSmallerPods: number;
  moved: number;
  pointsMoved: number;
  podsMoved: number;
}

export interface PodAssignment {
  /** Player ids per pod, top pod first (members in standings order; seats are decided later). */
  pods: string[][];
  objective: PodObjective;
}

const TERMS = ['repeats', 'secondSmallerPods', 'moved', 'pointsMoved', 'podsMoved'] as const;

/** Negative when a is the better arrangement, 0 when equal, positive when worse. */
export function compareObjectives(a: PodObjective, b: PodObjective): number {
  for (const term of TERMS) if (a[term] !== b[term]) return a[term] - b[term];
  return 0;
}

/** Fields up to this size that had to leave the fill are settled by exhaustive search. */
const EXHAUSTIVE_LIMIT = 16;
/** Repair passes over the violating players before giving up (each pass can only lower the cost). */
const MAX_PASSES = 50;
const SWAP_REPAIR_PASSES = 100;
/**
 * Fields up to this size also try the fill repaired by single swaps (O(n²) a pass). Above it the
 * score-group search is far ahead anyway (a measured round 9 at 2,048 players: the plain repair
 * moved 108 players by 1,106 points, the score-group search 6 by 20).
 */
const SWAP_REPAIR_LIMIT = 600;
/**
 * Tabu search budget, in swap evaluations, when the repairs leave violations (local minima in
 * crowded histories): per player of the field, and at most.
 */
const TABU_EVALUATIONS_PER_PLAYER = 400;
const TABU_MAX_EVALUATIONS = 1_000_000;
/**
 * The free tabu search (equal points only) gets FREE_TABU_EVALUATIONS · g² evaluations for the
 * score groups g of the players it must help, at most the cap given (smaller inside a layout trial).
 */
const FREE_TABU_EVALUATIONS = 50;
const FREE_TABU_MAX_EVALUATIONS = 60_000;
const LAYOUT_TRIAL_EVALUATIONS = 3_000;
/** Layout repair: pods around a violation where seats may change points; trials per step. */
const LAYOUT_REACH = 3;
const LAYOUT_TRIALS = 12;
/** Pods on each side searched for a tabu swap partner in large fields (all pods in small ones). */
const TABU_REACH = 8;
/** Three-way moves: pods on each side of a player's place and of the nearest pod of their points. */
const CYCLE_REACH = 3;
/** Polish: pods on each side of a player's place (and of the nearest pod of their points). */
const POLISH_REACH = 3;
/** Polish: swap evaluations per player at most. */
const POLISH_EVALUATIONS_PER_PLAYER = 400;
/** Polish: chains tried per pass (each a swap back plus free swaps for whoever it troubles). */
const POLISH_CHAINS_PER_PASS = 64;

export function assignPods(input: PodInput, seed: number): PodAssignment {
  const rng = createRng(seed);
  const players = input.random ? rng.shuffle(input.players) : input.players.slice();
  const total = input.sizes.reduce((a, b) => a + b, 0);
  if (total !== players.length) throw new Error(`pod sizes add up to ${total}, not ${players.length}`);
  const state = new PodState(players, input);
  if (state.violators().length === 0) return state.result();
  if (players.length <= EXHAUSTIVE_LIMIT) {
    state.exhaustive();
    return state.result();
  }
  // Two searches from the fill, the better kept: score groups first (free solve, then layout
  // changes), and, in fields small enough for its n² cost, plain single swaps (the repair 10.4A
  // describes, and the baseline the proposal must never lose to); each then finished and polished.
  const fill = state.snapshot();
  state.freeSolve(rng, FREE_TABU_MAX_EVALUATIONS);
  if (state.violators().length > 0) state.layoutRepair(rng);
  state.finish(rng);
  if (players.length > SWAP_REPAIR_LIMIT || (state.total[0] === 0 && state.total[1] === 0 && state.total[2] === 0)) return state.result();
  const first = state.total.slice();
  const kept = state.snapshot();
  state.arrange(fill);
  state.swapRepair();
  state.finish(rng);
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

class PodState {
  readonly n: number;
  readonly ids: readonly string[];
  readonly pts: Float64Array;
  /** Index of each player's points among the distinct points values. */
  readonly value: Int32Array;
  /** Players on each points value. */
  readonly playersOf: number[][];
  /** 1 = this player's seat in a smaller pod counts against term 2. */
  readonly veteran: Uint8Array;
  readonly met: Set<number>[];
  readonly sizes: readonly number[];
  readonly smaller: Uint8Array;
  /** Fill pods holding each points value, ascending (for term 5). */
  readonly podsWith: Int32Array[];
  /** Each pod's fill points and current points, sorted ascending; its terms 3 and 4. */
  readonly fillPts: Float64Array[];
  curPts: Float64Array[];
  moved: Int32Array;
  pointsMoved: Float64Array;
  podOf: Int32Array;
  members: number[][];
  /** Weights that make one swap's change of the terms compare lexicographically as one number. */
  readonly wR: number;
  readonly wS: number;
  readonly wM: number;
  readonly wD: number;
  /** Scratch: the last delta's terms (repeats, smaller, moved, points, pods). */
  readonly last = new Float64Array(5);
  /** The objective's terms of the current arrangement, kept up to date by every swap. */
  readonly total = new Float64Array(5);
  /** Every swap since the last arrange(), as pairs: a search rolls back to a mark of it. */
  private readonly journal: number[] = [];
  private readonly scratch: Float64Array;
  private tmpMoved = 0;
  private tmpPoints = 0;

  constructor(players: readonly PodPlayer[], input: PodInput) {
    const n = players.length;
    this.n = n;
    this.ids = players.map((p) => p.id);
    this.sizes = input.sizes;
    this.pts = Float64Array.from(players, (p) => p.points);
    const values = [...new Set(players.map((p) => p.points))].sort((a, b) => b - a);
    const valueIndex = new Map(values.map((v, k) => [v, k]));
    this.value = Int32Array.from(players, (p) => valueIndex.get(p.points) as number);
    this.playersOf = values.map(() => []);
    for (let i = 0; i < n; i++) (this.playersOf[this.value[i] as number] as number[]).push(i);
    this.veteran = Uint8Array.from(players, (p) => (input.limitSmallerPods && p.smallerPods > 0 ? 1 : 0));
    this.met = players.map(() => new Set<number>());
    // From each player's own (short) history, not a test of every pair: O(n · rounds).
    const index = new Map(players.map((p, i) => [p.id, i]));
    players.forEach((p, i) => {
      for (const other of input.opponentsOf(p.id)) {
        const j = index.get(other);
        if (j !== undefined && j !== i) {
          (this.met[i] as Set<number>).add(j);
          (this.met[j] as Set<number>).add(i);
        }
      }
    });
    const pods = input.sizes.length;
    this.smaller = Uint8Array.from(input.sizes, (size) => (size < input.podSize ? 1 : 0));
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
    this.fillPts = this.members.map((list) => Float64Array.from(list, (i) => this.pts[i] as number).sort());
    const podsWith: number[][] = values.map(() => []);
    this.members.forEach((list, pod) => {
      for (const i of list) {
        const seen = podsWith[this.value[i] as number] as number[];
        if (seen[seen.length - 1] !== pod) seen.push(pod);
      }
    });
    this.podsWith = podsWith.map((list) => Int32Array.from(list));
    this.curPts = this.fillPts.map((a) => a.slice());
    this.moved = new Int32Array(pods);
    this.pointsMoved = new Float64Array(pods);
    this.scratch = new Float64Array(Math.max(1, ...input.sizes));
    const range = values.length > 0 ? (values[0] as number) - (values[values.length - 1] as number) : 0;
    // One swap changes term 5 by at most 4(pods − 1), term 4 by at most 2 · range, term 3 by at
    // most 2, term 2 by at most 2: each weight exceeds everything below it can add up to.
    this.wD = 4 * pods + 1;
    this.wM = (2 * range + 2) * this.wD;
    this.wS = 5 * this.wM;
    this.wR = 3 * this.wS;
    this.total.set(objectiveTerms(this.objective()));
  }

  /** Term 5 for points value v seated in `pod`: pods to the nearest fill pod holding v. */
  dist(v: number, pod: number): number {
    const list = this.podsWith[v] as Int32Array;
    let lo = 0;
    let hi = list.length - 1;
    if (pod <= (list[0] as number)) return (list[0] as number) - pod;
    if (pod >= (list[hi] as number)) return pod - (list[hi] as number);
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] as number) <= pod) lo = mid;
      else hi = mid;
    }
    return Math.min(pod - (list[lo] as number), (list[hi] as number) - pod);
  }

  /** The fill pod holding points value v nearest to `pod`. */
  nearestPod(v: number, pod: number): number {
    const d = this.dist(v, pod);
    const list = this.podsWith[v] as Int32Array;
    return pod - d >= 0 && list.includes(pod - d) ? pod - d : pod + d;
  }

  /** Terms 3 and 4 of a pod's sorted points against its fill: into tmpMoved, tmpPoints. */
  private measure(pod: number, sorted: Float64Array, length: number): void {
    const fill = this.fillPts[pod] as Float64Array;
    let points = 0;
    let same = 0;
    for (let k = 0; k < length; k++) points += Math.abs((sorted[k] as number) - (fill[k] as number));
    for (let a = 0, b = 0; a < length && b < length; ) {
      const x = sorted[a] as number;
      const y = fill[b] as number;
      if (x === y) {
        same++;
        a++;
        b++;
      } else if (x < y) a++;
      else b++;
    }
    this.tmpMoved = length - same;
    this.tmpPoints = points;
  }

  /** Terms 3 and 4 of `pod` if a player on points `out` left it and one on `inn` took the seat. */
  private measureReplaced(pod: number, out: number, inn: number): void {
    const cur = this.curPts[pod] as Float64Array;
    const s = this.scratch;
    let k = 0;
    let removed = false;
    let placed = false;
    for (let a = 0; a < cur.length; a++) {
      const x = cur[a] as number;
      if (!removed && x === out) {
        removed = true;
        continue;
      }
      if (!placed && inn <= x) {
        s[k++] = inn;
        placed = true;
      }
      s[k++] = x;
    }
    if (!placed) s[k++] = inn;
    this.measure(pod, s, k);
  }

  /** Re-sort one pod's current points and its terms 3 and 4 after its members changed. */
  private remeasure(pod: number): void {
    const list = this.members[pod] as number[];
    const cur = this.curPts[pod] as Float64Array;
    for (let k = 0; k < list.length; k++) cur[k] = this.pts[list[k] as number] as number;
    cur.sort();
    this.measure(pod, cur, cur.length);
    this.moved[pod] = this.tmpMoved;
    this.pointsMoved[pod] = this.tmpPoints;
  }

  /** Seat everyone as given (pods of player indexes in table order). */
  arrange(pods: readonly (readonly number[])[]): void {
    this.members = pods.map((pod) => pod.slice());
    this.members.forEach((list, pod) => {
      for (const i of list) this.podOf[i] = pod;
      this.remeasure(pod);
    });
    this.total.set(objectiveTerms(this.objective()));
    this.journal.length = 0;
  }

  snapshot(): number[][] {
    return this.members.map((m) => m.slice());
  }

  /** A point in the journal to roll back to. */
  mark(): number {
    return this.journal.length;
  }

  /** Undo every swap made since `mark`. */
  rollback(mark: number): void {
    while (this.journal.length > mark) {
      const j = this.journal.pop() as number;
      const i = this.journal.pop() as number;
      this.account(i, j);
      this.exchange(i, j);
    }
  }

  /**
   * The change of the objective if players i and j (in different pods) swapped, as one number
   * whose sign and order are those of the terms compared lexicographically; the terms themselves
   * are left in `last`.
   */
  delta(i: number, j: number): number {
    const p = this.podOf[i] as number;
    const q = this.podOf[j] as number;
    const metI = this.met[i] as Set<number>;
    const metJ = this.met[j] as Set<number>;
    let repeats = 0;
    for (const x of this.members[p] as number[]) {
      if (x === i) continue;
      if (metJ.has(x)) repeats++;
      if (metI.has(x)) repeats--;
    }
    for (const y of this.members[q] as number[]) {
      if (y === j) continue;
      if (metI.has(y)) repeats++;
      if (metJ.has(y)) repeats--;
    }
    let smaller = 0;
    const vi = this.veteran[i] as number;
    const vj = this.veteran[j] as number;
    if (this.smaller[p]) smaller += vj - vi;
    if (this.smaller[q]) smaller += vi - vj;
    const last = this.last;
    last[0] = repeats;
    last[1] = smaller;
    const pi = this.pts[i] as number;
    const pj = this.pts[j] as number;
    if (pi === pj) {
      last[2] = 0;
      last[3] = 0;
      last[4] = 0;
      return repeats * this.wR + smaller * this.wS;
    }
    this.measureReplaced(p, pi, pj);
    let moved = this.tmpMoved - (this.moved[p] as number);
    let points = this.tmpPoints - (this.pointsMoved[p] as number);
    this.measureReplaced(q, pj, pi);
    moved += this.tmpMoved - (this.moved[q] as number);
    points += this.tmpPoints - (this.pointsMoved[q] as number);
    const a = this.value[i] as number;
    const b = this.value[j] as number;
    const pods = this.dist(b, p) + this.dist(a, q) - this.dist(a, p) - this.dist(b, q);
    last[2] = moved;
    last[3] = points;
    last[4] = pods;
    return repeats * this.wR + smaller * this.wS + moved * this.wM + points * this.wD + pods;
  }

  /** Swap players i and j (in different pods), keeping the totals and the journal. */
  swap(i: number, j: number): void {
    this.account(i, j);
    this.exchange(i, j);
    this.journal.push(i, j);
  }

  private account(i: number, j: number): void {
    this.delta(i, j);
    for (let k = 0; k < 5; k++) this.total[k] = (this.total[k] as number) + (this.last[k] as number);
  }

  private exchange(i: number, j: number): void {
    const p = this.podOf[i] as number;
    const q = this.podOf[j] as number;
    const mp = this.members[p] as number[];
    const mq = this.members[q] as number[];
    mp[mp.indexOf(i)] = j;
    mq[mq.indexOf(j)] = i;
    this.podOf[i] = q;
    this.podOf[j] = p;
    if (this.pts[i] !== this.pts[j]) {
      this.remeasure(p);
      this.remeasure(q);
    }
  }

  /** Does player i break a rule where it sits (terms 1 and 2)? */
  violates(i: number): boolean {
    const pod = this.podOf[i] as number;
    if (this.smaller[pod] && this.veteran[i]) return true;
    const seen = this.met[i] as Set<number>;
    for (const j of this.members[pod] as number[]) if (j !== i && seen.has(j)) return true;
    return false;
  }

  /** What player i breaks where it sits, weighted as in delta(). */
  trouble(i: number): number {
    const pod = this.podOf[i] as number;
    const seen = this.met[i] as Set<number>;
    let repeats = 0;
    for (const j of this.members[pod] as number[]) if (j !== i && seen.has(j)) repeats++;
    return repeats * this.wR + (this.smaller[pod] && this.veteran[i] ? this.wS : 0);
  }

  violators(): number[] {
    const list: number[] = [];
    for (let i = 0; i < this.n; i++) if (this.violates(i)) list.push(i);
    return list;
  }

  /**
   * Swap each violating player with the partner that lowers the objective most. `free`: only
   * players on the same points (terms 3–5 cannot change); otherwise anyone. Passes repeat while
   * they help.
   */
  repair(rng: Rng, free: boolean): void {
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const violating = this.violators();
      if (violating.length === 0) return;
      let improved = false;
      for (const i of rng.shuffle(violating)) {
        if (!this.violates(i)) continue;
        const home = this.podOf[i] as number;
        let best = 0;
        let bestJ = -1;
        const candidates = free ? (this.playersOf[this.value[i] as number] as number[]) : undefined;
        if (candidates) {
          // A swap that clears everything i breaks and adds nothing is as good as any: take it.
          const enough = -this.trouble(i);
          for (const j of candidates) {
            if (this.podOf[j] === home) continue;
            const d = this.delta(i, j);
            if (d < best) {
              best = d;
              bestJ = j;
              if (d <= enough) break;
            }
          }
        } else {
          // Everyone; but a free swap that clears all i breaks is as good as a single swap gets
          // for i, so the same points are tried first and end the search when one does.
          const enough = -this.trouble(i);
          for (const j of this.playersOf[this.value[i] as number] as number[]) {
            if (this.podOf[j] === home) continue;
            const d = this.delta(i, j);
            if (d < best) {
              best = d;
              bestJ = j;
            }
          }
          if (best > enough)
            for (let j = 0; j < this.n; j++) {
              if (this.podOf[j] === home || this.value[j] === this.value[i]) continue;
              const d = this.delta(i, j);
              if (d < best) {
                best = d;
                bestJ = j;
              }
            }
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
   * The fill repaired by single swaps, deterministically: in standings order, each player breaking a
   * rule at its turn takes the single swap with anyone (the first found, in standings order, among
   * equals) that lowers the objective most; passes repeat while one changes anything. The proposal
   * is never worse than this, whatever the other search finds.
   */
  swapRepair(): void {
    for (let pass = 0; pass < SWAP_REPAIR_PASSES; pass++) {
      let changed = false;
      for (let i = 0; i < this.n; i++) {
        if (!this.violates(i)) continue;
        const home = this.podOf[i] as number;
        let best = 0;
        let bestJ = -1;
        for (let j = 0; j < this.n; j++) {
          if (this.podOf[j] === home) continue;
          const d = this.delta(i, j);
          if (d < best) {
            best = d;
            bestJ = j;
          }
        }
        if (bestJ >= 0) {
          this.swap(i, bestJ);
          changed = true;
        }
      }
      if (!changed) return;
    }
  }

  /**
   * Whatever is left after a search's own start: three-way moves, single-swap repair, a tabu search
   * for violations those cannot remove, the groups arranged again; then the polish.
   */
  finish(rng: Rng): void {
    if (this.violators().length > 0) {
      this.cycleRepair(rng);
      this.repair(rng, false);
      if (this.violators().length > 0) this.tabuSearch(rng, false, Math.min(TABU_MAX_EVALUATIONS, TABU_EVALUATIONS_PER_PLAYER * this.n));
      this.freeSolve(rng, FREE_TABU_MAX_EVALUATIONS);
    }
    this.polish(rng);
  }

  /**
   * Near the top of the standings players have met most of the players around them, and a player
   * in a repeat may fit in no nearby pod by a single swap. Three-way moves within CYCLE_REACH pods
   * of the player's place and of the nearest pod of their points: the player takes y's seat, y
   * takes z's, z takes the player's; only moves seating none of the three with someone met are
   * tried, and the best (by the whole objective, plain swaps in the same window included) is made
   * while one helps.
   */
  cycleRepair(rng: Rng): void {
    const pods = this.members.length;
    const stamp = new Int32Array(pods);
    let mark = 0;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const violating = this.violators();
      if (violating.length === 0) return;
      let improved = false;
      for (const i of rng.shuffle(violating)) {
        if (!this.violates(i)) continue;
        const p = this.podOf[i] as number;
        const own = this.nearestPod(this.value[i] as number, p);
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
        const before = this.total.slice();
        let best: Float64Array | undefined;
        let bestMove: number[] = [];
        const consider = (move: number[]): void => {
          const start = this.mark();
          this.swap(i, move[0] as number);
          if (move.length === 2) this.swap(move[0] as number, move[1] as number);
          if (compareTerms(this.total, undefined, best ?? before) < 0) {
            best = this.total.slice();
            bestMove = move;
          }
          this.rollback(start);
        };
        for (const q of window) {
          for (const y of this.members[q] as number[]) {
            if (this.conflicts(i, q, y)) continue;
            if (!this.conflicts(y, p, i)) consider([y]);
            for (const r of window) {
              if (r === q) continue;
              for (const z of this.members[r] as number[]) if (!this.conflicts(y, r, z) && !this.conflicts(z, p, i)) consider([y, z]);
            }
          }
        }
        if (best) {
          this.swap(i, bestMove[0] as number);
          if (bestMove.length === 2) this.swap(bestMove[0] as number, bestMove[1] as number);
          improved = true;
        }
      }
      if (!improved) return;
    }
  }

  /** Would player x, seated in `pod` in place of `out`, sit with someone met (or break term 2)? */
  private conflicts(x: number, pod: number, out: number): boolean {
    if (this.smaller[pod] && this.veteran[x]) return true;
    const seen = this.met[x] as Set<number>;
    for (const m of this.members[pod] as number[]) if (m !== out && m !== x && seen.has(m)) return true;
    return false;
  }

  /**
   * Arrange the score groups over the seats they have (terms 3–5 stay as they are): the free
   * repair, then a free tabu search sized by the groups still in trouble.
   */
  freeSolve(rng: Rng, cap: number): void {
    this.repair(rng, true);
    const violating = this.violators();
    if (violating.length === 0) return;
    let work = 0;
    for (const v of new Set(violating.map((i) => this.value[i] as number))) work += FREE_TABU_EVALUATIONS * (this.playersOf[v] as number[]).length ** 2;
    this.tabuSearch(rng, true, Math.min(cap, work));
  }

  /**
   * When the score groups cannot be arranged over their seats without a repeat (or a second smaller
   * pod), change the seats: exchange one seat of a troubled group's points near the trouble with a
   * seat of other points up to LAYOUT_REACH pods away, cheapest first by terms 3–5, and arrange the
   * groups again (free solve); keep the first exchange after which the objective is lower.
   */
  layoutRepair(rng: Rng): void {
    const pods = this.members.length;
    for (let step = 0; step < MAX_PASSES; step++) {
      const violating = this.violators();
      if (violating.length === 0) return;
      const before = this.total.slice();
      const troubled = new Set(violating.map((i) => this.value[i] as number));
      const near = new Uint8Array(pods);
      for (const i of violating) {
        const home = this.podOf[i] as number;
        for (let p = Math.max(0, home - LAYOUT_REACH); p <= Math.min(pods - 1, home + LAYOUT_REACH); p++) near[p] = 1;
      }
      const candidates: { x: number; y: number; cost: number }[] = [];
      const seen = new Set<string>();
      for (let p = 0; p < pods; p++) {
        if (!near[p]) continue;
        for (const x of this.members[p] as number[]) {
          const a = this.value[x] as number;
          if (!troubled.has(a)) continue;
          for (let q = Math.max(0, p - LAYOUT_REACH); q <= Math.min(pods - 1, p + LAYOUT_REACH); q++) {
            if (q === p) continue;
            for (const y of this.members[q] as number[]) {
              const b = this.value[y] as number;
              if (b === a) continue;
              const key = `${p}:${a}:${q}:${b}`;
              if (seen.has(key)) continue;
              seen.add(key);
              this.delta(x, y);
              const cost = (this.last[2] as number) * this.wM + (this.last[3] as number) * this.wD + (this.last[4] as number);
              candidates.push({ x, y, cost });
            }
          }
        }
      }
      candidates.sort((c, d) => c.cost - d.cost);
      let kept = false;
      for (const { x, y } of candidates.slice(0, LAYOUT_TRIALS)) {
        const start = this.mark();
        // The exchange's own players: of the players on these points in these pods, the best pair.
        const p = this.podOf[x] as number;
        const q = this.podOf[y] as number;
        let best = Infinity;
        let bx = x;
        let by = y;
        for (const x2 of this.members[p] as number[]) {
          if (this.value[x2] !== this.value[x]) continue;
          for (const y2 of this.members[q] as number[]) {
            if (this.value[y2] !== this.value[y]) continue;
            const d = this.delta(x2, y2);
            if (d < best) {
              best = d;
              bx = x2;
              by = y2;
            }
          }
        }
        this.swap(bx, by);
        this.freeSolve(rng, LAYOUT_TRIAL_EVALUATIONS);
        if (compareTerms(this.total, undefined, before) < 0) {
          kept = true;
          break;
        }
        this.rollback(start);
      }
      if (!kept) return;
    }
  }

  objective(): PodObjective {
    let repeats = 0;
    let secondSmallerPods = 0;
    let moved = 0;
    let pointsMoved = 0;
    let podsMoved = 0;
    this.members.forEach((list, pod) => {
      for (let x = 0; x < list.length; x++) {
        const i = list[x] as number;
        const seen = this.met[i] as Set<number>;
        for (let y = x + 1; y < list.length; y++) if (seen.has(list[y] as number)) repeats++;
        if (this.smaller[pod] && this.veteran[i]) secondSmallerPods++;
        podsMoved += this.dist(this.value[i] as number, pod);
      }
      moved += this.moved[pod] as number;
      pointsMoved += this.pointsMoved[pod] as number;
    });
    return { repeats, secondSmallerPods, moved, pointsMoved, podsMoved };
  }

  /**
   * Tabu search: move a random violating player to the best swap available, even an uphill one,
   * never undoing a recent move; keep the best arrangement seen. Escapes the local minima that
   * plain repair stops in when histories are crowded (small fields, late rounds). `free`: only
   * swaps on equal points (a search for an arrangement of the score groups over the fill's seats);
   * otherwise swaps with anyone in nearby pods.
   */
  tabuSearch(rng: Rng, free: boolean, evaluations: number): void {
    const n = this.n;
    const pods = this.members.length;
    let budget = evaluations;
    const tabuUntil = new Int32Array(n);
    const best = this.total.slice();
    let bestMark = this.mark();
    const violating = new Violators(this);
    for (let iteration = 1; budget > 0 && violating.size() > 0; iteration++) {
      const i = violating.pick(rng);
      const home = this.podOf[i] as number;
      let bestDelta = Infinity;
      let bestJ = -1;
      let evaluated = 0;
      const consider = (j: number): void => {
        budget--;
        evaluated++;
        const d = this.delta(i, j);
        // Aspiration: a tabu swap is allowed when it beats the best arrangement seen.
        const allowed = (tabuUntil[j] as number) < iteration || compareTerms(this.total, this.last, best) < 0;
        if (allowed && (d < bestDelta || (d === bestDelta && rng.int(0, 1) === 0))) {
          bestDelta = d;
          bestJ = j;
        }
      };
      if (free) {
        for (const j of this.playersOf[this.value[i] as number] as number[]) if (this.podOf[j] !== home) consider(j);
      } else {
        const wide = pods <= 2 * TABU_REACH + 1;
        const from = wide ? 0 : Math.max(0, home - TABU_REACH);
        const to = wide ? pods - 1 : Math.min(pods - 1, home + TABU_REACH);
        for (let q = from; q <= to; q++) if (q !== home) for (const j of this.members[q] as number[]) consider(j);
      }
      if (bestJ < 0) {
        // Nobody to swap with (a score group inside one pod, a single pod): no help here.
        if (evaluated === 0) violating.remove(i);
        continue;
      }
      const q = this.podOf[bestJ] as number;
      this.swap(i, bestJ);
      violating.refresh(home);
      violating.refresh(q);
      const tenure = 3 + rng.int(0, 7);
      tabuUntil[i] = iteration + tenure;
      tabuUntil[bestJ] = iteration + tenure;
      if (compareTerms(this.total, undefined, best) < 0) {
        best.set(this.total);
        bestMark = this.mark();
      }
    }
    this.rollback(bestMark);
  }

  /**
   * Polish: the repairs stop once the rules hold, and their swaps (tabu's uphill ones especially)
   * can leave players away from their points. For every player in a pod whose points differ from
   * the fill's, take the swap that lowers the objective most with a player near their place, near
   * the nearest pod of their points, or in another such pod. When none is left, try chains: a
   * swap that gives points back but seats someone with a player met before, followed by free
   * swaps (equal points, so the gain stays) for whoever it troubles; kept only when the whole
   * lowers the objective.
   */
  polish(rng: Rng): void {
    let budget = POLISH_EVALUATIONS_PER_PLAYER * this.n;
    const pods = this.members.length;
    const stamp = new Int32Array(pods);
    let mark = 0;
    for (let pass = 0; pass < MAX_PASSES && budget > 0; pass++) {
      const disturbed: number[] = [];
      for (let pod = 0; pod < pods; pod++) if ((this.moved[pod] as number) > 0) disturbed.push(pod);
      if (disturbed.length === 0) return;
      const displaced = rng.shuffle(disturbed.flatMap((pod) => this.members[pod] as number[]));
      let improved = false;
      const chains: { i: number; j: number; gain: number }[] = [];
      for (const i of displaced) {
        if (budget <= 0) break;
        const home = this.podOf[i] as number;
        if ((this.moved[home] as number) === 0) continue;
        const own = this.nearestPod(this.value[i] as number, home);
        mark++;
        stamp[home] = mark;
        let best = 0;
        let bestJ = -1;
        let chainJ = -1;
        let chainGain = 0;
        const visit = (q: number): void => {
          if (q < 0 || q >= pods || stamp[q] === mark) return;
          stamp[q] = mark;
          for (const j of this.members[q] as number[]) {
            budget--;
            const d = this.delta(i, j);
            if (d < best) {
              best = d;
              bestJ = j;
            } else if ((this.last[2] as number) < 0 && (this.last[0] as number) + (this.last[1] as number) > 0) {
              // Gives points back but troubles someone: a chain to try if nothing simpler helps.
              const gain = (this.last[2] as number) * this.wM + (this.last[3] as number) * this.wD + (this.last[4] as number);
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
          this.swap(i, bestJ);
          improved = true;
        } else if (chainJ >= 0) chains.push({ i, j: chainJ, gain: chainGain });
      }
      if (!improved) {
        chains.sort((a, b) => a.gain - b.gain);
        for (const { i, j } of chains.slice(0, POLISH_CHAINS_PER_PASS)) {
          // Earlier chains of this pass may have moved either player.
          if ((this.moved[this.podOf[i] as number] as number) === 0 || this.podOf[i] === this.podOf[j]) continue;
          if (this.chain(i, j)) improved = true;
        }
      }
      if (!improved) return;
    }
  }

  /**
   * Swap i and j, then give each player that leaves breaking a rule the best free swap (same
   * points), a few rounds; keep it all when the objective went down, else undo.
   */
  private chain(i: number, j: number): boolean {
    const before = this.total.slice();
    const start = this.mark();
    this.swap(i, j);
    let troubled = [this.podOf[i] as number, this.podOf[j] as number];
    for (let round = 0; round < 3 && troubled.length > 0; round++) {
      const next: number[] = [];
      for (const pod of troubled) {
        for (const x of (this.members[pod] as number[]).slice()) {
          if (this.podOf[x] !== pod || !this.violates(x)) continue;
          let best = 0;
          let bestY = -1;
          const enough = -this.trouble(x);
          for (const y of this.playersOf[this.value[x] as number] as number[]) {
            if (this.podOf[y] === pod) continue;
            const d = this.delta(x, y);
            if (d < best) {
              best = d;
              bestY = y;
              if (d <= enough) break;
            }
          }
          if (bestY >= 0) {
            next.push(this.podOf[bestY] as number);
            this.swap(x, bestY);
          }
        }
      }
      troubled = next;
    }
    if (compareTerms(this.total, undefined, before) < 0) return true;
    this.rollback(start);
    return false;
  }

  /**
   * Exhaustive search over every arrangement of a small field (at most EXHAUSTIVE_LIMIT players),
   * exact for the whole objective. Pods are filled in order (pod 0 first), so the players still to
   * seat decide which pod comes next, and the best completion of a set of unseated players is
   * computed once (a table over the 2^n subsets). Every choice of members for the next pod is
   * tried: pods of different sizes and fill points are not interchangeable.
   */
  exhaustive(): void {
    const n = this.n;
    if (n > 20) throw new Error('exhaustive pod search is for small fields only');
    const sizes = this.sizes;
    const podAt = new Int32Array(n + 1).fill(-1);
    let offset = 0;
    sizes.forEach((size, pod) => {
      podAt[offset] = pod;
      offset += size;
    });
    const metMask = this.met.map((set) => {
      let mask = 0;
      for (const j of set) mask |= 1 << j;
      return mask;
    });
    let veterans = 0;
    for (let i = 0; i < n; i++) if (this.veteran[i]) veterans |= 1 << i;
    // The terms as one exact number: each base exceeds the largest total of the terms below it.
    const pods = sizes.length;
    const range = n > 0 ? Math.max(...this.pts) - Math.min(...this.pts) : 0;
    // Term 5 totals at most n(pods − 1), term 4 n · range, terms 3 and 2 n.
    const baseD = n * pods + 1;
    const baseM = (n * range + 1) * baseD;
    const baseS = (n + 1) * baseM;
    const baseR = (n + 1) * baseS;
    const full = (1 << n) - 1;
    const best = new Float64Array(1 << n).fill(Number.NaN);
    const choice = new Int32Array(1 << n);
    const sorted = new Float64Array(Math.max(1, ...sizes));

    // Term 5 of each (pod, player), looked up in the inner loop.
    const distTo = Array.from({ length: sizes.length }, (_, pod) => Int32Array.from({ length: n }, (_, i) => this.dist(this.value[i] as number, pod)));
    // A pod's cost depends on the pod and its members only: computed once per pair (a member set
    // comes up again under every mask that leaves it free).
    const known = sizes.map(() => new Float64Array(0));
    const cost = (pod: number, set: number, members: readonly number[]): number => {
      let memo = known[pod] as Float64Array;
      if (memo.length === 0) known[pod] = memo = new Float64Array(1 << n).fill(-1);
      const seen = memo[set] as number;
      if (seen >= 0) return seen;
      memo[set] = podCost(pod, set, members);
      return memo[set] as number;
    };
    const podCost = (pod: number, set: number, members: readonly number[]): number => {
      let repeats = 0;
      let podsMoved = 0;
      const dist = distTo[pod] as Int32Array;
      for (let k = 0; k < members.length; k++) {
        const i = members[k] as number;
        repeats += popcount((metMask[i] as number) & set);
        podsMoved += dist[i] as number;
        // Insertion sort, ascending (members come in standings order: usually one reversal).
        const x = this.pts[i] as number;
        let at = k;
        while (at > 0 && (sorted[at - 1] as number) > x) {
          sorted[at] = sorted[at - 1] as number;
          at--;
        }
        sorted[at] = x;
      }
      this.measure(pod, sorted, members.length);
      const smallerRepeats = this.smaller[pod] ? popcount(veterans & set) : 0;
      return baseR * (repeats / 2) + baseS * smallerRepeats + baseM * this.tmpMoved + baseD * this.tmpPoints + podsMoved;
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

    solve(full);
    const members: number[][] = [];
    let mask = full;
    for (let pod = 0; pod < sizes.length; pod++) {
      const set = choice[mask] as number;
      const list: number[] = [];
      for (let i = 0; i < n; i++) if (set & (1 << i)) list.push(i);
      members.push(list);
      mask &= ~set;
    }
    // Keep the arrangement it has when that is as good (a clean fill, say).
    const found = this.total.slice();
    const kept = this.snapshot();
    this.arrange(members);
    if (compareTerms(this.total, undefined, found) >= 0) this.arrange(kept);
  }

  result(): PodAssignment {
    const pods = this.members.map((members) => members.slice().sort((a, b) => a - b).map((i) => this.ids[i] as string));
    return { pods, objective: this.objective() };
  }
}

/** The players breaking a rule where they sit, kept up to date pod by pod; random picks. */
class Violators {
  private readonly list: number[] = [];
  private readonly at: Int32Array;

  constructor(private readonly state: PodState) {
    this.at = new Int32Array(state.n).fill(-1);
    for (const i of state.violators()) this.add(i);
  }

  size(): number {
    return this.list.length;
  }

  pick(rng: Rng): number {
    return this.list[rng.int(0, this.list.length - 1)] as number;
  }

  add(i: number): void {
    if (this.at[i] !== -1) return;
    this.at[i] = this.list.length;
    this.list.push(i);
  }

  remove(i: number): void {
    const k = this.at[i] as number;
    if (k === -1) return;
    const last = this.list.pop() as number;
    if (last !== i) {
      this.list[k] = last;
      this.at[last] = k;
    }
    this.at[i] = -1;
  }

  /** Re-check the members of a pod whose members changed. */
  refresh(pod: number): void {
    for (const i of this.state.members[pod] as number[]) {
      if (this.state.violates(i)) this.add(i);
      else this.remove(i);
    }
  }
}

function objectiveTerms(o: PodObjective): Float64Array {
  return Float64Array.from(TERMS, (t) => o[t]);
}

/** Lexicographic comparison of (a + delta) with b, delta optional. */
function compareTerms(a: Float64Array, delta: Float64Array | undefined, b: Float64Array): number {
  for (let k = 0; k < 5; k++) {
    const x = (a[k] as number) + (delta ? (delta[k] as number) : 0);
    const y = b[k] as number;
    if (x !== y) return x - y;
  }
  return 0;
}

/** Set bits of a 32-bit integer. */
function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
