/**
 * A second `start:web` (or an `npm run build`) from the same checkout never takes a running host's
 * pages away: every renderer build goes into a fresh folder, a browser-mode host
 * serves its own build for as long as it runs, and dist/renderer is replaced by a swap, never
 * rebuilt in place.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startBrowserMode } from '../../electron/web.js';
import { buildHostRenderer, buildRenderer, removeStaleRendererBuilds, RENDERER_BUILDS, swapInto, type RendererBuilder } from '../../electron/tools/build.js';
import { repoRoot } from '../support/paths.js';

/** The files a built index.html loads (its hashed script and style, the icon). */
function referencedFiles(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1] as string);
}

/** Every file `html` references, fetched from `base`: path → [status, body]. */
async function fetchReferenced(base: string, html: string): Promise<Map<string, [number, string]>> {
  const out = new Map<string, [number, string]>();
  for (const file of referencedFiles(html)) {
    const response = await fetch(new URL(file, base));
    out.set(file, [response.status, await response.text()]);
  }
  return out;
}

/**
 * A changed checkout: the same app with other content hashes, as the next build after an edit of
 * renderer/ would have (a copy of `from` with every asset renamed and index.html pointing at them).
 */
function changedBuild(from: string): RendererBuilder {
  return async (outDir) => {
    await cp(from, outDir, { recursive: true });
    let html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    for (const name of await readdir(path.join(outDir, 'assets'))) {
      const renamed = name.replace(/(\.\w+)$/, 'x2$1');
      await rename(path.join(outDir, 'assets', name), path.join(outDir, 'assets', renamed));
      html = html.replaceAll(`/assets/${name}`, `/assets/${renamed}`);
    }
    await writeFile(path.join(outDir, 'index.html'), html);
  };
}

