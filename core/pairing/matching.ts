/**
 * Maximum-weight matching on a general graph: Edmonds' blossom algorithm with dual variables,
 * O(n³), after Galil, "Efficient algorithms for finding maximum matching in graphs" (1986), as
 * Joris van Rantwijk wrote it in Python (mwmatching.py, jorisvr.nl/article/maximum-matching;
 * NetworkX's `max_weight_matching` is derived from the same code). Vendored here in TypeScript:
 * npm has no typed, maintained port; README "Dependencies, and why each" has
 * the evidence.
 *
 * The steps, the order in which vertices and edges are visited and the tie-breaking are the
 * Python's, so a graph gets the same matching as there (test/core/matching.test.ts runs the
 * published test graphs). Only the storage differs: typed arrays, adjacency in one flat array, no
 * allocation per stage.
 *
 * Vocabulary: vertices are 0..n-1, blossoms n..2n-1 (a top-level "blossom" may be a single
 * vertex). Edge k has endpoints 2k (its first vertex) and 2k+1 (its second); `p ^ 1` is the other
 * end. Labels: 0 free, 1 S (outer), 2 T (inner); 5 marks an S-blossom on a path being scanned.
 * Vertex duals are kept doubled (2u) and blossom duals as z, so with integer weights every value
 * stays an integer (a slack is u + v − 2w).
 *
 * Longer than 400 lines on purpose: one algorithm whose operations share every array and
 * invariant; kept whole, it can be read against its source.
 *
 * Callers keep graphs small (a block of a score-sorted list), which is what makes pairing
 * thousands of players fast.
 */

export type WeightedEdge = [number, number, number];

/**
 * mate[v] = the vertex matched to v, or -1. With `maxCardinality`, the heaviest among the matchings
 * with the most edges. `vertexCount` pads the answer for vertices no edge touches.
 */
export function maxWeightMatching(vertexCount: number, edges: readonly WeightedEdge[], maxCardinality: boolean): number[] {
  const mate = new Array<number>(vertexCount).fill(-1);
  if (edges.length === 0) return mate;
  const found = new Blossom(edges, maxCardinality).solve();
  for (let v = 0; v < found.length && v < vertexCount; v++) mate[v] = found[v] as number;
  return mate;
}

const FREE = 0;
const S = 1;
const T = 2;
/** An S-blossom marked while scanBlossom walks the two paths (label & 4 tells "seen"). */
const SEEN = 5;

/**
 * The even-length way round a blossom's cycle from sub-blossom i to its base (index 0): forward,
 * wrapping past the end, from an odd i (j counts up from i − length); backward from an even one.
 * `endpTrick` turns the stored endpoints the way the walk goes.
 */
function evenWalk(length: number, i: number): { j: number; jStep: 1 | -1; endpTrick: 0 | 1 } {
  return i & 1 ? { j: i - length, jStep: 1, endpTrick: 0 } : { j: i, jStep: -1, endpTrick: 1 };
}

/** arr[i], with a negative i counted from the end (Python's arr[i]). */
function at(arr: readonly number[], i: number): number {
  return arr[i < 0 ? arr.length + i : i] as number;
}

class Blossom {
  private readonly n: number;
  private readonly weight: Float64Array;
  /** endpoint[p]: the vertex at endpoint p (edge p >> 1). */
  private readonly endpoint: Int32Array;
  /** The endpoints p of the edges at v, with endpoint[p ^ 1] = v: neighbours[start[v] .. start[v + 1]). */
  private readonly neighbourStart: Int32Array;
  private readonly neighbours: Int32Array;
  /** mate[v]: the remote endpoint of v's matched edge, or -1 (vertices only). */
  private readonly mate: Int32Array;
  private readonly label: Int8Array;
  /** labelEnd[b]: the remote endpoint of the edge through which b got its label, or -1. */
  private readonly labelEnd: Int32Array;
  /** inBlossom[v]: the top-level blossom containing vertex v. */
  private readonly inBlossom: Int32Array;
  private readonly blossomParent: Int32Array;
  /** The sub-blossoms of b, around the cycle from the base; null for vertices and unused ids. */
  private readonly blossomChilds: (number[] | null)[];
  private readonly blossomBase: Int32Array;
  /** blossomEndPs[b][i]: the endpoint joining child i to child i + 1 (the last one closes the cycle). */
  private readonly blossomEndPs: (number[] | null)[];
  /** The least-slack edge to a different S-blossom (for free vertices and S-blossoms), or -1. */
  private readonly bestEdge: Int32Array;
  /** For S-blossoms: the least-slack edge to each neighbouring S-blossom; null = not computed. */
  private readonly blossomBestEdges: (number[] | null)[];
  private readonly unusedBlossoms: number[];
  private readonly dualVar: Float64Array;
  /** allowEdge[k]: edge k is known to have zero slack (only valid inside a stage). */
  private readonly allowEdge: Uint8Array;
  /** S-vertices whose edges are still to be scanned. */
  private readonly queue: number[] = [];
  /** Scratch for addBlossom: the least-slack edge to each S-blossom, -1 between uses. */
  private readonly bestEdgeTo: Int32Array;

