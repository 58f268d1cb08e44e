/**
 * Match slips: one per table, several per page between dashed cut lines (four 1v1 slips, three pod
 * or Lightseekers slips), with what the rule set needs written down (RULES.md 1–3):
 * - 1v1 (mtr): each player's game wins, drawn games, a drop box and a signature line each;
 * - teams of 2 or 3 (MTR 8): seat by seat, each team's player in that seat and their game wins and
 *   drawn games; then a drop box and a signature for each team (three slips a page);
 * - Two-Headed Giant (MTR 9): each team with its two people, a box for the team that won the one
 *   game, and two different boxes for a played drawn game and an intentional draw (no game played);
 * - pods (mstr-2022, mamtr-2024): seats in seat order with seat 1 marked "plays first", a winner
 *   box each, a draw box for the pod, an "excluded" box each (conceded or match loss: scores 0 in a
 *   draw), drop boxes and signatures; mstr-2022 also has a line for each game's winner;
 * - Lightseekers: each player's victory points and defeat order, and the winner when VP and
 *   last-standing still tie.
 *
 * With the round's table codes (qr.ts), each slip prints its table's code in its head and,
 * while the venue network is on, the QR code of its report link on the right of the result.
 *
 * Cut-stack order: with P pages of k slips, slot i of page p holds table i·P + p, so cutting the
 * printed stack along the dashed lines gives k piles that, laid on top of each other (the top
 * slot's pile first), come out in table order.
 */
import type { PlayerId, Round, Table } from '../model/types.js';
import { type DocContext, houseRulesOf, isTeamEvent, membersLine, membersOf, nameOf, roundTitle } from './context.js';
import { fitFontSize, pageBox, textWidth } from './geometry.js';
import { COLORS, definition, signatureLine, writeBox } from './layout.js';
import { playoffSeeds } from './round-facts.js';
import { isFixedTable } from './fixed-tables.js';
import { SLIP_CODE_WIDTH, SLIP_QR_GAP, slipCodeBlock, slipReport, withSlipQr } from './qr.js';
import type { Content, DocDefinition, TableNode } from './types.js';
import { playsFirst } from '../model/seats.js';

/** Left + right padding of a cell in the `rows` layout (the renderer's tableLayouts). */
const CELL_PAD = 8;
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
const SLIP_MARGINS: [number, number, number, number] = [24, 20, 24, 20];
const INSET = 8;

/** Slips per page for a round: four 1v1 slips, three slips of up to six seats, two beyond. */
export function slipsPerPage(round: Round): number {
  const most = Math.max(2, ...round.tables.map((t) => t.seats.length));
  return most <= 2 ? 4 : most <= 6 ? 3 : 2;
}

/**
 * The tallest slip of a kind, in points, with its table code and QR code (measured from the rendered
 * slips): a page holds no more slots than fit it, so that no slot spills onto a page of its own.
 * Letter is 50 points shorter than A4: a Two-Headed Giant slip fits four to an A4 page but three to
 * Letter, a teams-of-3 slip three to A4 but two to Letter.
 */
const TALLEST_SLIP = { giant: 198, seatTeams3: 265 } as const;

/** Slips per page for this event on this page: the usual count, fewer where its slips are taller (TALLEST_SLIP). */
function slotsPerPage(ctx: DocContext, round: Round, contentHeight: number): number {
  // A seat-team slip lists every seat's match, then each team's drop and signature: three a page.
  const usual = seatTeams(ctx) ? 3 : slipsPerPage(round);
  const tallest = giant(ctx) && round.tables.some((t) => t.seats.length <= 2) ? TALLEST_SLIP.giant : seatTeams(ctx) && ctx.state.settings.teamSize >= 3 ? TALLEST_SLIP.seatTeams3 : 0;
  if (tallest === 0) return usual;
  // Each slot loses 2 points to the cut lines between slots (see matchSlips).
  return Math.max(1, Math.min(usual, Math.floor(contentHeight / (tallest + 2))));
}

