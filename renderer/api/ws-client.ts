/**
 * The WebSocket transport, renderer side (browser mode): the RPC protocol of core/api/rpc.ts as
 * JSON text frames to the host's `/rpc`. Messages sent while the socket is connecting wait for it;
 * when the connection drops, calls still waiting for an answer fail with a readable error and the
 * channel reconnects by itself (status listeners hear about both, so the screen can say so and
 * fetch a fresh snapshot). The host drops a window that falls too far behind (its send buffer is
 * bounded); this reconnect is how such a window catches up.
 *
 * A connection that fails before it ever opens may have been refused (a missing or stale station
 * key); the `refusal` probe says so, and then the channel stops trying and reports 'refused'.
 *
 * A dead link is noticed here too (core/api/heartbeat.ts): the host sends something at least every
 * few seconds (the clock, a push, a `beat`), so a socket that has brought nothing for
 * SILENT_AFTER_MS — a dropped Wi-Fi leaves it half-open, and no close ever comes — is given up as
 * if it had closed (calls waiting fail as 'disconnected', the status says so) and a new one is
 * tried; so is a new one that does not open within CONNECT_WITHIN_MS.
 *
 * Works with the browser's WebSocket and with any object of the same shape (the `ws` package's
 * WebSocket in Node tests).
 */
import { createBackoff } from '../../core/api/backoff.js';
import type { StationApi } from '../../core/api/contract.js';
import { WATCHDOG_CHECK_MS, watchdog } from '../../core/api/heartbeat.js';
import { createRpcClient, type RpcChannel, type RpcMessage } from '../../core/api/rpc.js';

export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** 'refused': the host will not take this page's connection (the station key is missing or stale). */
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected' | 'refused';

export interface WebSocketChannel extends RpcChannel {
  status(): ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** Resolves once the first connection is open. */
  readonly ready: Promise<void>;
  /** Why the host refused this page, in its words, once the status is 'refused'. */
  refusal(): string | null;
  close(): void;
}

export interface WebSocketChannelOptions {
  /** Make a socket (default: the global WebSocket). */
  create?: (url: string) => WebSocketLike;
  /** Reconnect after a drop (default true). */
  reconnect?: boolean;
  /**
   * Asked after a connection failed before it opened: the host's reason when it refuses this page
   * (then no more attempts), or null when the host is just not there (keep trying).
   */
  refusal?: () => Promise<string | null>;
  /** This device's clock for the watchdog (default Date.now). */
  now?: () => number;
}

const OPEN = 1;

