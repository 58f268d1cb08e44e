// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventState } from '../../core/model/types.js';
import { App } from '../../renderer/App.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

// Players' reports from their phones wait on the Results screen: both reports shown,
// accepted, edited or rejected with one key. The commands a phone's report makes are written here
// through the host's own phone path (the player door calls it in the real thing, after the code check).

let host: RendererHost;

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

async function roundWithReports(): Promise<void> {
  const api = host.connection.api;
  await api.createEvent({ name: 'Friday Night', ruleset: 'mtr', settings: {}, seed: 3 });
  const names = ['Ana Archer', 'Bo Brandt', 'Cy Cole', 'Di Dunn'];
  for (const [i, name] of names.entries()) await api.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i } });
  await api.dispatch({ command: { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p1', 'p2'] }, { table: 2, seats: ['p3', 'p4'] }], byes: [], seed: 1 } });
  const phone = (command: Record<string, unknown> & { player: string; phone: string }) =>
    host.service.phoneCommand({ command, by: { id: command.phone, name: `${command.player}'s phone`, role: 'player' }, refusal: () => null });
  await phone({ type: 'report-result', round: 1, table: 1, player: 'p1', phone: 'phone-ana1', result: { games: [2, 1, 0] } });
  await phone({ type: 'confirm-report', round: 1, table: 1, player: 'p2', phone: 'phone-bo12', agree: true });
  await phone({ type: 'report-result', round: 1, table: 2, player: 'p3', phone: 'phone-cy12', result: { games: [2, 0, 0] } });
  await phone({ type: 'confirm-report', round: 1, table: 2, player: 'p4', phone: 'phone-di12', agree: false, result: { games: [0, 2, 0] } });
}

describe("the Results screen's queue of players' reports", () => {
  it('shows each report with every answer, and A accepts, R rejects the focused one', async () => {
    await roundWithReports();
    render(<App connection={host.connection} view="station" />);
    const queue = await screen.findByTestId('report-queue');
    const [agreed, disputed] = within(queue).getAllByRole('listitem');
    expect(agreed?.textContent).toMatch(/Ana Archer.*reported: .*2.1/);
    expect(agreed?.textContent).toContain('every player agreed');
    expect(agreed?.textContent).toMatch(/Bo Brandt.*agreed/);
    expect(disputed?.textContent).toContain('disputed');
    expect(disputed?.textContent).toMatch(/Di Dunn.*disputes: .*Di Dunn/);

    (agreed as HTMLElement).focus();
    fireEvent.keyDown(agreed as HTMLElement, { key: 'a' });
    await waitFor(async () => expect((await state()).rounds[0]?.tables[0]?.result).toEqual({ games: [2, 1, 0] }));
    await waitFor(() => expect(within(screen.getByTestId('report-queue')).getAllByRole('listitem')).toHaveLength(1));

    const left = within(screen.getByTestId('report-queue')).getByRole('listitem');
    left.focus();
    fireEvent.keyDown(left, { key: 'r' });
    await waitFor(() => expect(screen.queryByTestId('report-queue')).toBeNull());
    const after = await state();
    expect(after.rounds[0]?.tables[1]?.result).toBeUndefined();
    expect(after.rounds[0]?.reports).toBeUndefined();
  });

  it('E takes the table to the entry box, where a result typed at the desk wins over the report', async () => {
    await roundWithReports();
    render(<App connection={host.connection} view="station" />);
    const queue = await screen.findByTestId('report-queue');
    const disputed = within(queue).getAllByRole('listitem')[1] as HTMLElement;
    disputed.focus();
    fireEvent.keyDown(disputed, { key: 'e' });
    await waitFor(() => expect((screen.getByTestId('table-box') as HTMLInputElement).value).toBe('2'));
    await host.connection.api.dispatch({ command: { type: 'record-result', round: 1, table: 2, result: { games: [1, 2, 0] } } });
    await waitFor(() => expect(within(screen.getByTestId('report-queue')).getAllByRole('listitem')).toHaveLength(1));
  });
});

describe('the self-report setting in the Venue network panel', () => {
  it('is the scorekeeper-checks default and changes with a journal entry', async () => {
    await roundWithReports();
    render(<App connection={host.connection} view="station" />);
    await screen.findByTestId('report-queue');
    fireEvent.keyDown(window, { key: 'n', code: 'KeyN', altKey: true });
    const phones = await screen.findByTestId('players-phones');
    expect((within(phones).getByTestId('self-reports-queue') as HTMLInputElement).checked).toBe(true);
    expect(phones.textContent).toContain('Turn the venue network on');
    fireEvent.click(within(phones).getByTestId('self-reports-auto'));
    await waitFor(async () => expect((await state()).settings.selfReports).toBe('auto'));
    await waitFor(() => expect((within(screen.getByTestId('players-phones')).getByTestId('self-reports-auto') as HTMLInputElement).checked).toBe(true));
  });
});