/** Table indexes in slot order: page p, slot i holds index i·P + p (see the file comment). */
export function cutStackOrder(count: number, perPage: number): (number | null)[][] {
  const pages = Math.max(1, Math.ceil(count / perPage));
  const out: (number | null)[][] = [];
  for (let p = 0; p < pages; p++) {
    const slots: (number | null)[] = [];
    for (let i = 0; i < perPage; i++) {
      const index = i * pages + p;
      slots.push(index < count ? index : null);
    }
    out.push(slots);
  }
  return out;
}

export function matchSlips(ctx: DocContext): DocDefinition {
  const round = ctx.round;
  const about = roundTitle(ctx.state, round);
  const running = { document: 'Match slips', about };
  if (!round || round.tables.length === 0)
    return definition(ctx, running, [{ text: round ? `${about} has no tables: there are no match slips to print.` : 'No round has been paired yet.', style: 'title' }]);
  const box = pageBox(ctx.options.pageSize, 'portrait', SLIP_MARGINS);
  const perPage = slotsPerPage(ctx, round, box.contentHeight);
  // Minus room for the cut lines between slots, so that the last slot never spills onto a new page.
  const slotHeight = Math.floor(box.contentHeight / perPage) - 2;
  const innerWidth = box.contentWidth - 2 * INSET;
  const tables = [...round.tables].sort((a, b) => a.table - b.table);
  const content: Content[] = cutStackOrder(tables.length, perPage).map((slots, p) => {
    const body: Content[][] = slots.map((index) => [index === null ? { text: '' } : slip(ctx, round, tables[index] as Table, innerWidth)]);
    const node: TableNode = { table: { widths: ['*'], heights: slotHeight, dontBreakRows: true, body }, layout: 'cut' };
    if (p > 0) node.pageBreak = 'before';
    return node;
  });
  return definition(ctx, running, content, { margins: SLIP_MARGINS, header: false, footer: false });
}

function slip(ctx: DocContext, round: Round, table: Table, width: number): Content {
  // The rule set's slip: a match of two, a pod, or VP and the defeat order (TableShape.slip).
  const kind = ctx.ruleset.presentation.table.slip;
  const playoff = round.stage === 'playoff';
  const settings = ctx.state.settings;
  // The stage in the rule set's words ("Swiss", "playoff"; a Lightseekers game names none).
  const stage = ctx.ruleset.presentation.words.stage(round.stage);
  const shape =
    kind !== 'match'
      ? `${table.seats.length} players`
      : giant(ctx)
        ? 'Two-Headed Giant · one game'
        : seatTeams(ctx)
          ? `teams of ${settings.teamSize} · best of ${settings.gamesToWin * 2 - 1} in each seat`
          : `best of ${settings.gamesToWin * 2 - 1}`;
  const format = stage ? `${stage} · ${shape}` : shape;
  // The table's code for reporting from a phone, and its QR code while the venue network is on.
  const report = slipReport(ctx, round, table);
  const codeWidth = report ? SLIP_CODE_WIDTH : 0;
  const head: Content = {
    columns: [
      {
        width: '*',
        stack: [
          { text: ctx.state.name, bold: true, fontSize: fitFontSize(ctx.state.name, width - 90 - codeWidth, 11, 7, true) },
          slipSubtitle(`${roundTitle(ctx.state, round)} · ${format} · ${ctx.ruleset.title}`, width - 90 - codeWidth),
          slipInstruction(ctx, round, table, width - 90 - codeWidth),
        ],
      },
      ...(report ? [slipCodeBlock(report)] : []),
      {
        width: 90,
        stack: [
          // A fixed player's table says so (its players are not to be moved).
          { text: isFixedTable(ctx, table) ? 'FIXED TABLE' : 'TABLE', fontSize: 7.5, bold: true, alignment: 'right', color: COLORS.muted },
          { text: String(table.table), fontSize: table.table >= 1000 ? 22 : 28, bold: true, alignment: 'right', margin: [0, -3, 0, 0] },
        ],
      },
    ],
    margin: [0, 0, 0, 4],
  };
  // The QR code stands on the right of the result, under the table number: the result gets
  // narrower (a seat-team slip's seat table only: its notes and team rows keep the full width).
  const bodyWidth = report?.qr ? width - report.qr.fit - SLIP_QR_GAP : width;
  const body =
    kind === 'vp'
      ? lightseekersBody(ctx, table, bodyWidth)
      : kind === 'pod' || table.seats.length > 2
        ? podBody(ctx, round, table, bodyWidth, playoff)
        : giant(ctx)
          ? giantBody(ctx, table, bodyWidth, playoff)
          : seatTeams(ctx)
            ? seatTeamBody(ctx, table, bodyWidth, playoff)
            : headToHeadBody(ctx, table, bodyWidth, playoff);
  const beside = seatTeams(ctx) && table.seats.length <= 2 ? 1 : body.length;
  return { stack: [head, ...(report?.qr ? withSlipQr(body, report.qr, beside) : body)], margin: [INSET, INSET, INSET, 0] };
}

