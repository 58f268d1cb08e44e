/**
 * The Electron shell (electron/shell.ts, windows.ts, menus.ts, security.ts, protocol.ts), run
 * under Node against a fake `electron` module that records calls (test/support/fake-electron.ts),
 * with the real host services in a temp folder: what the shell does, not how its source reads.
 * The built bundle itself is run against the same fake in electron-fuses.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IPC_MENU_CHANNEL, IPC_RPC_CHANNEL } from '../../electron/host/ipc-channel.js';
import { contentSecurityPolicy } from '../../electron/host/static-files.js';
import { readSavedWindow } from '../../electron/host/window-state.js';
import { startShell } from '../../electron/shell.js';
import { EXTERNAL, FakeElectron, LAPTOP, type FakeBrowserWindow, type FakeFrame } from '../support/fake-electron.js';
import { INDEX_HTML, launch, pageApi, PRELOAD, quit, tempDir, until, type Launched } from '../support/shell-harness.js';

/** What every window of the app is given (electron/windows.ts). */
const secureWebPreferences = (backgroundThrottling: boolean): Record<string, unknown> => ({
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
  backgroundThrottling,
});

/** A save made by the station service of `launched` (it stays open there). */
async function newEvent(launched: Launched, name: string): Promise<string> {
  const snapshot = await launched.shell.service.createEvent({ name, ruleset: 'mtr', settings: {} });
  const file = snapshot.summary?.path;
  if (!file) throw new Error('no save was made');
  return file;
}

const currentPath = (launched: Launched): string | null => launched.shell.service.current()?.summary.path ?? null;

describe('starting the shell', () => {
  it('registers podium:// before ready, and locks the session, serves pages and opens the station only once ready', async () => {
    let beforeReady: Record<string, unknown> = {};
    const { fake, dataDir, station } = await launch({
      beforeReady: (f) =>
        (beforeReady = {
          windows: f.windows.length,
          permissions: f.session.defaultSession.permissionRequestHandler,
          schemes: f.protocol.handlers.size,
          menus: f.Menu.builds,
        }),
    });
    expect(fake.protocol.privileged).toEqual([
      { schemes: [{ scheme: 'podium', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }], beforeReady: true },
    ]);
    expect(fake.app.getPath('userData')).toBe(dataDir);
    expect(beforeReady).toEqual({ windows: 0, permissions: null, schemes: 0, menus: 0 });
    expect(fake.windows).toHaveLength(1);
    expect(station.loaded).toEqual(['podium://station/']);
    expect(station.options).toMatchObject({ width: 1366, height: 860, minWidth: 1024, minHeight: 640, title: 'Podium', show: false });
    expect(fake.protocol.handlers.has('podium')).toBe(true);
    expect(fake.Menu.builds).toBeGreaterThan(0);
  });

  it('quits at once, opening nothing, when another Podium already runs', async () => {
    const fake = new FakeElectron();
    fake.app.hasLock = false;
    const shell = startShell(fake.electron, {
      dataDir: await tempDir('podium-shell-'),
      rendererDir: '/nowhere',
      preload: PRELOAD,
      argv: ['podium', 'x.podium'],
      createService: () => {
        throw new Error('no host services for a second instance');
      },
      log: { info: () => undefined, warn: () => undefined },
      platform: 'linux',
    });
    expect(shell).toBeNull();
    expect(fake.app.quitCalls).toBe(1);
    expect(fake.app.listenerCount('web-contents-created')).toBe(0);
    fake.app.becomeReady();
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.windows).toEqual([]);
  });
});

