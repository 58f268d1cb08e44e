/**
 * The clock state machine: where a round and each of its tables stand at a wall time `t`, derived
 * from the stored clock (start, pauses, adjustments, extensions, deck checks, intentional draws,
 * result times). Shared by the fold (a command that needs "has time been called at this table?")
 * and by `clockView`. Nothing here reads a clock: time is always an argument.
 */
import type { EventState, Round, Stage, Table } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import type { EndOfRoundProcedure, TimeLimits } from '../rulesets/ruleset.js';
import { forEachItem, foldedListsOf } from './shared.js';
import { MINUTE, openPause, runningAt, wallTimeAt } from './time.js';
import type { DeckCheck, EventClock, RoundClock, TableExtension } from './types.js';

export const EMPTY_CLOCK: EventClock = { rounds: [], deckChecks: [], timers: [] };

export function eventClock(state: EventState): EventClock {
  return state.clock ?? EMPTY_CLOCK;
}

export function roundClockOf(state: EventState, round: number): RoundClock | undefined {
  return eventClock(state).rounds.find((r) => r.round === round);
}

/** Is this round the playoff final (for the untimed final and the intentional-draw timer)? */
export function isPlayoffFinal(state: EventState, round: number): boolean {
  return getRuleset(state.ruleset).isPlayoffFinal?.(state, round) ?? false;
}

export function stageLimits(state: EventState, stage: Stage): TimeLimits {
  return getRuleset(state.ruleset).timeLimits(state.settings, stage);
}

/**
 * A deck check's extension: its duration plus the rule set's extra minutes for the stage (MTR 2.6:
 * 3; a Commander pod event, X.5A: 4). The one place this sum is made: the clock stores it when a
 * check ends or is entered, and counts it up while a check is under way.
 */
export function deckCheckExtensionMs(state: EventState, stage: Stage, durationMs: number): number {
  return durationMs + stageLimits(state, stage).deckCheckExtraMinutes * MINUTE;
}

/**
 * The round time a deck check took from its match, up to `end`: what its round's clock ran between
 * the check's start and `end` (MTR 2.6: "time equal to the time the deck check took" — the match's
 * time). A check begun before the round's clock started (decks taken as the players sit down) takes
 * only what the clock has run since; a pause of the clock takes nothing. Null when the round's clock
 * had not started by `end`: the check took no round time at all.
 */
export function deckCheckRoundMs(state: EventState, check: Pick<DeckCheck, 'round' | 'startedAt'>, end: number): number | null {
  const clock = roundClockOf(state, check.round);
  if (!clock || clock.startedAt >= end) return null;
  return Math.max(0, runningAt(clock, end) - runningAt(clock, check.startedAt));
}

/**
 * The time a deck check gives its table, up to `end` (its end, or now while under way): the round
 * time it took plus the rule set's extra minutes (deckCheckExtensionMs); nothing for a check over
 * before the round's clock started (the players lost no round time and shuffle before it starts).
 */
export function deckCheckExtensionAt(state: EventState, stage: Stage, check: Pick<DeckCheck, 'round' | 'startedAt'>, end: number): number {
  const roundMs = deckCheckRoundMs(state, check, end);
  return roundMs === null ? 0 : deckCheckExtensionMs(state, stage, roundMs);
}

/**
 * The procedure a round follows when its time is up: the rule set's for the stage; an untimed
 * round has none. A playoff round given a time limit by hand (the rule set has it untimed) follows
 * the Swiss procedure, the event's "standard End-of-Round procedure" (MAMTR App. B).
 */
export function procedureFor(state: EventState, stage: Stage, minutes: number | null): EndOfRoundProcedure {
  if (minutes === null) return { kind: 'untimed' };
  const ruleset = getRuleset(state.ruleset);
  const procedure = ruleset.endOfRound(state.settings, stage);
  return procedure.kind === 'untimed' ? ruleset.endOfRound(state.settings, 'swiss') : procedure;
}

/** The round's length with adjustments, ms; null = untimed. */
export function roundLengthMs(clock: RoundClock): number | null {
  if (clock.minutes === null) return null;
  // The fold keeps the sum with the adjustments (shared.ts): the same additions in the same order.
  const adjusted = foldedListsOf(clock)?.adjustedMinutes ?? clock.adjustments.reduce((sum, a) => sum + a.minutes, 0);
  return (clock.minutes + adjusted) * MINUTE;
}