/**
 * The round, the format and the rule set by its name as people read it ("Multiplayer Addendum to
 * the Magic Tournament Rules (December 2024)", never its internal id), on one line: smaller type
 * for a long name, and past that cut with an ellipsis, so the slip keeps its height.
 */
function slipSubtitle(text: string, width: number): Content {
  return { ...(slipLine(text, width, { fontSize: 8, min: 6 }) as object), color: COLORS.muted } as Content;
}

/** A line of the head that never wraps: smaller type for long words, then cut with an ellipsis. */
function slipLine(text: string, width: number, style: { bold?: boolean; fontSize: number; min: number; margin?: [number, number, number, number] }): Content {
  const bold = style.bold ?? false;
  const fontSize = fitFontSize(text, width, style.fontSize, style.min, bold);
  let shown = text;
  while (shown.length > 20 && textWidth(shown, fontSize, bold) > width) shown = `${shown.slice(0, -2).trimEnd()}…`;
  return { text: shown, fontSize, ...(bold ? { bold } : {}), ...(style.margin ? { margin: style.margin } : {}) };
}

/** Who signs the slip: both players (or both teams) of a match, every player of a pod. */
function whoSigns(ctx: DocContext, table: Table): string {
  if (table.seats.length > 2) return 'every player signs';
  return isTeamEvent(ctx) ? 'both teams sign' : 'both sign';
}

// ---------------------------------------------------------------------------------------------

const th = (text: string, alignment: 'left' | 'center' = 'center'): Content => ({ text, style: 'th', alignment });

/**
 * The slip's instruction line; where a penalty game loss applies to this match (RULES 4),
 * it says so instead, so the players count that game among the games lost before they sign.
 */
function slipInstruction(ctx: DocContext, round: Round, table: Table, width: number): Content {
  const losses = (ctx.state.penalties ?? []).filter((p) => p.round === round.number && p.table === table.table && p.penalty === 'game-loss');
  const signs = whoSigns(ctx, table);
  if (losses.length === 0) return { text: `Result slip — fill in, ${signs}, hand in at the scorekeeper’s desk`, fontSize: 7.5, color: COLORS.muted, margin: [0, 2, 0, 0] };
  const text = `Includes ${losses.map((p) => `a game loss for ${nameOf(ctx, p.player)} (${p.infraction})`).join(' and ')}: count it among the games lost, then ${signs}`;
  return { text, fontSize: fitFontSize(text, width, 7.5, 5.5, true), bold: true, margin: [0, 2, 0, 0] };
}

