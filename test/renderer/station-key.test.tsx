// @vitest-environment jsdom
/**
 * Browser mode's station key on the station's own windows, against the real in-process host (its
 * station key door given by the test): a window the host refuses says in words what to do — the
 * station and the projector alike, never only "Connection lost" — and the help (`?`) shows the
 * addresses that open this station's windows and gives the station a new key, after asking once,
 * then opens this window again with it.
 */
import 'fake-indexeddb/auto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryChannelPair, createRpcClient, serveRpc } from '../../core/api/rpc.js';
import { createHostServices } from '../../electron/host/host.js';
import type { StationService } from '../../electron/host/station-service.js';
import type { ConnectionStatus, StationConnection } from '../../renderer/api/index.js';
import { App } from '../../renderer/App.js';
import { KEY_REFUSED_WORDS, NO_KEY_WORDS } from '../../renderer/components/StationKey.js';
import { useCaller } from '../../renderer/store/caller.js';
import { resetStation } from '../support/renderer-host.js';

const OLD = 'o'.repeat(43);
const NEW = 'n'.repeat(43);

let dataDir: string;
let service: StationService;
let stopRpc: () => void;
let renewed: string[];
let replaced: string[];

beforeEach(async () => {
  resetStation('players');
  useCaller.setState({ caller: null, supportLog: null });
  renewed = [];
  replaced = [];
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-key-ui-'));
  service = createHostServices({
    dataDir,
    station: 'key-ui',
    printer: async () => ({ pdfBase64: '', pages: 1, fileName: 'x.pdf' }),
    stationKey: {
      renew: async () => {
        renewed.push(NEW);
        return NEW;
      },
    },
  });
});

afterEach(async () => {
  cleanup();
  stopRpc?.();
  await service.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

/** A browser-mode window of the station: with a station key (or none), its status in the test's hands. */
function window(status: ConnectionStatus, withKey = true): StationConnection {
  const [host, side] = createMemoryChannelPair();
  stopRpc = serveRpc(service, host);
  return {
    api: createRpcClient(side),
    transport: 'websocket',
    status: () => status,
    onStatus: () => () => undefined,
    onMenu: () => () => undefined,
    ...(withKey
      ? {
          stationKey: {
            address: (page: string) => `http://127.0.0.1:5719/${page.replace(/^\/+/, '')}?key=${OLD}`,
            replace: (key: string) => void replaced.push(key),
          },
        }
      : {}),
  };
}

describe('a station window the host refuses', () => {
  it.each(['station', 'projector'] as const)('the %s says its station key is no longer valid, and what to do', async (view) => {
    render(<App connection={window('refused')} view={view} />);
    const page = await screen.findByTestId('key-refused');
    expect(within(page).getByRole('heading').textContent).toBe(KEY_REFUSED_WORDS);
    expect(page.textContent).toContain('Open the address Podium printed when it started');
    expect(page.textContent).toContain('“This station’s addresses”');
    expect(screen.queryByText('Connection lost')).toBeNull();
    expect(screen.queryByTestId('projector-connection-lost')).toBeNull();
  });

  it('a window opened without any key says it has none', async () => {
    render(<App connection={window('refused', false)} view="station" />);
    expect(within(await screen.findByTestId('key-refused')).getByRole('heading').textContent).toBe(NO_KEY_WORDS);
  });
});

describe('the help’s station key', () => {
  it('shows the addresses with the key, and gives the station a new key after asking once', async () => {
    const user = userEvent.setup();
    render(<App connection={window('connected')} view="station" />);
    (await screen.findByTestId('event-name')).blur();
    await user.keyboard('?');
    const help = within(screen.getByRole('dialog', { name: 'Help' })).getByTestId('station-key-help');
    expect(within(help).getByTestId('station-address').textContent).toBe(`http://127.0.0.1:5719/?key=${OLD}`);
    expect(within(help).getByTestId('projector-address').textContent).toBe(`http://127.0.0.1:5719/projector?key=${OLD}`);
    await user.click(within(help).getByTestId('new-station-key'));
    const confirm = screen.getByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('Every window opened with the old address loses its connection');
    // Cancel changes nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(renewed).toEqual([]);
    await user.click(within(help).getByTestId('new-station-key'));
    await user.click(within(screen.getByTestId('confirm-dialog')).getByTestId('confirm'));
    await waitFor(() => expect(replaced).toEqual([NEW]));
    expect(renewed).toEqual([NEW]);
  });

  it('is not offered to a window without a key (the desktop app)', async () => {
    const user = userEvent.setup();
    render(<App connection={window('connected', false)} view="station" />);
    (await screen.findByTestId('event-name')).blur();
    await user.keyboard('?');
    expect(within(screen.getByRole('dialog', { name: 'Help' })).queryByTestId('station-key-help')).toBeNull();
  });
});
