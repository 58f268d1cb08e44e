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
 * through one queue, `exclusive` here; the store keeps none. Errors are PodiumErrors worded for the
 * scorekeeper.
 *
 * Runs under plain Node: no `electron` import (ARCHITECTURE "The runtime is visible in the path").
 */
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import {
  validateRequest,
  type HostApi,
  type NetworkStatus,
  type PushedEntry,
  type CreateEventParams,
  type DispatchAck,
  type EventSummary,
  type JournalEntryView,
  type PrintRequest,
  type PrintResult,
  type Query,
  type QueryResult,
  type RequestMethod,
  type StationApi,
  type StationPush,
  type StationSnapshot,
  type ValidatedParams,
} from '../../core/api/contract.js';
import { isClockCommand, type ClockView } from '../../core/clock/index.js';
import { parsedAtEdge } from '../../core/api/rpc.js';
import { LOCAL_CALLER, refusalFor, type Caller, type DeviceRole } from '../../core/api/roles.js';
import type { Command, NewCommand } from '../../core/event/commands.js';
import { fail, PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { errnoOf, fsError } from './fs-words.js';
import type { EntrySender, EventStoreHandle, EventStoreOptions, JournalEntry } from './journal-types.js';
import { deviceOf, refuseSecondResult, SentCommands } from './sent-by.js';
import { describeHolder } from './save-lock.js';
import { listRecentEvents, rememberRecentEvent } from './recent-events.js';
import { newSaveTarget, somethingAt } from './save-target.js';

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
 * The venue network (issue 15), as the service reaches it: the web server's LAN side and the
 * device registry (electron/host/venue-network.ts). Absent where there is no network (the
 * command line, in-process tests): the station says so in words.
 */
export interface NetworkControl {
  status(): NetworkStatus;
  setOn(on: boolean): Promise<NetworkStatus>;
  newJoinCode(role: DeviceRole): Promise<NetworkStatus>;
  revoke(id: string): Promise<NetworkStatus>;
  /** Hear every change (a device joined, was seen, was revoked; the network went on or off). */
  onChange(listener: (status: NetworkStatus) => void): () => void;
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
  random?: { seed(): number; id(): string };
  /**
   * One writer per save: how this host names itself to a second Podium that opens the same save
   * ("browser mode", "the desktop app"), and where its locks live (tests).
   */
  lock?: EventStoreOptions['lock'];
  /** The venue network, where the host has one (browser mode, the desktop app). */
  network?: NetworkControl;
}

/**
 * The service is the StationApi with a caller on every method (HostApi): the transports pass the
 * connection's caller (a joined device), in-process callers leave it out (the local station).
 */
export interface StationService extends HostApi {
  /**
   * The clock hook: the clock service (core/clock, driven by a host timer) calls this on every
   * tick with the time and the computed clock view of the open event; it goes to every
   * subscriber as `{ type: 'clock', now, clock }`. The service itself keeps no timer.
   */
  pushClock(now: number, clock: ClockView): void;
  /** The open event, for in-process users (the clock service, the shell's menus). */
  current(): { summary: EventSummary; state: EventState } | null;
  /**
   * Save As from the local station's own file dialog (the Electron shell's menu): a copy at the
   * path the user chose there, anywhere on this computer, replacing an existing file only with
   * `overwrite` (which the dialog asked the user to confirm). In-process only: no transport serves
   * it (serveRpc answers the StationApi's request methods and nothing else), so a window or a
   * program on the WebSocket can never name a path outside the events folder.
   */
  saveAsFromDialog(params: { path: string; overwrite?: boolean }): Promise<void>;
  /** Close the open event (if any) and drop every subscriber. */
  dispose(): Promise<void>;
}

const cryptoRandom = {
  seed: () => randomInt(0, 0x7fffffff),
  id: () => randomBytes(5).toString('hex'),
};

/** Turn an event name into a file-name-safe slug ("Friday Night Magic #12" → "friday-night-magic-12"). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'event';
}

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
 * A file-system error in the scorekeeper's words (fs-words.ts), never the system's own text (no
 * "ENOENT: …"); anything that is not a file-system error passes through. `writing`: the error came
 * from writing `file`.
 */
function fsProblem(error: unknown, file: string, writing = false): unknown {
  return errnoOf(error) === undefined ? error : fsError(error, file, writing ? 'write' : 'read', { writing });
}

/**
 * The host's time is the clock's time: clock commands and results get `at` from the host (a window
 * sends none; an in-process caller's is replaced), in whole seconds, as the clock service counts
 * (clock-service.ts). A window's own clock may be off; the journal must not be.
 */
export function stampHostTime(command: NewCommand, nowMs: number): Command {
  // Every other command reads the same in both schemas: only clock commands' `at` is optional when sent.
  const sent = command as Command;
  if (!isClockCommand(sent) && sent.type !== 'record-result') return sent;
  return { ...sent, at: Math.floor(nowMs / 1000) * 1000 };
}

export function createStationService(options: StationServiceOptions): StationService {
  const { dataDir, station, store } = options;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? cryptoRandom;
  const eventsDir = path.join(dataDir, 'events');
  const storeOptions: EventStoreOptions = { station, now, ...(options.lock !== undefined ? { lock: options.lock } : {}) };
  const listeners = new Set<(push: StationPush) => void>();
  let open: EventStoreHandle | null = null;
  /** The client command ids of the open save (a command sent twice is written once). */
  let sent = new SentCommands([]);
  let queue: Promise<unknown> = Promise.resolve();
  /** For a save another Podium holds: has the holder let go since (take over is possible)? */
  let holderGone = false;
  let stopWatchingHolder: () => void = () => undefined;
  /** Opens under way, by path: a second click on the same save waits for the first. */
  const opening = new Map<string, Promise<StationSnapshot>>();

  /** Changes run one at a time, in the order they arrived. */
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  function broadcast(push: StationPush): void {
    for (const listener of [...listeners]) {
      try {
        listener(push);
      } catch {
        // A window that fails to take a push must not stop the others from getting it.
      }
    }
  }

  function summaryOf(handle: EventStoreHandle): EventSummary {
    const state = handle.state();
    return {
      id: state.id,
      name: state.name,
      ruleset: state.ruleset,
      path: handle.path,
      readOnly: handle.readOnly,
      entries: handle.entries().length,
      ...(handle.readOnlyReason ? { readOnlyReason: handle.readOnlyReason } : {}),
      ...(handle.readOnlyReason === 'locked' ? { heldBy: { description: describeHolder(handle.lockedBy ?? null), gone: holderGone } } : {}),
    };
  }

  function snapshotNow(): StationSnapshot {
    if (!open) return { summary: null, state: null, lastSeq: -1, notices: [] };
    const entries = open.entries();
    return { summary: summaryOf(open), state: open.state(), lastSeq: entries[entries.length - 1]?.seq ?? -1, notices: [...open.notices] };
  }

  function pushState(): StationSnapshot {
    const snapshot = snapshotNow();
    broadcast({ type: 'state', snapshot });
    return snapshot;
  }

  function requireOpen(): EventStoreHandle {
    if (!open) fail('not-allowed', 'no event is open: create or open one first');
    return open;
  }

  function requireWritable(): EventStoreHandle {
    const handle = requireOpen();
    if (handle.readOnlyReason === 'locked')
      fail('save-locked', `this save is ${describeHolder(handle.lockedBy ?? null)}: only one Podium may write to it (close it there, then take over here)`);
    if (handle.readOnlyReason === 'no-permission')
      fail('disk-read-only', 'this save is on a disk or in a file Podium may not write to: nothing can be added (save a copy somewhere writable to go on)');
    if (handle.readOnly)
      fail('not-allowed', 'this save is damaged and open read-only: nothing can be added to it (save a repaired copy to go on)');
    return handle;
  }

  /** A save's path: relative paths go in the events folder; it must be a .podium file. */
  function savePath(given: string): string {
    const resolved = path.resolve(eventsDir, given);
    if (path.extname(resolved).toLowerCase() !== '.podium') fail('invalid-input', `an event save is a .podium file, not ${given}`);
    return resolved;
  }

  async function remember(handle: EventStoreHandle): Promise<void> {
    try {
      await rememberRecentEvent(dataDir, { path: handle.path, name: handle.state().name, openedAt: now().toISOString() });
    } catch {
      // The recent list is a convenience; failing to update it never fails the open.
    }
  }

  /** Make `handle` the open event (closing the previous one), remember it, push the new state. */
  async function switchTo(handle: EventStoreHandle): Promise<StationSnapshot> {
    const previous = open;
    if (previous === handle) return snapshotNow();
    open = handle;
    sent = new SentCommands(handle.entries());
    stopWatchingHolder();
    holderGone = false;
    stopWatchingHolder = handle.watchHolder(() => {
      // The other Podium let go: say so at once, so the scorekeeper can take over.
      if (open !== handle) return;
      holderGone = true;
      pushState();
    });
    if (previous) await previous.close().catch(() => undefined);
    await remember(handle);
    return pushState();
  }

  /**
   * Append and tell every window: the new entry (a few hundred bytes, folded by each device), or,
   * for an undo (which re-folds from an earlier state no device holds), the whole state.
   */
  async function append(command: Command, sender: EntrySender = {}): Promise<DispatchAck> {
    const handle = requireWritable();
    const entry = await handle.append(command, sender);
    sent.add(entry);
    if (command.type === 'undo') pushState();
    else broadcast({ type: 'entries', eventId: handle.state().id, entries: [pushedEntry(entry)] });
    return { seq: entry.seq };
  }

  const service: StationService = {
    async snapshot(params, caller = LOCAL_CALLER) {
      validated('snapshot', params ?? {}, caller);
      return snapshotNow();
    },

    async createEvent(params: CreateEventParams, caller = LOCAL_CALLER) {
      const input = validated('createEvent', params, caller);
      return exclusive(async () => {
        getRuleset(input.ruleset); // refuses a rule set this version cannot run, in words
        const id = random.id();
        // A path from a window or the WebSocket stays in the events folder (save-target.ts).
        const file = await newSaveTarget(input.path ?? `${slugify(input.name)}-${id}.podium`, { eventsDir });
        if (await somethingAt(file)) fail('not-allowed', `a file named ${path.basename(file)} already exists there: choose another name`);
        const command: CreateEventCommand = {
          type: 'create-event',
          id,
          name: input.name,
          ruleset: input.ruleset,
          settings: input.settings,
          seed: input.seed ?? random.seed(),
          createdAt: now().toISOString(),
        };
        const handle = await store.create(file, command, storeOptions).catch((error: unknown) => {
          throw fsProblem(error, file, true);
        });
        return switchTo(handle);
      });
    },

    async openEvent(params, caller = LOCAL_CALLER) {
      const input = validated('openEvent', params, caller);
      const file = savePath(input.path);
      const pending = opening.get(file);
      if (pending) return pending;
      // Reading and checking a save happens outside the change queue, so results keep going into
      // the open event while a large save opens; only the switch itself waits its turn.
      const run = (async () => {
        if (open && open.path === file) return snapshotNow();
        const handle = await openStore(file);
        if (handle.readOnlyReason === 'locked' && handle.lockedBy?.pid === process.pid && open) {
          // The same save by another path (a link): this very Podium holds it.
          await handle.close();
          fail('not-allowed', `${file} is the save already open here (${open.path})`);
        }
        return exclusive(() => switchTo(handle));
      })().finally(() => opening.delete(file));
      opening.set(file, run);
      return run;
    },

    async takeOverEvent(params, caller = LOCAL_CALLER) {
      validated('takeOverEvent', params ?? {}, caller);
      const held = requireOpen();
      if (held.readOnlyReason !== 'locked') fail('not-allowed', 'this save is not held by another Podium: there is nothing to take over');
      const fresh = await openStore(held.path);
      if (fresh.readOnlyReason === 'locked') {
        const holder = fresh.lockedBy ?? null;
        await fresh.close();
        fail('save-locked', `cannot take over yet: the save is still ${describeHolder(holder)}. Close it there first.`);
      }
      return exclusive(async () => {
        if (open !== held) {
          await fresh.close();
          fail('not-allowed', 'another event was opened meanwhile; open this save again to take it over');
        }
        return switchTo(fresh);
      });
    },

    async closeEvent(params, caller = LOCAL_CALLER) {
      validated('closeEvent', params ?? {}, caller);
      return exclusive(async () => {
        const handle = open;
        if (!handle) return;
        open = null;
        stopWatchingHolder();
        await handle.close();
        pushState();
      });
    },

    async saveAs(params, caller = LOCAL_CALLER) {
      const input = validated('saveAs', params, caller);
      return saveCopy(input.path, input.overwrite === true, false);
    },

    async saveAsFromDialog(params) {
      const input = validated('saveAs', params);
      return saveCopy(input.path, input.overwrite === true, true);
    },

    async saveRepairedCopy(params, caller = LOCAL_CALLER) {
      const input = validated('saveRepairedCopy', params, caller);
      return exclusive(async () => {
        const handle = requireOpen();
        const file = await newSaveTarget(input.path, { eventsDir });
        if (file === handle.path) fail('invalid-input', 'the repaired copy must be a new file: the damaged save is never rewritten');
        if (await somethingAt(file)) fail('not-allowed', `a file named ${path.basename(file)} already exists there: choose another name`);
        await handle.saveRepairedCopy(file).catch((error: unknown) => {
          throw fsProblem(error, file, true);
        });
        const repaired = await store.open(file, storeOptions);
        return switchTo(repaired);
      });
    },

    async dispatch(params, caller = LOCAL_CALLER) {
      const { command, cid } = validated('dispatch', params, caller);
      return exclusive(async () => {
        const earlier = sent.earlier(caller, cid);
        if (earlier) return earlier;
        if (command.type === 'create-event') fail('not-allowed', 'an event is created with "New event", not by a command');
        const handle = requireWritable();
        if (command.type === 'undo') checkUndo(handle, command.target);
        refuseSecondResult(command as Command, handle.state(), handle.entries(), (seq) => handle.undoneBy(seq) !== undefined);
        const by = deviceOf(caller);
        return append(stampHostTime(command, now().getTime()), { ...(by ? { by } : {}), ...(cid !== undefined ? { cid } : {}) });
      });
    },

    async dispatchBatch(params, caller = LOCAL_CALLER) {
      const { commands, cid } = validated('dispatchBatch', params, caller);
      return exclusive(async () => {
        const earlier = sent.earlier(caller, cid);
        if (earlier) return { ...earlier, from: earlier.seq };
        const handle = requireWritable();
        const stamped = commands.map((command) => {
          if (command.type === 'create-event') fail('not-allowed', 'an event is created with "New event", not by a command');
          return stampHostTime(command, now().getTime());
        });
        const by = deviceOf(caller);
        const entries = await handle.appendMany(stamped, { ...(by ? { by } : {}), ...(cid !== undefined ? { cid } : {}) });
        for (const entry of entries) sent.add(entry);
        broadcast({ type: 'entries', eventId: handle.state().id, entries: entries.map(pushedEntry) });
        return { from: (entries[0] as JournalEntry).seq, seq: (entries.at(-1) as JournalEntry).seq };
      });
    },

    async undo(params, caller = LOCAL_CALLER) {
      const input = validated('undo', params, caller);
      return exclusive(async () => {
        checkUndo(requireWritable(), input.seq);
        const command: Command = { type: 'undo', target: input.seq, ...(input.reason !== undefined ? { reason: input.reason } : {}) };
        const by = deviceOf(caller);
        return append(command, by ? { by } : {});
      });
    },

    async whoami(params, caller = LOCAL_CALLER) {
      validated('whoami', params ?? {}, caller);
      return { caller };
    },

    async networkStatus(params, caller = LOCAL_CALLER) {
      validated('networkStatus', params ?? {}, caller);
      return requireNetwork().status();
    },

    async setNetwork(params, caller = LOCAL_CALLER) {
      const input = validated('setNetwork', params, caller);
      return requireNetwork().setOn(input.on);
    },

    async newJoinCode(params, caller = LOCAL_CALLER) {
      const input = validated('newJoinCode', params, caller);
      return requireNetwork().newJoinCode(input.role);
    },

    async revokeDevice(params, caller = LOCAL_CALLER) {
      const input = validated('revokeDevice', params, caller);
      return requireNetwork().revoke(input.id);
    },

    async query(params: Query, caller = LOCAL_CALLER): Promise<QueryResult> {
      const query = validated('query', params, caller);
      if (query.kind === 'recent-events') return { kind: 'recent-events', events: await listRecentEvents(dataDir) };
      const handle = requireOpen();
      const state = handle.state();
      const ruleset = getRuleset(state.ruleset);
      switch (query.kind) {
        case 'standings':
          return { kind: 'standings', standings: ruleset.standings(state) };
        case 'propose-pairing':
          return { kind: 'propose-pairing', proposal: ruleset.pair(query.replace ? beforeCurrentRound(state) : state, query.seed ?? random.seed()) };
        case 'propose-playoff': {
          const options = { top: query.top, ...(query.draft !== undefined ? { draft: query.draft } : {}) };
          const pairing = ruleset.playoff(state, options, query.seed ?? random.seed());
          return {
            kind: 'propose-playoff',
            proposal: {
              tables: pairing.tables,
              byes: [],
              waiting: pairing.waiting,
              warnings: pairing.warnings ?? [],
              seed: pairing.seed,
              seeds: pairing.seeds,
              ...(pairing.seatChoice ? { seatChoice: pairing.seatChoice } : {}),
            },
          };
        }
        case 'next-playoff-round':
          return { kind: 'next-playoff-round', proposal: ruleset.nextPlayoffRound(state, query.seed ?? random.seed()) };
        case 'journal': {
          // Entry seq is at index seq; the undo marks are the fold's (core/event/undo.ts).
          const views: JournalEntryView[] = handle
            .entries()
            .slice(query.from ?? 0)
            .map((e) => {
              const undoneBy = handle.undoneBy(e.seq);
              return { ...pushedEntry(e), ...(undoneBy !== undefined ? { undoneBy } : {}) };
            });
          return { kind: 'journal', entries: views };
        }
      }
    },

    async print(params, caller = LOCAL_CALLER) {
      const request = validated('print', params, caller);
      const handle = requireOpen();
      if (!options.printer) fail('not-allowed', 'printing is not available in this version yet');
      return options.printer(request, { state: handle.state(), summary: summaryOf(handle) });
    },

    subscribe(listener, caller = LOCAL_CALLER) {
      if (typeof listener !== 'function') fail('invalid-input', 'subscribe needs a listener function');
      // The network's join codes and device list are the head-judge station's alone.
      const heard = caller.kind === 'local' ? listener : (push: StationPush) => push.type !== 'network' && listener(push);
      listeners.add(heard);
      return () => {
        listeners.delete(heard);
      };
    },

    pushClock(nowMs, clock) {
      broadcast({ type: 'clock', now: nowMs, clock });
    },

    current() {
      if (!open) return null;
      return { summary: summaryOf(open), state: open.state() };
    },

    async dispose() {
      await exclusive(async () => {
        const handle = open;
        open = null;
        stopWatchingHolder();
        if (handle) await handle.close();
      });
      listeners.clear();
    },
  };

  function requireNetwork(): NetworkControl {
    if (!options.network) fail('not-allowed', 'the venue network is not available here: start Podium as the desktop app or in browser mode to use it');
    return options.network;
  }
  options.network?.onChange((status) => broadcast({ type: 'network', status }));

  /** Open a save through the store, telling every window how far it has read a large one. */
  async function openStore(file: string): Promise<EventStoreHandle> {
    const name = path.basename(file);
    let lastPercent = -1;
    const onProgress = (done: number, total: number): void => {
      const percent = total > 0 ? Math.floor((done * 100) / total) : 100;
      if (percent === lastPercent) return;
      lastPercent = percent;
      broadcast({ type: 'progress', label: `Opening ${name}`, done, total });
    };
    try {
      return await store.open(file, { ...storeOptions, onProgress });
    } catch (error) {
      throw fsProblem(error, file);
    } finally {
      if (lastPercent >= 0) broadcast({ type: 'progress', label: `Opening ${name}`, done: 1, total: 1, finished: true });
    }
  }

  /**
   * Save As: a copy of the open save at `given` (the open event stays where it is, ARCHITECTURE
   * "Save as copies the file"). In the events folder unless the local station's own dialog chose
   * the path; an existing file is replaced only with `overwrite`, which the user confirmed.
   */
  function saveCopy(given: string, overwrite: boolean, chosenLocally: boolean): Promise<void> {
    return exclusive(async () => {
      const handle = requireOpen();
      const file = await newSaveTarget(given, { eventsDir, chosenLocally });
      if (file === handle.path) fail('invalid-input', 'that is the file the event is already saved in');
      if (!overwrite && (await somethingAt(file)))
        fail('not-allowed', `a file named ${path.basename(file)} already exists there: it is replaced only when you confirm (overwrite)`);
      await handle.saveAs(file).catch((error: unknown) => {
        throw fsProblem(error, file, true);
      });
      try {
        await rememberRecentEvent(dataDir, { path: file, name: handle.state().name, openedAt: now().toISOString() });
      } catch {
        // convenience only
      }
    });
  }

  /** The state a re-pair of the current round is proposed from: as if that round were not published. */
  function beforeCurrentRound(state: EventState): EventState {
    const current = state.rounds[state.rounds.length - 1];
    if (!current || current.stage !== 'swiss') fail('not-allowed', 'there is no published Swiss round to re-pair');
    if (current.tables.some((t) => t.result !== undefined))
      fail('not-allowed', `round ${current.number} already has results, so it cannot be re-paired`);
    return { ...state, rounds: state.rounds.slice(0, -1) };
  }

  function checkUndo(handle: EventStoreHandle, target: number): void {
    const entry = handle.entries()[target];
    if (!entry) fail('invalid-input', `there is no journal entry ${target} to undo`);
    if (entry.command.type === 'create-event') fail('not-allowed', 'creating the event cannot be undone');
    const undoneBy = handle.undoneBy(target);
    if (undoneBy !== undefined) fail('not-allowed', `journal entry ${target} was already undone (by entry ${undoneBy})`);
  }

  return service;
}

/** An entry as windows and devices get it (the client command id stays in the save). */
function pushedEntry(entry: JournalEntry): PushedEntry {
  return { seq: entry.seq, at: entry.at, station: entry.station, ...(entry.by ? { by: entry.by } : {}), command: entry.command };
}
