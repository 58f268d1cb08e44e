/**
 * What every printed document shares: the page box, the running header (event, rule set, round,
 * document) and footer (when it was printed, page X of Y), text-width estimates so that names fit
 * without wrapping, boxes and signature lines, and the round a document is about.
 */
import { fail } from '../model/errors.js';
import type { EventState, Player, PlayerId, Round, Table, TeamMember } from '../model/types.js';
import { pointsBeforeRound } from '../event/points-before.js';
import { getRuleset } from '../rulesets/index.js';
import type { Ruleset } from '../rulesets/ruleset.js';
import { plural as pluralText } from '../text/format.js';
import { sameNameTags } from './names.js';
import {
  type CanvasNode,
  type Content,
  type DocDefinition,
  DOCUMENT_FONT,
  PAGE_DIMENSIONS,
  PAGE_TOKEN,
  PAGES_TOKEN,
  type PageSize,
  type Style,
} from './types.js';

// ---------------------------------------------------------------------------------------------
// Options and context

/** One line of the deck-check and time-extension log (see extensions-log.ts). */
export interface ExtensionLogEntry {
  table: number;
  /** The players' names as they should print. */
  players: string[];
  judge?: string;
  /** Start and end of the deck check or pause, as the floor writes them ("14:05"). */
  start?: string;
  end?: string;
  /** Minutes added to the table's clock (seconds as a fraction; the log prints m:ss). */
  minutes: number;
  /**
   * 'round-start': not a row but the round clock's start (`start`, table 0), which the log fills
   * into its "Start" box — the time is formatted by the host, as every entry's is.
   */
  reason: 'deck-check' | 'judge-pause' | 'other' | 'round-start';
  /** Free text: what happened, who decided. */
  note?: string;
  /** Where the table was at end of round ("turn 3 of 5", "last turn", "finished"). */
  endOfRound?: string;
}

export interface DocumentOptions {
  /** The round to print (default: the latest; standings: after the latest). */
  round?: number;
  pageSize: PageSize;
  /** Pairings by name: split the board into two sheets at this letter ("L": A–K and L–Z). */
  splitAtLetter?: string;
  /** When the document was printed, as the host formats it (core has no clock). */
  generatedAt: string;
  /** The extensions log's entries; empty or absent: a blank log to fill in by hand. */
  extensions?: readonly ExtensionLogEntry[];
  /** Locale of the name collator (default "en"). */
  locale?: string;
  /** The station's IANA time zone ("Europe/Dublin"), for times printed from the journal's instants (default: UTC). */
  timeZone?: string;
  /** The player page's base URL while the venue network is on ("http://192.168.1.20:8080/"): slips and boards get QR codes (qr.ts). */
  playerPage?: string;
  /** The decklist print: this player's registered list (MTR 2.7); absent: every registered list. */
  player?: PlayerId;
}

export interface DocContext {
  state: EventState;
  ruleset: Ruleset;
  options: DocumentOptions;
  players: Map<PlayerId, Player>;
  /** The round the document is about (undefined: no round paired yet). */
  round: Round | undefined;
}

export function createContext(state: EventState, options: DocumentOptions): DocContext {
  const ruleset = getRuleset(state.ruleset);
  let round: Round | undefined;
  if (options.round !== undefined) {
    round = state.rounds.find((r) => r.number === options.round);
    if (!round)
      fail(
        'invalid-input',
        state.rounds.length === 0
          ? `there is no round ${options.round}: no round has been paired yet`
          : `there is no round ${options.round} (rounds 1 to ${state.rounds.length})`,
      );
  } else round = state.rounds[state.rounds.length - 1];
  return { state, ruleset, options, players: new Map(state.players.map((p) => [p.id, p])), round };
}

/** The registered name as printed: with its tag (nameTags) when it needs one. */
export function nameOf(ctx: DocContext, id: PlayerId): string {
  const name = ctx.players.get(id)?.name ?? id;
  const tag = nameTags(ctx).get(id);
  return tag ? `${name} (${tag})` : name;
}

/** The registered name, untagged (sorting, and layouts that print the tag apart). */
export function rawNameOf(ctx: DocContext, id: PlayerId): string {
  return ctx.players.get(id)?.name ?? id;
}

