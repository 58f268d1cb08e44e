/**
 * The budget "keystroke-to-screen for one result at a 4,096-player event in round 9 under 50 ms
 * median": browser mode in a child process opens a save of `players` with 8 rounds played and round
 * 9 paired; Chromium shows the station's Results screen; results are typed as a scorekeeper types
 * them (the first outstanding table's number, Enter, "2-1", Enter: test/support/scorekeeper.ts
 * enterResult), at the end-to-end tests' 1366×768. Measured in the page: from the keydown of that
 * last Enter (performance.now() in a capturing listener, before the screen's own) to the frame that
 * shows the result (a MutationObserver sees the Outstanding list and the table's row change; then a
 * requestAnimationFrame, and the task after it, so that frame's style, layout and paint count too).
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { WebSocket } from 'ws';
import { connectWebSocket, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { benchPage, benchRenderer, benchTempDir, closeBrowser, launchBenchChromium, median, percentile, startChildHost, type ChildHost } from '../support/bench-host.js';
import { writePairedSave } from './fixtures.js';
import type { Benchmark, Row } from './types.js';

const WAIT = { timeout: 60_000 };

interface Probe {
  table: number | null;
  /** The Outstanding count the screen shows once the result is in. */
  outstanding: number;
  keydown: number;
  dom: number;
  frame: number;
  painted: number;
  toast: number;
}

declare global {
  interface Window {
    __benchProbe?: Probe;
  }
}

/**
 * In the page: note the last Enter's keydown, and the frame in which the screen shows the armed
 * table's result — the Outstanding list without the table and with the new count, and the table's
 * row in the Results table showing the result (when drawn: that table is virtualised, and below the
 * fold of a 1366×768 station at 4,096 players). Both change in the same render.
 */
