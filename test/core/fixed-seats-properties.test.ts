/**
 * Fixed seats over whole random events driven through the real core (apply and the
 * rule set's pair), head-to-head (mtr) and pods (mstr-2022 at Regular and Competitive REL,
 * mamtr-2024). Some players are given a fixed table (and, in pods, sometimes a seat) at
 * registration or by edit-player; some drop. Every round, the proposal is compared with the pairing
 * the rule set makes of the same event with the fixed places removed (same seed):
 *   - the same matches or pods and the same byes (who plays whom never changes), in mtr the same
 *     seats, and the same warnings apart from the fixed-seat 'info' ones;
 *   - every fixed player sits at their fixed table; fixed players paired together at the lowest of
 *     their tables;
 *   - table numbers unique; a number is skipped ("stays empty", said in a warning) only when fixed
 *     players meet; the other tables take the numbers left, in the rule set's order;
 *   - pods: a fixed seat is its player's (the table's own player first when two collide; a seat
 *     beyond a smaller pod its last), everyone else keeps the rule set's seat order;
 *   - the journal round-trips: the pair-round command carries the tables as numbered (through JSON
 *     and the command schema), and folding the journal again gives the same event.
 * With table fixes (core/event/table-fix.ts): after some tables of a round have their results, the
 * open tables are re-paired, and the fix is compared with the fix of the same event without fixed
 * places (same seed): the same matches or pods on the same published numbers; a table with fixed
 * players at the lowest of their tables among those numbers, else a number left (and each fixed
 * player away from their table named in a warning); the others the numbers left in order; pods'
 * fixed seats as above. The fix goes through the journal (fix-tables) like any command.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import { type Command, parseCommand, publishCommand } from '../../core/event/commands.js';
import { isActiveIn } from '../../core/event/queries.js';
import { fixCommand, openTables, openTablesFix, type TableFix } from '../../core/event/table-fix.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, PairingProposal, Player, Rel, Table } from '../../core/model/types.js';
import { createRng, deriveSeed } from '../../core/random/rng.js';
import { getRuleset } from '../../core/rulesets/index.js';

type Id = 'mtr' | 'mstr-2022' | 'mamtr-2024';

interface Plan {
  ruleset: Id;
  rel: Rel;
  podSize: number;
  seed: number;
  players: number;
  rounds: number;
  /** Player index (mod the count), table, seat (0 = none; pods only), set by edit-player or at registration. */
  fixed: { pick: number; table: number; seat: number; byEdit: boolean }[];
  /** After round `after`, the active player at index pick mod (active count) drops. */
  drops: { after: number; pick: number }[];
  resultSeed: number;
}

function planArb(ruleset: fc.Arbitrary<Id>, players: fc.Arbitrary<number>): fc.Arbitrary<Plan> {
  return fc
    .record({
      ruleset,
      relPick: fc.boolean(),
      podSize: fc.constantFrom(3, 4, 4, 5),
      seed: fc.integer({ min: 0, max: 0x7fffffff }),
      players,
      rounds: fc.integer({ min: 1, max: 5 }),
      resultSeed: fc.integer({ min: 0, max: 0x7fffffff }),
    })
    .chain((base) => {
      const size = base.ruleset === 'mtr' ? 2 : base.podSize;
      const tables = Math.ceil(base.players / size) + 3;
      return fc
        .record({
          tables: fc.uniqueArray(fc.integer({ min: 1, max: tables }), { maxLength: Math.min(10, base.players, tables) }),
          picks: fc.array(fc.record({ pick: fc.nat(1000), seat: fc.integer({ min: 0, max: size }), byEdit: fc.boolean() }), { minLength: 10, maxLength: 10 }),
          drops: fc.array(fc.record({ after: fc.integer({ min: 1, max: 4 }), pick: fc.nat(1000) }), { maxLength: 3 }),
        })
        .map(({ tables: numbers, picks, drops }): Plan => {
          const { relPick, ...rest } = base;
          const fixed = numbers.map((table, i) => {
            const p = picks[i] as { pick: number; seat: number; byEdit: boolean };
            return { ...p, table, seat: base.ruleset === 'mtr' ? 0 : p.seat };
          });
          return { ...rest, podSize: base.ruleset === 'mtr' ? 2 : base.podSize, rel: relPick ? 'competitive' : 'regular', fixed, drops };
        });
    });
}

/** What the runs met, so that a run of these tests shows it tried the cases that matter. */
const seen = { fixedTables: 0, emptyTables: 0, fixedSeats: 0, byesOfFixed: 0, fixes: 0, fixedInFixes: 0, awayInFixes: 0 };

const stripped = (state: EventState): EventState => ({ ...state, players: state.players.map(({ fixedTable: _t, fixedSeat: _s, ...p }) => p) });
const keyOf = (table: Table): string => [...table.seats].sort().join('\u0000');

