/** Read-only questions about an event state, shared by the rule sets, the CLI and the host (and a round without a table's self-report, which several commands make). */
import type { EventState, Player, PlayerId, Round, SelfReport, Table } from '../model/types.js';

/** Is the player in the event for round `round` (joined, not dropped before it)? */
export function isActiveIn(player: Player, round: number): boolean {
  if (player.joinedRound > round) return false;
  return player.droppedAfterRound === undefined || player.droppedAfterRound >= round;
}

/** Players who take part in the next pairing. */
export function activePlayers(state: EventState, round = state.rounds.length + 1): Player[] {
  return state.players.filter((p) => isActiveIn(p, round));
}

/** Everyone who has dropped, whenever (MTR 2.10): a playoff replaces or passes over them. */
export function droppedPlayers(state: EventState): Set<PlayerId> {
  return new Set(state.players.filter((p) => p.droppedAfterRound !== undefined).map((p) => p.id));
}

export function playerIndex(state: EventState): Map<PlayerId, Player> {
  return new Map(state.players.map((p) => [p.id, p]));
}

export function currentRound(state: EventState): Round | undefined {
  return state.rounds[state.rounds.length - 1];
}

export function swissRounds(state: EventState): Round[] {
  return state.rounds.filter((r) => r.stage === 'swiss');
}

export function isRoundComplete(round: Round): boolean {
  return round.tables.every((t) => t.result !== undefined);
}

export function hasAnyResult(round: Round): boolean {
  return round.tables.some((t) => t.result !== undefined);
}

export function findTable(round: Round, table: number): Table | undefined {
  // Tables are usually numbered 1..n in order: try that place first.
  const guess = round.tables[table - 1];
  return guess?.table === table ? guess : round.tables.find((t) => t.table === table);
}

/** Opponent sets: every pair of players who have shared a table (any stage). */
export function opponentHistory(rounds: readonly Round[]): Map<PlayerId, Map<PlayerId, number>> {
  const met = new Map<PlayerId, Map<PlayerId, number>>();
  for (const round of rounds) {
    for (const table of round.tables) {
      for (const a of table.seats) {
        let row = met.get(a);
        if (!row) met.set(a, (row = new Map()));
        for (const b of table.seats) if (a !== b) row.set(b, (row.get(b) ?? 0) + 1);
      }
    }
  }
  return met;
}

/** Number of byes each player has had (pairing and awarded). */
export function byeCounts(rounds: readonly Round[]): Map<PlayerId, number> {
  const counts = new Map<PlayerId, number>();
  for (const round of rounds) for (const bye of round.byes) counts.set(bye.player, (counts.get(bye.player) ?? 0) + 1);
  return counts;
}

/** "Ana Archer (p01)" — how messages name a player. */
export function describePlayer(state: EventState, id: PlayerId): string {
  const player = state.players.find((p) => p.id === id);
  return player ? `${player.name} (${id})` : id;
}

/** The waiting report of a table, if any. */
export function reportOf(round: Round | undefined, table: number): SelfReport | undefined {
  return round?.reports?.find((r) => r.table === table);
}

/** A round without `table`'s report (a result was recorded, or the report was decided). */
export function withoutReport(round: Round, table: number): Round {
  const cleared = withoutRejection(round, table);
  if (!reportOf(cleared, table)) return cleared;
  const reports = (cleared.reports ?? []).filter((r) => r.table !== table);
  const { reports: _all, ...rest } = cleared;
  return reports.length > 0 ? { ...rest, reports } : rest;
}

/** The round without the note that the table's last report was rejected (a new report or a result replaces it). */
export function withoutRejection(round: Round, table: number): Round {
  if (!round.rejectedReports?.includes(table)) return round;
  const rejected = round.rejectedReports.filter((t) => t !== table);
  const { rejectedReports: _all, ...rest } = round;
  return rejected.length > 0 ? { ...rest, rejectedReports: rejected } : rest;
}
