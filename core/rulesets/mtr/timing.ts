/**
 * `mtr` clock data (RULES.md section 1 "Clock" and "Recommended rounds"): round lengths, the
 * end-of-round procedure, time extensions, Limited deck-construction periods, draft pick timers
 * (MTR 2.5, 2.6, App. B) and the recommended number of rounds (MTR App. E, 10.1, 10.2).
 * Pure data: the clock state machine reads it, nothing here keeps time.
 *
 * How the untimed final is expressed: time limits and end-of-round procedures are per stage. The
 * playoff stage's `TimeLimits` has `roundMinutes: 90` (quarterfinal, semifinal) and
 * `finalRoundMinutes: null` (the final has no time limit); `mtrEndOfRound(settings, 'playoff')`
 * describes the timed playoff rounds, and `mtrEndOfRoundFor(settings, 'playoff', { final: true })`
 * gives `{ kind: 'untimed' }` for the final. Which playoff round is the final: see
 * `mtrIsPlayoffFinal` in ./playoffs.ts.
 */
import type { Settings, Stage } from '../../model/types.js';
import type {
  DraftPickTimer,
  DraftTimers,
  EndOfRoundContext,
  EndOfRoundProcedure,
  RoundsInput,
  RoundsRecommendation,
  TimeLimits,
} from '../ruleset.js';

/** MTR App. B: recommended round length for Constructed and Limited Swiss rounds. */
export const MTR_SWISS_ROUND_MINUTES = 50;
/** MTR App. B: the required minimum time limit for any match. */
export const MTR_MINIMUM_ROUND_MINUTES = 40;
/** MTR App. B: single-elimination quarterfinal and semifinal matches. */
export const MTR_PLAYOFF_ROUND_MINUTES = 90;
/** MTR 2.6: a deck check earns its own duration plus 3 minutes. */
export const MTR_DECK_CHECK_EXTRA_MINUTES = 3;
/** Where MTR_DECK_CHECK_EXTRA_MINUTES comes from, as the extensions log cites it. */
export const MTR_DECK_CHECK_RULE = 'MTR 2.6';
/** MTR 2.6: a judge pause of more than one minute extends the match by the pause. */
export const MTR_JUDGE_PAUSE_THRESHOLD_SECONDS = 60;
/** MTR 2.5: extra turns after the active player's turn; 3 where teammates share a game (2HG). */
export const MTR_EXTRA_TURNS = 5;
export const MTR_EXTRA_TURNS_SHARED_GAME = 3;

/** MTR App. B: release-weekend extra deck-construction minutes (all Sealed Deck rows). */
const RELEASE_WEEKEND_EXTRA_BUILD_MINUTES = 15;

type DeckConstruction = NonNullable<TimeLimits['deckConstruction']>;

/**
 * MTR App. B "additional time limits ... for Limited tournaments". Constructed: none.
 * - Sealed Deck: 20 registration + 30 construction (+15 construction on a release weekend).
 * - Draft: 25 for registration and construction together.
 * - Team Sealed Deck (teams of 2 or 3, not 2HG): 20 + 60 (+15 on a release weekend).
 * - Team Draft: 40 for construction and registration together.
 * - Two-Headed Giant Sealed Deck: 20 + 60 (+15 on a release weekend).
 * - Two-Headed Giant Draft: 40 for construction and registration together.
 * The release-weekend +15 is written in App. B for all three Sealed rows (RULES.md names it on the
 * individual row only and is silent on the others; the seed text is explicit, so it applies).
 */
export function mtrDeckConstruction(settings: Settings): DeckConstruction | undefined {
  const team = settings.twoHeadedGiant || settings.teamSize > 1;
  const extra = settings.releaseWeekend ? RELEASE_WEEKEND_EXTRA_BUILD_MINUTES : 0;
  switch (settings.format) {
    case 'constructed':
    case 'commander':
      return undefined;
    case 'sealed':
      return { registrationMinutes: 20, buildMinutes: (team ? 60 : 30) + extra };
    case 'draft':
      return { registrationMinutes: 0, buildMinutes: team ? 40 : 25, registrationInBuild: true };
  }
}

