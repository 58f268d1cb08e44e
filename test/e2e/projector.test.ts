/**
 * The projector and the station in a real browser (Chromium or Chrome, as test/support/e2e-paths.ts
 * finds it) against a real browser-mode host: both draw the clock the host pushes, so they show the same remaining time; a deck check
 * logged on the station extends that table on both; a host restarted mid-round (same data folder,
 * same port) comes back with the clock intact and both pages reconnect to it.
 *
 * The host's time is frozen and moved by the test (startBrowserMode's `now`), so "the same time" is
 * exact, not "within a second". Screenshots go to test/e2e/screenshots/.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserMode, type BrowserMode } from '../../electron/web.js';
import { chromiumAvailable, e2eRenderer, launchChromium, warnIfSkipped } from '../support/e2e.js';

warnIfSkipped('projector');

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const T0 = new Date(2026, 10, 21, 14, 0, 0).getTime();
const M = 60_000;
const NAMES = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'María de la Cruz', 'Hana Novak', 'Ivan Petrov', 'Jae-won Kim'];

describe.skipIf(!chromiumAvailable)('the projector and the station show the same clock', () => {
  let dir: string;
  let rendererDir: string;
  let cleanupRenderer: () => Promise<void> = async () => undefined;
  let dataDir: string;
  let mode: BrowserMode;
  let browser: Browser;
  let time = T0;
  const problems: string[] = [];

  const startHost = (port: number, key?: string): Promise<BrowserMode> =>
    startBrowserMode({ port, dataDir, rendererDir, log: () => undefined, now: () => new Date(time), ...(key ? { key } : {}) });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-projector-'));
    dataDir = path.join(dir, 'station');
    await mkdir(SHOTS, { recursive: true });
    const renderer = await e2eRenderer();
    rendererDir = renderer.dir;
    cleanupRenderer = renderer.cleanup;
    mode = await startHost(0);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await mode?.close();
    await cleanupRenderer();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const open = async (urlPath: string, viewport: { width: number; height: number }): Promise<Page> => {
    const page = await browser.newPage({ viewport });
    page.on('console', (message) => {
      // A page whose host restarts says so while it reconnects; anything else is a problem.
      if ((message.type() === 'error' || message.type() === 'warning') && !/WebSocket|ERR_CONNECTION_REFUSED/.test(message.text()))
        problems.push(`${urlPath}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${urlPath}: ${error.message}`));
    await page.goto(mode.server.keyedUrl(urlPath));
    return page;
  };

  /** Move the host's time; both pages show it at the next tick (at most a second later). */
  const at = (ms: number): void => {
    time = ms;
  };

  it('keeps station and projector on the same second, with the deck-check extension on both, across a host restart', async () => {
    const service = mode.service;
    const created = await service.createEvent({ name: 'Saturday Open', ruleset: 'mtr', settings: { rel: 'competitive' }, seed: 2 });
    const file = created.summary?.path as string;
    for (const [i, name] of NAMES.entries()) await service.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i } });
    const proposal = await service.query({ kind: 'propose-pairing', seed: 9 });
    if (proposal.kind !== 'propose-pairing') throw new Error('wrong answer kind');
    await service.dispatch({
      command: { type: 'pair-round', round: 1, stage: 'swiss', tables: proposal.proposal.tables.map((t) => ({ table: t.table, seats: t.seats })), byes: proposal.proposal.byes, seed: 9 },
    });

    const station = await open('/', { width: 1366, height: 768 });
    const projector = await open('/projector', { width: 1920, height: 1080 });
    await station.getByText('Connected').waitFor();
    await station.getByRole('button', { name: 'Clock', exact: true }).click();
    await station.getByTestId('clock-screen').waitFor();
    await projector.getByRole('heading', { name: 'Saturday Open' }).waitFor();

    // The clock starts through the API (another station, a menu): both windows hear it.
    await service.dispatch({ command: { type: 'start-round-clock', round: 1, at: 0 } });
    const stationTime = station.getByTestId('clock-time');
    const projectorTime = projector.getByTestId('projector-time');
    await expect.poll(() => projectorTime.textContent()).toBe('50:00');
    await expect.poll(() => stationTime.textContent()).toBe('50:00');

    at(T0 + 12 * M + 34_200);
    await expect.poll(() => projectorTime.textContent(), { timeout: 5000 }).toBe('37:26');
    await expect.poll(() => stationTime.textContent(), { timeout: 5000 }).toBe('37:26');
    expect(await station.getByTestId('station-clock').textContent()).toBe('37:26');

    // A deck check at table 2, logged on the station: started, seven minutes, ended.
    at(T0 + 20 * M);
    await expect.poll(() => projectorTime.textContent(), { timeout: 5000 }).toBe('30:00');
    await station.getByTestId('ext-table').fill('2');
    await station.getByTestId('ext-judge').fill('Dana Scully');
    await station.getByTestId('ext-submit').click();
    await station.getByTestId('checks-open').waitFor();
    await expect.poll(() => projector.getByTestId('projector-table-2').textContent(), { timeout: 5000 }).toContain('deck check');

    at(T0 + 27 * M);
    await expect.poll(() => stationTime.textContent(), { timeout: 5000 }).toBe('23:00');
    await station.getByRole('textbox', { name: 'Outcome of the deck check at table 2' }).fill('no problems found');
    await station.getByTestId('end-check-2').click();
    await station.getByTestId('checks-open').waitFor({ state: 'detached' });

    // Both show table 2 with 10 more minutes than the round: 7 for the check + 3 (MTR 2.6).
    const stationRow = station.getByTestId('clock-table-2');
    const projectorRow = projector.getByTestId('projector-table-2');
    await expect.poll(() => stationRow.textContent()).toContain('+10 min (check 7 min + 3)');
    await expect.poll(() => projectorRow.textContent()).toContain('+10 min');
    expect(await stationRow.textContent()).toContain('33:00');
    expect(await projectorRow.textContent()).toContain('33:00');
    expect(await projectorTime.textContent()).toBe(await stationTime.textContent());

    at(T0 + 42 * M + 5_000);
    await expect.poll(() => projectorTime.textContent(), { timeout: 5000 }).toBe('7:55');
    await expect.poll(() => stationTime.textContent(), { timeout: 5000 }).toBe('7:55');
    expect(await projector.getByTestId('projector-pairings').textContent()).toContain('Archer, Ana');
    expect(await projector.locator('.pj-clock').getAttribute('class')).toContain('phase-ten-minutes');
    await projector.screenshot({ path: path.join(SHOTS, 'projector-1920x1080.png') });
    await station.screenshot({ path: path.join(SHOTS, 'clock-1366x768.png') });
    await station.emulateMedia({ colorScheme: 'dark' });
    await station.screenshot({ path: path.join(SHOTS, 'clock-1366x768-dark.png') });
    await station.emulateMedia({ colorScheme: 'light' });

    // The host stops mid-round and comes back on the same folder and port; the pages reconnect.
    // (Same key too: a new launch would have a new one, and the pages would ask for the new address.)
    const { port, key } = mode.server;
    await mode.close();
    at(T0 + 45 * M);
    mode = await startHost(port, key);
    await mode.service.openEvent({ path: file });
    await expect.poll(() => projectorTime.textContent(), { timeout: 15_000 }).toBe('5:00');
    await expect.poll(() => stationTime.textContent(), { timeout: 15_000 }).toBe('5:00');
    await expect.poll(() => projectorRow.textContent()).toContain('15:00');
    expect(await projector.locator('.pj-clock').getAttribute('class')).toContain('phase-five-minutes');

    at(T0 + 50 * M);
    await expect.poll(() => projector.getByTestId('projector-time').textContent(), { timeout: 5000 }).toBe('TIME');
    await expect.poll(() => projector.getByTestId('projector-state').textContent()).toBe('EXTRA TURNS');
    expect(await station.getByTestId('station-clock').textContent()).toBe('TIME — EXTRA TURNS');
    await projector.screenshot({ path: path.join(SHOTS, 'projector-1920x1080-time.png') });

    expect(problems).toEqual([]);
  }, 120_000);
});
