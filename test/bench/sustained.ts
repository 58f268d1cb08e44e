/**
 * The budget "20 results a second for 15 minutes at a 1,024-player event with 10 windows keeps
 * host CPU flat": browser mode in a child process (test/support/bench-host.ts) opens a 1,024-player
 * mtr event with round 1 paired. Ten windows are real WebSocket clients that keep their copy
 * current with core's applyEntries, as the renderer does (test/support/folding-window.ts); a
 * Chromium station on the Results screen is connected too (PODIUM_BENCH_SUSTAINED_CHROMIUM=0 leaves
 * it out). One more client, a second desk, enters 20 results a second: every table of the round,
 * then the next round paired as Podium pairs it (core's ruleset, via test/host/save-fixtures.ts, in
 * this process: pairing is the desk's work, the host only checks and writes it), up to 15 Swiss
 * rounds (a long two-day event: the state grows as a real one does); after round 15 is full, its
 * results are amended with a reason, at the same rate, to the end.
 *
 * The host's CPU time (utime + stime of /proc/<pid>/stat) and resident memory are sampled every
 * 10 s after a 10 s warm-up; the first and the last minute are compared. The run lasts
 * PODIUM_BENCH_SUSTAINED_MINUTES (default 15, the issue's figure; with 1, the first and last half
 * minute are compared). At the end every window must hold exactly the host's state.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { NewCommand } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { pairCommand } from '../host/save-fixtures.js';
import { benchPage, benchRenderer, benchTempDir, closeBrowser, launchBenchChromium, startChildHost, waitFor, type ChildHost } from '../support/bench-host.js';
import { openFoldingWindow, type FoldingWindow } from '../support/folding-window.js';
import { gamesFor, writePairedSave } from './fixtures.js';
import type { Benchmark, Row } from './types.js';

interface Sample {
  /** Seconds since the measured run began. */
  at: number;
  cpu: number;
  rssMb: number;
}

/** The desk's next command: a result for the current round's next open table, the next round's pairing, or an amendment. */
function nextCommand(state: EventState, maxRounds: number, n: number): { command: NewCommand; kind: 'result' | 'pairing' | 'amendment' } {
  const round = state.rounds[state.rounds.length - 1];
  if (!round) throw new Error('no round paired');
  const open = round.tables.find((t) => t.result === undefined);
  if (open) return { command: { type: 'record-result', round: round.number, table: open.table, result: { games: gamesFor(n) } }, kind: 'result' };
  if (state.rounds.length < maxRounds) return { command: pairCommand(state), kind: 'pairing' };
  const table = round.tables[n % round.tables.length] as { table: number };
  return { command: { type: 'record-result', round: round.number, table: table.table, result: { games: gamesFor(n + 1) }, reason: `slip re-checked (${n})` }, kind: 'amendment' };
}

/** CPU % of one core between two samples. */
const cpuPercent = (a: Sample, b: Sample): number => ((b.cpu - a.cpu) / (b.at - a.at)) * 100;

