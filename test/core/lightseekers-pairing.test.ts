/**
 * Lightseekers tables and rounds (RULES 3): the seed's casual table, competitive table sizes and the
 * target rule (property tests over 8–150 players), large-event groups.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, PlayerId } from '../../core/model/types.js';
import { createRng } from '../../core/random/rng.js';
import { lightseekersCasual, lightseekersCompetitive, lightseekersLarge } from '../../core/rulesets/lightseekers/index.js';
import { arrangeTables, targetHistory, targetsOf } from '../../core/rulesets/lightseekers/pairing.js';
import {
  CASUAL_TABLE,
  casualRow,
  casualTableSizes,
  competitiveTableSizes,
  largeGroupSizes,
} from '../../core/rulesets/lightseekers/tables.js';
import { simulateEvent } from '../../core/simulate.js';
import { lightseekersEvent, pid, playRound, run, targetCounts } from '../support/lightseekers.js';

/** Counts whose players cannot all sit at tables of 4 and 5. */
const FORCES_A_THREE = new Set([3, 6, 7, 11]);

function expectNoRepeatedTarget(state: EventState): void {
  for (const [pair, count] of targetCounts(state.rounds)) expect(count, `target pair ${pair}`).toBe(1);
}

function expectLegalSizes(state: EventState): void {
  for (const round of state.rounds) {
    const seated = round.tables.reduce((sum, t) => sum + t.seats.length, 0);
    const sizes = round.tables.map((t) => t.seats.length);
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(3);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(5);
    const threes = sizes.filter((s) => s === 3).length;
    if (FORCES_A_THREE.has(seated)) expect(threes, `${seated} players: ${sizes}`).toBeGreaterThan(0);
    else expect(threes, `${seated} players: ${sizes}`).toBe(0);
  }
}

describe("the seed's casual table, as data", () => {
  it('has one row for every count 5–25, tables adding up, "Who advances?" filling the final', () => {
    expect(CASUAL_TABLE.map((r) => r.players)).toEqual(Array.from({ length: 21 }, (_, i) => i + 5));
    for (const row of CASUAL_TABLE) {
      expect(row.tables.reduce((a, b) => a + b, 0), `${row.players}`).toBe(row.players);
      expect(row.advance.reduce((a, b) => a + b, 0), `${row.players}`).toBe(row.finalSize);
      // Tables of one size send the same number (so real tables match the row by size).
      const bySize = new Map<number, Set<number>>();
      row.tables.forEach((size, i) => bySize.set(size, (bySize.get(size) ?? new Set()).add(row.advance[i] as number)));
      for (const set of bySize.values()) expect(set.size).toBe(1);
    }
  });

  it('transcribes the seed rows exactly', () => {
    const seed: [number, string, number, string][] = [
      [5, '5', 0, 'N/A'],
      [6, '6', 0, 'N/A'],
      [7, '3,4', 3, '1 from 3, 2 from 4'],
      [8, '4,4', 4, '2 from each'],
      [9, '5,4', 4, '2 from each'],
      [10, '5,5', 4, '2 from each'],
      [11, '4,4,3', 5, '2 from 4s, 1 from 3'],
      [12, '4,4,4', 3, '1 from each'],
      [13, '5,4,4', 4, '2 from 4, 1 from 4s'],
      [14, '5,5,4', 5, '2 from 5s, 1 from 4'],
      [15, '5,5,5', 3, '1 from each'],
      [16, '4,4,4,4', 4, '1 from each'],
      [17, '5,4,4,4', 5, '2 from 5, 1 from 4s'],
      [18, '5,5,4,4', 4, '1 from each'],
      [19, '5,5,5,4', 4, '1 from each'],
      [20, '4,4,4,4,4', 5, '1 from each'],
      [21, '5,4,4,4,4', 5, '1 from each'],
      [22, '5,5,4,4,4', 5, '1 from each'],
      [23, '5,5,5,4,4', 5, '1 from each'],
      [24, '5,5,5,5,4', 5, '1 from each'],
      [25, '5,5,5,5,5', 5, '1 from each'],
    ];
    for (const [players, tables, finalSize, who] of seed) {
      const row = casualRow(players)!;
      expect(row.tables.join(','), `${players}`).toBe(tables);
      expect(row.finalSize).toBe(finalSize);
      expect(row.whoAdvances).toBe(who);
    }
    // RULES 3 Decision: 13 reads "2 from 5, 1 from each 4".
    expect(casualRow(13)!.advance).toEqual([2, 1, 1]);
    expect(casualRow(7)!.advance).toEqual([1, 2]);
    expect(casualRow(11)!.advance).toEqual([2, 2, 1]);
  });

  it('pair on a fresh casual event gives the seed table sizes, in order, for every count 5–25', () => {
    for (let n = 5; n <= 25; n++) {
      const proposal = lightseekersCasual.pair(lightseekersEvent('lightseekers-casual', n), 1000 + n);
      expect(proposal.tables.map((t) => t.seats.length), `${n} players`).toEqual([...casualRow(n)!.tables]);
      expect(new Set(proposal.tables.flatMap((t) => t.seats)).size).toBe(n);
      expect(proposal.warnings).toEqual([]);
    }
  });

  it('casual seats are random (seeded): different seeds, different tables; same seed, same tables', () => {
    const state = lightseekersEvent('lightseekers-casual', 13);
    const a = lightseekersCasual.pair(state, 1).tables;
    expect(lightseekersCasual.pair(state, 1).tables).toEqual(a);
    expect(lightseekersCasual.pair(state, 2).tables).not.toEqual(a);
  });

  it('outside 5–25 a casual event still pairs, with a warning (RULES 4)', () => {
    const proposal = lightseekersCasual.pair(lightseekersEvent('lightseekers-casual', 30), 3);
    expect(proposal.tables.map((t) => t.seats.length)).toEqual(casualTableSizes(30));
    expect(proposal.warnings.map((w) => w.message).join(' ')).toMatch(/written for 5 to 25 players; this event has 30/);
  });
});

