/**
 * The tables with something of their own on the clock — extensions, deck checks, MSTR 2.5AA's N,
 * penalty turns, an intentional draw — each with its own time and, once it matters, the rule set's
 * note on what happens to an unfinished game.
 */
import type { EventState, PlayerId, Round } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { extraTurnsAtTime } from '../rulesets/ruleset.js';
import { eventClock, tableState, type ExtensionItem, type IntentionalDrawState, type LastTurnState, type TableStatus } from './derive.js';
import { type ClockPhase, clockPhase } from './phase.js';
import type { RoundClock } from './types.js';

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

/** The tables of `round` with something of their own, at wall time `now`. */
export function tableViews(state: EventState, round: Round, clock: RoundClock, now: number): TableClockView[] {
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
        extraTurns = n === null ? null : extraTurnsAtTime(clock.procedure, n) + penaltyTurns;
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

/** The rule set's note for a table whose time is up (MAMTR 2.4B: the last turn ends in a draw). */
function tableNote(state: EventState, round: Round, status: TableStatus, intentionalDraw: boolean): string | undefined {
  if (status !== 'overtime' && status !== 'last-turn' && status !== 'last-turn-over') return undefined;
  return getRuleset(state.ruleset).timeUpNote?.(status, { playoff: round.stage === 'playoff', intentionalDraw });
}
