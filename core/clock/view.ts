/**
 * `clockView(state, now)`: everything a window draws about time — the round clock and its status,
 * the rule set's end-of-round procedure spelled out, the colour phase, the tables with their own
 * time, the deck-check log with the 10 % indicator (MTR 2.8) and the other timers. Pure: the only
 * time is `now`; the host calls it on every tick and pushes the result (StationPush 'clock').
 */
import type { EventState, PlayerId, RulesetId, Round, Stage } from '../model/types.js';
import { podExtraTurnsAtTime } from '../rulesets/pods/timing.js';
import type { EndOfRoundProcedure } from '../rulesets/ruleset.js';
import {
  deckCheckExtensionMs,
  eventClock,
  isPlayoffFinal,
  procedureFor,
  roundClockOf,
  roundLengthMs,
  stageLimits,
  tableState,
  type ExtensionItem,
  type IntentionalDrawState,
  type LastTurnState,
  type TableStatus,
} from './derive.js';
import { MINUTE, openPause, runningAt, wallTimeAt } from './time.js';
import type { ClockAdjustment, ClockTimer, RoundClock } from './types.js';

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

/** Colour thresholds: more than 10 minutes, 10 or less, 5 or less, time. */
export type ClockPhase = 'normal' | 'ten-minutes' | 'five-minutes' | 'time';

export type EndOfRoundView =
  | {
      kind: 'extra-turns';
      /** Turns after the active player's turn; null when N is counted per table (MSTR 2.5AA). */
      turns: number | null;
      turnsArePlayersInGame: boolean;
      text: string;
    }
  | {
      kind: 'active-player-finishes';
      /** The last-turn limit (MAMTR 2.4B); null = none. */
      lastTurnMinutes: number | null;
      /** Once time is up: the round's own last-turn limit (tables with extensions have theirs). */
      lastTurn: LastTurnState | null;
      /** A game with no winner when the turn ends is a draw (false: scored as it stands). */
      unfinishedIsDraw: boolean;
      text: string;
    }
  | {
      kind: 'untimed';
      /** MAMTR App. B playoff pods: minutes from round start after a first intentional draw; null = none. */
      intentionalDrawMinutes: number | null;
      text: string;
    };

export interface TableClockView {
  table: number;
  seats: PlayerId[];
  status: TableStatus;
  /** Everything granted to the table, ms (a deck check under way counted up to now). */
  extensionMs: number;
  extensions: ExtensionItem[];
  /** Time left before this table's end-of-round procedure (negative after); null when untimed. */
  remainingMs: number | null;
  /** Wall time the table's time runs out; null when untimed or paused. */
  endsAt: number | null;
  phase: ClockPhase;
  /** Turns after the active player's turn, penalties included; null when unknown or not used. */
  extraTurns: number | null;
  /** Extra turns from slow-play penalties (MTR 2.6). */
  penaltyTurns: number;
  /** MSTR 2.5AA: the N entered for the table. */
  playersInGame: number | null;
  /** MSTR 2.5AA: time is called here and N has not been entered yet. */
  needsPlayersInGame: boolean;
  deckCheckInProgress: boolean;
  lastTurn: LastTurnState | null;
  intentionalDraw: IntentionalDrawState | null;
  /** What happens to a game still unfinished at the end, in words, once it matters. */
  note?: string;
}

export interface DeckCheckRow {
  round: number;
  table: number;
  judge: string;
  players: { id: PlayerId; name: string }[];
  startedAt: number;
  endedAt: number | null;
  durationMs: number;
  /** The time granted: the duration plus 3 (MTR 2.6) or 4 (Commander) minutes; grows while under way. */
  extensionMs: number;
  outcome: string | null;
  inProgress: boolean;
}

export interface DeckCheckSummary {
  rows: DeckCheckRow[];
  /** Distinct decks checked over the event (a deck checked twice counts once). */
  decksChecked: number;
  /** Decks in the event: each competitor's decks (a team's members each have one). */
  decks: number;
  /** MTR 2.8: at least ten percent of all decks should be checked. */
  target: number;
  fraction: number;
  /** Decks still to check to reach the target. */
  toTarget: number;
  met: boolean;
  /** MTR 2.8: deck checks must be performed at Competitive and Professional REL. */
  required: boolean;
}