  constructor(
    edges: readonly WeightedEdge[],
    private readonly maxCardinality: boolean,
  ) {
    const m = edges.length;
    let n = 0;
    let maxWeight = 0;
    const weight = new Float64Array(m);
    const endpoint = new Int32Array(2 * m);
    edges.forEach(([i, j, w], k) => {
      if (!(Number.isInteger(i) && Number.isInteger(j) && i >= 0 && j >= 0 && i !== j)) throw new RangeError(`edge ${k} (${i}, ${j}) is not between two different vertices`);
      n = Math.max(n, i + 1, j + 1);
      maxWeight = Math.max(maxWeight, w);
      weight[k] = w;
      endpoint[2 * k] = i;
      endpoint[2 * k + 1] = j;
    });
    const degree = new Int32Array(n);
    for (let p = 0; p < 2 * m; p++) (degree[endpoint[p] as number] as number)++;
    // Adjacency in edge order (Python's neighbend): edge k puts 2k+1 at i and 2k at j.
    const neighbourStart = new Int32Array(n + 1);
    for (let v = 0; v < n; v++) neighbourStart[v + 1] = (neighbourStart[v] as number) + (degree[v] as number);
    const fill = neighbourStart.slice(0, n);
    const neighbours = new Int32Array(2 * m);
    for (let k = 0; k < m; k++) {
      neighbours[(fill[endpoint[2 * k] as number] as number)++] = 2 * k + 1;
      neighbours[(fill[endpoint[2 * k + 1] as number] as number)++] = 2 * k;
    }
    this.n = n;
    this.weight = weight;
    this.endpoint = endpoint;
    this.neighbourStart = neighbourStart;
    this.neighbours = neighbours;
    this.mate = new Int32Array(n).fill(-1);
    this.label = new Int8Array(2 * n);
    this.labelEnd = new Int32Array(2 * n).fill(-1);
    this.inBlossom = Int32Array.from({ length: n }, (_, v) => v);
    this.blossomParent = new Int32Array(2 * n).fill(-1);
    this.blossomChilds = new Array<number[] | null>(2 * n).fill(null);
    this.blossomBase = Int32Array.from({ length: 2 * n }, (_, b) => (b < n ? b : -1));
    this.blossomEndPs = new Array<number[] | null>(2 * n).fill(null);
    this.bestEdge = new Int32Array(2 * n).fill(-1);
    this.blossomBestEdges = new Array<number[] | null>(2 * n).fill(null);
    this.unusedBlossoms = Array.from({ length: n }, (_, i) => n + i);
    this.dualVar = Float64Array.from({ length: 2 * n }, (_, b) => (b < n ? maxWeight : 0));
    this.allowEdge = new Uint8Array(m);
    this.bestEdgeTo = new Int32Array(2 * n).fill(-1);
  }

  /** mate[v] for v in 0..n-1 (n = 1 + the largest vertex in the edges). */
  solve(): number[] {
    const { n } = this;
    // Each stage finds one augmenting path (or proves none is worth taking): at most n stages.
    for (let t = 0; t < n; t++) {
      if (!this.stage()) break;
    }
    return Array.from(this.mate, (p) => (p >= 0 ? (this.endpoint[p] as number) : -1));
  }

