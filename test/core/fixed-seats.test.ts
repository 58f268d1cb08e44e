/**
 * Fixed seats: the numbering step (core/pairing/fixed-seats.ts) on its own, the player
 * fields and their checks in words (register-player, edit-player), the event log's words, the rule
 * sets' Swiss and playoff pairings with fixed players (mtr, mstr-2022, mamtr-2024, Lightseekers),
 * and the prints' mark. Whole random events: fixed-seats-properties.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../core/documents/index.js';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { publishCommand } from '../../core/event/commands.js';
import { describeJournal, type DescribedEntry } from '../../core/event/describe.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, PairingProposal, Player, RulesetId, Table } from '../../core/model/types.js';
import { fixedSeatLimit, placeFixedSeats } from '../../core/pairing/fixed-seats.js';
import { getRuleset } from '../../core/rulesets/index.js';

const player = (id: string, name: string, fixedTable?: number, fixedSeat?: number): Player => ({
  id,
  name,
  draw: 0,
  joinedRound: 1,
  awardedByes: 0,
  ...(fixedTable !== undefined ? { fixedTable } : {}),
  ...(fixedSeat !== undefined ? { fixedSeat } : {}),
});

const tables = (...seats: string[][]): Table[] => seats.map((s, i) => ({ table: i + 1, seats: s }));

function expectError(run: () => unknown, message: RegExp): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PodiumError);
    expect((error as Error).message).toMatch(message);
    return;
  }
  throw new Error(`expected a refusal matching ${message}`);
}

describe('the numbering step (placeFixedSeats)', () => {
  it('gives back the very same tables when no fixed player is seated', () => {
    const given = tables(['a', 'b'], ['c', 'd']);
    const placed = placeFixedSeats([player('a', 'A'), player('x', 'X', 3)], given, { seats: false });
    expect(placed.tables).toBe(given);
    expect(placed.warnings).toEqual([]);
  });

  it('seats a fixed player at their table; the others fill the numbers left, in order', () => {
    const placed = placeFixedSeats([player('e', 'Ed', 2)], tables(['a', 'b'], ['c', 'd'], ['e', 'f'], ['g', 'h']), { seats: false });
    expect(placed.tables).toEqual([
      { table: 1, seats: ['a', 'b'] },
      { table: 2, seats: ['e', 'f'] },
      { table: 3, seats: ['c', 'd'] },
      { table: 4, seats: ['g', 'h'] },
    ]);
    expect(placed.warnings).toEqual([]);
  });

  it('a fixed table beyond the round’s tables is used as it is', () => {
    const placed = placeFixedSeats([player('a', 'Ana', 12)], tables(['a', 'b'], ['c', 'd']), { seats: false });
    expect(placed.tables.map((t) => [t.table, t.seats[0]])).toEqual([
      [1, 'c'],
      [12, 'a'],
    ]);
  });

  it('two fixed players paired together play at the lower table; the other stays empty and is skipped', () => {
    const players = [player('a', 'Ana Archer', 7), player('b', 'Bo Brandt', 3)];
    const placed = placeFixedSeats(players, tables(['c', 'd'], ['a', 'b'], ['e', 'f'], ['g', 'h'], ['i', 'j'], ['k', 'l'], ['m', 'n'], ['o', 'p']), { seats: false });
    expect(placed.tables.map((t) => t.table)).toEqual([1, 2, 3, 4, 5, 6, 8, 9]);
    expect(placed.tables.find((t) => t.seats.includes('a'))?.table).toBe(3);
    expect(placed.warnings).toEqual([
      { kind: 'info', message: 'Table 7 stays empty: Ana Archer (fixed at 7) plays at table 3 with Bo Brandt (fixed at 3)', players: ['a', 'b'] },
    ]);
  });

  it('keeps the order given when asked (a playoff bracket)', () => {
    const placed = placeFixedSeats([player('g', 'Gil', 1)], tables(['a', 'b'], ['c', 'd'], ['e', 'f'], ['g', 'h']), { seats: false, keepOrder: true });
    expect(placed.tables.map((t) => [t.table, t.seats[0]])).toEqual([
      [2, 'a'],
      [3, 'c'],
      [4, 'e'],
      [1, 'g'],
    ]);
  });

  it('a claim another table took first: the first table in order keeps it, with a warning', () => {
    const players = [player('a', 'Ana', 2), player('c', 'Cy', 2)];
    const placed = placeFixedSeats(players, tables(['a', 'b'], ['c', 'd'], ['e', 'f']), { seats: false });
    expect(placed.tables.map((t) => [t.table, t.seats[0]])).toEqual([
      [1, 'c'],
      [2, 'a'],
      [3, 'e'],
    ]);
    expect(placed.warnings.map((w) => w.message)).toEqual(['Cy (fixed at table 2) plays at table 1: table 2 seats Ana, also fixed there']);
  });

  it('pods: a fixed seat is taken, the others keep their order in the seats left', () => {
    const placed = placeFixedSeats([player('d', 'Di', 1, 2)], tables(['a', 'b', 'c', 'd'], ['e', 'f', 'g', 'h']), { seats: true, firstSeatSeed: 1 });
    expect(placed.tables[0]).toMatchObject({ table: 1, seats: ['a', 'd', 'b', 'c'] });
    // A table with no fixed seat keeps its seats, seat 1 playing first.
    expect(placed.tables[1]).toEqual({ table: 2, seats: ['e', 'f', 'g', 'h'] });
    expect(placed.warnings).toEqual([]);
  });

  it('pods: two fixed seats collide — the table’s own player keeps it; a seat beyond a smaller pod is its last', () => {
    const players = [player('a', 'Ana', 5, 2), player('c', 'Cy', 3, 2), player('f', 'Flo', 4, 4)];
    const placed = placeFixedSeats(players, tables(['a', 'b', 'c', 'd'], ['e', 'f', 'g']), { seats: true, firstSeatSeed: 1 });
    // Ana (5) and Cy (3) meet: table 3, Cy's; Cy keeps seat 2.
    expect(placed.tables[0]).toMatchObject({ table: 3, seats: ['a', 'c', 'b', 'd'] });
    expect(placed.tables[1]).toMatchObject({ table: 4, seats: ['e', 'g', 'f'] });
    expect(placed.warnings.map((w) => w.message)).toEqual([
      'Table 5 stays empty: Ana (fixed at 5) plays at table 3 with Cy (fixed at 3)',
      "Ana (fixed at seat 2) sits in seat 1 at table 3: seat 2 is Cy's fixed seat",
      'Flo (fixed at seat 4) sits in seat 3 at table 4: it seats 3 players',
    ]);
  });

  it('seats kept by the rule (a playoff pod): the fixed seat is named in a warning', () => {
    const placed = placeFixedSeats([player('b', 'Bo', 2, 1)], tables(['a', 'b', 'c', 'd']), { seats: false, seatRule: 'seats follow the seeds' });
    expect(placed.tables).toEqual([{ table: 2, seats: ['a', 'b', 'c', 'd'] }]);
    expect(placed.warnings.map((w) => w.message)).toEqual(['Bo (fixed at seat 1): seats follow the seeds']);
  });

  it('which rule sets have seats to fix: the table shape says (pods of n: seats 1–n)', () => {
    const seats = (id: RulesetId) => fixedSeatLimit(getRuleset(id).presentation.table, getRuleset(id).settings({}));
    expect(seats('mtr')).toBeNull();
    expect(seats('lightseekers-competitive')).toBeNull();
    expect(seats('mstr-2022')).toBe(4);
    expect(fixedSeatLimit(getRuleset('mamtr-2024').presentation.table, getRuleset('mamtr-2024').settings({ podSize: 5 }))).toBe(5);
  });
});

// ---------------------------------------------------------------------------------------------

function create(ruleset: RulesetId, settings: Record<string, unknown> = {}): Command {
  return { type: 'create-event', id: 'e', name: 'Fixed Open', ruleset, settings, seed: 5, createdAt: '2026-11-21T09:00:00Z' };
}

function fold(commands: readonly Command[]): EventState {
  return commands.reduce<EventState | undefined>((state, c) => apply(state, c), undefined) as EventState;
}

const NAMES = ['Ana Archer', 'Bo Brandt', 'Cy Castro', 'Di Dahl', 'Ed Eng', 'Flo Falk', 'Gil Gray', 'Hal Hart', 'Ida Ivy', 'Jo Jung', 'Kai Kent', 'Lu Lind', 'Mo Mann', 'Ned Nox', 'Ola Orr', 'Pia Pym'];

function registrations(count: number, fixed: Record<string, { fixedTable: number; fixedSeat?: number }> = {}): Command[] {
  return NAMES.slice(0, count).map((name, i) => ({ type: 'register-player', player: { id: `p${i + 1}`, name, ...fixed[`p${i + 1}`] }, draw: i + 1 }) as Command);
}

describe('the player fields and their checks', () => {
  it('register-player and edit-player set a fixed table and seat; 0 clears them', () => {
    let state = fold([create('mstr-2022'), ...registrations(4, { p1: { fixedTable: 7, fixedSeat: 2 } })]);
    expect(state.players[0]).toMatchObject({ fixedTable: 7, fixedSeat: 2 });
    state = apply(state, { type: 'edit-player', id: 'p2', changes: { fixedTable: 3 } });
    expect(state.players[1]?.fixedTable).toBe(3);
    state = apply(state, { type: 'edit-player', id: 'p1', changes: { fixedSeat: 0 } });
    expect(state.players[0]?.fixedSeat).toBeUndefined();
    expect(state.players[0]?.fixedTable).toBe(7);
    state = apply(state, { type: 'edit-player', id: 'p1', changes: { fixedSeat: 4 } });
    state = apply(state, { type: 'edit-player', id: 'p1', changes: { fixedTable: 0 } });
    expect(state.players[0]).not.toHaveProperty('fixedTable');
    expect(state.players[0]).not.toHaveProperty('fixedSeat');
  });

  it('refuses in words: a table already someone’s, a seat beyond the pod size, a seat without a table or seats to fix', () => {
    const pods = fold([create('mstr-2022'), ...registrations(4, { p1: { fixedTable: 7, fixedSeat: 2 } })]);
    expectError(() => apply(pods, { type: 'edit-player', id: 'p2', changes: { fixedTable: 7, fixedSeat: 2 } }), /Bo Brandt: table 7 is already the fixed table of Ana Archer \(p1\)/);
    expectError(() => apply(pods, { type: 'edit-player', id: 'p2', changes: { fixedTable: 8, fixedSeat: 5 } }), /Bo Brandt: seat 5 is beyond the pod size \(pods of 4: seats 1–4\)/);
    expectError(() => apply(pods, { type: 'edit-player', id: 'p2', changes: { fixedSeat: 1 } }), /Bo Brandt: a fixed seat needs a fixed table/);
    expectError(
      () => apply(pods, { type: 'register-player', player: { id: 'p9', name: 'Zed Zane', fixedTable: 7 }, draw: 9 }),
      /Zed Zane: table 7 is already the fixed table of Ana Archer/,
    );
    const mtr = fold([create('mtr'), ...registrations(2)]);
    expectError(() => apply(mtr, { type: 'edit-player', id: 'p1', changes: { fixedTable: 2, fixedSeat: 1 } }), /Ana Archer: mtr tables have no seats to fix \(a fixed table only\)/);
  });

  it('a dropped player’s table may be given to someone else', () => {
    let state = fold([create('mtr'), ...registrations(4, { p1: { fixedTable: 2 } })]);
    const proposal = getRuleset('mtr').pair(state, 1);
    state = apply(state, publishCommand(1, 'swiss', proposal));
    state = apply(state, { type: 'drop-player', id: 'p1' });
    state = apply(state, { type: 'edit-player', id: 'p2', changes: { fixedTable: 2 } });
    expect(state.players[1]?.fixedTable).toBe(2);
  });

  it('the event log says it', () => {
    const commands: Command[] = [
      create('mstr-2022'),
      ...registrations(2, { p1: { fixedTable: 7, fixedSeat: 2 } }),
      { type: 'edit-player', id: 'p2', changes: { fixedTable: 3 } },
      { type: 'edit-player', id: 'p2', changes: { fixedSeat: 1 } },
      { type: 'edit-player', id: 'p1', changes: { fixedSeat: 0 } },
      { type: 'edit-player', id: 'p2', changes: { fixedTable: 0 } },
    ];
    const entries: DescribedEntry[] = commands.map((command, i) => ({ seq: i + 1, at: '2026-11-21T09:00:00Z', station: 'st', command }));
    const words = describeJournal(entries, fold(commands), { isolate: (name) => name }).map((row) => row.what);
    expect(words.slice(1)).toEqual([
      'Ana Archer registered (p1) — fixed at table 7, seat 2',
      'Bo Brandt registered (p2)',
      'Bo Brandt (p2) edited: fixed table → 3',
      'Bo Brandt (p2) edited: fixed seat → 1',
      'Ana Archer (p1) edited: no fixed seat',
      'Bo Brandt (p2) edited: no fixed table (nor seat)',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------

/** Publish a proposal, then give every table a result the rule set draws. */
function play(state: EventState, proposal: PairingProposal, stage: 'swiss' | 'playoff' = 'swiss'): EventState {
  let next = apply(state, publishCommand(state.rounds.length + 1, stage, proposal));
  const results = getRuleset(state.ruleset).randomResults?.(state.settings);
  let k = 0;
  for (const table of proposal.tables) {
    const result =
      stage === 'playoff' && state.ruleset === 'mtr'
        ? { games: [2, 0, 0] }
        : stage === 'playoff'
          ? { winner: table.seats[k++ % table.seats.length] as string }
          : (results?.(table, { int: (a) => a, seed: () => 1, shuffle: (xs) => [...xs] }) as Record<string, unknown>);
    next = apply(next, { type: 'record-result', round: next.rounds.length, table: table.table, result });
  }
  return next;
}

