/**
 * The page and the type: the page box and its margins, and text-width estimates (DejaVu Sans
 * Condensed's advance widths) so that names fit without wrapping.
 */
import { PAGE_DIMENSIONS, type PageSize } from './types.js';

// ---------------------------------------------------------------------------------------------
// Page geometry

export const MARGIN_SIDE = 28;
export const MARGIN_TOP = 50;
export const MARGIN_BOTTOM = 34;

export interface PageBox {
  width: number;
  height: number;
  margins: [number, number, number, number];
  contentWidth: number;
  contentHeight: number;
}

export function pageBox(size: PageSize, orientation: 'portrait' | 'landscape', margins: [number, number, number, number] = [MARGIN_SIDE, MARGIN_TOP, MARGIN_SIDE, MARGIN_BOTTOM]): PageBox {
  const base = PAGE_DIMENSIONS[size];
  const width = orientation === 'portrait' ? base.width : base.height;
  const height = orientation === 'portrait' ? base.height : base.width;
  return { width, height, margins, contentWidth: width - margins[0] - margins[2], contentHeight: height - margins[1] - margins[3] };
}

// ---------------------------------------------------------------------------------------------
// Text metrics (DejaVu Sans Condensed, assets/fonts; advance widths in 1/1000 em for U+0020..U+007E)

const REGULAR_WIDTHS = [
  286, 360, 414, 754, 572, 855, 702, 247, 351, 351, 450, 754, 286, 325, 286, 303, 572, 572, 572, 572, 572, 572, 572, 572, 572, 572, 303, 303, 754, 754, 754, 478,
  900, 615, 617, 628, 693, 568, 518, 697, 677, 265, 265, 590, 501, 776, 673, 708, 542, 708, 625, 571, 549, 659, 615, 890, 616, 549, 616, 351, 303, 351, 754, 450,
  450, 551, 571, 495, 571, 554, 316, 571, 570, 250, 250, 521, 250, 876, 570, 550, 571, 571, 370, 469, 353, 570, 532, 736, 532, 532, 472, 572, 303, 572, 754,
];
const BOLD_WIDTHS = [
  313, 410, 469, 754, 626, 901, 785, 275, 411, 411, 470, 754, 342, 374, 342, 329, 626, 626, 626, 626, 626, 626, 626, 626, 626, 626, 360, 360, 754, 754, 754, 522,
  900, 696, 686, 660, 747, 615, 615, 738, 753, 334, 334, 697, 573, 896, 753, 765, 659, 765, 693, 648, 614, 730, 696, 993, 694, 651, 652, 411, 329, 411, 754, 450,
  450, 607, 644, 533, 644, 610, 391, 644, 641, 308, 308, 598, 308, 938, 641, 618, 644, 644, 444, 536, 430, 641, 586, 831, 580, 586, 523, 641, 329, 641, 754,
];
/** Outside ASCII (accented Latin, Greek, Cyrillic, ...): a little above those scripts' mean width. */
const OTHER_WIDTH = { regular: 660, bold: 740 };
/** Wide scripts (CJK, rendered as boxes by the document font): a full em. */
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The advance widths table, exported so a host test can check it against the font files. */
export const ASCII_WIDTHS = { regular: REGULAR_WIDTHS, bold: BOLD_WIDTHS } as const;

/** Estimated width in points of `text` at `size` (combining marks count as nothing). */
export function textWidth(text: string, size: number, bold = false): number {
  const table = bold ? BOLD_WIDTHS : REGULAR_WIDTHS;
  let units = 0;
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) as number;
    if (code >= 32 && code <= 126) units += table[code - 32] as number;
    else if (/\p{M}/u.test(ch)) continue;
    else if (WIDE.test(ch)) units += 1000;
    else units += bold ? OTHER_WIDTH.bold : OTHER_WIDTH.regular;
  }
  return (units / 1000) * size;
}

/** The largest size from `size` down to `min` (half-point steps) at which `text` fits `width`. */
export function fitFontSize(text: string, width: number, size: number, min: number, bold = false): number {
  let s = size;
  while (s > min && textWidth(text, s, bold) > width) s -= 0.5;
  return s;
}

/** Line height of the document font: ascent + descent = 1.164 em. */
export function lineHeight(size: number): number {
  return size * 1.164;
}