  private slack(k: number): number {
    const { dualVar, endpoint } = this;
    return (dualVar[endpoint[2 * k] as number] as number) + (dualVar[endpoint[2 * k + 1] as number] as number) - 2 * (this.weight[k] as number);
  }

  private smallestVertexDual(): number {
    let min = Infinity;
    for (let v = 0; v < this.n; v++) min = Math.min(min, this.dualVar[v] as number);
    return min;
  }

  /** Calls `visit` with every vertex inside blossom b (b itself when it is a vertex), depth first. */
  private forLeaves(b: number, visit: (v: number) => void): void {
    if (b < this.n) {
      visit(b);
      return;
    }
    for (const t of this.blossomChilds[b] as number[]) {
      if (t < this.n) visit(t);
      else this.forLeaves(t, visit);
    }
  }

  /** One stage: label from the free vertices and grow until an augmentation or no progress. */
  private stage(): boolean {
    const { n } = this;
    this.label.fill(FREE);
    this.bestEdge.fill(-1);
    this.blossomBestEdges.fill(null, n);
    this.allowEdge.fill(0);
    this.queue.length = 0;
    for (let v = 0; v < n; v++) {
      if (this.mate[v] === -1 && this.label[this.inBlossom[v] as number] === FREE) this.assignLabel(v, S, -1);
    }
    let augmented = false;
    for (;;) {
      augmented = this.scanQueue();
      if (augmented) break;
      // No augmenting path with the current duals: change them (the primal-dual step).
      if (this.dualStep()) break;
    }
    if (!augmented) return false;
    // End of stage: expand every S-blossom whose dual reached zero.
    for (let b = n; b < 2 * n; b++) {
      if (this.blossomParent[b] === -1 && (this.blossomBase[b] as number) >= 0 && this.label[b] === S && this.dualVar[b] === 0) this.expandBlossom(b, true);
    }
    return true;
  }

  /** Scans the edges of queued S-vertices; true when the matching was augmented. */
  private scanQueue(): boolean {
    const { queue, inBlossom, label, allowEdge, endpoint, neighbours, neighbourStart, bestEdge } = this;
    while (queue.length > 0) {
      const v = queue.pop() as number;
      const end = neighbourStart[v + 1] as number;
      for (let i = neighbourStart[v] as number; i < end; i++) {
        const p = neighbours[i] as number;
        const k = p >> 1;
        const w = endpoint[p] as number;
        const bv = inBlossom[v] as number;
        const bw = inBlossom[w] as number;
        if (bv === bw) continue;
        let kSlack = 0;
        if (!allowEdge[k]) {
          kSlack = this.slack(k);
          if (kSlack <= 0) allowEdge[k] = 1;
        }
        if (allowEdge[k]) {
          if (label[bw] === FREE) {
            // w is free: label it T and its mate S.
            this.assignLabel(w, T, p ^ 1);
          } else if (label[bw] === S) {
            // Two S-blossoms: a new blossom, or an augmenting path.
            const base = this.scanBlossom(v, w);
            if (base >= 0) this.addBlossom(base, k);
            else {
              this.augmentMatching(k);
              return true;
            }
          } else if (label[w] === FREE) {
            // w is inside a T-blossom but has no label yet: remember how it could be reached.
            label[w] = T;
            this.labelEnd[w] = p ^ 1;
          }
        } else if (label[bw] === S) {
          if (bestEdge[bv] === -1 || kSlack < this.slack(bestEdge[bv] as number)) bestEdge[bv] = k;
        } else if (label[w] === FREE) {
          if (bestEdge[w] === -1 || kSlack < this.slack(bestEdge[w] as number)) bestEdge[w] = k;
        }
      }
    }
    return false;
  }

