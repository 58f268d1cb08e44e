/**
 * `mstr-2022` / `mamtr-2024` clock data (RULES.md section 2: the rule table's "end of round",
 * "round length", "intentional draw in playoffs" and "recommended rounds" rows, and "Clock
 * extras"), the pod sizes of 10.4A, and the recommended number of rounds (App. E).
 * Pure data: the clock state machine reads it, nothing here keeps time.
 *
 * Sources (seeds/001 = MSTR 2022, seeds/000 = MAMTR 2024):
 * - Round length. MSTR App. B: "Regular REL—90 minutes", "Competitive REL—75 minutes", "single
 *   elimination matches—no time limit" (also 2.5B, X.7A). Professional REL is read as Competitive
 *   (the MSTR has no Professional row; Professional is the stricter level). MAMTR App. B: "Swiss
 *   Rounds - 80 minutes + no extra turns", "Single Elimination Matches - no time limit (with
 *   exceptions)" — the exception is the intentional-draw timer below.
 * - End of round. MSTR 2.5A: the organiser picks 2.5AA (N extra turns, N = players still in the game
 *   when time is called; recommended for rounds of 75 minutes or less) or 2.5AB (the active player
 *   finishes the turn; recommended for 75–90 minutes) — the `endOfRound` setting, defaulting to the
 *   recommendation for the round length. MAMTR 2.4A: no extra turns, the active player finishes the
 *   turn; 2.4B + App. B: a last-turn time limit (recommended 30 minutes, the `lastTurnMinutes`
 *   setting); at its end the game is a draw.
 * - Deck check: in a Commander event (the `format` setting, `commander` by default) the check's
 *   duration + 4 minutes. Both documents, word for word, in their Commander sections: MSTR X.5A and
 *   MAMTR *.5A "...extra time to the affected match totaling the time spent on the deck check, plus
 *   four (4) extra minutes" (Commander decks are 100-card singletons). Any other multiplayer format
 *   keeps the MTR 2.6 "+3" (RULES 2 "Clock extras").
 * - Judge pause: MTR 2.6 (neither addendum changes it): a pause of more than one minute extends the
 *   match by the pause's length.
 * - Minimum round length: MTR App. B "the required minimum time limit for any Match is 40 minutes"
 *   — quoted as original policy in MAMTR App. B; the MSTR supplements the MTR, so it stands there too.
 * - Limited deck construction: the MTR App. B individual rows (quoted in MAMTR App. B), for pod events
 *   whose format is Sealed or Draft. Pod rule sets have no team or Two-Headed Giant events.
 * - MAMTR App. B, intentional draws in a single-elimination match: "A 150 minutes timer that starts
 *   counting since the beginning of the Round comes into effect after the first Intentional Draw";
 *   after 150 minutes such a pod plays on only while another pod without an intentional draw is
 *   still playing, then follows the standard end-of-round procedure (the Swiss one: active player
 *   finishes, last-turn limit — see `podEndOfRoundAfterIntentionalDraw`); a drawn match then goes to
 *   the highest Swiss seed (2.4C). "It is recommended that the Finals do not impose any time limit,
 *   even after Intentional Draws" → `finalIntentionalDrawMinutes: null`. The MSTR has no such rule.
 */
import { fail } from '../../model/errors.js';
import type { Settings, Stage } from '../../model/types.js';
import {
  mtrDeckConstruction,
  MTR_BOOSTER_DRAFT_TIMERS,
  MTR_DECK_CHECK_EXTRA_MINUTES,
  MTR_JUDGE_PAUSE_THRESHOLD_SECONDS,
  MTR_MINIMUM_ROUND_MINUTES,
} from '../mtr/timing.js';
import type {
  DraftPickTimer,
  DraftTimers,
  EndOfRoundProcedure,
  RoundsInput,
  RoundsRecommendation,
  TimeLimits,
} from '../ruleset.js';
import type { PodVariant } from './variant.js';