export interface TimerView {
  id: string;
  kind: ClockTimer['kind'];
  label: string;
  startedAt: number;
  /** The current phase (the last one once done). */
  phase: { index: number; count: number; label: string; remainingMs: number; endsAt: number };
  /** Time left on the whole timer (0 when done). */
  remainingMs: number;
  endsAt: number;
  done: boolean;
}

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

const DECK_CHECK_TARGET = 0.1;

export function clockPhase(remainingMs: number | null): ClockPhase {
  if (remainingMs === null) return 'normal';
  if (remainingMs <= 0) return 'time';
  if (remainingMs <= 5 * MINUTE) return 'five-minutes';
  if (remainingMs <= 10 * MINUTE) return 'ten-minutes';
  return 'normal';
}

/** The clock of round `roundNumber` (default: the current round) at wall time `now`. */
export function clockView(state: EventState, now: number, roundNumber?: number): ClockView {
  const round = roundNumber === undefined ? state.rounds[state.rounds.length - 1] : state.rounds[roundNumber - 1];
  const deckChecks = deckCheckSummary(state, now);
  const timers = timerViews(state, now);
  const base = {
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
    deckChecks,
    timers,
  };
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
      endOfRound: describe(state, { kind: 'untimed' }, null, 'swiss', false),
      outstanding: [],
      outstandingByStatus: {},
      notes: [],
    };
  }

  const clock = roundClockOf(state, round.number);
  const outstanding = round.tables.filter((t) => t.result === undefined).map((t) => t.table);
  const finished = outstanding.length === 0;
  if (!clock) {
    // Not started: show what it will be.
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
      status: finished ? 'finished' : 'not-started',
      phase: 'normal',
      startedAt: null,
      minutes,
      lengthMs: minutes === null ? null : minutes * MINUTE,
      endOfRound: describe(state, procedureFor(state, round.stage, minutes), idMinutes, round.stage, final),
      outstanding,
      outstandingByStatus: outstanding.length > 0 ? { 'not-started': outstanding } : {},
      notes: lengthNotes(state, round.stage, minutes),
    };
  }

  const elapsedMs = runningAt(clock, now);
  const lengthMs = roundLengthMs(clock);
  const pause = openPause(clock);
  const pausedMs = now - clock.startedAt - elapsedMs;
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
  if (finished) status = 'finished';
  else if (pause) status = 'paused';
  else if (lengthMs === null) status = 'untimed';
  else if (!timeCalled) status = 'running';
  else if (procedure.kind === 'extra-turns') status = 'extra-turns';
  else if (lastTurn) status = lastTurn.over ? 'last-turn-over' : 'last-turn';
  else status = 'time-called';

  const tables = tableViews(state, round, clock, now);
  const byStatus: Partial<Record<TableStatus, number[]>> = {};
  for (const table of round.tables) {
    if (table.result !== undefined) continue;
    const s = tableState(state, round, clock, table, now).status;
    (byStatus[s] ??= []).push(table.table);
  }

  const endOfRound = describe(state, procedure, clock.intentionalDrawMinutes, round.stage, clock.final);
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
    pausedMs,
    endOfRound,
    tables,
    outstanding,
    outstandingByStatus: byStatus,
    notes: lengthNotes(state, round.stage, lengthMs === null ? null : lengthMs / MINUTE),
  };
}

