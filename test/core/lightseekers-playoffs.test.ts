/**
 * Lightseekers final tables (RULES 3): casual finals per the seed's "Who advances?", competitive final
 * tables (5; 4 for 8–10) with the seat-choosing order, large events' group finals and grand final.
 */
import { describe, expect, it } from 'vitest';
import type { EventState, LightseekersResult, PlayerId } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { lightseekersCasual, lightseekersCompetitive, lightseekersLarge } from '../../core/rulesets/lightseekers/index.js';
import { casualRow } from '../../core/rulesets/lightseekers/tables.js';
import { lightseekersTimeLimits, lightseekersRecommendedRounds } from '../../core/rulesets/lightseekers/timing.js';
import { LIGHTSEEKERS_CASUAL, LIGHTSEEKERS_COMPETITIVE, LIGHTSEEKERS_LARGE } from '../../core/rulesets/lightseekers/variant.js';
import { simulateEvent } from '../../core/simulate.js';
import { cutAndPairFinal, lightseekersEvent, playRound, run, seatOrderResult } from '../support/lightseekers.js';

function recordPlayoffResults(state: EventState, result: (seats: readonly PlayerId[]) => LightseekersResult = seatOrderResult): EventState {
  const round = state.rounds[state.rounds.length - 1]!;
  let next = state;
  for (const table of round.tables)
    next = run(next, { type: 'record-result', round: round.number, table: table.table, result: { ...result(table.seats) } });
  return next;
}

describe('casual: the final table as "Who advances?" says', () => {
  for (let n = 7; n <= 25; n++) {
    it(`${n} players: ${casualRow(n)!.whoAdvances} → a final of ${casualRow(n)!.finalSize}`, () => {
      const state = playRound(lightseekersEvent('lightseekers-casual', n), 100 + n);
      const row = casualRow(n)!;
      const tables = state.rounds[0]!.tables;
      expect(tables.map((t) => t.seats.length)).toEqual([...row.tables]);
      // seatOrderResult: seat 1 wins, seat 2 is runner-up.
      const winners = tables.map((t) => t.seats[0]);
      const runnersUp = tables.filter((_, i) => row.advance[i] === 2).map((t) => t.seats[1]);
      const pairing = lightseekersCasual.playoff(state, { top: row.finalSize }, 9);
      expect(pairing.seeds).toEqual([...winners, ...runnersUp]);
      expect(pairing.tables).toHaveLength(1);
      expect([...pairing.tables[0]!.seats].sort()).toEqual([...pairing.seeds].sort());
      expect(pairing.waiting).toEqual([]);
      // The cut, the final, then nothing more.
      let final = cutAndPairFinal(state, row.finalSize);
      expect(final.rounds[1]!.tables[0]!.seats).toHaveLength(row.finalSize);
      final = recordPlayoffResults(final);
      expect(lightseekersCasual.nextPlayoffRound(final, 3)).toBeNull();
    });
  }

  it('13 players (RULES 3 Decision): winner and runner-up of the table of 5, the winner of each table of 4', () => {
    const state = playRound(lightseekersEvent('lightseekers-casual', 13), 1);
    const [five, fourA, fourB] = state.rounds[0]!.tables;
    expect(lightseekersCasual.playoff(state, { top: 4 }, 1).seeds).toEqual([five!.seats[0], fourA!.seats[0], fourB!.seats[0], five!.seats[1]]);
  });

  it('5 or 6 players: one table, no final', () => {
    for (const n of [5, 6]) {
      const state = playRound(lightseekersEvent('lightseekers-casual', n), 1);
      expect(state.rounds[0]!.tables).toHaveLength(1);
      expect(() => lightseekersCasual.playoff(state, { top: 4 }, 1)).toThrow(/a casual event of 5 or 6 players has no final table/);
    }
  });

  it('the wrong --top is refused with the right one named', () => {
    const state = playRound(lightseekersEvent('lightseekers-casual', 13), 1);
    expect(() => lightseekersCasual.playoff(state, { top: 5 }, 1)).toThrow(
      "lightseekers-casual: with 13 players the seed's final table seats 4 (2 from 4, 1 from 4s), so the cut is top 4, not top 5 (RULES 3)",
    );
  });

  it('a runner-up still tied must be picked before the final; a pick or a dropped winner is honoured', () => {
    // 8 players: 2 from each table. Table 1's runner-up is tied.
    const tied = (seats: readonly PlayerId[]): LightseekersResult => ({
      vp: { [seats[0]!]: 9, [seats[1]!]: 4, [seats[2]!]: 4, [seats[3]!]: 0 },
      defeated: [seats[3]!],
    });
    let state = playRound(lightseekersEvent('lightseekers-casual', 8), 1, tied);
    const t1 = state.rounds[0]!.tables[0]!;
    expect(() => lightseekersCasual.playoff(state, { top: 4 }, 1)).toThrow(
      new RegExp(`round 1, table 1: Player \\d+ and Player \\d+ are tied for runner-up .*the scorekeeper must pick the runner-up among them \\("runnerUp" in the result\\)`),
    );
    state = run(state, { type: 'record-result', round: 1, table: 1, result: { ...tied(t1.seats), runnerUp: t1.seats[2]! }, reason: 'runner-up pick' });
    state = run(state, { type: 'record-result', round: 1, table: 2, result: { ...tied(state.rounds[0]!.tables[1]!.seats), runnerUp: state.rounds[0]!.tables[1]!.seats[1]! }, reason: 'runner-up pick' });
    const pairing = lightseekersCasual.playoff(state, { top: 4 }, 1);
    expect(pairing.seeds).toContain(t1.seats[2]);
    expect(pairing.seeds).not.toContain(t1.seats[1]);
    // The winner of table 1 drops: the next of that game takes the place.
    state = run(state, { type: 'drop-player', id: t1.seats[0]! });
    const after = lightseekersCasual.playoff(state, { top: 4 }, 1);
    expect(after.seeds).toHaveLength(4);
    expect(after.seeds).not.toContain(t1.seats[0]);
    expect(after.warnings?.map((w) => w.message).join(' ')).toMatch(/dropped: from table 1 .* advance/);
  });
});

