/**
 * The clock commands of the journal, folded into `EventState.clock` (called from
 * core/event/apply.ts). Each command carries the moment it happened (`at`, epoch ms, stamped by
 * the host), so a replay is exact. An invalid command throws PodiumError with a message for the
 * scorekeeper and changes nothing.
 *
 * "Time is called" is never a command: it is derived from the clock (start + length + adjustments
 * + the table's extensions, pauses left out). What must be fixed at that moment is recorded when
 * the scorekeeper enters it: MSTR 2.5AA's N (`set-players-in-game`, refused before time is called
 * at that table, so N is the count at time-call and later departures do not change it).
 *
 * A round clock's growing lists (pauses, adjustments, extensions, extra turns) are shared between
 * successive states (shared.ts), so a long journal folds in linear time: a round clock is changed
 * with roundClockWith and the lists' own operations, never with a spread or an array copy.
 */
import type { Command } from '../event/commands.js';
import { fail } from '../model/errors.js';
import type { EventState, Round, Table } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { deckCheckExtensionAt, deckCheckExtensionMs, eventClock, isPlayoffFinal, isTimeCalledAt, procedureFor, roundClockOf, stageLimits } from './derive.js';
import { append, emptyLists, endPause, listsOf, makeRoundClock, pauseAt, pauseCount, roundClockWith, startPause } from './shared.js';
import { formatDuration, MINUTE, openPause, runningAt, SECOND } from './time.js';
import { resolveTimer } from './timers.js';
import type { ClockTimer, DeckCheck, EventClock, RoundClock, TableExtension } from './types.js';

export const CLOCK_COMMAND_TYPES = [
  'start-round-clock',
  'pause-clock',
  'resume-clock',
  'adjust-clock',
  'extend-table',
  'set-players-in-game',
  'add-extra-turns',
  'record-intentional-draw',
  'start-deck-check',
  'end-deck-check',
  'start-timer',
  'stop-timer',
] as const;
export type ClockCommandType = (typeof CLOCK_COMMAND_TYPES)[number];
export type ClockCommand = Extract<Command, { type: ClockCommandType }>;
type Of<T extends ClockCommandType> = Extract<Command, { type: T }>;

export function isClockCommand(command: Command): command is ClockCommand {
  return (CLOCK_COMMAND_TYPES as readonly string[]).includes(command.type);
}

export function applyClockCommand(state: EventState, command: ClockCommand): EventState {
  switch (command.type) {
    case 'start-round-clock':
      return startRoundClock(state, command);
    case 'pause-clock':
      return pauseClock(state, command);
    case 'resume-clock':
      return resumeClock(state, command);
    case 'adjust-clock':
      return adjustClock(state, command);
    case 'extend-table':
      return extendTable(state, command);
    case 'set-players-in-game':
      return setPlayersInGame(state, command);
    case 'add-extra-turns':
      return addExtraTurns(state, command);
    case 'record-intentional-draw':
      return recordIntentionalDraw(state, command);
    case 'start-deck-check':
      return startDeckCheck(state, command);
    case 'end-deck-check':
      return endDeckCheck(state, command);
    case 'start-timer':
      return startTimer(state, command);
    case 'stop-timer':
      return stopTimer(state, command);
  }
}

/**
 * After `record-result`: remember when a table's result was first entered (when the command says),
 * for the intentional-draw timer's "no other pod still playing" (MAMTR App. B).
 */
export function noteResultTime(before: EventState, after: EventState, command: Extract<Command, { type: 'record-result' }>): EventState {
  if (command.at === undefined) return after;
  const clock = roundClockOf(after, command.round);
  if (!clock) return after;
  const earlier = before.rounds[command.round - 1]?.tables.find((t) => t.table === command.table);
  if (earlier?.result !== undefined || clock.results.some((r) => r.table === command.table)) return after;
  return withRoundClock(after, roundClockWith(clock, { results: [...clock.results, { table: command.table, at: command.at }] }));
}

// ---------------------------------------------------------------------------------------------

/** Items of the shared lists are flat records: equal when every field is. */
function sameRecord<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key]);
}

function withClock(state: EventState, clock: EventClock): EventState {
  return { ...state, clock };
}

function withRoundClock(state: EventState, clock: RoundClock): EventState {
  const ec = eventClock(state);
  const exists = ec.rounds.some((r) => r.round === clock.round);
  const rounds = exists ? ec.rounds.map((r) => (r.round === clock.round ? clock : r)) : [...ec.rounds, clock];
  return withClock(state, { ...ec, rounds });
}