/** The host's RPC endpoint for the page we were served from. */
export function defaultRpcUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/rpc`;
}

const LOST_BEFORE_ANSWER = 'the connection to the station host was lost before it answered: try again';

/** The answer a call gets when it never reached the host, or its answer never came back. */
function failure(id: number, code: string, message: string): RpcMessage {
  return { kind: 'response', id, ok: false, error: { code, message } };
}

function closeQuietly(ws: WebSocketLike): void {
  try {
    ws.close();
  } catch {
    // (already closing)
  }
}

/** A frame's JSON, or null when it is not JSON. */
function parseFrame(data: unknown): unknown {
  try {
    return JSON.parse(typeof data === 'string' ? data : String(data));
  } catch {
    return null;
  }
}

/**
 * The watchdog of one socket (core/api/heartbeat.ts): `dead` is called once it has been silent too
 * long, or has not opened in time, while `current()` says it is still the channel's socket.
 */
function watchLink(now: () => number, current: () => boolean, dead: () => void): { opened(): void; heard(): void; stop(): void } {
  const link = { startedAt: now(), openedAt: null as number | null, heardAt: now() };
  const timer = setInterval(() => {
    if (!current()) return clearInterval(timer);
    if (watchdog(link, now()) === 'fine') return;
    clearInterval(timer);
    dead();
  }, WATCHDOG_CHECK_MS);
  return {
    opened: () => {
      link.openedAt = link.heardAt = now();
    },
    heard: () => {
      link.heardAt = now();
    },
    stop: () => clearInterval(timer),
  };
}

/** A connection failed before it opened: ask the host whether it refuses this page (then stop), else try again. */
function askWhyRefused(refusal: () => Promise<string | null>, then: { retry(): void; stillWanted(): boolean; refused(reason: string): void }): void {
  refusal().then(
    (reason) => {
      if (!then.stillWanted()) return;
      if (reason === null) return then.retry();
      then.refused(reason);
    },
    () => then.retry(),
  );
}

export function createWebSocketChannel(url: string, options: WebSocketChannelOptions = {}): WebSocketChannel {
  const create = options.create ?? ((u: string) => new WebSocket(u) as unknown as WebSocketLike);
  const reconnect = options.reconnect ?? true;
  const handlers = new Set<(message: unknown) => void>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  /** Messages waiting for the connection (a request is sent once, never twice). */
  const outbox: { text: string; id?: number }[] = [];
  /** Requests on the wire and not yet answered: failed for the caller if the connection drops. */
  const waiting = new Set<number>();
  let status: ConnectionStatus = 'connecting';
  let socket: WebSocketLike | null = null;
  let closed = false;
  let refusedBecause: string | null = null;
  const backoff = createBackoff({ firstMs: 250, maxMs: 5000 });
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const setStatus = (next: ConnectionStatus): void => {
    if (status === next) return;
    status = next;
    for (const listener of [...statusListeners]) listener(next);
  };
  const deliver = (message: unknown): void => {
    for (const handler of [...handlers]) handler(message);
  };

  const transmit = (ws: WebSocketLike, item: { text: string; id?: number }): void => {
    if (item.id !== undefined) waiting.add(item.id);
    ws.send(item.text);
  };

  const retry = (): void => {
    setTimeout(() => {
      if (closed) return;
      setStatus('connecting');
      connect();
    }, backoff.next());
  };

  const now = options.now ?? Date.now;

  /** `ws` is gone (closed, or given up by the watchdog): fail what waits, say so, and try again. */
  const gone = (ws: WebSocketLike, opened: boolean, probe: boolean): void => {
    if (socket !== ws) return;
    socket = null;
    for (const id of [...waiting]) deliver(failure(id, 'disconnected', LOST_BEFORE_ANSWER));
    waiting.clear();
    setStatus('disconnected');
    if (closed || !reconnect) return;
    if (opened || !probe || !options.refusal) return retry();
    askWhyRefused(options.refusal, {
      retry,
      stillWanted: () => !closed,
      refused(reason) {
        refusedBecause = reason;
        closed = true;
        setStatus('refused');
        for (const item of outbox.splice(0)) if (item.id !== undefined) deliver(failure(item.id, 'refused', reason));
      },
    });
  };

  const connect = (): void => {
    const ws = create(url);
    socket = ws;
    let opened = false;
    // Silent (or never opening): the link is dead though no close came. Give this socket up.
    const dog = watchLink(now, () => socket === ws, () => {
      gone(ws, opened, false);
      closeQuietly(ws);
    });
    ws.addEventListener('open', () => {
      if (socket !== ws) return;
      opened = true;
      dog.opened();
      backoff.reset();
      setStatus('connected');
      markReady();
      while (outbox.length > 0 && ws.readyState === OPEN) transmit(ws, outbox.shift() as { text: string; id?: number });
    });
    ws.addEventListener('message', (event) => {
      if (socket !== ws) return;
      dog.heard();
      const message = parseFrame(event.data);
      const m = message as Partial<RpcMessage> | null;
      if (!m || m.kind === 'beat') return; // a beat is a sign of life, nothing more
      if (m && m.kind === 'response' && typeof m.id === 'number') waiting.delete(m.id);
      deliver(message);
    });
    ws.addEventListener('close', () => {
      dog.stop();
      gone(ws, opened, true);
    });
    // An 'error' is always followed by 'close', which does the work.
    ws.addEventListener('error', () => undefined);
  };
  connect();

  return {
    send(message) {
      const item = { text: JSON.stringify(message), ...(message.kind === 'request' ? { id: message.id } : {}) };
      if (socket && socket.readyState === OPEN) transmit(socket, item);
      else if (message.kind === 'request' && (closed || (status === 'disconnected' && !reconnect))) {
        const error = refusedBecause !== null ? { code: 'refused', message: refusedBecause } : { code: 'disconnected', message: 'not connected to the station host' };
        queueMicrotask(() => deliver({ kind: 'response', id: message.id, ok: false, error }));
      } else outbox.push(item);
    },
    onMessage(handler) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    ready,
    refusal: () => refusedBecause,
    close() {
      closed = true;
      socket?.close();
    },
  };
}

/** A StationApi over WebSocket, with its channel (for status and closing). */
export function connectWebSocket(url: string, options: WebSocketChannelOptions = {}): { api: StationApi; channel: WebSocketChannel } {
  const channel = createWebSocketChannel(url, options);
  return { api: createRpcClient(channel), channel };
}
