/**
 * Browser mode's station key across restarts (station-key.ts), against the real browser-mode
 * server on 127.0.0.1 with real WebSocket clients and a temp station folder:
 *
 * - the first launch makes a key and keeps it in `station-key` (mode 0600, written whole: no
 *   temporary file left); the next launch uses it, so a window opened with the printed address
 *   reconnects after a restart;
 * - a new key is made when asked (`--new-key`), and when the kept one cannot be trusted (others may
 *   read it, it is not a key, it is a link), saying why and never quoting a key in the log;
 * - "New station key" over the API: the window that asked gets the new key, every window with the
 *   old one is closed and refused from then on, the file holds the new key, the terminal prints the
 *   new address; a device cannot ask, and a station without a key (the desktop app) says so.
 */
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, chmod, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { journalStore } from '../../electron/host/host.js';
import { createStationService } from '../../electron/host/station-service.js';
import { loadStationKey, STATION_KEY_FILE } from '../../electron/host/station-key.js';
import { parseWebArgs, startBrowserMode, type BrowserMode } from '../../electron/web.js';
import { connectWebSocket, type WebSocketChannel, type WebSocketLike } from '../../renderer/api/ws-client.js';

let dir: string;
let dataDir: string;
let rendererDir: string;
const modes: BrowserMode[] = [];
const channels: WebSocketChannel[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'podium-station-key-'));
  dataDir = path.join(dir, 'station');
  rendererDir = path.join(dir, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Podium</title>');
});

afterEach(async () => {
  for (const channel of channels.splice(0)) channel.close();
  for (const mode of modes.splice(0)) await mode.close();
  await rm(dir, { recursive: true, force: true });
});

async function launch(options: { newKey?: boolean } = {}): Promise<{ mode: BrowserMode; lines: string[] }> {
  const lines: string[] = [];
  const mode = await startBrowserMode({ port: 0, dataDir, rendererDir, log: (line) => lines.push(line), ...options });
  modes.push(mode);
  return { mode, lines };
}

async function stop(mode: BrowserMode): Promise<void> {
  modes.splice(modes.indexOf(mode), 1);
  await mode.close();
}

const keyFile = (): string => path.join(dataDir, STATION_KEY_FILE);
const kept = async (): Promise<string> => (await readFile(keyFile(), 'utf8')).trim();

/** A window of the station: the real WebSocket client with `key`, reconnecting as a page does. */
function connect(port: number, key: string) {
  const create = (u: string): WebSocketLike => new WebSocket(u) as unknown as WebSocketLike;
  const refusal = async (): Promise<string | null> => {
    const reply = await fetch(`http://127.0.0.1:${port}/rpc?key=${encodeURIComponent(key)}`);
    return reply.status === 403 ? (await reply.text()).trim() : null;
  };
  const client = connectWebSocket(`ws://127.0.0.1:${port}/rpc?key=${encodeURIComponent(key)}`, { create, refusal });
  channels.push(client.channel);
  return client;
}

/** Wait for a channel's status, on its own events (no sleeping). */
function statusOf(channel: WebSocketChannel, wanted: string): Promise<void> {
  if (channel.status() === wanted) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = channel.onStatus((status) => {
      if (status === wanted) {
        stop();
        resolve();
      }
    });
  });
}

