/**
 * The preload half of the Electron IPC transport: `createPodiumBridge` builds the object the
 * preload (preload.ts) exposes as `window.podium` through contextBridge — a plain message pipe for
 * the StationApi's RPC protocol and the shell's menu commands; nothing of ipcRenderer leaks through
 * it. renderer/api/ipc-client.ts turns it into a StationApi.
 *
 * It runs in the sandboxed preload, so it imports no Node module and no `electron`: preload.ts
 * passes the real ipcRenderer in, and tests (test/host/contract.test.ts) an emulated one. The
 * channel names are the main half's (host/ipc-channel.ts), so both ends always agree.
 */
import { IPC_MENU_CHANNEL, IPC_RPC_CHANNEL } from './host/ipc-channel.js';

/** The few ipcRenderer methods the bridge uses. */
export interface IpcRendererLike {
  send(channel: string, ...args: unknown[]): void;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** What the preload exposes as `window.podium` (renderer/api/ipc-client.ts reads it). */
export interface PodiumBridge {
  send(message: unknown): void;
  onMessage(handler: (message: unknown) => void): () => void;
  onMenu(handler: (command: string) => void): () => void;
}

export function createPodiumBridge(ipcRenderer: IpcRendererLike): PodiumBridge {
  const listen = (channel: string, handler: (payload: unknown) => void): (() => void) => {
    if (typeof handler !== 'function') return () => undefined;
    const listener = (_event: unknown, payload: unknown): void => handler(payload);
    ipcRenderer.on(channel, listener);
    return () => {
      ipcRenderer.removeListener(channel, listener);
    };
  };
  return {
    send: (message) => ipcRenderer.send(IPC_RPC_CHANNEL, message),
    onMessage: (handler) => listen(IPC_RPC_CHANNEL, handler),
    onMenu: (handler) => listen(IPC_MENU_CHANNEL, (command) => handler(String(command))),
  };
}
