/**
 * Browser mode end to end, in a real browser: the built renderer served by the real server,
 * talking to the real host services over the WebSocket, under the real CSP. Uses Debian's
 * Chromium (/usr/bin/chromium: `apt-get install -y chromium`, as .ci/run does); skipped, saying
 * so, where it is not installed.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserMode, type BrowserMode } from '../../electron/web.js';
import { buildRenderer } from '../../scripts/build.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) console.warn(`browser-mode e2e skipped: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

describe.skipIf(!available)('browser mode in Chromium', () => {
  let dir: string;
  let mode: BrowserMode;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-e2e-'));
    const rendererDir = path.join(dir, 'renderer');
    await buildRenderer(rendererDir);
    mode = await startBrowserMode({ port: 0, dataDir: path.join(dir, 'station'), rendererDir, log: () => undefined });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await mode?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const open = async (urlPath: string): Promise<Page> => {
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${urlPath}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${urlPath}: ${error.message}`));
    await page.goto(`${mode.server.url}${urlPath.replace(/^\//, '')}`);
    return page;
  };

  it('shows the station and the projector, kept in step by the host', async () => {
    const station = await open('/');
    await station.getByText('Connected').waitFor();
    await station.getByTestId('no-event').waitFor();
    const projector = await open('/projector');
    await projector.getByTestId('no-event').waitFor();

    await station.getByRole('button', { name: 'Create a demo event (8 players)' }).click();
    await station.getByRole('heading', { name: 'Demo event' }).waitFor();
    await expect.poll(() => station.getByTestId('players').textContent()).toBe('8');
    expect(await station.getByTestId('round').textContent()).toBe('Not started');
    await projector.getByRole('heading', { name: 'Demo event' }).waitFor();

    // A round paired by another client reaches both windows by push.
    const proposal = await mode.service.query({ kind: 'propose-pairing', seed: 3 });
    if (proposal.kind !== 'propose-pairing') throw new Error('wrong answer kind');
    const tables = proposal.proposal.tables.map((t) => ({ table: t.table, seats: t.seats }));
    await mode.service.dispatch({ command: { type: 'pair-round', round: 1, stage: 'swiss', tables, byes: [], seed: 3 } });
    await expect.poll(() => projector.getByTestId('round').textContent()).toBe('Round 1 — 4 tables outstanding');
    await expect.poll(() => station.getByTestId('round').textContent()).toBe('Round 1 — 4 tables outstanding');

    // A new event from the form replaces the open one, in both windows.
    await station.getByRole('textbox', { name: 'Name' }).fill('Friday Night Magic');
    await station.getByRole('combobox', { name: 'Rule set' }).selectOption('mamtr-2024');
    await station.getByRole('button', { name: 'Create event' }).click();
    await station.getByRole('heading', { name: 'Friday Night Magic' }).waitFor();
    expect(await station.getByText('Multiplayer Addendum 2024 (pods)').count()).toBeGreaterThan(0);
    await projector.getByRole('heading', { name: 'Friday Night Magic' }).waitFor();
    await expect.poll(() => station.getByTestId('players').textContent()).toBe('0');

    expect(problems).toEqual([]);
  });
});
