// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/App.js';
import { useStation } from '../../renderer/store/station.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

// The player page: "QR codes to it [the player page]: a corner of the projector" — while players can reach it.

let host: RendererHost;

beforeEach(async () => {
  resetStation('results');
  host = await startRendererHost();
});

afterEach(async () => {
  cleanup();
  await host.close();
});

describe("the projector's corner", () => {
  it('shows the player page QR code while the venue network is on, and nothing while it is off', async () => {
    await host.connection.api.createEvent({ name: 'Friday Night', ruleset: 'mtr', settings: {}, seed: 3 });
    render(<App connection={host.connection} view="projector" />);
    await screen.findByText(/Friday Night/);
    expect(screen.queryByTestId('projector-player-page')).toBeNull();
    act(() => useStation.setState({ network: { on: true, urls: ['http://192.168.1.20:5719/'], joinCodes: [], devices: [] } }));
    const corner = await screen.findByTestId('projector-player-page');
    expect(corner.getAttribute('aria-label')).toBe('Find your table on your phone: http://192.168.1.20:5719/p');
    expect(corner.querySelector('svg[role="img"]')?.getAttribute('aria-label')).toBe('QR code of the player page http://192.168.1.20:5719/p');
    act(() => useStation.setState({ network: { on: false, urls: [], joinCodes: [], devices: [] } }));
    expect(screen.queryByTestId('projector-player-page')).toBeNull();
  });
});
