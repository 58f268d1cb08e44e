/** The event model: plain data, JSON-serialisable, shared by every rule set. */
import type { EventClock } from '../clock/types.js';

export const RULESET_IDS = [
  'mtr',
  'mstr-2022',
  'mamtr-2024',
  'lightseekers-casual',
  'lightseekers-competitive',
  'lightseekers-large',
] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

export type PlayerId = string;
export type Rel = 'regular' | 'competitive' | 'professional';

/** Settings as a patch gives them: a field left out keeps its value; null takes an optional one back to none. */
export type SettingsInput = { [K in keyof Settings]?: Settings[K] | null };

/**
 * MTR 10.2's variable number of rounds ("five rounds unless only one player has four match wins after
 * four rounds"): `swissRounds` rounds, unless `compare` `players` competitors have `matchWins` match
 * wins or more after Swiss round `afterRound` — then the Swiss ends after `afterRound` (`stop`) or
 * one more round is played (`extra`).
 */
export interface VariableRounds {
  afterRound: number;
  compare: 'exactly' | 'at-most';
  players: number;
  matchWins: number;
  then: 'stop' | 'extra';
}
export type Stage = 'swiss' | 'playoff';
export type TeamSeat = 'A' | 'B' | 'C';

/**
 * One flat settings record; each rule set reads the fields that concern it and fills defaults.
 * Fields are documented where RULES.md defines them.
 */
export interface Settings {
  rel: Rel;
  /**
   * Announced number of Swiss rounds (MTR 10.2: before round 1; it cannot change once round 1 is
   * paired); undefined = the recommended number.
   */
  swissRounds?: number;
  /** MTR 10.2: a variable number of rounds, announced with `swissRounds` (core/rulesets/announced-rounds.ts). */
  variableRounds?: VariableRounds;
  /** MTR 2.1: games needed to win a match (best of 1/3/5). */
  gamesToWin: number;
  /**
   * Event format, for time limits and recommended rounds. `commander` (pod rule sets only, their
   * default): a Commander event, whose deck checks earn +4 minutes (MSTR X.5A, MAMTR *.5A; RULES 2).
   */
  format: 'constructed' | 'sealed' | 'draft' | 'commander';
  /** MTR 8: 1 = individual; 2 or 3 = teams with fixed seats A/B(/C). */
  teamSize: 1 | 2 | 3;
  /** MTR 9: Two-Headed Giant (a team of 2 is one competitor, one-game matches). */
  twoHeadedGiant: boolean;
  /** MTR 7.6: pair only inside the draft pod. Lifting it is allowed at Regular REL only. */
  pairWithinDraftPods: boolean;
  /** MTR 2.10 (Decision: setting): a late entry gets a loss for each missed round, or no record. */
  lateEntryRecord: 'loss' | 'none';
  /** Limited on a release weekend: +15 minutes of deck construction (MTR App. B). */
  releaseWeekend: boolean;
  /** Multiplayer: the standard pod size n. */
  podSize: number;
  /** MSTR 2.5A: N extra turns ("extra-turns") or active player finishes ("active-player"). */
  endOfRound?: 'extra-turns' | 'active-player';
  /** MAMTR App. B: the last-turn limit in minutes. */
  lastTurnMinutes?: number;
  /** Multiplayer: balance seats across the event instead of pure random (off by default). */
  balanceSeats: boolean;
  /**
   * Players reporting their own results from their phones: 'off'; 'queue' (the default:
   * every report waits on the Results screen for the scorekeeper); 'auto' (a report every other
   * player of the table agreed with is the result; a dispute still waits for the scorekeeper).
   */
  selfReports?: SelfReportsSetting;
  /**
   * Phones claim their players with a personal code ('on', the default: a claimed player's reports
   * and answers come only from their phone, and only answers from claimed phones are accepted by
   * themselves), or not at all ('off': a table's code is enough, for a casual event).
   */
  claims?: 'on' | 'off';
  /**
   * Pod rule sets, an organiser's house rule: how a player count that does not fill
   * pods of n is seated — byes for the lowest-ranked, the smaller pods at the bottom or at the top
   * of the standings, or pods of n + 1. Undefined: as the document says (MSTR 10.4A: byes at
   * Competitive REL, smaller pods at Regular REL; MAMTR 10.4A: smaller pods at the bottom).
   */
  oddCounts?: OddCountsPolicy;
  /** Pod rule sets, house rule: match points for a win; undefined = the document's (App. C: MSTR n + 1, MAMTR 2n − 1). */
  winPoints?: number;
  /** Pod rule sets, house rule: match points for a drawn match; undefined = the document's 1 (2.1A, App. C). */
  drawPoints?: number;
  /** Pod rule sets, house rule: match points for a bye; undefined = the document's, a win's points (App. C). */
  byePoints?: number;
}

