/**
 * Issue 12 item 2: a window that stops reading must not grow the host without bound. Against the
 * real host services behind the real browser-mode server on 127.0.0.1, at a 1,024-player event:
 * one connection does the WebSocket handshake and then never reads, while another client works
 * the event. The host's own accounting of every connection's send buffer never passes the cap,
 * the stalled connection is dropped, the reading client gets every change; and the renderer's
 * WebSocket client, when it is the one dropped, reconnects by itself and catches up with a fresh
 * snapshot.
 *
 * A result now goes out as its journal entry (a few hundred bytes, issue 15), which a stalled
 * window's kernel buffers could swallow by the thousand before the host's own buffer ever fills.
 * So each step of the work here is a result and then its undo: an undo goes out as the whole state
 * (a few hundred KB at this event), as a new event, a take-over or a status change does, and those
 * are what a send buffer must survive. The production limits are the ones under test.
 *
 * No timing: loops are bounded by a number of steps, and every wait is for an event.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { StationApi, StationPush } from '../../core/api/contract.js';
import { createHostServices } from '../../electron/host/host.js';
import type { StationService } from '../../electron/host/station-service.js';
import { DEFAULT_SEND_BUFFER, type DroppedConnection } from '../../electron/host/transport-ws.js';
import { startWebServer, type WebServer } from '../../electron/host/web-server.js';
import { connectWebSocket, type ConnectionStatus, type WebSocketChannel, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { stalledWindow, writeBigEvent, type BigEvent } from '../support/stalled-window.js';

/** More steps than any stalled connection can take before it is dropped (kernel buffers included). */
const MAX_STEPS = 1500;
const CAP = DEFAULT_SEND_BUFFER.capBytes;

