/**
 * `mstr-2022` / `mamtr-2024` recommended number of rounds (App. E of each document; RULES 2
 * "recommended rounds"): the document's table (its rows in ../mstr-2022.ts and ../mamtr-2024.ts),
 * read with the invisible players its byes or smaller pods add.
 */
import type { Settings } from '../../model/types.js';
import { plural } from '../../text/format.js';
import type { RoundsInput, RoundsRecommendation } from '../ruleset.js';
import { documentSeating, podPlan, podPolicy } from './policies.js';
import type { PodVariant } from './variant.js';

/** What the event is expected to need each round for an uneven count (App. E invisible players). */
export interface PodInvisiblePlayers {
  /** Byes a round is expected to need (MSTR at Competitive REL and above: count mod n). */
  byes: number;
  /** Smaller pods a round is expected to need (`podSizes`). */
  smallerPods: number;
  /** Pod sizes of a round (without the players who get a bye). */
  sizes: number[];
  /** Invisible players App. E adds for the table. */
  invisible: number;
}

/**
 * App. E invisible players for `competitors` players in pods of n:
 * - byes (MSTR 10.4A at Competitive REL and above, when the count is not a multiple of n and is
 *   above n): count mod n byes, each adding n − 1 invisible players (MSTR App. E: "for each player
 *   being awarded a Bye, it's as if 3 invisible players would also exist" for pods of 4: 30 → 36);
 * - smaller pods, MAMTR (always smaller pods): one invisible player per smaller pod (MAMTR App. E:
 *   30 → two pods of 3 → 32);
 * - smaller pods, MSTR (at Regular REL): none. The MSTR's App. E counts invisible players for byes
 *   only (RULES 2 "recommended rounds": "each bye adds n − 1 invisible players; smaller pods
 *   (Regular REL) add none"), so 13–15 players in pods of 4 stay in the 5–15 row: 2 rounds, top 4.
 * A pod larger than n (5 players in pods of 4) adds none.
 * An organiser's house rule for odd counts (policies.ts) is read the same way (**Decision**): its
 * byes count n − 1 invisible players each, as the MSTR's, in both documents; its smaller pods as
 * the document counts them; pods of n + 1 none.
 */
export function podInvisiblePlayers(variant: PodVariant, competitors: number, settings: Settings): PodInvisiblePlayers {
  const n = settings.podSize;
  const count = Math.max(0, Math.floor(competitors));
  if (count < 2) return { byes: 0, smallerPods: 0, sizes: count === 0 ? [] : [count], invisible: 0 };
  const { byes, sizes } = podPlan(podPolicy(variant, settings).seating, count, n);
  if (byes > 0) return { byes, smallerPods: 0, sizes, invisible: byes * (n - 1) };
  const smallerPods = sizes.filter((s) => s < n).length;
  return { byes: 0, smallerPods, sizes, invisible: variant.smallerPodsAddInvisiblePlayers ? smallerPods : 0 };
}

function tableFor(variant: PodVariant, players: number): { swissRounds: number; eliminationRounds?: number; top: number } {
  if (players <= variant.singleEliminationUpTo) return { swissRounds: 0, eliminationRounds: 1, top: 0 };
  const row = variant.roundsRows.find(([max]) => players <= max);
  if (row) return { swissRounds: row[1], top: row[2] };
  return variant.roundsBeyond(players);
}

/**
 * App. E of each document (RULES 2 "recommended rounds"), read with the invisible players added:
 * `input.invisiblePlayers` when given, else the expected byes / smaller pods of `podInvisiblePlayers`.
 * - `mstr-2022`: 4: one single-elimination round (no Swiss); 5–15: 2, top 4; 16–32: 3, top 10;
 *   33–64: 4, top 16; 65–128: 5, top 16; 129–256: 5, top 40; above: ⌈log4 N⌉ + 1, top 40.
 * - `mamtr-2024`: 4–5: one single-elimination round; 6–16: 2, top 4; 17–24: 3, top 7; 25–32: 4,
 *   top 10; 33–40: 5, top 13; 41–64: 5, top 16; 65–128: 6, top 16; 129–256: 7, top 40; 257–512: 8,
 *   top 40; 513+: 9, top 64.
 * Counts under 4 still get an answer (one single-elimination round: everyone at one table), with a
 * note. A cut larger than the actual field (invisible players can push a small field into a row with
 * a bigger cut) falls back to the largest cut of the document's table that fits, with a note.
 * Participation minimums (10.1A/B: 4 at Regular, 16 at Competitive REL) and round minimums
 * (10.2A/B: 1 and 2) are warnings in the note, never blocks (RULES 4).
 */
