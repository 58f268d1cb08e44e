/**
 * `clockView(state, now)`: everything a window draws about time — the round clock and its status,
 * the rule set's end-of-round procedure spelled out, the colour phase, the tables with their own
 * time, the deck-check log with the 10 % indicator (MTR 2.8) and the other timers. Pure: the only
 * time is `now`; the host calls it on every tick and pushes the result (StationPush 'clock').
 * Its parts: end-of-round.ts (the procedure in words), table-views.ts, deck-checks.ts, timer-views.ts.
 */
import type { EventState, Round, RulesetId, Stage } from '../model/types.js';
import { type DeckCheckSummary, deckCheckSummary } from './deck-checks.js';
import {
  isPlayoffFinal,
  procedureFor,
  roundClockOf,
  roundLengthMs,
  stageLimits,
  tableState,
  type LastTurnState,
  type TableStatus,
} from './derive.js';
import { type EndOfRoundView, endOfRoundView } from './end-of-round.js';
import { type ClockPhase, clockPhase } from './phase.js';
import { type TableClockView, tableViews } from './table-views.js';
import { MINUTE, openPause, runningAt, wallTimeAt } from './time.js';
import { type TimerView, timerViews } from './timer-views.js';
import type { ClockAdjustment, RoundClock } from './types.js';

export type ClockStatus =
  /** No round has been paired. */
  | 'no-round'
  | 'not-started'
  | 'running'
  | 'paused'
  /** Time is up; the active player finishes the turn (MSTR 2.5AB), nothing more to time. */
  | 'time-called'
  /** Time is up; extra turns are being played (MTR 2.5, MSTR 2.5AA). */
  | 'extra-turns'
  /** Time is up; the last-turn limit runs (MAMTR 2.4B). */
  | 'last-turn'
  /** The last-turn limit is over: unfinished games are draws (MAMTR 2.4B). */
  | 'last-turn-over'
  /** An untimed round (playoffs per rule set): the clock counts up. */
  | 'untimed'
  /** Every table has a result. */
  | 'finished';

export interface ClockView {
  now: number;
  ruleset: RulesetId;
  /** The round shown (the current one unless asked); null before round 1 is paired. */
  round: number | null;
  stage: Stage | null;
  /** A playoff final (MTR: untimed; MAMTR: no intentional-draw timer). */
  final: boolean;
  status: ClockStatus;
  phase: ClockPhase;
  startedAt: number | null;
  /** The announced minutes (null = untimed), and the length with adjustments, ms. */
  minutes: number | null;
  lengthMs: number | null;
  adjustments: ClockAdjustment[];
  /** Running time since the start, pauses left out. */
  elapsedMs: number;
  /** Round time left (negative after time); null when untimed or not started. */
  remainingMs: number | null;
  /** Wall time the round's time runs out; null when untimed, paused or not started. */
  endsAt: number | null;
  /** Whether the round's time is up (tables with extensions may still play on). */
  timeCalled: boolean;
  /** Wall time the round's time ran out. */
  timeCalledAt: number | null;
  pausedSince: number | null;
  pauseReason: string | null;
  pausedMs: number;
  endOfRound: EndOfRoundView;
  /** Tables with something of their own: extensions, deck checks, N, penalty turns, an intentional draw. */
  tables: TableClockView[];
  /** Tables without a result. */
  outstanding: number[];
  /** Outstanding tables by their state (all of them, not only those in `tables`). */
  outstandingByStatus: Partial<Record<TableStatus, number[]>>;
  deckChecks: DeckCheckSummary;
  /** Timers not stopped (a done timer stays until stopped, flagged `done`). */
  timers: TimerView[];
  /** Warnings in words (a round below the minimum length, ...). */
  notes: string[];
}

/** The clock of round `roundNumber` (default: the current round) at wall time `now`. */
export function clockView(state: EventState, now: number, roundNumber?: number): ClockView {
  const round = roundNumber === undefined ? state.rounds[state.rounds.length - 1] : state.rounds[roundNumber - 1];
  const base = emptyView(state, now);
  if (!round) {
    return {
      ...base,
      round: null,
      stage: null,
      final: false,
      status: 'no-round',
      phase: 'normal',
      startedAt: null,
      minutes: null,
      lengthMs: null,
      endOfRound: endOfRoundView(state, { kind: 'untimed' }, null, 'swiss', false),
      outstanding: [],
      outstandingByStatus: {},
      notes: [],
    };
  }
  const clock = roundClockOf(state, round.number);
  const outstanding = round.tables.filter((t) => t.result === undefined).map((t) => t.table);
  return clock ? startedView(state, base, round, clock, outstanding, now) : notStartedView(state, base, round, outstanding);
}

/** What every view has before its round is known: the event's deck checks and timers, no running time. */
function emptyView(state: EventState, now: number) {
  return {
    now,
    ruleset: state.ruleset,
    adjustments: [],
    elapsedMs: 0,
    remainingMs: null,
    endsAt: null,
    timeCalled: false,
    timeCalledAt: null,
    pausedSince: null,
    pauseReason: null,
    pausedMs: 0,
    tables: [],
    deckChecks: deckCheckSummary(state, now),
    timers: timerViews(state, now),
  };
}

