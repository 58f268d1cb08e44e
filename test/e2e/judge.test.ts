/**
 * The judge's phone in a real browser (Chromium or Chrome, as test/support/e2e-paths.ts finds it) at
 * 360 × 640 with touch, against a real browser-mode host: the station turns the venue network on,
 * the phone opens the judge join code's address on the host's LAN side (a second loopback address,
 * 127.0.0.2), joins, and the app shows it the judge's screen. Then, over that device's own
 * WebSocket: find a table by number and by name, add time with a reason, end a deck check, enter a
 * result, amend one, the host's refusal when another desk entered the table first, and the offline
 * banner when the network goes off (and back). Every state is checked for no horizontal scrolling
 * and touch targets of at least 48 px, and screenshotted light and dark into test/e2e/screenshots/
 * (judge-*.png).
 *
 * The host's time is frozen and moved by the test, so the clock shows exact numbers.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../core/api/roles.js';
import type { NewCommand } from '../../core/event/commands.js';
import { startBrowserMode, type BrowserMode } from '../../electron/web.js';
import { chromiumAvailable, e2eRenderer, launchChromium, SHOTS, warnIfSkipped } from '../support/e2e.js';

warnIfSkipped('judge');

/** A second loopback address: the LAN side of the host, as a phone on the venue's Wi-Fi reaches it. */
const LAN_ADDRESS = '127.0.0.2';
const T0 = new Date(2026, 10, 21, 14, 0, 0).getTime();
const M = 60_000;
const PHONE = { width: 360, height: 640 };
const DESK_2: Caller = { kind: 'device', id: 'desk-2', name: 'Desk 2', role: 'station' };
const NAMES = [
  'Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'María de la Cruz', 'Hana Novak',
  'Ivan Petrov', 'Jae-won Kim', 'Kwame Mensah-Bonsu', 'Lucía Fernández García', 'Mo Moss', 'Nia Nunes', 'Oli Ortiz', 'Pia Park',
];

