/**
 * The venue network's door (3: the LAN is hostile until proven otherwise): what a
 * request that arrived on a LAN listener may reach. The station key is the local door only and
 * means nothing here; a device is who its token says, and an unknown device learns nothing but
 * that a join code is needed.
 *
 * - Every request: the Host header must name the address and port this listener serves (no DNS
 *   rebinding), and a browser's Origin must be that same origin (no other site's page drives it).
 * - Every connection first passes the gate (lan-gate.ts): at most so many in all and from one
 *   address, refused with a 503 in words past either, and closed when it sends no whole request
 *   within a few seconds.
 * - Open to anyone: the renderer's static files (the join page, the device screens and the player
 *   page `/p` with the files it loads must load), `POST /join` with `{"code", "name"}` as JSON,
 *   which answers `{"token", "device"}` (lan-join.ts: wrong codes slowed per address and across
 *   the whole network, so a code of 40 random bits cannot be found by trying, while the right code
 *   is never refused), and the players' WebSocket `/public`, which public-door.ts
 *   guards and which never reaches the StationApi.
 * - `/rpc` (a WebSocket, or a plain GET that answers 204 or 403 in words, so a page can tell
 *   "refused" from "host gone") needs `?token=` of a joined, unrevoked device. Each connection is
 *   served as that device (core/api/roles.ts decides what its role may do), with at most a few
 *   connections per device (refused in words past them); its messages are size-limited,
 *   rate-limited per device and per address, and read strictly: the first refused message closes
 *   the connection and never reaches the service.
 *
 * Plain Node: no `electron` import.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { HostApi } from '../../core/api/contract.js';
import { HOST_DROP_AFTER_MS, isSilent, WATCHDOG_CHECK_MS } from '../../core/api/heartbeat.js';
import { serveRpc } from '../../core/api/rpc.js';
import type { Caller, DeviceRef, DeviceRole } from '../../core/api/roles.js';
import { PUBLIC_SOCKET_PATH } from '../../core/public/types.js';
import type { DeviceRecord, DeviceRegistry } from './device-registry.js';
import { createLanGate, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits, type GateCounts } from './lan-gate.js';
import { joinEndpoint } from './lan-join.js';
import type { PublicDoor } from './public-door.js';
import { KeyedBuckets, type BucketLimits, type MonotonicClock } from './rate-limit.js';
import { contentSecurityPolicy, securityHeaders, serveStatic } from './static-files.js';
import {
  DEVICE_MAX_MESSAGE_BYTES,
  KEY_PARAM,
  RPC_PATH,
  webSocketChannel,
  type DroppedConnection,
  type SendBufferOptions,
  type WebSocketChannel,
} from './transport-ws.js';

/** The query parameter of `/rpc` that carries a device token (renderer/api/index.ts TOKEN_PARAM). */
export const TOKEN_PARAM = 'token';
export const JOIN_PATH = '/join';

/** What an unknown (or revoked) device is told, and all it is told. */
export const NOT_JOINED = 'this device has not joined: a join code is needed';

/** Close codes of a device's connection (4000-4999 are the application's own). */
export const CLOSE_REVOKED = 4003;
export const CLOSE_NETWORK_OFF = 1001;

export interface DoorLimits {
  /** Bytes one message from a device may have (ws closes with 1009 past it). */
  messageBytes: number;
  /** Messages per device, across its connections. */
  messages: BucketLimits;
  /** Devices' messages per address, across every device there. */
  messagesPerAddress: BucketLimits;
  /** Open connections of one device (its token). */
  connectionsPerDevice: number;
  /** Connections on the LAN listeners (lan-gate.ts). */
  connections: ConnectionLimits;
  /** Wrong join codes (and requests that are no join) per address: past them, refused before the code is read. */
  wrongCodesPerAddress: BucketLimits;
  /** Wrong join codes across the whole network (many addresses guessing together); the right code is never refused. */
  wrongCodes: BucketLimits;
  /** Bytes of a join request's body. */
  joinBodyBytes: number;
}