function nameCell(name: string, width: number, extra?: string): Content {
  if (!extra) return { text: name, bold: true, fontSize: fitFontSize(name, width, 11, 7, true), margin: [0, 5, 0, 0] };
  return {
    stack: [
      { text: name, bold: true, fontSize: fitFontSize(name, width, 11, 7, true) },
      ...(extra ? [{ text: extra, fontSize: 7, color: COLORS.muted }] : []),
    ],
    margin: [0, extra ? 1 : 5, 0, 0],
  };
}

/** A box to write in, centred in a cell `cellWidth` wide (a bare canvas: slips have thousands). */
function boxCell(size: number, rowHeight: number, cellWidth: number, wide = size): Content {
  const x = Math.max(0, (cellWidth - wide) / 2);
  return { canvas: [{ type: 'rect', x, y: 0, w: wide, h: size, lineWidth: 1 }], margin: [0, (rowHeight - size) / 2, 0, 0] };
}

function headToHeadBody(ctx: DocContext, table: Table, width: number, playoff: boolean): Content[] {
  const rowHeight = 26;
  const seeds = playoffSeeds(ctx.state);
  const fixed = [62, 36, 150];
  const widths: (number | '*')[] = ['*', ...fixed];
  const nameWidth = width - sum(fixed) - CELL_PAD * widths.length;
  const rows: Content[][] = [[th('Player', 'left'), th('Games won'), th('Drop'), th('Signature', 'left')]];
  for (const [i, id] of table.seats.entries()) {
    const seed = seeds.get(id);
    // A booster-draft top 8 numbers its players by draft seat (MTR 10.4); seat 1 still ranked higher after the Swiss.
    const draft = ctx.state.playoff?.draft === true;
    const chooses = draft ? ' — ranked higher after the Swiss: chooses to play or draw' : ' — higher seed: chooses to play or draw';
    const extra = playoff && seed !== undefined ? `${draft ? 'draft seat' : 'seed'} ${seed}${i === 0 ? chooses : ''}` : undefined;
    rows.push([nameCell(nameOf(ctx, id), nameWidth, extra), boxCell(20, rowHeight, 62, 34), boxCell(13, rowHeight, 36), signatureLine(150, 20)]);
  }
  const drawn: Content = playoff
    ? { text: 'Playoff match: it cannot end in a draw — the winner advances (MTR 2.5).', fontSize: 8, bold: true, margin: [0, 6, 0, 0] }
    : {
        columns: [
          { text: 'Drawn games', bold: true, fontSize: 9, width: 'auto', margin: [0, 5, 6, 0] },
          { ...writeBox(34, 20), width: 40 },
          { text: 'Intentional draw with no games played: write 0 – 0 and 3 drawn games.', fontSize: 7.5, color: COLORS.muted, width: '*', margin: [6, 6, 0, 0] },
        ],
        margin: [0, 6, 0, 0],
      };
  return [
    slipTable(widths, rows, rowHeight),
    drawn,
    { text: 'Games won: how many games each player won. Drop: tick to leave the event after this round. A signed slip is final.', fontSize: 7, color: COLORS.muted, margin: [0, 4, 0, 0] },
  ];
}

/** MTR 9: a Two-Headed Giant event (teams of two playing as one, one-game matches). */
function giant(ctx: DocContext): boolean {
  return ctx.ruleset.presentation.table.slip === 'match' && ctx.state.settings.twoHeadedGiant;
}

/** MTR 8: a team event played seat against seat (A v A, B v B, C v C). */
function seatTeams(ctx: DocContext): boolean {
  return ctx.ruleset.presentation.table.slip === 'match' && isTeamEvent(ctx) && !ctx.state.settings.twoHeadedGiant;
}

