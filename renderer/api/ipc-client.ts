/**
 * The Electron IPC transport, renderer side: the preload exposes `window.podium` (a message pipe,
 * see electron/preload-bridge.ts createPodiumBridge) and this turns it into a StationApi.
 */
import type { StationApi } from '../../core/api/contract.js';
import { createRpcClient, type RpcChannel } from '../../core/api/rpc.js';

/** The shape of `window.podium`, as the preload exposes it. */
export interface PodiumBridgeLike {
  send(message: unknown): void;
  onMessage(handler: (message: unknown) => void): () => void;
  onMenu?(handler: (command: string) => void): () => void;
}

export function isPodiumBridge(value: unknown): value is PodiumBridgeLike {
  const bridge = value as Partial<PodiumBridgeLike> | null | undefined;
  return !!bridge && typeof bridge.send === 'function' && typeof bridge.onMessage === 'function';
}

export function connectIpc(bridge: PodiumBridgeLike): StationApi {
  const channel: RpcChannel = {
    send: (message) => bridge.send(message),
    onMessage: (handler) => bridge.onMessage(handler),
  };
  return createRpcClient(channel);
}
