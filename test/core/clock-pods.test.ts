/**
 * The clock under `mstr-2022` and `mamtr-2024` (RULES.md 2: end of round, round length, intentional
 * draw in playoffs, clock extras; MSTR 2.5A, MAMTR 2.4, App. B), with fixed `now`s.
 */
import { describe, expect, it } from 'vitest';
import { clockView } from '../../core/clock/index.js';
import type { RulesetId } from '../../core/model/types.js';
import { Event, M, T0, at, expectPodiumError } from '../support/clock.js';

function pods(ruleset: RulesetId, settings: Record<string, unknown> = {}, players = 16): Event {
  const event = new Event(ruleset, settings);
  const ids = event.register(players);
  return event.pair(1, ids, 4);
}

describe('mstr-2022', () => {
  it('Regular REL: 90 minutes, then the active player finishes (2.5AB, the default above 75 minutes)', () => {
    const event = pods('mstr-2022', { rel: 'regular' }).run({ type: 'start-round-clock', round: 1, at: T0 });
    expect(clockView(event.state, at(89)).status).toBe('running');
    const view = clockView(event.state, at(90));
    expect(view).toMatchObject({ minutes: 90, status: 'time-called', phase: 'time' });
    expect(view.endOfRound).toMatchObject({ kind: 'active-player-finishes', lastTurnMinutes: null, lastTurn: null });
    expect(view.endOfRound.text).toMatch(/MSTR 2\.5AB/);
  });

  it('Competitive REL: 75 minutes, then N extra turns, N fixed when time is called (2.5AA)', () => {
    const event = pods('mstr-2022', { rel: 'competitive' }).run(
      { type: 'start-round-clock', round: 1, at: T0 },
      { type: 'start-deck-check', round: 1, table: 3, judge: 'Kim', at: at(1) },
      { type: 'end-deck-check', round: 1, table: 3, at: at(6) },
    );
    expect(clockView(event.state, at(0)).endOfRound).toMatchObject({ kind: 'extra-turns', turns: null, turnsArePlayersInGame: true });
    // N cannot be entered before time is called at that table.
    expectPodiumError(
      () => event.run({ type: 'set-players-in-game', round: 1, table: 1, players: 3, at: at(74) }),
      'not-allowed',
      /time has not been called at table 1 yet/,
    );
    event.run({ type: 'add-extra-turns', round: 1, table: 2, turns: 1, reason: 'Slow Play', at: at(50) });
    const atTime = clockView(event.state, at(75));
    expect(atTime.status).toBe('extra-turns');
    expect(atTime.tables.find((t) => t.table === 2)).toMatchObject({ status: 'extra-turns', extraTurns: null, needsPlayersInGame: true, penaltyTurns: 1 });

    event.run(
      { type: 'set-players-in-game', round: 1, table: 1, players: 3, at: at(75, 20) },
      { type: 'set-players-in-game', round: 1, table: 2, players: 4, at: at(75, 30) },
    );
    const view = clockView(event.state, at(76));
    expect(view.tables.find((t) => t.table === 1)).toMatchObject({ extraTurns: 3, playersInGame: 3, needsPlayersInGame: false });
    expect(view.tables.find((t) => t.table === 2)).toMatchObject({ extraTurns: 5, playersInGame: 4 });
    // Table 3 had a 5-minute deck check: +4 minutes (Commander, X.5A) = 9; its time is not up yet.
    const t3 = view.tables.find((t) => t.table === 3);
    expect(t3).toMatchObject({ status: 'running', extensionMs: 9 * M, remainingMs: 8 * M });
    expectPodiumError(
      () => event.run({ type: 'set-players-in-game', round: 1, table: 3, players: 4, at: at(76) }),
      'not-allowed',
      /not been called at table 3/,
    );
    // N stays what it was at time-call; a typo is corrected with a reason.
    expectPodiumError(
      () => event.run({ type: 'set-players-in-game', round: 1, table: 1, players: 2, at: at(80) }),
      'not-allowed',
      /correcting it needs a reason/,
    );
    event.run({ type: 'set-players-in-game', round: 1, table: 1, players: 2, at: at(80), reason: 'typo: two were left' });
    expect(clockView(event.state, at(81)).tables.find((t) => t.table === 1)?.extraTurns).toBe(2);
  });

  it('playoffs are untimed; a drawn game is followed by a new one (no intentional-draw timer)', () => {
    const event = pods('mstr-2022', { rel: 'competitive' }, 4);
    const ids = event.state.players.map((p) => p.id);
    event.run(
      { type: 'record-result', round: 1, table: 1, result: { winner: 'p01' } },
      { type: 'start-playoff', top: 4, draft: false, seeds: ids },
    );
    event.pair(2, ids, 4, 'playoff').run({ type: 'start-round-clock', round: 2, at: T0 });
    const view = clockView(event.state, at(300));
    expect(view).toMatchObject({ status: 'untimed', minutes: null, remainingMs: null });
    expect(view.endOfRound).toMatchObject({ kind: 'untimed', intentionalDrawMinutes: null });
    expectPodiumError(() => event.run({ type: 'record-intentional-draw', round: 2, table: 1, at: at(10) }), 'not-allowed', /no intentional-draw timer/);
  });
});