describe('competitive table sizes: 3 to 5, preferring 4 and 5', () => {
  it('uses a table of 3 only where the count forces it', () => {
    for (let n = 3; n <= 400; n++) {
      const sizes = competitiveTableSizes(n);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(3);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(5);
      expect(sizes.includes(3), `${n}: ${sizes}`).toBe(FORCES_A_THREE.has(n));
    }
    expect(competitiveTableSizes(11)).toEqual([4, 4, 3]);
    expect(competitiveTableSizes(17)).toEqual([5, 4, 4, 4]);
    expect(competitiveTableSizes(16)).toEqual([4, 4, 4, 4]);
    expect(competitiveTableSizes(13)).toEqual([5, 4, 4]);
    expect(() => competitiveTableSizes(2)).toThrow(/a game needs 3 to 6 players/);
  });
});

describe('the target rule', () => {
  it('targets: seat k → seat k + 1, the last seat → seat 1', () => {
    expect(targetsOf(['a', 'b', 'c', 'd'])).toEqual([
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
      ['d', 'a'],
    ]);
  });

  for (const n of [8, 13, 31, 150])
    it(`simulated competitive events of ${n} players never repeat a target, with a table of 3 only where forced`, () => {
      for (const seed of [1, 2, 3, 4, 5]) {
        const { state } = simulateEvent({ ruleset: 'lightseekers-competitive', players: n, rounds: 3, seed });
        expect(state.rounds).toHaveLength(3);
        expectNoRepeatedTarget(state);
        expectLegalSizes(state);
      }
    });

  it('property: any count 8–150, any seed, with drops: no repeated target, tables of 3 only where forced', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 150 }), fc.integer(), fc.constantFrom(0, 0, 0.05, 0.15), (n, seed, dropRate) => {
        const { state } = simulateEvent({ ruleset: 'lightseekers-competitive', players: n, rounds: 3, seed, dropRate });
        expectNoRepeatedTarget(state);
        expectLegalSizes(state);
      }),
      { numRuns: 120, seed: 4242 },
    );
  });

  it('property: arrangeTables honours any history that leaves room (a fourth round of 8–40 players)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 40 }), fc.integer(), (n, seed) => {
        const { state } = simulateEvent({ ruleset: 'lightseekers-competitive', players: n, rounds: 3, seed });
        const ids = state.players.map((p) => p.id);
        const history = targetHistory(state.rounds);
        const { tables, repeats } = arrangeTables(ids, competitiveTableSizes(n), history, createRng(seed));
        expect(repeats).toEqual([]);
        for (const seats of tables) for (const [a, b] of targetsOf(seats)) expect(history.get(a)?.has(b) ?? false).toBe(false);
        expect(tables.flat().sort()).toEqual([...ids].sort());
      }),
      { numRuns: 40, seed: 7 },
    );
  });

  it('when no arrangement exists (3 players, third round) the fewest repeats, each a warning', () => {
    let state = lightseekersEvent('lightseekers-competitive', 3);
    state = playRound(state, 1);
    state = playRound(state, 2);
    const proposal = lightseekersCompetitive.pair(state, 3);
    expect(proposal.tables.map((t) => t.seats.length)).toEqual([3]);
    const rematches = proposal.warnings.filter((w) => w.kind === 'rematch');
    expect(rematches.length).toBeGreaterThan(0);
    expect(rematches[0]!.message).toMatch(/targets .* again \(table 1\): no arrangement avoids it/);
    expect(proposal.warnings.some((w) => /written for 8 to 150 players; this event has 3/.test(w.message))).toBe(true);
  });

  it('an 11-player round warns that a table of 3 is forced; a fourth round is an extra round', () => {
    let state = lightseekersEvent('lightseekers-competitive', 11);
    const first = lightseekersCompetitive.pair(state, 1);
    expect(first.tables.map((t) => t.seats.length)).toEqual([4, 4, 3]);
    expect(first.warnings.map((w) => w.message)).toEqual(['11 players cannot all sit at tables of 4 and 5: tables of 4, 4, 3']);
    for (let r = 1; r <= 3; r++) state = playRound(state, r);
    expect(lightseekersCompetitive.pair(state, 4).warnings.map((w) => w.message)).toContain(
      'lightseekers-competitive plays 3 rounds before the final; round 4 is an extra round',
    );
  });
});

