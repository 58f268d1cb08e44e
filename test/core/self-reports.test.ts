import { describe, expect, it } from 'vitest';
import { refusalFor } from '../../core/api/methods.js';
import { apply, replay } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { parseCommand } from '../../core/event/commands.js';
import { describeJournal } from '../../core/event/describe.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, RulesetId } from '../../core/model/types.js';
import { publicReport, waitingReports } from '../../core/public/reports.js';
import { publicView } from '../../core/public/view.js';
import { normaliseCode, tableCode, tableCodeRefusal } from '../../core/public/table-codes.js';

const KEY = '00112233445566778899aabbccddeeff';
const PHONE_A = 'phone-aaaa';
const PHONE_B = 'phone-bbbb';

function event(ruleset: RulesetId, players: string[], tables: string[][], settings: Record<string, unknown> = {}): EventState {
  const commands: Command[] = [
    { type: 'create-event', id: 'e1', name: 'Friday Night', ruleset, settings, seed: 1, createdAt: '2026-11-24T18:00:00Z' },
    ...players.map((id, draw): Command => ({ type: 'register-player', player: { id, name: id[0]?.toUpperCase() + id.slice(1) }, draw })),
    { type: 'pair-round', round: 1, stage: 'swiss', tables: tables.map((seats, i) => ({ table: i + 1, seats })), byes: [], seed: 5, reportKey: KEY },
  ];
  return commands.reduce<EventState | undefined>((s, c) => apply(s, c), undefined) as EventState;
}

const mtr = (settings: Record<string, unknown> = {}) => event('mtr', ['ana', 'bo', 'cy', 'di'], [['ana', 'bo'], ['cy', 'di']], settings);
const report = (table: number, player: string, result: Record<string, unknown>, extra: Partial<Extract<Command, { type: 'report-result' }>> = {}): Command => ({
  type: 'report-result',
  round: 1,
  table,
  player,
  phone: PHONE_A,
  result,
  ...extra,
});
const confirm = (table: number, player: string, agree: boolean, result?: Record<string, unknown>): Command => ({
  type: 'confirm-report',
  round: 1,
  table,
  player,
  phone: PHONE_B,
  agree,
  ...(result ? { result } : {}),
});

function refusal(state: EventState, command: Command): string {
  try {
    apply(state, command);
  } catch (error) {
    expect(error).toBeInstanceOf(PodiumError);
    return (error as PodiumError).message;
  }
  throw new Error(`${command.type} was not refused`);
}