function tableViews(state: EventState, round: Round, clock: RoundClock, now: number): TableClockView[] {
  const special = new Set<number>();
  for (const e of clock.extensions) special.add(e.table);
  for (const p of clock.playersInGame) special.add(p.table);
  for (const x of clock.extraTurns) special.add(x.table);
  for (const d of clock.intentionalDraws) special.add(d.table);
  for (const c of eventClock(state).deckChecks) if (c.round === round.number) special.add(c.table);
  const views: TableClockView[] = [];
  for (const table of round.tables) {
    if (!special.has(table.table)) continue;
    const ts = tableState(state, round, clock, table, now);
    const penaltyTurns = clock.extraTurns.filter((x) => x.table === table.table).reduce((sum, x) => sum + x.turns, 0);
    const n = clock.playersInGame.find((p) => p.table === table.table)?.players ?? null;
    let extraTurns: number | null = null;
    let needsPlayersInGame = false;
    if (clock.procedure.kind === 'extra-turns') {
      if (clock.procedure.turnsArePlayersInGame) {
        extraTurns = n === null ? null : podExtraTurnsAtTime(clock.procedure, n) + penaltyTurns;
        needsPlayersInGame = n === null && ts.timeCalled && table.result === undefined;
      } else {
        extraTurns = clock.procedure.turns + penaltyTurns;
      }
    }
    const view: TableClockView = {
      table: table.table,
      seats: [...table.seats],
      status: ts.status,
      extensionMs: ts.extensionMs,
      extensions: ts.extensions,
      remainingMs: ts.remainingMs,
      endsAt: ts.endsAt,
      phase: clockPhase(ts.remainingMs),
      extraTurns,
      penaltyTurns,
      playersInGame: n,
      needsPlayersInGame,
      deckCheckInProgress: ts.deckCheck !== undefined,
      lastTurn: ts.lastTurn ?? null,
      intentionalDraw: ts.intentionalDraw ?? null,
    };
    const note = tableNote(state, round, ts.status, ts.intentionalDraw !== undefined);
    if (note) view.note = note;
    views.push(view);
  }
  return views;
}

function tableNote(state: EventState, round: Round, status: TableStatus, intentionalDraw: boolean): string | undefined {
  const mamtr = state.ruleset === 'mamtr-2024';
  switch (status) {
    case 'overtime':
      return 'Past the intentional-draw timer: this pod plays on only while pods without an intentional draw are still playing (MAMTR App. B).';
    case 'last-turn':
      return mamtr ? 'Last turn: if the limit is reached before a winner is determined, the game is a draw (MAMTR 2.4B).' : undefined;
    case 'last-turn-over':
      return round.stage === 'playoff' || intentionalDraw
        ? 'The last-turn limit is over: the game is a draw, and the player with the highest Swiss standing in the pod wins the match (MAMTR 2.4B, 2.4C).'
        : 'The last-turn limit is over: the game is a draw (MAMTR 2.4B).';
    default:
      return undefined;
  }
}

/** The procedure in words, with its numbers (the rule set's sections). */
function describe(state: EventState, procedure: EndOfRoundProcedure, idMinutes: number | null, stage: Stage, final: boolean): EndOfRoundView {
  const id = state.ruleset;
  switch (procedure.kind) {
    case 'extra-turns': {
      if (procedure.turnsArePlayersInGame) {
        const fixed = procedure.turns > 0 ? ` plus ${procedure.turns}` : '';
        return {
          kind: 'extra-turns',
          turns: null,
          turnsArePlayersInGame: true,
          text: `At time the active player finishes the turn, then N more turns${fixed}, N being the number of players still in the game when time is called (MSTR 2.5AA).`,
        };
      }
      const noDraw = id === 'mtr' && stage === 'playoff' ? ' A playoff match cannot end in a draw (MTR 2.5).' : ' A game still unfinished is a draw.';
      return {
        kind: 'extra-turns',
        turns: procedure.turns,
        turnsArePlayersInGame: false,
        text: `At time the active player finishes the turn, then ${procedure.turns} more turns in total (${id === 'mtr' ? 'MTR 2.5' : id}).${noDraw}`,
      };
    }
    case 'active-player-finishes':
      if (procedure.lastTurnMinutes !== undefined)
        return {
          kind: 'active-player-finishes',
          lastTurnMinutes: procedure.lastTurnMinutes,
          lastTurn: null,
          unfinishedIsDraw: true,
          text: `At time the active player finishes the turn, with a last-turn limit of ${procedure.lastTurnMinutes} minutes; when it is reached before a winner is determined, the game is a draw (MAMTR 2.4A, 2.4B).`,
        };
      if (procedure.unfinished === 'as-it-stands')
        return {
          kind: 'active-player-finishes',
          lastTurnMinutes: null,
          lastTurn: null,
          unfinishedIsDraw: false,
          text: 'At time the active player finishes the turn, and the game is scored as it stands: victory points and the order players were defeated in.',
        };
      return {
        kind: 'active-player-finishes',
        lastTurnMinutes: null,
        lastTurn: null,
        unfinishedIsDraw: true,
        text: `At time the active player finishes the turn; if no winner is determined, the game is a draw (${id === 'mstr-2022' ? 'MSTR 2.5AB' : id}).`,
      };
    case 'untimed': {
      let text = 'No time limit.';
      if (idMinutes !== null)
        text += ` After a first intentional draw in a pod, a ${idMinutes}-minute timer from the start of the round applies to that pod (MAMTR App. B).`;
      else if (final && stage === 'playoff' && stageLimits(state, 'playoff').playoffIntentionalDrawMinutes !== undefined)
        text += ' The final has no time limit, even after intentional draws (MAMTR App. B).';
      return { kind: 'untimed', intentionalDrawMinutes: idMinutes, text };
    }
  }
}