function installProbe(): void {
  const probe: Probe = { table: null, outstanding: 0, keydown: 0, dom: 0, frame: 0, painted: 0, toast: 0 };
  window.__benchProbe = probe;
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter' && probe.table !== null && probe.keydown === 0 && document.activeElement?.hasAttribute('data-result-field')) probe.keydown = performance.now();
    },
    true,
  );
  const shows = (): boolean => {
    const count = document.querySelector('[data-testid="outstanding-count"]')?.textContent;
    if (count !== String(probe.outstanding)) return false;
    if (document.querySelector(`[data-testid="outstanding"] button[data-table="${probe.table}"]`)) return false;
    const row = document.querySelector(`[data-testid="round-results"] tr[data-table="${probe.table}"]`);
    return !row || !(row.textContent ?? '').includes('no result yet');
  };
  const toasted = (): boolean => [...document.querySelectorAll('[role="status"]')].some((t) => (t.textContent ?? '').startsWith(`Table ${probe.table}:`));
  new MutationObserver(() => {
    if (probe.table === null || probe.keydown === 0) return;
    if (probe.toast === 0 && toasted()) probe.toast = performance.now();
    if (probe.dom !== 0 || !shows()) return;
    probe.dom = performance.now();
    requestAnimationFrame(() => {
      probe.frame = performance.now();
      // The task after the frame's rendering steps: its style, layout and paint are done.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (probe.painted = performance.now());
      channel.port2.postMessage(null);
    });
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}

/** The outstanding tables as the screen shows them: the count and the first listed. */
function outstanding(page: Page): Promise<{ count: number; first: number | null }> {
  return page.evaluate(() => {
    const count = Number(document.querySelector('[data-testid="outstanding-count"]')?.textContent ?? NaN);
    const first = document.querySelector('[data-testid="outstanding"] button[data-table]')?.getAttribute('data-table');
    return { count, first: first ? Number(first) : null };
  });
}

const tableBoxReady = (page: Page): Promise<unknown> =>
  page.waitForFunction(() => {
    const box = document.querySelector<HTMLInputElement>('[data-testid="table-box"]');
    return !!box && box === document.activeElement && box.value === '';
  }, null, WAIT);

export function keystrokeToScreen(players: number, results = 20, budgetMs?: number, warmUp = 3): Benchmark {
  const label = players.toLocaleString('en');
  return {
    name: `keystroke to screen: one result typed on the Results screen, ${label} players in round 9 (Chromium; browser mode in a child process; ${results} results)`,
    async run() {
      const dir = benchTempDir('podium-bench-keys-');
      const dataDir = path.join(dir, 'station');
      const eventsDir = path.join(dataDir, 'events');
      mkdirSync(eventsDir, { recursive: true });
      const save = writePairedSave(eventsDir, `keys-${players}.podium`, players);
      let host: ChildHost | undefined;
      let browser: Browser | undefined;
      const problems: string[] = [];
      try {
        const rendererDir = await benchRenderer();
        host = await startChildHost(dataDir, rendererDir);
        // The host opens the save (as the station's Open would), before the page connects.
        const opener = connectWebSocket(host.rpcUrl, { create: (u) => new WebSocket(u) as unknown as WebSocketLike, reconnect: false });
        try {
          await opener.channel.ready;
          await opener.api.openEvent({ path: save.name });
        } finally {
          opener.channel.close();
        }
        browser = await launchBenchChromium();
        const page = await benchPage(browser);
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        await page.goto(host.url('/'));
        const nav = page.getByRole('navigation', { name: 'Screens' });
        await nav.getByRole('button', { name: 'Results', exact: true }).click(WAIT);
        // The Results table draws its rows once it has measured where it is (it is virtualised).
        await page.locator('[data-testid="round-results"] tr[data-table]').first().waitFor(WAIT);
        await tableBoxReady(page);
        await page.evaluate(installProbe);
        const totals: number[] = [];
        const doms: number[] = [];
        const toasts: number[] = [];
        for (let i = 0; i < warmUp + results; i++) {
          const open = await outstanding(page);
          const table = open.first;
          if (table === null) throw new Error(`no outstanding table is listed (after ${i} results)`);
          await page.keyboard.type(String(table));
          await page.keyboard.press('Enter');
          await page.waitForFunction(() => document.activeElement?.hasAttribute('data-result-field') ?? false, null, WAIT);
          await page.keyboard.type('2-1');
          await page.getByTestId('verdict').getByText('Enter to record').waitFor(WAIT);
          await page.evaluate(
            ({ t, left }) => {
              Object.assign(window.__benchProbe as Probe, { table: t, outstanding: left, keydown: 0, dom: 0, frame: 0, painted: 0, toast: 0 });
            },
            { t: table, left: open.count - 1 },
          );
          await page.keyboard.press('Enter');
          const probe = (await (await page.waitForFunction(() => (window.__benchProbe?.painted && window.__benchProbe.toast ? window.__benchProbe : null), null, WAIT)).jsonValue()) as Probe;
          await tableBoxReady(page);
          if (i < warmUp) continue;
          totals.push(probe.painted - probe.keydown);
          doms.push(probe.dom - probe.keydown);
          toasts.push(probe.toast - probe.keydown);
        }
        const med = median(totals);
        console.log(`  keydown → frame shown: ${totals.map((t) => t.toFixed(0)).join(', ')} ms`);
        console.log(`  median ${med.toFixed(1)} ms, p90 ${percentile(totals, 90).toFixed(1)} ms; keydown → the DOM changed: median ${median(doms).toFixed(1)} ms; keydown → the toast (after the host's answer): median ${median(toasts).toFixed(1)} ms`);
        if (problems.length > 0) console.log(`  the page reported: ${problems.slice(0, 3).join(' | ')}`);
        const limit = budgetMs !== undefined ? { budget: `under ${budgetMs} ms median`, limitMs: budgetMs } : { budget: '' };
        const rows: Row[] = [
          { work: `keystroke to screen, one result, ${label} players, round 9 (median of ${results})`, ...limit, measured: med },
          { work: `  p90, ${label} players`, budget: '', measured: percentile(totals, 90) },
        ];
        if (problems.length > 0) rows.push({ work: `  errors the page reported, ${label} players`, budget: '0', measured: String(problems.length), ok: false });
        return rows;
      } finally {
        await closeBrowser(browser);
        await host?.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
