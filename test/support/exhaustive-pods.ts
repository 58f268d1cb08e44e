/**
 * References for pod pairing (core/pairing/pods.ts, RULES 2 "Pairing"), written independently of the
 * optimiser (no shared cost code):
 *
 *   - bruteForcePods: the exact lexicographic minimum of [repeats, second smaller pods] over EVERY
 *     way to split a small field into pods of the given sizes;
 *       · repeats: pairs of players seated together who have met before (a pair met twice counts
 *         once);
 *       · second smaller pods: players with an earlier smaller pod seated in a pod smaller than n
 *         again (counted only when `limitSmallerPods`, as MAMTR 10.4A asks);
 *     pods are filled in order; the members of a pod are chosen as an increasing set of indices, and
 *     of consecutive pods of the same size the later one must start with a higher index than the
 *     earlier one (pods of equal size are interchangeable). 12 players in pods of 3 is 15,400
 *     partitions, so everything up to MAX_BRUTE_FORCE_PLAYERS takes milliseconds;
 *   - objectiveOf / bruteForceObjective: the whole objective of core/pairing/pods.ts (repeats,
 *     second smaller pods, points moved — each player's squared distance from the mean points of
 *     the fill pod at their pod's place — and pods moved), of one arrangement and at its exact
 *     optimum (pods in table order: each is measured against its own fill pod, so they are not
 *     interchangeable). The procedure the optimiser never loses to is in ./pod-procedure.ts.
 */

import { opponentHistory } from '../../core/event/queries.js';
import type { EventState, PairingProposal } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';

export const MAX_BRUTE_FORCE_PLAYERS = 12;

export interface PodField {
  ids: readonly string[];
  sizes: readonly number[];
  /** The standard pod size n (a pod below it is a smaller pod). */
  podSize: number;
  met: (a: string, b: string) => boolean;
  /** Smaller pods each player sat in before. */
  smallerBefore: (id: string) => number;
  limitSmallerPods: boolean;
}

export interface PodScore {
  repeats: number;
  secondSmaller: number;
}

/** The score of one arrangement (pods as lists of ids). */
export function scorePods(field: Omit<PodField, 'ids' | 'sizes'>, pods: readonly (readonly string[])[]): PodScore {
  let repeats = 0;
  let secondSmaller = 0;
  for (const pod of pods) {
    for (let x = 0; x < pod.length; x++)
      for (let y = x + 1; y < pod.length; y++) if (field.met(pod[x] as string, pod[y] as string)) repeats++;
    if (field.limitSmallerPods && pod.length < field.podSize)
      for (const id of pod) if (field.smallerBefore(id) > 0) secondSmaller++;
  }
  return { repeats, secondSmaller };
}

/** The best score any arrangement reaches, and how many arrangements there are. */
export function bruteForcePods(field: PodField): PodScore & { arrangements: number } {
  const n = field.ids.length;
  if (n > MAX_BRUTE_FORCE_PLAYERS) throw new Error(`brute force is for at most ${MAX_BRUTE_FORCE_PLAYERS} players, not ${n}`);
  if (field.sizes.reduce((a, b) => a + b, 0) !== n) throw new Error('pod sizes do not add up to the field');
  const metM = field.ids.map((a) => field.ids.map((b) => a !== b && field.met(a, b)));
  const veteran = field.ids.map((id) => field.limitSmallerPods && field.smallerBefore(id) > 0);
  const used = new Array<boolean>(n).fill(false);
  let best: PodScore = { repeats: Infinity, secondSmaller: Infinity };
  let arrangements = 0;
  const pods: number[][] = field.sizes.map(() => []);

  const better = (a: PodScore, b: PodScore): boolean => a.repeats < b.repeats || (a.repeats === b.repeats && a.secondSmaller < b.secondSmaller);

  const fill = (pod: number, repeats: number, secondSmaller: number): void => {
    if (pod === field.sizes.length) {
      arrangements++;
      const score = { repeats, secondSmaller };
      if (better(score, best)) best = score;
      return;
    }
    const size = field.sizes[pod] as number;
    const members = pods[pod] as number[];
    if (members.length === size) {
      fill(pod + 1, repeats, secondSmaller);
      return;
    }
    const smaller = size < field.podSize;
    let start = members.length > 0 ? (members[members.length - 1] as number) + 1 : 0;
    if (members.length === 0 && pod > 0 && field.sizes[pod - 1] === size) start = Math.max(start, ((pods[pod - 1] as number[])[0] as number) + 1);
    for (let i = start; i < n; i++) {
      if (used[i]) continue;
      let added = 0;
      for (const j of members) if ((metM[i] as boolean[])[j]) added++;
      used[i] = true;
      members.push(i);
      fill(pod, repeats + added, secondSmaller + (smaller && veteran[i] ? 1 : 0));
      members.pop();
      used[i] = false;
    }
  };
  fill(0, 0, 0);
  return { ...best, arrangements };
}

