/**
 * The renderer's one way to the host: a StationApi over Electron IPC when the preload exposed
 * `window.podium`, else over a WebSocket to the host that served the page (browser mode). The
 * screens cannot tell which they have.
 *
 * Browser mode's station key: the address Podium printed carries it (`/?key=…`). The page keeps it
 * in this origin's localStorage (only pages of this very host and port can read it), so a reload,
 * or `/projector` opened by hand in another tab of the same browser, keeps working; it takes the key
 * out of the address bar at once (nobody reads it over a shoulder or from the history), and sends
 * it with every connection to `/rpc`. The host keeps its key across restarts, so a window
 * reconnects by itself after one; when the station is given a new key, the window that asked opens
 * itself again with it, other tabs of this browser follow (they read the newer key kept here), and
 * any other window says in words what to do. The desktop app needs none: its IPC only answers its
 * own windows.
 *
 * A device on the venue network has no station key: it joined with a join code on the
 * join page (screens/join/), which keeps the host's **device token** in this origin's localStorage,
 * and connects to `/rpc?token=…`. The host refuses a revoked token (the same 403 in words as a
 * wrong key); the page then says the scorekeeper removed this device. A station key, when the page
 * has one, wins: the head-judge station's own browser stays the station.
 */
import type { StationApi } from '../../core/api/contract.js';
import { DEVICE_ROLES, type DeviceRef } from '../../core/api/roles.js';
import { connectIpc, isPodiumBridge, type PodiumBridgeLike } from './ipc-client.js';
import { connectWebSocket, defaultRpcUrl, type ConnectionStatus } from './ws-client.js';

export type { ConnectionStatus } from './ws-client.js';
export { StationError } from '../../core/api/rpc.js';

export interface StationConnection {
  api: StationApi;
  transport: 'ipc' | 'websocket';
  status(): ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** Menu commands from the desktop shell ("new-event", "print"); never fires in browser mode. */
  onMenu(handler: (command: string) => void): () => void;
  /**
   * Set when this page connects as a joined device (with a device token, no station key): the
   * device as the join page kept it (the host's `whoami` is what counts). Absent: the station.
   */
  device?: { remembered: DeviceRef | null };
  /** Set when this page connects with a station key (browser mode's own windows). */
  stationKey?: StationKeyAccess;
}

/** What a browser-mode window does with its station key. */
export interface StationKeyAccess {
  /** The address that opens `page` ("/", "/projector") of this station with the key, to copy to another window. */
  address(page: string): string;
  /** Use `key` from now on: kept for this host and port, and the page opened again with it. */
  replace(key: string): void;
}

/** Where the page keeps the station key (localStorage of this origin: this host and port only). */
export const KEY_STORAGE = 'podium-station-key';
/** The query parameter that carries it (electron/host/transport-ws.ts KEY_PARAM). */
export const KEY_PARAM = 'key';
/** Where a joined device keeps the token the host gave it (localStorage of this origin). */
export const DEVICE_TOKEN_STORAGE = 'podium-device-token';
/** Where it keeps who it joined as (`DeviceRef` as JSON: its name and role, for its own screens). */
export const DEVICE_STORAGE = 'podium-device';
/** The query parameter of `/rpc` that carries a device token. */
export const TOKEN_PARAM = 'token';

