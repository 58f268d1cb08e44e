/**
 * The clock survives a restart (the journal replayed gives the same view), the deck-check log and
 * its 10 % indicator (MTR 2.8), and the other timers from the rule-set data (MTR App. B, MAMTR App. B).
 */
import { describe, expect, it } from 'vitest';
import { clockView, draftSchedule } from '../../core/clock/index.js';
import { replay } from '../../core/event/apply.js';
import { MTR_BOOSTER_DRAFT_TIMERS } from '../../core/rulesets/mtr/timing.js';
import { Event, M, S, T0, at, expectPodiumError } from '../support/clock.js';

describe('restart', () => {
  it('replaying the journal and asking the view at the same now gives the same view', () => {
    const event = new Event('mtr');
    const ids = event.register(8);
    event.pair(1, ids, 2).run(
      { type: 'start-round-clock', round: 1, at: T0 },
      { type: 'start-deck-check', round: 1, table: 1, judge: 'Ann', at: at(1) },
      { type: 'end-deck-check', round: 1, table: 1, at: at(6), outcome: 'ok' },
      { type: 'pause-clock', round: 1, at: at(20), reason: 'announcement' },
      { type: 'resume-clock', round: 1, at: at(22) },
      { type: 'adjust-clock', round: 1, minutes: 3, reason: 'late start', at: at(23) },
      { type: 'extend-table', round: 1, table: 2, reason: 'judge-pause', seconds: 150, at: at(30) },
      { type: 'start-deck-check', round: 1, table: 3, judge: 'Bo', at: at(33) },
      { type: 'record-result', round: 1, table: 4, result: { games: [2, 1, 0] }, at: at(40) },
      { type: 'start-timer', id: 'draft', kind: 'custom', label: 'Side event registration', minutes: 90, at: at(5) },
    );
    for (const now of [at(10), at(21), at(40), at(55), at(58), at(70)]) {
      const live = clockView(event.state, now);
      const reopened = clockView(event.reopened(), now);
      expect(reopened).toEqual(live);
      // A crash mid-round: the save holds the same commands; nothing else is needed.
      expect(clockView(JSON.parse(JSON.stringify(event.state)), now)).toEqual(live);
    }
    const view = clockView(event.state, at(55));
    expect(view).toMatchObject({ status: 'extra-turns', remainingMs: 0, timeCalledAt: at(55) });
  });

  it('undoing a clock command takes it out of the replayed clock', () => {
    const event = new Event('mtr');
    event.pair(1, event.register(4), 2).run(
      { type: 'start-round-clock', round: 1, at: T0 },
      { type: 'adjust-clock', round: 1, minutes: 10, reason: 'mistake', at: at(1) },
    );
    const adjustSeq = event.journal.length - 1;
    const state = replay([...event.journal, { seq: event.journal.length, command: { type: 'undo', target: adjustSeq, reason: 'wrong round' } }]);
    expect(clockView(state!, at(10)).remainingMs).toBe(40 * M);
    expect(clockView(event.state, at(10)).remainingMs).toBe(50 * M);
  });
});

