/**
 * The rule-set interface. Every rule set of RULES.md (mtr, mstr-2022, mamtr-2024 and the three
 * Lightseekers structures) implements it; the event fold, the CLI, the host and the station only
 * ever talk to a rule set through this. What the screens show of it — words, settings form, table
 * shape, standings columns, breakdowns, result entry, playoff plan — is its `presentation`
 * (presentation.ts, re-exported here): screens render that and never branch on a rule set.
 */
import type {
  EventState,
  PairingProposal,
  PairingWarning,
  PlayerId,
  Round,
  RulesetId,
  SeatChoice,
  Settings,
  Stage,
  Standing,
  Table,
  TableResult,
} from '../model/types.js';
import type { NumberFormat, RulesetPresentation } from './presentation.js';

export * from './presentation.js';

export interface TiebreakerInfo {
  key: string;
  label: string;
  /** The formula in words, for the standings breakdown. */
  description: string;
  /** How its value is written (66.67%, 23, 12.50). */
  format: NumberFormat;
}

/** How a timed round ends (MTR 2.5, MSTR 2.5A, MAMTR 2.4). Data for the clock. */
export type EndOfRoundProcedure =
  | {
      kind: 'extra-turns';
      /** The active player finishes the turn, then this many more turns in total. */
      turns: number;
      /** MSTR 2.5AA: N = the players still in the game when time is called. */
      turnsArePlayersInGame?: boolean;
    }
  | {
      kind: 'active-player-finishes';
      /** MAMTR 2.4B: a last-turn limit; at its end the game is a draw. */
      lastTurnMinutes?: number;
      /**
       * A game with no winner when the turn ends: a draw (the Magic multiplayer documents, the
       * default), or scored as it stands (Lightseekers: VP and the defeat order need no draw).
       */
      unfinished?: 'draw' | 'as-it-stands';
    }
  | { kind: 'untimed' };

export interface TimeLimits {
  /** Minutes for a round at this stage; null = untimed. */
  roundMinutes: number | null;
  /**
   * Playoff stage: minutes for the final round when it differs from `roundMinutes`; null = the
   * final is untimed (MTR App. B: SE quarter/semi 90 minutes, final no time limit). Undefined =
   * the final uses `roundMinutes` like every other round of the stage.
   */
  finalRoundMinutes?: number | null;
  /** MTR 2.5: a Swiss round may not be shorter than this. */
  minimumRoundMinutes?: number;
  /** Deck check: the check's duration plus this many minutes (MTR 2.6: 3; Commander X.5A: 4). */
  deckCheckExtraMinutes: number;
  /** A judge pause longer than this (seconds) extends the match by the pause's length. */
  judgePauseThresholdSeconds: number;
  /** Limited: registration and deck-building minutes (MTR App. B), when they apply. */
  deckConstruction?: {
    registrationMinutes: number;
    /** Build minutes, including any release-weekend extra. */
    buildMinutes: number;
    /** MTR App. B draft rows: one period "for deck registration and construction" (buildMinutes). */
    registrationInBuild?: boolean;
  };
  /** MAMTR App. B: after a first intentional draw in a playoff pod, minutes from round start. */
  playoffIntentionalDrawMinutes?: number;
  /**
   * The playoff final's intentional-draw timer: null = none, the final stays untimed even after an
   * intentional draw (MAMTR App. B "the Finals do not impose any time limit, even after Intentional
   * Draws"). Undefined = the final uses `playoffIntentionalDrawMinutes` like the other rounds.
   */
  finalIntentionalDrawMinutes?: number | null;
}

export interface DraftPickTimer {
  /** Cards in the pack when the pick is made. */
  cardsLeft: number;
  seconds: number;
}

export interface DraftTimers {
  kind: string;
  /** Human-readable name of the table ("Booster draft (15-card packs)"). */
  label?: string;
  /** Cards left at which a timer runs; a pack size not listed has no timer (the last card passes). */
  picks: DraftPickTimer[];
  /** Review time between packs, seconds (first pack, then each later pack). */
  reviewSeconds: number[];
  /** Each review period after the last one listed adds this much (MTR App. B: +30 s per pack). */
  reviewIncrementSeconds?: number;
  /** Rochester: review of each pack laid out on the table before its first pick, seconds. */
  layoutReviewSeconds?: number;
  /** Cards taken per pick (Two-Headed Giant teams take 2). Undefined = 1. */
  cardsPerPick?: number;
  /** Cards in a fresh pack the table is written for. */
  packSize?: number;
}

export interface RoundsInput {
  /** Competitors registered (teams count once). */
  competitors: number;
  /** For each competitor with awarded byes, how many (MTR App. E counts them 2/4/8). */
  awardedByes?: number[];
  /** Pods: byes or smaller pods expected (invisible players, RULES 2). */
  invisiblePlayers?: number;
}

