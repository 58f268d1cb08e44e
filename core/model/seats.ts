/**
 * Who plays first at a table (MSTR/MAMTR 2.2A: "seating order and first Player are defined with a
 * random method"). A table's seats are its places in order round the table; `Table.firstSeat` says
 * which of them plays first, and turns go on in seat order from there. Tables that do not say
 * (every table of an older save, head-to-head matches, playoff pods where the highest seed sits in
 * seat 1) start at seat 1. Every screen and print that marks "plays first" asks here.
 */
import type { PlayerId } from './types.js';

interface Seated {
  seats: readonly PlayerId[];
  firstSeat?: number;
}

/** The seat (1-based) that plays first. */
export function firstSeat(table: Seated): number {
  const seat = table.firstSeat;
  return seat !== undefined && Number.isInteger(seat) && seat >= 1 && seat <= table.seats.length ? seat : 1;
}

/** Does the player in seat `index` (0-based) play first? */
export function playsFirst(table: Seated, index: number): boolean {
  return index === firstSeat(table) - 1;
}

/** The player who plays first (undefined for an empty table). */
export function firstPlayer(table: Seated): PlayerId | undefined {
  return table.seats[firstSeat(table) - 1];
}

/** The player's turn (1 = plays first) at the table, or 0 when not seated there. */
export function turnOf(table: Seated, player: PlayerId): number {
  const index = table.seats.indexOf(player);
  if (index < 0) return 0;
  const n = table.seats.length;
  return ((index - (firstSeat(table) - 1) + n) % n) + 1;
}

/** `firstSeat` as a table records it: only when it is not seat 1, so a table that starts at seat 1 stays as it always was. */
export function firstSeatField(seat: number | undefined): { firstSeat?: number } {
  return seat !== undefined && seat !== 1 ? { firstSeat: seat } : {};
}
