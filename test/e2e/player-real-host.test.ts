/**
 * The player page against the REAL host ("Done when", in Chromium): a browser-mode host
 * on a temp station folder, 127.0.0.1 only (the player page at `/p` and `/public` on the local
 * door), the real renderer build, phones at 360×640 with touch (one browser context each, so each
 * has its own localStorage) and one desktop station page on the Results screen (opened with the
 * station key, as every station page is).
 *
 * An MTR event (8 players, round 1 published through the station API):
 * 1. a player finds their table by typing part of a name (family, and another by given name): table
 *    number and opponent; the choice survives a reload;
 * 2. a wrong code, and table 1's code used for table 2 (the slip's QR link), are refused in words;
 * 3. with the default setting (the scorekeeper checks every report) two disputed reports reach the
 *    station's queue: A accepts one, R rejects the other, and the phones show each outcome;
 * 4. the Venue network panel sets `selfReports: 'auto'`: each player's phone claims them with their
 *    player card's QR link (`/p#claim=CODE`), then two players report and confirm a head-to-head
 *    result from the slip's QR link (the code computed with tableCode from the host's state), and it
 *    is the result — in the host's folded state, on the station and on both phones;
 * 5. round 2 proposed at the station (not published): the phones still show round 1 and are sent
 *    nothing; published: a phone moves to round 2 by itself, and a round-1 code is refused there.
 * Then a pod event (mstr-2022, automatic): each phone claimed by card, one player reports the
 * winner, the other three confirm.
 *
 * Screenshots: /tmp/real-host-shots/. No sleeps: every wait is for a selector or a condition, with a
 * timeout.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Round } from '../../core/model/types.js';
import { tableCode } from '../../core/public/table-codes.js';
import { claimUrl, reportUrl } from '../../core/public/types.js';
import { startBrowserMode, type BrowserMode } from '../../electron/web.js';
import { chromiumAvailable, e2eRenderer, eventually, launchChromium, warnIfSkipped } from '../support/e2e.js';
import {
  codeOf,
  DESK,
  findMe,
  openPhone,
  pairedEvent,
  person,
  refused,
  roundOf,
  SHOTS,
  seatsOf,
  shotPath,
  stateOf,
  tableOf,
  textOf,
  WAIT,
  watch,
  type Person,
  type Phone,
} from './player-real-host-helpers.js';

warnIfSkipped('player page against the real host');

const MTR_PLAYERS: readonly Person[] = [
  person('p1', 'Ana Archer', 'Ana', 'Archer'),
  person('p2', 'Bo Brandt', 'Bo', 'Brandt'),
  person('p3', 'Chloé Dubois', 'Chloé', 'Dubois'),
  person('p4', 'Dara Quinn', 'Dara', 'Quinn'),
  person('p5', 'Eitan Levi', 'Eitan', 'Levi'),
  person('p6', 'Fumiko Sato', 'Fumiko', 'Sato'),
  person('p7', 'María de la Cruz', 'María', 'Cruz'),
  person('p8', 'Hana Novák', 'Hana', 'Novák'),
];
const POD_PLAYERS: readonly Person[] = [
  person('q1', 'Ines Ortega', 'Ines', 'Ortega'),
  person('q2', 'Jun Park', 'Jun', 'Park'),
  person('q3', 'Kofi Mensah', 'Kofi', 'Mensah'),
  person('q4', 'Lena Weiss', 'Lena', 'Weiss'),
];

/** Text without the isolation marks the station puts around names (U+2068 … U+2069). */
const plain = (text: string | null): string => (text ?? '').replace(/[\u2066-\u2069]/g, '');
const DISPUTED = 'Disputed: the scorekeeper decides at the desk. A judge can help if you need one.';

