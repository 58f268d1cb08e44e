/**
 * How the fold keeps a round clock's growing lists (pauses, adjustments, extensions, extra turns)
 * so that a journal of many clock commands folds in linear time (200,000 pause/resume
 * lines took minutes, because every pause copied the whole pauses array).
 *
 * - A SharedList is an append-only list shared between successive states: appending to the newest
 *   version pushes onto the shared array; an older version (a state kept for undo) only ever sees
 *   its own first `length` items, which are never changed, so the fold stays pure from the outside.
 *   Appending to an older version copies its items once — unless the item equals the one already
 *   stored there (a re-fold after an undo applies the same commands again), which is then shared.
 * - A round clock made by the fold keeps its lists privately and shows them as plain arrays: a
 *   short list at once, a long one through a getter that builds the array on first read. The state
 *   stays plain JSON / structured-clone data for the windows and the tests; the arrays are
 *   read-only, as all of the state. Code that edits a round clock goes through `roundClockWith` (a
 *   spread would build every array and drop the lists).
 * - The pauses carry running totals, so the running time at any moment is a binary search
 *   (time.ts) instead of a walk over every pause, in the fold and on every clock tick.
 */
import type { ClockAdjustment, ClockPause, RoundClock, TableExtension } from './types.js';

export interface SharedList<T> {
  readonly store: T[];
  readonly length: number;
}

export function emptyList<T>(): SharedList<T> {
  return { store: [], length: 0 };
}

export function listOf<T>(items: readonly T[]): SharedList<T> {
  return { store: [...items], length: items.length };
}

export function append<T>(list: SharedList<T>, item: T, same: (a: T, b: T) => boolean): SharedList<T> {
  const { store, length } = list;
  if (store.length === length) {
    store.push(item);
    return { store, length: length + 1 };
  }
  if (same(store[length] as T, item)) return { store, length: length + 1 };
  const copy = store.slice(0, length);
  copy.push(item);
  return { store: copy, length: length + 1 };
}

export function itemAt<T>(list: SharedList<T>, index: number): T {
  if (index < 0 || index >= list.length) throw new RangeError(`shared list: no item ${index} of ${list.length}`);
  return list.store[index] as T;
}

export function toArray<T>(list: SharedList<T>): T[] {
  return list.store.slice(0, list.length);
}

// ---------------------------------------------------------------------------------------------
// Pauses

export interface PauseStart {
  readonly at: number;
  readonly reason?: string;
}

export interface PauseEnd {
  readonly resumedAt: number;
  /** Paused ms of this pause and every one before it. */
  readonly pausedTotal: number;
}

/**
 * 'ordered': pause i started at `starts[i]` and, when i < ends.length, resumed at `ends[i]`; the
 * pauses are in order and apart (each starts at or after the round's start and after the previous
 * one ended; only the last may be open), as the fold guarantees, so time.ts may binary-search them.
 * 'raw': pauses a state made by hand holds that are not like that, kept as they are (and copied
 * per command, as before; the fold never makes these).
 */
export type PauseLog =
  | { readonly kind: 'ordered'; readonly starts: SharedList<PauseStart>; readonly ends: SharedList<PauseEnd> }
  | { readonly kind: 'raw'; readonly pauses: readonly ClockPause[] };

const sameStart = (a: PauseStart, b: PauseStart): boolean => a.at === b.at && a.reason === b.reason;
const sameEnd = (a: PauseEnd, b: PauseEnd): boolean => a.resumedAt === b.resumedAt && a.pausedTotal === b.pausedTotal;

export function pauseCount(log: PauseLog): number {
  return log.kind === 'ordered' ? log.starts.length : log.pauses.length;
}

export function pauseAt(log: PauseLog, index: number): ClockPause {
  if (log.kind === 'raw') {
    const pause = log.pauses[index];
    if (!pause) throw new RangeError(`pauses: no pause ${index} of ${log.pauses.length}`);
    return pause;
  }
  const start = itemAt(log.starts, index);
  if (index >= log.ends.length) return start.reason !== undefined ? { at: start.at, reason: start.reason } : { at: start.at };
  const resumedAt = itemAt(log.ends, index).resumedAt;
  return start.reason !== undefined ? { at: start.at, reason: start.reason, resumedAt } : { at: start.at, resumedAt };
}

/** Paused ms of the (closed) pauses before pause `index` of an ordered log. */
export function pausedBefore(log: Extract<PauseLog, { kind: 'ordered' }>, index: number): number {
  return index === 0 ? 0 : itemAt(log.ends, index - 1).pausedTotal;
}

