import { describe, expect, it } from 'vitest';
import { PodiumError } from '../../core/model/errors.js';
import type { Settings } from '../../core/model/types.js';
import { MAMTR_2024, MAMTR_MULTIPLAYER_DRAFT_TIMERS } from '../../core/rulesets/mamtr-2024.js';
import { MSTR_2022 } from '../../core/rulesets/mstr-2022.js';
import { podSizes } from '../../core/rulesets/pods/pod-sizes.js';
import { podInvisiblePlayers, podRecommendedRounds } from '../../core/rulesets/pods/recommended-rounds.js';
import { podDraftTimers, podEndOfRound, podEndOfRoundAfterIntentionalDraw, podTimeLimits } from '../../core/rulesets/pods/timing.js';
import { extraTurnsAtTime } from '../../core/rulesets/ruleset.js';

const settings = (patch: Partial<Settings> = {}): Settings => ({
  rel: 'regular',
  gamesToWin: 1,
  format: 'constructed',
  teamSize: 1,
  twoHeadedGiant: false,
  pairWithinDraftPods: true,
  lateEntryRecord: 'loss',
  releaseWeekend: false,
  podSize: 4,
  balanceSeats: false,
  ...patch,
});

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('pod time limits (MSTR / MAMTR App. B, X.5A)', () => {
  it('mstr-2022: Regular 90, Competitive and Professional 75, playoffs untimed', () => {
    expect(podTimeLimits(MSTR_2022, settings(), 'swiss').roundMinutes).toBe(90);
    expect(podTimeLimits(MSTR_2022, settings({ rel: 'competitive' }), 'swiss').roundMinutes).toBe(75);
    expect(podTimeLimits(MSTR_2022, settings({ rel: 'professional' }), 'swiss').roundMinutes).toBe(75);
    const playoff = podTimeLimits(MSTR_2022, settings(), 'playoff');
    expect(playoff.roundMinutes).toBeNull();
    expect(playoff.playoffIntentionalDrawMinutes).toBeUndefined();
  });

  it('mamtr-2024: Swiss 80 at any REL; playoffs untimed with the 150-minute intentional-draw timer, none in the final', () => {
    for (const rel of ['regular', 'competitive', 'professional'] as const)
      expect(podTimeLimits(MAMTR_2024, settings({ rel }), 'swiss').roundMinutes).toBe(80);
    const playoff = podTimeLimits(MAMTR_2024, settings(), 'playoff');
    expect(playoff.roundMinutes).toBeNull();
    expect(playoff.playoffIntentionalDrawMinutes).toBe(150);
    expect(playoff.finalIntentionalDrawMinutes).toBeNull();
    expect(podTimeLimits(MAMTR_2024, settings(), 'swiss').playoffIntentionalDrawMinutes).toBeUndefined();
  });

  it('deck check +4 minutes in a Commander event (+3 otherwise), judge pause over 1 minute, 40-minute minimum, in both documents', () => {
    for (const variant of [MSTR_2022, MAMTR_2024])
      for (const stage of ['swiss', 'playoff'] as const) {
        const limits = podTimeLimits(variant, settings({ format: 'commander' }), stage);
        expect(limits.deckCheckExtraMinutes).toBe(4);
        expect(limits.judgePauseThresholdSeconds).toBe(60);
        expect(podTimeLimits(variant, settings(), stage).deckCheckExtraMinutes).toBe(3);
      }
    expect(podTimeLimits(MAMTR_2024, settings(), 'swiss').minimumRoundMinutes).toBe(40);
  });

  it('Limited pod events get the MTR deck-construction periods', () => {
    expect(podTimeLimits(MAMTR_2024, settings(), 'swiss').deckConstruction).toBeUndefined();
    expect(podTimeLimits(MAMTR_2024, settings({ format: 'draft' }), 'swiss').deckConstruction).toEqual({
      registrationMinutes: 0,
      buildMinutes: 25,
      registrationInBuild: true,
    });
    expect(podTimeLimits(MSTR_2022, settings({ format: 'sealed' }), 'swiss').deckConstruction).toEqual({
      registrationMinutes: 20,
      buildMinutes: 30,
    });
  });
});

