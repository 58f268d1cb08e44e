// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsPatch } from '../../core/event/commands.js';
import type { EventState, RulesetId } from '../../core/model/types.js';
import { App } from '../../renderer/App.js';
import { isolate } from '../../renderer/lib/format.js';
import { parseSeatOrder } from '../../core/rulesets/lightseekers/entry.js';
import { parseGames } from '../../core/rulesets/mtr/entry.js';
import { parsePodEntry } from '../../core/rulesets/pods/entry.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

let host: RendererHost;

const NAMES = ['Ana Archer', 'Bo Berg', 'Cy Castro', 'Di Dahl', 'Ed Eze', 'Flo Fox', 'Gus Gray', 'Hal Hu', 'Ida Ito', 'Jo Jung', 'Kai Kim', 'Lu Lam'];

beforeEach(async () => {
  resetStation('results');
  host = await startRendererHost();
});

afterEach(async () => {
  cleanup();
  await host.close();
});

/** An event with `players` registered and round 1 published (seed fixed). */
async function eventWithRound(ruleset: RulesetId, players: number, settings: SettingsPatch = {}): Promise<EventState> {
  const api = host.connection.api;
  await api.createEvent({ name: 'Test Open', ruleset, settings, seed: 7 });
  for (let i = 0; i < players; i++)
    await api.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name: NAMES[i] ?? `Player ${i + 1}` }, draw: i + 1 } });
  const answer = await api.query({ kind: 'propose-pairing', seed: 11 });
  if (answer.kind !== 'propose-pairing') throw new Error('no proposal');
  const p = answer.proposal;
  await api.dispatch({ command: { type: 'pair-round', round: 1, stage: 'swiss', tables: p.tables.map((t) => ({ table: t.table, seats: t.seats })), byes: p.byes, seed: p.seed } });
  return state();
}

async function state(): Promise<EventState> {
  const snapshot = await host.connection.api.snapshot();
  if (!snapshot.state) throw new Error('no event');
  return snapshot.state;
}

async function journalTypes(): Promise<{ type: string; reason?: string }[]> {
  const answer = await host.connection.api.query({ kind: 'journal' });
  if (answer.kind !== 'journal') return [];
  return answer.entries.map((e) => e.command as { type: string; reason?: string });
}

async function renderResults() {
  render(<App connection={host.connection} view="station" />);
  const box = await screen.findByTestId('table-box');
  await waitFor(() => expect(document.activeElement).toBe(box));
  return box as HTMLInputElement;
}

const outstanding = (): string => screen.getByTestId('outstanding-count').textContent ?? '';

describe('reading what the scorekeeper types', () => {
  it('reads games, pod entries and defeat orders, or says what is wrong', () => {
    expect(parseGames('2-1')).toEqual({ kind: 'ok', value: [2, 1, 0] });
    expect(parseGames('2 - 1 - 1')).toEqual({ kind: 'ok', value: [2, 1, 1] });
    expect(parseGames('210')).toEqual({ kind: 'ok', value: [2, 1, 0] });
    expect(parseGames('ID')).toEqual({ kind: 'ok', value: [0, 0, 3] });
    expect(parseGames('two')).toMatchObject({ kind: 'problem' });
    const seats = ['a', 'b', 'c', 'd'];
    expect(parsePodEntry('2', seats)).toEqual({ kind: 'ok', value: { result: { winner: 'b' }, excluded: [] } });
    expect(parsePodEntry('d x3', seats)).toEqual({ kind: 'ok', value: { result: { draw: true }, excluded: ['c'] } });
    expect(parsePodEntry('1 d 1', seats)).toEqual({ kind: 'ok', value: { result: { games: ['a', 'draw', 'a'] }, excluded: [] } });
    expect(parsePodEntry('7', seats)).toMatchObject({ kind: 'problem', problem: expect.stringContaining('no seat 7') });
    expect(parseSeatOrder('3 2', seats)).toEqual({ kind: 'ok', value: ['c', 'b'] });
    expect(parseSeatOrder('3 3', seats)).toMatchObject({ kind: 'problem', problem: expect.stringContaining('twice') });
  });
});

