/**
 * The budget "1,000 phones connected must not slow the stations": browser mode in a child
 * process (this file run with `--phones-host`, so the host's CPU, memory and V8 heap are its own)
 * opens a 2,048-player mtr event with 8 rounds played; the desk (a real station window, the
 * station key) switches self-reports to automatic and publishes round 9 through the host, which
 * draws the round's report key, and turns the venue network on: the host was started with
 * `--lan-address 127.0.0.2` (a loopback alias, as the venue's Wi-Fi address), so it listens there
 * only. Then 1,000 phones connect to `/public` on that LAN door over real WebSockets (each from
 * its own loopback address, 127.0.x.y, as phones on the venue Wi-Fi have theirs), through the
 * door's gate and limits, and, for PODIUM_BENCH_PHONES_SECONDS (default 60):
 * - the desk enters 5 results a second (tables from the first), each timed from sending to its
 *   acknowledgement (written, fsynced, answered);
 * - players report 100 results a minute from their phones (tables from the last): one phone
 *   reports with the table's code, another confirms, and the result is recorded.
 * Every phone counts the bytes of every push it receives (ticks apart); five of them also apply
 * every patch, and at the end must hold exactly the host's public view. The host's resident memory
 * and V8 heap are sampled before the phones, with them, and at the end, with the longest its event
 * loop was held. PODIUM_BENCH_PHONES_COUNT changes the number of phones (default 1,000).
 *
 * All loops are bounded (by count and by time); waits are for events, with deadlines; the paced
 * loops sleep until their next due time (the benchmark's rate, not a delay).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, rmSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { WebSocket, type RawData } from 'ws';
import type { EventState, Round } from '../../core/model/types.js';
import { applyPublicPatch } from '../../core/public/patch.js';
import { tableCode } from '../../core/public/table-codes.js';
import type { PublicAnswer, PublicPush, PublicView } from '../../core/public/types.js';
import { publicView } from '../../core/public/view.js';
import { startBrowserMode } from '../../electron/web.js';
import { writeEventSaveSync } from '../../electron/host/event-store.js';
import { mtrEvent, pairCommand } from '../host/save-fixtures.js';
import { benchTempDir, median, percentile, REPO_ROOT, waitFor } from '../support/bench-host.js';
import { openFoldingWindow, type FoldingWindow } from '../support/folding-window.js';
import { gamesFor } from './fixtures.js';
import type { Benchmark, Row } from './types.js';

const HOST_FLAG = '--phones-host';
/** The venue network's address: a loopback alias (Linux answers on 127/8 without setup). */
const LAN_ADDRESS = '127.0.0.2';
const MEMORY_LINE = 'podium-bench-memory';
const HEADER = (payload: number): number => (payload < 126 ? 2 : payload < 65536 ? 4 : 10);
const kb = (bytes: number): string => (bytes < 1024 ? `${bytes.toFixed(0)} B` : `${(bytes / 1024).toFixed(1)} KB`);
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
// The load is paced: this wait is the benchmark's rate, not a delay.
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** The longest the host's event loop was held since it started (ms). */
  loopMaxMs: number;
}

/** The host in its child process: browser mode, and its memory every half second on stdout. */
interface PhonesHost {
  port: number;
  rpcUrl: string;
  /** The host's next memory line (it prints one every half second). */
  memory(): Promise<Memory>;
  close(): Promise<void>;
}

/** The report key of the last pairing written to a save (the host draws it; the journal keeps it). */
async function savedReportKey(file: string): Promise<string> {
  const lines = (await readFile(file, 'utf8')).trim().split('\n').slice(1);
  for (const line of lines.reverse()) {
    const command = (JSON.parse(line) as { command?: { type?: string; reportKey?: string } }).command;
    if (command?.type === 'pair-round' && command.reportKey) return command.reportKey;
  }
  throw new Error('the host drew no report key for the last pairing');
}