  /**
   * The dual change: the largest delta keeping the duals feasible, then what it makes possible
   * (type 1: the optimum is reached; 2: an S-to-free edge becomes tight; 3: an S-to-S edge becomes
   * tight; 4: a T-blossom's dual reaches zero, so it expands). True when the stage is over.
   */
  private dualStep(): boolean {
    const { n, label, inBlossom, bestEdge, dualVar, blossomParent, blossomBase } = this;
    let deltaType = -1;
    let delta = 0;
    let deltaEdge = -1;
    let deltaBlossom = -1;
    if (!this.maxCardinality) {
      deltaType = 1;
      delta = this.smallestVertexDual();
    }
    for (let v = 0; v < n; v++) {
      if (label[inBlossom[v] as number] === FREE && bestEdge[v] !== -1) {
        const d = this.slack(bestEdge[v] as number);
        if (deltaType === -1 || d < delta) [delta, deltaType, deltaEdge] = [d, 2, bestEdge[v] as number];
      }
    }
    for (let b = 0; b < 2 * n; b++) {
      if (blossomParent[b] === -1 && label[b] === S && bestEdge[b] !== -1) {
        const d = this.slack(bestEdge[b] as number) / 2;
        if (deltaType === -1 || d < delta) [delta, deltaType, deltaEdge] = [d, 3, bestEdge[b] as number];
      }
    }
    for (let b = n; b < 2 * n; b++) {
      if ((blossomBase[b] as number) >= 0 && blossomParent[b] === -1 && label[b] === T && (deltaType === -1 || (dualVar[b] as number) < delta)) {
        [delta, deltaType, deltaBlossom] = [dualVar[b] as number, 4, b];
      }
    }
    if (deltaType === -1) {
      // Maximum cardinality with no further progress possible: one last delta to optimality.
      deltaType = 1;
      delta = Math.max(0, this.smallestVertexDual());
    }
    for (let v = 0; v < n; v++) {
      const l = label[inBlossom[v] as number];
      if (l === S) (dualVar[v] as number) -= delta;
      else if (l === T) (dualVar[v] as number) += delta;
    }
    for (let b = n; b < 2 * n; b++) {
      if ((blossomBase[b] as number) >= 0 && blossomParent[b] === -1) {
        if (label[b] === S) (dualVar[b] as number) += delta;
        else if (label[b] === T) (dualVar[b] as number) -= delta;
      }
    }
    if (deltaType === 1) return true;
    if (deltaType === 2 || deltaType === 3) {
      this.allowEdge[deltaEdge] = 1;
      let i = this.endpoint[2 * deltaEdge] as number;
      if (deltaType === 2 && label[inBlossom[i] as number] === FREE) i = this.endpoint[2 * deltaEdge + 1] as number;
      this.queue.push(i);
    } else {
      this.expandBlossom(deltaBlossom, false);
    }
    return false;
  }

  /** Labels the top-level blossom of w with t (reached through endpoint p), and its mate S if t is T. */
  private assignLabel(w: number, t: number, p: number): void {
    const b = this.inBlossom[w] as number;
    this.label[w] = this.label[b] = t;
    this.labelEnd[w] = this.labelEnd[b] = p;
    this.bestEdge[w] = this.bestEdge[b] = -1;
    if (t === S) {
      this.forLeaves(b, (v) => this.queue.push(v));
    } else {
      const base = this.blossomBase[b] as number;
      const mateEnd = this.mate[base] as number;
      this.assignLabel(this.endpoint[mateEnd] as number, S, mateEnd ^ 1);
    }
  }

  /**
   * Walks back from v and w along the alternating trees to the first common S-blossom: its base
   * (a new blossom), or -1 when the paths reach two different roots (an augmenting path).
   */
  private scanBlossom(v: number, w: number): number {
    const { label, inBlossom, labelEnd, endpoint } = this;
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = inBlossom[v] as number;
      if ((label[b] as number) & 4) {
        base = this.blossomBase[b] as number;
        break;
      }
      path.push(b);
      label[b] = SEEN;
      if (labelEnd[b] === -1) {
        v = -1; // the root of this tree
      } else {
        v = endpoint[labelEnd[b] as number] as number;
        b = inBlossom[v] as number;
        v = endpoint[labelEnd[b] as number] as number; // through the T-blossom to the next S-blossom
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) label[b] = S;
    return base;
  }

