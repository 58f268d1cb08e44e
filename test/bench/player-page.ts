/**
 * ARCHITECTURE.md, "the player page's first screen at 256 kbit/s: under 80 KB transferred, under
 * 3 s": browser mode in a child process (the real host, the real renderer build) opens a save of
 * `players` with two rounds played and round 3 paired; Chromium, as a phone (360×640, touch), on a
 * network slowed through the DevTools protocol (Network.emulateNetworkConditions: `kbps` down and
 * up, `latencyMs` added to each request), opens `/p` with an empty cache, `runs` times, each in a
 * fresh browser context. Measured: the bytes of the page's files on the wire (headers and compressed
 * bodies, Chromium's own count: test/support/first-screen.ts), the published view's bytes over the
 * WebSocket, and the time from the start of the navigation to the frame that draws "Find me". Then
 * the same phone opens the page again (cached): its bytes and time.
 *
 * Bounded: every wait has a deadline (60 s a load); the browser and the host are closed at the end.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { WebSocket } from 'ws';
import { connectWebSocket, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { benchRenderer, benchTempDir, closeBrowser, launchBenchChromium, median, startChildHost, type ChildHost } from '../support/bench-host.js';
import { measureFirstScreen, networkLog, type FirstScreen } from '../support/first-screen.js';
import { writePairedSave } from './fixtures.js';
import type { Benchmark, Row } from './types.js';

const PHONE = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } as const;
const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;

export interface PlayerPageOptions {
  players: number;
  /** Download and upload (kbit/s), and the round trip added to each request (ms). */
  kbps: number;
  latencyMs: number;
  runs: number;
  bytesBudget: number;
  timeBudgetMs: number;
}

export function playerPageBench(options: PlayerPageOptions): Benchmark {
  const { players, kbps, latencyMs, runs, bytesBudget, timeBudgetMs } = options;
  const network = `${kbps} kbit/s, ${latencyMs} ms round trip`;
  return {
    name: `player page: the first screen of a new phone at ${network} (Chromium 360×640; browser mode in a child process; ${players} players; ${runs} loads)`,
    async run() {
      const dir = benchTempDir('podium-bench-player-page-');
      const dataDir = path.join(dir, 'station');
      const eventsDir = path.join(dataDir, 'events');
      mkdirSync(eventsDir, { recursive: true });
      const save = writePairedSave(eventsDir, `player-page-${players}.podium`, players, 2);
      let host: ChildHost | undefined;
      let browser: Browser | undefined;
      try {
        const rendererDir = await benchRenderer();
        host = await startChildHost(dataDir, rendererDir);
        const opener = connectWebSocket(host.rpcUrl, { create: (u) => new WebSocket(u) as unknown as WebSocketLike, reconnect: false });
        try {
          await opener.channel.ready;
          await opener.api.openEvent({ path: save.name });
        } finally {
          opener.channel.close();
        }
        browser = await launchBenchChromium();
        const url = `http://127.0.0.1:${host.port}/p`;
        const cold: FirstScreen[] = [];
        let warm: FirstScreen | undefined;
        for (let i = 0; i < runs; i++) {
          const context = await browser.newContext(PHONE);
          try {
            const page = await context.newPage();
            const cdp = await networkLog(page, { kbps, latencyMs });
            cold.push(await measureFirstScreen(page, cdp, url));
            if (i === runs - 1) warm = await measureFirstScreen(page, cdp, url);
          } finally {
            await context.close();
          }
        }
        const first = cold[0] as FirstScreen;
        const times = cold.map((c) => c.ms);
        const bytes = median(cold.map((c) => c.httpBytes));
        const view = median(cold.map((c) => c.socketBytesIn));
        console.log(`  files of the first screen: ${first.fetched.map((f) => `${new URL(f.url).pathname} ${f.bytes} B${f.encoding ? ` (${f.encoding})` : ''}`).join(', ')}`);
        console.log(`  files ${kb(bytes)} + the published view ${kb(view)} over the WebSocket = ${kb(bytes + view)}`);
        console.log(`  first screen (new phone): ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${median(times).toFixed(0)} ms`);
        if (warm) console.log(`  opened again (cached): ${kb(warm.httpBytes)} of files (${warm.fetched.map((f) => `${new URL(f.url).pathname} ${f.status}${f.fromCache ? ' cached' : ''}`).join(', ')}), first screen in ${warm.ms.toFixed(0)} ms`);
        const rows: Row[] = [
          { work: `player page, first screen, files transferred (new phone)`, budget: `under ${kb(bytesBudget)}`, measured: kb(bytes), ok: bytes < bytesBudget },
          { work: `  + the published view over the WebSocket, ${players} players`, budget: '', measured: kb(view) },
          { work: `player page, first screen at ${network} (new phone, median of ${runs})`, budget: `under ${timeBudgetMs / 1000} s`, limitMs: timeBudgetMs, measured: median(times) },
        ];
        if (warm) rows.push({ work: `  opened again (cached): files transferred, time`, budget: '', measured: `${kb(warm.httpBytes)}, ${warm.ms.toFixed(0)} ms` });
        return rows;
      } finally {
        await closeBrowser(browser);
        await host?.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