describe('the door', () => {
  it('gives both windows the secure webPreferences (the projector is never throttled: it draws the clock)', async () => {
    const { fake, station } = await launch();
    expect(station.options.webPreferences).toEqual(secureWebPreferences(true));
    fake.click('View', 'Projector');
    await until(() => fake.windows.length === 2, 'the projector');
    const projector = fake.windows[1] as FakeBrowserWindow;
    expect(projector.options.webPreferences).toEqual(secureWebPreferences(false));
    expect(projector.options.show).toBe(false);
    expect(projector.loaded).toEqual(['podium://station/projector']);
    await until(() => projector.visible, 'the projector to show');
  });

  it('refuses navigation, redirects, webviews and new windows for every web contents', async () => {
    const { fake, station } = await launch();
    fake.click('View', 'Projector');
    await until(() => fake.windows.length === 2, 'the projector');
    const other = fake.createWebContents(); // devtools, a webview's page, anything Electron makes
    for (const contents of [station.webContents, (fake.windows[1] as FakeBrowserWindow).webContents, other]) {
      for (const foreign of ['https://example.com/', 'file:///etc/passwd', 'podium://elsewhere/', 'javascript:alert(1)', 'not a url']) {
        expect(contents.fire('will-navigate', foreign), foreign).toBe(true);
        expect(contents.fire('will-redirect', foreign), foreign).toBe(true);
        expect(contents.openWindow(foreign), foreign).toEqual({ action: 'deny' });
      }
      for (const own of ['podium://station/', 'podium://station/projector']) {
        expect(contents.fire('will-navigate', own), own).toBe(false);
        expect(contents.fire('will-redirect', own), own).toBe(false);
        expect(contents.openWindow(own), own).toEqual({ action: 'deny' });
      }
      expect(contents.fire('will-attach-webview', {}, { src: 'podium://station/' })).toBe(true);
    }
  });

  it('refuses every permission and sends the CSP browser mode serves', async () => {
    const { fake, station } = await launch();
    const ses = fake.session.defaultSession;
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      await expect(ses.requestPermission(permission, station.webContents), permission).resolves.toBe(false);
      expect(ses.checkPermission(permission), permission).toBe(false);
    }
    const headers = await ses.responseHeaders('podium://station/', { 'Content-Type': ['text/html'] });
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [contentSecurityPolicy()] });
  });

  it('serves the StationApi to each window and refuses other senders', async () => {
    const { fake, station, log } = await launch();
    await expect(pageApi(fake, station.webContents).snapshot()).resolves.toMatchObject({ summary: null });
    const answered = (): unknown[] => station.webContents.sentOn(IPC_RPC_CHANNEL).filter((m) => (m as { kind: string }).kind === 'response').map((m) => (m as { id: number }).id);
    const request = (id: number) => ({ kind: 'request', id, method: 'snapshot', params: {} });

    // A sub-frame of our page, a foreign page loaded in the window, a frame that has gone.
    const subFrame: FakeFrame = { url: 'podium://station/', parent: station.webContents.mainFrame };
    fake.ipcMain.sendFrom(station.webContents, IPC_RPC_CHANNEL, request(901), subFrame);
    fake.ipcMain.sendFrom(station.webContents, IPC_RPC_CHANNEL, request(902), { url: 'https://evil.example/', parent: null });
    fake.ipcMain.sendFrom(station.webContents, IPC_RPC_CHANNEL, request(903), null);
    // Web contents that are no window of ours: nobody answers.
    const stranger = fake.createWebContents();
    stranger.url = 'podium://station/';
    fake.ipcMain.sendFrom(stranger, IPC_RPC_CHANNEL, request(904));
    expect(log.warn).toEqual([
      'IPC message from a sub-frame (podium://station/) refused',
      "IPC message from a page that is not Podium's (https://evil.example/) refused",
      'IPC message from a frame that has gone refused',
    ]);
    // The window's own page is still served; the refused requests never are.
    fake.ipcMain.sendFrom(station.webContents, IPC_RPC_CHANNEL, request(905));
    await until(() => answered().includes(905), 'the answer');
    expect(answered().filter((id) => (id as number) > 900)).toEqual([905]);
    expect(stranger.sent).toEqual([]);

    // Each window its own channel, for as long as it lives.
    expect(fake.ipcMain.listenerCount(IPC_RPC_CHANNEL)).toBe(1);
    fake.click('View', 'Projector');
    await until(() => fake.windows.length === 2, 'the projector');
    const projector = fake.windows[1] as FakeBrowserWindow;
    expect(fake.ipcMain.listenerCount(IPC_RPC_CHANNEL)).toBe(2);
    await expect(pageApi(fake, projector.webContents).snapshot()).resolves.toMatchObject({ summary: null });
    projector.close();
    expect(fake.ipcMain.listenerCount(IPC_RPC_CHANNEL)).toBe(1);
  });

  it('serves the built renderer on podium://station only, with the security headers', async () => {
    const { fake, rendererDir } = await launch();
    await writeFile(path.join(rendererDir, '..', 'secret.txt'), 'secret'); // beside the renderer folder
    for (const url of ['podium://station/', 'podium://station/projector']) {
      const page = await fake.protocol.fetch(url);
      expect(page.status, url).toBe(200);
      expect(await page.text()).toBe(INDEX_HTML);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    }
    const script = await fake.protocol.fetch('podium://station/assets/app.js');
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    for (const url of [
      'podium://elsewhere/',
      'podium://station/assets/missing.js',
      'podium://station/..%2Fsecret.txt',
      'podium://station/%2e%2e/secret.txt',
      'podium://station/assets/..%2F..%2Fsecret.txt',
    ])
      expect((await fake.protocol.fetch(url)).status, url).toBe(404);
  });
});

