import { describe, expect, it } from 'vitest';
import type { Settings } from '../../core/model/types.js';
import { mtrSettings } from '../../core/rulesets/mtr/index.js';
import {
  mtrDraftTimers,
  mtrEffectivePlayers,
  mtrEndOfRound,
  mtrEndOfRoundFor,
  mtrRecommendedRounds,
  mtrRoundMinutes,
  mtrTimeLimits,
} from '../../core/rulesets/mtr/timing.js';

const settings = (patch: Partial<Settings> = {}): Settings => mtrSettings(patch);

describe('mtr time limits (MTR App. B, 2.6)', () => {
  it('Swiss rounds are 50 minutes, at least 40, with deck-check and judge-pause extensions', () => {
    const limits = mtrTimeLimits(settings(), 'swiss');
    expect(limits.roundMinutes).toBe(50);
    expect(limits.minimumRoundMinutes).toBe(40);
    expect(limits.deckCheckExtraMinutes).toBe(3);
    expect(limits.judgePauseThresholdSeconds).toBe(60);
    expect(limits.deckConstruction).toBeUndefined(); // constructed
  });

  it('playoff quarter/semi 90 minutes, the final untimed', () => {
    const limits = mtrTimeLimits(settings(), 'playoff');
    expect(limits.roundMinutes).toBe(90);
    expect(limits.finalRoundMinutes).toBeNull();
    expect(limits.deckCheckExtraMinutes).toBe(3);
    expect(mtrRoundMinutes(settings(), 'playoff')).toBe(90);
    expect(mtrRoundMinutes(settings(), 'playoff', { final: true })).toBeNull();
    expect(mtrRoundMinutes(settings(), 'swiss', { final: true })).toBe(50);
  });

  it.each([
    [{ format: 'sealed' }, { registrationMinutes: 20, buildMinutes: 30 }],
    [{ format: 'sealed', releaseWeekend: true }, { registrationMinutes: 20, buildMinutes: 45 }],
    [{ format: 'draft' }, { registrationMinutes: 0, buildMinutes: 25, registrationInBuild: true }],
    [{ format: 'draft', releaseWeekend: true }, { registrationMinutes: 0, buildMinutes: 25, registrationInBuild: true }],
    [{ format: 'sealed', teamSize: 3 }, { registrationMinutes: 20, buildMinutes: 60 }],
    [{ format: 'sealed', teamSize: 2 }, { registrationMinutes: 20, buildMinutes: 60 }],
    [{ format: 'sealed', teamSize: 3, releaseWeekend: true }, { registrationMinutes: 20, buildMinutes: 75 }],
    [{ format: 'draft', teamSize: 3 }, { registrationMinutes: 0, buildMinutes: 40, registrationInBuild: true }],
    [{ format: 'sealed', twoHeadedGiant: true }, { registrationMinutes: 20, buildMinutes: 60 }],
    [{ format: 'sealed', twoHeadedGiant: true, releaseWeekend: true }, { registrationMinutes: 20, buildMinutes: 75 }],
    [{ format: 'draft', twoHeadedGiant: true }, { registrationMinutes: 0, buildMinutes: 40, registrationInBuild: true }],
  ] as [Partial<Settings>, unknown][])('Limited deck construction %j', (patch, expected) => {
    expect(mtrTimeLimits(settings(patch), 'swiss').deckConstruction).toEqual(expected);
    expect(mtrTimeLimits(settings(patch), 'playoff').deckConstruction).toBeUndefined();
  });
});

