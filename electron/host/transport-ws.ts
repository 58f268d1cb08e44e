/**
 * The WebSocket transport, host side (browser mode and tests): the RPC protocol of core/api/rpc.ts
 * as JSON text frames on `/rpc` of an HTTP server bound to 127.0.0.1. Each connection gets its own
 * RpcChannel served by serveRpc (which validates every request) and receives every push.
 *
 * Guarding the door: only loopback peers; the Host header must name a loopback host (no DNS
 * rebinding); a browser's Origin must be this very server (a page from any other site or port
 * is refused); the request must carry the station key (`/rpc?key=…`: any other process
 * on the machine can reach 127.0.0.1, only the page Podium printed the address of knows the key);
 * frames are size-limited; anything that is not JSON is dropped.
 *
 * A joined device on the venue network (lan-door.ts) comes through another door and is read more
 * strictly (`inbound`): a smaller frame limit, a rate limit, and the first message that is not a
 * well-formed request (not JSON, not a request object, a `__proto__` key) closes its connection
 * and reaches nothing.
 *
 * Bounded memory: every connection has a bounded send buffer. While a window is behind (bytes still
 * waiting to go out), pushes are held and only the newest of each kind goes out once it catches up
 * (a newer state supersedes an older one); a window that drains nothing while pushes keep being
 * superseded has stopped reading, and one whose backlog would pass the cap is over its buffer:
 * either is dropped (terminated). The renderer reconnects by itself and fetches a fresh snapshot.
 *
 * The cap is on the backlog, not on one frame a window must take whole: a frame into an empty
 * buffer always goes (a large event's state), and so does an answer to the window's own request
 * with the pushes held back ahead of it, one answer beyond the cap until the buffer empties
 * (opening a several-MB save answers with the whole event just after the state push that announced
 * it: the window that opened it must get both, however slow its link). A second answer beyond the
 * cap before the first has gone out is a window that asks and does not read: dropped.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { HostApi, StationPush } from '../../core/api/contract.js';
import { serveRpc, type RpcChannel, type RpcMessage } from '../../core/api/rpc.js';
import { keepAlive, type KeepAliveOptions } from './heartbeat.js';
import { frameText, parseDeviceMessage } from './strict-messages.js';

export const RPC_PATH = '/rpc';
/** The local station's frames: a whole large event's save can come back through saveAs and friends. */
const MAX_FRAME_BYTES = 16 * 1024 * 1024;
/**
 * A joined device's messages: a request is a command or a query of a few hundred
 * bytes; 256 KiB leaves room for a batch of a thousand players from a second desk while keeping
 * what one message can make the host parse small. ws refuses a longer frame from its header
 * (closing with 1009), before it is read into memory.
 */
export const DEVICE_MAX_MESSAGE_BYTES = 256 * 1024;

// ---------------------------------------------------------------------------------------------
// The station key

/** The query parameter that carries the station key (on the page's address and on `/rpc`). */
export const KEY_PARAM = 'key';

/** A fresh station key: 256 random bits, URL-safe. */
export function createStationKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The key a request's URL carries, or null. */
export function keyOf(requestUrl: string | undefined): string | null {
  try {
    return new URL(requestUrl ?? '/', 'http://station.invalid').searchParams.get(KEY_PARAM);
  } catch {
    return null;
  }
}