/**
 * RULES 2 "Pod sizes" for `count` players in pods of n, written out independently of
 * core/rulesets/pods/timing.ts, largest first: all pods of n where the count allows; otherwise the
 * fewest smaller pods, each one smaller (n = 4: 23 → 5×4 + 3, 22 → 4×4 + 2×3). Counts that pods of n
 * and n − 1 cannot make take RULES 2's Decision (n = 4: 5 → one pod of 5; n = 5: 6 → one pod of 6,
 * 11 → 4 + 4 + 3); never a pod under 3, so pods of 3 take pods of 4 for the rest (count mod 3 of
 * them; 5 players make one pod of 5). From 5 players up the others are listed in `special`.
 */
export function expectedPodSizes(count: number, n: number): number[] {
  const special: Record<string, number[]> = { '3:5': [5], '4:5': [5], '5:6': [6], '5:7': [4, 3], '5:11': [4, 4, 3] };
  const fixed = special[`${n}:${count}`];
  if (fixed) return fixed;
  if (count < 5) throw new Error('expectedPodSizes is written for 5 players or more');
  if (count % n === 0) return new Array<number>(count / n).fill(n);
  if (n === 3) {
    const fours = count % 3;
    return [...new Array<number>(fours).fill(4), ...new Array<number>((count - 4 * fours) / 3).fill(3)];
  }
  const smaller = n - (count % n);
  const full = (count - smaller * (n - 1)) / n;
  return [...new Array<number>(full).fill(n), ...new Array<number>(smaller).fill(n - 1)];
}

// ---------------------------------------------------------------------------------------------
// The whole objective of core/pairing/pods.ts, written out independently (no shared code):
// lexicographic [repeats, second smaller pods, points moved, pods moved], measured against the
// top-to-bottom fill of the standings by points, so equal points are interchangeable.

/** A field in standings order: the fill is `order` cut into `sizes` (table order, top first). */
export interface RankedField extends Omit<PodField, 'ids'> {
  /** The seated players in standings order, top first. */
  order: readonly string[];
  points: (id: string) => number;
}

export interface PodObjective {
  repeats: number;
  secondSmaller: number;
  /** Per player, (points − the mean points of the fill pod at their pod's place)², summed. */
  pointsMoved: number;
  /** Per player, pods to the nearest pod whose fill holds a player on their points, summed. */
  podsMoved: number;
}

export const OBJECTIVE_TERMS = ['repeats', 'secondSmaller', 'pointsMoved', 'podsMoved'] as const;

/** Negative when a is better than b (points moved compared to within rounding). */
export function compareObjective(a: PodObjective, b: PodObjective): number {
  for (const term of OBJECTIVE_TERMS) {
    const d = a[term] - b[term];
    if (Math.abs(d) > 1e-6) return d;
  }
  return 0;
}

export function fillOf(field: Pick<RankedField, 'order' | 'sizes'>): string[][] {
  const pods: string[][] = [];
  let next = 0;
  for (const size of field.sizes) {
    pods.push(field.order.slice(next, next + size));
    next += size;
  }
  return pods;
}

type Terms = (t: number, pod: readonly string[]) => PodObjective;

