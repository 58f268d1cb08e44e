/**
 * How a round ends, as the clock shows it: the procedure's numbers (extra turns, the last-turn
 * limit, the intentional-draw timer) and its words. The words are the rule set's, citing its own
 * sections (Ruleset.describeEndOfRound); where it has none, the clock says the procedure plainly.
 */
import type { EventState, Stage } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import type { EndOfRoundContext, EndOfRoundProcedure } from '../rulesets/ruleset.js';
import type { LastTurnState } from './derive.js';

export type EndOfRoundView =
  | {
      kind: 'extra-turns';
      /** Turns after the active player's turn; null when N is counted per table (MSTR 2.5AA). */
      turns: number | null;
      turnsArePlayersInGame: boolean;
      text: string;
    }
  | {
      kind: 'active-player-finishes';
      /** The last-turn limit (MAMTR 2.4B); null = none. */
      lastTurnMinutes: number | null;
      /** Once time is up: the round's own last-turn limit (tables with extensions have theirs). */
      lastTurn: LastTurnState | null;
      /** A game with no winner when the turn ends is a draw (false: scored as it stands). */
      unfinishedIsDraw: boolean;
      text: string;
    }
  | {
      kind: 'untimed';
      /** MAMTR App. B playoff pods: minutes from round start after a first intentional draw; null = none. */
      intentionalDrawMinutes: number | null;
      text: string;
    };

/** The procedure with its numbers and words. */
export function endOfRoundView(state: EventState, procedure: EndOfRoundProcedure, idMinutes: number | null, stage: Stage, final: boolean): EndOfRoundView {
  const round: EndOfRoundContext = { stage, final, intentionalDrawMinutes: idMinutes };
  const text = getRuleset(state.ruleset).describeEndOfRound?.(procedure, round) ?? plainWords(procedure, round);
  switch (procedure.kind) {
    case 'extra-turns':
      return procedure.turnsArePlayersInGame
        ? { kind: 'extra-turns', turns: null, turnsArePlayersInGame: true, text }
        : { kind: 'extra-turns', turns: procedure.turns, turnsArePlayersInGame: false, text };
    case 'active-player-finishes':
      return {
        kind: 'active-player-finishes',
        lastTurnMinutes: procedure.lastTurnMinutes ?? null,
        lastTurn: null,
        unfinishedIsDraw: procedure.lastTurnMinutes !== undefined || procedure.unfinished !== 'as-it-stands',
        text,
      };
    case 'untimed':
      return { kind: 'untimed', intentionalDrawMinutes: idMinutes, text };
  }
}

/** The procedure in words without citations, for a rule set that gives none. */
function plainWords(procedure: EndOfRoundProcedure, round: EndOfRoundContext): string {
  switch (procedure.kind) {
    case 'extra-turns':
      return procedure.turnsArePlayersInGame
        ? `At time the active player finishes the turn, then N more turns${procedure.turns > 0 ? ` plus ${procedure.turns}` : ''}, N being the number of players still in the game when time is called.`
        : `At time the active player finishes the turn, then ${procedure.turns} more turns in total. A game still unfinished is a draw.`;
    case 'active-player-finishes':
      if (procedure.lastTurnMinutes !== undefined)
        return `At time the active player finishes the turn, with a last-turn limit of ${procedure.lastTurnMinutes} minutes; when it is reached before a winner is determined, the game is a draw.`;
      if (procedure.unfinished === 'as-it-stands') return 'At time the active player finishes the turn, and the game is scored as it stands.';
      return 'At time the active player finishes the turn; if no winner is determined, the game is a draw.';
    case 'untimed':
      return round.intentionalDrawMinutes === null
        ? 'No time limit.'
        : `No time limit. After a first intentional draw in a pod, a ${round.intentionalDrawMinutes}-minute timer from the start of the round applies to that pod.`;
  }
}