type EmptyView = ReturnType<typeof emptyView>;

/** A round whose clock has not started: what it will be. */
function notStartedView(state: EventState, base: EmptyView, round: Round, outstanding: number[]): ClockView {
  const final = round.stage === 'playoff' && isPlayoffFinal(state, round.number);
  const limits = stageLimits(state, round.stage);
  const minutes = final && limits.finalRoundMinutes !== undefined ? limits.finalRoundMinutes : limits.roundMinutes;
  const idMinutes =
    round.stage !== 'playoff'
      ? null
      : final && limits.finalIntentionalDrawMinutes !== undefined
        ? limits.finalIntentionalDrawMinutes
        : (limits.playoffIntentionalDrawMinutes ?? null);
  return {
    ...base,
    round: round.number,
    stage: round.stage,
    final,
    status: outstanding.length === 0 ? 'finished' : 'not-started',
    phase: 'normal',
    startedAt: null,
    minutes,
    lengthMs: minutes === null ? null : minutes * MINUTE,
    endOfRound: endOfRoundView(state, procedureFor(state, round.stage, minutes), idMinutes, round.stage, final),
    outstanding,
    outstandingByStatus: outstanding.length > 0 ? { 'not-started': outstanding } : {},
    notes: lengthNotes(state, round.stage, minutes),
  };
}

/** A round whose clock runs (or ran): its time, status and tables at wall time `now`. */
function startedView(state: EventState, base: EmptyView, round: Round, clock: RoundClock, outstanding: number[], now: number): ClockView {
  const elapsedMs = runningAt(clock, now);
  const lengthMs = roundLengthMs(clock);
  const pause = openPause(clock);
  const remainingMs = lengthMs === null ? null : lengthMs - elapsedMs;
  const timeCalled = remainingMs !== null && remainingMs <= 0;
  const procedure = clock.procedure;

  // The round's own last-turn limit (MAMTR 2.4B), from the round's time.
  let lastTurn: LastTurnState | null = null;
  if (procedure.kind === 'active-player-finishes' && procedure.lastTurnMinutes !== undefined && timeCalled && lengthMs !== null) {
    const end = lengthMs + procedure.lastTurnMinutes * MINUTE;
    const left = end - elapsedMs;
    lastTurn = { minutes: procedure.lastTurnMinutes, remainingMs: left, endsAt: wallTimeAt(clock, end), over: left <= 0, then: 'draw' };
  }

  let status: ClockStatus;
  if (outstanding.length === 0) status = 'finished';
  else if (pause) status = 'paused';
  else if (lengthMs === null) status = 'untimed';
  else if (!timeCalled) status = 'running';
  else if (procedure.kind === 'extra-turns') status = 'extra-turns';
  else if (lastTurn) status = lastTurn.over ? 'last-turn-over' : 'last-turn';
  else status = 'time-called';

  const endOfRound = endOfRoundView(state, procedure, clock.intentionalDrawMinutes, round.stage, clock.final);
  if (endOfRound.kind === 'active-player-finishes') endOfRound.lastTurn = lastTurn;

  return {
    ...base,
    round: round.number,
    stage: round.stage,
    final: clock.final,
    status,
    phase: clockPhase(remainingMs),
    startedAt: clock.startedAt,
    minutes: clock.minutes,
    lengthMs,
    adjustments: clock.adjustments,
    elapsedMs,
    remainingMs,
    endsAt: lengthMs === null ? null : wallTimeAt(clock, lengthMs),
    timeCalled,
    timeCalledAt: timeCalled && lengthMs !== null ? wallTimeAt(clock, lengthMs) : null,
    pausedSince: pause ? pause.at : null,
    pauseReason: pause?.reason ?? null,
    pausedMs: now - clock.startedAt - elapsedMs,
    endOfRound,
    tables: tableViews(state, round, clock, now),
    outstanding,
    outstandingByStatus: outstandingByStatus(state, round, clock, now),
    notes: lengthNotes(state, round.stage, lengthMs === null ? null : lengthMs / MINUTE),
  };
}

/** The tables without a result, by where each stands at `now`. */
function outstandingByStatus(state: EventState, round: Round, clock: RoundClock, now: number): Partial<Record<TableStatus, number[]>> {
  const byStatus: Partial<Record<TableStatus, number[]>> = {};
  for (const table of round.tables) {
    if (table.result !== undefined) continue;
    const s = tableState(state, round, clock, table, now).status;
    (byStatus[s] ??= []).push(table.table);
  }
  return byStatus;
}

function lengthNotes(state: EventState, stage: Stage, minutes: number | null): string[] {
  const minimum = stageLimits(state, stage).minimumRoundMinutes;
  if (minutes === null || minimum === undefined || minutes >= minimum) return [];
  return [`The round is ${minutes} minutes long: below the required minimum of ${minimum} minutes for a match (MTR App. B).`];
}