/**
 * MTR App. B / 2.6 time limits for a stage.
 * - Swiss: 50 minutes, never below 40 (App. B "required minimum ... for any match").
 * - Playoff: quarterfinal and semifinal 90 minutes, the final untimed (`finalRoundMinutes: null`).
 * - Deck check: the check's duration + 3 minutes (2.6). Judge pause over 1 minute: its length (2.6).
 * - Limited deck construction (App. B) is attached to the Swiss stage, where it happens before
 *   round 1. A booster-draft playoff's own draft and build are not a stage of this table.
 */
export function mtrTimeLimits(settings: Settings, stage: Stage): TimeLimits {
  const common = {
    minimumRoundMinutes: MTR_MINIMUM_ROUND_MINUTES,
    deckCheckExtraMinutes: MTR_DECK_CHECK_EXTRA_MINUTES,
    judgePauseThresholdSeconds: MTR_JUDGE_PAUSE_THRESHOLD_SECONDS,
  };
  if (stage === 'playoff') {
    return { roundMinutes: MTR_PLAYOFF_ROUND_MINUTES, finalRoundMinutes: null, ...common };
  }
  const deckConstruction = mtrDeckConstruction(settings);
  return {
    roundMinutes: MTR_SWISS_ROUND_MINUTES,
    ...common,
    ...(deckConstruction ? { deckConstruction } : {}),
  };
}

/**
 * MTR 2.5: at time the active player finishes the turn, then 5 more turns in total. Team events
 * where teammates play together in one game (Two-Headed Giant) use 3. Teams of 2 or 3 that are not
 * 2HG play seat-against-seat 1v1 matches (MTR 8.2), so they use 5. Turns added by slow-play
 * penalties add to these (2.6; recorded by the clock per table). Playoff rounds: quarterfinal and
 * semifinal as Swiss; the final is untimed — ask `mtrEndOfRoundFor(..., { final: true })`.
 */
export function mtrEndOfRound(settings: Settings, stage: Stage): EndOfRoundProcedure {
  return mtrEndOfRoundFor(settings, stage);
}

/** `mtrEndOfRound` for one round: `final` = the playoff final, which has no time limit (App. B). */
export function mtrEndOfRoundFor(settings: Settings, stage: Stage, options: { final?: boolean } = {}): EndOfRoundProcedure {
  if (stage === 'playoff' && options.final) return { kind: 'untimed' };
  return { kind: 'extra-turns', turns: settings.twoHeadedGiant ? MTR_EXTRA_TURNS_SHARED_GAME : MTR_EXTRA_TURNS };
}

/**
 * The clock's words for MTR 2.5's extra turns. A game still unfinished after them is a draw in a
 * Swiss round; a playoff match cannot end in a draw (MTR 2.5). Other procedures: the clock's words.
 */
export function mtrDescribeEndOfRound(procedure: EndOfRoundProcedure, round: EndOfRoundContext): string | undefined {
  if (procedure.kind !== 'extra-turns' || procedure.turnsArePlayersInGame) return undefined;
  const unfinished = round.stage === 'playoff' ? ' A playoff match cannot end in a draw (MTR 2.5).' : ' A game still unfinished is a draw.';
  return `At time the active player finishes the turn, then ${procedure.turns} more turns in total (MTR 2.5).${unfinished}`;
}

/** Minutes of one round: the stage's round length, or the final's (null = untimed). */
export function mtrRoundMinutes(settings: Settings, stage: Stage, options: { final?: boolean } = {}): number | null {
  const limits = mtrTimeLimits(settings, stage);
  if (options.final && limits.finalRoundMinutes !== undefined) return limits.finalRoundMinutes;
  return limits.roundMinutes;
}

// ---------------------------------------------------------------------------------------------
// Draft pick timers (MTR App. B "Booster Draft Timing", "Rochester Draft Timing",
// "Two-Headed Giant Draft Timing"). A pack size not listed (the last card) has no timer: "N/A".

function picks(rows: readonly (readonly [number, number])[]): DraftPickTimer[] {
  return rows.map(([cardsLeft, seconds]) => ({ cardsLeft, seconds }));
}

