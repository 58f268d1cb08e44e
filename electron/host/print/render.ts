/**
 * Render a document definition (core/documents, plain data) to a PDF with pdfmake 0.3 under Node.
 *
 * - Fonts: DejaVu Sans Condensed, regular and bold, from assets/fonts (Latin with accents,
 *   Vietnamese, Greek, Cyrillic, Armenian, Georgian, Hebrew and Arabic letters). pdfkit embeds only
 *   the glyphs a document uses. A character the font lacks (CJK, Thai, Devanagari, ...) prints as
 *   the font's empty box, never an error; `missingCharacters` lists them so the caller can say so.
 *   Arabic and Hebrew letters are shaped by fontkit, but pdfkit has no bidirectional layout: the
 *   words of a right-to-left name may print in a different order (core prints such names as
 *   registered, never reordered into "Family, Given").
 * - What core expresses as data becomes functions here (core/documents/types.ts): page-number
 *   tokens in header and footer, and the named table layouts. QR codes (QrNode) are pdfmake's own
 *   `qr` nodes and pass through as they are: pdfmake draws them as filled squares.
 * - pdfmake reads nothing from disk or the network on a document's behalf: fonts come from its
 *   virtual file system, and both access policies refuse everything.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pdfmake from 'pdfmake';
import { type Content, type DocDefinition, DOCUMENT_FONT, PAGE_TOKEN, PAGES_TOKEN, type TableLayoutName } from '../../../core/documents/types.js';

export const FONT_FILES = { normal: 'DejaVuSansCondensed.ttf', bold: 'DejaVuSansCondensed-Bold.ttf' } as const;

export interface RenderOptions {
  /** The folder holding FONT_FILES (default: assets/fonts found above this file). */
  fontsDir?: string;
}

export interface RenderOutput {
  pdf: Buffer;
  pages: number;
  /** Distinct characters of the document the font has no glyph for (printed as boxes). */
  missingCharacters: string[];
}

/** assets/fonts of the checkout or the installed app: searched upward from this file. */
export function defaultFontsDir(): string {
  let dir = path.dirname(modulePath());
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'assets', 'fonts');
    if (existsSync(path.join(candidate, FONT_FILES.normal))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`the print fonts (assets/fonts/${FONT_FILES.normal}) were not found above ${modulePath()}`);
}

/** This file, or the bundle it was built into (electron/tools/build.ts bundles to CommonJS, without import.meta). */
function modulePath(): string {
  const url = (import.meta as { url?: string }).url;
  return url ? fileURLToPath(url) : __filename;
}

// ---------------------------------------------------------------------------------------------
// Table layouts (TABLE_LAYOUTS in core/documents/types.ts)

interface LayoutNode {
  table: { body: unknown[]; headerRows?: number };
}
type LineFn = (i: number, node: LayoutNode) => number;

const zero = (): number => 0;
const pad = (n: number) => (): number => n;

export const TABLE_LAYOUT_FUNCTIONS: Record<TableLayoutName, Record<string, unknown>> = {
  grid: {
    hLineWidth: () => 0.5,
    vLineWidth: () => 0.5,
    hLineColor: () => '#888888',
    vLineColor: () => '#888888',
    paddingLeft: pad(4),
    paddingRight: pad(4),
    paddingTop: pad(3),
    paddingBottom: pad(3),
  },
  rows: {
    hLineWidth: ((i, node) => (i === 0 || i === node.table.body.length ? 0 : i === (node.table.headerRows ?? 0) ? 0.9 : 0.4)) as LineFn,
    vLineWidth: zero,
    hLineColor: ((i: number, node: LayoutNode) => (i === (node.table.headerRows ?? 0) ? '#555555' : '#bbbbbb')) as unknown,
    paddingLeft: pad(4),
    paddingRight: pad(4),
    paddingTop: pad(3),
    paddingBottom: pad(3),
  },
  plain: { hLineWidth: zero, vLineWidth: zero, paddingLeft: zero, paddingRight: zero, paddingTop: zero, paddingBottom: zero },
  cut: {
    hLineWidth: ((i, node) => (i > 0 && i < node.table.body.length ? 0.7 : 0)) as LineFn,
    vLineWidth: zero,
    hLineColor: () => '#666666',
    hLineStyle: () => ({ dash: { length: 5, space: 4 } }),
    paddingLeft: zero,
    paddingRight: zero,
    paddingTop: zero,
    paddingBottom: zero,
  },
  'cut-grid': {
    hLineWidth: () => 0.7,
    vLineWidth: () => 0.7,
    hLineColor: () => '#666666',
    vLineColor: () => '#666666',
    hLineStyle: () => ({ dash: { length: 5, space: 4 } }),
    vLineStyle: () => ({ dash: { length: 5, space: 4 } }),
    paddingLeft: zero,
    paddingRight: zero,
    paddingTop: zero,
    paddingBottom: zero,
  },
  boxes: {
    hLineWidth: () => 1,
    vLineWidth: () => 1,
    hLineColor: () => '#000000',
    vLineColor: () => '#000000',
    paddingLeft: pad(2),
    paddingRight: pad(2),
    paddingTop: pad(2),
    paddingBottom: pad(2),
  },
  board: {
    hLineWidth: ((i) => (i === 0 ? 0 : 0.4)) as LineFn,
    vLineWidth: zero,
    hLineColor: () => '#aaaaaa',
    paddingLeft: zero,
    paddingRight: zero,
    paddingTop: zero,
    paddingBottom: zero,
  },
};

