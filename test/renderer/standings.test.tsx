// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getRuleset } from '../../core/rulesets/index.js';
import { simulateEvent } from '../../core/simulate.js';
import { App } from '../../renderer/App.js';
import { StandingsTable } from '../../renderer/screens/standings/StandingsTable.js';
import { startRendererHost, type RendererHost } from '../support/renderer-host.js';
import { Builder, fakeLayout, podSeatOneWins, resetStore, seatOneWins } from './event-builders.js';

let host: RendererHost;
let b: Builder;
let restoreLayout: () => void;

beforeAll(() => {
  restoreLayout = fakeLayout();
});
afterAll(() => restoreLayout());

beforeEach(async () => {
  resetStore('standings');
  host = await startRendererHost();
  b = new Builder(host);
});

afterEach(async () => {
  cleanup();
  await host.close();
});

async function renderStandings() {
  render(<App connection={host.connection} view="station" />);
  return screen.findByTestId('standings-table');
}

const headers = (table: HTMLElement): string[] => within(table).getAllByRole('columnheader').map((th) => (th.textContent ?? '').replace(/[▲▼]/g, '').trim());
const bodyRows = (table: HTMLElement): HTMLElement[] => Array.from(table.querySelectorAll<HTMLElement>('tbody tr[data-player]'));
const rowIds = (table: HTMLElement): string[] => bodyRows(table).map((tr) => tr.dataset.player as string);

