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
  PlayoffState,
  Round,
  RulesetId,
  SeatChoice,
  Settings,
  SettingsInput,
  Stage,
  Standing,
  Table,
  TableResult,
} from '../model/types.js';
import type { Rng } from '../random/rng.js';
import type { NumberFormat, RulesetPresentation } from './presentation.js';
import type { EndOfRoundProcedure } from '../clock/types.js';

export * from './presentation.js';

export interface TiebreakerInfo {
  key: string;
  label: string;
  /** The formula in words, for the standings breakdown. */
  description: string;
  /** How its value is written (66.67%, 23, 12.50). */
  format: NumberFormat;
}

/** How a timed round ends: a clock type (core/clock/types.ts), given by each rule set. */
export type { EndOfRoundProcedure };

/**
 * Extra turns after the active player's turn, counted when time is called: `turns`, plus the
 * players still in the game where N is theirs (MSTR 2.5AA); 0 for any other procedure.
 */
export function extraTurnsAtTime(procedure: EndOfRoundProcedure, playersInGame: number): number {
  if (procedure.kind !== 'extra-turns') return 0;
  return procedure.turns + (procedure.turnsArePlayersInGame ? Math.max(0, Math.floor(playersInGame)) : 0);
}

/** The round whose end the clock words (Ruleset.describeEndOfRound). */
export interface EndOfRoundContext {
  stage: Stage;
  /** The playoff final (MTR: untimed; MAMTR: no intentional-draw timer). */
  final: boolean;
  /** Minutes of the round's intentional-draw timer (MAMTR App. B); null: none. */
  intentionalDrawMinutes: number | null;
}

/** The states of a table whose time is up that a rule set may have a note for (Ruleset.timeUpNote). */
export type TimeUpStatus = 'overtime' | 'last-turn' | 'last-turn-over';

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

/** The shape of a playoff cut whose rounds are fixed in advance (MAMTR/MSTR 10.4A). */
export interface PlayoffPlan {
  /** Seeds (1-based, from the top) who wait out the first round. */
  waiting: number;
  /** Tables of each playoff round, first round first; the last is the final. */
  tablesPerRound: readonly number[];
}

/**
 * RULES 4 "Penalties that change results", read in a rule set's own results
 * (Ruleset.penaltyResults; core/event/apply-penalties.ts applies them).
 */
export interface PenaltyResults {
  /**
   * The games `player` lost in `result`: a game loss is one of them, so a result of a table where
   * the player has k game losses must count at least k games they lost.
   */
  gamesLost(table: Table, result: TableResult, player: PlayerId): number;
  /** Does `result` give `player` the match as lost (what a match loss asks of a result entered)? */
  lostMatch(table: Table, result: TableResult, player: PlayerId): boolean;
  /**
   * The result a match loss of `player` records at a table with none yet (their opponent wins every
   * game the match needs). Absent: a match loss does not say who won (a pod), so the result entered
   * must give the player the match as lost.
   */
  matchLoss?(table: Table, player: PlayerId, settings: Settings): Record<string, unknown>;
  /**
   * What a game loss means for a result, in words after "Ana has a game loss there (Tardiness):",
   * when the games counted fall short. Absent: the count is said ("the result must count at least 1
   * game they lost (it counts 0)").
   */
  gameLossProblem?(who: string): string;
  /** The result entry's note on a game loss, after "includes a game loss for Ana (Tardiness):". Absent: "the result counts it as a game Ana lost". */
  gameLossNote?(who: string): string;
}

