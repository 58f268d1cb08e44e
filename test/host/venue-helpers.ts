/**
 * A real browser-mode host with its venue network on a second loopback address (127.0.0.2, given
 * as `--lan-address` is, never any other), and the clients the venue tests drive it with: the
 * station on the local door (the renderer's WebSocket client with the station key), devices that
 * join over HTTP and connect with their token, raw WebSockets and raw HTTP for hostile requests.
 * Every wait is for an event, with a deadline so a failure says what it waited for instead of
 * hanging.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocket, type ClientOptions } from 'ws';
import type { NetworkStatus, StationApi, StationPush, StationSnapshot } from '../../core/api/contract.js';
import type { DeviceRef, DeviceRole } from '../../core/api/roles.js';
import type { EventState } from '../../core/model/types.js';
import { startBrowserMode, type BrowserMode, type BrowserModeOptions } from '../../electron/web.js';
import { connectWebSocket, type WebSocketChannel, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { FollowedSnapshot } from '../support/followed-snapshot.js';

export const LAN_ADDRESS = '127.0.0.2';
export const SECRET = 'not for the venue network';

/** Reject after `ms` saying what was awaited (a deadline, not a sleep: the promise settles first when all is well). */
export function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export interface VenueHost {
  mode: BrowserMode;
  dir: string;
  dataDir: string;
  rendererDir: string;
  /** The local door's port (and the LAN's, where it is free). */
  port: number;
  /** The station, on the local door with the station key. */
  station: StationApi;
  stationChannel: WebSocketChannel;
  /** Every push the station heard. */
  stationPushes: StationPush[];
  /** Turn the network on (through the station) and return its status. */
  networkOn(): Promise<NetworkStatus>;
  /** The LAN base URL (`http://127.0.0.2:PORT/`) once on. */
  lan(): string;
  /** A join code of a role, as the station shows it. */
  code(role: DeviceRole): string;
  /** Move the door's monotonic clock on (rate limits refill); it stands still otherwise. */
  advance(ms: number): void;
  /** Resolves with the network's status once it passes `check` (now, or at a later push to the station). */
  untilNetwork(check: (status: NetworkStatus) => boolean, what: string): Promise<NetworkStatus>;
  close(): Promise<void>;
}

export async function startVenueHost(
  venue: BrowserModeOptions['venue'] = {},
  options: { dir?: string } & Pick<BrowserModeOptions, 'lanAddress' | 'env'> = {},
): Promise<VenueHost> {
  const dir = options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'podium-venue-')));
  const dataDir = path.join(dir, 'station');
  const rendererDir = path.join(dir, 'renderer');
  await mkdir(path.join(rendererDir, 'assets'), { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Podium</title><div id="root"></div>');
  await writeFile(path.join(rendererDir, 'assets', 'app.js'), 'console.log("podium");');
  await writeFile(path.join(dir, 'secret.txt'), SECRET);
  let now = 1_000_000;
  const mode = await startBrowserMode({
    port: 0,
    dataDir,
    rendererDir,
    log: () => undefined,
    // As an organiser would: `--lan-address 127.0.0.2` (a test that gives the machine's addresses chooses for itself).
    venue: { addresses: () => [], clock: () => now, ...venue },
    ...(options.lanAddress !== undefined ? { lanAddress: options.lanAddress } : venue.addresses ? {} : { lanAddress: LAN_ADDRESS }),
    env: options.env ?? {},
  });
  const port = mode.server.port;
  const create = (url: string): WebSocketLike => new WebSocket(url) as unknown as WebSocketLike;
  const { api: station, channel: stationChannel } = connectWebSocket(`ws://127.0.0.1:${port}/rpc?key=${encodeURIComponent(mode.server.key)}`, {
    create,
    reconnect: false,
  });
  await within(stationChannel.ready, 'the station to connect');
  const stationPushes: StationPush[] = [];
  station.subscribe((push) => stationPushes.push(push));
  let status: NetworkStatus | null = null;
  return {
    mode,
    dir,
    dataDir,
    rendererDir,
    port,
    station,
    stationChannel,
    stationPushes,
    async networkOn() {
      status = await station.setNetwork({ on: true });
      return status;
    },
    lan() {
      const url = (status ?? mode.network.status()).urls[0];
      if (!url) throw new Error('the venue network is not on');
      return url;
    },
    code(role) {
      const code = mode.network.status().joinCodes.find((c) => c.role === role)?.code;
      if (!code) throw new Error(`no join code for ${role}: is the network on?`);
      return code;
    },
    advance(ms) {
      now += ms;
    },
    untilNetwork(check, what) {
      return within(
        new Promise<NetworkStatus>((resolve) => {
          const stop = station.subscribe((push) => {
            if (push.type === 'network' && check(push.status)) {
              stop();
              resolve(push.status);
            }
          });
          void station.networkStatus().then((now) => {
            if (!check(now)) return;
            stop();
            resolve(now);
          });
        }),
        what,
      );
    },
    async close() {
      stationChannel.close();
      await mode.close();
      if (!options.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The open event as the host itself holds it (in-process): with each round's report key, which no
 * window or device is sent (core/api/views.ts). What a slip prints its table codes from.
 */
export function hostState(host: VenueHost): EventState {
  const state = host.mode.service.current()?.state;
  if (!state) throw new Error('no event is open on the host');
  return state;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** An HTTP request with exactly these headers (a Host or Origin of our choosing). */
export function http(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {},
): Promise<Reply> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: Number(target.port),
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** POST /join as the join page does. */
export function postJoin(base: string, body: unknown, headers: Record<string, string> = {}, localAddress?: string): Promise<Reply> {
  return http(`${base}join`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(localAddress ? { localAddress } : {}),
  });
}

export interface Joined {
  token: string;
  device: DeviceRef;
}

/** Join as a person does, a while after the last one (the door's clock moves on: no rate limit met). */
export async function joinAs(host: VenueHost, role: DeviceRole, name: string): Promise<Joined> {
  host.advance(60_000);
  const reply = await postJoin(host.lan(), { code: host.code(role), name });
  if (reply.status !== 200) throw new Error(`joining as ${name} was refused: ${reply.status} ${reply.body}`);
  return JSON.parse(reply.body) as Joined;
}

export function rpcUrl(base: string, token: string): string {
  return `${base.replace(/^http:/, 'ws:')}rpc?token=${encodeURIComponent(token)}`;
}

/** A device as the renderer's client connects it, following the event from its pushes. */
export interface DeviceClient {
  api: StationApi;
  channel: WebSocketChannel;
  pushes: StationPush[];
  follower: FollowedSnapshot;
  /** Take a snapshot and follow the pushes after it (as the renderer's store does on connecting). */
  follow(): Promise<StationSnapshot>;
  /** Resolves once the followed state has reached `seq`. */
  reached(seq: number): Promise<void>;
  close(): void;
}

export async function deviceClient(base: string, token: string): Promise<DeviceClient> {
  const { api, channel } = connectWebSocket(rpcUrl(base, token), { create: (url) => new WebSocket(url) as unknown as WebSocketLike, reconnect: false });
  await within(channel.ready, 'a device to connect');
  const pushes: StationPush[] = [];
  const follower = new FollowedSnapshot();
  let following = false;
  const early: StationPush[] = [];
  const waiters = new Set<() => void>();
  api.subscribe((push) => {
    pushes.push(push);
    if (!following) early.push(push);
    else follower.hear(push);
    for (const waiter of [...waiters]) waiter();
  });
  return {
    api,
    channel,
    pushes,
    follower,
    async follow() {
      const snapshot = await api.snapshot();
      follower.hear({ type: 'state', snapshot });
      for (const push of early.splice(0)) follower.hear(push);
      following = true;
      return snapshot;
    },
    reached(seq) {
      return within(
        new Promise<void>((resolve) => {
          const check = (): void => {
            if ((follower.current?.lastSeq ?? -1) >= seq) {
              waiters.delete(check);
              resolve();
            }
          };
          waiters.add(check);
          check();
        }),
        `a device to follow the event to entry ${seq}`,
      );
    },
    close: () => channel.close(),
  };
}

/** A raw WebSocket: open, or the HTTP status it was refused with and the words of the refusal. */
export function tryUpgrade(url: string, options: ClientOptions = {}): Promise<{ ws: WebSocket } | { status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
        ws.terminate();
      });
    });
    ws.on('error', (error) => {
      if (!String(error.message).includes('Unexpected server response')) reject(error);
    });
  });
}