export function sustainedLoad(options: { players?: number; perSecond?: number; windows?: number; maxRounds?: number; ratio?: number; maxCpuPercent?: number } = {}): Benchmark {
  const players = options.players ?? 1024;
  const perSecond = options.perSecond ?? 20;
  const windows = options.windows ?? 10;
  const maxRounds = options.maxRounds ?? 15;
  const ratioBudget = options.ratio ?? 1.5;
  const cpuBudget = options.maxCpuPercent ?? 50;
  const minutes = Number(process.env.PODIUM_BENCH_SUSTAINED_MINUTES ?? 15);
  const withChromium = process.env.PODIUM_BENCH_SUSTAINED_CHROMIUM !== '0';
  const label = players.toLocaleString('en');
  return {
    name: `sustained load: ${perSecond} results a second for ${minutes} min, ${label} players, ${windows} windows${withChromium ? ' + a Chromium station' : ''} (host CPU and memory; browser mode in a child process)`,
    async run() {
      if (!(minutes > 0)) throw new Error(`PODIUM_BENCH_SUSTAINED_MINUTES must be a number of minutes above 0, not "${process.env.PODIUM_BENCH_SUSTAINED_MINUTES}"`);
      const dir = benchTempDir('podium-bench-sustained-');
      const dataDir = path.join(dir, 'station');
      const eventsDir = path.join(dataDir, 'events');
      mkdirSync(eventsDir, { recursive: true });
      const save = writePairedSave(eventsDir, 'sustained.podium', players, 0);
      let host: ChildHost | undefined;
      let browser: Browser | undefined;
      let desk: FoldingWindow | undefined;
      const clients: FoldingWindow[] = [];
      let sampler: ReturnType<typeof setInterval> | undefined;
      // The load is paced at `perSecond` results a second: this wait is the benchmark's rate, not a delay.
      const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
      try {
        host = await startChildHost(dataDir, withChromium ? await benchRenderer() : dir);
        const h = host;
        desk = await openFoldingWindow(h.rpcUrl);
        await desk.api.openEvent({ path: save.name });
        const d = desk;
        for (let i = 0; i < windows; i++) clients.push(await openFoldingWindow(h.rpcUrl));
        let page: Page | undefined;
        if (withChromium) {
          browser = await launchBenchChromium();
          page = await benchPage(browser);
          await page.goto(h.url('/'));
          await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Results', exact: true }).click({ timeout: 60_000 });
          await page.getByTestId('outstanding-count').waitFor({ timeout: 60_000 });
        }
        const counts = { result: 0, pairing: 0, amendment: 0 };
        let n = 0;
        let lastSeq = -1;
        const warmUpS = 10;
        const totalS = warmUpS + minutes * 60;
        const count = totalS * perSecond;
        const samples: Sample[] = [];
        let started = performance.now();
        let measuredFrom = 0;
        const sample = (): void => {
          samples.push({ at: (performance.now() - measuredFrom) / 1000, cpu: h.cpuSeconds(), rssMb: h.rssMb() });
        };
        const state = (): EventState => {
          const held = d.snapshot()?.state;
          if (!held) throw new Error('the desk holds no event');
          return held;
        };
        let lateMost = 0;
        /** Each result's time from sending to its acknowledgement (written and fsynced), measured part only. */
        const ackMs: number[] = [];
        for (let i = 0; i < count; i++) {
          if (i === warmUpS * perSecond) {
            measuredFrom = performance.now();
            sample();
            sampler = setInterval(sample, 10_000);
          }
          const due = started + (i * 1000) / perSecond;
          const now = performance.now();
          lateMost = Math.max(lateMost, now - due);
          await sleep(due - now);
          // Bounded in time as well as in count: a host that cannot keep up ends the run (reported).
          if (now - started > (totalS + 120) * 1000) throw new Error(`the host fell more than 2 minutes behind (${i} of ${count} results)`);
          let next = nextCommand(state(), maxRounds, n++);
          if (next.kind === 'pairing') {
            const ack = await d.api.dispatch({ command: next.command });
            counts.pairing++;
            lastSeq = ack.seq;
            next = nextCommand(state(), maxRounds, n++);
          }
          const sentAt = performance.now();
          const ack = await d.api.dispatch({ command: next.command });
          if (measuredFrom > 0) ackMs.push(performance.now() - sentAt);
          counts[next.kind]++;
          lastSeq = ack.seq;
          if (i === 0) started = performance.now() - 1000 / perSecond; // pace from the first answer (the JIT, the first fold)
        }
        if (sampler) clearInterval(sampler);
        sampler = undefined;
        sample();
        const elapsedS = (performance.now() - measuredFrom) / 1000;

        // Every window holds the host's state: wait for the last entry, then compare with a fresh snapshot.
        const hostSnapshot = await d.api.snapshot();
        const hostJson = JSON.stringify(hostSnapshot.state);
        let identical = 0;
        for (const w of clients) {
          await waitFor('a window to fold the last entry', () => (w.snapshot()?.lastSeq ?? -1) >= hostSnapshot.lastSeq, (changed) => w.onChange(changed), 60_000).catch(() => undefined);
          if (w.snapshot()?.lastSeq === hostSnapshot.lastSeq && JSON.stringify(w.snapshot()?.state) === hostJson) identical++;
        }
        let pageCurrent = true;
        if (page) {
          const round = hostSnapshot.state?.rounds.at(-1);
          const left = round ? round.tables.filter((t) => t.result === undefined).length : 0;
          pageCurrent = await page
            .waitForFunction((expected) => document.querySelector('[data-testid="outstanding-count"]')?.textContent === String(expected), left, { timeout: 60_000 })
            .then(() => true, () => false);
        }
        const dropped = (h.output().match(/Dropped a window that fell behind/g) ?? []).length;
        const gaps = clients.reduce((s, w) => s + w.gaps, 0);
        const resyncs = clients.reduce((s, w) => s + w.resyncs, 0);
        const pushedBytes = clients[0] ? [...clients[0].bytesBy.entries()].map(([k, v]) => `${k} ${(v / 1e6).toFixed(1)} MB`).join(', ') : '';

        // Per minute (per half minute in a one-minute run).
        const span = minutes >= 2 ? 60 : (minutes * 60) / 2;
        const at = (t: number): Sample => samples.reduce((best, s) => (Math.abs(s.at - t) < Math.abs(best.at - t) ? s : best), samples[0] as Sample);
        const end = samples[samples.length - 1] as Sample;
        const firstA = samples[0] as Sample;
        const firstB = at(span);
        const lastA = at(end.at - span);
        const first = cpuPercent(firstA, firstB);
        const last = cpuPercent(lastA, end);
        const ratio = last / first;
        const perMinute: string[] = [];
        for (let m = 0; m + 60 <= end.at + 5; m += 60) perMinute.push(`${cpuPercent(at(m), at(m + 60)).toFixed(0)} %`);
        const window = minutes >= 2 ? 'minute' : 'half minute';
        const results = counts.result + counts.amendment;
        console.log(
          `  ${results.toLocaleString('en')} results (${counts.result.toLocaleString('en')} new, ${counts.amendment.toLocaleString('en')} amendments with a reason), ${counts.pairing} rounds paired (round ${hostSnapshot.state?.rounds.length ?? 0} at the end), journal entry ${lastSeq}; ${(results / (elapsedS + warmUpS)).toFixed(1)} a second; latest a result went out ${lateMost.toFixed(0)} ms after its time`,
        );
        console.log(`  host CPU per minute: ${perMinute.join(', ') || 'n/a'}; first ${window} ${first.toFixed(1)} %, last ${last.toFixed(1)} % (×${ratio.toFixed(2)})`);
        console.log(`  host resident memory: ${firstA.rssMb.toFixed(0)} MB at the start, ${lastA.rssMb.toFixed(0)} → ${end.rssMb.toFixed(0)} MB over the last ${window}; peak sampled ${Math.max(...samples.map((s) => s.rssMb)).toFixed(0)} MB`);
        console.log(`  windows: ${identical}/${windows} hold exactly the host's state; gaps filled ${gaps}, fresh snapshots ${resyncs}; windows dropped by the host ${dropped}${page ? `; the Chromium station ${pageCurrent ? 'current' : 'NOT current'}` : ''}; one window received ${pushedBytes}`);
        const sorted = [...ackMs].sort((a, b) => a - b);
        const pct = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
        console.log(`  result acknowledgements: p50 ${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms, worst ${(sorted[sorted.length - 1] ?? Number.NaN).toFixed(1)} ms (${sorted.length.toLocaleString('en')} results)`);
        const rows: Row[] = [
          {
            work: `host CPU under ${perSecond} results/s, ${label} players, ${windows} windows${page ? ' + Chromium' : ''}: first → last ${window} of ${minutes} min (% of a core)`,
            budget: `last ≤ ${ratioBudget}× first, < ${cpuBudget} %`,
            measured: `${first.toFixed(1)} % → ${last.toFixed(1)} % (×${ratio.toFixed(2)})`,
            ok: ratio <= ratioBudget && last < cpuBudget,
          },
          { work: `  host resident memory, first → last ${window}`, budget: '', measured: `${firstB.rssMb.toFixed(0)} MB → ${end.rssMb.toFixed(0)} MB` },
          { work: '  result acknowledgement (sent → written, fsynced, answered), p99', budget: 'under 50 ms', measured: `${pct(0.99).toFixed(1)} ms (p50 ${pct(0.5).toFixed(1)} ms)`, ok: pct(0.99) < 50 },
          {
            work: `  results entered (new to round ${maxRounds}, then amended with a reason)`,
            budget: `${perSecond}/s`,
            measured: `${results.toLocaleString('en')} at ${(results / (elapsedS + warmUpS)).toFixed(1)}/s`,
            ok: results / (elapsedS + warmUpS) >= perSecond * 0.95,
          },
          {
            work: '  windows holding exactly the host\'s state at the end',
            budget: `${windows}/${windows}${page ? ' + Chromium' : ''}`,
            measured: `${identical}/${windows}${page ? (pageCurrent ? ' + Chromium' : ' (Chromium behind)') : ''}`,
            ok: identical === windows && pageCurrent,
          },
        ];
        return rows;
      } finally {
        if (sampler) clearInterval(sampler);
        for (const w of clients) w.close();
        desk?.close();
        await closeBrowser(browser);
        await host?.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
