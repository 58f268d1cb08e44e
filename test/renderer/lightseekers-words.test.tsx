// @vitest-environment jsdom
/**
 * A Lightseekers event speaks Lightseekers at the station: standings "after 1 round"
 * (no Swiss rounds), a pairing check about targets and no byes, no draft pick timer and no MTR
 * citation on the Clock screen — each from the rule set's presentation.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../renderer/App.js';
import { useStation } from '../../renderer/store/station.js';
import type { RendererHost } from '../support/renderer-host.js';
import { Builder, lightseekersSeatOrder, stationPerTest } from './event-builders.js';

let host: RendererHost;
let b: Builder;
stationPerTest((h, builder) => {
  host = h;
  b = builder;
});

describe('Lightseekers at the station', () => {
  it('standings, the pairing check and the Clock screen in its own words', async () => {
    const user = userEvent.setup();
    await b.create('lightseekers-competitive', 13);
    await b.pairSwiss();
    await b.finishRound(lightseekersSeatOrder);
    useStation.setState({ screen: 'standings' });
    render(<App connection={host.connection} view="station" />);
    const head = await screen.findByTestId('standings-screen');
    await waitFor(() => expect(head.textContent).toContain('After round 1'));
    await b.pairSwiss();
    await b.finishRound(lightseekersSeatOrder);
    await waitFor(() => expect(head.textContent).toContain('After 2 rounds'));
    expect(head.textContent).not.toContain('Swiss');

    // The pairing check of round 3: targets, no byes.
    await user.click(screen.getByTestId('primary-action'));
    const check = await screen.findByTestId('pairing-check');
    expect(within(check).getByTestId('seated-count').textContent).toMatch(/^13 of 13 active players seated · 3 tables$/);
    expect(check.textContent).not.toMatch(/bye/);
    expect(check.textContent).toMatch(/target/);

    // The Clock screen: no Magic draft pick timer, no "(MTR 2.8)".
    useStation.getState().setScreen('clock');
    const kinds = within(await screen.findByTestId('timer-kind')).getAllByRole('option').map((o) => o.textContent);
    expect(kinds).toEqual(['Custom']);
    expect((await screen.findByTestId('deck-pick-round')).textContent).not.toContain('MTR');
  });

  it('a Magic event keeps its words: Swiss rounds, byes, the draft pick timer (a limited event), MTR 2.8', async () => {
    const user = userEvent.setup();
    await b.create('mtr', 9, { format: 'sealed' });
    await b.pairSwiss();
    await b.finishRound(() => ({ games: [2, 0, 0] }));
    await b.pairSwiss();
    await b.finishRound(() => ({ games: [2, 0, 0] }));
    useStation.setState({ screen: 'standings' });
    render(<App connection={host.connection} view="station" />);
    await waitFor(() => expect(screen.getByTestId('standings-screen').textContent).toContain('After 2 Swiss rounds'));
    await user.click(screen.getByTestId('primary-action'));
    expect(within(await screen.findByTestId('pairing-check')).getByTestId('seated-count').textContent).toMatch(/· 1 bye$/);
    useStation.getState().setScreen('clock');
    expect(within(await screen.findByTestId('timer-kind')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Deck registration + construction',
      'Deck registration only',
      'Draft pick timer',
      'Custom',
    ]);
    expect((await screen.findByTestId('deck-pick-round')).textContent).toContain('(MTR 2.8)');
  });
});
