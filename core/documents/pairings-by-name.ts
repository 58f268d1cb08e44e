/**
 * Pairings by name: the board players read. Everyone seated in the round (and everyone with a bye
 * or waiting out a playoff round), alphabetical by family name (names.ts), each entry
 * "Family, Given — table — opponent" (1v1) or "— table — seat k of n" (pods), with the table number
 * large in a grey box. Team events (MTR 8, 9) list each person under their own family name, with
 * their team, seat letter and table ("Costa, Ana — Planeswalkers, seat A — vs Cy Chen (Dragons)";
 * Two-Headed Giant: "… seat A — vs Dragons");
 * a team's name is never read as a person's. Two columns per page up to 100 entries, three beyond;
 * entries run down a column, then the next. With `splitAtLetter` ("L") the board comes as two
 * sheets, A–K and L–Z (Greek, Cyrillic and other scripts collate after Latin and go on the second
 * sheet), so a big event can post them on two walls.
 *
 * Every row has a fixed height and names shrink (down to 7 pt) to fit their column, so a page holds
 * a known number of entries and nothing wraps; the page count is known before rendering. While the
 * venue network is on, each sheet's first page carries the player page's QR code at the top (qr.ts)
 * and holds a row or two fewer.
 */
import type { PlayerId, Round, TeamSeat } from '../model/types.js';
import { type DocContext, houseRulesOf, isFullyCovered, isTeamEvent, membersOf, nameOf, rawNameOf, roundTitle, nameTags } from './context.js';
import { fitFontSize, lineHeight, pageBox, textWidth } from './geometry.js';
import { COLORS, definition } from './layout.js';
import { plural } from './round-facts.js';
import { type PersonName, boardCollator, initialOf, sheetOf, sortByFamilyName } from '../model/person-names.js';
import { type BoardQr, besideQrWidth, boardQr, qrHeading, qrHeadingHeight } from './qr.js';
import type { ColumnsNode, Content, DocDefinition, TableNode } from './types.js';
import { playsFirst } from '../model/seats.js';

export interface BoardEntry {
  /** One per entry: the competitor's id, or "t01/A" for a member of team t01. */
  key: string;
  /** The competitor: the player, or the person's team. */
  id: PlayerId;
  name: PersonName;
  /** Table number, or null for a bye / waiting. */
  table: number | null;
  /** The second line: "vs Bo Baker", "seat 2 of 4", "bye". */
  detail: string;
  /** Beside the name when another player has the same name: their note or id. */
  tag?: string;
  /** Team events: the person's team and seat letter. */
  team?: { id: PlayerId; name: string; seat: TeamSeat };
}

const NAME_SIZE = 10.5;
const DETAIL_SIZE = 8;
const MIN_SIZE = 7;
const NUMBER_SIZE = 18;
const ROW_HEIGHT = 28;
const GAP = 10;
const PAD = 3;
const HEADING_HEIGHT = 52;
const noBorder = (): Content => ({ text: '', border: [false, false, false, false] });
/** Above this many entries a board uses three columns. */
export const THREE_COLUMNS_FROM = 101;

/** Where a competitor is in the round: the table (null: bye, waiting) and how the board says it. */
interface Place {
  table: number | null;
  detail: string;
  /** The other competitor at a two-seat table. */
  opponent?: PlayerId;
}

