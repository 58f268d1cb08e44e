/**
 * The preload of every Podium window (sandboxed, context-isolated): exposes `window.podium`, a
 * plain message pipe for the StationApi's RPC protocol and the shell's menu commands, and nothing
 * else. The pipe's code lives in host/ipc-channel.ts (createPodiumBridge) so tests run it too.
 * Bundled to dist/electron/preload.cjs (sandboxed preloads cannot load other files).
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createPodiumBridge } from './host/ipc-channel.js';

contextBridge.exposeInMainWorld('podium', createPodiumBridge(ipcRenderer));