/** Scores one pod (pod index t in table order) against the field's fill. */
function podScorer(field: RankedField): Terms {
  const fill = fillOf(field).map((pod) => pod.map(field.points));
  const level = fill.map((points) => points.reduce((a, b) => a + b, 0) / points.length);
  // For each points value, the fill pods holding it (for the distance to the nearest).
  const podsWith = new Map<number, number[]>();
  fill.forEach((points, q) => {
    for (const p of new Set(points)) podsWith.set(p, [...(podsWith.get(p) ?? []), q]);
  });
  return (t, pod) => {
    let repeats = 0;
    let secondSmaller = 0;
    for (let x = 0; x < pod.length; x++) for (let y = x + 1; y < pod.length; y++) if (field.met(pod[x] as string, pod[y] as string)) repeats++;
    if (field.limitSmallerPods && pod.length < field.podSize) for (const id of pod) if (field.smallerBefore(id) > 0) secondSmaller++;
    let pointsMoved = 0;
    let podsMoved = 0;
    for (const p of pod.map(field.points)) {
      pointsMoved += (p - (level[t] as number)) ** 2;
      podsMoved += Math.min(...(podsWith.get(p) ?? []).map((q) => Math.abs(q - t)));
    }
    return { repeats, secondSmaller, pointsMoved, podsMoved };
  };
}

function addTerms(a: PodObjective, b: PodObjective): PodObjective {
  return {
    repeats: a.repeats + b.repeats,
    secondSmaller: a.secondSmaller + b.secondSmaller,
    pointsMoved: a.pointsMoved + b.pointsMoved,
    podsMoved: a.podsMoved + b.podsMoved,
  };
}

const ZERO: PodObjective = { repeats: 0, secondSmaller: 0, pointsMoved: 0, podsMoved: 0 };

/** The objective of an arrangement: pods in table order (pod t is measured against fill pod t). */
export function objectiveOf(field: RankedField, pods: readonly (readonly string[])[]): PodObjective {
  if (pods.length !== field.sizes.length || pods.some((pod, t) => pod.length !== field.sizes[t])) throw new Error('pods do not have the field\'s sizes in table order');
  const terms = podScorer(field);
  return pods.reduce((sum, pod, t) => addTerms(sum, terms(t, pod)), ZERO);
}

/**
 * The best objective of every arrangement into pods in table order (pods are not interchangeable:
 * each is measured against its own fill pod). Branch and bound on the partial sum, which never
 * decreases as pods are added; `arrangements` counts the complete ones reached.
 */
export function bruteForceObjective(field: RankedField): PodObjective & { arrangements: number } {
  const n = field.order.length;
  if (n > MAX_BRUTE_FORCE_PLAYERS) throw new Error(`brute force is for at most ${MAX_BRUTE_FORCE_PLAYERS} players, not ${n}`);
  const terms = podScorer(field);
  const used = new Array<boolean>(n).fill(false);
  let best: PodObjective | undefined;
  let arrangements = 0;
  const place = (t: number, from: number, members: string[], sum: PodObjective): void => {
    if (best && compareObjective(sum, best) >= 0) return;
    if (t === field.sizes.length) {
      arrangements++;
      best = sum;
      return;
    }
    const size = field.sizes[t] as number;
    if (members.length === size) {
      place(t + 1, 0, [], addTerms(sum, terms(t, members)));
      return;
    }
    for (let i = from; i < n; i++) {
      if (used[i]) continue;
      used[i] = true;
      members.push(field.order[i] as string);
      place(t, i + 1, members, sum);
      members.pop();
      used[i] = false;
    }
  };
  place(0, 0, [], ZERO);
  return { ...(best as PodObjective), arrangements };
}

/**
 * The ranked field of a proposed Swiss pod round: the seated players in the order of the rule set's
 * standings before the round, their points, and the proposal's pod sizes in table order.
 */
export function rankedField(state: EventState, proposal: Pick<PairingProposal, 'tables'>): RankedField {
  const standings = getRuleset(state.ruleset).standings(state);
  const points = new Map(standings.map((s) => [s.id, s.points]));
  const seated = new Set(proposal.tables.flatMap((t) => t.seats));
  const history = opponentHistory(state.rounds);
  const smaller = new Map<string, number>();
  for (const round of state.rounds)
    if (round.stage === 'swiss')
      for (const table of round.tables)
        if (table.seats.length < state.settings.podSize) for (const id of table.seats) smaller.set(id, (smaller.get(id) ?? 0) + 1);
  return {
    order: standings.map((s) => s.id).filter((id) => seated.has(id)),
    sizes: proposal.tables.map((t) => t.seats.length),
    podSize: state.settings.podSize,
    points: (id) => points.get(id) ?? 0,
    met: (a, b) => (history.get(a)?.get(b) ?? 0) > 0,
    smallerBefore: (id) => smaller.get(id) ?? 0,
    limitSmallerPods: state.ruleset === 'mamtr-2024',
  };
}
