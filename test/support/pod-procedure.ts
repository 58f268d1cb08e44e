/**
 * The pod pairing procedure of MAMTR/MSTR 10.4A as RULES 2 reads it, written out plainly and
 * independently of core/pairing (no shared code), as the reference the optimiser must never lose to:
 *
 *   1. the top-to-bottom pass that skips: pods from the top, each takes the highest-ranked players
 *      still unseated who met nobody already in it (limited smaller pods: and who would not sit in a
 *      second smaller pod); a pod that cannot be filled that way takes the highest-ranked left;
 *   2. the swaps: top pod first, each player left in a clash (the lower-ranked of two who met, or a
 *      player in a second smaller pod) is swapped with a player of the nearest pod such that neither
 *      then sits with someone met or in a second smaller pod; at that distance the partner nearest in
 *      points, the pod above first on a tie; a player in a second smaller pod looks at every pod
 *      above before any below ("pair a Player in that condition in a pod higher in the standings");
 *      repeated while a pass swaps anyone.
 *
 * And the audit's measures of an arrangement: repeats, second smaller pods, and the points spread
 * inside pods — per pod, the sum of (points − the pod's mean)², summed over pods.
 */
export interface ProcedureField {
  /** The seated players in standings order, top first. */
  order: readonly string[];
  /** Pod sizes in table order, top first. */
  sizes: readonly number[];
  podSize: number;
  points: (id: string) => number;
  met: (a: string, b: string) => boolean;
  smallerBefore: (id: string) => number;
  limitSmallerPods: boolean;
}

export function passAndSwaps(field: ProcedureField): string[][] {
  const inSecondSmaller = (id: string, podLength: number): boolean => field.limitSmallerPods && podLength < field.podSize && field.smallerBefore(id) > 0;

  // 1. The pass.
  let unseated = [...field.order];
  const pods: string[][] = [];
  for (const size of field.sizes) {
    const pod: string[] = [];
    for (const id of unseated) {
      if (pod.length === size) break;
      if (inSecondSmaller(id, size)) continue;
      if (pod.some((other) => field.met(other, id))) continue;
      pod.push(id);
    }
    for (const id of unseated) {
      if (pod.length === size) break;
      if (!pod.includes(id)) pod.push(id);
    }
    unseated = unseated.filter((id) => !pod.includes(id));
    pods.push(pod);
  }

  // 2. The swaps.
  const rank = new Map(field.order.map((id, r) => [id, r]));
  const rankOf = (id: string): number => rank.get(id) as number;
  const leftInClash = (id: string, k: number): boolean => {
    const pod = pods[k] as string[];
    return inSecondSmaller(id, pod.length) || pod.some((other) => rankOf(other) < rankOf(id) && field.met(other, id));
  };
  const sitsWell = (id: string, k: number, leaving: string): boolean => {
    const pod = pods[k] as string[];
    return !inSecondSmaller(id, pod.length) && pod.every((other) => other === leaving || !field.met(other, id));
  };
  for (let pass = 0; pass < 50; pass++) {
    let swapped = false;
    for (let k = 0; k < pods.length; k++) {
      const inOrder = [...(pods[k] as string[])].sort((a, b) => rankOf(a) - rankOf(b));
      for (const id of inOrder) {
        if (!(pods[k] as string[]).includes(id) || !leftInClash(id, k)) continue;
        const upFirst = inSecondSmaller(id, (pods[k] as string[]).length);
        const plans = upFirst ? [[-1], [1]] : [[-1, 1]];
        let partner: { id: string; pod: number } | undefined;
        for (const directions of plans) {
          for (let d = 1; d < pods.length && !partner; d++) {
            let bestGap = Infinity;
            for (const sign of directions) {
              const q = k + sign * d;
              if (q < 0 || q >= pods.length) continue;
              for (const other of pods[q] as string[]) {
                if (!sitsWell(id, q, other) || !sitsWell(other, k, id)) continue;
                const gap = Math.abs(field.points(id) - field.points(other));
                if (gap < bestGap) {
                  bestGap = gap;
                  partner = { id: other, pod: q };
                }
              }
            }
          }
          if (partner) break;
        }
        if (partner) {
          const here = pods[k] as string[];
          const there = pods[partner.pod] as string[];
          here[here.indexOf(id)] = partner.id;
          there[there.indexOf(partner.id)] = id;
          swapped = true;
        }
      }
    }
    if (!swapped) break;
  }
  return pods;
}

export interface ProcedureScore {
  repeats: number;
  secondSmaller: number;
  /** Σ over pods of Σ (points − the pod's mean points)². */
  spread: number;
}

export function procedureScore(field: Omit<ProcedureField, 'order' | 'sizes'>, pods: readonly (readonly string[])[]): ProcedureScore {
  let repeats = 0;
  let secondSmaller = 0;
  let spread = 0;
  for (const pod of pods) {
    for (let x = 0; x < pod.length; x++) for (let y = x + 1; y < pod.length; y++) if (field.met(pod[x] as string, pod[y] as string)) repeats++;
    if (field.limitSmallerPods && pod.length < field.podSize) for (const id of pod) if (field.smallerBefore(id) > 0) secondSmaller++;
    const points = pod.map(field.points);
    const mean = points.reduce((a, b) => a + b, 0) / points.length;
    for (const p of points) spread += (p - mean) ** 2;
  }
  return { repeats, secondSmaller, spread };
}

/**
 * Is `proposal` never worse than `reference`: fewer repeats, or as many and fewer second smaller
 * pods, or as many of both and a spread within `tolerance` (5 %) of the reference's.
 */
export function notWorse(proposal: ProcedureScore, reference: ProcedureScore, tolerance = 0.05): boolean {
  if (proposal.repeats !== reference.repeats) return proposal.repeats < reference.repeats;
  if (proposal.secondSmaller !== reference.secondSmaller) return proposal.secondSmaller < reference.secondSmaller;
  return proposal.spread <= reference.spread * (1 + tolerance) + 1e-9;
}
