/**
 * Browser mode end to end, in a real browser: the built renderer served by the real server,
 * talking to the real host services over the WebSocket, under the real CSP, with no console error.
 * The station and the projector are kept in step by the host's pushes: an event created on the
 * station's Start screen, players registered and a round paired by another client, the event closed
 * and another created from the form — both windows follow. Uses Debian's Chromium; skipped, saying
 * so, where it is not installed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { KEY_REFUSED_WORDS, NO_KEY_WORDS } from '../../renderer/components/StationKey.js';
import { chromiumAvailable, eventually, SHOTS, startE2eHost, warnIfSkipped, type E2eHost } from '../support/e2e.js';

warnIfSkipped('browser-mode');

const NAMES = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'María de la Cruz', 'Hana Novak'];

describe.skipIf(!chromiumAvailable)('browser mode in Chromium', () => {
  let host: E2eHost;

  beforeAll(async () => {
    host = await startE2eHost('browser-mode');
  }, 120_000);

  afterAll(async () => {
    await host?.close();
  });

  it('shows the station and the projector, kept in step by the host', async () => {
    const station = await host.open('/');
    await station.getByText('Connected').waitFor();
    await station.getByRole('heading', { name: 'New event' }).waitFor();
    const projector = await host.open('/projector');
    await projector.getByTestId('no-event').waitFor();

    // An event created on the Start screen opens on the station and reaches the projector.
    await station.getByTestId('event-name').fill('Demo event');
    await station.getByTestId('create-event').click();
    await station.getByRole('heading', { name: 'Demo event', level: 1 }).waitFor();
    expect(await station.getByTestId('round').textContent()).toBe('Registration');
    await projector.getByRole('heading', { name: 'Demo event' }).waitFor();

    // Players registered and a round paired by another client reach both windows by push.
    const service = host.mode.service;
    for (const [i, name] of NAMES.entries()) await service.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i } });
    await eventually(() => station.getByTestId('player-counts').textContent()).toContain('8 active');
    const proposal = await service.query({ kind: 'propose-pairing', seed: 3 });
    if (proposal.kind !== 'propose-pairing') throw new Error('wrong answer kind');
    const tables = proposal.proposal.tables.map((t) => ({ table: t.table, seats: t.seats }));
    await service.dispatch({ command: { type: 'pair-round', round: 1, stage: 'swiss', tables, byes: [], seed: 3 } });
    await eventually(() => projector.getByTestId('round').textContent()).toBe('Round 1 — 4 tables outstanding');
    await eventually(() => station.getByTestId('round').textContent()).toBe('Round 1 · 4 outstanding');

    // Closing the event takes both windows back to no event; a new one from the form replaces it.
    await station.getByTestId('close-event').click();
    await station.getByRole('heading', { name: 'New event' }).waitFor();
    await projector.getByTestId('no-event').waitFor();
    await station.getByTestId('event-name').fill('Friday Night Magic');
    await station.getByTestId('ruleset').selectOption('mamtr-2024');
    await station.getByTestId('create-event').click();
    await station.getByRole('heading', { name: 'Friday Night Magic', level: 1 }).waitFor();
    expect(await station.getByText('Multiplayer Addendum to the Magic Tournament Rules (December 2024)').count()).toBeGreaterThan(0);
    await projector.getByRole('heading', { name: 'Friday Night Magic' }).waitFor();
    await eventually(() => station.getByTestId('player-counts').textContent()).toContain('0 active');

    expect(host.problems).toEqual([]);
  });

  it('opens from the printed address, takes the key out of the address bar, and refuses /rpc without it', async () => {
    const { server, service } = host.mode;
    await service.createEvent({ name: 'Key Cup', ruleset: 'mtr', settings: {} });

    // The address browser mode prints carries the key; opened in a browser, the station connects.
    expect(server.keyedUrl('/')).toBe(`${server.url}?key=${server.key}`);
    const context = await host.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const problems: string[] = [];
    context.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    const station = await context.newPage();
    await station.goto(server.keyedUrl('/'));
    await station.getByText('Connected').waitFor();
    await station.getByRole('heading', { name: 'Key Cup', level: 1 }).waitFor();
    expect(station.url()).toBe(server.url); // nothing to read over a shoulder, nothing in the history
    expect(await station.evaluate(() => window.location.search)).toBe('');
    // A reload keeps working, and so does the projector opened by hand in another tab.
    await station.reload();
    await station.getByText('Connected').waitFor();
    await station.getByRole('heading', { name: 'Key Cup', level: 1 }).waitFor();
    const projector = await context.newPage();
    await projector.goto(`${server.url}projector`);
    await projector.getByRole('heading', { name: 'Key Cup' }).waitFor();
    expect(projector.url()).toBe(`${server.url}projector`);
    await context.close();
    expect(problems).toEqual([]);

    // Another browser (nothing kept) without the key: the page says what to do and never connects.
    const stranger = await host.browser.newPage();
    try {
      await stranger.goto(server.url);
      await stranger.getByRole('heading', { name: NO_KEY_WORDS }).waitFor();
      expect(await stranger.getByTestId('key-refused').textContent()).toContain('Open the address Podium printed when it started');
      expect(await stranger.getByRole('heading', { name: 'Key Cup' }).count()).toBe(0);
      const plain = await stranger.evaluate(async () => {
        const reply = await fetch('/rpc');
        return { status: reply.status, text: await reply.text() };
      });
      expect(plain.status).toBe(403);
      expect(plain.text).toMatch(/the station key is missing/);
      const socket = await stranger.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(`ws://${window.location.host}/rpc`);
            ws.onopen = () => resolve('open');
            ws.onclose = () => resolve('refused');
          }),
      );
      expect(socket).toBe('refused');
      // With a wrong key in the address: the same.
      await stranger.goto(`${server.url}?key=not-the-key`);
      expect(stranger.url()).toBe(server.url);
      await stranger.getByRole('heading', { name: KEY_REFUSED_WORDS }).waitFor();
    } finally {
      await stranger.close();
    }
    expect(host.problems).toEqual([]);
  });

  it('a new station key from the help: this window and the tabs of this browser follow, another browser is told in words what to do', async () => {
    const { server, service } = host.mode;
    await service.createEvent({ name: 'New Key Cup', ruleset: 'mtr', settings: {} });
    const old = server.key;
    const here = await host.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const elsewhere = await host.browser.newContext({ viewport: { width: 1366, height: 768 } });
    try {
      const station = await here.newPage();
      await station.goto(server.keyedUrl('/'));
      await station.getByRole('heading', { name: 'New Key Cup', level: 1 }).waitFor();
      const projector = await here.newPage();
      await projector.goto(`${server.url}projector`);
      await projector.getByRole('heading', { name: 'New Key Cup' }).waitFor();
      const hall = await elsewhere.newPage();
      await hall.goto(server.keyedUrl('/projector'));
      await hall.getByRole('heading', { name: 'New Key Cup' }).waitFor();

      // The help shows the addresses with the key, and gives the station a new one after asking once.
      // (The Players screen puts the cursor in the name box, where "?" would be typed.)
      await station.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await station.keyboard.press('?');
      const help = station.getByTestId('station-key-help');
      expect(await help.getByTestId('projector-address').textContent()).toBe(server.keyedUrl('/projector'));
      await help.getByTestId('new-station-key').scrollIntoViewIfNeeded();
      await station.screenshot({ path: path.join(SHOTS, 'station-key-help-1366x768.png') });
      await help.getByTestId('new-station-key').click();
      await station.getByTestId('confirm').click();

      // This window opens again with the new key, and so does the projector tab of the same browser.
      await eventually(() => server.key).not.toBe(old);
      const key = server.key;
      expect((await readFile(path.join(host.dataDir, 'station-key'), 'utf8')).trim()).toBe(key);
      await station.getByRole('heading', { name: 'New Key Cup', level: 1 }).waitFor();
      await eventually(() => station.getByTestId('connection').textContent()).toBe('Connected');
      await eventually(() => station.evaluate(() => window.localStorage.getItem('podium-station-key'))).toBe(key);
      await projector.getByRole('heading', { name: 'New Key Cup' }).waitFor();
      await eventually(() => projector.evaluate(() => window.localStorage.getItem('podium-station-key'))).toBe(key);
      expect(await projector.getByTestId('key-refused').count()).toBe(0);

      // The projector in another browser still holds the old key: it says so, and what to do.
      const refused = hall.getByTestId('key-refused');
      await refused.waitFor({ timeout: 15_000 });
      expect(await refused.getByRole('heading').textContent()).toBe(KEY_REFUSED_WORDS);
      expect(await refused.textContent()).toContain('Open the address Podium printed when it started');
      expect(await hall.getByTestId('projector-connection-lost').count()).toBe(0);
      await hall.screenshot({ path: path.join(SHOTS, 'station-key-refused-projector-1366x768.png') });
      // The new address brings it back.
      await hall.goto(server.keyedUrl('/projector'));
      await hall.getByRole('heading', { name: 'New Key Cup' }).waitFor();
    } finally {
      await here.close();
      await elsewhere.close();
    }
    expect(host.problems.filter((p) => !/WebSocket|Failed to load resource/.test(p))).toEqual([]);
  });
});
