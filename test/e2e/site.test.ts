/**
 * The published site in a real browser ("the static site opens from the folder in
 * Chromium with no server"): the real host services publish an event (hostile names, a round under
 * way with its clock, standings published; then a playoff) into a temp folder, and Chromium opens
 * the written index.html from file:// at 360×640 (a phone) and 1280×800 (a laptop): the pairings by
 * name and by table, the countdown (site.js ran under the page's own Content-Security-Policy), the
 * standings and the bracket are there, nothing is requested but the site's own files, no console
 * error, nothing wider than the phone. Screenshots go to /tmp/site-shots/.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewCommand } from '../../core/event/commands.js';
import { createHostServices } from '../../electron/host/host.js';
import type { StationService } from '../../electron/host/station-service.js';
import { chromiumAvailable, launchChromium, warnIfSkipped } from '../support/e2e.js';

warnIfSkipped('published site');

const SHOTS = '/tmp/site-shots';
const NAMES = [
  'Ana Archer',
  '<script>alert("pwned")</script> Mallory',
  'Cy "Quote" O\'Neil',
  'María de la Cruz',
  'Ludwig van Beethoven',
  'Öz Özdemir',
  'Eitan Levi',
  'Fumiko Sato',
  'Hana Novak',
  'Ivan Petrov',
  'Jae-won Kim',
  'Zed Zimmer',
  'Bo Brandt',
  'Dara Okafor',
];
const PHONE = { width: 360, height: 640 };
const LAPTOP = { width: 1280, height: 800 };

async function run(service: StationService, command: NewCommand): Promise<void> {
  await service.dispatch({ command });
}

async function pairNext(service: StationService): Promise<number> {
  const answer = await service.query({ kind: 'propose-pairing', seed: 7 });
  if (answer.kind !== 'propose-pairing') throw new Error('no proposal');
  const round = (service.current()?.state.rounds.length ?? 0) + 1;
  const p = answer.proposal;
  await run(service, { type: 'pair-round', round, stage: 'swiss', tables: p.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: p.byes, seed: p.seed });
  return round;
}

async function finishRound(service: StationService): Promise<void> {
  const round = service.current()?.state.rounds.at(-1);
  for (const table of round?.tables ?? []) if (!table.result) await run(service, { type: 'record-result', round: round?.number ?? 1, table: table.table, result: { games: [2, 1, 0] } });
}

describe.skipIf(!chromiumAvailable)('the published site, opened from its folder', () => {
  let dir: string;
  let service: StationService;
  let browser: Browser;
  let swissSite: string;
  let playoffSite: string;
  const problems: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-site-e2e-'));
    await mkdir(SHOTS, { recursive: true });
    service = createHostServices({ dataDir: path.join(dir, 'station'), station: 'site-e2e', clock: false });
    await service.createEvent({ name: 'Friday <Night> Magic & "Friends"', ruleset: 'mtr', settings: {}, seed: 5 });
    for (const [i, name] of NAMES.entries()) await run(service, { type: 'register-player', player: { id: `p${i + 1}`, name, note: 'SECRET-NOTE' }, draw: i });
    await pairNext(service);
    await finishRound(service);
    await run(service, { type: 'publish-standings', round: 1 });
    const round = await pairNext(service);
    await run(service, { type: 'start-round-clock', round });
    swissSite = path.join(dir, 'swiss-site');
    await mkdir(swissSite);
    await service.publishSite({ folder: swissSite });

    // The rest of the Swiss rounds, the cut to a top 4 and its first round played: the bracket.
    await finishRound(service);
    await pairNext(service);
    await finishRound(service);
    await run(service, { type: 'publish-standings', round: 3 });
    const cut = await service.query({ kind: 'propose-playoff', top: 4, seed: 3 });
    if (cut.kind !== 'propose-playoff') throw new Error('no cut');
    await run(service, { type: 'start-playoff', top: 4, draft: false, seeds: cut.proposal.seeds });
    await run(service, { type: 'pair-round', round: 4, stage: 'playoff', tables: cut.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: cut.proposal.seed });
    await finishRound(service);
    const final = await service.query({ kind: 'next-playoff-round', seed: 4 });
    if (final.kind !== 'next-playoff-round' || !final.proposal) throw new Error('no final');
    await run(service, { type: 'pair-round', round: 5, stage: 'playoff', tables: final.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: final.proposal.seed });
    playoffSite = path.join(dir, 'playoff-site');
    await mkdir(playoffSite);
    await service.publishSite({ folder: playoffSite });

    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await service?.dispose().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  async function open(folder: string, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const page = await browser.newPage({ viewport, colorScheme });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => requests.push(request.url()));
    page.on('dialog', (dialog) => {
      problems.push(`a dialog opened: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.goto(pathToFileURL(path.join(folder, 'index.html')).href);
    return page;
  }

  const texts = (page: Page, selector: string): Promise<string[]> => page.locator(selector).evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').replace(/\s+/g, ' ').trim()));

  it('shows a phone the pairings by name, by table, the countdown and the standings, from file:// with no server', async () => {
    const page = await open(swissSite, PHONE);
    expect(await page.title()).toBe('Friday <Night> Magic & "Friends" — Round 2');
    expect(await page.locator('h1').textContent()).toBe('Friday <Night> Magic & "Friends"');
    expect(await page.locator('.published').textContent()).toMatch(/^Published at \w{3}, \w{3} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
    // site.js ran (the page's own policy allows its own script and style): the countdown counts.
    await expect.poll(() => page.locator('[data-countdown]').textContent(), { timeout: 5000 }).toMatch(/^\d+:\d{2} left$/);
    expect(await page.locator('.clock-line').textContent()).toMatch(/^Round 2 ends at \d{2}:\d{2}$/);
    // style.css applied: 1.5rem of 17px.
    expect(await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontSize)).toBe('25.5px');

    const names = await texts(page, '#by-name .name');
    expect(names).toHaveLength(NAMES.length);
    expect(names.slice(0, 4)).toEqual(['Archer, Ana', 'Brandt, Bo', 'de la Cruz, María', 'Kim, Jae-won']);
    expect(names.at(-2)).toBe('van Beethoven, Ludwig');
    expect(names).toContain('Mallory, <script>alert("pwned")</script>');
    expect(names).toContain('O\'Neil, Cy "Quote"');
    expect(await page.locator('#by-name .where').first().textContent()).toMatch(/^Table \d+$/);
    expect(await page.locator('#by-table .table-card').count()).toBe(NAMES.length / 2);
    expect(await page.locator('#standings h2').textContent()).toBe('Standings after round 1');
    expect(await page.locator('#standings tbody tr').count()).toBe(NAMES.length);
    // The tiebreakers fold under the name on a phone; nothing is wider than the screen.
    expect(await page.locator('#standings td.tb').first().isVisible()).toBe(false);
    expect(await page.locator('#standings .tb-line').first().isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await page.content()).not.toContain('SECRET-NOTE');

    await page.screenshot({ path: path.join(SHOTS, 'site-360x640-top.png') });
    await page.evaluate(() => document.getElementById('by-table')?.scrollIntoView());
    await page.screenshot({ path: path.join(SHOTS, 'site-360x640-by-table.png') });
    await page.evaluate(() => document.getElementById('standings')?.scrollIntoView());
    await page.screenshot({ path: path.join(SHOTS, 'site-360x640-standings.png') });
    await page.close();

    const dark = await open(swissSite, PHONE, 'dark');
    expect(await dark.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(16, 20, 25)');
    await dark.screenshot({ path: path.join(SHOTS, 'site-360x640-dark.png') });
    await dark.close();
  });

  it('lays a laptop’s screen out in columns, with the playoff bracket once there is one', async () => {
    const page = await open(swissSite, LAPTOP);
    expect(await page.locator('#by-name .name').count()).toBe(NAMES.length);
    expect(await page.locator('#standings td.tb').first().isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(LAPTOP.width);
    await page.screenshot({ path: path.join(SHOTS, 'site-1280x800-top.png') });
    await page.screenshot({ path: path.join(SHOTS, 'site-1280x800-full.png'), fullPage: true });
    await page.close();

    const playoff = await open(playoffSite, LAPTOP);
    expect(await playoff.locator('#by-name h2').textContent()).toBe('Round 5 (playoff) — pairings by name');
    expect(await texts(playoff, '#playoff .bracket-round h3')).toEqual(['Round 4', 'Round 5']);
    expect(await playoff.locator('#playoff .bracket-round').first().locator('.winner').count()).toBe(2);
    expect(await playoff.locator('#standings h2').textContent()).toBe('Standings after round 3');
    await playoff.evaluate(() => document.getElementById('playoff')?.scrollIntoView());
    await playoff.screenshot({ path: path.join(SHOTS, 'site-1280x800-playoff.png') });
    await playoff.close();

    const phone = await open(playoffSite, PHONE);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.evaluate(() => document.getElementById('playoff')?.scrollIntoView());
    await phone.screenshot({ path: path.join(SHOTS, 'site-360x640-playoff.png') });
    await phone.close();
  });

  it('asked for nothing but the site’s own files, and said nothing wrong', () => {
    expect(requests.length).toBeGreaterThan(0);
    for (const url of requests) expect(url).toMatch(/^file:\/\/.*\/(swiss|playoff)-site\/(index\.html|style\.css|site\.js)$/);
    expect(problems).toEqual([]);
  });
});
