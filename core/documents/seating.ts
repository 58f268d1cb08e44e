/**
 * Seating: what goes on the tables and on the wall before play starts.
 * - Seating cards (pod seating sheets): one card per table of the round, two per page between a
 *   dashed cut line, the table number huge and the seats in seat order, the one that plays first
 *   marked ("Seat 1 — plays first"; core/model/seats.ts: not seat 1 where a fixed seat drew it).
 * - Seating by name: everyone → table and seat, alphabetical by family name (the board of
 *   pairings-by-name.ts, the number being the table).
 * - Draft pods (players registered with a draft pod, MTR 7.6): each pod's seats, player → seat.
 *   The save records pods, not seats, so the seats are drawn from the event seed and the pod
 *   number: a reprint gives the same seats. A booster-draft top 8 (MTR 10.4) prints its recorded
 *   draft seating.
 * - Before round 1 (deck building): everyone → a seat number, alphabetical by family name.
 * Team events (MTR 8, 9) list each person under their own family name with team and seat letter
 * (a team builds and sits together: its people share the team's number), and a card lists each
 * team's people by seat letter, seat A against seat A.
 */
import type { Player, Round, Table } from '../model/types.js';
import { draftPodSeats } from '../pairing/draft-pods.js';
import { type DocContext, isTeamEvent, membersLine, membersOf, nameOf, nameTags, roundTitle } from './context.js';
import { fitFontSize, pageBox } from './geometry.js';
import { COLORS, definition } from './layout.js';
import { plural } from './round-facts.js';
import { type BoardEntry, boardContent, boardEntries } from './pairings-by-name.js';
import { sortByFamilyName } from '../model/person-names.js';
import type { Content, DocDefinition, TableNode } from './types.js';
import { playsFirst } from '../model/seats.js';

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
  const teams = isTeamEvent(ctx) && table.seats.length === 2 && table.seats.every((id) => membersOf(ctx, id).length > 0);
  return {
    stack: [
      { text: `${ctx.state.name} · ${roundTitle(ctx.state, round)}`, fontSize: 9, color: COLORS.muted, alignment: 'center' },
      { text: 'TABLE', fontSize: 20, bold: true, alignment: 'center', margin: [0, 6, 0, 0] },
      { text: number, fontSize: numberSize, bold: true, alignment: 'center', lineHeight: 0.95 },
      teams ? teamSeats(ctx, table, width) : {
        table: {
          widths: [70, '*'],
          body: table.seats.map((id, i) => {
            const name = nameOf(ctx, id);
            const first = pods && playsFirst(table, i);
            const label = first ? `${name} — plays first` : name;
            return [
              { text: `Seat ${i + 1}`, fontSize: seatSize, bold: first, color: COLORS.muted },
              { text: label, fontSize: fitFontSize(label, width - 150, seatSize, 8, first), bold: first },
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

/**
 * A team table's seats: each team's name over its people, seat letter by seat letter, the first
 * team on the left ("A  Ana Costa   v   Cy Chen").
 */
function teamSeats(ctx: DocContext, table: Table, width: number): Content {
  const [first, second] = table.seats as [string, string];
  const left = membersOf(ctx, first);
  const right = membersOf(ctx, second);
  const giant = ctx.state.settings.twoHeadedGiant;
  const column = (width - 80 - 40 - 30) / 2;
  const cell = (text: string, bold = false, size = 15): Content => ({ text, bold, fontSize: fitFontSize(text, column, size, 8, bold) });
  const body: Content[][] = [
    [{ text: '' }, cell(nameOf(ctx, first), true, 14), { text: 'v', color: COLORS.muted, alignment: 'center', fontSize: 14 }, cell(nameOf(ctx, second), true, 14)],
    ...left.map((member, i) => [
      { text: `Seat ${member.seat}`, fontSize: 13, color: COLORS.muted },
      cell(member.name),
      { text: giant ? '' : 'v', color: COLORS.muted, alignment: 'center' as const, fontSize: 13 },
      cell(right.find((m) => m.seat === member.seat)?.name ?? right[i]?.name ?? ''),
    ]),
  ];
  return {
    stack: [
      { table: { widths: [50, '*', 20, '*'], body }, layout: 'rows' },
      {
        text: giant ? 'Two-Headed Giant: each team plays as one (MTR 9).' : `Seat ${left.map((m) => m.seat).join(', ')}: each plays the other team's player in the same seat (MTR 8).`,
        fontSize: 9,
        color: COLORS.muted,
        alignment: 'center',
        margin: [0, 4, 0, 0],
      },
    ],
    margin: [40, 4, 40, 0],
  };
}

function deckBuildingSeats(ctx: DocContext, breakBefore: boolean): Content[] {
  const registered = ctx.state.players.filter((p) => p.droppedAfterRound === undefined);
  const sorted = sortByFamilyName(registered, ctx.options.locale);
  const tags = nameTags(ctx);
  let entries: BoardEntry[] = sorted.map(({ item, name }, i) => {
    const tag = tags.get(item.id);
    return { key: item.id, id: item.id, name, table: i + 1, detail: `deck-building seat ${i + 1}`, ...(tag ? { tag } : {}) };
  });
  if (isTeamEvent(ctx)) {
    // Each person under their own family name; a team builds together, at its team's number.
    const seatOf = new Map(entries.map((e) => [e.id, e.table as number]));
    const people = registered.flatMap((team) =>
      membersOf(ctx, team.id).map((m) => ({ id: `${team.id}/${m.seat}`, name: m.name, team, seat: m.seat })),
    );
    entries = sortByFamilyName(people, ctx.options.locale).map(({ item, name }) => {
      const number = seatOf.get(item.team.id) as number;
      const tag = tags.get(item.team.id);
      return {
        key: item.id,
        id: item.team.id,
        name,
        table: number,
        detail: `${item.team.name}${tag ? ` (${tag})` : ''}, seat ${item.seat} — deck-building seat ${number}`,
        team: { id: item.team.id, name: item.team.name, seat: item.seat },
      };
    });
  }
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
  for (const { pod, seats } of draftPodSeats(ctx.state)) out.push({ pod, seats, recorded: false });
  return out;
}

function draftPodSeating(ctx: DocContext): Content[] {
  const out: Content[] = [];
  for (const { pod, seats, recorded } of draftPods(ctx)) {
    out.push({ text: pod === 0 ? 'Top 8 booster draft (MTR 10.4)' : `Draft pod ${pod}`, style: 'heading' });
    out.push({
      text: recorded
        ? 'Draft seats as recorded at the cut; after the draft, seat 1 plays seat 5, 2 plays 6, 3 plays 7, 4 plays 8.'
        : `${plural(seats.length, isTeamEvent(ctx) ? 'team' : 'player')}; pass left in pack 1 and 3, right in pack 2.`,
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
            membersOf(ctx, p.id).length > 0
              ? { stack: [{ text: nameOf(ctx, p.id), fontSize: 12 }, { text: membersLine(ctx, p.id), fontSize: 9, color: COLORS.muted }] }
              : { text: nameOf(ctx, p.id), fontSize: 12 },
          ]),
        ],
      },
      layout: 'rows',
    });
  }
  return out;
}
