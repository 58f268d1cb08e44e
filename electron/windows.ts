/**
 * The shell's two windows: the station (closing it quits) and the projector (opened and closed
 * from the View menu; full screen on an external display, or back where it was last left). Each
 * window is served the StationApi over its own IPC channel, which accepts only that window's main
 * frame showing one of our pages (host/ipc-channel.ts), until the window is gone.
 */
import type { BrowserWindow, BrowserWindowConstructorOptions, WebContents } from 'electron';
import { serveRpc } from '../core/api/rpc.js';
import { createIpcMainChannel } from './host/ipc-channel.js';
import type { StationService } from './host/station-service.js';
import { placeProjector, readSavedWindow, saveWindow } from './host/window-state.js';
import { APP_URL, isAppUrl } from './security.js';
import type { ElectronApis, ShellLog } from './shell.js';

export interface WindowsOptions {
  electron: Pick<ElectronApis, 'app' | 'BrowserWindow' | 'ipcMain' | 'screen'>;
  service: StationService;
  /** The station folder, where the projector's last place is kept. */
  dataDir: string;
  /** The preload bundle (dist/electron/preload.cjs). */
  preload: string;
  log: ShellLog;
  /** Told when the projector opens or closes (the View menu's checkbox follows it). */
  onProjectorChange(): void;
}

export interface ShellWindows {
  /** Open the station window (once, when the app is ready). */
  openStation(): BrowserWindow;
  station(): BrowserWindow | null;
  projector(): BrowserWindow | null;
  /** Open the projector, or close it when it is open. */
  toggleProjector(): Promise<void>;
  /** Bring the station window forward (a second launch of the app). */
  focusStation(): void;
}

export function createShellWindows(options: WindowsOptions): ShellWindows {
  const { electron, service, dataDir, preload, log } = options;
  const { app, BrowserWindow, ipcMain, screen } = electron;
  let stationWindow: BrowserWindow | null = null;
  let projectorWindow: BrowserWindow | null = null;

  /** Serve the StationApi to one window over IPC until it is gone. */
  function connect(contents: WebContents): void {
    const channel = createIpcMainChannel({ ipcMain, webContents: contents, isTrustedUrl: isAppUrl, onRejected: (reason) => log.warn(reason) });
    const stop = serveRpc(service, channel, { onInvalid: (method, reason) => log.warn(`Refused a request over IPC (${method}): ${reason}`) });
    contents.once('destroyed', () => {
      stop();
      channel.dispose();
    });
  }

  /**
   * Every window: sandboxed, context-isolated, no Node, no webviews, no middle-click windows.
   * (Written out literally so electronegativity can check it.) The projector is never throttled
   * in the background: it draws the clock.
   */
  function createWindow(kind: 'station' | 'projector', windowOptions: BrowserWindowConstructorOptions): BrowserWindow {
    const win = new BrowserWindow({
      ...windowOptions,
      show: false,
      webPreferences: {
        preload,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        experimentalFeatures: false,
        webviewTag: false,
        navigateOnDragDrop: false,
        safeDialogs: true,
        spellcheck: false,
        disableBlinkFeatures: 'Auxclick',
        backgroundThrottling: kind !== 'projector',
      },
    });
    connect(win.webContents);
    win.once('ready-to-show', () => win.show());
    void win.loadURL(kind === 'projector' ? `${APP_URL}projector` : APP_URL);
    return win;
  }

  function openStation(): BrowserWindow {
    const win = createWindow('station', { width: 1366, height: 860, minWidth: 1024, minHeight: 640, title: 'Podium', backgroundColor: '#f6f7f9' });
    win.on('closed', () => {
      stationWindow = null;
      app.quit();
    });
    stationWindow = win;
    return win;
  }

  async function toggleProjector(): Promise<void> {
    if (projectorWindow) {
      projectorWindow.close();
      return;
    }
    const saved = await readSavedWindow(dataDir, 'projector');
    const place = placeProjector(screen.getAllDisplays(), screen.getPrimaryDisplay().id, saved);
    const win = createWindow('projector', {
      ...place.bounds,
      title: 'Podium — Projector',
      fullscreen: place.fullScreen,
      autoHideMenuBar: true,
      backgroundColor: '#000000',
    });
    projectorWindow = win;
    win.on('close', () => {
      const bounds = win.isFullScreen() ? win.getBounds() : win.getNormalBounds();
      const display = screen.getDisplayMatching(bounds);
      void saveWindow(dataDir, 'projector', { displayId: display.id, bounds, fullScreen: win.isFullScreen() }).catch(() => undefined);
    });
    win.on('closed', () => {
      projectorWindow = null;
      options.onProjectorChange();
    });
    options.onProjectorChange();
  }

  function focusStation(): void {
    if (!stationWindow) return;
    if (stationWindow.isMinimized()) stationWindow.restore();
    stationWindow.focus();
  }

  return { openStation, station: () => stationWindow, projector: () => projectorWindow, toggleProjector, focusStation };
}
