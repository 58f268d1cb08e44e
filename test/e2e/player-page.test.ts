/**
 * The player page in a real browser ("Done when": Chromium at 360×640, touch): the built
 * renderer served through electron/host/static-files.ts by a small FAKE public host written here
 * (node http + ws on 127.0.0.1 only) that pushes a published view on `/public`, patches it, and
 * answers `look`, `report` and `confirm` as the real host's protocol says (core/public/types.ts).
 *
 * A player types part of a name and sees their table; a patch moves them to another table; they
 * report the result with the table's code; their opponent, opening the slip's QR link, confirms
 * it. Light and dark, with screenshots of each screen in /tmp/player-shots/. No sleeps: every wait
 * is for a selector or a request, with a timeout.
 */
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createPatch } from 'rfc6902';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { contentSecurityPolicy, securityHeaders, serveStatic } from '../../electron/host/static-files.js';
import type { PublicAnswer, PublicPush, PublicReport, PublicRequest, PublicView } from '../../core/public/types.js';
import { PUBLIC_SOCKET_PATH, reportUrl } from '../../core/public/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { chromiumAvailable, e2eRenderer, eventually, launchChromium, warnIfSkipped } from '../support/e2e.js';
import { mtrView, podView } from '../renderer/player/support.js';

warnIfSkipped('player page');

const SHOTS = '/tmp/player-shots';
const PHONE = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const MIN = 60_000;
/** Each table's code for round 3, as its slip prints it. */
const CODES: Record<number, string> = { 1: 'T1-4KQ9', 2: 'T2-8MZP', 3: 'T3-7XWD', 5: 'P5-3RTY', 6: 'P6-9HJK' };

/** A fake of the host's `/public` side: one published view, its patches, and the self-report protocol. */
class FakePublicHost {
  view: PublicView;
  report: PublicReport | null = null;
  /** While true, the host refuses phones (a host restarting, the Wi-Fi gone). */
  refusing = false;
  readonly requests: PublicRequest[] = [];
  private readonly sockets = new Set<WebSocket>();
  readonly server: http.Server;
  private readonly wss = new WebSocketServer({ noServer: true });

