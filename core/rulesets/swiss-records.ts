/**
 * What the Swiss standings of `mtr` and the pod rule sets share (RULES 1 "Points" and "Drops and
 * entries"): one pass over the Swiss rounds into one accumulator per registered player (found
 * through a Map, so thousands of players stay in milliseconds), then the late entries' losses; and
 * the tiebreaker comparison that ignores floating-point noise. What a bye, a table and a late-entry
 * loss are worth is each rule set's own.
 */
import type { EventState, Player, PlayerId, Table } from '../model/types.js';

/** What a rule set adds up for each player. */
export interface SwissTally<A extends { id: PlayerId; joinedRound: number }> {
  /** A player's empty accumulator. */
  start(player: Player): A;
  /** A Swiss bye of this player. */
  bye(acc: A): void;
  /** A table of a Swiss round; `byId` finds its players' accumulators. */
  table(table: Table, byId: ReadonlyMap<PlayerId, A>): void;
  /**
   * A late entry's `missed` Swiss rounds before the one they joined in, as losses; called only
   * with the `lateEntryRecord: 'loss'` setting (with 'none' those rounds count for nothing).
   */
  lateLosses(acc: A, missed: number): void;
}

/** Every registered player's accumulator, in registration order, after the event's Swiss rounds. */
export function tallySwiss<A extends { id: PlayerId; joinedRound: number }>(state: EventState, tally: SwissTally<A>): A[] {
  const accs: A[] = state.players.map((p) => tally.start(p));
  const byId = new Map<PlayerId, A>();
  for (const acc of accs) byId.set(acc.id, acc);

  const swissNumbers: number[] = [];
  for (const round of state.rounds) {
    if (round.stage !== 'swiss') continue;
    swissNumbers.push(round.number);
    for (const bye of round.byes) {
      const p = byId.get(bye.player);
      if (!p) continue;
      tally.bye(p);
    }
    for (const table of round.tables) tally.table(table, byId);
  }

  // RULES 1 "Drops and entries" (Decision, setting): a late entry takes a match loss for each
  // Swiss round before the one they joined in.
  if (state.settings.lateEntryRecord === 'loss') {
    for (const p of accs) {
      if (p.joinedRound <= 1) continue;
      let missed = 0;
      for (const number of swissNumbers) if (number < p.joinedRound) missed++;
      tally.lateLosses(p, missed);
    }
  }
  return accs;
}

/**
 * Values closer than this are treated as equal when sorting, so that two mathematically equal
 * averages summed in a different order (floating-point noise around 1e-16) fall through to the next
 * tiebreaker instead of being split by rounding.
 */
const TIE_EPSILON = 1e-12;

/** Higher first, for a tiebreaker sort; values within TIE_EPSILON are equal. */
export function compareDesc(a: number, b: number): number {
  const d = b - a;
  return Math.abs(d) <= TIE_EPSILON ? 0 : d;
}
