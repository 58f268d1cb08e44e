/**
 * The clock's part of the event state (ARCHITECTURE "The clock"): plain, JSON-serialisable data
 * folded from the journal's clock commands. Every moment is an epoch millisecond recorded by the
 * host in the command (`at`), so a replay rebuilds exactly the same clock and `clockView(state, now)`
 * resumes where it was after a crash or a restart.
 *
 * Durations the rules compute (a deck check's extension, a feature match's extension, a judge pause
 * that is or is not long enough) are resolved when the command is applied and stored here in
 * milliseconds: the state says what was granted, not how to recompute it.
 */
import type { PlayerId } from '../model/types.js';

/** The event's clock: one record per round whose clock was started, the deck-check log, other timers. */
export interface EventClock {
  /** Round clocks in start order (at most one per round number). */
  rounds: RoundClock[];
  /** The deck-check log of the whole event (MTR 2.8), in start order. */
  deckChecks: DeckCheck[];
  /** Deck construction, registration, draft pick and custom timers, in start order. */
  timers: ClockTimer[];
}

export interface ClockPause {
  at: number;
  /** Unset while the pause lasts. */
  resumedAt?: number;
  reason?: string;
}

export interface ClockAdjustment {
  /** ± minutes added to the round's length. */
  minutes: number;
  reason: string;
  at: number;
}

export type ExtensionReason = 'deck-check' | 'judge-pause' | 'feature-match' | 'other';

/** A time extension granted to one table (deck checks live in the deck-check log instead). */
export interface TableExtension {
  table: number;
  reason: ExtensionReason;
  /** The time granted, ms (0 for a judge pause of one minute or less: logged, nothing granted). */
  ms: number;
  /** Deck check or judge pause entered by hand: how long the interruption lasted, ms. */
  lengthMs?: number;
  note?: string;
  at: number;
}

export interface RoundClock {
  round: number;
  /** Epoch ms the round's time started. */
  startedAt: number;
  /** The announced length in minutes; null = untimed (the clock counts up). */
  minutes: number | null;
  /** The end-of-round procedure, fixed when the clock started (the rule set's, or untimed). */
  procedure: EndOfRoundProcedure;
  /** Whether this round is a playoff final (no intentional-draw timer, MAMTR App. B). */
  final: boolean;
  /** MAMTR App. B: minutes from round start after a first intentional draw in a pod; null = none. */
  intentionalDrawMinutes: number | null;
  pauses: ClockPause[];
  adjustments: ClockAdjustment[];
  extensions: TableExtension[];
  /** MSTR 2.5AA: players still in the game at a table when time was called there (N). */
  playersInGame: { table: number; players: number; at: number; reason?: string }[];
  /** MTR 2.6: extra turns from slow-play penalties, added to the end-of-round turns. */
  extraTurns: { table: number; turns: number; reason: string; at: number }[];
  /** MAMTR App. B: the first intentional draw of a game in a playoff pod. */
  intentionalDraws: { table: number; at: number }[];
  /** When each table's result was first entered (from `record-result` commands that carry `at`). */
  results: { table: number; at: number }[];
}

export interface DeckCheck {
  round: number;
  table: number;
  judge: string;
  /** Whose decks were checked (default: everyone at the table). */
  players: PlayerId[];
  startedAt: number;
  endedAt?: number;
  outcome?: string;
  /** The extension granted when the check ended: its duration plus 3 (MTR 2.6) or 4 (Commander) minutes. */
  extensionMs?: number;
}

export type TimerKind = 'deck-construction' | 'registration' | 'draft-pick' | 'custom';

/** One stretch of a timer (a deck-construction timer: registration, then construction). */
export interface TimerPhase {
  label: string;
  ms: number;
}

export interface ClockTimer {
  id: string;
  kind: TimerKind;
  label: string;
  startedAt: number;
  stoppedAt?: number;
  /** The timer's stretches, run one after the other; resolved from the rule-set data at start. */
  phases: TimerPhase[];
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