describe('the menu', () => {
  it('has File, Edit, View, Window and Help (and the app menu and no developer tools in a packaged Mac app)', async () => {
    const { fake } = await launch();
    expect(fake.Menu.template.map((item) => item.label ?? item.role)).toEqual(['&File', 'editMenu', '&View', 'windowMenu', '&Help']);
    const file = fake.menuItem('File').submenu as { label?: string; accelerator?: string; role?: string }[];
    expect(file.filter((i) => i.label).map((i) => [i.label, i.accelerator ?? i.role])).toEqual([
      ['&New Event…', 'CmdOrCtrl+N'],
      ['&Open…', 'CmdOrCtrl+O'],
      ['Open &Recent', undefined],
      ['Save &As…', 'CmdOrCtrl+Shift+S'],
      ['Publish Event &Site…', undefined],
      ['&Print…', 'CmdOrCtrl+P'],
      ['&Quit', 'quit'],
    ]);
    expect((fake.menuItem('View').submenu as { role?: string }[]).map((i) => i.role)).toContain('toggleDevTools');

    const mac = new FakeElectron();
    mac.app.isPackaged = true;
    await launch({ fake: mac, platform: 'darwin' });
    expect(mac.Menu.template.map((item) => item.label ?? item.role)).toEqual(['appMenu', '&File', 'editMenu', '&View', 'windowMenu', '&Help']);
    expect((mac.menuItem('View').submenu as { role?: string }[]).map((i) => i.role)).not.toContain('toggleDevTools');
  });

  it('sends New Event… and Print… to the station page', async () => {
    const { fake, station } = await launch();
    station.visible = false;
    fake.click('File', 'New Event…');
    fake.click('File', 'Print…');
    expect(station.webContents.sentOn(IPC_MENU_CHANNEL)).toEqual(['new-event', 'print']);
    expect(station.visible).toBe(true);
  });

  it('says where the support log is (Help → Support Log…)', async () => {
    const { fake, station, dataDir } = await launch();
    fake.click('Help', 'Support Log…');
    await until(() => fake.dialog.messages.length === 1, 'the message box');
    const [shown] = fake.dialog.messages;
    expect(shown?.parent).toBe(station);
    expect(shown?.options.message).toContain(path.join(dataDir, 'logs', 'podium.log'));
  });

  it('opens events through the Open dialog and Open Recent, and says why one cannot be opened', async () => {
    const launched = await launch();
    const { fake, station, dataDir } = launched;
    expect(fake.menuItem('File', 'Open Recent').submenu).toEqual([{ label: 'No recent events', enabled: false }]);
    const friday = await newEvent(launched, 'Friday Night');
    const saturday = await newEvent(launched, 'Saturday Open');
    // The OS list and Open Recent follow what was opened.
    await until(() => fake.app.recentDocuments.length === 2, 'the recent documents');
    expect(fake.app.recentDocuments).toEqual([friday, saturday]);
    await until(() => (fake.menuItem('File', 'Open Recent').submenu as unknown[]).length === 2, 'Open Recent');
    expect((fake.menuItem('File', 'Open Recent').submenu as { label: string }[]).map((i) => i.label)).toEqual([
      `Saturday Open — ${path.basename(saturday)}`,
      `Friday Night — ${path.basename(friday)}`,
    ]);

    fake.dialog.openAnswers.push({ canceled: false, filePaths: [friday] });
    fake.click('File', 'Open…');
    await until(() => currentPath(launched) === friday, 'Friday to open');
    expect(fake.dialog.shown).toEqual([
      {
        kind: 'open',
        parent: station,
        options: { title: 'Open event', defaultPath: path.join(dataDir, 'events'), properties: ['openFile'], filters: [{ name: 'Podium event', extensions: ['podium'] }] },
      },
    ]);

    fake.click('File', 'Open Recent', `Saturday Open — ${path.basename(saturday)}`);
    await until(() => currentPath(launched) === saturday, 'Saturday to open');

    const broken = path.join(dataDir, 'events', 'broken.podium');
    await writeFile(broken, 'this is no save\n');
    fake.dialog.openAnswers.push({ canceled: false, filePaths: [broken] });
    fake.click('File', 'Open…');
    await until(() => fake.dialog.errors.length === 1, 'the error');
    expect(fake.dialog.errors[0]?.title).toBe('Podium could not open the event');
    expect(fake.dialog.errors[0]?.content).toMatch(/\S/);
    expect(currentPath(launched)).toBe(saturday);
  });

  it('saves a copy anywhere through the Save As dialog, and says when there is nothing to save', async () => {
    const launched = await launch();
    const { fake, station } = launched;
    fake.click('File', 'Save As…');
    expect(fake.dialog.errors).toEqual([{ title: 'Nothing to save', content: 'No event is open.' }]);
    expect(fake.dialog.shown).toEqual([]);

    const original = await newEvent(launched, 'Sunday Cup');
    const elsewhere = await tempDir('podium-save-as-');
    const copy = path.join(elsewhere, 'sunday-backup.podium');
    fake.dialog.saveAnswers.push({ canceled: false, filePath: copy });
    fake.click('File', 'Save As…');
    await until(() => existsSync(copy), 'the copy');
    expect(fake.dialog.shown).toEqual([
      {
        kind: 'save',
        parent: station,
        options: {
          title: 'Save a copy of the event',
          defaultPath: original.replace(/\.podium$/, '-copy.podium'),
          filters: [{ name: 'Podium event', extensions: ['podium'] }],
          properties: ['showOverwriteConfirmation', 'createDirectory'],
        },
      },
    ]);
    expect(currentPath(launched)).toBe(original);

    // Replacing a file: the system dialog asked first, so the copy goes over it.
    const replaced = path.join(elsewhere, 'old.podium');
    await writeFile(replaced, 'an old file\n');
    fake.dialog.saveAnswers.push({ canceled: false, filePath: replaced });
    fake.click('File', 'Save As…');
    const isOld = (): boolean => readFileSync(replaced, 'utf8') === 'an old file\n';
    await until(() => !isOld() || fake.dialog.errors.length > 1, 'the copy over the old file');
    expect(fake.dialog.errors).toHaveLength(1);
    expect(isOld()).toBe(false);

    fake.dialog.saveAnswers.push({ canceled: false, filePath: path.join(elsewhere, 'no-such-folder', 'x.podium') });
    fake.click('File', 'Save As…');
    await until(() => fake.dialog.errors.length === 2, 'the error');
    expect(fake.dialog.errors[1]?.title).toBe('Podium could not save the copy');
  });
});

