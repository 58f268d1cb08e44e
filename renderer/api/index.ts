/**
 * The renderer's one way to the host: a StationApi over Electron IPC when the preload exposed
 * `window.podium`, else over a WebSocket to the host that served the page (browser mode). The
 * screens cannot tell which they have.
 *
 * Browser mode's station key: the address Podium printed carries it (`/?key=…`). The page keeps it
 * in this origin's localStorage (only pages of this very host and port can read it), so a reload,
 * or `/projector` opened by hand in another tab of the same browser, keeps working; it takes the key
 * out of the address bar at once (nobody reads it over a shoulder or from the history), and sends
 * it with every connection to `/rpc`. The key dies with the launch: a restarted host has a new one,
 * and the page then says to open the new address. The desktop app needs none: its IPC only answers
 * its own windows.
 */
import type { StationApi } from '../../core/api/contract.js';
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
}

/** Where the page keeps the station key (localStorage of this origin: this host and port only). */
export const KEY_STORAGE = 'podium-station-key';
/** The query parameter that carries it (electron/host/transport-ws.ts KEY_PARAM). */
export const KEY_PARAM = 'key';

interface PageLocation {
  protocol: string;
  host: string;
  pathname?: string;
  search?: string;
  hash?: string;
}

interface StorageLike {
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

/** Ask the host (plain HTTP) whether it refuses this key: its words, or null when it does not answer. */
function refusalProbe(scope: PageScope, key: string | null): (() => Promise<string | null>) | undefined {
  if (typeof scope.fetch !== 'function') return undefined;
  const fetchFn: FetchLike = scope.fetch.bind(scope); // a browser's fetch must be called on its window
  const url = `${scope.location.protocol}//${scope.location.host}/rpc${key === null ? '' : `?${KEY_PARAM}=${encodeURIComponent(key)}`}`;
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
  const key = takeStationKey(scope);
  const probe = refusalProbe(scope, key);
  const { api, channel } = connectWebSocket(keyedRpcUrl(scope.location, key), probe ? { refusal: probe } : {});
  return {
    api,
    transport: 'websocket',
    status: () => channel.status(),
    onStatus: (listener) => channel.onStatus(listener),
    onMenu: () => () => undefined,
  };
}
