// @vitest-environment jsdom
/**
 * The penalty log at the station, against the real in-process host: an MTR event
 * logs a game loss from the Results screen in a few keys, the result entry says it is included and
 * refuses a result without it; a disqualification drops the player from the next pairing and marks
 * them on the standings, with their penalty history beside the breakdown; undo from the toast.
 */
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventState } from '../../core/model/types.js';
import { App } from '../../renderer/App.js';
import { candidatesFor } from '../../renderer/screens/results/PenaltyForm.js';
import { useStation } from '../../renderer/store/station.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';
import { fakeLayout } from './event-builders.js';

let host: RendererHost;
let restoreLayout: () => void;

const NAMES = ['Ana Archer', 'Bo Berg', 'Cy Castro', 'Di Dahl', 'Ed Eze', 'Flo Fox', 'Gus Gray', 'Hal Hu'];

beforeAll(() => {
  restoreLayout = fakeLayout();
});
afterAll(() => restoreLayout());

beforeEach(async () => {
  resetStation('results');
  host = await startRendererHost();
});

afterEach(async () => {
  cleanup();
  await host.close();
});

async function state(): Promise<EventState> {
  const snapshot = await host.connection.api.snapshot();
  if (!snapshot.state) throw new Error('no event');
  return snapshot.state;
}

async function mtrRound(players: number): Promise<EventState> {
  const api = host.connection.api;
  await api.createEvent({ name: 'Penalty Open', ruleset: 'mtr', settings: {}, seed: 7 });
  for (let i = 0; i < players; i++) await api.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name: NAMES[i] as string }, draw: i + 1 } });
  const answer = await api.query({ kind: 'propose-pairing', seed: 11 });
  if (answer.kind !== 'propose-pairing') throw new Error('no proposal');
  const p = answer.proposal;
  await api.dispatch({ command: { type: 'pair-round', round: 1, stage: 'swiss', tables: p.tables.map((t) => ({ table: t.table, seats: t.seats })), byes: p.byes, seed: p.seed } });
  return state();
}

const nameOf = (s: EventState, id: string): string => s.players.find((p) => p.id === id)?.name ?? id;

