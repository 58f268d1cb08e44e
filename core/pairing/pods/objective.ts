/**
 * The objective of a pod arrangement (pods.ts explains its terms), and comparing two: as records
 * (PodObjective) and as the terms in an array (the search's running totals).
 */

/** The objective's terms (see pods.ts), smaller is better, compared in this order. */
export interface PodObjective {
  repeats: number;
  /** Counted only when limitSmallerPods. */
  secondSmallerPods: number;
  /**
   * How far, in points, players sit from the level of their pod: per player, (points − the mean
   * points of the pod's top-to-bottom fill)², summed. The fill itself is the least there is.
   */
  pointsMoved: number;
  /** Per player, pods to the nearest pod whose fill holds a player on their points, summed. */
  podsMoved: number;
}

export interface PodAssignment {
  /** Player ids per pod, top pod first (members in standings order; seats are decided later). */
  pods: string[][];
  objective: PodObjective;
}

export const TERMS = ['repeats', 'secondSmallerPods', 'pointsMoved', 'podsMoved'] as const;
export const TERM_COUNT = TERMS.length;

/** Negative when a is the better arrangement, 0 when equal, positive when worse. */
export function compareObjectives(a: PodObjective, b: PodObjective): number {
  for (const term of TERMS) if (a[term] !== b[term]) return a[term] - b[term];
  return 0;
}

/** Lexicographic comparison of (a + delta) with b, delta optional. */
export function compareTerms(a: Float64Array, delta: Float64Array | undefined, b: Float64Array): number {
  for (let k = 0; k < TERM_COUNT; k++) {
    const x = (a[k] as number) + (delta ? (delta[k] as number) : 0);
    const y = b[k] as number;
    if (x !== y) return x - y;
  }
  return 0;
}