describe.skipIf(!chromiumAvailable)('the player page on phones against the real host', () => {
  let dir: string;
  let cleanupRenderer: () => Promise<void> = async () => undefined;
  let mode: BrowserMode;
  let browser: Browser;
  let base: string;
  let station: Page;
  let stationContext: BrowserContext;
  const phones: Phone[] = [];
  const problems: string[] = [];
  /** Round 1 of the MTR event, as the host published it (with its report key). */
  let one: Round;

  const people = (list: readonly Person[]) => new Map(list.map((p) => [p.id, p]));
  const mtr = people(MTR_PLAYERS);
  const who = (id: string, from = mtr): Person => {
    const found = from.get(id);
    if (!found) throw new Error(`no player ${id}`);
    return found;
  };

  /** A phone of its own at `url` (the player page, or a slip's QR link). */
  const phone = async (url: string, label: string, fakeClock = false): Promise<Phone> => {
    const opened = await openPhone(browser, url, label, problems, fakeClock);
    phones.push(opened);
    return opened;
  };
  /** A phone at the slip's QR link of `table` in `round`, where `player` finds themselves by `typed`. */
  const slipPhone = async (round: Round, table: number, player: Person, typed: string, fakeClock = false): Promise<Phone> => {
    const p = await phone(reportUrl(base, round.number, table, codeOf(round, table)), player.name, fakeClock);
    await findMe(p.page, typed, player.name);
    return p;
  };
  /** `p` opens `player`'s card QR link (`/p#claim=CODE`): the phone claims them and says so. */
  const claimByCard = async (p: Phone, player: Person): Promise<void> => {
    const { code } = await mode.service.personalCode({ player: player.id });
    await p.page.goto(claimUrl(base, code.replace('-', '')));
    await eventually(() => p.page.getByTestId('claimed').textContent()).toMatch(/^This phone is yours for this event\./);
    expect(await p.page.locator('.pl-my-name').textContent()).toBe(player.name);
    expect(new URL(p.page.url()).hash).toBe('');
  };
  /** A phone of its own that claimed `player` with their card, then scanned the slip of `table`. */
  const claimedSlipPhone = async (round: Round, table: number, player: Person): Promise<Phone> => {
    const p = await phone(`${base}/p`, player.name);
    await claimByCard(p, player);
    await p.page.goto(reportUrl(base, round.number, table, codeOf(round, table)));
    return p;
  };
  const shot = (page: Page, name: string): Promise<Buffer> => page.screenshot({ path: shotPath(name) });
  const queueItem = (table: number) => station.getByTestId('report-queue').locator(`li[data-table="${table}"]`);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-player-real-'));
    await mkdir(SHOTS, { recursive: true });
    const renderer = await e2eRenderer();
    cleanupRenderer = renderer.cleanup;
    mode = await startBrowserMode({ port: 0, dataDir: path.join(dir, 'station'), rendererDir: renderer.dir, log: () => undefined });
    base = `http://127.0.0.1:${mode.server.port}`;
    browser = await launchChromium();
    one = await pairedEvent(mode.service, { name: 'Friday Night Modern', ruleset: 'mtr', settings: { swissRounds: 3 }, seed: 7 }, MTR_PLAYERS);
    expect(one.tables.map((t) => t.seats.length)).toEqual([2, 2, 2, 2]);
    // The scorekeeper's station, on the Results screen.
    stationContext = await browser.newContext(DESK);
    station = await stationContext.newPage();
    watch(station, 'station', problems);
    await station.goto(mode.server.keyedUrl('/'));
    const nav = station.getByRole('navigation', { name: 'Screens' });
    await nav.getByRole('button', { name: 'Results', exact: true }).click(WAIT);
    await nav.locator('[aria-current="page"]', { hasText: /^Results$/ }).waitFor(WAIT);
  }, 120_000);

  afterAll(async () => {
    for (const p of phones) await p.context.close().catch(() => undefined);
    await stationContext?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await mode?.close().catch(() => undefined);
    await cleanupRenderer();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  let ana: Phone; // seat 1 of table 1 (found by family name)
  let bo: Phone; // seat 2 of table 1 (found by given name)

  it('finds a table by typing part of a family or given name: table number and opponent, remembered over a reload', async () => {
    const [first, second] = seatsOf(one, 1).map((id) => who(id)) as [Person, Person];
    ana = await phone(`${base}/p`, first.name);
    await findMe(ana.page, first.family.slice(0, 4).toLowerCase(), first.name);
    expect(await textOf(ana.page.getByTestId('table-number'))).toBe('1');
    expect(await textOf(ana.page.getByTestId('opponents'))).toContain(second.name);
    expect(await textOf(ana.page.getByTestId('round'))).toBe('Round 1');
    await shot(ana.page, '01-my-table');
    // A reload: the phone remembers who it is.
    await ana.page.reload();
    expect(await textOf(ana.page.getByTestId('table-number'))).toBe('1');
    expect(await ana.page.getByTestId('opponents').textContent()).toContain(second.name);
    expect(await ana.page.getByLabel('Type a few letters of your family or given name').count()).toBe(0);

    // The opponent, on their own phone, by a few letters of the given name.
    bo = await phone(`${base}/p`, second.name);
    await findMe(bo.page, second.given.slice(0, 3).toLowerCase(), second.name);
    expect(await textOf(bo.page.getByTestId('table-number'))).toBe('1');
    expect(await textOf(bo.page.getByTestId('opponents'))).toContain(first.name);
    expect(problems).toEqual([]);
  });

  it('refuses a wrong code and table 1’s code used for table 2, in words, and writes nothing', async () => {
    const [first] = seatsOf(one, 2).map((id) => who(id)) as [Person];
    const before = await mode.service.snapshot();
    // The QR link of table 1's slip, altered to say table 2 (a player's own table).
    const p = await phone(reportUrl(base, 1, 2, codeOf(one, 1)), first.name);
    await findMe(p.page, first.family.slice(0, 4).toLowerCase(), first.name);
    expect(new URL(p.page.url()).search).toBe('');
    await p.page.getByRole('button', { name: /^2-0/ }).tap();
    await p.page.getByRole('button', { name: 'Send the result' }).tap();
    await refused(p.page, 'That is not the code of table 2 in round 1: check the code on your slip');
    expect(p.sent.filter((r) => r.kind === 'report')).toEqual([expect.objectContaining({ table: 2, round: 1, code: codeOf(one, 1) })]);
    await shot(p.page, '02-table-1-code-for-table-2');
    // Typed by hand: a wrong code.
    await p.page.getByRole('button', { name: 'Type the table’s code again' }).tap();
    const box = p.page.getByLabel(/Type the code printed on your match slip/);
    await box.tap();
    await box.fill('K7-WRONG');
    await p.page.getByRole('button', { name: 'Next' }).tap();
    await refused(p.page, 'That is not the code of table 2 in round 1: check the code on your slip');
    await shot(p.page, '03-wrong-code');
    const after = await mode.service.snapshot();
    expect(after.lastSeq).toBe(before.lastSeq);
    expect(after.state?.rounds[0]?.reports ?? []).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('with the default setting, disputed reports reach the station’s queue; A accepts, R rejects; the phones show the outcome', async () => {
    expect((await stateOf(mode.service)).settings.selfReports ?? 'queue').toBe('queue');

    // --- Table 3: reported 2-0, the opponent says 0-2. The scorekeeper accepts the report (A).
    const [e, f] = seatsOf(one, 3).map((id) => who(id)) as [Person, Person];
    const reporter = await slipPhone(one, 3, e, e.family.slice(0, 4).toLowerCase(), true);
    await reporter.page.getByRole('button', { name: /^2-0/ }).tap();
    await eventually(() => reporter.page.getByTestId('report-preview').textContent()).toMatch(new RegExp(`^You are reporting: .?${e.name}.? wins 2–0$`));
    await reporter.page.getByRole('button', { name: 'Send the result' }).tap();
    await eventually(() => reporter.page.getByTestId('report-status').textContent()).toBe(`Waiting for ${f.name} to answer.`);
    await shot(reporter.page, '04-reported-waiting');
    // The page redraws every second (its clock): five seconds of it (the phone's clock run on, no
    // waiting) ask the host nothing while nothing changed.
    const sentBefore = reporter.sent.length;
    await reporter.page.clock.runFor(5_000);
    await eventually(() => reporter.page.getByTestId('report-status').textContent()).toBe(`Waiting for ${f.name} to answer.`);
    expect(reporter.sent.slice(sentBefore)).toEqual([]);
    // The station sees it waiting.
    await eventually(() => queueItem(3).getAttribute('aria-label')).toBe('Table 3: waiting for the other players');

    const opponent = await slipPhone(one, 3, f, f.given.slice(0, 3).toLowerCase());
    await eventually(() => opponent.page.getByTestId('reported').textContent()).toMatch(new RegExp(`^${e.name} reported: .*${e.name}.* wins 2–0 — is that right\\?$`));
    await opponent.page.getByRole('button', { name: 'No — dispute it' }).tap();
    await opponent.page.getByRole('button', { name: /^0-2/ }).tap();
    await opponent.page.getByRole('button', { name: 'Send: that is not right' }).tap();
    await eventually(() => opponent.page.getByTestId('report-status').textContent()).toBe(DISPUTED);
    await shot(opponent.page, '05-disputed');

    await eventually(() => queueItem(3).getAttribute('aria-label')).toBe('Table 3: disputed');
    // Neither phone claimed its player (claims are on): the queue says so beside each.
    expect(plain(await queueItem(3).textContent())).toContain(`${e.name} reported: ${e.name} wins 2–0 not a claimed phone${f.name} disputes: ${f.name} wins 2–0 not a claimed phone`);
    await shot(station, '06-station-queue-disputed');
    expect((await stateOf(mode.service)).rounds[0]?.reports).toEqual([expect.objectContaining({ table: 3, status: 'disputed', reporter: e.id })]);
    // One key: A, on the focused report.
    await queueItem(3).focus();
    await station.keyboard.press('a');
    await eventually(async () => (await roundOf(mode.service, 1)).tables.find((t) => t.table === 3)?.result).toEqual({ games: [2, 0, 0] });
    await queueItem(3).waitFor({ state: 'detached', ...WAIT });
    // The published result names the winner, as the rule set words it ("Ana Archer wins 2–0").
    for (const p of [reporter, opponent]) await eventually(() => p.page.getByText(/^Result recorded: /).textContent()).toMatch(new RegExp(`^Result recorded: .?${e.name}.? wins 2–0$`));
    await opponent.page.getByRole('button', { name: '← My table' }).tap();
    await eventually(() => opponent.page.getByTestId('result').textContent()).toMatch(new RegExp(`^Result: .?${e.name}.? wins 2–0$`));
    await shot(opponent.page, '07-dispute-accepted');

    // --- Table 4: reported 2-1, disputed without a result. The scorekeeper rejects it (R).
    const [g, h] = seatsOf(one, 4).map((id) => who(id)) as [Person, Person];
    const gp = await slipPhone(one, 4, g, g.given.slice(0, 3).toLowerCase());
    await gp.page.getByRole('button', { name: /^2-1/ }).tap();
    await gp.page.getByRole('button', { name: 'Send the result' }).tap();
    await eventually(() => gp.page.getByTestId('report-status').textContent()).toBe(`Waiting for ${h.name} to answer.`);
    const hp = await slipPhone(one, 4, h, h.family.slice(0, 4).toLowerCase());
    await hp.page.getByRole('button', { name: 'No — dispute it' }).tap();
    await hp.page.getByRole('button', { name: 'Dispute without saying the result' }).tap();
    await eventually(() => hp.page.getByTestId('report-status').textContent()).toBe(DISPUTED);
    await eventually(() => queueItem(4).getAttribute('aria-label')).toBe('Table 4: disputed');
    expect(plain(await queueItem(4).textContent())).toContain(`${h.name} disputes it`);
    await shot(station, '08-station-queue-second-dispute');
    await queueItem(4).focus();
    await station.keyboard.press('r');
    await queueItem(4).waitFor({ state: 'detached', ...WAIT });
    await station.getByTestId('report-queue').waitFor({ state: 'detached', ...WAIT });
    const after = await roundOf(mode.service, 1);
    expect(after.reports ?? []).toEqual([]);
    expect(after.tables.find((t) => t.table === 4)?.result).toBeUndefined();
    // The phones: the report was not accepted, in words; back at the table, reporting is offered again.
    for (const p of [gp, hp]) {
      await eventually(() => p.page.getByTestId('report-rejected').textContent()).toMatch(/^The scorekeeper did not accept the result reported for this table\./);
      await p.page.getByRole('button', { name: '← My table' }).tap();
      await p.page.getByRole('button', { name: 'Report the result' }).waitFor(WAIT);
      await p.page.getByTestId('report-rejected').waitFor(WAIT);
      expect(await p.page.getByRole('button', { name: 'See it and confirm' }).count()).toBe(0);
    }
    await shot(hp.page, '09-dispute-rejected');
    expect(problems).toEqual([]);
  });

  it('with selfReports automatic (set in the Venue network panel), two players report and confirm from the slip: the result is recorded', async () => {
    await station.getByTestId('network-button').click();
    const panel = station.getByTestId('network-panel');
    await panel.getByTestId('self-reports-auto').click();
    await eventually(async () => (await stateOf(mode.service)).settings.selfReports).toBe('auto');
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
    await panel.waitFor({ state: 'detached', ...WAIT });

    const [first, second] = seatsOf(one, 1).map((id) => who(id)) as [Person, Person];
    const slip = reportUrl(base, 1, 1, tableCode(one.reportKey as string, 1, 1));
    // Automatic acceptance needs each player's own claimed phone: each scans their player card.
    await claimByCard(ana, first);
    await shot(ana.page, '09-claimed-by-card');
    await claimByCard(bo, second);
    // Ana scans table 1's slip: she is known on this phone, so straight to reporting.
    await ana.page.goto(slip);
    await ana.page.getByRole('button', { name: /^2-1/ }).tap();
    await eventually(() => ana.page.getByTestId('report-preview').textContent()).toMatch(new RegExp(`^You are reporting: .?${first.name}.? wins 2–1$`));
    await ana.page.getByRole('button', { name: 'Send the result' }).tap();
    await eventually(() => ana.page.getByTestId('report-status').textContent()).toBe(`Waiting for ${second.name} to answer.`);
    await shot(ana.page, '10-reported-auto');
    // Bo scans the same slip and agrees.
    await bo.page.goto(slip);
    await eventually(() => bo.page.getByTestId('reported').textContent()).toMatch(new RegExp(`^${first.name} reported: .*${first.name}.* wins 2–1 — is that right\\?$`));
    await shot(bo.page, '11-confirm');
    await bo.page.getByRole('button', { name: 'Yes, that is right' }).tap();
    await eventually(async () => (await roundOf(mode.service, 1)).tables.find((t) => t.table === 1)?.result).toEqual({ games: [2, 1, 0] });
    expect((await roundOf(mode.service, 1)).reports ?? []).toEqual([]);
    for (const p of [ana, bo]) await eventually(() => p.page.getByText(/^Result recorded: /).textContent()).toMatch(/^Result recorded: .+ wins 2–1$/);
    await shot(bo.page, '12-recorded-auto');
    // The station shows it among the round's results.
    await eventually(() => station.getByTestId('round-results').locator('tr[data-table="1"]').textContent()).toContain('wins 2–1');
    expect(problems).toEqual([]);
  });

  it('never shows a round only proposed; follows its publish by itself; a round-1 code is refused in round 2', async () => {
    // The last results of round 1, at the desk.
    for (const table of [2, 4]) await mode.service.dispatch({ command: { type: 'record-result', round: 1, table, result: { games: [2, 0, 0] } } });
    await ana.page.getByRole('button', { name: '← My table' }).tap();
    await eventually(() => ana.page.getByTestId('result').textContent()).toMatch(/^Result: /);
    const [c] = seatsOf(one, 2).map((id) => who(id)) as [Person];
    const cPhone = phones.find((p) => p.sent.some((r) => r.kind === 'report' && r.table === 2)) as Phone;

    // Round 2 proposed at the station: a preview only.
    const nav = station.getByRole('navigation', { name: 'Screens' });
    await nav.getByRole('button', { name: 'Pairings', exact: true }).click();
    const before = { seq: (await mode.service.snapshot()).lastSeq, made: mode.network.phones.made(), received: ana.received.length };
    const primary = station.getByTestId('primary-action');
    await eventually(() => primary.textContent()).toMatch(/^Pair round 2/);
    await primary.click();
    await station.getByTestId('pairing-preview').getByRole('heading', { name: 'Proposed pairing — round 2' }).waitFor(WAIT);
    await shot(station, '13-station-round-2-proposed');
    expect((await mode.service.snapshot()).lastSeq).toBe(before.seq);
    expect((await stateOf(mode.service)).rounds).toHaveLength(1);
    expect(mode.network.phones.made()).toEqual(before.made);
    expect(ana.received.slice(before.received).filter((m) => m.type !== 'tick')).toEqual([]);
    expect(await ana.page.getByTestId('round').textContent()).toBe('Round 1');
    expect(await ana.page.getByTestId('table-number').textContent()).toBe('1');
    await ana.page.getByRole('button', { name: 'Pairings' }).tap();
    await eventually(() => ana.page.getByRole('region', { name: 'Pairings' }).getByRole('heading').textContent()).toBe('Round 1 pairings');
    await ana.page.getByRole('button', { name: 'Me' }).tap();
    await shot(ana.page, '14-phone-while-proposed');

    // Published: the phone moves to round 2 by itself.
    await station.getByTestId('publish').click();
    const dialog = station.getByTestId('confirm-dialog');
    await dialog.waitFor(WAIT);
    await station.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await eventually(async () => (await stateOf(mode.service)).rounds.length).toBe(2);
    const two = await roundOf(mode.service, 2);
    await eventually(() => ana.page.getByTestId('round').textContent()).toBe('Round 2');
    expect(await ana.page.getByTestId('table-number').textContent()).toBe(String(tableOf(two, seatsOf(one, 1)[0] as string)));
    await shot(ana.page, '15-phone-round-2');

    // A round-1 code in round 2: the phone that was reporting table 2 now asks for its round-2
    // table's code; the round-1 code of that table number is refused.
    const cTable = tableOf(two, c.id);
    await eventually(() => cPhone.page.locator('h2').first().textContent()).toBe(`Table ${cTable}: the code`);
    const box = cPhone.page.getByLabel(/Type the code printed on your match slip/);
    await box.tap();
    await box.fill(tableCode(one.reportKey as string, 1, cTable));
    await cPhone.page.getByRole('button', { name: 'Next' }).tap();
    await refused(cPhone.page, `That is not the code of table ${cTable} in round 2: check the code on your slip`);
    await shot(cPhone.page, '16-round-1-code-in-round-2');
    // And the round-1 slip's QR link, scanned now: the phone says it is not for now.
    await cPhone.page.goto(reportUrl(base, 1, 2, codeOf(one, 2)));
    await eventually(() => cPhone.page.getByTestId('notice').textContent()).toBe(
      'This slip is from round 1; round 2 is being played — report round 2 with its own slip, and find your table for round 2 here.',
    );
    expect(await cPhone.page.getByTestId('round').textContent()).toBe('Round 2');
    expect(await cPhone.page.getByTestId('table-number').textContent()).toBe(String(cTable));
    await shot(cPhone.page, '16b-round-1-slip-in-round-2');
    expect(problems).toEqual([]);
  });

  it('a pod (mstr-2022, automatic): one player reports the winner from the slip, the other three confirm', async () => {
    const pod = people(POD_PLAYERS);
    const round = await pairedEvent(mode.service, { name: 'Commander Pod Night', ruleset: 'mstr-2022', settings: { selfReports: 'auto' }, seed: 3 }, POD_PLAYERS);
    const seats = seatsOf(round, 1).map((id) => who(id, pod));
    expect(seats).toHaveLength(4);
    const [s1, s2, s3, s4] = seats as [Person, Person, Person, Person];
    // Seat 2 reports that seat 3 won. Every seat's phone claimed its player with their card first.
    const reporter = await claimedSlipPhone(round, 1, s2);
    // The winner's seat, from the rule set's buttons (each says whose seat it is).
    await reporter.page.getByRole('button', { name: new RegExp(`^3\\s*${s3.name} wins$`) }).tap();
    await eventually(() => reporter.page.getByTestId('report-preview').textContent()).toMatch(new RegExp(`^You are reporting: .?${s3.name}.? wins$`));
    await reporter.page.getByRole('button', { name: 'Send the result' }).tap();
    await eventually(() => reporter.page.getByTestId('report-status').textContent()).toBe(`Waiting for ${s1.name}, ${s3.name} and ${s4.name} to answer.`);
    await shot(reporter.page, '17-pod-reported');
    const confirmers = [s1, s3, s4];
    const confirming: Phone[] = [];
    for (const [i, player] of confirmers.entries()) {
      const p = await claimedSlipPhone(round, 1, player);
      await eventually(() => p.page.getByTestId('reported').textContent()).toMatch(new RegExp(`^${s2.name} reported: .*${s3.name}.* wins — is that right\\?$`));
      if (i === 1) await shot(p.page, '18-pod-confirm');
      await p.page.getByRole('button', { name: 'Yes, that is right' }).tap();
      if (i < confirmers.length - 1) {
        // Every confirmation screen already open follows the answer — the reporter's and the earlier
        // confirmers' — without being opened again.
        const left = `Waiting for ${confirmers.slice(i + 1).map((c) => c.name).join(' and ')} to answer.`;
        for (const open of [reporter, ...confirming, p]) await eventually(() => open.page.getByTestId('report-status').textContent()).toBe(left);
        if (i === 0) await shot(reporter.page, '18b-pod-reporter-follows-answers');
      } else await eventually(() => p.page.getByText(/^Result recorded: /).textContent()).toContain(s3.name);
      confirming.push(p);
    }
    await eventually(async () => (await roundOf(mode.service, 1)).tables[0]?.result).toEqual({ winner: s3.id });
    await eventually(() => reporter.page.getByText(/^Result recorded: /).textContent()).toContain(s3.name);
    await shot(reporter.page, '19-pod-recorded');
    expect(problems).toEqual([]);
  });
});
