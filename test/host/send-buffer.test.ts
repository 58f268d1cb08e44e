/**
 * A window that stops reading must not grow the host without bound. Against the
 * real host services behind the real browser-mode server on 127.0.0.1, at a 1,024-player event:
 * one connection does the WebSocket handshake and then never reads, while another client works
 * the event. The host's own accounting of every connection's send buffer never passes the cap,
 * the stalled connection is dropped, the reading client gets every change; and the renderer's
 * WebSocket client, when it is the one dropped, reconnects by itself and catches up with a fresh
 * snapshot.
 *
 * A result now goes out as its journal entry (a few hundred bytes), which a stalled
 * window's kernel buffers could swallow by the thousand before the host's own buffer ever fills.
 * So each step of the work here is a result and then its undo: an undo goes out as the whole state
 * (a few hundred KB at this event), as a new event, a take-over or a status change does, and those
 * are what a send buffer must survive. The production limits are the ones under test.
 *
 * No timing: loops are bounded by a number of steps, and every wait is for an event.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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

  /**
   * The host's accounting, watched at every result: the most any connection ever had waiting beyond
   * the frames it takes whole (what the cap bounds), and the most waiting at all (at most the cap
   * and two whole frames: one into an empty buffer, one answer beyond the cap).
   */
  let mostBacklog = 0;
  let mostWaiting = 0;
  let mostAllowed = CAP;
  const watch = (): void => {
    for (const buffer of server.sendBuffers()) {
      mostBacklog = Math.max(mostBacklog, buffer.peakBacklogBytes);
      mostWaiting = Math.max(mostWaiting, buffer.bufferedBytes, buffer.peakBufferedBytes);
      mostAllowed = Math.max(mostAllowed, CAP + 2 * buffer.largestFrameBytes);
    }
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
    expect(drop.peakBacklogBytes).toBeLessThanOrEqual(CAP);
    expect(mostBacklog).toBeLessThanOrEqual(CAP);
    expect(mostWaiting).toBeLessThanOrEqual(mostAllowed);
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
    expect(drop.peakBacklogBytes).toBeLessThanOrEqual(CAP);
    expect(drop.peakBufferedBytes).toBeLessThanOrEqual(CAP + 2 * drop.largestFrameBytes);
    expect(mostBacklog).toBeLessThanOrEqual(CAP);
    expect(mostWaiting).toBeLessThanOrEqual(mostAllowed);
    greedy.resume();
    await greedy.closed;
    expect(server.connections()).toBe(1);
  });

  it('the renderer’s client, when dropped, reconnects by itself and catches up with a fresh snapshot', async () => {
    let socket: Socket | null = null;
    const statuses: ConnectionStatus[] = [];
    // A frozen tab's timers stand still too: its watchdog (core/api/heartbeat.ts) sees no time pass
    // until it wakes up, so it is the host that drops it here.
    let frozenAt: number | null = null;
    const window = connectWebSocket(rpcUrl(), {
      now: () => frozenAt ?? Date.now(),
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
      frozenAt = Date.now();
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
      expect(mostBacklog).toBeLessThanOrEqual(CAP);
      expect(mostWaiting).toBeLessThanOrEqual(mostAllowed);

      // The tab wakes up: it reads what was on the wire, sees the close, and reconnects.
      frozenAt = null;
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

/** Text frames from the host (unmasked, RFC 6455 §5.2) read off a raw socket, as they come. */
function frameReader(socket: Socket): { messages: unknown[]; next(check: (message: unknown) => boolean): Promise<unknown> } {
  const messages: unknown[] = [];
  const waiting = new Set<() => void>();
  let buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (buffer.length < 2) break;
      const short = (buffer[1] as number) & 0x7f;
      const head = short === 126 ? 4 : short === 127 ? 10 : 2;
      if (buffer.length < head) break;
      const length = short === 126 ? buffer.readUInt16BE(2) : short === 127 ? Number(buffer.readBigUInt64BE(2)) : short;
      if (buffer.length < head + length) break;
      if (((buffer[0] as number) & 0x0f) === 1) messages.push(JSON.parse(buffer.subarray(head, head + length).toString('utf8')));
      buffer = buffer.subarray(head + length);
    }
    for (const wake of [...waiting]) wake();
  });
  return {
    messages,
    next: (check) =>
      new Promise((resolve) => {
        const look = (): void => {
          const found = messages.find(check);
          if (found === undefined) return;
          waiting.delete(look);
          resolve(found);
        };
        waiting.add(look);
        look();
      }),
  };
}

describe('opening a save larger than the send cap', () => {
  it('never drops the window that opened it: it gets the state push and its answer, however slowly it reads', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-send-open-'));
    const dataDir = path.join(dir, 'station');
    const eventsDir = path.join(dataDir, 'events');
    await mkdir(eventsDir, { recursive: true });
    const open = writeBigEvent(eventsDir, 2048, 2);
    await copyFile(open.file, path.join(eventsDir, 'other.podium'));
    const rendererDir = path.join(dir, 'renderer');
    await mkdir(rendererDir);
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Podium</title>');
    const service = createHostServices({ dataDir, station: 'send-open-test', clock: false });
    const droppedHere: DroppedConnection[] = [];
    // The production rule with a cap the event's state is many times larger than (as a
    // 200,000-line save's is than 4 MiB).
    const cap = 96 * 1024;
    const server = await startWebServer({ api: service, rendererDir, port: 0, sendBuffer: { capBytes: cap, coalesceAboveBytes: 32 * 1024 }, onDropped: (d) => droppedHere.push(d) });
    try {
      await service.openEvent({ path: 'big.podium' });
      const opener = await stalledWindow(server.port, server.key);
      // The window reads slowly: what is on its way fills the system's buffers, and the host holds
      // its pushes back (a bounded number of steps: a result and its undo, the whole state each).
      const behind = (): boolean => server.sendBuffers().some((b) => b.heldPushes > 0);
      for (let n = 0; n < 200 && !behind(); n++) {
        const { seq } = await service.dispatch({ command: open.result(n) });
        await service.undo({ seq, reason: 'fill the window’s buffers' });
      }
      expect(behind()).toBe(true);
      expect(droppedHere).toEqual([]);

      opener.send({ kind: 'request', id: 1, method: 'openEvent', params: { path: 'other.podium' } });
      // Until the other save is the open one (then its state and the answer go out in a turn or two).
      await new Promise<void>((resolve) => {
        const stop = service.subscribe((push) => {
          if (push.type !== 'state' || !push.snapshot.summary?.path.endsWith('other.podium')) return;
          stop();
          resolve();
        });
      });
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      const frames = frameReader(opener.socket);
      const droppedOpener = opener.closed.then(() => {
        throw new Error(`the host dropped the window that opened the save: ${droppedHere[0]?.reason ?? 'closed'}`);
      });
      opener.socket.resume();
      const isAnswer = (m: unknown): boolean => (m as { kind?: string }).kind === 'response' && (m as { id?: number }).id === 1;
      const answer = (await Promise.race([frames.next(isAnswer), droppedOpener])) as { ok: boolean; result: { summary: { path: string }; state: { players: unknown[] } } };
      expect(answer.ok).toBe(true);
      expect(answer.result.summary.path).toMatch(/other\.podium$/);
      expect(answer.result.state.players).toHaveLength(2048);
      // The other save's state push came first, whole.
      const state = frames.messages.findIndex((m) => (m as { push?: { type?: string; snapshot?: { summary?: { path?: string } } } }).push?.snapshot?.summary?.path?.endsWith('other.podium'));
      expect(state).toBeGreaterThanOrEqual(0);
      expect(state).toBeLessThan(frames.messages.findIndex(isAnswer));
      expect(droppedHere).toEqual([]);
      expect(server.connections()).toBe(1);
    } finally {
      await server.close();
      await service.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