/**
 * Why these numbers:
 * - 50 messages a second, bursts of 200, per device: a person on a phone or at a second desk sends
 *   one request per action and a few on reconnecting (the gap query, the commands it re-sends);
 *   200 at once covers a reconnect re-sending a long outbox. A loop sending thousands is closed
 *   after at most 200, so it can make the host validate (and fsync) little before it is gone.
 * - 250 a second, bursts of 1,000, per address: five devices behind one address at their fullest
 *   together; many tokens looping from one machine are closed as one device's loop would be.
 * - 4 connections per device: a desk's station and its projector tab, and a reconnect while the
 *   old connection is not yet known to be gone; a token copied into 1,500 sockets gets 4.
 * - 10 wrong join codes per address, then one every 6 seconds: a person mistyping a code a few
 *   times never notices; a script on one address gets 10 a minute.
 * - 30 wrong codes across the network, then one a second, and each address that guesses past it
 *   waits a minute: many addresses guessing together get about one guess a minute each (254
 *   addresses of a venue network: 366,000 a day against 3 codes of 2^40 each, some 5,000 years for
 *   an even chance), while the right code joins from any address at once.
 */
export const DEFAULT_DOOR_LIMITS: DoorLimits = {
  messageBytes: DEVICE_MAX_MESSAGE_BYTES,
  messages: { perSecond: 50, burst: 200 },
  messagesPerAddress: { perSecond: 250, burst: 1000 },
  connectionsPerDevice: 4,
  connections: DEFAULT_CONNECTION_LIMITS,
  wrongCodesPerAddress: { perSecond: 1 / 6, burst: 10 },
  wrongCodes: { perSecond: 1, burst: 30 },
  joinBodyBytes: 4096,
};

/** The listener a request came in on: the LAN address and port it serves. */
export interface Served {
  address: string;
  port: number;
}

export interface LanDoorOptions {
  rendererDir: string;
  registry: DeviceRegistry;
  /** The role a typed join code names now, or null. */
  roleForCode(code: string): DeviceRole | null;
  /** The service devices reach (null while the host is still starting). */
  api(): HostApi | null;
  limits?: Partial<DoorLimits>;
  sendBuffer?: SendBufferOptions;
  clock?: MonotonicClock;
  /** A device joined, connected, or went away: the station's device list changed. */
  onChange(): void;
  /** The players' door, `/public` (absent: no such endpoint here). */
  phones?: PublicDoor;
  log?: { info(line: string, fields?: Record<string, unknown>): void; warn(line: string, fields?: Record<string, unknown>): void };
}

export interface LanDoor {
  /** A new TCP connection on a LAN listener: true when it may go on to HTTP; false when the gate refused it (in words). */
  accept(socket: Socket): boolean;
  /** What the gate has counted (open, refused, closed for idling). */
  gate(): GateCounts;
  handle(request: IncomingMessage, response: ServerResponse, served: Served): void;
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, served: Served): void;
  /** Is any connection of this device open? */
  isConnected(id: string): boolean;
  /**
   * When the device was last heard from (a pong, a message; host time), and whether it has gone
   * silent (heartbeat: connected but answering nothing, or cut off for it and not back yet).
   */
  hearing(id: string): { heardAt?: string; silent?: boolean };
  /** Open device connections. */
  connections(): number;
  /** Close every connection of a device now (it was revoked); how many there were. */
  closeDevice(id: string): number;
  /** Close every device connection now, and every other connection on the LAN (the network goes off). */
  closeAll(): void;
}

/** Does a header name exactly this listener ("192.168.1.20:5719"; the bare address on port 80)? */
function namesListener(host: string | undefined, served: Served): boolean {
  if (typeof host !== 'string') return false;
  const given = host.trim().toLowerCase();
  return given === `${served.address}:${served.port}` || (served.port === 80 && given === served.address);
}

function originOf(served: Served): string {
  return served.port === 80 ? `http://${served.address}` : `http://${served.address}:${served.port}`;
}

function searchParams(url: string | undefined): URLSearchParams | null {
  try {
    return new URL(url ?? '/', 'http://device.invalid').searchParams;
  } catch {
    return null;
  }
}

function pathnameOf(url: string | undefined): string {
  return (url ?? '/').split('?')[0] ?? '/';
}

function headersFor(served: Served): Record<string, string> {
  const origin = `ws://${served.address}:${served.port}`;
  return securityHeaders(contentSecurityPolicy([`${origin}${RPC_PATH}`, `${origin}${PUBLIC_SOCKET_PATH}`]));
}

