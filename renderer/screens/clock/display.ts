/**
 * How the clock is written, in one place, so the top bar, the Clock screen and the projector say the
 * same thing from the same pushed view (never a local timer): the big number, the state spelled out
 * ("PAUSED", "EXTRA TURNS", "LAST TURN — 23:41"), the end-of-round procedure in a line, each
 * table's own time and what was added to it.
 */
import type { ClockPhase, ClockView, DeckCheckRow, TableClockView } from '../../../core/clock/index.js';
import type { ExtensionItem } from '../../../core/clock/index.js';
import type { EventState } from '../../../core/model/types.js';
import { wallClock } from '../../../core/text/format.js';
import { formatClock } from '../../lib/format.js';

const MINUTE = 60_000;

export interface ClockFace {
  /** The big number ("49:05"), or "TIME" once time is up; empty when there is no clock to show. */
  digits: string;
  /** The state spelled out ("PAUSED", "EXTRA TURNS", "LAST TURN"); null while simply running. */
  label: string | null;
  /** Everything in one short line, for the top bar: "LAST TURN — 23:41", "PAUSED — 12:00". */
  words: string;
  /** A second line: when time is called, the pause reason, what happens to unfinished games. */
  detail: string | null;
  phase: ClockPhase;
}

/** "14:05": a wall time on the host's clock, as the floor says it. */
export function wallTime(epochMs: number): string {
  return wallClock(epochMs);
}

/** "10 min", or "9:30" when not a whole number of minutes. */
export function minutesText(ms: number): string {
  if (ms % MINUTE === 0) return `${ms / MINUTE} min`;
  return formatClock(ms);
}

export function clockFace(view: ClockView): ClockFace {
  const remaining = view.remainingMs;
  switch (view.status) {
    case 'no-round':
      return { digits: '', label: null, words: 'No round paired yet', detail: null, phase: 'normal' };
    case 'not-started': {
      const digits = view.lengthMs === null ? 'No limit' : formatClock(view.lengthMs);
      return { digits, label: 'NOT STARTED', words: `NOT STARTED — ${digits}`, detail: null, phase: 'normal' };
    }
    case 'running': {
      const digits = formatClock(remaining ?? 0);
      return { digits, label: null, words: digits, detail: view.endsAt !== null ? `Time is called at ${wallTime(view.endsAt)}` : null, phase: view.phase };
    }
    case 'paused': {
      const digits = remaining === null ? formatClock(view.elapsedMs) : formatClock(remaining);
      const detail = `Paused at ${view.pausedSince !== null ? wallTime(view.pausedSince) : '—'}${view.pauseReason ? ` — ${view.pauseReason}` : ''}`;
      return { digits, label: 'PAUSED', words: `PAUSED — ${digits}`, detail, phase: view.phase };
    }
    case 'extra-turns': {
      const turns = view.endOfRound.kind === 'extra-turns' ? view.endOfRound : null;
      const detail = turns
        ? turns.turnsArePlayersInGame
          ? 'The active player finishes the turn, then one more turn for each player still in the game'
          : `The active player finishes the turn, then ${turns.turns} more turns in total`
        : null;
      return { digits: 'TIME', label: 'EXTRA TURNS', words: 'TIME — EXTRA TURNS', detail, phase: 'time' };
    }
    case 'time-called':
      return { digits: 'TIME', label: null, words: 'TIME', detail: 'The active player finishes the turn', phase: 'time' };
    case 'last-turn': {
      const last = view.endOfRound.kind === 'active-player-finishes' ? view.endOfRound.lastTurn : null;
      const digits = formatClock(last?.remainingMs ?? 0);
      const detail = last?.endsAt ? `Unfinished games are draws at ${wallTime(last.endsAt)}` : 'Unfinished games are draws when it runs out';
      return { digits, label: 'LAST TURN', words: `LAST TURN — ${digits}`, detail, phase: 'time' };
    }
    case 'last-turn-over':
      return { digits: 'TIME', label: 'LAST TURN OVER', words: 'LAST TURN OVER — DRAWS', detail: 'Unfinished games are draws', phase: 'time' };
    case 'untimed': {
      const digits = formatClock(view.elapsedMs);
      return { digits, label: 'NO TIME LIMIT', words: `NO TIME LIMIT — ${digits}`, detail: null, phase: 'normal' };
    }
    case 'finished':
      return { digits: '', label: 'ROUND COMPLETE', words: 'ROUND COMPLETE', detail: null, phase: 'normal' };
  }
}

/** The end-of-round procedure in one line: "At time: the active player finishes the turn, then 5 more turns in total". */
export function procedureCallout(view: ClockView): string {
  const eor = view.endOfRound;
  switch (eor.kind) {
    case 'extra-turns':
      return eor.turnsArePlayersInGame
        ? 'At time: the active player finishes the turn, then N more turns — N = players still in the game when time is called'
        : `At time: the active player finishes the turn, then ${eor.turns} more turns in total`;
    case 'active-player-finishes':
      return eor.lastTurnMinutes !== null
        ? `At time: the active player finishes the turn — a last turn of at most ${eor.lastTurnMinutes} minutes, then an unfinished game is a draw`
        : eor.unfinishedIsDraw
          ? 'At time: the active player finishes the turn; with no winner, the game is a draw'
          : 'At time: the active player finishes the turn, and the game is scored as it stands';
    case 'untimed':
      return eor.intentionalDrawMinutes !== null
        ? `No time limit — after a first intentional draw a pod has ${eor.intentionalDrawMinutes} minutes from the start of the round`
        : 'No time limit';
  }
}

