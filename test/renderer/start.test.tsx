// @vitest-environment jsdom
import path from 'node:path';
import 'fake-indexeddb/auto';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/App.js';
import { forgetDirectorySession } from '../../renderer/screens/PlayersScreen.js';
import { clearStationMemory } from '../../renderer/store/directory.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

// The host writes every command to disk before answering: give a busy CI machine time.
configure({ asyncUtilTimeout: 5000 });

let host: RendererHost;

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

function renderStation() {
  return render(<App connection={host.connection} view="station" />);
}

describe('Start screen', () => {
  it('creates an mtr event with edited settings, shown with its time limits and recommended rounds', async () => {
    const user = userEvent.setup();
    renderStation();
    const name = await screen.findByTestId('event-name');
    expect(document.activeElement).toBe(name);

    // The rule set's defaults are shown before anything is touched.
    expect((screen.getByTestId('setting-gamesToWin') as HTMLSelectElement).value).toBe('2');
    expect(screen.getByTestId('time-limits').textContent).toContain('Rounds of 50 minutes');
    expect(screen.getByTestId('time-limits').textContent).toContain('deck check +3 minutes');
    expect(screen.getByTestId('time-limits').textContent).toContain('then 5 more turns');

    await user.type(name, 'Friday Draft');
    await user.selectOptions(screen.getByTestId('setting-rel'), 'competitive');
    await user.selectOptions(screen.getByTestId('setting-gamesToWin'), '3');
    await user.selectOptions(screen.getByTestId('setting-format'), 'draft');
    await user.selectOptions(screen.getByTestId('setting-lateEntryRecord'), 'none');
    // Above Regular REL the draft-pod pairing cannot be lifted (MTR 7.6).
    expect((screen.getByTestId('setting-pairWithinDraftPods') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('time-limits').textContent).toContain('Deck registration and construction: 25 minutes');

    await user.type(screen.getByTestId('expected-players'), '12');
    expect(screen.getByTestId('recommended-rounds').textContent).toContain('Recommended for 12 players: 4 Swiss rounds, then a top 8');
    await user.clear(screen.getByTestId('expected-players'));
    await user.type(screen.getByTestId('expected-players'), '40');
    expect(screen.getByTestId('recommended-rounds').textContent).toContain('Recommended for 40 players: 6 Swiss rounds, then a top 8');
    await user.type(screen.getByTestId('swiss-rounds'), '5');

    await user.click(screen.getByTestId('create-event'));
    await screen.findByText('Register a player');
    const state = (await host.connection.api.snapshot()).state;
    expect(state?.name).toBe('Friday Draft');
    expect(state?.ruleset).toBe('mtr');
    expect(state?.settings).toMatchObject({ rel: 'competitive', gamesToWin: 3, format: 'draft', lateEntryRecord: 'none', swissRounds: 5, pairWithinDraftPods: true });
    // The draft event's registration asks for the pod.
    expect(screen.getByTestId('register-pod')).toBeTruthy();
  });

  it('shows only the settings a rule set reads: pods for mamtr-2024, none for Lightseekers (no REL)', async () => {
    const user = userEvent.setup();
    renderStation();
    await user.type(await screen.findByTestId('event-name'), 'Commander League');
    await user.selectOptions(screen.getByTestId('ruleset'), 'lightseekers-competitive');
    expect(screen.queryByTestId('setting-rel')).toBeNull();
    expect(screen.queryByTestId('setting-podSize')).toBeNull();
    expect(screen.queryByTestId('setting-gamesToWin')).toBeNull();
    expect(screen.queryByTestId('swiss-rounds')).toBeNull();

    await user.selectOptions(screen.getByTestId('ruleset'), 'mamtr-2024');
    expect((screen.getByTestId('setting-podSize') as HTMLSelectElement).value).toBe('4');
    expect((screen.getByTestId('setting-lastTurnMinutes') as HTMLInputElement).value).toBe('30');
    expect(screen.queryByTestId('setting-gamesToWin')).toBeNull();
    expect(screen.queryByTestId('setting-endOfRound')).toBeNull();
    expect(screen.getByTestId('time-limits').textContent).toContain('Rounds of 80 minutes');
    expect(screen.getByTestId('time-limits').textContent).toContain('last-turn limit of 30 minutes');

    await user.selectOptions(screen.getByTestId('setting-podSize'), '5');
    await user.clear(screen.getByTestId('setting-lastTurnMinutes'));
    await user.type(screen.getByTestId('setting-lastTurnMinutes'), '20');
    await user.click(screen.getByTestId('setting-balanceSeats'));
    expect(screen.getByTestId('time-limits').textContent).toContain('last-turn limit of 20 minutes');
    await user.type(screen.getByTestId('expected-players'), '23');
    expect(screen.getByTestId('recommended-rounds').textContent).toMatch(/Recommended for 23 players: \d Swiss rounds/);

    await user.click(screen.getByTestId('create-event'));
    await screen.findByText('Register a player');
    const state = (await host.connection.api.snapshot()).state;
    expect(state?.ruleset).toBe('mamtr-2024');
    expect(state?.settings).toMatchObject({ podSize: 5, lastTurnMinutes: 20, balanceSeats: true });
  });

  it('refuses to create an event without a name, in words', async () => {
    const user = userEvent.setup();
    renderStation();
    await screen.findByTestId('event-name');
    await user.click(screen.getByTestId('create-event'));
    expect(await screen.findByText('Name the event.')).toBeTruthy();
    expect((await host.connection.api.snapshot()).state).toBeNull();
  });

  it('reopens a recent event with one click, and Close event goes back to Start', async () => {
    const user = userEvent.setup();
    await host.connection.api.createEvent({ name: 'Saturday PPTQ', ruleset: 'mtr', settings: {} });
    await host.connection.api.closeEvent();
    renderStation();
    const list = await screen.findByTestId('recent-events');
    await user.click(within(list).getByText('Saturday PPTQ'));
    await screen.findByText('Register a player');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Saturday PPTQ');
    expect((await host.connection.api.snapshot()).state?.name).toBe('Saturday PPTQ');

    await user.click(screen.getByTestId('close-event'));
    await screen.findByText('New event');
    expect((await host.connection.api.snapshot()).state).toBeNull();
    // And it is still in the recent list.
    await waitFor(() => expect(within(screen.getByTestId('recent-events')).getByText('Saturday PPTQ')).toBeTruthy());
  });

  it('opens a save by its path and explains a missing file in words', async () => {
    const user = userEvent.setup();
    const created = await host.connection.api.createEvent({ name: 'By path', ruleset: 'mstr-2022', settings: {} });
    const file = created.summary?.path as string;
    await host.connection.api.closeEvent();
    renderStation();
    const input = await screen.findByTestId('open-path');
    await user.type(input, `${file.replace(/\.podium$/, '')}-missing.podium{Enter}`);
    expect(await screen.findByRole('alert')).toBeTruthy();
    await user.clear(input);
    await user.type(input, `${file}{Enter}`);
    await screen.findByText('Register a player');
    expect((await host.connection.api.snapshot()).state?.name).toBe('By path');
  });

  it('opens a damaged save read-only and offers to save a repaired copy in the events folder', async () => {
    const user = userEvent.setup();
    const created = await host.connection.api.createEvent({ name: 'Damaged Derby', ruleset: 'mtr', settings: {} });
    for (const [i, name] of ['Ana Archer', 'Bo Brandt', 'Chloé Dubois'].entries())
      await host.connection.api.dispatch({ command: { type: 'register-player', player: { id: `p00${i + 1}`, name }, draw: i } });
    const file = created.summary?.path as string;
    await host.connection.api.closeEvent();
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines[4] = (lines[4] as string).replace('Chloé Dubois', 'Chloe Dubois');
    await writeFile(file, lines.join('\n'));

    renderStation();
    await user.click(within(await screen.findByTestId('recent-events')).getByText('Damaged Derby'));
    const repair = await screen.findByTestId('repair');
    expect(repair.textContent).toContain('read-only');
    expect((screen.getByTestId('register-name') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('repair-path') as HTMLInputElement).value).toBe(path.basename(file).replace(/\.podium$/, '-repaired.podium'));
    await user.click(within(repair).getByRole('button', { name: 'Save a repaired copy' }));
    await waitFor(() => expect(screen.queryByTestId('repair')).toBeNull());
    const snapshot = await host.connection.api.snapshot();
    expect(snapshot.summary).toMatchObject({ readOnly: false, path: file.replace(/\.podium$/, '-repaired.podium') });
    expect(snapshot.state?.players.map((p) => p.name)).toEqual(['Ana Archer', 'Bo Brandt']);
    expect((screen.getByTestId('register-name') as HTMLInputElement).disabled).toBe(false);
  });
});
