/**
 * The packaged app's Electron fuses and asar settings: electron-builder.yml is
 * parsed as YAML, checked against electron-builder's own JSON schema (the scheme.json it validates
 * its configuration with), and every fuse is checked to be set the way the Electron security
 * checklist asks. The Electron binary is never launched here: the app's bundles are built as
 * `npm run build` builds them, into a folder laid out like the packaged app, checked to link nothing
 * the fuses turn off, and run against a fake `electron` module (test/support/fake-electron.ts).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { IPC_MENU_CHANNEL, IPC_RPC_CHANNEL } from '../../electron/host/ipc-channel.js';
import { electronEntries } from '../../electron/tools/build.js';
import { FakeElectron } from '../support/fake-electron.js';
import { INDEX_HTML, pageApi, runBundle, until } from '../support/shell-harness.js';
import { repoRoot } from '../support/paths.js';

type Config = Record<string, unknown> & {
  files?: string[];
  asar?: unknown;
  asarUnpack?: unknown;
  electronFuses?: Record<string, unknown>;
};

const SCHEME = path.join(repoRoot, 'node_modules', 'app-builder-lib', 'scheme.json');
/** The sections electron-builder reads per platform or target, where asar settings could hide. */
const PLATFORM_SECTIONS = ['mac', 'mas', 'masDev', 'win', 'linux', 'dmg', 'pkg', 'nsis', 'nsisWeb', 'portable', 'appx', 'msi', 'msiWrapped', 'appImage', 'snap', 'flatpak', 'deb', 'rpm', 'pacman'];

async function config(): Promise<Config> {
  return parse(await readFile(path.join(repoRoot, 'electron-builder.yml'), 'utf8')) as Config;
}

async function scheme(): Promise<{ definitions: Record<string, { properties?: Record<string, unknown> }> }> {
  return JSON.parse(await readFile(SCHEME, 'utf8')) as { definitions: Record<string, { properties?: Record<string, unknown> }> };
}

