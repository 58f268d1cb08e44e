/**
 * What the screens need from a rule set, as data: the words its events speak,
 * the settings its new-event form shows, how a table looks (a pair "A v B" or numbered seats), the
 * standings columns and their formats, each player's tiebreakers worked out, the result-entry
 * fields with how they are read, and the playoff's plan and bracket. Screens render this and never
 * ask which rule set or family they show, so a rule set added in one folder is shown without a
 * screen changing. Pure: no React, no DOM — text comes as plain strings or as `RichText` (names,
 * bold numbers), which a screen turns into elements.
 *
 * Reached through `Ruleset.presentation` (ruleset.ts re-exports these types).
 */
import type { EventState, PairingWarning, PlayerId, Settings, Stage, Standing, Table, TableResult, TeamMember } from '../model/types.js';
import type { TiebreakerInfo } from './ruleset.js';

// ---------------------------------------------------------------------------------------------
// Text

/**
 * A piece of text a screen shows: plain, a name (isolated from the text around it, <bdi>; bold with
 * `strong`), a bold number, or a value raised to its minimum (a tiebreaker floor).
 */
export type Segment = string | { name: string; strong?: boolean } | { strong: string } | { raised: string };
export type RichText = readonly Segment[];

// A name isolated in a sentence, lists of names and ordinals, for the rule sets' words (core/text).
export { andList, isolate, ordinal } from '../text/format.js';

// ---------------------------------------------------------------------------------------------
// Numbers

/** How a tiebreaker's value is written: 66.67% (percent), 23 (integer), 12.50 (decimal). */
export type NumberFormat = 'percent' | 'integer' | 'decimal';

export function formatValue(value: number | undefined, format: NumberFormat): string {
  if (value === undefined || Number.isNaN(value)) return '—';
  if (format === 'percent') return `${(value * 100).toFixed(2)}%`;
  if (format === 'integer') return String(Math.round(value));
  return value.toFixed(2);
}

