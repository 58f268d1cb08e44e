/**
 * The venue network (2-3), the host side of NetworkControl: off until the scorekeeper
 * turns it on. On, the host also listens on this computer's LAN address(es) — beside the local
 * door (127.0.0.1 with the station key, or the desktop app's own windows), never instead of it —
 * on the same port as the local server where it can. Devices join there with a join code per
 * role and get a token (device-registry.ts); what they may reach is lan-door.ts.
 *
 * - `status()`: on or off, the URLs devices open, one join code per role with the URL its QR code
 *   holds (`http://<lan-ip>:<port>/join?code=K7PM-Q2XD`), the devices (role, joined, last seen,
 *   connected), and in words why it could not be turned on (no LAN address, the port taken).
 * - Join codes live as long as the host runs (off and on again keeps them, so a code on the
 *   station's screen stays right); `newJoinCode(role)` replaces that role's code at once.
 * - `revoke(id)` refuses the device's token at once and closes its connections at once.
 * - Every change is told to `onChange` listeners (the station service pushes it to the local
 *   station's windows).
 *
 * Addresses come from os.networkInterfaces() (every non-internal IPv4 address) unless given:
 * tests give a second loopback address (127.0.0.2). It listens on all of them, or on the one
 * chosen (lan-address.ts): given when the host starts (`--lan-address`), or in the Venue network
 * panel, which is remembered in the station folder.
 *
 * Plain Node: no `electron` import.
 */
import { createServer } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import os from 'node:os';
import type { HostApi, NetworkStatus } from '../../core/api/contract.js';
import { DEVICE_ROLES, type DeviceRole } from '../../core/api/roles.js';
import { fail } from '../../core/model/errors.js';
import { createDeviceRegistry, type DeviceRegistry } from './device-registry.js';
import { joinCodeMatches, newJoinCode } from './join-codes.js';
import { addressFormProblem, readAddressChoice, writeAddressChoice } from './lan-address.js';
import { createLanDoor, JOIN_PATH, type DoorLimits, type LanDoor } from './lan-door.js';
import type { GateCounts } from './lan-gate.js';
import { listen } from './listen.js';
import { createPublicDoor, isPublicHost, type PublicDoor, type PublicLimits } from './public-door.js';
import type { MonotonicClock } from './rate-limit.js';
import type { NetworkControl } from './station-service.js';
import type { SendBufferOptions } from './transport-ws.js';
import { DEFAULT_PORT } from './web-server.js';

export interface VenueNetworkLog {
  info(line: string, fields?: Record<string, unknown>): void;
  warn(line: string, fields?: Record<string, unknown>): void;
}

export interface VenueNetworkOptions {
  /** The station folder: devices.json is kept there. */
  dataDir: string;
  /** The built renderer (dist/renderer): devices load the join page and their screens from it. */
  rendererDir: string;
  /**
   * The port to listen on: the local server's (browser mode: known once it listens, hence a
   * function), else DEFAULT_PORT. When it is taken on the LAN address, a free one is used.
   */
  port?: number | (() => number);
  /** This computer's LAN addresses (default: every non-internal IPv4 address). */
  addresses?: () => string[];
  /**
   * The address to listen on, given when the host started (`--lan-address`, checked already by
   * lan-address.ts): it wins over the one remembered from the panel, and is offered there too.
   */
  lanAddress?: string;
  limits?: Partial<DoorLimits>;
  sendBuffer?: SendBufferOptions;
  now?: () => Date;
  clock?: MonotonicClock;
  /** How long a device's "last seen" may wait to be written (default 5 s). */
  seenFlushMs?: number;
  /** The players' door's limits (public-door.ts DEFAULT_PUBLIC_LIMITS); tests and the bench lower or raise them. */
  phones?: Partial<PublicLimits>;
  log?: VenueNetworkLog;
}

export interface VenueNetwork extends NetworkControl {
  /** Listen on `address` only (one of this computer's), or on every address (null); remembered. */
  choose(address: string | null): Promise<NetworkStatus>;
  /**
   * Serve `api` to devices. The station service is made after the network (it takes it as its
   * `network`), so it is handed over here; until then `/rpc` answers 503. The station service
   * itself (not a bare HostApi) also opens the players' door, `phones`.
   */
  serve(api: HostApi): void;
  /**
   * The players' door: `/public` on the LAN listeners while the network is on, and on
   * the local web server in browser mode (web.ts hands it over). Closed with the network.
   */
  readonly phones: PublicDoor;
  /** Open device connections. */
  connections(): number;
  /** Every connection on the LAN listeners, as the gate counts them (lan-gate.ts): tests and the bench. */
  gate(): GateCounts;
  /** Stop listening on the LAN, close every device connection, write what is pending. */
  close(): Promise<void>;
}