/** App. B individual booster draft: seconds per pick by cards remaining in the pack. */
export const MTR_BOOSTER_DRAFT_TIMERS: DraftTimers = {
  kind: 'booster',
  label: 'Booster draft',
  packSize: 15,
  picks: picks([
    [15, 40],
    [14, 40],
    [13, 35],
    [12, 30],
    [11, 25],
    [10, 25],
    [9, 20],
    [8, 20],
    [7, 15],
    [6, 10],
    [5, 10],
    [4, 5],
    [3, 5],
    [2, 5],
  ]),
  // "The time for review after the first booster pack is 60 seconds. Each subsequent review
  // period increases by 30 seconds." Three packs: reviews after packs 1 and 2.
  reviewSeconds: [60, 90],
  reviewIncrementSeconds: 30,
};

/** App. B Rochester draft: 20 s to review the laid-out pack, then 5 s for every pick. */
export const MTR_ROCHESTER_DRAFT_TIMERS: DraftTimers = {
  kind: 'rochester',
  label: 'Rochester draft',
  packSize: 15,
  picks: picks(Array.from({ length: 15 }, (_, i) => [15 - i, 5] as const)),
  reviewSeconds: [],
  layoutReviewSeconds: 20,
};

/**
 * App. B Two-Headed Giant booster draft: each team takes two cards per pick. The table has a
 * column for 15-card and for 14-card boosters; the last card(s) (1 or 2) are N/A. "In addition,
 * players receive 60 seconds to review their drafted cards in between booster packs": six boosters
 * per team (MTR 9.6), so five reviews of 60 s.
 */
export const MTR_2HG_DRAFT_TIMERS_15: DraftTimers = {
  kind: '2hg-15',
  label: 'Two-Headed Giant draft (15-card boosters)',
  packSize: 15,
  cardsPerPick: 2,
  picks: picks([
    [15, 50],
    [13, 45],
    [11, 40],
    [9, 30],
    [7, 20],
    [5, 10],
    [3, 5],
  ]),
  reviewSeconds: [60, 60, 60, 60, 60],
  reviewIncrementSeconds: 0,
};

export const MTR_2HG_DRAFT_TIMERS_14: DraftTimers = {
  kind: '2hg-14',
  label: 'Two-Headed Giant draft (14-card boosters)',
  packSize: 14,
  cardsPerPick: 2,
  picks: picks([
    [14, 50],
    [12, 45],
    [10, 40],
    [8, 30],
    [6, 20],
    [4, 10],
  ]),
  reviewSeconds: [60, 60, 60, 60, 60],
  reviewIncrementSeconds: 0,
};

function copyTimers(t: DraftTimers): DraftTimers {
  return { ...t, picks: t.picks.map((p) => ({ ...p })), reviewSeconds: [...t.reviewSeconds] };
}

/**
 * The App. B draft timer tables that fit the event, the one that applies first:
 * - Two-Headed Giant (any Limited format): the 2HG table, 15-card then 14-card column.
 * - Teams of 3, draft: Team Rochester Draft (MTR 8.5), then the booster table.
 * - Otherwise, Limited: the individual booster draft table (a Sealed event may run a booster-draft
 *   top 8, MTR 10.4).
 * - Constructed: none.
 */
export function mtrDraftTimers(settings: Settings): DraftTimers[] {
  if (settings.format !== 'sealed' && settings.format !== 'draft') return [];
  if (settings.twoHeadedGiant) return [copyTimers(MTR_2HG_DRAFT_TIMERS_15), copyTimers(MTR_2HG_DRAFT_TIMERS_14)];
  if (settings.teamSize === 3 && settings.format === 'draft')
    return [copyTimers(MTR_ROCHESTER_DRAFT_TIMERS), copyTimers(MTR_BOOSTER_DRAFT_TIMERS)];
  return [copyTimers(MTR_BOOSTER_DRAFT_TIMERS)];
}

// ---------------------------------------------------------------------------------------------
// Recommended rounds (MTR App. E; participation minimums 10.1 and round minimums 10.2 are
// warnings in the note, never blocks — RULES.md 4).

