/**
 * A fake `electron` module for testing the shell under plain Node (Electron's binary never runs
 * here). It does what the shell relies on and records the rest: windows created and their options,
 * pages loaded, handlers registered, the application menu's template, dialogs shown, messages sent
 * to pages. Tests fire what Electron would: `ready`, navigation and window-open attempts,
 * permission requests, IPC from any frame, menu clicks, displays plugged in.
 *
 * `fake.electron` is what the shell's modules take (electron/shell.ts ElectronApis); `fake.module()`
 * is the whole module as `require('electron')` returns it (main and preload bundles). Starting the
 * shell or a bundle against it: shell-harness.ts.
 */
import { EventEmitter } from 'node:events';
import type { MenuItemConstructorOptions } from 'electron';
import type { ElectronApis } from '../../electron/shell.js';
import type { DisplayInfo, Rect } from '../../electron/host/window-state.js';

/** An Electron event: listeners may prevent the default. */
export interface FakeEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}

function fakeEvent(): FakeEvent {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

/** An EventEmitter that fires Electron-style events: an event object first. */
class Emitter extends EventEmitter {
  /** Emit `name` with a fresh event before `args`; true when a listener prevented the default. */
  fire(name: string, ...args: unknown[]): boolean {
    const event = fakeEvent();
    this.emit(name, event, ...args);
    return event.defaultPrevented;
  }
}

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

type WindowOpenHandler = (details: { url: string; frameName: string; features: string; disposition: string }) => { action: 'allow' | 'deny' };

export class FakeWebContents extends Emitter {
  url = '';
  destroyed = false;
  /** Everything sent to the page, in order. */
  readonly sent: { channel: string; args: unknown[] }[] = [];
  private windowOpenHandler: WindowOpenHandler | null = null;
  private readonly sendListeners = new Set<(channel: string, args: unknown[]) => void>();

  constructor(readonly id: number) {
    super();
  }

  /** The page's main frame (showing whatever was loaded last). */
  get mainFrame(): FakeFrame {
    return { url: this.url, parent: null };
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    // Electron structured-clones what it sends.
    const copy = structuredClone(args);
    this.sent.push({ channel, args: copy });
    for (const listener of [...this.sendListeners]) listener(channel, copy);
  }

  /** Listen to what the main process sends this page. */
  onSend(listener: (channel: string, args: unknown[]) => void): () => void {
    this.sendListeners.add(listener);
    return () => this.sendListeners.delete(listener);
  }

  /** The commands sent on `channel`, first arguments only. */
  sentOn(channel: string): unknown[] {
    return this.sent.filter((m) => m.channel === channel).map((m) => m.args[0]);
  }

  isDestroyed = (): boolean => this.destroyed;
  setWindowOpenHandler = (handler: WindowOpenHandler): void => void (this.windowOpenHandler = handler);

  /** A page calls window.open(url) (or a link with target=_blank): what Electron would be told. */
  openWindow(url: string): { action: 'allow' | 'deny' } {
    // Without a handler Electron opens the window.
    return this.windowOpenHandler?.({ url, frameName: '', features: '', disposition: 'new-window' }) ?? { action: 'allow' };
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('destroyed');
  }
}

export type FakeWindowOptions = Record<string, unknown> & Partial<Rect> & { webPreferences?: Record<string, unknown>; fullscreen?: boolean };

export class FakeBrowserWindow extends Emitter {
  readonly webContents: FakeWebContents;
  /** Every URL loaded, in order. */
  readonly loaded: string[] = [];
  visible = false;
  destroyed = false;
  minimized = false;
  focusCount = 0;
  bounds: Rect;

  constructor(
    private readonly fake: FakeElectron,
    readonly options: FakeWindowOptions,
  ) {
    super();
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 };
    this.webContents = fake.createWebContents();
    fake.windows.push(this);
  }

  loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    this.webContents.url = url;
    queueMicrotask(() => this.emit('ready-to-show'));
    return Promise.resolve();
  }

  show = (): void => void (this.visible = true);
  focus = (): void => void this.focusCount++;
  minimize = (): void => void (this.minimized = true);
  isMinimized = (): boolean => this.minimized;
  restore = (): void => void (this.minimized = false);
  isFullScreen = (): boolean => this.options.fullscreen === true;
  getBounds = (): Rect => ({ ...this.bounds });
  getNormalBounds = (): Rect => ({ ...this.bounds });
  isDestroyed = (): boolean => this.destroyed;

  /** As Electron: `close` (which may be prevented), then the window and its page are gone, then `closed`. */
  close(): void {
    if (this.destroyed || this.fire('close')) return;
    this.destroyed = true;
    this.webContents.destroy();
    this.emit('closed');
    if (this.fake.openWindows().length === 0) this.fake.app.emit('window-all-closed');
  }
}