/** A new pause; the caller has checked that none is open and the time is in order. */
export function startPause(log: PauseLog, at: number, reason?: string): PauseLog {
  const start = reason !== undefined ? { at, reason } : { at };
  if (log.kind === 'raw') return { kind: 'raw', pauses: [...log.pauses, start] };
  return { ...log, starts: append(log.starts, start, sameStart) };
}

/** The open (last) pause resumed; the caller has checked that it is open and the time in order. */
export function endPause(log: PauseLog, resumedAt: number): PauseLog {
  if (log.kind === 'raw') {
    const last = log.pauses.length - 1;
    return { kind: 'raw', pauses: log.pauses.map((p, i) => (i === last ? { ...p, resumedAt } : p)) };
  }
  const index = log.ends.length;
  const start = itemAt(log.starts, index);
  return { ...log, ends: append(log.ends, { resumedAt, pausedTotal: pausedBefore(log, index) + (resumedAt - start.at) }, sameEnd) };
}

/** The log of pauses given as an array (a state not made by the fold): ordered when they are. */
function pauseLogOf(startedAt: number, pauses: readonly ClockPause[]): PauseLog {
  const starts: PauseStart[] = [];
  const ends: PauseEnd[] = [];
  let earliest = startedAt;
  let total = 0;
  for (const [i, pause] of pauses.entries()) {
    const open = pause.resumedAt === undefined;
    const inOrder =
      Number.isFinite(pause.at) && pause.at >= earliest && (open ? i === pauses.length - 1 : Number.isFinite(pause.resumedAt) && (pause.resumedAt as number) >= pause.at);
    if (!inOrder) return { kind: 'raw', pauses: [...pauses] };
    starts.push(pause.reason !== undefined ? { at: pause.at, reason: pause.reason } : { at: pause.at });
    if (pause.resumedAt !== undefined) {
      total += pause.resumedAt - pause.at;
      ends.push({ resumedAt: pause.resumedAt, pausedTotal: total });
      earliest = pause.resumedAt;
    }
  }
  return { kind: 'ordered', starts: listOf(starts), ends: listOf(ends) };
}

// ---------------------------------------------------------------------------------------------
// Round clocks

export type ExtraTurnsEntry = RoundClock['extraTurns'][number];

export interface RoundLists {
  readonly pauses: PauseLog;
  readonly adjustments: SharedList<ClockAdjustment>;
  /** The sum of the adjustments' minutes. */
  readonly adjustedMinutes: number;
  readonly extensions: SharedList<TableExtension>;
  readonly extraTurns: SharedList<ExtraTurnsEntry>;
}

type ListKey = 'pauses' | 'adjustments' | 'extensions' | 'extraTurns';
/** The fields of a round clock other than its shared lists. */
export type RoundFields = Omit<RoundClock, ListKey>;

export function emptyLists(): RoundLists {
  return { pauses: { kind: 'ordered', starts: emptyList(), ends: emptyList() }, adjustments: emptyList(), adjustedMinutes: 0, extensions: emptyList(), extraTurns: emptyList() };
}

/** Lists up to this long are shown as plain arrays at once (as cheap as the copy the fold used to make). */
const SMALL = 16;

/**
 * A round clock made by the fold. A short list is a plain array; a long one an own, enumerable
 * getter (so JSON, structured clone, spreads and test equality see a plain array) that builds the
 * array once. The getters are shared functions defined in the constructor, which V8 keeps nearly
 * as cheap as plain fields (getters written in an object literal cost a closure and a slow object
 * per command). An array already built for an unchanged list is handed on to the next version.
 * The lists themselves sit in a private field, invisible to all of the above.
 */
class FoldedRoundClock {
  declare readonly round: number;
  declare readonly startedAt: number;
  declare readonly minutes: number | null;
  declare readonly procedure: RoundClock['procedure'];
  declare readonly final: boolean;
  declare readonly intentionalDrawMinutes: number | null;
  declare readonly pauses: ClockPause[];
  declare readonly adjustments: ClockAdjustment[];
  declare readonly extensions: TableExtension[];
  declare readonly playersInGame: RoundClock['playersInGame'];
  declare readonly extraTurns: ExtraTurnsEntry[];
  declare readonly intentionalDraws: RoundClock['intentionalDraws'];
  declare readonly results: RoundClock['results'];
  readonly #lists: RoundLists;
  readonly #built: Partial<Record<ListKey, unknown[]>> = {};