export type SelfReportsSetting = 'off' | 'queue' | 'auto';

/** How pods seat a player count that does not fill pods of n (Settings.oddCounts). */
export type OddCountsPolicy = 'byes' | 'smaller-pods-bottom' | 'smaller-pods-top' | 'larger-pods';

export interface TeamMember {
  seat: TeamSeat;
  name: string;
}

export interface Player {
  id: PlayerId;
  /** The competitor's display name (a team's name for team events). */
  name: string;
  /**
   * The family name boards sort and print by ("Mac Giolla" for "Cian Mac Giolla"), as the
   * scorekeeper confirmed it or a CSV import's family-name column gave it; absent = the rule of
   * core/model/person-names.ts guesses it from `name`. Individual players only (a team's name is not a
   * person's; its members' family names are read from their names).
   */
  familyName?: string;
  /** Free note to tell apart two people with the same name (DCI number, city, ...). */
  note?: string;
  /** Registration draw: the final tiebreaker (lower ranks first), stored so standings replay. */
  draw: number;
  /** First round this player can be paired in (1, or later for a late entry). */
  joinedRound: number;
  /** MTR App. E: awarded byes for rounds 1..awardedByes. */
  awardedByes: number;
  /** MTR 7.6: the draft pod the player drafted in. */
  draftPod?: number;
  /** MTR 8/9: the team's members with their fixed seats. */
  members?: TeamMember[];
  /**
   * Accessibility: the table this competitor always plays at (1 or more); the pairing
   * numbers their table so (core/pairing/fixed-seats.ts). Absent: numbered as usual.
   */
  fixedTable?: number;
  /**
   * With `fixedTable`, where the rule set's tables have numbered seats of a standard size (pods):
   * the seat this player takes in Swiss rounds — their place at the table, not the first turn, which
   * stays a draw (2.2A, Table.firstSeat).
   */
  fixedSeat?: number;
  /** Dropped: the last round whose pairing included the player (0 = before round 1: removed). */
  droppedAfterRound?: number;
  /**
   * `lightseekers-large`: the group (1-based) the player was drawn into. Recorded by the `groups`
   * field of the `pair-round` command that drew it (round 1, or a late entry's first round).
   */
  group?: number;
}

/** MTR: game wins of seat 1, game wins of seat 2, drawn games. Teams: one triple per seat A/B/C. */
export interface HeadToHeadResult {
  games: [number, number, number];
  /**
   * Two-Headed Giant: the teams agreed to an intentional draw and played no game (games [0, 0, 0]);
   * a played drawn game is games [0, 0, 1] (conformance README, version 2).
   */
  intentionalDraw?: true;
  /** Team events: each seat match's games, A first. */
  matches?: [number, number, number][];
}

/** MSTR/MAMTR pod results (conformance README "Result forms"). */
export type PodResult =
  | { winner: PlayerId; excluded?: PlayerId[] }
  | { games: (PlayerId | 'draw')[]; excluded?: PlayerId[] }
  | { draw: true; excluded?: PlayerId[] };

/** Lightseekers: VP per player, defeat order, and the scorekeeper's pick when still tied. */
export interface LightseekersResult {
  vp: Record<PlayerId, number>;
  defeated: PlayerId[];
  winner?: PlayerId;
  /**
   * The scorekeeper's pick of the runner-up when VP and last-standing leave a tie for it (needed only
   * where a runner-up advances: casual tables that send two to the final, large-event group finals).
   */
  runnerUp?: PlayerId;
}

