/**
 * The preload of every Podium window (sandboxed, context-isolated): exposes `window.podium`, a
 * plain message pipe for the StationApi's RPC protocol and the shell's menu commands, and nothing
 * else. The pipe's code lives in preload-bridge.ts (createPodiumBridge), so tests run it too.
 * Bundled to dist/electron/preload.cjs (sandboxed preloads cannot load other files).
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createPodiumBridge } from './preload-bridge.js';

contextBridge.exposeInMainWorld('podium', createPodiumBridge(ipcRenderer));
