/**
 * `mtr`: penalties that change a match's result (RULES 4; MTR 2.4 and the Infraction Procedure
 * Guide it refers to). A game loss is a game the penalised player lost; a match loss is the match
 * lost: at a table with no result it is recorded as a no-show's is (MTR 2.10), the opponent winning
 * every game the match needs; a result entered already needs only to be the player's loss.
 * Team events (MTR 8) count the team's games lost over every seat's match.
 */
import type { PlayerId, Settings, Table, TableResult } from '../../model/types.js';
import type { PenaltyResults } from '../ruleset.js';
import { isHeadToHeadResult, isSeatTeamEvent, matchOutcome } from './results.js';

export const mtrPenaltyResults: PenaltyResults = {
  gamesLost(table: Table, result: TableResult, player: PlayerId): number {
    const seat = table.seats.indexOf(player);
    if (seat < 0 || !isHeadToHeadResult(result)) return 0;
    const other = seat === 0 ? 1 : 0;
    if (result.matches) return result.matches.reduce((sum, games) => sum + games[other], 0);
    return result.games[other];
  },
  lostMatch(table: Table, result: TableResult, player: PlayerId): boolean {
    const seat = table.seats.indexOf(player);
    if (seat < 0 || !isHeadToHeadResult(result)) return false;
    return matchOutcome(result) === (seat === 0 ? 'seat2' : 'seat1');
  },
  matchLoss(table: Table, player: PlayerId, settings: Settings): Record<string, unknown> {
    const g = settings.gamesToWin;
    const games = table.seats[0] === player ? [0, g, 0] : [g, 0, 0];
    if (isSeatTeamEvent(settings)) return { matches: Array.from({ length: settings.teamSize }, () => [...games]) };
    return { games };
  },
};