describe('a player reports a head-to-head result and the opponent confirms (MTR, queue: the default)', () => {
  it('waits for the opponent, then for the scorekeeper, who accepts it with the drop ticked', () => {
    let s = apply(mtr(), report(1, 'ana', { games: [2, 1, 0] }, { drop: ['bo'] }));
    expect(s.rounds[0]?.tables[0]?.result).toBeUndefined();
    expect(publicReport(s, 1, 1)).toMatchObject({ reporter: 'ana', status: 'waiting', drops: ['bo'], resultText: expect.stringContaining('Ana') });
    s = apply(s, confirm(1, 'bo', true));
    expect(waitingReports(s)).toEqual([expect.objectContaining({ table: 1, status: 'agreed', answers: { bo: { agree: true } } })]);
    expect(s.rounds[0]?.tables[0]?.result).toBeUndefined(); // queue: the scorekeeper decides
    s = apply(s, { type: 'decide-report', round: 1, table: 1, accept: true });
    expect(s.rounds[0]?.tables[0]?.result).toEqual({ games: [2, 1, 0] });
    expect(s.players.find((p) => p.id === 'bo')?.droppedAfterRound).toBe(1);
    expect(waitingReports(s)).toEqual([]);
  });

  it('is the result at once when every other player agreed and the setting is automatic (claims off: the table code is enough)', () => {
    // claims.test.ts has the same with claims on: then every answer must come from a claimed phone.
    let s = apply(mtr({ selfReports: 'auto', claims: 'off' }), report(2, 'di', { games: [0, 2, 0] }));
    s = apply(s, confirm(2, 'cy', true));
    expect(s.rounds[0]?.tables[1]?.result).toEqual({ games: [0, 2, 0] });
    expect(waitingReports(s)).toEqual([]);
  });

  it('goes to the scorekeeper when disputed, even when automatic, showing both reports; rejecting clears it', () => {
    let s = apply(mtr({ selfReports: 'auto' }), report(1, 'ana', { games: [2, 0, 0] }));
    s = apply(s, confirm(1, 'bo', false, { games: [1, 2, 0] }));
    expect(s.rounds[0]?.tables[0]?.result).toBeUndefined();
    const waiting = publicReport(s, 1, 1);
    expect(waiting?.status).toBe('disputed');
    expect(waiting?.answers.bo).toMatchObject({ agree: false, result: { games: [1, 2, 0] } });
    expect(waiting?.answers.bo?.resultText).toContain('Bo');
    s = apply(s, { type: 'decide-report', round: 1, table: 1, accept: false, reason: 'players called a judge' });
    expect(waitingReports(s)).toEqual([]);
    expect(s.rounds[0]?.tables[0]?.result).toBeUndefined();
  });

  it("tells the table's phones a rejected report was rejected, until a new report or a result replaces it", () => {
    const tableView = (state: EventState, table: number) => publicView(state, { now: 0, version: 1 }).round?.tables.find((t) => t.table === table);
    let s = apply(mtr(), report(1, 'ana', { games: [2, 0, 0] }));
    s = apply(s, { type: 'decide-report', round: 1, table: 1, accept: false, reason: 'players called a judge' });
    expect(tableView(s, 1)).toMatchObject({ reportRejected: true });
    expect(tableView(s, 1)?.reportPending).toBeUndefined();
    expect(tableView(s, 2)?.reportRejected).toBeUndefined();
    // Reported again: waiting, no longer "rejected".
    const again = apply(s, report(1, 'bo', { games: [2, 0, 0] }));
    expect(tableView(again, 1)).toMatchObject({ reportPending: true });
    expect(tableView(again, 1)?.reportRejected).toBeUndefined();
    // Or the scorekeeper types the result: final, no longer "rejected".
    const typed = apply(s, { type: 'record-result', round: 1, table: 1, result: { games: [0, 2, 0] } });
    expect(tableView(typed, 1)?.reportRejected).toBeUndefined();
    expect(typed.rounds[0]?.rejectedReports).toBeUndefined();
  });

  it('gives way to a result typed at a station', () => {
    let s = apply(mtr(), report(1, 'ana', { games: [2, 0, 0] }));
    s = apply(s, { type: 'record-result', round: 1, table: 1, result: { games: [0, 2, 0] } });
    expect(waitingReports(s)).toEqual([]);
    expect(s.rounds[0]?.tables[0]?.result).toEqual({ games: [0, 2, 0] });
    expect(refusal(s, confirm(1, 'bo', true))).toMatch(/Table 1's result is already final/);
    expect(refusal(s, report(1, 'bo', { games: [0, 2, 0] }))).toBe("Table 1's result is already final: if it is wrong, tell a judge");
  });

  it('refuses in words: a second reporter, the reporter confirming, a player of another table, a bad result, reports switched off', () => {
    const s = apply(mtr(), report(1, 'ana', { games: [2, 0, 0] }));
    expect(refusal(s, report(1, 'bo', { games: [0, 2, 0] }))).toBe('Table 1 already has a report from Ana: agree with it or dispute it instead');
    expect(refusal(s, confirm(1, 'ana', true))).toMatch(/Ana made this report/);
    expect(refusal(s, confirm(1, 'cy', true))).toBe('Cy does not play at table 1 this round');
    expect(refusal(s, confirm(2, 'cy', true))).toBe('Table 2 has no report waiting to be confirmed');
    expect(refusal(mtr(), report(1, 'ana', { games: [3, 0, 0] }))).toMatch(/game/i);
    expect(refusal(mtr({ selfReports: 'off' }), report(1, 'ana', { games: [2, 0, 0] }))).toMatch(/players do not report results at this event/);
  });

  it('lets the reporter correct their own report (the answers start over) and drops it when tables are fixed', () => {
    let s = apply(mtr(), report(1, 'ana', { games: [2, 0, 0] }));
    s = apply(s, confirm(1, 'bo', false));
    s = apply(s, report(1, 'ana', { games: [2, 1, 0] }));
    expect(publicReport(s, 1, 1)).toMatchObject({ status: 'waiting', answers: {}, result: { games: [2, 1, 0] } });
    s = apply(s, { type: 'fix-tables', round: 1, tables: [{ table: 1, seats: ['ana', 'cy'] }, { table: 2, seats: ['bo', 'di'] }], reason: 'wrong seats' });
    expect(waitingReports(s)).toEqual([]);
  });

  it('is over with the round: a report for round 1 once round 2 is paired is refused', () => {
    let s = mtr();
    s = apply(s, { type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] } });
    s = apply(s, { type: 'record-result', round: 1, table: 2, result: { games: [2, 0, 0] } });
    s = apply(s, { type: 'pair-round', round: 2, stage: 'swiss', tables: [{ table: 1, seats: ['ana', 'cy'] }, { table: 2, seats: ['bo', 'di'] }], byes: [], seed: 6 });
    expect(refusal(s, report(1, 'ana', { games: [2, 0, 0] }))).toBe('round 1 is over: a result for it is reported to a judge');
  });
});

