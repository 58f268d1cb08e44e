/**
 * The round pack: everything the floor prints when a round is published, as one PDF in one click —
 * pairings by name (the board), then the match slips, then (multiplayer events, where the seat order
 * is part of the pairing and a card goes on each table) the seating cards and seating by name. Each
 * part starts on a new page and is the very document it is on its own.
 *
 * One definition has one set of page margins: the pack takes the slips' (they are laid out to fill
 * the page between their cut lines); the board and the seating cards are laid out for wider margins,
 * so they fit inside. The slips carry no running header or footer, so neither does the pack: every
 * part names the event and the round in its own title.
 */
import { type DocContext } from './context.js';
import { matchSlips } from './match-slips.js';
import { pairingsByName } from './pairings-by-name.js';
import { seating } from './seating.js';
import type { Content, DocDefinition } from './types.js';

/** The parts of a round pack for this event, in print order. */
export function roundPackParts(ctx: DocContext): ('pairings-by-name' | 'match-slips' | 'seating')[] {
  // Tables of several seats get a seating chart; a match of two sits as pairings say.
  const seats = ctx.ruleset.presentation.table.layout === 'seats';
  return ['pairings-by-name', 'match-slips', ...(seats ? (['seating'] as const) : [])];
}

export function roundPack(ctx: DocContext): DocDefinition {
  const board = pairingsByName(ctx);
  const round = ctx.round;
  if (!round || round.tables.length === 0) return board;
  const builders = { 'pairings-by-name': () => board, 'match-slips': matchSlips, seating } as const;
  const parts = roundPackParts(ctx).map((name) => (name === 'pairings-by-name' ? board : builders[name](ctx)));
  const slips = parts[1] as DocDefinition;
  // The slips name the event on each slip; the other parts get the event line the running header gave them.
  const eventLine: Content = { text: `${ctx.state.name} · ${ctx.ruleset.title}`, fontSize: 9, bold: true, margin: [0, 0, 0, 6] };
  const content: Content[] = parts.map((part, i) => ({
    stack: part === slips ? part.content : [eventLine, ...part.content],
    ...(i > 0 ? { pageBreak: 'before' as const } : {}),
  }));
  const about = board.info.title.split(' — ').pop() ?? '';
  return {
    pageSize: slips.pageSize,
    pageOrientation: 'portrait',
    pageMargins: slips.pageMargins,
    info: { ...board.info, title: `Round pack — ${ctx.state.name} — ${about}` },
    content,
    styles: Object.assign({}, ...parts.map((p) => p.styles)),
    defaultStyle: board.defaultStyle,
  };
}