class FakeApp extends Emitter {
  ready = false;
  /** What requestSingleInstanceLock answers (false: another instance runs). */
  hasLock = true;
  isPackaged = false;
  quitCalls = 0;
  readonly recentDocuments: string[] = [];
  private readonly paths = new Map<string, string>();
  private markReady!: () => void;
  private readonly readyPromise = new Promise<void>((resolve) => (this.markReady = resolve));

  setPath = (name: string, value: string): void => void this.paths.set(name, value);
  requestSingleInstanceLock = (): boolean => this.hasLock;
  quit = (): void => void this.quitCalls++;
  isReady = (): boolean => this.ready;
  whenReady = (): Promise<void> => this.readyPromise;
  addRecentDocument = (file: string): void => void this.recentDocuments.push(file);

  getPath(name: string): string {
    const value = this.paths.get(name);
    if (value === undefined) throw new Error(`fake electron: no path ${name}`);
    return value;
  }

  /** Electron has started: `ready`. */
  becomeReady(): void {
    this.ready = true;
    this.markReady();
    this.emit('ready');
  }
}

class FakeIpcMain extends EventEmitter {
  /** A page sends `args` on `channel`, from `frame` (default: the page's main frame). */
  sendFrom(contents: FakeWebContents, channel: string, message: unknown, frame: FakeFrame | null = contents.mainFrame): void {
    this.emit(channel, { sender: contents, senderFrame: frame }, structuredClone(message));
  }
}

class FakeDialog {
  /** What the next Open and Save dialogs answer (cancelled when nothing is queued). */
  readonly openAnswers: { canceled: boolean; filePaths: string[] }[] = [];
  readonly saveAnswers: { canceled: boolean; filePath?: string }[] = [];
  readonly shown: { kind: 'open' | 'save'; parent: unknown; options: Record<string, unknown> }[] = [];
  readonly errors: { title: string; content: string }[] = [];

  showOpenDialog(a: unknown, b?: unknown): Promise<{ canceled: boolean; filePaths: string[] }> {
    this.shown.push({ kind: 'open', parent: b ? a : null, options: (b ?? a) as Record<string, unknown> });
    return Promise.resolve(this.openAnswers.shift() ?? { canceled: true, filePaths: [] });
  }

  showSaveDialog(a: unknown, b?: unknown): Promise<{ canceled: boolean; filePath?: string }> {
    this.shown.push({ kind: 'save', parent: b ? a : null, options: (b ?? a) as Record<string, unknown> });
    return Promise.resolve(this.saveAnswers.shift() ?? { canceled: true });
  }

  showErrorBox = (title: string, content: string): void => void this.errors.push({ title, content });

  /** Message boxes shown (Help → Support Log…), each answered with the next of `messageAnswers`, else its first button. */
  readonly messages: { parent: unknown; options: { message: string; detail?: string; buttons?: string[] } }[] = [];
  readonly messageAnswers: number[] = [];
  showMessageBox(a: unknown, b?: unknown): Promise<{ response: number; checkboxChecked: boolean }> {
    this.messages.push({ parent: b ? a : null, options: (b ?? a) as { message: string; detail?: string; buttons?: string[] } });
    return Promise.resolve({ response: this.messageAnswers.shift() ?? 0, checkboxChecked: false });
  }
}

