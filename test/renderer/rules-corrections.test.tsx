// @vitest-environment jsdom
/**
 * At the station, pairing past the announced rounds asks first (RULES 4), the
 * pod rule sets' Commander format, and Lightseekers forms without an enforcement level.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Command } from '../../core/event/commands.js';
import { App } from '../../renderer/App.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

let host: RendererHost;

beforeEach(async () => {
  resetStation('pairings');
  host = await startRendererHost();
});

afterEach(async () => {
  cleanup();
  await host.close();
});

async function journal(): Promise<Command[]> {
  const answer = await host.connection.api.query({ kind: 'journal' });
  return answer.kind === 'journal' ? answer.entries.map((e) => e.command) : [];
}

describe('pairing past the announced rounds asks first (RULES 4)', () => {
  it('the publish dialog says the round is an extra one, and the command records the confirmation', async () => {
    const api = host.connection.api;
    await api.createEvent({ name: 'Short Open', ruleset: 'mtr', settings: { swissRounds: 1 }, seed: 5 });
    for (let i = 1; i <= 8; i++) await api.dispatch({ command: { type: 'register-player', player: { id: `p${i}`, name: `Player ${i}` }, draw: i } });
    const answer = await api.query({ kind: 'propose-pairing', seed: 3 });
    if (answer.kind !== 'propose-pairing') throw new Error('no proposal');
    const p = answer.proposal;
    await api.dispatch({ command: { type: 'pair-round', round: 1, stage: 'swiss', tables: p.tables.map((t) => ({ table: t.table, seats: t.seats })), byes: p.byes, seed: p.seed } });
    for (const t of p.tables) await api.dispatch({ command: { type: 'record-result', round: 1, table: t.table, result: { games: [2, 0, 0] } } });
    // The station's fold refuses round 2 without the confirmation.
    await expect(
      api.dispatch({ command: { type: 'pair-round', round: 2, stage: 'swiss', tables: p.tables.map((t) => ({ table: t.table, seats: t.seats })), byes: [], seed: 4 } }),
    ).rejects.toThrow(/past the announced 1 Swiss round/);

    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    const button = await screen.findByTestId('pair-next');
    expect(button.textContent).toContain('Pair round 2 (extra round)');
    await user.click(button);
    await screen.findByTestId('pairing-preview');
    await user.click(screen.getByTestId('publish'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('beyond-announced').textContent).toContain('This event announced 1 Swiss round: round 2 is an extra round');
    await user.click(within(dialog).getByRole('button', { name: 'Publish extra round 2' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    const last = (await journal()).filter((c) => c.type === 'pair-round').pop();
    expect(last).toMatchObject({ type: 'pair-round', round: 2, beyondAnnounced: true });
  });
});

describe('the new-event form speaks each rule set', () => {
  it('pod rule sets offer the Commander format by default (+4-minute deck checks); other formats +3', async () => {
    resetStation('players');
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    await user.type(await screen.findByTestId('event-name'), 'Commander Night');
    await user.selectOptions(screen.getByTestId('ruleset'), 'mamtr-2024');
    const format = screen.getByTestId('setting-format') as HTMLSelectElement;
    expect(format.value).toBe('commander');
    expect(screen.getByTestId('time-limits').textContent).toContain('deck check +4 minutes');
    await user.selectOptions(format, 'constructed');
    expect(screen.getByTestId('time-limits').textContent).toContain('deck check +3 minutes');
    await user.selectOptions(screen.getByTestId('ruleset'), 'mtr');
    expect([...(screen.getByTestId('setting-format') as HTMLSelectElement).options].map((o) => o.value)).not.toContain('commander');
  });

  it('Lightseekers has no Rules Enforcement Level to choose', async () => {
    resetStation('players');
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    await user.type(await screen.findByTestId('event-name'), 'Lightseekers Regional');
    await user.selectOptions(screen.getByTestId('ruleset'), 'lightseekers-competitive');
    expect(screen.queryByTestId('setting-rel')).toBeNull();
    expect(screen.getByTestId('time-limits').textContent).not.toMatch(/REL|MTR|\+0/);
  });
});