/** MSTR App. B: Swiss rounds at Regular REL. */
export const MSTR_REGULAR_ROUND_MINUTES = 90;
/** MSTR App. B: Swiss rounds at Competitive REL (and, read as the stricter level, Professional). */
export const MSTR_COMPETITIVE_ROUND_MINUTES = 75;
/** MSTR 2.5A: 2.5AA (N extra turns) is recommended for rounds of this many minutes or less. */
export const MSTR_EXTRA_TURNS_MAX_ROUND_MINUTES = 75;
/** MAMTR App. B: Swiss rounds. */
export const MAMTR_SWISS_ROUND_MINUTES = 80;
/** MAMTR 2.4B / App. B: the recommended last-turn time limit. */
export const MAMTR_LAST_TURN_MINUTES = 30;
/** MAMTR App. B: minutes from round start, after a first intentional draw in a playoff pod. */
export const MAMTR_PLAYOFF_INTENTIONAL_DRAW_MINUTES = 150;
/** MSTR X.5A / MAMTR *.5A: a Commander deck check earns its duration plus 4 minutes. */
export const POD_DECK_CHECK_EXTRA_MINUTES = 4;

/** Minutes a deck check adds beyond its duration: +4 in a Commander event, else the MTR 2.6 +3. */
export function podDeckCheckExtraMinutes(settings: Settings): number {
  return settings.format === 'commander' ? POD_DECK_CHECK_EXTRA_MINUTES : MTR_DECK_CHECK_EXTRA_MINUTES;
}

/** Swiss round minutes of a pod event (App. B of each document). */
function swissRoundMinutes(variant: PodVariant, settings: Settings): number {
  if (variant.id === 'mamtr-2024') return MAMTR_SWISS_ROUND_MINUTES;
  return settings.rel === 'regular' ? MSTR_REGULAR_ROUND_MINUTES : MSTR_COMPETITIVE_ROUND_MINUTES;
}

/**
 * Time limits of a stage. Swiss: the App. B round length with the minimum, extensions and (Limited)
 * deck construction. Playoff: untimed (`roundMinutes: null`); MAMTR adds the 150-minute
 * intentional-draw timer for the rounds before the final, and none for the final.
 */
export function podTimeLimits(variant: PodVariant, settings: Settings, stage: Stage): TimeLimits {
  const common = {
    deckCheckExtraMinutes: podDeckCheckExtraMinutes(settings),
    // MTR 2.6, which both multiplayer documents build on.
    judgePauseThresholdSeconds: MTR_JUDGE_PAUSE_THRESHOLD_SECONDS,
  };
  if (stage === 'playoff') {
    return {
      roundMinutes: null,
      ...common,
      ...(variant.id === 'mamtr-2024'
        ? { playoffIntentionalDrawMinutes: MAMTR_PLAYOFF_INTENTIONAL_DRAW_MINUTES, finalIntentionalDrawMinutes: null }
        : {}),
    };
  }
  const deckConstruction = mtrDeckConstruction(settings);
  return {
    roundMinutes: swissRoundMinutes(variant, settings),
    // MTR App. B, quoted in MAMTR App. B.
    minimumRoundMinutes: MTR_MINIMUM_ROUND_MINUTES,
    ...common,
    ...(deckConstruction ? { deckConstruction } : {}),
  };
}

/**
 * How a round ends at time (data for the clock).
 * - Playoffs (both documents): untimed → `{ kind: 'untimed' }`.
 * - `mstr-2022` 2.5AA ("extra-turns"): `{ kind: 'extra-turns', turns: 0, turnsArePlayersInGame: true }`.
 *   The active player finishes the turn, then N more turns where N is the number of players still
 *   in the game when time is called; leaving players do not change N afterwards. The clock computes
 *   the total with `podExtraTurnsAtTime(procedure, playersInGame)` at the moment time is called:
 *   `turns` is the fixed part (0 here), the flag adds N. Extra turns from penalties add on top.
 * - `mstr-2022` 2.5AB ("active-player"): `{ kind: 'active-player-finishes' }` (no last-turn limit in
 *   the MSTR); an unfinished game is a draw.
 * - `mstr-2022` with no setting: 2.5AA for rounds of 75 minutes or less (Competitive), 2.5AB for
 *   longer ones (Regular, 90) — the recommendation of 2.5A.
 * - `mamtr-2024`: the active player finishes, then the last-turn limit (`lastTurnMinutes`, default
 *   30); at its end the game is a draw (2.4A/B). The MAMTR has no extra turns: an "extra-turns"
 *   setting is refused by the settings check and never read here.
 */
