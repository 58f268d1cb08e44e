/**
 * Organisers' pod policies: the house rules a Commander organiser may set on a pod
 * rule set — how a player count that does not fill pods of n is seated, and the match points of a
 * win, a draw and a bye. Each one left unset is the document's rule (../mstr-2022.ts,
 * ../mamtr-2024.ts); a policy equal to the document's is no house rule and is never printed.
 *
 * Seating (Settings.oddCounts), for `count` players in pods of n:
 * - `byes`: count mod n players get a bye (the fewest byes so far, then the lowest-ranked: RULES 2), the rest play in
 *   pods of n — the MSTR's way at Competitive REL (10.4A); up to n players make one pod, no bye;
 * - `smaller-pods-bottom`: the document's split (pod-sizes.ts: pods of n and the fewest of n − 1),
 *   the smaller pods at the bottom of the standings — the MSTR at Regular REL, the MAMTR (10.4A);
 * - `smaller-pods-top`: the same pods, the smaller ones at the top of the standings;
 * - `larger-pods`: pods of n and the fewest pods of n + 1 (n = 4: 9 → 4 + 5, 10 → 5 + 5,
 *   13 → 4 + 4 + 5), the larger ones at the bottom of the standings, as the documents put their
 *   smaller pods and byes (**Decision**: the top pods stay standard). **Decision:** where pods of n and
 *   n + 1 cannot seat everyone (n = 4: 6, 7, 11 players), the document's split seats them
 *   (6 → 3 + 3, 7 → 4 + 3, 11 → 4 + 4 + 3), its smaller pods at the bottom.
 * The MAMTR's "a smaller pod at most once per player where avoidable" (10.4A) stays with every
 * policy: it is a rule of its own, not a matter of where the smaller pods go.
 *
 * Scoring (Settings.winPoints, drawPoints, byePoints): App. C's numbers with the organiser's in their
 * place. A bye left unset is worth a win, as App. C says — the organiser's win when there is one.
 * MWP = (match points − byes × bye points) ÷ (matches played × points per win); the OMWP
 * floor and the MAMTR's ghost opponents are 1 ÷ points per win, as App. C has them with its own.
 */
import type { OddCountsPolicy, Rel, Settings } from '../../model/types.js';
import { plural } from '../../text/format.js';
import { podSizes } from './pod-sizes.js';
import type { PodVariant } from './variant.js';

/** The seating and scoring an event's pods follow: the document's, with any house rule in place. */
export interface PodPolicy {
  seating: OddCountsPolicy;
  winPoints: number;
  drawPoints: number;
  byePoints: number;
}

/** How the document seats a count that does not fill pods (10.4A): byes (MSTR, Competitive REL up) or smaller pods at the bottom. */
export function documentSeating(variant: PodVariant, rel: Rel): OddCountsPolicy {
  return variant.unevenUsesByes(rel) ? 'byes' : 'smaller-pods-bottom';
}

/** The document's own policy for these settings (App. C: a bye is worth a win). */
export function documentPolicy(variant: PodVariant, settings: Settings): PodPolicy {
  const win = variant.pointsPerWin(settings.podSize);
  return { seating: documentSeating(variant, settings.rel), winPoints: win, drawPoints: variant.pointsPerDraw, byePoints: win };
}

/** The policy an event follows: each house rule set, else the document's. */
export function podPolicy(variant: PodVariant, settings: Settings): PodPolicy {
  const document = documentPolicy(variant, settings);
  const winPoints = settings.winPoints ?? document.winPoints;
  return {
    seating: settings.oddCounts ?? document.seating,
    winPoints,
    drawPoints: settings.drawPoints ?? document.drawPoints,
    // App. C: a bye is worth a win.
    byePoints: settings.byePoints ?? winPoints,
  };
}

/** A settings check of the house rules, in words; null when fine. */
export function podPolicyProblem(variant: PodVariant, settings: Settings): string | null {
  const policy = podPolicy(variant, settings);
  if (policy.drawPoints > policy.winPoints)
    return `a draw (${plural(policy.drawPoints, 'point')}) cannot be worth more than a win (${plural(policy.winPoints, 'point')})`;
  return null;
}

/** One round's seating plan: how many byes, and the pod sizes, top of the standings first. */
export interface PodPlan {
  byes: number;
  sizes: number[];
}