describe('deck-check log (MTR 2.8)', () => {
  it('counts distinct decks checked against 10 % of all decks', () => {
    const event = new Event('mtr', { rel: 'competitive' });
    const ids = event.register(24);
    event.pair(1, ids, 2).run({ type: 'start-round-clock', round: 1, at: T0 });
    const empty = clockView(event.state, at(1)).deckChecks;
    expect(empty).toMatchObject({ decks: 24, decksChecked: 0, toTarget: 3, met: false, required: true, target: 0.1, rows: [] });

    event.run(
      { type: 'start-deck-check', round: 1, table: 5, judge: 'Cy', at: at(1) },
      { type: 'end-deck-check', round: 1, table: 5, at: at(9), outcome: 'Decklist Problem: warning' },
    );
    const one = clockView(event.state, at(10)).deckChecks;
    expect(one).toMatchObject({ decksChecked: 2, toTarget: 1, met: false });
    expect(one.fraction).toBeCloseTo(2 / 24);
    expect(one.rows).toEqual([
      {
        round: 1,
        table: 5,
        judge: 'Cy',
        players: [
          { id: 'p09', name: 'Player 09' },
          { id: 'p10', name: 'Player 10' },
        ],
        startedAt: at(1),
        endedAt: at(9),
        durationMs: 8 * M,
        extensionMs: 11 * M,
        beforeRound: false,
        roundMs: 8 * M,
        outcome: 'Decklist Problem: warning',
        inProgress: false,
      },
    ]);

    // One player's deck only; a deck checked again does not count twice.
    event.run(
      { type: 'start-deck-check', round: 1, table: 6, judge: 'Cy', players: ['p11'], at: at(12) },
      { type: 'end-deck-check', round: 1, table: 6, at: at(15) },
      { type: 'start-deck-check', round: 1, table: 5, judge: 'Di', players: ['p09'], at: at(16) },
    );
    const three = clockView(event.state, at(17)).deckChecks;
    expect(three).toMatchObject({ decksChecked: 3, toTarget: 0, met: true });
    expect(three.rows[2]).toMatchObject({ inProgress: true, endedAt: null, durationMs: 1 * M, extensionMs: 4 * M });
    expectPodiumError(
      () => event.run({ type: 'start-deck-check', round: 1, table: 7, judge: 'Ed', players: ['p01'], at: at(18) }),
      'not-at-table',
      /Player 01 does not sit at table 7/,
    );
    // Table 6 got 3 + 3 minutes; table 5 is being checked again (8 + 3 already, plus this check).
    const view = clockView(event.state, at(17));
    expect(view.tables.find((t) => t.table === 6)).toMatchObject({ extensionMs: 6 * M, remainingMs: 39 * M });
    expect(view.tables.find((t) => t.table === 5)).toMatchObject({ status: 'deck-check', extensionMs: 11 * M + 4 * M });
  });

  it('a check begun before the round clock: its own time counts from its start, the table gets only the round time it took (+3)', () => {
    const event = new Event('mtr', { rel: 'competitive' });
    const ids = event.register(8);
    // Decks taken as the players sit down, two minutes before the round clock starts.
    event.pair(1, ids, 2).run({ type: 'start-deck-check', round: 1, table: 2, judge: 'Ann', at: at(-2) });
    const waiting = clockView(event.state, at(-1)).deckChecks.rows[0];
    expect(waiting).toMatchObject({ inProgress: true, beforeRound: true, durationMs: 1 * M, roundMs: null });
    event.run({ type: 'start-round-clock', round: 1, at: T0 });
    const view = clockView(event.state, at(5));
    expect(view.deckChecks.rows[0]).toMatchObject({ inProgress: true, beforeRound: true, durationMs: 7 * M, roundMs: 5 * M, extensionMs: 8 * M });
    // The table's time stands still from the round's start: 50 minutes, plus the 3 it gets after.
    expect(view.tables.find((t) => t.table === 2)).toMatchObject({ status: 'deck-check', remainingMs: 53 * M });
    event.run({ type: 'end-deck-check', round: 1, table: 2, at: at(6) });
    expect(event.state.clock?.deckChecks[0]?.extensionMs).toBe(9 * M);
    expect(clockView(event.state, at(10)).tables.find((t) => t.table === 2)).toMatchObject({ extensionMs: 9 * M, remainingMs: 49 * M });

    // A check over before the round began took no round time: nothing to add.
    const early = new Event('mtr', { rel: 'competitive' });
    early.pair(1, early.register(8), 2).run(
      { type: 'start-deck-check', round: 1, table: 1, judge: 'Ann', at: at(-6) },
      { type: 'end-deck-check', round: 1, table: 1, at: at(-1) },
      { type: 'start-round-clock', round: 1, at: T0 },
    );
    expect(early.state.clock?.deckChecks[0]?.extensionMs).toBe(0);
    expect(clockView(early.state, at(10)).deckChecks.rows[0]).toMatchObject({ beforeRound: true, durationMs: 5 * M, roundMs: null, extensionMs: 0 });
    expect(clockView(early.state, at(10)).remainingMs).toBe(40 * M);
  });

  it('a pause of the round clock during a check adds nothing to the table', () => {
    const event = new Event('mtr', { rel: 'competitive' });
    event.pair(1, event.register(8), 2).run(
      { type: 'start-round-clock', round: 1, at: T0 },
      { type: 'start-deck-check', round: 1, table: 1, judge: 'Ann', at: at(10) },
      { type: 'pause-clock', round: 1, at: at(12), reason: 'fire alarm' },
      { type: 'resume-clock', round: 1, at: at(22) },
      { type: 'end-deck-check', round: 1, table: 1, at: at(25) },
    );
    // 15 minutes of the judge's time, 5 of them the round's: 5 + 3.
    expect(event.state.clock?.deckChecks[0]?.extensionMs).toBe(8 * M);
  });

  it('is optional at Regular REL', () => {
    const event = new Event('mtr');
    event.register(10);
    expect(clockView(event.state, T0).deckChecks).toMatchObject({ required: false, decks: 10, toTarget: 1 });
    expect(clockView(event.state, T0).status).toBe('no-round');
  });
});

