// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventState } from '../../core/model/types.js';
import { App } from '../../renderer/App.js';
import { startRendererHost, type RendererHost } from '../support/renderer-host.js';
import { Builder, lightseekersSeatOrder, podSeatOneWins, resetStore, seatOneWins } from './event-builders.js';

let host: RendererHost;
let b: Builder;

beforeEach(async () => {
  resetStore('playoffs');
  host = await startRendererHost();
  b = new Builder(host);
});

afterEach(async () => {
  cleanup();
  await host.close();
});

const nameOf = (state: EventState, id: string): string => state.players.find((p) => p.id === id)?.name ?? id;

async function waitForState(check: (state: EventState) => boolean): Promise<EventState> {
  let state = await b.state();
  await waitFor(async () => {
    state = await b.state();
    expect(check(state)).toBe(true);
  });
  return state;
}

describe('Playoffs screen', () => {
  it('cuts an MTR event to the top 8, shows the bracket, pairs each next round and ends with a champion', async () => {
    const user = userEvent.setup();
    await b.create('mtr', 9);
    for (let round = 0; round < 3; round++) {
      await b.pairSwiss();
      await b.finishRound(seatOneWins);
    }
    const swiss = await b.state();
    render(<App connection={host.connection} view="station" />);
    await screen.findByTestId('cut-planner');
    await user.click(screen.getByRole('radio', { name: /Top 8/ }));
    const preview = await screen.findByTestId('cut-preview');
    // Seats by seed: table 1 is seed 1 v seed 8, seat 1 the higher seed.
    const standings = (await host.connection.api.query({ kind: 'standings' })) as { standings: { id: string }[] };
    const seed1 = standings.standings[0]!.id;
    const seed8 = standings.standings[7]!.id;
    const table1 = within(preview).getByTestId('playoff-table-1');
    expect(table1.textContent).toContain(`Seat 1Seed 1 — ${nameOf(swiss, seed1)}, the higher seed: chooses to play or draw`);
    expect(table1.textContent).toContain(`Seat 2Seed 8 — ${nameOf(swiss, seed8)}`);
    expect(within(preview).getAllByText(/^Table \d$/)).toHaveLength(4);

    // The cut is irreversible: a confirmation first.
    await user.click(screen.getByTestId('cut-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Cut to the top 8?' });
    await user.click(within(dialog).getByTestId('confirm'));
    let state = await waitForState((s) => s.rounds.length === 4);
    expect(state.playoff).toMatchObject({ top: 8, draft: false });
    expect(state.rounds[3]).toMatchObject({ stage: 'playoff', number: 4 });
    expect(state.rounds[3]!.tables.map((t) => t.seats.map((id) => state.playoff!.seeds.indexOf(id) + 1))).toEqual([[1, 8], [4, 5], [2, 7], [3, 6]]);

    // The bracket: quarterfinals with their tables, the rest waiting for winners.
    const bracket = await screen.findByTestId('bracket');
    expect(within(bracket).getByTestId('bracket-round-1').textContent).toContain('Quarterfinals');
    expect(within(bracket).getByTestId('match-2-1').textContent).toContain('winner of table 1');
    expect(screen.getAllByText(/Result outstanding/)).toHaveLength(4);

    // Seat 1 wins every match; after each complete round, publish the next from the preview.
    for (const [round, tables] of [[5, 2], [6, 1]] as const) {
      await b.finishRound(seatOneWins);
      const publish = await screen.findByTestId('publish-playoff-round');
      expect(publish.textContent).toBe(`Publish playoff round ${round}`);
      await user.click(publish);
      state = await waitForState((s) => s.rounds.length === round);
      expect(state.rounds[round - 1]!.tables).toHaveLength(tables);
    }
    expect(within(await screen.findByTestId('bracket-round-2')).getByTestId('match-2-1').textContent).toContain('✓');
    await b.finishRound(seatOneWins);
    await screen.findByTestId('playoff-complete');
    // Seed 1 won every match as seat 1.
    await waitFor(() => expect(screen.getByTestId('champion').textContent).toBe(nameOf(state, seed1)));
  });

  it('a MAMTR top-7 cut shows seeds 1–3 waiting and the pod of seeds 4–7, seat 1 playing first', async () => {
    const user = userEvent.setup();
    await b.create('mamtr-2024', 23);
    for (let round = 0; round < 2; round++) {
      const state = await b.pairSwiss();
      // 23 players: pods of 4 and a smaller pod of 3.
      expect(state.rounds[round]!.tables.map((t) => t.seats.length).sort()).toEqual([3, 4, 4, 4, 4, 4]);
      await b.finishRound(podSeatOneWins);
    }
    const swiss = await b.state();
    render(<App connection={host.connection} view="station" />);
    await screen.findByTestId('cut-planner');
    // Recommended for 23 players (MAMTR App. E): top 7.
    expect((screen.getByRole('radio', { name: /Top 7/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: /Top 7/ }).closest('label')?.textContent).toContain('recommended');
    const preview = await screen.findByTestId('cut-preview');
    const standings = (await host.connection.api.query({ kind: 'standings' })) as { standings: { id: string }[] };
    const seeds = standings.standings.slice(0, 7).map((s) => s.id);
    const waiting = within(preview).getByTestId('waiting');
    expect(Array.from(waiting.querySelectorAll('li')).map((li) => li.textContent)).toEqual(seeds.slice(0, 3).map((id, i) => `Seed ${i + 1} — ${nameOf(swiss, id)}`));
    const pod = within(preview).getByTestId('playoff-table-1');
    expect(pod.textContent).toContain('Pod 1');
    expect(Array.from(pod.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      `Seat 1Seed 4 — ${nameOf(swiss, seeds[3]!)}, plays first`,
      `Seat 2Seed 5 — ${nameOf(swiss, seeds[4]!)}`,
      `Seat 3Seed 6 — ${nameOf(swiss, seeds[5]!)}`,
      `Seat 4Seed 7 — ${nameOf(swiss, seeds[6]!)}`,
    ]);
    expect(screen.getByTestId('cut-plan').textContent).toContain('One pod of seeds 4–7 while seeds 1–3 wait');

    await user.click(screen.getByTestId('cut-button'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm'));
    const state = await waitForState((s) => s.rounds.length === 3);
    expect(state.rounds[2]).toMatchObject({ stage: 'playoff', waiting: seeds.slice(0, 3), tables: [{ table: 1, seats: seeds.slice(3, 7) }] });
    // The bracket: the first round with the waiting seeds, then the final to come.
    const bracket = await screen.findByTestId('bracket');
    expect(within(bracket).getByTestId('bracket-round-1').textContent).toContain('Waiting this round');
    expect(within(bracket).getByTestId('bracket-round-2').textContent).toContain('Final');
    expect(within(bracket).getByTestId('bracket-round-2').textContent).toContain('with seeds 1–3 who waited');

    // The pod's seat 1 wins: the final is seeds 1–3 and seed 4.
    await b.finishRound(podSeatOneWins);
    await user.click(await screen.findByTestId('publish-playoff-round'));
    const final = await waitForState((s) => s.rounds.length === 4);
    expect(final.rounds[3]!.tables[0]!.seats).toEqual(seeds.slice(0, 4));
  });

  it('MAMTR 2.4C: a drawn final whose top seed drops afterwards still names them champion, on the bracket and the final standings', async () => {
    await b.create('mamtr-2024', 23);
    for (let round = 0; round < 2; round++) {
      await b.pairSwiss();
      await b.finishRound(podSeatOneWins);
    }
    const swiss = await b.state();
    const cut = await b.api.query({ kind: 'propose-playoff', top: 4, seed: 1 });
    if (cut.kind !== 'propose-playoff') throw new Error('no cut');
    const seeds = cut.proposal.seeds;
    await b.run({ type: 'start-playoff', top: 4, draft: false, seeds });
    await b.run({ type: 'pair-round', round: 3, stage: 'playoff', tables: cut.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: 1 });
    await b.run({ type: 'record-result', round: 3, table: 1, result: { draw: true } });
    await b.run({ type: 'drop-player', id: seeds[0]! });
    render(<App connection={host.connection} view="station" />);
    const champion = await screen.findByTestId('champion');
    expect(champion.textContent).toBe(nameOf(swiss, seeds[0]!));
    expect(screen.getByTestId('bracket-table-1-1').textContent).toContain('won by the highest Swiss seed who took part in it (2.4C)');
    expect((await screen.findByTestId('final-champion')).textContent).toContain(nameOf(swiss, seeds[0]!));
  });

  it('Lightseekers: the final table with the seat-choosing order, and the seats the players chose', async () => {
    const user = userEvent.setup();
    await b.create('lightseekers-competitive', 13);
    for (let round = 0; round < 3; round++) {
      await b.pairSwiss();
      await b.finishRound(lightseekersSeatOrder);
    }
    const swiss = await b.state();
    render(<App connection={host.connection} view="station" />);
    await screen.findByTestId('cut-planner');
    expect((screen.getByRole('radio', { name: /Top 5/ }) as HTMLInputElement).checked).toBe(true);
    const preview = await screen.findByTestId('cut-preview');
    const standings = (await host.connection.api.query({ kind: 'standings' })) as { standings: { id: string }[] };
    const seeds = standings.standings.slice(0, 5).map((s) => s.id);
    // The choosing order: the lowest seed first, the top seed last.
    const table = within(preview).getByTestId('playoff-table-1');
    const lines = Array.from(table.querySelectorAll('li')).map((li) => li.textContent);
    expect(lines[0]).toBe(`Chooses 1stSeed 5 — ${nameOf(swiss, seeds[4]!)}`);
    expect(lines[4]).toBe(`Chooses lastSeed 1 — ${nameOf(swiss, seeds[0]!)}`);

    await user.click(screen.getByTestId('cut-button'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm'));
    await waitForState((s) => s.playoff !== undefined);
    // No round yet: the players choose their seats and the scorekeeper records them.
    const chooser = await screen.findByTestId('seat-chooser-1');
    const publish = screen.getByTestId('publish-playoff-round');
    expect((publish as HTMLButtonElement).disabled).toBe(true);
    expect(chooser.textContent).toContain(`Now choosing: ${nameOf(swiss, seeds[4]!)}`);
    // Seed 5 takes seat 3, seed 4 seat 1, seed 3 seat 5, seed 2 seat 2; seed 1 the last free seat, 4.
    for (const seat of [3, 1, 5, 2]) await user.click(chooser.querySelector(`button[data-seat="${seat}"]`) as HTMLElement);
    // A slip: undo the last choice and choose again.
    await user.click(within(chooser).getByRole('button', { name: 'Undo the last choice' }));
    await user.click(chooser.querySelector('button[data-seat="2"]') as HTMLElement);
    expect((publish as HTMLButtonElement).disabled).toBe(true);
    await user.click(chooser.querySelector('button[data-seat="4"]') as HTMLElement);
    await waitFor(() => expect((screen.getByTestId('publish-playoff-round') as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByTestId('publish-playoff-round'));
    const state = await waitForState((s) => s.rounds.length === 4);
    expect(state.rounds[3]!.tables[0]!.seats).toEqual([seeds[3], seeds[1], seeds[4], seeds[0], seeds[2]]);
  });
});
