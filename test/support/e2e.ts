/**
 * The end-to-end harness: the renderer built once per run (e2e-global-setup.ts), browser mode started
 * in-process on a temp data folder and a free port, Chromium or Chrome (e2e-paths.ts finds it)
 * through playwright-core, and a page that records every console error, warning and page error as a
 * problem the test then asserts away. Without a browser the suites skip, saying why — except under
 * `CI=true`, where the run has already failed in the global setup.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { startBrowserMode, type BrowserMode, type BrowserModeOptions } from '../../electron/web.js';
import { buildRenderer } from '../../electron/tools/build.js';
import { BROWSER, SHOTS } from './e2e-paths.js';

export { BROWSER, SHOTS };

/** Is there a browser to run the end-to-end tests in? */
export const chromiumAvailable = 'found' in BROWSER;

/** Say why a suite is skipped (call at module level). */
export function warnIfSkipped(suite: string): void {
  if ('missing' in BROWSER) console.warn(`${suite} e2e skipped: ${BROWSER.missing}`);
}

/** The built renderer: the run's (globalSetup), or built here when the file runs without that setup. */
export async function e2eRenderer(): Promise<{ dir: string; cleanup(): Promise<void> }> {
  let provided: ReturnType<typeof inject<'e2eRenderer'>> | undefined;
  try {
    provided = inject('e2eRenderer');
  } catch {
    provided = undefined;
  }
  if (provided && 'dir' in provided) return { dir: provided.dir, cleanup: async () => undefined };
  if (provided && 'error' in provided) throw new Error(`The renderer did not build, so the browser cannot show it: ${provided.error}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-e2e-renderer-'));
  await buildRenderer(dir);
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** The browser e2e-paths.ts found (Chromium or Chrome), launched headless. */
export function launchChromium(): Promise<Browser> {
  if (!('found' in BROWSER)) throw new Error(`No browser for the end-to-end tests: ${BROWSER.missing}`);
  return chromium.launch({ executablePath: BROWSER.found.path, args: CHROMIUM_ARGS });
}

export interface E2eHost {
  mode: BrowserMode;
  browser: Browser;
  dataDir: string;
  /** Problems any page reported (console errors and warnings, uncaught errors). */
  problems: string[];
  /** A new page (its own browser context: a fresh IndexedDB) at `urlPath`, watched for problems. */
  open(urlPath: string, viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/** Browser mode on a temp data folder and a free port, with Chromium ready. */
export async function startE2eHost(label: string, options: Pick<BrowserModeOptions, 'now' | 'lanAddress'> = {}): Promise<E2eHost> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `podium-${label}-`));
  const dataDir = path.join(dir, 'station');
  await mkdir(SHOTS, { recursive: true });
  const renderer = await e2eRenderer();
  const mode = await startBrowserMode({ port: 0, dataDir, rendererDir: renderer.dir, log: () => undefined, ...options });
  const browser = await launchChromium();
  const problems: string[] = [];
  return {
    mode,
    browser,
    dataDir,
    problems,
    async open(urlPath, viewport = { width: 1366, height: 768 }) {
      const page = await browser.newPage({ viewport });
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`${urlPath}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${urlPath}: ${error.message}`));
      // The address browser mode prints: it carries the station key (the page takes it out of the bar).
      await page.goto(mode.server.keyedUrl(urlPath));
      return page;
    },
    async close() {
      await browser.close().catch(() => undefined);
      await mode.close().catch(() => undefined);
      await renderer.cleanup();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `expect.poll` with room for a loaded CI machine (vitest's default gives up after one second). */
export function eventually<T>(read: () => T | Promise<T>): ReturnType<typeof expect.poll<T>> {
  return expect.poll(read, { timeout: 15_000, interval: 50 });
}