describe('other timers', () => {
  it('sealed deck: 20 minutes of registration, then 30 of construction (MTR App. B)', () => {
    const event = new Event('mtr', { format: 'sealed' });
    event.run({ type: 'start-timer', id: 'build', kind: 'deck-construction', at: T0 });
    expect(event.state.clock?.timers[0]?.phases).toEqual([
      { label: 'Deck registration', ms: 20 * M },
      { label: 'Deck construction', ms: 30 * M },
    ]);
    const registration = clockView(event.state, at(5)).timers[0];
    expect(registration).toMatchObject({ label: 'Deck registration and construction', remainingMs: 45 * M, endsAt: at(50), done: false });
    expect(registration?.phase).toEqual({ index: 0, count: 2, label: 'Deck registration', remainingMs: 15 * M, endsAt: at(20) });
    const build = clockView(event.state, at(25)).timers[0];
    expect(build?.phase).toEqual({ index: 1, count: 2, label: 'Deck construction', remainingMs: 25 * M, endsAt: at(50) });
    expect(clockView(event.state, at(50)).timers[0]).toMatchObject({ done: true, remainingMs: 0, phase: { index: 1, remainingMs: 0 } });
    event.run({ type: 'stop-timer', id: 'build', at: at(51) });
    expect(clockView(event.state, at(52)).timers).toEqual([]);
    expectPodiumError(() => event.run({ type: 'stop-timer', id: 'build', at: at(53) }), 'not-allowed', /already been stopped/);
  });

  it('a release weekend adds 15 minutes of construction; draft registers and builds in one 25-minute period', () => {
    const release = new Event('mtr', { format: 'sealed', releaseWeekend: true }).run({ type: 'start-timer', id: 't', kind: 'deck-construction', at: T0 });
    expect(clockView(release.state, T0).timers[0]?.remainingMs).toBe(65 * M);
    const draft = new Event('mtr', { format: 'draft' }).run({ type: 'start-timer', id: 't', kind: 'deck-construction', at: T0 });
    expect(draft.state.clock?.timers[0]?.phases).toEqual([{ label: 'Deck registration and construction', ms: 25 * M }]);
    expectPodiumError(() => draft.run({ type: 'start-timer', id: 'r', kind: 'registration', at: T0 }), 'invalid-input', /one period of 25 minutes/);
    const constructed = new Event('mtr');
    expectPodiumError(() => constructed.run({ type: 'start-timer', id: 'c', kind: 'deck-construction', at: T0 }), 'invalid-input', /Constructed/);
    constructed.run({ type: 'start-timer', id: 'c', kind: 'registration', minutes: 15, label: 'Decklists due', at: T0 });
    expect(clockView(constructed.state, at(1)).timers[0]).toMatchObject({ label: 'Decklists due', remainingMs: 14 * M });
    expectPodiumError(() => constructed.run({ type: 'start-timer', id: 'c', kind: 'custom', minutes: 5, at: T0 }), 'invalid-input', /already exists/);
  });

  it('a booster draft runs pick by pick, with the review periods between packs', () => {
    const event = new Event('mtr', { format: 'draft' }).run({ type: 'start-timer', id: 'd', kind: 'draft-pick', at: T0 });
    const phases = event.state.clock?.timers[0]?.phases ?? [];
    // 14 timed picks per pack (the last card has none), 3 packs, reviews of 60 and 90 seconds.
    expect(phases).toHaveLength(14 * 3 + 2);
    expect(phases.reduce((sum, p) => sum + p.ms, 0)).toBe((285 * 3 + 60 + 90) * S);
    expect(clockView(event.state, T0 + 10 * S).timers[0]?.phase).toMatchObject({ index: 0, label: 'Pack 1, pick 1 (15 cards)', remainingMs: 30 * S });
    expect(clockView(event.state, T0 + 85 * S).timers[0]?.phase).toMatchObject({ index: 2, label: 'Pack 1, pick 3 (13 cards)', remainingMs: 30 * S });
    expect(clockView(event.state, T0 + 290 * S).timers[0]?.phase).toMatchObject({ label: 'Review after pack 1', remainingMs: 55 * S });
    expect(draftSchedule(MTR_BOOSTER_DRAFT_TIMERS, 4).filter((p) => p.label.startsWith('Review')).map((p) => p.ms / S)).toEqual([60, 90, 120]);
  });

  it('a MAMTR 20-card multiplayer draft takes 2 picks per booster', () => {
    const event = new Event('mamtr-2024', { format: 'draft' }).run({ type: 'start-timer', id: 'd', kind: 'draft-pick', at: T0 });
    const timer = clockView(event.state, T0).timers[0];
    expect(timer).toMatchObject({ label: 'Multiplayer booster draft (20-card packs, 2 picks per booster)' });
    expect(timer?.remainingMs).toBe((355 * 2 + 60) * S);
    const booster = new Event('mamtr-2024', { format: 'draft' }).run({ type: 'start-timer', id: 'd', kind: 'draft-pick', draft: 'booster', at: T0 });
    expect(clockView(booster.state, T0).timers[0]?.phase.label).toBe('Pack 1, pick 1 (15 cards)');
    expectPodiumError(
      () => booster.run({ type: 'start-timer', id: 'x', kind: 'draft-pick', draft: 'rochester', at: T0 }),
      'invalid-input',
      /no draft timer table "rochester"/,
    );
  });
});