async function startPhonesHost(dataDir: string, rendererDir: string): Promise<PhonesHost> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), HOST_FLAG, dataDir, rendererDir], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const killAtExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killAtExit);
  let out = '';
  let memory: Memory = { rss: Number.NaN, heapUsed: Number.NaN, heapTotal: Number.NaN, loopMaxMs: Number.NaN };
  const changed = new Set<() => void>();
  let partial = '';
  let memoryLines = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith(MEMORY_LINE)) continue;
      memory = JSON.parse(line.slice(MEMORY_LINE.length + 1)) as Memory;
      memoryLines++;
    }
    for (const listener of [...changed]) listener();
  });
  child.stderr.on('data', (chunk: Buffer) => (out = (out + chunk.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ADDRESS = /open http:\/\/127\.0\.0\.1:(\d+)\/\?key=([\w-]+)/;
  await waitFor('the phones host to start', () => ADDRESS.test(out) || child.exitCode !== null, (listener) => (changed.add(listener), () => changed.delete(listener)), 60_000);
  const found = ADDRESS.exec(out);
  if (!found) throw new Error(`browser mode did not start: ${out.slice(0, 300)}`);
  return {
    port: Number(found[1]),
    rpcUrl: `ws://127.0.0.1:${found[1]}/rpc?key=${encodeURIComponent(found[2] as string)}`,
    async memory() {
      const seen = memoryLines;
      await waitFor('a memory line from the host', () => memoryLines > seen, (listener) => (changed.add(listener), () => changed.delete(listener)), 10_000);
      return memory;
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin.end();
        const guard = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(guard);
      }
      process.off('exit', killAtExit);
    },
  };
}

/** A phone: its socket, the bytes of the pushes it received, its answers; a checker also keeps the view. */
interface BenchPhone {
  ws: WebSocket;
  /** Push bytes on the wire (ticks apart) since `mark()`; the largest push. */
  bytes: number;
  largest: number;
  hasView: boolean;
  view: PublicView | null;
  ask(request: Record<string, unknown>): Promise<PublicAnswer>;
  onPush(listener: () => void): () => void;
}

const HEAD = /^\{"(type|kind)":"(\w+)"/;
let nextRequest = 1;

function openPhone(url: string, localAddress: string, checker: boolean): Promise<BenchPhone> {
  const ws = new WebSocket(url, { perMessageDeflate: false, localAddress });
  const waiting = new Map<number, (answer: PublicAnswer) => void>();
  const listeners = new Set<() => void>();
  const phone: BenchPhone = {
    ws,
    bytes: 0,
    largest: 0,
    hasView: false,
    view: null,
    ask(request) {
      const id = nextRequest++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ ...request, id }));
      });
    },
    onPush(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  ws.on('message', (data: RawData) => {
    const buffer = data as Buffer;
    const head = HEAD.exec(buffer.toString('utf8', 0, 30));
    if (head?.[1] === 'kind') {
      const answer = JSON.parse(buffer.toString()) as PublicAnswer;
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
      return;
    }
    if (head?.[2] === 'tick') return;
    if (head?.[2] === 'view') phone.hasView = true;
    const size = buffer.length + HEADER(buffer.length);
    phone.bytes += size;
    phone.largest = Math.max(phone.largest, size);
    if (checker) {
      const push = JSON.parse(buffer.toString()) as PublicPush;
      if (push.type === 'view') phone.view = push.view;
      else if (push.type === 'patch' && phone.view) phone.view = applyPublicPatch(phone.view, push);
    }
    for (const listener of [...listeners]) listener();
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(phone));
    ws.once('error', reject);
  });
}

/** The phones, connected 50 at a time, each from its own loopback address; resolves once each holds its first view. */
async function connectPhones(url: string, count: number, checkers: number): Promise<BenchPhone[]> {
  const phones: BenchPhone[] = [];
  for (let from = 0; from < count; from += 50) {
    const batch = Array.from({ length: Math.min(50, count - from) }, (_, k) => {
      const i = from + k;
      return openPhone(url, `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`, i < checkers);
    });
    phones.push(...(await Promise.all(batch)));
  }
  for (const phone of phones) await waitFor('a phone’s first view', () => phone.hasView, (l) => phone.onPush(l), 60_000);
  return phones;
}

interface LoadOutcome {
  stationAckMs: number[];
  reportAckMs: number[];
  stationResults: number;
  selfReported: number;
  refused: string[];
}

/** The desk's results and the phones' reports, paced, side by side, for `seconds`. */
async function runLoad(desk: FoldingWindow, phones: BenchPhone[], round: Round, options: { seconds: number; resultsPerSecond: number; reportsPerMinute: number }): Promise<LoadOutcome> {
  const outcome: LoadOutcome = { stationAckMs: [], reportAckMs: [], stationResults: 0, selfReported: 0, refused: [] };
  const tables = round.tables.map((t) => t.table);
  let front = 0;
  let back = tables.length - 1;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const station = async (): Promise<void> => {
    for (let i = 0; front <= back && performance.now() < until; i++) {
      await sleep(started + (i * 1000) / options.resultsPerSecond - performance.now());
      const table = tables[front++] as number;
      const sent = performance.now();
      await desk.api.dispatch({ command: { type: 'record-result', round: round.number, table, result: { games: gamesFor(i) } } });
      outcome.stationAckMs.push(performance.now() - sent);
      outcome.stationResults++;
    }
  };
  const players = async (): Promise<void> => {
    const every = 60_000 / options.reportsPerMinute;
    for (let i = 0; front <= back && performance.now() < until; i++) {
      await sleep(started + every / 2 + i * every - performance.now());
      const table = tables[back--] as number;
      const seats = round.tables.find((t) => t.table === table)?.seats ?? [];
      const where = { round: round.number, table, code: tableCode(round.reportKey as string, round.number, table) };
      const [reporter, other] = [phones[(2 * i) % phones.length] as BenchPhone, phones[(2 * i + 1) % phones.length] as BenchPhone];
      let sent = performance.now();
      const reported = await reporter.ask({ kind: 'report', ...where, phone: `bench-phone-${2 * i}`, player: seats[0], result: { games: [2, 1, 0] } });
      outcome.reportAckMs.push(performance.now() - sent);
      if (!reported.ok) outcome.refused.push(reported.message);
      sent = performance.now();
      const confirmed = await other.ask({ kind: 'confirm', ...where, phone: `bench-phone-${2 * i + 1}`, player: seats[1], agree: true });
      outcome.reportAckMs.push(performance.now() - sent);
      if (!confirmed.ok) outcome.refused.push(confirmed.message);
      else if (confirmed.accepted) outcome.selfReported++;
    }
  };
  await Promise.all([station(), players()]);
  return outcome;
}

