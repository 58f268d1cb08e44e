/**
 * The objective of a pod arrangement (pods.ts explains its terms), and comparing two: as records
 * (PodObjective) and as the five terms in an array (the search's running totals).
 */

/** The objective's terms (see pods.ts), smaller is better, compared in this order. */
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

export const TERMS = ['repeats', 'secondSmallerPods', 'moved', 'pointsMoved', 'podsMoved'] as const;

/** Negative when a is the better arrangement, 0 when equal, positive when worse. */
export function compareObjectives(a: PodObjective, b: PodObjective): number {
  for (const term of TERMS) if (a[term] !== b[term]) return a[term] - b[term];
  return 0;
}

export function objectiveTerms(o: PodObjective): Float64Array {
  return Float64Array.from(TERMS, (t) => o[t]);
}

/** Lexicographic comparison of (a + delta) with b, delta optional. */
export function compareTerms(a: Float64Array, delta: Float64Array | undefined, b: Float64Array): number {
  for (let k = 0; k < 5; k++) {
    const x = (a[k] as number) + (delta ? (delta[k] as number) : 0);
    const y = b[k] as number;
    if (x !== y) return x - y;
  }
  return 0;
}