export async function openRaw(url: string, options: ClientOptions = {}): Promise<WebSocket> {
  const result = await within(tryUpgrade(url, options), `a WebSocket to ${url}`);
  if (!('ws' in result)) throw new Error(`refused: ${result.status} ${result.body}`);
  return result.ws;
}

/** Resolves with the close code and reason once the socket has closed. */
export function closedOf(ws: WebSocket): Promise<{ code: number; reason: string }> {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve({ code: 1006, reason: '' });
  return new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
}

/** One request over a raw WebSocket, and its response message. */
export function rawCall(ws: WebSocket, id: number, method: string, params: unknown = {}): Promise<{ ok: boolean; result?: unknown; error?: { code: string; message: string } }> {
  return within(
    new Promise((resolve) => {
      const onMessage = (data: unknown): void => {
        const message = JSON.parse(String(data)) as { kind: string; id?: number };
        if (message.kind === 'response' && message.id === id) {
          ws.off('message', onMessage);
          resolve(message as never);
        }
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ kind: 'request', id, method, params }));
    }),
    `an answer to ${method}`,
  );
}

/** A raw HTTP exchange (request text as written, `Connection: close`), the whole answer as text. */
export function rawHttp(host: string, port: number, head: string): Promise<string> {
  return within(
    new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('close', () => resolve(text));
      socket.on('error', (error) => (text ? resolve(text) : reject(error)));
      socket.once('connect', () => socket.write(head));
    }),
    `an answer to ${head.split('\r\n')[0]}`,
  );
}

/** The WebSocket handshake on a raw TCP socket; resolves with the socket once upgraded. */
export function rawUpgrade(host: string, port: number, pathAndQuery: string): Promise<Socket> {
  return within(
    new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      let head = '';
      const onData = (chunk: Buffer): void => {
        head += chunk.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        socket.off('data', onData);
        if (/^HTTP\/1\.1 101 /.test(head)) resolve(socket);
        else reject(new Error(`refused: ${head.split('\r\n')[0]}`));
      };
      socket.on('data', onData);
      socket.on('error', () => undefined);
      socket.once('connect', () =>
        socket.write(
          [
            `GET ${pathAndQuery} HTTP/1.1`,
            `Host: ${host}:${port}`,
            'Upgrade: websocket',
            'Connection: Upgrade',
            `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
            'Sec-WebSocket-Version: 13',
            '',
            '',
          ].join('\r\n'),
        ),
      );
    }),
    'a raw WebSocket handshake',
  );
}
