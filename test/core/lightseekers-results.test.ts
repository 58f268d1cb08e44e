/** Lightseekers results (RULES 3): validation with every rejection, winner, runner-up, longevity. */
import { describe, expect, it } from 'vitest';
import { PodiumError } from '../../core/model/errors.js';
import type { LightseekersResult, Table } from '../../core/model/types.js';
import { lightseekersCompetitive } from '../../core/rulesets/lightseekers/index.js';
import { randomLightseekersResult } from '../../core/rulesets/lightseekers/random-result.js';
import { gameOutcome, validateLightseekersResult } from '../../core/rulesets/lightseekers/results.js';
import { createRng } from '../../core/random/rng.js';

const names: Record<string, string> = { a: 'Ana', b: 'Ben', c: 'Cleo', d: 'Dev', x: 'Xena' };
const context = { settings: lightseekersCompetitive.settings({}), stage: 'swiss' as const, nameOf: (id: string) => names[id] ?? id };
const table: Table = { table: 3, seats: ['a', 'b', 'c', 'd'] };

const validate = (result: unknown, t: Table = table) => validateLightseekersResult(t, result, context);
function rejects(result: unknown, message: RegExp): void {
  let error: unknown;
  try {
    validate(result);
  } catch (e) {
    error = e;
  }
  expect(error, `expected a rejection for ${JSON.stringify(result)}`).toBeInstanceOf(PodiumError);
  expect((error as PodiumError).code).toBe('invalid-result');
  expect((error as PodiumError).message).toMatch(/^table 3: /);
  expect((error as PodiumError).message).toMatch(message);
}

const vp = (a: number, b: number, c: number, d: number) => ({ a, b, c, d });

