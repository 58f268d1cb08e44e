/**
 * A pod arrangement and its objective kept up to date swap by swap (pods.ts): the players, their
 * points and histories; each pod's members and level; delta() for what a swap would change,
 * swap() and rollback() to make and undo one. The searches that use it: pass.ts, repair.ts,
 * tabu.ts, cycle.ts, layout.ts, polish.ts, exhaustive.ts.
 *
 * Term 3 is kept exactly, in whole numbers: with L the least common multiple of the pod sizes, a
 * player's scaled points are L · points and a pod's scaled level is (L / size) · (its fill's
 * points), so (scaled points − scaled level)² is L² times the player's squared distance from the
 * pod's level, and every sum and swap stays in integers.
 */
import type { PodInput, PodPlayer } from './input.js';
import { type PodAssignment, type PodObjective, TERM_COUNT } from './objective.js';

export class PodState {
  readonly n: number;
  readonly ids: readonly string[];
  readonly pts: Float64Array;
  /** L · points (see above). */
  readonly scaled: Float64Array;
  /** L: the least common multiple of the pod sizes. */
  readonly scale: number;
  /** Index of each player's points among the distinct points values. */
  readonly value: Int32Array;
  /** Players on each points value. */
  readonly playersOf: number[][];
  /** 1 = this player's seat in a smaller pod counts against term 2. */
  readonly veteran: Uint8Array;
  readonly met: Set<number>[];
  readonly sizes: readonly number[];
  readonly smaller: Uint8Array;
  /** Each pod's scaled level: (L / size) · the points of its fill. */
  readonly level: Float64Array;
  /** Fill pods holding each points value, ascending (for term 4). */
  readonly podsWith: Int32Array[];
  /** Term 3 of each pod as it is now, and as the fill has it (the polish looks for the difference). */
  readonly away: Float64Array;
  readonly fillAway: Float64Array;
  podOf: Int32Array;
  members: number[][];
  /** Weights that make one swap's change of the terms compare lexicographically as one number. */
  readonly wR: number;
  readonly wS: number;
  readonly wP: number;
  /** Scratch: the last delta's terms (repeats, smaller, points, pods). */
  readonly last = new Float64Array(TERM_COUNT);
  /** The objective's terms of the current arrangement (term 3 scaled), kept up to date by every swap. */
  readonly total = new Float64Array(TERM_COUNT);
  /** Every swap since the last arrange(), as pairs: a search rolls back to a mark of it. */
  private readonly journal: number[] = [];

  constructor(players: readonly PodPlayer[], input: PodInput) {
    const n = players.length;
    this.n = n;
    this.ids = players.map((p) => p.id);
    this.sizes = input.sizes;
    this.pts = Float64Array.from(players, (p) => p.points);
    this.scale = [...new Set(input.sizes)].reduce(lcm, 1);
    this.scaled = this.pts.map((p) => p * this.scale);
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
    this.members = fillPods(input.sizes);
    this.members.forEach((list, pod) => {
      for (const i of list) this.podOf[i] = pod;
    });
    this.level = Float64Array.from(this.members, (list) => (this.scale / list.length) * list.reduce((sum, i) => sum + (this.pts[i] as number), 0));
    const podsWith: number[][] = values.map(() => []);
    this.members.forEach((list, pod) => {
      for (const i of list) {
        const seen = podsWith[this.value[i] as number] as number[];
        if (seen[seen.length - 1] !== pod) seen.push(pod);
      }
    });
    this.podsWith = podsWith.map((list) => Int32Array.from(list));
    this.away = Float64Array.from(this.members, (list, pod) => this.podAway(list, pod));
    this.fillAway = this.away.slice();
    const range = values.length > 0 ? ((values[0] as number) - (values[values.length - 1] as number)) * this.scale : 0;
    // One swap changes term 4 by at most 4(pods − 1), term 3 by at most 2 · range², term 2 by at
    // most 2: each weight exceeds everything below it can add up to.
    this.wP = 4 * pods + 1;
    this.wS = (2 * range * range + 1) * this.wP;
    this.wR = 3 * this.wS;
    this.total.set(this.terms());
  }

  /** Term 3 of player i seated in `pod`, scaled. */
  cost(i: number, pod: number): number {
    const d = (this.scaled[i] as number) - (this.level[pod] as number);
    return d * d;
  }