// ---------------------------------------------------------------------------------------------

/** The checks of one round (see the file comment). */
function checkRound(state: EventState, proposal: PairingProposal, plain: PairingProposal, where: string): void {
  const fixed = new Map(state.players.filter((p) => p.fixedTable !== undefined).map((p) => [p.id, p]));
  expect(proposal.byes, `${where}: byes`).toEqual(plain.byes);
  expect(proposal.seed).toBe(plain.seed);
  expect(proposal.tables.map(keyOf).sort(), `${where}: the same matches`).toEqual(plain.tables.map(keyOf).sort());
  const numbers = proposal.tables.map((t) => t.table);
  expect(new Set(numbers).size, `${where}: unique numbers ${numbers.join()}`).toBe(numbers.length);
  expect(numbers.every((n) => Number.isInteger(n) && n >= 1)).toBe(true);

  const plainOf = new Map(plain.tables.map((t) => [keyOf(t), t]));
  const used = new Set<number>();
  const empty = new Set<number>();
  const others: { table: Table; plain: Table }[] = [];
  for (const table of proposal.tables) {
    const here = table.seats.map((id) => fixed.get(id)).filter((p): p is Player => p !== undefined);
    const before = plainOf.get(keyOf(table)) as Table;
    if (here.length === 0) {
      others.push({ table, plain: before });
      expect(table.seats, `${where}: seats of a table without fixed players`).toEqual(before.seats);
      continue;
    }
    const lowest = Math.min(...here.map((p) => p.fixedTable as number));
    expect(table.table, `${where}: ${here.map((p) => `${p.id}@${p.fixedTable}`).join(', ')}`).toBe(lowest);
    used.add(lowest);
    for (const p of here) if (p.fixedTable !== lowest) empty.add(p.fixedTable as number);
    checkSeats(state, table, before, here, where);
  }
  for (const n of empty) expect(numbers, `${where}: table ${n} stays empty`).not.toContain(n);
  seen.fixedTables += used.size;
  seen.emptyTables += empty.size;
  seen.byesOfFixed += proposal.byes.filter((b) => fixed.has(b.player)).length;
  const emptyWords = proposal.warnings.filter((w) => w.kind === 'info' && / stays empty: /.test(w.message));
  expect(emptyWords.map((w) => Number(/^Table (\d+)/.exec(w.message)?.[1])).sort((a, b) => a - b), `${where}: empty tables in words`).toEqual([...empty].sort((a, b) => a - b));

  // Everyone else: the numbers left, in the rule set's order.
  others.sort((a, b) => a.plain.table - b.plain.table);
  let next = 1;
  for (const { table } of others) {
    while (used.has(next) || empty.has(next)) next++;
    expect(table.table, `${where}: the next number left`).toBe(next++);
  }

  // The rule set's warnings are all there; the fixed-seat ones are 'info'.
  const kinds = (warnings: PairingProposal['warnings']) => warnings.filter((w) => w.kind !== 'info').map((w) => w.kind).sort();
  expect(kinds(proposal.warnings), `${where}: warnings`).toEqual(kinds(plain.warnings));
  if (state.ruleset === 'mtr') expect(proposal.warnings.slice(0, plain.warnings.length)).toEqual(plain.warnings);
}

/** Seats of a table with fixed players: head-to-head as paired; pods with the fixed seats honoured. */
function checkSeats(state: EventState, table: Table, plain: Table, here: readonly Player[], where: string): void {
  if (state.ruleset === 'mtr') {
    expect(table.seats, `${where}: head-to-head seats stay`).toEqual(plain.seats);
    return;
  }
  const size = table.seats.length;
  const bySeat = new Map<number, Player[]>();
  for (const p of here)
    if (p.fixedSeat !== undefined) {
      const seat = Math.min(p.fixedSeat, size);
      bySeat.set(seat, [...(bySeat.get(seat) ?? []), p]);
    }
  const winners = new Set<string>();
  for (const [seat, claims] of bySeat) {
    const winner = claims.find((p) => p.fixedTable === table.table) ?? [...claims].sort((a, b) => (a.fixedTable as number) - (b.fixedTable as number))[0];
    expect(table.seats[seat - 1], `${where}: seat ${seat} at table ${table.table} is ${winner?.id}'s`).toBe(winner?.id);
    seen.fixedSeats++;
    winners.add(winner?.id as string);
  }
  const rest = (seats: readonly string[]) => seats.filter((id) => !winners.has(id));
  expect(rest(table.seats), `${where}: the others keep their seat order`).toEqual(rest(plain.seats));
}

// ---------------------------------------------------------------------------------------------

