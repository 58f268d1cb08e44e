/**
 * The station service: the host side of the StationApi (core/api/contract.ts). One event is open
 * at a time; every command goes through the event store, which validates it against the state
 * (apply) and has it on disk before the acknowledgement; every change is pushed to every
 * subscriber (the station window, the projector, a browser tab).
 *
 * Every request is parsed once, at the edge that receives it: serveRpc parses a window's (IPC,
 * WebSocket) and marks it; the service parses every request it finds unmarked (in-process callers:
 * the Electron menus, tests), so none skips validation. A payload is `unknown` until it passes. The
 * store trusts the parsed command and checks it against the state only. Changes run one at a time
 * through one queue (station-slot.ts); the store keeps none. Errors are PodiumErrors worded for the
 * scorekeeper.
 *
 * This file parses each request and hands it to its part: the open event (station-slot.ts), the
 * save files (station-saves.ts), the changes (station-changes.ts), the queries and printing
 * (station-queries.ts). The service is a plain object of its own functions, so a wrapper can
 * spread it and replace a few (service-log.ts).
 *
 * Runs under plain Node: no `electron` import (ARCHITECTURE "The runtime is visible in the path").
 */
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { validateRequest, type Query, type QueryResult, type RequestMethod, type StationPush, type ValidatedParams } from '../../core/api/contract.js';
import { parsedAtEdge } from '../../core/api/rpc.js';
import { LOCAL_CALLER, refusalFor, type Caller } from '../../core/api/roles.js';
import { entryFor, snapshotFor, viewerOf, type Viewer } from '../../core/api/views.js';
import { fail, PodiumError } from '../../core/model/errors.js';
import { dispatch, dispatchBatch, dispatchFromPhone, undo } from './station-changes.js';
import { createSitePublisher, type SitePublisher } from './site-publisher.js';
import { print, query } from './station-queries.js';
import { rememberLastOpen } from './last-open.js';
import { closeEvent, createEvent, openEvent, rememberSave, saveCopy, saveRepairedCopy, takeOverEvent } from './station-saves.js';
import { OpenEventSlot } from './station-slot.js';
import type { NetworkControl, StationContext, StationRandom, StationService, StationServiceOptions } from './station-types.js';

export type { CreateEventCommand, NetworkControl, PhoneCommand, Printer, StationKeyControl, StationService, StationServiceOptions, StoreAccess } from './station-types.js';
export { stampHostTime } from './station-changes.js';
export { slugify } from './station-saves.js';

const cryptoRandom: StationRandom = {
  seed: () => randomInt(0, 0x7fffffff),
  id: () => randomBytes(5).toString('hex'),
};

/** What a player's phone may have written (through the public door, public-door.ts). */
const PHONE_COMMANDS: ReadonlySet<string> = new Set(['report-result', 'confirm-report', 'claim-player']);

/** A request's params, parsed: as serveRpc parsed them (core/api/rpc.ts), or parsed here. */
function validated<M extends RequestMethod>(method: M, params: unknown, caller: Caller = LOCAL_CALLER): ValidatedParams<M> {
  let input: ValidatedParams<M>;
  if (parsedAtEdge(method, params)) input = params as ValidatedParams<M>;
  else {
    const checked = validateRequest(method, params);
    if (!checked.ok) throw new PodiumError('invalid-input', checked.message);
    input = checked.params as ValidatedParams<M>;
  }
  // What the caller's role may do (core/api/roles.ts): a display reads, a judge works the floor.
  const refusal = refusalFor(caller, method, input);
  if (refusal !== null) throw new PodiumError('not-allowed', refusal);
  return input;
}

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