/** A table's state in words ("extra turns", "last turn — 12:10"). */
export function tableStatusWords(table: TableClockView): string {
  switch (table.status) {
    case 'not-started':
      return 'not started';
    case 'running':
      return 'playing';
    case 'paused':
      return 'paused';
    case 'deck-check':
      return 'deck check under way';
    case 'extra-turns':
      return table.extraTurns !== null ? `extra turns (${table.extraTurns})` : table.needsPlayersInGame ? 'extra turns — enter N' : 'extra turns';
    case 'time-called':
      return 'time — active player finishes';
    case 'last-turn':
      return `last turn — ${formatClock(table.lastTurn?.remainingMs ?? 0)}`;
    case 'last-turn-over':
      return 'last turn over — draw';
    case 'untimed':
      return 'no time limit';
    case 'overtime':
      return 'overtime (intentional-draw timer over)';
    case 'finished':
      return 'finished';
  }
}

/** A table's own time: what is left before its time is called, or where it stands after. */
export function tableTime(table: TableClockView): string {
  if (table.status === 'last-turn' && table.lastTurn) return formatClock(table.lastTurn.remainingMs);
  if (table.remainingMs === null) return '—';
  if (table.remainingMs > 0) return formatClock(table.remainingMs);
  return 'TIME';
}

/** The statuses a table is "past time" in, in the order the station lists them. */
export const AFTER_TIME_STATUSES = [
  ['extra-turns', 'Extra turns'],
  ['time-called', 'Time — active player finishes'],
  ['last-turn', 'Last turn'],
  ['last-turn-over', 'Last turn over — draws'],
  ['overtime', 'Overtime'],
  ['deck-check', 'Deck check under way'],
] as const;

/**
 * How long a deck check has taken, the same on the Clock screen, the projector and the judge's
 * phone: its own time since it began ("7:00"), and for a check begun before its round's clock
 * started (decks taken as the players sit down) that it was, with the round time it has taken —
 * what the table gets back — so it never reads as a check that took no time.
 */
export function checkTimeWords(row: Pick<DeckCheckRow, 'durationMs' | 'beforeRound' | 'roundMs'>): string {
  const before = beforeRoundWords(row);
  return before ? `${formatClock(row.durationMs)}, ${before}` : formatClock(row.durationMs);
}

/** For a check begun before its round's clock: "begun before the round (5:00 of round time)"; else null. */
export function beforeRoundWords(row: Pick<DeckCheckRow, 'beforeRound' | 'roundMs'>): string | null {
  if (!row.beforeRound) return null;
  return row.roundMs === null ? 'begun before the round (its clock has not started)' : `begun before the round (${formatClock(row.roundMs)} of round time)`;
}

/**
 * One extension in words: "+10 min (check 7 min + 3)", "+2:30 judge pause", "+15 min feature match".
 * Deck checks read their duration from the pushed log (a check under way counts up).
 */
export function extensionText(item: ExtensionItem, table: number, view: ClockView, state: EventState | null | undefined): string {
  const round = view.round ?? 0;
  const stored = state?.clock?.rounds.find((r) => r.round === round)?.extensions.find((e) => e.table === table && e.reason === item.reason && e.at === item.at);
  switch (item.reason) {
    case 'deck-check': {
      const row = view.deckChecks.rows.find((r) => r.round === round && r.table === table && r.startedAt === item.at);
      // The minutes a check adds after its length: none under some rule sets (Lightseekers), and then
      // no "+0" is written.
      if (row?.inProgress) {
        const own = formatClock(row.durationMs);
        if (row.beforeRound && row.roundMs === null) return `deck check under way ${own}, begun before the round (the round clock has not started)`;
        const extra = Math.round((row.extensionMs - (row.roundMs ?? row.durationMs)) / MINUTE);
        const after = extra > 0 ? `+${extra} min when it ends` : `its ${row.beforeRound ? 'round time' : 'length'} is added when it ends`;
        if (row.beforeRound) return `deck check under way ${own}, begun before the round: ${formatClock(row.roundMs ?? 0)} of round time so far (${after})`;
        return `deck check under way ${own} (${after})`;
      }
      if (row?.beforeRound && row.roundMs === null) return 'deck check over before the round began — no time added';
      const lengthMs = row ? (row.roundMs ?? row.durationMs) : stored?.lengthMs;
      if (lengthMs === undefined) return `+${minutesText(item.ms)} deck check`;
      const extra = Math.round((item.ms - lengthMs) / MINUTE);
      if (row?.beforeRound)
        return `+${minutesText(item.ms)} (check begun before the round: ${minutesText(lengthMs)} of round time${extra > 0 ? ` + ${extra}` : ''})`;
      return extra > 0 ? `+${minutesText(item.ms)} (check ${minutesText(lengthMs)} + ${extra})` : `+${minutesText(item.ms)} deck check`;
    }
    case 'judge-pause':
      if (item.ms === 0) return `judge pause${stored?.lengthMs !== undefined ? ` of ${formatClock(stored.lengthMs)}` : ''} — one minute or less, no time added`;
      return `+${minutesText(item.ms)} judge pause`;
    case 'feature-match':
      return `+${minutesText(item.ms)} feature match`;
    case 'other':
      return `+${minutesText(item.ms)}${item.note ? ` — ${item.note}` : ''}`;
  }
}

/** "7:30", "7", "90s" → ms; null when it is not a length. */
export function parseLength(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (!t) return null;
  let m = /^(\d{1,3}):([0-5]\d)$/.exec(t);
  if (m) return (Number(m[1]) * 60 + Number(m[2])) * 1000;
  m = /^(\d{1,4})\s*s(ec(onds?)?)?$/.exec(t);
  if (m) return Number(m[1]) * 1000;
  m = /^(\d{1,3})(\s*m(in(utes?)?)?)?$/.exec(t);
  if (m) return Number(m[1]) * MINUTE;
  return null;
}
