/**
 * Fixed tables on the prints: a table is numbered by the pairing as a fixed player's
 * table (core/pairing/fixed-seats.ts), so boards and slips print the right number as they are; the
 * staff's prints (pairings by table, the match slips) add a small mark, so that the floor staff know
 * not to move that table's players. **Decision:** the players' board (pairings by name) has no mark:
 * it is posted on the wall, and a fixed table is often an accessibility need, not everyone's business.
 */
import type { Table } from '../model/types.js';
import type { DocContext } from './context.js';

/** Is `table` a fixed player's table? */
export function isFixedTable(ctx: DocContext, table: Table): boolean {
  return table.seats.some((id) => ctx.players.get(id)?.fixedTable === table.table);
}

/** The mark under a table's number on a board ("fixed"). */
export const FIXED_MARK = 'fixed';
