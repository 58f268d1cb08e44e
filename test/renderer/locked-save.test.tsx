// @vitest-environment jsdom
/**
 * A save another Podium holds, as the scorekeeper sees it: the banner names the holder,
 * Take over waits until the holder lets go, then one click makes this station the writer — with
 * what the holder wrote read afresh.
 */
import 'fake-indexeddb/auto';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEventStore } from '../../electron/host/event-store.js';
import { App } from '../../renderer/App.js';
import { forgetDirectorySession } from '../../renderer/screens/PlayersScreen.js';
import { clearStationMemory } from '../../renderer/store/directory.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

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

describe('a save held by another Podium', () => {
  it('shows who holds it, refuses changes, and offers Take over once the holder lets go', async () => {
    const user = userEvent.setup();
    const created = await host.connection.api.createEvent({ name: 'Held Open', ruleset: 'mtr', settings: {} });
    const file = created.summary?.path as string;
    await host.connection.api.closeEvent();
    // The other Podium: the real store in this process, as the desktop app would hold it.
    const holder = await openEventStore(file, { station: 'desk 2', lock: { mode: 'the desktop app' } });
    expect(holder.readOnly).toBe(false);

    render(<App connection={host.connection} view="station" />);
    await host.connection.api.openEvent({ path: file });
    const banner = await screen.findByTestId('locked-banner');
    expect(banner.textContent).toMatch(/This save is open for writing on this computer by Podium \(the desktop app, process \d+\) since/);
    expect(banner.textContent).toContain('Only one Podium may write to a save');
    const takeOver = screen.getByTestId('take-over') as HTMLButtonElement;
    expect(takeOver.disabled).toBe(true);
    expect((screen.getByTestId('register-name') as HTMLInputElement).disabled).toBe(true);
    // No "repaired copy" for a held save: two copies of one event would part ways.
    expect(screen.queryByTestId('repair')).toBeNull();

    await holder.append({ type: 'register-player', player: { id: 'p001', name: 'Ana Archer' }, draw: 1 });
    await holder.close();
    await waitFor(() => expect(screen.getByTestId('locked-banner').textContent).toContain('The other Podium has let go of this save'));
    expect((screen.getByTestId('take-over') as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByTestId('take-over'));
    await waitFor(() => expect(screen.queryByTestId('locked-banner')).toBeNull());
    const snapshot = await host.connection.api.snapshot();
    expect(snapshot.summary?.readOnly).toBe(false);
    expect(snapshot.state?.players.map((p) => p.name)).toEqual(['Ana Archer']);
    expect((screen.getByTestId('register-name') as HTMLInputElement).disabled).toBe(false);
  });
});
