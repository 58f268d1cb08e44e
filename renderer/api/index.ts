/**
 * The renderer's one way to the host: a StationApi over Electron IPC when the preload exposed
 * `window.podium`, else over a WebSocket to the host that served the page (browser mode). The
 * screens cannot tell which they have.
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

export function connectStation(scope: { podium?: unknown; location: { protocol: string; host: string } } = globalThis as never): StationConnection {
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
  const { api, channel } = connectWebSocket(defaultRpcUrl(scope.location));
  return {
    api,
    transport: 'websocket',
    status: () => channel.status(),
    onStatus: (listener) => channel.onStatus(listener),
    onMenu: () => () => undefined,
  };
}
