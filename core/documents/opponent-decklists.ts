/**
 * Opponents' decklists for a playoff round (MTR 2.7: "At Professional Rules Enforcement Level
 * tournaments (World Championship, Pro Tour, Regional Championships), opponents' decklists will be
 * provided to players"). For each table of the round, in table order, a page for each player and
 * each of their opponents — "For Ana Archer, table 1: your opponent's registered decklist" — with the
 * opponent's list in the layout every printed list shares (decklist.ts, read mode). The page is
 * handed to the player it names. An opponent's correction reasons are judges' records: not printed.
 *
 * Refused, in words, when the event is not at Professional REL (or has no REL at all), when the
 * round is not a playoff round, or when a player of the round has no registered list (named): the
 * document is then one page that says why, and `opponentDecklistRefusals` gives the screens the same
 * words before anyone prints.
 */
import { listSize } from '../decklists/journal.js';
import type { Decklist, EventState, PlayerId, Round, Table } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { mtrCitation } from '../rulesets/ruleset.js';
import { type DocContext, definition, nameOf, roundTitle } from './layout.js';
import { listSections } from './decklist.js';
import { distinguishedNames } from './names.js';
import type { Content, DocDefinition } from './types.js';

export interface OpponentDecklistRefusal {
  /** 'rel': not a Professional REL event; 'round': not a playoff round; 'lists': lists missing. */
  kind: 'rel' | 'round' | 'lists';
  words: string;
}

const REL_WORDS = { regular: 'Regular', competitive: 'Competitive', professional: 'Professional' } as const;

/** Tables where each player has at least one opponent (a bye has none). */
function matches(round: Round): Table[] {
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
  const missing = matches(round).flatMap((t) => t.seats.filter((id) => state.decklists?.[id] === undefined).map((id) => `${names.get(id) ?? id} (table ${t.table})`));
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

function opponentPage(ctx: DocContext, round: Round, table: Table, player: PlayerId, opponent: PlayerId, first: boolean): Content[] {
  const list = ctx.state.decklists?.[opponent] as Decklist;
  const cite = mtrCitation(ctx.ruleset.terms, '2.7');
  const notes = mtrCitation(ctx.ruleset.terms, '2.11');
  return [
    {
      text: `For ${nameOf(ctx, player)}, table ${table.table}: your opponent's registered decklist`,
      style: 'title',
      ...(first ? {} : { pageBreak: 'before' as const }),
    },
    { text: `Your opponent: ${nameOf(ctx, opponent)} · ${listSize(list)} · ${roundTitle(ctx.state, round)}`, style: 'subtitle', margin: [0, 0, 0, 2] },
    // Above the list: a long list may run onto a second page; this line stays with the names.
    {
      text: `At Professional REL, players are given their opponents' decklists${cite ? ` (${cite})` : ''}. You may not copy your opponent's whole list into your notes for the match${notes ? ` (${notes})` : ''}.`,
      style: 'small',
      margin: [0, 0, 0, 2],
    },
    ...listSections(list, 'read'),
  ];
}

export function opponentDecklists(ctx: DocContext): DocDefinition {
  const round = ctx.round;
  const about = round ? roundTitle(ctx.state, round) : 'Before round 1';
  const refusals = opponentDecklistRefusals(ctx.state, round);
  if (refusals.length > 0 || !round) {
    const content: Content[] = [
      { text: "Opponents' decklists — not printed", style: 'title' },
      ...refusals.map((r): Content => ({ text: r.words, margin: [0, 0, 0, 6] })),
    ];
    return definition(ctx, { document: "Opponents' decklists", about }, content);
  }
  const pages: Content[] = [];
  for (const table of matches(round))
    for (const player of table.seats)
      for (const opponent of table.seats.filter((id) => id !== player)) pages.push(...opponentPage(ctx, round, table, player, opponent, pages.length === 0));
  if (pages.length === 0) pages.push({ text: "Opponents' decklists", style: 'title' }, { text: `No table of ${about.toLowerCase()} seats two players or more.`, style: 'subtitle' });
  return definition(ctx, { document: "Opponents' decklists", about }, pages);
}