  constructor(rendererDir: string, view: PublicView) {
    this.view = view;
    const headers = securityHeaders(contentSecurityPolicy());
    this.server = http.createServer((request, response) => serveStatic(request, response, rendererDir, headers));
    this.server.on('upgrade', (request, socket, head) => {
      if (this.refusing || new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== PUBLIC_SOCKET_PATH) return void socket.destroy();
      this.wss.handleUpgrade(request, socket, head, (ws) => this.connected(ws));
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    this.wss.close();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Cut every phone off (they try again by themselves). */
  dropAll(): void {
    for (const ws of this.sockets) ws.terminate();
  }

  /** Change the view and push the change as a patch (RFC 6902) to every phone. */
  change(edit: (view: PublicView) => void): void {
    const next = structuredClone(this.view);
    edit(next);
    next.version = this.view.version + 1;
    const ops = createPatch(this.view, next);
    const push: PublicPush = { type: 'patch', from: this.view.version, to: next.version, ops };
    this.view = next;
    for (const ws of this.sockets) ws.send(JSON.stringify(push));
  }

  private connected(ws: WebSocket): void {
    this.sockets.add(ws);
    ws.on('close', () => this.sockets.delete(ws));
    ws.send(JSON.stringify({ type: 'view', view: this.view } satisfies PublicPush));
    ws.send(JSON.stringify({ type: 'tick', now: Date.now() } satisfies PublicPush));
    ws.on('message', (data) => {
      const request = JSON.parse(String(data)) as PublicRequest;
      this.requests.push(request);
      ws.send(JSON.stringify(this.answer(request)));
    });
  }

  private answer(request: PublicRequest): PublicAnswer {
    const id = request.id;
    if (request.kind === 'claim') return { kind: 'answer', id, ok: false, message: 'phones do not claim players at this event' };
    if (CODES[request.table] !== request.code || request.round !== this.view.round?.number)
      return { kind: 'answer', id, ok: false, message: `that is not the code of table ${request.table} in this round` };
    const name = (pid: string): string => this.view.players.find((p) => p.id === pid)?.name ?? pid;
    const table = this.view.round.tables.find((t) => t.table === request.table);
    if (!table) return { kind: 'answer', id, ok: false, message: 'no such table' };
    if (request.kind === 'look') return { kind: 'answer', id, ok: true, ...(this.report && this.report.table === table.table ? { report: this.report } : {}) };
    if (request.kind === 'report') {
      const rules = getRuleset(this.view.event.ruleset);
      const resultText = rules.presentation.results.describe({ table: table.table, seats: table.seats }, request.result, name);
      this.report = { round: request.round, table: table.table, reporter: request.player, result: request.result, resultText, drops: request.drop ?? [], answers: {}, status: 'waiting' };
      this.change((view) => {
        const t = view.round?.tables.find((x) => x.table === table.table);
        if (t) t.reportPending = true;
      });
      return { kind: 'answer', id, ok: true, report: this.report, accepted: false };
    }
    if (!this.report) return { kind: 'answer', id, ok: false, message: 'no report is waiting for this table' };
    const answers = { ...this.report.answers, [request.player]: { agree: request.agree } };
    const others = table.seats.filter((pid) => pid !== this.report?.reporter);
    const status = Object.values(answers).some((a) => !a.agree) ? 'disputed' : others.every((pid) => answers[pid]) ? 'agreed' : 'waiting';
    this.report = { ...this.report, answers, status };
    return { kind: 'answer', id, ok: true, report: this.report };
  }
}

/** Round 3 of an `mtr` event with the clock running by this machine's time (the fake host's). */
function publishedView(make: () => PublicView = mtrView): PublicView {
  const view = make();
  view.clock = { round: 3, endsAt: Date.now() + 35 * MIN, atTime: 'Time — 5 extra turns', status: 'Round 3 is running' };
  return view;
}

/** What a scenario needs: the fake host, its address, phones, screenshots, and the problems pages reported. */
interface Env {
  host: FakePublicHost;
  base: string;
  phone(url: string, colorScheme: 'light' | 'dark'): Promise<Page>;
  shot(page: Page, name: string, fullPage?: boolean): Promise<Buffer>;
  problems: string[];
}

/** Head-to-head: find by part of a name, follow a patch, report with the code, the opponent confirms from the QR link. */
async function headToHead({ host, base, phone, shot, problems }: Env, scheme: 'light' | 'dark'): Promise<void> {
  host.view = publishedView();
  host.report = null;
  const requestsBefore = host.requests.length;

  // Ana finds herself by typing part of her family name.
  const ana = await phone(`${base}/p`, scheme);
  const search = ana.getByLabel('Type a few letters of your family or given name');
  await search.waitFor({ timeout: 15_000 });
  await search.tap();
  await search.pressSequentially('arch');
  await ana.getByRole('button', { name: /Dana Archibald/ }).waitFor({ timeout: 15_000 });
  await shot(ana, `find-me-${scheme}`);
  await ana.getByRole('button', { name: /Ana Archer/ }).tap();
  await expect.poll(() => ana.getByTestId('table-number').textContent(), { timeout: 15_000 }).toBe('1');
  expect(await ana.getByTestId('opponents').textContent()).toContain('Bo Brandt');
  await expect.poll(() => ana.getByTestId('clock').textContent(), { timeout: 15_000 }).toMatch(/^3[45]:\d\dleft in the round$/);
  await shot(ana, `my-table-${scheme}`);

  // The scorekeeper fixes the pairing: Ana moves to table 3, against Cian.
  host.change((view) => {
    const [one, , three] = view.round?.tables ?? [];
    if (one && three) [one.seats[0], three.seats[1]] = ['p6', 'p1'];
  });
  await expect.poll(() => ana.getByTestId('table-number').textContent(), { timeout: 15_000 }).toBe('3');
  expect(await ana.getByTestId('opponents').textContent()).toContain('Cian Mac Giolla');

  await ana.getByRole('button', { name: 'Pairings' }).tap();
  await ana.getByTestId('pairings').waitFor({ timeout: 15_000 });
  await shot(ana, `pairings-${scheme}`);
  await ana.getByRole('button', { name: 'Me' }).tap();

  // Ana reports: the table's code, then her 2–1 win from the rule set's buttons (seat 1 first:
  // she sits in seat 2 now, so 1-2, which the button spells out with the names).
  await ana.getByRole('button', { name: 'Report the result' }).tap();
  const code = ana.getByLabel(/Type the code printed on your match slip/);
  await code.tap();
  await code.fill('T3-WRONG');
  await ana.getByRole('button', { name: 'Next' }).tap();
  await expect.poll(() => ana.getByRole('alert').textContent(), { timeout: 15_000 }).toBe('That is not the code of table 3 in this round');
  await shot(ana, `code-refused-${scheme}`);
  await code.fill(CODES[3] as string);
  await ana.getByRole('button', { name: 'Next' }).tap();
  await ana.getByRole('button', { name: /^1-2/ }).tap();
  await expect.poll(() => ana.getByTestId('report-preview').textContent(), { timeout: 15_000 }).toMatch(/^You are reporting: .?Ana Archer.? wins 2–1$/);
  await shot(ana, `report-${scheme}`);
  await shot(ana, `report-whole-${scheme}`, true);
  await ana.getByRole('button', { name: 'Send the result' }).tap();
  await eventually(() => host.requests.slice(requestsBefore).find((r) => r.kind === 'report')).toMatchObject({
    kind: 'report',
    code: CODES[3],
    round: 3,
    table: 3,
    player: 'p1',
    result: { games: [1, 2, 0] },
  });
  await expect.poll(() => ana.getByTestId('report-status').textContent(), { timeout: 15_000 }).toBe('Waiting for Cian Mac Giolla to answer.');

  // Cian opens the QR link of table 3's slip: after Find me, straight to confirming.
  const cian = await phone(reportUrl(base, 3, 3, CODES[3] as string), scheme);
  const cianSearch = cian.getByLabel('Type a few letters of your family or given name');
  await cianSearch.tap();
  await cianSearch.pressSequentially('cian');
  await cian.getByRole('button', { name: /Cian Mac Giolla/ }).tap();
  await expect.poll(() => cian.getByTestId('reported').textContent(), { timeout: 15_000 }).toMatch(/^Ana Archer reported: .*Ana Archer.* wins 2–1 — is that right\?$/);
  expect(new URL(cian.url()).search).toBe('');
  await shot(cian, `confirm-${scheme}`);
  await shot(cian, `confirm-whole-${scheme}`, true);
  await cian.getByRole('button', { name: 'Yes, that is right' }).tap();
  await eventually(() => host.requests.slice(requestsBefore).find((r) => r.kind === 'confirm')).toMatchObject({ kind: 'confirm', player: 'p5', agree: true, table: 3, code: CODES[3] });
  await expect.poll(() => cian.getByTestId('report-status').textContent(), { timeout: 15_000 }).toBe('Everyone agreed: the scorekeeper records it at the desk.');

  // The scorekeeper's publish of the result reaches both phones.
  host.change((view) => {
    const t = view.round?.tables.find((x) => x.table === 3);
    if (t) Object.assign(t, { result: { games: [1, 2, 0] }, resultText: 'Ana Archer 2–1', reportPending: false });
  });
  await ana.getByRole('button', { name: 'Me' }).tap();
  await expect.poll(() => ana.getByTestId('result').textContent(), { timeout: 15_000 }).toBe('Result: Ana Archer 2–1');
  await shot(ana, `result-${scheme}`);

  // Standings once the scorekeeper publishes them, a drop and a disqualification marked as printed.
  host.change((view) => {
    view.standings = {
      afterRound: 2,
      columns: ['Points', 'OMW', 'GW', 'OGW'],
      rows: ['p2', 'p1', 'p3', 'p4', 'p5', 'p6', 'p7'].map((player, i) => ({
        rank: i + 1,
        player,
        values: [String(6 - i), '55.56%', '60.00%', '48.15%'],
        ...(player === 'p4' ? { dropped: true as const, note: 'dropped after round 2' } : {}),
        ...(player === 'p6' ? { dropped: true as const, dq: true as const, note: 'DQ — disqualified in round 2' } : {}),
      })),
    };
  });
  await ana.getByRole('button', { name: 'Standings' }).tap();
  await expect.poll(() => ana.getByTestId('my-standing').textContent(), { timeout: 15_000 }).toBe('You are 2nd with 5 points.');
  const struck = ana.locator('[data-testid="standings"] li.dropped .pl-row-name');
  expect(await struck.allTextContents()).toEqual(['María de la Cruz', 'Dana Archibald']);
  expect(await struck.first().evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
  expect(await ana.getByTestId('dq').allTextContents()).toEqual(['DQ']);
  expect(await ana.getByTestId('standing-note').allTextContents()).toEqual(['dropped after round 2', 'DQ — disqualified in round 2']);
  await shot(ana, `standings-${scheme}`, true);
  await ana.getByRole('button', { name: 'Me' }).tap();

  // The Wi-Fi drops: the page says so plainly, keeps what it knew, and comes back by itself.
  host.refusing = true;
  host.dropAll();
  await expect.poll(() => ana.getByTestId('connection').textContent(), { timeout: 15_000 }).toBe('Offline — reconnecting…');
  expect(await ana.getByTestId('table-number').textContent()).toBe('3');
  await shot(ana, `offline-${scheme}`);
  host.refusing = false;
  await ana.getByTestId('connection').waitFor({ state: 'detached', timeout: 20_000 });
  expect(problems).toEqual([]);
}

/** A pod: the winner reported from the slip's QR link, another player of the pod confirms. */
async function pod({ host, base, phone, shot, problems }: Env, scheme: 'light' | 'dark'): Promise<void> {
  host.view = publishedView(() => podView('mstr-2022'));
  host.report = null;
  const requestsBefore = host.requests.length;

  // Ana (seat 2 of pod 5) scans her slip, finds herself, and reports that she won.
  const ana = await phone(reportUrl(base, 3, 5, CODES[5] as string), scheme);
  const search = ana.getByLabel('Type a few letters of your family or given name');
  await search.tap();
  await search.pressSequentially('ana');
  await ana.getByRole('button', { name: /Ana Archer/ }).tap();
  // One tap on her own seat: the pod's quick results are the seats and a draw.
  await ana.getByRole('button', { name: /^2\s*Ana Archer wins$/ }).tap();
  await expect.poll(() => ana.getByTestId('report-preview').textContent(), { timeout: 15_000 }).toMatch(/^You are reporting: .?Ana Archer.? wins$/);
  await shot(ana, `report-pod-${scheme}`);
  await ana.getByRole('button', { name: 'Send the result' }).tap();
  await eventually(() => host.requests.slice(requestsBefore).find((r) => r.kind === 'report')).toMatchObject({ code: CODES[5], table: 5, player: 'p1', result: { winner: 'p1' } });

  // José, in seat 3, sees his seat and the pending report on his table, and agrees.
  const jose = await phone(`${base}/p`, scheme);
  const joseSearch = jose.getByLabel('Type a few letters of your family or given name');
  await joseSearch.tap();
  await joseSearch.pressSequentially('nunez');
  await jose.getByRole('button', { name: /José Núñez/ }).tap();
  await expect.poll(() => jose.getByTestId('seat').textContent(), { timeout: 15_000 }).toBe('Seat 3 of 4 — seat 1 plays first');
  await shot(jose, `my-table-pod-${scheme}`);
  await jose.getByRole('button', { name: 'See it and confirm' }).tap();
  const code = jose.getByLabel(/Type the code printed on your match slip/);
  await code.tap();
  await code.fill(CODES[5] as string);
  await jose.getByRole('button', { name: 'Next' }).tap();
  await expect.poll(() => jose.getByTestId('reported').textContent(), { timeout: 15_000 }).toMatch(/^Ana Archer reported: .*Ana Archer.* wins — is that right\?$/);
  await jose.getByRole('button', { name: 'Yes, that is right' }).tap();
  await eventually(() => host.requests.slice(requestsBefore).find((r) => r.kind === 'confirm')).toMatchObject({ player: 'p3', agree: true, table: 5, code: CODES[5] });
  await expect.poll(() => jose.getByTestId('report-status').textContent(), { timeout: 15_000 }).toBe('Waiting for Bo Brandt and María de la Cruz to answer.');
  await shot(jose, `confirm-pod-${scheme}`, true);
  expect(problems).toEqual([]);
}

describe.skipIf(!chromiumAvailable)('the player page on a phone', () => {
  let host: FakePublicHost;
  let base: string;
  let browser: Browser;
  let cleanupRenderer: () => Promise<void> = async () => undefined;
  const problems: string[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    const renderer = await e2eRenderer();
    cleanupRenderer = renderer.cleanup;
    host = new FakePublicHost(renderer.dir, publishedView());
    base = await host.listen();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await host?.close();
    await cleanupRenderer();
  });

  const phone = async (url: string, colorScheme: 'light' | 'dark'): Promise<Page> => {
    const context = await browser.newContext({ ...PHONE, colorScheme });
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (message) => {
      // A phone cut off says so while it reconnects (the test cuts it off); anything else is a problem.
      if ((message.type() === 'error' || message.type() === 'warning') && !/WebSocket connection/.test(message.text())) problems.push(`${url}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${url}: ${error.message}`));
    await page.goto(url);
    return page;
  };

  const shot = (page: Page, name: string, fullPage = false): Promise<Buffer> => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });

  it('serves the player page at /p and /p/ (the station’s pages unchanged), under the strict CSP', async () => {
    for (const route of ['/p', '/p/', '/p?r=3&t=1&c=T1-4KQ9']) {
      const response = await fetch(new URL(route, base));
      expect(response.status, route).toBe(200);
      const html = await response.text();
      expect(html).toContain('/assets/player-');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
    const station = await (await fetch(new URL('/', base))).text();
    expect(station).toContain('/assets/index-');
    expect(station).not.toContain('/assets/player-');
  });

  const env = (): Env => ({ host, base, phone, shot, problems });

  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: finds a table by part of a name, follows a patch, reports a result, and the opponent confirms it from the slip’s QR link`, () => headToHead(env(), scheme), 120_000);
    it(`${scheme}: a pod — a player reports the winner from the slip’s QR link, another confirms`, () => pod(env(), scheme), 120_000);
  }

  it('with self-reports off, the page tells players to bring their slip to the desk, and offers no reporting', async () => {
    host.view = { ...publishedView(), selfReports: 'off' };
    host.report = null;
    const ana = await phone(`${base}/p`, 'light');
    const search = ana.getByLabel('Type a few letters of your family or given name');
    await search.tap();
    await search.pressSequentially('archer');
    await ana.getByRole('button', { name: /Ana Archer/ }).tap();
    await expect.poll(() => ana.getByTestId('report-at-desk').textContent(), { timeout: 15_000 }).toBe(
      'Results are not reported from phones at this event: fill in your match slip with your opponent, sign it, and bring it to the scorekeeper’s desk.',
    );
    expect(await ana.getByRole('button', { name: 'Report the result' }).count()).toBe(0);
    await shot(ana, 'reporting-off', true);
    expect(problems).toEqual([]);
  }, 120_000);

  it('a code kept at one event is never offered at the next (same round and table numbers); an old slip says so', async () => {
    // Friday: Ana scans table 1's slip in round 3 and reports; the phone keeps the code for Friday's event.
    host.view = publishedView();
    host.report = null;
    const ana = await phone(reportUrl(base, 3, 1, CODES[1] as string), 'light');
    const search = ana.getByLabel('Type a few letters of your family or given name');
    await search.tap();
    await search.pressSequentially('archer');
    await ana.getByRole('button', { name: /Ana Archer/ }).tap();
    await ana.getByRole('button', { name: /^2-0/ }).waitFor({ timeout: 15_000 });
    const friday = host.view.event.id;
    expect(await ana.evaluate((key) => localStorage.getItem(key), `podium.player.${friday}.code`)).toBe(JSON.stringify({ round: 3, table: 1, code: CODES[1] }));

    // Saturday's event on the same host: round 3 again, Ana at table 1 again. Her phone asks for today's code.
    host.view = { ...publishedView(), event: { ...publishedView().event, id: 'ev-saturday', name: 'Saturday Open' } };
    const before = host.requests.length;
    host.dropAll();
    await expect.poll(() => ana.locator('h1').textContent(), { timeout: 20_000 }).toBe('Saturday Open');
    const again = ana.getByLabel('Type a few letters of your family or given name');
    await again.waitFor({ timeout: 15_000 });
    await again.tap();
    await again.pressSequentially('archer');
    await ana.getByRole('button', { name: /Ana Archer/ }).tap();
    await ana.getByRole('button', { name: 'Report the result' }).tap();
    const box = ana.getByLabel(/Type the code printed on your match slip/);
    await box.waitFor({ timeout: 15_000 });
    expect(await box.inputValue()).toBe('');
    expect(host.requests.slice(before)).toEqual([]);
    await shot(ana, 'code-not-carried-to-next-event');

    // And Friday's round-2 slip, scanned on Saturday in round 3: it says which round it is from.
    const old = await phone(reportUrl(base, 2, 1, 'OLD-SLIP'), 'light');
    await expect.poll(() => old.getByTestId('notice').textContent(), { timeout: 15_000 }).toBe(
      'This slip is from round 2; round 3 is being played — report round 3 with its own slip, and find your table for round 3 here.',
    );
    await shot(old, 'old-slip');
    expect(problems).toEqual([]);
  }, 120_000);

  it('a team event: a member finds the team by their own name, sees which seat they play and both teams’ members', async () => {
    host.change((view) => {
      view.players = [
        { id: 't1', name: 'Costa & Berg', sortName: 'Costa & Berg', members: [{ seat: 'A', name: 'Ana Costa' }, { seat: 'B', name: 'Bo Berg' }] },
        { id: 't2', name: 'The Lees', sortName: 'Lees', members: [{ seat: 'A', name: 'Kim Lee' }, { seat: 'B', name: 'Kai Lee' }] },
      ];
      if (view.round) view.round = { ...view.round, tables: [{ table: 1, seats: ['t1', 't2'] }], byes: [], pointsBefore: {} };
    });
    const kai = await phone(`${base}/p`, 'light');
    const search = kai.getByLabel('Type a few letters of your family or given name');
    await search.tap();
    await search.fill('kai');
    const match = kai.getByRole('button', { name: /The Lees/ });
    await expect.poll(() => match.locator('.pl-match-member').textContent(), { timeout: 15_000 }).toBe('Kai Lee, seat B');
    await shot(kai, 'find-me-team');
    await match.tap();
    await expect.poll(() => kai.getByTestId('table-number').textContent(), { timeout: 15_000 }).toBe('1');
    expect(await kai.getByTestId('members').allTextContents()).toEqual(['Seat A: Kim Lee · Seat B: Kai Lee', 'Seat A: Ana Costa · Seat B: Bo Berg']);
    await shot(kai, 'my-table-team', true);
    expect(problems).toEqual([]);
  }, 120_000);
});
