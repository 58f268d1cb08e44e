/**
 * The host services, assembled: the station service over the real event store, as the Electron
 * shell and browser mode both run them. (Tests assemble their own with a temp folder.)
 */
import { createStationService, type NetworkControl, type Printer, type StationKeyControl, type StationService, type StoreAccess } from './station-service.js';
import { createEventStore, openEventStore } from './event-store.js';
import { extensionLogEntries } from '../../core/documents/index.js';
import { wallClock } from '../../core/text/format.js';
import { createPrintService, venuePlayerPage } from './print/print-service.js';
import { withClockService } from './clock-service.js';
import { noSupportLog, type SupportLog } from './log.js';
import { withSupportLog } from './service-log.js';

/** The real journal store (event-store.ts) behind the service's StoreAccess. */
export const journalStore: StoreAccess = {
  create: (file, command, options) => createEventStore(file, command, options),
  open: (file, options) => openEventStore(file, options),
};

export interface HostOptions {
  dataDir: string;
  station: string;
  now?: () => Date;
  printer?: Printer;
  /** Start the print worker now so the first print is quick (the app does; tests need not). */
  warmPrinter?: boolean;
  /** Run the clock service (clock-service.ts: a tick a second pushing the clock); default true. */
  clock?: boolean;
  /** How this host names itself to another Podium opening the same save: "browser mode", "the desktop app". */
  mode?: string;
  /** The station's support log (log.ts): opened saves, refusals, failures. Default: none. */
  log?: SupportLog;
  /** The venue network (venue-network.ts), where the host has one: browser mode and the desktop app. */
  network?: NetworkControl;
  /** Browser mode's station key, renewed on the station's request (station-key.ts). */
  stationKey?: StationKeyControl;
}

/** Local wall time for printed logs ("14:05"). */
function localTime(epochMs: number): string {
  return wallClock(epochMs);
}

/**
 * The station service with its printer: a print worker (so the clock never stalls), started at once
 * when asked (`warmPrinter`) or at the first print, and closed with the service. Tests may pass
 * their own `printer`.
 */
export function createHostServices(options: HostOptions): StationService {
  const log = options.log;
  const service = withSupportLog(withPrinter(options), log ?? noSupportLog);
  if (options.clock === false) return service;
  // The clock counts in the host's time, the same time that stamps the clock commands.
  const now = options.now;
  return withClockService(service, {
    ...(now ? { now: () => now().getTime() } : {}),
    ...(log ? { onError: (error: unknown) => log.error('The clock could not be computed', error) } : {}),
  });
}

function withPrinter(hostOptions: HostOptions): StationService {
  const options = {
    ...hostOptions,
    lock: { mode: hostOptions.mode ?? 'Podium' },
    ...(hostOptions.log?.file ? { supportLogFile: hostOptions.log.file } : {}),
  };
  if (options.printer) return createStationService({ ...options, store: journalStore });
  const printing = createPrintService({ extensions: (state, round) => extensionLogEntries(state, round, localTime), playerPage: venuePlayerPage(hostOptions.network) });
  let closing = false;
  // (A host that stops while the worker starts ends its warm-up: not a failure.)
  if (options.warmPrinter) void printing.warmUp().catch((error: unknown) => closing || options.log?.error('The print worker could not start', error));
  const service = createStationService({ ...options, store: journalStore, printer: printing.printer });
  return {
    ...service,
    async dispose() {
      closing = true;
      await service.dispose();
      await printing.close();
    },
  };
}
