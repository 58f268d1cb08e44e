/**
 * Fixed seats (accessibility): a competitor may be given a fixed table
 * (`Player.fixedTable`) and, where the rule set's tables have numbered seats of a standard size
 * (pods: `fixedSeatLimit`), a fixed seat (`Player.fixedSeat`). This is the last step of a pairing:
 * the rule set has made its matches or pods (who plays whom, the byes, the seat order) and numbered
 * its tables 1, 2, 3, … in its usual order; here only the table NUMBERS change (and, in Swiss pods,
 * where a fixed-seat player sits), never who sits with whom. With no fixed competitor at a table the
 * tables come back untouched (the very same array), so an event without fixed seats pairs exactly as
 * before.
 *
 * Numbers:
 * - a table with a fixed competitor gets that competitor's fixed table;
 * - **Decision:** fixed competitors paired together play at the LOWEST-numbered of their fixed
 *   tables; the others' tables stay empty that round (their numbers are skipped, so nobody else is
 *   sent there) and an 'info' warning says so. The lowest number, not the higher-ranked player's: it
 *   does not depend on standings, so the same players meeting again go to the same table, in Swiss
 *   and playoff rounds alike;
 * - the other tables take the numbers left (1, 2, 3, …, skipping the fixed and the empty ones) in
 *   the rule set's order;
 * - two tables claiming one number (registration refuses a fixed table that another active player
 *   has, but a reinstated player can bring one back): the first in the rule set's order keeps it;
 *   the other takes its next fixed table, else a usual number, with a warning;
 * - a fixed competitor with a bye (or waiting out a playoff round) has no table: their number is
 *   free for anyone that round.
 * Seats (`seats: true`: Swiss pods, whose seat order is random or balanced): a fixed-seat player
 * takes that seat and the others keep the rule set's order in the seats left. **Decision:** a fixed
 * seat comes before seat balancing (`balanceSeats` orders the others only). Two fixed seats colliding
 * at one table: the player whose fixed table it is keeps the seat (then the lower fixed table, then
 * the rule set's seat order); the other sits where the order puts them. A fixed seat beyond a smaller
 * pod's size becomes its last seat. Both with a warning.
 * Who plays first at such a table is drawn again (`firstSeatSeed`, Table.firstSeat): a fixed seat is
 * the player's place at the table, never the first turn, which stays random (MSTR/MAMTR 2.2A: "seating
 * order and first Player are defined with a random method"; RULES 4). **Decision:** the draw is
 * random even with `balanceSeats` (balancing orders the other players in the seats left).
 * With `seats: false` (head-to-head, where seat 1 is the higher-ranked player; playoff pods, whose
 * seats follow the Swiss seeds, 2.2A) the seat order stays, and `seatRule` says why in a warning.
 *
 * Given numbers (`numbers`: a re-pair of a published round's open tables, core/event/table-fix.ts,
 * which keeps the numbers published): the same rules within those numbers. A fixed claim is honoured
 * when its number is among them; every number is used, so none stays empty (a fixed player paired
 * with a lower fixed table leaves theirs to another table); a fixed table outside them cannot be
 * given. Both with a warning that says why (`numbersRule`). Everyone else takes the numbers left in
 * the rule set's order, as always.
 */
import { firstSeatField } from '../model/seats.js';
import type { PairingWarning, Player, PlayerId, Settings, Table } from '../model/types.js';
import { createRng } from '../random/rng.js';
import { andList } from '../text/format.js';
import type { TableShape } from '../rulesets/ruleset.js';

export interface FixedSeatOptions {
  /** Put fixed-seat players in their seats (Swiss pods); false: the rule set's seat order stays. */
  seats: boolean;
  /**
   * With `seats`: the seed the first seat of each table with a fixed seat is drawn from (the
   * pairing's, derived: RULES 4). Required then.
   */
  firstSeatSeed?: number;
  /** With `seats: false`: why a fixed seat is not used this round, for the warning (absent: none). */
  seatRule?: string;
  /** Keep the tables in the order given (a playoff's bracket order); otherwise sorted by number. */
  keepOrder?: boolean;
  /** The numbers to give, one per table (see the file comment); absent: 1, 2, 3, … as needed. */
  numbers?: readonly number[];
  /** With `numbers`: why a fixed table is not used, for the warnings ("only tables 2, 5 and 6 are re-paired"). */
  numbersRule?: string;
}

export interface FixedSeatResult {
  tables: Table[];
  /** Kind 'info': an empty table, a claim or a seat that could not be honoured. */
  warnings: PairingWarning[];
}

/**
 * The highest seat a player can be fixed to, or null when the rule set's tables have no seats to
 * fix: only tables of numbered seats with a standard size (pods of n: seats 1–n) do.
 */
