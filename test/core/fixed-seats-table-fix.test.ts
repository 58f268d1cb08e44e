/**
 * Fixed seats in a table fix of a published round (core/event/table-fix.ts): a
 * re-pair of the open tables numbers its tables with core/pairing/fixed-seats.ts within the
 * published numbers — a fixed player keeps their table when it is one of them, two fixed players
 * paired together play at the lower of their tables among them, a fixed seat is taken (pods) — and
 * says in words what it could not honour; a swap says when it takes a fixed player off their table.
 * Hand-worked rounds, head-to-head (mtr) and pods (mstr-2022). Whole random events with table
 * fixes: fixed-seats-properties.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { fixCommand, openTablesFix, swapFix } from '../../core/event/table-fix.js';
import type { EventState, RulesetId } from '../../core/model/types.js';

const NAMES = ['Ana Archer', 'Bo Brandt', 'Cy Castro', 'Di Dahl', 'Ed Eng', 'Flo Falk', 'Gil Gray', 'Hal Hart', 'Ida Ivy', 'Jo Jung', 'Kai Kent', 'Lu Lind'];

type Fixed = Record<string, { fixedTable: number; fixedSeat?: number }>;

function event(ruleset: RulesetId, players: number, fixed: Fixed = {}, settings: Record<string, unknown> = {}): EventState {
  const commands: Command[] = [
    { type: 'create-event', id: 'e', name: 'Fix Open', ruleset, settings, seed: 11, createdAt: '2026-11-21T09:00:00Z' },
    ...NAMES.slice(0, players).map((name, i): Command => ({ type: 'register-player', player: { id: `p${i + 1}`, name, ...fixed[`p${i + 1}`] }, draw: i + 1 })),
  ];
  return commands.reduce<EventState | undefined>((state, c) => apply(state, c), undefined) as EventState;
}

/** Publish the next round with these tables (numbered as given), as a scorekeeper's pairing. */
function publish(state: EventState, tables: Record<number, string[]>): EventState {
  const round = state.rounds.length + 1;
  const list = Object.entries(tables).map(([table, seats]) => ({ table: Number(table), seats }));
  return apply(state, { type: 'pair-round', round, stage: 'swiss', tables: list, byes: [], seed: round });
}

function result(state: EventState, table: number, value: Record<string, unknown>): EventState {
  return apply(state, { type: 'record-result', round: state.rounds.length, table, result: value });
}

const tableOf = (tables: readonly { table: number; seats: readonly string[] }[], id: string) => tables.find((t) => t.seats.includes(id));
const DRAW = { games: [1, 1, 1] };
const WIN = { games: [2, 0, 0] };

describe('head-to-head (mtr): a re-pair of the open tables', () => {
  it('keeps a fixed player at their table when it is one of the open ones', () => {
    // Round 1 as published: Ed (fixed at 2) at table 2; table 1 has its result. Open: tables 2 and 3.
    // The rule set pairs the four open players in two matches (its order: 1, 2); Ed's match takes
    // table 2, his own, and the other the number left, 3 — not "the rule set's first match on the
    // lowest open number", which would send Ed to table 3.
    let s = event('mtr', 6, { p5: { fixedTable: 2 } });
    s = publish(s, { 1: ['p1', 'p2'], 2: ['p5', 'p6'], 3: ['p3', 'p4'] });
    s = result(s, 1, WIN);
    for (const seed of [1, 2, 3, 4, 5]) {
      const fix = openTablesFix(s, seed);
      expect(fix.tables.map((t) => t.table).sort()).toEqual([2, 3]);
      expect(tableOf(fix.tables, 'p5')?.table, `seed ${seed}`).toBe(2);
      expect(fix.warnings.filter((w) => w.kind === 'info')).toEqual([]);
      const after = apply(s, fixCommand(fix, 'a family pair at table 3'));
      expect(tableOf(after.rounds[0]?.tables ?? [], 'p5')?.table).toBe(2);
      expect(after.rounds[0]?.tables[0]).toEqual({ table: 1, seats: ['p1', 'p2'], result: WIN });
    }
  });

  /**
   * Eight players. Round 1: Cy–Flo and Di–Ed drawn, so Cy, Di, Ed and Flo have 1 point each.
   * Round 2 as published: Cy–Di at table 2, Ed–Flo at table 4; tables 1 and 3 have results. The
   * only re-pair of the four without a rematch is Cy–Ed and Di–Flo.
   */
  function twoRounds(fixed: Fixed): EventState {
    let s = event('mtr', 8, fixed);
    s = publish(s, { 1: ['p1', 'p2'], 2: ['p3', 'p6'], 3: ['p4', 'p5'], 4: ['p7', 'p8'] });
    for (const [table, value] of [[1, WIN], [2, DRAW], [3, DRAW], [4, WIN]] as const) s = result(s, table, value);
    s = publish(s, { 1: ['p1', 'p7'], 2: ['p3', 'p4'], 3: ['p2', 'p8'], 4: ['p5', 'p6'] });
    s = result(s, 1, WIN);
    return result(s, 3, WIN);
  }

  it('two fixed players paired together play at the lower of their tables; the other is not left empty', () => {
    const s = twoRounds({ p3: { fixedTable: 4 }, p5: { fixedTable: 2 } });
    const fix = openTablesFix(s, 9);
    expect(fix.tables).toEqual([
      { table: 2, seats: expect.arrayContaining(['p3', 'p5']) },
      { table: 4, seats: expect.arrayContaining(['p4', 'p6']) },
    ]);
    expect(fix.warnings.filter((w) => w.kind === 'info')).toEqual([
      {
        kind: 'info',
        message: 'Cy Castro (fixed at table 4) plays at table 2 with Ed Eng (fixed at 2): only tables 2, 4 are re-paired, so table 4 is not left empty',
        players: ['p3', 'p5'],
      },
    ]);
  });

  it('a fixed table that is not re-paired (it has a result) cannot be given, and the check says so', () => {
    const s = twoRounds({ p3: { fixedTable: 1 }, p5: { fixedTable: 2 } });
    const fix = openTablesFix(s, 9);
    expect(tableOf(fix.tables, 'p3')?.table).toBe(2);
    expect(fix.warnings.filter((w) => w.kind === 'info').map((w) => w.message)).toEqual([
      'Cy Castro (fixed at table 1) plays at table 2 with Ed Eng (fixed at 2): only tables 2, 4 are re-paired',
    ]);
    const alone = openTablesFix(twoRounds({ p3: { fixedTable: 3 } }), 9);
    expect(alone.tables.map((t) => t.table)).toEqual([2, 4]);
    expect(alone.warnings.filter((w) => w.kind === 'info').map((w) => w.message)).toEqual([
      `Cy Castro (fixed at table 3) plays at table ${tableOf(alone.tables, 'p3')?.table}: only tables 2, 4 are re-paired`,
    ]);
  });

  it('a swap that takes a fixed player off their table says so; one that brings them there does not', () => {
    let s = event('mtr', 6, { p5: { fixedTable: 2 } });
    s = publish(s, { 1: ['p1', 'p2'], 2: ['p5', 'p6'], 3: ['p3', 'p4'] });
    const away = swapFix(s, 'p5', 'p3');
    expect(away.tables).toEqual([
      { table: 2, seats: ['p3', 'p6'] },
      { table: 3, seats: ['p5', 'p4'] },
    ]);
    expect(away.warnings.filter((w) => w.kind === 'info')).toEqual([{ kind: 'info', message: 'Ed Eng (fixed at table 2) would play at table 3', players: ['p5'] }]);
    const moved = apply(s, fixCommand(away, 'Ed asked to sit with his club'));
    expect(swapFix(moved, 'p5', 'p3').warnings.filter((w) => w.kind === 'info')).toEqual([]);
  });
});