describe('Results screen (mtr)', () => {
  it('records from the keyboard: table, result, Enter — and the cursor is back in the table box', async () => {
    const s = await eventWithRound('mtr', 8);
    const user = userEvent.setup();
    const box = await renderResults();
    expect(outstanding()).toBe('4');
    const t1 = s.rounds[0]?.tables[0];
    const first = s.players.find((p) => p.id === t1?.seats[0])?.name as string;

    await user.type(box, '1');
    expect(screen.getByTestId('entry-seats').textContent).toContain(first);
    await user.keyboard('{Enter}');
    const field = document.activeElement as HTMLInputElement;
    expect(field.hasAttribute('data-result-field')).toBe(true);
    await user.keyboard('2-1');
    expect(screen.getByTestId('verdict').textContent).toContain(`${isolate(first)} wins 2–1`);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(outstanding()).toBe('3'));
    expect(document.activeElement).toBe(box);
    expect(box.value).toBe('');
    // The next outstanding table is suggested; Enter takes it.
    expect(box.placeholder).toBe('2');
    expect((await state()).rounds[0]?.tables[0]?.result).toEqual({ games: [2, 1, 0] });

    // An intentional draw, typed 0-0-3.
    await user.keyboard('{Enter}');
    expect((document.activeElement as HTMLElement).hasAttribute('data-result-field')).toBe(true);
    expect(box.value).toBe('2');
    await user.keyboard('0-0-3{Enter}');
    await waitFor(() => expect(outstanding()).toBe('2'));
    expect((await state()).rounds[0]?.tables[1]?.result).toEqual({ games: [0, 0, 3] });
    expect(document.activeElement).toBe(box);

    // The common-result buttons record at once.
    await user.type(box, '3');
    await user.click(within(screen.getByRole('group', { name: 'Common results' })).getByRole('button', { name: 'ID' }));
    await waitFor(() => expect(outstanding()).toBe('1'));
    expect((await state()).rounds[0]?.tables[2]?.result).toEqual({ games: [0, 0, 3] });
  });

  it('says what is wrong before sending (3-0 in a best of 3, a table that does not exist)', async () => {
    await eventWithRound('mtr', 4);
    const user = userEvent.setup();
    const box = await renderResults();
    await user.type(box, '9');
    expect(screen.getByText(/Round 1 has no table 9/)).toBeTruthy();
    await user.clear(box);
    await user.type(box, '1{Enter}3-0{Enter}');
    const verdict = screen.getByTestId('verdict').textContent ?? '';
    expect(verdict).toContain('3 game wins');
    expect(verdict).toContain('best-of-3');
    expect((await journalTypes()).filter((c) => c.type === 'record-result')).toHaveLength(0);
    expect(outstanding()).toBe('2');
  });

  it('undoes a result from the toast; the outstanding list grows back', async () => {
    await eventWithRound('mtr', 4);
    const user = userEvent.setup();
    const box = await renderResults();
    await user.type(box, '2{Enter}2-0{Enter}');
    await waitFor(() => expect(outstanding()).toBe('1'));
    const toast = await screen.findByText(/^Table 2:/);
    await user.click(within(toast.closest('.toast') as HTMLElement).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(outstanding()).toBe('2'));
    expect((await state()).rounds[0]?.tables[1]?.result).toBeUndefined();
  });

  it('amends a past result with a required reason; standings recompute', async () => {
    const s = await eventWithRound('mtr', 4);
    const api = host.connection.api;
    await api.dispatch({ command: { type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] } } });
    await api.dispatch({ command: { type: 'record-result', round: 1, table: 2, result: { games: [2, 1, 0] } } });
    const [a, b] = s.rounds[0]?.tables[0]?.seats as [string, string];
    const standingsOf = async (id: string): Promise<number> => {
      const answer = await api.query({ kind: 'standings' });
      return answer.kind === 'standings' ? (answer.standings.find((x) => x.id === id)?.points ?? -1) : -1;
    };
    expect(await standingsOf(a)).toBe(3);
    const user = userEvent.setup();
    await renderResults();
    await user.click(screen.getByRole('button', { name: 'Amend Round 1 table 1' }));
    const field = document.activeElement as HTMLInputElement;
    expect(field.hasAttribute('data-result-field')).toBe(true);
    expect(screen.getByText(/^Now: /).textContent).toContain('wins 2–0');
    await user.keyboard('0-2{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('amending it needs a reason');
    await user.type(screen.getByLabelText(/Reason for the change/), 'Slip filled in the wrong way round{Enter}');
    await waitFor(async () => expect(await standingsOf(b)).toBe(3));
    expect(await standingsOf(a)).toBe(0);
    const last = (await journalTypes()).at(-1);
    expect(last).toMatchObject({ type: 'record-result', reason: 'Slip filled in the wrong way round' });
    // The toast names the new points.
    const nameB = s.players.find((p) => p.id === b)?.name as string;
    await screen.findByText(new RegExp(`table 1 amended: .*Standings now: .*${isolate(nameB)} 3 points`));
  });
});

