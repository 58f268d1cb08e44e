/**
 * Browser mode: the same host services as the Electron shell, served to a browser on this machine
 * only (HTTP + WebSocket on 127.0.0.1). The station is at `/`, the projector at `/projector`.
 *
 *   npm run start:web -- [--port 5719] [--data-dir DIR] [--lan-address ADDR] [--new-key] [--help]
 *
 * Plain Node (no `electron` import): this is what runs where Electron cannot.
 *
 * The station key is kept in the station folder (station-key.ts: `station-key`, readable by this
 * user only) and reused at every launch, so after a crash or a restart the station and the
 * projector reconnect by themselves; `--new-key` (or the station's "New station key", in its help)
 * replaces it. The address printed carries it (`/?key=…`, as Jupyter's `?token=`), and the
 * WebSocket API refuses any connection without it: other programs on this machine can reach
 * 127.0.0.1, but only someone who can read this terminal (or the key file) can open the station.
 *
 * The venue network is off until the station turns it on (host/venue-network.ts): then
 * the same port also listens on this computer's LAN address for joined devices, and the lines
 * saying so go to the terminal. `--lan-address ADDR` (or PODIUM_LAN_ADDRESS) makes it one address
 * (host/lan-address.ts checks it is this computer's before anything starts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHostServices } from './host/host.js';
import { keepPrivate } from './host/fs-safe.js';
import { reopenLastEvent, trackLastOpen } from './host/last-open.js';
import { logProcessFailures, openSupportLog, type SupportLog } from './host/log.js';
import { defaultDataDir, stationName } from './host/paths.js';
import type { StationService } from './host/station-service.js';
import { addressFormProblem, checkGivenAddress } from './host/lan-address.js';
import { createVenueNetwork, lanAddresses, type VenueNetwork, type VenueNetworkOptions } from './host/venue-network.js';
import { loadStationKey, saveStationKey, stationKeyFile } from './host/station-key.js';
import { createStationKey } from './host/transport-ws.js';
import { DEFAULT_PORT, startWebServer, type WebServer } from './host/web-server.js';

export const RENDERER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'renderer');

export interface BrowserModeOptions {
  port?: number;
  dataDir?: string;
  rendererDir?: string;
  /** The terminal, browser mode's interface (default stdout); the meaningful lines also go to the support log. */
  log?: (line: string) => void;
  /** The station's support log (default: opened in the data folder's logs/, closed with the mode). */
  supportLog?: SupportLog;
  /** The host's time (default the system clock); tests freeze it so every window shows the same second. */
  now?: () => Date;
  /**
   * The station key (default: the one kept in the station folder, made the first time): a test
   * may give its own, which is then used for this launch only and not kept.
   */
  key?: string;
  /** The venue network's one address (`--lan-address`; default PODIUM_LAN_ADDRESS, else every address or the panel's choice). */
  lanAddress?: string;
  /** The environment PODIUM_LAN_ADDRESS is read from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Replace the kept station key with a new one (`--new-key`). */
  newKey?: boolean;
  /**
   * The venue network's LAN side: tests give `addresses` (a second loopback address such as
   * 127.0.0.2; default this computer's LAN addresses) and may lower its limits.
   */
  venue?: Pick<VenueNetworkOptions, 'addresses' | 'limits' | 'seenFlushMs' | 'sendBuffer' | 'clock' | 'phones'>;
}