/** Everyone the round seats, with where they sit, sorted as the board prints them. */
export function boardEntries(ctx: DocContext, round: Round): BoardEntry[] {
  const placeOf = new Map<PlayerId, Place>();
  const pods = round.tables.some((t) => t.seats.length > 2);
  for (const table of round.tables) {
    table.seats.forEach((id, i) => {
      let detail: string;
      let opponent: PlayerId | undefined;
      if (!pods && table.seats.length === 2) {
        opponent = table.seats[1 - i] as PlayerId;
        detail = `vs ${nameOf(ctx, opponent)}`;
      } else if (table.seats.length === 1) detail = 'alone at the table';
      else detail = `seat ${i + 1} of ${table.seats.length}${playsFirst(table, i) ? ' — plays first' : ''}`;
      placeOf.set(id, { table: table.table, detail, ...(opponent !== undefined ? { opponent } : {}) });
    });
  }
  for (const bye of round.byes) placeOf.set(bye.player, { table: null, detail: bye.kind === 'awarded' ? 'awarded bye — no table' : 'bye — no table this round' });
  for (const id of round.waiting ?? []) placeOf.set(id, { table: null, detail: 'waiting — skips this playoff round' });
  if (isTeamEvent(ctx)) return teamBoardEntries(ctx, placeOf);
  const people = [...placeOf.keys()].map((id) => ({ id, name: rawNameOf(ctx, id), familyName: ctx.players.get(id)?.familyName }));
  const tags = nameTags(ctx);
  return sortByFamilyName(people, ctx.options.locale).map(({ item, name }) => {
    const tag = tags.get(item.id);
    const { table, detail } = placeOf.get(item.id) as Place;
    return { key: item.id, id: item.id, name, table, detail, ...(tag ? { tag } : {}) };
  });
}

/**
 * Team events: one entry per person, under their own family name, with team, seat letter and
 * opponent (seat teams: the other team's player in the same seat; Two-Headed Giant: the other
 * team, which plays as one). A team registered without members (never made by this version) prints its name
 * as registered, not parsed as a person's.
 */