/** Where a no-show is checked (Ruleset.checkNoShow). */
export interface NoShowContext {
  /** "round 2, table 3", for the message. */
  where: string;
  nameOf: (id: PlayerId) => string;
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
  /**
   * Penalties follow the Infraction Procedure Guide the MTR refers to (MTR 2.4, RULES 4): the
   * penalty forms offer its infraction names. False: the rule set's documents name no infractions
   * (Lightseekers), so the judge says what happened in their own words.
   */
  ipg: boolean;
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
   * The shape of play, for the rule sets' own files. Nothing outside core/rulesets/ branches on it
   * (the lint refuses that): what the rest of core, the prints and the screens need is a method or
   * a datum here or in `presentation`.
   */
  readonly family: 'head-to-head' | 'pods' | 'lightseekers';
  readonly terms: RulesetTerms;
  /** What the screens show of this rule set's events (presentation.ts). */
  readonly presentation: RulesetPresentation;
  readonly tiebreakers: readonly TiebreakerInfo[];
  /** Playoff cuts this rule set knows (MTR: 2, 4, 8). */
  readonly playoffCuts: readonly number[];
  /** Defaults filled in and every field checked; throws PodiumError('invalid-settings'). */
  settings(input: SettingsInput): Settings;
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
   * Who won a table, from its result alone: a player, 'draw', or undefined (no result yet, or one
   * that names no single winner: a Lightseekers VP tie nobody picked). What the phones' bracket, the
   * bracket print and the Bracket screen mark as the winner.
   */
  tableWinner(table: Table): PlayerId | 'draw' | undefined;
  /**
   * Everyone at a played table in finishing order, where the rule set ranks a table's players
   * (Lightseekers: VP, then last standing, RULES 3), so the final standings give places 2 to k from
   * the final table; undefined for a table it cannot order. Absent: a table decides only who goes on.
   */
  finishingOrder?(table: Table): PlayerId[] | undefined;
  /**
   * Playoff rounds the event's cut takes when played in full (the final standings name rounds from
   * the final back); undefined when it cannot say. Absent: the rounds played so far.
   */
  playoffRoundCount?(state: EventState): number | undefined;
  /**
   * The rule a deck check's extra minutes (TimeLimits.deckCheckExtraMinutes) come from, as printed
   * ("MTR 2.6", "Commander X.5A"); null: the event's own rules, for a rule set citing no document.
   */
  deckCheckRule(settings: Settings): string | null;
  /**
   * The players a finished playoff table sends on (its winner; a Lightseekers group final with 2–3
   * groups, its runner-up too), or null when its result does not decide that (no result, an MSTR
   * draw, a tie nobody picked).
   */
  advancing(state: EventState, round: Round, table: Table): PlayerId[] | null;
  /**
   * Is round `round` (paired or the next to pair) the playoff final, whose time rules differ (MTR
   * App. B: untimed; MAMTR App. B: no intentional-draw timer)? Absent: no round is.
   */
  isPlayoffFinal?(state: EventState, round: number): boolean;
  /**
   * The cut's players in bracket order, players 2k and 2k+1 meeting first (MTR 10.4); throws for a
   * cut it draws no bracket for.
   */
  bracketOrder?(playoff: PlayoffState): PlayerId[];
  /**
   * The plan of a cut whose rounds are fixed in advance (10.4A); null for a cut it does not know.
   * Absent: the playoff rounds come as they are paired.
   */
  playoffPlan?(top: number): PlayoffPlan | null;
  /**
   * How a round ends, in words that cite the rule set's sections (the clock shows it: "At time the
   * active player finishes the turn, then 5 more turns in total (MTR 2.5)."). Undefined, or absent:
   * the clock's own words, citing nothing.
   */
  describeEndOfRound?(procedure: EndOfRoundProcedure, round: EndOfRoundContext): string | undefined;
  /** A note beside a table whose time is up (MAMTR 2.4B: the last turn ends in a draw); undefined: none. */
  timeUpNote?(status: TimeUpStatus, table: { playoff: boolean; intentionalDraw: boolean }): string | undefined;
  /**
   * RULES 3 "organiser's choice": refuses an order for `players` unless they are exactly a tie the
   * organiser decides (equal on every criterion of the standings); throws PodiumError. Absent: the
   * rule set breaks every tie itself (the registration draw, RULES 1), so there is nothing to decide.
   */
  checkTieDecision?(state: EventState, players: readonly PlayerId[]): void;
  /**
   * Refuses a player the rule set cannot register (a pod result's games list says "draw": no player
   * may have that id); throws PodiumError.
   */
  checkNewPlayer?(player: { id: PlayerId; name: string }): void;
  /**
   * MTR 2.10: refuses a result that does not give the no-show `absent` a loss; throws
   * PodiumError('invalid-result'). Absent: the rule set records no no-shows (Lightseekers: the
   * game is entered as it was played).
   */
  checkNoShow?(table: Table, result: TableResult, absent: PlayerId, context: NoShowContext): void;
  /**
   * RULES 4: how a game loss and a match loss show in this rule set's results (the MTR's matches;
   * pods, where the penalised player lost that game: not its winner, not part of a draw). Absent: a
   * match loss is a lost match as checkNoShow checks a no-show's; a rule set with neither
   * (Lightseekers) records only penalties that change no result.
   */
  penaltyResults?: PenaltyResults;
  /**
   * Plausible random results for simulated events (the CLI's `simulate`, the benchmark, property
   * tests), drawn from the `rng` given; throws PodiumError for settings it cannot simulate. Absent:
   * the rule set's events cannot be simulated.
   */
  randomResults?(settings: Settings): (table: Table, rng: Rng) => TableResult;
}
