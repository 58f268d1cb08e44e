/**
 * "a locked door": browser mode's StationApi needs the station key, and
 * a path named over the API stays in the events folder. Against the real browser-mode server
 * (startBrowserMode: the real host services, the real journal store, a temp data folder) on
 * 127.0.0.1, with real WebSocket clients:
 *
 * - `/rpc` without the key, or with a wrong one, is refused (403, in words, logged) and the key is
 *   never in any refusal; with it, the API works; a server given no key makes its own
 *   (browser mode keeps one across launches: station-key.test.ts).
 * - createEvent / saveAs / saveRepairedCopy with `..`, an absolute path elsewhere or a link out of
 *   the events folder are refused in words, the same whether that path exists or not, and nothing
 *   is created on disk; no error text carries a raw system error (ENOENT, EACCES, …).
 * - Save As never replaces an existing file unless asked to (`overwrite`, which the user confirmed).
 * - The shell's own dialog path (in-process) may save anywhere; no client can reach it.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { StationApi } from '../../core/api/contract.js';
import { StationError, type RpcChannel } from '../../core/api/rpc.js';
import { startWebServer } from '../../electron/host/web-server.js';
import { startBrowserMode, type BrowserMode } from '../../electron/web.js';
import { KEY_STORAGE, keyedRpcUrl, takeStationKey } from '../../renderer/api/index.js';
import { connectWebSocket, type WebSocketChannel, type WebSocketLike } from '../../renderer/api/ws-client.js';

/** A WebSocket upgrade: 'open', or the HTTP status and body it was refused with. */
function tryConnect(url: string, origin?: string): Promise<'open' | { status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body });
        ws.terminate();
      });
    });
    ws.on('error', (error) => {
      if (!String(error.message).includes('Unexpected server response')) reject(error);
    });
  });
}

async function refusal(promise: Promise<unknown>): Promise<StationError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StationError);
    return error as StationError;
  }
  throw new Error('expected the call to be refused');
}

/** Send any request, even one the typed client cannot make; resolves with the response. */
function rawRequest(channel: RpcChannel, method: string, params: unknown): Promise<Record<string, unknown>> {
  const id = 900_000 + Math.floor(Math.random() * 1000);
  return new Promise((resolve) => {
    const stop = channel.onMessage((message) => {
      const m = message as { kind?: string; id?: number };
      if (m.kind === 'response' && m.id === id) {
        stop();
        resolve(m as Record<string, unknown>);
      }
    });
    channel.send({ kind: 'request', id, method, params });
  });
}

/** Every file and folder under `dir` (relative paths), for "nothing was created". */
async function tree(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { recursive: true })).map(String).sort();
}

/** A raw system error in a message: the codes Node puts first ("ENOENT: no such file…"). */
const RAW_SYSTEM_ERROR = /\bE[A-Z]{3,}\b|errno|syscall|no such file or directory|operation not permitted/;

