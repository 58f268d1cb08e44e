/**
 * Time for one table, as words and commands: what can be given (a deck check, a judge pause, a
 * feature match, other time, penalty extra turns, MSTR 2.5AA's N), the boxes each needs, how what
 * was typed becomes the command (or the problem, in words), and the line that explains it. Shared
 * by the station's Clock screen (Extensions.tsx) and the judge's phone (screens/judge/), so both
 * check and send exactly the same. Pure: no React, no store.
 */
import type { ClockView, DeckCheckRow } from '../../../core/clock/index.js';
import type { NewCommand } from '../../../core/event/commands.js';
import { nameProblem } from '../../../core/model/names.js';
import type { EventState, PlayerId, Round, Table } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { formatClock, isolate, plural, sentence } from '../../lib/format.js';
import { checkTimeWords, minutesText, parseLength } from './display.js';

export type TableTimeKind = 'deck-check' | 'judge-pause' | 'feature-match' | 'other' | 'extra-turns' | 'players-in-game';

const MINUTE = 60_000;

/** The rule set's numbers for this round's time at a table. */
export function tableTimeLimits(state: EventState, round: Round): { deckCheckExtraMinutes: number; judgePauseThresholdSeconds: number } {
  return getRuleset(state.ruleset).timeLimits(state.settings, round.stage);
}

/** What can be given to a table in this round, in the order offered, with the words for each. */
export function tableTimeKinds(view: ClockView, deckCheckExtraMinutes: number): { kind: TableTimeKind; label: string }[] {
  const procedure = view.endOfRound;
  const extraTurnsUsed = procedure.kind === 'extra-turns';
  const playersInGameUsed = procedure.kind === 'extra-turns' && procedure.turnsArePlayersInGame;
  return [
    { kind: 'deck-check', label: deckCheckExtraMinutes > 0 ? `Deck check (+${deckCheckExtraMinutes} min after it)` : 'Deck check' },
    { kind: 'judge-pause', label: 'Judge pause' },
    { kind: 'feature-match', label: 'Feature match' },
    { kind: 'other', label: 'Other time' },
    ...(extraTurnsUsed ? [{ kind: 'extra-turns' as const, label: 'Extra turns (penalty)' }] : []),
    ...(playersInGameUsed ? [{ kind: 'players-in-game' as const, label: 'Players in the game at time (N)' }] : []),
  ];
}

/** The boxes a kind of time needs beside the table: a length (or a count) and a note or reason. */
export interface TableTimeFields {
  length?: { label: string; placeholder: string; numeric: boolean };
  note?: { label: string; required: boolean };
}

export function tableTimeFields(kind: TableTimeKind): TableTimeFields {
  switch (kind) {
    case 'deck-check':
      return {};
    case 'judge-pause':
      return { length: { label: 'Pause length', placeholder: '2:30', numeric: false }, note: { label: 'Note', required: false } };
    case 'feature-match':
      return { length: { label: 'Time added', placeholder: 'auto', numeric: false }, note: { label: 'Note', required: false } };
    case 'other':
      return { length: { label: 'Time added', placeholder: '5', numeric: false }, note: { label: 'Reason (required)', required: true } };
    case 'extra-turns':
      return { length: { label: 'Turns', placeholder: '', numeric: true }, note: { label: 'Reason (required)', required: true } };
    case 'players-in-game':
      return { length: { label: 'Players (N)', placeholder: '', numeric: true }, note: { label: 'Reason (for a correction)', required: false } };
  }
}

/** The button that sends it. */
export function tableTimeButton(kind: TableTimeKind, checkUnderWay: boolean): string {
  switch (kind) {
    case 'deck-check':
      return checkUnderWay ? 'End deck check' : 'Start deck check';
    case 'judge-pause':
      return 'Log judge pause';
    case 'feature-match':
      return 'Add feature-match time';
    case 'other':
      return 'Add time';
    case 'extra-turns':
      return 'Add extra turns';
    case 'players-in-game':
      return 'Set N';
  }
}

/** The deck check under way at a table of this round, if any. */
export function deckCheckUnderWay(view: ClockView, round: number, table: number): DeckCheckRow | undefined {
  return view.deckChecks.rows.find((r) => r.round === round && r.table === table && r.inProgress);
}

/** What was typed for one table. */
export interface TableTimeInput {
  kind: TableTimeKind;
  /** Starting a deck check: the judge who checks. */
  judge: string;
  /** Ending a deck check: what it found (optional). */
  outcome: string;
  /** The length ("2:30", "5"), or the turns or N. */
  length: string;
  note: string;
  /** Starting a deck check: the seats whose decks are NOT checked (everyone's by default). */
  unchecked: ReadonlySet<PlayerId>;
}

export interface TableTimeContext {
  state: EventState;
  view: ClockView;
  round: Round;
  table: Table;
}

/** The command for what was typed, with the words to confirm it; or what is missing, in words. */
export type TableTimeOutcome = { command: NewCommand; done: string } | { problem: string };

/** The command's time, split the way the journal keeps it (whole minutes, else seconds). */
export function lengthFields(ms: number): { minutes?: number; seconds?: number } {
  if (ms % MINUTE === 0) return { minutes: ms / MINUTE };
  return { seconds: Math.round(ms / 1000) };
}

