/**
 * The application menu and what its items do. File → Open…, Open Recent and Save As… go through
 * the system dialogs to the station service, and so does Publish Event Site… (a folder, then the
 * event's static site written there); New Event… and Print… are the station page's own
 * (sent to it on the menu channel); View → Projector opens or closes the projector window; File →
 * Venue Network turns the venue network on or off through the station service (as the station's
 * network panel does) and, while it is on, shows the address devices join at. The menu is rebuilt
 * when the recent events, the projector or the network change.
 */
import path from 'node:path';
import type { MenuItemConstructorOptions, OpenDialogOptions, SaveDialogOptions } from 'electron';
import type { NetworkStatus, SitePublished } from '../core/api/contract.js';
import { IPC_MENU_CHANNEL } from './host/ipc-channel.js';
import { supportLogFile } from './host/log.js';
import type { StationService } from './host/station-service.js';
import type { ElectronApis } from './shell.js';
import type { ShellWindows } from './windows.js';

export interface MenusOptions {
  electron: Pick<ElectronApis, 'app' | 'BrowserWindow' | 'dialog' | 'Menu'>;
  service: StationService;
  /** The station folder: Open… starts in its events/ folder. */
  dataDir: string;
  windows: ShellWindows;
  platform: NodeJS.Platform;
}

export interface ShellMenus {
  /** (Re)build the application menu. */
  build(): Promise<void>;
  /** Open a save, or say in a dialog why it could not be opened. */
  openPath(file: string): Promise<void>;
}

/** The commands the station page handles itself (renderer/App.tsx). */
type PageCommand = 'new-event' | 'print';

const PODIUM_FILTER = { name: 'Podium event', extensions: ['podium'] };

