/**
 * Printed documents as plain data: the subset of pdfmake's document definition Podium uses, typed
 * here so that core/ never imports pdfmake (the host's print service renders these; see
 * electron/host/print/render.ts).
 *
 * Three things pdfmake expresses with functions are expressed as data and turned into functions by
 * the renderer:
 * - page numbers: `header` and `footer` are static content whose strings may hold PAGE_TOKEN and
 *   PAGES_TOKEN, replaced on each page;
 * - table layouts (borders, paddings, dashed cut lines): `layout` names one of TABLE_LAYOUTS, which
 *   the renderer registers;
 * - the fonts: `defaultStyle.font` is always DOCUMENT_FONT, which the renderer maps to the files in
 *   assets/fonts.
 */

export type PageSize = 'A4' | 'LETTER';

/** Page dimensions in PDF points (1/72 inch), portrait. */
export const PAGE_DIMENSIONS: Record<PageSize, { width: number; height: number }> = {
  A4: { width: 595.28, height: 841.89 },
  LETTER: { width: 612, height: 792 },
};

/** The font family every document uses (assets/fonts: DejaVu Sans Condensed, regular and bold). */
export const DOCUMENT_FONT = 'Podium';

/** Replaced by the renderer with the page number / page count in `header` and `footer`. */
export const PAGE_TOKEN = '{{page}}';
export const PAGES_TOKEN = '{{pages}}';

/**
 * Table layouts the renderer registers (their borders and paddings are functions in pdfmake):
 * - `grid`: thin grey lines around every cell, padding 4/3;
 * - `rows`: horizontal lines only (light), padding 4/3 — lists such as standings;
 * - `plain`: no lines, no padding — positioning only;
 * - `cut`: rows separated by dashed cut lines (slips and cards), no padding, no outer lines;
 * - `boxes`: thick black lines around every cell — boxes to write in;
 * - `board`: light horizontal lines only where a cell's `border` asks for them, no padding;
 * - `cut-grid`: dashed cut lines around every cell (cards two to a row), no padding.
 */
export const TABLE_LAYOUTS = ['grid', 'rows', 'plain', 'cut', 'boxes', 'board', 'cut-grid'] as const;
export type TableLayoutName = (typeof TABLE_LAYOUTS)[number];

export type Margin = number | [number, number] | [number, number, number, number];

export interface Style {
  fontSize?: number;
  bold?: boolean;
  italics?: boolean;
  color?: string;
  fillColor?: string;
  alignment?: 'left' | 'center' | 'right';
  margin?: Margin;
  lineHeight?: number;
  decoration?: 'lineThrough' | 'underline';
  decorationColor?: string;
  characterSpacing?: number;
  noWrap?: boolean;
  /** Names of entries of the definition's `styles`. */
  style?: string | string[];
}

/** Layout properties any node may carry. */
export interface NodeProps extends Style {
  pageBreak?: 'before' | 'after';
  unbreakable?: boolean;
  /** Inside `columns`: a width in points, '*' (share the rest) or 'auto'. */
  width?: number | '*' | 'auto';
  /** Inside a table cell. */
  colSpan?: number;
  rowSpan?: number;
  /** Inside a table cell: left, top, right, bottom borders. */
  border?: [boolean, boolean, boolean, boolean];
  absolutePosition?: { x: number; y: number };
  relativePosition?: { x: number; y: number };
}

export type CanvasItem =
  | { type: 'line'; x1: number; y1: number; x2: number; y2: number; lineWidth?: number; lineColor?: string; dash?: { length: number; space?: number } }
  | { type: 'rect'; x: number; y: number; w: number; h: number; r?: number; lineWidth?: number; lineColor?: string; color?: string; dash?: { length: number; space?: number } };

export interface TextNode extends NodeProps {
  text: string | (string | TextNode)[];
}
export interface StackNode extends NodeProps {
  stack: Content[];
}
export interface ColumnsNode extends NodeProps {
  columns: Content[];
  columnGap?: number;
}
export interface TableNode extends NodeProps {
  table: {
    widths?: (number | '*' | 'auto')[];
    /** A minimum height for every row (a number) or for each row. */
    heights?: number | number[];
    headerRows?: number;
    dontBreakRows?: boolean;
    keepWithHeaderRows?: number;
    body: Content[][];
  };
  layout?: TableLayoutName;
}
export interface CanvasNode extends NodeProps {
  canvas: CanvasItem[];
}

/**
 * A QR code, drawn by pdfmake itself as filled squares (no image). pdfmake draws each module
 * floor(fit / modules) points wide, so core pins the version (17 + 4·version modules a side) and
 * makes `fit` a whole multiple of it: the printed size is exactly `fit` (core/documents/qr.ts).
 * No quiet zone is drawn: the layout leaves white around it.
 */
export interface QrNode extends NodeProps {
  /** What a phone reads: here always a URL. */
  qr: string;
  /** Printed width and height in points. */
  fit: number;
  version: number;
  eccLevel: 'L' | 'M' | 'Q' | 'H';
  mode?: 'numeric' | 'alphanumeric' | 'octet';
}

export type ContentNode = TextNode | StackNode | ColumnsNode | TableNode | CanvasNode | QrNode;
export type Content = string | ContentNode | Content[];

/** What buildDocument returns: a pdfmake document definition with no functions in it. */
export interface DocDefinition {
  pageSize: PageSize;
  pageOrientation: 'portrait' | 'landscape';
  /** Left, top, right, bottom, in points. */
  pageMargins: [number, number, number, number];
  info: { title: string; author?: string; subject?: string; creator?: string; producer?: string; creationDate?: string };
  /** Drawn in the top margin of every page; PAGE_TOKEN / PAGES_TOKEN are replaced. */
  header?: Content;
  /** Drawn in the bottom margin of every page; PAGE_TOKEN / PAGES_TOKEN are replaced. */
  footer?: Content;
  content: Content[];
  styles: Record<string, Style>;
  defaultStyle: Style & { font: typeof DOCUMENT_FONT };
}