describe('the locked door: the station key and the events folder', () => {
  let dir: string;
  let dataDir: string;
  let eventsDir: string;
  /** Outside the data folder: nothing may ever appear here. */
  let outside: string;
  let mode: BrowserMode;
  const logs: string[] = [];
  let client: { api: StationApi; channel: WebSocketChannel };
  const messages: string[] = [];

  const rpcUrl = (key?: string): string => `ws://127.0.0.1:${mode.server.port}/rpc${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`;

  /** Refused in words (recorded for the raw-error check). */
  const refused = async (promise: Promise<unknown>): Promise<StationError> => {
    const error = await refusal(promise);
    messages.push(error.message);
    return error;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-locked-door-'));
    dataDir = path.join(dir, 'station');
    eventsDir = path.join(dataDir, 'events');
    outside = path.join(dir, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'existing.podium'), 'someone else’s file\n');
    const rendererDir = path.join(dir, 'renderer');
    await mkdir(rendererDir);
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Podium</title><div id="root"></div>');
    mode = await startBrowserMode({ port: 0, dataDir, rendererDir, log: (line) => logs.push(line) });
    const create = (u: string): WebSocketLike => new WebSocket(u) as unknown as WebSocketLike;
    client = connectWebSocket(rpcUrl(mode.server.key), { create, reconnect: false });
    await client.channel.ready;
  });

  afterAll(async () => {
    client?.channel.close();
    await mode?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('prints an address that carries a long random key; a server given none makes its own', async () => {
    const line = logs.find((l) => l.includes('open http://'));
    expect(line).toContain(`open http://127.0.0.1:${mode.server.port}/?key=${mode.server.key}`);
    expect(line).toContain(`/projector?key=${mode.server.key}`);
    expect(mode.server.key).toMatch(/^[\w-]{43}$/); // 256 bits, URL-safe
    const other = await startWebServer({ api: mode.service, rendererDir: path.join(dir, 'renderer'), port: 0 });
    try {
      expect(other.key).not.toBe(mode.server.key);
      expect(other.key).toMatch(/^[\w-]{43}$/);
    } finally {
      await other.close();
    }
  });

  it('refuses /rpc without the key or with a wrong one, in words, and never echoes the key', async () => {
    const key = mode.server.key;
    const wrong = [undefined, '', 'nope', `${key}x`, key.slice(0, -1), key.toUpperCase() === key ? key.toLowerCase() : key.toUpperCase()];
    for (const attempt of wrong) {
      const result = await tryConnect(rpcUrl(attempt));
      expect(result, String(attempt)).not.toBe('open');
      if (result === 'open') continue;
      expect(result.status).toBe(403);
      expect(result.body).toMatch(/^Podium refused this connection: the station key is (missing|wrong)/);
      expect(result.body).not.toContain(key);
    }
    // A page of this very server, without the key, is refused too.
    const page = await tryConnect(rpcUrl(), `http://127.0.0.1:${mode.server.port}`);
    expect(page).toMatchObject({ status: 403 });
    // With the key: open.
    expect(await tryConnect(rpcUrl(key))).toBe('open');
    expect(await tryConnect(rpcUrl(key), `http://localhost:${mode.server.port}`)).toBe('open');

    // The plain-HTTP check a page uses to tell "refused" from "host gone".
    const base = `http://127.0.0.1:${mode.server.port}/rpc`;
    const noKey = await fetch(base);
    expect(noKey.status).toBe(403);
    expect(await noKey.text()).toMatch(/station key is missing/);
    expect((await fetch(`${base}?key=nope`)).status).toBe(403);
    expect((await fetch(`${base}?key=${encodeURIComponent(key)}`)).status).toBe(204);

    // Logged in words; the key only ever appears in the address printed at the start.
    expect(logs.filter((l) => l.startsWith('Refused a connection: the station key is missing')).length).toBeGreaterThan(0);
    expect(logs.filter((l) => l.startsWith('Refused a connection: the station key is wrong')).length).toBeGreaterThan(0);
    expect(logs.filter((l) => l.includes(key)).every((l) => l.includes('open http://'))).toBe(true);
    // The pages themselves hold no event data and are served without the key.
    expect((await fetch(`http://127.0.0.1:${mode.server.port}/`)).status).toBe(200);
  });

  it('works with the key', async () => {
    const snapshot = await client.api.snapshot();
    expect(snapshot.summary).toBeNull();
  });

  it('creates events only in the events folder: no .., no absolute path elsewhere, no link out', async () => {
    await mkdir(eventsDir, { recursive: true });
    await symlink(outside, path.join(eventsDir, 'escape'));
    const before = await tree(dir);
    const settings = {};
    const attempts = [
      '../../x.podium',
      '../x.podium',
      'sub/../../x.podium',
      path.join(outside, 'new.podium'), // absolute, does not exist
      path.join(outside, 'existing.podium'), // absolute, exists
      path.join(outside, 'deep', 'er', 'x.podium'), // would need folders made outside
      path.join(os.tmpdir(), `podium-nowhere-${process.pid}`, 'x.podium'),
      'escape/x.podium', // a link inside the events folder that leads out
      'escape/new/deeper/x.podium',
    ];
    const texts = new Set<string>();
    for (const given of attempts) {
      const error = await refused(client.api.createEvent({ name: 'Escape', ruleset: 'mtr', settings, path: given }));
      expect(error.code, given).toBe('not-allowed');
      expect(error.message, given).toMatch(/^that path is outside the events folder/);
      texts.add(error.message);
    }
    // The same words whether the path outside exists or not: nothing learned about the disk.
    expect(texts.size).toBe(1);
    expect(await tree(dir)).toEqual(before);
    expect(existsSync(path.join(dir, 'x.podium'))).toBe(false);
    expect(existsSync(path.join(outside, 'deep'))).toBe(false);
    expect(existsSync(path.join(outside, 'new'))).toBe(false);
    expect(await readFile(path.join(outside, 'existing.podium'), 'utf8')).toBe('someone else’s file\n');

    // A name, or a folder inside the events folder, is fine.
    const created = await client.api.createEvent({ name: 'Friday', ruleset: 'mtr', settings, path: 'friday.podium' });
    expect(created.summary?.path).toBe(path.join(eventsDir, 'friday.podium'));
    const nested = await client.api.createEvent({ name: 'Saturday', ruleset: 'mtr', settings, path: path.join(eventsDir, 'june', 'saturday.podium') });
    expect(nested.summary?.path).toBe(path.join(eventsDir, 'june', 'saturday.podium'));
    const unnamed = await client.api.createEvent({ name: 'Sunday Open', ruleset: 'mtr', settings });
    expect(path.dirname(unnamed.summary?.path ?? '')).toBe(eventsDir);
    const notASave = await refused(client.api.createEvent({ name: 'X', ruleset: 'mtr', settings, path: 'notes.txt' }));
    expect(notASave).toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/\.podium file/) });
    const taken = await refused(client.api.createEvent({ name: 'Again', ruleset: 'mtr', settings, path: 'friday.podium' }));
    expect(taken).toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/already exists/) });
  });

  it('saves copies only in the events folder, and never replaces a file unless asked to', async () => {
    await client.api.createEvent({ name: 'Copy Cup', ruleset: 'mtr', settings: {}, path: 'copy-cup.podium' });
    await client.api.dispatch({ command: { type: 'register-player', player: { id: 'p1', name: 'Ana Archer' }, draw: 1 } });
    const open = path.join(eventsDir, 'copy-cup.podium');
    await mode.settled(); // the background note of the open event must not show up mid-comparison
    const before = await tree(dir);
    for (const given of ['../copy.podium', path.join(outside, 'copy.podium'), path.join(outside, 'existing.podium'), 'escape/copy.podium']) {
      const error = await refused(client.api.saveAs({ path: given, overwrite: true }));
      expect(error.message, given).toMatch(/^that path is outside the events folder/);
      const repaired = await refused(client.api.saveRepairedCopy({ path: given }));
      expect(repaired.message, given).toMatch(/^that path is outside the events folder/);
    }
    expect(await tree(dir)).toEqual(before);
    expect(await readFile(path.join(outside, 'existing.podium'), 'utf8')).toBe('someone else’s file\n');

    // Onto an existing file: refused and the file untouched, unless the request says overwrite.
    const target = path.join(eventsDir, 'kept.podium');
    await writeFile(target, 'an earlier copy\n');
    const kept = await refused(client.api.saveAs({ path: 'kept.podium' }));
    expect(kept).toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/a file named kept\.podium already exists there: it is replaced only when you confirm/) });
    expect(await refused(client.api.saveAs({ path: 'kept.podium', overwrite: false }))).toMatchObject({ code: 'not-allowed' });
    expect(await readFile(target, 'utf8')).toBe('an earlier copy\n');
    await client.api.saveAs({ path: 'kept.podium', overwrite: true });
    expect(await readFile(target, 'utf8')).toBe(await readFile(open, 'utf8'));
    // A new name needs no overwrite.
    await client.api.saveAs({ path: 'fresh.podium' });
    expect(await readFile(path.join(eventsDir, 'fresh.podium'), 'utf8')).toBe(await readFile(open, 'utf8'));
  });

  it('says what went wrong in words, never a raw system error', async () => {
    await client.api.createEvent({ name: 'Words', ruleset: 'mtr', settings: {}, path: 'words.podium' });
    await writeFile(path.join(eventsDir, 'a-file'), 'not a folder\n');
    const notAFolder = await refused(client.api.saveAs({ path: 'a-file/copy.podium' }));
    expect(notAFolder.message).toMatch(/is a file, not a folder/);
    const folder = await refused(client.api.saveAs({ path: 'june', overwrite: true }));
    expect(folder.message).toMatch(/\.podium file/);
    await mkdir(path.join(eventsDir, 'folder.podium'));
    const onAFolder = await refused(client.api.saveAs({ path: 'folder.podium', overwrite: true }));
    expect(onAFolder.message.length).toBeGreaterThan(0);
    const missing = await refused(client.api.openEvent({ path: 'nowhere.podium' }));
    expect(missing.message).toMatch(/nowhere\.podium: no such file or folder|no event save at/);
    const nul = await refused(client.api.createEvent({ name: 'Nul', ruleset: 'mtr', settings: {}, path: 'a\u0000b.podium' }));
    expect(nul.message).toMatch(/NUL/);

    expect(messages.length).toBeGreaterThan(10);
    for (const message of messages) {
      expect(message).not.toMatch(RAW_SYSTEM_ERROR);
      expect(message).not.toContain(mode.server.key);
    }
  });

  it('lets only the shell’s own dialog (in-process) save elsewhere; no client can ask for that', async () => {
    await client.api.createEvent({ name: 'Dialog', ruleset: 'mtr', settings: {}, path: 'dialog.podium' });
    const unknown = await rawRequest(client.channel, 'saveAsFromDialog', { path: path.join(outside, 'dialog.podium'), overwrite: true });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid-request', message: 'unknown method "saveAsFromDialog"' } });
    const sneaky = await rawRequest(client.channel, 'saveAs', { path: path.join(outside, 'dialog.podium'), chosenLocally: true });
    expect(sneaky).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(existsSync(path.join(outside, 'dialog.podium'))).toBe(false);

    // The user chose a path in the system dialog (Electron's File ▸ Save As…): anywhere, and the
    // dialog confirmed replacing.
    await mode.service.saveAsFromDialog({ path: path.join(outside, 'dialog.podium') });
    expect(existsSync(path.join(outside, 'dialog.podium'))).toBe(true);
    await expect(mode.service.saveAsFromDialog({ path: path.join(outside, 'existing.podium') })).rejects.toMatchObject({
      code: 'not-allowed',
      message: expect.stringMatching(/already exists/),
    });
    expect(await readFile(path.join(outside, 'existing.podium'), 'utf8')).toBe('someone else’s file\n');
    await mode.service.saveAsFromDialog({ path: path.join(outside, 'existing.podium'), overwrite: true });
    expect(await readFile(path.join(outside, 'existing.podium'), 'utf8')).toBe(await readFile(path.join(eventsDir, 'dialog.podium'), 'utf8'));
    // It makes no folder outside the data folder.
    const noFolder = await mode.service.saveAsFromDialog({ path: path.join(outside, 'not-there', 'x.podium') }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(noFolder).toMatch(/no such file or folder|does not exist/);
    expect(noFolder).not.toMatch(RAW_SYSTEM_ERROR);
    expect(existsSync(path.join(outside, 'not-there'))).toBe(false);
  });
});