const tableOf = (tables: readonly Table[], id: string): Table | undefined => tables.find((t) => t.seats.includes(id));

describe('rule sets pair with fixed tables', () => {
  it('mtr: the fixed players’ matches at their tables every round, the rest as before; a bye has no table', () => {
    let state = fold([create('mtr'), ...registrations(11, { p3: { fixedTable: 4 }, p8: { fixedTable: 1 } })]);
    const ruleset = getRuleset('mtr');
    for (let round = 1; round <= 4; round++) {
      const proposal = ruleset.pair(state, round * 11);
      for (const [id, table] of [['p3', 4], ['p8', 1]] as const) {
        const at = tableOf(proposal.tables, id);
        if (!at) expect(proposal.byes.map((b) => b.player)).toContain(id);
        else if (at.seats.includes('p3') && at.seats.includes('p8')) expect(at.table).toBe(1);
        else expect(at.table).toBe(table);
      }
      expect(new Set(proposal.tables.map((t) => t.table)).size).toBe(proposal.tables.length);
      state = play(state, proposal);
      expect(state.rounds.at(-1)?.tables.map((t) => [t.table, t.seats])).toEqual(proposal.tables.map((t) => [t.table, t.seats]));
    }
  });

  it('mtr playoff: the bracket keeps its order, the fixed player’s match is at their table', () => {
    let state = fold([create('mtr'), ...registrations(8, { p5: { fixedTable: 9 } })]);
    const ruleset = getRuleset('mtr');
    for (let round = 1; round <= 3; round++) state = play(state, ruleset.pair(state, round));
    const cut = ruleset.playoff(state, { top: 8 }, 1);
    const plain = ruleset.playoff({ ...state, players: state.players.map(({ fixedTable: _t, ...p }) => p) }, { top: 8 }, 1);
    expect(cut.tables.map((t) => t.seats)).toEqual(plain.tables.map((t) => t.seats));
    expect(tableOf(cut.tables, 'p5')?.table).toBe(9);
    expect(cut.tables.map((t) => t.table).filter((n) => n !== 9)).toEqual([1, 2, 3]);
    state = apply(state, { type: 'start-playoff', top: 8, draft: false, seeds: cut.seeds });
    state = play(state, { tables: cut.tables, byes: [], warnings: [], seed: 1 }, 'playoff');
    const semis = ruleset.nextPlayoffRound(state, 2) as PairingProposal;
    expect(semis.tables).toHaveLength(2);
    const seat1 = semis.tables.map((t) => t.seats[0]);
    // p5 won as seat 1 of their quarterfinal only if they were the higher seed; either way the table follows them.
    const fixedMatch = tableOf(semis.tables, 'p5');
    if (fixedMatch) expect(fixedMatch.table).toBe(9);
    expect(seat1).toHaveLength(2);
  });

  it('pods: the pod of a fixed player at their table, a fixed seat taken, the empty table said in words', () => {
    const commands = [create('mamtr-2024'), ...registrations(12, { p1: { fixedTable: 5, fixedSeat: 3 }, p2: { fixedTable: 2 } })];
    const state = fold(commands);
    const ruleset = getRuleset('mamtr-2024');
    const seen = { together: 0, apart: 0 };
    for (let seed = 1; seed <= 40; seed++) {
      const proposal = ruleset.pair(state, seed);
      const plain = ruleset.pair({ ...state, players: state.players.map(({ fixedTable: _t, fixedSeat: _s, ...p }) => p) }, seed);
      const key = (ts: readonly Table[]) => ts.map((t) => [...t.seats].sort().join()).sort();
      expect(key(proposal.tables)).toEqual(key(plain.tables));
      const a = tableOf(proposal.tables, 'p1') as Table;
      const b = tableOf(proposal.tables, 'p2') as Table;
      seen[a === b ? 'together' : 'apart']++;
      if (a === b) {
        expect(a.table).toBe(2);
        expect(proposal.tables.map((t) => t.table)).toEqual([1, 2, 3]);
        expect(proposal.warnings.filter((w) => w.kind === 'info').map((w) => w.message)).toEqual(['Table 5 stays empty: Ana Archer (fixed at 5) plays at table 2 with Bo Brandt (fixed at 2)']);
      } else {
        expect([a.table, b.table]).toEqual([5, 2]);
        expect(proposal.tables.map((t) => t.table)).toEqual([1, 2, 5]);
      }
      expect(a.seats[2]).toBe('p1');
    }
    expect(seen.together).toBeGreaterThan(0);
    expect(seen.apart).toBeGreaterThan(0);
  });

  it('pod playoff: the table is honoured, the seats follow the seeds (2.2A) and the fixed seat is named', () => {
    let state = fold([create('mstr-2022'), ...registrations(16, Object.fromEntries(NAMES.map((_, i) => [`p${i + 1}`, { fixedTable: 20 + i, fixedSeat: 1 + (i % 4) }])))]);
    const ruleset = getRuleset('mstr-2022');
    for (let round = 1; round <= 2; round++) state = play(state, ruleset.pair(state, round));
    const cut = ruleset.playoff(state, { top: 16 }, 1);
    const plain = ruleset.playoff({ ...state, players: state.players.map(({ fixedTable: _t, fixedSeat: _s, ...p }) => p) }, { top: 16 }, 1);
    expect(cut.tables.map((t) => t.seats)).toEqual(plain.tables.map((t) => t.seats));
    const byId = new Map(state.players.map((p) => [p.id, p]));
    for (const table of cut.tables) expect(table.table).toBe(Math.min(...table.seats.map((id) => byId.get(id)?.fixedTable as number)));
    expect(cut.warnings?.filter((w) => w.message.includes('stays empty'))).toHaveLength(12);
    expect(cut.warnings?.some((w) => w.message.endsWith('in a playoff pod the seats follow the Swiss seeds, the highest in seat 1 playing first (2.2A)'))).toBe(true);
  });

  it('Lightseekers: the table of a fixed player is theirs too; repeat warnings name the numbers given', () => {
    const state = fold([create('lightseekers-competitive'), ...registrations(9, { p4: { fixedTable: 6 } })]);
    const proposal = getRuleset('lightseekers-competitive').pair(state, 3);
    expect(tableOf(proposal.tables, 'p4')?.table).toBe(6);
    expect(proposal.tables.map((t) => t.table).sort((x, y) => x - y)).toEqual([1, 6]);
  });
});

describe('the staff’s prints mark a fixed table', () => {
  it('pairings by table and the match slips; not the players’ board', () => {
    let state = fold([create('mtr'), ...registrations(6, { p2: { fixedTable: 5 } })]);
    state = apply(state, publishCommand(1, 'swiss', getRuleset('mtr').pair(state, 1)));
    const text = (name: string) => JSON.stringify(buildDocument(name, state, { pageSize: 'A4', generatedAt: '2026-11-21T10:00:00Z' }).content);
    expect(text('pairings-by-table')).toContain('"fixed"');
    // The players' board on the wall says nothing of it (often an accessibility need).
    expect(text('pairings-by-name')).not.toMatch(/fixed/i);
    expect(text('match-slips')).toContain('FIXED TABLE');
  });
});