describe('competitive: the final table', () => {
  it('top 4 for 8–10 players, top 5 from 11', () => {
    for (const n of [8, 9, 10, 11, 13, 40]) {
      const { state } = simulateEvent({ ruleset: 'lightseekers-competitive', players: n, rounds: 3, seed: n });
      const size = n <= 10 ? 4 : 5;
      const pairing = lightseekersCompetitive.playoff(state, { top: size }, 1);
      expect(pairing.seeds).toHaveLength(size);
      expect(() => lightseekersCompetitive.playoff(state, { top: size === 4 ? 5 : 4 }, 1)).toThrow(
        `lightseekers-competitive: with ${n} players the final table seats ${size}, so the cut is top ${size}, not top ${size === 4 ? 5 : 4} (RULES 3)`,
      );
    }
  });

  it('the seeds are the top of the standings; the players choose seats lowest seed first, the top seed last', () => {
    const { state } = simulateEvent({ ruleset: 'lightseekers-competitive', players: 13, rounds: 3, seed: 8 });
    const standings = lightseekersCompetitive.standings(state);
    const pairing = lightseekersCompetitive.playoff(state, { top: 5 }, 1);
    const top5 = standings.slice(0, 5).map((s) => s.id);
    expect(pairing.seeds).toEqual(top5);
    const choosing = [...top5].reverse();
    expect(pairing.seatChoice).toEqual([{ table: 1, order: choosing }]);
    expect(pairing.tables).toEqual([{ table: 1, seats: choosing }]);
    // After the cut the proposal says so, and the seating the players chose is recorded as given.
    let cut = run(state, { type: 'start-playoff', top: 5, draft: false, seeds: pairing.seeds });
    const proposal = lightseekersCompetitive.nextPlayoffRound(cut, 2)!;
    expect(proposal.seatChoice).toEqual([{ table: 1, order: choosing }]);
    expect(proposal.warnings.map((w) => w.message).join(' ')).toMatch(/the players choose their seats, lowest seed first: .*record the seating they choose/);
    const chosen = [top5[2]!, top5[0]!, top5[4]!, top5[1]!, top5[3]!];
    cut = run(cut, { type: 'pair-round', round: 4, stage: 'playoff', tables: [{ table: 1, seats: chosen }], byes: [], seed: 2 });
    expect(cut.rounds[3]!.tables[0]!.seats).toEqual(chosen);
    cut = recordPlayoffResults(cut);
    expect(lightseekersCompetitive.nextPlayoffRound(cut, 3)).toBeNull();
  });

  it('a tie on every tiebreaker at the cut is reported for the organiser', () => {
    // 8 players, one round, every table the same result shape: seats 1 tie across tables.
    let state = lightseekersEvent('lightseekers-competitive', 8);
    state = playRound(state, 1);
    // After one round: two winners (equal), two runners-up (equal), ... The top 4 cut splits nobody,
    // but the choosing order between the two winners is the organiser's.
    const pairing = lightseekersCompetitive.playoff(state, { top: 4 }, 1);
    expect(pairing.warnings?.some((w) => /organiser decides: .* which decides who chooses a seat first/.test(w.message))).toBe(true);
    // Drop one winner: the cut's last place is shared by a tie that straddles it.
    const dropped = run(state, { type: 'drop-player', id: pairing.seeds[0]! });
    const again = lightseekersCompetitive.playoff(dropped, { top: 4 }, 1);
    expect(again.seeds).not.toContain(pairing.seeds[0]);
    expect(again.warnings?.map((w) => w.message).join(' ')).toMatch(/dropped and does not go to the final table/);
    expect(again.warnings?.some((w) => /organiser decides: .* for the last place at the final table; Podium took .* by the registration draw/.test(w.message))).toBe(true);
    const standing = lightseekersCompetitive.standings(state).find((s) => s.id === again.seeds[3]);
    expect(standing?.organiserDecides).toBe(true);
  });
});

