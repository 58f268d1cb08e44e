/**
 * A penalty from the judge's phone and from the station's Clock screen, in a real browser (Chromium
 * or Chrome, as test/support/e2e-paths.ts finds it) against a real browser-mode host.
 * The station (1366 × 768) records a game loss on the Clock screen from the keyboard for a table
 * that has no time of its own; the phone (360 × 640, touch) joins with the judge code on the host's
 * LAN side, as judge.test.ts does, and records a warning, then a disqualification (a second,
 * confirming tap), all by taps. The station's state and its Event log have them, naming the judge
 * device. The phone's panel is checked for no horizontal scrolling and touch targets of at least
 * 48 px, and screenshotted light and dark into test/e2e/screenshots/ (judge-penalty-*.png), with
 * the station's form (clock-penalty-*.png).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewCommand } from '../../core/event/commands.js';
import { startBrowserMode, type BrowserMode } from '../../electron/web.js';
import { chromiumAvailable, e2eRenderer, launchChromium, SHOTS, warnIfSkipped } from '../support/e2e.js';

warnIfSkipped('judge-penalty');

/** A second loopback address: the LAN side of the host, as a phone on the venue's Wi-Fi reaches it. */
const LAN_ADDRESS = '127.0.0.2';
const T0 = new Date(2026, 10, 21, 14, 0, 0).getTime();
const M = 60_000;
const PHONE = { width: 360, height: 640 };
const NAMES = [
  'Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'María de la Cruz', 'Hana Novak',
  'Ivan Petrov', 'Jae-won Kim', 'Kwame Mensah-Bonsu', 'Lucía Fernández García', 'Mo Moss', 'Nia Nunes', 'Oli Ortiz', 'Pia Park',
];