/** One extension of a table, as the logs and the window show it. */
export interface ExtensionItem {
  reason: 'deck-check' | 'judge-pause' | 'feature-match' | 'other';
  ms: number;
  at: number;
  note?: string;
  /** A deck check still under way: its extension grows until it ends. */
  inProgress?: boolean;
}

/** Everything granted to a table at wall time `t`: extensions and deck checks (ongoing ones too). */
export function tableExtensions(state: EventState, round: Round, table: number, t: number): { ms: number; items: ExtensionItem[]; checking?: DeckCheck } {
  const clock = roundClockOf(state, round.number);
  const items: ExtensionItem[] = [];
  const extension = (e: TableExtension): void => {
    if (e.table === table) items.push({ reason: e.reason, ms: e.ms, at: e.at, ...(e.note !== undefined ? { note: e.note } : {}) });
  };
  // Walk the fold's list rather than build the array (the fold asks this per command).
  const folded = clock && foldedListsOf(clock);
  if (folded) forEachItem(folded.extensions, extension);
  else for (const e of clock?.extensions ?? []) extension(e);
  let checking: DeckCheck | undefined;
  for (const check of eventClock(state).deckChecks) {
    if (check.round !== round.number || check.table !== table) continue;
    if (check.endedAt !== undefined) {
      items.push({ reason: 'deck-check', ms: check.extensionMs ?? deckCheckExtensionAt(state, round.stage, check, check.endedAt), at: check.startedAt });
    } else {
      checking = check;
      items.push({ reason: 'deck-check', ms: deckCheckExtensionAt(state, round.stage, check, Math.max(t, check.startedAt)), at: check.startedAt, inProgress: true });
    }
  }
  items.sort((a, b) => a.at - b.at);
  return { ms: items.reduce((sum, i) => sum + i.ms, 0), items, ...(checking ? { checking } : {}) };
}

export type TableStatus =
  | 'not-started'
  | 'running'
  | 'paused'
  | 'deck-check'
  | 'extra-turns'
  | 'time-called'
  | 'last-turn'
  | 'last-turn-over'
  | 'untimed'
  | 'overtime'
  | 'finished';

/** A last-turn limit (MAMTR 2.4B): running until `endsAt`, then the game is a draw. */
export interface LastTurnState {
  minutes: number;
  remainingMs: number;
  /** Wall time it ends; null while the clock is paused. */
  endsAt: number | null;
  over: boolean;
  /** What an unfinished game becomes at its end. */
  then: 'draw';
}

/** MAMTR App. B: the 150-minute timer of a playoff pod that intentionally drew a game. */
export interface IntentionalDrawState {
  /** When the first intentional draw was recorded. */
  at: number;
  minutes: number;
  remainingMs: number;
  endsAt: number | null;
  /** Past the timer: the pod plays on while pods without an intentional draw still play. */
  overtime: boolean;
  /** Pods without an intentional draw still playing (their table numbers). */
  podsStillPlaying: number[];
}

export interface TableState {
  status: TableStatus;
  /** Extensions and deck checks, ms (ongoing deck checks counted up to `t`). */
  extensionMs: number;
  extensions: ExtensionItem[];
  /** Time left before this table's end-of-round procedure begins; null when untimed. */
  remainingMs: number | null;
  /** Wall time this table's time runs out; null when untimed, paused or unknown. */
  endsAt: number | null;
  /** Whether the end-of-round procedure has begun at this table. */
  timeCalled: boolean;
  /** Running ms at which time was (or will be) called at this table; null when untimed. */
  timeMark: number | null;
  deckCheck?: DeckCheck;
  lastTurn?: LastTurnState;
  intentionalDraw?: IntentionalDrawState;
}