function teamBoardEntries(ctx: DocContext, placeOf: Map<PlayerId, Place>): BoardEntry[] {
  const giant = ctx.state.settings.twoHeadedGiant;
  const teamTags = nameTags(ctx);
  const people: { id: string; name: string; entry: Omit<BoardEntry, 'name'> }[] = [];
  const teams: BoardEntry[] = [];
  for (const [teamId, place] of placeOf) {
    const teamName = rawNameOf(ctx, teamId);
    const teamTag = teamTags.get(teamId);
    const team = teamTag ? `${teamName} (${teamTag})` : teamName;
    const members = membersOf(ctx, teamId);
    if (members.length === 0) {
      const full = teamName.normalize('NFC').replace(/\s+/g, ' ').trim();
      teams.push({ key: teamId, id: teamId, name: { full, family: full, given: '', board: full, sortKey: full }, table: place.table, detail: place.detail, ...(teamTag ? { tag: teamTag } : {}) });
      continue;
    }
    for (const member of members) {
      let against = place.detail;
      if (place.opponent !== undefined) {
        const other = nameOf(ctx, place.opponent);
        const opposite = membersOf(ctx, place.opponent).find((m) => m.seat === member.seat);
        against = giant || !opposite ? `vs ${other}` : `vs ${opposite.name} (${other})`;
      }
      const detail = `${team}, seat ${member.seat} — ${against}`;
      const key = `${teamId}/${member.seat}`;
      people.push({
        id: key,
        name: member.name,
        entry: { key, id: teamId, table: place.table, detail, team: { id: teamId, name: teamName, seat: member.seat }, ...(isFullyCovered(member.name) ? {} : { tag: key }) },
      });
    }
  }
  const sorted = sortByFamilyName(people, ctx.options.locale).map(({ item, name }): BoardEntry => ({ ...item.entry, name }));
  if (teams.length === 0) return sorted;
  const collator = boardCollator(ctx.options.locale);
  return [...sorted, ...teams].sort((a, b) => collator.compare(a.name.sortKey, b.name.sortKey) || collator.compare(a.name.given, b.name.given) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export function pairingsByName(ctx: DocContext): DocDefinition {
  const round = ctx.round;
  const about = roundTitle(ctx.state, round);
  const running = { document: 'Pairings by name', about };
  if (!round) return definition(ctx, running, [{ text: 'No round has been paired yet.', style: 'title' }]);
  const entries = boardEntries(ctx, round);
  const maxTable = Math.max(0, ...round.tables.map((t) => t.table));
  const qr = boardQr(ctx);
  const houseRules = houseRulesOf(ctx);
  return definition(ctx, running, boardContent(ctx, entries, { title: `Pairings by name — ${about}`, largestNumber: maxTable, split: true, ...(qr ? { qr } : {}), ...(houseRules ? { houseRules } : {}) }));
}

export interface BoardOptions {
  /** The heading on every page. */
  title: string;
  /** The largest number a box shows (sizes the box). */
  largestNumber: number;
  /** Honour `splitAtLetter`. */
  split: boolean;
  /** Printed after the counts on every page ("the number is the seat"). */
  note?: string;
  /** Start on a new page (the board follows other content). */
  breakBefore?: boolean;
  /** The player page's QR code, at the top of each sheet's first page (a few rows fewer there). */
  qr?: BoardQr;
  /** The organiser's house rules (context.ts houseRulesOf), under the counts on every page. */
  houseRules?: string;
}

/** The house rules' line under a board's heading: one line, in bold. */
const HOUSE_RULES_HEIGHT = 18;

/** Board pages: entries in fixed-height rows, two or three columns, page headings with ranges. */
export function boardContent(ctx: DocContext, entries: BoardEntry[], options: BoardOptions): Content[] {
  const sheets = options.split ? splitSheets(ctx, entries) : [{ label: '', entries }];
  const box = pageBox(ctx.options.pageSize, 'portrait');
  const columns = entries.length >= THREE_COLUMNS_FROM ? 3 : 2;
  const houseRules = options.houseRules;
  const headingExtra = houseRules ? HOUSE_RULES_HEIGHT : 0;
  const rowsPerPage = Math.max(1, Math.floor((box.contentHeight - HEADING_HEIGHT - headingExtra - 8) / ROW_HEIGHT));
  const numberWidth = Math.max(34, Math.ceil(textWidth(String(options.largestNumber), NUMBER_SIZE, true)) + 10);
  const entryWidth = (box.contentWidth - GAP * (columns - 1)) / columns;
  const textWidthAvailable = entryWidth - numberWidth - 2 * PAD - 2;

  const qr = options.qr;
  const qrRows = qr ? Math.max(1, Math.floor((box.contentHeight - qrHeadingHeight(qr) - headingExtra - 8) / ROW_HEIGHT)) : rowsPerPage;
  const houseSize = houseRules ? fitFontSize(houseRules, qr ? besideQrWidth(qr, box.contentWidth) : box.contentWidth, 10, 6.5, true) : 0;
  // A node of its own for each page: pdfmake writes its layout into a node, so one must not print twice.
  const houseLine = (): Content[] => (houseRules ? [{ text: houseRules, style: 'subtitle', bold: true, fontSize: houseSize, margin: [0, -4, 0, 8] }] : []);

  const content: Content[] = [];
  let first = !options.breakBefore;
  for (const sheet of sheets) {
    for (let start = 0, pageRows = qrRows; start === 0 || start < sheet.entries.length; start += pageRows * columns, pageRows = rowsPerPage) {
      const pageEntries = sheet.entries.slice(start, start + pageRows * columns);
      const rows = Math.max(1, Math.min(pageRows, Math.ceil(pageEntries.length / columns)));
      const firstName = pageEntries[0]?.name;
      const lastName = pageEntries[pageEntries.length - 1]?.name;
      const range = firstName && lastName ? `${firstName.sortKey} – ${lastName.sortKey}` : 'nobody';
      const subtitle: Content = {
        text: `${range} · ${plural(pageEntries.length, 'player')} on this page of ${plural(entries.length, 'player')}${options.note ? ` · ${options.note}` : ''}`,
        style: 'subtitle',
      };
      content.push(...boardHeading(options, { label: sheet.label, breakBefore: !first, ...(start === 0 && qr ? { qr } : {}) }, box.contentWidth, [subtitle, ...houseLine()]));
      if (pageEntries.length > 0) content.push(boardPage(pageEntries, rows, columns, numberWidth, textWidthAvailable));
      first = false;
    }
  }
  return content;
}

/** A board page's title (and sheet) over its subtitle; on a sheet's first page, the QR code on their right. */
function boardHeading(options: BoardOptions, page: { label: string; breakBefore: boolean; qr?: BoardQr }, contentWidth: number, subtitle: Content[]): Content[] {
  const { label, qr } = page;
  const breakBefore = page.breakBefore ? { pageBreak: 'before' as const } : {};
  const labelWidth = label ? textWidth(label, 18, true) + 8 : 0;
  // Beside the QR code a long title shrinks rather than wrap: the page's rows are counted.
  const size = qr ? fitFontSize(options.title, besideQrWidth(qr, contentWidth) - labelWidth, 18, 11, true) : undefined;
  const title: ColumnsNode = {
    columns: [
      { text: options.title, style: 'title', width: '*', ...(size !== undefined && size < 18 ? { fontSize: size, margin: [0, 18 - size, 0, 4] } : {}) },
      ...(label ? [{ text: label, style: 'title', alignment: 'right' as const, width: 'auto' as const }] : []),
    ],
  };
  return qr ? [{ ...qrHeading(qr, [title, ...subtitle], contentWidth), ...breakBefore }] : [{ ...title, ...breakBefore }, ...subtitle];
}

interface Sheet {
  label: string;
  entries: BoardEntry[];
}

function splitSheets(ctx: DocContext, entries: BoardEntry[]): Sheet[] {
  const letter = ctx.options.splitAtLetter?.trim();
  if (!letter) return [{ label: '', entries }];
  const collator = boardCollator(ctx.options.locale);
  const parts: [BoardEntry[], BoardEntry[]] = [[], []];
  for (const entry of entries) parts[sheetOf(entry.name, letter, collator)].push(entry);
  const split = initialOf(letter);
  const before = String.fromCodePoint((split.codePointAt(0) as number) - 1);
  const latin = /^\p{Script=Latin}/u;
  const others = parts[1].some((e) => !latin.test(e.name.sortKey));
  return [
    { label: /^\p{Lu}$/u.test(before) && before !== split ? `A–${before}` : `before ${split}`, entries: parts[0] },
    { label: `${split}–Z${others ? ' and other scripts' : ''}`, entries: parts[1] },
  ];
}

function boardPage(entries: BoardEntry[], rows: number, columns: number, numberWidth: number, available: number): TableNode {
  const widths: (number | '*')[] = [];
  for (let c = 0; c < columns; c++) {
    if (c > 0) widths.push(GAP);
    widths.push('*', numberWidth);
  }
  const body: Content[][] = [];
  for (let r = 0; r < rows; r++) {
    const row: Content[] = [];
    for (let c = 0; c < columns; c++) {
      if (c > 0) row.push(noBorder());
      const entry = entries[c * rows + r];
      if (!entry) {
        row.push(noBorder(), noBorder());
        continue;
      }
      const tag = entry.tag ? `  (${entry.tag})` : '';
      const nameSize = fitFontSize(entry.name.board + tag, available, NAME_SIZE, MIN_SIZE, true);
      const detailSize = fitFontSize(entry.detail, available, DETAIL_SIZE, 6, false);
      row.push({
        stack: [
          {
            text: tag ? [entry.name.board, { text: tag, bold: false, color: COLORS.muted }] : entry.name.board,
            bold: true,
            fontSize: nameSize,
            margin: [0, (NAME_SIZE - nameSize) * 0.6, 0, 0],
          },
          { text: entry.detail, fontSize: detailSize, color: COLORS.muted },
        ],
        margin: [PAD, PAD, PAD, 0],
        border: [false, false, false, true],
      });
      const number = entry.table === null ? '—' : String(entry.table);
      row.push({
        text: number,
        bold: true,
        fontSize: NUMBER_SIZE,
        alignment: 'center',
        fillColor: COLORS.fill,
        margin: [0, (ROW_HEIGHT - lineHeight(NUMBER_SIZE)) / 2 - 1, 0, 0],
        border: [false, false, false, true],
      });
    }
    body.push(row);
  }
  return { table: { widths, heights: ROW_HEIGHT, body }, layout: 'board' };
}