class FakeMenu {
  /** The template of the application menu now set, and how many times one was set. */
  template: MenuItemConstructorOptions[] = [];
  builds = 0;

  buildFromTemplate = (template: MenuItemConstructorOptions[]): { template: MenuItemConstructorOptions[] } => ({ template });

  setApplicationMenu(menu: { template: MenuItemConstructorOptions[] }): void {
    this.template = menu.template;
    this.builds++;
  }
}

class FakeScreen {
  constructor(
    public displays: DisplayInfo[],
    public primaryId: number,
  ) {}

  getAllDisplays = (): DisplayInfo[] => this.displays;
  getPrimaryDisplay = (): DisplayInfo => this.displays.find((d) => d.id === this.primaryId) ?? (this.displays[0] as DisplayInfo);

  /** The display the rectangle overlaps most (as Electron), the primary when none. */
  getDisplayMatching(rect: Rect): DisplayInfo {
    const overlap = (d: DisplayInfo): number =>
      Math.max(0, Math.min(rect.x + rect.width, d.bounds.x + d.bounds.width) - Math.max(rect.x, d.bounds.x)) *
      Math.max(0, Math.min(rect.y + rect.height, d.bounds.y + d.bounds.height) - Math.max(rect.y, d.bounds.y));
    const best = [...this.displays].sort((a, b) => overlap(b) - overlap(a))[0];
    return best && overlap(best) > 0 ? best : this.getPrimaryDisplay();
  }
}

class FakeProtocol {
  readonly privileged: { schemes: unknown[]; beforeReady: boolean }[] = [];
  readonly handlers = new Map<string, (request: Request) => Response | Promise<Response>>();

  constructor(private readonly app: FakeApp) {}

  registerSchemesAsPrivileged = (schemes: unknown[]): void => void this.privileged.push({ schemes, beforeReady: !this.app.ready });

  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    if (!this.app.ready) throw new Error('protocol.handle before the app is ready');
    this.handlers.set(scheme, handler);
  }

  /** A page requests `url`: what the handler of its scheme answers. */
  async fetch(url: string): Promise<Response> {
    const handler = this.handlers.get(new URL(url).protocol.replace(/:$/, ''));
    if (!handler) throw new Error(`fake electron: no handler for ${url}`);
    return handler(new Request(url));
  }
}

type PermissionRequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void;
type HeadersHandler = (details: { url: string; responseHeaders?: Record<string, string[]> }, callback: (response: { responseHeaders?: Record<string, string[]> }) => void) => void;

class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: ((contents: unknown, permission: string) => boolean) | null = null;
  headersHandler: HeadersHandler | null = null;
  readonly webRequest = { onHeadersReceived: (handler: HeadersHandler): void => void (this.headersHandler = handler) };
  setPermissionRequestHandler = (handler: PermissionRequestHandler): void => void (this.permissionRequestHandler = handler);
  setPermissionCheckHandler = (handler: (contents: unknown, permission: string) => boolean): void => void (this.permissionCheckHandler = handler);

  /** A page asks for a permission (Electron grants it when no handler is set). */
  requestPermission(permission: string, contents: unknown = null): Promise<boolean> {
    const handler = this.permissionRequestHandler;
    if (!handler) return Promise.resolve(true);
    return new Promise((resolve) => handler(contents, permission, resolve, { requestingUrl: 'podium://station/' }));
  }

  checkPermission(permission: string): boolean {
    return this.permissionCheckHandler ? this.permissionCheckHandler(null, permission) : true;
  }

  /** The headers a response for `url` ends up with. */
  responseHeaders(url: string, headers: Record<string, string[]>): Promise<Record<string, string[]> | undefined> {
    const handler = this.headersHandler;
    if (!handler) return Promise.resolve(headers);
    return new Promise((resolve) => handler({ url, responseHeaders: headers }, (response) => resolve(response.responseHeaders)));
  }
}

/** The renderer side, for the preload: what it exposes and what it sends. */
class FakeContextBridge {
  readonly exposed = new Map<string, unknown>();
  exposeInMainWorld(name: string, api: unknown): void {
    if (this.exposed.has(name)) throw new Error(`${name} is exposed twice`);
    this.exposed.set(name, api);
  }
}