describe('the projector', () => {
  it('goes full screen on the external display, and back where it was left', async () => {
    const { fake, dataDir } = await launch();
    const projectorChecked = (): unknown => fake.menuItem('View', 'Projector').checked;
    expect(projectorChecked()).toBe(false);

    fake.click('View', 'Projector');
    await until(() => fake.windows.length === 2, 'the projector');
    const first = fake.windows[1] as FakeBrowserWindow;
    expect(first.options).toMatchObject({ ...EXTERNAL.bounds, fullscreen: true, title: 'Podium — Projector', autoHideMenuBar: true, backgroundColor: '#000000' });
    await until(() => projectorChecked() === true, 'the menu to show the projector open');

    // Closed from the menu: its place is kept in the station folder.
    fake.click('View', 'Projector');
    expect(first.destroyed).toBe(true);
    await until(() => projectorChecked() === false, 'the menu to show the projector closed');
    await until(() => existsSync(path.join(dataDir, 'windows.json')), 'the saved place');
    await expect(readSavedWindow(dataDir, 'projector')).resolves.toEqual({ displayId: EXTERNAL.id, bounds: EXTERNAL.bounds, fullScreen: true });

    // The projector unplugged: a window on the laptop's screen.
    fake.screen.displays = [LAPTOP];
    fake.click('View', 'Projector');
    await until(() => fake.windows.length === 3, 'the second projector window');
    const second = fake.windows[2] as FakeBrowserWindow;
    expect(second.options.fullscreen).toBe(false);
    expect(second.bounds.x + second.bounds.width).toBeLessThanOrEqual(LAPTOP.workArea.width);
    expect(second.bounds.y + second.bounds.height).toBeLessThanOrEqual(LAPTOP.workArea.height);
    expect(second.options.webPreferences).toEqual(secureWebPreferences(false));
  });
});