describe('pod end of round (MSTR 2.5A, MAMTR 2.4)', () => {
  it('mstr-2022 default: N extra turns for 75-minute rounds, active player finishes for 90', () => {
    const competitive = podEndOfRound(MSTR_2022, settings({ rel: 'competitive' }), 'swiss');
    expect(competitive).toEqual({ kind: 'extra-turns', turns: 0, turnsArePlayersInGame: true });
    expect(podEndOfRound(MSTR_2022, settings(), 'swiss')).toEqual({ kind: 'active-player-finishes' });
  });

  it('mstr-2022: the setting overrides the default', () => {
    expect(podEndOfRound(MSTR_2022, settings({ endOfRound: 'extra-turns' }), 'swiss')).toEqual({
      kind: 'extra-turns',
      turns: 0,
      turnsArePlayersInGame: true,
    });
    expect(podEndOfRound(MSTR_2022, settings({ rel: 'competitive', endOfRound: 'active-player' }), 'swiss')).toEqual({
      kind: 'active-player-finishes',
    });
  });

  it('2.5AA: N is the number of players still in the game when time is called', () => {
    const procedure = podEndOfRound(MSTR_2022, settings({ rel: 'competitive' }), 'swiss');
    expect(extraTurnsAtTime(procedure, 4)).toBe(4);
    expect(extraTurnsAtTime(procedure, 2)).toBe(2);
    expect(extraTurnsAtTime({ kind: 'extra-turns', turns: 5 }, 4)).toBe(5);
    expect(extraTurnsAtTime({ kind: 'active-player-finishes', lastTurnMinutes: 30 }, 4)).toBe(0);
  });

  it('mamtr-2024: active player finishes, then the last-turn limit (default 30)', () => {
    expect(podEndOfRound(MAMTR_2024, settings(), 'swiss')).toEqual({ kind: 'active-player-finishes', lastTurnMinutes: 30 });
    expect(podEndOfRound(MAMTR_2024, settings({ lastTurnMinutes: 20 }), 'swiss')).toEqual({
      kind: 'active-player-finishes',
      lastTurnMinutes: 20,
    });
  });

  it('playoffs are untimed in both; after an intentional draw mamtr falls back to the Swiss procedure', () => {
    expect(podEndOfRound(MSTR_2022, settings({ rel: 'competitive' }), 'playoff')).toEqual({ kind: 'untimed' });
    expect(podEndOfRound(MAMTR_2024, settings(), 'playoff')).toEqual({ kind: 'untimed' });
    expect(podEndOfRoundAfterIntentionalDraw(MAMTR_2024, settings())).toEqual({ kind: 'active-player-finishes', lastTurnMinutes: 30 });
    expect(podEndOfRoundAfterIntentionalDraw(MSTR_2022, settings())).toBeNull();
  });
});

describe('draft pick timers', () => {
  it('MAMTR App. B 20-card multiplayer booster draft, 2 picks per booster', () => {
    const [multi, booster] = podDraftTimers(MAMTR_2024, settings({ format: 'draft' }));
    expect(multi?.kind).toBe('multiplayer-booster-20');
    expect(multi?.cardsPerPick).toBe(2);
    expect(multi?.packSize).toBe(20);
    expect(multi?.picks.map((p) => [p.cardsLeft, p.seconds])).toEqual([
      [20, 60],
      [18, 60],
      [16, 55],
      [14, 50],
      [12, 45],
      [10, 35],
      [8, 25],
      [6, 15],
      [4, 10],
    ]);
    expect(multi?.picks.some((p) => p.cardsLeft === 2)).toBe(false); // N/A
    expect(booster?.kind).toBe('booster');
  });

  it('constructed: none; mstr: the MTR booster table; the data is copied', () => {
    expect(podDraftTimers(MAMTR_2024, settings())).toEqual([]);
    expect(podDraftTimers(MSTR_2022, settings({ format: 'sealed' })).map((t) => t.kind)).toEqual(['booster']);
    const copy = podDraftTimers(MAMTR_2024, settings({ format: 'draft' }))[0];
    copy?.picks.splice(0);
    expect(MAMTR_MULTIPLAYER_DRAFT_TIMERS.picks).toHaveLength(9);
  });
});