export function createShellMenus(options: MenusOptions): ShellMenus {
  const { electron, service, dataDir, windows } = options;
  const { app, BrowserWindow, dialog, Menu } = electron;

  /** Help → Support Log…: where the support log is (host/log.ts), to send with a support request. */
  async function showSupportLog(): Promise<void> {
    const file = supportLogFile(dataDir);
    const options = {
      type: 'info' as const,
      title: 'Support log',
      message: `Podium's support log is ${file}`,
      detail: 'Older ones are beside it (podium.1.log, podium.2.log, …). Send them with a support request: they say what the station did, what it refused and why, and every error.',
      buttons: ['OK'],
    };
    const parent = windows.station();
    await (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options));
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
    const dialogOptions: OpenDialogOptions = {
      title: 'Open event',
      defaultPath: path.join(dataDir, 'events'),
      properties: ['openFile'],
      filters: [PODIUM_FILTER],
    };
    const parent = windows.station();
    const result = parent ? await dialog.showOpenDialog(parent, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
    const file = result.filePaths[0];
    if (!result.canceled && file) await openPath(file);
  }

  async function chooseAndSaveAs(): Promise<void> {
    const current = service.current();
    if (!current) return showError('Nothing to save', 'No event is open.');
    const dialogOptions: SaveDialogOptions = {
      title: 'Save a copy of the event',
      defaultPath: current.summary.path.replace(/\.podium$/i, '-copy.podium'),
      filters: [PODIUM_FILTER],
      // The system dialog asks before replacing a file (macOS and Windows always; Linux with this).
      properties: ['showOverwriteConfirmation', 'createDirectory'],
    };
    const parent = windows.station();
    const result = parent ? await dialog.showSaveDialog(parent, dialogOptions) : await dialog.showSaveDialog(dialogOptions);
    if (result.canceled || !result.filePath) return;
    try {
      // The user chose this path in the system dialog, which confirmed any replacing.
      await service.saveAsFromDialog({ path: result.filePath, overwrite: true });
    } catch (error) {
      showError('Podium could not save the copy', error);
    }
  }

  /** A command for the station page (or the focused window when the station has gone). */
  function sendToPage(command: PageCommand): void {
    const target = windows.station() ?? BrowserWindow.getFocusedWindow();
    if (target && !target.isDestroyed()) {
      target.show();
      target.webContents.send(IPC_MENU_CHANNEL, command);
    }
  }

  async function recentItems(): Promise<MenuItemConstructorOptions[]> {
    let recent: { path: string; name: string }[] = [];
    try {
      const result = await service.query({ kind: 'recent-events' });
      if (result.kind === 'recent-events') recent = result.events;
    } catch {
      // an empty Open Recent menu is fine
    }
    if (recent.length === 0) return [{ label: 'No recent events', enabled: false }];
    return recent.map((event) => ({ label: `${event.name} — ${path.basename(event.path)}`, click: () => void openPath(event.path) }));
  }

  /** The venue network as the menu shows it; null where the host has none. */
  async function networkNow(): Promise<NetworkStatus | null> {
    try {
      return await service.networkStatus({});
    } catch {
      return null;
    }
  }

  /** File → Venue Network: on when off, off when on; why it could not be turned on, in a dialog. */
  async function toggleNetwork(): Promise<void> {
    const before = await networkNow();
    if (!before) return;
    try {
      const after = await service.setNetwork({ on: !before.on });
      if (!before.on && !after.on) showError('Podium could not turn the venue network on', after.problem ?? 'The reason is in the support log.');
    } catch (error) {
      showError('Podium could not change the venue network', error);
    }
    await build();
  }

  async function build(): Promise<void> {
    const network = await networkNow();
    const template = menuTemplate(
      {
        recent: await recentItems(),
        projectorOpen: windows.projector() !== null,
        packaged: app.isPackaged,
        platform: options.platform,
        network: network ? { on: network.on, ...(network.urls[0] ? { url: network.urls[0] } : {}) } : null,
      },
      {
        toggleNetwork: () => void toggleNetwork(),
        newEvent: () => sendToPage('new-event'),
        open: () => void chooseAndOpen(),
        saveAs: () => void chooseAndSaveAs(),
        publishSite: () => void publishSiteFromDialog(options, showError),
        print: () => sendToPage('print'),
        toggleProjector: () => void windows.toggleProjector(),
        supportLog: () => void showSupportLog(),
      },
    );
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  }

  return { build, openPath };
}

/** Where the folder dialog starts: the folder the event was published to, else the user's documents. */
async function siteFolderToStart(options: MenusOptions): Promise<string | undefined> {
  try {
    const folder = (await options.service.siteStatus({})).folder;
    if (folder) return folder;
  } catch {
    // no status: start where the system likes
  }
  try {
    return options.electron.app.getPath('documents');
  } catch {
    return undefined;
  }
}

/**
 * File → Publish Event Site…: a folder chosen in the system's folder dialog (the one Open uses,
 * for folders), then the open event's static site written there now (host/site-publisher.ts),
 * which the station's Publish panel can then keep up to date.
 */