describe.skipIf(!chromiumAvailable)('the judge’s phone at 360 × 640', () => {
  let dir: string;
  let dataDir: string;
  let rendererDir: string;
  let cleanupRenderer: () => Promise<void> = async () => undefined;
  let mode: BrowserMode;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let time = T0;
  const problems: string[] = [];
  let holdingEntries = false;
  const heldEntries: string[] = [];
  let releaseEntries = (): void => undefined;

  const startHost = (port: number, key?: string): Promise<BrowserMode> =>
    startBrowserMode({ port, dataDir, rendererDir, log: () => undefined, now: () => new Date(time), venue: { addresses: () => [LAN_ADDRESS] }, ...(key ? { key } : {}) });

  const run = async (command: NewCommand, caller?: Caller): Promise<void> => {
    await mode.service.dispatch({ command }, caller);
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-judge-e2e-'));
    dataDir = path.join(dir, 'station');
    await mkdir(SHOTS, { recursive: true });
    const renderer = await e2eRenderer();
    rendererDir = renderer.dir;
    cleanupRenderer = renderer.cleanup;
    mode = await startHost(0);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
    page = await context.newPage();
    page.on('console', (message) => {
      // While the network is off the page says so and retries (and the browser's first icon
      // request is answered 404, on the join page); anything else is a problem.
      if ((message.type() === 'error' || message.type() === 'warning') && !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(message.text()))
        problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The page's WebSocket to the host, passed through — with a hand on it: journal entries the host
    // pushes can be held back (another desk's result that has not reached this phone yet).
    await page.routeWebSocket(/\/rpc/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        if (holdingEntries && typeof message === 'string' && message.includes('"type":"entries"')) heldEntries.push(message);
        else socket.send(message);
      });
      releaseEntries = () => {
        holdingEntries = false;
        for (const message of heldEntries.splice(0)) socket.send(message);
      };
    });
  }, 120_000);

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await mode?.close().catch(() => undefined);
    await cleanupRenderer();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Nothing wider than the phone; every button, box and toggle at least 48 px tall. */
  const checkFits = async (state: string): Promise<void> => {
    const layout = await page.evaluate(() => {
      const small: string[] = [];
      const root = document.querySelector('.judge');
      for (const element of root?.querySelectorAll<HTMLElement>('button, input, summary, label.judge-check, label.check') ?? []) {
        if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (box.height < 47.5 || box.width < 44) small.push(`${element.tagName.toLowerCase()} “${(element.textContent || (element as HTMLInputElement).placeholder || element.getAttribute('aria-label') || '').trim().slice(0, 40)}” ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      return { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth, small };
    });
    expect(layout.scrollWidth, `${state}: horizontal scrolling`).toBeLessThanOrEqual(layout.clientWidth);
    expect(layout.small, `${state}: touch targets under 48 px`).toEqual([]);
  };

  /** A panel that opens scrolls itself up to just under the sticky top (round, clock, connection), or as far as the page goes. */
  const panelScrolledUp = async (): Promise<void> => {
    await expect
      .poll(() =>
        page.evaluate(() => {
          const anchor = document.querySelector('.judge-panel-anchor');
          if (!anchor) return 'no panel';
          const below = Math.round(anchor.getBoundingClientRect().top - parseFloat(getComputedStyle(anchor).scrollMarginTop));
          const atBottom = window.scrollY > 0 && window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
          return below === 0 || (below > 0 && atBottom) ? 'up' : `${below} px below`;
        }),
      )
      .toBe('up');
  };

  /** The whole page, light and dark (and, where a panel opened, what the phone's screen shows). */
  const shoot = async (name: string, screenToo = false): Promise<void> => {
    await checkFits(name);
    await page.emulateMedia({ colorScheme: 'light' });
    if (screenToo) await page.screenshot({ path: path.join(SHOTS, `judge-${name}-360x640-screen.png`) });
    // The whole page from its top (a full-page shot taken scrolled down draws the sticky top mid-page).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, `judge-${name}-360x640.png`), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: path.join(SHOTS, `judge-${name}-360x640-dark.png`), fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
  };

  const journal = async () => {
    const answer = await mode.service.query({ kind: 'journal' });
    if (answer.kind !== 'journal') throw new Error('no journal');
    return answer.entries;
  };

  it('finds a table, adds time, ends a deck check, enters and amends a result, and says when it is offline', async () => {
    await mode.service.createEvent({ name: 'Saturday Open', ruleset: 'mtr', settings: { rel: 'competitive' }, seed: 2 });
    for (const [i, name] of NAMES.entries()) await run({ type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i });
    const tables = Array.from({ length: 8 }, (_, t) => ({ table: t + 1, seats: [`p${2 * t + 1}`, `p${2 * t + 2}`] }));
    await run({ type: 'pair-round', round: 1, stage: 'swiss', tables, byes: [], seed: 9 });
    await run({ type: 'start-round-clock', round: 1 });
    time = T0 + 12 * M;
    await run({ type: 'start-deck-check', round: 1, table: 3, judge: 'Dana Scully' });
    await run({ type: 'extend-table', round: 1, table: 6, reason: 'judge-pause', minutes: 2, note: 'Ruling' });
    await run({ type: 'record-result', round: 1, table: 8, result: { games: [2, 1, 0] } }, DESK_2);
    time = T0 + 17 * M + 30_000;

    // The station turns the venue network on; the phone opens the judge code's address and joins.
    await mode.service.setNetwork({ on: true });
    const judgeCode = mode.network.status().joinCodes.find((c) => c.role === 'judge');
    if (!judgeCode) throw new Error('no judge join code');
    expect(judgeCode.url.startsWith(`http://${LAN_ADDRESS}:`)).toBe(true);
    await page.goto(judgeCode.url);
    await page.getByLabel('This device’s name').fill('Judge Ana');
    await page.getByRole('button', { name: 'Join' }).tap();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('judge-round').getByText('Round 1').waitFor();
    await expect.poll(() => page.getByTestId('judge-clock').textContent(), { timeout: 15_000 }).toContain('32:30');
    await expect.poll(() => page.getByTestId('judge-connection').textContent()).toBe('Connected · Judge Ana');
    await shoot('0-start');

    // By number, on the number pad.
    expect(await page.getByTestId('judge-table-box').getAttribute('inputmode')).toBe('numeric');
    await page.getByTestId('judge-table-box').tap();
    await page.keyboard.type('6');
    const card = page.getByTestId('judge-table');
    await card.getByRole('heading', { name: 'Table 6' }).waitFor();
    expect(await card.getByTestId('judge-seats').textContent()).toContain('Lucía Fernández García');
    expect(await card.getByTestId('judge-time-items').textContent()).toContain('+2 min judge pause');
    expect(await card.getByTestId('judge-table-time').textContent()).toContain('34:30');
    await shoot('1-table-found');

    // Add time: why, how long, the reason — each a tap.
    await card.getByTestId('judge-action-time').tap();
    await card.getByRole('button', { name: 'Other time' }).tap();
    await card.getByRole('button', { name: '5 min' }).tap();
    await card.getByRole('button', { name: 'Table moved' }).tap();
    await shoot('2-add-time', true);
    await card.getByTestId('judge-time-submit').tap();
    await expect.poll(() => card.getByTestId('judge-saved').textContent()).toContain('Table 6: +5 min');
    await expect.poll(() => card.getByTestId('judge-table-time').textContent()).toContain('39:30');
    await shoot('3-time-saved');
    expect((await journal()).filter((e) => e.command.type === 'extend-table').map((e) => e.command)).toMatchObject([
      { table: 6, reason: 'judge-pause' },
      { table: 6, reason: 'other', minutes: 5, note: 'Table moved' },
    ]);

    // A deck check under way is a tap away; end it with an outcome.
    await page.getByTestId('judge-table-box').fill('');
    await page.getByTestId('judge-check-chip-3').tap();
    await card.getByRole('heading', { name: 'Table 3' }).waitFor();
    expect(await card.getByTestId('judge-check-live').textContent()).toContain('5:30');
    await card.getByTestId('judge-action-deck-check').tap();
    await card.getByRole('button', { name: 'No problems found' }).tap();
    await shoot('4-end-deck-check');
    await card.getByTestId('judge-check-submit').tap();
    await expect.poll(() => card.getByTestId('judge-saved').textContent()).toContain('Table 3: deck check ended');
    await expect.poll(() => card.getByTestId('judge-time-items').textContent()).toContain('+8:30 (check 5:30 + 3)');

    // By a few letters of a name.
    await page.getByTestId('judge-name-box').tap();
    await page.keyboard.type('mari');
    await page.getByTestId('judge-matches').getByRole('button').first().waitFor();
    await shoot('5-find-by-name');
    await page.getByTestId('judge-matches').getByRole('button').first().tap();
    await card.getByRole('heading', { name: 'Table 4' }).waitFor();

    // Enter the result: a tap fills it, what will be saved is spelled out, one more tap saves it.
    await card.getByTestId('judge-action-result').tap();
    await panelScrolledUp();
    await card.getByRole('button', { name: '2-1' }).tap();
    expect(await card.getByTestId('judge-verdict').textContent()).toBe('Will save: \u2068María de la Cruz\u2069 wins 2–1');
    await shoot('6-result-entry', true);
    await card.getByTestId('judge-result-submit').tap();
    await expect.poll(() => card.getByTestId('judge-saved').textContent()).toContain('Table 4: \u2068María de la Cruz\u2069 wins 2–1');
    await shoot('7-result-saved');

    // A table another desk entered: saved without a reason, the host refuses, saying who entered it
    // and when (the desk's words); amending needs a reason.
    await page.getByTestId('judge-table-box').fill('8');
    await card.getByRole('heading', { name: 'Table 8' }).waitFor();
    await card.getByTestId('judge-action-result').tap();
    await card.getByRole('button', { name: '1-2' }).tap();
    await card.getByTestId('judge-result-submit').tap();
    const entered = card.getByTestId('judge-refusal');
    await entered.waitFor();
    expect(await entered.textContent()).toMatch(/^Table 8 was entered at \d{1,2}:\d{2}.* by Desk 2 — amend it\?/);
    await shoot('8-amend');
    await card.getByRole('button', { name: 'Slip filled in the wrong way round' }).tap();
    await card.getByTestId('judge-result-submit').tap();
    await expect.poll(() => card.getByTestId('judge-saved').textContent()).toContain('(amended)');
    const results = (await journal()).filter((e) => e.command.type === 'record-result').map((e) => e.command);
    expect(results).toMatchObject([{ table: 8 }, { table: 4, result: { games: [2, 1, 0] } }, { table: 8, result: { games: [1, 2, 0] }, reason: 'Slip filled in the wrong way round' }]);

    // Desk 2 enters table 1 while the judge is entering it, and its entry has not reached the phone:
    // the host refuses the judge's result in words, and the phone offers to amend with a reason.
    await page.getByTestId('judge-table-box').fill('1');
    await card.getByRole('heading', { name: 'Table 1' }).waitFor();
    await card.getByTestId('judge-action-result').tap();
    await card.getByRole('button', { name: '2-0' }).tap();
    holdingEntries = true;
    await run({ type: 'record-result', round: 1, table: 1, result: { games: [0, 2, 0] } }, DESK_2);
    await card.getByTestId('judge-result-submit').tap();
    const refusal = card.getByTestId('judge-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^Table 1 was entered at \d{1,2}:\d{2}.* by Desk 2 — amend it\?/);
    releaseEntries();
    await refusal.getByText('Now: \u2068Bo Brandt\u2069 wins 2–0').waitFor();
    await shoot('8b-refused', true);
    await card.getByRole('button', { name: 'Players corrected the result' }).tap();
    await card.getByTestId('judge-result-submit').tap();
    await expect.poll(() => card.getByTestId('judge-saved').textContent()).toContain('Table 1: \u2068Ana Archer\u2069 wins 2–0 (amended)');
    expect((await journal()).filter((e) => e.command.type === 'record-result' && e.command.table === 1).map((e) => e.command)).toMatchObject([
      { result: { games: [0, 2, 0] } },
      { result: { games: [2, 0, 0] }, reason: 'Players corrected the result' },
    ]);

    // The venue network goes off: the phone says so; what is tapped waits to send at its table,
    // and nothing is sent.
    await page.getByTestId('judge-table-box').fill('2');
    await card.getByRole('heading', { name: 'Table 2' }).waitFor();
    await card.getByTestId('judge-action-result').tap();
    await card.getByRole('button', { name: '2-0' }).tap();
    await mode.service.setNetwork({ on: false });
    await page.getByTestId('judge-offline').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('judge-offline').textContent()).toBe('Offline — what you enter waits to send, and is saved once the connection is back');
    await card.getByTestId('judge-result-submit').tap();
    await expect.poll(() => card.getByTestId('outbox-item').getAttribute('data-state')).toBe('waiting');
    expect((await journal()).filter((e) => e.command.type === 'record-result' && e.command.table === 2)).toHaveLength(0);
    await shoot('9-offline');

    // Back on: the phone reconnects by itself, the banner goes, and the waiting result goes by
    // itself, once.
    await mode.service.setNetwork({ on: true });
    await page.getByTestId('judge-offline').waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => card.getByTestId('judge-saved').textContent()).toContain('Table 2: \u2068Chloé Dubois\u2069 wins 2–0');
    expect(await card.getByTestId('outbox-item').getAttribute('data-state')).toBe('saved');
    expect((await journal()).filter((e) => e.command.type === 'record-result' && e.command.table === 2)).toHaveLength(1);

    expect(problems).toEqual([]);
  }, 180_000);

  it('fits the rule set’s other result forms: a pod’s winner, Lightseekers VP and defeat order', async () => {
    for (const ruleset of ['mamtr-2024', 'lightseekers-casual'] as const) {
      await mode.service.createEvent({ name: `Friday ${ruleset}`, ruleset, settings: {}, seed: 3 });
      for (const [i, name] of NAMES.slice(0, 8).entries()) await run({ type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i });
      await run({ type: 'pair-round', round: 1, stage: 'swiss', tables: [1, 2].map((t) => ({ table: t, seats: [1, 2, 3, 4].map((s) => `p${(t - 1) * 4 + s}`) })), byes: [], seed: 3 });
      // The phone opens the event again (it is the judge device: its token is kept on this address).
      await page.goto(`http://${LAN_ADDRESS}:${mode.server.port}/`);
      await page.getByTestId('judge-round').getByText('Round 1').waitFor();
      await page.getByTestId('judge-table-box').tap();
      await page.keyboard.type('2');
      const card = page.getByTestId('judge-table');
      await card.getByRole('heading', { name: 'Table 2' }).waitFor();
      await card.getByTestId('judge-action-result').tap();
      const form = card.getByTestId('judge-result');
      if (ruleset === 'mamtr-2024') {
        await form.getByRole('textbox').tap();
        await page.keyboard.type('3');
      } else {
        for (const [seat, vp] of ['4', '9', '2', '0'].entries()) await form.getByLabel(new RegExp(`^VP of seat ${seat + 1},`)).fill(vp);
        await form.getByRole('button', { name: 'Defeated…' }).nth(3).tap();
        await form.getByRole('button', { name: 'Defeated…' }).nth(2).tap();
      }
      await expect.poll(() => card.getByTestId('judge-verdict').textContent()).toMatch(/^Will save: \u2068(María de la Cruz|Fumiko Sato)\u2069 wins/);
      await shoot(`10-result-${ruleset}`);
      await card.getByTestId('judge-result-submit').tap();
      await expect.poll(() => card.getByTestId('judge-saved').textContent()).toContain('Table 2:');
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
