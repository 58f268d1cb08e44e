/**
 * Seating: what goes on the tables and on the wall before play starts.
 * - Seating cards (pod seating sheets): one card per table of the round, two per page between a
 *   dashed cut line, the table number huge and the seats in seat order ("Seat 1 — plays first").
 * - Seating by name: everyone → table and seat, alphabetical by family name (the board of
 *   pairings-by-name.ts, the number being the table).
 * - Draft pods (players registered with a draft pod, MTR 7.6): each pod's seats, player → seat.
 *   The save records pods, not seats, so the seats are drawn from the event seed and the pod
 *   number: a reprint gives the same seats. A booster-draft top 8 (MTR 10.4) prints its recorded
 *   draft seating.
 * - Before round 1 (deck building): everyone → a seat number, alphabetical by family name.
 */
import type { Player, Round, Table } from '../model/types.js';
import { createRng, deriveSeed } from '../random/rng.js';
import { type DocContext, COLORS, definition, fitFontSize, nameOf, nameTags, pageBox, plural, roundTitle } from './layout.js';
import { type BoardEntry, boardContent, boardEntries } from './pairings-by-name.js';
import { sortByFamilyName } from './names.js';
import type { Content, DocDefinition, TableNode } from './types.js';

const DRAFT_SEAT_STREAM = 0x5345;

export function seating(ctx: DocContext): DocDefinition {
  const round = ctx.round;
  const about = round ? roundTitle(ctx.state, round) : 'Deck building';
  const running = { document: 'Seating', about };
  const content: Content[] = [];
  if (round && round.tables.length > 0) {
    content.push(...seatingCards(ctx, round));
    const entries = boardEntries(ctx, round);
    const maxTable = Math.max(0, ...round.tables.map((t) => t.table));
    content.push(...boardContent(ctx, entries, { title: `Seating by name — ${about}`, largestNumber: maxTable, split: false, note: 'the number is the table', breakBefore: true }));
  } else {
    content.push(...deckBuildingSeats(ctx, content.length > 0));
  }
  const pods = draftPodSeating(ctx);
  if (pods.length > 0) content.push({ text: 'Draft pod seating', style: 'title', pageBreak: 'before' }, ...pods);
  return definition(ctx, running, content);
}

function seatingCards(ctx: DocContext, round: Round): Content[] {
  const box = pageBox(ctx.options.pageSize, 'portrait');
  const slotHeight = Math.floor(box.contentHeight / 2) - 1;
  const tables = [...round.tables].sort((a, b) => a.table - b.table);
  const out: Content[] = [];
  for (let i = 0; i < tables.length; i += 2) {
    const body: Content[][] = [[card(ctx, round, tables[i] as Table, box.contentWidth, slotHeight)]];
    const second = tables[i + 1];
    body.push([second ? card(ctx, round, second, box.contentWidth, slotHeight) : { text: '' }]);
    const node: TableNode = { table: { widths: ['*'], heights: slotHeight, dontBreakRows: true, body }, layout: 'cut' };
    if (i > 0) node.pageBreak = 'before';
    out.push(node);
  }
  return out;
}