/** A team's name in bold over its people ("A Ana Costa · B Bo Berg"), and its seed in a playoff. */
function teamCell(ctx: DocContext, id: string, width: number, extra?: string): Content {
  const name = nameOf(ctx, id);
  const members = membersLine(ctx, id);
  return {
    stack: [
      { text: name, bold: true, fontSize: fitFontSize(name, width, 11, 7, true) },
      ...(members ? [{ text: members, fontSize: fitFontSize(members, width, 9, 6.5) }] : []),
      ...(extra ? [{ text: extra, fontSize: 7, color: COLORS.muted }] : []),
    ],
    margin: [0, 1, 0, 0],
  };
}

function playoffSeedNote(ctx: DocContext, id: string, first: boolean, playoff: boolean): string | undefined {
  const seed = playoffSeeds(ctx.state).get(id);
  return playoff && seed !== undefined ? `seed ${seed}${first ? ' — higher seed: chooses to play or draw' : ''}` : undefined;
}

/**
 * Two-Headed Giant: one game between two teams of two. A box for the team that won; a played drawn
 * game and an intentional draw (no game played) are two different boxes, recorded differently.
 */
function giantBody(ctx: DocContext, table: Table, width: number, playoff: boolean): Content[] {
  const rowHeight = 36;
  const fixed = [44, 36, 150];
  const widths: (number | '*')[] = ['*', ...fixed];
  const nameWidth = width - sum(fixed) - CELL_PAD * widths.length;
  const rows: Content[][] = [[th('Team', 'left'), th('Won'), th('Drop'), th('Signatures', 'left')]];
  for (const [i, id] of table.seats.entries()) {
    const signatures: Content = {
      stack: membersOf(ctx, id).map((m, k) => ({
        columns: [
          { text: m.seat, fontSize: 7, color: COLORS.muted, width: 8, margin: [0, 6, 0, 0] },
          { ...signatureLine(140, 12), width: 142 },
        ],
        margin: [0, k === 0 ? 0 : 2, 0, 0],
      })),
    };
    rows.push([teamCell(ctx, id, nameWidth, playoffSeedNote(ctx, id, i === 0, playoff)), boxCell(16, rowHeight, 44), boxCell(13, rowHeight, 36), signatures]);
  }
  const draws: Content[] = playoff
    ? [{ text: 'Playoff match: it cannot end in a draw — the winning team advances (MTR 2.5).', fontSize: 8, bold: true, margin: [0, 6, 0, 0] }]
    : [
        {
          columns: [
            { ...writeBox(13, 13), width: 19 },
            { text: 'Drawn game', bold: true, fontSize: 9, width: 'auto', margin: [0, 1, 6, 0] },
            { text: 'the game was played and ended in a draw (0–0–1)', fontSize: 7.5, color: COLORS.muted, width: '*', margin: [0, 2, 0, 0] },
          ],
          margin: [0, 6, 0, 0],
        },
        {
          columns: [
            { ...writeBox(13, 13), width: 19 },
            { text: 'Intentional draw', bold: true, fontSize: 9, width: 'auto', margin: [0, 1, 6, 0] },
            { text: 'the teams agreed to a draw; no game was played (ID)', fontSize: 7.5, color: COLORS.muted, width: '*', margin: [0, 2, 0, 0] },
          ],
          margin: [0, 3, 0, 0],
        },
      ];
  return [
    slipTable(widths, rows, rowHeight),
    ...draws,
    { text: 'Won: tick the team that won the game. Drop: tick for the team to leave the event after this round. A signed slip is final.', fontSize: 7, color: COLORS.muted, margin: [0, 4, 0, 0] },
  ];
}

/**
 * Teams of 2 or 3 (MTR 8): each seat's match on its own line — the first team's player, their game
 * wins, the second team's player, theirs, drawn games — then each team's drop box and signature.
 */