/** Interfaces that are a virtual machine's or a container's, not the venue's: listed last. */
const VIRTUAL = /^(docker|br-|veth|virbr|vboxnet|vmnet|lxc|lxd|podman|cni|flannel|tun|tap|utun|zt|tailscale|wg)/i;

/** This computer's LAN addresses: every non-internal IPv4 address, physical interfaces first. */
export function lanAddresses(interfaces: ReturnType<typeof os.networkInterfaces> = os.networkInterfaces()): string[] {
  const found: { address: string; virtual: boolean }[] = [];
  for (const [name, entries] of Object.entries(interfaces)) {
    for (const entry of entries ?? []) {
      // Node 18.0-18.3 gave the family as a number.
      const family = entry.family as string | number;
      if (entry.internal || (family !== 'IPv4' && family !== 4)) continue;
      found.push({ address: entry.address, virtual: VIRTUAL.test(name) });
    }
  }
  const ordered = [...found.filter((f) => !f.virtual), ...found.filter((f) => f.virtual)].map((f) => f.address);
  return [...new Set(ordered)];
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;


interface Listener {
  address: string;
  port: number;
  /** The TCP listener: each connection passes the door's gate before HTTP sees it. */
  server: NetServer;
  /** Every connection it accepted and that is still open (closed with it). */
  sockets: Set<Socket>;
}

/** A bind error in words. */
function bindProblem(address: string, wanted: number, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const tried = (error as { port?: unknown } | null)?.port;
  const port = typeof tried === 'number' && tried > 0 ? tried : wanted;
  if (code === 'EADDRINUSE') return `port ${port} on ${address} is taken by another program`;
  if (code === 'EADDRNOTAVAIL') return `${address} is no longer an address of this computer (did the network change?)`;
  if (code === 'EACCES' || code === 'EPERM') return `this computer does not let Podium listen on ${address}:${port}`;
  return `Podium could not listen on ${address}:${port} (${error instanceof Error ? error.message : String(error)})`;
}

/** Connections the system may queue for a LAN listener before it accepts them (capped by the system's own maximum). */
const ACCEPT_BACKLOG = 4096;

/** One listener for `address`, serving the LAN door for exactly that address and the port it got. */
async function listenOn(door: LanDoor, address: string, port: number): Promise<Listener> {
  const served = { address, port };
  // HTTP reads only what the gate let in (lan-gate.ts: counts, and idle connections closed).
  const http = createServer({ keepAliveTimeout: 5_000, maxHeaderSize: 8192 }, (request, response) => door.handle(request, response, served));
  http.on('upgrade', (request, socket, head: Buffer) => door.upgrade(request, socket, head, served));
  http.on('clientError', (_error, socket) => socket.destroy());
  const sockets = new Set<Socket>();
  const server = createNetServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (door.accept(socket)) http.emit('connection', socket);
  });
  // A long queue of connections waiting to be accepted: a burst of them is answered by the gate (in
  // words) instead of being left half-open by the system when its queue (511 by default) overflows.
  await listen(server, port, address, ACCEPT_BACKLOG);
  const bound = server.address();
  served.port = bound && typeof bound === 'object' ? bound.port : port;
  return { address, port: served.port, server, sockets };
}

/** Listen on every address at `port` (0: the first gets a free port, the rest share it); what came up and what did not. */
async function listenAll(door: LanDoor, addresses: string[], port: number): Promise<{ up: Listener[]; problems: { address: string; error: unknown }[] }> {
  const up: Listener[] = [];
  const problems: { address: string; error: unknown }[] = [];
  let at = port;
  for (const address of addresses) {
    try {
      const listener = await listenOn(door, address, at);
      up.push(listener);
      at = listener.port;
    } catch (error) {
      problems.push({ address, error });
    }
  }
  return { up, problems };
}

async function closeListeners(listeners: readonly Listener[]): Promise<void> {
  await Promise.all(
    listeners.map(
      ({ server, sockets }) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        }),
    ),
  );
}

/**
 * Listen on `addresses` at `port`, or, where the port is taken on one of them, all of them on one
 * free port (the QR codes carry it). The listeners, and in words what could not be listened on.
 */