function requireRound(state: EventState, number: number): Round {
  const round = state.rounds[number - 1];
  if (!round) fail('invalid-command', `there is no round ${number} yet`);
  return round;
}

function requireTable(round: Round, number: number): Table {
  const table = round.tables.find((t) => t.table === number);
  if (!table) fail('invalid-input', `round ${round.number} has no table ${number}`);
  return table;
}

function requireClock(state: EventState, round: number): RoundClock {
  requireRound(state, round);
  const clock = roundClockOf(state, round);
  if (!clock) fail('not-allowed', `the clock of round ${round} has not been started`);
  return clock;
}

function notBefore(at: number, earliest: number, what: string): void {
  if (at < earliest) fail('invalid-input', `${what} (${formatDuration(earliest - at)} too early)`);
}

function startRoundClock(state: EventState, command: Of<'start-round-clock'>): EventState {
  const round = requireRound(state, command.round);
  if (round.number !== state.rounds.length)
    fail('not-allowed', `round ${round.number} is not the current round (round ${state.rounds.length}): only the current round's clock can start`);
  if (roundClockOf(state, round.number)) fail('not-allowed', `the clock of round ${round.number} has already been started`);
  const final = round.stage === 'playoff' && isPlayoffFinal(state, round.number);
  const limits = stageLimits(state, round.stage);
  const ruleMinutes = final && limits.finalRoundMinutes !== undefined ? limits.finalRoundMinutes : limits.roundMinutes;
  const minutes = command.minutes === undefined ? ruleMinutes : command.minutes;
  let intentionalDrawMinutes: number | null = null;
  if (round.stage === 'playoff') {
    intentionalDrawMinutes =
      final && limits.finalIntentionalDrawMinutes !== undefined
        ? limits.finalIntentionalDrawMinutes
        : (limits.playoffIntentionalDrawMinutes ?? null);
  }
  const clock = makeRoundClock(
    {
      round: round.number,
      startedAt: command.at,
      minutes,
      procedure: procedureFor(state, round.stage, minutes),
      final,
      intentionalDrawMinutes,
      playersInGame: [],
      intentionalDraws: [],
      results: [],
    },
    emptyLists(),
  );
  return withRoundClock(state, clock);
}

function pauseClock(state: EventState, command: Of<'pause-clock'>): EventState {
  const clock = requireClock(state, command.round);
  if (openPause(clock)) fail('not-allowed', `the clock of round ${command.round} is already paused`);
  notBefore(command.at, clock.startedAt, `the clock of round ${command.round} cannot be paused before it started`);
  const log = listsOf(clock).pauses;
  const last = pauseCount(log) > 0 ? pauseAt(log, pauseCount(log) - 1) : undefined;
  if (last?.resumedAt !== undefined) notBefore(command.at, last.resumedAt, 'a pause cannot start before the previous one ended');
  const reason = command.reason?.trim();
  return withRoundClock(state, roundClockWith(clock, {}, { pauses: startPause(log, command.at, reason || undefined) }));
}

function resumeClock(state: EventState, command: Of<'resume-clock'>): EventState {
  const clock = requireClock(state, command.round);
  const pause = openPause(clock);
  if (!pause) fail('not-allowed', `the clock of round ${command.round} is not paused, so it cannot resume`);
  notBefore(command.at, pause.at, 'the clock cannot resume before it was paused');
  return withRoundClock(state, roundClockWith(clock, {}, { pauses: endPause(listsOf(clock).pauses, command.at) }));
}

function adjustClock(state: EventState, command: Of<'adjust-clock'>): EventState {
  const clock = requireClock(state, command.round);
  if (clock.minutes === null) fail('not-allowed', `round ${command.round} is untimed: there is no round time to adjust`);
  if (command.minutes === 0) fail('invalid-input', 'an adjustment of 0 minutes changes nothing');
  const reason = command.reason.trim();
  if (!reason) fail('invalid-input', 'adjusting the round clock needs a reason');
  const lists = listsOf(clock);
  // The new length before anything is added, so a refused adjustment leaves the shared list alone.
  const adjustedMinutes = lists.adjustedMinutes + command.minutes;
  const length = (clock.minutes + adjustedMinutes) * MINUTE;
  if (length <= 0) fail('invalid-input', `that would leave round ${command.round} ${length / MINUTE} minutes long`);
  const adjustments = append(lists.adjustments, { minutes: command.minutes, reason, at: command.at }, sameRecord);
  const next = roundClockWith(clock, {}, { adjustments, adjustedMinutes });
  return withRoundClock(state, next);
}