function card(ctx: DocContext, round: Round, table: Table, width: number, height: number): Content {
  const number = String(table.table);
  const numberSize = Math.min(fitFontSize(number, width - 40, 150, 48, true), height * 0.38);
  const seatSize = table.seats.length > 6 ? 12 : 16;
  const pods = table.seats.length > 2;
  return {
    stack: [
      { text: `${ctx.state.name} · ${roundTitle(ctx.state, round)}`, fontSize: 9, color: COLORS.muted, alignment: 'center' },
      { text: 'TABLE', fontSize: 20, bold: true, alignment: 'center', margin: [0, 6, 0, 0] },
      { text: number, fontSize: numberSize, bold: true, alignment: 'center', lineHeight: 0.95 },
      {
        table: {
          widths: [70, '*'],
          body: table.seats.map((id, i) => {
            const name = nameOf(ctx, id);
            const label = pods ? `${name}${i === 0 ? ' — plays first' : ''}` : name;
            return [
              { text: `Seat ${i + 1}`, fontSize: seatSize, bold: i === 0 && pods, color: COLORS.muted },
              { text: label, fontSize: fitFontSize(label, width - 150, seatSize, 8, i === 0 && pods), bold: i === 0 && pods },
            ];
          }),
        },
        layout: 'rows',
        margin: [40, 4, 40, 0],
      },
      ...(table.seats.length === 2 && !pods ? [] : [{ text: plural(table.seats.length, 'player'), fontSize: 9, color: COLORS.muted, alignment: 'center' as const, margin: [0, 4, 0, 0] as [number, number, number, number] }]),
    ],
    margin: [0, 10, 0, 0],
  };
}

function deckBuildingSeats(ctx: DocContext, breakBefore: boolean): Content[] {
  const registered = ctx.state.players.filter((p) => p.droppedAfterRound === undefined);
  const sorted = sortByFamilyName(registered, ctx.options.locale);
  const tags = nameTags(ctx);
  const entries: BoardEntry[] = sorted.map(({ item, name }, i) => {
    const tag = tags.get(item.id);
    return { id: item.id, name, table: i + 1, detail: `deck-building seat ${i + 1}`, ...(tag ? { tag } : {}) };
  });
  return boardContent(ctx, entries, {
    title: 'Deck-building seating',
    largestNumber: entries.length,
    split: false,
    note: 'the number is the seat',
    breakBefore,
  });
}

/** Each draft pod's members in seat order (see the file comment), pod 1 first. */
export function draftPods(ctx: DocContext): { pod: number; seats: Player[]; recorded: boolean }[] {
  const out: { pod: number; seats: Player[]; recorded: boolean }[] = [];
  const playoff = ctx.state.playoff;
  if (playoff?.draft) {
    const seats = playoff.seeds.map((id) => ctx.players.get(id)).filter((p): p is Player => p !== undefined);
    out.push({ pod: 0, seats, recorded: true });
  }
  const byPod = new Map<number, Player[]>();
  for (const player of ctx.state.players) {
    if (player.draftPod === undefined || player.droppedAfterRound === 0) continue;
    const list = byPod.get(player.draftPod) ?? [];
    list.push(player);
    byPod.set(player.draftPod, list);
  }
  for (const pod of [...byPod.keys()].sort((a, b) => a - b)) {
    const members = [...(byPod.get(pod) as Player[])].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const seats = createRng(deriveSeed(ctx.state.seed, DRAFT_SEAT_STREAM, pod)).shuffle(members);
    out.push({ pod, seats, recorded: false });
  }
  return out;
}

function draftPodSeating(ctx: DocContext): Content[] {
  const out: Content[] = [];
  for (const { pod, seats, recorded } of draftPods(ctx)) {
    out.push({ text: pod === 0 ? 'Top 8 booster draft (MTR 10.4)' : `Draft pod ${pod}`, style: 'heading' });
    out.push({
      text: recorded
        ? 'Draft seats as recorded at the cut; after the draft, seat 1 plays seat 5, 2 plays 6, 3 plays 7, 4 plays 8.'
        : `${plural(seats.length, 'player')}; pass left in pack 1 and 3, right in pack 2.`,
      style: 'small',
      margin: [0, 0, 0, 4],
    });
    out.push({
      table: {
        widths: [60, '*'],
        headerRows: 1,
        dontBreakRows: true,
        body: [
          [
            { text: 'Seat', style: 'th' },
            { text: 'Player', style: 'th' },
          ],
          ...seats.map((p, i) => [
            { text: String(i + 1), bold: true, fontSize: 12 },
            { text: nameOf(ctx, p.id), fontSize: 12 },
          ]),
        ],
      },
      layout: 'rows',
    });
  }
  return out;
}
