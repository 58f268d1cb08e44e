/**
 * Lightseekers table sizes and groups (RULES.md section 3; seeds/004, "Multiplayer Events").
 *
 * - Casual (5–25): the seed's table, transcribed row by row below (`CASUAL_TABLE`): the sizes of the
 *   round's tables in the order the seed lists them, the final table's size and its "Who advances?"
 *   column — verbatim in `whoAdvances`, read into `advance` (how many advance from each table, in
 *   the same order: 1 = the table's winner, 2 = its winner and runner-up). **Decision (RULES 3):** the
 *   13-player row, printed "2 from 4, 1 from 4s", is read "2 from 5, 1 from each 4". In every row,
 *   tables of one size send the same number, so a round's actual tables can be matched to the row
 *   by size.
 * - Competitive (8–150) and each group of a large event: tables of 3 to 5, preferring 4 and 5 — the
 *   fewest tables (⌈N/5⌉) with sizes as equal as possible, larger tables first. That needs a table
 *   of 3 only where the count forces one (3, 6, 7 and 11 players; for N ≥ 8 only 11 → 4, 4, 3) and
 *   matches the seed's own examples for groups (17 → 5, 4, 4, 4; 16 → 4, 4, 4, 4).
 * - Large (26–150): ⌈N/25⌉ groups ("a new small tournament is added for every part of 25 players"),
 *   sizes as equal as possible, larger groups first. **Decision (RULES 3):** 57 → 19, 19, 19.
 *   **Decision:** above 150 (a warning, never a block — RULES 4) the count stays at 6 groups, so the
 *   grand final of the group winners still seats at most 6.
 */
import { fail } from '../../model/errors.js';
import { plural } from '../../text/format.js';

export interface CasualRow {
  players: number;
  /** Players at each table of the round, in the seed's order (table 1 first). */
  tables: readonly number[];
  /** Players at the final table (0: none — 5 or 6 players play one table, RULES 3). */
  finalSize: number;
  /** The seed's "Who advances?" column as printed ("N/A" where there is no final). */
  whoAdvances: string;
  /** How many advance from each table, in the order of `tables` (empty where there is no final). */
  advance: readonly number[];
}

const row = (players: number, tables: number[], finalSize: number, whoAdvances: string, advance: number[]): CasualRow => ({
  players,
  tables,
  finalSize,
  whoAdvances,
  advance,
});

/** seeds/004: "Participants: Players in Each Game: Players in Finals Who Advances?" */
export const CASUAL_TABLE: readonly CasualRow[] = [
  row(5, [5], 0, 'N/A', []),
  row(6, [6], 0, 'N/A', []),
  row(7, [3, 4], 3, '1 from 3, 2 from 4', [1, 2]),
  row(8, [4, 4], 4, '2 from each', [2, 2]),
  row(9, [5, 4], 4, '2 from each', [2, 2]),
  row(10, [5, 5], 4, '2 from each', [2, 2]),
  row(11, [4, 4, 3], 5, '2 from 4s, 1 from 3', [2, 2, 1]),
  row(12, [4, 4, 4], 3, '1 from each', [1, 1, 1]),
  // Printed "2 from 4, 1 from 4s"; RULES 3 Decision: "2 from 5, 1 from each 4".
  row(13, [5, 4, 4], 4, '2 from 4, 1 from 4s', [2, 1, 1]),
  row(14, [5, 5, 4], 5, '2 from 5s, 1 from 4', [2, 2, 1]),
  row(15, [5, 5, 5], 3, '1 from each', [1, 1, 1]),
  row(16, [4, 4, 4, 4], 4, '1 from each', [1, 1, 1, 1]),
  row(17, [5, 4, 4, 4], 5, '2 from 5, 1 from 4s', [2, 1, 1, 1]),
  row(18, [5, 5, 4, 4], 4, '1 from each', [1, 1, 1, 1]),
  row(19, [5, 5, 5, 4], 4, '1 from each', [1, 1, 1, 1]),
  row(20, [4, 4, 4, 4, 4], 5, '1 from each', [1, 1, 1, 1, 1]),
  row(21, [5, 4, 4, 4, 4], 5, '1 from each', [1, 1, 1, 1, 1]),
  row(22, [5, 5, 4, 4, 4], 5, '1 from each', [1, 1, 1, 1, 1]),
  row(23, [5, 5, 5, 4, 4], 5, '1 from each', [1, 1, 1, 1, 1]),
  row(24, [5, 5, 5, 5, 4], 5, '1 from each', [1, 1, 1, 1, 1]),
  row(25, [5, 5, 5, 5, 5], 5, '1 from each', [1, 1, 1, 1, 1]),
];

export const CASUAL_PLAYERS = { min: 5, max: 25 } as const;
export const COMPETITIVE_PLAYERS = { min: 8, max: 150 } as const;
export const LARGE_PLAYERS = { min: 26, max: 150 } as const;
/** "A new small tournament is added for every part of 25 players." */
export const LARGE_GROUP_PLAYERS = 25;
/** The grand final seats 4 to 6: at most 6 groups (150 players). */
export const LARGE_MAX_GROUPS = 6;

/** The seed's row for a casual event of `players`, or undefined outside 5–25. */
export function casualRow(players: number): CasualRow | undefined {
  return CASUAL_TABLE.find((r) => r.players === players);
}

/**
 * Competitive tables for `count` players: ⌈count/5⌉ tables, sizes as equal as possible, larger first
 * (see the file comment). 3–5 players: one table. Fewer than 3 cannot play a game.
 */
export function competitiveTableSizes(count: number): number[] {
  if (!Number.isInteger(count) || count < 0) fail('invalid-input', `${count} players cannot be seated at tables`);
  if (count === 0) return [];
  if (count < 3) fail('invalid-input', `${plural(count, 'player')} cannot make a Lightseekers table: a game needs 3 to 6 players`);
  return evenSplit(count, Math.ceil(count / 5));
}

/**
 * Casual tables: the seed's row for 5–25 players; outside it (a warning, RULES 4) the competitive
 * sizes, which for 3 or 4 players are one table.
 */
export function casualTableSizes(count: number): number[] {
  const r = casualRow(count);
  return r ? [...r.tables] : competitiveTableSizes(count);
}

/** Groups of a large event of `count` players: ⌈count/25⌉ (at most 6), as equal as possible. */
export function largeGroupSizes(count: number): number[] {
  if (!Number.isInteger(count) || count < 0) fail('invalid-input', `${count} players cannot be split into groups`);
  if (count === 0) return [];
  return evenSplit(count, Math.min(LARGE_MAX_GROUPS, Math.ceil(count / LARGE_GROUP_PLAYERS)));
}

/** The final table of a competitive event (or one group of a large one): 4 for up to 10 players, else 5. */
export function competitiveFinalSize(participants: number): number {
  return participants <= 10 ? 4 : 5;
}

/**
 * The grand final of a large event with `groups` group finals (RULES 3): with 2 or 3 groups the
 * winner and the runner-up of each (4 or 6 players); with 4–6 groups each winner. 1 group: no grand
 * final (the group's final is the event's).
 */
export function grandFinalPerGroup(groups: number): number {
  return groups === 2 || groups === 3 ? 2 : 1;
}

/** `count` split into `parts` sizes as equal as possible, larger first. */
export function evenSplit(count: number, parts: number): number[] {
  const base = Math.floor(count / parts);
  const extra = count % parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

/** "5, 4, 4": a list of sizes for messages. */
export function describeSizes(sizes: readonly number[]): string {
  return sizes.join(', ');
}