export function podEndOfRound(variant: PodVariant, settings: Settings, stage: Stage): EndOfRoundProcedure {
  if (stage === 'playoff') return { kind: 'untimed' };
  return swissEndOfRound(variant, settings);
}

function swissEndOfRound(variant: PodVariant, settings: Settings): EndOfRoundProcedure {
  if (variant.id === 'mamtr-2024') {
    return { kind: 'active-player-finishes', lastTurnMinutes: settings.lastTurnMinutes ?? MAMTR_LAST_TURN_MINUTES };
  }
  const method =
    settings.endOfRound ??
    (swissRoundMinutes(variant, settings) <= MSTR_EXTRA_TURNS_MAX_ROUND_MINUTES ? 'extra-turns' : 'active-player');
  return method === 'extra-turns'
    ? { kind: 'extra-turns', turns: 0, turnsArePlayersInGame: true }
    : { kind: 'active-player-finishes' };
}

/**
 * MAMTR App. B: a playoff pod (not the final) that intentionally drew a game and is still playing
 * after the 150-minute timer, once no pod free of the timer is still playing, "follows the standard
 * End-of-Round procedure for the Tournament" — the Swiss procedure. `mstr-2022`: null (no such rule).
 */
export function podEndOfRoundAfterIntentionalDraw(variant: PodVariant, settings: Settings): EndOfRoundProcedure | null {
  if (variant.id !== 'mamtr-2024') return null;
  return swissEndOfRound(variant, settings);
}

/**
 * Extra turns after the active player's turn, computed when time is called: `turns`, plus the
 * players still in the game for MSTR 2.5AA. 0 for any other procedure.
 */
export function podExtraTurnsAtTime(procedure: EndOfRoundProcedure, playersInGame: number): number {
  if (procedure.kind !== 'extra-turns') return 0;
  return procedure.turns + (procedure.turnsArePlayersInGame ? Math.max(0, Math.floor(playersInGame)) : 0);
}

// ---------------------------------------------------------------------------------------------
// Draft pick timers.

function picks(rows: readonly (readonly [number, number])[]): DraftPickTimer[] {
  return rows.map(([cardsLeft, seconds]) => ({ cardsLeft, seconds }));
}

/**
 * MAMTR App. B: "20-card Multiplayer Booster Drafts, with 2 picks per booster" — seconds per pick by
 * cards remaining; 2 cards left: N/A (the last two cards pass without a timer).
 * Decision: App. B gives no review time of its own for this draft; the review periods of the
 * booster-draft policy it quotes (60 seconds after the first pack, each later one +30) apply.
 */
export const MAMTR_MULTIPLAYER_DRAFT_TIMERS: DraftTimers = {
  kind: 'multiplayer-booster-20',
  label: 'Multiplayer booster draft (20-card packs, 2 picks per booster)',
  packSize: 20,
  cardsPerPick: 2,
  picks: picks([
    [20, 60],
    [18, 60],
    [16, 55],
    [14, 50],
    [12, 45],
    [10, 35],
    [8, 25],
    [6, 15],
    [4, 10],
  ]),
  reviewSeconds: [60],
  reviewIncrementSeconds: 30,
};

function copyTimers(t: DraftTimers): DraftTimers {
  return { ...t, picks: t.picks.map((p) => ({ ...p })), reviewSeconds: [...t.reviewSeconds] };
}

/**
 * Draft pick timers that fit the event, the one that applies first. Constructed and Commander: none.
 * `mamtr-2024` Limited: the 20-card multiplayer table, then the individual 15-card booster table of
 * the MTR App. B it quotes. `mstr-2022` Limited: the MSTR has no draft timers of its own (X.6A points
 * to CR 903.13 for how a Commander draft works), so the MTR App. B booster table it supplements.
 */
export function podDraftTimers(variant: PodVariant, settings: Settings): DraftTimers[] {
  if (settings.format !== 'sealed' && settings.format !== 'draft') return [];
  if (variant.id === 'mamtr-2024') return [copyTimers(MAMTR_MULTIPLAYER_DRAFT_TIMERS), copyTimers(MTR_BOOSTER_DRAFT_TIMERS)];
  return [copyTimers(MTR_BOOSTER_DRAFT_TIMERS)];
}

