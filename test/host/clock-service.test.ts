/**
 * The clock service (electron/host/clock-service.ts) over the real station service and journal
 * store: ticks carry the host's whole second and a window draws the same view from its copy of the
 * event, the host's time stamps clock commands, a restarted host
 * resumes the clock exactly, deck checks extend a table by the rule set's amount, and the MAMTR
 * last-turn limit runs out to a draw.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StationPush } from '../../core/api/contract.js';
import { clockView, type ClockView } from '../../core/clock/index.js';
import { followedSnapshot } from '../support/followed-snapshot.js';
import type { Command } from '../../core/event/commands.js';
import type { RulesetId } from '../../core/model/types.js';
import { startClockService, wholeSecond } from '../../electron/host/clock-service.js';
import { createHostServices } from '../../electron/host/host.js';
import type { StationService } from '../../electron/host/station-service.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const S = 1000;
const M = 60_000;

/** A host whose time the test moves. */
class Host {
  time = T0;
  service: StationService;
  pushes: StationPush[] = [];
  constructor(readonly dataDir: string) {
    this.service = createHostServices({ dataDir, station: 'clock-test', now: () => new Date(this.time), printer: async () => ({ pdfBase64: '', pages: 0, fileName: 'x.pdf' }) });
    this.service.subscribe((push) => this.pushes.push(push));
  }
  at(ms: number): this {
    this.time = ms;
    return this;
  }
  async run(command: Command): Promise<void> {
    await this.service.dispatch({ command });
  }
  clockPushes(): Extract<StationPush, { type: 'clock' }>[] {
    return this.pushes.filter((p): p is Extract<StationPush, { type: 'clock' }> => p.type === 'clock');
  }
  /** The clock a window draws: its copy of the event (folded from the pushes) at the last tick's second. */
  windowClock(): ClockView {
    const push = this.clockPushes().at(-1);
    const state = followedSnapshot(this.pushes)?.state;
    if (!push || !state) throw new Error('no clock push or no event yet');
    return clockView(state, push.now);
  }
  /** The clock as the service pushes it right now (a tick). */
  clock(): ClockView {
    const { clock } = this.service as StationService & { clock: { tick(): number | null; view(): ClockView | null } };
    const second = clock.tick();
    const view = clock.view();
    if (second === null || !view) throw new Error('no clock: no event open');
    return view;
  }
}


let dataDir: string;
const hosts: Host[] = [];
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-clock-'));
});
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.service.dispose().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

function newHost(): Host {
  const host = new Host(dataDir);
  hosts.push(host);
  return host;
}

/** An event with `players` players paired in tables of `size` for round 1. Returns the save's path. */
async function eventWithRound(host: Host, ruleset: RulesetId, players: number, size: number): Promise<string> {
  const created = await host.service.createEvent({ name: 'Clock Open', ruleset, settings: {}, seed: 5 });
  const ids: string[] = [];
  for (let i = 1; i <= players; i++) {
    const id = `p${String(i).padStart(2, '0')}`;
    ids.push(id);
    await host.run({ type: 'register-player', player: { id, name: `Player ${i}` }, draw: i });
  }
  const tables = [];
  for (let i = 0; i < ids.length; i += size) tables.push({ table: tables.length + 1, seats: ids.slice(i, i + size) });
  await host.run({ type: 'pair-round', round: 1, stage: 'swiss', tables, byes: [], seed: 1 });
  return created.summary?.path as string;
}

