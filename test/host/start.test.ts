/**
 * `npm start` where Electron's binary is missing (as on these machines): it builds, says so in one
 * line, and serves the station in browser mode at the URL it prints.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronBinary } from '../../electron/tools/start.js';
import { repoRoot } from '../support/paths.js';

describe('npm start', () => {
  it('finds the Electron binary without downloading it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-electron-'));
    const saved = process.env.ELECTRON_OVERRIDE_DIST_PATH;
    try {
      process.env.ELECTRON_OVERRIDE_DIST_PATH = dir;
      expect(electronBinary()).toBeNull(); // nothing there
      await writeFile(path.join(dir, 'electron'), '');
      expect(electronBinary()).toBe(path.join(dir, 'electron'));
    } finally {
      if (saved === undefined) delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
      else process.env.ELECTRON_OVERRIDE_DIST_PATH = saved;
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('falls back to browser mode in one line and serves the station', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-start-'));
    const noElectron = path.join(dir, 'no-electron');
    await mkdir(noElectron);
    const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['electron/tools/start.ts', '--port', '0'], {
      cwd: repoRoot,
      env: { ...process.env, PODIUM_DATA_DIR: path.join(dir, 'station'), ELECTRON_OVERRIDE_DIST_PATH: noElectron },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    try {
      // Wait for the line that says it serves (event-driven; fails if the child exits or 90 s pass).
      await new Promise<void>((resolve, reject) => {
        const served = (): boolean => /open (http:\/\/127\.0\.0\.1:\d+\/)/.test(out);
        const guard = setTimeout(() => reject(new Error(`npm start did not serve in 90 s: ${out}${err}`)), 90_000);
        const check = (): void => {
          if (!served()) return;
          clearTimeout(guard);
          resolve();
        };
        child.stdout.on('data', check);
        child.once('exit', () => {
          clearTimeout(guard);
          if (served()) resolve();
          else reject(new Error(`npm start did not serve: ${out}${err}`));
        });
        check();
      });
      const lines = out.trim().split('\n');
      expect(lines[0]).toBe('Electron is not available on this machine; starting browser mode.');
      // The address carries this launch's station key, as Jupyter's ?token= does.
      const [, url, key] = /open (http:\/\/127\.0\.0\.1:\d+\/)\?key=([\w-]{40,})\s/.exec(out) as unknown as [string, string, string];
      expect((await fetch(`${url}rpc`)).status).toBe(403);
      expect((await fetch(`${url}rpc?key=${key}`)).status).toBe(204);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await page.text()).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      const projector = await fetch(`${url}projector`);
      expect(projector.status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(err).toBe('');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  /** `npm run start:web -- …args` in its own process: its exit code and what it printed. */
  function startWeb(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
    const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['electron/tools/start.ts', '--web', ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })));
  }

  it('--help says what every option does, and starts nothing', async () => {
    const { code, out, err } = await startWeb(['--help']);
    expect(code).toBe(0);
    expect(err).toBe('');
    for (const option of ['--port P', '--data-dir DIR', '--lan-address ADDR', '--help']) expect(out).toContain(option);
    expect(out).toMatch(/listen on ADDR only: one of\s+this computer's addresses/);
  });

  it('an address that is not this computer’s is refused in one line before anything is built (the option and PODIUM_LAN_ADDRESS)', async () => {
    const given = await startWeb(['--lan-address', '192.0.2.250']);
    expect(given.code).toBe(2);
    expect(given.err).toMatch(/^podium: --lan-address: 192\.0\.2\.250 is not an address of this computer \(its addresses: .*\)\n$/);
    expect(given.out).toBe('');
    const fromEnv = await startWeb([], { PODIUM_LAN_ADDRESS: '127.0.0.1' });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.err).toMatch(/^podium: PODIUM_LAN_ADDRESS: 127\.0\.0\.1 is the station's own door/);
  });
});
