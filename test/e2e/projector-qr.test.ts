/**
 * The projector's player-page QR code never covers a pairing (Chromium, a real browser-mode host with
 * the venue network on over a second loopback address): with a board long enough to scroll, at
 * 1920×1080 and at 1366×768, the QR box's bounding box meets neither the board's scrolling window
 * (so no row, now or as the board scrolls) nor any row drawn, nor the clock; and it is whole on the
 * screen. Then the end of the event: the final standings mark a drop and a disqualification as the
 * printed standings do. Screenshots in test/e2e/screenshots/.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewCommand } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { startBrowserMode, type BrowserMode } from '../../electron/web.js';
import { chromiumAvailable, e2eRenderer, eventually, launchChromium, warnIfSkipped } from '../support/e2e.js';

warnIfSkipped('projector QR code');

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const LAN_ADDRESS = '127.0.0.2';
const WAIT = { timeout: 15_000 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const meets = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes the test compares, as the page lays them out now. */
function layout(page: Page): Promise<{ qr: Box; window: Box; viewport: Box; heading: Box; clock: Box; rows: Box[] }> {
  return page.evaluate(() => {
    const box = (el: Element | null): Box => {
      const r = (el as Element).getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const viewport = document.querySelector('.pj-board .pj-viewport');
    const clip = box(viewport);
    // Every row drawn, cut to the scrolling window it shows through (a row scrolled out of it is not seen).
    const rows = [...document.querySelectorAll('.pj-board .pj-entry')]
      .map((row) => box(row))
      .map((r) => {
        const top = Math.max(r.y, clip.y);
        const bottom = Math.min(r.y + r.height, clip.y + clip.height);
        return { x: r.x, y: top, width: r.width, height: bottom - top };
      })
      .filter((r) => r.height > 0);
    return {
      qr: box(document.querySelector('[data-testid="projector-player-page"]')),
      window: { x: 0, y: 0, width: window.innerWidth, height: window.innerHeight },
      viewport: clip,
      heading: box(document.querySelector('.pj-board h2')),
      clock: box(document.querySelector('.pj-clock')),
      rows,
    };
  });
}

describe.skipIf(!chromiumAvailable)('the projector’s QR code and the pairings', () => {
  let dir: string;
  let mode: BrowserMode;
  let browser: Browser;
  let cleanupRenderer: () => Promise<void> = async () => undefined;
  const problems: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-projector-qr-'));
    await mkdir(SHOTS, { recursive: true });
    const renderer = await e2eRenderer();
    cleanupRenderer = renderer.cleanup;
    mode = await startBrowserMode({ port: 0, dataDir: path.join(dir, 'station'), rendererDir: renderer.dir, log: () => undefined, venue: { addresses: () => [LAN_ADDRESS] } });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await mode?.close().catch(() => undefined);
    await cleanupRenderer();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const projector = async (viewport: { width: number; height: number }): Promise<Page> => {
    const page = await browser.newPage({ viewport });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`projector: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`projector: ${error.message}`));
    await page.goto(mode.server.keyedUrl('/projector'));
    return page;
  };

  const pairNext = async (): Promise<EventState> => {
    const before = (await mode.service.snapshot()).state as EventState;
    const proposed = await mode.service.query({ kind: 'propose-pairing', seed: 5 + before.rounds.length });
    if (proposed.kind !== 'propose-pairing') throw new Error('no proposal');
    const p = proposed.proposal;
    await mode.service.dispatch({ command: { type: 'pair-round', round: before.rounds.length + 1, stage: 'swiss', tables: p.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: p.byes, seed: p.seed } });
    return (await mode.service.snapshot()).state as EventState;
  };

  it('stays under the board, clear of every pairing and of the clock, at 1920×1080 and 1366×768', async () => {
    await mode.service.createEvent({ name: 'Regional Championship Qualifier', ruleset: 'mtr', settings: {}, seed: 4 });
    await mode.service.dispatchBatch({
      commands: Array.from({ length: 96 }, (_, i): NewCommand => ({ type: 'register-player', player: { id: `p${i + 1}`, name: `Player ${String(i + 1).padStart(2, '0')} Lindqvist-Øberg` }, draw: i })),
    });
    await pairNext();
    await mode.service.setNetwork({ on: true });

    for (const size of [{ width: 1920, height: 1080 }, { width: 1366, height: 768 }]) {
      const page = await projector(size);
      await page.getByTestId('projector-pairings').waitFor(WAIT);
      await page.getByTestId('projector-player-page').waitFor(WAIT);
      // The board scrolls (96 players do not fit): the rows move under whatever is over them.
      await page.locator('.pj-scroller.scrolling').waitFor(WAIT);
      const boxes = await layout(page);
      const label = `${size.width}×${size.height}`;
      expect(boxes.rows.length, label).toBeGreaterThan(5);
      expect(meets(boxes.qr, boxes.viewport), `${label}: the QR box and the board's scrolling window`).toBe(false);
      expect(boxes.rows.filter((r) => meets(boxes.qr, r)), `${label}: rows under the QR box`).toEqual([]);
      expect(meets(boxes.qr, boxes.heading), label).toBe(false);
      expect(meets(boxes.qr, boxes.clock), label).toBe(false);
      // Whole on the screen, and large enough to scan from a few metres.
      expect(boxes.qr.x >= 0 && boxes.qr.y >= 0 && boxes.qr.x + boxes.qr.width <= boxes.window.width && boxes.qr.y + boxes.qr.height <= boxes.window.height, label).toBe(true);
      const qrSide = await page.getByTestId('projector-player-page').locator('svg').evaluate((svg) => svg.getBoundingClientRect().width);
      expect(qrSide, label).toBeGreaterThanOrEqual(90);
      await page.screenshot({ path: path.join(SHOTS, `projector-qr-${label}.png`) });
      await page.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('the final standings strike a drop through and mark a disqualification, with the round, as printed', async () => {
    await mode.service.createEvent({ name: 'Friday Night Modern', ruleset: 'mtr', settings: { rel: 'competitive' }, seed: 2 });
    const names = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', 'Dara Quinn', 'Eitan Levi', 'Fumiko Sato', 'Mette Sørensen', 'Hana Novák'];
    await mode.service.dispatchBatch({ commands: names.map((name, i): NewCommand => ({ type: 'register-player', player: { id: `q${i + 1}`, name }, draw: i })) });
    for (let r = 1; r <= 3; r++) {
      const state = await pairNext();
      for (const table of state.rounds[r - 1]?.tables ?? []) await mode.service.dispatch({ command: { type: 'record-result', round: r, table: table.table, result: { games: [2, 0, 0] } } });
    }
    let state = (await mode.service.snapshot()).state as EventState;
    const dq = state.rounds[2]?.tables[1]?.seats[1] as string;
    await mode.service.dispatch({ command: { type: 'record-penalty', round: 3, table: 2, player: dq, infraction: 'Cheating', penalty: 'disqualification', judge: 'Ana Head Judge' } });
    const rest = getRuleset('mtr').standings((await mode.service.snapshot()).state as EventState).filter((s) => s.id !== dq);
    const dropped = rest[rest.length - 1]?.id as string;
    await mode.service.dispatch({ command: { type: 'drop-player', id: dropped } });
    const cut = await mode.service.query({ kind: 'propose-playoff', top: 4 });
    if (cut.kind !== 'propose-playoff') throw new Error('no cut');
    await mode.service.dispatch({ command: { type: 'start-playoff', top: 4, draft: false, seeds: cut.proposal.seeds } });
    for (let r = 0; r < 2; r++) {
      state = (await mode.service.snapshot()).state as EventState;
      const next = await mode.service.query({ kind: 'next-playoff-round' });
      if (next.kind !== 'next-playoff-round' || !next.proposal) throw new Error('no playoff round');
      const number = state.rounds.length + 1;
      await mode.service.dispatch({ command: { type: 'pair-round', round: number, stage: 'playoff', tables: next.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: next.proposal.seed } });
      for (const table of next.proposal.tables) await mode.service.dispatch({ command: { type: 'record-result', round: number, table: table.table, result: { games: [2, 0, 0] } } });
    }
    const page = await projector({ width: 1920, height: 1080 });
    const list = page.getByTestId('projector-final-standings');
    await list.waitFor(WAIT);
    const row = (id: string) => list.locator(`li[data-player="${id}"]`);
    await eventually(() => row(dq).locator('.pj-entry-detail').textContent()).toMatch(/^DQ — disqualified in round 3 · \d+ points? · /);
    expect(await row(dq).getAttribute('class')).toContain('pj-dropped');
    expect(await row(dropped).locator('.pj-entry-detail').textContent()).toMatch(/^dropped after round 3 · \d+ points? · /);
    expect(await row(dropped).locator('bdi').first().evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    await page.screenshot({ path: path.join(SHOTS, 'projector-final-standings-marks.png') });
    await page.close();
    expect(problems).toEqual([]);
  }, 120_000);
});
