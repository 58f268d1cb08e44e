/**
 * The station service: the host side of the StationApi (core/api/contract.ts). One event is open
 * at a time; every command goes through the event store, which validates it against the state
 * (apply) and has it on disk before the acknowledgement; every change is pushed to every
 * subscriber (the station window, the projector, a browser tab).
 *
 * Every request — from a window (IPC, WebSocket), a device, or an in-process caller (the Electron
 * menus, tests) — comes in through `call`, where it is parsed once and refused by role by the
 * method table (core/api/methods.ts parseRequest); a payload is `unknown` until it passes. The
 * store trusts the parsed command and checks it against the state only. Changes run one at a time
 * through one queue (station-slot.ts); the store keeps none. Errors are PodiumErrors worded for the
 * scorekeeper.
 *
 * HANDLERS hands each request to its part: the open event (station-slot.ts), the save files
 * (station-saves.ts), the changes (station-changes.ts), the queries and printing
 * (station-queries.ts). The service is a plain object, so a wrapper can spread it and replace its
 * `call` (service-log.ts).
 *
 * Runs under plain Node: no `electron` import (ARCHITECTURE "The runtime is visible in the path").
 */
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import type { QueryResult, StationPush } from '../../core/api/contract.js';
import { METHODS, parseRequest, REQUEST_METHODS, type AnswerOf, type ParsedParams, type RequestMethod } from '../../core/api/methods.js';
import { LOCAL_CALLER, type Caller } from '../../core/api/roles.js';
import { commandRefusal } from '../../core/event/commands.js';
import { zodMessage } from '../../core/model/zod-words.js';
import { entryFor, snapshotFor, viewerOf, type Viewer } from '../../core/api/views.js';
import { fail } from '../../core/model/errors.js';
import { dispatch, dispatchBatch, dispatchFromPhone, undo } from './station-changes.js';
import { createSitePublisher, type SitePublisher } from './site-publisher.js';
import { print, query } from './station-queries.js';
import { claimFromPhone, personalCodeFor, withClaimKey } from './station-claims.js';
import { phoneSender } from './public-requests.js';
import { rememberLastOpen } from './last-open.js';
import { closeEvent, createEvent, openEvent, rememberSave, saveCopy, saveRepairedCopy, takeOverEvent } from './station-saves.js';
import { OpenEventSlot } from './station-slot.js';
import type { InProcessApi, NetworkControl, StationContext, StationRandom, StationService, StationServiceOptions } from './station-types.js';

export type { CreateEventCommand, NetworkControl, PhoneCommand, Printer, StationKeyControl, StationService, StationServiceOptions, StoreAccess } from './station-types.js';
export { stampHostTime } from './station-changes.js';
export { slugify } from './station-saves.js';

const cryptoRandom: StationRandom = {
  seed: () => randomInt(0, 0x7fffffff),
  id: () => randomBytes(5).toString('hex'),
};

/**
 * A push as `viewer` may see it (core/api/views.ts), made once per push and viewer however many
 * windows and devices of that viewer hear it (so each transport encodes it once, too).
 */
const viewed = new WeakMap<StationPush, Map<Viewer, StationPush>>();

function pushFor(viewer: Viewer, push: StationPush): StationPush {
  if (push.type !== 'state' && push.type !== 'entries') return push;
  let views = viewed.get(push);
  if (!views) viewed.set(push, (views = new Map()));
  let view = views.get(viewer);
  if (!view) {
    view = push.type === 'state' ? { type: 'state', snapshot: snapshotFor(viewer, push.snapshot) } : { ...push, entries: push.entries.map((entry) => entryFor(viewer, entry)) };
    views.set(viewer, view);
  }
  return view;
}

function stationContext(options: StationServiceOptions): StationContext {
  const { dataDir, station } = options;
  const now = options.now ?? (() => new Date());
  return {
    slot: new OpenEventSlot(async (handle) => {
      const name = handle.state().name;
      await rememberSave(dataDir, now, handle.path, name);
      // The open event is noted before its creation (or opening) is acknowledged, so a host killed
      // right after it opens it again on restart (last-open.ts; its tracker forgets it on close).
      await rememberLastOpen(dataDir, { path: handle.path, name, openedAt: now().toISOString() }).catch((error: unknown) =>
        options.log?.error('Could not note which event is open', error),
      );
    }),
    dataDir,
    eventsDir: path.join(dataDir, 'events'),
    store: options.store,
    storeOptions: { station, now, ...(options.lock !== undefined ? { lock: options.lock } : {}) },
    now,
    random: options.random ?? cryptoRandom,
    printer: options.printer,
    opening: new Map(),
  };
}

function requireNetwork(network: NetworkControl | undefined): NetworkControl {
  if (!network) fail('not-allowed', 'the venue network is not available here: start Podium as the desktop app or in browser mode to use it');
  return network;
}

/** The open event's published site (site-publisher.ts): it hears the open event's pushes as a window does. */
function sitePublisher(context: StationContext, log: StationServiceOptions['log']): SitePublisher {
  const { slot } = context;
  return createSitePublisher({
    dataDir: context.dataDir,
    current: () => {
      const open = slot.open;
      return open ? { state: open.state(), version: open.entries().length, path: open.path } : null;
    },
    listen: (listener) => slot.listen(listener),
    now: context.now,
    ...(log ? { log } : {}),
  });
}

