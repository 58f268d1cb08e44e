/**
 * What used to be worked out outside the rule sets, now each rule set's own (the Ruleset interface):
 * who won a table, where a deck check's extra minutes come from, how a drawn playoff table is
 * marked and noted, the slip's shape; and the points before a round, computed and cached once.
 */
import { describe, expect, it } from 'vitest';
import { pointsBeforeRound } from '../../core/event/points-before.js';
import type { PlayerId, Table, TableResult } from '../../core/model/types.js';
import { availableRulesets, getRuleset } from '../../core/rulesets/index.js';
import { simulateEvent } from '../../core/simulate.js';
import { createBackoff } from '../../core/api/backoff.js';

const table = (seats: PlayerId[], result?: unknown): Table => ({ table: 1, seats, ...(result !== undefined ? { result: result as TableResult } : {}) });

describe('Ruleset.tableWinner', () => {
  it('mtr: the seat with more game wins (for teams, seat matches), a draw, none without a result', () => {
    const mtr = getRuleset('mtr');
    expect(mtr.tableWinner(table(['a', 'b'], { games: [2, 1, 0] }))).toBe('a');
    expect(mtr.tableWinner(table(['a', 'b'], { games: [0, 2, 1] }))).toBe('b');
    expect(mtr.tableWinner(table(['a', 'b'], { games: [1, 1, 1] }))).toBe('draw');
    expect(mtr.tableWinner(table(['a', 'b'], { games: [2, 1, 0], matches: [[2, 0, 0], [2, 1, 0], [0, 2, 0]] }))).toBe('a');
    expect(mtr.tableWinner(table(['a', 'b']))).toBeUndefined();
  });

  it('pods: the winner named, the most game wins of a games list, a draw', () => {
    for (const id of ['mstr-2022', 'mamtr-2024']) {
      const pods = getRuleset(id);
      expect(pods.tableWinner(table(['a', 'b', 'c', 'd'], { winner: 'c' }))).toBe('c');
      expect(pods.tableWinner(table(['a', 'b', 'c', 'd'], { games: ['b', 'draw', 'b'] }))).toBe('b');
      expect(pods.tableWinner(table(['a', 'b', 'c', 'd'], { games: ['a', 'b'] }))).toBe('draw');
      expect(pods.tableWinner(table(['a', 'b', 'c', 'd'], { draw: true }))).toBe('draw');
      expect(pods.tableWinner(table(['a', 'b', 'c', 'd']))).toBeUndefined();
    }
  });

  it('Lightseekers: the most VP, a VP tie to the last standing, an even tie to the pick, else nobody', () => {
    const ls = getRuleset('lightseekers-casual');
    const seats = ['a', 'b', 'c'];
    expect(ls.tableWinner(table(seats, { vp: { a: 3, b: 5, c: 1 }, defeated: ['c', 'a'] }))).toBe('b');
    // a and b tied on VP: b was defeated, a still stands.
    expect(ls.tableWinner(table(seats, { vp: { a: 5, b: 5, c: 1 }, defeated: ['c', 'b'] }))).toBe('a');
    expect(ls.tableWinner(table(seats, { vp: { a: 5, b: 5, c: 1 }, defeated: ['c'], winner: 'b' }))).toBe('b');
    expect(ls.tableWinner(table(seats, { vp: { a: 5, b: 5, c: 1 }, defeated: ['c'] }))).toBeUndefined();
  });

  it('every built-in rule set says who won its own tables', () => {
    for (const ruleset of availableRulesets()) expect(typeof ruleset.tableWinner).toBe('function');
  });
});

