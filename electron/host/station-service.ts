/**
 * The station service: the host side of the StationApi (core/api/contract.ts). One event is open
 * at a time; every command goes through the event store, which validates it against the state
 * (apply) and has it on disk before the acknowledgement; every change is pushed to every
 * subscriber (the station window, the projector, a browser tab).
 *
 * Every request is validated here again, even when a transport already did (serveRpc does): the
 * service is also called in-process (the Electron menus, tests), and a payload is `unknown` until
 * it passes. Errors are PodiumErrors worded for the scorekeeper.
 *
 * Runs under plain Node: no `electron` import (ARCHITECTURE "The runtime is visible in the path").
 */
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  validateRequest,
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
import type { Command } from '../../core/event/commands.js';
import { fail, PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import type { EventStoreHandle, EventStoreOptions, JournalEntry } from './journal-types.js';
import { listRecentEvents, rememberRecentEvent } from './recent-events.js';

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
}

export interface StationService extends StationApi {
  /**
   * The clock hook: the clock service (core/clock, driven by a host timer) calls this on every
   * tick with the time and the computed clock view of the open event; it goes to every
   * subscriber as `{ type: 'clock', now, clock }`. The service itself keeps no timer.
   */
  pushClock(now: number, clock: ClockView): void;
  /** The open event, for in-process users (the clock service, the shell's menus). */
  current(): { summary: EventSummary; state: EventState } | null;
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

function validated<M extends RequestMethod>(method: M, params: unknown): ValidatedParams<M> {
  const checked = validateRequest(method, params);
  if (!checked.ok) throw new PodiumError('invalid-input', checked.message);
  return checked.params as ValidatedParams<M>;
}

/** A file-system error in the scorekeeper's words. */
function fsProblem(error: unknown, file: string): unknown {
  if (error instanceof PodiumError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return new PodiumError('invalid-input', `there is no event save at ${file}`);
  if (code === 'EEXIST') return new PodiumError('not-allowed', `a file already exists at ${file}`);
  if (code === 'EACCES' || code === 'EPERM') return new PodiumError('not-allowed', `Podium may not read or write ${file} (permission denied)`);
  if (code === 'EISDIR') return new PodiumError('invalid-input', `${file} is a folder, not an event save`);
  return error;
}

/**
 * The host's time is the clock's time: clock commands and results get `at` from the host (whatever
 * a window sent), in whole seconds, as the clock service counts (clock-service.ts). A window's own
 * clock may be off; the journal must not be.
 */
export function stampHostTime(command: Command, nowMs: number): Command {
  if (!isClockCommand(command) && command.type !== 'record-result') return command;
  return { ...command, at: Math.floor(nowMs / 1000) * 1000 };
}

/** Journal entries reverted by an effective undo → the undo's seq (an undone undo does not count). */
export function undoMarks(entries: readonly JournalEntry[]): Map<number, number> {
  const undos = entries.filter((e) => e.command.type === 'undo').sort((a, b) => b.seq - a.seq);
  const undoneBy = new Map<number, number>();
  for (const entry of undos) {
    if (undoneBy.has(entry.seq)) continue;
    const target = (entry.command as Extract<Command, { type: 'undo' }>).target;
    if (!undoneBy.has(target)) undoneBy.set(target, entry.seq);
  }
  return undoneBy;
}

export function createStationService(options: StationServiceOptions): StationService {
  const { dataDir, station, store } = options;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? cryptoRandom;
  const eventsDir = path.join(dataDir, 'events');
  const storeOptions: EventStoreOptions = { station, now };
  const listeners = new Set<(push: StationPush) => void>();
  let open: EventStoreHandle | null = null;
  let queue: Promise<unknown> = Promise.resolve();

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
    return { id: state.id, name: state.name, ruleset: state.ruleset, path: handle.path, readOnly: handle.readOnly, entries: handle.entries().length };
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
    open = handle;
    if (previous) await previous.close().catch(() => undefined);
    await remember(handle);
    return pushState();
  }

  async function append(command: Command): Promise<DispatchAck> {
    const handle = requireWritable();
    const entry = await handle.append(command);
    pushState();
    return { seq: entry.seq };
  }

  const service: StationService = {
    async snapshot() {
      validated('snapshot', {});
      return snapshotNow();
    },

    async createEvent(params: CreateEventParams) {
      const input = validated('createEvent', params);
      return exclusive(async () => {
        getRuleset(input.ruleset); // refuses a rule set this version cannot run, in words
        const id = random.id();
        const file = input.path ? savePath(input.path) : path.join(eventsDir, `${slugify(input.name)}-${id}.podium`);
        if (existsSync(file)) fail('not-allowed', `a file already exists at ${file}: choose another name`);
        const command: CreateEventCommand = {
          type: 'create-event',
          id,
          name: input.name,
          ruleset: input.ruleset,
          settings: input.settings,
          seed: input.seed ?? random.seed(),
          createdAt: now().toISOString(),
        };
        await mkdir(path.dirname(file), { recursive: true }).catch((error: unknown) => {
          throw fsProblem(error, path.dirname(file));
        });
        const handle = await store.create(file, command, storeOptions).catch((error: unknown) => {
          throw fsProblem(error, file);
        });
        return switchTo(handle);
      });
    },

    async openEvent(params) {
      const input = validated('openEvent', params);
      return exclusive(async () => {
        const file = savePath(input.path);
        if (open && open.path === file) return snapshotNow();
        const handle = await store.open(file, storeOptions).catch((error: unknown) => {
          throw fsProblem(error, file);
        });
        return switchTo(handle);
      });
    },

    async closeEvent() {
      validated('closeEvent', {});
      return exclusive(async () => {
        const handle = open;
        if (!handle) return;
        open = null;
        await handle.close();
        pushState();
      });
    },

    async saveAs(params) {
      const input = validated('saveAs', params);
      return exclusive(async () => {
        const handle = requireOpen();
        const file = savePath(input.path);
        if (file === handle.path) fail('invalid-input', 'that is the file the event is already saved in');
        await mkdir(path.dirname(file), { recursive: true });
        // A copy: the open event stays where it is (ARCHITECTURE "Save as copies the file").
        await handle.saveAs(file).catch((error: unknown) => {
          throw fsProblem(error, file);
        });
        try {
          await rememberRecentEvent(dataDir, { path: file, name: handle.state().name, openedAt: now().toISOString() });
        } catch {
          // convenience only
        }
      });
    },

    async saveRepairedCopy(params) {
      const input = validated('saveRepairedCopy', params);
      return exclusive(async () => {
        const handle = requireOpen();
        const file = savePath(input.path);
        if (file === handle.path) fail('invalid-input', 'the repaired copy must be a new file: the damaged save is never rewritten');
        if (existsSync(file)) fail('not-allowed', `a file already exists at ${file}: choose another name`);
        await mkdir(path.dirname(file), { recursive: true });
        await handle.saveRepairedCopy(file).catch((error: unknown) => {
          throw fsProblem(error, file);
        });
        const repaired = await store.open(file, storeOptions);
        return switchTo(repaired);
      });
    },

    async dispatch(params) {
      const { command } = validated('dispatch', params);
      return exclusive(async () => {
        if (command.type === 'create-event') fail('not-allowed', 'an event is created with "New event", not by a command');
        if (command.type === 'undo') checkUndo(requireWritable(), command.target);
        return append(stampHostTime(command, now().getTime()));
      });
    },

    async undo(params) {
      const input = validated('undo', params);
      return exclusive(async () => {
        checkUndo(requireWritable(), input.seq);
        const command: Command = { type: 'undo', target: input.seq, ...(input.reason !== undefined ? { reason: input.reason } : {}) };
        return append(command);
      });
    },

    async query(params: Query): Promise<QueryResult> {
      const query = validated('query', params);
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
          const entries = handle.entries();
          const marks = undoMarks(entries);
          const from = query.from ?? 0;
          const views: JournalEntryView[] = entries
            .filter((e) => e.seq >= from)
            .map((e) => {
              const undoneBy = marks.get(e.seq);
              return { seq: e.seq, at: e.at, station: e.station, command: e.command, ...(undoneBy !== undefined ? { undoneBy } : {}) };
            });
          return { kind: 'journal', entries: views };
        }
      }
    },