describe('large: group finals and the grand final', () => {
  function largeFinals(players: number, seed: number) {
    const { state } = simulateEvent({ ruleset: 'lightseekers-large', players, rounds: 3, seed });
    const groups = new Set(state.players.map((p) => p.group)).size;
    let next = cutAndPairFinal(state, 5 * groups, seed);
    const groupFinals = next.rounds[3]!;
    next = recordPlayoffResults(next);
    return { state, groups, groupFinals, next };
  }

  it('57 players: three group finals of 5 (seats in choosing order), then a grand final of 6 with random seats', () => {
    const { state, groupFinals, next } = largeFinals(57, 4);
    const pairing = lightseekersLarge.playoff(state, { top: 15 }, 1);
    expect(pairing.tables.map((t) => t.seats.length)).toEqual([5, 5, 5]);
    expect(pairing.seatChoice?.map((c) => c.table)).toEqual([1, 2, 3]);
    const groupOf = new Map(state.players.map((p) => [p.id, p.group]));
    pairing.tables.forEach((t, i) => expect(t.seats.every((id) => groupOf.get(id) === i + 1)).toBe(true));
    // Each group's final: its top 5 in choosing order.
    for (let g = 1; g <= 3; g++) {
      const top5 = lightseekersLarge.standings(state).filter((s) => s.group === g).slice(0, 5).map((s) => s.id);
      expect(pairing.tables[g - 1]!.seats).toEqual([...top5].reverse());
    }
    expect(() => lightseekersLarge.playoff(state, { top: 5 }, 1)).toThrow(/3 groups each cut a final table \(5, 5, 5\), so the cut is top 15, not top 5/);
    // Grand final: winner and runner-up of each group final (seatOrderResult: seats 1 and 2).
    const grand = lightseekersLarge.nextPlayoffRound(next, 77)!;
    expect(grand.tables).toHaveLength(1);
    const expected = [...groupFinals.tables.map((t) => t.seats[0]), ...groupFinals.tables.map((t) => t.seats[1])];
    expect([...grand.tables[0]!.seats].sort()).toEqual([...expected].sort() as string[]);
    expect(lightseekersLarge.nextPlayoffRound(next, 78)!.tables[0]!.seats).not.toEqual(grand.tables[0]!.seats);
    // Record it, play it: done.
    let done = run(next, { type: 'pair-round', round: 5, stage: 'playoff', tables: grand.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: 77 });
    done = recordPlayoffResults(done);
    expect(lightseekersLarge.nextPlayoffRound(done, 79)).toBeNull();
  });

  it('2 groups: winner and runner-up of each (4); 4–6 groups: each winner', () => {
    for (const [players, groups, size] of [
      [40, 2, 4],
      [80, 4, 4],
      [101, 5, 5],
      [150, 6, 6],
    ] as const) {
      const r = largeFinals(players, players);
      expect(r.groups).toBe(groups);
      const grand = lightseekersLarge.nextPlayoffRound(r.next, 1)!;
      expect(grand.tables[0]!.seats, `${players} players`).toHaveLength(size);
      const winners = r.groupFinals.tables.map((t) => t.seats[0]!);
      for (const w of winners) expect(grand.tables[0]!.seats).toContain(w);
    }
  });
});