export type TableResult = HeadToHeadResult | PodResult | LightseekersResult;

export interface Table {
  table: number;
  /** Seat order: seat 1 first. */
  seats: PlayerId[];
  /**
   * The seat (1-based) whose player plays first; turns go on in seat order from there, round the
   * table. Absent: seat 1 (every table of an older save, head-to-head, playoff pods). Set where a
   * fixed seat keeps a player's place at a pod, so the first turn stays a draw (MAMTR/MSTR 2.2A).
   * Read it through core/model/seats.ts.
   */
  firstSeat?: number;
  result?: TableResult;
  /** MTR 2.10: seated players who did not show up (recorded with the result; each has a loss). */
  noShow?: PlayerId[];
}

export type ByeKind = 'pairing' | 'awarded' | 'playoff';

export interface Bye {
  player: PlayerId;
  kind: ByeKind;
}

export interface Round {
  number: number;
  stage: Stage;
  tables: Table[];
  byes: Bye[];
  /** Playoff rounds: players who skip this round (waiting top seeds). */
  waiting?: PlayerId[];
  /** The generator seed the pairing was made with (recorded, never re-run). */
  seed?: number;
  /**
   * The secret the round's table codes are made from (core/public/table-codes.ts; the host draws it
   * when it publishes the pairing): a slip's code reports its table in this round only.
   */
  reportKey?: string;
  /** Self-reports waiting for the table's other players or the scorekeeper, by table. */
  reports?: SelfReport[];
  /**
   * Tables whose players' report the scorekeeper rejected, with no report or result since: their
   * phones say so instead of only offering to report again. Absent: none.
   */
  rejectedReports?: number[];
}

/** A player's report of their table's result from their phone, until it is decided. */
export interface SelfReport {
  table: number;
  reporter: PlayerId;
  /** The reporting phone's own id (the journal entry names it too). */
  phone: string;
  result: TableResult;
  /** Players of the table who drop with the result (the slip's Drop box). */
  drops: PlayerId[];
  /** The table's other players' answers so far; `claimed`: from the phone that claimed the player. */
  answers: Record<PlayerId, { agree: boolean; phone: string; result?: TableResult; claimed?: true }>;
  /** The report came from the phone that claimed its reporter. */
  claimed?: true;
  status: 'waiting' | 'agreed' | 'disputed';
}

export interface EventState {
  id: string;
  name: string;
  ruleset: RulesetId;
  settings: Settings;
  /** The event's base seed; per-round seeds derive from it. */
  seed: number;
  createdAt: string;
  /** Registered competitors, in registration order. Removed players are deleted. */
  players: Player[];
  rounds: Round[];
  /** Set when the Swiss part ends and the playoff cut is made. */
  playoff?: PlayoffState;
  /** The clock (core/clock): round clocks, the deck-check log, other timers. Absent until first used. */
  clock?: EventClock;
  /** The standings the scorekeeper published for players' phones and the site: after this round. */
  publishedStandings?: number;
  /** The penalty log (RULES 4), in the order recorded (core/event/apply-penalties.ts). Absent: none yet. */
  penalties?: Penalty[];
  /**
   * Registered decklists (MTR 2.7), by player: the last registration of each
   * (core/decklists/journal.ts). Never public: core/public copies nothing of it. Absent: none yet.
   */
  decklists?: Record<PlayerId, Decklist>;
  /** The secret behind players' personal codes (core/public/personal-codes.ts); the host's alone. Absent: none drawn yet. */
  claimKey?: string;
  /** Players' phones that claimed them, by player (absent: none). */
  claims?: Record<PlayerId, PlayerClaim>;
  /**
   * Ties the organiser decided (RULES 3 "organiser's choice": a `decide-tie` command each), in the
   * order made; a decision orders its players while they stay tied, all of them and only them.
   */
  tieDecisions?: TieDecision[];
}

/** A phone's claim of a player: which phone, and the hash of the token it proves itself with (the host's alone: no window is sent it). */
export interface PlayerClaim {
  phone: string;
  tokenHash?: string;
}

