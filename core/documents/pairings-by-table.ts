/**
 * Pairings by table: what the scorekeeper and the judges read. One row per table in table order,
 * the seats in seat order (pods: "1 — plays first"), each player's points before the round (Swiss)
 * or Swiss seed (playoffs); byes and waiting players after the tables. Team events: each team's
 * people by seat letter under its name. While the venue network is on, the player page's QR code
 * stands at the top (qr.ts).
 */
import type { PlayerId, Table } from '../model/types.js';
import { FIXED_MARK, isFixedTable } from './fixed-tables.js';
import { type DocContext, houseRulesOf, isTeamEvent, membersLine, nameOf, roundTitle } from './context.js';
import { fitFontSize, pageBox } from './geometry.js';
import { COLORS, definition } from './layout.js';
import { playoffSeeds, plural, pointsBefore } from './round-facts.js';
import { boardQr, qrHeading } from './qr.js';
import type { ColumnsNode, Content, DocDefinition, StackNode, TextNode } from './types.js';
import { playsFirst } from '../model/seats.js';

const NAME_SIZE = 10;

/** The table's number, marked "fixed" under it when it is a fixed player's table. */
function tableCell(ctx: DocContext, table: Table): Content {
  const number: TextNode = { text: String(table.table), bold: true, fontSize: 15, alignment: 'center' };
  if (!isFixedTable(ctx, table)) return number;
  return { stack: [number, { text: FIXED_MARK, fontSize: 7, color: COLORS.muted, alignment: 'center' }] };
}

