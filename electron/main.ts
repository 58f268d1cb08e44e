/**
 * The Electron shell's entry (main process): the real `electron` module and the host services,
 * wired into the shell. Thin: the shell's life is in shell.ts, its windows in windows.ts, its menu
 * in menus.ts, the door in security.ts, the podium:// scheme in protocol.ts; everything else is in
 * host/ and runs under plain Node. All of them take Electron as a parameter, so tests run them
 * against a fake (test/electron/electron-shell.test.ts).
 *
 * Security (Electron's checklist; `npm run lint:electron` runs electronegativity over this folder):
 * pages come from our own podium:// scheme only, with a strict CSP; every window is sandboxed and
 * context-isolated with Node integration off; navigation, new windows, webviews and permission
 * requests are refused; IPC is accepted only from our own windows' main frames (ipc-channel.ts).
 *
 * Bundled to dist/electron/main.cjs by tools/build.ts.
 */
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, screen, session } from 'electron';
import { createHostServices } from './host/host.js';
import { logProcessFailures, openSupportLog, type SupportLog } from './host/log.js';
import { defaultDataDir, stationName } from './host/paths.js';
import { startShell } from './shell.js';

// The support log (host/log.ts) opens with the host services: only in the instance that runs.
let supportLog: SupportLog | null = null;

// The bundle sits in dist/electron, beside preload.cjs; the built renderer in dist/renderer.
startShell(
  { app, BrowserWindow, dialog, ipcMain, Menu, protocol, screen, session },
  {
    dataDir: defaultDataDir(),
    rendererDir: path.join(__dirname, '..', 'renderer'),
    preload: path.join(__dirname, 'preload.cjs'),
    argv: process.argv,
    createService: (dataDir, network) => {
      supportLog = openSupportLog(dataDir, { mode: 'the desktop app' });
      logProcessFailures(supportLog);
      return createHostServices({ dataDir, station: stationName(), mode: 'the desktop app', warmPrinter: true, log: supportLog, network });
    },
    log: {
      info: (line) => supportLog?.info(line),
      warn: (line) => supportLog?.warn(line),
    },
    platform: process.platform,
  },
);
