/**
 * `mstr-2022` / `mamtr-2024`: penalties that change a pod's result (RULES 4; MTR 2.4 and the
 * Infraction Procedure Guide it refers to, which the multiplayer documents keep).
 *
 * - A game loss: the penalised player lost that game. In a pod the others play on, so the game has
 *   another winner or is drawn without them: they cannot be its winner and take no part in a draw —
 *   for a drawn game they are excluded, as a player who conceded is (2.1A: no point from the draw;
 *   2.4C: passed over for a drawn playoff pod). The result entered is checked to say so; the fold
 *   never adds it (the result the players sign already counts it).
 * - A match loss: the pod lost, as a no-show's (results.ts `podLostMatch`): excluded, winning
 *   nothing. It does not say who won the pod, so it is never recorded as the table's result.
 */
import type { PlayerId, Table, TableResult } from '../../model/types.js';
import type { PenaltyResults } from '../ruleset.js';
import { isPodResult, podLostMatch } from './results.js';

export const podPenaltyResults: PenaltyResults = {
  gamesLost(table: Table, result: TableResult, player: PlayerId): number {
    if (!table.seats.includes(player) || !isPodResult(result)) return 0;
    const excluded = (result.excluded ?? []).includes(player);
    // Each game someone else won is one they lost; a drawn game only if they took no part in the draw.
    const lost = (game: PlayerId | 'draw'): boolean => (game === 'draw' ? excluded : game !== player);
    if ('winner' in result) return lost(result.winner) ? 1 : 0;
    if ('games' in result) return result.games.filter(lost).length;
    return excluded ? 1 : 0;
  },
  lostMatch(_table: Table, result: TableResult, player: PlayerId): boolean {
    return podLostMatch(result, player);
  },
  gameLossProblem: (who) =>
    `${who} lost that game, so cannot be its winner and takes no part in a draw: name another winner, or list ${who} as excluded from the draw`,
  gameLossNote: (who) => `${who} lost that game: not its winner, and excluded from a draw`,
};