describe("the rule sets' own citations and words", () => {
  it("a deck check's extra minutes cite the rule they come from, and the pod form says the same", () => {
    const mtr = getRuleset('mtr');
    expect(mtr.deckCheckRule(mtr.settings({}))).toBe('MTR 2.6');
    const mamtr = getRuleset('mamtr-2024');
    const commander = mamtr.settings({});
    const sealed = mamtr.settings({ format: 'sealed' });
    expect(mamtr.deckCheckRule(commander)).toBe('Commander X.5A');
    expect(mamtr.deckCheckRule(sealed)).toBe('MTR 2.6');
    expect(mamtr.presentation.settings.formatNote?.(commander)).toBe(`Deck checks add ${mamtr.timeLimits(commander, 'swiss').deckCheckExtraMinutes} minutes (Commander X.5A)`);
    expect(mamtr.presentation.settings.formatNote?.(sealed)).toBe('Deck checks add 3 minutes (MTR 2.6)');
    const ls = getRuleset('lightseekers-competitive');
    expect(ls.deckCheckRule(ls.settings({}))).toBeNull();
  });

  it("a drawn playoff pod: MAMTR's 2.4C mark and note, MSTR's new game", () => {
    const mamtr = getRuleset('mamtr-2024').presentation.playoff;
    expect(mamtr.drawMark).toBe('draw, 2.4C');
    expect(mamtr.slipDrawNote).toBe('Draw: the highest Swiss standing in the pod advances (MAMTR 2.4C).');
    const mstr = getRuleset('mstr-2022').presentation.playoff;
    expect(mstr.drawMark).toBeUndefined();
    expect(mstr.slipDrawNote).toBe('Draw: a new game follows (MSTR 2.1A); the playoff is untimed.');
    expect(getRuleset('mtr').presentation.playoff.slipDrawNote).toBeUndefined();
  });

  it("each rule set's slip", () => {
    expect(getRuleset('mtr').presentation.table.slip).toBe('match');
    expect(getRuleset('mstr-2022').presentation.table).toMatchObject({ slip: 'pod', gamesInOrder: true });
    expect(getRuleset('mamtr-2024').presentation.table).toMatchObject({ slip: 'pod', gamesInOrder: false });
    expect(getRuleset('lightseekers-large').presentation.table.slip).toBe('vp');
  });
});

describe('points before a round', () => {
  const { state } = simulateEvent({ ruleset: 'mtr', players: 12, rounds: 3, seed: 4 });

  it("are the standings' points of the Swiss rounds before it", () => {
    const before3 = getRuleset('mtr').standings({ ...state, rounds: state.rounds.slice(0, 2) });
    expect(pointsBeforeRound(state, 3)).toEqual(new Map(before3.map((s) => [s.id, s.points])));
    expect([...pointsBeforeRound(state, 1).values()].every((p) => p === 0)).toBe(true);
  });

  it('are computed once for the same rounds, whether the same objects or a fresh copy', () => {
    const first = pointsBeforeRound(state, 3);
    expect(pointsBeforeRound(state, 3)).toBe(first);
    expect(pointsBeforeRound(structuredClone(state), 3)).toBe(first);
  });

  it('are computed again when an earlier result changes', () => {
    const first = pointsBeforeRound(state, 3);
    const changed = structuredClone(state);
    const t = changed.rounds[0]?.tables[0] as Table;
    const [a, b] = t.seats as [PlayerId, PlayerId];
    const wasFirst = getRuleset('mtr').tableWinner(t) === a;
    t.result = { games: wasFirst ? [0, 2, 0] : [2, 0, 0] } as TableResult;
    const again = pointsBeforeRound(changed, 3);
    expect(again).not.toBe(first);
    expect(again.get(wasFirst ? b : a)).toBe((first.get(wasFirst ? b : a) ?? 0) + 3);
  });
});

describe('reconnect waits', () => {
  it('double from the first up to the longest, and start again after a connection', () => {
    const backoff = createBackoff({ firstMs: 250, maxMs: 5000 });
    expect(Array.from({ length: 7 }, () => backoff.next())).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
    backoff.reset();
    expect(backoff.next()).toBe(250);
  });
});