/** The host's handler of each request method, given its params parsed and the caller allowed (core/api/methods.ts). */
type Handlers = { [M in RequestMethod]: (params: ParsedParams<M>, caller: Caller) => Promise<AnswerOf<M>> };

function HANDLERS(context: StationContext, options: StationServiceOptions, site: SitePublisher): Handlers {
  const { slot } = context;
  const { network } = options;
  return {
    snapshot: async (_params, caller) => snapshotFor(viewerOf(caller), slot.snapshotNow()),
    createEvent: async (params) => snapshotFor('local', await createEvent(context, params)),
    openEvent: async (params) => snapshotFor('local', await openEvent(context, params)),
    takeOverEvent: async () => snapshotFor('local', await takeOverEvent(context)),
    closeEvent: () => closeEvent(context),
    saveAs: (params) => saveCopy(context, params, false),
    saveRepairedCopy: async (params) => snapshotFor('local', await saveRepairedCopy(context, params)),
    dispatch: (params, caller) => dispatch(context, params, caller),
    dispatchBatch: (params, caller) => dispatchBatch(context, params, caller),
    undo: (params, caller) => undo(context, params, caller),
    // A path on the host is the local station's alone.
    whoami: async (_params, caller) => (caller.kind === 'local' && options.supportLogFile ? { caller, supportLog: options.supportLogFile } : { caller }),
    networkStatus: async () => requireNetwork(network).status(),
    async setNetwork(params) {
      const control = requireNetwork(network);
      if (params.address !== undefined) {
        if (!control.choose) fail('not-allowed', 'the venue network’s address cannot be chosen here');
        await control.choose(params.address);
      }
      return control.setOn(params.on);
    },
    newJoinCode: (params) => requireNetwork(network).newJoinCode(params.role),
    revokeDevice: (params) => requireNetwork(network).revoke(params.id),
    publishSite: (params) => site.publish(params),
    siteStatus: () => site.status(),
    async newStationKey() {
      if (!options.stationKey) fail('not-allowed', "this station has no station key: its windows connect without one (the desktop app), so there is none to renew");
      return { key: await options.stationKey.renew() };
    },
    async query(params, caller): Promise<QueryResult> {
      const result = await query(context, params);
      if (result.kind !== 'journal') return result;
      const viewer = viewerOf(caller);
      return { kind: 'journal', entries: result.entries.map((entry) => entryFor(viewer, entry)) };
    },
    // The player cards print codes made from the event's claim secret: drawn first if it has none.
    print: async (params) => print(context, params, params.doc === 'player-cards' ? await withClaimKey(context) : undefined),
    personalCode: (params) => personalCodeFor(context, params.player),
  };
}

export function createStationService(options: StationServiceOptions): StationService {
  const context = stationContext(options);
  const { slot } = context;
  const site = sitePublisher(context, options.log);
  const handle = HANDLERS(context, options, site);
  /** Every request, from every door: parsed once and refused by role here, then handled. */
  const call = async (method: string, params: unknown, caller: Caller = LOCAL_CALLER): Promise<unknown> => {
    const request = parseRequest(method, params, caller);
    return (handle[request.method] as (params: unknown, caller: Caller) => Promise<unknown>)(request.params, caller);
  };
  const inProcess = Object.fromEntries(REQUEST_METHODS.map((method) => [method, (params: unknown, caller?: Caller) => call(method, params, caller)])) as InProcessApi;
  const service: StationService = {
    ...inProcess,
    call,
    // In-process only (the shell's own dialog): always the local station.
    async saveAsFromDialog(params) {
      return saveCopy(context, parseRequest('saveAs', params, LOCAL_CALLER).params, true);
    },
    phoneClaim: (request) => claimFromPhone(context, request, (state, player) => phoneSender(state, request.phone, player)),
    async phoneCommand({ command, by, refusal, claimed }) {
      // Parsed as every dispatch is, and sent as a phone (core/event/commands.ts COMMAND_SENDERS).
      const input = METHODS.dispatch.params.safeParse({ command });
      if (!input.success) fail('invalid-request', zodMessage(input.error, 'a phone sent something that is not a command'));
      const refused = commandRefusal('phone', input.data.command.type);
      if (refused !== null) fail('not-allowed', `a phone ${refused.replace(/^cannot/, 'cannot send that:')}`);
      return dispatchFromPhone(context, input.data.command, by, refusal, claimed);
    },
    subscribe(listener, caller = LOCAL_CALLER) {
      if (typeof listener !== 'function') fail('invalid-input', 'subscribe needs a listener function');
      const viewer = viewerOf(caller);
      return slot.listen((push: StationPush) => {
        // The network's join codes and device list are the head-judge station's alone.
        if (push.type === 'network' && viewer !== 'local') return;
        listener(pushFor(viewer, push));
      });
    },
    pushClock(nowMs) {
      slot.broadcast({ type: 'clock', now: nowMs });
    },
    current() {
      const open = slot.open;
      return open ? { summary: slot.summaryOf(open), state: open.state() } : null;
    },
    siteIdle() {
      return site.idle();
    },
    async dispose() {
      await site.stop();
      await slot.dispose();
    },
  };
  options.network?.onChange((status) => slot.broadcast({ type: 'network', status }));
  return service;
}
