/** The clock under `mtr` (RULES.md 1 "Clock"; MTR 2.5, 2.6, 2.8, App. B), with fixed `now`s. */
import { describe, expect, it } from 'vitest';
import { clockView } from '../../core/clock/index.js';
import { parseCommand } from '../../core/event/commands.js';
import { Event, M, S, T0, at, expectPodiumError } from '../support/clock.js';

function round1(settings: Record<string, unknown> = {}, players = 8): Event {
  const event = new Event('mtr', settings);
  const ids = event.register(players);
  event.pair(1, ids, 2);
  return event;
}

describe('mtr round clock', () => {
  it('shows the round before its clock starts, then runs 50 minutes', () => {
    const event = round1();
    const before = clockView(event.state, at(0));
    expect(before.status).toBe('not-started');
    expect(before.minutes).toBe(50);
    expect(before.endOfRound).toMatchObject({ kind: 'extra-turns', turns: 5 });

    event.run({ type: 'start-round-clock', round: 1, at: T0 });
    const view = clockView(event.state, at(12, 30));
    expect(view).toMatchObject({ round: 1, stage: 'swiss', status: 'running', phase: 'normal', minutes: 50, startedAt: T0 });
    expect(view.elapsedMs).toBe(12 * M + 30 * S);
    expect(view.remainingMs).toBe(37 * M + 30 * S);
    expect(view.endsAt).toBe(at(50));
    expect(view.outstanding).toEqual([1, 2, 3, 4]);
    expect(view.notes).toEqual([]);
  });

  it('colours the last 10 and 5 minutes, then calls time: 5 extra turns', () => {
    const event = round1().run({ type: 'start-round-clock', round: 1, at: T0 });
    expect(clockView(event.state, at(39, 59)).phase).toBe('normal');
    expect(clockView(event.state, at(40)).phase).toBe('ten-minutes');
    expect(clockView(event.state, at(45)).phase).toBe('five-minutes');
    const time = clockView(event.state, at(50));
    expect(time).toMatchObject({ status: 'extra-turns', phase: 'time', remainingMs: 0, timeCalled: true, timeCalledAt: at(50) });
    expect(time.endOfRound).toMatchObject({ kind: 'extra-turns', turns: 5, turnsArePlayersInGame: false });
    expect(time.endOfRound.text).toMatch(/5 more turns in total \(MTR 2\.5\)/);
    expect(clockView(event.state, at(53)).remainingMs).toBe(-3 * M);
    expect(clockView(event.state, at(53)).outstandingByStatus).toEqual({ 'extra-turns': [1, 2, 3, 4] });
  });

  it('Two-Headed Giant plays 3 extra turns', () => {
    const event = new Event('mtr', { twoHeadedGiant: true });
    for (const [i, id] of ['t1', 't2', 't3', 't4'].entries())
      event.run({
        type: 'register-player',
        player: { id, name: `Team ${i + 1}`, members: [{ seat: 'A', name: `A${i}` }, { seat: 'B', name: `B${i}` }] },
        draw: i,
      });
    event.pair(1, ['t1', 't2', 't3', 't4'], 2).run({ type: 'start-round-clock', round: 1, at: T0 });
    const view = clockView(event.state, at(51));
    expect(view.status).toBe('extra-turns');
    expect(view.endOfRound).toMatchObject({ kind: 'extra-turns', turns: 3 });
    // Two decks per team for the deck-check indicator.
    expect(view.deckChecks.decks).toBe(8);
  });

  it('pauses and resumes: paused time does not count', () => {
    const event = round1().run(
      { type: 'start-round-clock', round: 1, at: T0 },
      { type: 'pause-clock', round: 1, at: at(10), reason: 'fire alarm' },
    );
    const paused = clockView(event.state, at(14));
    expect(paused).toMatchObject({ status: 'paused', pausedSince: at(10), pauseReason: 'fire alarm', endsAt: null });
    expect(paused.remainingMs).toBe(40 * M);
    expect(paused.pausedMs).toBe(4 * M);
    event.run({ type: 'resume-clock', round: 1, at: at(15) });
    const resumed = clockView(event.state, at(20));
    expect(resumed).toMatchObject({ status: 'running', remainingMs: 35 * M, endsAt: at(55), pausedSince: null, pausedMs: 5 * M });
    expect(clockView(event.state, at(55))).toMatchObject({ status: 'extra-turns', timeCalledAt: at(55) });
  });

  it('adjusts by ± minutes with a reason', () => {
    const event = round1().run(
      { type: 'start-round-clock', round: 1, at: T0 },
      { type: 'adjust-clock', round: 1, minutes: 5, reason: 'started late: announcements', at: at(1) },
      { type: 'adjust-clock', round: 1, minutes: -2, reason: 'over-corrected', at: at(2) },
    );
    const view = clockView(event.state, at(10));
    expect(view.lengthMs).toBe(53 * M);
    expect(view.remainingMs).toBe(43 * M);
    expect(view.adjustments.map((a) => a.minutes)).toEqual([5, -2]);
    expect(clockView(event.state, at(53)).status).toBe('extra-turns');
    // A reason is required (the schema refuses an empty one) and 0 minutes changes nothing.
    expect(parseCommand({ type: 'adjust-clock', round: 1, minutes: 3, reason: ' ', at: at(3) }).ok).toBe(false);
    expect(parseCommand({ type: 'adjust-clock', round: 1, minutes: 3, at: at(3) }).ok).toBe(false);
    expectPodiumError(() => event.run({ type: 'adjust-clock', round: 1, minutes: 0, reason: 'x', at: at(3) }), 'invalid-input', /0 minutes/);
    expectPodiumError(() => event.run({ type: 'adjust-clock', round: 1, minutes: -53, reason: 'x', at: at(3) }), 'invalid-input', /0 minutes long/);
  });

  it('warns (never blocks) below the 40-minute minimum', () => {
    const event = round1().run({ type: 'start-round-clock', round: 1, at: T0, minutes: 35 });
    expect(clockView(event.state, at(1)).notes[0]).toMatch(/below the required minimum of 40 minutes/);
  });

  it('refuses what makes no sense, in words', () => {
    const event = round1();
    expectPodiumError(() => event.run({ type: 'pause-clock', round: 1, at: at(1) }), 'not-allowed', /has not been started/);
    expectPodiumError(() => event.run({ type: 'start-round-clock', round: 2, at: T0 }), 'invalid-command', /no round 2/);
    event.run({ type: 'start-round-clock', round: 1, at: T0 });
    expectPodiumError(() => event.run({ type: 'start-round-clock', round: 1, at: at(1) }), 'not-allowed', /already been started/);
    expectPodiumError(() => event.run({ type: 'resume-clock', round: 1, at: at(1) }), 'not-allowed', /is not paused/);
    expectPodiumError(() => event.run({ type: 'pause-clock', round: 1, at: at(-1) }), 'invalid-input', /before it started/);
    event.run({ type: 'pause-clock', round: 1, at: at(5) });
    expectPodiumError(() => event.run({ type: 'pause-clock', round: 1, at: at(6) }), 'not-allowed', /already paused/);
    expectPodiumError(() => event.run({ type: 'resume-clock', round: 1, at: at(4) }), 'invalid-input', /before it was paused/);
    expectPodiumError(() => event.run({ type: 'extend-table', round: 1, table: 9, reason: 'other', minutes: 2, at: at(6) }), 'invalid-input', /no table 9/);
    expectPodiumError(() => event.run({ type: 'extend-table', round: 1, table: 1, reason: 'other', at: at(6) }), 'invalid-input', /needs its length/);
    expectPodiumError(() => event.run({ type: 'end-deck-check', round: 1, table: 1, at: at(6) }), 'not-allowed', /no deck check is under way/);
    expectPodiumError(
      () => event.run({ type: 'set-players-in-game', round: 1, table: 1, players: 2, at: at(60) }),
      'not-allowed',
      /MSTR 2\.5AA/,
    );
    expectPodiumError(() => event.run({ type: 'record-intentional-draw', round: 1, table: 1, at: at(6) }), 'not-allowed', /Swiss round/);
  });
});

