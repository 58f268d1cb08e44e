/**
 * QR codes on paper, while the venue network is on (DocumentOptions.playerPage):
 * - each match slip of the round being played carries its table's report link (the player page
 *   with the round, table and table code filled in: core/public reportUrl) beside the result, and
 *   its code in words in its head ("Report from your phone — code K7M2QX"), which is printed even
 *   with the network off, for a player to type;
 * - pairing boards (by name, by table) carry the player page itself at the top of their first page.
 *
 * The QR is pdfmake's own `qr` node (types.ts QrNode) at error correction M (15 % of it may be
 * smudged, folded or torn), its version pinned here so that core knows its printed size before
 * rendering: slips keep their number a page, boards their rows.
 */
import { selfReportsOf } from '../event/apply-reports.js';
import { fail } from '../model/errors.js';
import type { Round, Table } from '../model/types.js';
import { tableCode } from '../public/table-codes.js';
import { PLAYER_PAGE_PATH, reportUrl } from '../public/types.js';
import { type DocContext } from './context.js';
import { fitFontSize } from './geometry.js';
import { COLORS } from './layout.js';
import type { ColumnsNode, Content, QrNode } from './types.js';

/** Data bytes a QR code holds in byte mode at error correction M, versions 1 to 10 (ISO/IEC 18004, table 7). */
const BYTE_CAPACITY_M = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213] as const;

/** 2 cm (56.7 pt): a slip's code, read from the table it lies on. */
export const SLIP_QR_MIN = 57;
/** 2.5 cm: a board's code, read from a step away from the wall. */
export const BOARD_QR_MIN = 71;

/**
 * A QR code of `data`, at least `minSize` points a side: the smallest version that holds it, and a
 * whole number of points per module (pdfmake rounds a module down to whole points).
 */
export function qrCode(data: string, minSize: number): QrNode {
  const bytes = new TextEncoder().encode(data).length;
  const index = BYTE_CAPACITY_M.findIndex((capacity) => capacity >= bytes);
  if (index < 0) fail('invalid-input', `the address "${data}" is too long for a printed QR code (at most ${BYTE_CAPACITY_M[BYTE_CAPACITY_M.length - 1]} characters)`);
  const version = index + 1;
  const modules = 17 + 4 * version;
  return { qr: data, fit: modules * Math.ceil(minSize / modules), version, eccLevel: 'M', mode: 'octet' };
}

/** The player page's address on the venue network ("http://192.168.1.20:8080/p"); undefined while the network is off. */
export function playerPageUrl(ctx: DocContext): string | undefined {
  const base = ctx.options.playerPage;
  return base ? new URL(PLAYER_PAGE_PATH, base).toString() : undefined;
}

/** An http(s) address (DocumentOptions.playerPage is checked with it). */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Match slips

/** What a slip prints for reporting from a phone: the table's code, and its link while the venue network is on. */
export interface SlipReport {
  code: string;
  qr?: QrNode;
}

/**
 * A slip's code and QR code: only for the round being played (a code is dead once the next round
 * is paired), only when the round has a secret (rounds paired by older versions, and by the CLI, have
 * none) and only when players may report at all (the setting `selfReports` is not 'off').
 */
export function slipReport(ctx: DocContext, round: Round, table: Table): SlipReport | undefined {
  const latest = ctx.state.rounds[ctx.state.rounds.length - 1];
  if (!round.reportKey || round.number !== latest?.number || selfReportsOf(ctx.state) === 'off') return undefined;
  const code = tableCode(round.reportKey, round.number, table.table);
  const base = ctx.options.playerPage;
  return base ? { code, qr: qrCode(reportUrl(base, round.number, table.table, code), SLIP_QR_MIN) } : { code };
}

/** Width of the code in the slip's head, left of the table number. */
export const SLIP_CODE_WIDTH = 112;
/** White between a slip's result and its QR code: more than the 4 modules a reader needs around it. */
export const SLIP_QR_GAP = 12;

/** "Report from your phone — code K7M2QX", in the slip's head (two lines, the code large enough to type from). */
export function slipCodeBlock(report: SlipReport): Content {
  return {
    width: SLIP_CODE_WIDTH,
    stack: [
      { text: 'Report from your phone —', fontSize: 7, color: COLORS.muted, alignment: 'right' },
      { text: [{ text: 'code ', fontSize: 8, color: COLORS.muted, bold: false }, { text: report.code, fontSize: 13, bold: true, characterSpacing: 1 }], alignment: 'right' },
    ],
    margin: [0, 3, 12, 0],
  };
}

/**
 * The slip's body with its QR code on the right, under the table number: beside the first `beside`
 * parts of the body (all by default; a tall slip's last parts may take the full width below).
 */
export function withSlipQr(body: Content[], qr: QrNode, beside = body.length): Content[] {
  const column: ColumnsNode = {
    columns: [
      { width: '*', stack: body.slice(0, beside) },
      // (A left margin, not a columnGap: pdfmake passes columnGap down to the body's own columns.)
      {
        width: qr.fit + SLIP_QR_GAP,
        stack: [{ ...qr, margin: [0, 5, 0, 0] }, { text: 'scan to report', fontSize: 6.5, color: COLORS.muted, alignment: 'center', margin: [0, 5, 0, 0] }],
        margin: [SLIP_QR_GAP, 0, 0, 0],
      },
    ],
  };
  return [column, ...body.slice(beside)];
}

// ---------------------------------------------------------------------------------------------
// Pairing boards

const FIND_SIZE = 10;
/** The tallest a board's heading is beside its QR code: title, subtitle and the "Find your table" line. */
const HEADING_BESIDE_QR = 60;
const BELOW_QR = 8;
const QR_GAP = 14;

export interface BoardQr {
  node: QrNode;
  url: string;
}

/** The board's QR code of the player page, while the venue network is on. */
export function boardQr(ctx: DocContext): BoardQr | undefined {
  const url = playerPageUrl(ctx);
  return url ? { node: qrCode(url, BOARD_QR_MIN), url } : undefined;
}

/** The height of a board heading with the QR code (boards with fixed rows leave room for it). */
export function qrHeadingHeight(qr: BoardQr): number {
  return Math.max(qr.node.fit, HEADING_BESIDE_QR) + BELOW_QR;
}

/** The width left for the title beside the QR code. */
export function besideQrWidth(qr: BoardQr, contentWidth: number): number {
  return contentWidth - qr.node.fit - QR_GAP;
}

/**
 * A board's first heading with the player page's QR code on its right: `heading` (title and
 * subtitle), then "Find your table on your phone: http://…/p" under it.
 */
export function qrHeading(qr: BoardQr, heading: Content[], contentWidth: number): ColumnsNode {
  const width = besideQrWidth(qr, contentWidth);
  const label = 'Find your table on your phone: ';
  const size = fitFontSize(label + qr.url, width, FIND_SIZE, 7, true);
  const find: Content = { text: [label, { text: qr.url, bold: true }], fontSize: size, bold: false };
  return {
    columns: [
      { width: '*', stack: [...heading, find] },
      // A copy each time: pdfmake writes its layout into the node, so one node must not print twice.
      { width: qr.node.fit + QR_GAP, stack: [{ ...qr.node }], margin: [QR_GAP, 0, 0, 0] },
    ],
    margin: [0, 0, 0, BELOW_QR],
  };
}
