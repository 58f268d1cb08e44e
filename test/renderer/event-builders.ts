/**
 * Building events for the standings, playoffs and log component tests: commands dispatched through
 * the in-process host (the real station service and journal store), as a station would send them.
 */
import type { Command, SettingsPatch } from '../../core/event/commands.js';
import type { EventState, RulesetId, Table } from '../../core/model/types.js';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { forgetDirectorySession } from '../../renderer/screens/PlayersScreen.js';
import { clearStationMemory } from '../../renderer/store/directory.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

export const NAMES = [
  'Ana Archer', 'Bo Berg', 'Cy Castro', 'Di Dahl', 'Ed Eze', 'Flo Fox', 'Gus Gray', 'Hal Hu', 'Ida Ito', 'Jo Jung', 'Kai Kim', 'Lu Lam',
  'Mo Moss', 'Nia Nunes', 'Oli Ortiz', 'Pia Park', 'Quin Quade', 'Rui Reis', 'Sol Soto', 'Tea Tran', 'Uma Ueda', 'Vic Vidal', 'Wes Wong', 'Xia Xu',
];

/** The store reset between tests lives with the in-process host. */
export { resetStation as resetStore } from '../support/renderer-host.js';

export class Builder {
  constructor(private readonly host: RendererHost) {}

  get api() {
    return this.host.connection.api;
  }

  async create(ruleset: RulesetId, players: number, settings: SettingsPatch = {}): Promise<void> {
    await this.api.createEvent({ name: 'Test Open', ruleset, settings, seed: 7 });
    for (let i = 0; i < players; i++)
      await this.run({ type: 'register-player', player: { id: `p${String(i + 1).padStart(2, '0')}`, name: NAMES[i] ?? `Player ${i + 1}` }, draw: i + 1 });
  }

  async run(command: Command): Promise<number> {
    return (await this.api.dispatch({ command })).seq;
  }

  async state(): Promise<EventState> {
    const snapshot = await this.api.snapshot();
    if (!snapshot.state) throw new Error('no event');
    return snapshot.state;
  }

  /** Pair the next Swiss round with the engine (seed fixed). */
  async pairSwiss(): Promise<EventState> {
    const before = await this.state();
    const answer = await this.api.query({ kind: 'propose-pairing', seed: 11 + before.rounds.length });
    if (answer.kind !== 'propose-pairing') throw new Error('no proposal');
    const p = answer.proposal;
    await this.run({
      type: 'pair-round',
      round: before.rounds.length + 1,
      stage: 'swiss',
      tables: p.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
      byes: p.byes,
      seed: p.seed,
      ...(p.groups ? { groups: p.groups } : {}),
    });
    return this.state();
  }

  /** Record a result for every open table of the latest round: `result(table)` says which. */
  async finishRound(result: (table: Table) => Record<string, unknown>): Promise<EventState> {
    const state = await this.state();
    const round = state.rounds[state.rounds.length - 1];
    if (!round) throw new Error('no round');
    for (const table of round.tables) if (!table.result) await this.run({ type: 'record-result', round: round.number, table: table.table, result: result(table) });
    return this.state();
  }
}

/** Seat 1 wins 2–0 (head-to-head). */
export const seatOneWins = (): Record<string, unknown> => ({ games: [2, 0, 0] });
/** The first seated player wins the pod. */
export const podSeatOneWins = (table: Table): Record<string, unknown> => ({ winner: table.seats[0] });
/** Lightseekers: VP falling by seat; defeated in reverse seat order except seat 1. */
export const lightseekersSeatOrder = (table: Table): Record<string, unknown> => ({
  vp: Object.fromEntries(table.seats.map((id, i) => [id, 10 - 2 * i])),
  defeated: [...table.seats.slice(1)].reverse(),
});

/**
 * jsdom lays nothing out, so every box measures 0 × 0 and a virtualised list would show no rows.
 * Give every element a laptop-sized client box (1200 × 600) while a test file runs; returns the undo.
 */
export function fakeLayout(): () => void {
  const saved = (['clientHeight', 'clientWidth'] as const).map((key) => [key, Object.getOwnPropertyDescriptor(Element.prototype, key)] as const);
  Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
  return () => {
    for (const [key, descriptor] of saved) if (descriptor) Object.defineProperty(Element.prototype, key, descriptor);
  };
}

/**
 * The usual per-test station for a component test file: the fake layout for the file; per test a
 * fresh store on the Players screen, a fresh directory, a real in-process host and a Builder on it
 * (handed to `ready`), cleaned up after the test.
 */
export function stationPerTest(ready: (host: RendererHost, builder: Builder) => void): void {
  let restoreLayout: () => void = () => undefined;
  let host: RendererHost | undefined;
  beforeAll(() => {
    restoreLayout = fakeLayout();
  });
  afterAll(() => restoreLayout());
  beforeEach(async () => {
    resetStation('players');
    forgetDirectorySession();
    await clearStationMemory();
    host = await startRendererHost();
    ready(host, new Builder(host));
  });
  afterEach(async () => {
    cleanup();
    await host?.close();
  });
}