// ---------------------------------------------------------------------------------------------
// Fonts

let configuredFontsDir: string | undefined;

function setUp(fontsDir: string): void {
  if (configuredFontsDir === fontsDir) return;
  pdfmake.virtualfs.writeFileSync(FONT_FILES.normal, readFileSync(path.join(fontsDir, FONT_FILES.normal)));
  pdfmake.virtualfs.writeFileSync(FONT_FILES.bold, readFileSync(path.join(fontsDir, FONT_FILES.bold)));
  pdfmake.setFonts({
    // No oblique faces are shipped: italics print upright.
    [DOCUMENT_FONT]: { normal: FONT_FILES.normal, bold: FONT_FILES.bold, italics: FONT_FILES.normal, bolditalics: FONT_FILES.bold },
  });
  pdfmake.addTableLayouts(TABLE_LAYOUT_FUNCTIONS);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  configuredFontsDir = fontsDir;
}

/** Every string of a definition (texts, header, footer). */
function collectText(value: unknown, out: Set<string>): void {
  if (typeof value === 'string') {
    for (const ch of value) out.add(ch);
  } else if (Array.isArray(value)) {
    for (const item of value) collectText(item, out);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (!NOT_TEXT.has(key)) collectText(item, out);
  }
}
// A QR code's data (`qr`) is drawn as squares, never as glyphs.
const NOT_TEXT = new Set(['style', 'layout', 'font', 'color', 'fillColor', 'lineColor', 'decoration', 'decorationColor', 'alignment', 'pageBreak', 'type', 'qr', 'eccLevel', 'mode']);

interface GlyphCoverage {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** pdfmake's pdfkit document: its font provider hands out the fontkit font it embeds. */
interface PdfKitDocument {
  provideFont(family: string, bold: boolean, italics: boolean): { font: GlyphCoverage };
}

/** Characters of the definition that the embedded fonts (regular or bold) have no glyph for. */
function missingCharacters(definition: DocDefinition, kit: PdfKitDocument): string[] {
  const chars = new Set<string>();
  collectText(definition.content, chars);
  collectText(definition.header, chars);
  collectText(definition.footer, chars);
  const faces = [kit.provideFont(DOCUMENT_FONT, false, false).font, kit.provideFont(DOCUMENT_FONT, true, false).font];
  const missing: string[] = [];
  for (const ch of chars) {
    const code = ch.codePointAt(0) as number;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0x200b) continue;
    if (faces.some((face) => !face.hasGlyphForCodePoint(code))) missing.push(ch);
  }
  return missing.sort();
}

// ---------------------------------------------------------------------------------------------

function replaceTokens(content: Content | undefined, page: number, pages: number): unknown {
  if (content === undefined) return null;
  return JSON.parse(JSON.stringify(content), (_key, value: unknown) =>
    typeof value === 'string' ? value.replaceAll(PAGE_TOKEN, String(page)).replaceAll(PAGES_TOKEN, String(pages)).replaceAll('{\u200b{', '{{') : value,
  );
}

/** Render a definition to PDF bytes; the page count is read as pdfmake lays the pages out. */
export async function renderPdf(definition: DocDefinition, options: RenderOptions = {}): Promise<RenderOutput> {
  setUp(options.fontsDir ?? defaultFontsDir());
  let pages = 0;
  const { header, footer, info, ...rest } = definition;
  const doc: Record<string, unknown> = {
    ...structuredClone(rest),
    info: { ...info, ...(info.creationDate ? { creationDate: parseDate(info.creationDate) } : {}) },
    header: header === undefined ? undefined : (page: number, count: number) => replaceTokens(header, page, count),
    footer: (page: number, count: number) => {
      pages = count;
      return replaceTokens(footer, page, count);
    },
  };
  if (doc.info && (doc.info as { creationDate?: unknown }).creationDate === undefined) delete (doc.info as { creationDate?: unknown }).creationDate;
  const output = pdfmake.createPdf(doc);
  const missing = missingCharacters(definition, (await output.getStream()) as PdfKitDocument);
  const pdf = await output.getBuffer();
  return { pdf, pages, missingCharacters: missing };
}

/** The print time core was given ("2026-05-01 14:05" or ISO) as a Date for the PDF's metadata; fixed otherwise. */
function parseDate(text: string): Date {
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text) ? `${text.replace(' ', 'T')}` : text;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}
