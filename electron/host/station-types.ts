/**
 * The station service's types (station-service.ts re-exports the public ones), and the context its
 * parts share: the open event (station-slot.ts), the save-file operations (station-saves.ts), the
 * changes (station-changes.ts) and the queries (station-queries.ts).
 */
import type { NetworkStatus, EventSummary, PrintRequest, PrintResult, StationSnapshot } from '../../core/api/contract.js';
import type { AnswerOf, HostApi, ParamsOf, RequestMethod } from '../../core/api/methods.js';
import type { Caller, DeviceRole, SenderRef } from '../../core/api/roles.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import type { EventStoreHandle, EventStoreOptions } from './journal-types.js';
import type { SupportLog } from './log.js';
import type { OpenEventSlot } from './station-slot.js';

export type CreateEventCommand = Extract<Command, { type: 'create-event' }>;

/** How the service reaches the event store (injectable: tests may pass their own). */
export interface StoreAccess {
  /** Create a new save at `path` whose first command is `command`; fails if the file exists. */
  create(path: string, command: CreateEventCommand, options: EventStoreOptions): Promise<EventStoreHandle>;
  /** Open an existing save (torn tail cut and reported; other damage opens read-only). */
  open(path: string, options: EventStoreOptions): Promise<EventStoreHandle>;
}

/** Renders a document of the open event (the print service; injected by the shell / browser mode). */
export type Printer = (request: PrintRequest, context: { state: EventState; summary: EventSummary }) => Promise<PrintResult>;

/**
 * The venue network, as the service reaches it: the web server's LAN side and the
 * device registry (electron/host/venue-network.ts). Absent where there is no network (the
 * command line, in-process tests): the station says so in words.
 */
export interface NetworkControl {
  status(): NetworkStatus;
  setOn(on: boolean): Promise<NetworkStatus>;
  /** Listen on one of this computer's addresses only (null: every one), remembered (absent: no choice here). */
  choose?(address: string | null): Promise<NetworkStatus>;
  newJoinCode(role: DeviceRole): Promise<NetworkStatus>;
  revoke(id: string): Promise<NetworkStatus>;
  /** Hear every change (a device joined, was seen, was revoked; the network went on or off). */
  onChange(listener: (status: NetworkStatus) => void): () => void;
}

/** What the public door asks the service to write for a player's phone (StationService.phoneCommand). */
export interface PhoneCommand {
  /** Unknown until validated: a `report-result` or `confirm-report`. */
  command: unknown;
  /** The phone, as the journal names it: `{ id: phone id, name: "Ana Archer's phone", role: 'player' }`. */
  by: SenderRef;
  /** Why the phone may not speak for the table now (its code is not the table's in this round), or null. */
  refusal(state: EventState): string | null;
  /** Did the command come from the phone that claimed its player (checked right after `refusal`)? Then it is written `claimed`. */
  claimed?(state: EventState): boolean;
}

/** A phone claiming a player with their personal code (StationService.phoneClaim). */
export interface PhoneClaim {
  code: string;
  phone: string;
}

/** Randomness for event ids and seeds. */
export interface StationRandom {
  seed(): number;
  id(): string;
}

/** The station key's door (browser mode's web server), as the service reaches it. */
export interface StationKeyControl {
  /** Make, keep and use a new key; windows with the old one are closed once this answer is out. */
  renew(): Promise<string>;
}

export interface StationServiceOptions {
  /** The station's own folder: recent events, and `events/` where new saves go by default. */
  dataDir: string;
  /** Written into every journal line (host name, or "cli"). */
  station: string;
  store: StoreAccess;
  now?: () => Date;
  printer?: Printer;
  /** Randomness for event ids and seeds (default node:crypto); tests may fix it. */
  random?: StationRandom;
  /**
   * One writer per save: how this host names itself to a second Podium that opens the same save
   * ("browser mode", "the desktop app"), and where its locks live (tests).
   */
  lock?: EventStoreOptions['lock'];
  /** The venue network, where the host has one (browser mode, the desktop app). */
  network?: NetworkControl;
  /** Browser mode's station key (station-key.ts): a new one on request. Absent: the station has none. */
  stationKey?: StationKeyControl;
  /** The support log's file (log.ts), told to the local station's help; never to a device. */
  supportLogFile?: string;
  /** The support log itself, for what happens off the command path (the published site's failures). */
  log?: SupportLog;
}

/**
 * Every request method, called in-process with its params (unparsed: `call` parses them) and who is
 * asking (left out: the local station).
 */
export type InProcessApi = {
  [M in RequestMethod]: Record<string, never> extends ParamsOf<M> ? (params?: ParamsOf<M>, caller?: Caller) => Promise<AnswerOf<M>> : (params: ParamsOf<M>, caller?: Caller) => Promise<AnswerOf<M>>;
};

/**
 * The service: the host's one entry for every request (`call`, HostApi), each request method
 * in-process (InProcessApi), and what only the host itself calls.
 */
export interface StationService extends HostApi, InProcessApi {
  /**
   * The clock hook: the clock service (driven by a host timer) calls this on every tick with the
   * host's whole second; it goes to every subscriber as `{ type: 'clock', now }`, and each draws
   * the clock from its copy of the event. The service itself keeps no timer.
   */
  pushClock(now: number): void;
  /** The open event, for in-process users (the clock service, the shell's menus). */
  current(): { summary: EventSummary; state: EventState } | null;
  /** Resolves once the published site has no automatic publish gathering or under way (in-process). */
  siteIdle(): Promise<void>;
  /**
   * Save As from the local station's own file dialog (the Electron shell's menu): a copy at the
   * path the user chose there, anywhere on this computer, replacing an existing file only with
   * `overwrite` (which the dialog asked the user to confirm). In-process only: no transport serves
   * it (serveRpc answers the StationApi's request methods and nothing else), so a window or a
   * program on the WebSocket can never name a path outside the events folder.
   */
  saveAsFromDialog(params: { path: string; overwrite?: boolean }): Promise<void>;
  /**
   * A player's report or answer to one, or a claim, from the host's public door (public-door.ts).
   * In-process only (no transport serves it, as saveAsFromDialog): `command` is validated as any
   * dispatch and must be one a phone sends (core/event/commands.ts COMMAND_SENDERS); in the change queue, `refusal`
   * (the table code) is asked about the state of that moment, then the command is written with
   * `by` = the phone. Resolves with its sequence number and the state after it.
   */
  phoneCommand(request: PhoneCommand): Promise<{ seq: number; state: EventState }>;
  /** A phone claims a player with their personal code: the player, and the token only that phone is given (the journal keeps its hash). */
  phoneClaim(request: PhoneClaim): Promise<{ player: string; token: string }>;
  /** Close the open event (if any) and drop every subscriber. */
  dispose(): Promise<void>;
}

/** What the service's parts share: its options, resolved, and the open event. */
export interface StationContext {
  readonly slot: OpenEventSlot;
  readonly dataDir: string;
  /** Where new saves go, and where a relative path is resolved. */
  readonly eventsDir: string;
  readonly store: StoreAccess;
  readonly storeOptions: EventStoreOptions;
  readonly now: () => Date;
  readonly random: StationRandom;
  readonly printer: Printer | undefined;
  /** Opens under way, by path: a second click on the same save waits for the first. */
  readonly opening: Map<string, Promise<StationSnapshot>>;
}