export function fixedSeatLimit(shape: TableShape, settings: Settings): number | null {
  return shape.layout === 'seats' && shape.standardSize ? shape.standardSize(settings) : null;
}

/** The rule set's tables with fixed tables (and seats) honoured; see the file comment. */
export function placeFixedSeats(players: readonly Player[], tables: Table[], options: FixedSeatOptions): FixedSeatResult {
  const fixed = new Map<PlayerId, Player>();
  for (const p of players) if (p.fixedTable !== undefined) fixed.set(p.id, p);
  const at = tables.map((t) => t.seats.map((id) => fixed.get(id)).filter((p): p is Player => p !== undefined));
  if (options.numbers && options.numbers.length !== tables.length)
    throw new Error(`fixed seats: ${options.numbers.length} numbers for ${tables.length} tables`);
  if (!options.numbers && at.every((list) => list.length === 0)) return { tables, warnings: [] };
  const name = (p: Player): string => p.name;
  const { numbers, warnings } = numberTables(tables, at, name, options);
  if (options.seats && options.firstSeatSeed === undefined) throw new Error('fixed seats: a seed to draw the first seat from is needed with seats');
  const draw = createRng(options.firstSeatSeed ?? 0);
  const placed = tables.map((t, i): Table => {
    const table: Table = { ...t, table: numbers[i] as number };
    if (!options.seats) return table;
    const seated = seatFixed(table, at[i] as Player[], name);
    warnings.push(...seated.warnings);
    if (!seated.fixed) return { ...table, seats: seated.seats };
    // 2.2A: the fixed player keeps their place; who plays first is drawn.
    const { firstSeat: _was, ...rest } = table;
    return { ...rest, seats: seated.seats, ...firstSeatField(draw.int(1, seated.seats.length)) };
  });
  if (!options.seats && options.seatRule) {
    const off = placed.flatMap((t) => t.seats.filter((id, k) => fixed.get(id)?.fixedSeat !== undefined && fixed.get(id)?.fixedSeat !== k + 1));
    if (off.length > 0)
      warnings.push({
        kind: 'info',
        message: `${andList(off.map((id) => `${name(fixed.get(id) as Player)} (fixed at seat ${fixed.get(id)?.fixedSeat})`))}: ${options.seatRule}`,
        players: off,
      });
  }
  if (!options.keepOrder) placed.sort((a, b) => a.table - b.table);
  return { tables: placed, warnings };
}

/**
 * The number of each table (by index): fixed claims first, in the rule set's order, the lowest free
 * claim of each table; then the empty tables (fixed tables of seated players that no table took)
 * are skipped; then everyone else in order. With given numbers: only claims among them, none
 * skipped, the others take the given numbers left. Warnings for empty tables and lost claims.
 */
function numberTables(
  tables: readonly Table[],
  at: readonly (readonly Player[])[],
  name: (p: Player) => string,
  options: Pick<FixedSeatOptions, 'numbers' | 'numbersRule'>,
): { numbers: number[]; warnings: PairingWarning[] } {
  const given = options.numbers ? new Set(options.numbers) : undefined;
  const order = tables.map((_, i) => i).sort((a, b) => (tables[a] as Table).table - (tables[b] as Table).table || a - b);
  const numbers: (number | undefined)[] = tables.map(() => undefined);
  const used = new Map<number, number>();
  for (const i of order) {
    const claims = [...new Set((at[i] as Player[]).map((p) => p.fixedTable as number))].sort((a, b) => a - b);
    const free = claims.find((n) => !used.has(n) && (given?.has(n) ?? true));
    if (free === undefined) continue;
    numbers[i] = free;
    used.set(free, i);
  }
  const empty = new Set<number>();
  if (!given) for (const list of at) for (const p of list) if (!used.has(p.fixedTable as number)) empty.add(p.fixedTable as number);
  const left = given ? [...given].filter((n) => !used.has(n)).sort((a, b) => a - b) : [];
  let next = 1;
  for (const i of order) {
    if (numbers[i] !== undefined) continue;
    if (given) {
      numbers[i] = left.shift() as number;
      continue;
    }
    while (used.has(next) || empty.has(next)) next++;
    numbers[i] = next++;
  }

  const warnings: PairingWarning[] = [];
  for (const i of order) {
    const list = at[i] as Player[];
    const number = numbers[i] as number;
    const owners = list.filter((p) => p.fixedTable === number);
    const others = list.filter((p) => p.fixedTable !== number);
    const host = owners.length > 0 ? ` with ${andList(owners.map((p) => `${name(p)} (fixed at ${number})`))}` : '';
    // Tables left empty: one warning per number, naming who is fixed there and where they play.
    const emptyHere = [...new Set(others.filter((p) => empty.has(p.fixedTable as number)).map((p) => p.fixedTable as number))].sort((a, b) => a - b);
    for (const n of emptyHere) {
      const theirs = others.filter((p) => p.fixedTable === n);
      warnings.push({
        kind: 'info',
        message: `Table ${n} stays empty: ${andList(theirs.map((p) => `${name(p)} (fixed at ${n})`))} ${theirs.length === 1 ? 'plays' : 'play'} at table ${number}${host}`,
        players: [...theirs, ...owners].map((p) => p.id),
      });
    }
    for (const p of others) {
      const claim = p.fixedTable as number;
      const holder = used.get(claim);
      // A claim another table took first.
      if (holder !== undefined && holder !== i) {
        const there = (at[holder] as Player[]).filter((q) => q.fixedTable === claim);
        warnings.push({
          kind: 'info',
          message: `${name(p)} (fixed at table ${claim}) plays at table ${number}: table ${claim} seats ${andList(there.map(name))}, also fixed there`,
          players: [p.id, ...there.map((q) => q.id)],
        });
      } else if (given) {
        // Given numbers: the claim is not among them, or the table took a lower one and none stays empty.
        const why = options.numbersRule ?? `table ${claim} is not one of the tables numbered`;
        const message = given.has(claim)
          ? `${name(p)} (fixed at table ${claim}) plays at table ${number}${host}: ${why}, so table ${claim} is not left empty`
          : `${name(p)} (fixed at table ${claim}) plays at table ${number}${host}: ${why}`;
        warnings.push({ kind: 'info', message, players: [p.id, ...owners.map((q) => q.id)] });
      }
    }
  }
  return { numbers: numbers as number[], warnings };
}

