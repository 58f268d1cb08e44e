/**
 * Fixed tables at Lightseekers final tables (core/rulesets/lightseekers/playoffs.ts),
 * as at the Swiss rounds and the MTR and pod playoffs (core/pairing/fixed-seats.ts): a final with a
 * fixed player is at that player's table (the lowest when several meet, the others' tables left
 * empty and said so), other finals take 1, 2, … in group order; who sits at which final, and the
 * seat-choosing order, are the rule set's as without fixed tables; the seat choice names the table's
 * number. Casual, competitive and large (group finals and the grand final).
 */
import { describe, expect, it } from 'vitest';
import type { EventState, PairingProposal, PlayerId } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { simulateEvent } from '../../core/simulate.js';
import { lightseekersEvent, playRound, run, seatOrderResult } from '../support/lightseekers.js';

const stripped = (state: EventState): EventState => ({ ...state, players: state.players.map(({ fixedTable: _t, fixedSeat: _s, ...p }) => p) });

function fix(state: EventState, tables: Record<PlayerId, number>): EventState {
  return Object.entries(tables).reduce((s, [id, fixedTable]) => run(s, { type: 'edit-player', id, changes: { fixedTable } }), state);
}

/** The cut recorded and the first playoff round published as proposed (the choosing order as the seats). */
function cut(state: EventState, top: number, seed: number): { state: EventState; first: PairingProposal } {
  const ruleset = getRuleset(state.ruleset);
  let next = run(state, { type: 'start-playoff', top, draft: false, seeds: ruleset.playoff(state, { top }, seed).seeds });
  const first = ruleset.nextPlayoffRound(next, seed) as PairingProposal;
  next = run(next, { type: 'pair-round', round: next.rounds.length + 1, stage: 'playoff', tables: first.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed });
  for (const table of first.tables) next = run(next, { type: 'record-result', round: next.rounds.length, table: table.table, result: { ...seatOrderResult(table.seats) } });
  return { state: next, first };
}

describe('competitive: the final table', () => {
  const played = [1, 2, 3].reduce((s, seed) => playRound(s, seed), lightseekersEvent('lightseekers-competitive', 15));
  const ruleset = getRuleset('lightseekers-competitive');
  const plain = ruleset.playoff(played, { top: 5 }, 1);

  it('is at a finalist’s fixed table, the seat choice with it; the finalists and their choosing order stay', () => {
    const second = plain.seeds[1] as PlayerId;
    const state = fix(played, { [second]: 4 });
    const pairing = ruleset.playoff(state, { top: 5 }, 1);
    expect(pairing.tables).toEqual([{ table: 4, seats: plain.tables[0]?.seats }]);
    expect(pairing.seatChoice).toEqual([{ table: 4, order: plain.seatChoice?.[0]?.order }]);
    expect(pairing.seeds).toEqual(plain.seeds);

    const { first } = cut(state, 5, 2);
    expect(first.tables.map((t) => t.table)).toEqual([4]);
    expect(first.seatChoice?.map((c) => c.table)).toEqual([4]);
    expect(first.warnings.map((w) => w.message)).toContainEqual(expect.stringMatching(/^Table 4: the players choose their seats, lowest seed first: /));
  });

  it('a fixed player who is not a finalist changes nothing', () => {
    const outside = ruleset.standings(played).find((s) => !plain.seeds.includes(s.id))?.id as PlayerId;
    const pairing = ruleset.playoff(fix(played, { [outside]: 4 }), { top: 5 }, 1);
    expect(pairing).toEqual(plain);
  });
});

describe('casual: the final table', () => {
  const played = playRound(lightseekersEvent('lightseekers-casual', 13), 1);
  const ruleset = getRuleset('lightseekers-casual');
  const plain = ruleset.playoff(played, { top: 4 }, 9);

  it('two finalists fixed: the final is at the lower of their tables, the other stays empty and is said so', () => {
    const [a, b] = plain.seeds as [PlayerId, PlayerId];
    const state = fix(played, { [a]: 9, [b]: 3 });
    const pairing = ruleset.playoff(state, { top: 4 }, 9);
    expect(pairing.tables).toEqual([{ table: 3, seats: plain.tables[0]?.seats }]);
    const name = (id: PlayerId) => state.players.find((p) => p.id === id)?.name;
    expect(pairing.warnings?.map((w) => w.message)).toContain(`Table 9 stays empty: ${name(a)} (fixed at 9) plays at table 3 with ${name(b)} (fixed at 3)`);
    // The final as the next round: the same table.
    const { first } = cut(state, 4, 9);
    expect(first.tables.map((t) => t.table)).toEqual([3]);
    expect([...(first.tables[0]?.seats ?? [])].sort()).toEqual([...plain.seeds].sort());
  });
});

describe('large: group finals and the grand final', () => {
  const { state: played } = simulateEvent({ ruleset: 'lightseekers-large', players: 57, rounds: 3, seed: 4 });
  const ruleset = getRuleset('lightseekers-large');
  const plain = ruleset.playoff(played, { top: 15 }, 1);

  it('a group final with a fixed finalist at their table, the others 1, 2 in group order; each seat choice with its table', () => {
    const finalist = plain.tables[1]?.seats[0] as PlayerId;
    const state = fix(played, { [finalist]: 1 });
    const pairing = ruleset.playoff(state, { top: 15 }, 1);
    expect(pairing.tables.map((t) => t.seats)).toEqual(plain.tables.map((t) => t.seats));
    expect(pairing.tables.map((t) => t.table)).toEqual([2, 1, 3]);
    expect(pairing.seatChoice).toEqual(plain.seatChoice?.map((c, i) => ({ table: pairing.tables[i]?.table, order: c.order })));

    // The group finals as published, then the grand final at the fixed player's table when they reach it.
    const { state: after, first } = cut(state, 15, 3);
    expect(first.tables.map((t) => t.table)).toEqual([2, 1, 3]);
    expect(first.seatChoice?.map((c) => c.table)).toEqual([2, 1, 3]);
    const grand = ruleset.nextPlayoffRound(after, 7) as PairingProposal;
    const plainGrand = ruleset.nextPlayoffRound(stripped(after), 7) as PairingProposal;
    expect(grand.tables.map((t) => t.seats)).toEqual(plainGrand.tables.map((t) => t.seats));
    // seatOrderResult: seat 1 of each group final wins — the finalist, who chose first (the lowest seed).
    expect(grand.tables[0]?.seats).toContain(finalist);
    expect(grand.tables[0]?.table).toBe(1);
    expect(plainGrand.tables[0]?.table).toBe(1);
  });

  it('the grand final is at the table of a fixed player who reaches it (set after the group finals)', () => {
    const { state: after } = cut(played, 15, 3);
    const plainGrand = ruleset.nextPlayoffRound(after, 7) as PairingProposal;
    const grandFinalist = plainGrand.tables[0]?.seats[0] as PlayerId;
    const grand = ruleset.nextPlayoffRound(fix(after, { [grandFinalist]: 12 }), 7) as PairingProposal;
    expect(grand.tables).toEqual([{ table: 12, seats: plainGrand.tables[0]?.seats }]);
  });
});