function extendTable(state: EventState, command: Of<'extend-table'>): EventState {
  const clock = requireClock(state, command.round);
  const round = requireRound(state, command.round);
  requireTable(round, command.table);
  const given =
    command.minutes !== undefined || command.seconds !== undefined
      ? (command.minutes ?? 0) * MINUTE + (command.seconds ?? 0) * SECOND
      : undefined;
  if (given !== undefined && given <= 0) fail('invalid-input', 'a time extension needs a length of more than 0 seconds');
  const limits = stageLimits(state, round.stage);
  const note = command.note?.trim();
  let extension: TableExtension;
  switch (command.reason) {
    case 'deck-check':
      // The deck check's duration; the table gets it plus 3 (MTR 2.6) or 4 (Commander) minutes.
      if (given === undefined) fail('invalid-input', 'a deck-check extension needs how long the check took (or use start/end deck check)');
      extension = { table: command.table, reason: 'deck-check', ms: deckCheckExtensionMs(state, round.stage, given), lengthMs: given, at: command.at };
      break;
    case 'judge-pause':
      // MTR 2.6: a pause of more than one minute extends the match by the pause's length.
      if (given === undefined) fail('invalid-input', 'a judge-pause extension needs how long the pause lasted');
      extension = {
        table: command.table,
        reason: 'judge-pause',
        ms: given > limits.judgePauseThresholdSeconds * SECOND ? given : 0,
        lengthMs: given,
        at: command.at,
      };
      break;
    case 'feature-match':
      // MTR 2.6: three minutes plus the time elapsed in the round when the players reach their table.
      extension = {
        table: command.table,
        reason: 'feature-match',
        ms: given ?? 3 * MINUTE + runningAt(clock, command.at),
        at: command.at,
      };
      break;
    case 'other':
      if (given === undefined) fail('invalid-input', 'a time extension needs its length (minutes or seconds)');
      extension = { table: command.table, reason: 'other', ms: given, at: command.at };
      break;
  }
  if (note) extension.note = note;
  return withRoundClock(state, roundClockWith(clock, {}, { extensions: append(listsOf(clock).extensions, extension, sameRecord) }));
}

function setPlayersInGame(state: EventState, command: Of<'set-players-in-game'>): EventState {
  const clock = requireClock(state, command.round);
  const round = requireRound(state, command.round);
  const table = requireTable(round, command.table);
  if (clock.procedure.kind !== 'extra-turns' || !clock.procedure.turnsArePlayersInGame)
    fail('not-allowed', `round ${command.round} does not count extra turns by the players still in the game (that is MSTR 2.5AA)`);
  if (command.players < 1 || command.players > table.seats.length)
    fail('invalid-input', `table ${command.table} seats ${table.seats.length} players, so ${command.players} cannot still be in the game`);
  if (!isTimeCalledAt(state, round, clock, table, command.at))
    fail('not-allowed', `time has not been called at table ${command.table} yet: N is the number of players still in the game when time is called (MSTR 2.5AA)`);
  const previous = clock.playersInGame.find((p) => p.table === command.table);
  const reason = command.reason?.trim();
  if (previous && !reason)
    fail('not-allowed', `table ${command.table} already has ${previous.players} players in the game at time: correcting it needs a reason`);
  const entry = { table: command.table, players: command.players, at: command.at, ...(reason ? { reason } : {}) };
  const playersInGame = [...clock.playersInGame.filter((p) => p.table !== command.table), entry];
  return withRoundClock(state, roundClockWith(clock, { playersInGame }));
}

function addExtraTurns(state: EventState, command: Of<'add-extra-turns'>): EventState {
  const clock = requireClock(state, command.round);
  requireTable(requireRound(state, command.round), command.table);
  if (clock.procedure.kind !== 'extra-turns')
    fail('not-allowed', `round ${command.round} has no extra turns at the end of the round, so none can be added`);
  const reason = command.reason.trim();
  if (!reason) fail('invalid-input', 'extra turns from a penalty need a reason');
  const entry = { table: command.table, turns: command.turns, reason, at: command.at };
  return withRoundClock(state, roundClockWith(clock, {}, { extraTurns: append(listsOf(clock).extraTurns, entry, sameRecord) }));
}

