// @vitest-environment jsdom
/**
 * The top bar's one primary button names the true next action (UX.md "The next action is
 * obvious") and does it: a draft event seats its pods before round 1 (MTR 7.6); a
 * proposal waiting is published (its one confirmation), not paired again; a published round's
 * clock is started before results are asked for.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../renderer/App.js';
import { useStation } from '../../renderer/store/station.js';
import type { RendererHost } from '../support/renderer-host.js';
import { Builder, stationPerTest } from './event-builders.js';

let host: RendererHost;
let b: Builder;
stationPerTest((h, builder) => {
  host = h;
  b = builder;
});

const primary = (): HTMLElement => screen.getByTestId('primary-action');

describe('the primary button', () => {
  it('a draft event: "Seat draft pods" before round 1, then "Pair round 1"', async () => {
    const user = userEvent.setup();
    await b.create('mtr', 8, { format: 'draft' });
    render(<App connection={host.connection} view="station" />);
    await waitFor(() => expect(primary().textContent).toBe('Seat draft pods'));
    await user.click(primary());
    expect(useStation.getState().screen).toBe('pairings');
    for (const p of (await b.state()).players) await b.run({ type: 'edit-player', id: p.id, changes: { draftPod: 1 } });
    await waitFor(() => expect(primary().textContent).toBe('Pair round 1'));
  });

  it('"Publish round 1" while a proposal waits (its confirmation opens), then "Start round 1 clock", then results', async () => {
    const user = userEvent.setup();
    await b.create('mtr', 8);
    render(<App connection={host.connection} view="station" />);
    await waitFor(() => expect(primary().textContent).toBe('Pair round 1'));
    await user.click(primary());
    await screen.findByTestId('pairing-preview');
    await waitFor(() => expect(primary().textContent).toBe('Publish round 1'));
    // Away from the Pairings screen and back with the primary button: the publish confirmation, at once.
    useStation.getState().setScreen('players');
    await user.click(primary());
    const dialog = await screen.findByTestId('confirm-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Publish round 1' }));
    await waitFor(async () => expect((await b.state()).rounds).toHaveLength(1));

    // Published, its clock not started: starting it is what comes next (MTR 2.5: 50 minutes).
    await waitFor(() => expect(primary().textContent).toBe('Start round 1 clock'));
    await user.click(primary());
    await waitFor(async () => expect((await b.state()).clock?.rounds.map((r) => [r.round, r.minutes])).toEqual([[1, 50]]));
    expect(useStation.getState().screen).toBe('clock');
    await waitFor(() => expect(primary().textContent).toBe('Enter results (4 outstanding)'));
  });
});