/** Where one table stands at wall time `t` (the round's clock must have started). */
export function tableState(state: EventState, round: Round, clock: RoundClock, table: Table, t: number): TableState {
  const ext = tableExtensions(state, round, table.table, t);
  const elapsed = runningAt(clock, t);
  const paused = openPause(clock) !== undefined;
  const base = { extensionMs: ext.ms, extensions: ext.items, ...(ext.checking ? { deckCheck: ext.checking } : {}) };
  // While the clock is paused a mark still ahead has no wall time yet (wallTimeAt gives null).
  const endsAtOf = (mark: number): number | null => wallTimeAt(clock, mark);
  const live: TableStatus = ext.checking ? 'deck-check' : paused ? 'paused' : 'running';
  const length = roundLengthMs(clock);

  if (length !== null) {
    const mark = length + ext.ms;
    const remainingMs = mark - elapsed;
    const timeCalled = remainingMs <= 0;
    const result: TableState = { ...base, status: 'running', remainingMs, endsAt: endsAtOf(mark), timeCalled, timeMark: mark };
    if (table.result !== undefined) return { ...result, status: 'finished' };
    if (!timeCalled) return { ...result, status: live };
    return afterTime(result, clock.procedure, mark, elapsed, endsAtOf);
  }

  // Untimed: only the intentional-draw timer of a playoff pod (MAMTR App. B) can end it.
  const id = clock.intentionalDrawMinutes !== null ? clock.intentionalDraws.find((d) => d.table === table.table) : undefined;
  const untimed: TableState = { ...base, status: 'untimed', remainingMs: null, endsAt: null, timeCalled: false, timeMark: null };
  if (!id || clock.intentionalDrawMinutes === null) {
    if (table.result !== undefined) return { ...untimed, status: 'finished' };
    return { ...untimed, status: live === 'running' ? 'untimed' : live };
  }
  const mark = clock.intentionalDrawMinutes * MINUTE + ext.ms;
  const remainingMs = mark - elapsed;
  const withId = new Set(clock.intentionalDraws.map((d) => d.table));
  const stillPlaying = round.tables
    .filter((other) => other.table !== table.table && !withId.has(other.table) && other.result === undefined)
    .map((other) => other.table);
  const overtime = remainingMs <= 0 && stillPlaying.length > 0;
  const idState: IntentionalDrawState = {
    at: id.at,
    minutes: clock.intentionalDrawMinutes,
    remainingMs,
    endsAt: endsAtOf(mark),
    overtime,
    podsStillPlaying: stillPlaying,
  };
  const timed: TableState = { ...base, status: 'running', remainingMs, endsAt: endsAtOf(mark), timeCalled: false, timeMark: mark, intentionalDraw: idState };
  if (table.result !== undefined) return { ...timed, status: 'finished' };
  if (remainingMs > 0) return { ...timed, status: live };
  if (overtime) return { ...timed, status: live === 'running' ? 'overtime' : live };
  // No pod free of the timer still plays: the standard end-of-round procedure begins, at the timer's
  // end or when the last such pod finished, whichever is later. A result entered without a time
  // cannot say when: it counts as finished by the timer's end.
  let start = mark;
  for (const r of clock.results) {
    if (withId.has(r.table) || r.table === table.table) continue;
    start = Math.max(start, runningAt(clock, r.at));
  }
  const procedure = getRuleset(state.ruleset).endOfRound(state.settings, 'swiss');
  return afterTime({ ...timed, timeCalled: true, timeMark: start }, procedure, start, elapsed, endsAtOf);
}

function afterTime(
  result: TableState,
  procedure: EndOfRoundProcedure,
  mark: number,
  elapsed: number,
  endsAtOf: (mark: number) => number | null,
): TableState {
  switch (procedure.kind) {
    case 'extra-turns':
      return { ...result, timeCalled: true, status: 'extra-turns' };
    case 'active-player-finishes': {
      if (procedure.lastTurnMinutes === undefined) return { ...result, timeCalled: true, status: 'time-called' };
      const end = mark + procedure.lastTurnMinutes * MINUTE;
      const remainingMs = end - elapsed;
      const over = remainingMs <= 0;
      const lastTurn: LastTurnState = {
        minutes: procedure.lastTurnMinutes,
        remainingMs,
        endsAt: endsAtOf(end),
        over,
        then: 'draw',
      };
      return { ...result, timeCalled: true, status: over ? 'last-turn-over' : 'last-turn', lastTurn };
    }
    case 'untimed':
      return { ...result, timeCalled: true, status: 'time-called' };
  }
}

/** Has time been called at this table at wall time `t` (its own time, extensions included)? */
export function isTimeCalledAt(state: EventState, round: Round, clock: RoundClock, table: Table, t: number): boolean {
  const { result: _result, ...open } = table;
  return tableState(state, round, clock, open, t).timeCalled;
}
