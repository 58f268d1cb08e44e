/**
 * Facts about a round every document prints the same way: the points each player had before it,
 * the playoff seeds, a table's result in words, and counts ("3 points", digits grouped).
 */
import { type EventState, type PlayerId, type Round, type Table } from '../model/types.js';
import { pointsBeforeRound } from '../event/points-before.js';
import { plural as pluralText } from '../text/format.js';
import { type DocContext, nameOf } from './context.js';

// ---------------------------------------------------------------------------------------------
// Facts about the round

/**
 * Points each player had before `round` (the standings of the rounds before it): what pairings by
 * table print beside each name. Empty when the rule set cannot compute them.
 */
export function pointsBefore(ctx: DocContext, round: Round): ReadonlyMap<PlayerId, number> {
  return pointsBeforeRound(ctx.state, round.number);
}

/** Swiss seed (1-based) of each playoff player, from the cut. */
export function playoffSeeds(state: EventState): Map<PlayerId, number> {
  return new Map((state.playoff?.seeds ?? []).map((id, i) => [id, i + 1]));
}

/** The result of a table in a few words, as the rule set notes it ("2–1", "draw", "won by Ana"). */
export function resultText(ctx: DocContext, table: Table): string {
  if (!table.result) return '';
  return ctx.ruleset.presentation.results.note(table, table.result, (id) => nameOf(ctx, id));
}

/** "1,024 players", "1 player" — counts printed in words, their digits grouped (core/text). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return pluralText(count, one, many, { grouping: true });
}
