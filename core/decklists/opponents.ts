/**
 * Who is given their opponents' decklists, and when (MTR 2.7: "At Professional Rules
 * Enforcement Level tournaments (World Championship, Pro Tour, Regional Championships), opponents'
 * decklists will be provided to players"): at Professional REL, for a paired playoff round, once
 * every player of its matches has a registered list. Refusals in words, for the screens (before
 * anyone prints) and the printed page (core/documents/opponent-decklists.ts) alike.
 */
import { distinguishedNames } from '../model/person-names.js';
import type { EventState, Round, Table } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { mtrCitation } from '../rulesets/ruleset.js';

export interface OpponentDecklistRefusal {
  /** 'rel': not a Professional REL event; 'round': not a playoff round; 'lists': lists missing. */
  kind: 'rel' | 'round' | 'lists';
  words: string;
}

const REL_WORDS = { regular: 'Regular', competitive: 'Competitive', professional: 'Professional' } as const;

/** Tables where each player has at least one opponent (a bye has none). */
export function tablesWithOpponents(round: Round): Table[] {
  return [...round.tables].filter((t) => t.seats.length > 1).sort((a, b) => a.table - b.table);
}

function relRefusal(state: EventState): OpponentDecklistRefusal | undefined {
  const terms = getRuleset(state.ruleset).terms;
  if (!terms.rel)
    return { kind: 'rel', words: "Opponents' decklists are printed only for an event at Professional Rules Enforcement Level: this event has no Rules Enforcement Level." };
  if (state.settings.rel === 'professional') return undefined;
  const cite = mtrCitation(terms, '2.7');
  return {
    kind: 'rel',
    words: `Opponents' decklists are provided to players only at Professional REL${cite ? ` (${cite})` : ''}: this event is at ${REL_WORDS[state.settings.rel]} REL.`,
  };
}

function roundRefusal(round: Round | undefined): OpponentDecklistRefusal | undefined {
  if (!round) return { kind: 'round', words: "No round is paired yet: opponents' decklists are printed for a paired playoff round." };
  if (round.stage !== 'playoff') return { kind: 'round', words: `Round ${round.number} is a Swiss round: opponents' decklists are printed for a playoff round.` };
  return undefined;
}

function listsRefusal(state: EventState, round: Round): OpponentDecklistRefusal | undefined {
  const names = distinguishedNames(state.players);
  const missing = tablesWithOpponents(round).flatMap((t) => t.seats.filter((id) => state.decklists?.[id] === undefined).map((id) => `${names.get(id) ?? id} (table ${t.table})`));
  if (missing.length === 0) return undefined;
  const who = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return {
    kind: 'lists',
    words: `No registered decklist for ${who}: every opponent's list is needed. Register ${missing.length === 1 ? 'it' : 'them'} on the Players screen, then print.`,
  };
}

/**
 * Why the opponents' decklists of `round` cannot be printed, in words (empty: they can). A screen
 * offers the print only without a 'rel' or 'round' refusal, and shows a 'lists' one beside it.
 */
export function opponentDecklistRefusals(state: EventState, round: Round | undefined): OpponentDecklistRefusal[] {
  const rel = relRefusal(state);
  const when = roundRefusal(round);
  const lists = round && !when ? listsRefusal(state, round) : undefined;
  return [rel, when, lists].filter((r): r is OpponentDecklistRefusal => r !== undefined);
}
