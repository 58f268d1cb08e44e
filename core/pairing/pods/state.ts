/**
 * A pod arrangement and its objective kept up to date swap by swap (pods.ts): the players, their
 * points and histories; each pod's members and terms; delta() for what a swap would change,
 * swap() and rollback() to make and undo one. The searches that use it: repair.ts, tabu.ts,
 * cycle.ts, layout.ts, polish.ts, exhaustive.ts.
 */
import type { PodInput, PodPlayer } from './input.js';
import { type PodAssignment, type PodObjective, objectiveTerms } from './objective.js';

export class PodState {
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
  /** Terms 3 and 4 of the pod last measured (measure()). */
  measuredMoved = 0;
  measuredPoints = 0;

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

  /** Terms 3 and 4 of a pod's sorted points against its fill: into measuredMoved, measuredPoints. */
  measure(pod: number, sorted: Float64Array, length: number): void {
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
    this.measuredMoved = length - same;
    this.measuredPoints = points;
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
    this.moved[pod] = this.measuredMoved;
    this.pointsMoved[pod] = this.measuredPoints;
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
    let moved = this.measuredMoved - (this.moved[p] as number);
    let points = this.measuredPoints - (this.pointsMoved[p] as number);
    this.measureReplaced(q, pj, pi);
    moved += this.measuredMoved - (this.moved[q] as number);
    points += this.measuredPoints - (this.pointsMoved[q] as number);
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

  /** Would player x, seated in `pod` in place of `out`, sit with someone met (or break term 2)? */
  conflicts(x: number, pod: number, out: number): boolean {
    if (this.smaller[pod] && this.veteran[x]) return true;
    const seen = this.met[x] as Set<number>;
    for (const m of this.members[pod] as number[]) if (m !== out && m !== x && seen.has(m)) return true;
    return false;
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

  result(): PodAssignment {
    const pods = this.members.map((members) => members.slice().sort((a, b) => a - b).map((i) => this.ids[i] as string));
    return { pods, objective: this.objective() };
  }
}
