/**
 * Where the end-to-end tests find their browser and the printing tests poppler, and where the
 * screenshots go. Light imports only: the vitest globalSetup (e2e-global-setup.ts) reads it too.
 *
 * The browser is Chromium or Google Chrome (Playwright drives either; it never downloads one):
 * `PODIUM_BROWSER` when set (a path to the executable), else the first found of the places
 * Linux, macOS and Windows install them, Chromium before Chrome. Under `CI=true` a missing
 * browser or poppler fails the run (e2e-global-setup.ts); elsewhere the tests that need it skip,
 * saying why.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'e2e', 'screenshots');

/** Is this a CI run (`CI=true`, as .ci/run and every CI service set it)? Then nothing may be skipped for a missing tool. */
export const isCi = (env: NodeJS.ProcessEnv = process.env): boolean => env.CI === 'true' || env.CI === '1';

export interface BrowserCandidate {
  /** Chromium or Google Chrome. */
  name: string;
  path: string;
}

export interface FoundBrowser extends BrowserCandidate {
  /** How it was found: "PODIUM_BROWSER", or the usual place it was in. */
  how: string;
}

export type BrowserLookup = { found: FoundBrowser } | { missing: string };

type Platform = NodeJS.Platform;

/** The usual places, Chromium first, for `platform` (paths in that platform's own form). */
export function browserCandidates(platform: Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home = os.homedir()): BrowserCandidate[] {
  if (platform === 'darwin') {
    const apps = ['/Applications', path.posix.join(home, 'Applications')];
    return [
      ...apps.map((dir) => ({ name: 'Chromium', path: `${dir}/Chromium.app/Contents/MacOS/Chromium` })),
      ...apps.map((dir) => ({ name: 'Google Chrome', path: `${dir}/Google Chrome.app/Contents/MacOS/Google Chrome` })),
    ];
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter((dir): dir is string => !!dir);
    return [
      ...roots.map((dir) => ({ name: 'Chromium', path: path.win32.join(dir, 'Chromium', 'Application', 'chrome.exe') })),
      ...roots.map((dir) => ({ name: 'Google Chrome', path: path.win32.join(dir, 'Google', 'Chrome', 'Application', 'chrome.exe') })),
    ];
  }
  // Linux and the other Unixes: the distributions' packages (Debian's chromium, Ubuntu's snap,
  // Fedora's chromium-browser, Google's packages), then the same names anywhere on PATH.
  const commands: BrowserCandidate[] = [
    { name: 'Chromium', path: 'chromium' },
    { name: 'Chromium', path: 'chromium-browser' },
    { name: 'Google Chrome', path: 'google-chrome-stable' },
    { name: 'Google Chrome', path: 'google-chrome' },
  ];
  const fixed: BrowserCandidate[] = [
    { name: 'Chromium', path: '/usr/bin/chromium' },
    { name: 'Chromium', path: '/usr/bin/chromium-browser' },
    { name: 'Chromium', path: '/snap/bin/chromium' },
    { name: 'Google Chrome', path: '/usr/bin/google-chrome-stable' },
    { name: 'Google Chrome', path: '/usr/bin/google-chrome' },
    { name: 'Google Chrome', path: '/opt/google/chrome/chrome' },
  ];
  const onPath = (env.PATH ?? '')
    .split(path.posix.delimiter)
    .filter(Boolean)
    .flatMap((dir) => commands.map((command) => ({ name: command.name, path: path.posix.join(dir, command.path) })));
  const seen = new Set<string>();
  return [...fixed, ...onPath].filter((candidate) => !seen.has(candidate.path) && seen.add(candidate.path));
}

/** The browser the end-to-end tests use, or why there is none (in words, with where it looked). */
export function findBrowser(
  platform: Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  exists: (file: string) => boolean = existsSync,
  home = os.homedir(),
): BrowserLookup {
  const chosen = env.PODIUM_BROWSER?.trim();
  if (chosen) {
    if (!exists(chosen)) return { missing: `PODIUM_BROWSER is ${chosen}, and there is no such file` };
    const name = /chromium/i.test(chosen) ? 'Chromium' : /chrome/i.test(chosen) ? 'Google Chrome' : 'a browser';
    return { found: { name, path: chosen, how: 'PODIUM_BROWSER' } };
  }
  const candidates = browserCandidates(platform, env, home);
  const found = candidates.find((candidate) => exists(candidate.path));
  if (found) return { found: { ...found, how: `the usual place on ${platformName(platform)}` } };
  const looked = [...new Set(candidates.map((c) => c.path))];
  return {
    missing: `no Chromium or Google Chrome on this ${platformName(platform)} machine (looked at ${looked.slice(0, 8).join(', ')}${looked.length > 8 ? ', …' : ''}); install one (Debian: apt-get install -y chromium) or set PODIUM_BROWSER to its executable`,
  };
}

function platformName(platform: Platform): string {
  return platform === 'darwin' ? 'macOS' : platform === 'win32' ? 'Windows' : platform === 'linux' ? 'Linux' : platform;
}

/** This machine's browser, looked up once. */
export const BROWSER: BrowserLookup = findBrowser();

/** poppler-utils' tools the printing tests run. */
export const POPPLER_TOOLS = ['pdftotext', 'pdfinfo', 'pdftoppm'] as const;

/** The poppler tools that cannot be run here (none when poppler-utils is installed). */
export function missingPopplerTools(): string[] {
  return POPPLER_TOOLS.filter((tool) => {
    const run = spawnSync(tool, ['-v'], { encoding: 'utf8' });
    return !!run.error;
  });
}

export interface ToolReport {
  /** What the run uses (printed once). */
  notes: string[];
  /** What is missing, when the tests that need it skip. */
  warnings: string[];
  /** Why the run must fail before any test: a tool missing under CI, or a PODIUM_BROWSER that names no file. */
  failure: string | null;
}

/** What to say about the run's tools, and whether it may go on without them. */
export function toolReport(browser: BrowserLookup, popplerMissing: readonly string[], env: NodeJS.ProcessEnv = process.env): ToolReport {
  const notes: string[] = [];
  const missing: string[] = [];
  if ('found' in browser) notes.push(`end-to-end tests use ${browser.found.name} at ${browser.found.path} (${browser.found.how})`);
  else missing.push(`a browser for the end-to-end tests: ${browser.missing}`);
  if (popplerMissing.length > 0)
    missing.push(`poppler-utils for the printing tests (${popplerMissing.join(', ')} not found; Debian: apt-get install -y poppler-utils, macOS: brew install poppler)`);
  const badChoice = 'missing' in browser && !!env.PODIUM_BROWSER?.trim();
  if (missing.length > 0 && (isCi(env) || badChoice))
    return { notes, warnings: [], failure: `${isCi(env) ? 'CI=true, so nothing may be skipped, and this machine lacks' : 'This machine lacks'} ${missing.join('; and ')}` };
  return { notes, warnings: missing.map((what) => `missing ${what}; the tests that need it are skipped (under CI=true they fail)`), failure: null };
}