interface PageLocation {
  protocol: string;
  host: string;
  pathname?: string;
  search?: string;
  hash?: string;
  /** Open the page again (a window following a new station key). */
  reload?(): void;
  /** Open this address instead (the new key in it, where storage is off). */
  assign?(url: string): void;
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

interface HistoryLike {
  readonly state: unknown;
  replaceState(data: unknown, unused: string, url?: string): void;
}

type FetchLike = (url: string, init?: { cache?: 'no-store' }) => Promise<{ status: number; text(): Promise<string> }>;

export interface PageScope {
  podium?: unknown;
  location: PageLocation;
  localStorage?: StorageLike;
  history?: HistoryLike;
  fetch?: FetchLike;
}

/**
 * The station key for this page: from its address (then kept and removed from the address bar),
 * else the one kept earlier; null when there is none.
 */
export function takeStationKey(scope: PageScope): string | null {
  const params = new URLSearchParams(scope.location.search ?? '');
  const fromAddress = params.get(KEY_PARAM);
  let key = fromAddress !== null && fromAddress !== '' ? fromAddress : null;
  try {
    if (key !== null) scope.localStorage?.setItem(KEY_STORAGE, key);
    else key = scope.localStorage?.getItem(KEY_STORAGE) ?? null;
  } catch {
    // Storage may be off (the browser's settings): the key from the address still works until a reload.
  }
  if (fromAddress !== null && scope.history) {
    params.delete(KEY_PARAM);
    const rest = params.toString();
    scope.history.replaceState(scope.history.state, '', `${scope.location.pathname ?? '/'}${rest ? `?${rest}` : ''}${scope.location.hash ?? ''}`);
  }
  return key;
}

/** The `/rpc` address with the key. */
export function keyedRpcUrl(location: PageLocation, key: string | null): string {
  const base = defaultRpcUrl(location);
  return key === null ? base : `${base}?${KEY_PARAM}=${encodeURIComponent(key)}`;
}

/** What a page shows itself to the host with: the station key, a joined device's token, or nothing. */
export type PageCredential = { kind: 'key'; key: string } | { kind: 'device'; token: string; remembered: DeviceRef | null } | { kind: 'none' };

/** The device token this page keeps, or null. */
function storedDeviceToken(storage: StorageLike | undefined): string | null {
  try {
    const token = storage?.getItem(DEVICE_TOKEN_STORAGE) ?? null;
    return token !== null && token !== '' ? token : null;
  } catch {
    return null;
  }
}

/** The device this page joined as, as the join page kept it; null when none or unreadable. */
export function rememberedDevice(storage: StorageLike | undefined): DeviceRef | null {
  let text: string | null;
  try {
    text = storage?.getItem(DEVICE_STORAGE) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<DeviceRef> | null;
    if (!value || typeof value.id !== 'string' || typeof value.name !== 'string') return null;
    if (!(DEVICE_ROLES as readonly unknown[]).includes(value.role)) return null;
    return { id: value.id, name: value.name, role: value.role as DeviceRef['role'] };
  } catch {
    return null;
  }
}

/** Keep what joining gave this page (the join page), so that it connects as that device from now on. */
export function rememberJoin(storage: StorageLike & { removeItem(key: string): void }, token: string, device: DeviceRef): void {
  storage.setItem(DEVICE_TOKEN_STORAGE, token);
  storage.setItem(DEVICE_STORAGE, JSON.stringify(device));
  // A station key kept here would win over the token: this page is a device now.
  storage.removeItem(KEY_STORAGE);
}

/** The page's credential: a station key (from its address, or kept), else a device token, else none. */
export function pageCredential(scope: PageScope): PageCredential {
  const key = takeStationKey(scope);
  if (key !== null) return { kind: 'key', key };
  const token = storedDeviceToken(scope.localStorage);
  if (token !== null) return { kind: 'device', token, remembered: rememberedDevice(scope.localStorage) };
  return { kind: 'none' };
}

/** The names the station's own door answers to (browser mode serves the local station on 127.0.0.1 only). */
const LOCAL_DOOR_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * A page opened on the venue network (the address the Venue network panel shows, not the
 * station's own door) with no station key and no device token: it has not joined, so it shows the
 * join page (type the code, name the device) instead of the head station's "Not connected".
 */
export function needsToJoin(scope: PageScope): boolean {
  if (isPodiumBridge(scope.podium)) return false;
  let hostname: string;
  try {
    hostname = new URL(`${scope.location.protocol}//${scope.location.host}`).hostname;
  } catch {
    return false;
  }
  if (LOCAL_DOOR_HOSTS.has(hostname)) return false;
  if ((new URLSearchParams(scope.location.search ?? '').get(KEY_PARAM) ?? '') !== '') return false;
  try {
    if ((scope.localStorage?.getItem(KEY_STORAGE) ?? '') !== '') return false;
  } catch {
    // storage off: no key kept
  }
  return storedDeviceToken(scope.localStorage) === null;
}

/** The query of `/rpc` for a credential ("?key=…", "?token=…", or nothing). */
function credentialQuery(credential: PageCredential): string {
  if (credential.kind === 'key') return `?${KEY_PARAM}=${encodeURIComponent(credential.key)}`;
  if (credential.kind === 'device') return `?${TOKEN_PARAM}=${encodeURIComponent(credential.token)}`;
  return '';
}

/** Ask the host (plain HTTP) whether it refuses this credential: its words, or null when it does not answer. */
function refusalProbe(scope: PageScope, credential: PageCredential): (() => Promise<string | null>) | undefined {
  if (typeof scope.fetch !== 'function') return undefined;
  const fetchFn: FetchLike = scope.fetch.bind(scope); // a browser's fetch must be called on its window
  const url = `${scope.location.protocol}//${scope.location.host}/rpc${credentialQuery(credential)}`;
  return async () => {
    try {
      const reply = await fetchFn(url, { cache: 'no-store' });
      if (reply.status !== 403) return null;
      const words = (await reply.text()).trim();
      return words || 'Podium refused this page: open the address Podium printed when it started.';
    } catch {
      return null; // the host is not there (yet): keep trying
    }
  };
}

/** The station key this page's origin keeps (localStorage), or null. */
function keptKey(storage: StorageLike | undefined): string | null {
  try {
    const key = storage?.getItem(KEY_STORAGE) ?? null;
    return key !== null && key !== '' ? key : null;
  } catch {
    return null;
  }
}

/**
 * A window with a station key: when the host refuses it and another window of this browser has
 * meanwhile kept a newer key (the station was given a new one there), open the page again with it
 * — tabs of one browser follow a new key by themselves — instead of saying it is refused.
 */
function followNewerKey(scope: PageScope, key: string, probe: () => Promise<string | null>): () => Promise<string | null> {
  return async () => {
    const reason = await probe();
    const newer = keptKey(scope.localStorage);
    if (reason !== null && newer !== null && newer !== key && scope.location.reload) {
      scope.location.reload();
      return null;
    }
    return reason;
  };
}

/** The station key's uses for a window that has one (see StationKeyAccess). */
function stationKeyAccess(scope: PageScope, key: string): StationKeyAccess {
  return {
    address: (page) => `${scope.location.protocol}//${scope.location.host}/${page.replace(/^\/+/, '')}?${KEY_PARAM}=${encodeURIComponent(keptKey(scope.localStorage) ?? key)}`,
    replace(next) {
      try {
        scope.localStorage?.setItem(KEY_STORAGE, next);
      } catch {
        // Storage off: the address carries the key instead.
      }
      if (keptKey(scope.localStorage) === next) scope.location.reload?.();
      else scope.location.assign?.(`${scope.location.pathname ?? '/'}?${KEY_PARAM}=${encodeURIComponent(next)}`);
    },
  };
}

export function connectStation(scope: PageScope = globalThis as unknown as PageScope): StationConnection {
  if (isPodiumBridge(scope.podium)) {
    const bridge: PodiumBridgeLike = scope.podium;
    return {
      api: connectIpc(bridge),
      transport: 'ipc',
      status: () => 'connected',
      onStatus: () => () => undefined,
      onMenu: (handler) => (bridge.onMenu ? bridge.onMenu(handler) : () => undefined),
    };
  }
  const credential = pageCredential(scope);
  const asked = refusalProbe(scope, credential);
  const probe = asked && credential.kind === 'key' ? followNewerKey(scope, credential.key, asked) : asked;
  const { api, channel } = connectWebSocket(`${defaultRpcUrl(scope.location)}${credentialQuery(credential)}`, probe ? { refusal: probe } : {});
  return {
    api,
    transport: 'websocket',
    status: () => channel.status(),
    onStatus: (listener) => channel.onStatus(listener),
    onMenu: () => () => undefined,
    ...(credential.kind === 'device' ? { device: { remembered: credential.remembered } } : {}),
    ...(credential.kind === 'key' ? { stationKey: stationKeyAccess(scope, credential.key) } : {}),
  };
}