  private podAway(list: readonly number[], pod: number): number {
    let sum = 0;
    for (const i of list) sum += this.cost(i, pod);
    return sum;
  }

  /** Term 4 for points value v seated in `pod`: pods to the nearest fill pod holding v. */
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

  /** Seat everyone as given (pods of player indexes in table order). */
  arrange(pods: readonly (readonly number[])[]): void {
    this.members = pods.map((pod) => pod.slice());
    this.members.forEach((list, pod) => {
      for (const i of list) this.podOf[i] = pod;
      this.away[pod] = this.podAway(list, pod);
    });
    this.total.set(this.terms());
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
    if (this.value[i] === this.value[j]) {
      last[2] = 0;
      last[3] = 0;
      return repeats * this.wR + smaller * this.wS;
    }
    // (xj − Lp)² + (xi − Lq)² − (xi − Lp)² − (xj − Lq)² = 2 (xj − xi)(Lq − Lp)
    const points = 2 * ((this.scaled[j] as number) - (this.scaled[i] as number)) * ((this.level[q] as number) - (this.level[p] as number));
    const a = this.value[i] as number;
    const b = this.value[j] as number;
    const pods = this.dist(b, p) + this.dist(a, q) - this.dist(a, p) - this.dist(b, q);
    last[2] = points;
    last[3] = pods;
    return repeats * this.wR + smaller * this.wS + points * this.wP + pods;
  }

  /** Swap players i and j (in different pods), keeping the totals and the journal. */
  swap(i: number, j: number): void {
    this.account(i, j);
    this.exchange(i, j);
    this.journal.push(i, j);
  }

  private account(i: number, j: number): void {
    this.delta(i, j);
    for (let k = 0; k < TERM_COUNT; k++) this.total[k] = (this.total[k] as number) + (this.last[k] as number);
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
    if (this.value[i] !== this.value[j]) {
      this.away[p] = (this.away[p] as number) + this.cost(j, p) - this.cost(i, p);
      this.away[q] = (this.away[q] as number) + this.cost(i, q) - this.cost(j, q);
    }
  }

  /** Is pod `pod` seated otherwise than its fill, by points (the polish's work list)? */
  disturbed(pod: number): boolean {
    return this.away[pod] !== this.fillAway[pod];
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

  /** Would player x, seated in `pod` in place of `out`, sit with someone met (or break term 2)? */
  conflicts(x: number, pod: number, out: number): boolean {
    if (this.smaller[pod] && this.veteran[x]) return true;
    const seen = this.met[x] as Set<number>;
    for (const m of this.members[pod] as number[]) if (m !== out && m !== x && seen.has(m)) return true;
    return false;
  }

  /** The terms of the current arrangement, counted afresh (term 3 scaled). */
  private terms(): number[] {
    let repeats = 0;
    let secondSmallerPods = 0;
    let points = 0;
    let podsMoved = 0;
    this.members.forEach((list, pod) => {
      for (let x = 0; x < list.length; x++) {
        const i = list[x] as number;
        const seen = this.met[i] as Set<number>;
        for (let y = x + 1; y < list.length; y++) if (seen.has(list[y] as number)) repeats++;
        if (this.smaller[pod] && this.veteran[i]) secondSmallerPods++;
        podsMoved += this.dist(this.value[i] as number, pod);
      }
      points += this.away[pod] as number;
    });
    return [repeats, secondSmallerPods, points, podsMoved];
  }

  objective(): PodObjective {
    const [repeats, secondSmallerPods, points, podsMoved] = this.terms() as [number, number, number, number];
    return { repeats, secondSmallerPods, pointsMoved: points / (this.scale * this.scale), podsMoved };
  }

  result(): PodAssignment {
    const pods = this.members.map((members) => members.slice().sort((a, b) => a - b).map((i) => this.ids[i] as string));
    return { pods, objective: this.objective() };
  }
}

/** The top-to-bottom fill: players 0, 1, 2, … cut into pods of the given sizes, in order. */
export function fillPods(sizes: readonly number[]): number[][] {
  let next = 0;
  return sizes.map((size) => Array.from({ length: size }, () => next++));
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b;
}
