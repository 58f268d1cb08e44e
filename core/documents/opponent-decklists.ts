/**
 * Opponents' decklists for a playoff round (MTR 2.7: "At Professional Rules Enforcement Level
 * tournaments (World Championship, Pro Tour, Regional Championships), opponents' decklists will be
 * provided to players"). For each table of the round, in table order, a page for each player and
 * each of their opponents — "For Ana Archer, table 1: your opponent's registered decklist" — with the
 * opponent's list in the layout every printed list shares (decklist.ts, read mode). The page is
 * handed to the player it names. An opponent's correction reasons are judges' records: not printed.
 *
 * When they may not be given (core/decklists/opponents.ts: not Professional REL, not a playoff
 * round, a list missing), the document is one page that says why, in the words the screens show.
 */
import { listSize } from '../decklists/journal.js';
import { opponentDecklistRefusals, tablesWithOpponents } from '../decklists/opponents.js';
import type { Decklist, PlayerId, Round, Table } from '../model/types.js';
import { mtrCitation } from '../rulesets/ruleset.js';
import { type DocContext, nameOf, roundTitle } from './context.js';
import { definition } from './layout.js';
import { listSections } from './decklist.js';
import type { Content, DocDefinition } from './types.js';

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
  for (const table of tablesWithOpponents(round))
    for (const player of table.seats)
      for (const opponent of table.seats.filter((id) => id !== player)) pages.push(...opponentPage(ctx, round, table, player, opponent, pages.length === 0));
  if (pages.length === 0) pages.push({ text: "Opponents' decklists", style: 'title' }, { text: `No table of ${about.toLowerCase()} seats two players or more.`, style: 'subtitle' });
  return definition(ctx, { document: "Opponents' decklists", about }, pages);
}
