/**
 * The station and the projector at 1366×768 (UX.md: "usable on a 1366×768 laptop"), measured in a
 * real Chromium against the real host, with the event name and the players' names long enough to
 * break a layout: the top bar on one row (the clock and the primary button unwrapped,
 * nothing overlapping, the event name not cut); no screen scrolls sideways; bracket cards never
 * overlap, whatever the names; the deck-check log fits its column; a toast covers neither the
 * Champion box nor anything of the screen; the projector shows the event's whole title.
 * Screenshots: test/e2e/screenshots/layout-*.png.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewCommand } from '../../core/event/commands.js';
import type { Table } from '../../core/model/types.js';
import { chromiumAvailable, eventually, SHOTS, startE2eHost, warnIfSkipped, type E2eHost } from '../support/e2e.js';

warnIfSkipped('1366×768 layout');

const EVENT = 'Saturday Modern Regional Championship Qualifier at the Grand Convention Hall';
const NAMES = [
  'Maximiliano Alejandro de la Fuente-Villalobos',
  'Bo Berg',
  'Anastasia Konstantinovna Rozhdestvenskaya',
  'Di Dahl',
  'Ed Eze',
  'Christopher Montgomery-Wellington III',
  'Gus Gray',
  'Hal Hu',
  'Ida Ito',
  'Jo Jung',
  'Kai Kim',
  'Lu Lam',
];

type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

async function boxes(locator: Locator): Promise<Box[]> {
  const out: Box[] = [];
  for (const item of await locator.all()) {
    const box = await item.boundingBox();
    if (box) out.push(box);
  }
  return out;
}

function expectApart(items: readonly Box[], what: string): void {
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) expect(overlap(items[i] as Box, items[j] as Box), `${what}: ${i} and ${j} overlap`).toBe(false);
}

/** Lines of text an element's own text takes (1 = unwrapped). */
function lines(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return tops.size;
  });
}

/** Is the element's content all shown (nothing cut off sideways or below)? */
function notClipped(locator: Locator): Promise<{ width: boolean; height: boolean }> {
  return locator.evaluate((el) => ({ width: el.scrollWidth <= el.clientWidth + 1, height: el.scrollHeight <= el.clientHeight + 1 }));
}

function noSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

async function topBarFits(page: Page, where: string): Promise<void> {
  const bar = page.locator('header.topbar');
  expectApart(await boxes(bar.locator(':scope > *')), `${where}: the top bar's parts`);
  expect(await lines(page.getByTestId('primary-action')), `${where}: the primary button`).toBe(1);
  if (await page.getByTestId('station-clock').count()) expect(await lines(page.getByTestId('station-clock')), `${where}: the clock`).toBe(1);
  expect(await notClipped(page.getByTestId('event-title')), `${where}: the event name`).toEqual({ width: true, height: true });
  expect(await noSidewaysScroll(page), `${where}: the page scrolls sideways`).toBe(true);
}