function recordIntentionalDraw(state: EventState, command: Of<'record-intentional-draw'>): EventState {
  const clock = requireClock(state, command.round);
  const round = requireRound(state, command.round);
  const table = requireTable(round, command.table);
  if (round.stage !== 'playoff')
    fail('not-allowed', `round ${command.round} is a Swiss round: the intentional-draw timer is for playoff pods (MAMTR App. B)`);
  if (clock.intentionalDrawMinutes === null) {
    if (clock.final && stageLimits(state, 'playoff').playoffIntentionalDrawMinutes !== undefined)
      fail('not-allowed', 'the final has no time limit, even after an intentional draw (MAMTR App. B)');
    fail('not-allowed', `${getRuleset(state.ruleset).title} has no intentional-draw timer in playoffs`);
  }
  if (clock.minutes !== null) fail('not-allowed', `round ${command.round} is timed: the intentional-draw timer is for untimed playoff rounds`);
  if (table.result !== undefined) fail('not-allowed', `table ${command.table} already has a result`);
  if (clock.intentionalDraws.some((d) => d.table === command.table))
    fail('not-allowed', `table ${command.table} already had an intentional draw: its ${clock.intentionalDrawMinutes}-minute timer is running`);
  notBefore(command.at, clock.startedAt, 'an intentional draw cannot come before the round started');
  return withRoundClock(state, roundClockWith(clock, { intentionalDraws: [...clock.intentionalDraws, { table: command.table, at: command.at }] }));
}

function openCheck(state: EventState, round: number, table: number): DeckCheck | undefined {
  return eventClock(state).deckChecks.find((c) => c.round === round && c.table === table && c.endedAt === undefined);
}

function startDeckCheck(state: EventState, command: Of<'start-deck-check'>): EventState {
  const round = requireRound(state, command.round);
  const table = requireTable(round, command.table);
  const open = openCheck(state, command.round, command.table);
  if (open) fail('not-allowed', `a deck check at table ${command.table} is already under way (judge ${open.judge})`);
  const players = command.players ?? table.seats;
  const seen = new Set<string>();
  for (const id of players) {
    if (!table.seats.includes(id)) fail('not-at-table', `${nameOf(state, id)} does not sit at table ${command.table} in round ${command.round}`);
    if (seen.has(id)) fail('invalid-input', `${nameOf(state, id)} is listed twice for one deck check`);
    seen.add(id);
  }
  const check: DeckCheck = { round: round.number, table: table.table, judge: command.judge.trim(), players: [...players], startedAt: command.at };
  const ec = eventClock(state);
  return withClock(state, { ...ec, deckChecks: [...ec.deckChecks, check] });
}

function endDeckCheck(state: EventState, command: Of<'end-deck-check'>): EventState {
  const round = requireRound(state, command.round);
  requireTable(round, command.table);
  const open = openCheck(state, command.round, command.table);
  if (!open) fail('not-allowed', `no deck check is under way at table ${command.table} in round ${command.round}`);
  notBefore(command.at, open.startedAt, 'a deck check cannot end before it started');
  const outcome = command.outcome?.trim();
  const ended: DeckCheck = {
    ...open,
    endedAt: command.at,
    extensionMs: deckCheckExtensionAt(state, round.stage, open, command.at),
    ...(outcome ? { outcome } : {}),
  };
  const ec = eventClock(state);
  return withClock(state, { ...ec, deckChecks: ec.deckChecks.map((c) => (c === open ? ended : c)) });
}

function startTimer(state: EventState, command: Of<'start-timer'>): EventState {
  const ec = eventClock(state);
  if (ec.timers.some((t) => t.id === command.id)) fail('invalid-input', `a timer with the id "${command.id}" already exists`);
  const { label, phases } = resolveTimer(getRuleset(state.ruleset), state.settings, command);
  const timer: ClockTimer = { id: command.id, kind: command.kind, label, startedAt: command.at, phases };
  return withClock(state, { ...ec, timers: [...ec.timers, timer] });
}

function stopTimer(state: EventState, command: Of<'stop-timer'>): EventState {
  const ec = eventClock(state);
  const timer = ec.timers.find((t) => t.id === command.id);
  if (!timer) fail('invalid-input', `there is no timer "${command.id}"`);
  if (timer.stoppedAt !== undefined) fail('not-allowed', `the timer "${timer.label}" has already been stopped`);
  notBefore(command.at, timer.startedAt, 'a timer cannot stop before it started');
  return withClock(state, { ...ec, timers: ec.timers.map((t) => (t === timer ? { ...t, stoppedAt: command.at } : t)) });
}

function nameOf(state: EventState, id: string): string {
  return state.players.find((p) => p.id === id)?.name ?? id;
}
