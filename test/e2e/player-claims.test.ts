/**
 * A player is who their phone says, end to end (ARCHITECTURE "A player is who their phone
 * claimed"), in Chromium against the real browser-mode host: phones at 360×640 with touch (one
 * browser context each, their own localStorage) and the scorekeeper's station at 1366×768.
 *
 * An MTR event, self-reports automatic, claims on (the default):
 * 1. a phone opens the player page, "This is me", types Ana's personal code (as the desk reads it
 *    out): the phone is Ana's, and says the desk alone frees it; a wrong code is refused in words;
 * 2. the desk resets Ana's claim on the Players screen (one button, a toast, in the journal); a new
 *    phone claims her with her card's QR link; the old phone's next report is refused in words and
 *    it forgets its claim;
 * 3. Ana reports from her claimed phone, Bo (found by name, no claim) agrees: not recorded by itself;
 *    the station's queue marks Ana's report "claimed phone" and Bo's answer "not a claimed phone";
 * 4. a player registered at the desk: their personal code shown once under the form;
 * 5. the Venue network panel says what claims on and off mean.
 *
 * Screenshots: /tmp/real-host-shots/claims-*.png. No sleeps: every wait is for a condition.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Round } from '../../core/model/types.js';
import { claimUrl, reportUrl } from '../../core/public/types.js';
import { startBrowserMode, type BrowserMode } from '../../electron/web.js';
import { chromiumAvailable, e2eRenderer, eventually, launchChromium, warnIfSkipped } from '../support/e2e.js';
import { codeOf, DESK, findMe, openPhone, pairedEvent, person, refused, SHOTS, seatsOf, shotPath, stateOf, WAIT, watch, type Person, type Phone } from './player-real-host-helpers.js';

warnIfSkipped('phones claiming players against the real host');

/** Text without the isolation marks the station puts around names (U+2068 … U+2069). */
const plain = (text: string | null): string => (text ?? '').replace(/[\u2066-\u2069]/g, '');

const PLAYERS: readonly Person[] = [
  person('p1', 'Ana Archer', 'Ana', 'Archer'),
  person('p2', 'Bo Brandt', 'Bo', 'Brandt'),
  person('p3', 'Cy Clay', 'Cy', 'Clay'),
  person('p4', 'Di Dunn', 'Di', 'Dunn'),
];