describe('mtr end of round (MTR 2.5)', () => {
  it('5 extra turns for individual events and 1v1 team events', () => {
    expect(mtrEndOfRound(settings(), 'swiss')).toEqual({ kind: 'extra-turns', turns: 5 });
    expect(mtrEndOfRound(settings({ teamSize: 3 }), 'swiss')).toEqual({ kind: 'extra-turns', turns: 5 });
    expect(mtrEndOfRound(settings({ teamSize: 2 }), 'swiss')).toEqual({ kind: 'extra-turns', turns: 5 });
  });

  it('3 extra turns for Two-Headed Giant', () => {
    expect(mtrEndOfRound(settings({ twoHeadedGiant: true }), 'swiss')).toEqual({ kind: 'extra-turns', turns: 3 });
    expect(mtrEndOfRound(settings({ twoHeadedGiant: true }), 'playoff')).toEqual({ kind: 'extra-turns', turns: 3 });
  });

  it('timed playoff rounds end like Swiss rounds; the final is untimed', () => {
    expect(mtrEndOfRound(settings(), 'playoff')).toEqual({ kind: 'extra-turns', turns: 5 });
    expect(mtrEndOfRoundFor(settings(), 'playoff', { final: false })).toEqual({ kind: 'extra-turns', turns: 5 });
    expect(mtrEndOfRoundFor(settings(), 'playoff', { final: true })).toEqual({ kind: 'untimed' });
    expect(mtrEndOfRoundFor(settings(), 'swiss', { final: true })).toEqual({ kind: 'extra-turns', turns: 5 });
  });
});

describe('mtr draft pick timers (MTR App. B)', () => {
  it('constructed events have none', () => {
    expect(mtrDraftTimers(settings())).toEqual([]);
  });

  it('individual booster draft: the App. B table, review 60 s then +30 s', () => {
    const [booster, ...rest] = mtrDraftTimers(settings({ format: 'draft' }));
    expect(rest).toEqual([]);
    expect(booster?.kind).toBe('booster');
    const table = Object.fromEntries(booster!.picks.map((p) => [p.cardsLeft, p.seconds]));
    expect(table).toEqual({ 15: 40, 14: 40, 13: 35, 12: 30, 11: 25, 10: 25, 9: 20, 8: 20, 7: 15, 6: 10, 5: 10, 4: 5, 3: 5, 2: 5 });
    expect(table[1]).toBeUndefined(); // 1 card: N/A
    expect(booster!.reviewSeconds).toEqual([60, 90]);
    expect(booster!.reviewIncrementSeconds).toBe(30);
  });

  it('a sealed event gets the booster table for a booster-draft playoff', () => {
    expect(mtrDraftTimers(settings({ format: 'sealed' })).map((t) => t.kind)).toEqual(['booster']);
  });

  it('Team Rochester draft: 20 s review of the laid-out pack, 5 s per pick', () => {
    const [rochester] = mtrDraftTimers(settings({ format: 'draft', teamSize: 3 }));
    expect(rochester?.kind).toBe('rochester');
    expect(rochester!.layoutReviewSeconds).toBe(20);
    expect(rochester!.picks).toHaveLength(15);
    expect(rochester!.picks.every((p) => p.seconds === 5)).toBe(true);
  });

  it('Two-Headed Giant draft: both columns of the 2HG table, 2 cards a pick, 60 s reviews', () => {
    const timers = mtrDraftTimers(settings({ format: 'draft', twoHeadedGiant: true }));
    expect(timers.map((t) => t.kind)).toEqual(['2hg-15', '2hg-14']);
    const [t15, t14] = timers;
    expect(t15!.picks.map((p) => [p.cardsLeft, p.seconds])).toEqual([
      [15, 50], [13, 45], [11, 40], [9, 30], [7, 20], [5, 10], [3, 5],
    ]);
    expect(t14!.picks.map((p) => [p.cardsLeft, p.seconds])).toEqual([
      [14, 50], [12, 45], [10, 40], [8, 30], [6, 20], [4, 10],
    ]);
    for (const t of timers) {
      expect(t.cardsPerPick).toBe(2);
      expect(t.reviewSeconds.every((s) => s === 60)).toBe(true);
    }
  });

  it('returns copies, so a caller cannot change the tables', () => {
    const first = mtrDraftTimers(settings({ format: 'draft' }));
    first[0]!.picks[0]!.seconds = 999;
    first[0]!.reviewSeconds.push(1);
    const second = mtrDraftTimers(settings({ format: 'draft' }));
    expect(second[0]!.picks[0]!.seconds).toBe(40);
    expect(second[0]!.reviewSeconds).toEqual([60, 90]);
  });
});