/** A fix of the open tables, checked against the same fix without fixed places (see the file comment). */
function checkFix(state: EventState, fix: TableFix, plain: TableFix, where: string): void {
  const round = state.rounds.at(-1) as EventState['rounds'][number];
  const open = openTables(round);
  const numbers = open.map((t) => t.table);
  expect(fix.tables.map((t) => t.table).sort((a, b) => a - b), `${where}: the published numbers`).toEqual(numbers);
  expect(fix.tables.map(keyOf).sort(), `${where}: the same matches`).toEqual(plain.tables.map(keyOf).sort());
  const fixed = new Map(state.players.filter((p) => p.fixedTable !== undefined).map((p) => [p.id, p]));
  const plainOf = new Map(plain.tables.map((t) => [keyOf(t), t]));
  const used = new Set<number>();
  const others: { table: TableFix['tables'][number]; plain: TableFix['tables'][number] }[] = [];
  for (const table of fix.tables) {
    const here = table.seats.map((id) => fixed.get(id)).filter((p): p is Player => p !== undefined);
    const before = plainOf.get(keyOf(table)) as Table;
    const claims = here.map((p) => p.fixedTable as number).filter((n) => numbers.includes(n));
    if (claims.length > 0) {
      expect(table.table, `${where}: ${here.map((p) => `${p.id}@${p.fixedTable}`).join(', ')} on ${numbers.join()}`).toBe(Math.min(...claims));
      used.add(table.table);
    } else others.push({ table, plain: before });
    for (const p of here) {
      seen.fixedInFixes++;
      if (p.fixedTable === table.table) continue;
      seen.awayInFixes++;
      expect(
        fix.warnings.some((w) => w.kind === 'info' && w.players.includes(p.id) && w.message.includes(`${p.name} (fixed at table ${p.fixedTable})`)),
        `${where}: ${p.id} away from table ${p.fixedTable} is named`,
      ).toBe(true);
    }
    if (here.length > 0) checkSeats(state, table, before, here, where);
    else expect(table.seats, `${where}: seats of a table without fixed players`).toEqual(before.seats);
  }
  // Everyone else: the numbers left, in the rule set's order (the plain fix numbers in that order).
  const left = numbers.filter((n) => !used.has(n));
  others.sort((a, b) => a.plain.table - b.plain.table);
  expect(others.map((o) => o.table.table), `${where}: the numbers left`).toEqual(left);
}

/** Results for some tables, a re-pair of the open ones (checked, through the journal), then the rest. */
function playWithFix(current: () => EventState, run: (command: Command) => void, rng: ReturnType<typeof createRng>, result: (table: Table) => Record<string, unknown>, seed: number, where: string): void {
  const round = (current().rounds.at(-1) as EventState['rounds'][number]).number;
  const first = (current().rounds.at(-1) as EventState['rounds'][number]).tables;
  const before = rng.int(0, Math.max(0, first.length - 2));
  for (const table of rng.shuffle([...first]).slice(0, before)) run({ type: 'record-result', round, table: table.table, result: result(table) });
  let fix: TableFix | undefined;
  try {
    fix = openTablesFix(current(), seed);
  } catch (error) {
    // A fix the rule set cannot make (the same tables, a bye, too few tables) is refused in words.
    if (!(error instanceof PodiumError)) throw error;
  }
  if (fix) {
    checkFix(current(), fix, openTablesFix(stripped(current()), seed), `${where}, fix`);
    run(fixCommand(fix, 'a family pair asked to be apart'));
    for (const t of fix.tables) expect(current().rounds.at(-1)?.tables.find((x) => x.table === t.table)?.seats, `${where}: the fix as recorded`).toEqual(t.seats);
    seen.fixes++;
  }
  for (const table of openTables(current().rounds.at(-1) as EventState['rounds'][number])) run({ type: 'record-result', round, table: table.table, result: result(table) });
}