describe('podSizes (10.4A: fewest smaller pods, each one smaller)', () => {
  /** The expected split for pods of 4, from RULES 2. */
  const expected4 = (count: number): number[] => {
    if (count === 5) return [5];
    const smaller = (4 - (count % 4)) % 4;
    return [...new Array<number>((count - 3 * smaller) / 4).fill(4), ...new Array<number>(smaller).fill(3)];
  };

  it('pod size 4, every count 5–40', () => {
    for (let count = 5; count <= 40; count++) {
      const sizes = podSizes(count, 4);
      expect(sizes, `${count}`).toEqual(expected4(count));
      expect(sum(sizes)).toBe(count);
    }
  });

  it('pod size 4: the RULES examples', () => {
    expect(podSizes(23, 4)).toEqual([4, 4, 4, 4, 4, 3]);
    expect(podSizes(22, 4)).toEqual([4, 4, 4, 4, 3, 3]);
    expect(podSizes(21, 4)).toEqual([4, 4, 4, 3, 3, 3]);
    expect(podSizes(5, 4)).toEqual([5]);
    expect(podSizes(3, 4)).toEqual([3]);
    expect(podSizes(4, 4)).toEqual([4]);
    expect(podSizes(6, 4)).toEqual([3, 3]);
    expect(podSizes(9, 4)).toEqual([3, 3, 3]);
  });

  it('pod size 3: never a pod of 2 — pods of 4 instead (RULES 2 Decision)', () => {
    const table: Record<number, number[]> = {
      3: [3],
      4: [4],
      5: [5],
      6: [3, 3],
      7: [4, 3],
      8: [4, 4],
      10: [4, 3, 3],
      11: [4, 4, 3],
    };
    for (const [count, sizes] of Object.entries(table)) expect(podSizes(Number(count), 3)).toEqual(sizes);
    for (let count = 6; count <= 40; count++) {
      const sizes = podSizes(count, 3);
      expect(sum(sizes)).toBe(count);
      expect(sizes.every((s) => s === 3 || s === 4)).toBe(true);
      expect(sizes.filter((s) => s === 4).length).toBe(count % 3);
    }
  });

  it('pod size 5: smaller pods of 4; the impossible counts take the split closest to the norm', () => {
    expect(podSizes(5, 5)).toEqual([5]);
    expect(podSizes(4, 5)).toEqual([4]);
    expect(podSizes(8, 5)).toEqual([4, 4]);
    expect(podSizes(9, 5)).toEqual([5, 4]);
    expect(podSizes(13, 5)).toEqual([5, 4, 4]);
    expect(podSizes(16, 5)).toEqual([4, 4, 4, 4]);
    expect(podSizes(23, 5)).toEqual([5, 5, 5, 4, 4]);
    // No split into pods of 5 and 4 exists for these.
    expect(podSizes(3, 5)).toEqual([3]);
    expect(podSizes(6, 5)).toEqual([6]);
    expect(podSizes(7, 5)).toEqual([4, 3]);
    expect(podSizes(11, 5)).toEqual([4, 4, 3]);
    for (let count = 3; count <= 40; count++) {
      const sizes = podSizes(count, 5);
      expect(sum(sizes)).toBe(count);
      expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
      if (![3, 6, 7, 11].includes(count)) expect(sizes.every((s) => s === 5 || s === 4)).toBe(true);
    }
  });

  it('0 players: no pods; 2: one pod of 2; 1 player or a bad pod size: invalid-input', () => {
    expect(podSizes(0, 4)).toEqual([]);
    expect(podSizes(2, 4)).toEqual([2]);
    expect(() => podSizes(1, 4)).toThrow(PodiumError);
    expect(() => podSizes(7, 1)).toThrow(PodiumError);
    expect(() => podSizes(2.5, 4)).toThrow(PodiumError);
  });
});