function seatTeamBody(ctx: DocContext, table: Table, width: number, playoff: boolean): Content[] {
  const rowHeight = 22;
  const [first, second] = table.seats as [string, string];
  const left = membersOf(ctx, first);
  const right = membersOf(ctx, second);
  const fixed = [30, 44, 44, 40];
  const widths: (number | '*')[] = [30, '*', 44, '*', 44, 40];
  const nameWidth = (width - sum(fixed) - CELL_PAD * widths.length) / 2;
  const teamHead = (id: string): Content => {
    const name = nameOf(ctx, id);
    return { text: name, bold: true, fontSize: fitFontSize(name, nameWidth, 9, 6.5, true) };
  };
  const rows: Content[][] = [[th('Seat', 'left'), teamHead(first), th('Games won'), teamHead(second), th('Games won'), th('Drawn')]];
  for (const [i, member] of left.entries()) {
    const opposite = right.find((m) => m.seat === member.seat) ?? right[i];
    rows.push([
      { text: member.seat, bold: true, fontSize: 13, margin: [2, 3, 0, 0] },
      nameCell(member.name, nameWidth),
      boxCell(18, rowHeight, 44, 30),
      nameCell(opposite?.name ?? '', nameWidth),
      boxCell(18, rowHeight, 44, 30),
      boxCell(18, rowHeight, 40, 26),
    ]);
  }
  const teamRows: Content[][] = [[th('Team', 'left'), th('Drop'), th('Signature', 'left')]];
  const teamFixed = [36, 170];
  const teamNameWidth = width - sum(teamFixed) - CELL_PAD * 3;
  for (const [i, id] of table.seats.entries()) {
    const name = nameOf(ctx, id);
    teamRows.push([nameCell(name, teamNameWidth, playoffSeedNote(ctx, id, i === 0, playoff)), boxCell(13, 20, 36), signatureLine(170, 16)]);
  }
  const seatTeamNote = playoff
    ? 'Each seat plays the same seat of the other team; the team that wins more seat matches wins. A playoff team match cannot end in a draw (MTR 2.5).'
    : 'Each seat plays the same seat of the other team; the team that wins more seat matches wins (MTR 8). Intentional draw in a seat with no games played: 0 – 0 and 3 drawn.';
  return [
    { table: { widths, heights: rows.map((_, i) => (i === 0 ? 10 : rowHeight)), body: rows }, layout: 'rows' },
    // One line, so the slip keeps its height (TALLEST_SLIP).
    { text: seatTeamNote, fontSize: fitFontSize(seatTeamNote, width, 7, 5.5), color: COLORS.muted, margin: [0, 3, 0, 3] },
    slipTable([('*' as const), ...teamFixed], teamRows, 20),
    { text: 'Drop: tick for the team to leave the event after this round. A signed slip is final.', fontSize: 7, color: COLORS.muted, margin: [0, 3, 0, 0] },
  ];
}

