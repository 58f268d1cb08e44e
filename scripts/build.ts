/**
 * `npm run build` (and the first step of `npm start`): the renderer through Vite's API into
 * dist/renderer, and the Electron main process and preload through esbuild into dist/electron
 * (one CommonJS file each: a sandboxed preload cannot load other files, and the main bundle needs
 * nothing from node_modules but `electron` itself).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild, type BuildOptions } from 'esbuild';
import { build as viteBuild } from 'vite';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = path.join(repoRoot, 'dist');

/** Build the renderer into dist/renderer (or `outDir`, e.g. a test's temp folder). */
export async function buildRenderer(outDir?: string): Promise<void> {
  // Always the production build of React, whatever NODE_ENV the caller runs under (vitest: "test").
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await viteBuild({
      configFile: path.join(repoRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}),
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
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
