/**
 * The Electron IPC transport, main side, written against the few methods it uses so that the same
 * code runs in the shell and in tests with emulated ipcMain / webContents objects.
 *
 * `createIpcMainChannel`: one RpcChannel per window. It only accepts messages from that window's
 * own web contents, from its main frame (never a sub-frame), and from a page of the app itself
 * (VS Code's validatedIpcMain idea); everything else is dropped and reported.
 *
 * The other half, the `window.podium` pipe the preload exposes, is electron/preload-bridge.ts; it
 * reads the channel names from here. No `electron` import: the shell passes the real objects in.
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