describe('the station key across launches', () => {
  it('is made once, kept readable by this user only, and used again after a restart', async () => {
    const { mode, lines } = await launch();
    const key = mode.server.key;
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(await kept()).toBe(key);
    if (process.platform !== 'win32') expect((await lstat(keyFile())).mode & 0o777).toBe(0o600);
    // Written whole: nothing but the key file (and the station's own files) in the folder.
    expect((await readdir(dataDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(lines.some((line) => line.startsWith('A new station key was made (there was none yet)'))).toBe(true);
    const port = mode.server.port;
    const window = connect(port, key);
    await window.channel.ready;
    expect((await window.api.whoami()).caller).toEqual({ kind: 'local' });

    // A restart (the same folder and port): the same key, and the window is back by itself.
    await stop(mode);
    await statusOf(window.channel, 'disconnected');
    const again = await startBrowserMode({ port, dataDir, rendererDir, log: () => undefined });
    modes.push(again);
    expect(again.server.key).toBe(key);
    await statusOf(window.channel, 'connected');
    expect((await window.api.snapshot()).state).toBeNull();
  });

  it('--new-key replaces it; the old one is refused', async () => {
    expect(parseWebArgs(['--new-key', '--port', '0'])).toEqual({ newKey: true, port: 0 });
    expect(() => parseWebArgs(['--new-key=yes'])).toThrow(/unknown option/);
    const first = await launch();
    const old = first.mode.server.key;
    await stop(first.mode);
    const { mode, lines } = await launch({ newKey: true });
    expect(mode.server.key).not.toBe(old);
    expect(await kept()).toBe(mode.server.key);
    expect(lines.some((line) => line.startsWith('A new station key was made (a new one was asked for)'))).toBe(true);
    const stale = await fetch(`http://127.0.0.1:${mode.server.port}/rpc?key=${encodeURIComponent(old)}`);
    expect(stale.status).toBe(403);
    expect(await stale.text()).toMatch(/the station key is wrong or no longer valid/);
  });

  it.each([
    ['others could read it', async () => chmod(keyFile(), 0o644), /others could read the kept one \(mode 644\)/],
    ['it is not a key', async () => writeFile(keyFile(), 'password\n', { mode: 0o600 }), /the kept one was not a key Podium makes/],
    [
      'it is a link',
      async () => {
        const elsewhere = path.join(dir, 'elsewhere');
        await writeFile(elsewhere, `${'a'.repeat(43)}\n`, { mode: 0o600 });
        await rm(keyFile());
        await symlink(elsewhere, keyFile());
      },
      /is not an ordinary file/,
    ],
  ])('is made again when %s, saying why', async (what, spoil, reason) => {
    if (process.platform === 'win32' && what === 'others could read it') return;
    const first = await loadStationKey(dataDir);
    await spoil();
    const next = await loadStationKey(dataDir);
    expect(next.key).not.toBe(first.key);
    expect(next.made).toMatch(reason);
    expect(await kept()).toBe(next.key);
    const info = await lstat(keyFile());
    expect(info.isFile()).toBe(true);
    if (process.platform !== 'win32') expect(info.mode & 0o777).toBe(0o600);
  });
});

describe('New station key (the station’s own window asks)', () => {
  it('answers the asking window with the new key, closes every window with the old one, keeps it and prints the new address', async () => {
    const { mode, lines } = await launch();
    const port = mode.server.port;
    const old = mode.server.key;
    const asking = connect(port, old);
    const projector = connect(port, old);
    await Promise.all([asking.channel.ready, projector.channel.ready]);

    const { key } = await asking.api.newStationKey();
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(key).not.toBe(old);
    expect(mode.server.key).toBe(key);
    expect(await kept()).toBe(key);
    // Every window with the old key is closed, then refused in words (the page says what to do).
    await Promise.all([statusOf(asking.channel, 'refused'), statusOf(projector.channel, 'refused')]);
    expect(projector.channel.refusal()).toMatch(/the station key is wrong or no longer valid \(the station may have been given a new key\): open the address Podium printed/);
    // The new key opens the station.
    const fresh = connect(port, key);
    await fresh.channel.ready;
    expect((await fresh.api.whoami()).caller).toEqual({ kind: 'local' });
    // The terminal has the new address; no line carries the old key, and only the address lines the new one.
    expect(lines.some((line) => line.includes(`?key=${key}`) && line.startsWith('Open http://127.0.0.1'))).toBe(true);
    expect(lines.filter((line) => line.includes(key)).every((line) => /open http:\/\//i.test(line))).toBe(true);
    const log = await readFile(mode.supportLog.file, 'utf8');
    expect(log).toContain('The station was given a new station key');
    expect(log).not.toContain(key);
    expect(log).not.toContain(old);
  });

  it('is refused to a device, and by a station that has no key', async () => {
    const service = createStationService({ dataDir, station: 'desk', store: journalStore });
    try {
      const desktop = await service.newStationKey({}).catch((error: unknown) => error);
      expect(desktop).toMatchObject({ code: 'not-allowed' });
      expect((desktop as Error).message).toMatch(/this station has no station key/);
      const device = await service.newStationKey({}, { kind: 'device', id: 'd2', name: 'Desk 2', role: 'station' }).catch((error: unknown) => error);
      expect((device as Error).message).toMatch(/Desk 2 \(second station\) cannot do this from a device/);
    } finally {
      await service.dispose();
    }
  });
});