function lengthNotes(state: EventState, stage: Stage, minutes: number | null): string[] {
  const minimum = stageLimits(state, stage).minimumRoundMinutes;
  if (minutes === null || minimum === undefined || minutes >= minimum) return [];
  return [`The round is ${minutes} minutes long: below the required minimum of ${minimum} minutes for a match (MTR App. B).`];
}

function deckCheckSummary(state: EventState, now: number): DeckCheckSummary {
  const clock = eventClock(state);
  const names = new Map(state.players.map((p) => [p.id, p.name]));
  const rows: DeckCheckRow[] = clock.deckChecks.map((c) => {
    const end = c.endedAt ?? now;
    const round = state.rounds[c.round - 1];
    const duration = Math.max(0, end - c.startedAt);
    return {
      round: c.round,
      table: c.table,
      judge: c.judge,
      players: c.players.map((id) => ({ id, name: names.get(id) ?? id })),
      startedAt: c.startedAt,
      endedAt: c.endedAt ?? null,
      durationMs: duration,
      extensionMs: c.extensionMs ?? (round ? deckCheckExtensionMs(state, round.stage, duration) : duration),
      outcome: c.outcome ?? null,
      inProgress: c.endedAt === undefined,
    };
  });
  // Each competitor has one deck per member (a 2HG team or a team of 3 has 2 or 3 decks).
  const perCompetitor = state.settings.twoHeadedGiant ? 2 : Math.max(1, state.settings.teamSize);
  const checked = new Set<PlayerId>();
  for (const c of clock.deckChecks) for (const id of c.players) checked.add(id);
  const decks = state.players.length * perCompetitor;
  const decksChecked = checked.size * perCompetitor;
  const needed = Math.ceil(decks * DECK_CHECK_TARGET - 1e-9);
  return {
    rows,
    decksChecked,
    decks,
    target: DECK_CHECK_TARGET,
    fraction: decks === 0 ? 0 : decksChecked / decks,
    toTarget: Math.max(0, needed - decksChecked),
    met: decks > 0 && decksChecked >= needed,
    required: state.settings.rel !== 'regular',
  };
}

function timerViews(state: EventState, now: number): TimerView[] {
  const views: TimerView[] = [];
  for (const timer of eventClock(state).timers) {
    if (timer.stoppedAt !== undefined) continue;
    const elapsed = Math.max(0, now - timer.startedAt);
    const total = timer.phases.reduce((sum, p) => sum + p.ms, 0);
    let start = 0;
    let index = timer.phases.length - 1;
    for (let i = 0; i < timer.phases.length; i++) {
      const ms = (timer.phases[i] as { ms: number }).ms;
      if (elapsed < start + ms) {
        index = i;
        break;
      }
      start += ms;
    }
    if (elapsed >= total) start = total - (timer.phases[index]?.ms ?? 0);
    const current = timer.phases[index] ?? { label: timer.label, ms: 0 };
    const phaseEnd = start + current.ms;
    views.push({
      id: timer.id,
      kind: timer.kind,
      label: timer.label,
      startedAt: timer.startedAt,
      phase: {
        index,
        count: timer.phases.length,
        label: current.label,
        remainingMs: Math.max(0, phaseEnd - elapsed),
        endsAt: timer.startedAt + phaseEnd,
      },
      remainingMs: Math.max(0, total - elapsed),
      endsAt: timer.startedAt + total,
      done: elapsed >= total,
    });
  }
  return views;
}
