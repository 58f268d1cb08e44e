// @vitest-environment jsdom
/**
 * The hall screen stays trustworthy while the host is out of reach. The
 * real host (station service + journal store + clock service in a temp folder, the host's time in the
 * test's hands) behind the in-memory RPC pair, with a "cable" the test can pull: pulling it stops
 * everything between host and window, as a crashed host does, and the window's connection reports
 * 'disconnected' / 'connecting' as the WebSocket channel does while it retries.
 *
 * - The projector keeps counting from the last state and the host's time, and shows a small
 *   "Connection lost" mark; the station's top bar says so too, steadily while it retries, and its
 *   clock badge counts on as well.
 * - Plugged back, the window takes a fresh snapshot, the mark goes away, and the host's time is the
 *   truth again (the host moved on meanwhile: the window shows the host's second, not its own).
 * - A window that never reached the host (still connecting, or refused for a stale key) shows no
 *   "lost" mark.
 */
import 'fake-indexeddb/auto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RpcChannel } from '../../core/api/rpc.js';
import { createMemoryChannelPair, createRpcClient, serveRpc } from '../../core/api/rpc.js';
import type { Command } from '../../core/event/commands.js';
import { createHostServices } from '../../electron/host/host.js';
import type { StationService } from '../../electron/host/station-service.js';
import type { ConnectionStatus, StationConnection } from '../../renderer/api/index.js';
import { App } from '../../renderer/App.js';
import { useStation } from '../../renderer/store/station.js';
import { resetStation } from '../support/renderer-host.js';

configure({ asyncUtilTimeout: 5000 });

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const M = 60_000;

let time = T0;
let dataDir: string;
let service: StationService;

/** A connection with a cable: `unplug()` cuts host and window apart, `plugIn()` joins them again. */
interface Cable {
  connection: StationConnection;
  unplug(): void;
  plugIn(): void;
  setStatus(status: ConnectionStatus): void;
}

function cable(initial: ConnectionStatus = 'connected'): Cable {
  const [hostSide, windowSide] = createMemoryChannelPair();
  let plugged = true;
  // Nothing crosses while unplugged, either way (a request sent meanwhile is simply lost, as on a dead socket).
  const gated = (channel: RpcChannel): RpcChannel => ({
    send: (message) => {
      if (plugged) channel.send(message);
    },
    onMessage: (handler) =>
      channel.onMessage((message) => {
        if (plugged) handler(message);
      }),
  });
  serveRpc(service, gated(hostSide));
  let status: ConnectionStatus = initial;
  const listeners = new Set<(status: ConnectionStatus) => void>();
  const setStatus = (next: ConnectionStatus): void => {
    status = next;
    for (const listener of [...listeners]) listener(next);
  };
  return {
    connection: {
      api: createRpcClient(gated(windowSide)),
      transport: 'websocket',
      status: () => status,
      onStatus: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      onMenu: () => () => undefined,
    },
    unplug() {
      plugged = false;
      setStatus('disconnected');
    },
    plugIn() {
      plugged = true;
      setStatus('connected');
    },
    setStatus,
  };
}

async function run(command: Command): Promise<void> {
  await service.dispatch({ command });
}

beforeEach(async () => {
  time = T0;
  resetStation('clock');
  useStation.setState({ connectionLost: false, clockSkewMs: 0 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-projector-lost-'));
  service = createHostServices({ dataDir, station: 'hall', now: () => new Date(time), printer: async () => ({ pdfBase64: '', pages: 1, fileName: 'x.pdf' }) });
  await service.createEvent({ name: 'Hall Cup', ruleset: 'mtr', settings: { rel: 'competitive' }, seed: 1 });
  const names = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'Gus Pereira', 'Hana Novak'];
  for (const [i, name] of names.entries()) await run({ type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i });
  const tables = [0, 1, 2, 3].map((i) => ({ table: i + 1, seats: [`p${2 * i + 1}`, `p${2 * i + 2}`] }));
  await run({ type: 'pair-round', round: 1, stage: 'swiss', tables, byes: [], seed: 1 });
  await run({ type: 'start-round-clock', round: 1, at: 0 });
  await run({ type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] } });
  time = T0 + 12 * M + 34_200; // 37:26 left
});

