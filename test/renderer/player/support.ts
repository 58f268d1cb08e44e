/**
 * The player page's tests: published views as a host would push them (an `mtr` event and a pod
 * event), a fake `/public` host behind the client's socket factory, hand-run timers, and a
 * storage in memory. Also used by test/e2e/player-page.test.ts (the views).
 */
import type { RulesetId } from '../../../core/model/types.js';
import type { PublicAnswer, PublicPush, PublicRequest, PublicView } from '../../../core/public/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { publicWords } from '../../../core/public/view.js';
import type { KeyValue } from '../../../renderer/player/memory.js';
import type { SocketFactory, SocketHandlers, Timers } from '../../../renderer/player/public-client.js';

export const T0 = Date.UTC(2026, 5, 6, 10, 0, 0);
export const MIN = 60_000;

const PEOPLE: [string, string, string][] = [
  ['p1', 'Ana Archer', 'Archer'],
  ['p2', 'Bo Brandt', 'Brandt'],
  ['p3', 'José Núñez', 'Núñez'],
  ['p4', 'María de la Cruz', 'de la Cruz'],
  ['p5', 'Cian Mac Giolla', 'Mac Giolla'],
  ['p6', 'Dana Archibald', 'Archibald'],
  ['p7', 'Eli Ezra', 'Ezra'],
  ['p8', 'Fay Fox', 'Fox'],
  ['p9', 'Gil Gray', 'Gray'],
];

function players(count: number): PublicView['players'] {
  return PEOPLE.slice(0, count).map(([id, name, sortName]) => ({ id, name, sortName }));
}

function base(ruleset: RulesetId, count: number): Omit<PublicView, 'round'> {
  const rules = getRuleset(ruleset);
  return {
    version: 1,
    event: { id: `ev-${ruleset}`, name: 'Saturday Open', ruleset, rulesetName: rules.title, settings: rules.settings({}), words: publicWords(rules) },
    players: players(count),
    roundsPublished: 3,
    clock: { round: 3, endsAt: T0 + 30 * MIN, atTime: 'Time — 5 extra turns', status: 'Round 3 is running' },
    selfReports: 'queue',
    madeAt: T0,
  };
}

/** An `mtr` event in round 3: Ana v Bo at table 1, José v María at table 2, Cian v Dana at 3, Eli has a bye. */
export function mtrView(): PublicView {
  return {
    ...base('mtr', 7),
    round: {
      number: 3,
      stage: 'swiss',
      tables: [
        { table: 1, seats: ['p1', 'p2'] },
        { table: 2, seats: ['p3', 'p4'] },
        { table: 3, seats: ['p5', 'p6'] },
      ],
      byes: [{ player: 'p7', kind: 'pairing' }],
      pointsBefore: { p1: 6, p2: 6, p3: 3, p4: 3, p5: 1, p6: 0 },
    },
  };
}

/** A pod event (`mstr-2022` or `mamtr-2024`) in round 3: two pods of four, Ana in seat 2 of pod 5. */
export function podView(ruleset: RulesetId = 'mstr-2022'): PublicView {
  return {
    ...base(ruleset, 8),
    round: {
      number: 3,
      stage: 'swiss',
      tables: [
        { table: 5, seats: ['p2', 'p1', 'p3', 'p4'] },
        { table: 6, seats: ['p5', 'p6', 'p7', 'p8'] },
      ],
      byes: [],
      pointsBefore: { p1: 4, p2: 3, p3: 1, p4: 0, p5: 6, p6: 3, p7: 1, p8: 0 },
    },
  };
}

/** A storage in memory. */
export function memoryStore(initial: Record<string, string> = {}): KeyValue & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** Timers the test runs by hand. */
export function handTimers(): Timers & { pending: { run(): void; ms: number; id: number }[]; runNext(): number | undefined } {
  let next = 1;
  const pending: { run(): void; ms: number; id: number }[] = [];
  return {
    pending,
    set(run, ms) {
      const id = next++;
      pending.push({ run, ms, id });
      return id;
    },
    clear(handle) {
      const at = pending.findIndex((t) => t.id === handle);
      if (at >= 0) pending.splice(at, 1);
    },
    runNext() {
      const timer = pending.shift();
      timer?.run();
      return timer?.ms;
    },
  };
}

/** One socket the fake host holds. */
export class FakeSocket {
  readonly sent: PublicRequest[] = [];
  closed = false;
  constructor(
    readonly url: string,
    private readonly handlers: SocketHandlers,
  ) {}
  open(): void {
    this.handlers.open();
  }
  push(message: PublicPush | PublicAnswer): void {
    this.handlers.message(JSON.stringify(message));
  }
  /** The host (or the network) drops the connection. */
  drop(): void {
    if (this.closed) return;
    this.closed = true;
    this.handlers.close();
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as PublicRequest);
  }
  close(): void {
    this.drop();
  }
}

/**
 * A fake `/public` host: every socket the client opens, and a way to answer requests. `autoOpen`
 * opens each socket and pushes `view()` at once (as the host does on connect).
 */
export class FakeHost {
  readonly sockets: FakeSocket[] = [];
  view: PublicView | null;
  constructor(view: PublicView | null, public autoOpen = true) {
    this.view = view;
  }
  factory: SocketFactory = (url, handlers) => {
    const socket = new FakeSocket(url, handlers);
    this.sockets.push(socket);
    if (this.autoOpen)
      queueMicrotask(() => {
        if (socket.closed) return;
        socket.open();
        if (this.view) socket.push({ type: 'view', view: this.view });
      });
    return socket;
  };
  get last(): FakeSocket {
    const socket = this.sockets[this.sockets.length - 1];
    if (!socket) throw new Error('no socket opened');
    return socket;
  }
  /** Every request sent on every socket, in order. */
  get requests(): PublicRequest[] {
    return this.sockets.flatMap((s) => s.sent);
  }
  answer(request: PublicRequest, answer: Omit<Extract<PublicAnswer, { ok: true }>, 'kind' | 'id'> | { ok: false; message: string }): void {
    this.last.push({ kind: 'answer', id: request.id, ...answer } as PublicAnswer);
  }
}
