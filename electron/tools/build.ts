/**
 * `npm run build` (and the first step of `npm start`): the renderer through Vite's API, and the
 * Electron main process and preload through esbuild into dist/electron (one CommonJS file each: a
 * sandboxed preload cannot load other files, and the main bundle needs nothing from node_modules
 * but `electron` itself).
 *
 * The renderer is never built over a folder something may be serving. Every build goes into a
 * fresh folder, dist/renderer-builds/<pid>-<time>-<random>, and only then is put to use:
 * - `npm run build` (what electron-builder packs) and the desktop app swap it in as dist/renderer;
 * - browser mode (`npm run start:web`, `npm start` without Electron) serves its own build folder
 *   for as long as it runs, so a second `start:web` from the same checkout, or an `npm run build`,
 *   never takes the first one's pages away. The folder is removed when its host stops; one left by
 *   a host that died (its pid is gone) is removed by the next build.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild, type BuildOptions } from 'esbuild';
import { build as viteBuild } from 'vite';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const distDir = path.join(repoRoot, 'dist');
/** Where fresh renderer builds go (inside `dist`, so a swap into dist/renderer is a rename). */
export const RENDERER_BUILDS = 'renderer-builds';

/** Builds the renderer into an empty or missing folder (Vite by default; tests may pass another). */
export type RendererBuilder = (outDir: string) => Promise<void>;

/** Build the renderer with Vite into `outDir` (emptied first), e.g. a test's temp folder. */
export async function viteBuildRenderer(outDir: string): Promise<void> {
  // Always the production build of React, whatever NODE_ENV the caller runs under (vitest: "test").
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await viteBuild({
      configFile: path.join(repoRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

export interface RendererBuildOptions {
  /** The dist folder (default: the checkout's dist/). */
  distDir?: string;
  /** How to build (default: Vite). */
  build?: RendererBuilder;
}

/** A build folder owned by this process: `<pid>-<time>-<random>`, so others can tell when it is stale. */
const BUILD_NAME = /^(\d+)-[0-9a-z]+-[0-9a-f]+$/;

function freshName(): string {
  return `${process.pid}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, but not ours to signal
  }
}

/**
 * Remove the build folders whose process is gone (a host that crashed or was killed, a build that
 * failed half-way). Folders of running processes, and anything not named like a build, stay.
 */
export async function removeStaleRendererBuilds(dist: string = distDir): Promise<string[]> {
  const buildsDir = path.join(dist, RENDERER_BUILDS);
  let names: string[];
  try {
    names = await readdir(buildsDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = BUILD_NAME.exec(name)?.[1];
    if (pid === undefined || processAlive(Number(pid))) continue;
    await rm(path.join(buildsDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Build the renderer into a fresh folder of dist/renderer-builds (stale ones are removed first). */
async function buildFresh(options: RendererBuildOptions): Promise<string> {
  const dist = options.distDir ?? distDir;
  await removeStaleRendererBuilds(dist);
  const dir = path.join(dist, RENDERER_BUILDS, freshName());
  await mkdir(path.dirname(dir), { recursive: true });
  try {
    await (options.build ?? viteBuildRenderer)(dir);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/** A renderer build that one browser-mode host serves for as long as it runs. */
export interface HostRendererBuild {
  dir: string;
  /** Remove the folder (when its host has stopped). */
  release(): Promise<void>;
}

/** The renderer for a browser-mode host: its own fresh build, which nothing else replaces or removes while it runs. */
export async function buildHostRenderer(options: RendererBuildOptions = {}): Promise<HostRendererBuild> {
  const dir = await buildFresh(options);
  return { dir, release: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Put the folder `fresh` in place of `target` (same file system): the old `target` is renamed away
 * and `fresh` renamed in, so `target` is never a half-written build. (A folder cannot be renamed
 * over a non-empty one, hence two renames; a concurrent swap that wins the gap makes this retry.)
 */
export async function swapInto(fresh: string, target: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const old = path.join(path.dirname(fresh), freshName());
    let moved = false;
    try {
      await rename(target, old);
      moved = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    try {
      await rename(fresh, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Put the old one back; if another swap already filled the place, that build is the newer one.
      if (moved) await rename(old, target).catch(() => rm(old, { recursive: true, force: true }));
      if ((code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'EPERM') && attempt < 5) continue;
      throw error;
    }
    if (moved) await rm(old, { recursive: true, force: true });
    return;
  }
}

/**
 * Build the renderer: into `outDir` when given (a folder of the caller's, emptied first); otherwise
 * into a fresh folder that then replaces dist/renderer (what electron-builder packs and the
 * desktop app loads). A failed build leaves dist/renderer as it was.
 */
export async function buildRenderer(outDir?: string, options: RendererBuildOptions = {}): Promise<void> {
  if (outDir) return (options.build ?? viteBuildRenderer)(outDir);
  const fresh = await buildFresh(options);
  try {
    await swapInto(fresh, path.join(options.distDir ?? distDir, 'renderer'));
  } catch (error) {
    await rm(fresh, { recursive: true, force: true });
    throw error;
  }
}

/** The Electron entry points: add a worker here (e.g. the print worker) and it is built too. */
export const electronEntries: { in: string; out: string; platform: 'node' | 'browser' }[] = [
  { in: 'electron/main.ts', out: 'main', platform: 'node' },
  { in: 'electron/preload.ts', out: 'preload', platform: 'browser' },
  // The print worker (electron/host/print/print-service.ts starts dist/electron/print-worker.cjs).
  { in: 'electron/host/print/worker.ts', out: 'print-worker', platform: 'node' },
];

export async function buildElectron(): Promise<void> {
  const common: BuildOptions = {
    bundle: true,
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    outdir: path.join(distDir, 'electron'),
    absWorkingDir: repoRoot,
    // Electron 45 runs Chromium 142 and Node 22.
    target: ['node22', 'chrome142'],
    external: ['electron', 'bufferutil', 'utf-8-validate'],
    sourcemap: true,
    logLevel: 'warning',
    // The print service and renderer find their files from import.meta.url under tsx and fall back
    // to __filename in these CommonJS bundles (electron/host/print/), so an empty import.meta is expected.
    logOverride: { 'empty-import-meta': 'silent' },
    legalComments: 'none',
  };
  for (const platform of ['node', 'browser'] as const) {
    const entryPoints = electronEntries.filter((e) => e.platform === platform).map((e) => ({ in: path.join(repoRoot, e.in), out: e.out }));
    if (entryPoints.length > 0) await esbuild({ ...common, platform, entryPoints });
  }
}

export async function buildAll(): Promise<void> {
  await buildRenderer();
  await buildElectron();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildAll();
  console.log(`Built the renderer (dist/renderer) and the Electron shell (dist/electron).`);
}
