/**
 * Browser mode: the same host services as the Electron shell, served to a browser on this machine
 * only (HTTP + WebSocket on 127.0.0.1). The station is at `/`, the projector at `/projector`.
 *
 *   npm run start:web -- [--port 5719] [--data-dir DIR]
 *
 * Plain Node (no `electron` import): this is what runs where Electron cannot.
 *
 * Every launch makes a new station key; the address printed carries it (`/?key=…`, as Jupyter's
 * `?token=`), and the WebSocket API refuses any connection without it: other programs on this
 * machine can reach 127.0.0.1, but only someone who can read this terminal can open the station.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHostServices } from './host/host.js';
import { reopenLastEvent, trackLastOpen } from './host/last-open.js';
import { defaultDataDir, stationName } from './host/paths.js';
import type { StationService } from './host/station-service.js';
import { DEFAULT_PORT, startWebServer, type WebServer } from './host/web-server.js';

export const RENDERER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'renderer');

export interface BrowserModeOptions {
  port?: number;
  dataDir?: string;
  rendererDir?: string;
  log?: (line: string) => void;
  /** The host's time (default the system clock); tests freeze it so every window shows the same second. */
  now?: () => Date;
  /** The station key (default: a new random one for this launch); a test restarting its host keeps the old one. */
  key?: string;
}

export interface BrowserMode {
  server: WebServer;
  /** The host services behind the server (in-process callers: tests, tools). */
  service: StationService;
  close(): Promise<void>;
}

export async function startBrowserMode(options: BrowserModeOptions = {}): Promise<BrowserMode> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = options.dataDir ?? defaultDataDir();
  const service = createHostServices({ dataDir, station: stationName(), mode: 'browser mode', warmPrinter: true, ...(options.now ? { now: options.now } : {}) });
  // The event that was open when the host last ran comes back before any window can connect, so a
  // station or projector that reconnects after a restart finds the same event and clock (issue 13.7).
  const lastOpen = trackLastOpen(service, dataDir);
  await reopenLastEvent(service, dataDir, log);
  const wanted = options.port ?? DEFAULT_PORT;
  const server = await startWebServer({
    api: service,
    rendererDir: options.rendererDir ?? RENDERER_DIR,
    port: wanted,
    ...(options.key !== undefined ? { key: options.key } : {}),
    onRefused: (reason) => log(`Refused a connection: ${reason}`),
    onDropped: (dropped) => log(`Dropped a window that fell behind: ${dropped.reason}. It reconnects by itself and catches up.`),
  }).catch(async (error: unknown) => {
    // No server: let go of the reopened save (its lock) before saying why.
    await lastOpen.stop();
    await service.dispose().catch(() => undefined);
    throw error;
  });
  if (server.portFallback) log(`Port ${wanted} is taken; using ${server.port} instead.`);
  log(`Podium is running in browser mode: open ${server.keyedUrl('/')}  (projector: ${server.keyedUrl('/projector')})`);
  log('The address carries this launch\'s station key: keep it to yourself; only pages opened with it reach the event.');
  log(`Event saves and station files: ${dataDir}. Press Ctrl+C to stop.`);
  return {
    server,
    service,
    async close() {
      await server.close();
      await lastOpen.stop();
      await service.dispose();
    },
  };
}

/** `--port P`, `--port=P`, `--data-dir D`; anything else is an error in words. */
export function parseWebArgs(argv: readonly string[]): { port?: number; dataDir?: string } {
  const out: { port?: number; dataDir?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--port') {
      const text = value();
      const port = Number(text);
      if (!/^\d+$/.test(text) || port > 65535) throw new Error(`--port must be a port number (0-65535), not "${text}"`);
      out.port = port;
    } else if (flag === '--data-dir') out.dataDir = path.resolve(value());
    else if (flag === '--web') continue;
    else throw new Error(`unknown option "${arg}" (known: --port P, --data-dir DIR)`);
  }
  return out;
}

/** Stop cleanly on Ctrl+C / SIGTERM (the open event is closed, nothing half-written). */
export function stopOnSignals(mode: BrowserMode): void {
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void mode.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  try {
    const args = parseWebArgs(process.argv.slice(2));
    stopOnSignals(await startBrowserMode(args));
  } catch (error) {
    console.error(`podium: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
}
