/**
 * The Electron shell's life: one instance per station, the podium:// scheme, the host services,
 * the windows (windows.ts), the menu (menus.ts), the door (security.ts), .podium files from the
 * command line and the OS, the venue network (host/venue-network.ts: off until the station or the
 * menu turns it on), and a clean quit that closes the network and the open save first.
 *
 * Electron comes in as a parameter: main.ts passes the real module, tests a fake that records
 * calls (test/support/fake-electron.ts), so all of this runs under plain Node.
 */
import path from 'node:path';
import type { App, BrowserWindow, Dialog, IpcMain, Menu, Protocol, Screen, Session } from 'electron';
import type { StationPush } from '../core/api/contract.js';
import { keepPrivate } from './host/fs-safe.js';
import { reopenLastEvent, trackLastOpen } from './host/last-open.js';
import type { NetworkControl, StationService } from './host/station-service.js';
import { createVenueNetwork, type VenueNetworkOptions } from './host/venue-network.js';
import { createShellMenus } from './menus.js';
import { registerScheme, serveRenderer } from './protocol.js';
import { guardWebContents, lockSession } from './security.js';
import { createShellWindows } from './windows.js';

/** The parts of the `electron` module the shell uses. */
export interface ElectronApis {
  app: App;
  BrowserWindow: typeof BrowserWindow;
  dialog: Dialog;
  ipcMain: IpcMain;
  Menu: typeof Menu;
  protocol: Protocol;
  screen: Screen;
  session: { readonly defaultSession: Session };
}

/** Where the shell's notes go (start-up, refused IPC). */
export interface ShellLog {
  info(line: string): void;
  warn(line: string): void;
}

export interface ShellOptions {
  /** The station folder (Electron's userData): event saves, recent events, window places. */
  dataDir: string;
  /** The built renderer (dist/renderer), served on podium://station/. */
  rendererDir: string;
  /** The preload bundle (dist/electron/preload.cjs). */
  preload: string;
  /** The command line: a .podium file named on it is opened. */
  argv: readonly string[];
  /**
   * The host services for the station folder (host/host.ts createHostServices), given the venue
   * network to pass on as their `network`.
   */
  createService(dataDir: string, network: NetworkControl): StationService;
  /** The venue network's LAN side: tests give `addresses` (127.0.0.2) and `port` (0); default this computer's, on port 5719. */
  venue?: Pick<VenueNetworkOptions, 'addresses' | 'port' | 'limits'>;
  log: ShellLog;
  platform: NodeJS.Platform;
}

/** A running shell (null when another instance already runs: this one quits). */
export interface Shell {
  service: StationService;
  /** Settles once the app was ready and the station window and its event are open. */
  started: Promise<void>;
}

/** A .podium file named on the command line (file association, "Open with"). */
export function podiumFileIn(argv: readonly string[]): string | null {
  const file = argv.slice(1).find((arg) => !arg.startsWith('-') && arg.toLowerCase().endsWith('.podium'));
  return file ? path.resolve(file) : null;
}

/** Start the shell. Call at once when the main process starts: some of this must precede `ready`. */
export function startShell(electron: ElectronApis, options: ShellOptions): Shell | null {
  const { app } = electron;
  registerScheme(electron.protocol);
  app.setPath('userData', options.dataDir);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  return run(electron, options);
}

function run(electron: ElectronApis, options: ShellOptions): Shell {
  const { app } = electron;
  const dataDir = app.getPath('userData');
  // The desktop app has no local web server: on, the network listens on the LAN address only
  // (the station's own windows use IPC), serving the built renderer to devices.
  const network = createVenueNetwork({ dataDir, rendererDir: options.rendererDir, ...options.venue, log: options.log });
  const service = options.createService(dataDir, network);
  network.serve(service);
  // Which event is open, noted in the station folder so a restart reopens it.
  const lastOpen = trackLastOpen(service, dataDir);
  let pendingFile: string | null = podiumFileIn(options.argv);
  const windows = createShellWindows({ electron, service, dataDir, preload: options.preload, log: options.log, onProjectorChange: () => void menus.build() });
  const menus = createShellMenus({ electron, service, dataDir, windows, platform: options.platform });

  guardWebContents(app);

  // macOS: a .podium file double-clicked in the Finder (may arrive before ready).
  app.on('open-file', (event, file) => {
    event.preventDefault();
    if (app.isReady()) void menus.openPath(file);
    else pendingFile = file;
  });

  // A second launch (double-clicking a .podium file while Podium runs): this instance handles it.
  app.on('second-instance', (_event, argv) => {
    windows.focusStation();
    const file = podiumFileIn(argv);
    if (file) void menus.openPath(file);
  });

  // The OS recent-documents list and the Open Recent menu follow whatever event is opened; the
  // Venue Network item follows the network going on or off (not every device seen).
  let lastPath: string | null = null;
  let networkShown = '';
  service.subscribe((push: StationPush) => {
    if (push.type === 'network') {
      const shown = JSON.stringify([push.status.on, push.status.urls]);
      if (shown !== networkShown) void menus.build();
      networkShown = shown;
      return;
    }
    if (push.type !== 'state') return;
    const current = push.snapshot.summary?.path ?? null;
    if (current && current !== lastPath) {
      app.addRecentDocument(current);
      void menus.build();
    }
    lastPath = current;
  });

  app.on('window-all-closed', () => app.quit());

  // Quit only once the open save is closed (its lock released, its journal flushed).
  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed) return;
    event.preventDefault();
    void lastOpen
      .stop()
      .then(() => network.close().catch((error: unknown) => options.log.warn(`The venue network did not close cleanly: ${String(error)}`)))
      .then(() => service.dispose())
      .finally(() => {
        disposed = true;
        app.quit();
      });
  });

  const started = app.whenReady().then(async () => {
    // Other users of this computer read nothing of the station folder (saves hold the round secrets).
    await keepPrivate(dataDir).catch((error: unknown) => options.log.warn(`Could not make the station folder private: ${error instanceof Error ? error.message : String(error)}`));
    lockSession(electron.session.defaultSession);
    serveRenderer(electron.protocol, options.rendererDir);
    await menus.build();
    windows.openStation();
    const file = pendingFile;
    pendingFile = null;
    // Else the event that was open when Podium last ran (after a crash too); if it cannot be
    // opened, the reason is logged and the station starts with no event.
    if (file) await menus.openPath(file);
    else await reopenLastEvent(service, dataDir, (line) => options.log.info(line));
  });
  return { service, started };
}
