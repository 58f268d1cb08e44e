/**
 * The Electron shell (main process). Thin: windows, menus, dialogs, displays, and wiring each
 * window's IPC to the host services. Everything else is in host/ and runs under plain Node.
 *
 * Security (Electron's checklist; `npm run lint:electron` runs electronegativity over this folder):
 * pages come from our own podium:// scheme only, with a strict CSP; every window is sandboxed and
 * context-isolated with Node integration off; navigation, new windows, webviews and permission
 * requests are refused; IPC is accepted only from our own windows' main frames (ipc-channel.ts).
 *
 * Bundled to dist/electron/main.cjs by scripts/build.ts.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  screen,
  session,
  type MenuItemConstructorOptions,
  type WebContents,
} from 'electron';
import { serveRpc } from '../core/api/rpc.js';
import type { StationPush } from '../core/api/contract.js';
import { createHostServices } from './host/host.js';
import { createIpcMainChannel, IPC_MENU_CHANNEL } from './host/ipc-channel.js';
import { reopenLastEvent, trackLastOpen } from './host/last-open.js';
import { defaultDataDir, stationName } from './host/paths.js';
import { contentSecurityPolicy, contentType, resolveStatic, securityHeaders } from './host/static-files.js';
import { placeProjector, readSavedWindow, saveWindow } from './host/window-state.js';

const SCHEME = 'podium';
const HOST = 'station';
const APP_URL = `${SCHEME}://${HOST}/`;
const CSP = contentSecurityPolicy();
// The bundle sits in dist/electron; the built renderer in dist/renderer.
const RENDERER_DIR = path.join(__dirname, '..', 'renderer');
const PRELOAD = path.join(__dirname, 'preload.cjs');

/** Is `url` one of our own pages? */
function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${SCHEME}:` && parsed.host === HOST;
  } catch {
    return false;
  }
}

/** A .podium file named on the command line (file association, "Open with"). */
function podiumFileIn(argv: readonly string[]): string | null {
  const file = argv.slice(1).find((arg) => !arg.startsWith('-') && arg.toLowerCase().endsWith('.podium'));
  return file ? path.resolve(file) : null;
}

protocol.registerSchemesAsPrivileged([{ scheme: SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }]);
app.setPath('userData', defaultDataDir());

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  run();
}

function run(): void {
  const dataDir = app.getPath('userData');
  const service = createHostServices({ dataDir, station: stationName(), mode: 'the desktop app', warmPrinter: true });
  // Which event is open, noted in the station folder so a restart reopens it (issue 13.7).
  const lastOpen = trackLastOpen(service, dataDir);
  let stationWindow: BrowserWindow | null = null;
  let projectorWindow: BrowserWindow | null = null;
  let pendingFile: string | null = podiumFileIn(process.argv);
  let lastPath: string | null = null;

  /**
   * Every window: sandboxed, context-isolated, no Node, no webviews, no middle-click windows.
   * (Written out literally so electronegativity can check it.) The projector is never throttled
   * in the background: it draws the clock.
   */
  function createWindow(kind: 'station' | 'projector', options: Electron.BrowserWindowConstructorOptions): BrowserWindow {
    const win = new BrowserWindow({
      ...options,
      show: false,
      webPreferences: {
        preload: PRELOAD,
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

  /** Serve the StationApi to one window over IPC until it is gone. */
  function connect(contents: WebContents): void {
    const channel = createIpcMainChannel({
      ipcMain,
      webContents: contents,
      isTrustedUrl: isAppUrl,
      onRejected: (reason) => console.warn(`podium: ${reason}`),
    });
    const stop = serveRpc(service, channel);
    contents.once('destroyed', () => {
      stop();
      channel.dispose();
    });
  }

  function showError(title: string, error: unknown): void {
    dialog.showErrorBox(title, error instanceof Error ? error.message : String(error));
  }

  async function openPath(file: string): Promise<void> {
    try {
      await service.openEvent({ path: file });
    } catch (error) {
      showError('Podium could not open the event', error);
    }
  }

  async function chooseAndOpen(): Promise<void> {
    const options: Electron.OpenDialogOptions = {
      title: 'Open event',
      defaultPath: path.join(dataDir, 'events'),
      properties: ['openFile'],
      filters: [{ name: 'Podium event', extensions: ['podium'] }],
    };
    const result = stationWindow ? await dialog.showOpenDialog(stationWindow, options) : await dialog.showOpenDialog(options);
    const file = result.filePaths[0];
    if (!result.canceled && file) await openPath(file);
  }

  async function chooseAndSaveAs(): Promise<void> {
    const current = service.current();
    if (!current) return showError('Nothing to save', 'No event is open.');
    const options: Electron.SaveDialogOptions = {
      title: 'Save a copy of the event',
      defaultPath: current.summary.path.replace(/\.podium$/i, '-copy.podium'),
      filters: [{ name: 'Podium event', extensions: ['podium'] }],
      // The system dialog asks before replacing a file (macOS and Windows always; Linux with this).
      properties: ['showOverwriteConfirmation', 'createDirectory'],
    };
    const result = stationWindow ? await dialog.showSaveDialog(stationWindow, options) : await dialog.showSaveDialog(options);
    if (result.canceled || !result.filePath) return;
    try {
      // The user chose this path in the system dialog, which confirmed any replacing.
      await service.saveAsFromDialog({ path: result.filePath, overwrite: true });
    } catch (error) {
      showError('Podium could not save the copy', error);
    }
  }

  function sendMenu(command: string): void {
    const target = stationWindow ?? BrowserWindow.getFocusedWindow();
    if (target && !target.isDestroyed()) {
      target.show();
      target.webContents.send(IPC_MENU_CHANNEL, command);
    }
  }

  async function buildMenu(): Promise<void> {
    let recent: { path: string; name: string }[] = [];
    try {
      const result = await service.query({ kind: 'recent-events' });
      if (result.kind === 'recent-events') recent = result.events;
    } catch {
      // an empty Open Recent menu is fine
    }
    const recentItems: MenuItemConstructorOptions[] =
      recent.length > 0
        ? recent.map((event) => ({ label: `${event.name} — ${path.basename(event.path)}`, click: () => void openPath(event.path) }))
        : [{ label: 'No recent events', enabled: false }];
    const template: MenuItemConstructorOptions[] = [
      ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
      {
        label: '&File',
        submenu: [
          { label: '&New Event…', accelerator: 'CmdOrCtrl+N', click: () => sendMenu('new-event') },
          { label: '&Open…', accelerator: 'CmdOrCtrl+O', click: () => void chooseAndOpen() },
          { label: 'Open &Recent', submenu: recentItems },
          { type: 'separator' },
          { label: 'Save &As…', accelerator: 'CmdOrCtrl+Shift+S', click: () => void chooseAndSaveAs() },
          { type: 'separator' },
          { label: '&Print…', accelerator: 'CmdOrCtrl+P', click: () => sendMenu('print') },
          { type: 'separator' },
          { role: 'quit', label: '&Quit' },
        ],
      },
      { role: 'editMenu' },
      {
        label: '&View',
        submenu: [
          {
            label: 'P&rojector',
            type: 'checkbox',
            checked: projectorWindow !== null,
            accelerator: 'CmdOrCtrl+Shift+P',
            click: () => void toggleProjector(),
          },
          { role: 'togglefullscreen' },
          { type: 'separator' },
          { role: 'resetZoom' },
          { role: 'zoomIn' },
          { role: 'zoomOut' },
          ...(app.isPackaged ? [] : [{ type: 'separator' as const }, { role: 'toggleDevTools' as const }]),
        ],
      },
      { role: 'windowMenu' },
    ];
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  }

  function createStationWindow(): BrowserWindow {
    const win = createWindow('station', {
      width: 1366,
      height: 860,
      minWidth: 1024,
      minHeight: 640,
      title: 'Podium',
      backgroundColor: '#f6f7f9',
    });
    win.on('closed', () => {
      stationWindow = null;
      app.quit();
    });
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
      void buildMenu();
    });
    void buildMenu();
  }

  // Guard the door for every web contents the app ever makes.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  // macOS: a .podium file double-clicked in the Finder (may arrive before ready).
  app.on('open-file', (event, file) => {
    event.preventDefault();
    if (app.isReady()) void openPath(file);
    else pendingFile = file;
  });

  // A second launch (double-clicking a .podium file while Podium runs): this instance handles it.
  app.on('second-instance', (_event, argv) => {
    if (stationWindow) {
      if (stationWindow.isMinimized()) stationWindow.restore();
      stationWindow.focus();
    }
    const file = podiumFileIn(argv);
    if (file) void openPath(file);
  });

  // The OS recent-documents list and the Open Recent menu follow whatever event is opened.
  service.subscribe((push: StationPush) => {
    if (push.type !== 'state') return;
    const current = push.snapshot.summary?.path ?? null;
    if (current && current !== lastPath) {
      app.addRecentDocument(current);
      void buildMenu();
    }
    lastPath = current;
  });

  app.on('window-all-closed', () => app.quit());

  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed) return;
    event.preventDefault();
    void lastOpen
      .stop()
      .then(() => service.dispose())
      .finally(() => {
        disposed = true;
        app.quit();
      });
  });

  void app.whenReady().then(async () => {
    const ses = session.defaultSession;
    ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    ses.setPermissionCheckHandler(() => false);
    // The same policy as host/static-files.ts contentSecurityPolicy() (a test keeps them equal),
    // written out so electronegativity can evaluate it.
    ses.webRequest.onHeadersReceived((details, callback) => {
      callback({
        responseHeaders: {
          ...details.responseHeaders,
          'Content-Security-Policy': [
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'; worker-src 'none'; frame-src 'none'",
          ],
        },
      });
    });
    protocol.handle(SCHEME, async (request) => {
      if (!isAppUrl(request.url)) return new Response('Not found', { status: 404 });
      const found = resolveStatic(RENDERER_DIR, new URL(request.url).pathname);
      if (!found) return new Response('Not found', { status: 404 });
      try {
        const body = await readFile(found.file);
        return new Response(body, { headers: { ...securityHeaders(CSP), 'Content-Type': contentType(found.file) } });
      } catch {
        return new Response('Not found', { status: 404 });
      }
    });
    await buildMenu();
    stationWindow = createStationWindow();
    if (pendingFile) {
      const file = pendingFile;
      pendingFile = null;
      await openPath(file);
    } else {
      // The event that was open when Podium last ran (after a crash too); if it cannot be opened,
      // the reason is logged and the station starts with no event.
      await reopenLastEvent(service, dataDir, (line) => console.log(`podium: ${line}`));
    }
  });
}