describe('a pod result reported and confirmed by every other player (MSTR)', () => {
  it('waits until all three others agreed, a dispute by any one sends it to the scorekeeper', () => {
    const players = ['ana', 'bo', 'cy', 'di'];
    let s = event('mstr-2022', players, [players], { selfReports: 'auto', claims: 'off' });
    s = apply(s, report(1, 'cy', { winner: 'cy' }));
    s = apply(s, confirm(1, 'ana', true));
    s = apply(s, confirm(1, 'bo', true));
    expect(publicReport(s, 1, 1)?.status).toBe('waiting');
    const disputed = apply(s, confirm(1, 'di', false));
    expect(publicReport(disputed, 1, 1)?.status).toBe('disputed');
    s = apply(s, confirm(1, 'di', true));
    expect(s.rounds[0]?.tables[0]?.result).toEqual({ winner: 'cy' });
  });
});

describe('table codes', () => {
  it('are six unambiguous letters, the same for the same round and table, different for others', () => {
    const code = tableCode(KEY, 3, 12);
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(tableCode(KEY, 3, 12)).toBe(code);
    const others = new Set([tableCode(KEY, 3, 13), tableCode(KEY, 4, 12), tableCode('ff'.repeat(16), 3, 12)]);
    expect(others.has(code)).toBe(false);
    expect(normaliseCode(` ${code.slice(0, 3).toLowerCase()}-${code.slice(3)} `)).toBe(code);
  });

  it("let a phone speak for its table in the current round only: table 1's code cannot report table 2, a round-1 code is dead in round 2", () => {
    let s = mtr();
    const one = tableCode(KEY, 1, 1);
    expect(tableCodeRefusal(s, 1, 1, one.toLowerCase())).toBeNull();
    expect(tableCodeRefusal(s, 1, 2, one)).toBe('that is not the code of table 2 in round 1: check the code on your slip');
    expect(tableCodeRefusal(s, 1, 9, one)).toBe('round 1 has no table 9');
    s = apply(s, { type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] } });
    s = apply(s, { type: 'record-result', round: 1, table: 2, result: { games: [2, 0, 0] } });
    s = apply(s, { type: 'pair-round', round: 2, stage: 'swiss', tables: [{ table: 1, seats: ['ana', 'bo'] }, { table: 2, seats: ['cy', 'di'] }], byes: [], seed: 6, reportKey: 'ab'.repeat(16) });
    expect(tableCodeRefusal(s, 1, 1, one)).toMatch(/^that code is for round 1, and round 2 is being played now/);
    expect(tableCodeRefusal(s, 2, 1, one)).toBe('that is not the code of table 1 in round 2: check the code on your slip');
    expect(tableCodeRefusal(s, 2, 1, tableCode('ab'.repeat(16), 2, 1))).toBeNull();
  });

  it('are refused for a round published without a key', () => {
    let s = mtr();
    s = apply(s, { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['ana', 'cy'] }, { table: 2, seats: ['bo', 'di'] }], byes: [], seed: 9, replace: true });
    expect(tableCodeRefusal(s, 1, 1, tableCode(KEY, 1, 1))).toBe("this round's slips have no codes: report your result to a judge");
  });
});