describe('validation: every rejection says what is wrong', () => {
  const cases: [string, unknown, RegExp][] = [
    ['not an object', 'a wins', /a Lightseekers result is \{ vp: .*defeated/],
    ['a list', [1, 2], /a Lightseekers result is/],
    ['an unknown field', { vp: vp(1, 2, 3, 4), defeated: [], games: [] }, /unknown field "games"/],
    ['no vp', { defeated: [] }, /the result has no "vp"/],
    ['vp not an object', { vp: [1, 2, 3, 4], defeated: [] }, /"vp" must map each player's id to their Victory Points/],
    ['VP for someone not at the table', { vp: { ...vp(1, 2, 3, 4), x: 2 }, defeated: [] }, /gives VP to Xena, who is not at this table \(it seats Ana, Ben, Cleo, Dev\)/],
    ['negative VP', { vp: vp(1, -2, 3, 4), defeated: [] }, /Ben has negative VP \(-2\): Victory Points are 0 or more/],
    ['fractional VP', { vp: vp(1, 2.5, 3, 4), defeated: [] }, /Ben's VP must be a whole number, not 2\.5/],
    ['VP that is not a number', { vp: { ...vp(1, 2, 3, 4), c: '3' }, defeated: [] }, /Cleo's VP must be a number, not "3"/],
    ['VP missing for a seated player', { vp: { a: 1, b: 2 }, defeated: [] }, /no VP for Cleo and Dev: give every player at the table their Victory Points/],
    ['no defeat order', { vp: vp(4, 3, 2, 1) }, /the result has no "defeated"/],
    ['a defeat order that is not a list', { vp: vp(4, 3, 2, 1), defeated: 'd' }, /"defeated" must list the players in the order they were defeated/],
    ['a defeat order naming someone not at the table', { vp: vp(4, 3, 2, 1), defeated: ['x'] }, /Xena is not at this table/],
    ['a defeat order naming a player twice', { vp: vp(4, 3, 2, 1), defeated: ['d', 'c', 'd'] }, /Dev is listed twice in the defeat order/],
    ['a defeat order entry that is not an id', { vp: vp(4, 3, 2, 1), defeated: [7] }, /each defeated player must be a player id, not 7/],
    // a and b: 5 VP each, both still standing.
    ['a tie with no winner picked', { vp: vp(5, 5, 2, 1), defeated: ['d'] }, /Ana and Ben are tied for the win \(5 VP each, all still standing\): the scorekeeper must pick the winner among them \("winner"\)/],
    ['a winner outside the tie', { vp: vp(5, 5, 2, 1), defeated: ['d'], winner: 'c' }, /Cleo cannot be the winner: the win is tied between Ana and Ben/],
    ['a winner with fewer VP', { vp: vp(5, 4, 2, 1), defeated: [], winner: 'b' }, /Ben cannot be the winner: Ana has more VP \(5 to 4\)/],
    ['a winner defeated before an equal player', { vp: vp(5, 5, 2, 1), defeated: ['a'], winner: 'a' }, /Ana cannot be the winner: Ben has as many VP \(5\) and was left standing longer/],
    ['a winner not at the table', { vp: vp(5, 5, 2, 1), defeated: [], winner: 'x' }, /Xena is not at this table/],
    ['a runner-up who is the winner', { vp: vp(5, 3, 3, 1), defeated: [], runnerUp: 'a' }, /Ana is the winner, so cannot also be the runner-up/],
    ['a runner-up outside the tie', { vp: vp(5, 3, 3, 1), defeated: [], runnerUp: 'd' }, /Dev cannot be the runner-up: it is tied between Ben and Cleo/],
    ['a runner-up with fewer VP', { vp: vp(5, 4, 3, 1), defeated: [], runnerUp: 'c' }, /Cleo cannot be the runner-up: Ben has more VP \(4 to 3\)/],
  ];
  for (const [name, result, message] of cases) it(name, () => rejects(result, message));
});

describe('accepted results', () => {
  it('normalises VP to seat order and keeps the defeat order', () => {
    const result = validate({ defeated: ['d', 'b'], vp: { d: 0, c: 2, b: 4, a: 1 } }) as LightseekersResult;
    expect(Object.keys(result.vp)).toEqual(['a', 'b', 'c', 'd']);
    expect(result).toEqual({ vp: { a: 1, b: 4, c: 2, d: 0 }, defeated: ['d', 'b'] });
  });

  it('a winner is needed only for a tie, and accepted when it confirms the rules', () => {
    expect(validate({ vp: vp(5, 4, 2, 1), defeated: [], winner: 'a' })).toEqual({ vp: vp(5, 4, 2, 1), defeated: [], winner: 'a' });
    expect(validate({ vp: vp(5, 5, 2, 1), defeated: ['d'], winner: 'b' })).toMatchObject({ winner: 'b' });
  });

  it('a VP tie goes to the last standing without a pick', () => {
    // a and b on 5: b was defeated, so a (still standing) wins; between two defeated the later one.
    expect(gameOutcome(validate({ vp: vp(5, 5, 2, 1), defeated: ['b'] }) as LightseekersResult, table.seats).winner).toBe('a');
    expect(gameOutcome(validate({ vp: vp(5, 5, 2, 1), defeated: ['a', 'b'] }) as LightseekersResult, table.seats).winner).toBe('b');
  });

  it('everyone may be defeated; nobody may be', () => {
    expect(validate({ vp: vp(0, 0, 0, 3), defeated: ['a', 'b', 'c', 'd'] })).toBeTruthy();
    expect(validate({ vp: vp(1, 2, 3, 4), defeated: [] })).toBeTruthy();
  });
});

describe('gameOutcome', () => {
  it('the conformance case, round 1 table 1: a three-way VP tie, one defeated, the pick decides', () => {
    const seats = ['p000', 'p002', 'p003', 'p007', 'p008'];
    const result: LightseekersResult = { vp: { p000: 0, p002: 6, p003: 6, p007: 4, p008: 6 }, defeated: ['p000', 'p003'], winner: 'p008' };
    const o = gameOutcome(result, seats);
    expect(o.winner).toBe('p008');
    // Runner-up: the most VP among the others — p002 (6) and p003 (6); p003 was defeated, so p002.
    expect(o.runnerUp).toBe('p002');
    expect(Object.fromEntries(o.longevity)).toEqual({ p000: 0, p002: 2, p003: 1, p007: 2, p008: 2 });
    expect(o.order).toEqual(['p008', 'p002', 'p003', 'p007', 'p000']);
  });

  it('a runner-up still tied is left to the scorekeeper (runnerUpTied), or taken from the pick', () => {
    const tied = gameOutcome({ vp: vp(5, 3, 3, 1), defeated: [] }, table.seats);
    expect(tied.runnerUp).toBeNull();
    expect(tied.runnerUpTied).toEqual(['b', 'c']);
    expect(gameOutcome({ vp: vp(5, 3, 3, 1), defeated: [], runnerUp: 'c' }, table.seats).runnerUp).toBe('c');
    // Ties by last standing: c was defeated, so b.
    expect(gameOutcome({ vp: vp(5, 3, 3, 1), defeated: ['c'] }, table.seats).runnerUp).toBe('b');
  });

  it('longevity: the k-th defeated scores k − 1, a player still standing the number defeated', () => {
    const o = gameOutcome({ vp: vp(1, 2, 3, 4), defeated: ['c', 'a'] }, table.seats);
    expect(Object.fromEntries(o.longevity)).toEqual({ a: 1, b: 2, c: 0, d: 2 });
  });

  it('random simulated results are always valid and decided', () => {
    const rng = createRng(99);
    for (let i = 0; i < 500; i++) {
      const seats = ['a', 'b', 'c', 'd', 'x'].slice(0, 3 + (i % 3));
      const t: Table = { table: 1, seats };
      const result = validate(randomLightseekersResult(seats, rng), t) as LightseekersResult;
      const o = gameOutcome(result, seats);
      expect(o.runnerUpTied).toEqual([]);
      expect(seats).toContain(o.winner);
    }
  });
});