function runEvent(plan: Plan, options: { fixes?: boolean } = {}): void {
  const ruleset = getRuleset(plan.ruleset);
  const rng = createRng(plan.resultSeed);
  const results = ruleset.randomResults?.(ruleset.settings({ podSize: plan.podSize, rel: plan.rel })) as NonNullable<ReturnType<NonNullable<typeof ruleset.randomResults>>>;
  const journal: Command[] = [];
  let state: EventState | undefined;
  const run = (command: Command): void => {
    // Every command as the journal would keep it: through JSON and the schema.
    const parsed = parseCommand(JSON.parse(JSON.stringify(command)));
    if (!parsed.ok) throw new Error(parsed.message);
    state = apply(state, parsed.command);
    journal.push(parsed.command);
  };
  run({ type: 'create-event', id: 'fixed', name: 'Fixed seats', ruleset: plan.ruleset, settings: plan.ruleset === 'mtr' ? {} : { podSize: plan.podSize, rel: plan.rel }, seed: plan.seed, createdAt: '2026-01-01T10:00:00Z' });
  const fixedOf = new Map<number, Plan['fixed'][number]>();
  for (const f of plan.fixed) {
    let index = f.pick % plan.players;
    while (fixedOf.has(index)) index = (index + 1) % plan.players;
    fixedOf.set(index, f);
  }
  const place = (f: Plan['fixed'][number]) => ({ fixedTable: f.table, ...(f.seat > 0 ? { fixedSeat: f.seat } : {}) });
  for (let i = 0; i < plan.players; i++) {
    const f = fixedOf.get(i);
    run({ type: 'register-player', player: { id: `p${i}`, name: `Player ${i}`, ...(f && !f.byEdit ? place(f) : {}) }, draw: rng.int(0, 2 ** 31 - 1) });
  }
  for (const [i, f] of fixedOf) if (f.byEdit) run({ type: 'edit-player', id: `p${i}`, changes: place(f) });

  const floor = plan.ruleset === 'mtr' ? 2 : Math.max(5, plan.podSize + 1);
  for (let round = 1; round <= plan.rounds; round++) {
    const current = state as EventState;
    const seed = deriveSeed(plan.seed, round);
    const proposal = ruleset.pair(current, seed);
    const plain = ruleset.pair(stripped(current), seed);
    const where = `${plan.ruleset} (${plan.rel}, ${plan.players} players, size ${plan.podSize}) round ${round}`;
    checkRound(current, proposal, plain, where);
    run(publishCommand(round, 'swiss', proposal));
    expect((state as EventState).rounds.at(-1)?.tables, `${where}: the round as recorded`).toEqual(proposal.tables);
    if (options.fixes) playWithFix(() => state as EventState, run, rng, (table) => results(table, rng) as Record<string, unknown>, deriveSeed(plan.seed, 1000 + round), where);
    else for (const table of proposal.tables) run({ type: 'record-result', round, table: table.table, result: results(table, rng) as Record<string, unknown> });
    for (const drop of plan.drops.filter((d) => d.after === round)) {
      const active = (state as EventState).players.filter((p) => isActiveIn(p, round + 1));
      if (active.length <= floor) break;
      run({ type: 'drop-player', id: (active[drop.pick % active.length] as Player).id });
    }
  }
  // The journal folds again to the same event.
  expect(journal.reduce<EventState | undefined>((s, c) => apply(s, c), undefined)).toEqual(state);
}

describe('fixed seats over whole random events', () => {
  it('head-to-head (mtr): fixed players at their tables, the same matches, numbers as the rules say', () => {
    fc.assert(
      fc.property(planArb(fc.constant<Id>('mtr'), fc.integer({ min: 2, max: 40 })), (plan) => runEvent(plan)),
      { numRuns: 100 },
    );
    expect(seen.emptyTables).toBeGreaterThan(0);
    expect(seen.byesOfFixed).toBeGreaterThan(0);
  });

  it('pods (mstr-2022, mamtr-2024): fixed tables and seats, the same pods', () => {
    fc.assert(
      fc.property(planArb(fc.constantFrom<Id>('mstr-2022', 'mamtr-2024'), fc.integer({ min: 5, max: 32 })), (plan) => runEvent(plan)),
      { numRuns: 100 },
    );
    expect(seen.fixedSeats).toBeGreaterThan(0);
    expect(seen.emptyTables).toBeGreaterThan(0);
  });

  it('crowded: most players fixed, so fixed players meet often', () => {
    fc.assert(
      fc.property(planArb(fc.constantFrom<Id>('mtr', 'mstr-2022', 'mamtr-2024'), fc.integer({ min: 5, max: 9 })), (plan) => runEvent(plan)),
      { numRuns: 100 },
    );
  });
});

describe('table fixes keep fixed tables', () => {
  it('head-to-head and pods: a re-pair of the open tables honours fixed tables and seats within the published numbers', () => {
    fc.assert(
      fc.property(planArb(fc.constantFrom<Id>('mtr', 'mtr', 'mstr-2022', 'mamtr-2024'), fc.integer({ min: 6, max: 30 })), (plan) => runEvent(plan, { fixes: true })),
      { numRuns: 100 },
    );
    expect(seen.fixes).toBeGreaterThan(0);
    expect(seen.fixedInFixes).toBeGreaterThan(0);
    expect(seen.awayInFixes).toBeGreaterThan(0);
  });

  it('crowded: most players fixed', () => {
    fc.assert(
      fc.property(planArb(fc.constantFrom<Id>('mtr', 'mstr-2022', 'mamtr-2024'), fc.integer({ min: 6, max: 10 })), (plan) => runEvent(plan, { fixes: true })),
      { numRuns: 100 },
    );
  });
});
