/**
 * The packaged app's Electron fuses and asar settings (issue 12, item 7): electron-builder.yml is
 * parsed as YAML, checked against electron-builder's own JSON schema (the scheme.json it validates
 * its configuration with), and every fuse is checked to be set the way the Electron security
 * checklist asks. The Electron binary is never launched here; the main process's sources are
 * checked not to depend on anything the fuses turn off.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { electronEntries } from '../../scripts/build.js';
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
    // The print worker is built beside main.cjs, where print-service.ts looks for it.
    expect(electronEntries.map((e) => e.out)).toEqual(expect.arrayContaining(['main', 'preload', 'print-worker']));
    const printService = await readFile(path.join(repoRoot, 'electron', 'host', 'print', 'print-service.ts'), 'utf8');
    expect(printService).toContain("new URL('./print-worker.cjs', here)");
    // The fonts are found by walking up from the bundle (dist/electron → the app root's assets/fonts).
    const render = await readFile(path.join(repoRoot, 'electron', 'host', 'print', 'render.ts'), 'utf8');
    expect(render).toContain("path.join(dir, 'assets', 'fonts')");
    const fonts = await readdir(path.join(repoRoot, 'assets', 'fonts'));
    expect(fonts).toEqual(expect.arrayContaining(['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf']));
  });
});

describe('the main process needs nothing the fuses turn off', () => {
  /** Every TypeScript file bundled into the app's main process, preload and print worker. */
  async function appSources(): Promise<{ file: string; text: string }[]> {
    const out: { file: string; text: string }[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (/\.(ts|mjs|cjs)$/.test(entry.name)) out.push({ file: path.relative(repoRoot, full), text: await readFile(full, 'utf8') });
      }
    };
    await walk(path.join(repoRoot, 'electron'));
    return out;
  }

  it('never runs Electron as Node, reads NODE_OPTIONS, opens an inspector or serves file://', async () => {
    const sources = await appSources();
    expect(sources.map((s) => s.file)).toContain(path.join('electron', 'main.ts'));
    const forbidden: [RegExp, string][] = [
      [/ELECTRON_RUN_AS_NODE/, 'ELECTRON_RUN_AS_NODE (runAsNode is off)'],
      [/child_process['"]|\bfork\s*\(|process\.execPath/, 'a child process of the app binary (needs runAsNode; use a worker or utilityProcess)'],
      [/NODE_OPTIONS|NODE_EXTRA_CA_CERTS/, 'NODE_OPTIONS (ignored with the fuse off)'],
      [/--inspect|inspector['"]|SIGUSR1/, 'the Node inspector (off)'],
      [/loadFile\s*\(|['"`]file:\/\//, 'file:// pages (grantFileProtocolExtraPrivileges is off; pages come from podium://)'],
    ];
    for (const { file, text } of sources) for (const [pattern, what] of forbidden) expect(pattern.test(text), `${file} uses ${what}`).toBe(false);
  });
});