describe('timing and recommended rounds', () => {
  it('90-minute games (the seed\'s "typically 1.5 hours"), the active player finishes at time and the game is scored as it stands', () => {
    for (const id of ['lightseekers-casual', 'lightseekers-competitive', 'lightseekers-large']) {
      const rs = getRuleset(id);
      expect(rs.timeLimits(rs.settings({}), 'swiss').roundMinutes).toBe(90);
      expect(rs.timeLimits(rs.settings({}), 'playoff').roundMinutes).toBe(90);
      expect(rs.endOfRound(rs.settings({}), 'swiss')).toEqual({ kind: 'active-player-finishes', unfinished: 'as-it-stands' });
    }
    expect(lightseekersTimeLimits(LIGHTSEEKERS_CASUAL, lightseekersCasual.settings({}), 'swiss').deckCheckExtraMinutes).toBe(0);
  });

  it('casual 1 round (+ the seed\'s final), competitive 3 (+ 4 or 5), large 3 per group (+ 5 per group and a grand final)', () => {
    const settings = lightseekersCasual.settings({});
    expect(lightseekersRecommendedRounds(LIGHTSEEKERS_CASUAL, { competitors: 13 }, settings)).toMatchObject({ swissRounds: 1, top: 4 });
    expect(lightseekersRecommendedRounds(LIGHTSEEKERS_CASUAL, { competitors: 6 }, settings)).toMatchObject({ swissRounds: 1, top: 0 });
    expect(lightseekersRecommendedRounds(LIGHTSEEKERS_COMPETITIVE, { competitors: 9 }, settings)).toMatchObject({ swissRounds: 3, top: 4 });
    expect(lightseekersRecommendedRounds(LIGHTSEEKERS_COMPETITIVE, { competitors: 31 }, settings)).toMatchObject({ swissRounds: 3, top: 5 });
    const large = lightseekersRecommendedRounds(LIGHTSEEKERS_LARGE, { competitors: 57 }, settings);
    expect(large).toMatchObject({ swissRounds: 3, top: 15 });
    expect(large.note).toMatch(/3 groups of 19, 19, 19, each with 3 rounds and its own final table, then a grand final of 6/);
    expect(lightseekersRecommendedRounds(LIGHTSEEKERS_COMPETITIVE, { competitors: 5 }, settings).note).toMatch(/written for 8 to 150 players, not 5/);
  });
});
