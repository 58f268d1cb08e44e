/**
 * The vendored maximum-weight matching (core/pairing/matching.ts): Van Rantwijk's published test
 * graphs (the unit tests of mwmatching.py, also NetworkX's test_matching.py), each naming the
 * blossom operation it exercises; then random graphs against an exhaustive search.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxWeightMatching, type WeightedEdge } from '../../core/pairing/matching.js';

/** The matching over vertices 0..(largest in the edges), as mwmatching.py returns it. */
function mwm(edges: WeightedEdge[], maxCardinality = false): number[] {
  const n = edges.reduce((size, [i, j]) => Math.max(size, i + 1, j + 1), 0);
  return maxWeightMatching(n, edges, maxCardinality);
}

describe('maxWeightMatching: the published test graphs (mwmatching.py tests 10–34)', () => {
  const cases: [name: string, edges: WeightedEdge[], mate: number[], maxCardinality?: boolean][] = [
    ['10 empty input graph', [], []],
    ['11 single edge', [[0, 1, 1]], [1, 0]],
    ['12', [[1, 2, 10], [2, 3, 11]], [-1, -1, 3, 2]],
    ['13', [[1, 2, 5], [2, 3, 11], [3, 4, 5]], [-1, -1, 3, 2, -1]],
    ['14 maximum cardinality', [[1, 2, 5], [2, 3, 11], [3, 4, 5]], [-1, 2, 1, 4, 3], true],
    ['15 floating-point weights', [[1, 2, Math.PI], [2, 3, Math.E], [1, 3, 3.0], [1, 4, Math.sqrt(2.0)]], [-1, 4, 3, 2, 1]],
    ['16 negative weights', [[1, 2, 2], [1, 3, -2], [2, 3, 1], [2, 4, -1], [3, 4, -6]], [-1, 2, 1, -1, -1]],
    ['16 negative weights, maximum cardinality', [[1, 2, 2], [1, 3, -2], [2, 3, 1], [2, 4, -1], [3, 4, -6]], [-1, 3, 4, 1, 2], true],
    ['20 create S-blossom and use it for augmentation', [[1, 2, 8], [1, 3, 9], [2, 3, 10], [3, 4, 7]], [-1, 2, 1, 4, 3]],
    ['20 … with two more edges', [[1, 2, 8], [1, 3, 9], [2, 3, 10], [3, 4, 7], [1, 6, 5], [4, 5, 6]], [-1, 6, 3, 2, 5, 4, 1]],
    ['21 create S-blossom, relabel as T-blossom, use for augmentation', [[1, 2, 9], [1, 3, 8], [2, 3, 10], [1, 4, 5], [4, 5, 4], [1, 6, 3]], [-1, 6, 3, 2, 5, 4, 1]],
    ['21 … (2)', [[1, 2, 9], [1, 3, 8], [2, 3, 10], [1, 4, 5], [4, 5, 3], [1, 6, 4]], [-1, 6, 3, 2, 5, 4, 1]],
    ['21 … (3)', [[1, 2, 9], [1, 3, 8], [2, 3, 10], [1, 4, 5], [4, 5, 3], [3, 6, 4]], [-1, 2, 1, 6, 5, 4, 3]],
    ['22 create nested S-blossom, use for augmentation', [[1, 2, 9], [1, 3, 9], [2, 3, 10], [2, 4, 8], [3, 5, 8], [4, 5, 10], [5, 6, 6]], [-1, 3, 4, 1, 2, 6, 5]],
    [
      '23 create S-blossom, relabel as S, include in nested S-blossom',
      [[1, 2, 10], [1, 7, 10], [2, 3, 12], [3, 4, 20], [3, 5, 20], [4, 5, 25], [5, 6, 10], [6, 7, 10], [7, 8, 8]],
      [-1, 2, 1, 4, 3, 6, 5, 8, 7],
    ],
    [
      '24 create nested S-blossom, augment, expand recursively',
      [[1, 2, 8], [1, 3, 8], [2, 3, 10], [2, 4, 12], [3, 5, 12], [4, 5, 14], [4, 6, 12], [5, 7, 12], [6, 7, 14], [7, 8, 12]],
      [-1, 2, 1, 5, 6, 3, 4, 8, 7],
    ],
    ['25 create S-blossom, relabel as T, expand', [[1, 2, 23], [1, 5, 22], [1, 6, 15], [2, 3, 25], [3, 4, 22], [4, 5, 25], [4, 8, 14], [5, 7, 13]], [-1, 6, 3, 2, 8, 7, 1, 5, 4]],
    [
      '26 create nested S-blossom, relabel as T, expand',
      [[1, 2, 19], [1, 3, 20], [1, 8, 8], [2, 3, 25], [2, 4, 18], [3, 5, 18], [4, 5, 13], [4, 7, 7], [5, 6, 7]],
      [-1, 8, 3, 2, 7, 6, 5, 4, 1],
    ],
    [
      '30 create blossom, relabel as T in more than one way, expand, augment',
      [[1, 2, 45], [1, 5, 45], [2, 3, 50], [3, 4, 45], [4, 5, 50], [1, 6, 30], [3, 9, 35], [4, 8, 35], [5, 7, 26], [9, 10, 5]],
      [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    ],
    [
      '31 … again, but slightly different',
      [[1, 2, 45], [1, 5, 45], [2, 3, 50], [3, 4, 45], [4, 5, 50], [1, 6, 30], [3, 9, 35], [4, 8, 26], [5, 7, 40], [9, 10, 5]],
      [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    ],
    [
      '32 create blossom, relabel as T, expand such that a new least-slack S-to-free edge is produced, augment',
      [[1, 2, 45], [1, 5, 45], [2, 3, 50], [3, 4, 45], [4, 5, 50], [1, 6, 30], [3, 9, 35], [4, 8, 28], [5, 7, 26], [9, 10, 5]],
      [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    ],
    [
      '33 create nested blossom, relabel as T in more than one way, expand outer blossom such that inner blossom ends up on an augmenting path',
      [[1, 2, 45], [1, 7, 45], [2, 3, 50], [3, 4, 45], [4, 5, 95], [4, 6, 94], [5, 6, 94], [6, 7, 50], [1, 8, 30], [3, 11, 35], [5, 9, 36], [7, 10, 26], [11, 12, 5]],
      [-1, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11],
    ],
    [
      '34 create nested S-blossom, relabel as S, expand recursively',
      [[1, 2, 40], [1, 3, 40], [2, 3, 60], [2, 4, 55], [3, 5, 55], [4, 5, 50], [1, 8, 15], [5, 7, 30], [7, 6, 10], [8, 10, 10], [4, 9, 30]],
      [-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8],
    ],
  ];
  for (const [name, edges, mate, maxCardinality] of cases) {
    it(name, () => expect(mwm(edges, maxCardinality ?? false)).toEqual(mate));
  }
});

describe('maxWeightMatching: the interface', () => {
  it('pads the answer to the vertex count (vertices no edge touches stay unmatched)', () => {
    expect(maxWeightMatching(6, [[0, 1, 1]], true)).toEqual([1, 0, -1, -1, -1, -1]);
    expect(maxWeightMatching(3, [], true)).toEqual([-1, -1, -1]);
  });

  it('refuses loops and vertices that are not non-negative integers', () => {
    expect(() => maxWeightMatching(2, [[1, 1, 3]], false)).toThrow(RangeError);
    expect(() => maxWeightMatching(2, [[-1, 1, 3]], false)).toThrow(RangeError);
    expect(() => maxWeightMatching(2, [[0.5, 1, 3]], false)).toThrow(RangeError);
  });

  it('does not change the edges it is given', () => {
    const edges: WeightedEdge[] = [[1, 2, 8], [1, 3, 9], [2, 3, 10], [3, 4, 7]];
    const copy = structuredClone(edges);
    mwm(edges);
    expect(edges).toEqual(copy);
  });
});

// ---------------------------------------------------------------------------------------------
// Random graphs against exhaustive search

interface Best {
  size: number;
  weight: number;
}

/** The best matching's (size, weight) by trying them all: most weight, or most edges then most weight. */
function exhaustive(n: number, edges: readonly WeightedEdge[], maxCardinality: boolean): Best {
  const weightOf = new Map<number, number>();
  for (const [i, j, w] of edges) {
    const key = Math.min(i, j) * n + Math.max(i, j);
    weightOf.set(key, Math.max(weightOf.get(key) ?? -Infinity, w));
  }
  const better = (a: Best, b: Best): boolean => (maxCardinality && a.size !== b.size ? a.size > b.size : a.weight > b.weight);
  const used = new Array<boolean>(n).fill(false);
  const search = (from: number): Best => {
    let v = from;
    while (v < n && used[v]) v++;
    if (v >= n) return { size: 0, weight: 0 };
    used[v] = true;
    let best = search(v + 1); // v stays unmatched
    for (let u = v + 1; u < n; u++) {
      const w = weightOf.get(v * n + u);
      if (used[u] || w === undefined) continue;
      used[u] = true;
      const rest = search(v + 1);
      used[u] = false;
      const candidate = { size: rest.size + 1, weight: rest.weight + w };
      if (better(candidate, best)) best = candidate;
    }
    used[v] = false;
    return best;
  };
  return search(0);
}

/** The matching's (size, weight), after checking it is one: symmetric, over edges of the graph. */
function measure(n: number, edges: readonly WeightedEdge[], mate: readonly number[]): Best {
  expect(mate).toHaveLength(n);
  let size = 0;
  let weight = 0;
  mate.forEach((u, v) => {
    if (u === -1 || u < v) return;
    expect(mate[u]).toBe(v);
    const along = edges.filter(([i, j]) => (i === u && j === v) || (i === v && j === u)).map(([, , w]) => w);
    expect(along.length).toBeGreaterThan(0);
    size++;
    weight += Math.max(...along);
  });
  return { size, weight };
}

const graphs = fc
  .record({ n: fc.integer({ min: 2, max: 11 }), density: fc.double({ min: 0.15, max: 1, noNaN: true }), weights: fc.constantFrom(1, 3, 20, 1000), negative: fc.boolean() })
  .chain(({ n, density, weights, negative }) => {
    const pairs: [number, number][] = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) pairs.push([i, j]);
    return fc
      .tuple(...pairs.map(() => fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: negative ? -weights : 0, max: weights }), fc.boolean())))
      .map((draws) => ({
        n,
        edges: draws.flatMap(([keep, w, flip], k): WeightedEdge[] => {
          const [i, j] = pairs[k] as [number, number];
          return keep < density ? [flip ? [j, i, w] : [i, j, w]] : [];
        }),
      }));
  });

describe('maxWeightMatching: random graphs against exhaustive search', () => {
  for (const maxCardinality of [false, true]) {
    it(`finds the optimum (${maxCardinality ? 'most edges, then most weight' : 'most weight'}) on graphs of up to 11 vertices`, () => {
      fc.assert(
        fc.property(graphs, ({ n, edges }) => {
          const got = measure(n, edges, maxWeightMatching(n, edges, maxCardinality));
          const best = exhaustive(n, edges, maxCardinality);
          // Without maxCardinality only the weight is determined (zero-weight edges may be taken or not).
          if (maxCardinality) expect(got).toEqual(best);
          else expect(got.weight).toBe(best.weight);
        }),
        { numRuns: 400, seed: maxCardinality ? 14 : 8 },
      );
    });
  }

  it('finds the optimum with parallel edges (the heavier one counts)', () => {
    const edges: WeightedEdge[] = [[0, 1, 2], [1, 0, 7], [1, 2, 5], [2, 3, 1], [3, 2, 4], [0, 3, 3]];
    expect(measure(4, edges, maxWeightMatching(4, edges, true))).toEqual(exhaustive(4, edges, true));
  });
});