export function tableTimeCommand(input: TableTimeInput, context: TableTimeContext): TableTimeOutcome {
  const { state, view, round, table } = context;
  const base = { round: round.number, table: table.table };
  const n = table.table;
  const limits = tableTimeLimits(state, round);
  const length = input.length.trim();
  const note = input.note.trim();
  switch (input.kind) {
    case 'deck-check': {
      if (deckCheckUnderWay(view, round.number, table.table)) {
        const outcome = input.outcome.trim();
        return { command: { type: 'end-deck-check', ...base, ...(outcome ? { outcome } : {}) }, done: `Table ${n}: deck check ended` };
      }
      const who = input.judge.trim();
      if (!who) return { problem: 'Name the judge who checks the decks.' };
      const characters = nameProblem(who, "judge's name");
      if (characters) return { problem: sentence(characters) };
      const players = table.seats.filter((id) => !input.unchecked.has(id));
      if (players.length === 0) return { problem: 'Tick at least one player whose deck is checked.' };
      return {
        command: { type: 'start-deck-check', ...base, judge: who, ...(players.length < table.seats.length ? { players } : {}) },
        done: `Table ${n}: deck check started (${isolate(who)})`,
      };
    }
    case 'judge-pause': {
      const ms = parseLength(length);
      if (ms === null || ms <= 0) return { problem: 'Give how long the pause lasted, as minutes:seconds (2:30) or minutes (3).' };
      return {
        command: { type: 'extend-table', ...base, reason: 'judge-pause', ...lengthFields(ms), ...(note ? { note } : {}) },
        done: ms > limits.judgePauseThresholdSeconds * 1000 ? `Table ${n}: +${minutesText(ms)} for the judge pause` : `Table ${n}: pause logged (one minute or less: no time added)`,
      };
    }
    case 'feature-match': {
      const ms = length === '' ? null : parseLength(length);
      if (ms === 0 || (length !== '' && ms === null))
        return { problem: 'Give the time added as minutes (15) or minutes:seconds, or leave it empty for 3 minutes plus the round time so far.' };
      return {
        command: { type: 'extend-table', ...base, reason: 'feature-match', ...(ms !== null ? lengthFields(ms) : {}), ...(note ? { note } : {}) },
        done: `Table ${n}: feature-match time added`,
      };
    }
    case 'other': {
      const ms = parseLength(length);
      if (ms === null || ms <= 0) return { problem: 'Give the time added as minutes (5) or minutes:seconds (2:30).' };
      if (!note) return { problem: 'Say why the table gets this time: it goes in the event log.' };
      return { command: { type: 'extend-table', ...base, reason: 'other', ...lengthFields(ms), note }, done: `Table ${n}: +${minutesText(ms)}` };
    }
    case 'extra-turns': {
      const turns = Number(length);
      if (!/^\d+$/.test(length) || turns < 1 || turns > 10) return { problem: 'Give the extra turns as a number from 1 to 10.' };
      if (!note) return { problem: 'Extra turns come from a penalty: give the reason.' };
      return { command: { type: 'add-extra-turns', ...base, turns, reason: note }, done: `Table ${n}: +${turns} extra turns` };
    }
    case 'players-in-game': {
      const players = Number(length);
      if (!/^\d+$/.test(length) || players < 1 || players > table.seats.length) return { problem: `Give the players still in the game at table ${n}: 1 to ${table.seats.length}.` };
      const existing = state.clock?.rounds.find((r) => r.round === round.number)?.playersInGame.find((p) => p.table === n);
      if (existing && !note) return { problem: `Table ${n} already has N = ${existing.players}: give a reason to correct it.` };
      return { command: { type: 'set-players-in-game', ...base, players, ...(note ? { reason: note } : {}) }, done: `Table ${n}: N = ${players}` };
    }
  }
}

/** The line under the form: what this kind of time does to the table. */
export function tableTimeHint(kind: TableTimeKind, view: ClockView, extra: number, thresholdSeconds: number, check: Pick<DeckCheckRow, 'durationMs' | 'beforeRound' | 'roundMs'> | null): string {
  switch (kind) {
    case 'deck-check': {
      // A rule set that adds nothing after a check (Lightseekers) says so without "plus 0 minutes".
      const plus = extra > 0 ? ` plus ${plural(extra, 'minute')}` : '';
      if (check?.beforeRound)
        return `This check has taken ${checkTimeWords(check)} so far; when it ends the table gets the round time it took${plus} (none if it ends before the round clock starts).`;
      return check !== null
        ? `This check has taken ${formatClock(check.durationMs)} so far; when it ends the table gets its length${plus}.`
        : `The table's time stands still during the check; afterwards it gets the check's length${plus}.`;
    }
    case 'judge-pause':
      return `A pause of more than ${thresholdSeconds === 60 ? 'one minute' : `${thresholdSeconds} seconds`} adds its length to the table's time; a shorter one is logged only.`;
    case 'feature-match':
      return `Empty: 3 minutes plus the round time played so far (${formatClock(view.elapsedMs)}), as the players move to the feature table.`;
    case 'other':
      return 'Any other time a judge grants the table, with the reason.';
    case 'extra-turns':
      return 'Turns added to the end-of-round extra turns by a penalty (e.g. slow play).';
    case 'players-in-game':
      return 'N: players still in the game at the table when time was called there (MSTR 2.5AA). It can be entered only after time is called at that table.';
  }
}