describe('recommended rounds (App. E of each document)', () => {
  const rec = (variant: typeof MSTR_2022, competitors: number, patch: Partial<Settings> = {}) =>
    podRecommendedRounds(variant, { competitors, invisiblePlayers: 0 }, settings(patch));

  it.each([
    [4, 0, 1, 0],
    [5, 2, undefined, 4],
    [15, 2, undefined, 4],
    [16, 3, undefined, 10],
    [32, 3, undefined, 10],
    [33, 4, undefined, 16],
    [64, 4, undefined, 16],
    [65, 5, undefined, 16],
    [128, 5, undefined, 16],
    [129, 5, undefined, 40],
    [256, 5, undefined, 40],
    [257, 6, undefined, 40],
    [1024, 6, undefined, 40],
    [1025, 7, undefined, 40],
    [4097, 8, undefined, 40],
  ])('mstr-2022: %i players → %i Swiss rounds (SE %s), top %i', (players, swiss, se, top) => {
    const r = rec(MSTR_2022, players);
    expect(r.swissRounds).toBe(swiss);
    expect(r.eliminationRounds).toBe(se);
    expect(r.top).toBe(top);
    expect(r.effectivePlayers).toBe(players);
  });

  it.each([
    [4, 0, 1, 0],
    [5, 0, 1, 0],
    [6, 2, undefined, 4],
    [16, 2, undefined, 4],
    [17, 3, undefined, 7],
    [24, 3, undefined, 7],
    [25, 4, undefined, 10],
    [32, 4, undefined, 10],
    [33, 5, undefined, 13],
    [40, 5, undefined, 13],
    [41, 5, undefined, 16],
    [64, 5, undefined, 16],
    [65, 6, undefined, 16],
    [128, 6, undefined, 16],
    [129, 7, undefined, 40],
    [256, 7, undefined, 40],
    [257, 8, undefined, 40],
    [512, 8, undefined, 40],
    [513, 9, undefined, 64],
    [3000, 9, undefined, 64],
  ])('mamtr-2024: %i players → %i Swiss rounds (SE %s), top %i', (players, swiss, se, top) => {
    const r = rec(MAMTR_2024, players);
    expect(r.swissRounds).toBe(swiss);
    expect(r.eliminationRounds).toBe(se);
    expect(r.top).toBe(top);
  });

  it('mstr-2022 at Competitive REL: each bye adds n − 1 invisible players (30 → 36)', () => {
    const r = podRecommendedRounds(MSTR_2022, { competitors: 30 }, settings({ rel: 'competitive' }));
    expect(r.effectivePlayers).toBe(36);
    expect(r.swissRounds).toBe(4);
    expect(r.top).toBe(16);
    expect(r.note).toMatch(/2 byes/);
    expect(podInvisiblePlayers(MSTR_2022, 30, settings({ rel: 'competitive' }))).toMatchObject({ byes: 2, invisible: 6 });
    // Pods of 5: 13 → 3 byes, 4 invisible players each.
    expect(podInvisiblePlayers(MSTR_2022, 13, settings({ rel: 'competitive', podSize: 5 }))).toMatchObject({ byes: 3, invisible: 12 });
  });

  it('mamtr-2024: each smaller pod adds one invisible player (30 → 32)', () => {
    const r = podRecommendedRounds(MAMTR_2024, { competitors: 30 }, settings({ rel: 'competitive' }));
    expect(r.effectivePlayers).toBe(32);
    expect(r.swissRounds).toBe(4);
    expect(r.top).toBe(10);
    expect(r.note).toMatch(/2 smaller pods/);
    // 24 → 24 (no smaller pod): 3 rounds, top 7; 23 → 24; 22 → 24; 21 → 24; 14 → 16.
    for (const [n, eff] of [
      [24, 24],
      [23, 24],
      [22, 24],
      [21, 24],
      [14, 16],
      [5, 5],
    ] as const)
      expect(podRecommendedRounds(MAMTR_2024, { competitors: n }, settings()).effectivePlayers).toBe(eff);
  });

  it('mstr-2022 at Regular REL uses smaller pods, which add no invisible players (App. E counts byes only)', () => {
    const r = podRecommendedRounds(MSTR_2022, { competitors: 30 }, settings());
    expect(r.effectivePlayers).toBe(30);
    expect(r.note).toMatch(/smaller pods add no invisible players/);
    expect(podRecommendedRounds(MSTR_2022, { competitors: 13 }, settings())).toMatchObject({ swissRounds: 2, top: 4 });
  });

  it('a given invisible-player count is used as is', () => {
    const r = podRecommendedRounds(MAMTR_2024, { competitors: 30, invisiblePlayers: 3 }, settings());
    expect(r.effectivePlayers).toBe(33);
    expect(r.top).toBe(13);
  });

  it('a cut larger than the field falls back to one that fits', () => {
    // 7 players at Competitive REL, MSTR: 3 byes → 16 → top 10, but only 7 players.
    const r = podRecommendedRounds(MSTR_2022, { competitors: 7 }, settings({ rel: 'competitive' }));
    expect(r.effectivePlayers).toBe(16);
    expect(r.swissRounds).toBe(3);
    expect(r.top).toBe(4);
    expect(r.note).toMatch(/top 4 instead/);
  });

  it('participation and round minimums are notes (10.1, 10.2)', () => {
    expect(podRecommendedRounds(MAMTR_2024, { competitors: 12 }, settings({ rel: 'competitive' })).note).toMatch(/participation minimum of 16/);
    expect(podRecommendedRounds(MAMTR_2024, { competitors: 3 }, settings()).note).toMatch(/participation minimum of 4/);
    expect(podRecommendedRounds(MAMTR_2024, { competitors: 16 }, settings()).note).toBeUndefined();
    expect(podRecommendedRounds(MSTR_2022, { competitors: 4 }, settings({ rel: 'competitive' })).note).toMatch(/minimum of 2 rounds/);
  });
});