function podBody(ctx: DocContext, round: Round, table: Table, width: number, playoff: boolean): Content[] {
  const rowHeight = table.seats.length > 5 ? 21 : 24;
  const seeds = playoffSeeds(ctx.state);
  const widths: (number | '*')[] = [34, '*', 44, 52, 32, 130];
  const nameWidth = width - sum([34, 44, 52, 32, 130]) - CELL_PAD * widths.length;
  const rows: Content[][] = [[th('Seat', 'left'), th('Player', 'left'), th('Winner'), th('Excluded*'), th('Drop'), th('Signature', 'left')]];
  for (const [i, id] of table.seats.entries()) {
    const seed = seeds.get(id);
    const notes = playoff && seed !== undefined ? `seed ${seed}` : '';
    rows.push([
      { stack: [{ text: String(i + 1), bold: true, fontSize: 13 }, ...(playsFirst(table, i) ? [{ text: '▶ first', fontSize: 6.5, bold: true }] : [])], margin: [2, playsFirst(table, i) ? 1 : 4, 0, 0] },
      nameCell(nameOf(ctx, id), nameWidth, notes || undefined),
      boxCell(13, rowHeight, 44),
      boxCell(13, rowHeight, 52),
      boxCell(13, rowHeight, 32),
      signatureLine(130, rowHeight - 6),
    ]);
  }
  const out: Content[] = [slipTable(widths, rows, rowHeight)];
  // The organiser's house rules, where they differ from the documents (Swiss rounds, where points
  // count): the players read the points they sign for beside the draw box, in place of the
  // documents' "1 point", on the same one line so the slip keeps its height.
  const houseRules = playoff ? undefined : houseRulesOf(ctx);
  // A playoff's drawn pod: what the rule set does with it (MAMTR 2.4C, MSTR 2.1A).
  const drawNote = playoff
    ? (ctx.ruleset.presentation.playoff.slipDrawNote ?? '')
    : houseRules
      ? ''
      : 'Draw: every player gets 1 point except the excluded.';
  const tick = `Tick when nobody won the match. ${drawNote}`.trimEnd();
  const noteWidth = width - 19 - textWidth('Draw', 9, true) - 6;
  const noteSize = houseRules ? fitFontSize(`${tick} ${houseRules}`, noteWidth, 7.5, 5.5, true) : 7.5;
  out.push({
    columns: [
      { text: 'Draw', bold: true, fontSize: 9, width: 'auto', margin: [0, 1, 6, 0] },
      { ...writeBox(13, 13), width: 19 },
      {
        text: houseRules ? [`${tick} `, { text: houseRules, bold: true, color: COLORS.ink }] : tick,
        fontSize: noteSize,
        color: COLORS.muted,
        width: '*',
        margin: [0, 2, 0, 0],
      },
    ],
    margin: [0, 5, 0, 0],
  });
  if (ctx.ruleset.presentation.table.gamesInOrder)
    out.push({ text: 'Games in order (winner’s seat, or D for a draw):  1 ______   2 ______   3 ______   4 ______', fontSize: 8, margin: [0, 5, 0, 0] });
  out.push({
    text: '* Excluded: conceded, or received a match or game loss (scores 0 even in a draw). Drop: tick to leave the event after this round.',
    fontSize: 7,
    color: COLORS.muted,
    margin: [0, 4, 0, 0],
  });
  return out;
}

function lightseekersBody(ctx: DocContext, table: Table, width: number): Content[] {
  const rowHeight = table.seats.length > 5 ? 21 : 24;
  const widths: (number | '*')[] = [34, '*', 40, 62, 32, 120];
  const nameWidth = width - sum([34, 40, 62, 32, 120]) - CELL_PAD * widths.length;
  const rows: Content[][] = [[th('Seat', 'left'), th('Player (targets the next seat)', 'left'), th('VP'), th('Defeated'), th('Drop'), th('Signature', 'left')]];
  for (const [i, id] of table.seats.entries()) {
    const target = table.seats[(i + 1) % table.seats.length] as PlayerId;
    rows.push([
      { text: String(i + 1), bold: true, fontSize: 13, margin: [2, 4, 0, 0] },
      nameCell(nameOf(ctx, id), nameWidth, table.seats.length > 1 ? `target: ${nameOf(ctx, target)}` : undefined),
      boxCell(18, rowHeight, 40, 30),
      boxCell(18, rowHeight, 62, 30),
      boxCell(13, rowHeight, 32),
      signatureLine(120, rowHeight - 6),
    ]);
  }
  return [
    slipTable(widths, rows, rowHeight),
    {
      text: 'VP: victory points. Defeated: 1 beside the first player defeated, 2 the next, …; the last player standing leaves it empty.',
      fontSize: 7.5,
      color: COLORS.muted,
      margin: [0, 4, 0, 0],
    },
    { text: 'Winner (only when VP and last standing still tie): ____________________________', fontSize: 8, margin: [0, 4, 0, 0] },
  ];
}

function slipTable(widths: (number | '*')[], rows: Content[][], rowHeight: number): TableNode {
  return { table: { widths, heights: rows.map((_, i) => (i === 0 ? 10 : rowHeight)), body: rows }, layout: 'rows' };
}