function reply(response: ServerResponse, served: Served, status: number, text: string, extra: Record<string, string> = {}): void {
  response.writeHead(status, { ...headersFor(served), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
  response.end(`${text}\n`);
}

function replyJson(response: ServerResponse, served: Served, status: number, body: unknown, extra: Record<string, string> = {}): void {
  response.writeHead(status, { ...headersFor(served), 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
  response.end(JSON.stringify(body));
}

/** Why a request may not come in through this listener at all, or null. */
function refuseRequest(request: IncomingMessage, served: Served): string | null {
  if (!namesListener(request.headers.host, served)) return `Podium answers on the venue network only as ${originOf(served)}/`;
  const origin = request.headers.origin;
  // Browsers send an Origin with every WebSocket and every POST; programs may send none.
  if (origin !== undefined && origin !== originOf(served)) return 'a page from another site cannot use Podium';
  return null;
}

/** The device whose token this `/rpc` request carries, or null (a station key is no device). */
function deviceOf(request: IncomingMessage, registry: DeviceRegistry): DeviceRecord | null {
  const params = searchParams(request.url);
  if (!params || params.has(KEY_PARAM)) return null;
  const tokens = params.getAll(TOKEN_PARAM);
  if (tokens.length !== 1) return null;
  return registry.byToken(tokens[0]);
}

// ---------------------------------------------------------------------------------------------
// Devices' connections

interface Connection {
  ws: WebSocket;
  device: DeviceRef;
  channel: WebSocketChannel;
  stop(): void;
}

interface DeviceConnections {
  /** Serve a socket that passed the door as `record` (its token's device), from `address`. */
  serve(ws: WebSocket, record: DeviceRecord, api: HostApi, address: string): void;
  wss: WebSocketServer;
  isConnected(id: string): boolean;
  hearing(id: string): { heardAt?: string; silent?: boolean };
  /** Open connections of a device. */
  of(id: string): number;
  count(): number;
  closeDevice(id: string): number;
  closeAll(): void;
}

/**
 * When each device was last heard from, and which have gone silent (core/api/heartbeat.ts): a
 * device connected but answering nothing, or cut off by the heartbeat and not back yet. Looked at
 * every second while any is connected or lost; a change is told (the station's list is pushed).
 */
function deviceHearing(open: ReadonlySet<Connection>, perDevice: ReadonlyMap<string, number>, onChange: () => void) {
  /** Devices cut off by the heartbeat (a dead link), with when they were last heard: silent until they are back. */
  const lost = new Map<string, number>();
  /** Devices the station's list shows as silent now (a change is pushed to it). */
  const silentNow = new Set<string>();
  const heardAt = (id: string): number | null => {
    let latest: number | null = null;
    for (const connection of open) if (connection.device.id === id) latest = Math.max(latest ?? 0, connection.channel.heardAt());
    return latest ?? lost.get(id) ?? null;
  };
  const silentAt = (id: string, now: number): boolean => {
    const heard = heardAt(id);
    if (heard === null) return false;
    return perDevice.has(id) ? isSilent(heard, now) : lost.has(id);
  };
  /** Every heartbeat: a device that went silent, or was heard again, changes the station's list. */
  let watching: ReturnType<typeof setInterval> | null = null;
  const look = (): void => {
    const now = Date.now();
    let changed = false;
    for (const id of new Set([...perDevice.keys(), ...lost.keys(), ...silentNow])) {
      const silent = silentAt(id, now);
      if (silent === silentNow.has(id)) continue;
      changed = true;
      if (silent) silentNow.add(id);
      else silentNow.delete(id);
    }
    if (changed) onChange();
    if (open.size === 0 && lost.size === 0 && watching) {
      clearInterval(watching);
      watching = null;
    }
  };
  const watch = (): void => {
    if (watching) return;
    watching = setInterval(look, WATCHDOG_CHECK_MS);
    watching.unref();
  };
  return {
    heard(id: string): void {
      if (silentNow.has(id)) look();
    },
    lost(id: string, at: number): void {
      lost.set(id, at);
    },
    connected(id: string): void {
      lost.delete(id);
      watch();
      look();
    },
    of(id: string): { heardAt?: string; silent?: boolean } {
      const heard = heardAt(id);
      if (heard === null) return {};
      return { heardAt: new Date(heard).toISOString(), ...(silentNow.has(id) ? { silent: true } : {}) };
    },
    forget(id: string): void {
      lost.delete(id);
      silentNow.delete(id);
    },
    clear(): void {
      lost.clear();
      silentNow.clear();
    },
  };
}

/** Every device's open connections: served as the device, each message admitted by its bucket. */
function deviceConnections(options: LanDoorOptions, limits: DoorLimits): DeviceConnections {
  const messages = new KeyedBuckets(limits.messages, 1024, options.clock);
  const fromAddress = new KeyedBuckets(limits.messagesPerAddress, 1024, options.clock);
  const open = new Set<Connection>();
  /** Open connections per device (the station's list asks for every device at every change). */
  const perDevice = new Map<string, number>();
  const opened = (connection: Connection): void => {
    open.add(connection);
    perDevice.set(connection.device.id, (perDevice.get(connection.device.id) ?? 0) + 1);
  };
  /** False when it was not open (closed here already). */
  const forget = (connection: Connection): boolean => {
    if (!open.delete(connection)) return false;
    const left = (perDevice.get(connection.device.id) ?? 1) - 1;
    if (left > 0) perDevice.set(connection.device.id, left);
    else perDevice.delete(connection.device.id);
    return true;
  };
  const hearing = deviceHearing(open, perDevice, options.onChange);
  const tooMany = `too many messages (more than ${limits.messages.burst} at once, or ${limits.messages.perSecond} a second)`;
  const tooManyHere = `too many messages from this address (more than ${limits.messagesPerAddress.burst} at once, or ${limits.messagesPerAddress.perSecond} a second, for every device there)`;

  const close = (connection: Connection, code: number, reason: string): void => {
    forget(connection);
    connection.stop();
    connection.channel.shut(code, reason);
    // Gone now, not when (or whether) the other side answers the close.
    connection.ws.terminate();
  };

  return {
    wss: new WebSocketServer({ noServer: true, maxPayload: limits.messageBytes, perMessageDeflate: false }),

    serve(ws, record, api, address) {
      const device: DeviceRef = { id: record.id, name: record.name, role: record.role };
      const bucket = messages.get(device.id); // one per device, across its connections
      const shared = fromAddress.get(address); // one per address, across its devices
      const channel = webSocketChannel(ws, {
        ...(options.sendBuffer ? { sendBuffer: options.sendBuffer } : {}),
        onDropped: (dropped: DroppedConnection) => options.log?.warn(`Dropped ${device.name}'s connection, which fell behind: ${dropped.reason}`, { device: device.id }),
        inbound: {
          admit: () => (!bucket.take() ? tooMany : !shared.take() ? tooManyHere : null),
          onRefused: (reason) => options.log?.warn(`Closed ${device.name}'s connection for ${reason}`, { device: device.id }),
        },
        heartbeat: {
          onHeard: () => hearing.heard(device.id),
          onDead: () => {
            hearing.lost(device.id, channel.heardAt());
            options.log?.warn(`Closed ${device.name}'s connection: it answered nothing for ${HOST_DROP_AFTER_MS / 1000} s (a dead link)`, { device: device.id });
          },
        },
      });
      // Revoked while the handshake went on: not served at all.
      if (!options.registry.get(device.id)) return channel.shut(CLOSE_REVOKED, NOT_JOINED);
      const caller: Caller = { kind: 'device', ...device };
      const stop = serveRpc(api, channel, {
        caller,
        onInvalid: (method, reason) => options.log?.warn(`Refused a request from ${device.name} (${method}): ${reason}`, { device: device.id, code: 'invalid-request' }),
      });
      channel.onMessage(() => options.registry.seen(device.id));
      const connection: Connection = { ws, device, channel, stop };
      opened(connection);
      hearing.connected(device.id);
      options.registry.seen(device.id);
      options.onChange();
      ws.on('close', () => {
        stop();
        if (!forget(connection)) return;
        options.registry.seen(device.id);
        options.onChange();
      });
      ws.on('error', () => ws.terminate());
    },

    isConnected: (id) => perDevice.has(id),
    hearing: (id) => hearing.of(id),
    of: (id) => perDevice.get(id) ?? 0,
    count: () => open.size,

    closeDevice(id) {
      let closed = 0;
      for (const connection of [...open]) {
        if (connection.device.id !== id) continue;
        close(connection, CLOSE_REVOKED, 'this device was removed by the scorekeeper');
        closed++;
      }
      messages.forget(id);
      hearing.forget(id);
      if (closed > 0) options.onChange();
      return closed;
    },

    closeAll() {
      for (const connection of [...open]) close(connection, CLOSE_NETWORK_OFF, 'the venue network was turned off');
      hearing.clear();
    },
  };
}

function refuseUpgrade(socket: Duplex, status: string, reason: string): void {
  if (!socket.writable) return void socket.destroy();
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\n\r\nPodium refused this connection: ${reason}.\n`, () =>
    socket.destroy(),
  );
}

// ---------------------------------------------------------------------------------------------
// The door

export function createLanDoor(options: LanDoorOptions): LanDoor {
  const limits: DoorLimits = { ...DEFAULT_DOOR_LIMITS, ...options.limits };
  const join = joinEndpoint(options, limits, replyJson);
  const devices = deviceConnections(options, limits);
  const gate = createLanGate(limits.connections, options.log);
  /** Upgrades of each device under way (the handshake is answered before the connection counts). */
  const upgrading = new Map<string, number>();

  return {
    accept: (socket) => gate.admit(socket),
    gate: () => gate.counts(),

    handle(request, response, served) {
      // A whole request came: not idle; once answered, idle again until the next one.
      const socket = request.socket as Socket;
      gate.busy(socket);
      response.once('finish', () => gate.idle(socket));
      const refused = refuseRequest(request, served);
      if (refused) return reply(response, served, 403, `Podium refused this request: ${refused}.`);
      const pathname = pathnameOf(request.url);
      if (pathname === JOIN_PATH && request.method === 'POST') {
        void join(request, response, served).catch(() => {
          if (!response.headersSent) replyJson(response, served, 500, { error: 'the station could not answer: try again' });
          else response.destroy();
        });
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') return reply(response, served, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
      if (pathname === RPC_PATH) {
        if (!deviceOf(request, options.registry)) return reply(response, served, 403, `Podium refused this connection: ${NOT_JOINED}.`);
        response.writeHead(204, { ...headersFor(served), 'Cache-Control': 'no-store' });
        return void response.end();
      }
      serveStatic(request, response, options.rendererDir, headersFor(served));
    },

    upgrade(request, socket, head, served) {
      gate.upgraded(socket as Socket);
      socket.on('error', () => socket.destroy());
      const pathname = pathnameOf(request.url);
      const phones = pathname === PUBLIC_SOCKET_PATH ? options.phones : undefined;
      if (pathname !== RPC_PATH && !phones) return refuseUpgrade(socket, '404 Not Found', `no WebSocket endpoint at ${pathname.slice(0, 100)}`);
      const refused = refuseRequest(request, served);
      if (refused) return refuseUpgrade(socket, '403 Forbidden', refused);
      // Players' phones: no token, the public door's own limits.
      if (phones) return phones.upgrade(request, socket, head, 'lan');
      const device = deviceOf(request, options.registry);
      if (!device) return refuseUpgrade(socket, '403 Forbidden', NOT_JOINED);
      const api = options.api();
      if (!api) return refuseUpgrade(socket, '503 Service Unavailable', 'the station is still starting: try again in a moment');
      const { id } = device;
      if (devices.of(id) + (upgrading.get(id) ?? 0) >= limits.connectionsPerDevice)
        return refuseUpgrade(
          socket,
          '503 Service Unavailable',
          `this device already has ${limits.connectionsPerDevice} connections open to the station, its most: close another tab or window of it, then try again`,
        );
      upgrading.set(id, (upgrading.get(id) ?? 0) + 1);
      let counted = true;
      const settle = (): void => {
        if (!counted) return;
        counted = false;
        const left = (upgrading.get(id) ?? 1) - 1;
        if (left > 0) upgrading.set(id, left);
        else upgrading.delete(id);
      };
      socket.once('close', settle);
      const address = request.socket.remoteAddress ?? 'unknown';
      devices.wss.handleUpgrade(request, socket, head, (ws) => {
        settle();
        devices.serve(ws, device, api, address);
      });
    },

    isConnected: (id) => devices.isConnected(id),
    hearing: (id) => devices.hearing(id),
    connections: () => devices.count(),
    closeDevice: (id) => devices.closeDevice(id),
    closeAll() {
      devices.closeAll();
      options.phones?.closeEntrance('lan', 'the venue network was turned off');
      gate.close();
    },
  };
}