describe('reports in the journal', () => {
  it('are commands a journal line can hold, and the event log says who said what', () => {
    const commands: Command[] = [
      { type: 'create-event', id: 'e1', name: 'Friday Night', ruleset: 'mtr', settings: {}, seed: 1, createdAt: '2026-11-24T18:00:00Z' },
      ...['ana', 'bo'].map((id, draw): Command => ({ type: 'register-player', player: { id, name: id === 'ana' ? 'Ana Archer' : 'Bo Brandt' }, draw })),
      { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['ana', 'bo'] }], byes: [], seed: 5, reportKey: KEY },
      report(1, 'ana', { games: [2, 1, 0] }),
      confirm(1, 'bo', false, { games: [1, 2, 0] }),
      { type: 'decide-report', round: 1, table: 1, accept: true, reason: 'judge watched the last game' },
      { type: 'publish-standings', round: 1 },
    ];
    for (const command of commands) expect(parseCommand(JSON.parse(JSON.stringify(command)))).toEqual({ ok: true, command });
    expect(parseCommand({ ...report(1, 'ana', {}), phone: 'x' })).toMatchObject({ ok: false });
    const entries = commands.map((command, seq) => ({ seq, command }));
    const state = replay(entries) as EventState;
    expect(state.rounds[0]?.tables[0]?.result).toEqual({ games: [2, 1, 0] });
    expect(state.publishedStandings).toBe(1);
    const log = describeJournal(entries.map((e) => ({ ...e, at: '2026-11-24T18:30:00Z', station: 'desk' })), state, { isolate: (name) => name });
    const words = log.map((e) => e.what).slice(4);
    expect(words[0]).toMatch(/^Reported by Ana Archer \(phone phone-aaaa\): round 1, table 1 — /);
    expect(words[1]).toMatch(/^Bo Brandt \(phone phone-bbbb\) disputed with Ana Archer's report: round 1, table 1 — says instead: /);
    expect(words[2]).toMatch(/^Accepted Ana Archer's report as the result: round 1, table 1 — /);
    expect(log[6]?.why).toBe('judge watched the last game');
    expect(words[3]).toBe("Standings after round 1 published (players' phones and the published site)");
  });

  it('never come from a device as itself: only the host writes them, after checking the code', () => {
    const judge = { kind: 'device', id: 'd1', name: 'Floor 1', role: 'judge' } as const;
    const desk = { kind: 'device', id: 'd2', name: 'Desk 2', role: 'station' } as const;
    expect(refusalFor(desk, 'dispatch', { command: report(1, 'ana', {}) } as never)).toMatch(/from their own phones/);
    expect(refusalFor(judge, 'dispatchBatch', { commands: [confirm(1, 'bo', true)] } as never)).toMatch(/from their own phones/);
    expect(refusalFor(desk, 'dispatch', { command: { type: 'decide-report' } } as never)).toBeNull();
    expect(refusalFor(judge, 'dispatch', { command: { type: 'decide-report' } } as never)).not.toBeNull();
  });
});