describe('the page and its key (renderer/api/index.ts)', () => {
  const page = (address: string, stored: string | null = null) => {
    const url = new URL(address);
    const store = new Map<string, string>(stored === null ? [] : [[KEY_STORAGE, stored]]);
    const replaced: string[] = [];
    return {
      scope: {
        location: { protocol: url.protocol, host: url.host, pathname: url.pathname, search: url.search, hash: url.hash },
        localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
        history: { state: null, replaceState: (_data: unknown, _unused: string, to?: string) => void replaced.push(to ?? '') },
      },
      store,
      replaced,
    };
  };

  it('takes the key from the address, keeps it, and takes it out of the address bar', () => {
    const p = page('http://127.0.0.1:5719/projector?key=abc-DEF_123&view=big#tables');
    expect(takeStationKey(p.scope)).toBe('abc-DEF_123');
    expect(p.store.get(KEY_STORAGE)).toBe('abc-DEF_123');
    expect(p.replaced).toEqual(['/projector?view=big#tables']);
    expect(keyedRpcUrl(p.scope.location, 'abc-DEF_123')).toBe('ws://127.0.0.1:5719/rpc?key=abc-DEF_123');
  });

  it('uses the key kept earlier when the address has none, and a new one from the address over it', () => {
    const kept = page('http://127.0.0.1:5719/projector', 'kept-key');
    expect(takeStationKey(kept.scope)).toBe('kept-key');
    expect(kept.replaced).toEqual([]);
    const fresh = page('http://127.0.0.1:5719/?key=new-key', 'old-key');
    expect(takeStationKey(fresh.scope)).toBe('new-key');
    expect(fresh.store.get(KEY_STORAGE)).toBe('new-key');
    expect(fresh.replaced).toEqual(['/']);
    const none = page('http://127.0.0.1:5719/');
    expect(takeStationKey(none.scope)).toBeNull();
    expect(keyedRpcUrl(none.scope.location, null)).toBe('ws://127.0.0.1:5719/rpc');
  });
});
