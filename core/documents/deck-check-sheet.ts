/**
 * The deck-check sheet (MTR 2.8): a player's registered list with a tick box beside
 * each card line and a space to write the count found, in the order cards are sorted for checking —
 * the commander, then the main deck, then the sideboard, each by name
 * (core/decklists/deck-checks.ts sortedForCheck). One player a page.
 *
 * Printed for a round (`round`, default the latest): the players whose decks were checked in that
 * round, as the clock's deck-check log has them (start the check — or pick the tables — then print).
 * `deckCheckSheetFor` prints any players' lists. A player asking to see their own list (MTR 2.7)
 * gets the decklist print (decklist.ts, which holds the list layout both share), without the check
 * columns. A list is never public: this is a judges' print.
 */
import { eventClock } from '../clock/derive.js';
import type { PlayerId } from '../model/types.js';
import { listSections, registrationWords } from './decklist.js';
import { type DocContext, nameOf, roundTitle } from './context.js';
import { COLORS, definition } from './layout.js';
import type { Content, DocDefinition } from './types.js';

interface SheetFor {
  player: PlayerId;
  /** Where and by whom it is checked, when it comes from the deck-check log. */
  table?: number;
  judge?: string;
}

function sheet(ctx: DocContext, item: SheetFor, first: boolean): Content[] {
  const list = ctx.state.decklists?.[item.player];
  const name = nameOf(ctx, item.player);
  const where = [
    ctx.round ? roundTitle(ctx.state, ctx.round) : undefined,
    item.table !== undefined ? `table ${item.table}` : undefined,
    item.judge ? `judge ${item.judge}` : undefined,
  ].filter((x): x is string => x !== undefined);
  const heading: Content = { text: `Deck check — ${name}`, style: 'title', ...(first ? {} : { pageBreak: 'before' as const }) };
  if (!list) {
    return [heading, { text: where.join(' · '), style: 'subtitle' }, { text: 'No decklist is registered for this player.', bold: true }];
  }
  return [
    heading,
    { text: [...where, registrationWords(list)].join(' · '), style: 'subtitle' },
    ...listSections(list, 'check'),
    {
      text: 'Tick each line whose count matches; write the count found where it does not. Cards are sorted by name within the commander, the main deck and the sideboard.',
      style: 'note',
      color: COLORS.muted,
    },
  ];
}

/** Sheets for these players (in this order), about the context's round. */
export function deckCheckSheetFor(ctx: DocContext, items: readonly SheetFor[]): DocDefinition {
  const about = ctx.round ? roundTitle(ctx.state, ctx.round) : 'Before round 1';
  const content: Content[] =
    items.length === 0
      ? [
          { text: 'Deck-check sheet', style: 'title' },
          {
            text: ctx.round
              ? `No deck check is logged in ${roundTitle(ctx.state, ctx.round).toLowerCase()} yet: start one (or pick tables) on the Clock screen, then print.`
              : 'No round is paired yet.',
            style: 'subtitle',
          },
        ]
      : items.flatMap((item, i) => sheet(ctx, item, i === 0));
  return definition(ctx, { document: 'Deck-check sheet', about }, content);
}

/** The round's sheets: every player checked in it, in the order of the deck-check log. */
export function deckCheckSheet(ctx: DocContext): DocDefinition {
  const round = ctx.round?.number;
  const items: SheetFor[] = [];
  const seen = new Set<PlayerId>();
  for (const check of eventClock(ctx.state).deckChecks.filter((c) => c.round === round)) {
    for (const player of check.players) {
      if (seen.has(player)) continue;
      seen.add(player);
      items.push({ player, table: check.table, judge: check.judge });
    }
  }
  return deckCheckSheetFor(ctx, items);
}
