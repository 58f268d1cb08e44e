/**
 * The window's watchdog (renderer/api/ws-client.ts, core/api/heartbeat.ts) on fake timers and a
 * fake socket: a link the host keeps talking on is never doubted; one that falls silent with no
 * close (a dropped Wi-Fi) is given up within 10 s — calls waiting fail as 'disconnected', the
 * status says so — and a new socket is tried; one that never opens is given up and tried again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRpcClient } from '../../core/api/rpc.js';
import { createWebSocketChannel, type WebSocketLike } from '../../renderer/api/ws-client.js';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  closed = false;
  readonly sent: string[] = [];
  private readonly listeners = new Map<string, ((event: { data: unknown }) => void)[]>();
  addEventListener(type: string, listener: (event: { data: unknown }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private emit(type: string, data?: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  open(): void {
    this.readyState = 1;
    this.emit('open');
  }
  hear(message: unknown): void {
    this.emit('message', JSON.stringify(message));
  }
  send(text: string): void {
    this.sent.push(text);
  }
  /** A half-open link: closing it sends a close frame nobody answers, so no 'close' event comes. */
  close(): void {
    this.closed = true;
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the window’s watchdog', () => {
  it('keeps a link the host talks on, gives up a silent one within 10 s, and one that never opens after a few seconds', async () => {
    const sockets: FakeSocket[] = [];
    const channel = createWebSocketChannel('ws://x/rpc', {
      create: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
    });
    const api = createRpcClient(channel);
    const first = sockets[0] as FakeSocket;
    first.open();
    expect(channel.status()).toBe('connected');
    // The host's beat every 3 s for a minute: never doubted.
    for (let s = 0; s < 60; s += 3) {
      await vi.advanceTimersByTimeAsync(3_000);
      first.hear({ kind: 'beat', now: Date.now() });
    }
    expect(channel.status()).toBe('connected');
    expect(sockets).toHaveLength(1);

    // Silence, with a call on the wire: the socket stays "open" and no close comes.
    const asked = api.snapshot().then(
      () => 'answered',
      (error: { code?: string }) => error.code,
    );
    const cutAt = Date.now();
    let saidAt: number | null = null;
    channel.onStatus((status) => {
      if (status === 'disconnected' && saidAt === null) saidAt = Date.now();
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saidAt).not.toBeNull();
    expect((saidAt as unknown as number) - cutAt).toBeLessThanOrEqual(10_000);
    expect(first.closed).toBe(true);
    expect(await asked).toBe('disconnected');

    // It tries again by itself; the new socket never opens (the link is still down): given up, tried again.
    await vi.advanceTimersByTimeAsync(300);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(7_000);
    expect((sockets[1] as FakeSocket).closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets.length).toBeGreaterThanOrEqual(3);

    // The link is back: the latest socket opens, and the channel is connected again.
    (sockets.at(-1) as FakeSocket).open();
    expect(channel.status()).toBe('connected');
    channel.close();
  });
});