/**
 * The pods of n and n + 1 with the fewest pods of n + 1, the larger ones last (at the bottom), or
 * null where no such split exists. b = count mod n pods of n + 1 need b·(n + 1) ≤ count.
 */
function largerSplit(count: number, n: number): number[] | null {
  const larger = count % n;
  const standard = (count - larger * (n + 1)) / n;
  if (standard < 0) return null;
  return [...new Array<number>(standard).fill(n), ...new Array<number>(larger).fill(n + 1)];
}

/**
 * How `count` players are seated in pods of n under `seating` (this module's comment): the byes and
 * the pod sizes, top of the standings first. A count that fills pods of n, or is below n, is seated
 * as pod-sizes.ts seats it under every policy (0 players: nothing; 1: PodiumError).
 */
export function podPlan(seating: OddCountsPolicy, count: number, n: number): PodPlan {
  if (count % n === 0 || count < n) return { byes: 0, sizes: podSizes(count, n) };
  switch (seating) {
    case 'byes': {
      const byes = count % n;
      return { byes, sizes: new Array<number>((count - byes) / n).fill(n) };
    }
    case 'smaller-pods-bottom':
      return { byes: 0, sizes: podSizes(count, n) };
    case 'smaller-pods-top':
      return { byes: 0, sizes: podSizes(count, n).sort((a, b) => a - b) };
    case 'larger-pods':
      return { byes: 0, sizes: largerSplit(count, n) ?? podSizes(count, n) };
  }
}

/** The seating policy in words ("pods of 5 for odd counts"). */
function seatingWords(seating: OddCountsPolicy, n: number): string {
  switch (seating) {
    case 'byes':
      return 'byes for odd counts';
    case 'smaller-pods-bottom':
      return 'smaller pods at the bottom for odd counts';
    case 'smaller-pods-top':
      return 'smaller pods at the top for odd counts';
    case 'larger-pods':
      return `pods of ${n + 1} for odd counts`;
  }
}

/** "4 points a win, 1 a draw, bye 3". */
export function pointsWords(policy: PodPolicy): string {
  return `${plural(policy.winPoints, 'point')} a win, ${policy.drawPoints} a draw, bye ${policy.byePoints}`;
}

/**
 * The house rules of these settings in one line, as standings print them and the player page shows
 * them ("House rules: pods of 5 for odd counts; 4 points a win, 1 a draw, bye 3"), or undefined when
 * the event follows the document in everything. The points are said together once any differs.
 */
export function podHouseRules(variant: PodVariant, settings: Settings): string | undefined {
  const policy = podPolicy(variant, settings);
  const parts: string[] = [];
  if (policy.seating !== documentSeating(variant, settings.rel)) parts.push(seatingWords(policy.seating, settings.podSize));
  if (housePoints(variant, settings)) parts.push(pointsWords(policy));
  return parts.length === 0 ? undefined : `House rules: ${parts.join('; ')}`;
}

/** The points differ from the document's (the breakdown then says where its numbers come from). */
export function housePoints(variant: PodVariant, settings: Settings): boolean {
  const document = documentPolicy(variant, settings);
  const policy = podPolicy(variant, settings);
  return policy.winPoints !== document.winPoints || policy.drawPoints !== document.drawPoints || policy.byePoints !== document.byePoints;
}

/**
 * What a house-rule setting left empty means here, for the new-event form: the document's value and
 * where it comes from. Undefined for a field that is no house rule.
 */
export function documentDefault(variant: PodVariant, field: string, draft: Settings): { value: string; rule: string } | undefined {
  const document = documentPolicy(variant, draft);
  const n = draft.podSize;
  switch (field) {
    case 'oddCounts':
      return { value: document.seating === 'byes' ? 'byes, to the fewest byes so far, then the lowest-ranked' : 'smaller pods at the bottom', rule: `${variant.document} 10.4A` };
    case 'winPoints':
      return { value: String(document.winPoints), rule: `${variant.document} App. C: ${variant.pointsPerWinFormula(n)}` };
    case 'drawPoints':
      return { value: String(document.drawPoints), rule: `${variant.document} 2.1A` };
    case 'byePoints':
      return { value: String(podPolicy(variant, { ...draft, byePoints: undefined }).byePoints), rule: `${variant.document} App. C: a bye is worth a win` };
    default:
      return undefined;
  }
}