describe('the clock service', () => {
  it('ticks with the host’s whole second; a window draws from it exactly the host’s view', async () => {
    const host = newHost();
    // No event open: no clock.
    expect((host.service as unknown as { clock: { tick(): number | null } }).clock.tick()).toBeNull();
    expect(host.clockPushes()).toHaveLength(0);

    await eventWithRound(host, 'mtr', 8, 2);
    host.at(T0 + 250);
    // The window's own clock is off by an hour: the host's time wins.
    await host.run({ type: 'start-round-clock', round: 1, at: T0 - 3_600_000 });
    const computed = host.clock();
    const push = host.clockPushes().at(-1);
    expect(push).toEqual({ type: 'clock', now: T0 });
    // A tick is the time only: a few bytes at any event size.
    expect(JSON.stringify(push).length).toBeLessThan(40);
    expect(host.windowClock()).toEqual(computed);
    expect(computed).toMatchObject({ round: 1, status: 'running', startedAt: T0, minutes: 50, remainingMs: 50 * M, phase: 'normal' });
    expect(host.service.current()?.state.clock?.rounds[0]?.startedAt).toBe(T0);

    // Every tick is computed at the host's whole second.
    host.at(T0 + 40 * M + 12_345);
    const view = host.clock();
    expect(host.clockPushes().at(-1)?.now).toBe(T0 + 40 * M + 12 * S);
    expect(view.remainingMs).toBe(10 * M - 12 * S);
    expect(view.phase).toBe('ten-minutes');
    expect(host.windowClock()).toEqual(view);
    expect(wholeSecond(T0 + 999)).toBe(T0);
  });

  it('ticks by itself once a second, just after each wall-clock second, while an event is open', async () => {
    const host = newHost();
    await eventWithRound(host, 'mtr', 4, 2);
    // Its own timer, on fake timers from a whole second: 2.01 s later it has ticked exactly twice.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      vi.setSystemTime(T0);
      const ticking = startClockService(host.service, { now: () => T0 });
      const before = host.clockPushes().length;
      vi.advanceTimersByTime(1_004);
      expect(host.clockPushes().length).toBe(before);
      vi.advanceTimersByTime(1_006);
      expect(host.clockPushes().length).toBe(before + 2);
      const [a, b] = host.clockPushes().slice(-2);
      expect(a).toEqual({ type: 'clock', now: T0 }); // the frozen host time
      expect(b?.now).toBe(T0);
      ticking.stop();
      vi.advanceTimersByTime(5_000);
      expect(host.clockPushes().length).toBe(before + 2);
    } finally {
      vi.useRealTimers();
    }
    expect(host.windowClock().status).toBe('not-started');
  });

  it('a restarted host resumes the clock exactly (pauses and adjustments included)', async () => {
    const first = newHost();
    const file = await eventWithRound(first, 'mtr', 8, 2);
    await first.at(T0).run({ type: 'start-round-clock', round: 1, at: 0 });
    await first.at(T0 + 5 * M).run({ type: 'pause-clock', round: 1, at: 0, reason: 'fire alarm' });
    await first.at(T0 + 9 * M).run({ type: 'resume-clock', round: 1, at: 0 });
    await first.at(T0 + 10 * M).run({ type: 'adjust-clock', round: 1, minutes: 5, reason: 'late start in the side hall', at: 0 });
    await first.at(T0 + 11 * M).run({ type: 'extend-table', round: 1, table: 2, reason: 'judge-pause', minutes: 2, at: 0 });
    const moment = T0 + 31 * M + 17 * S;
    const before = first.at(moment).clock();
    expect(before.remainingMs).toBe(55 * M - (31 * M + 17 * S - 4 * M));
    expect(before.tables.find((t) => t.table === 2)?.remainingMs).toBe((before.remainingMs as number) + 2 * M);
    await first.service.dispose();

    // A new host on the same folder opens the save: the journal replays to the same clock.
    const second = newHost().at(moment);
    await second.service.openEvent({ path: file });
    const after = second.clock();
    expect(after).toEqual(before);
    expect(second.windowClock()).toEqual(before);
    expect(after.status).toBe('running');
    expect(after.pausedMs).toBe(4 * M);
    expect(after.adjustments).toEqual([{ minutes: 5, reason: 'late start in the side hall', at: T0 + 10 * M }]);
  });

  for (const [ruleset, extra, size] of [
    ['mtr', 3, 2],
    ['mamtr-2024', 4, 4],
  ] as const) {
    it(`a deck check logged through the service extends the table by its duration + ${extra} minutes (${ruleset})`, async () => {
      const host = newHost();
      await eventWithRound(host, ruleset, 8, size);
      await host.at(T0).run({ type: 'start-round-clock', round: 1, at: 0 });
      await host.at(T0 + 10 * M).run({ type: 'start-deck-check', round: 1, table: 1, judge: 'Dana Judge', at: 0 });
      const during = host.at(T0 + 13 * M).clock();
      const checking = during.tables.find((t) => t.table === 1);
      expect(checking?.status).toBe('deck-check');
      expect(checking?.deckCheckInProgress).toBe(true);
      // Its time stands still while the check lasts.
      expect(checking?.remainingMs).toBe(during.remainingMs! + 3 * M + extra * M);

      await host.at(T0 + 17 * M).run({ type: 'end-deck-check', round: 1, table: 1, outcome: 'no problem', at: 0 });
      const view = host.at(T0 + 20 * M).clock();
      const table = view.tables.find((t) => t.table === 1);
      expect(table?.extensionMs).toBe(7 * M + extra * M);
      expect(table?.remainingMs).toBe(view.remainingMs! + (7 + extra) * M);
      expect(view.deckChecks.rows).toEqual([
        expect.objectContaining({ round: 1, table: 1, judge: 'Dana Judge', durationMs: 7 * M, extensionMs: (7 + extra) * M, outcome: 'no problem', inProgress: false }),
      ]);
      expect(view.deckChecks.decksChecked).toBe(size);
      expect(view.deckChecks.met).toBe(true);
    });
  }

  it('runs the MAMTR last-turn timer to a drawn game', async () => {
    const host = newHost();
    await eventWithRound(host, 'mamtr-2024', 8, 4);
    await host.at(T0).run({ type: 'start-round-clock', round: 1, at: 0 });
    const running = host.at(T0 + 79 * M).clock();
    expect(running).toMatchObject({ status: 'running', phase: 'five-minutes', remainingMs: M });
    expect(running.endOfRound).toMatchObject({ kind: 'active-player-finishes', lastTurnMinutes: 30 });

    const lastTurn = host.at(T0 + 86 * M + 19 * S).clock();
    expect(lastTurn.status).toBe('last-turn');
    expect(lastTurn.phase).toBe('time');
    expect(lastTurn.endOfRound.kind === 'active-player-finishes' && lastTurn.endOfRound.lastTurn?.remainingMs).toBe(23 * M + 41 * S);
    expect(lastTurn.outstandingByStatus['last-turn']).toEqual([1, 2]);

    // One pod finishes in time; the other is still playing when the limit runs out: a draw.
    await host.at(T0 + 100 * M).run({ type: 'record-result', round: 1, table: 1, result: { winner: 'p01' } });
    const over = host.at(T0 + 110 * M).clock();
    expect(over.status).toBe('last-turn-over');
    expect(over.endOfRound.kind === 'active-player-finishes' && over.endOfRound.lastTurn).toMatchObject({ over: true, then: 'draw', remainingMs: 0 });
    expect(over.outstandingByStatus).toEqual({ 'last-turn-over': [2] });
    // The result was stamped with the host's time.
    expect(host.service.current()?.state.clock?.rounds[0]?.results).toEqual([{ table: 1, at: T0 + 100 * M }]);
  });

  it('stops ticking when stopped, and computes nothing without an event', async () => {
    const host = newHost();
    const extra = startClockService(host.service, { timer: false, now: () => T0 });
    expect(extra.tick()).toBeNull();
    expect(extra.view()).toBeNull();
    await eventWithRound(host, 'mtr', 4, 2);
    expect(extra.view()?.status).toBe('not-started');
    extra.stop();
    expect(extra.tick()).toBeNull();
  });
});
