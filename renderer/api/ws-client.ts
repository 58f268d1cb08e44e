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
 * Works with the browser's WebSocket and with any object of the same shape (the `ws` package's
 * WebSocket in Node tests).
 */
import { createBackoff } from '../../core/api/backoff.js';
import type { StationApi } from '../../core/api/contract.js';
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
}

const OPEN = 1;

/** The host's RPC endpoint for the page we were served from. */
export function defaultRpcUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/rpc`;
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

  const connect = (): void => {
    const ws = create(url);
    socket = ws;
    let opened = false;
    ws.addEventListener('open', () => {
      opened = true;
      backoff.reset();
      setStatus('connected');
      markReady();
      while (outbox.length > 0 && ws.readyState === OPEN) transmit(ws, outbox.shift() as { text: string; id?: number });
    });
    ws.addEventListener('message', (event) => {
      let message: unknown;
      try {
        message = JSON.parse(typeof event.data === 'string' ? event.data : String(event.data));
      } catch {
        return;
      }
      const m = message as Partial<RpcMessage>;
      if (m && m.kind === 'response' && typeof m.id === 'number') waiting.delete(m.id);
      deliver(message);
    });
    ws.addEventListener('close', () => {
      if (socket !== ws) return;
      socket = null;
      for (const id of [...waiting]) {
        deliver({
          kind: 'response',
          id,
          ok: false,
          error: { code: 'disconnected', message: 'the connection to the station host was lost before it answered: try again' },
        });
      }
      waiting.clear();
      setStatus('disconnected');
      if (closed || !reconnect) return;
      if (opened || !options.refusal) return retry();
      options.refusal().then(
        (reason) => {
          if (closed) return;
          if (reason === null) return retry();
          refusedBecause = reason;
          closed = true;
          setStatus('refused');
          for (const item of outbox.splice(0)) {
            if (item.id !== undefined) deliver({ kind: 'response', id: item.id, ok: false, error: { code: 'refused', message: reason } });
          }
        },
        () => retry(),
      );
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