describe('mtr time extensions (MTR 2.6)', () => {
  it('a deck check of 7 minutes gives the table 10 more minutes', () => {
    const event = round1().run(
      { type: 'start-round-clock', round: 1, at: T0 },
      { type: 'start-deck-check', round: 1, table: 2, judge: 'Jo Judge', at: at(2) },
    );
    const during = clockView(event.state, at(5));
    const t2 = during.tables.find((t) => t.table === 2);
    expect(t2).toMatchObject({ status: 'deck-check', deckCheckInProgress: true, extensionMs: 6 * M });
    expect(during.deckChecks.rows[0]).toMatchObject({ judge: 'Jo Judge', inProgress: true, durationMs: 3 * M });
    expectPodiumError(() => event.run({ type: 'start-deck-check', round: 1, table: 2, judge: 'Al', at: at(6) }), 'not-allowed', /already under way \(judge Jo Judge\)/);

    event.run({ type: 'end-deck-check', round: 1, table: 2, at: at(9), outcome: 'decklist matches' });
    const atTime = clockView(event.state, at(50));
    expect(atTime.status).toBe('extra-turns');
    const table = atTime.tables.find((t) => t.table === 2);
    expect(table).toMatchObject({ status: 'running', extensionMs: 10 * M, remainingMs: 10 * M, endsAt: at(60), phase: 'ten-minutes' });
    expect(atTime.outstandingByStatus).toEqual({ 'extra-turns': [1, 3, 4], running: [2] });
    expect(clockView(event.state, at(60)).tables[0]).toMatchObject({ table: 2, status: 'extra-turns', extraTurns: 5 });
    expect(atTime.deckChecks.rows[0]).toMatchObject({ durationMs: 7 * M, extensionMs: 10 * M, outcome: 'decklist matches', inProgress: false, round: 1, table: 2 });
    expect(atTime.deckChecks.rows[0]?.players.map((p) => p.name)).toEqual(['Player 03', 'Player 04']);
  });

  it('a judge pause of 90 s extends by 90 s; one of 45 s extends nothing', () => {
    const event = round1().run(
      { type: 'start-round-clock', round: 1, at: T0 },
      { type: 'extend-table', round: 1, table: 3, reason: 'judge-pause', seconds: 90, note: 'long ruling', at: at(20) },
      { type: 'extend-table', round: 1, table: 4, reason: 'judge-pause', seconds: 45, at: at(21) },
    );
    const view = clockView(event.state, at(50));
    const t3 = view.tables.find((t) => t.table === 3);
    const t4 = view.tables.find((t) => t.table === 4);
    expect(t3).toMatchObject({ status: 'running', extensionMs: 90 * S, remainingMs: 90 * S, endsAt: at(51, 30) });
    expect(t3?.extensions).toEqual([{ reason: 'judge-pause', ms: 90 * S, at: at(20), note: 'long ruling' }]);
    expect(t4).toMatchObject({ status: 'extra-turns', extensionMs: 0 });
    expect(event.state.clock?.rounds[0]?.extensions[1]).toMatchObject({ ms: 0, lengthMs: 45 * S });
  });

  it('a feature match gets 3 minutes plus the round time elapsed when the players sat down', () => {
    const event = round1().run(
      { type: 'start-round-clock', round: 1, at: T0 },
      { type: 'extend-table', round: 1, table: 1, reason: 'feature-match', at: at(4) },
    );
    expect(clockView(event.state, at(50)).tables[0]).toMatchObject({ table: 1, extensionMs: 7 * M, remainingMs: 7 * M });
  });

  it('slow-play penalty turns add to the 5', () => {
    const event = round1().run(
      { type: 'start-round-clock', round: 1, at: T0 },
      { type: 'add-extra-turns', round: 1, table: 4, turns: 1, reason: 'Slow Play warning', at: at(30) },
    );
    expect(clockView(event.state, at(51)).tables[0]).toMatchObject({ table: 4, status: 'extra-turns', extraTurns: 6, penaltyTurns: 1 });
  });

  it('a round with every result in is finished', () => {
    const event = round1().run({ type: 'start-round-clock', round: 1, at: T0 });
    for (const table of [1, 2, 3]) event.run({ type: 'record-result', round: 1, table, result: { games: [2, 0, 0] } });
    expect(clockView(event.state, at(52))).toMatchObject({ status: 'extra-turns', outstanding: [4] });
    event.run({ type: 'record-result', round: 1, table: 4, result: { games: [1, 1, 1] } });
    expect(clockView(event.state, at(52))).toMatchObject({ status: 'finished', outstanding: [] });
  });
});