/** A pid that is certainly not running: a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

describe('renderer builds', () => {
  it('a running host keeps every file its pages reference while other builds are made and swapped in', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-build-swap-'));
    const dist = path.join(dir, 'dist');
    const a = await buildHostRenderer({ distDir: dist }); // the real Vite build
    const hostA = await startBrowserMode({ port: 0, dataDir: path.join(dir, 'a'), rendererDir: a.dir, log: () => undefined });
    let hostB: Awaited<ReturnType<typeof startBrowserMode>> | undefined;
    try {
      expect(path.dirname(a.dir)).toBe(path.join(dist, RENDERER_BUILDS));
      const indexA = await (await fetch(hostA.server.url)).text();
      const filesA = await fetchReferenced(hostA.server.url, indexA);
      expect([...filesA.keys()].filter((f) => f.startsWith('/assets/')).length).toBeGreaterThanOrEqual(2); // script and style
      for (const [file, [status]] of filesA) expect(status, file).toBe(200);

      // Another host starts from a changed checkout, and `npm run build` runs twice (dist/renderer
      // made, then replaced).
      const changed = changedBuild(a.dir);
      const b = await buildHostRenderer({ distDir: dist, build: changed });
      await buildRenderer(undefined, { distDir: dist, build: changed });
      await buildRenderer(undefined, { distDir: dist, build: changed });
      hostB = await startBrowserMode({ port: 0, dataDir: path.join(dir, 'b'), rendererDir: b.dir, log: () => undefined });
      expect(b.dir).not.toBe(a.dir);

      // A's pages still load, byte for byte, every file they reference.
      expect(await (await fetch(hostA.server.url)).text()).toBe(indexA);
      const again = await fetchReferenced(hostA.server.url, indexA);
      for (const [file, [status, body]] of filesA) expect(again.get(file), file).toEqual([status, body]);
      // …while B serves its own build, whose files A's pages do not know (so the test means something).
      const indexB = await (await fetch(hostB.server.url)).text();
      expect(indexB).not.toBe(indexA);
      for (const [file, [status]] of await fetchReferenced(hostB.server.url, indexB)) expect(status, file).toBe(200);
      expect((await fetch(new URL(referencedFiles(indexB).find((f) => f.startsWith('/assets/')) as string, hostA.server.url))).status).toBe(404);

      // dist/renderer (what electron-builder packs) is the last build, complete.
      const packed = await readFile(path.join(dist, 'renderer', 'index.html'), 'utf8');
      expect(packed).toBe(indexB);
      for (const file of referencedFiles(packed)) expect(existsSync(path.join(dist, 'renderer', file)), file).toBe(true);
      // Nothing is left over from the swaps: only the two hosts' builds.
      expect((await readdir(path.join(dist, RENDERER_BUILDS))).sort()).toEqual([path.basename(a.dir), path.basename(b.dir)].sort());

      // A stopped host's build is removed.
      await hostA.close();
      await a.release();
      expect(existsSync(a.dir)).toBe(false);
      await hostB.close();
      hostB = undefined;
      await b.release();
    } finally {
      await hostA.close().catch(() => undefined);
      await hostB?.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('removes the builds of processes that are gone, and keeps those of running ones', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'podium-build-stale-'));
    try {
      const builds = path.join(dist, RENDERER_BUILDS);
      const dead = `${await deadPid()}-lx0abc-0badf00d`;
      const running = `${process.ppid}-lx0abc-00c0ffee`; // the process that started this test
      const notABuild = 'notes';
      for (const name of [dead, running, notABuild]) {
        await mkdir(path.join(builds, name, 'assets'), { recursive: true });
        await writeFile(path.join(builds, name, 'index.html'), '<!doctype html>');
      }
      expect(await removeStaleRendererBuilds(dist)).toEqual([dead]);
      expect((await readdir(builds)).sort()).toEqual([running, notABuild].sort());
      // A new build sweeps too, and a build that fails leaves nothing behind.
      await mkdir(path.join(builds, dead));
      await expect(buildHostRenderer({ distDir: dist, build: () => Promise.reject(new Error('vite failed')) })).rejects.toThrow('vite failed');
      expect((await readdir(builds)).sort()).toEqual([running, notABuild].sort());
      // A failed `npm run build` leaves dist/renderer as it was.
      await mkdir(path.join(dist, 'renderer'));
      await writeFile(path.join(dist, 'renderer', 'index.html'), 'the last good build');
      await expect(buildRenderer(undefined, { distDir: dist, build: () => Promise.reject(new Error('vite failed')) })).rejects.toThrow('vite failed');
      expect(await readFile(path.join(dist, 'renderer', 'index.html'), 'utf8')).toBe('the last good build');
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('swaps a folder in over an existing one, or where there was none', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-swap-'));
    try {
      const target = path.join(dir, 'renderer');
      for (const version of ['one', 'two']) {
        const fresh = path.join(dir, RENDERER_BUILDS, version);
        await mkdir(fresh, { recursive: true });
        await writeFile(path.join(fresh, 'index.html'), version);
        await swapInto(fresh, target);
        expect(await readFile(path.join(target, 'index.html'), 'utf8')).toBe(version);
        expect(existsSync(fresh)).toBe(false);
      }
      expect(await readdir(path.join(dir, RENDERER_BUILDS))).toEqual([]); // the old one is gone too
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

type Host = ChildProcessByStdio<null, Readable, Readable> & { out: string; err: string };

/** `npm run start:web -- --port 0` as a real process (its own data folder). */
function startWeb(dataDir: string): Host {
  const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['electron/tools/start.ts', '--web', '--port', '0'], {
    cwd: repoRoot,
    env: { ...process.env, PODIUM_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as Host;
  child.out = '';
  child.err = '';
  child.stdout.on('data', (chunk: Buffer) => (child.out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (child.err += chunk.toString()));
  return child;
}

const URL_LINE = /open (http:\/\/127\.0\.0\.1:\d+\/)/;

async function servingUrl(host: Host, deadline: number, meanwhile?: () => Promise<void>): Promise<string> {
  for (;;) {
    const url = URL_LINE.exec(host.out)?.[1];
    if (url) return url;
    if (Date.now() > deadline || host.exitCode !== null) throw new Error(`start:web did not serve: ${host.out}${host.err}`);
    // Checking the other host's files is the pace of the loop; with nothing to check, wait for the
    // child to say something (or exit) instead of sleeping.
    if (meanwhile) await meanwhile();
    else await new Promise<void>((resolve) => {
      const done = (): void => {
        host.stdout.off('data', done);
        host.off('exit', done);
        resolve();
      };
      host.stdout.once('data', done);
      host.once('exit', done);
    });
  }
}

async function stop(host: Host): Promise<number | null> {
  if (host.exitCode !== null) return host.exitCode;
  const exited = new Promise<number | null>((resolve) => host.once('exit', (code) => resolve(code)));
  host.kill('SIGTERM');
  return exited;
}

describe('two `npm run start:web` from one checkout', () => {
  it('the second builds and starts while the first keeps serving every file of its pages, untouched', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-two-web-'));
    const builds = path.join(repoRoot, 'dist', RENDERER_BUILDS);
    const list = async (): Promise<string[]> => (existsSync(builds) ? readdir(builds) : []);
    const before = new Set(await list());
    const a = startWeb(path.join(dir, 'a'));
    let b: Host | undefined;
    try {
      const urlA = await servingUrl(a, Date.now() + 90_000);
      const indexA = await (await fetch(urlA)).text();
      const filesA = await fetchReferenced(urlA, indexA);
      expect(filesA.size).toBeGreaterThanOrEqual(3);
      for (const [file, [status]] of filesA) expect(status, file).toBe(200);
      // A serves a build folder of its own; its files, as they are on disk now.
      const ownA = (await list()).filter((name) => !before.has(name));
      expect(ownA).toHaveLength(1);
      const folderA = path.join(builds, ownA[0] as string);
      expect(await readFile(path.join(folderA, 'index.html'), 'utf8')).toBe(indexA);
      const identity = async (): Promise<string[]> =>
        Promise.all(referencedFiles(indexA).map(async (file) => {
          const s = await stat(path.join(folderA, file));
          return `${file} ${s.ino} ${s.mtimeMs}`;
        }));
      const filesOnDisk = await identity();

      // B builds and starts; all the while, A's pages keep loading.
      b = startWeb(path.join(dir, 'b'));
      const failures: string[] = [];
      const urlB = await servingUrl(b, Date.now() + 90_000, async () => {
        for (const [file, [status]] of await fetchReferenced(urlA, indexA)) if (status !== 200) failures.push(`${file} ${status}`);
      });
      expect(failures).toEqual([]);
      expect(urlB).not.toBe(urlA);
      for (const [file, [status, body]] of await fetchReferenced(urlA, indexA)) expect([file, status, body]).toEqual([file, 200, filesA.get(file)?.[1]]);
      // B built into a folder of its own; A's files were never deleted or rewritten.
      const ownB = (await list()).filter((name) => !before.has(name) && name !== ownA[0]);
      expect(ownB).toHaveLength(1);
      expect(await identity()).toEqual(filesOnDisk);
      const indexB = await (await fetch(urlB)).text();
      for (const [file, [status]] of await fetchReferenced(urlB, indexB)) expect(status, file).toBe(200);

      // Each removes its own build when it stops.
      expect(await stop(b)).toBe(0);
      expect(existsSync(path.join(builds, ownB[0] as string))).toBe(false);
      expect(existsSync(folderA)).toBe(true);
      expect(await stop(a)).toBe(0);
      expect(existsSync(folderA)).toBe(false);
      expect(a.err + b.err).toBe('');
    } finally {
      if (a.exitCode === null) a.kill('SIGKILL');
      if (b && b.exitCode === null) b.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