describe.skipIf(!chromiumAvailable)('the station and the projector at 1366×768', () => {
  let host: E2eHost;

  beforeAll(async () => {
    host = await startE2eHost('layout-1366');
  }, 120_000);

  afterAll(async () => {
    await host?.close();
  });

  const run = (command: NewCommand) => host.mode.service.dispatch({ command });

  async function seatOneWinsAll(): Promise<void> {
    const state = (await host.mode.service.snapshot()).state!;
    const round = state.rounds.at(-1)!;
    for (const t of round.tables as Table[]) if (!t.result) await run({ type: 'record-result', round: round.number, table: t.table, result: { games: [2, 0, 0] } });
  }

  it('keeps every part in view and apart, with long names, through a playoff', async () => {
    const service = host.mode.service;
    await service.createEvent({ name: EVENT, ruleset: 'mtr', settings: { rel: 'competitive' }, seed: 7 });
    for (const [i, name] of NAMES.entries()) await run({ type: 'register-player', player: { id: `p${String(i + 1).padStart(2, '0')}`, name }, draw: i + 1 });
    for (let r = 1; r <= 3; r++) {
      const answer = await service.query({ kind: 'propose-pairing', seed: 10 + r });
      if (answer.kind !== 'propose-pairing') throw new Error('no proposal');
      const p = answer.proposal;
      await run({ type: 'pair-round', round: r, stage: 'swiss', tables: p.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: p.byes, seed: p.seed });
      await seatOneWinsAll();
    }
    const cut = await service.query({ kind: 'propose-playoff', top: 8, seed: 3 });
    if (cut.kind !== 'propose-playoff') throw new Error('no cut');
    await run({ type: 'start-playoff', top: 8, draft: false, seeds: [...cut.proposal.seeds] });
    await run({ type: 'pair-round', round: 4, stage: 'playoff', tables: cut.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: 3 });

    const page = await host.open('/');
    await page.getByText('Connected').waitFor();
    const tab = (name: string) => page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name, exact: true }).click();

    // The round not started: the bar's clock says so in words, beside "Start round 4 clock".
    await eventually(() => page.getByTestId('primary-action').textContent()).toBe('Start round 4 clock');
    await topBarFits(page, 'before the clock');
    await page.screenshot({ path: `${SHOTS}/layout-01-bar-not-started.png` });

    // The clock started from the bar; two deck checks under way: the log fits its column.
    await page.getByTestId('primary-action').click();
    await page.getByTestId('station-clock').waitFor();
    await run({ type: 'start-deck-check', round: 4, table: 1, judge: 'Kim Lee-Anderson' });
    await run({ type: 'start-deck-check', round: 4, table: 3, judge: 'Jo' });
    await run({ type: 'end-deck-check', round: 4, table: 3, outcome: 'no problems found; sleeves replaced on request' });
    const log = page.getByTestId('deck-check-log');
    await eventually(() => log.locator('tbody tr').count()).toBe(2);
    await topBarFits(page, 'the Clock screen');
    expect(await log.evaluate((table) => table.scrollWidth <= (table.parentElement as HTMLElement).clientWidth + 1), 'the deck-check log scrolls sideways').toBe(true);
    expect(await log.evaluate((table) => table.getBoundingClientRect().right <= (table.closest('.card') as HTMLElement).getBoundingClientRect().right)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/layout-02-clock.png`, fullPage: true });

    // The bracket with the long names: every card apart, nothing of a card cut off.
    await tab('Playoffs');
    const bracket = page.getByTestId('bracket');
    await bracket.waitFor();
    const cards = bracket.locator('.bracket-match');
    expect(await cards.count()).toBe(8); // 4 quarterfinals, 2 semifinals, the final, the champion
    expectApart(await boxes(cards), 'bracket cards');
    for (const card of await cards.all()) expect(await notClipped(card)).toEqual({ width: true, height: true });
    await topBarFits(page, 'the Playoffs screen');
    await page.screenshot({ path: `${SHOTS}/layout-03-bracket.png`, fullPage: true });

    // The playoff to its end; the Undo toast of the last result beside the tabs, not over the Champion.
    for (let round = 5; round <= 6; round++) {
      await seatOneWinsAll();
      const next = await service.query({ kind: 'next-playoff-round', seed: 4 });
      if (next.kind !== 'next-playoff-round' || !next.proposal) throw new Error('no next round');
      await run({ type: 'pair-round', round, stage: 'playoff', tables: next.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: next.proposal.byes, seed: 4 });
    }
    await tab('Results');
    const box = page.getByTestId('table-box');
    await eventually(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await eventually(() => page.evaluate(() => document.activeElement?.hasAttribute('data-result-field') ?? false)).toBe(true);
    await page.keyboard.type('2-1');
    await page.keyboard.press('Enter');
    const toast = page.getByRole('status').filter({ hasText: 'table 1' });
    await toast.waitFor();
    await tab('Playoffs');
    const champion = page.getByTestId('champion');
    await champion.scrollIntoViewIfNeeded();
    await eventually(() => champion.textContent()).toBe(NAMES[0]);
    await toast.waitFor();
    const toastBox = (await toast.boundingBox()) as Box;
    expect(overlap(toastBox, (await champion.boundingBox()) as Box), 'the toast covers the Champion box').toBe(false);
    // Nothing of the screen is under it: it sits in the tab row, above the screen's content.
    const main = (await page.locator('main.screen').boundingBox()) as Box;
    const head = (await page.locator('.station-head').boundingBox()) as Box;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(head.y + head.height + 0.5);
    expect(overlap(toastBox, { ...main, y: head.y + head.height, height: 768 })).toBe(false);
    expectApart(await boxes(page.locator('.tab-row > *')), 'the tabs and the toast');
    await page.screenshot({ path: `${SHOTS}/layout-04-champion-toast.png` });

    // The projector: the whole title, beside the round, nothing cut.
    const projector = await host.open('/projector');
    const title = projector.getByTestId('projector-title');
    await title.waitFor();
    await eventually(() => title.textContent()).toBe(EVENT);
    expect(await notClipped(title)).toEqual({ width: true, height: true });
    expectApart(await boxes(projector.locator('.pj-head > *')), 'the projector head');
    expect(await noSidewaysScroll(projector)).toBe(true);
    await projector.screenshot({ path: `${SHOTS}/layout-05-projector.png` });

    expect(host.problems).toEqual([]);
  });
});
