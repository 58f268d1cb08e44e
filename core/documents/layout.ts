/**
 * What every printed page shares: the colours and styles, boxes and signature lines, and the
 * running header (event, rule set, round, document) and footer (when it was printed, page X of Y).
 */
import { type Round } from '../model/types.js';
import { type CanvasNode, type Content, type DocDefinition, DOCUMENT_FONT, PAGE_TOKEN, PAGES_TOKEN, type Style } from './types.js';
import { type DocContext } from './context.js';
import { pageBox } from './geometry.js';

// ---------------------------------------------------------------------------------------------
// Shared pieces

export const COLORS = { ink: '#000000', muted: '#555555', rule: '#999999', fill: '#eeeeee', strong: '#dddddd' } as const;

export const STYLES: Record<string, Style> = {
  title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
  subtitle: { fontSize: 11, color: COLORS.muted, margin: [0, 0, 0, 8] },
  heading: { fontSize: 13, bold: true, margin: [0, 8, 0, 4] },
  th: { fontSize: 8.5, bold: true, color: COLORS.muted },
  small: { fontSize: 8, color: COLORS.muted },
  note: { fontSize: 8.5, color: COLORS.muted, margin: [0, 6, 0, 0] },
  tableNumber: { bold: true, alignment: 'center' },
};

/** An empty box to write in. */
export function writeBox(width: number, height: number, lineWidth = 1): CanvasNode {
  return { canvas: [{ type: 'rect', x: 0, y: 0, w: width, h: height, lineWidth }] };
}

/** A line to sign on, `offset` points below the top of its cell. */
export function signatureLine(width: number, offset = 16): CanvasNode {
  return { canvas: [{ type: 'line', x1: 0, y1: offset, x2: width, y2: offset, lineWidth: 0.6 }] };
}

export interface RunningTitle {
  /** "Pairings by name", "Match slips". */
  document: string;
  /** What the document is about, after the event line: "Round 3", "Standings after round 5". */
  about: string;
}

/** The event line of a header: "Spring Open · Magic Tournament Rules (mtr)". */
export function eventLine(ctx: DocContext): string {
  return `${ctx.state.name} · ${ctx.ruleset.title}`;
}

function escapeTokens(text: string): string {
  // A stray "{{page}}" typed into an event name must print as typed, not as a page number.
  return text.replaceAll('{{', '{\u200b{');
}

export function definition(
  ctx: DocContext,
  running: RunningTitle,
  content: Content[],
  options: { orientation?: 'portrait' | 'landscape'; margins?: [number, number, number, number]; header?: boolean; footer?: boolean } = {},
): DocDefinition {
  const orientation = options.orientation ?? 'portrait';
  const box = pageBox(ctx.options.pageSize, orientation, options.margins);
  const [left, , right] = box.margins;
  const withHeader = options.header ?? true;
  const def: DocDefinition = {
    pageSize: ctx.options.pageSize,
    pageOrientation: orientation,
    pageMargins: box.margins,
    info: {
      title: `${running.document} — ${ctx.state.name} — ${running.about}`,
      author: 'Podium',
      subject: `${ctx.ruleset.title}`,
      creator: 'Podium',
      producer: 'Podium (pdfmake)',
      creationDate: ctx.options.generatedAt,
    },
    content,
    styles: STYLES,
    defaultStyle: { font: DOCUMENT_FONT, fontSize: 10 },
  };
  if (options.footer ?? true) {
    def.footer = {
      columns: [
        { text: `Printed ${ctx.options.generatedAt} · Podium`, style: 'small', width: '*' },
        { text: `Page ${PAGE_TOKEN} of ${PAGES_TOKEN}`, style: 'small', alignment: 'right', width: 'auto' },
      ],
      margin: [left, 12, right, 0],
    };
  }
  if (withHeader) {
    def.header = {
      columns: [
        { text: escapeTokens(eventLine(ctx)), fontSize: 9, bold: true, width: '*' },
        {
          text: escapeTokens(running.about.toLowerCase().includes(running.document.toLowerCase()) ? running.about : `${running.about} — ${running.document}`),
          fontSize: 9,
          alignment: 'right',
          width: 'auto',
        },
      ],
      columnGap: 16,
      margin: [left, 20, right, 0],
    };
  }
  return def;
}