describe('events from the system', () => {
  it('opens the .podium named on the command line, else the event that was open when it last ran', async () => {
    const dataDir = await tempDir('podium-shell-');
    const first = await launch({ dataDir });
    const event = await newEvent(first, 'Monday League');
    await quit(first.fake);

    // Restarted with nothing named: the event that was open is open again.
    const restarted = await launch({ dataDir });
    expect(currentPath(restarted)).toBe(event);
    expect(restarted.log.info).toEqual([`Reopened the event that was open: Monday League (${event}).`]);
    await quit(restarted.fake);

    // "Open with" Podium, in another station folder.
    const opened = await launch({ argv: ['/opt/Podium/podium', '--no-sandbox', event] });
    expect(currentPath(opened)).toBe(event);
  });

  it('opens a file the Finder hands over, before or after start-up', async () => {
    const maker = await launch();
    const early = await newEvent(maker, 'Early');
    const late = await newEvent(maker, 'Late');
    await quit(maker.fake);

    let prevented = false;
    const launched = await launch({ beforeReady: (fake) => (prevented = fake.app.fire('open-file', early)) });
    expect(prevented).toBe(true);
    expect(currentPath(launched)).toBe(early);
    expect(launched.fake.app.fire('open-file', late)).toBe(true);
    await until(() => currentPath(launched) === late, 'the file to open');
  });

  it('hands a second launch to the running station: brought forward, its file opened', async () => {
    const launched = await launch();
    const { fake, station } = launched;
    const file = await newEvent(launched, 'Tuesday');
    await launched.shell.service.closeEvent();
    station.minimize();
    fake.app.fire('second-instance', ['/opt/Podium/podium', file], '/home/judge');
    expect(station.isMinimized()).toBe(false);
    expect(station.focusCount).toBe(1);
    await until(() => currentPath(launched) === file, 'the file to open');
  });

  it('quits when the station window closes, once the open save is closed', async () => {
    const launched = await launch();
    const { fake, station } = launched;
    await newEvent(launched, 'Wednesday');
    station.close();
    expect(fake.app.quitCalls).toBe(2); // the station window closed, and so did every window
    expect(await quit(fake)).toBe(true); // will-quit is held while the save closes…
    expect(launched.shell.service.current()).toBeNull();
    expect(fake.app.quitCalls).toBe(3); // …then the shell quits again,
    expect(await quit(fake)).toBe(false); // and this time lets it happen.
  });
});
