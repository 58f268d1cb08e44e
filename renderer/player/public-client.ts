/**
 * The player page's connection to the host: a WebSocket to `/public` on the page's own
 * host, no token. The host pushes the published view (`view`), small changes to it (`patch`, RFC
 * 6902, applied on a copy; a patch that does not start from the view held means one was missed,
 * so the page connects again and gets the whole view) and its time (`tick`, kept as an offset so
 * the round clock follows the host's clock, not the phone's), or says no event is open (`no-event`,
 * its words shown until a view comes). Requests (`look`, `report`,
 * `confirm`) carry an id the answer repeats.
 *
 * When the socket closes the page says so and tries again, 1 s, 2 s, 4 s … up to 15 s apart. The
 * host ticks every few seconds (its heartbeat, core/api/heartbeat.ts): a socket that has brought
 * nothing for SILENT_AFTER_MS — a dropped Wi-Fi leaves it half-open, with no close — is given up
 * the same way, and so is one that does not open within CONNECT_WITHIN_MS. A
 * request is never kept for later: offline, it is refused at once in words (UX.md: nothing typed on
 * a disconnected device is silently lost or silently applied later).
 *
 * The socket comes from a factory, so tests drive the client with a fake.
 */
import { type Backoff, createBackoff } from '../../core/api/backoff.js';
import { WATCHDOG_CHECK_MS, watchdog } from '../../core/api/heartbeat.js';
import { applyPublicPatch } from '../../core/public/patch.js';
import type { PublicAnswer, PublicPush, PublicRequest, PublicView } from '../../core/public/types.js';
import { PUBLIC_SOCKET_PATH } from '../../core/public/types.js';

/** What the client hears from a socket. */
export interface SocketHandlers {
  open(): void;
  message(data: string): void;
  close(): void;
}

/** A socket as the client uses it. */
export interface SocketLike {
  send(data: string): void;
  close(): void;
}

/** Opens a socket to `url` and reports to `handlers` (a fake in tests). */
export type SocketFactory = (url: string, handlers: SocketHandlers) => SocketLike;

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/**
 * connecting: never reached the host yet; online: connected; offline: the connection was lost (or
 * never made), trying again.
 */
export type ConnectionStatus = 'connecting' | 'online' | 'offline';

export interface ClientState {
  status: ConnectionStatus;
  view: PublicView | null;
  /** The host's words when no event is open at the station (then `view` is null). */
  noEvent: string | null;
  /** Host time minus this phone's time (ms), from the last tick. */
  offsetMs: number;
}

/** A request without its id (the client numbers them). */
export type PublicAsk = PublicRequest extends infer R ? (R extends PublicRequest ? Omit<R, 'id'> : never) : never;

export const OFFLINE_NOT_SENT = 'Not sent: this phone is offline. Nothing was sent — try again once it says it is connected.';
export const LOST_BEFORE_ANSWER = 'The connection dropped before the host answered: look at your table before sending again (it may have arrived).';
export const NO_ANSWER = 'The host did not answer in time: look at your table before sending again (it may have arrived).';

export interface PublicClientOptions {
  /** The socket's address (default: `/public` on the page's own host). */
  url?: string;
  createSocket?: SocketFactory;
  timers?: Timers;
  /** This phone's clock (default Date.now). */
  now?: () => number;
  /** Reconnect delays: the first, doubling up to the last (default 1 s → 15 s). */
  backoff?: { firstMs: number; maxMs: number };
  /** How long a request waits for its answer (default 15 s). */
  answerMs?: number;
  /** The watchdog's timers (default `timers`; null: no watchdog, for tests of the rest). */
  watchdogTimers?: Timers | null;
}

/** Can this browser take its first view gzip-compressed (DecompressionStream: Chrome 80, Safari 16.4, Firefox 113)? */
export function canGunzip(): boolean {
  return typeof DecompressionStream === 'function';
}

/**
 * `ws://host/public` (wss on an https page) for the page at `location`; `?z=gzip` when the browser
 * can decompress: the host then sends the first view compressed (a view of 256 players: 48 KB as
 * text, 8 KB compressed).
 */
