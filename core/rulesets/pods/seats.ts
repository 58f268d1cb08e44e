/**
 * Seats inside a Swiss pod: random and stored (10.4A, 2.2A: seat 1 plays first, unless a fixed seat
 * made the table draw its first seat — Table.firstSeat), or, with the optional `balanceSeats`
 * setting, players who played late earlier in the event get the earlier seats.
 */
import { turnOf } from '../../model/seats.js';
import type { EventState, PlayerId } from '../../model/types.js';
import type { Rng } from '../../random/rng.js';

export interface SeatRecord {
  round: number;
  table: number;
  /** The player's turn at the table: 1 = first to play (Table.firstSeat: not always seat 1). */
  seat: number;
  podSize: number;
}

/** Every player's seats so far (Swiss rounds), in round order: the "seat history" report. */
export function seatHistory(state: EventState): Map<PlayerId, SeatRecord[]> {
  const history = new Map<PlayerId, SeatRecord[]>();
  for (const round of state.rounds) {
    if (round.stage !== 'swiss') continue;
    for (const table of round.tables) {
      for (const id of table.seats) {
        let list = history.get(id);
        if (!list) history.set(id, (list = []));
        list.push({ round: round.number, table: table.table, seat: turnOf(table, id), podSize: table.seats.length });
      }
    }
  }
  return history;
}

/** 0 = always sat first, 1 = always last; players with no history count as the middle. */
export function lateness(records: readonly SeatRecord[] | undefined): number {
  if (!records || records.length === 0) return 0.5;
  let sum = 0;
  for (const r of records) sum += r.podSize > 1 ? (r.seat - 1) / (r.podSize - 1) : 0;
  return sum / records.length;
}

/** Seat order for one pod: random, or latest sitters first when balancing. */
export function seatPod(members: readonly PlayerId[], rng: Rng, balance: boolean, history: Map<PlayerId, SeatRecord[]>): PlayerId[] {
  const shuffled = rng.shuffle(members);
  if (!balance) return shuffled;
  // Stable sort of a random order: ties stay random.
  return shuffled.sort((a, b) => lateness(history.get(b)) - lateness(history.get(a)));
}