async function publishSiteFromDialog(options: MenusOptions, showError: (title: string, error: unknown) => void): Promise<void> {
  const { service, windows } = options;
  const { dialog } = options.electron;
  if (!service.current()) return showError('Nothing to publish', 'No event is open.');
  const start = await siteFolderToStart(options);
  const dialogOptions: OpenDialogOptions = {
    title: 'Publish the event site to a folder',
    buttonLabel: 'Publish here',
    message: 'Choose an empty folder, or the one this event was published to before.',
    ...(start ? { defaultPath: start } : {}),
    properties: ['openDirectory', 'createDirectory', 'promptToCreate'],
  };
  const parent = windows.station();
  const result = parent ? await dialog.showOpenDialog(parent, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
  const folder = result.filePaths[0];
  if (result.canceled || !folder) return;
  try {
    const published = await publishAskingToReplace(options, folder);
    if (!published) return;
    const done = {
      type: 'info' as const,
      title: 'Event site published',
      message: `The event site is in ${published.folder}`,
      detail:
        'Open its index.html in any browser. To put it online, copy the folder to any static host (GitHub Pages, Netlify, an S3 bucket) or keep it in a synced folder. The station never needs the internet for it.',
      buttons: ['OK'],
    };
    await (parent ? dialog.showMessageBox(parent, done) : dialog.showMessageBox(done));
  } catch (error) {
    showError('Podium could not publish the event site', error);
  }
}

/**
 * Publish to `folder`; where the host asks first (another event's site, files Podium did not write),
 * a message box asks the organiser, Cancel the default. Null: not published (they cancelled).
 */
async function publishAskingToReplace(options: MenusOptions, folder: string): Promise<SitePublished | null> {
  const { service, windows } = options;
  const { dialog } = options.electron;
  try {
    return await service.publishSite({ folder });
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'site-folder-taken') throw error;
    const parent = windows.station();
    const ask = {
      type: 'warning' as const,
      title: 'Replace what is in this folder?',
      message: 'Replace what is in this folder?',
      detail: `${error instanceof Error ? error.message : String(error)}.\n\nFiles of other names in the folder stay as they are.`,
      buttons: ['Cancel', 'Publish there, replacing it'],
      defaultId: 0,
      cancelId: 0,
    };
    const { response } = parent ? await dialog.showMessageBox(parent, ask) : await dialog.showMessageBox(ask);
    if (response !== 1) return null;
    return service.publishSite({ folder, replace: true });
  }
}

interface MenuState {
  recent: MenuItemConstructorOptions[];
  projectorOpen: boolean;
  /** A packaged app has no developer tools in its menu. */
  packaged: boolean;
  platform: NodeJS.Platform;
  /** The venue network: on or off, and the first address devices join at (null: none here). */
  network: { on: boolean; url?: string } | null;
}

interface MenuActions {
  newEvent(): void;
  open(): void;
  saveAs(): void;
  publishSite(): void;
  print(): void;
  toggleProjector(): void;
  supportLog(): void;
  toggleNetwork(): void;
}

function menuTemplate(state: MenuState, actions: MenuActions): MenuItemConstructorOptions[] {
  const networkItems: MenuItemConstructorOptions[] = state.network
    ? [
        { type: 'separator' },
        { label: '&Venue Network', type: 'checkbox', checked: state.network.on, click: actions.toggleNetwork },
        ...(state.network.on && state.network.url ? [{ label: `Devices join at ${state.network.url}`, enabled: false }] : []),
      ]
    : [];
  const fileMenu: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: '&New Event…', accelerator: 'CmdOrCtrl+N', click: actions.newEvent },
      { label: '&Open…', accelerator: 'CmdOrCtrl+O', click: actions.open },
      { label: 'Open &Recent', submenu: state.recent },
      { type: 'separator' },
      { label: 'Save &As…', accelerator: 'CmdOrCtrl+Shift+S', click: actions.saveAs },
      { label: 'Publish Event &Site…', click: actions.publishSite },
      { type: 'separator' },
      { label: '&Print…', accelerator: 'CmdOrCtrl+P', click: actions.print },
      ...networkItems,
      { type: 'separator' },
      { role: 'quit', label: '&Quit' },
    ],
  };
  const viewMenu: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      { label: 'P&rojector', type: 'checkbox', checked: state.projectorOpen, accelerator: 'CmdOrCtrl+Shift+P', click: actions.toggleProjector },
      { role: 'togglefullscreen' },
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      ...(state.packaged ? [] : [{ type: 'separator' as const }, { role: 'toggleDevTools' as const }]),
    ],
  };
  const helpMenu: MenuItemConstructorOptions = { role: 'help', label: '&Help', submenu: [{ label: 'Support &Log…', click: actions.supportLog }] };
  return [...(state.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []), fileMenu, { role: 'editMenu' }, viewMenu, { role: 'windowMenu' }, helpMenu];
}