    async print(params) {
      const request = validated('print', params);
      const handle = requireOpen();
      if (!options.printer) fail('not-allowed', 'printing is not available in this version yet');
      return options.printer(request, { state: handle.state(), summary: summaryOf(handle) });
    },

    subscribe(listener) {
      if (typeof listener !== 'function') fail('invalid-input', 'subscribe needs a listener function');
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
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
        if (handle) await handle.close();
      });
      listeners.clear();
    },
  };

  /** The state a re-pair of the current round is proposed from: as if that round were not published. */
  function beforeCurrentRound(state: EventState): EventState {
    const current = state.rounds[state.rounds.length - 1];
    if (!current || current.stage !== 'swiss') fail('not-allowed', 'there is no published Swiss round to re-pair');
    if (current.tables.some((t) => t.result !== undefined))
      fail('not-allowed', `round ${current.number} already has results, so it cannot be re-paired`);
    return { ...state, rounds: state.rounds.slice(0, -1) };
  }

  function checkUndo(handle: EventStoreHandle, target: number): void {
    const entries = handle.entries();
    const entry = entries.find((e) => e.seq === target);
    if (!entry) fail('invalid-input', `there is no journal entry ${target} to undo`);
    if (entry.command.type === 'create-event') fail('not-allowed', 'creating the event cannot be undone');
    const undoneBy = undoMarks(entries).get(target);
    if (undoneBy !== undefined) fail('not-allowed', `journal entry ${target} was already undone (by entry ${undoneBy})`);
  }

  return service;
}
