/**
 * Maximum-weight matching on a general graph, over the well-kept Edmonds blossom implementation
 * (Van Rantwijk's, O(n³)). Callers keep graphs small (a block of a score-sorted list), which is
 * what makes pairing thousands of players fast.
 */
import maxWeightMatchingImpl from 'edmonds-blossom-fixed';

export type WeightedEdge = [number, number, number];

/**
 * mate[v] = the vertex matched to v, or -1. With `maxCardinality`, the heaviest among the matchings
 * with the most edges.
 */
export function maxWeightMatching(vertexCount: number, edges: WeightedEdge[], maxCardinality: boolean): number[] {
  const mate = new Array<number>(vertexCount).fill(-1);
  if (edges.length === 0) return mate;
  const found = maxWeightMatchingImpl(edges, maxCardinality);
  for (let v = 0; v < found.length && v < vertexCount; v++) mate[v] = found[v] ?? -1;
  return mate;
}