/** One table's seats with its fixed-seat players in their seats (see the file comment). */
function seatFixed(table: Table, fixedHere: readonly Player[], name: (p: Player) => string): { seats: PlayerId[]; warnings: PairingWarning[]; fixed: boolean } {
  const position = (p: Player): number => table.seats.indexOf(p.id);
  const claims = fixedHere
    .filter((p) => p.fixedSeat !== undefined)
    .sort(
      (a, b) =>
        Number(a.fixedTable !== table.table) - Number(b.fixedTable !== table.table) ||
        (a.fixedTable as number) - (b.fixedTable as number) ||
        position(a) - position(b),
    );
  if (claims.length === 0) return { seats: table.seats, warnings: [], fixed: false };
  const size = table.seats.length;
  const placed: (PlayerId | undefined)[] = table.seats.map(() => undefined);
  const holderOf = new Map<number, Player>();
  const bumped: Player[] = [];
  const shortened: Player[] = [];
  for (const p of claims) {
    const seat = Math.min(p.fixedSeat as number, size);
    if (placed[seat - 1] !== undefined) {
      bumped.push(p);
      continue;
    }
    placed[seat - 1] = p.id;
    holderOf.set(seat, p);
    if (seat !== p.fixedSeat) shortened.push(p);
  }
  const rest = table.seats.filter((id) => !placed.includes(id));
  let k = 0;
  const seats = placed.map((id) => id ?? (rest[k++] as PlayerId));
  const warnings: PairingWarning[] = [];
  for (const p of shortened)
    warnings.push({
      kind: 'info',
      message: `${name(p)} (fixed at seat ${p.fixedSeat}) sits in seat ${size} at table ${table.table}: it seats ${size} players`,
      players: [p.id],
    });
  for (const p of bumped) {
    const seat = Math.min(p.fixedSeat as number, size);
    const holder = holderOf.get(seat) as Player;
    warnings.push({
      kind: 'info',
      message: `${name(p)} (fixed at seat ${p.fixedSeat}) sits in seat ${seats.indexOf(p.id) + 1} at table ${table.table}: seat ${seat} is ${name(holder)}'s fixed seat`,
      players: [p.id, holder.id],
    });
  }
  return { seats, warnings, fixed: true };
}

/**
 * A pairing (a Swiss proposal, a playoff round or cut) with fixed seats honoured: the same object
 * when nothing changes, else its tables replaced and the warnings added after its own.
 */
export function withFixedSeats<P extends { tables: Table[]; warnings?: PairingWarning[] }>(players: readonly Player[], pairing: P, options: FixedSeatOptions): P {
  const placed = placeFixedSeats(players, pairing.tables, options);
  if (placed.tables === pairing.tables) return pairing;
  const warnings = placed.warnings.length > 0 || pairing.warnings ? { warnings: [...(pairing.warnings ?? []), ...placed.warnings] } : {};
  return { ...pairing, tables: placed.tables, ...warnings };
}
