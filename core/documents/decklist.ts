/**
 * Registered decklists on paper (MTR 2.7), and the one layout every printed list
 * shares: the sections in checking order — the commander, then the main deck, then the sideboard,
 * each by name (core/decklists/deck-checks.ts sortedForCheck) — as tables of count and card, with a
 * tick box and a "Found" column in the deck-check sheet's 'check' mode (deck-check-sheet.ts), plain
 * in 'read' mode (this document, and the opponents' lists of opponent-decklists.ts).
 *
 * The decklist print (`decklist`): "Players have the right to request to see their decklist between
 * matches" (MTR 2.7) — with `player`, that player's registered list, saying so, with the reason of
 * its last correction when it was corrected after it locked; without, every registered list, a
 * page each, by family name (the judges' binder). A list is never public: a staff print.
 */
import { sortedForCheck } from '../decklists/deck-checks.js';
import { listSize } from '../decklists/journal.js';
import { fail } from '../model/errors.js';
import type { Decklist, DecklistCard, PlayerId } from '../model/types.js';
import { mtrCitation } from '../rulesets/ruleset.js';
import { type DocContext, nameOf } from './context.js';
import { definition, writeBox } from './layout.js';
import { sortByFamilyName } from '../model/person-names.js';
import type { Content, DocDefinition } from './types.js';

/** 'check': a tick box and a space for the count found (deck checks); 'read': count and card only. */
export type ListMode = 'check' | 'read';

/** Read mode: a section longer than this prints in two columns, and one longer than twice as long in three, so that a 100-card list fits a page. */
const LINES_PER_COLUMN = 33;
const ONE_COLUMN_LINES = 24;

function checkTable(title: string, cards: readonly DecklistCard[], total: number): Content {
  const body: Content[][] = [
    [
      { text: 'OK', style: 'th', alignment: 'center' },
      { text: 'Listed', style: 'th', alignment: 'right' },
      { text: 'Card', style: 'th' },
      { text: 'Found', style: 'th', alignment: 'center' },
    ],
    ...cards.map((c): Content[] => [
      { ...writeBox(9, 9, 0.8), alignment: 'center', margin: [0, 1, 0, 0] },
      { text: String(c.count), alignment: 'right', bold: true },
      { text: c.name },
      { text: '' },
    ]),
    [{ text: '' }, { text: String(total), alignment: 'right', bold: true }, { text: `${title}: total`, bold: true }, { text: '' }],
  ];
  return { table: { widths: [14, 34, '*', 60], headerRows: 1, dontBreakRows: true, body }, layout: 'rows', fontSize: 9 };
}

function readTable(cards: readonly DecklistCard[]): Content {
  const body = cards.map((c): Content[] => [
    { text: String(c.count), alignment: 'right', bold: true },
    { text: c.name },
  ]);
  return { table: { widths: [22, '*'], dontBreakRows: true, body }, layout: 'rows', fontSize: 9.5 };
}

function readSection(cards: readonly DecklistCard[]): Content {
  if (cards.length <= ONE_COLUMN_LINES) return readTable(cards);
  const count = cards.length <= 2 * LINES_PER_COLUMN ? 2 : 3;
  const per = Math.ceil(cards.length / count);
  const columns = Array.from({ length: count }, (_, i) => readTable(cards.slice(i * per, (i + 1) * per)));
  return { columns, columnGap: 14 };
}

/** The list's sections, each under its heading ("Main deck (60)"), laid out for `mode`. */
export function listSections(list: Decklist, mode: ListMode): Content[] {
  return sortedForCheck(list).flatMap((s): Content[] => [
    { text: `${s.title} (${s.total})`, style: 'heading' },
    mode === 'check' ? checkTable(s.title, s.cards, s.total) : readSection(s.cards),
  ]);
}

/** "registered once", "registered 2 times (last correction: a land was missing)". */
export function registrationWords(list: Decklist): string {
  if (list.version <= 1) return 'registered once';
  return `registered ${list.version} times${list.correction ? ` (last correction: ${list.correction})` : ''}`;
}

/** One player's page: it says whose registered list it is, and how it was corrected. */
function playerPage(ctx: DocContext, player: PlayerId, list: Decklist, first: boolean): Content[] {
  const name = nameOf(ctx, player);
  const cite = mtrCitation(ctx.ruleset.terms, '2.7');
  const corrected: Content[] = list.correction
    ? [{ text: `Corrected after the list locked — the reason given: ${list.correction}`, bold: true, margin: [0, 0, 0, 4] }]
    : [];
  return [
    { text: `Registered decklist — ${name}`, style: 'title', ...(first ? {} : { pageBreak: 'before' as const }) },
    { text: `The decklist registered for ${name}: ${listSize(list)}, ${registrationWords(list)}.`, style: 'subtitle', margin: [0, 0, 0, 2] },
    ...corrected,
    // Above the list: a long list may run onto a second page; this line stays with the name.
    {
      text: `A player may see their own registered decklist between matches${cite ? ` (${cite})` : ''}. Decklists are not public: this copy is for ${name} only.`,
      style: 'small',
      margin: [0, 0, 0, 2],
    },
    ...listSections(list, 'read'),
  ];
}

/** The named player's registered list (PodiumError 'invalid-input' for an unknown player or one without a list). */
function namedList(ctx: DocContext, player: PlayerId): Decklist {
  if (!ctx.players.has(player)) fail('invalid-input', `no player "${player}" is registered in this event: the decklist print names a registered player`);
  const list = ctx.state.decklists?.[player];
  if (!list) fail('invalid-input', `${nameOf(ctx, player)} (${player}) has no registered decklist: register it on the Players screen, then print it`);
  return list;
}

export function decklist(ctx: DocContext): DocDefinition {
  const player = ctx.options.player;
  if (player !== undefined) {
    const list = namedList(ctx, player);
    return definition(ctx, { document: 'Registered decklist', about: nameOf(ctx, player) }, playerPage(ctx, player, list, true));
  }
  const lists = ctx.state.decklists ?? {};
  const registered = sortByFamilyName(
    ctx.state.players.filter((p) => lists[p.id] !== undefined),
    ctx.options.locale,
  );
  const content: Content[] =
    registered.length === 0
      ? [
          { text: 'Registered decklists', style: 'title' },
          { text: 'No decklist is registered yet: register lists on the Players screen, then print.', style: 'subtitle' },
        ]
      : registered.flatMap(({ item }, i) => playerPage(ctx, item.id, lists[item.id] as Decklist, i === 0));
  return definition(ctx, { document: 'Registered decklists', about: 'Every registered list' }, content);
}