  /** Makes a new S-blossom of the cycle through edge k and the tree paths to `base`. */
  private addBlossom(base: number, k: number): void {
    const { inBlossom, labelEnd, endpoint, blossomParent, label, n } = this;
    let v = endpoint[2 * k] as number;
    let w = endpoint[2 * k + 1] as number;
    const bb = inBlossom[base] as number;
    let bv = inBlossom[v] as number;
    let bw = inBlossom[w] as number;
    const b = this.unusedBlossoms.pop() as number;
    this.blossomBase[b] = base;
    blossomParent[b] = -1;
    blossomParent[bb] = b;
    const path: number[] = [];
    const endPs: number[] = [];
    while (bv !== bb) {
      blossomParent[bv] = b;
      path.push(bv);
      endPs.push(labelEnd[bv] as number);
      v = endpoint[labelEnd[bv] as number] as number;
      bv = inBlossom[v] as number;
    }
    path.push(bb);
    path.reverse();
    endPs.reverse();
    endPs.push(2 * k);
    while (bw !== bb) {
      blossomParent[bw] = b;
      path.push(bw);
      endPs.push((labelEnd[bw] as number) ^ 1);
      w = endpoint[labelEnd[bw] as number] as number;
      bw = inBlossom[w] as number;
    }
    this.blossomChilds[b] = path;
    this.blossomEndPs[b] = endPs;
    label[b] = S;
    labelEnd[b] = labelEnd[bb] as number;
    this.dualVar[b] = 0;
    this.forLeaves(b, (leaf) => {
      // Former T-vertices become S: scan them.
      if (label[inBlossom[leaf] as number] === T) this.queue.push(leaf);
      inBlossom[leaf] = b;
    });
    // The least-slack edges from the new blossom to every other S-blossom.
    const bestEdgeTo = this.bestEdgeTo;
    const consider = (edge: number): void => {
      let j = endpoint[2 * edge + 1] as number;
      if (inBlossom[j] === b) j = endpoint[2 * edge] as number;
      const bj = inBlossom[j] as number;
      if (bj !== b && label[bj] === S && (bestEdgeTo[bj] === -1 || this.slack(edge) < this.slack(bestEdgeTo[bj] as number))) bestEdgeTo[bj] = edge;
    };
    for (const sub of path) {
      const known = this.blossomBestEdges[sub];
      if (known) for (const edge of known) consider(edge);
      else
        this.forLeaves(sub, (leaf) => {
          const end = this.neighbourStart[leaf + 1] as number;
          for (let i = this.neighbourStart[leaf] as number; i < end; i++) consider((this.neighbours[i] as number) >> 1);
        });
      this.blossomBestEdges[sub] = null;
      this.bestEdge[sub] = -1;
    }
    const best: number[] = [];
    let bestK = -1;
    for (let j = 0; j < 2 * n; j++) {
      const edge = bestEdgeTo[j] as number;
      if (edge === -1) continue;
      bestEdgeTo[j] = -1;
      best.push(edge);
      if (bestK === -1 || this.slack(edge) < this.slack(bestK)) bestK = edge;
    }
    this.blossomBestEdges[b] = best;
    this.bestEdge[b] = bestK;
  }

  /** Dissolves blossom b: at the end of a stage (recursively, where duals are zero) or as a T-blossom mid-stage. */
  private expandBlossom(b: number, endStage: boolean): void {
    const { n, inBlossom, label, labelEnd } = this;
    const childs = this.blossomChilds[b] as number[];
    const endPs = this.blossomEndPs[b] as number[];
    for (const s of childs) {
      this.blossomParent[s] = -1;
      if (s < n) inBlossom[s] = s;
      else if (endStage && this.dualVar[s] === 0) this.expandBlossom(s, endStage);
      else this.forLeaves(s, (v) => (inBlossom[v] = s));
    }
    if (!endStage && label[b] === T) {
      this.relabelExpandedT(b, childs, endPs);
    }
    label[b] = labelEnd[b] = -1;
    this.blossomChilds[b] = this.blossomEndPs[b] = null;
    this.blossomBase[b] = -1;
    this.blossomBestEdges[b] = null;
    this.bestEdge[b] = -1;
    this.unusedBlossoms.push(b);
  }

