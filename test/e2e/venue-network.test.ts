/**
 * The venue network in a real browser against a real browser-mode host whose LAN
 * side listens on a second loopback address (127.0.0.2) — as a device on the venue's Wi-Fi would
 * reach it:
 *
 * - the head-judge station turns the network on from its Venue network panel, which shows the
 *   address and a join code per role (text and QR code); the header keeps saying it is on;
 * - a phone (360×640, touch) opens a join code's address, gives its name, joins, keeps the token
 *   and becomes that device; the station lists it;
 * - a second station (Desk 2) registers a player: the station's event log shows "Desk 2 (second
 *   station)" beside it;
 * - with the network turned off the devices say they are offline, and nothing they type is saved;
 *   back on, they reconnect by themselves;
 * - a device the scorekeeper revokes is told so at once, and offered the join page.
 *
 * Screenshots (test/e2e/screenshots/): the panel, light and dark; the join page at 360 px, light
 * and dark; the removed device; a device offline.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceRole } from '../../core/api/roles.js';
import { startBrowserMode, type BrowserMode } from '../../electron/web.js';
import { chromiumAvailable, e2eRenderer, eventually, launchChromium, SHOTS, warnIfSkipped } from '../support/e2e.js';

warnIfSkipped('venue network');

/** A second loopback address: the LAN side of the host, as devices reach it. */
const LAN_ADDRESS = '127.0.0.2';
const PHONE = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const OFFLINE = 'Offline — what you enter waits to send, and is saved once the connection is back';
const REMOVED = 'This device was removed by the scorekeeper — scan a join code again';

