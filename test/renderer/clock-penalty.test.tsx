// @vitest-environment jsdom
/**
 * A penalty from the Clock screen's tables ("Enter it from the Results screen or the
 * clock's table view in a few keys"), against the real in-process host: the Results screen's form,
 * opened by a key, for a table that has no time of its own (so no row on the clock) by its number;
 * opened from a table's row with its players offered first; Esc closes it and the cursor goes back.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewCommand } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { App } from '../../renderer/App.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

let host: RendererHost;

const NAMES = ['Ana Archer', 'Bo Berg', 'Cy Castro', 'Di Dahl', 'Ed Eze', 'Flo Fox', 'Gus Gray', 'Hal Hu'];
/** Host answers and React renders through the in-memory pair: quick, but give a loaded machine room. */
const SOON = { timeout: 5000 };

beforeEach(async () => {
  resetStation('clock');
  host = await startRendererHost();
});

afterEach(async () => {
  cleanup();
  await host.close();
});

async function run(command: NewCommand): Promise<void> {
  await host.connection.api.dispatch({ command });
}

async function state(): Promise<EventState> {
  const snapshot = await host.connection.api.snapshot();
  if (!snapshot.state) throw new Error('no event');
  return snapshot.state;
}

/** An MTR round of four tables (table t: p(2t-1) and p(2t)), its clock running; only table 2 has time of its own. */
async function runningRound(): Promise<void> {
  await host.connection.api.createEvent({ name: 'Clock Penalty Open', ruleset: 'mtr', settings: { rel: 'competitive' }, seed: 3 });
  for (const [i, name] of NAMES.entries()) await run({ type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i + 1 });
  const tables = [1, 2, 3, 4].map((t) => ({ table: t, seats: [`p${2 * t - 1}`, `p${2 * t}`] }));
  await run({ type: 'pair-round', round: 1, stage: 'swiss', tables, byes: [], seed: 1 });
  await run({ type: 'start-round-clock', round: 1 });
  await run({ type: 'extend-table', round: 1, table: 2, reason: 'other', minutes: 4, note: 'Table moved' });
}

describe('penalties from the Clock screen (mtr, real host)', () => {
  it('records a game loss at a table with no time of its own, from the keyboard', async () => {
    await runningRound();
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    await screen.findByTestId('clock-table-2', {}, SOON);
    // Table 3 has no time of its own: no row on the clock…
    expect(screen.queryByTestId('clock-table-3')).toBeNull();
    expect(screen.getByTestId('clock-penalty-count').textContent).toBe('round 1: none');

    // …so the card's button, by the keyboard: the cursor lands in the player box.
    const open = screen.getByTestId('clock-penalty-open');
    open.focus();
    await user.keyboard('{Enter}');
    const form = await screen.findByTestId('penalty-form');
    expect(document.activeElement).toBe(screen.getByTestId('penalty-player'));
    // The table's number offers its two players; the first radio, then the fields in order.
    await user.keyboard('3');
    const radios = within(screen.getByTestId('penalty-candidates')).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['Ed Eze table 3', 'Flo Fox table 3']);
    await user.tab();
    expect(document.activeElement).toBe(radios[0]);
    await user.keyboard(' ');
    expect(radios[0]).toHaveProperty('checked', true);
    expect(document.activeElement).toBe(radios[0]);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('penalty-infraction'));
    await user.keyboard('Tardiness');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('penalty-kind'));
    // (A browser's select picks by its first letter; jsdom has no such keys, so the option is chosen.)
    await user.selectOptions(screen.getByTestId('penalty-kind'), 'game-loss');
    expect(screen.getByTestId('penalty-kind')).toHaveProperty('value', 'game-loss');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('penalty-judge'));
    await user.keyboard('Kim Lee{Enter}');

    await waitFor(async () => expect((await state()).penalties).toEqual([{ round: 1, table: 3, player: 'p5', infraction: 'Tardiness', penalty: 'game-loss', judge: 'Kim Lee', at: expect.any(Number) }]), SOON);
    await screen.findByText('Penalty recorded: game loss for \u2068Ed Eze\u2069 (\u2068Tardiness\u2069)', {}, SOON);
    // The form closes and gives the cursor back; the card counts it.
    await waitFor(() => expect(screen.queryByTestId('penalty-form')).toBeNull());
    expect(form.isConnected).toBe(false);
    expect(document.activeElement).toBe(open);
    await waitFor(() => expect(screen.getByTestId('clock-penalty-count').textContent).toBe('round 1: 1 penalty'), SOON);
  });

  it('a table’s row opens the form with that table’s players; Esc closes it', async () => {
    await runningRound();
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    const row = await screen.findByTestId('clock-table-2', {}, SOON);
    const button = within(row).getByRole('button', { name: 'Record a penalty at table 2' });
    await user.click(button);
    expect(screen.getByTestId('clock-penalty-for').textContent).toMatch(/^Table 2: pick the player below/);
    expect((screen.getByTestId('penalty-player') as HTMLInputElement).placeholder).toBe('table 2');
    expect(document.activeElement).toBe(screen.getByTestId('penalty-player'));
    const radios = within(screen.getByTestId('penalty-candidates')).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['Cy Castro table 2', 'Di Dahl table 2']);

    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('penalty-form')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(await state()).not.toHaveProperty('penalties');

    // Open again and record a warning for the second player, Enter from the infraction box.
    await user.keyboard('{Enter}');
    await user.click(within(screen.getByTestId('penalty-candidates')).getAllByRole('radio')[1] as HTMLElement);
    await user.type(screen.getByTestId('penalty-judge'), 'Kim Lee');
    await user.type(screen.getByTestId('penalty-infraction'), 'Slow Play{Enter}');
    await waitFor(async () => expect((await state()).penalties).toMatchObject([{ round: 1, table: 2, player: 'p4', infraction: 'Slow Play', penalty: 'warning', judge: 'Kim Lee' }]), SOON);
    await waitFor(() => expect(screen.queryByTestId('penalty-form')).toBeNull());
  });
});