// ---------------------------------------------------------------------------------------------
// Pod sizes (10.4A) and recommended rounds (App. E).

/**
 * The pod sizes for `count` players and standard pod size `podSize` (RULES 2 "Pairing", 10.4A),
 * largest first:
 * 1. all pods of n when n divides the count;
 * 2. otherwise the fewest smaller pods, each exactly one smaller (n − 1): b pods of n − 1 and
 *    a pods of n with a·n + b·(n − 1) = count, b = (−count) mod n — e.g. n = 4: 23 → 5×4 + 3,
 *    22 → 4×4 + 2×3, 21 → 3×4 + 3×3, 3 → 3, 6 → 3 + 3;
 * 3. where no split into pods of n and n − 1 exists (n = 4: 5; n = 5: 3, 6, 7, 11; n = 3: every
 *    count that is not a multiple of 3, since a pod of 2 is never made), RULES 2's **Decision**:
 *    the split that "minimises the difference in pod size towards the norm" — see `closestSplit`;
 *    never a pod of fewer than 3 players, and a pod one larger than n only there.
 * 0 players: no pods. 2 players: one pod of 2, the only table they can sit at (the one pod under 3).
 * 1 player, a negative or fractional count, or a pod size below 2: PodiumError('invalid-input').
 */
export function podSizes(count: number, podSize: number): number[] {
  if (!Number.isInteger(podSize) || podSize < 2) fail('invalid-input', `pod size ${podSize}: pods seat at least 2 players`);
  if (!Number.isInteger(count) || count < 0) fail('invalid-input', `${count} players cannot be split into pods`);
  if (count === 0) return [];
  if (count === 1) fail('invalid-input', '1 player cannot make a pod: a pod needs at least 2 players');
  if (count < MIN_POD) return [count];
  const n = podSize;
  const norm = normSplit(count, n);
  return norm ?? closestSplit(count, n);
}

/** RULES 2: never a pod of fewer than 3 players. */
const MIN_POD = 3;

/** The sizes rules 1–2 allow: n, and n − 1 where that is not below the smallest pod. */
function normSizes(n: number): number[] {
  return n - 1 >= Math.min(MIN_POD, n) ? [n, n - 1] : [n];
}

/** Rules 1–2 of `podSizes`: pods of n and the fewest of n − 1, or null when no such split exists. */
function normSplit(count: number, n: number): number[] | null {
  if (count % n === 0) return new Array<number>(count / n).fill(n);
  if (normSizes(n).length < 2) return null;
  const smaller = (n - (count % n)) % n;
  const full = (count - smaller * (n - 1)) / n;
  if (full < 0) return null;
  return [...new Array<number>(full).fill(n), ...new Array<number>(smaller).fill(n - 1)];
}

/**
 * Rule 3 of `podSizes`, RULES 2's Decision: among the splits into pods of 3 to n + 1 players, the
 * one closest to the norm — first the fewest pods off size (neither n nor n − 1), then no pod
 * larger than n where the same number of pods off size allows it, then the smallest largest
 * difference from n, then the fewest pods. This is the reading that gives every example of RULES
 * 2: n = 4: 5 → one pod of 5; n = 5: 6 → one pod of 6 (one pod off size, not two pods of 3),
 * 7 → 4 + 3, 11 → 4 + 4 + 3 (one pod off size either way, and no larger pod rather than 6 + 5);
 * n = 3: 4 → one pod of 4, 7 → 4 + 3, 11 → 4 + 4 + 3. A few pods off size always suffice, so the
 * search tries up to n of each off size and fills the rest with rules 1–2. Where no such split
 * exists at all (5 players in pods of 3) the players make one pod: never a pod under 3.
 */