/** A number in a formula: up to 3 decimals, no trailing zeros (0.667, 0.33, 0.5, 12). */
export function num(value: number, decimals = 3): string {
  if (!Number.isFinite(value)) return '—';
  const fixed = value.toFixed(decimals);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

// ---------------------------------------------------------------------------------------------
// Words

export interface RulesetWords {
  /** One competitor: a team in team events (MTR 8, 9), else a player. Screens add the plural "s". */
  competitor(settings: Settings): 'team' | 'player';
  /** The standings' points column ("Points"; Lightseekers "Wins") and its unit ("point", "win"). */
  points: string;
  pointUnit: string;
  /** Swiss rounds in the time limits ("Rounds of 50 minutes"; Lightseekers "Games"). */
  rounds: string;
  /** A Swiss round counted in a recommendation ("Swiss round"; Lightseekers "round"). */
  swissRound: string;
  /** The playoff in the time limits ("Playoffs"; Lightseekers "Final tables"). */
  playoffs: string;
  /** The cut in a recommendation: "a top 8" / "a final table of 8". */
  cut(top: number): string;
  /** Who wins the playoff: "Champion" / "Winner". */
  champion: string;
  /** The pairing check when the engine has nothing to report. */
  cleanPairing: string;
  /** The pairing check's explanation of a kind of warning, where the rule set has its own words. */
  warnings?: Partial<Record<PairingWarning['kind'], string>>;
  /** The pairing check's title for a kind of warning, where the rule set names it its own way ("Repeated targets"). */
  warningTitles?: Partial<Record<PairingWarning['kind'], string>>;
  /** Its rounds can give byes (a pairing says how many; a record counts them as wins). */
  byes: boolean;
  /** A round's stage as slips and prints name it beside the round ("Round 3 · Swiss"); null: say nothing. */
  stage(stage: Stage): string | null;
}

// ---------------------------------------------------------------------------------------------
// The new-event form

/** The settings the new-event form can show (each one a control of its own). */
export type SettingField =
  | 'rel'
  | 'gamesToWin'
  | 'format'
  | 'teamSize'
  | 'twoHeadedGiant'
  | 'lateEntryRecord'
  | 'pairWithinDraftPods'
  | 'releaseWeekend'
  | 'podSize'
  | 'endOfRound'
  | 'lastTurnMinutes'
  | 'balanceSeats'
  // Pod rule sets' house rules: left empty, each is the document's rule.
  | 'oddCounts'
  | 'winPoints'
  | 'drawPoints'
  | 'byePoints';

export interface SettingsForm {
  /** The settings the rule set reads, in the order the form shows them (some depend on others). */
  fields(draft: Settings): SettingField[];
  /** The event may announce its number of Swiss rounds (Lightseekers structures fix theirs). */
  announcesRounds: boolean;
  /** The formats offered, in order, with their labels. */
  formats: readonly { value: Settings['format']; label: string }[];
  /** A line under the format choice (what it changes). */
  formatNote?(draft: Settings): string | undefined;
  /**
   * What a setting left empty means (a house rule whose default is the document's rule): the
   * document's value in words ("5") and where it comes from ("MSTR App. C: 4 + 1"). Undefined, or
   * absent: nothing to say.
   */
  documentDefault?(field: SettingField, draft: Settings): { value: string; rule: string } | undefined;
}

// ---------------------------------------------------------------------------------------------
// Players, tables, standings

export interface Registration {
  /** Players may be given awarded byes at registration (MTR App. E). */
  awardedByes: boolean;
  /** Players are registered into draft pods (MTR 7.6). */
  draftPods: boolean;
}

export interface TableShape {
  /** 'pair': two competitors, written "A v B" on a row; 'seats': numbered seats, seat 1 first. */
  layout: 'pair' | 'seats';
  /** The standard table size of a Swiss round, for marking smaller and larger tables (pods). */
  standardSize?(settings: Settings): number;
  /**
   * The printed match slip's body: a match of two (games won; MTR 8 teams seat by seat, MTR 9
   * Two-Headed Giant), a pod (its winner or a draw, the excluded), or each player's VP and the
   * defeat order (Lightseekers).
   */
  slip: 'match' | 'pod' | 'vp';
  /** A pod slip asks for each game's winner in order (MSTR 2.1A: a drawn game is followed by a new one). */
  gamesInOrder?: boolean;
}

export interface StandingsView {
  /** The tiebreaker columns shown for these settings (MTR team events leave out GW and OGW). */
  columns: readonly TiebreakerInfo[];
  /** The record column counts draws ("W–L–D"; Lightseekers games have none: "W–L"). */
  draws: boolean;
  /** Standings are ranked within groups, with a group column (Lightseekers large events). */
  groups: boolean;
}

/** One block of a player's standings breakdown. */
export type BreakdownBlock =
  /** A line of text ("record-line", "ppw", "muted st-small", "warning"). */
  | { kind: 'line'; text: RichText; className: string; testId?: string }
  /** Round by round, "Round 2, pod 3 won — 7 points". */
  | { kind: 'rounds'; items: readonly { round: number; table?: number; text: string }[]; tableWord: string }
  /** A small table (Lightseekers: the games). */
  | { kind: 'table'; testId?: string; columns: readonly { label: string; numeric?: boolean; title?: string }[]; rows: readonly (readonly RichText[])[] }
  /** A tiebreaker's formula with the player's numbers, and the opponents it reads. */
  | {
      kind: 'formula';
      title: string;
      value?: string;
      description?: string;
      opponents?: readonly { id: PlayerId; name: string; detail?: string; value: RichText }[];
      lines: readonly { text: RichText; testId?: string; className?: string }[];
    };

// ---------------------------------------------------------------------------------------------
// Result entry

/** What the scorekeeper has typed for one table, by field key (the form's fields name the keys). */
export interface ResultDraft {
  /** One box each ("2-1", the pod's winner, the defeat order). */
  text: Readonly<Record<string, string>>;
  /** One box per row (a team's seat matches, each seat's VP). */
  items: Readonly<Record<string, readonly string[]>>;
  /** Seats ticked (players excluded from a drawn pod). */
  seats: Readonly<Record<string, readonly PlayerId[]>>;
  /** Questions answered (the winner among tied players). */
  choices: Readonly<Record<string, PlayerId>>;
}

export const EMPTY_RESULT_DRAFT: ResultDraft = { text: {}, items: {}, seats: {}, choices: {} };

/** What the entry reads from a draft (not yet checked by `Ruleset.validateResult`). */
export type ReadResult =
  | { kind: 'empty' }
  | { kind: 'problem'; problem: string }
  /** The result needs an answer first (a tie for the win): `verdict` says so, `problem` on Enter. */
  | { kind: 'question'; verdict: string; problem: string }
  | { kind: 'ok'; result: unknown };

export interface EntryContext {
  settings: Settings;
  stage: Stage;
  /** A player's display name (not isolated: labels wrap it as a name). */
  name(id: PlayerId): string;
  /** A team's members (team events). */
  members(id: PlayerId): readonly TeamMember[];
  /** Seated players with a game loss at this table (RULES 4): the form says what it does to the result. Absent: none known. */
  gameLosses?: readonly PlayerId[];
}

/** A common result one click records ("2-0", "ID"): typed into `field`, then recorded. */
export interface QuickResult {
  text: string;
  title: string;
  /** Why this result cannot be recorded (the button is shown disabled, saying so). */
  unavailable?: string;
}

/** The fields of a table's result entry, in order. Inputs marked `entry` are where Enter moves. */
export type ResultField =
  | { kind: 'note'; text: RichText; className: string; id?: string; testId?: string }
  | {
      kind: 'text';
      key: string;
      label: RichText;
      placeholder: string;
      /** Buttons for the common results, right under the box. */
      quick?: readonly QuickResult[];
      /** The id of a note that explains the box. */
      describedBy?: string;
      /**
       * An optional last box: Enter in the last `entry` box comes here first rather than recording
       * (Lightseekers' defeat order); Enter here records.
       */
      last?: boolean;
    }
  | { kind: 'texts'; key: string; rows: readonly { label: RichText; placeholder: string }[]; className?: string }
  | {
      kind: 'seat-checks';
      key: string;
      legend: string;
      /** `locked`: ticked by what was typed (the title says so); untick by editing the text. */
      seats: readonly { id: PlayerId; label: RichText; locked?: string }[];
    }
  | {
      kind: 'seat-numbers';
      key: string;
      ariaGroup: string;
      placeholder: string;
      /** Each seat's row: its label (with the points before the round when `points`) and box. */
      seats: readonly { id: PlayerId; label: RichText; ariaLabel: string }[];
      /** Show each player's points before the round beside the label. */
      points: boolean;
      /** A toggle per seat that builds an order in the text box `key` (seat numbers, in order). */
      order?: { key: string; chosen: readonly PlayerId[]; title: string; off: string; on(position: number): string };
    }
  | { kind: 'choice'; key: string; legend: string; testId?: string; options: readonly { id: PlayerId; label: RichText }[] };

export interface ResultForm {
  className?: string;
  fields: readonly ResultField[];
}

/** MTR 2.10 no-shows at result entry ("n2" typed in the box `field`, or a button per seat). */
export interface NoShowEntry {
  field: string;
  /** A no-show is the whole result (head-to-head): its button records at once. */
  recordsAtOnce: boolean;
  /**
   * The draft with `absent` marked as no-shows (the "n2" already taken out of the text): either a
   * draft to read as usual, or the result itself.
   */
  apply(table: Table, draft: ResultDraft, absent: readonly PlayerId[], context: EntryContext): { draft: ResultDraft } | ReadResult;
}

export interface ResultEntry {
  form(table: Table, draft: ResultDraft, context: EntryContext): ResultForm;
  read(table: Table, draft: ResultDraft, context: EntryContext): ReadResult;
  /** Absent: the rule set records no no-shows (Lightseekers: enter the game as played). */
  noShows?: NoShowEntry;
  /** A result in words ("Ana wins 2–1"); `name` gives names as written in a sentence (isolated). */
  describe(table: Table, result: TableResult, name: (id: PlayerId) => string): string;
  /** The short form a bracket shows: "2–1", "draw", "won by Ana". */
  note(table: Table, result: TableResult, name: (id: PlayerId) => string): string;
  /**
   * A journal entry's result as the event log writes it ("Ana 2–1 Bo", "won by Ana (games: …)"):
   * the result as the command carried it (checked when it was applied), with its table's seats
   * when the log knows them. Absent: the log writes `describe`.
   */
  describeForLog?(result: Readonly<Record<string, unknown>>, seats: readonly PlayerId[] | undefined, name: (id: PlayerId) => string): string;
}

// ---------------------------------------------------------------------------------------------
// Playoffs

export interface PlayoffView {
  /** Cuts shown as a bracket of matches whose winners meet (MTR 10.4: 2, 4, 8); others by round. */
  bracketCuts: readonly number[];
  /** The cut that may be played as a booster-draft top 8 (MTR 10.4), when the rule set has one. */
  draftCut?: number;
  /** The plan of a cut in words. */
  plan(top: number, draft: boolean): string;
  /** The names of the playoff rounds this cut plays (for the columns still to come). */
  rounds(state: EventState): string[];
  /** Seeds that wait out the first playoff round. */
  waiting(top: number): number;
  /** What a playoff round still to come will hold (index 0-based, of `total`). */
  upcoming(state: EventState, index: number, total: number, waitingAtStart: number): string;
  /** What seat 1 of a playoff table means ("plays first"); absent: nothing to say. */
  seatOne?: string;
  /** A playoff table: "Table" / "Pod". */
  tableWord: string;
  /** How a drawn playoff table sends a player on, in words (MAMTR 2.4C). */
  drawNote?: string;
  /** The same, as the bracket print marks the player sent on: "Ana (draw, 2.4C)". With drawNote. */
  drawMark?: string;
  /** What a playoff slip tells the players of a drawn table; absent: nothing. */
  slipDrawNote?: string;
  /** The name of each playoff round before the final, where they share one (Lightseekers: "Group final"). */
  earlierRoundName?: string;
  /**
   * The players of a final table choose their seats, lowest seed first (Lightseekers, RULES 3): the
   * rule in words. The printed bracket then lists each final table's choosing order.
   */
  choosingOrder?: string;
  /** How far a player got, as a standings column names it ("Playoff"; Lightseekers "Final"). */
  finishColumn: string;
  /** The order of the final standings in words (core/rulesets/final-standings.ts is how). */
  finalOrder: string;
}

// ---------------------------------------------------------------------------------------------

export interface RulesetPresentation {
  words: RulesetWords;
  settings: SettingsForm;
  /**
   * The organiser's house rules these settings set, in one line ("House rules: pods of 5 for odd
   * counts; 4 points a win, 1 a draw, bye 3"), for standings, the new-event form and the player
   * page; undefined when every rule is the document's. Absent: the rule set has no house rules.
   */
  houseRules?(settings: Settings): string | undefined;
  registration(settings: Settings): Registration;
  /** The event is played in groups (Lightseekers large): pairings and standings show each player's. */
  groups: boolean;
  table: TableShape;
  standings(settings: Settings): StandingsView;
  /** Each tiebreaker worked out for one player's standing, with the numbers filled in; null: no record. */
  breakdown(state: EventState, standing: Standing, name: (id: PlayerId) => string): BreakdownBlock[] | null;
  results: ResultEntry;
  playoff: PlayoffView;
}