export function phonesBench(options: { players?: number; phones?: number; resultsPerSecond?: number; reportsPerMinute?: number; ackBudgetMs?: number; bytesBudget?: number } = {}): Benchmark {
  const players = options.players ?? 2048;
  const count = Number(process.env.PODIUM_BENCH_PHONES_COUNT ?? options.phones ?? 1000);
  const resultsPerSecond = options.resultsPerSecond ?? 5;
  const reportsPerMinute = options.reportsPerMinute ?? 100;
  const ackBudgetMs = options.ackBudgetMs ?? 50;
  const bytesBudget = options.bytesBudget ?? 5 * 1024;
  const seconds = Number(process.env.PODIUM_BENCH_PHONES_SECONDS ?? 60);
  const label = players.toLocaleString('en');
  return {
    name: `players' phones: ${count.toLocaleString('en')} phones on /public + ${reportsPerMinute} self-reports a minute while a station enters ${resultsPerSecond} results a second for ${seconds} s, ${label} players (browser mode in a child process)`,
    async run() {
      if (!(seconds > 0 && seconds <= 3600)) throw new Error(`PODIUM_BENCH_PHONES_SECONDS must be 1 to 3600 seconds, not "${process.env.PODIUM_BENCH_PHONES_SECONDS}"`);
      const dir = benchTempDir('podium-bench-phones-');
      const dataDir = path.join(dir, 'station');
      mkdirSync(path.join(dataDir, 'events'), { recursive: true });
      const event = mtrEvent({ players, rounds: 8, seed: 2026, id: `phones-${players}` });
      writeEventSaveSync(path.join(dataDir, 'events', 'phones.podium'), event.commands, { station: 'bench' });
      let host: PhonesHost | undefined;
      let desk: FoldingWindow | undefined;
      let phones: BenchPhone[] = [];
      try {
        host = await startPhonesHost(dataDir, dir);
        desk = await openFoldingWindow(host.rpcUrl);
        await desk.api.openEvent({ path: 'phones.podium' });
        await desk.api.dispatch({ command: { type: 'set-settings', settings: { selfReports: 'auto' } } });
        const paired = await desk.api.dispatch({ command: pairCommand(event.state) });
        const d = desk;
        await waitFor('the desk to hold round 9', () => (d.snapshot()?.lastSeq ?? -1) >= paired.seq, (l) => d.onChange(l), 30_000);
        // The key is the host's alone (no window is sent it): read it from the save, as the slips are printed from it.
        const round = { ...(d.snapshot()?.state?.rounds.at(-1) as Round), reportKey: await savedReportKey(path.join(dataDir, 'events', 'phones.podium')) };
        const lan = (await d.api.setNetwork({ on: true })).urls[0];
        if (!lan?.startsWith(`http://${LAN_ADDRESS}:`)) throw new Error(`the venue network is not on ${LAN_ADDRESS}: ${lan ?? 'off'}`);
        const before = await host.memory();

        const connecting = performance.now();
        phones = await connectPhones(`${lan.replace(/^http:/, 'ws:')}public`, count, Math.min(5, count));
        const connectS = (performance.now() - connecting) / 1000;
        const wholeView = phones[0]?.bytes ?? 0;
        for (const phone of phones) {
          phone.bytes = 0;
          phone.largest = 0;
        }
        const withPhones = await host.memory();

        const load = await runLoad(d, phones, round, { seconds, resultsPerSecond, reportsPerMinute });
        // A last result as a fence: every phone hears it, so every push before it is counted.
        const open = d.snapshot()?.state?.rounds.at(-1)?.tables.find((t) => t.result === undefined);
        if (!open) throw new Error('no table of round 9 is left for the fence: run for less time');
        const fence = await d.api.dispatch({ command: { type: 'record-result', round: round.number, table: open.table, result: { games: [2, 0, 0] } } });
        await waitFor('the desk to hold the fence', () => (d.snapshot()?.lastSeq ?? -1) >= fence.seq, (l) => d.onChange(l), 30_000);
        for (const phone of phones.slice(0, 5)) await waitFor('a checker to reach the fence', () => (phone.view?.version ?? -1) >= fence.seq, (l) => phone.onPush(l), 30_000);
        const state = d.snapshot()?.state as EventState;
        const exact = phones.slice(0, 5).filter((p) => p.view && isDeepStrictEqual(p.view, publicView(state, { now: p.view.madeAt, version: p.view.version }))).length;
        const after = await host.memory();

        const results = load.stationResults + load.selfReported + 1;
        const perResult = phones.map((p) => p.bytes / results);
        const largest = Math.max(...phones.map((p) => p.largest));
        const p99 = percentile(load.stationAckMs, 99);
        const p50 = percentile(load.stationAckMs, 50);
        console.log(`  host event loop held at most: before the phones ${before.loopMaxMs.toFixed(0)} ms, at the end ${after.loopMaxMs.toFixed(0)} ms`);
        console.log(`  ${count.toLocaleString("en")} phones connected in ${connectS.toFixed(1)} s; a whole view is ${kb(wholeView)}`);
        console.log(
          `  ${load.stationResults} results at the desk (ack p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, worst ${Math.max(...load.stationAckMs).toFixed(1)} ms); ${load.selfReported} results reported and confirmed from phones (answers p50 ${median(load.reportAckMs).toFixed(1)} ms, p99 ${percentile(load.reportAckMs, 99).toFixed(1)} ms)${load.refused.length > 0 ? `; refused: ${load.refused.slice(0, 3).join(' | ')}` : ''}`,
        );
        console.log(`  per phone per result: median ${kb(median(perResult))}, max ${kb(Math.max(...perResult))}; largest push during the load ${kb(largest)}; checkers holding the host's view ${exact}/5`);
        console.log(`  host memory: before the phones RSS ${mb(before.rss)} (heap ${mb(before.heapUsed)}), with ${count} phones ${mb(withPhones.rss)} (heap ${mb(withPhones.heapUsed)}), at the end ${mb(after.rss)} (heap ${mb(after.heapUsed)})`);
        const rows: Row[] = [
          { work: `station result acknowledgement with ${count.toLocaleString('en')} phones, ${label} players, p99`, budget: `under ${ackBudgetMs} ms`, limitMs: ackBudgetMs, measured: p99 },
          { work: '  p50', budget: '', measured: p50 },
          { work: '  bytes per phone per result (median over phones, max)', budget: `under ${bytesBudget / 1024} KB`, measured: `${kb(median(perResult))}, max ${kb(Math.max(...perResult))}`, ok: Math.max(...perResult) < bytesBudget },
          { work: `  self-reports from phones (report + confirm), answers p99`, budget: `${reportsPerMinute}/min`, measured: `${load.selfReported} recorded, ${percentile(load.reportAckMs, 99).toFixed(1)} ms`, ok: load.refused.length === 0 && load.selfReported >= Math.floor((reportsPerMinute * seconds) / 60) - 1 },
          { work: '  checker phones holding exactly the host\'s public view', budget: '5/5', measured: `${exact}/5`, ok: exact === 5 },
          { work: '  host memory: RSS (V8 heap used) before phones → with them → at the end', budget: '', measured: `${mb(before.rss)} (${mb(before.heapUsed)}) → ${mb(withPhones.rss)} (${mb(withPhones.heapUsed)}) → ${mb(after.rss)} (${mb(after.heapUsed)})` },
          { work: '  the host\'s event loop held at most (opening the save included)', budget: '', measured: after.loopMaxMs },
        ];
        return rows;
      } finally {
        for (const phone of phones) phone.ws.terminate();
        desk?.close();
        await host?.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

// The child: `node --import tsx test/bench/phones.ts --phones-host DATA_DIR RENDERER_DIR`.
if (process.argv[2] === HOST_FLAG && process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dataDir, rendererDir] = process.argv.slice(3) as [string, string];
  const mode = await startBrowserMode({ port: 0, dataDir, rendererDir, lanAddress: LAN_ADDRESS, log: (line) => writeSync(1, `${line}\n`) });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const report = (): void => {
    const { rss, heapUsed, heapTotal } = process.memoryUsage();
    const loopMaxMs = delay.max / 1e6;
    writeSync(1, `${MEMORY_LINE} ${JSON.stringify({ rss, heapUsed, heapTotal, loopMaxMs })}\n`);
  };
  setInterval(report, 500).unref();
  process.stdin.resume();
  process.stdin.on('end', () => void mode.close().finally(() => process.exit(0)));
}
