/**
 * Choosing the network and joining from the address shown, in a real browser against
 * a real browser-mode host started with `--lan-address 127.0.0.2` (a loopback alias: Linux answers
 * on it without setup):
 *
 * - the station's Venue network panel offers this computer's addresses with the one given chosen,
 *   and shows the address devices open (screenshotted);
 * - a phone (360 × 640, touch) opens exactly that address — no code in it, no token, no key — and
 *   gets the join page, not the head station's "Not connected": it types the judge code and its
 *   name, and is the judge's screen (screenshotted);
 * - the Publish panel asks before publishing over another event's site (screenshotted).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, eventually, SHOTS, startE2eHost, warnIfSkipped, type E2eHost } from '../support/e2e.js';

warnIfSkipped('join at the address shown');

const LAN_ADDRESS = '127.0.0.2';
const PHONE = { width: 360, height: 640 };

describe.skipIf(!chromiumAvailable)('the address the Venue network panel shows', () => {
  let host: E2eHost;
  let sites: string;

  beforeAll(async () => {
    host = await startE2eHost('join-address', { lanAddress: LAN_ADDRESS });
    sites = await mkdtemp(path.join(os.tmpdir(), 'podium-join-address-sites-'));
  }, 120_000);
  afterAll(async () => {
    await host?.close();
    if (sites) await rm(sites, { recursive: true, force: true });
  });

  it('is chosen in the panel, and a device that opens it without a code gets the join page, joins and works', async () => {
    const { mode } = host;
    await mode.service.createEvent({ name: 'Joining Open', ruleset: 'mtr', settings: {} });
    const station = await host.open('/');
    await station.getByTestId('network-button').click();
    await station.getByTestId('network-switch').click();
    await station.getByTestId('network-url').first().waitFor();
    const shown = (await station.getByTestId('network-url').locator('code').textContent()) ?? '';
    expect(shown).toMatch(new RegExp(`^http://${LAN_ADDRESS.replace(/\./g, '\\.')}:\\d+/$`));
    const choice = station.getByLabel('Listen on');
    expect(await choice.inputValue()).toBe(LAN_ADDRESS);
    expect(await choice.locator('option').allTextContents()).toContain(`${LAN_ADDRESS} only`);
    await station.screenshot({ path: path.join(SHOTS, 'network-address-choice.png') });
    const judgeCode = mode.network.status().joinCodes.find((c) => c.role === 'judge')?.code as string;

    const phoneContext = await host.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    try {
      const phone = await phoneContext.newPage();
      const problems: string[] = [];
      phone.on('pageerror', (error) => problems.push(error.message));
      await phone.goto(shown);
      await phone.getByTestId('join-page').waitFor();
      expect(await phone.getByRole('heading', { level: 1 }).textContent()).toBe('Join this event');
      expect(await phone.getByText('Not connected').count()).toBe(0);
      await phone.getByTestId('join-code-input').fill(judgeCode.toLowerCase().replace('-', ' '));
      await phone.getByLabel('This device’s name').fill('Judge Ana');
      await phone.screenshot({ path: path.join(SHOTS, 'join-at-address-360x640.png') });
      await phone.getByRole('button', { name: 'Join' }).tap();
      await phone.waitForURL((u) => u.pathname === '/');
      await eventually(() => phone.getByTestId('judge-connection').textContent()).toBe('Connected · Judge Ana');
      await phone.screenshot({ path: path.join(SHOTS, 'join-at-address-joined-360x640.png') });
      expect(problems).toEqual([]);
      // The station's device list has it.
      await eventually(() => mode.network.status().devices.map((d) => `${d.name} ${d.role} ${d.connected}`)).toEqual(['Judge Ana judge true']);
    } finally {
      await phoneContext.close();
    }
  });

  it('the Publish panel asks before replacing another event’s site', async () => {
    const { mode } = host;
    const folder = path.join(sites, 'site');
    await mkdir(folder);
    await mode.service.publishSite({ folder });
    await mode.service.createEvent({ name: 'Sunday Cup', ruleset: 'mtr', settings: {} });
    const station = await host.open('/');
    await station.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Standings', exact: true }).click();
    await station.getByTestId('publish-folder').fill(folder);
    await station.getByTestId('publish-now').click();
    await station.getByTestId('confirm-dialog').waitFor();
    expect(await station.getByTestId('publish-replace-words').textContent()).toContain('holds the site of another event, "Joining Open"');
    await station.screenshot({ path: path.join(SHOTS, 'publish-replace-confirm.png') });
    await station.getByTestId('confirm').click();
    await eventually(() => station.getByTestId('site-last').textContent()).toMatch(/^Last published/);
  });
});