describe('mtr playoffs (App. B: quarterfinal and semifinal 90 minutes, final untimed)', () => {
  function cut(top: number): Event {
    const event = round1({}, 8);
    const ids = event.state.players.map((p) => p.id);
    for (const table of [1, 2, 3, 4]) event.run({ type: 'record-result', round: 1, table, result: { games: [2, 0, 0] } });
    event.run({ type: 'start-playoff', top, draft: false, seeds: ids.slice(0, top) });
    return event.pair(2, ids.slice(0, top), 2, 'playoff');
  }

  it('a quarterfinal is 90 minutes with 5 extra turns and no draws', () => {
    const event = cut(8).run({ type: 'start-round-clock', round: 2, at: T0 });
    const view = clockView(event.state, at(90));
    expect(view).toMatchObject({ stage: 'playoff', final: false, minutes: 90, status: 'extra-turns' });
    expect(view.endOfRound.text).toMatch(/cannot end in a draw/);
  });

  it('the final is untimed: the clock counts up', () => {
    const event = cut(2);
    expect(clockView(event.state, at(0))).toMatchObject({ final: true, minutes: null, status: 'not-started' });
    event.run({ type: 'start-round-clock', round: 2, at: T0 });
    const view = clockView(event.state, at(200));
    expect(view).toMatchObject({ final: true, status: 'untimed', remainingMs: null, endsAt: null, elapsedMs: 200 * M, phase: 'normal' });
    expect(view.endOfRound).toMatchObject({ kind: 'untimed', intentionalDrawMinutes: null, text: 'No time limit.' });
    expectPodiumError(() => event.run({ type: 'adjust-clock', round: 2, minutes: 5, reason: 'x', at: at(1) }), 'not-allowed', /untimed/);
  });
});