describe('a window that stops reading', () => {
  let dir: string;
  let service: StationService;
  let server: WebServer;
  let event: BigEvent;
  const dropped: DroppedConnection[] = [];
  let driver: { api: StationApi; channel: WebSocketChannel };
  let results = 0;

  const create = (url: string): WebSocketLike => new WebSocket(url) as unknown as WebSocketLike;
  const rpcUrl = (): string => `ws://127.0.0.1:${server.port}/rpc?key=${encodeURIComponent(server.key)}`;

  /** The host's accounting, watched at every result: the most any connection ever had waiting. */
  let mostWaiting = 0;
  const watch = (): void => {
    for (const buffer of server.sendBuffers()) mostWaiting = Math.max(mostWaiting, buffer.bufferedBytes, buffer.peakBufferedBytes);
  };

  /** One step: a result (its entry goes out), then its undo (the whole state goes out); the undo's seq. */
  const step = async (api: StationApi = driver.api): Promise<number> => {
    const result = await api.dispatch({ command: event.result(results++) });
    return (await api.undo({ seq: result.seq, reason: 'send-buffer test' })).seq;
  };

  /** Take steps until `done()` (at most MAX_STEPS); returns the last acknowledged seq. */
  const stepUntil = async (done: () => boolean): Promise<number> => {
    let seq = -1;
    for (let i = 0; i < MAX_STEPS && !done(); i++) {
      seq = await step();
      watch();
    }
    return seq;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-send-buffer-'));
    const dataDir = path.join(dir, 'station');
    await mkdir(path.join(dataDir, 'events'), { recursive: true });
    event = writeBigEvent(path.join(dataDir, 'events'));
    const rendererDir = path.join(dir, 'renderer');
    await mkdir(rendererDir);
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Podium</title>');
    service = createHostServices({ dataDir, station: 'send-buffer-test' });
    server = await startWebServer({ api: service, rendererDir, port: 0, onDropped: (d) => dropped.push(d) });
    driver = connectWebSocket(rpcUrl(), { create, reconnect: false });
    await driver.channel.ready;
    const opened = await driver.api.openEvent({ path: 'big.podium' });
    expect(opened.state?.players).toHaveLength(1024);
  }, 120_000);

  afterAll(async () => {
    driver?.channel.close();
    await server?.close();
    await service?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('drops a connection that never reads, its send buffer never past the cap, while a reading window gets every result', async () => {
    const pushes: StationPush[] = [];
    driver.api.subscribe((push) => pushes.push(push));
    const stalled = await stalledWindow(server.port, server.key);
    expect(server.connections()).toBe(2);
    const before = dropped.length;

    const lastSeq = await stepUntil(() => dropped.length > before);
    expect(dropped.length, `not dropped after ${results} steps`).toBe(before + 1);
    const drop = dropped[before] as DroppedConnection;
    expect(drop.reason).toMatch(/stopped reading|send buffer is full/);
    expect(drop.peakBufferedBytes).toBeLessThanOrEqual(CAP);
    expect(mostWaiting).toBeLessThanOrEqual(CAP);
    // A state push at this event is big: the buffer really was exercised, not idle.
    expect(drop.peakBufferedBytes).toBeGreaterThan(DEFAULT_SEND_BUFFER.coalesceAboveBytes);

    // The host closed it: reading again, the socket comes to its end.
    stalled.resume();
    await stalled.closed;
    expect(server.connections()).toBe(1);

    // The reading window was never dropped and has the last result.
    await driver.api.snapshot();
    const lastState = pushes.filter((p): p is Extract<StationPush, { type: 'state' }> => p.type === 'state').at(-1);
    expect(lastState?.snapshot.lastSeq).toBe(lastSeq);
  });

  it('a window that falls behind and reads again gets the newest state, not every one in between', async () => {
    let socket: Socket | null = null;
    const window = connectWebSocket(rpcUrl(), {
      reconnect: false,
      create: (url) =>
        new WebSocket(url, {
          createConnection: ((...args: Parameters<typeof createConnection>) => (socket = createConnection(...args))) as typeof createConnection,
        }) as unknown as WebSocketLike,
    });
    try {
      await window.channel.ready;
      const seen: number[] = [];
      let target = Number.POSITIVE_INFINITY;
      let markCaughtUp: () => void = () => undefined;
      const caughtUp = new Promise<void>((resolve) => (markCaughtUp = resolve));
      window.api.subscribe((push) => {
        if (push.type !== 'state') return;
        seen.push(push.snapshot.lastSeq);
        if (push.snapshot.lastSeq >= target) markCaughtUp();
      });
      (socket as Socket | null)?.pause();
      const before = dropped.length;
      // Until the host holds pushes back for it (its send buffer is past the coalescing mark)...
      const held = (): boolean => server.sendBuffers().some((b) => b.heldPushes > 0);
      await stepUntil(held);
      expect(held()).toBe(true);
      // ...and then some more, far fewer than would count as having stopped reading.
      let last = -1;
      for (let i = 0; i < 20; i++) last = await step();
      target = last;
      (socket as Socket | null)?.resume();
      await caughtUp;
      expect(dropped.length).toBe(before);
      expect(seen.at(-1)).toBe(last);
      // Coalesced: the 20 superseded states (one each two entries) were not all sent; and the order never went backwards.
      expect(seen.filter((seq) => seq > last - 40).length).toBeLessThan(20);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
      // The answers still come, after the state they made.
      const ack = await step(window.api);
      expect(seen.at(-1)).toBe(ack);
    } finally {
      window.channel.close();
    }
  });

  it('drops a client that asks and never reads the answers at the cap (answers are never coalesced)', async () => {
    const greedy = await stalledWindow(server.port, server.key);
    const before = dropped.length;
    const REQUESTS = 400; // the whole journal each: far more than the kernel's buffers and the cap together
    for (let id = 1; id <= REQUESTS; id++) greedy.send({ kind: 'request', id, method: 'query', params: { kind: 'journal' } });
    // Give the host turns to answer them (a round trip of the reading client each), a bounded number.
    for (let i = 0; i < 2000 && dropped.length === before; i++) {
      await driver.api.snapshot();
      watch();
    }
    expect(dropped.length, 'the greedy client was not dropped').toBe(before + 1);
    const drop = dropped[before] as DroppedConnection;
    expect(drop.reason).toMatch(/send buffer is full/);
    expect(drop.peakBufferedBytes).toBeLessThanOrEqual(CAP);
    expect(mostWaiting).toBeLessThanOrEqual(CAP);
    greedy.resume();
    await greedy.closed;
    expect(server.connections()).toBe(1);
  });

  it('the renderer’s client, when dropped, reconnects by itself and catches up with a fresh snapshot', async () => {
    let socket: Socket | null = null;
    const statuses: ConnectionStatus[] = [];
    const window = connectWebSocket(rpcUrl(), {
      // The first connection's socket is kept so the test can stop it reading; later ones are normal.
      create: (url) =>
        new WebSocket(url, {
          createConnection: ((...args: Parameters<typeof createConnection>) => {
            const made = createConnection(...args);
            socket ??= made;
            return made;
          }) as typeof createConnection,
        }) as unknown as WebSocketLike,
    });
    window.channel.onStatus((status) => statuses.push(status));
    try {
      await window.channel.ready;
      expect((await window.api.snapshot()).state?.players).toHaveLength(1024);
      (socket as Socket | null)?.pause(); // the tab freezes
      const reconnected = new Promise<void>((resolve) => {
        const stop = window.channel.onStatus((status) => {
          if (status === 'connected') {
            stop();
            resolve();
          }
        });
      });

      const before = dropped.length;
      await stepUntil(() => dropped.length > before);
      expect(dropped.length, `not dropped after ${results} steps`).toBe(before + 1);
      expect(mostWaiting).toBeLessThanOrEqual(CAP);

      // The tab wakes up: it reads what was on the wire, sees the close, and reconnects.
      (socket as Socket | null)?.resume();
      await reconnected;
      expect(statuses).toEqual(['connected', 'disconnected', 'connecting', 'connected']);
      const lastSeq = await step();
      const fresh = await window.api.snapshot();
      expect(fresh.lastSeq).toBe(lastSeq);
      expect(fresh.state?.players).toHaveLength(1024);
      expect(server.connections()).toBe(2);
    } finally {
      window.channel.close();
    }
  });
});