/** Does `given` equal `key`? Compared in constant time (both hashed first, so lengths never leak). */
export function keyMatches(given: string | null | undefined, key: string): boolean {
  if (typeof given !== 'string' || given.length === 0 || key.length === 0) return false;
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(key, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** Why a request's station key is not accepted (never quoting it), or null when it is right. */
export function refuseKey(requestUrl: string | undefined, key: string): string | null {
  const given = keyOf(requestUrl);
  if (given === null || given === '') return 'the station key is missing: open the address Podium printed when it started';
  if (!keyMatches(given, key)) return 'the station key is wrong or no longer valid (the station may have been given a new key): open the address Podium printed when it started';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Who may connect

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** A Host header naming this machine's loopback interface (any port). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  try {
    return LOOPBACK_NAMES.has(new URL(`http://${host}`).hostname) || isLoopbackAddress(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

/** A browser Origin that is a page of this server (http, loopback host, our port). */
export function isOwnOrigin(origin: string, port: number): boolean {
  try {
    const url = new URL(origin);
    const urlPort = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    return url.protocol === 'http:' && isLoopbackHost(url.host) && urlPort === port;
  } catch {
    return false;
  }
}

/** Why an upgrade request must be refused, or null. */
export function refuseUpgrade(request: IncomingMessage, port: number, key: string): string | null {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return 'not a loopback peer';
  if (!isLoopbackHost(request.headers.host)) return `Host ${JSON.stringify(request.headers.host ?? '')} is not this machine`;
  const origin = request.headers.origin;
  // Browsers always send an Origin; local non-browser clients (tests, tools) send none.
  if (origin !== undefined && !isOwnOrigin(origin, port)) return `Origin ${origin} is not this station`;
  return refuseKey(request.url, key);
}

// ---------------------------------------------------------------------------------------------
// A device's messages, read strictly (strict-messages.ts)

export { parseDeviceMessage, type RpcRequest } from './strict-messages.js';

/** The close code for a message the connection's rules refuse (RFC 6455: policy violation). */
export const CLOSE_POLICY = 1008;
/** The close code for a window whose station key was replaced (RFC 6455: private use). */
export const CLOSE_KEY_CHANGED = 4001;
/** How long a connection this side closed may take to answer the close before it is cut off. */
const SHUT_GRACE_MS = 2000;

/**
 * How a device's connection takes messages: each must be admitted (the device's rate limit) and
 * read strictly (parseDeviceMessage); the first that is not closes the connection, and neither it
 * nor anything after it reaches the service.
 */
export interface InboundGuard {
  /** Why this message may not be taken now (too many), or null. */
  admit(): string | null;
  /** Told once, when the connection is closed for a message, in words. */
  onRefused?(reason: string): void;
}

// ---------------------------------------------------------------------------------------------
// One connection, with a bounded send buffer

export interface SendBufferOptions {
  /** Bytes a connection may have waiting to go out; a send that would pass it drops the connection (default 4 MiB). */
  capBytes?: number;
  /** With more than this waiting, pushes are held and only the newest of each kind is sent once it drains (default 256 KiB). */
  coalesceAboveBytes?: number;
  /** A connection that drains nothing while this many held pushes are superseded has stopped reading: dropped (default 200). */
  maxSupersededPushes?: number;
}

export const DEFAULT_SEND_BUFFER: Required<SendBufferOptions> = {
  capBytes: 4 * 1024 * 1024,
  coalesceAboveBytes: 256 * 1024,
  maxSupersededPushes: 200,
};

/** The host's own accounting of one connection's send buffer. */
export interface SendBufferStats {
  /** Bytes waiting to go out now (ws's buffer plus the socket's). */
  bufferedBytes: number;
  /** The most that was ever waiting, measured at every send. */
  peakBufferedBytes: number;
  /** Pushes held back (at most one per kind) until the connection catches up. */
  heldPushes: number;
  /** Pushes replaced by a newer one of their kind while the connection drained nothing. */
  superseded: number;
  /** The most that was ever waiting beyond the frames taken whole (what the cap bounds). */
  peakBacklogBytes: number;
  /** The largest frame written to this connection. */
  largestFrameBytes: number;
}

export interface DroppedConnection extends SendBufferStats {
  /** Why, in words. */
  reason: string;
}

export interface WebSocketChannelOptions {
  sendBuffer?: SendBufferOptions;
  /** Told when the connection is dropped for being over its send buffer. */
  onDropped?: (dropped: DroppedConnection) => void;
  /** A joined device's connection: every message admitted and read strictly (default: the local station's lenient reading). */
  inbound?: InboundGuard;
  /**
   * Ping it and send it a beat every few seconds, and cut it off once it has answered nothing for
   * a while (heartbeat.ts): how a half-open link is noticed on both sides.
   */
  heartbeat?: Omit<KeepAliveOptions, 'beat'>;
}

export interface WebSocketChannel extends RpcChannel {
  stats(): SendBufferStats;
  /** Stop taking messages and sending pushes at once, and close the connection (a revoked device). */
  shut(code: number, reason: string): void;
  /** When the other side was last heard from (host time; with a heartbeat only, else when it connected). */
  heardAt(): number;
}

/** A close reason fits a control frame (at most 123 bytes); ours are ASCII words. */
function closeReason(reason: string): string {
  return Buffer.byteLength(reason) <= 120 ? reason : `${reason.slice(0, 110)}…`;
}

/** A push's frame, encoded once however many windows it goes to (and shared by their buffers). */
const encodedPushes = new WeakMap<StationPush, Buffer>();

function encode(message: RpcMessage): Buffer {
  if (message.kind !== 'push') return Buffer.from(JSON.stringify(message));
  let data = encodedPushes.get(message.push);
  if (!data) {
    data = Buffer.from(JSON.stringify(message));
    encodedPushes.set(message.push, data);
  }
  return data;
}

/**
 * What the cap bounds on one connection: the bytes waiting beyond the frames it takes whole — the
 * one written into an empty buffer, and one answer to the window's own request (with the pushes
 * held ahead of it) beyond the cap until the buffer empties again.
 */
class Backlog {
  /** Bytes of the frames taken whole since the buffer was last empty. */
  private whole = 0;
  /** An answer went beyond the cap since the buffer was last empty: the next one counts against it. */
  private answerBeyondCap = false;
  peak = 0;
  largest = 0;

  constructor(private readonly cap: number) {}

  /** Everything written before has gone out: nothing taken whole is waiting any more. */
  emptied(): void {
    this.whole = 0;
    this.answerBeyondCap = false;
  }

  /** May a frame of `bytes` go now, with `waiting` bytes in the buffer? Null, or why not (the connection is dropped). */
  admit(waiting: number, bytes: number, kind: 'push' | 'answer' | 'ahead-of-answer'): string | null {
    this.largest = Math.max(this.largest, bytes);
    if (waiting === 0) {
      this.emptied();
      this.whole = bytes; // one frame always fits an empty buffer (a big event's state can be larger than the cap)
      return null;
    }
    if (waiting - this.whole + bytes <= this.cap) return null;
    // The window's own answer goes; anything else would grow a backlog nobody reads.
    if (kind === 'push' || this.answerBeyondCap) return `its send buffer is full (${waiting - this.whole + bytes} bytes waiting would pass the cap of ${this.cap})`;
    this.whole += bytes;
    if (kind === 'answer') this.answerBeyondCap = true;
    return null;
  }

  sent(buffered: number): void {
    this.peak = Math.max(this.peak, buffered - this.whole);
  }
}

/** One connection as an RpcChannel (JSON text frames), with its send-buffer accounting. */
export function webSocketChannel(socket: WebSocket, options: WebSocketChannelOptions = {}): WebSocketChannel {
  const limits = { ...DEFAULT_SEND_BUFFER, ...options.sendBuffer };
  const handlers = new Set<(message: unknown) => void>();
  /** The newest push of each kind not yet sent, while the connection is behind. */
  const held = new Map<string, RpcMessage>();
  let superseded = 0;
  let peak = 0;
  const backlog = new Backlog(limits.capBytes);
  let dropped = false;
  /** Closed by this side (a refused message, a revoked device): nothing more in or out. */
  let shut = false;
  const inbound = options.inbound;

  const shutNow = (code: number, reason: string): void => {
    if (shut) return;
    shut = true;
    held.clear();
    handlers.clear();
    if (socket.readyState !== WebSocket.OPEN && socket.readyState !== WebSocket.CONNECTING) return;
    socket.close(code, closeReason(reason));
    // A client that does not answer the close (or floods on) is cut off soon, not after ws's 30 s.
    const cutOff = setTimeout(() => socket.terminate(), SHUT_GRACE_MS);
    cutOff.unref();
    socket.once('close', () => clearTimeout(cutOff));
  };

  socket.on('message', (data, isBinary) => {
    // ws may still hand over frames it had read before the close: none of them counts.
    if (shut || dropped) return;
    let message: unknown;
    if (inbound) {
      const refused = inbound.admit();
      const parsed = refused === null ? parseDeviceMessage(data, isBinary) : { ok: false as const, reason: refused };
      if (!parsed.ok) {
        inbound.onRefused?.(parsed.reason);
        shutNow(CLOSE_POLICY, `Podium closed this connection: ${parsed.reason}`);
        return;
      }
      message = parsed.message;
    } else {
      if (isBinary) return;
      try {
        message = JSON.parse(frameText(data));
      } catch {
        return;
      }
    }
    for (const handler of [...handlers]) handler(message);
  });

  const stats = (): SendBufferStats => ({
    bufferedBytes: socket.bufferedAmount,
    peakBufferedBytes: peak,
    heldPushes: held.size,
    superseded,
    peakBacklogBytes: backlog.peak,
    largestFrameBytes: backlog.largest,
  });

  const drop = (reason: string): void => {
    if (dropped) return;
    dropped = true;
    const info = { ...stats(), reason };
    held.clear();
    socket.terminate(); // frees what was waiting at once
    options.onDropped?.(info);
  };

  /** Send the held pushes now (oldest kind first); `forAnswer`: they go out ahead of an answer, and go whole with it. */
  const flush = (forAnswer = false): void => {
    const waiting = [...held.values()];
    held.clear();
    for (const message of waiting) write(message, forAnswer);
  };

  /** Something went out: the window is reading. Send what was held once it has caught up. */
  const drained = (error?: Error): void => {
    if (error || dropped || socket.readyState !== WebSocket.OPEN) return;
    superseded = 0;
    if (socket.bufferedAmount === 0) backlog.emptied();
    if (held.size === 0 || socket.bufferedAmount > limits.coalesceAboveBytes) return;
    flush();
  };

  const write = (message: RpcMessage, forAnswer = false): void => {
    if (dropped || shut || socket.readyState !== WebSocket.OPEN) return;
    const data = encode(message);
    const refused = backlog.admit(socket.bufferedAmount, data.length, message.kind === 'response' ? 'answer' : forAnswer ? 'ahead-of-answer' : 'push');
    if (refused) return drop(refused);
    socket.send(data, { binary: false }, drained);
    peak = Math.max(peak, socket.bufferedAmount);
    backlog.sent(socket.bufferedAmount);
  };

  const connectedAt = Date.now();
  const alive = options.heartbeat
    ? keepAlive(socket, {
        ...options.heartbeat,
        // Only on an idle link: anything else on its way is as good a sign of life.
        beat: () => {
          if (dropped || shut || held.size > 0 || socket.bufferedAmount > 0 || socket.readyState !== WebSocket.OPEN) return;
          socket.send(JSON.stringify({ kind: 'beat', now: (options.heartbeat?.now ?? Date.now)() } satisfies RpcMessage));
        },
      })
    : null;

  return {
    heardAt: () => alive?.heardAt() ?? connectedAt,
    send(message) {
      if (dropped || shut || socket.readyState !== WebSocket.OPEN) return;
      if (message.kind === 'push' && (held.size > 0 || socket.bufferedAmount > limits.coalesceAboveBytes)) {
        const kind = message.push.type;
        if (held.has(kind)) superseded++;
        // The newest last: a device folds entries after the state they follow (core/api/deltas.ts).
        held.delete(kind);
        held.set(kind, message);
        if (superseded >= limits.maxSupersededPushes) drop(`it stopped reading (${superseded} updates superseded while nothing went out)`);
        return;
      }
      // An answer never overtakes a change that came before it (the state a command made goes
      // out before its acknowledgement, as when nothing is held).
      if (message.kind !== 'push' && held.size > 0) flush(message.kind === 'response');
      write(message);
    },
    onMessage(handler) {
      if (!shut) handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    stats,
    shut: shutNow,
  };
}

// ---------------------------------------------------------------------------------------------
// The server side

export interface WebSocketRpcOptions {
  /** The station key (setKey replaces it): an upgrade without it is refused (403). */
  key: string;
  /** Told about every refused upgrade, in words (never the key). */
  onRefused?: (reason: string) => void;
  /** Told about every request refused before it reached the api (not a valid request), in words. */
  onInvalidRequest?: (method: string, reason: string) => void;
  sendBuffer?: SendBufferOptions;
  /** Told about every connection dropped for being over its send buffer. */
  onDropped?: (dropped: DroppedConnection) => void;
  /** WebSockets at other paths, each with a door of its own (browser mode: the players' `/public`). */
  otherSockets?: Readonly<Record<string, (request: IncomingMessage, socket: Duplex, head: Buffer) => void>>;
}

export interface WebSocketRpc {
  /** Open connections. */
  connections(): number;
  /**
   * A new station key: from now on only it opens `/rpc`, and every window connected with the old
   * one is closed (after what it is being sent goes out: the answer that carries the new key).
   */
  setKey(key: string): void;
  /** The send buffer of every open connection, by the host's own accounting. */
  sendBuffers(): SendBufferStats[];
  close(): Promise<void>;
}

/** Serve `api` over WebSocket on `server`'s RPC_PATH. */
export function attachWebSocketRpc(server: Server, api: HostApi, options: WebSocketRpcOptions): WebSocketRpc {
  if (typeof options.key !== 'string' || options.key.length < 16) throw new Error('the WebSocket API needs a station key');
  let key = options.key;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const channels = new Map<WebSocket, WebSocketChannel>();
  const port = (): number => {
    const address = server.address();
    return address && typeof address === 'object' ? address.port : 0;
  };
  const refuse = (socket: Duplex, status: string, reason: string): void => {
    options.onRefused?.(reason);
    socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nPodium refused this connection: ${reason}.\n`);
    socket.destroy();
  };
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const pathname = (request.url ?? '').split('?')[0] ?? '';
    const other = options.otherSockets && Object.hasOwn(options.otherSockets, pathname) ? options.otherSockets[pathname] : undefined;
    if (other) return other(request, socket, head);
    if (pathname !== RPC_PATH) return refuse(socket, '404 Not Found', `no WebSocket endpoint at ${pathname}`);
    const refused = refuseUpgrade(request, port(), key);
    if (refused) return refuse(socket, '403 Forbidden', refused);
    wss.handleUpgrade(request, socket, head, (ws) => {
      const channel = webSocketChannel(ws, {
        ...(options.sendBuffer ? { sendBuffer: options.sendBuffer } : {}),
        ...(options.onDropped ? { onDropped: options.onDropped } : {}),
        heartbeat: {},
      });
      channels.set(ws, channel);
      const stop = serveRpc(api, channel, options.onInvalidRequest ? { onInvalid: options.onInvalidRequest } : {});
      ws.on('close', () => {
        channels.delete(ws);
        stop();
      });
      ws.on('error', () => ws.terminate());
    });
  };
  server.on('upgrade', onUpgrade);
  return {
    connections: () => wss.clients.size,
    setKey(next) {
      if (typeof next !== 'string' || next.length < 16) throw new Error('the WebSocket API needs a station key');
      key = next;
      const holders = [...channels.values()];
      // The next turn: the answer that carries the new key (to the window that asked) goes out first.
      setImmediate(() => {
        for (const channel of holders) channel.shut(CLOSE_KEY_CHANGED, 'Podium closed this connection: the station was given a new key');
      });
    },
    sendBuffers: () => [...channels.values()].map((channel) => channel.stats()),
    close: () =>
      new Promise<void>((resolve) => {
        server.off('upgrade', onUpgrade);
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