describe('penalties from the Results screen (mtr, real host)', () => {
  it('a game loss shows in the result entry, and the result must include it; a disqualification drops the player', async () => {
    const s = await mtrRound(8);
    const table1 = s.rounds[0]?.tables[0];
    const [first, second] = table1?.seats as [string, string];
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    const box = (await screen.findByTestId('table-box')) as HTMLInputElement;

    // Table 1 in the entry: the penalty form offers its two players.
    await user.type(box, '1');
    await user.click(screen.getByTestId('penalty-open'));
    const candidates = within(screen.getByTestId('penalty-candidates')).getAllByRole('radio');
    expect(candidates).toHaveLength(2);
    // A few keys: the seat, the infraction (type-ahead list), the penalty (its first letter), the judge, Enter.
    await user.click(candidates[0] as HTMLElement);
    await user.type(screen.getByTestId('penalty-infraction'), 'Tardiness');
    await user.selectOptions(screen.getByTestId('penalty-kind'), 'game-loss');
    await user.type(screen.getByTestId('penalty-judge'), 'Kim Lee');
    await user.type(screen.getByTestId('penalty-note-text'), '12 minutes late{Enter}');
    await waitFor(async () => expect((await state()).penalties).toHaveLength(1));
    expect((await state()).penalties?.[0]).toMatchObject({ round: 1, table: 1, player: first, infraction: 'Tardiness', penalty: 'game-loss', judge: 'Kim Lee', note: '12 minutes late' });
    expect((await state()).penalties?.[0]?.at).toEqual(expect.any(Number));
    await screen.findByText(/^Penalty recorded: game loss for/);
    // Ready for the next one: the cursor is back in the player box.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('penalty-player')));

    // The entry says the table's result includes it…
    const note = await screen.findByTestId('penalty-note');
    expect(note.textContent).toContain(`includes a game loss for \u2068${nameOf(s, first)}\u2069 (Tardiness)`);
    expect(within(screen.getByTestId('penalty-list')).getByText('Game loss')).toBeTruthy();
    // …and a result without it is refused, in words; one with it is recorded.
    const field = document.querySelector<HTMLInputElement>('[data-testid="entry"] [data-result-field]') as HTMLInputElement;
    await user.clear(field);
    await user.type(field, '2-0');
    // Said while typing, before Enter, in the words the host would refuse it with.
    await waitFor(() => expect(screen.getByTestId('verdict').textContent).toMatch(/^\S.* has a game loss there \(Tardiness\), so the result must count at least 1 game they lost \(it counts 0\)\.$/));
    await user.type(field, '{Enter}');
    expect((await screen.findAllByText(/has a game loss there \(Tardiness\), so the result must count at least 1 game they lost/)).length).toBeGreaterThan(0);
    expect((await state()).rounds[0]?.tables[0]?.result).toBeUndefined();
    await user.clear(field);
    await user.type(field, '2-1{Enter}');
    await waitFor(async () => expect((await state()).rounds[0]?.tables[0]?.result).toEqual({ games: [2, 1, 0] }));

    // A disqualification of the second player, typed by name, with no table chosen by hand.
    await user.clear(screen.getByTestId('penalty-player'));
    await user.type(screen.getByTestId('penalty-player'), nameOf(s, second));
    expect(screen.getByTestId('penalty-picked').textContent).toContain('table 1');
    await user.type(screen.getByTestId('penalty-infraction'), 'Cheating');
    await user.selectOptions(screen.getByTestId('penalty-kind'), 'disqualification');
    // The judge is remembered.
    expect((screen.getByTestId('penalty-judge') as HTMLInputElement).value).toBe('Kim Lee');
    await user.click(screen.getByTestId('penalty-record'));
    await waitFor(async () => expect((await state()).players.find((p) => p.id === second)?.droppedAfterRound).toBe(1));

    // The next pairing leaves the disqualified player out.
    const api = host.connection.api;
    for (const t of (await state()).rounds[0]?.tables.slice(1) ?? []) await api.dispatch({ command: { type: 'record-result', round: 1, table: t.table, result: { games: [2, 0, 0] } } });
    const next = await api.query({ kind: 'propose-pairing', seed: 12 });
    if (next.kind !== 'propose-pairing') throw new Error('no proposal');
    const paired = [...next.proposal.tables.flatMap((t) => t.seats), ...next.proposal.byes.map((b) => b.player)];
    expect(paired).not.toContain(second);
    expect(paired).toHaveLength(7);

    // The standings mark them DQ, and the breakdown lists each player's penalties.
    act(() => useStation.getState().setScreen('standings'));
    const table = await screen.findByTestId('standings-table');
    const row = table.querySelector<HTMLElement>(`tr[data-player="${second}"]`) as HTMLElement;
    expect(within(row).getByTestId('dq-tag').textContent).toBe('DQ');
    await user.click(table.querySelector<HTMLElement>(`tr[data-player="${first}"]`) as HTMLElement);
    const history = await screen.findByTestId('penalty-history');
    expect(history.textContent).toMatch(/Round 1, table 1 Game loss — Tardiness · judge Kim Lee · 12 minutes late/);
    await user.click(row);
    expect((await screen.findByTestId('breakdown')).textContent).toContain('disqualified in round 1 (Cheating)');
  });

  it('pods: a player with a game loss cannot be the winner, their quick button says why, and a draw excludes them (RULES 4)', async () => {
    const api = host.connection.api;
    await api.createEvent({ name: 'Commander Night', ruleset: 'mamtr-2024', settings: {}, seed: 7 });
    for (let i = 0; i < 8; i++) await api.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name: NAMES[i] as string }, draw: i + 1 } });
    await api.dispatch({ command: { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p1', 'p2', 'p3', 'p4'] }, { table: 2, seats: ['p5', 'p6', 'p7', 'p8'] }], byes: [], seed: 1 } });
    await api.dispatch({ command: { type: 'record-penalty', round: 1, table: 1, player: 'p2', infraction: 'Tardiness', penalty: 'game-loss', judge: 'Kim Lee' } });
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    await user.type(await screen.findByTestId('table-box'), '1');
    const entry = await screen.findByTestId('entry');
    // The quick button of seat 2 is disabled and says why; seat 2 is ticked as excluded from a draw.
    const quick = within(entry).getByRole('group', { name: 'Common results' });
    const seat2 = within(quick).getByRole('button', { name: '2' }) as HTMLButtonElement;
    expect(seat2.disabled).toBe(true);
    expect(seat2.title).toBe('Bo Berg has a game loss: they lost that game');
    const excluded = within(entry).getByRole('group', { name: /Excluded from a draw/ });
    const boxes = within(excluded).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([false, true, false, false]);
    expect(boxes[1]!.disabled).toBe(true);
    // Typed as the winner: said before Enter, in the host's words.
    const field = entry.querySelector<HTMLInputElement>('[data-result-field]') as HTMLInputElement;
    await user.type(field, '2');
    await waitFor(() => expect(screen.getByTestId('verdict').textContent).toMatch(/Bo Berg has a game loss there \(Tardiness\): Bo Berg lost that game, so cannot be its winner/));
    // A draw records them excluded.
    await user.clear(field);
    await user.type(field, 'd{Enter}');
    await waitFor(async () => expect((await state()).rounds[0]?.tables[0]?.result).toEqual({ draw: true, excluded: ['p2'] }));
  });

  it('undoes a penalty from its toast; a second warning is counted', async () => {
    const s = await mtrRound(4);
    const api = host.connection.api;
    const player = s.rounds[0]?.tables[0]?.seats[0] as string;
    await api.dispatch({ command: { type: 'record-penalty', round: 1, table: 1, player, infraction: 'Slow Play', penalty: 'warning', judge: 'Kim Lee' } });
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    await user.click(await screen.findByTestId('penalty-open'));
    await user.type(screen.getByTestId('penalty-player'), '1');
    await user.click(within(screen.getByTestId('penalty-candidates')).getAllByRole('radio')[0] as HTMLElement);
    await user.type(screen.getByTestId('penalty-infraction'), 'Slow Play{Enter}');
    const toast = await screen.findByText(/^Penalty recorded: warning for .* — 2nd warning for/);
    expect(toast.textContent).toContain('Slow Play');
    await waitFor(async () => expect((await state()).penalties).toHaveLength(2));
    expect(within(screen.getByTestId('penalty-list')).getByText(/2nd warning for this infraction/)).toBeTruthy();
    await user.click(within(toast.closest('.toast') as HTMLElement).getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect((await state()).penalties).toHaveLength(1));
  });

  it('the player box: a table number, part of a name, or an option as listed', async () => {
    const s = await mtrRound(8);
    const round = s.rounds[0] as EventState['rounds'][number];
    expect(candidatesFor(s, round, '', 2)).toEqual(round.tables[1]?.seats);
    expect(candidatesFor(s, round, '3', null)).toEqual(round.tables[2]?.seats);
    expect(candidatesFor(s, round, 'castro', null)).toEqual(['p3']);
    expect(candidatesFor(s, round, 'a', null).length).toBeGreaterThan(1);
    const table = round.tables.find((t) => t.seats.includes('p2'))?.table;
    expect(candidatesFor(s, round, `Bo Berg — table ${table}`, null)).toEqual(['p2']);
  });
});