describe('large events: groups', () => {
  it('⌈N/25⌉ groups as equal as possible for every count 26–150; 57 → 19, 19, 19', () => {
    expect(largeGroupSizes(57)).toEqual([19, 19, 19]);
    for (let n = 26; n <= 150; n++) {
      const sizes = largeGroupSizes(n);
      expect(sizes).toHaveLength(Math.ceil(n / 25));
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(25);
    }
    expect(largeGroupSizes(26)).toEqual([13, 13]);
    expect(largeGroupSizes(150)).toEqual([25, 25, 25, 25, 25, 25]);
    expect(largeGroupSizes(200)).toHaveLength(6); // beyond 150: still 6 groups (a warning)
  });

  it('a 57-player event draws groups of 19, 19, 19 with round 1, records them, and pairs each group apart', () => {
    const { state } = simulateEvent({ ruleset: 'lightseekers-large', players: 57, rounds: 3, seed: 3 });
    const sizes = [1, 2, 3].map((g) => state.players.filter((p) => p.group === g).length);
    expect(sizes).toEqual([19, 19, 19]);
    expect(state.players.every((p) => p.group !== undefined)).toBe(true);
    const groupOf = new Map(state.players.map((p) => [p.id, p.group]));
    for (const round of state.rounds) {
      for (const table of round.tables) expect(new Set(table.seats.map((id) => groupOf.get(id))).size).toBe(1);
      // 19 players: tables of 5, 5, 5, 4 in each group.
      expect(round.tables.map((t) => t.seats.length)).toEqual([5, 5, 5, 4, 5, 5, 5, 4, 5, 5, 5, 4]);
    }
    expectNoRepeatedTarget(state);
    // Standings: by group, ranks within the group.
    const standings = lightseekersLarge.standings(state);
    expect(standings.map((s) => s.group)).toEqual([...Array(19).fill(1), ...Array(19).fill(2), ...Array(19).fill(3)]);
    expect(standings.filter((s) => s.group === 2).map((s) => s.rank)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
  });

  it('property: large events of 26–150 keep groups apart and never repeat a target', () => {
    fc.assert(
      fc.property(fc.integer({ min: 26, max: 150 }), fc.integer(), (n, seed) => {
        const { state } = simulateEvent({ ruleset: 'lightseekers-large', players: n, rounds: 3, seed });
        const groupOf = new Map(state.players.map((p) => [p.id, p.group]));
        const sizes = largeGroupSizes(n);
        expect(sizes.map((_, g) => state.players.filter((p) => p.group === g + 1).length)).toEqual(sizes);
        for (const round of state.rounds)
          for (const table of round.tables) {
            expect(new Set(table.seats.map((id) => groupOf.get(id))).size).toBe(1);
            expect(table.seats.length).toBeGreaterThanOrEqual(4); // groups of 13–25: never a 3
          }
        expectNoRepeatedTarget(state);
      }),
      { numRuns: 40, seed: 99 },
    );
  });

  it('a late entry joins the smallest group, recorded with the round', () => {
    let state = lightseekersEvent('lightseekers-large', 27);
    state = playRound(state, 1);
    const sizesBefore = [1, 2].map((g) => state.players.filter((p) => p.group === g).length);
    expect(sizesBefore).toEqual([14, 13]);
    state = run(state, { type: 'register-player', player: { id: 'late', name: 'Late Comer' }, draw: 99 });
    const proposal = lightseekersLarge.pair(state, 2);
    expect(proposal.groups?.[1]).toContain('late');
    state = playRound(state, 2);
    expect(state.players.find((p) => p.id === 'late')?.group).toBe(2);
  });

  it('the fold refuses a large round mixing groups, a player without a group, and groups elsewhere', () => {
    let state = lightseekersEvent('lightseekers-large', 26);
    const ids = state.players.map((p) => p.id);
    const groups = [ids.slice(0, 13), ids.slice(13)];
    const mixed = [ids[0]!, ids[1]!, ids[2]!, ids[20]!];
    const rest = ids.filter((id) => !mixed.includes(id));
    const tablesOf = (seats: PlayerId[][]) => seats.map((s, i) => ({ table: i + 1, seats: s }));
    const chunks = (list: PlayerId[], sizes: number[]) => {
      const out: PlayerId[][] = [];
      let at = 0;
      for (const s of sizes) out.push(list.slice(at, (at += s)));
      return out;
    };
    expect(() =>
      run(state, { type: 'pair-round', round: 1, stage: 'swiss', tables: tablesOf([mixed, ...chunks(rest, [4, 4, 4, 5, 5])]), byes: [], seed: 1, groups }),
    ).toThrow(/table 1 mixes group 1 and group 2/);
    expect(() =>
      run(state, { type: 'pair-round', round: 1, stage: 'swiss', tables: tablesOf(chunks(ids, [5, 4, 4, 4, 5, 4])), byes: [], seed: 1 }),
    ).toThrow(/has no group; a lightseekers-large round records its groups/);
    state = run(state, { type: 'pair-round', round: 1, stage: 'swiss', tables: tablesOf([...chunks(ids.slice(0, 13), [5, 4, 4]), ...chunks(ids.slice(13), [5, 4, 4])]), byes: [], seed: 1, groups });
    expect(state.players.filter((p) => p.group === 2).map((p) => p.id)).toEqual(ids.slice(13));
    const competitive = lightseekersEvent('lightseekers-competitive', 8);
    expect(() =>
      run(competitive, { type: 'pair-round', round: 1, stage: 'swiss', tables: tablesOf(chunks(competitive.players.map((p) => p.id), [4, 4])), byes: [], seed: 1, groups: [[pid(1)]] }),
    ).toThrow(/groups are only recorded in lightseekers-large events/);
  });
});

describe('the fold', () => {
  it('checks table sizes and results: a tie without a pick asks the scorekeeper', () => {
    let state = lightseekersEvent('lightseekers-competitive', 8);
    const ids = state.players.map((p) => p.id);
    expect(() =>
      run(state, { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ids.slice(0, 6) }, { table: 2, seats: ids.slice(6) }], byes: [], seed: 1 }),
    ).toThrow(/table 1 seats 6 players; this rule set seats 3 to 5/);
    state = run(state, { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ids.slice(0, 4) }, { table: 2, seats: ids.slice(4) }], byes: [], seed: 1 });
    const tie = { vp: { p001: 4, p002: 4, p003: 1, p004: 0 }, defeated: ['p004'] };
    let error: unknown;
    try {
      run(state, { type: 'record-result', round: 1, table: 1, result: tie });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PodiumError);
    expect((error as PodiumError).message).toBe(
      'table 1: Player 1 and Player 2 are tied for the win (4 VP each, all still standing): the scorekeeper must pick the winner among them ("winner")',
    );
    state = run(state, { type: 'record-result', round: 1, table: 1, result: { ...tie, winner: 'p002' } });
    expect(lightseekersCompetitive.standings(state).find((s) => s.id === 'p002')?.points).toBe(1);
  });
});
