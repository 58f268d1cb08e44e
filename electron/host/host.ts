/**
 * The host services, assembled: the station service over the real event store, as the Electron
 * shell and browser mode both run them. (Tests assemble their own with a temp folder.)
 */
import { createStationService, type Printer, type StationService, type StoreAccess } from './station-service.js';
import { createEventStore, openEventStore } from './event-store.js';
import { extensionLogEntries } from '../../core/documents/index.js';
import { createPrintService } from './print/print-service.js';
import { withClockService } from './clock-service.js';

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
}

/** Local wall time for printed logs ("14:05"). */
function localTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/**
 * The station service with its printer: a print worker (so the clock never stalls), started at once
 * when asked (`warmPrinter`) or at the first print, and closed with the service. Tests may pass
 * their own `printer`.
 */
export function createHostServices(options: HostOptions): StationService {
  const service = withPrinter(options);
  if (options.clock === false) return service;
  // The clock counts in the host's time, the same time that stamps the clock commands.
  const now = options.now;
  return withClockService(service, now ? { now: () => now().getTime() } : {});
}

function withPrinter(hostOptions: HostOptions): StationService {
  const options = { ...hostOptions, lock: { mode: hostOptions.mode ?? 'Podium' } };
  if (options.printer) return createStationService({ ...options, store: journalStore });
  const printing = createPrintService({ extensions: (state, round) => extensionLogEntries(state, round, localTime) });
  if (options.warmPrinter) void printing.warmUp().catch(() => undefined);
  const service = createStationService({ ...options, store: journalStore, printer: printing.printer });
  return {
    ...service,
    async dispose() {
      await service.dispose();
      await printing.close();
    },
  };
}
