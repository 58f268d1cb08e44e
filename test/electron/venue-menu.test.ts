/**
 * File → Venue Network in the desktop app: the Electron shell (electron/shell.ts,
 * menus.ts) against the fake `electron` module, with the real host services and the real venue
 * network on a second loopback address (127.0.0.2). The menu turns the network on and off through
 * the station service, shows where devices join, says in a dialog why it cannot be turned on, and
 * quitting closes it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { WebSocket } from 'ws';
import { createHostServices } from '../../electron/host/host.js';
import { startShell, type Shell } from '../../electron/shell.js';
import { FakeElectron, LAPTOP, type FakeBrowserWindow } from '../support/fake-electron.js';
import { INDEX_HTML, pageApi, PRELOAD, quit, tempDir, until } from '../support/shell-harness.js';
import { http, postJoin, rpcUrl, within } from '../host/venue-helpers.js';

const LAN = '127.0.0.2';

/** The shell with a venue network on `addresses`, ready, its station window open. */
async function launchWithNetwork(addresses: string[]): Promise<{ fake: FakeElectron; shell: Shell; station: FakeBrowserWindow }> {
  const fake = new FakeElectron({ displays: [LAPTOP] });
  const dataDir = await tempDir('podium-shell-venue-');
  const rendererDir = path.join(await tempDir('podium-renderer-'), 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), INDEX_HTML);
  const shell = startShell(fake.electron, {
    dataDir,
    rendererDir,
    preload: PRELOAD,
    argv: ['/opt/Podium/podium'],
    createService: (dir, network) => createHostServices({ dataDir: dir, station: 'shell-venue-test', clock: false, network }),
    venue: { addresses: () => addresses, port: 0 },
    log: { info: () => undefined, warn: () => undefined },
    platform: 'linux',
  });
  if (!shell) throw new Error('the shell did not start');
  onTestFinished(async () => void (await quit(fake)));
  fake.app.becomeReady();
  await shell.started;
  const station = fake.windows[0] as FakeBrowserWindow;
  await until(() => station.visible, 'the station window to show');
  return { fake, shell, station };
}

const fileItems = (fake: FakeElectron): MenuItemConstructorOptions[] => fake.menuItem('File').submenu as MenuItemConstructorOptions[];

describe('File → Venue Network', () => {
  it('turns the venue network on and off through the station service, shows where devices join, and closes it on quitting', async () => {
    const { fake, shell, station } = await launchWithNetwork([LAN]);
    const item = (): MenuItemConstructorOptions => fake.menuItem('File', 'Venue Network');
    expect(item()).toMatchObject({ type: 'checkbox', checked: false });
    expect(fileItems(fake).some((i) => i.label?.startsWith('Devices join at'))).toBe(false);

    fake.click('File', 'Venue Network');
    await until(() => item().checked === true, 'the menu to show the network on');
    const status = await shell.service.networkStatus({});
    expect(status.on).toBe(true);
    const url = status.urls[0] as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/$/);
    expect(fileItems(fake).find((i) => i.label?.startsWith('Devices join at'))).toEqual({ label: `Devices join at ${url}`, enabled: false });

    // The station page (over IPC, the local station) sees the same network and its codes.
    const page = pageApi(fake, station.webContents);
    const seen = await page.networkStatus();
    expect(seen.urls).toEqual([url]);
    const judgeCode = seen.joinCodes.find((c) => c.role === 'judge')?.code as string;

    // The desktop app serves the renderer and the StationApi to devices on the LAN.
    expect((await http(url)).status).toBe(200);
    const joined = JSON.parse((await postJoin(url, { code: judgeCode, name: 'Judge Ana' })).body) as { token: string };
    const device = new WebSocket(rpcUrl(url, joined.token));
    await within(new Promise((resolve) => device.once('open', resolve)), 'a device to connect to the desktop app');
    const deviceClosed = new Promise<number>((resolve) => device.once('close', (code) => resolve(code)));

    // Off from the menu: the device is disconnected and nothing listens any more.
    fake.click('File', 'Venue Network');
    await until(() => item().checked === false, 'the menu to show the network off');
    expect(await within(deviceClosed, 'the device to be disconnected')).toBe(1001);
    await expect(http(url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(fileItems(fake).some((i) => i.label?.startsWith('Devices join at'))).toBe(false);

    // On again, then quit: quitting closes the network before the app goes.
    fake.click('File', 'Venue Network');
    await until(() => item().checked === true, 'the menu to show the network on again');
    const again = (await shell.service.networkStatus({})).urls[0] as string;
    expect((await http(again)).status).toBe(200);
    expect(await quit(fake)).toBe(true);
    await expect(http(again)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('says in a dialog why the network cannot be turned on', async () => {
    const { fake } = await launchWithNetwork([]);
    fake.click('File', 'Venue Network');
    await until(() => fake.dialog.errors.length === 1, 'the error dialog');
    expect(fake.dialog.errors[0]).toEqual({ title: 'Podium could not turn the venue network on', content: expect.stringMatching(/^this computer is on no network/) });
    expect(fake.menuItem('File', 'Venue Network').checked).toBe(false);
  });
});