describe.skipIf(!chromiumAvailable)('penalties from the judge’s phone and the Clock screen', () => {
  let dir: string;
  let rendererDir: string;
  let cleanupRenderer: () => Promise<void> = async () => undefined;
  let mode: BrowserMode;
  let browser: Browser;
  let phoneContext: BrowserContext;
  let phone: Page;
  let station: Page;
  let time = T0;
  const problems: string[] = [];

  const run = async (command: NewCommand): Promise<void> => {
    await mode.service.dispatch({ command });
  };

  const watch = (page: Page, who: string): void => {
    page.on('console', (message) => {
      // The browser's first icon request is answered 404 on the join page; anything else is a problem.
      if ((message.type() === 'error' || message.type() === 'warning') && !/Failed to load resource/.test(message.text())) problems.push(`${who}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${who}: ${error.message}`));
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-judge-penalty-e2e-'));
    await mkdir(SHOTS, { recursive: true });
    const renderer = await e2eRenderer();
    rendererDir = renderer.dir;
    cleanupRenderer = renderer.cleanup;
    mode = await startBrowserMode({ port: 0, dataDir: path.join(dir, 'station'), rendererDir, log: () => undefined, now: () => new Date(time), venue: { addresses: () => [LAN_ADDRESS] } });
    browser = await launchChromium();
    phoneContext = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
    phone = await phoneContext.newPage();
    watch(phone, 'phone');
    station = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    watch(station, 'station');
  }, 120_000);

  afterAll(async () => {
    await phoneContext?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await mode?.close().catch(() => undefined);
    await cleanupRenderer();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Nothing wider than the phone; every button and box at least 48 px tall and 44 px wide. */
  const checkFits = async (state: string): Promise<void> => {
    const layout = await phone.evaluate(() => {
      const small: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>('.judge button, .judge input')) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (box.height < 47.5 || box.width < 44) small.push(`${element.tagName.toLowerCase()} “${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}” ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      return { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth, small };
    });
    expect(layout.scrollWidth, `${state}: horizontal scrolling`).toBeLessThanOrEqual(layout.clientWidth);
    expect(layout.small, `${state}: touch targets under 48 px`).toEqual([]);
  };

  /** The phone's whole page light and dark, and what its screen shows with the panel in view. */
  const shootPhone = async (name: string): Promise<void> => {
    await checkFits(name);
    await phone.emulateMedia({ colorScheme: 'light' });
    await phone.screenshot({ path: path.join(SHOTS, `judge-penalty-${name}-360x640-screen.png`) });
    await phone.evaluate(() => window.scrollTo(0, 0));
    await phone.screenshot({ path: path.join(SHOTS, `judge-penalty-${name}-360x640.png`), fullPage: true });
    await phone.emulateMedia({ colorScheme: 'dark' });
    await phone.screenshot({ path: path.join(SHOTS, `judge-penalty-${name}-360x640-dark.png`), fullPage: true });
    await phone.emulateMedia({ colorScheme: 'light' });
  };

  const penalties = async () => (await mode.service.snapshot()).state?.penalties ?? [];

  it('records penalties by keys on the Clock screen and by taps on the phone; the station has them', async () => {
    await mode.service.createEvent({ name: 'Saturday Open', ruleset: 'mtr', settings: { rel: 'competitive' }, seed: 2 });
    for (const [i, name] of NAMES.entries()) await run({ type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i });
    const tables = Array.from({ length: 8 }, (_, t) => ({ table: t + 1, seats: [`p${2 * t + 1}`, `p${2 * t + 2}`] }));
    await run({ type: 'pair-round', round: 1, stage: 'swiss', tables, byes: [], seed: 9 });
    await run({ type: 'start-round-clock', round: 1 });
    time = T0 + 6 * M;
    await run({ type: 'extend-table', round: 1, table: 6, reason: 'judge-pause', minutes: 2, note: 'Ruling' });

    // The station, Clock screen: table 5 has no time of its own (no row), so the card's button,
    // by the keyboard — Enter opens, the table number offers its players, Enter records.
    await station.goto(mode.server.keyedUrl('/'));
    await station.getByRole('button', { name: 'Clock', exact: true }).click();
    await station.getByTestId('clock-table-6').waitFor();
    // 50 minutes from 14:00, and the host's time is 14:06.
    await expect.poll(() => station.getByTestId('clock-time').textContent(), { timeout: 15_000 }).toBe('44:00');
    expect(await station.getByTestId('clock-table-5').count()).toBe(0);
    await station.getByTestId('clock-penalty-open').focus();
    await station.keyboard.press('Enter');
    await expect.poll(() => station.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('penalty-player');
    await station.keyboard.type('5');
    await station.getByTestId('penalty-candidates').waitFor();
    const focused = () => station.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.getAttribute('name') ?? '');
    await station.keyboard.press('Tab');
    await station.keyboard.press('Space');
    expect(await focused()).toBe('penalty-who');
    // The radio group is one stop: the next is the infraction.
    await station.keyboard.press('Tab');
    expect(await focused()).toBe('penalty-infraction');
    await station.keyboard.type('Tardiness');
    await station.keyboard.press('Tab');
    expect(await focused()).toBe('penalty-kind');
    // The select: its first letter picks it.
    await station.keyboard.press('g');
    expect(await station.getByTestId('penalty-kind').inputValue()).toBe('game-loss');
    await station.keyboard.press('Tab');
    await station.keyboard.type('Kim Lee');
    // The whole page from its top (a full-page shot taken scrolled down draws the sticky top mid-page).
    await station.evaluate(() => window.scrollTo(0, 0));
    await station.screenshot({ path: path.join(SHOTS, 'clock-penalty-form-1366x768.png'), fullPage: true });
    await station.emulateMedia({ colorScheme: 'dark' });
    await station.screenshot({ path: path.join(SHOTS, 'clock-penalty-form-1366x768-dark.png'), fullPage: true });
    await station.emulateMedia({ colorScheme: 'light' });
    await station.keyboard.press('Enter');
    await expect.poll(penalties).toMatchObject([{ round: 1, table: 5, player: 'p9', infraction: 'Tardiness', penalty: 'game-loss', judge: 'Kim Lee' }]);
    await station.getByTestId('penalty-form').waitFor({ state: 'detached' });
    await expect.poll(() => station.getByTestId('clock-penalty-count').textContent()).toBe('round 1: 1 penalty');

    // A table's row: its own button; Esc closes the form again.
    await station.getByRole('button', { name: 'Record a penalty at table 6' }).click();
    await station.getByTestId('penalty-candidates').waitFor();
    await station.keyboard.press('Escape');
    await station.getByTestId('penalty-form').waitFor({ state: 'detached' });

    // The phone joins as a judge device.
    await mode.service.setNetwork({ on: true });
    const judgeCode = mode.network.status().joinCodes.find((c) => c.role === 'judge');
    if (!judgeCode) throw new Error('no judge join code');
    await phone.goto(judgeCode.url);
    await phone.getByLabel('This device’s name').fill('Judge Ana Lima');
    await phone.getByRole('button', { name: 'Join' }).tap();
    await phone.waitForURL((u) => u.pathname === '/');
    await phone.getByTestId('judge-round').getByText('Round 1').waitFor();
    await expect.poll(() => phone.getByTestId('judge-clock').textContent(), { timeout: 15_000 }).toContain('44:00');
    await phone.getByTestId('judge-table-box').tap();
    await phone.keyboard.type('3');
    const card = phone.getByTestId('judge-table');
    await card.getByRole('heading', { name: 'Table 3' }).waitFor();

    // A warning by taps: who, the infraction, the penalty; the judge is the device's person.
    await card.getByTestId('judge-action-penalty').tap();
    const panel = card.getByTestId('judge-penalty');
    await panel.getByTestId('judge-penalty-player-2').tap();
    await panel.getByRole('button', { name: 'Game Play Error — Missed Trigger' }).tap();
    expect(await panel.getByTestId('judge-penalty-judge').inputValue()).toBe('Ana Lima');
    expect(await panel.getByTestId('judge-penalty-verdict').textContent()).toBe('Will record: warning for \u2068Fumiko Sato\u2069 (\u2068Game Play Error — Missed Trigger\u2069)');
    await shootPhone('1-warning');
    await panel.getByTestId('judge-penalty-submit').tap();
    await expect.poll(() => card.getByTestId('judge-saved').textContent()).toContain('Table 3: warning for \u2068Fumiko Sato\u2069');
    await expect.poll(() => card.getByTestId('judge-table-penalties').textContent()).toBe('Warning for Game Play Error — Missed Trigger — Fumiko Sato (judge Ana Lima)');

    // A disqualification: the first tap asks, in words; the second sends it.
    await card.getByTestId('judge-action-penalty').tap();
    await panel.getByTestId('judge-penalty-player-1').tap();
    await panel.getByRole('button', { name: 'All 25 common infractions…' }).tap();
    await panel.getByRole('button', { name: 'Aggressive Behavior' }).tap();
    await panel.getByTestId('judge-penalty-kind').getByRole('button', { name: 'Disqualification' }).tap();
    await panel.getByTestId('judge-penalty-submit').tap();
    await panel.getByTestId('judge-dq-confirm').waitFor();
    expect(await panel.getByTestId('judge-penalty-submit').textContent()).toBe('Yes, disqualify Eitan Levi');
    expect(await penalties()).toHaveLength(2);
    await shootPhone('2-disqualify');
    await panel.getByTestId('judge-penalty-submit').tap();
    await expect.poll(() => card.getByTestId('judge-saved').textContent()).toContain('Table 3: disqualification for \u2068Eitan Levi\u2069 (\u2068Aggressive Behavior\u2069)');
    await expect.poll(() => card.getByTestId('judge-table-penalties').textContent()).toContain('Disqualification for Aggressive Behavior — Eitan Levi (judge Ana Lima)');
    await shootPhone('3-saved');

    // The station has them: its state, the journal naming the judge device, its Event log.
    expect(await penalties()).toMatchObject([
      { table: 5, player: 'p9', penalty: 'game-loss' },
      { round: 1, table: 3, player: 'p6', infraction: 'Game Play Error — Missed Trigger', penalty: 'warning', judge: 'Ana Lima' },
      { round: 1, table: 3, player: 'p5', infraction: 'Aggressive Behavior', penalty: 'disqualification', judge: 'Ana Lima' },
    ]);
    expect((await mode.service.snapshot()).state?.players.find((p) => p.id === 'p5')?.droppedAfterRound).toBe(1);
    const answer = await mode.service.query({ kind: 'journal' });
    if (answer.kind !== 'journal') throw new Error('no journal');
    const fromPhone = answer.entries.filter((e) => e.command.type === 'record-penalty' && e.by?.role === 'judge');
    expect(fromPhone.map((e) => e.by?.name)).toEqual(['Judge Ana Lima', 'Judge Ana Lima']);
    await expect.poll(() => station.getByTestId('clock-penalty-count').textContent()).toBe('round 1: 3 penalties');
    await station.getByRole('button', { name: 'Event log', exact: true }).click();
    await expect.poll(() => station.locator('body').textContent()).toContain(
      'Judge Ana Lima (judge)PenaltiesPenalty: \u2068Eitan Levi\u2069 — disqualification for \u2068Aggressive Behavior\u2069 (round 1, table 3; judge \u2068Ana Lima\u2069) — dropped from the next pairing',
    );

    expect(problems).toEqual([]);
  }, 180_000);
});