/** App. E rows from 17 players up: [highest count of the row, Swiss rounds]; top 8 for all. */
const SWISS_ROWS: readonly (readonly [number, number])[] = [
  [32, 5],
  [64, 6],
  [128, 7],
  [226, 8],
  [409, 9],
];

/** App. E: a player with a 1-, 2- or 3-round awarded bye counts as 2, 4 or 8 players. */
export function mtrEffectivePlayers(input: RoundsInput): number {
  let count = Math.max(0, Math.floor(input.competitors));
  for (const byes of input.awardedByes ?? []) {
    const b = Math.min(3, Math.max(0, Math.floor(byes)));
    count += 2 ** b - 1;
  }
  return count;
}

/**
 * MTR App. E. Teams count once (`input.competitors` is already the competitor count); awarded
 * byes count 2/4/8. 9–16 with a booster-draft top 8 (format 'draft'): 4 rounds, top 8; otherwise
 * 5 rounds, top 4. Fewer than 4 competitors (or 4 in an individual event, whose App. E row is for
 * team events only) still get a recommendation, with a note.
 */
export function mtrRecommendedRounds(input: RoundsInput, settings: Settings): RoundsRecommendation {
  const team = settings.twoHeadedGiant || settings.teamSize > 1;
  const n = mtrEffectivePlayers(input);
  const who = team ? 'teams' : 'players';
  const notes: string[] = [];
  // MTR 10.1: participation minimum (actual competitors, not the bye-weighted count).
  const minimum = team ? 4 : 8;
  if (input.competitors < minimum)
    notes.push(`Below the participation minimum of ${minimum} ${who} for a sanctioned event (MTR 10.1).`);
  const minimumRounds = team ? 2 : 3; // MTR 10.2

  let rec: RoundsRecommendation;
  if (n <= 1) {
    rec = { swissRounds: 0, top: 0, effectivePlayers: n };
    notes.push(`At least 2 ${who} are needed to play a match.`);
  } else if (n === 2) {
    rec = { swissRounds: 0, eliminationRounds: 1, top: 0, effectivePlayers: n };
    notes.push(`With 2 ${who} the event is a single match (App. E starts at 4).`);
  } else if (n === 3) {
    rec = { swissRounds: 3, top: 0, effectivePlayers: n };
    notes.push(`With 3 ${who}, 3 Swiss rounds let everyone meet everyone once, each with one bye (App. E starts at 4).`);
  } else if (n === 4) {
    rec = { swissRounds: 0, eliminationRounds: 2, top: 0, effectivePlayers: n };
    if (!team) notes.push('App. E lists 4 competitors for team and Two-Headed Giant events only; its row (2 single-elimination rounds) is used here.');
  } else if (n <= 8) {
    rec = { swissRounds: 0, eliminationRounds: 3, top: 0, effectivePlayers: n };
  } else if (n <= 16) {
    if (settings.format === 'draft') {
      rec = { swissRounds: 4, top: 8, effectivePlayers: n };
      notes.push('4 Swiss rounds and a booster-draft top 8 (App. E); with a playoff that is not drafted: 5 rounds, top 4.');
    } else {
      rec = { swissRounds: 5, top: 4, effectivePlayers: n };
      if (settings.format === 'sealed') notes.push('With a booster-draft top 8 playoff App. E recommends 4 Swiss rounds instead.');
    }
  } else {
    const row = SWISS_ROWS.find(([max]) => n <= max);
    rec = { swissRounds: row ? row[1] : 10, top: 8, effectivePlayers: n };
  }
  const rounds = rec.swissRounds + (rec.eliminationRounds ?? 0);
  if (n >= 2 && rounds < minimumRounds)
    notes.push(`Below the minimum of ${minimumRounds} rounds for a sanctioned ${team ? 'team' : 'individual'} event (MTR 10.2).`);
  if (n !== input.competitors) notes.push(`Awarded byes count extra (App. E): read as ${n} ${who}.`);
  return notes.length > 0 ? { ...rec, note: notes.join(' ') } : rec;
}