export interface BrowserMode {
  server: WebServer;
  /** The venue network (off until the station turns it on). */
  network: VenueNetwork;
  /** The host services behind the server (in-process callers: tests, tools). */
  service: StationService;
  supportLog: SupportLog;
  /** Resolves once the note of which event is open is on disk (tests compare the folder after it). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startBrowserMode(options: BrowserModeOptions = {}): Promise<BrowserMode> {
  const terminal = options.log ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const dataDir = options.dataDir ?? defaultDataDir();
  // Other users of this computer read nothing of the station folder (saves hold the round secrets).
  const privacy = await keepPrivate(dataDir).then(
    () => null,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  const supportLog = options.supportLog ?? openSupportLog(dataDir, { mode: 'browser mode' });
  if (!options.supportLog) logProcessFailures(supportLog); // until this mode closes it
  /** A line for the terminal, copied to the support log (never one carrying the station key). */
  const log = (line: string, level: 'info' | 'warn' = 'info'): void => {
    terminal(line);
    supportLog[level](line);
  };
  if (privacy) supportLog.warn(`Could not make the station folder private: ${privacy}`);
  const rendererDir = options.rendererDir ?? RENDERER_DIR;
  const lanAddress = await givenLanAddress(options).catch(async (error: unknown) => {
    supportLog.error('Browser mode could not start', error);
    if (!options.supportLog) await supportLog.close();
    throw error;
  });
  // The LAN side listens on the local server's port (once it has one) when it is turned on.
  let localPort = options.port ?? DEFAULT_PORT;
  const network = createVenueNetwork({
    dataDir,
    rendererDir,
    port: () => localPort,
    ...options.venue,
    ...(lanAddress !== undefined ? { lanAddress } : {}),
    ...(options.now ? { now: options.now } : {}),
    // Joins, on and off go to the terminal too; refusals only to the support log (a hostile device must not flood the terminal).
    log: { info: (line) => log(line), warn: (line, fields) => supportLog.warn(line, fields) },
  });
  // The station key: kept across launches (station-key.ts); said what happened, never the key itself.
  let key = options.key;
  if (key === undefined) {
    const kept = await loadStationKey(dataDir, { ...(options.newKey ? { renew: true } : {}) });
    key = kept.key;
    if (kept.made) log(`A new station key was made (${kept.made}): windows opened with an older one must open the address below.`);
  }
  let server: WebServer | undefined;
  const service = createHostServices({
    dataDir,
    station: stationName(),
    mode: 'browser mode',
    warmPrinter: true,
    log: supportLog,
    network,
    ...(options.now ? { now: options.now } : {}),
    stationKey: {
      async renew() {
        if (!server) throw new Error('browser mode has not started its server yet');
        const next = createStationKey();
        await saveStationKey(dataDir, next);
        server.rotateKey(next);
        log('The station was given a new station key: every window with the old one was closed.');
        terminal(`Open ${server.keyedUrl('/')}  (projector: ${server.keyedUrl('/projector')})`);
        return next;
      },
    },
  });
  network.serve(service);
  // The event that was open when the host last ran comes back before any window can connect, so a
  // station or projector that reconnects after a restart finds the same event and clock.
  const lastOpen = trackLastOpen(service, dataDir, { onError: (error) => supportLog.error('Could not note which event is open', error) });
  await reopenLastEvent(service, dataDir, (line) => log(line));
  const wanted = options.port ?? DEFAULT_PORT;
  server = await startWebServer({
    api: service,
    rendererDir,
    port: wanted,
    key,
    onRefused: (reason) => log(`Refused a connection: ${reason}`, 'warn'),
    onInvalidRequest: (method, reason) => supportLog.warn(`Refused a request over the WebSocket (${method}): ${reason}`, { method, code: 'invalid-request' }),
    onDropped: (dropped) => log(`Dropped a window that fell behind: ${dropped.reason}. It reconnects by itself and catches up.`, 'warn'),
    // Players' phones and the projector's player page: `/public`, no key.
    phones: network.phones,
  }).catch(async (error: unknown) => {
    // No server: let go of the reopened save (its lock) before saying why.
    supportLog.error('Browser mode could not start its server', error);
    await network.close();
    await lastOpen.stop();
    await service.dispose().catch(() => undefined);
    if (!options.supportLog) await supportLog.close();
    throw error;
  });
  localPort = server.port;
  if (server.portFallback) log(`Port ${wanted} is taken; using ${server.port} instead.`);
  // The address with the key goes to the terminal only.
  terminal(`Podium is running in browser mode: open ${server.keyedUrl('/')}  (projector: ${server.keyedUrl('/projector')})`);
  supportLog.info(`Browser mode serves ${server.url} (the station key is printed on the terminal only)`, { port: server.port });
  terminal(`The address carries the station key (kept in ${stationKeyFile(dataDir)} for the next launch; --new-key replaces it): keep it to yourself; only pages opened with it reach the event.`);
  log(`Event saves and station files: ${dataDir}. Support log: ${supportLog.file}. Press Ctrl+C to stop.`);
  return {
    server,
    network,
    service,
    supportLog,
    settled: () => lastOpen.settled(),
    async close() {
      // Devices first (their connections and the LAN listeners), then the station's own windows.
      await network.close();
      await server.close();
      await lastOpen.stop();
      await service.dispose();
      supportLog.info('Browser mode stopped');
      if (!options.supportLog) await supportLog.close();
    },
  };
}