describe('Standings screen', () => {
  it('shows the tiebreaker columns of each rule set', async () => {
    await b.create('mtr', 4);
    let table = await renderStandings();
    expect(headers(table)).toEqual(['Rank', 'Name', 'ID', 'Points', 'W–L–D', 'OMW%', 'GW%', 'OGW%']);
    cleanup();
    await host.close();

    host = await startRendererHost();
    b = new Builder(host);
    resetStore('standings');
    await b.create('mamtr-2024', 8);
    await b.pairSwiss();
    await b.finishRound(podSeatOneWins);
    table = await renderStandings();
    expect(headers(table)).toEqual(['Rank', 'Name', 'ID', 'Points', 'W–L–D', 'MWP', 'OAMP', 'OMWP']);
    // Percentages with two decimals, OAMP as a number: a pod winner has MWP 100.00%.
    const first = bodyRows(table)[0] as HTMLElement;
    expect(first.textContent).toContain('100.00%');
    expect(first.textContent).toMatch(/\d+\.\d\d(?!%)/);
    cleanup();
    await host.close();

    host = await startRendererHost();
    b = new Builder(host);
    resetStore('standings');
    await b.create('lightseekers-competitive', 9);
    await b.pairSwiss();
    // Seat 1 wins with 6 VP; everyone else 5 VP and nobody defeated: equal on everything.
    await b.finishRound((t) => ({ vp: Object.fromEntries(t.seats.map((id, i) => [id, i === 0 ? 6 : 5])), defeated: [] }));
    table = await renderStandings();
    expect(headers(table)).toEqual(['Rank', 'Name', 'ID', 'Wins', 'W–L', 'VP', 'Longevity', 'Best VP']);
    // Integers, and ties on everything flagged in words for the organiser.
    expect(bodyRows(table)[0]?.textContent).not.toMatch(/\d\.\d/);
    expect(screen.getAllByText('tie — organiser decides').length).toBeGreaterThan(0);
  });

  it('says which results it holds: after the last round, or during a round the results so far', async () => {
    await b.create('mtr', 9);
    await b.pairSwiss();
    await b.finishRound(seatOneWins);
    await b.pairSwiss();
    const state = await b.state();
    const round2 = state.rounds[1];
    if (!round2) throw new Error('no round 2');
    await b.run({ type: 'record-result', round: 2, table: round2.tables[0]?.table as number, result: { games: [2, 1, 0] } });
    await renderStandings();
    const head = screen.getByTestId('standings-screen').querySelector('.standings-head p') as HTMLElement;
    // Round 2 has 4 tables and a bye: one result is in, 3 tables still play.
    expect(head.textContent).toMatch(/^During round 2: the results so far \(3 tables still playing, byes counted\) · 9 players · tiebreakers: /);
    await b.finishRound(seatOneWins);
    await waitFor(() => expect(head.textContent).toMatch(/^After 2 Swiss rounds · 9 players · /));
  });

  it('searches by name or id and sorts by any column, from the mouse or the keyboard', async () => {
    const user = userEvent.setup();
    await b.create('mtr', 9);
    await b.pairSwiss();
    await b.finishRound(seatOneWins);
    await b.run({ type: 'drop-player', id: 'p03' });
    const table = await renderStandings();
    expect(bodyRows(table)).toHaveLength(9);
    // Dropped: struck through with the round.
    const dropped = table.querySelector('tr[data-player="p03"]') as HTMLElement;
    expect(dropped.querySelector('.dropped')?.textContent).toBe('Cy Castro');
    expect(dropped.textContent).toContain('dropped after round 1');

    // "/" focuses the search; typing filters at once; accents and case do not matter.
    await user.keyboard('/');
    const search = screen.getByRole('searchbox', { name: /search standings/i });
    expect(document.activeElement).toBe(search);
    await user.keyboard('ana');
    await waitFor(() => expect(rowIds(table)).toEqual(['p01']));
    await user.clear(search);
    await user.type(search, 'P0');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(9));
    await user.clear(search);
    await user.type(search, 'nobody');
    await screen.findByTestId('standings-empty');
    await user.clear(search);
    await waitFor(() => expect(bodyRows(table)).toHaveLength(9));

    // Default: rank order. Sort by name (family name, A–Z), then again for Z–A.
    const ranks = () => bodyRows(table).map((tr) => Number(tr.querySelector('td')?.textContent));
    expect(ranks()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const nameHeader = screen.getByRole('button', { name: /^Name/ });
    await user.click(nameHeader);
    expect(nameHeader.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    const names = () => bodyRows(table).map((tr) => tr.querySelector('td.st-name bdi')?.textContent);
    expect(names()).toEqual(['Ana Archer', 'Bo Berg', 'Cy Castro', 'Di Dahl', 'Ed Eze', 'Flo Fox', 'Gus Gray', 'Hal Hu', 'Ida Ito']);
    await user.click(nameHeader);
    expect(nameHeader.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    expect(names()[0]).toBe('Ida Ito');

    // Keyboard: Tab to the Points header and press Enter: most points first.
    const pointsHeader = screen.getByRole('button', { name: /^Points/ });
    pointsHeader.focus();
    await user.keyboard('{Enter}');
    const points = bodyRows(table).map((tr) => Number(tr.querySelector('td.st-points')?.textContent));
    expect(points).toEqual([...points].sort((x, y) => y - x));
    expect(points[0]).toBe(3);
    // Back to rank order.
    await user.click(screen.getByRole('button', { name: /^Rank/ }));
    expect(ranks()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('shows the MTR App. C breakdown with the numbers filled in (16 / (3 × 8) = 0.667; a floored opponent)', async () => {
    const user = userEvent.setup();
    await b.create('mtr', 4);
    // Eight rounds of Ana v Bo and Cy v Di: Ana wins 5 (2–0), draws 1 (1–1), loses 2 (1–2).
    const anaGames: [number, number, number][] = [[2, 0, 0], [2, 0, 0], [2, 0, 0], [2, 0, 0], [2, 0, 0], [1, 1, 0], [1, 2, 0], [1, 2, 0]];
    for (let round = 1; round <= 8; round++) {
      await b.run({ type: 'pair-round', round, stage: 'swiss', seed: round, byes: [], tables: [{ table: 1, seats: ['p01', 'p02'] }, { table: 2, seats: ['p03', 'p04'] }] });
      await b.run({ type: 'record-result', round, table: 1, result: { games: anaGames[round - 1] } });
      await b.run({ type: 'record-result', round, table: 2, result: { games: [2, 1, 0] } });
    }
    const table = await renderStandings();
    const ana = table.querySelector('tr[data-player="p01"]') as HTMLElement;
    expect(ana.querySelector('td.st-points')?.textContent).toBe('16');
    expect(ana.textContent).toContain('5–2–1');
    await user.click(ana);
    const panel = await screen.findByTestId('breakdown');
    // MWP = 16 / (3 × 8) = 0.667
    expect(within(panel).getByTestId('mwp-formula').textContent).toBe('MWP = 16 / (3 × 8) = 0.667');
    // Bo: 7 match points in 8 rounds = 0.292, raised to the 0.33 floor; OMW = mean of 8 × 0.33.
    expect(panel.textContent).toContain('7 / (3 × 8)');
    expect(panel.textContent).toContain('raised from 0.292 to 0.33');
    expect(within(panel).getByTestId('omw-formula').textContent).toBe(`OMW = (${Array(8).fill('0.33').join(' + ')}) / 8 = 0.33 = 33.00%`);
    // GW% = game points / (3 × games): 5 × 6 + 3 + 2 × 3 = 39 over 18 games.
    expect(within(panel).getByTestId('gw-formula').textContent).toBe('GW% = 39 / (3 × 18) = 0.722');
    // Escape closes; Enter on a focused row opens it again.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('breakdown')).toBeNull());
    ana.focus();
    await user.keyboard('{ArrowDown}');
    const order = rowIds(table);
    expect((document.activeElement as HTMLElement).dataset.player).toBe(order[order.indexOf('p01') + 1]);
    await user.keyboard('{ArrowUp}{Enter}');
    expect((await screen.findByTestId('breakdown')).getAttribute('aria-label')).toBe('Breakdown for Ana Archer');
  });

  it('shows the pods breakdown: PPW, OAMP listed and the ghost opponents of a smaller pod (mamtr-2024)', async () => {
    const user = userEvent.setup();
    await b.create('mamtr-2024', 7);
    // One pod of 4 and a smaller pod of 3 (one ghost opponent at 1/7).
    await b.run({ type: 'pair-round', round: 1, stage: 'swiss', seed: 1, byes: [], tables: [{ table: 1, seats: ['p01', 'p02', 'p03', 'p04'] }, { table: 2, seats: ['p05', 'p06', 'p07'] }] });
    await b.run({ type: 'record-result', round: 1, table: 1, result: { winner: 'p01' } });
    await b.run({ type: 'record-result', round: 1, table: 2, result: { winner: 'p05' } });
    const table = await renderStandings();
    await user.click(table.querySelector('tr[data-player="p06"]') as HTMLElement);
    const panel = await screen.findByTestId('breakdown');
    expect(panel.textContent).toContain('Points per win (PPW) for pods of 4: 2 × 4 − 1 = 7');
    expect(within(panel).getByTestId('pod-mwp-formula').textContent).toBe('MWP = (0 − 0 × 7) / (1 × 7) = 0');
    expect(within(panel).getByTestId('oamp-formula').textContent).toBe('OAMP = (7 + 0) / 2 = 3.50');
    expect(within(panel).getByTestId('ghosts').textContent).toContain('1 ghost opponent at 0.143 (1/7)');
    // Ed (MWP 1) and Flo's other opponent Gus (0, raised to 1/7), plus one ghost: (1 + 0.143 + 0.143) / 3.
    expect(within(panel).getByTestId('omwp-formula').textContent).toBe('OMWP = (1 + 0.143 + 1 × 0.143) / (2 + 1) = 0.429 = 42.86%');
  });
});

describe('The standings table, virtualised', () => {
  it('after a playoff: Final (after the playoff) by default with the finish in words, or Swiss', async () => {
    const user = userEvent.setup();
    await b.create('mtr', 8);
    for (let r = 0; r < 3; r++) {
      await b.pairSwiss();
      await b.finishRound(seatOneWins);
    }
    const mtr = getRuleset('mtr');
    let state = await b.state();
    const cut = mtr.playoff(state, { top: 4 }, 3);
    await b.run({ type: 'start-playoff', top: 4, draft: false, seeds: cut.seeds });
    const pairPlayoff = async (tables: { table: number; seats: string[] }[], round: number) =>
      b.run({ type: 'pair-round', round, stage: 'playoff', tables: tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: 3 });
    await pairPlayoff(cut.tables, 4);
    state = await b.finishRound(seatOneWins);
    await pairPlayoff(mtr.nextPlayoffRound(state, 3)!.tables, 5);
    // The final: seed 2 (seat 2) beats seed 1.
    await b.finishRound(() => ({ games: [0, 2, 0] }));
    const [s1, s2, s3, s4] = cut.seeds;

    const table = await renderStandings();
    expect(screen.getByTestId('view-final').getAttribute('aria-pressed')).toBe('true');
    expect(headers(table)).toEqual(['Rank', 'Name', 'Playoff', 'ID', 'Points', 'W–L–D', 'OMW%', 'GW%', 'OGW%']);
    expect(rowIds(table).slice(0, 4)).toEqual([s2, s1, s3, s4]);
    const finishes = () => Array.from(table.querySelectorAll('[data-testid="playoff-finish"]')).map((td) => td.textContent);
    expect(finishes().slice(0, 5)).toEqual(['Champion', 'Finalist', 'Semifinal', 'Semifinal', '']);
    expect(screen.getByRole('heading', { name: 'Final standings' })).toBeTruthy();

    // Search still works in the final view.
    await user.type(screen.getByRole('searchbox', { name: /search standings/i }), s3 as string);
    await waitFor(() => expect(rowIds(table)).toEqual([s3]));
    await user.clear(screen.getByRole('searchbox', { name: /search standings/i }));

    // The Swiss standings, as the rule set ranks them.
    await user.click(screen.getByTestId('view-swiss'));
    expect(screen.getByTestId('view-swiss').getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(headers(table)).not.toContain('Playoff'));
    expect(rowIds(table)).toEqual(mtr.standings(await b.state()).map((s) => s.id));
  });

  it('renders only a window of a 4,096-player list', async () => {
    const { state } = simulateEvent({ ruleset: 'mtr', players: 4096, rounds: 3, seed: 3 });
    const ruleset = getRuleset('mtr');
    const standings = ruleset.standings(state);
    expect(standings).toHaveLength(4096);
    render(<StandingsTable standings={standings} tiebreakers={ruleset.tiebreakers} />);
    const table = screen.getByTestId('standings-table');
    const rows = bodyRows(table);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(80);
    expect(table.getAttribute('aria-rowcount')).toBe('4097');
    // The first rows are rank 1, 2, ...; searching still covers the whole list.
    expect(rows[0]?.querySelector('td')?.textContent).toBe('1');
    cleanup();
    const last = standings[4095]!;
    render(<StandingsTable standings={standings} tiebreakers={ruleset.tiebreakers} query={last.id} />);
    expect(rowIds(screen.getByTestId('standings-table'))).toEqual([last.id]);
  });
});