async function listenOnLan(door: LanDoor, addresses: string[], port: number, log?: VenueNetworkLog): Promise<{ listeners: Listener[]; problems: string }> {
  let attempt = await listenAll(door, addresses, port);
  const taken = attempt.problems.filter((p) => (p.error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE');
  if (taken.length > 0 && port !== 0) {
    await closeListeners(attempt.up);
    attempt = await listenAll(door, addresses, 0);
    const why = taken.map((p) => bindProblem(p.address, port, p.error)).join('; ');
    if (attempt.up.length > 0) log?.info(`The venue network uses port ${attempt.up[0]?.port} because ${why}`);
  }
  return { listeners: attempt.up, problems: attempt.problems.map((p) => bindProblem(p.address, port, p.error)).join('; ') };
}

/** The network as the station sees it. */
function statusOf(
  state: { on: boolean; listeners: readonly Listener[]; problem?: string; addresses: string[]; chosen: string | null },
  codes: ReadonlyMap<DeviceRole, string>,
  registry: DeviceRegistry,
  door: LanDoor,
): NetworkStatus {
  const urls = state.on ? state.listeners.map((l) => `http://${l.address}:${l.port}/`) : [];
  const first = urls[0];
  return {
    on: state.on,
    urls,
    joinCodes:
      state.on && first
        ? DEVICE_ROLES.map((role) => {
            const code = codes.get(role) as string;
            return { role, code, url: `${first}${JOIN_PATH.slice(1)}?code=${encodeURIComponent(code)}` };
          })
        : [],
    devices: registry.list().map((device) => ({ ...device, connected: door.isConnected(device.id), ...door.hearing(device.id) })),
    addresses: state.addresses,
    chosen: state.chosen,
    ...(state.problem !== undefined ? { problem: state.problem } : {}),
  };
}

/** Listen on the LAN addresses given: the listeners (none: off), and in words what went wrong. */
async function lanUp(door: LanDoor, given: readonly string[], port: number, log?: VenueNetworkLog): Promise<{ listeners: Listener[]; problem?: string }> {
  const addresses = [...new Set(given.filter((a) => IPV4.test(a)))];
  if (addresses.length === 0)
    return { listeners: [], problem: 'this computer is on no network (no Wi-Fi or cable with an address): connect it to the venue network, then turn the venue network on' };
  const { listeners, problems } = await listenOnLan(door, addresses, port, log);
  if (listeners.length === 0) return { listeners, problem: `Podium could not listen on the venue network: ${problems}` };
  if (!problems) return { listeners };
  return { listeners, problem: `devices can join at ${listeners.map((l) => l.address).join(', ')}, but not at the others: ${problems}` };
}

/** Tell every listener; one failing never keeps the others from hearing. */
function tellAll<T>(listeners: ReadonlySet<(value: T) => void>, value: T): void {
  for (const listener of [...listeners]) {
    try {
      listener(value);
    } catch {
      // (the others still hear)
    }
  }
}

/** The players' door, with the network's clocks, limits and log. */
function phonesDoor(options: VenueNetworkOptions): PublicDoor {
  const { now, log } = options;
  return createPublicDoor({
    ...(now ? { now: () => now().getTime() } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.phones ? { limits: options.phones } : {}),
    ...(log ? { log: { warn: (line, fields) => log.warn(line, fields), error: (line, error) => log.warn(`${line}: ${error instanceof Error ? error.message : String(error)}`) } } : {}),
  });
}

function wantedPort(options: VenueNetworkOptions): number {
  const port = typeof options.port === 'function' ? options.port() : (options.port ?? DEFAULT_PORT);
  return Number.isInteger(port) && port >= 0 && port <= 65535 ? port : DEFAULT_PORT;
}

/** An address the panel may not choose (not one of `known`, this computer's now): refused in words. */
function refuseChoice(address: string, known: readonly string[]): void {
  const formProblem = addressFormProblem(address);
  if (formProblem === null && known.includes(address)) return;
  const offered = known.length > 0 ? known.join(', ') : '(none: connect this computer to the venue network first)';
  fail('invalid-input', `${formProblem ?? `${address} is not an address of this computer now`}: choose one of ${offered}, or every address`);
}

/** The joined devices (devices.json), telling `onSeen` when one was seen. */
function registryFor(options: VenueNetworkOptions, onSeen: () => void): DeviceRegistry {
  return createDeviceRegistry({
    dataDir: options.dataDir,
    ...(options.now ? { now: options.now } : {}),
    ...(options.seenFlushMs !== undefined ? { seenFlushMs: options.seenFlushMs } : {}),
    onSeen,
    onProblem: (message, error) => options.log?.warn(error instanceof Error ? `${message}: ${error.message}` : message),
  });
}

/** The LAN door, with the network's limits, clock and log, reading the join codes as they are now. */
function doorFor(
  options: VenueNetworkOptions,
  parts: { phones: PublicDoor; registry: DeviceRegistry; api: () => HostApi | null; codes: ReadonlyMap<DeviceRole, string>; onChange: () => void },
): LanDoor {
  const { codes } = parts;
  return createLanDoor({
    phones: parts.phones,
    rendererDir: options.rendererDir,
    registry: parts.registry,
    api: parts.api,
    roleForCode: (typed) => DEVICE_ROLES.find((role) => joinCodeMatches(typed, codes.get(role) ?? '')) ?? null,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.sendBuffer ? { sendBuffer: options.sendBuffer } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    onChange: parts.onChange,
    ...(options.log ? { log: options.log } : {}),
  });
}

export function createVenueNetwork(options: VenueNetworkOptions): VenueNetwork {
  const changeListeners = new Set<(status: NetworkStatus) => void>();
  let api: HostApi | null = null;
  let listeners: Listener[] = [];
  let on = false;
  let closed = false;
  let problem: string | undefined;
  /** The one address to listen on (null: every one): given at start, else the panel's last choice. */
  let chosen: string | null = options.lanAddress ?? readAddressChoice(options.dataDir) ?? null;
  const codes = new Map<DeviceRole, string>(DEVICE_ROLES.map((role) => [role, newJoinCode()]));
  /** Turning on and off, one at a time. */
  let queue: Promise<unknown> = Promise.resolve();

  const registry = registryFor(options, () => emit());
  const phones = phonesDoor(options);
  const door = doorFor(options, { phones, registry, api: () => api, codes, onChange: () => emit() });

  /** This computer's addresses (and the one given at start, a loopback alias in tests and benches). */
  const addresses = (): string[] => [...new Set([...(options.addresses ? options.addresses() : lanAddresses()), ...(options.lanAddress ? [options.lanAddress] : [])])];
  const status = (): NetworkStatus =>
    statusOf({ on, listeners, addresses: addresses(), chosen, ...(problem !== undefined ? { problem } : {}) }, codes, registry, door);

  function emit(): void {
    if (changeListeners.size > 0) tellAll(changeListeners, status());
  }

  function serially<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  async function stopListening(): Promise<void> {
    const closing = listeners;
    listeners = [];
    door.closeAll();
    await closeListeners(closing);
  }

  async function turnOn(): Promise<void> {
    const outcome = await lanUp(door, chosen !== null ? [chosen] : addresses(), wantedPort(options), options.log);
    listeners = outcome.listeners;
    problem = outcome.problem;
    on = listeners.length > 0;
    if (on) options.log?.info(`The venue network is on: devices join at ${status().urls.join(', ')}`);
  }

  async function turnOff(): Promise<void> {
    const was = on;
    on = false;
    problem = undefined;
    await stopListening();
    if (was) options.log?.info('The venue network is off');
  }

  return {
    status,

    setOn(wanted) {
      return serially(async () => {
        if (closed) fail('not-allowed', 'the station host is stopping: the venue network cannot be turned on now');
        if (wanted && !on) await turnOn();
        else if (!wanted && on) await turnOff();
        else if (!wanted) problem = undefined;
        emit();
        return status();
      });
    },

    choose(address) {
      return serially(async () => {
        if (closed) fail('not-allowed', 'the station host is stopping: the venue network cannot be changed now');
        if (address !== null) refuseChoice(address, addresses());
        if (address !== chosen) {
          chosen = address;
          options.log?.info(address === null ? 'The venue network listens on every address of this computer' : `The venue network listens on ${address} only`);
          // On: listen where chosen now (devices joined at another address open the new one).
          if (on) {
            await turnOff();
            await turnOn();
          }
        }
        // A convenience: a station folder that cannot be written does not undo the choice.
        await writeAddressChoice(options.dataDir, address).catch((error: unknown) =>
          options.log?.warn(`Could not remember the venue network's address: ${error instanceof Error ? error.message : String(error)}`),
        );
        emit();
        return status();
      });
    },

    async newJoinCode(role) {
      codes.set(role, newJoinCode());
      options.log?.info(`A new join code was made for ${role} devices (the old one no longer works)`, { role });
      emit();
      return status();
    },

    async revoke(id) {
      const known = registry.get(id);
      if (!known) fail('invalid-input', 'there is no such device on the venue network (was it removed already?)');
      // The token is refused from this call on (the registry forgets it before writing), and its
      // connections close now.
      const removing = registry.remove(id);
      door.closeDevice(id);
      options.log?.info(`${known.name} was removed from the venue network`, { device: id });
      try {
        await removing;
      } finally {
        emit();
      }
      return status();
    },

    onChange(listener) {
      changeListeners.add(listener);
      return () => {
        changeListeners.delete(listener);
      };
    },

    serve(given) {
      api = given;
      if (isPublicHost(given)) phones.serve(given);
    },
    phones,

    connections: () => door.connections(),
    gate: () => door.gate(),

    async close() {
      await serially(async () => {
        closed = true;
        on = false;
        await stopListening();
        phones.close();
      });
      await registry.flush();
      changeListeners.clear();
    },
  };
}