/** electron-builder's own validator settings (app-builder-lib/out/util/config/schemaValidator.js), without type coercion. */
async function validator(): Promise<(data: unknown) => string[]> {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(await scheme());
  return (data) => (validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`));
}

describe('electron-builder.yml', () => {
  it('is a configuration electron-builder accepts (its own JSON schema)', async () => {
    const validate = await validator();
    expect(validate(await config())).toEqual([]);
    // The schema has teeth: a misspelt fuse or a fuse given as text is refused.
    const loose = await config();
    expect(validate({ ...loose, electronFuses: { ...loose.electronFuses, runAsnode: false } }).join('\n')).toMatch(/additional/i);
    expect(validate({ ...loose, electronFuses: { ...loose.electronFuses, runAsNode: 'false' } }).join('\n')).toMatch(/boolean/);
  });

  it('sets the fuses the Electron security checklist asks for', async () => {
    const fuses = (await config()).electronFuses;
    expect(fuses).toBeDefined();
    expect(fuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
    for (const [name, value] of Object.entries(fuses ?? {})) expect(typeof value, name).toBe('boolean');
  });

  it('decides every fuse this electron-builder knows, so none is left at its default by accident', async () => {
    const known = Object.keys((await scheme()).definitions.FuseOptionsV1?.properties ?? {}).filter((name) => name !== 'resetAdHocDarwinSignature');
    expect(known).toContain('runAsNode'); // the schema was read
    expect(Object.keys((await config()).electronFuses ?? {}).sort()).toEqual(known.sort());
  });

  it('packs the app into asar, unpacks nothing, and keeps the integrity check on', async () => {
    const c = await config();
    expect(c.asar).toBe(true);
    expect(c.asarUnpack).toBeUndefined();
    expect(c.disableAsarIntegrity).toBeUndefined();
    for (const section of PLATFORM_SECTIONS) {
      const options = c[section] as Record<string, unknown> | undefined;
      if (!options) continue;
      expect(options.asar, `${section}.asar`).toBeUndefined();
      expect(options.asarUnpack, `${section}.asarUnpack`).toBeUndefined();
      expect(options.electronFuses, `${section}.electronFuses`).toBeUndefined();
    }
  });

  it('packs what the app reads from inside app.asar at run time: the bundles, the print worker, the fonts, the renderer', async () => {
    const files = (await config()).files ?? [];
    expect(files).toEqual(expect.arrayContaining(['dist/electron/**', 'dist/renderer/**', 'assets/**', 'package.json']));
    // Only source maps are left out: no exclusion may drop a bundle, the worker or a font.
    expect(files.filter((pattern) => pattern.startsWith('!'))).toEqual(['!**/*.map']);
    // …and nothing else of dist/: not the browser-mode hosts' own builds (dist/renderer-builds).
    expect(files.filter((pattern) => pattern.startsWith('dist/')).sort()).toEqual(['dist/electron/**', 'dist/renderer/**']);
    // The print worker is built beside main.cjs (the built app finds it there and the fonts in
    // assets/: "the built app" below prints from the bundles).
    expect(electronEntries.map((e) => e.out)).toEqual(expect.arrayContaining(['main', 'preload', 'print-worker']));
    const fonts = await readdir(path.join(repoRoot, 'assets', 'fonts'));
    expect(fonts).toEqual(expect.arrayContaining(['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf']));
  });
});

describe('the built app needs nothing the fuses turn off', () => {
  /** A folder laid out like the packaged app: dist/electron (the bundles), dist/renderer, assets. */
  let appDir = '';
  let outDir = '';
  const outputs = new Map<string, Metafile['outputs'][string]>();

  beforeAll(async () => {
    appDir = await mkdtemp(path.join(os.tmpdir(), 'podium-app-'));
    outDir = path.join(appDir, 'dist', 'electron');
    // As electron/tools/build.ts buildElectron() builds them, with a metafile of what each bundle links.
    for (const platform of ['node', 'browser'] as const) {
      const entryPoints = electronEntries.filter((e) => e.platform === platform).map((e) => ({ in: path.join(repoRoot, e.in), out: e.out }));
      const result = await build({
        bundle: true,
        format: 'cjs',
        outExtension: { '.js': '.cjs' },
        outdir: outDir,
        absWorkingDir: repoRoot,
        target: ['node22', 'chrome142'],
        external: ['electron', 'bufferutil', 'utf-8-validate'],
        logLevel: 'error',
        logOverride: { 'empty-import-meta': 'silent' },
        metafile: true,
        platform,
        entryPoints,
      });
      for (const [file, output] of Object.entries(result.metafile.outputs)) outputs.set(path.basename(file), output);
    }
    await mkdir(path.join(appDir, 'dist', 'renderer'));
    await writeFile(path.join(appDir, 'dist', 'renderer', 'index.html'), INDEX_HTML);
    await symlink(path.join(repoRoot, 'assets'), path.join(appDir, 'assets'), 'junction');
  });

  afterAll(async () => {
    if (appDir) await rm(appDir, { recursive: true, force: true });
  });

  /** What a bundle loads at run time rather than carrying inside it. */
  const linked = (bundle: string): string[] => {
    const output = outputs.get(bundle);
    if (!output) throw new Error(`${bundle} was not built`);
    return [...new Set(output.imports.filter((i) => i.external).map((i) => i.path.replace(/^node:/, '')))].sort();
  };

  it('never forks the app binary (runAsNode is off) or opens an inspector, and carries everything but Electron and Node', () => {
    expect([...outputs.keys()].filter((file) => file.endsWith('.cjs')).sort()).toEqual(['main.cjs', 'preload.cjs', 'print-worker.cjs']);
    // The sandboxed preload can load nothing but electron.
    expect(linked('preload.cjs')).toEqual(['electron']);
    const optional = ['bufferutil', 'utf-8-validate']; // ws's optional speed-ups, tried and skipped
    for (const bundle of ['main.cjs', 'print-worker.cjs']) {
      const modules = linked(bundle);
      expect(modules.filter((m) => !builtinModules.includes(m) && m !== 'electron' && !optional.includes(m)), bundle).toEqual([]);
      // A child process of the app binary needs runAsNode; the inspector is off; use workers.
      for (const forbidden of ['child_process', 'cluster', 'inspector', 'inspector/promises'])
        expect(modules, `${bundle} links ${forbidden}`).not.toContain(forbidden);
    }
    expect(linked('print-worker.cjs')).not.toContain('electron');
  });

  it('runs from main.cjs: its pages from podium:// only, printing with the worker beside it and the fonts of assets/', async () => {
    const fake = new FakeElectron();
    const stationDir = path.join(appDir, 'station');
    const saved = process.env.PODIUM_DATA_DIR;
    process.env.PODIUM_DATA_DIR = stationDir;
    try {
      runBundle(path.join(outDir, 'main.cjs'), fake);
    } finally {
      if (saved === undefined) delete process.env.PODIUM_DATA_DIR;
      else process.env.PODIUM_DATA_DIR = saved;
    }
    expect(fake.app.getPath('userData')).toBe(stationDir);
    fake.app.becomeReady();
    await until(() => fake.windows[0]?.visible === true, 'the station window');
    const station = fake.windows[0];
    if (!station) throw new Error('no station window');
    expect(station.options.webPreferences).toMatchObject({ preload: path.join(outDir, 'preload.cjs'), sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(await (await fake.protocol.fetch('podium://station/')).text()).toBe(INDEX_HTML);

    const api = pageApi(fake, station.webContents);
    await api.createEvent({ name: 'Bundle Open', ruleset: 'mtr', settings: {} });
    const printed = await api.print({ doc: 'standings' });
    expect(printed.pages).toBeGreaterThan(0);
    expect(Buffer.from(printed.pdfBase64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

    fake.click('View', 'Projector');
    await until(() => fake.windows.length === 2, 'the projector');
    // Pages come from podium:// (file:// has no extra privileges; the fake has no loadFile at all).
    expect(fake.windows.flatMap((w) => w.loaded)).toEqual(['podium://station/', 'podium://station/projector']);

    const quitting = fake.app.quitCalls;
    expect(fake.app.fire('will-quit')).toBe(true);
    await until(() => fake.app.quitCalls > quitting, 'the app to quit');
  });

  it('runs preload.cjs sandboxed: window.podium is a message pipe and nothing else', () => {
    const fake = new FakeElectron();
    runBundle(path.join(outDir, 'preload.cjs'), fake, { sandboxed: true });
    expect([...fake.contextBridge.exposed.keys()]).toEqual(['podium']);
    const podium = fake.contextBridge.exposed.get('podium') as {
      send(message: unknown): void;
      onMessage(handler: (message: unknown) => void): () => void;
      onMenu(handler: (command: string) => void): () => void;
    };
    expect(Object.keys(podium).sort()).toEqual(['onMenu', 'onMessage', 'send']);

    const request = { kind: 'request', id: 1, method: 'snapshot', params: {} };
    podium.send(request);
    expect(fake.ipcRenderer.sent).toEqual([{ channel: IPC_RPC_CHANNEL, args: [request] }]);

    // Handlers hear the payload only, never Electron's event (its sender, its ports).
    const messages: unknown[] = [];
    const commands: string[] = [];
    const stopMessages = podium.onMessage((message) => messages.push(message));
    const stopMenu = podium.onMenu((command) => commands.push(command));
    fake.ipcRenderer.emit(IPC_RPC_CHANNEL, { sender: 'ipcRenderer' }, { kind: 'response', id: 1, ok: true, result: null });
    fake.ipcRenderer.emit(IPC_MENU_CHANNEL, { sender: 'ipcRenderer' }, 'print');
    stopMessages();
    stopMenu();
    fake.ipcRenderer.emit(IPC_RPC_CHANNEL, {}, 'after');
    fake.ipcRenderer.emit(IPC_MENU_CHANNEL, {}, 'new-event');
    expect(messages).toEqual([{ kind: 'response', id: 1, ok: true, result: null }]);
    expect(commands).toEqual(['print']);
    expect(fake.ipcRenderer.listenerCount(IPC_RPC_CHANNEL) + fake.ipcRenderer.listenerCount(IPC_MENU_CHANNEL)).toBe(0);
  });
});