export interface RoundsRecommendation {
  /** Swiss rounds; 0 = no Swiss (single elimination only). */
  swissRounds: number;
  /** Single-elimination rounds when there is no Swiss. */
  eliminationRounds?: number;
  /** Playoff cut (0 = none). */
  top: number;
  /** The count the table was read with (after counting byes or invisible players). */
  effectivePlayers: number;
  note?: string;
}

export interface PlayoffOptions {
  top: number;
  /** MTR 10.4 booster-draft top 8: seat the eight at random, then 1v5, 2v6, 3v7, 4v8. */
  draft?: boolean;
}

export interface PlayoffPairing {
  tables: Table[];
  /** Seeds that skip this round (MAMTR top 40: seeds 1–8 wait). */
  waiting: PlayerId[];
  /** Players in seed order at the cut (seed 1 first), or draft seat order for a draft top 8. */
  seeds: PlayerId[];
  seed: number;
  /** Tables whose seats the players choose (Lightseekers finals): the choosing order. */
  seatChoice?: SeatChoice[];
  /** What the scorekeeper should know about the cut (a tie the organiser decides, a replacement). */
  warnings?: PairingWarning[];
}

export interface ResultContext {
  settings: Settings;
  stage: Stage;
  /** Display names for messages. */
  nameOf: (id: PlayerId) => string;
}

/**
 * How screens and prints speak of a rule set's events, so that each speaks its own game: a
 * Lightseekers event has no Rules Enforcement Level and cites no Magic document.
 */
export interface RulesetTerms {
  /** The event has a Rules Enforcement Level to choose and show (the Magic documents). */
  rel: boolean;
  /** The short name of the document its rule citations refer to ("MTR", "MAMTR"); null: cite none. */
  document: string | null;
}

/**
 * A Magic Tournament Rules section as screens cite it ("MTR 2.10"), for a rule set whose events
 * follow the MTR — `mtr`, and the multiplayer documents, which keep the MTR's numbering and only add
 * to it (a pod event's drops are still MTR 2.10) — or null for one that cites no Magic document
 * (Lightseekers): the screen then says the rule without a citation.
 */
export function mtrCitation(terms: RulesetTerms, section: string): string | null {
  return terms.document === null ? null : `MTR ${section}`;
}

export interface Ruleset {
  readonly id: RulesetId;
  readonly title: string;
  /**
   * The shape of play, which parts of core outside the rule sets still read (table fixes,
   * transcripts, simulated results, printed documents, the clock's playoff final). Screens never
   * read it: what they show comes from `presentation`.
   */
  readonly family: 'head-to-head' | 'pods' | 'lightseekers';
  readonly terms: RulesetTerms;
  /** What the screens show of this rule set's events (presentation.ts). */
  readonly presentation: RulesetPresentation;
  readonly tiebreakers: readonly TiebreakerInfo[];
  /** Playoff cuts this rule set knows (MTR: 2, 4, 8). */
  readonly playoffCuts: readonly number[];
  /** Defaults filled in and every field checked; throws PodiumError('invalid-settings'). */
  settings(input: Partial<Settings>): Settings;
  /** Players a table may seat at this stage. */
  tableSize(settings: Settings, stage: Stage): { min: number; max: number };
  /** Check a result against its table; returns the normalised result or throws PodiumError. */
  validateResult(table: Table, result: unknown, context: ResultContext): TableResult;
  standings(state: EventState): Standing[];
  /** The next Swiss round for the current state (no side effects; the caller records it). */
  pair(state: EventState, seed: number): PairingProposal;
  /** The first playoff round for a top-K cut of the final Swiss standings. */
  playoff(state: EventState, options: PlayoffOptions, seed: number): PlayoffPairing;
  /** The next playoff round once every table of the current one has a winner; null when done. */
  nextPlayoffRound(state: EventState, seed: number): PairingProposal | null;
  timeLimits(settings: Settings, stage: Stage): TimeLimits;
  endOfRound(settings: Settings, stage: Stage): EndOfRoundProcedure;
  recommendedRounds(input: RoundsInput, settings: Settings): RoundsRecommendation;
  draftTimers?(settings: Settings): DraftTimers[];
  /**
   * Rule-set checks of a round the fold is about to record, beyond seat counts (Lightseekers large:
   * every Swiss table inside one group). `state` already holds the round; throws PodiumError.
   */
  checkRound?(state: EventState, round: Round): void;
  /**
   * The players a finished playoff table sends on (its winner; a Lightseekers group final with 2–3
   * groups, its runner-up too), or null when its result does not decide that (no result, an MSTR
   * draw, a tie nobody picked).
   */
  advancing(state: EventState, round: Round, table: Table): PlayerId[] | null;
}