describe('mtr recommended rounds (MTR App. E)', () => {
  const constructed = settings();
  const draft = settings({ format: 'draft' });
  const rounds = (n: number, s: Settings = constructed, awardedByes?: number[]) =>
    mtrRecommendedRounds({ competitors: n, ...(awardedByes ? { awardedByes } : {}) }, s);

  it.each([
    [17, 5], [32, 5], [33, 6], [64, 6], [65, 7], [128, 7], [129, 8], [226, 8], [227, 9], [409, 9], [410, 10], [2000, 10],
  ])('%i players: %i Swiss rounds, top 8', (n, swiss) => {
    const rec = rounds(n);
    expect(rec.swissRounds).toBe(swiss);
    expect(rec.top).toBe(8);
    expect(rec.effectivePlayers).toBe(n);
    expect(rec.eliminationRounds).toBeUndefined();
    expect(rec.note).toBeUndefined();
  });

  it('9–16: 5 rounds and top 4, or 4 rounds and a booster-draft top 8', () => {
    for (const n of [9, 12, 16]) {
      expect(rounds(n)).toMatchObject({ swissRounds: 5, top: 4, effectivePlayers: n });
      expect(rounds(n, draft)).toMatchObject({ swissRounds: 4, top: 8, effectivePlayers: n });
    }
    expect(rounds(16, settings({ format: 'sealed' }))).toMatchObject({ swissRounds: 5, top: 4 });
  });

  it('5–8: 3 single-elimination rounds, no Swiss', () => {
    for (const n of [5, 8]) expect(rounds(n)).toMatchObject({ swissRounds: 0, eliminationRounds: 3, top: 0 });
    expect(rounds(8).note).toBeUndefined();
    expect(rounds(5).note).toMatch(/participation minimum of 8 players/);
    // Teams: 5 teams is above the team minimum of 4.
    expect(rounds(5, settings({ teamSize: 3 })).note).toBeUndefined();
  });

  it('4 teams: 2 single-elimination rounds; 4 individuals: the same, with a note', () => {
    const teams = rounds(4, settings({ twoHeadedGiant: true }));
    expect(teams).toMatchObject({ swissRounds: 0, eliminationRounds: 2, top: 0 });
    expect(teams.note).toBeUndefined();
    const players = rounds(4);
    expect(players).toMatchObject({ swissRounds: 0, eliminationRounds: 2, top: 0 });
    expect(players.note).toMatch(/team/);
    expect(players.note).toMatch(/10\.1/);
  });

  it('below 4: a recommendation with a note, never an error', () => {
    expect(rounds(3)).toMatchObject({ swissRounds: 3, top: 0 });
    expect(rounds(2)).toMatchObject({ swissRounds: 0, eliminationRounds: 1, top: 0 });
    expect(rounds(1)).toMatchObject({ swissRounds: 0, top: 0 });
    expect(rounds(0)).toMatchObject({ swissRounds: 0, top: 0 });
    for (const n of [0, 1, 2, 3]) expect(rounds(n).note).toBeTruthy();
  });

  it('awarded byes count 2, 4 or 8 players', () => {
    expect(mtrEffectivePlayers({ competitors: 10, awardedByes: [1, 2, 3, 0] })).toBe(10 + 1 + 3 + 7);
    // 30 players, two with a 1-round bye and one with a 3-round bye: 30 + 1 + 1 + 7 = 39 → 6 rounds.
    const rec = rounds(30, constructed, [1, 1, 3]);
    expect(rec).toMatchObject({ swissRounds: 6, top: 8, effectivePlayers: 39 });
    expect(rec.note).toMatch(/39/);
    // 16 + one 1-round bye = 17 → 5 rounds, top 8.
    expect(rounds(16, constructed, [1])).toMatchObject({ swissRounds: 5, top: 8, effectivePlayers: 17 });
  });
});
