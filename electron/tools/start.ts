/**
 * `npm start`: build the renderer and the Electron shell, then launch Electron — or, where its
 * binary is not installed (as on machines that cannot download it), say so in one line and start
 * browser mode, printing the URL.
 *
 * `npm run start:web -- [--port P] [--data-dir DIR] [--lan-address ADDR]` always starts browser mode;
 * `--help` says what each option does (web.ts WEB_USAGE), before anything is built.
 *
 * Both work right after `npm ci`: everything they need is built here. Browser mode serves a
 * renderer build of its own (build.ts beside this file, dist/renderer-builds/…), kept until it stops: a
 * second `start:web` from the same checkout builds its own and never takes the first one's pages away.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { givenLanAddress, parseWebArgs, startBrowserMode, stopOnSignals, WEB_USAGE, type BrowserMode } from '../web.js';
import { buildElectron, buildHostRenderer, buildRenderer, repoRoot } from './build.js';

/**
 * The Electron binary, if installed. Looked up the way the `electron` package does, but without
 * requiring it: its index.js tries to download the binary when it is missing.
 */
export function electronBinary(): string | null {
  try {
    const require = createRequire(path.join(repoRoot, 'package.json'));
    const packageDir = path.dirname(require.resolve('electron/package.json'));
    const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
    const pathFile = path.join(packageDir, 'path.txt');
    const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
    if (override) {
      const file = path.join(override, relative || 'electron');
      return existsSync(file) ? file : null;
    }
    if (!relative) return null;
    const file = path.join(packageDir, 'dist', relative);
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

async function browserMode(argv: readonly string[]): Promise<void> {
  const args = parseWebArgs(argv);
  if (args.help) return void console.log(WEB_USAGE);
  await givenLanAddress(args); // an address that is not this computer's is refused before the build
  const renderer = await buildHostRenderer();
  let mode: BrowserMode;
  try {
    mode = await startBrowserMode({ ...args, rendererDir: renderer.dir });
  } catch (error) {
    await renderer.release();
    throw error;
  }
  // On Ctrl+C / SIGTERM: close the host, then remove its renderer build.
  stopOnSignals({
    ...mode,
    async close() {
      await mode.close();
      await renderer.release();
    },
  });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) return void console.log(WEB_USAGE);
  if (argv.includes('--web')) return browserMode(argv);
  await buildElectron();
  const binary = electronBinary();
  if (!binary) {
    console.log('Electron is not available on this machine; starting browser mode.');
    return browserMode(argv);
  }
  await buildRenderer(); // a fresh build, then swapped in as dist/renderer (what the desktop app loads)
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE; // would make the binary a plain Node
  const child = spawn(binary, [repoRoot, ...argv], { stdio: 'inherit', env });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`podium: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  });
}