describe('mamtr-2024', () => {
  it('80 minutes, then the active player finishes within a 30-minute last turn, then the game is a draw', () => {
    const event = pods('mamtr-2024').run({ type: 'start-round-clock', round: 1, at: T0 });
    expect(clockView(event.state, at(0))).toMatchObject({ minutes: 80, status: 'running' });
    const lastTurn = clockView(event.state, at(90));
    expect(lastTurn).toMatchObject({ status: 'last-turn', phase: 'time', remainingMs: -10 * M });
    expect(lastTurn.endOfRound).toMatchObject({
      kind: 'active-player-finishes',
      lastTurnMinutes: 30,
      lastTurn: { minutes: 30, remainingMs: 20 * M, endsAt: at(110), over: false, then: 'draw' },
    });
    expect(lastTurn.endOfRound.text).toMatch(/the game is a draw \(MAMTR 2\.4A, 2\.4B\)/);
    const over = clockView(event.state, at(110));
    expect(over.status).toBe('last-turn-over');
    expect(over.endOfRound).toMatchObject({ lastTurn: { remainingMs: 0, over: true, then: 'draw' } });
    expect(over.outstandingByStatus).toEqual({ 'last-turn-over': [1, 2, 3, 4] });
    expectPodiumError(
      () => event.run({ type: 'add-extra-turns', round: 1, table: 1, turns: 1, reason: 'x', at: at(90) }),
      'not-allowed',
      /no extra turns/,
    );
  });

  it('the last-turn limit follows the lastTurnMinutes setting and each table its own time', () => {
    const event = pods('mamtr-2024', { lastTurnMinutes: 20 }).run(
      { type: 'start-round-clock', round: 1, at: T0 },
      { type: 'extend-table', round: 1, table: 2, reason: 'deck-check', minutes: 6, at: at(3) },
    );
    const view = clockView(event.state, at(95));
    // Round: 80 + 20; table 2 got 6 + 4 = 10 minutes: time at 90, last turn until 110.
    expect(view.status).toBe('last-turn');
    expect(view.tables[0]).toMatchObject({ table: 2, status: 'last-turn', extensionMs: 10 * M, lastTurn: { remainingMs: 15 * M, endsAt: at(110) } });
    const later = clockView(event.state, at(105));
    expect(later.status).toBe('last-turn-over');
    expect(later.tables[0]).toMatchObject({ status: 'last-turn', lastTurn: { remainingMs: 5 * M } });
    expect(clockView(event.state, at(110)).tables[0]?.note).toMatch(/the game is a draw \(MAMTR 2\.4B\)/);
  });

  function playoff(top: number): Event {
    const event = pods('mamtr-2024', {}, 16);
    const ids = event.state.players.map((p) => p.id);
    for (const table of [1, 2, 3, 4]) event.run({ type: 'record-result', round: 1, table, result: { winner: ids[(table - 1) * 4] as string } });
    event.run({ type: 'start-playoff', top, draft: false, seeds: ids.slice(0, top) });
    return event.pair(2, ids.slice(0, top), 4, 'playoff');
  }

  it('playoff pods are untimed until a first intentional draw: then 150 minutes from round start', () => {
    const event = playoff(16).run({ type: 'start-round-clock', round: 2, at: T0 });
    const before = clockView(event.state, at(60));
    expect(before).toMatchObject({ final: false, status: 'untimed', minutes: null });
    expect(before.endOfRound).toMatchObject({ kind: 'untimed', intentionalDrawMinutes: 150 });
    expect(before.endOfRound.text).toMatch(/150-minute timer from the start of the round/);

    // Pod 2 intentionally draws a game at the 90-minute mark: 60 minutes left.
    event.run({ type: 'record-intentional-draw', round: 2, table: 2, at: at(90) });
    expectPodiumError(() => event.run({ type: 'record-intentional-draw', round: 2, table: 2, at: at(95) }), 'not-allowed', /already had an intentional draw/);
    const id = clockView(event.state, at(90));
    expect(id.status).toBe('untimed');
    expect(id.tables).toHaveLength(1);
    expect(id.tables[0]).toMatchObject({ table: 2, status: 'running', remainingMs: 60 * M, endsAt: at(150) });
    expect(id.tables[0]?.intentionalDraw).toMatchObject({ at: at(90), minutes: 150, overtime: false });
    expect(id.outstandingByStatus).toEqual({ untimed: [1, 3, 4], running: [2] });

    // After 150 minutes: plays on while pods without an intentional draw still play.
    const overtime = clockView(event.state, at(160));
    expect(overtime.tables[0]).toMatchObject({ status: 'overtime', remainingMs: -10 * M });
    expect(overtime.tables[0]?.intentionalDraw?.podsStillPlaying).toEqual([1, 3, 4]);
    expect(overtime.tables[0]?.note).toMatch(/plays on only while/);

    // The last such pod finishes at 170 minutes: the standard end-of-round procedure begins then.
    event.run(
      { type: 'record-result', round: 2, table: 1, result: { winner: 'p01' }, at: at(120) },
      { type: 'record-result', round: 2, table: 3, result: { winner: 'p09' }, at: at(155) },
    );
    expect(clockView(event.state, at(165)).tables[0]?.status).toBe('overtime');
    event.run({ type: 'record-result', round: 2, table: 4, result: { winner: 'p13' }, at: at(170) });
    const last = clockView(event.state, at(180));
    expect(last.status).toBe('untimed');
    expect(last.outstanding).toEqual([2]);
    expect(last.tables[0]).toMatchObject({ status: 'last-turn', lastTurn: { minutes: 30, remainingMs: 20 * M, endsAt: at(200) } });
    const draw = clockView(event.state, at(200));
    expect(draw.tables[0]).toMatchObject({ status: 'last-turn-over', lastTurn: { over: true, then: 'draw' } });
    expect(draw.tables[0]?.note).toMatch(/highest Swiss standing in the pod wins the match \(MAMTR 2\.4B, 2\.4C\)/);

    event.run({ type: 'record-result', round: 2, table: 2, result: { draw: true } });
    expect(clockView(event.state, at(201)).status).toBe('finished');
  });

  it('a pod past the timer with no other pod playing starts its end-of-round procedure at the 150-minute mark', () => {
    const event = playoff(16).run({ type: 'start-round-clock', round: 2, at: T0 });
    event.run(
      { type: 'record-result', round: 2, table: 1, result: { winner: 'p01' }, at: at(60) },
      { type: 'record-result', round: 2, table: 3, result: { winner: 'p09' }, at: at(70) },
      { type: 'record-result', round: 2, table: 4, result: { winner: 'p13' } },
      { type: 'record-intentional-draw', round: 2, table: 2, at: at(100) },
      { type: 'pause-clock', round: 2, at: at(110), reason: 'venue power cut' },
      { type: 'resume-clock', round: 2, at: at(120) },
    );
    // Paused 10 minutes: the timer ends at 160 by the wall clock; the last turn at 190.
    expect(clockView(event.state, at(150)).tables[0]).toMatchObject({ status: 'running', remainingMs: 10 * M, endsAt: at(160) });
    expect(clockView(event.state, at(170)).tables[0]).toMatchObject({ status: 'last-turn', lastTurn: { remainingMs: 20 * M, endsAt: at(190) } });
  });

  it('the final has no time limit, even after an intentional draw', () => {
    const event = playoff(4).run({ type: 'start-round-clock', round: 2, at: T0 });
    const view = clockView(event.state, at(10));
    expect(view).toMatchObject({ final: true, status: 'untimed' });
    expect(view.endOfRound).toMatchObject({ kind: 'untimed', intentionalDrawMinutes: null });
    expect(view.endOfRound.text).toMatch(/even after intentional draws/);
    expectPodiumError(() => event.run({ type: 'record-intentional-draw', round: 2, table: 1, at: at(10) }), 'not-allowed', /final has no time limit/);
  });
});

describe('lightseekers: the end of round speaks Lightseekers (RULES 3 Decision)', () => {
  it('at time the active player finishes and the game is scored as it stands, never "a draw"', () => {
    const event = new Event('lightseekers-competitive', {});
    const ids = event.register(10);
    event.pair(1, ids, 5).run({ type: 'start-round-clock', round: 1, at: T0 });
    const view = clockView(event.state, at(90));
    expect(view.status).toBe('time-called');
    expect(view.endOfRound).toMatchObject({ kind: 'active-player-finishes', lastTurnMinutes: null, unfinishedIsDraw: false });
    expect(view.endOfRound.text).toBe('At time the active player finishes the turn, and the game is scored as it stands: victory points and the order players were defeated in.');
    expect(view.endOfRound.text).not.toMatch(/draw|MTR|MSTR|MAMTR/);
  });

  it('the Magic multiplayer documents still call an unfinished game a draw', () => {
    const view = clockView(pods('mstr-2022', { rel: 'regular' }).run({ type: 'start-round-clock', round: 1, at: T0 }).state, at(90));
    expect(view.endOfRound).toMatchObject({ kind: 'active-player-finishes', unfinishedIsDraw: true });
  });
});
