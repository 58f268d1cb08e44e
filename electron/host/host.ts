/**
 * The host services, assembled: the station service over the real event store, as the Electron
 * shell and browser mode both run them. (Tests assemble their own with a temp folder.)
 */
import { createStationService, type Printer, type StationService, type StoreAccess } from './station-service.js';
import { createEventStore, openEventStore } from './event-store.js';

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
}

export function createHostServices(options: HostOptions): StationService {
  return createStationService({ ...options, store: journalStore });
}