class FakeIpcRenderer extends EventEmitter {
  readonly sent: { channel: string; args: unknown[] }[] = [];
  send = (channel: string, ...args: unknown[]): void => void this.sent.push({ channel, args: structuredClone(args) });
}

export interface FakeElectronOptions {
  displays?: DisplayInfo[];
  primaryId?: number;
}

export const LAPTOP: DisplayInfo = { id: 1, bounds: { x: 0, y: 0, width: 1366, height: 768 }, workArea: { x: 0, y: 0, width: 1366, height: 740 } };
export const EXTERNAL: DisplayInfo = { id: 2, bounds: { x: 1366, y: 0, width: 1920, height: 1080 }, workArea: { x: 1366, y: 0, width: 1920, height: 1080 } };

export class FakeElectron {
  readonly app = new FakeApp();
  /** Every window ever created, in order. */
  readonly windows: FakeBrowserWindow[] = [];
  readonly ipcMain = new FakeIpcMain();
  readonly dialog = new FakeDialog();
  readonly Menu = new FakeMenu();
  readonly screen: FakeScreen;
  readonly protocol = new FakeProtocol(this.app);
  readonly session = { defaultSession: new FakeSession() };
  readonly contextBridge = new FakeContextBridge();
  readonly ipcRenderer = new FakeIpcRenderer();
  /** The window BrowserWindow.getFocusedWindow() answers. */
  focused: FakeBrowserWindow | null = null;
  readonly BrowserWindow: new (options: FakeWindowOptions) => FakeBrowserWindow;
  private nextId = 1;

  constructor(options: FakeElectronOptions = {}) {
    this.screen = new FakeScreen(options.displays ?? [LAPTOP], options.primaryId ?? 1);
    const fake = this;
    this.BrowserWindow = class BrowserWindow extends FakeBrowserWindow {
      constructor(windowOptions: FakeWindowOptions) {
        super(fake, windowOptions);
      }
      static getFocusedWindow = (): FakeBrowserWindow | null => fake.focused;
      static getAllWindows = (): FakeBrowserWindow[] => fake.openWindows();
    };
  }

  /** What the shell's modules take. */
  get electron(): ElectronApis {
    const { app, BrowserWindow, dialog, ipcMain, Menu, protocol, screen, session } = this;
    return { app, BrowserWindow, dialog, ipcMain, Menu, protocol, screen, session } as unknown as ElectronApis;
  }

  /** The whole module, as `require('electron')` gives it to the main process and the preload. */
  module(): Record<string, unknown> {
    return { ...this.electron, contextBridge: this.contextBridge, ipcRenderer: this.ipcRenderer };
  }

  /** A new web contents (a window's, or any other: devtools, a webview); Electron announces each. */
  createWebContents(): FakeWebContents {
    const contents = new FakeWebContents(this.nextId++);
    this.app.emit('web-contents-created', fakeEvent(), contents);
    return contents;
  }

  openWindows(): FakeBrowserWindow[] {
    return this.windows.filter((w) => !w.destroyed);
  }

  /** The application menu item at `labels` (without the & of access keys), e.g. ('File', 'Open…'). */
  menuItem(...labels: string[]): MenuItemConstructorOptions {
    let items = this.Menu.template;
    let found: MenuItemConstructorOptions | undefined;
    for (const label of labels) {
      found = items.find((item) => item.label?.replace(/&/g, '') === label);
      if (!found) throw new Error(`no menu item ${labels.join(' → ')} (at ${label})`);
      items = Array.isArray(found.submenu) ? found.submenu : [];
    }
    if (!found) throw new Error('no menu item named');
    return found;
  }

  /** Click the menu item at `labels`, as Electron does. */
  click(...labels: string[]): void {
    const item = this.menuItem(...labels);
    if (!item.click) throw new Error(`${labels.join(' → ')} does nothing when clicked`);
    (item.click as (...args: unknown[]) => void)(item, this.focused, {});
  }
}
