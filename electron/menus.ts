/**
 * The application menu and what its items do. File → Open…, Open Recent and Save As… go through
 * the system dialogs to the station service; New Event… and Print… are the station page's own
 * (sent to it on the menu channel); View → Projector opens or closes the projector window. The
 * menu is rebuilt when the recent events or the projector change.
 */
import path from 'node:path';
import type { MenuItemConstructorOptions, OpenDialogOptions, SaveDialogOptions } from 'electron';
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

  async function build(): Promise<void> {
    const template = menuTemplate(
      { recent: await recentItems(), projectorOpen: windows.projector() !== null, packaged: app.isPackaged, platform: options.platform },
      {
        newEvent: () => sendToPage('new-event'),
        open: () => void chooseAndOpen(),
        saveAs: () => void chooseAndSaveAs(),
        print: () => sendToPage('print'),
        toggleProjector: () => void windows.toggleProjector(),
        supportLog: () => void showSupportLog(),
      },
    );
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  }

  return { build, openPath };
}

interface MenuState {
  recent: MenuItemConstructorOptions[];
  projectorOpen: boolean;
  /** A packaged app has no developer tools in its menu. */
  packaged: boolean;
  platform: NodeJS.Platform;
}

interface MenuActions {
  newEvent(): void;
  open(): void;
  saveAs(): void;
  print(): void;
  toggleProjector(): void;
  supportLog(): void;
}

function menuTemplate(state: MenuState, actions: MenuActions): MenuItemConstructorOptions[] {
  const fileMenu: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: '&New Event…', accelerator: 'CmdOrCtrl+N', click: actions.newEvent },
      { label: '&Open…', accelerator: 'CmdOrCtrl+O', click: actions.open },
      { label: 'Open &Recent', submenu: state.recent },
      { type: 'separator' },
      { label: 'Save &As…', accelerator: 'CmdOrCtrl+Shift+S', click: actions.saveAs },
      { type: 'separator' },
      { label: '&Print…', accelerator: 'CmdOrCtrl+P', click: actions.print },
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
