/**
 * The budget "importing 10,000 players from CSV under 10 s": browser mode in a child process with a
 * new, empty mtr event; Chromium on the station's Players screen opens "Import CSV…", chooses a
 * file of `players` rows (name, note: accents, particles, family-name commas, CJK) in the file
 * input, and clicks "Import N players" as soon as the preview says they are ready. Measured in the
 * page (performance.now()): from the file input's change to the preview's "N players ready", and
 * from the click to the frame in which the Players screen counts them all ("N active"); the
 * budget is their sum (the time a scorekeeper waits; their own pause before clicking left out).
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { WebSocket } from 'ws';
import { connectWebSocket, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { benchPage, benchRenderer, benchTempDir, closeBrowser, launchBenchChromium, startChildHost, type ChildHost } from '../support/bench-host.js';
import type { Benchmark, Row } from './types.js';

const WAIT = { timeout: 120_000 };

const GIVEN = ['José', 'Chloé', 'Ngozi', 'Søren', 'Aoife', 'Mateus', 'Zoë', 'Dmitri', 'Hana', 'Jean-Luc', 'Priya', 'Ólafur'];
const FAMILY = ['Núñez', 'de la Cruz', 'van Beethoven', 'Ní Bhriain', 'Okafor', 'Ångström', 'Dvořák', 'Mac Giolla', 'Lindqvist', 'Tanaka', 'Silva', 'O’Brien'];

/** `count` distinct players as a club's export would list them (a header line first). */
export function playersCsv(count: number): string {
  const lines = ['name,note'];
  for (let i = 0; i < count; i++) {
    const given = GIVEN[i % GIVEN.length] as string;
    const family = FAMILY[Math.floor(i / GIVEN.length) % FAMILY.length] as string;
    const name = i % 97 === 0 ? `"${family}, ${given} ${i + 1}"` : i % 89 === 0 ? `山田 花子${i + 1}` : `${given} ${family} ${i + 1}`;
    lines.push(`${name},DCI ${String(1_000_000 + i)}`);
  }
  return `${lines.join('\n')}\n`;
}

interface CsvProbe {
  change: number;
  ready: number;
  click: number;
  shown: number;
}

declare global {
  interface Window {
    __csvProbe?: CsvProbe;
  }
}

export function csvImport(players: number, budgetMs: number): Benchmark {
  const label = players.toLocaleString('en');
  return {
    name: `CSV import of ${label} players through the Players screen (Chromium; browser mode in a child process)`,
    async run() {
      const dir = benchTempDir('podium-bench-csv-');
      const dataDir = path.join(dir, 'station');
      mkdirSync(path.join(dataDir, 'events'), { recursive: true });
      let host: ChildHost | undefined;
      let browser: Browser | undefined;
      const problems: string[] = [];
      try {
        const rendererDir = await benchRenderer();
        host = await startChildHost(dataDir, rendererDir);
        const creator = connectWebSocket(host.rpcUrl, { create: (u) => new WebSocket(u) as unknown as WebSocketLike, reconnect: false });
        try {
          await creator.channel.ready;
          await creator.api.createEvent({ name: 'Regional Championship', ruleset: 'mtr', settings: {} });
        } finally {
          creator.channel.close();
        }
        browser = await launchBenchChromium();
        const page = await benchPage(browser);
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        await page.goto(host.url('/'));
        await page.getByTestId('registration-form').waitFor(WAIT);
        await page.getByTestId('open-import').click(WAIT);
        await page.getByTestId('csv-file').waitFor({ state: 'attached', ...WAIT });
        await page.evaluate((expected) => {
          const probe: CsvProbe = { change: 0, ready: 0, click: 0, shown: 0 };
          window.__csvProbe = probe;
          document.addEventListener('change', () => (probe.change ||= performance.now()), true);
          document.addEventListener('click', (event) => {
            if ((event.target as Element | null)?.closest('[data-testid="csv-import-button"]')) probe.click ||= performance.now();
          }, true);
          new MutationObserver(() => {
            if (probe.change !== 0 && probe.ready === 0 && (document.querySelector('[data-testid="csv-summary"]')?.textContent ?? '').includes(`${expected} players ready`)) {
              probe.ready = performance.now();
            }
            if (probe.click === 0 || probe.shown !== 0) return;
            if ((document.querySelector('[data-testid="player-counts"]')?.textContent ?? '').startsWith(`${expected} active`)) {
              probe.shown = -1;
              requestAnimationFrame(() => {
                const channel = new MessageChannel();
                channel.port1.onmessage = () => (probe.shown = performance.now());
                channel.port2.postMessage(null);
              });
            }
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        }, players);
        await page.getByTestId('csv-file').setInputFiles({ name: 'players.csv', mimeType: 'text/csv', buffer: Buffer.from(playersCsv(players)) });
        await page.waitForFunction(() => (window.__csvProbe?.ready ?? 0) > 0, null, WAIT);
        await page.getByTestId('csv-import-button').click(WAIT);
        const probe = (await (await page.waitForFunction(() => ((window.__csvProbe?.shown ?? 0) > 0 ? window.__csvProbe : null), null, WAIT)).jsonValue()) as CsvProbe;
        const preview = probe.ready - probe.change;
        const importing = probe.shown - probe.click;
        console.log(`  file chosen → "${label} players ready": ${(preview / 1000).toFixed(2)} s; Import clicked → "${players} active" on screen: ${(importing / 1000).toFixed(2)} s`);
        if (problems.length > 0) console.log(`  the page reported: ${problems.slice(0, 3).join(' | ')}`);
        const rows: Row[] = [
          { work: `import ${label} players from a CSV file (preview + import, to the screen)`, budget: `under ${budgetMs / 1000} s`, limitMs: budgetMs, measured: preview + importing },
          { work: `  of which the preview (file chosen → "${label} players ready")`, budget: '', measured: preview },
          { work: `  and the import (Import clicked → "${players} active" shown)`, budget: '', measured: importing },
        ];
        if (problems.length > 0) rows.push({ work: '  errors the page reported', budget: '0', measured: String(problems.length), ok: false });
        return rows;
      } finally {
        await closeBrowser(browser);
        await host?.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