/** The organiser's order for players equal on every criterion (RULES 3), with why. */
export interface TieDecision {
  /** The tied players, first place first. */
  players: PlayerId[];
  reason: string;
  /** Rounds paired when it was made (transcripts replay it there). */
  afterRound: number;
}

/** One card line of a registered list: how many and the name as the list gave it. */
export interface DecklistCard {
  count: number;
  name: string;
}

/** A player's registered decklist (MTR 2.7), as parsed from the text the player gave (kept in `source`). */
export interface Decklist {
  main: DecklistCard[];
  side: DecklistCard[];
  /** Commander events: the commander (or two partners), counted in the 100. */
  commander: DecklistCard[];
  source: string;
  /** How many times it was registered (1 = the first registration). */
  version: number;
  /** The reason of the last registration, when it was a correction after the list locked (MTR 2.7). */
  correction?: string;
}

/** RULES 4, transcript `penalty`: what a judge gave. */
export const PENALTY_KINDS = ['warning', 'game-loss', 'match-loss', 'disqualification'] as const;
export type PenaltyKind = (typeof PENALTY_KINDS)[number];

/** One penalty of the log (RULES 4; kept six months for appeals, MTR 1.6), as the journal recorded it. */
export interface Penalty {
  round: number;
  /** The table of the match it concerns (a game or match loss: the match it is applied to); absent: none. */
  table?: number;
  player: PlayerId;
  /** A common name (core/event/describe-penalties.ts COMMON_INFRACTIONS) or the judge's own words. */
  infraction: string;
  penalty: PenaltyKind;
  judge?: string;
  note?: string;
  /** When it was recorded (epoch ms, stamped by the host); absent in a penalty read from a transcript. */
  at?: number;
}

export interface PlayoffState {
  top: number;
  draft: boolean;
  /** The Swiss seeds at the cut, seed 1 first. */
  seeds: PlayerId[];
}

/** What the engine tells a scorekeeper about a pairing: in words, never codes. */
export interface PairingWarning {
  kind: 'rematch' | 'pair-down' | 'second-bye' | 'smaller-pod' | 'info';
  message: string;
  players: PlayerId[];
}

/** A table whose players choose their seats (Lightseekers final tables): who chooses when. */
export interface SeatChoice {
  table: number;
  /** The order in which the players choose a seat: lowest seed first, the top seed last. */
  order: PlayerId[];
}

export interface PairingProposal {
  tables: Table[];
  byes: Bye[];
  /** Playoff rounds: seeds who skip this round. */
  waiting?: PlayerId[];
  warnings: PairingWarning[];
  seed: number;
  /**
   * `lightseekers-large`: the groups this pairing drew (index 0 = group 1), every grouped player
   * listed; record them with the round (`pair-round` `groups`). Absent when no group changed.
   */
  groups?: PlayerId[][];
  /** Tables whose seats the players choose: the proposal lists them in choosing order. */
  seatChoice?: SeatChoice[];
}

export interface Standing {
  rank: number;
  id: PlayerId;
  name: string;
  points: number;
  dropped: boolean;
  /** The rule set's tiebreaker values, keyed as in conformance README. */
  tiebreakers: Record<string, number>;
  record: { wins: number; losses: number; draws: number; byes: number };
  /** `lightseekers-large`: the player's group; ranks count within the group. */
  group?: number;
  /**
   * Lightseekers: equal with these players on points and every tiebreaker. RULES 3 leaves such a tie
   * to the organiser; the order shown is the registration draw's, and `organiserDecides` is set.
   */
  tiedWith?: PlayerId[];
  /** The tie is the organiser's to decide and not decided yet (the order shown is the draw's). */
  organiserDecides?: boolean;
  /** The organiser decided this tie's order (a `decide-tie` command): why, in their words. */
  tieDecision?: string;
  /**
   * Final standings after a playoff (core/rulesets/final-standings.ts): how far the player got.
   * `eliminatedInRound` counts playoff rounds from 1; `roundName` names it ("Semifinal", ...).
   */
  playoff?: PlayoffFinish;
}

/** How far a player got in the playoff. */
export type PlayoffFinish =
  | 'champion'
  | 'finalist'
  | 'in-contention'
  | { eliminatedInRound: number; roundName: string };
