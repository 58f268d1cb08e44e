/**
 * What the network benchmarks of `npm run bench` share: a real browser-mode host in a
 * child process (test/host/host-child.ts, so its CPU time and memory are its own, read from
 * /proc/<pid>), the renderer built once per bench run, and Chromium launched as the end-to-end
 * tests launch it (test/support/e2e-paths.ts finds it; playwright-core drives it, never downloads one).
 *
 * Cleaning up: every child host and browser started here is also ended when the bench process exits
 * (a failure, an exception, Ctrl+C): a host's stdin is a pipe from this process, and host-child.ts
 * exits when it ends; the exit hook below kills what is left.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildRenderer } from '../../electron/tools/build.js';
import { BROWSER } from './e2e-paths.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The end-to-end tests' Chromium flags (test/support/e2e.ts CHROMIUM_ARGS; that file needs vitest). */
export const BENCH_CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

const live = new Set<ChildProcessWithoutNullStreams>();
const browsers = new Set<Browser>();
const tempDirs = new Set<string>();
process.once('exit', () => {
  for (const child of live) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A temp folder removed when the bench process exits (or earlier with `rmSync`). */
export function benchTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

let rendererBuild: Promise<string> | null = null;

/** The renderer, built by Vite once per bench run into a temp folder (removed at exit). */
export function benchRenderer(): Promise<string> {
  rendererBuild ??= (async () => {
    const dir = benchTempDir('podium-bench-renderer-');
    const started = performance.now();
    await buildRenderer(dir);
    console.log(`  (renderer built for the browser benchmarks in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return dir;
  })();
  return rendererBuild;
}

/** Chromium (or Chrome) as the end-to-end tests launch it; closed at exit if the caller did not. */
export async function launchBenchChromium(): Promise<Browser> {
  if (!('found' in BROWSER)) throw new Error(`no browser: ${BROWSER.missing}`);
  const browser = await chromium.launch({ executablePath: BROWSER.found.path, args: BENCH_CHROMIUM_ARGS });
  browsers.add(browser);
  browser.once('disconnected', () => browsers.delete(browser));
  return browser;
}

/**
 * A page at the end-to-end tests' size. tsx compiles this code with esbuild's keepNames, which wraps
 * named functions in `__name(…)`: functions handed to page.evaluate carry that call into the page,
 * so the page gets a `__name` that does nothing.
 */
export async function benchPage(browser: Browser, viewport = { width: 1366, height: 768 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  return page;
}

/** Close every browser still open (a benchmark's finally calls it for its own). */
export async function closeBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  browsers.delete(browser);
  await browser.close().catch(() => undefined);
}

const CLOCK_TICKS = ((): number => {
  const run = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const ticks = Number(run.stdout?.trim());
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
})();

export interface ChildHost {
  pid: number;
  port: number;
  key: string;
  /** The page's address with the station key (as browser mode prints it). */
  url(urlPath?: string): string;
  /** `/rpc` with the station key. */
  rpcUrl: string;
  /** Everything the host printed (stdout and stderr). */
  output(): string;
  /** CPU seconds the host process has used (user + system, /proc/<pid>/stat). */
  cpuSeconds(): number;
  /** Resident memory now, MB (/proc/<pid>/status VmRSS). */
  rssMb(): number;
  /** Stop it (stdin closed: the host closes the event cleanly; killed after 10 s). Idempotent. */
  close(): Promise<void>;
}

/**
 * Browser mode in a child process on `dataDir` (events in `<dataDir>/events`), serving `rendererDir`
 * (any folder when no page is loaded); `lanAddress`: the venue network listens there only. Resolves once it prints its address; rejects if it exits or
 * prints nothing within 60 s.
 */
export async function startChildHost(dataDir: string, rendererDir: string, options: { lanAddress?: string } = {}): Promise<ChildHost> {
  // The venue network's address, as `--lan-address` gives it (loopback aliases in benches).
  const env = options.lanAddress !== undefined ? { ...process.env, PODIUM_LAN_ADDRESS: options.lanAddress } : process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/host/host-child.ts', dataDir, rendererDir], { cwd: REPO_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  live.add(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin.end();
      const guard = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(guard);
    }
    live.delete(child);
  };
  const ADDRESS = /open http:\/\/127\.0\.0\.1:(\d+)\/\?key=([\w-]+)/;
  // Wait for the line with the address (or the child's exit, or 60 s), as it is printed.
  await new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(guard);
      child.stdout.off('data', check);
      resolve();
    };
    const check = (): void => {
      if (ADDRESS.test(out)) done();
    };
    const guard = setTimeout(done, 60_000);
    child.stdout.on('data', check);
    void exited.then(done);
    check();
  });
  const found = ADDRESS.exec(out);
  if (!found || child.pid === undefined) {
    await close();
    throw new Error(`browser mode did not start: ${out.slice(0, 300)}`);
  }
  const port = Number(found[1]);
  const key = found[2] as string;
  const pid = child.pid;
  return {
    pid,
    port,
    key,
    url: (urlPath = '/') => `http://127.0.0.1:${port}${urlPath}?key=${encodeURIComponent(key)}`,
    rpcUrl: `ws://127.0.0.1:${port}/rpc?key=${encodeURIComponent(key)}`,
    output: () => out,
    cpuSeconds() {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    },
    rssMb() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
    },
    close,
  };
}

/** Resolves when `ready()` is true, re-checked whenever `subscribe` says something changed; rejects after `timeoutMs`. */
export function waitFor(what: string, ready: () => boolean, subscribe: (changed: () => void) => () => void, timeoutMs: number): Promise<void> {
  if (ready()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => {
      stop();
      reject(new Error(`gave up after ${timeoutMs / 1000} s waiting for ${what}`));
    }, timeoutMs);
    const stop = subscribe(() => {
      if (!ready()) return;
      clearTimeout(guard);
      stop();
      resolve();
    });
  });
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}