describe.skipIf(!chromiumAvailable)('the venue network, in the browser', () => {
  let dir: string;
  let cleanupRenderer: () => Promise<void> = async () => undefined;
  let mode: BrowserMode;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-venue-'));
    await mkdir(SHOTS, { recursive: true });
    const renderer = await e2eRenderer();
    cleanupRenderer = renderer.cleanup;
    mode = await startBrowserMode({ port: 0, dataDir: path.join(dir, 'station'), rendererDir: renderer.dir, log: () => undefined, venue: { addresses: () => [LAN_ADDRESS] } });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await mode?.close();
    await cleanupRenderer();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A page of its own browser (its own localStorage), watched for problems; `expected` console lines are a device losing its host on purpose. */
  const open = async (url: string, options: Parameters<Browser['newContext']>[0] = { viewport: { width: 1366, height: 768 } }, expected?: RegExp): Promise<Page> => {
    const context = await browser.newContext(options);
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (message) => {
      if ((message.type() === 'error' || message.type() === 'warning') && !(expected && expected.test(message.text()))) problems.push(`${url}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${url}: ${error.message}`));
    await page.goto(url);
    return page;
  };

  const codeFor = (role: DeviceRole): { code: string; url: string } => {
    const found = mode.network.status().joinCodes.find((c) => c.role === role);
    if (!found) throw new Error(`no join code for ${role}`);
    return found;
  };

  /** Join on a fresh device at `url` (a join code's address) under `name`; the page is then that device. */
  const join = async (url: string, name: string, options: Parameters<Browser['newContext']>[0], expected?: RegExp): Promise<Page> => {
    const page = await open(url, options, expected);
    await page.getByLabel('This device’s name').fill(name);
    if (options?.hasTouch) await page.getByRole('button', { name: 'Join' }).tap();
    else await page.getByRole('button', { name: 'Join' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    return page;
  };

  it('turns the network on from the station, joins a phone and a second desk, names the desk in the log, says offline, and tells a revoked phone', async () => {
    const service = mode.service;
    await service.createEvent({ name: 'Saturday Open', ruleset: 'mtr', settings: {}, seed: 3 });
    await service.dispatch({ command: { type: 'register-player', player: { id: 'p1', name: 'Ana Archer' }, draw: 1 } });

    // --- The head-judge station turns the network on.
    const station = await open(mode.server.keyedUrl('/'));
    const button = station.getByTestId('network-button');
    await eventually(() => button.textContent()).toBe('Venue network');
    await button.click();
    const panel = station.getByTestId('network-panel');
    const toggle = panel.getByRole('switch', { name: 'Venue network' });
    await eventually(() => toggle.isEnabled()).toBe(true);
    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-checked')).toBe('true');
    const lanUrl = `http://${LAN_ADDRESS}:${mode.server.port}/`;
    await eventually(() => panel.getByTestId('network-url').locator('code').textContent()).toBe(lanUrl);
    for (const role of ['station', 'judge', 'display'] as const) {
      const { code, url } = codeFor(role);
      expect(url).toBe(`${lanUrl}join?code=${code}`);
      expect(await panel.getByTestId(`join-code-${role}`).getByTestId('join-code').textContent()).toBe(code);
      expect(await panel.getByTestId(`join-code-${role}`).getByRole('img').getAttribute('aria-label')).toContain(url);
    }
    await eventually(() => button.textContent()).toBe('Venue network on · 0 devices');
    await station.screenshot({ path: path.join(SHOTS, 'venue-network-panel-1366x768.png') });
    await station.emulateMedia({ colorScheme: 'dark' });
    await station.screenshot({ path: path.join(SHOTS, 'venue-network-panel-1366x768-dark.png') });
    await station.emulateMedia({ colorScheme: 'light' });

    // --- A judge's phone scans the judge code: the join page, light and dark, at 360 px.
    const judgeCode = codeFor('judge');
    // (Its wrong code below is answered 403, which the browser notes in its console.)
    const joinShots = await open(judgeCode.url, PHONE, /status of 403/);
    await joinShots.getByLabel('This device’s name').waitFor();
    expect(await joinShots.getByTestId('join-code-given').textContent()).toBe(judgeCode.code);
    await joinShots.screenshot({ path: path.join(SHOTS, 'venue-join-360x640.png') });
    await joinShots.emulateMedia({ colorScheme: 'dark' });
    await joinShots.screenshot({ path: path.join(SHOTS, 'venue-join-360x640-dark.png') });
    // A wrong code is refused in words (and the page stays the join page).
    await joinShots.goto(`${lanUrl}join?code=AAAA-AAAA`);
    await joinShots.getByLabel('This device’s name').fill('Judge Bo');
    await joinShots.getByRole('button', { name: 'Join' }).tap();
    await eventually(() => joinShots.getByTestId('join-problem').textContent()).toMatch(/join code is not right/);
    await joinShots.screenshot({ path: path.join(SHOTS, 'venue-join-360x640-dark-wrong-code.png') });
    expect(await joinShots.evaluate(() => localStorage.getItem('podium-device-token'))).toBeNull();

    // The phone that joins for real (the 404 of its first icon request is the browser's, not ours).
    const phone = await join(judgeCode.url, 'Judge Ana', PHONE, /WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/);
    expect(await phone.evaluate(() => localStorage.getItem('podium-device-token'))).toMatch(/.{16,}/);
    expect(JSON.parse((await phone.evaluate(() => localStorage.getItem('podium-device'))) ?? 'null')).toMatchObject({ name: 'Judge Ana', role: 'judge' });
    // The station lists it, connected.
    const ana = panel.getByTestId('network-devices').locator('tbody tr', { hasText: 'Judge Ana' });
    await eventually(() => ana.textContent()).toMatch(/^Judge Anajudge\s*Connected/);
    await eventually(() => button.textContent()).toBe('Venue network on · 1 device');

    // --- A second desk joins with the station code and registers a player.
    const desk = await join(codeFor('station').url, 'Desk 2', { viewport: { width: 1366, height: 768 } }, /WebSocket|ERR_CONNECTION_REFUSED/);
    await eventually(() => desk.getByTestId('device-badge').textContent()).toBe('\u2068Desk 2\u2069 (second station)');
    expect(await desk.getByTestId('network-button').count()).toBe(0);
    expect(await desk.getByTestId('close-event').count()).toBe(0);
    await desk.getByTestId('register-name').fill('Bo Berg');
    await desk.getByTestId('register').click();
    await eventually(async () => (await service.snapshot()).state?.players.map((p) => p.name)).toEqual(['Ana Archer', 'Bo Berg']);
    await eventually(() => button.textContent()).toBe('Venue network on · 2 devices');

    await panel.getByTestId('network-devices').scrollIntoViewIfNeeded();
    await station.screenshot({ path: path.join(SHOTS, 'venue-network-panel-devices-1366x768.png') });

    // The station's event log: who did what.
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
    await station.keyboard.press('Alt+7');
    const logRow = station.getByTestId('log-scroll').getByRole('listitem').filter({ hasText: /Bo Berg\W* registered/ });
    await eventually(() => logRow.getByTestId('log-who').textContent()).toBe('Desk 2 (second station)');
    const ownRow = station.getByTestId('log-scroll').getByRole('listitem').filter({ hasText: /Ana Archer\W* registered/ });
    expect(await ownRow.getByTestId('log-who').textContent()).not.toMatch(/\(/);
    await station.screenshot({ path: path.join(SHOTS, 'venue-log-who-1366x768.png') });

    // --- The network off: the devices say they are offline; back on, they reconnect by themselves.
    await station.keyboard.press('Alt+N');
    await toggle.click();
    await station.getByTestId('confirm-dialog').getByTestId('confirm').click();
    await eventually(() => toggle.getAttribute('aria-checked')).toBe('false');
    await eventually(() => desk.getByTestId('offline-banner').textContent()).toBe(OFFLINE);
    await eventually(() => phone.getByText(OFFLINE).count()).toBe(1);
    await desk.screenshot({ path: path.join(SHOTS, 'venue-desk-offline-1366x768.png') });
    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-checked')).toBe('true');
    await eventually(() => desk.getByTestId('offline-banner').count()).toBe(0);
    await eventually(() => ana.textContent()).toMatch(/Connected/);

    // --- Revoked: the phone is told at once, and offered the join page.
    await ana.getByRole('button', { name: 'Revoke Judge Ana (judge)' }).click();
    await station.getByTestId('confirm-dialog').getByTestId('confirm').click();
    await eventually(() => phone.getByTestId('device-removed').getByRole('heading').textContent()).toBe(REMOVED);
    expect(await phone.getByRole('link', { name: 'Join again' }).getAttribute('href')).toBe('/join');
    await phone.screenshot({ path: path.join(SHOTS, 'venue-device-removed-360x640.png') });
    await eventually(() => panel.getByTestId('network-devices').locator('tbody tr', { hasText: 'Judge Ana' }).count()).toBe(0);
    // A reload does not let it back in.
    await phone.reload();
    await eventually(() => phone.getByTestId('device-removed').count()).toBe(1);
    // "Join again": the join page, asking for the code this time.
    await phone.getByRole('link', { name: 'Join again' }).tap();
    await phone.waitForURL((u) => u.pathname === '/join');
    await phone.getByLabel('Join code').waitFor();
    expect(await phone.getByLabel('This device’s name').inputValue()).toBe('Judge Ana');
    await phone.screenshot({ path: path.join(SHOTS, 'venue-join-again-360x640.png') });

    expect(problems).toEqual([]);
  });
});