export function podRecommendedRounds(variant: PodVariant, input: RoundsInput, settings: Settings): RoundsRecommendation {
  const n = settings.podSize;
  const competitors = Math.max(0, Math.floor(input.competitors));
  const notes: string[] = [];
  const regular = settings.rel === 'regular';

  let invisible: number;
  if (input.invisiblePlayers !== undefined) {
    invisible = Math.max(0, Math.floor(input.invisiblePlayers));
    if (invisible > 0) notes.push(`${plural(invisible, 'invisible player')} as given (App. E).`);
  } else {
    const expected = podInvisiblePlayers(variant, competitors, settings);
    invisible = expected.invisible;
    const house = podPolicy(variant, settings).seating !== documentSeating(variant, settings.rel);
    if (expected.byes > 0) {
      notes.push(
        `${competitors} players in pods of ${n} leave ${plural(expected.byes, 'bye')} a round (${competitors} mod ${n}, ${house ? 'house rules' : '10.4A at Competitive REL'}); each bye counts ${plural(n - 1, 'invisible player')} (App. E).`,
      );
    } else if (expected.smallerPods > 0) {
      notes.push(
        variant.smallerPodsAddInvisiblePlayers
          ? `${competitors} players in pods of ${n} make ${describeSizes(expected.sizes)} a round: ${plural(expected.smallerPods, 'smaller pod')}, each counting one invisible player (App. E).`
          : `${competitors} players in pods of ${n} make ${describeSizes(expected.sizes)} a round: smaller pods add no invisible players (App. E counts byes only).`,
      );
    } else if (expected.sizes.some((s) => s > n)) {
      notes.push(`${competitors} players in pods of ${n} make ${describeSizes(expected.sizes)}: no smaller pod, no invisible players.`);
    }
  }
  const effective = competitors + invisible;
  if (invisible > 0) notes.push(`Read as ${effective} players.`);

  let rec: RoundsRecommendation;
  if (effective <= 1) {
    rec = { swissRounds: 0, top: 0, effectivePlayers: effective };
    notes.push('At least 2 players are needed for a game.');
  } else {
    const row = tableFor(variant, effective);
    rec = { ...row, effectivePlayers: effective };
    if (effective < 4) notes.push(`App. E starts at 4 players: with ${effective} everyone plays one game at one table.`);
    if (rec.top > competitors) {
      const cuts = [...new Set(variant.roundsRows.map((r) => r[2]))].filter((c) => c <= competitors);
      const fallback = cuts.length > 0 ? Math.max(...cuts) : 0;
      notes.push(`App. E's top ${rec.top} is more than the ${competitors} players registered: top ${fallback} instead.`);
      rec = { ...rec, top: fallback };
    }
  }
  if (n !== 4) notes.push(`App. E is written for pods of 4; it is read as is for pods of ${n}.`);

  const minimumPlayers = regular ? 4 : 16;
  if (competitors < minimumPlayers)
    notes.push(`Below the participation minimum of ${minimumPlayers} players at ${regular ? 'Regular' : 'Competitive'} REL (10.1${regular ? 'A' : 'B'}).`);
  const minimumRounds = regular ? 1 : 2;
  const rounds = rec.swissRounds + (rec.eliminationRounds ?? 0);
  if (effective >= 2 && rounds < minimumRounds)
    notes.push(`Below the minimum of ${plural(minimumRounds, 'round')} at ${regular ? 'Regular' : 'Competitive'} REL (10.2${regular ? 'A' : 'B'}).`);
  return notes.length > 0 ? { ...rec, note: notes.join(' ') } : rec;
}

/** "5 pods of 4 and 1 pod of 3". */
function describeSizes(sizes: number[]): string {
  const counts = new Map<number, number>();
  for (const s of sizes) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.entries()].map(([size, k]) => `${plural(k, 'pod')} of ${size}`).join(' and ');
}