export function createStationService(options: StationServiceOptions): StationService {
  const context = stationContext(options);
  const { slot } = context;
  const { network } = options;
  const site = sitePublisher(context, options.log);
  const service: StationService = {
    async snapshot(params, caller = LOCAL_CALLER) {
      validated('snapshot', params ?? {}, caller);
      return snapshotFor(viewerOf(caller), slot.snapshotNow());
    },
    async createEvent(params, caller = LOCAL_CALLER) {
      return snapshotFor('local', await createEvent(context, validated('createEvent', params, caller)));
    },
    async openEvent(params, caller = LOCAL_CALLER) {
      return snapshotFor('local', await openEvent(context, validated('openEvent', params, caller)));
    },
    async takeOverEvent(params, caller = LOCAL_CALLER) {
      validated('takeOverEvent', params ?? {}, caller);
      return snapshotFor('local', await takeOverEvent(context));
    },
    async closeEvent(params, caller = LOCAL_CALLER) {
      validated('closeEvent', params ?? {}, caller);
      return closeEvent(context);
    },
    async saveAs(params, caller = LOCAL_CALLER) {
      return saveCopy(context, validated('saveAs', params, caller), false);
    },
    // In-process only (the shell's own dialog): always the local station.
    async saveAsFromDialog(params) {
      return saveCopy(context, validated('saveAs', params), true);
    },
    async saveRepairedCopy(params, caller = LOCAL_CALLER) {
      return snapshotFor('local', await saveRepairedCopy(context, validated('saveRepairedCopy', params, caller)));
    },
    async dispatch(params, caller = LOCAL_CALLER) {
      return dispatch(context, validated('dispatch', params, caller), caller);
    },
    async dispatchBatch(params, caller = LOCAL_CALLER) {
      return dispatchBatch(context, validated('dispatchBatch', params, caller), caller);
    },
    async phoneCommand({ command, by, refusal }) {
      // Parsed as every dispatch is; the player door is the host's own, so no role stands in the way.
      const input = validated('dispatch', { command });
      if (!PHONE_COMMANDS.has(input.command.type)) fail('not-allowed', 'a phone reports results and answers reports, nothing else');
      return dispatchFromPhone(context, input.command, by, refusal);
    },
    async undo(params, caller = LOCAL_CALLER) {
      return undo(context, validated('undo', params, caller), caller);
    },
    async whoami(params, caller = LOCAL_CALLER) {
      validated('whoami', params ?? {}, caller);
      // A path on the host is the local station's alone (core/api/roles.ts).
      return caller.kind === 'local' && options.supportLogFile ? { caller, supportLog: options.supportLogFile } : { caller };
    },
    async networkStatus(params, caller = LOCAL_CALLER) {
      validated('networkStatus', params ?? {}, caller);
      return requireNetwork(network).status();
    },
    async setNetwork(params, caller = LOCAL_CALLER) {
      const input = validated('setNetwork', params, caller);
      const control = requireNetwork(network);
      if (input.address !== undefined) {
        if (!control.choose) fail('not-allowed', 'the venue network’s address cannot be chosen here');
        await control.choose(input.address);
      }
      return control.setOn(input.on);
    },
    async newJoinCode(params, caller = LOCAL_CALLER) {
      const input = validated('newJoinCode', params, caller);
      return requireNetwork(network).newJoinCode(input.role);
    },
    async revokeDevice(params, caller = LOCAL_CALLER) {
      const input = validated('revokeDevice', params, caller);
      return requireNetwork(network).revoke(input.id);
    },
    async publishSite(params, caller = LOCAL_CALLER) {
      return site.publish(validated('publishSite', params, caller));
    },
    async siteStatus(params, caller = LOCAL_CALLER) {
      validated('siteStatus', params ?? {}, caller);
      return site.status();
    },
    async newStationKey(params, caller = LOCAL_CALLER) {
      validated('newStationKey', params ?? {}, caller);
      if (!options.stationKey) fail('not-allowed', "this station has no station key: its windows connect without one (the desktop app), so there is none to renew");
      return { key: await options.stationKey.renew() };
    },
    async query(params: Query, caller = LOCAL_CALLER): Promise<QueryResult> {
      const result = await query(context, validated('query', params, caller));
      if (result.kind !== 'journal') return result;
      const viewer = viewerOf(caller);
      return { kind: 'journal', entries: result.entries.map((entry) => entryFor(viewer, entry)) };
    },
    async print(params, caller = LOCAL_CALLER) {
      return print(context, validated('print', params, caller));
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
  network?.onChange((status) => slot.broadcast({ type: 'network', status }));
  return service;
}
