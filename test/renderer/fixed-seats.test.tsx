// @vitest-environment jsdom
/**
 * Fixed seats on the Players screen: a fixed table set, changed and cleared in a
 * player's edit row and at registration; the seat choice only where the rule set's tables have seats
 * to fix (pods: seats 1 to the pod size), never for a head-to-head event; the list shows it; the
 * host refuses a table already someone's, in words.
 */
import 'fake-indexeddb/auto';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsPatch } from '../../core/event/commands.js';
import type { RulesetId } from '../../core/model/types.js';
import { App } from '../../renderer/App.js';
import { forgetDirectorySession } from '../../renderer/screens/PlayersScreen.js';
import { clearStationMemory } from '../../renderer/store/directory.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

configure({ asyncUtilTimeout: 5000 });

let host: RendererHost;
let draws = 1;

beforeEach(async () => {
  resetStation('players');
  forgetDirectorySession();
  await clearStationMemory();
  host = await startRendererHost();
});

afterEach(async () => {
  cleanup();
  await host.close();
});

async function createEvent(ruleset: RulesetId, settings: SettingsPatch = {}): Promise<void> {
  await host.connection.api.createEvent({ name: 'Fixed Open', ruleset, settings });
}

async function register(id: string, name: string, extra: { fixedTable?: number } = {}): Promise<void> {
  await host.connection.api.dispatch({ command: { type: 'register-player', player: { id, name, ...extra }, draw: draws++ } });
}

async function hostPlayers() {
  return (await host.connection.api.snapshot()).state?.players ?? [];
}

async function renderStation() {
  const view = render(<App connection={host.connection} view="station" />);
  await screen.findByTestId('registration-form');
  return view;
}

const row = (id: string): HTMLElement => screen.getByTestId(`player-${id}`);

async function openEdit(id: string, name: string): Promise<HTMLElement> {
  const user = userEvent.setup();
  await user.click(within(row(id)).getByRole('button', { name: `Edit ${name} (${id})` }));
  return screen.getByTestId('edit-player');
}

describe('Players screen: a fixed table', () => {
  it('head-to-head: set a fixed table in the edit row (no seat to choose), shown in the list, then cleared', async () => {
    const user = userEvent.setup();
    await createEvent('mtr');
    await register('p001', 'Ana Archer');
    await register('p002', 'Bo Brandt');
    await renderStation();
    expect(screen.queryByTestId('register-fixed-seat')).toBeNull();

    const form = await openEdit('p001', 'Ana Archer');
    expect(within(form).queryByTestId('edit-fixed-seat')).toBeNull();
    await user.type(within(form).getByTestId('edit-fixed-table'), '7{Enter}');
    await waitFor(() => expect(within(row('p001')).getByTestId('fixed-place').textContent).toBe('Fixed table 7'));
    expect((await hostPlayers())[0]).toMatchObject({ fixedTable: 7 });

    // Not a number: said in the row, nothing sent.
    const again = await openEdit('p002', 'Bo Brandt');
    await user.type(within(again).getByTestId('edit-fixed-table'), 'x{Enter}');
    expect(within(again).getByText('The fixed table is a number (1, 2, …), not "x".')).toBeTruthy();
    // Ana's table: the host says why not.
    await user.clear(within(again).getByTestId('edit-fixed-table'));
    await user.type(within(again).getByTestId('edit-fixed-table'), '7{Enter}');
    expect(await screen.findByText(/table 7 is already the fixed table of Ana Archer \(p001\)/)).toBeTruthy();
    expect((await hostPlayers())[1]?.fixedTable).toBeUndefined();
    await user.click(within(screen.getByTestId('edit-player')).getByRole('button', { name: 'Cancel' }));

    const clear = await openEdit('p001', 'Ana Archer');
    expect((within(clear).getByTestId('edit-fixed-table') as HTMLInputElement).value).toBe('7');
    await user.clear(within(clear).getByTestId('edit-fixed-table'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(row('p001')).queryByTestId('fixed-place')).toBeNull());
    expect((await hostPlayers())[0]).not.toHaveProperty('fixedTable');
  });

  it('pods: a fixed table and seat (seats 1 to the pod size) at registration and in the edit row', async () => {
    const user = userEvent.setup();
    await createEvent('mamtr-2024', { podSize: 5 });
    await register('p001', 'Ana Archer', { fixedTable: 2 });
    await renderStation();

    const seat = screen.getByTestId('register-fixed-seat') as HTMLSelectElement;
    expect([...seat.options].map((o) => o.value)).toEqual(['0', '1', '2', '3', '4', '5']);
    await user.click(screen.getByTestId('register-name'));
    await user.keyboard('Bo Brandt');
    await user.type(screen.getByTestId('register-fixed-table'), '4');
    await user.selectOptions(seat, '3');
    await user.click(screen.getByTestId('register'));
    await waitFor(() => expect(row('p002')).toBeTruthy());
    expect((await hostPlayers())[1]).toMatchObject({ fixedTable: 4, fixedSeat: 3 });
    expect(within(row('p002')).getByTestId('fixed-place').textContent).toBe('Fixed table 4, seat 3');
    // The form is clear for the next person.
    expect((screen.getByTestId('register-fixed-table') as HTMLInputElement).value).toBe('');

    const form = await openEdit('p001', 'Ana Archer');
    await user.selectOptions(within(form).getByTestId('edit-fixed-seat'), '1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(row('p001')).getByTestId('fixed-place').textContent).toBe('Fixed table 2, seat 1'));
    expect((await hostPlayers())[0]).toMatchObject({ fixedTable: 2, fixedSeat: 1 });

    // A seat without a table is refused in the row.
    const other = await openEdit('p002', 'Bo Brandt');
    await user.clear(within(other).getByTestId('edit-fixed-table'));
    await user.click(within(other).getByRole('button', { name: 'Save' }));
    expect(within(other).getByText('A fixed seat needs a fixed table: type the table’s number too.')).toBeTruthy();
  });
});