/** The venue network's address given on the command line or in PODIUM_LAN_ADDRESS, checked (lan-address.ts); undefined: none given. */
export async function givenLanAddress(options: Pick<BrowserModeOptions, 'lanAddress' | 'env' | 'venue'>): Promise<string | undefined> {
  const fromEnv = (options.env ?? process.env).PODIUM_LAN_ADDRESS?.trim();
  const [address, source] = options.lanAddress !== undefined ? [options.lanAddress, '--lan-address'] : [fromEnv || undefined, 'PODIUM_LAN_ADDRESS'];
  if (address === undefined) return undefined;
  await checkGivenAddress(address, source, options.venue?.addresses ? options.venue.addresses() : lanAddresses());
  return address;
}

/** What `--help` prints (npm start and npm run start:web). */
export const WEB_USAGE = `Usage: npm start [-- OPTIONS]           the desktop app (browser mode where Electron is missing)
       npm run start:web [-- OPTIONS]   always browser mode

Options (browser mode):
  --port P             the local port (default ${DEFAULT_PORT}; a free one if it is taken)
  --data-dir DIR       where event saves and station files are kept (default: the station folder,
                       or PODIUM_DATA_DIR)
  --lan-address ADDR   when the station turns the venue network on, listen on ADDR only: one of
                       this computer's addresses, such as 192.168.1.20 (Wi-Fi or cable, not a VPN).
                       Default: PODIUM_LAN_ADDRESS, else the address last chosen in the Venue
                       network panel, else every address. An address that is not this computer's
                       is refused before anything starts.
  --new-key            replace the station key kept in the station folder with a new one (every
                       window open with the old one is closed and must open the new address)
  --help               this text`;

export interface WebArgs {
  port?: number;
  dataDir?: string;
  lanAddress?: string;
  newKey?: true;
  help?: true;
}

/** `--port P`, `--port=P`, `--data-dir D`, `--lan-address A`, `--new-key`, `--help`; anything else is an error in words. */
export function parseWebArgs(argv: readonly string[]): WebArgs {
  const out: WebArgs = {};
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
    else if (flag === '--lan-address') {
      const address = value().trim();
      const problem = addressFormProblem(address);
      if (problem) throw new Error(`--lan-address: ${problem}`);
      out.lanAddress = address;
    } else if (flag === '--help' || flag === '-h') out.help = true;
    else if (flag === '--web') continue;
    else if (flag === '--new-key' && inline === undefined) out.newKey = true;
    else throw new Error(`unknown option "${arg}" (known: --port P, --data-dir DIR, --lan-address ADDR, --new-key, --help)`);
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
    if (args.help) process.stdout.write(`${WEB_USAGE}\n`);
    else stopOnSignals(await startBrowserMode(args));
  } catch (error) {
    // The terminal is the interface here (startBrowserMode logged a failure to start itself).
    process.stderr.write(`podium: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
}