  /**
   * After a T-blossom b expands mid-stage: relabel the even-length path of its sub-blossoms from
   * the one it was entered through to its base (T, S, T, …, T), and unlabel the rest except
   * vertices already reachable through an edge (they become T-blossoms on their own).
   */
  private relabelExpandedT(b: number, childs: readonly number[], endPs: readonly number[]): void {
    const { inBlossom, label, labelEnd, endpoint } = this;
    const entryChild = inBlossom[endpoint[(labelEnd[b] as number) ^ 1] as number] as number;
    const { j: from, jStep, endpTrick } = evenWalk(childs.length, childs.indexOf(entryChild));
    let j = from;
    let p = labelEnd[b] as number;
    while (j !== 0) {
      // Relabel the T-sub-blossom, then the S-sub-blossom after it.
      label[endpoint[p ^ 1] as number] = FREE;
      label[endpoint[at(endPs, j - endpTrick) ^ endpTrick ^ 1] as number] = FREE;
      this.assignLabel(endpoint[p ^ 1] as number, T, p);
      this.allowEdge[at(endPs, j - endpTrick) >> 1] = 1;
      j += jStep;
      p = at(endPs, j - endpTrick) ^ endpTrick;
      this.allowEdge[p >> 1] = 1;
      j += jStep;
    }
    // The base sub-blossom becomes T without relabelling its mate.
    const bv = at(childs, j);
    label[endpoint[p ^ 1] as number] = label[bv] = T;
    labelEnd[endpoint[p ^ 1] as number] = labelEnd[bv] = p;
    this.bestEdge[bv] = -1;
    j += jStep;
    while (at(childs, j) !== entryChild) {
      const sub = at(childs, j);
      j += jStep;
      if (label[sub] === S) continue; // reached by an S-vertex through a zero-slack edge already
      let reached = -1;
      this.forLeaves(sub, (v) => {
        if (reached === -1 && label[v] !== FREE) reached = v;
      });
      if (reached !== -1) {
        label[reached] = FREE;
        label[endpoint[this.mate[this.blossomBase[sub] as number] as number] as number] = FREE;
        this.assignLabel(reached, T, labelEnd[reached] as number);
      }
    }
  }

  /** Swaps matched and unmatched edges on the even path inside blossom b from vertex v to its base; v becomes the base. */
  private augmentBlossom(b: number, v: number): void {
    const { n, endpoint, mate } = this;
    let t = v;
    while (this.blossomParent[t] !== b) t = this.blossomParent[t] as number;
    if (t >= n) this.augmentBlossom(t, v);
    const childs = this.blossomChilds[b] as number[];
    const endPs = this.blossomEndPs[b] as number[];
    const i = childs.indexOf(t);
    const { j: from, jStep, endpTrick } = evenWalk(childs.length, i);
    let j = from;
    while (j !== 0) {
      j += jStep;
      t = at(childs, j);
      const p = at(endPs, j - endpTrick) ^ endpTrick;
      if (t >= n) this.augmentBlossom(t, endpoint[p] as number);
      j += jStep;
      t = at(childs, j);
      if (t >= n) this.augmentBlossom(t, endpoint[p ^ 1] as number);
      mate[endpoint[p] as number] = p ^ 1;
      mate[endpoint[p ^ 1] as number] = p;
    }
    // Rotate so the new base comes first.
    this.blossomChilds[b] = [...childs.slice(i), ...childs.slice(0, i)];
    this.blossomEndPs[b] = [...endPs.slice(i), ...endPs.slice(0, i)];
    this.blossomBase[b] = this.blossomBase[(this.blossomChilds[b] as number[])[0] as number] as number;
  }

  /** Augments the matching along the path through edge k between two S-vertices of different trees. */
  private augmentMatching(k: number): void {
    const { n, inBlossom, labelEnd, endpoint, mate } = this;
    for (const [start, first] of [
      [endpoint[2 * k] as number, 2 * k + 1],
      [endpoint[2 * k + 1] as number, 2 * k],
    ] as const) {
      let s = start;
      let p = first;
      for (;;) {
        const bs = inBlossom[s] as number;
        if (bs >= n) this.augmentBlossom(bs, s);
        mate[s] = p;
        if (labelEnd[bs] === -1) break; // reached the root
        const t = endpoint[labelEnd[bs] as number] as number;
        const bt = inBlossom[t] as number;
        s = endpoint[labelEnd[bt] as number] as number;
        const j = endpoint[(labelEnd[bt] as number) ^ 1] as number;
        if (bt >= n) this.augmentBlossom(bt, j);
        mate[j] = labelEnd[bt] as number;
        p = (labelEnd[bt] as number) ^ 1;
      }
    }
  }
}
