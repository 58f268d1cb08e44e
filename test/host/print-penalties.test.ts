/**
 * The printed penalty report (RULES 4), rendered to a real PDF: a round's report and
 * the event's, read back with poppler. Pages are also written as PNGs to /tmp/penalty-shots/ to be
 * looked at (PENALTY_SHOTS=0 skips them).
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { buildDocument, type DocumentOptions } from '../../core/documents/index.js';
import type { EventState } from '../../core/model/types.js';
import { simulateEvent } from '../../core/simulate.js';
import { renderPdf } from '../../electron/host/print/render.js';
import { pdfInfo, pdfText, pdfToPng } from '../support/print.js';

const OPTIONS: DocumentOptions = { pageSize: 'A4', generatedAt: '2026-05-01 14:05' };
const SHOTS = '/tmp/penalty-shots';

/** A 16-player MTR event of 3 rounds with a penalty log, as a judge would have kept it. */
function eventWithPenalties(): EventState {
  const { state: simulated } = simulateEvent({ ruleset: 'mtr', players: 16, rounds: 3, seed: 5 });
  let state: EventState = { ...simulated, name: 'Spring Open' };
  const seat = (round: number, table: number, i: number): string => state.rounds[round - 1]?.tables.find((t) => t.table === table)?.seats[i] as string;
  const loser = (round: number, table: number): string => {
    const t = state.rounds[round - 1]?.tables.find((x) => x.table === table);
    const games = (t?.result as { games: number[] }).games;
    return (t?.seats[(games[0] as number) > (games[1] as number) ? 1 : 0]) as string;
  };
  const at = (h: number, m: number): number => Date.UTC(2026, 4, 1, h, m);
  const commands: Command[] = [
    { type: 'record-penalty', round: 1, table: 2, player: seat(1, 2, 0), infraction: 'Tardiness', penalty: 'warning', judge: 'Kim Lee', note: 'two minutes late', at: at(10, 3) },
    { type: 'record-penalty', round: 1, table: 4, player: loser(1, 4), infraction: 'Game Play Error — Looking at Extra Cards', penalty: 'warning', judge: 'Sam Ortiz', at: at(10, 21) },
    { type: 'record-penalty', round: 2, table: 1, player: loser(2, 1), infraction: 'Deck/Decklist Problem', penalty: 'game-loss', judge: 'Kim Lee', note: 'decklist had 59 cards; corrected', at: at(11, 2) },
    { type: 'record-penalty', round: 2, table: 3, player: seat(2, 3, 1), infraction: 'Slow Play', penalty: 'warning', judge: 'Sam Ortiz', at: at(11, 40) },
    { type: 'record-penalty', round: 3, table: 2, player: seat(3, 2, 0), infraction: 'Tardiness', penalty: 'warning', judge: 'Kim Lee', at: at(12, 4) },
    { type: 'record-penalty', round: 3, table: 2, player: seat(3, 2, 0), infraction: 'Tardiness', penalty: 'warning', judge: 'Kim Lee', note: 'second time this round: upgrade next time', at: at(12, 15) },
    { type: 'record-penalty', round: 3, table: 5, player: loser(3, 5), infraction: 'Cheating', penalty: 'disqualification', judge: 'Ana Head Judge', note: 'investigation by the Head Judge; statements attached', at: at(12, 48) },
  ];
  for (const command of commands) state = apply(state, command);
  return state;
}

async function render(state: EventState, options: Partial<DocumentOptions>, shot: string) {
  const out = await renderPdf(buildDocument('penalty-report', state, { ...OPTIONS, ...options }));
  expect(out.missingCharacters).toEqual([]);
  if (process.env.PENALTY_SHOTS !== '0') {
    mkdirSync(SHOTS, { recursive: true });
    pdfToPng(out.pdf, SHOTS, shot, { dpi: 80 });
  }
  return { ...out, info: pdfInfo(out.pdf), text: pdfText(out.pdf).normalize('NFC').replace(/\s+/g, ' ') };
}

describe('the penalty report', () => {
  const state = eventWithPenalties();
  const name = (id: string): string => state.players.find((p) => p.id === id)?.name ?? id;

  it("a round's penalties: table, player, infraction, penalty, judge, time, note; repeats counted", async () => {
    const out = await render(state, { round: 3 }, 'round-3');
    expect(out.info['Page size']).toMatch(/^595\.28 x 841\.89 pts \(A4\)/);
    expect(out.text).toContain('Penalty report — Round 3');
    expect(out.text).toContain('3 penalties in round 3: 2 warnings, 1 disqualification.');
    const round3 = (state.penalties ?? []).filter((p) => p.round === 3);
    for (const p of round3) expect(out.text).toContain(name(p.player));
    expect(out.text).toContain('2nd warning for this infraction');
    expect(out.text).toContain('DISQUALIFIED');
    expect(out.text).toContain('12:48');
    expect(out.text).not.toContain('Deck/Decklist Problem');
  });

  it("the event's report: every round, and each penalised player's count", async () => {
    const out = await render(state, {}, 'event');
    expect(out.text).toContain('Penalty report — the event');
    expect(out.text).toContain('7 penalties in the event: 5 warnings, 1 game loss, 1 disqualification.');
    for (const label of ['By player', 'Match loss', 'Disqualification', 'Łukasz Fischer — DQ']) expect(out.text).toContain(label);
    expect(out.text).toContain('Deck/Decklist Problem');
    expect(out.text).toContain('— DQ');
    expect(out.text).toContain('six months, for appeals (MTR 1.6)');
    expect(out.text).toContain('Times are UTC.');
    expect(out.pages).toBe(1);
  });

  it("prints the station's local time when the host gives its time zone (12:48 UTC is 14:48 in Warsaw in May)", async () => {
    const out = await render(state, { round: 3, timeZone: 'Europe/Warsaw' }, 'round-3-warsaw');
    expect(out.text).toContain('14:48');
    expect(out.text).not.toContain('12:48');
    expect(out.text).toContain('Times are local (Europe/Warsaw).');
    // A zone that is not one falls back to UTC, saying so.
    const unknown = await render(state, { round: 3, timeZone: 'Mars/Olympus' }, 'round-3-unknown-zone');
    expect(unknown.text).toContain('12:48');
    expect(unknown.text).toContain('Times are UTC.');
  });

  it('a round without penalties, and an event before round 1, say so', async () => {
    const quiet = await render({ ...state, penalties: [] }, { round: 1 }, 'none');
    expect(quiet.text).toContain('No penalty recorded in round 1.');
    const before = await render({ ...state, rounds: [], penalties: [] }, {}, 'before');
    expect(before.text).toContain('No penalty recorded in the event.');
  });
});
