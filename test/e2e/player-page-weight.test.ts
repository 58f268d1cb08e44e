/**
 * The player page is light (ARCHITECTURE.md's budget: its first screen under 80 KB transferred): a
 * new phone (Chromium at 360×640 with touch, an empty cache) opens `/p` on a real browser-mode host
 * with a 64-player event in round 1, and Chromium's own network log (test/support/first-screen.ts)
 * counts the bytes on the wire until "Find me" is drawn: the page's files and the published view.
 * Counting bytes is not timing: the time at 256 kbit/s is `npm run bench`'s (test/bench/player-page.ts).
 *
 * Also: the files come compressed and content-hashed files are kept for good, so the same phone
 * opening the page again fetches nothing but a 304 for the page itself; the page loads none of the
 * station's screens, and the rule sets' code only once its player may report.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishCommand, type NewCommand } from '../../core/event/commands.js';
import { IMMUTABLE } from '../../electron/host/static-cache.js';
import { startBrowserMode, type BrowserMode } from '../../electron/web.js';
import { chromiumAvailable, e2eRenderer, launchChromium, warnIfSkipped } from '../support/e2e.js';
import { measureFirstScreen, networkLog } from '../support/first-screen.js';
import { PHONE, WAIT } from './player-real-host-helpers.js';

warnIfSkipped('player page weight');

/** ARCHITECTURE.md: the player page's first screen, under 80 KB transferred. */
const BUDGET_BYTES = 80_000;
const PLAYERS = 64;

describe.skipIf(!chromiumAvailable)('the player page’s weight on a phone', () => {
  let dir: string;
  let mode: BrowserMode;
  let browser: Browser;
  let base: string;
  let cleanupRenderer: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-player-weight-'));
    const renderer = await e2eRenderer();
    cleanupRenderer = renderer.cleanup;
    mode = await startBrowserMode({ port: 0, dataDir: path.join(dir, 'station'), rendererDir: renderer.dir, log: () => undefined });
    base = `http://127.0.0.1:${mode.server.port}`;
    const service = mode.service;
    await service.createEvent({ name: 'Saturday Modern Open', ruleset: 'mtr', settings: {}, seed: 11 });
    await service.dispatchBatch({
      commands: Array.from({ length: PLAYERS }, (_, i): NewCommand => ({ type: 'register-player', player: { id: `p${i + 1}`, name: `Player Number${i + 1} Sørensen` }, draw: i })),
    });
    const proposed = await service.query({ kind: 'propose-pairing', seed: 11 });
    if (proposed.kind !== 'propose-pairing') throw new Error('no proposal');
    await service.dispatch({ command: publishCommand(1, 'swiss', proposed.proposal) });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await mode?.close().catch(() => undefined);
    await cleanupRenderer();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(`a new phone draws “Find me” with under ${BUDGET_BYTES / 1000} KB of files, compressed and cached for good; opened again it fetches only a 304`, async () => {
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      const cdp = await networkLog(page);
      const first = await measureFirstScreen(page, cdp, `${base}/p`);
      const files = first.fetched.map((f) => ({ ...f, path: new URL(f.url).pathname }));
      console.log(
        `player page, first screen (new phone): ${first.httpBytes} bytes of files (${files.map((f) => `${f.path} ${f.bytes}`).join(', ')}); the published view of ${PLAYERS} players: ${first.socketBytesIn} bytes`,
      );
      expect(first.httpBytes).toBeGreaterThan(0);
      expect(first.httpBytes).toBeLessThan(BUDGET_BYTES);
      // The published view comes compressed (7 KB as text for 64 players): files and view together within the budget.
      expect(first.socketBytesIn).toBeLessThan(2_500);
      expect(first.httpBytes + first.socketBytesIn).toBeLessThan(BUDGET_BYTES);
      expect(files.every((f) => f.status === 200 && !f.fromCache)).toBe(true);
      // The page, its script and style, compressed; the hashed files kept for a year, the page asked again.
      const page_ = files.find((f) => f.path === '/p');
      expect(page_).toMatchObject({ encoding: 'br', cacheControl: 'no-cache' });
      const assets = files.filter((f) => f.path.startsWith('/assets/'));
      expect(assets.map((f) => path.extname(f.path)).sort()).toEqual(expect.arrayContaining(['.css', '.js']));
      for (const asset of assets) expect(asset, asset.path).toMatchObject({ encoding: 'br', cacheControl: IMMUTABLE });
      // Its own small bundle: none of the station's screens, and no rule set's code for "Find me".
      expect(files.filter((f) => /\/assets\/(index|rulesets|flows)-/.test(f.path))).toEqual([]);

      // The same phone opens the page again (the next round): only the page is asked for, and it has not changed.
      const again = await measureFirstScreen(page, cdp, `${base}/p`);
      const fetchedAgain = again.fetched.map((f) => ({ path: new URL(f.url).pathname, status: f.status, bytes: f.bytes, fromCache: f.fromCache }));
      console.log(`player page, opened again: ${again.httpBytes} bytes (${fetchedAgain.map((f) => `${f.path} ${f.status}${f.fromCache ? ' cached' : ''}`).join(', ')})`);
      expect(fetchedAgain.find((f) => f.path === '/p')).toMatchObject({ status: 304 });
      expect(fetchedAgain.filter((f) => f.path.startsWith('/assets/') && !f.fromCache)).toEqual([]);
      expect(again.httpBytes).toBeLessThan(2_000);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('loads the rule set’s code once the player may report, and the result form works', async () => {
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(`${base}/p`);
      const search = page.getByLabel('Type a few letters of your family or given name');
      await search.waitFor(WAIT);
      expect(fetched.filter((f) => /\/assets\/(rulesets|flows)-/.test(f))).toEqual([]);
      await search.tap();
      await search.pressSequentially('sorensen number12 ');
      await page.getByRole('list', { name: 'Matches' }).getByRole('button', { name: /^Player Number12 Sørensen/ }).tap();
      await page.getByTestId('table-number').waitFor(WAIT);
      await page.getByRole('button', { name: 'Report the result' }).tap();
      await page.getByLabel(/Type the code printed on your match slip/).waitFor(WAIT);
      expect(fetched.filter((f) => /\/assets\/flows-/.test(f))).toHaveLength(1);
    } finally {
      await context.close();
    }
  }, 120_000);
});
