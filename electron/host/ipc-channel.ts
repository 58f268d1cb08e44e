/**
 * The Electron IPC transport, both halves, written against the few methods they use so that the
 * same code runs in main.ts / preload.ts and in tests with emulated ipcMain / ipcRenderer objects.
 *
 * - Main side (`createIpcMainChannel`): one RpcChannel per window. It only accepts messages from
 *   that window's own web contents, from its main frame (never a sub-frame), and from a page of
 *   the app itself (VS Code's validatedIpcMain idea); everything else is dropped and reported.
 * - Renderer side (`createPodiumBridge`): the object the preload exposes as `window.podium`
 *   through contextBridge — a plain message pipe, nothing of ipcRenderer leaks through it.
 *
 * No `electron` import: main.ts and preload.ts pass the real objects in.
 */
import type { RpcChannel, RpcMessage } from '../../core/api/rpc.js';

/** The one IPC channel name the RPC protocol travels on. */
export const IPC_RPC_CHANNEL = 'podium:rpc';
/** Main → renderer only: menu commands the page handles itself ("new-event", "print"). */
export const IPC_MENU_CHANNEL = 'podium:menu';

export interface FrameLike {
  readonly url: string;
  /** null for a window's main frame. */
  readonly parent: FrameLike | null;
}

export interface IpcMainEventLike {
  readonly sender: { readonly id: number };
  /** The frame that sent the message (null when it has gone). */
  readonly senderFrame: FrameLike | null;
}

export interface IpcMainLike {
  on(channel: string, listener: (event: IpcMainEventLike, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: IpcMainEventLike, ...args: unknown[]) => void): unknown;
}

export interface WebContentsLike {
  readonly id: number;
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

export interface IpcMainChannelOptions {
  ipcMain: IpcMainLike;
  webContents: WebContentsLike;
  /** Is this URL one of the app's own pages (e.g. podium://station/...)? */
  isTrustedUrl: (url: string) => boolean;
  /** Told about every message that was refused, and why (for the log). */
  onRejected?: (reason: string) => void;
}

/** Why a message from `event` may not be handled for `webContents`, or null when it may. */
export function rejectSender(event: IpcMainEventLike, webContents: WebContentsLike, isTrustedUrl: (url: string) => boolean): string | null {
  if (event.sender.id !== webContents.id) return 'another window';
  const frame = event.senderFrame;
  if (!frame) return 'a frame that has gone';
  if (frame.parent !== null) return `a sub-frame (${frame.url})`;
  if (!isTrustedUrl(frame.url)) return `a page that is not Podium's (${frame.url})`;
  return null;
}

/** The main-process end of one window's RPC channel. `dispose` when the window closes. */
export function createIpcMainChannel(options: IpcMainChannelOptions): RpcChannel & { dispose(): void } {
  const { ipcMain, webContents, isTrustedUrl } = options;
  const handlers = new Set<(message: unknown) => void>();
  const listener = (event: IpcMainEventLike, ...args: unknown[]): void => {
    // Every window has its own channel on the same IPC name: skip other windows silently.
    if (event.sender.id !== webContents.id) return;
    const refused = rejectSender(event, webContents, isTrustedUrl);
    if (refused) {
      options.onRejected?.(`IPC message from ${refused} refused`);
      return;
    }
    for (const handler of [...handlers]) handler(args[0]);
  };
  ipcMain.on(IPC_RPC_CHANNEL, listener);
  return {
    send(message: RpcMessage) {
      if (!webContents.isDestroyed()) webContents.send(IPC_RPC_CHANNEL, message);
    },
    onMessage(handler) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    dispose() {
      handlers.clear();
      ipcMain.removeListener(IPC_RPC_CHANNEL, listener);
    },
  };
}

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
