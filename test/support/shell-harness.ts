/**
 * Starting the Electron shell under Node: the shell's modules (electron/shell.ts) or its built
 * bundles (dist/electron/*.cjs) against the fake `electron` of fake-electron.ts, with the real host
 * services in a temp folder; a page's StationApi over the fake IPC; and a quit as Electron quits.
 * Everything a test starts here is stopped and removed when the test finishes.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire, Module } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { onTestFinished } from 'vitest';
import type { StationApi } from '../../core/api/contract.js';
import { createRpcClient, type RpcChannel } from '../../core/api/rpc.js';
import { createHostServices } from '../../electron/host/host.js';
import { IPC_RPC_CHANNEL } from '../../electron/host/ipc-channel.js';
import { startShell, type Shell } from '../../electron/shell.js';
import { EXTERNAL, FakeElectron, LAPTOP, type FakeBrowserWindow, type FakeWebContents } from './fake-electron.js';
import { until } from './until.js';

/** Where the shell is told its preload bundle is. */
export const PRELOAD = path.join(path.sep, 'app', 'dist', 'electron', 'preload.cjs');
export const INDEX_HTML = '<!doctype html><title>Podium</title>';

/** A temp folder, removed when the test finishes. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Wait for something the shell does without being awaited (a menu click, a window's close). */
export { until };

/** The StationApi as the page in `contents` reaches it: through the window's IPC, from its main frame. */
export function pageApi(fake: FakeElectron, contents: FakeWebContents): StationApi {
  const channel: RpcChannel = {
    send: (message) => fake.ipcMain.sendFrom(contents, IPC_RPC_CHANNEL, message),
    onMessage: (handler) => {
      const stop = contents.onSend((name, args) => {
        if (name === IPC_RPC_CHANNEL) handler(args[0]);
      });
      return () => void stop();
    },
  };
  return createRpcClient(channel);
}

/** Quit as Electron does: `will-quit`, which the shell holds until the save is closed, then quits again. */
export async function quit(fake: FakeElectron): Promise<boolean> {
  const before = fake.app.quitCalls;
  const held = fake.app.fire('will-quit');
  if (held) await until(() => fake.app.quitCalls > before, 'the shell to quit');
  return held;
}

export interface Launched {
  fake: FakeElectron;
  shell: Shell;
  dataDir: string;
  /** The renderer the shell serves: index.html and assets/app.js (in a temp folder of its own). */
  rendererDir: string;
  station: FakeBrowserWindow;
  log: { info: string[]; warn: string[] };
}

export interface LaunchOptions {
  /** Default: a laptop with a projector plugged in. */
  fake?: FakeElectron;
  dataDir?: string;
  argv?: string[];
  platform?: NodeJS.Platform;
  /** Runs after the shell started and before Electron is ready. */
  beforeReady?: (fake: FakeElectron) => void;
}

/** Start the shell against a fake Electron, make it ready, and wait for the station window. */
export async function launch(options: LaunchOptions = {}): Promise<Launched> {
  const fake = options.fake ?? new FakeElectron({ displays: [LAPTOP, EXTERNAL] });
  const dataDir = options.dataDir ?? (await tempDir('podium-shell-'));
  const rendererDir = path.join(await tempDir('podium-renderer-'), 'renderer');
  await mkdir(path.join(rendererDir, 'assets'), { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(rendererDir, 'assets', 'app.js'), 'export {};');
  const log = { info: [] as string[], warn: [] as string[] };
  const shell = startShell(fake.electron, {
    dataDir,
    rendererDir,
    preload: PRELOAD,
    argv: options.argv ?? ['/opt/Podium/podium'],
    createService: (dir) => createHostServices({ dataDir: dir, station: 'shell-test', clock: false }),
    log: { info: (line) => log.info.push(line), warn: (line) => log.warn.push(line) },
    platform: options.platform ?? 'linux',
  });
  if (!shell) throw new Error('the shell did not start');
  onTestFinished(async () => void (await quit(fake)));
  options.beforeReady?.(fake);
  fake.app.becomeReady();
  await shell.started;
  const station = fake.windows[0] as FakeBrowserWindow;
  await until(() => station.visible, 'the station window to show');
  return { fake, shell, dataDir, rendererDir, station, log };
}

/**
 * Run a CommonJS bundle of the app (dist/electron/main.cjs, preload.cjs) as Electron would load
 * it, with `require('electron')` answered by the fake. Anything else it requires is looked up
 * from the bundle's own folder, as in the packaged app (`sandboxed`: nothing else, as a preload).
 */
export function runBundle(file: string, fake: FakeElectron, options: { sandboxed?: boolean } = {}): void {
  const requireFromBundle = createRequire(file);
  const load = (id: string): unknown => {
    if (id === 'electron') return fake.module();
    // A sandboxed preload's require gives electron and a few polyfills, and never loads a file.
    if (options.sandboxed) throw new Error(`a sandboxed preload cannot require ${id}`);
    return requireFromBundle(id);
  };
  const require = Object.assign(load, { resolve: requireFromBundle.resolve, cache: requireFromBundle.cache });
  const module = { exports: {}, filename: file, id: file, loaded: false };
  const wrapper = vm.runInThisContext(Module.wrap(readFileSync(file, 'utf8')), { filename: file }) as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, require, module, file, path.dirname(file));
  module.loaded = true;
}