export function pairingsByTable(ctx: DocContext): DocDefinition {
  const round = ctx.round;
  const about = roundTitle(ctx.state, round);
  const running = { document: 'Pairings by table', about };
  if (!round) return definition(ctx, running, [{ text: 'No round has been paired yet.', style: 'title' }]);
  const playoff = round.stage === 'playoff';
  const points = playoff ? new Map<PlayerId, number>() : pointsBefore(ctx, round);
  const seeds = playoffSeeds(ctx.state);
  // A booster-draft top 8 numbers its players by draft seat (MTR 10.4), not by seed.
  const draftSeats = ctx.state.playoff?.draft === true;
  // The rule set's unit, singular and plural as the count needs ("1 point", "3 points", "1 win").
  const unit = ctx.ruleset.presentation.words.pointUnit;
  const scoreOf = (id: PlayerId): string => {
    if (playoff) {
      const seed = seeds.get(id);
      return seed === undefined ? '' : `${draftSeats ? 'draft seat' : 'seed'} ${seed}`;
    }
    const p = points.get(id);
    return p === undefined ? '' : plural(p, unit);
  };
  const box = pageBox(ctx.options.pageSize, 'portrait');
  const headToHead = round.tables.every((t) => t.seats.length <= 2);
  const scoreHeader = playoff ? (draftSeats ? 'Draft seat' : 'Seed') : ctx.ruleset.presentation.words.points;
  const tableWidth = 50;
  const scoreWidth = 46;

  const heading: Content[] = [
    { text: `Pairings by table — ${about}`, style: 'title' },
    {
      text: `${plural(round.tables.length, 'table')} · ${plural(round.tables.reduce((n, t) => n + t.seats.length, 0), isTeamEvent(ctx) ? 'team' : 'player')} seated${
        round.byes.length > 0 ? ` · ${plural(round.byes.length, 'bye')}` : ''
      }${playoff ? '' : ` · ${scoreHeader.toLowerCase()} before this round`}`,
      style: 'subtitle',
    },
  ];
  // The organiser's house rules, where they differ from the documents (as standings print them).
  const houseRules = houseRulesOf(ctx);
  if (houseRules) heading.push({ text: houseRules, style: 'subtitle', bold: true, margin: [0, -4, 0, 8] });
  // While the venue network is on: the player page's QR code at the top.
  const qr = boardQr(ctx);
  const content: Content[] = qr ? [qrHeading(qr, heading, box.contentWidth)] : heading;
  const body: Content[][] = [];
  if (headToHead) {
    const nameWidth = (box.contentWidth - tableWidth - 2 * scoreWidth - 24 - 6 * 8) / 2;
    body.push([
      { text: 'Table', style: 'th', alignment: 'center' },
      { text: 'Seat 1', style: 'th' },
      { text: scoreHeader, style: 'th', alignment: 'right' },
      { text: '', style: 'th' },
      { text: 'Seat 2', style: 'th' },
      { text: scoreHeader, style: 'th', alignment: 'right' },
    ]);
    for (const table of round.tables) {
      const [a, b] = table.seats;
      const cell = (id: PlayerId | undefined): TextNode | StackNode => {
        if (id === undefined) return { text: '(empty)', color: COLORS.muted, margin: [0, 3, 0, 0] };
        const name = nameOf(ctx, id);
        const line: TextNode = { text: name, fontSize: fitFontSize(name, nameWidth, NAME_SIZE, 7), margin: [0, 3, 0, 0] };
        // Team events: the people, by seat letter, under the team's name.
        const members = membersLine(ctx, id);
        if (!members) return line;
        return { stack: [line, { text: members, fontSize: fitFontSize(members, nameWidth, 8, 6), color: COLORS.muted }] };
      };
      body.push([
        tableCell(ctx, table),
        cell(a),
        { text: a === undefined ? '' : scoreOf(a), alignment: 'right', margin: [0, 3, 0, 0] },
        { text: 'vs', color: COLORS.muted, alignment: 'center', margin: [0, 3, 0, 0] },
        cell(b),
        { text: b === undefined ? '' : scoreOf(b), alignment: 'right', margin: [0, 3, 0, 0] },
      ]);
    }
    content.push({ table: { widths: [tableWidth, '*', scoreWidth, 24, '*', scoreWidth], headerRows: 1, dontBreakRows: true, body }, layout: 'rows' });
  } else {
    const nameWidth = box.contentWidth - tableWidth - 8 - 30 - scoreWidth - 80;
    body.push([
      { text: 'Table', style: 'th', alignment: 'center' },
      {
        columns: [
          { text: 'Seat', width: 30, style: 'th' },
          { text: 'Player', width: '*', style: 'th' },
          { text: '', width: 80, style: 'th' },
          { text: scoreHeader, width: scoreWidth, style: 'th', alignment: 'right' },
        ],
      },
    ]);
    for (const table of round.tables) {
      const lines: ColumnsNode[] = table.seats.map((id, i) => {
        const name = nameOf(ctx, id);
        const first = playsFirst(table, i);
        return {
          columns: [
            { text: String(i + 1), width: 30, bold: first },
            { text: name, width: '*', fontSize: fitFontSize(name, nameWidth, NAME_SIZE, 7), bold: first },
            { text: first ? 'plays first' : '', width: 80, fontSize: 8, color: COLORS.muted, margin: [0, 1, 0, 0] },
            { text: scoreOf(id), width: scoreWidth, alignment: 'right' },
          ],
          margin: [0, 1, 0, 1],
        };
      });
      body.push([
        tableCell(ctx, table),
        { stack: [...lines, { text: `${plural(table.seats.length, 'player')}`, fontSize: 7, color: COLORS.muted }] },
      ]);
    }
    content.push({ table: { widths: [tableWidth, '*'], headerRows: 1, dontBreakRows: true, body }, layout: 'rows' });
  }
  const extra: Content[] = [];
  if (round.byes.length > 0)
    extra.push(
      { text: 'Byes', style: 'heading' },
      {
        stack: round.byes.map((b) => ({ text: `${nameOf(ctx, b.player)}${b.kind === 'awarded' ? ' (awarded bye)' : ''}${scoreOf(b.player) ? ` — ${scoreOf(b.player)}` : ''}` })),
      },
    );
  if (round.waiting && round.waiting.length > 0)
    extra.push(
      { text: 'Waiting (skip this playoff round)', style: 'heading' },
      { stack: round.waiting.map((id) => ({ text: `${nameOf(ctx, id)}${scoreOf(id) ? ` — ${scoreOf(id)}` : ''}` })) },
    );
  content.push(...extra);
  return definition(ctx, running, content);
}