describe('pods (mstr-2022): a re-pair of the open tables', () => {
  /** Twelve players, pods of 4: table 1 has a result, tables 2 and 3 are re-paired. */
  function podRound(fixed: Fixed): EventState {
    let s = event('mstr-2022', 12, fixed, { podSize: 4 });
    s = publish(s, { 1: ['p1', 'p2', 'p3', 'p4'], 2: ['p5', 'p6', 'p7', 'p8'], 3: ['p9', 'p10', 'p11', 'p12'] });
    return result(s, 1, { winner: 'p1' });
  }

  it('the pod of a fixed player at their table, the fixed seat taken; the others keep the rule set’s order', () => {
    for (const seed of [1, 2, 3]) {
      // The same re-pair without the seat: the rule set's pods and seat order (a fixed place never changes who sits together).
      const tableOnly = openTablesFix(podRound({ p9: { fixedTable: 2 } }), seed);
      const fix = openTablesFix(podRound({ p9: { fixedTable: 2, fixedSeat: 3 } }), seed);
      const pod = tableOf(fix.tables, 'p9');
      expect(pod?.table, `seed ${seed}`).toBe(2);
      expect(pod?.seats[2]).toBe('p9');
      expect(fix.tables.map((t) => t.table)).toEqual([2, 3]);
      const without = (seats: readonly string[]) => seats.filter((id) => id !== 'p9');
      expect(without(pod?.seats ?? [])).toEqual(without(tableOf(tableOnly.tables, 'p9')?.seats ?? []));
      expect(tableOf(fix.tables, 'p9')?.seats.slice().sort()).toEqual(tableOf(tableOnly.tables, 'p9')?.seats.slice().sort());
      expect(fix.warnings.filter((w) => w.kind === 'info')).toEqual([]);
      const after = apply(podRound({ p9: { fixedTable: 2, fixedSeat: 3 } }), fixCommand(fix, 'Ida needs table 2, seat 3'));
      const first = (pod as { firstSeat?: number } | undefined)?.firstSeat;
      expect(tableOf(after.rounds[0]?.tables ?? [], 'p9')).toEqual({ table: 2, seats: pod?.seats, ...(first !== undefined ? { firstSeat: first } : {}) });
    }
  });

  it('a fixed table with a result is not re-paired: the pod goes where the numbers left say, in words', () => {
    const fix = openTablesFix(podRound({ p9: { fixedTable: 1, fixedSeat: 1 } }), 4);
    const pod = tableOf(fix.tables, 'p9');
    expect(pod?.table).toBeGreaterThanOrEqual(2);
    // The seat is still the player's: a fixed seat is taken wherever the pod plays.
    expect(pod?.seats[0]).toBe('p9');
    expect(fix.warnings.filter((w) => w.kind === 'info').map((w) => w.message)).toEqual([`Ida Ivy (fixed at table 1) plays at table ${pod?.table}: only tables 2, 3 are re-paired`]);
  });
});
