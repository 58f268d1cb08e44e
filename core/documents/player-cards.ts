/**
 * Player cards (ARCHITECTURE "A player is who their phone claimed"): one card per player with their
 * name, their personal code and, while the venue network is on, a QR code that opens the player
 * page already claiming them (`/p#claim=CODE`: core/public claimUrl). Ten cards to an A4 page, eight
 * to a Letter page (two columns), with dashed cut lines around every card. Players in family-name
 * order, as the boards are, so the desk finds a card by name.
 *
 * The codes are made from the event's claim secret, which the host draws before printing (it is
 * never sent to a window): without it, or with claims off, the document says why there are no cards.
 */
import { claimsOn } from '../event/apply-claims.js';
import type { Player } from '../model/types.js';
import { personalCode, showPersonalCode } from '../public/personal-codes.js';
import { claimUrl } from '../public/types.js';
import { type DocContext, nameOf } from './context.js';
import { fitFontSize, pageBox } from './geometry.js';
import { COLORS, definition } from './layout.js';
import { plural } from './round-facts.js';
import { sortByFamilyName } from '../model/person-names.js';
import { qrCode, SLIP_QR_MIN } from './qr.js';
import type { Content, DocDefinition, TableNode } from './types.js';

const MARGINS: [number, number, number, number] = [24, 24, 24, 24];
const COLUMNS = 2;
const INSET = 10;

/** Cards per page: ten on A4, eight on Letter (50 points shorter: five rows would not leave room for a name, a code and a QR code). */
export function cardsPerPage(pageSize: 'A4' | 'LETTER'): number {
  return pageSize === 'A4' ? 10 : 8;
}

export function playerCards(ctx: DocContext): DocDefinition {
  const running = { document: 'Player cards', about: plural(ctx.state.players.length, 'player') };
  const key = ctx.state.claimKey;
  if (!claimsOn(ctx.state))
    return definition(ctx, running, [
      { text: 'Claims are off at this event: there are no personal codes to print.', style: 'title' },
      { text: 'Players report with the code on their match slip alone. Turn claims on in the Venue network panel to print player cards.' },
    ]);
  if (!key || ctx.state.players.length === 0)
    return definition(ctx, running, [{ text: ctx.state.players.length === 0 ? 'No players are registered yet: there are no player cards to print.' : 'This event has no personal codes yet.', style: 'title' }]);
  const box = pageBox(ctx.options.pageSize, 'portrait', MARGINS);
  const perPage = cardsPerPage(ctx.options.pageSize);
  const rows = perPage / COLUMNS;
  // Minus room for the cut lines, so that the last row never spills onto a new page.
  const height = Math.floor(box.contentHeight / rows) - 2;
  const width = box.contentWidth / COLUMNS;
  const players = sortByFamilyName(ctx.state.players, ctx.options.locale).map(({ item }) => item);
  const content: Content[] = [];
  for (let start = 0, page = 0; start < players.length; start += perPage, page++) {
    const body: Content[][] = [];
    for (let r = 0; r < rows; r++) {
      const row: Content[] = [];
      for (let c = 0; c < COLUMNS; c++) {
        const player = players[start + r * COLUMNS + c];
        row.push(player ? card(ctx, player, key, width - 2 * INSET) : { text: '' });
      }
      if (row.some((cell) => typeof cell !== 'object' || !('text' in cell) || cell.text !== '')) body.push(row);
    }
    const node: TableNode = { table: { widths: ['*', '*'], heights: height, dontBreakRows: true, body }, layout: 'cut-grid' };
    if (page > 0) node.pageBreak = 'before';
    content.push(node);
  }
  return definition(ctx, running, content, { margins: MARGINS, header: false, footer: false });
}

function card(ctx: DocContext, player: Player, key: string, width: number): Content {
  const code = personalCode(key, player.id);
  const base = ctx.options.playerPage;
  const qr = base ? qrCode(claimUrl(base, code), SLIP_QR_MIN + 9) : undefined;
  const textWidth = qr ? width - qr.fit - 10 : width;
  const name = nameOf(ctx, player.id);
  const words: Content[] = [
    { text: ctx.state.name, fontSize: fitFontSize(ctx.state.name, textWidth, 8, 6), color: COLORS.muted },
    { text: name, bold: true, fontSize: fitFontSize(name, textWidth, 15, 8, true), margin: [0, 2, 0, 6] },
    { text: 'Your personal code', fontSize: 7.5, color: COLORS.muted },
    { text: showPersonalCode(code), bold: true, fontSize: 18, characterSpacing: 1.5, margin: [0, 0, 0, 6] },
    {
      text: qr
        ? 'Scan the QR code with your phone: the player page opens as yours, and only that phone reports your results.'
        : 'On the event’s player page, choose “This is me” and type this code: only that phone reports your results.',
      fontSize: 7.5,
    },
    { text: 'Keep this card to yourself. New phone? Ask the scorekeeper to reset your claim.', fontSize: 7, color: COLORS.muted, margin: [0, 3, 0, 0] },
  ];
  if (!qr) return { stack: words, margin: [INSET, INSET, INSET, 0] };
  return {
    columns: [
      { width: '*', stack: words },
      { width: qr.fit, stack: [{ ...qr, margin: [0, 4, 0, 0] }, { text: 'scan: this is me', fontSize: 6.5, color: COLORS.muted, alignment: 'center', margin: [0, 4, 0, 0] }] },
    ],
    columnGap: 10,
    margin: [INSET, INSET, INSET, 0],
  };
}