describe('Results screen (teams)', () => {
  it('takes one games entry per seat (A, B) and records the team match', async () => {
    const api = host.connection.api;
    await api.createEvent({ name: 'Team Open', ruleset: 'mtr', settings: { teamSize: 2 }, seed: 7 });
    for (let i = 0; i < 4; i++)
      await api.dispatch({
        command: {
          type: 'register-player',
          player: { id: `t${i + 1}`, name: `Team ${i + 1}`, members: [{ seat: 'A', name: `${NAMES[2 * i]}` }, { seat: 'B', name: `${NAMES[2 * i + 1]}` }] },
          draw: i + 1,
        },
      });
    const answer = await api.query({ kind: 'propose-pairing', seed: 3 });
    if (answer.kind !== 'propose-pairing') throw new Error('no proposal');
    const p = answer.proposal;
    await api.dispatch({ command: { type: 'pair-round', round: 1, stage: 'swiss', tables: p.tables.map((t) => ({ table: t.table, seats: t.seats })), byes: p.byes, seed: p.seed } });
    const user = userEvent.setup();
    const box = await renderResults();
    await user.type(box, '1{Enter}');
    expect(screen.getByText(/^Seat A:/)).toBeTruthy();
    await user.keyboard('2-0{Enter}');
    // Incomplete: Enter moves on to the empty seat B instead of recording.
    expect((document.activeElement as HTMLInputElement).value).toBe('');
    await user.keyboard('2-1{Enter}');
    await waitFor(() => expect(outstanding()).toBe('1'));
    expect((await state()).rounds[0]?.tables[0]?.result).toEqual({ games: [2, 0, 0], matches: [[2, 0, 0], [2, 1, 0]] });
  });
});

describe('Results screen (pods)', () => {
  it('records a pod winner by seat number, and a draw with an excluded player', async () => {
    const s = await eventWithRound('mamtr-2024', 8);
    const user = userEvent.setup();
    const box = await renderResults();
    const [t1, t2] = s.rounds[0]?.tables as unknown as [{ seats: string[] }, { seats: string[] }];

    await user.type(box, '1{Enter}2{Enter}');
    await waitFor(() => expect(outstanding()).toBe('1'));
    expect((await state()).rounds[0]?.tables[0]?.result).toEqual({ winner: t1.seats[1] });
    expect(document.activeElement).toBe(box);

    await user.type(box, '2{Enter}d');
    const excluded = screen.getByRole('group', { name: /Excluded/ });
    await user.click(within(excluded).getAllByRole('checkbox')[2] as HTMLElement);
    expect(screen.getByTestId('verdict').textContent).toContain('Draw');
    expect(screen.getByTestId('verdict').textContent).toContain('excluded');
    await user.click(screen.getByRole('button', { name: 'Record result' }));
    await waitFor(() => expect(outstanding()).toBe('0'));
    expect((await state()).rounds[0]?.tables[1]?.result).toEqual({ draw: true, excluded: [t2.seats[2]] });
    expect(screen.getByText(/All results are in for Round 1/)).toBeTruthy();
  });
});

describe('Results screen (Lightseekers)', () => {
  it('takes VP in seat order and the defeat order, and asks who won when a tie remains', async () => {
    const s = await eventWithRound('lightseekers-competitive', 8);
    const user = userEvent.setup();
    const box = await renderResults();
    const t1 = s.rounds[0]?.tables[0] as { seats: string[] };
    const t2 = s.rounds[0]?.tables[1] as { seats: string[] };

    // Table 1: seats 1 and 2 tie on VP and both are still standing → the station asks.
    await user.type(box, '1{Enter}');
    for (const vp of ['6', '6', '3', '1'].slice(0, t1.seats.length)) await user.keyboard(`${vp}{Tab}{Tab}`);
    await user.type(screen.getByLabelText(/Defeat order/), `${t1.seats.length} 3`);
    expect(screen.getByTestId('defeat-order').textContent).toContain('1st');
    const question = await screen.findByTestId('tie-question');
    expect(question.textContent).toMatch(/are tied for the win: 6 VP each and both still standing\. Who won\?/);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('Pick the winner');
    await user.click(within(question).getAllByRole('radio')[1] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Record result' }));
    await waitFor(() => expect(outstanding()).toBe('1'));
    const r1 = (await state()).rounds[0]?.tables[0]?.result as { winner?: string; defeated: string[] };
    expect(r1.winner).toBe(t1.seats[1]);
    expect(r1.defeated).toEqual([t1.seats[t1.seats.length - 1], t1.seats[2]]);

    // Table 2: a clear winner; the defeat order by clicking players.
    await user.type(box, '2{Enter}');
    const vps = ['2', '9', '4', '5', '3'].slice(0, t2.seats.length);
    for (const vp of vps) await user.keyboard(`${vp}{Tab}{Tab}`);
    const defeatButtons = screen.getAllByRole('button', { name: 'Defeated…' });
    await user.click(defeatButtons[0] as HTMLElement);
    await user.click(screen.getAllByRole('button', { name: 'Defeated…' })[1] as HTMLElement);
    expect(screen.queryByTestId('tie-question')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Record result' }));
    await waitFor(() => expect(outstanding()).toBe('0'));
    const r2 = (await state()).rounds[0]?.tables[1]?.result as { vp: Record<string, number>; defeated: string[]; winner?: string };
    expect(r2.vp[t2.seats[1] as string]).toBe(9);
    expect(r2.defeated).toEqual([t2.seats[0], t2.seats[2]]);
    expect(r2.winner).toBeUndefined();
  });
});