function closestSplit(count: number, n: number): number[] {
  const normal = normSizes(n);
  const off: number[] = [];
  for (let size = n + 1; size >= Math.min(MIN_POD, n); size--) if (!normal.includes(size)) off.push(size);
  const key = (sizes: number[]): number[] => [
    sizes.filter((s) => !normal.includes(s)).length,
    sizes.filter((s) => s > n).length,
    Math.max(...sizes.map((s) => Math.abs(s - n))),
    sizes.length,
  ];
  const better = (a: number[], b: number[]): boolean => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (ka[i] as number) < (kb[i] as number);
    return false;
  };
  let best: number[] | undefined;
  const counts = new Array<number>(off.length).fill(0);
  const walk = (index: number, left: number): void => {
    if (index === off.length) {
      const rest = left === 0 ? [] : normSplit(left, n);
      if (rest === null) return;
      const sizes = [...off.flatMap((size, i) => new Array<number>(counts[i] as number).fill(size)), ...rest];
      if (sizes.length > 0 && (!best || better(sizes, best))) best = sizes;
      return;
    }
    const size = off[index] as number;
    for (let k = 0; k <= n && k * size <= left; k++) {
      counts[index] = k;
      walk(index + 1, left - k * size);
    }
    counts[index] = 0;
  };
  walk(0, count);
  return (best ?? [count]).sort((a, b) => b - a);
}

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
 */
export function podInvisiblePlayers(variant: PodVariant, competitors: number, settings: Settings): PodInvisiblePlayers {
  const n = settings.podSize;
  const count = Math.max(0, Math.floor(competitors));
  if (count < 2) return { byes: 0, smallerPods: 0, sizes: count === 0 ? [] : [count], invisible: 0 };
  if (variant.unevenUsesByes(settings.rel) && count > n && count % n !== 0) {
    const byes = count % n;
    return { byes, smallerPods: 0, sizes: new Array<number>((count - byes) / n).fill(n), invisible: byes * (n - 1) };
  }
  const sizes = podSizes(count, n);
  const smallerPods = sizes.filter((s) => s < n).length;
  return { byes: 0, smallerPods, sizes, invisible: variant.smallerPodsAddInvisiblePlayers ? smallerPods : 0 };
}

/** The smallest k with 4^k ≥ count (⌈log4 count⌉, in integers). */
function ceilLog4(count: number): number {
  let k = 0;
  for (let p = 1; p < count; p *= 4) k++;
  return k;
}

/** App. E row: [highest count of the row, Swiss rounds, top]. */
type Row = readonly [number, number, number];

/** MSTR App. E, pods of four, from 5 players (4: one single-elimination round). */
const MSTR_ROWS: readonly Row[] = [
  [15, 2, 4],
  [32, 3, 10],
  [64, 4, 16],
  [128, 5, 16],
  [256, 5, 40],
];
/** MAMTR App. E, pods of four, from 6 players (4–5: one single-elimination round; 513+: 9, top 64). */
const MAMTR_ROWS: readonly Row[] = [
  [16, 2, 4],
  [24, 3, 7],
  [32, 4, 10],
  [40, 5, 13],
  [64, 5, 16],
  [128, 6, 16],
  [256, 7, 40],
  [512, 8, 40],
];

function tableFor(variant: PodVariant, players: number): { swissRounds: number; eliminationRounds?: number; top: number } {
  const seOnlyMax = variant.id === 'mamtr-2024' ? 5 : 4;
  if (players <= seOnlyMax) return { swissRounds: 0, eliminationRounds: 1, top: 0 };
  const rows = variant.id === 'mamtr-2024' ? MAMTR_ROWS : MSTR_ROWS;
  const row = rows.find(([max]) => players <= max);
  if (row) return { swissRounds: row[1], top: row[2] };
  // Beyond the last row. MSTR: "Rounded up (log4(number of players)) + 1", top 40. MAMTR: 9, top 64.
  return variant.id === 'mamtr-2024' ? { swissRounds: 9, top: 64 } : { swissRounds: ceilLog4(players) + 1, top: 40 };
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
    if (expected.byes > 0) {
      notes.push(
        `${competitors} players in pods of ${n} leave ${plural(expected.byes, 'bye')} a round (${competitors} mod ${n}, 10.4A at Competitive REL); each bye counts ${plural(n - 1, 'invisible player')} (App. E).`,
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
      const cuts = [...new Set((variant.id === 'mamtr-2024' ? MAMTR_ROWS : MSTR_ROWS).map((r) => r[2]))].filter((c) => c <= competitors);
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

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** "5 pods of 4 and 1 pod of 3". */
function describeSizes(sizes: number[]): string {
  const counts = new Map<number, number>();
  for (const s of sizes) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.entries()].map(([size, k]) => `${plural(k, 'pod')} of ${size}`).join(' and ');
}
