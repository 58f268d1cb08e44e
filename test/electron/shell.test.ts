/**
 * The pure parts of the Electron shell and its transports: where the projector goes, the
 * renderer's WebSocket channel through drops and reconnects, the podium:// file mapping, the
 * station service's small helpers, and what is packed. The shell itself runs against a fake
 * `electron` in electron-shell.test.ts; its built bundles in electron-fuses.test.ts.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { createRpcClient } from '../../core/api/rpc.js';
import { listRecentEvents, rememberRecentEvent, RECENT_EVENTS_FILE } from '../../electron/host/recent-events.js';
import { contentSecurityPolicy, resolveStatic } from '../../electron/host/static-files.js';
import { slugify } from '../../electron/host/station-service.js';
import { placeProjector, readSavedWindow, saveWindow, type DisplayInfo } from '../../electron/host/window-state.js';
import { createWebSocketChannel, defaultRpcUrl, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { repoRoot } from '../support/paths.js';

const laptop: DisplayInfo = { id: 1, bounds: { x: 0, y: 0, width: 1366, height: 768 }, workArea: { x: 0, y: 0, width: 1366, height: 740 } };
const projector: DisplayInfo = { id: 2, bounds: { x: 1366, y: 0, width: 1920, height: 1080 }, workArea: { x: 1366, y: 0, width: 1920, height: 1080 } };

describe('projector placement', () => {
  it('goes full screen on the external display when there is one', () => {
    expect(placeProjector([laptop, projector], 1, null)).toEqual({ bounds: projector.bounds, fullScreen: true, displayId: 2 });
  });

  it('opens a window on the only display otherwise', () => {
    const place = placeProjector([laptop], 1, null);
    expect(place.fullScreen).toBe(false);
    expect(place.displayId).toBe(1);
    expect(place.bounds.width).toBeLessThanOrEqual(1366);
    expect(place.bounds.height).toBeLessThanOrEqual(740);
  });

  it('goes back where it was left while that display is connected', () => {
    const saved = { displayId: 2, bounds: { x: 1500, y: 100, width: 800, height: 600 }, fullScreen: false };
    expect(placeProjector([laptop, projector], 1, saved)).toEqual({ ...saved });
    // The projector is unplugged: the remembered place is ignored.
    expect(placeProjector([laptop], 1, saved).displayId).toBe(1);
  });

  it('remembers the place in the station folder', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-windows-'));
    try {
      expect(await readSavedWindow(dir, 'projector')).toBeNull();
      await saveWindow(dir, 'projector', { displayId: 2, bounds: { x: 1, y: 2, width: 300, height: 200 }, fullScreen: true });
      expect(await readSavedWindow(dir, 'projector')).toEqual({ displayId: 2, bounds: { x: 1, y: 2, width: 300, height: 200 }, fullScreen: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('recent events file', () => {
  it('keeps the newest first, one entry per save, and ignores a damaged file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-recent-'));
    try {
      const a = path.join(dir, 'a.podium');
      const b = path.join(dir, 'b.podium');
      await import('node:fs/promises').then((fs) => Promise.all([fs.writeFile(a, ''), fs.writeFile(b, '')]));
      await rememberRecentEvent(dir, { path: a, name: 'A', openedAt: '2026-01-01T00:00:00Z' });
      await rememberRecentEvent(dir, { path: b, name: 'B', openedAt: '2026-01-02T00:00:00Z' });
      await rememberRecentEvent(dir, { path: a, name: 'A', openedAt: '2026-01-03T00:00:00Z' });
      expect((await listRecentEvents(dir)).map((e) => e.name)).toEqual(['A', 'B']);
      await rm(b);
      expect((await listRecentEvents(dir)).map((e) => e.name)).toEqual(['A']); // gone from disk: not listed
      await import('node:fs/promises').then((fs) => fs.writeFile(path.join(dir, RECENT_EVENTS_FILE), '{ not json'));
      expect(await listRecentEvents(dir)).toEqual([]);
      expect(await readFile(path.join(dir, RECENT_EVENTS_FILE), 'utf8')).toBe('{ not json');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('serving the renderer', () => {
  it('maps app routes to index.html and refuses anything outside the folder', () => {
    const root = path.resolve('/srv/renderer');
    expect(resolveStatic(root, '/')).toEqual({ file: path.join(root, 'index.html'), isPage: true });
    expect(resolveStatic(root, '/projector')).toEqual({ file: path.join(root, 'index.html'), isPage: true });
    expect(resolveStatic(root, '/projector?x=1')).toEqual({ file: path.join(root, 'index.html'), isPage: true });
    expect(resolveStatic(root, '/../etc/passwd')).toBeNull();
    expect(resolveStatic(root, '/%E0%A4%A')).toBeNull();
    expect(resolveStatic(root, '/a%00b')).toBeNull();
  });

  it('has a CSP without inline code or foreign sources', () => {
    const csp = contentSecurityPolicy();
    expect(csp).not.toMatch(/unsafe|\*|https?:/);
    expect(csp).toContain("object-src 'none'");
  });
});

describe('file names for new events', () => {
  it('slugifies names of any script into something every OS accepts', () => {
    expect(slugify('Friday Night Magic #12')).toBe('friday-night-magic-12');
    expect(slugify('Chloé’s Open: Zürich')).toBe('chloe-s-open-zurich');
    expect(slugify('東京オープン')).toBe('event');
    expect(slugify('x'.repeat(100))).toHaveLength(60);
  });
});

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket implements WebSocketLike {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  private listeners = new Map<string, ((event: { data: unknown }) => void)[]>();
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.drop();
  }
  addEventListener(type: string, listener: (event: { data: unknown }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string, data?: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  open(): void {
    this.readyState = 1;
    this.fire('open');
  }
  drop(): void {
    this.readyState = 3;
    this.fire('close');
  }
}

describe('the renderer WebSocket channel', () => {
  it('derives the endpoint from the page', () => {
    expect(defaultRpcUrl({ protocol: 'http:', host: '127.0.0.1:5719' })).toBe('ws://127.0.0.1:5719/rpc');
  });

  it('waits for the connection, fails calls lost in a drop, and reconnects', async () => {
    FakeSocket.made = [];
    const channel = createWebSocketChannel('ws://127.0.0.1:1/rpc', { create: (url) => new FakeSocket(url) });
    const api = createRpcClient(channel);
    const statuses: string[] = [];
    channel.onStatus((s) => statuses.push(s));
    const first = FakeSocket.made[0] as FakeSocket;

    const early = api.snapshot();
    expect(first.sent).toEqual([]); // not connected yet: held back
    first.open();
    expect(first.sent.map((t) => JSON.parse(t).method)).toEqual(['snapshot']);
    first.fire('message', JSON.stringify({ kind: 'response', id: JSON.parse(first.sent[0] as string).id, ok: true, result: { summary: null } }));
    await expect(early).resolves.toEqual({ summary: null });

    const lost = api.query({ kind: 'standings' });
    first.drop();
    await expect(lost).rejects.toMatchObject({ code: 'disconnected', message: expect.stringMatching(/connection to the station host was lost/) });

    // While disconnected a call waits (it was never sent, so it is not failed) and goes out on reconnect.
    const later = api.snapshot();
    // The reconnect comes after the client's back-off: wait for it, not for a fixed time.
    await vi.waitFor(() => expect(FakeSocket.made[1]).toBeDefined(), { timeout: 5000, interval: 10 });
    const second = FakeSocket.made[1] as FakeSocket;
    second.open();
    expect(second.sent.map((t) => JSON.parse(t).method)).toEqual(['snapshot']);
    second.fire('message', JSON.stringify({ kind: 'response', id: JSON.parse(second.sent[0] as string).id, ok: true, result: 1 }));
    await expect(later).resolves.toBe(1);
    expect(statuses).toEqual(['connected', 'disconnected', 'connecting', 'connected']);
    second.fire('message', 'not json at all'); // ignored
    channel.close();
  });
});

describe('packaging', () => {
  it('packs what the build makes, with the .podium association', async () => {
    const pkg = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as { main: string; scripts: Record<string, string> };
    expect(pkg.main).toBe('dist/electron/main.cjs');
    expect(pkg.scripts['start:web']).toBeDefined();
    const builder = parse(await readFile(path.join(repoRoot, 'electron-builder.yml'), 'utf8')) as {
      files: string[];
      fileAssociations: { ext: string; name: string }[];
      linux: { target: string[] };
      win: { target: string[] };
      mac: { target: string[] };
    };
    expect(builder.files).toEqual(expect.arrayContaining(['dist/electron/**', 'dist/renderer/**', 'package.json']));
    expect(builder.fileAssociations).toEqual([expect.objectContaining({ ext: 'podium', name: 'Podium event' })]);
    expect([builder.linux.target, builder.win.target, builder.mac.target]).toEqual([['AppImage', 'deb'], ['nsis'], ['dmg']]);
  });
});