/**
 * Scripts the document font (DejaVu Sans Condensed, assets/fonts) draws. A name with a character of
 * any other script (CJK, Thai, Devanagari, ...) prints with empty boxes for those characters.
 */
const COVERED_SCRIPTS =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Common}\p{Script=Inherited}]*$/u;

export function isFullyCovered(name: string): boolean {
  return COVERED_SCRIPTS.test(name);
}

/**
 * Tags printed beside a name so that every player can be told apart on paper (UX.md "Names are
 * people's names"): players who share their name with another player (their note, else their id),
 * and players whose name has characters the font cannot draw (their note or id beside the boxes).
 */
export function nameTags(ctx: DocContext): Map<PlayerId, string> {
  const cached = tagCache.get(ctx);
  if (cached) return cached;
  const tags = sameNameTags(ctx.state.players);
  for (const p of ctx.state.players) if (!isFullyCovered(p.name)) tags.set(p.id, p.note?.trim() || p.id);
  tagCache.set(ctx, tags);
  return tags;
}
const tagCache = new WeakMap<DocContext, Map<PlayerId, string>>();

/**
 * The organiser's house rules (pod rule sets: odd counts, points), in one line, where they differ
 * from the documents ("House rules: pods of 5 for odd counts; 4 points a win, 1 a draw, bye 3"):
 * printed on standings, pairing boards and match slips alike, so a player reads the same rules on
 * every sheet; undefined when the event follows the documents.
 */
export function houseRulesOf(ctx: DocContext): string | undefined {
  return ctx.ruleset.presentation.houseRules?.(ctx.state.settings);
}

/** Team events (MTR 8 teams of 2 or 3, MTR 9 Two-Headed Giant): each competitor is a team of people. */
export function isTeamEvent(ctx: DocContext): boolean {
  return ctx.state.settings.teamSize > 1 || ctx.state.settings.twoHeadedGiant;
}

/** A team's members in seat order (A first); empty for a player. */
export function membersOf(ctx: DocContext, id: PlayerId): TeamMember[] {
  const members = ctx.players.get(id)?.members ?? [];
  return [...members].sort((a, b) => (a.seat < b.seat ? -1 : a.seat > b.seat ? 1 : 0));
}

/** "A Ana Costa · B Bo Berg": a team's members as one line (empty for a player). */
export function membersLine(ctx: DocContext, id: PlayerId): string {
  return membersOf(ctx, id)
    .map((m) => `${m.seat} ${m.name}`)
    .join(' · ');
}

/** "Round 3", "Playoff round 1" — how documents name a round. */
export function roundTitle(state: EventState, round: Round | undefined): string {
  if (!round) return 'Before round 1';
  if (round.stage === 'swiss') return `Round ${round.number}`;
  const playoffRounds = state.rounds.filter((r) => r.stage === 'playoff');
  const index = playoffRounds.findIndex((r) => r.number === round.number);
  return `Playoff round ${index + 1} (round ${round.number})`;
}

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

// ---------------------------------------------------------------------------------------------
// Facts about the round

/**
 * Points each player had before `round` (the standings of the rounds before it): what pairings by
 * table print beside each name. Empty when the rule set cannot compute them.
 */
export function pointsBefore(ctx: DocContext, round: Round): ReadonlyMap<PlayerId, number> {
  return pointsBeforeRound(ctx.state, round.number);
}

/** Swiss seed (1-based) of each playoff player, from the cut. */
export function playoffSeeds(state: EventState): Map<PlayerId, number> {
  return new Map((state.playoff?.seeds ?? []).map((id, i) => [id, i + 1]));
}

/** The result of a table in a few words, as the rule set notes it ("2–1", "draw", "won by Ana"). */
export function resultText(ctx: DocContext, table: Table): string {
  if (!table.result) return '';
  return ctx.ruleset.presentation.results.note(table, table.result, (id) => nameOf(ctx, id));
}

/** "1,024 players", "1 player" — counts printed in words, their digits grouped (core/text). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return pluralText(count, one, many, { grouping: true });
}