  constructor(fields: RoundFields, lists: RoundLists, previous?: FoldedRoundClock) {
    this.#lists = lists;
    if (previous) {
      const before = previous.#lists;
      const built = previous.#built;
      if (built.pauses && before.pauses === lists.pauses) this.#built.pauses = built.pauses;
      if (built.adjustments && before.adjustments === lists.adjustments) this.#built.adjustments = built.adjustments;
      if (built.extensions && before.extensions === lists.extensions) this.#built.extensions = built.extensions;
      if (built.extraTurns && before.extraTurns === lists.extraTurns) this.#built.extraTurns = built.extraTurns;
    }
    // The same keys in the same order as a round clock written out by hand.
    const self = this as unknown as Record<string, unknown>;
    self.round = fields.round;
    self.startedAt = fields.startedAt;
    self.minutes = fields.minutes;
    self.procedure = fields.procedure;
    self.final = fields.final;
    self.intentionalDrawMinutes = fields.intentionalDrawMinutes;
    this.#show('pauses', pauseCount(lists.pauses));
    this.#show('adjustments', lists.adjustments.length);
    this.#show('extensions', lists.extensions.length);
    self.playersInGame = fields.playersInGame;
    this.#show('extraTurns', lists.extraTurns.length);
    self.intentionalDraws = fields.intentionalDraws;
    self.results = fields.results;
  }

  #show(key: ListKey, length: number): void {
    if (length <= SMALL || this.#built[key]) (this as unknown as Record<string, unknown>)[key] = FoldedRoundClock.build(this, key);
    else Object.defineProperty(this, key, GETTERS[key]);
  }

  static listsOf(clock: object): RoundLists | undefined {
    return #lists in clock ? clock.#lists : undefined;
  }

  static build(clock: FoldedRoundClock, key: ListKey): unknown[] {
    const lists = clock.#lists;
    const log = lists.pauses;
    return (clock.#built[key] ??=
      key === 'pauses' ? Array.from({ length: pauseCount(log) }, (_, i) => pauseAt(log, i)) : toArray<unknown>(lists[key]));
  }

  static next(clock: object, fields: RoundFields, lists: RoundLists): FoldedRoundClock {
    return new FoldedRoundClock(fields, lists, #lists in clock ? clock : undefined);
  }
}

const getter = (key: ListKey): PropertyDescriptor => ({
  get(this: FoldedRoundClock) {
    return FoldedRoundClock.build(this, key);
  },
  enumerable: true,
  configurable: true,
});
const GETTERS: Record<ListKey, PropertyDescriptor> = {
  pauses: getter('pauses'),
  adjustments: getter('adjustments'),
  extensions: getter('extensions'),
  extraTurns: getter('extraTurns'),
};

/** A round clock of these fields and lists; its arrays are built on first read. */
export function makeRoundClock(fields: RoundFields, lists: RoundLists): RoundClock {
  return new FoldedRoundClock(fields, lists);
}

/**
 * The lists of a round clock: its own when the fold made it, else built from its arrays (each
 * time: a clock made by hand may be changed by hand, so nothing of it is cached).
 */
export function listsOf(clock: RoundClock): RoundLists {
  return (
    FoldedRoundClock.listsOf(clock) ?? {
      pauses: pauseLogOf(clock.startedAt, clock.pauses),
      adjustments: listOf(clock.adjustments),
      adjustedMinutes: clock.adjustments.reduce((sum, a) => sum + a.minutes, 0),
      extensions: listOf(clock.extensions),
      extraTurns: listOf(clock.extraTurns),
    }
  );
}

/** The lists of a round clock the fold made, without building any (undefined for any other). */
export function foldedListsOf(clock: object): RoundLists | undefined {
  return FoldedRoundClock.listsOf(clock);
}

/** A copy of a round clock with some fields and lists changed (never a spread: see above). */
export function roundClockWith(clock: RoundClock, fields: Partial<RoundFields>, lists: Partial<RoundLists> = {}): RoundClock {
  const own: RoundFields = {
    round: clock.round,
    startedAt: clock.startedAt,
    minutes: clock.minutes,
    procedure: clock.procedure,
    final: clock.final,
    intentionalDrawMinutes: clock.intentionalDrawMinutes,
    playersInGame: clock.playersInGame,
    intentionalDraws: clock.intentionalDraws,
    results: clock.results,
  };
  return FoldedRoundClock.next(clock, { ...own, ...fields }, { ...listsOf(clock), ...lists });
}

/** Visit a shared list's items in order, without building an array. */
export function forEachItem<T>(list: SharedList<T>, visit: (item: T) => void): void {
  for (let i = 0; i < list.length; i++) visit(list.store[i] as T);
}