afterEach(async () => {
  cleanup();
  await service.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const projectorTime = (): string => screen.getByTestId('projector-time').textContent ?? '';

describe('the projector while the host is out of reach', () => {
  it('counts on from the last state with a small "Connection lost" mark, and the host is the truth once back', async () => {
    const wire = cable();
    render(<App connection={wire.connection} view="projector" />);
    await waitFor(() => expect(projectorTime()).toBe('37:26'));
    expect(screen.queryByTestId('projector-connection-lost')).toBeNull();
    expect(screen.getByTestId('round').textContent).toBe('Round 1 — 3 tables outstanding');

    wire.unplug();
    const mark = await screen.findByTestId('projector-connection-lost');
    expect(mark.textContent).toBe('Connection lost');
    // The host pushes nothing now (its time is frozen too); the projector counts on by itself,
    // second by second, down from the last time call.
    await waitFor(() => expect(projectorTime()).toBe('37:25'));
    await waitFor(() => expect(projectorTime()).toBe('37:24'));
    // The channel goes back and forth while it retries: the mark stays.
    wire.setStatus('connecting');
    wire.setStatus('disconnected');
    expect(screen.getByTestId('projector-connection-lost')).toBeTruthy();
    // Everything else stays as it was: the event, the round, the board.
    expect(screen.getByRole('heading', { name: 'Hall Cup' })).toBeTruthy();
    expect(screen.getByTestId('round').textContent).toBe('Round 1 — 3 tables outstanding');

    // Meanwhile the host moved on (a result at another station, and its time is 20:00 into the round).
    await run({ type: 'record-result', round: 1, table: 2, result: { games: [2, 1, 0] } });
    time = T0 + 20 * M;
    wire.setStatus('connecting');
    wire.plugIn();
    await waitFor(() => expect(screen.queryByTestId('projector-connection-lost')).toBeNull());
    await waitFor(() => expect(projectorTime()).toBe('30:00'));
    await waitFor(() => expect(screen.getByTestId('round').textContent).toBe('Round 1 — 2 tables outstanding'));
  });

  it('says so on the idle screen too', async () => {
    await service.closeEvent();
    const wire = cable();
    render(<App connection={wire.connection} view="projector" />);
    await screen.findByTestId('no-event');
    wire.unplug();
    expect((await screen.findByTestId('projector-connection-lost')).textContent).toBe('Connection lost');
  });

  it('shows no "lost" mark for a window that never reached the host', async () => {
    const waiting = cable('connecting');
    render(<App connection={waiting.connection} view="projector" />);
    await screen.findByTestId('projector'); // the snapshot request went through the (plugged) cable
    waiting.setStatus('disconnected');
    waiting.setStatus('refused');
    expect(screen.queryByTestId('projector-connection-lost')).toBeNull();
    expect(useStation.getState().connectionLost).toBe(false);
  });
});

describe('the station while the host is out of reach', () => {
  it('says so in the top bar, steadily while retrying, and its clock counts on; back, it says Connected', async () => {
    const wire = cable();
    render(<App connection={wire.connection} view="station" />);
    const badge = await screen.findByTestId('connection');
    await waitFor(() => expect(screen.getByTestId('station-clock').textContent).toBe('37:26'));
    expect(badge.textContent).toBe('Connected');

    wire.unplug();
    await waitFor(() => expect(screen.getByTestId('connection').textContent).toBe('Connection lost — reconnecting…'));
    expect(screen.getByTestId('connection').className).toContain('badge-disconnected');
    wire.setStatus('connecting');
    expect(screen.getByTestId('connection').textContent).toBe('Connection lost — reconnecting…');
    await waitFor(() => expect(screen.getByTestId('station-clock').textContent).toBe('37:25'));

    time = T0 + 20 * M;
    wire.plugIn();
    await waitFor(() => expect(screen.getByTestId('connection').textContent).toBe('Connected'));
    await waitFor(() => expect(screen.getByTestId('station-clock').textContent).toBe('30:00'));
  });
});