describe.skipIf(!chromiumAvailable)('phones claim their players with personal codes', () => {
  let dir: string;
  let cleanupRenderer: () => Promise<void> = async () => undefined;
  let mode: BrowserMode;
  let browser: Browser;
  let base: string;
  let station: Page;
  let stationContext: BrowserContext;
  const phones: Phone[] = [];
  const problems: string[] = [];
  let round: Round;
  let ana: Person;
  let bo: Person;

  const phone = async (url: string, label: string): Promise<Phone> => {
    const opened = await openPhone(browser, url, label, problems);
    phones.push(opened);
    return opened;
  };
  const shot = (page: Page, name: string): Promise<Buffer> => page.screenshot({ path: shotPath(`claims-${name}`) });
  const screen = async (name: string): Promise<void> => {
    const nav = station.getByRole('navigation', { name: 'Screens' });
    await nav.getByRole('button', { name, exact: true }).click(WAIT);
    await nav.locator('[aria-current="page"]', { hasText: new RegExp(`^${name}$`) }).waitFor(WAIT);
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-claims-'));
    await mkdir(SHOTS, { recursive: true });
    const renderer = await e2eRenderer();
    cleanupRenderer = renderer.cleanup;
    mode = await startBrowserMode({ port: 0, dataDir: path.join(dir, 'station'), rendererDir: renderer.dir, log: () => undefined });
    base = `http://127.0.0.1:${mode.server.port}`;
    browser = await launchChromium();
    round = await pairedEvent(mode.service, { name: 'Claims Open', ruleset: 'mtr', settings: { selfReports: 'auto' }, seed: 5 }, PLAYERS);
    const byId = new Map(PLAYERS.map((p) => [p.id, p]));
    [ana, bo] = seatsOf(round, 1).map((id) => byId.get(id) as Person) as [Person, Person];
    stationContext = await browser.newContext(DESK);
    station = await stationContext.newPage();
    watch(station, 'station', problems);
    await station.goto(mode.server.keyedUrl('/'));
    await screen('Players');
  }, 120_000);

  afterAll(async () => {
    for (const p of phones) await p.context.close().catch(() => undefined);
    await stationContext?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await mode?.close().catch(() => undefined);
    await cleanupRenderer();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  let first: Phone; // Ana's first phone (typed her code)
  let second: Phone; // Ana's new phone (her card's QR link, after the reset)

  it('"This is me": a typed personal code makes the phone its player’s; a wrong one is refused in words', async () => {
    first = await phone(`${base}/p`, 'Ana phone 1');
    await first.page.getByTestId('claim-open').waitFor(WAIT);
    await shot(first.page, '1-this-is-me');
    await first.page.getByTestId('claim-open').tap();
    const step = first.page.getByTestId('claim-step');
    await step.waitFor(WAIT);
    await shot(first.page, '1b-this-is-me-form');
    const box = first.page.getByLabel(/Type the personal code on your player card/);
    await box.tap();
    await box.fill('ABCD-EFGH');
    await step.getByRole('button', { name: 'This is me' }).tap();
    await refused(first.page, /^That is not the personal code of a player at Claims Open: check the code on your player card for this event/);
    await shot(first.page, '2-wrong-code');
    const { code } = await mode.service.personalCode({ player: ana.id });
    await box.fill(code.toLowerCase());
    await step.getByRole('button', { name: 'This is me' }).tap();
    await eventually(() => first.page.getByTestId('claimed').textContent()).toBe('This phone is yours for this event. A new or lost phone? Only the scorekeeper can reset it.');
    expect(await first.page.locator('.pl-my-name').textContent()).toBe(ana.name);
    // No "Not you?": the claim is given up at the desk only.
    expect(await first.page.getByRole('button', { name: 'Not you?' }).count()).toBe(0);
    expect((await stateOf(mode.service)).claims?.[ana.id]).toMatchObject({ phone: expect.stringMatching(/^phone-/) });
    // The token was answered to this phone and kept for this event; the journal has only its hash.
    const eventId = (await stateOf(mode.service)).id;
    const kept = await first.page.evaluate((id) => localStorage.getItem(`podium.player.${id}.claim`), eventId);
    expect(JSON.parse(kept ?? '{}')).toMatchObject({ player: ana.id, token: expect.any(String) });
    await shot(first.page, '3-claimed');
    // The station's Players list shows the claim.
    await eventually(() => station.getByTestId(`player-${ana.id}`).getByTestId('claimed-badge').textContent()).toContain('claimed');
    expect(problems).toEqual([]);
  });

  it('the desk resets a lost phone’s claim in one action: a new phone claims with the card, the old token is refused in words', async () => {
    const row = station.getByTestId(`player-${ana.id}`);
    await row.getByTestId('reset-claim').click();
    await eventually(async () => plain(await station.getByTestId('toasts').textContent())).toContain('Ana Archer’s phone claim reset: their personal code claims again, on a new phone');
    await eventually(async () => (await stateOf(mode.service)).claims?.[ana.id]).toBeUndefined();
    await eventually(() => row.textContent()).toContain('not claimed');
    await station.screenshot({ path: shotPath('claims-4-players-reset') });

    const { code } = await mode.service.personalCode({ player: ana.id });
    second = await phone(claimUrl(base, code.replace('-', '')), 'Ana phone 2');
    await eventually(() => second.page.getByTestId('claimed').textContent()).toMatch(/^This phone is yours/);
    expect(new URL(second.page.url()).hash).toBe('');

    // The old phone still believes it is Ana's: its report is refused, and it forgets the claim.
    await first.page.goto(reportUrl(base, 1, 1, codeOf(round, 1)));
    await first.page.getByRole('button', { name: /^2-0/ }).tap();
    await first.page.getByRole('button', { name: 'Send the result' }).tap();
    await refused(first.page, 'This phone’s claim was reset at the desk (or is from another event): type your personal code from your player card again');
    await shot(first.page, '5-old-token-refused');
    expect((await stateOf(mode.service)).rounds[0]?.reports ?? []).toEqual([]);
    await first.page.getByRole('button', { name: '← My table' }).tap();
    await first.page.getByTestId('claim-open').waitFor(WAIT);
    expect(problems).toEqual([]);
  });

  it('a claimed report with an unclaimed answer waits in the queue, each marked; the desk accepts it', async () => {
    await screen('Results');
    await second.page.goto(reportUrl(base, 1, 1, codeOf(round, 1)));
    await second.page.getByRole('button', { name: /^2-1/ }).tap();
    await second.page.getByRole('button', { name: 'Send the result' }).tap();
    await eventually(() => second.page.getByTestId('report-status').textContent()).toBe(`Waiting for ${bo.name} to answer.`);
    // Bo finds himself by name: no claim. The page offers to make the phone his.
    const boPhone = await phone(reportUrl(base, 1, 1, codeOf(round, 1)), 'Bo phone');
    await findMe(boPhone.page, bo.family.slice(0, 4).toLowerCase(), bo.name);
    await boPhone.page.getByRole('button', { name: 'Yes, that is right' }).tap();
    await eventually(async () => (await stateOf(mode.service)).rounds[0]?.reports?.[0]?.status).toBe('agreed');
    expect((await stateOf(mode.service)).rounds[0]?.tables[0]?.result).toBeUndefined();
    await boPhone.page.getByRole('button', { name: '← My table' }).tap();
    await boPhone.page.getByTestId('claim-open').scrollIntoViewIfNeeded();
    await shot(boPhone.page, '6-unclaimed-my-table');

    const item = station.getByTestId('report-queue').locator('li[data-table="1"]');
    await eventually(() => item.getByTestId('claimed-phone').count()).toBe(1);
    expect(await item.getByTestId('unclaimed-phone').count()).toBe(1);
    expect(await item.locator('p.agree').textContent()).toMatch(/agreed\s+not a claimed phone$/);
    await item.scrollIntoViewIfNeeded();
    await station.screenshot({ path: shotPath('claims-7-queue-marks') });
    await item.focus();
    await station.keyboard.press('a');
    await eventually(async () => (await stateOf(mode.service)).rounds[0]?.tables[0]?.result).toEqual({ games: [2, 1, 0] });
    expect(problems).toEqual([]);
  });

  it('registering a player shows their personal code once; the Venue network panel says what claims on and off mean', async () => {
    await screen('Players');
    await station.getByTestId('register-name').fill('Zoe Zed');
    await station.getByTestId('register').click();
    const note = station.getByTestId('new-personal-code');
    await eventually(async () => plain(await note.textContent())).toMatch(/^Zoe Zed’s personal code: [A-Z2-9]{4}-[A-Z2-9]{4}/);
    const id = (await stateOf(mode.service)).players.find((p) => p.name === 'Zoe Zed')?.id as string;
    expect(await note.locator('code').textContent()).toBe((await mode.service.personalCode({ player: id })).code);
    await station.screenshot({ path: shotPath('claims-8-registered-code') });
    await note.getByTestId('hide-personal-code').click();
    await note.waitFor({ state: 'detached', ...WAIT });

    await station.getByTestId('network-button').click();
    const setting = station.getByTestId('claims-setting');
    await setting.scrollIntoViewIfNeeded();
    expect(await setting.textContent()).toContain('a table’s code is enough');
    expect(await setting.getByTestId('claims-on').isChecked()).toBe(true);
    await eventually(() => setting.getByTestId('claims-count').textContent()).toMatch(/^1 of 5 players claimed by a phone/);
    await station.screenshot({ path: shotPath('claims-9-network-panel') });
    await setting.getByTestId('claims-off').click();
    await eventually(async () => (await stateOf(mode.service)).settings.claims).toBe('off');
    expect(problems).toEqual([]);
  });
});