export function publicSocketUrl(location: { protocol: string; host: string }, gzip = canGunzip()): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${PUBLIC_SOCKET_PATH}${gzip ? '?z=gzip' : ''}`;
}

/** A gzip-compressed message as text. */
async function gunzip(data: ArrayBuffer): Promise<string> {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

export const browserSocket: SocketFactory = (url, handlers) => {
  let socket: WebSocket;
  try {
    socket = new WebSocket(url);
  } catch {
    queueMicrotask(() => handlers.close());
    return { send: () => undefined, close: () => undefined };
  }
  socket.binaryType = 'arraybuffer';
  // In the order they came: a compressed view is read before the patch that follows it, and the
  // close after both.
  let order: Promise<void> = Promise.resolve();
  const then = (step: () => void | Promise<void>): void => {
    // A message that cannot be read (a broken compressed view): drop the connection, which reconnects.
    order = order.then(step).catch(() => socket.close());
  };
  socket.onopen = () => handlers.open();
  socket.onmessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data === 'string') then(() => handlers.message(data));
    else if (data instanceof ArrayBuffer) then(async () => handlers.message(await gunzip(data)));
  };
  socket.onclose = () => then(() => handlers.close());
  // An error is always followed by a close, which is where the client acts.
  socket.onerror = () => undefined;
  return { send: (data) => socket.send(data), close: () => socket.close() };
};

const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The view after `ops`, or null when they do not apply (then the page asks for the whole view). */
export function patchView(view: PublicView, to: number, ops: readonly unknown[]): PublicView | null {
  return applyPublicPatch(view, { type: 'patch', from: view.version, to, ops: [...ops] });
}

interface Waiting {
  resolve(answer: PublicAnswer): void;
  timer: unknown;
}

export class PublicClient {
  private state: ClientState = { status: 'connecting', view: null, noEvent: null, offsetMs: 0 };
  private readonly listeners = new Set<() => void>();
  private readonly waiting = new Map<number, Waiting>();
  private socket: SocketLike | null = null;
  private open = false;
  private retryTimer: unknown = null;
  private nextId = 1;
  private closed = false;
  /** The socket being replaced on purpose (a missed patch): its close is no outage. */
  private resyncing = false;
  private readonly url: string;
  private readonly createSocket: SocketFactory;
  private readonly timers: Timers;
  private readonly now: () => number;
  private readonly backoff: Backoff;
  private readonly answerMs: number;
  private readonly watchdogTimers: Timers | null;

  constructor(options: PublicClientOptions = {}) {
    this.url = options.url ?? publicSocketUrl(window.location);
    this.createSocket = options.createSocket ?? browserSocket;
    this.timers = options.timers ?? browserTimers;
    this.now = options.now ?? Date.now;
    this.backoff = createBackoff(options.backoff ?? { firstMs: 1000, maxMs: 15_000 });
    this.answerMs = options.answerMs ?? 15_000;
    this.watchdogTimers = options.watchdogTimers === undefined ? this.timers : options.watchdogTimers;
    this.connect();
  }

  getState = (): ClientState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The host's time now, by the last tick. */
  hostNow(): number {
    return this.now() + this.state.offsetMs;
  }

  /** Send a request; the answer, or a refusal in words when it could not be sent or answered. */
  request(ask: PublicAsk): Promise<PublicAnswer> {
    const id = this.nextId++;
    if (!this.socket || !this.open) return Promise.resolve({ kind: 'answer', id, ok: false, message: OFFLINE_NOT_SENT });
    const socket = this.socket;
    return new Promise((resolve) => {
      const timer = this.timers.set(() => this.settle(id, { kind: 'answer', id, ok: false, message: NO_ANSWER }), this.answerMs);
      this.waiting.set(id, { resolve, timer });
      try {
        socket.send(JSON.stringify({ ...ask, id }));
      } catch {
        this.settle(id, { kind: 'answer', id, ok: false, message: OFFLINE_NOT_SENT });
      }
    });
  }

  /** Try to connect now (the phone woke up, or its network came back) instead of waiting. */
  retryNow(): void {
    if (this.closed || this.socket) return;
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.retryTimer = null;
    this.connect();
  }

  close(): void {
    this.closed = true;
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.open = false;
    socket?.close();
    this.failWaiting(LOST_BEFORE_ANSWER);
  }

  private set(change: Partial<ClientState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of [...this.listeners]) listener();
  }

  private connect(): void {
    if (this.closed) return;
    let socket: SocketLike | null = null;
    const mine = (): boolean => socket !== null && this.socket === socket;
    const link = { startedAt: this.now(), openedAt: null as number | null, heardAt: this.now() };
    // The watchdog: silence (or a connection that never opens) is a dead link, though no close came.
    const dog = this.watchdogTimers;
    const look = (): void => {
      if (!mine()) return;
      if (watchdog(link, this.now()) === 'fine') {
        dog?.set(look, WATCHDOG_CHECK_MS);
        return;
      }
      const dead = socket as SocketLike;
      this.lost();
      try {
        dead.close();
      } catch {
        // (already closing)
      }
    };
    socket = this.createSocket(this.url, {
      open: () => {
        if (!mine()) return;
        link.openedAt = link.heardAt = this.now();
        this.open = true;
        this.set({ status: 'online' });
      },
      message: (data) => {
        if (!mine()) return;
        link.heardAt = this.now();
        this.receive(data);
      },
      close: () => {
        if (mine()) this.lost();
      },
    });
    this.socket = socket;
    dog?.set(look, WATCHDOG_CHECK_MS);
  }

  private lost(): void {
    this.socket = null;
    this.open = false;
    this.failWaiting(LOST_BEFORE_ANSWER);
    if (this.closed) return;
    if (this.resyncing) {
      this.resyncing = false;
      this.connect();
      return;
    }
    this.set({ status: 'offline' });
    const delay = this.backoff.next();
    this.retryTimer = this.timers.set(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  /** A patch was missed: connect again for the whole view (the view held stays on screen meanwhile). */
  private resync(): void {
    const socket = this.socket;
    if (!socket) return;
    this.resyncing = true;
    socket.close();
    // A socket that reports no close of its own (already gone): act now.
    if (this.socket === socket) this.lost();
  }

  private receive(data: string): void {
    let message: PublicPush | PublicAnswer;
    try {
      message = JSON.parse(data) as PublicPush | PublicAnswer;
    } catch {
      return;
    }
    if ('kind' in message) {
      if (message.kind === 'answer') this.settle(message.id, message);
      return;
    }
    switch (message.type) {
      case 'view':
        this.backoff.reset();
        this.set({ view: message.view, noEvent: null, status: 'online' });
        return;
      case 'no-event':
        this.backoff.reset();
        this.set({ view: null, noEvent: message.message, status: 'online' });
        return;
      case 'patch': {
        const view = this.state.view;
        const next = view && view.version === message.from ? patchView(view, message.to, message.ops) : null;
        if (next) this.set({ view: next });
        else this.resync();
        return;
      }
      case 'tick':
        this.set({ offsetMs: message.now - this.now() });
        return;
    }
  }

  private settle(id: number, answer: PublicAnswer): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    this.timers.clear(waiting.timer);
    waiting.resolve(answer);
  }

  private failWaiting(message: string): void {
    for (const id of [...this.waiting.keys()]) this.settle(id, { kind: 'answer', id, ok: false, message });
  }
}
