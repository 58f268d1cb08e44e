/**
 * Decklists pasted or imported as text (MTR 2.7): the common forms, read without a card
 * database.
 *
 * - "4 Card Name" (or "4x Card Name") lines; a "Sideboard" header, or — when the text has no header
 *   at all, as MTGO's .txt export — a blank line, starts the sideboard. "SB: 2 Duress" lines too.
 * - Arena exports: "Deck", "Sideboard", "Commander", "Companion" headers (and "About" / "Name …"
 *   lines, skipped); "4 Lightning Bolt (M10) 146" — the set code and collector number are stripped.
 * - Commander: a "Commander" section, or "1 Name *CMDR*". With `format: 'commander'`, a list that
 *   names no commander and whose second section (MTGO puts the commander there) has one or two
 *   cards takes those as the commander.
 *
 * Each card keeps the line it came from (1-based), so every problem names the line. A card named on
 * two lines of one section is one entry (the counts added, the first line kept).
 */

export type DeckSection = 'main' | 'side' | 'commander';

export interface DeckCard {
  count: number;
  name: string;
  /** The (first) line of the text the card was on, 1-based. */
  line: number;
  /** Further lines naming the same card in the same section (their counts are added in). */
  also?: number[];
}

export interface DeckProblem {
  /** The line it concerns (1-based); absent for a problem of the whole list. */
  line?: number;
  message: string;
}

export interface ParsedDecklist {
  main: DeckCard[];
  side: DeckCard[];
  commander: DeckCard[];
  /** Lines that could not be read, in words. */
  problems: DeckProblem[];
}

export type DeckFormat = 'constructed' | 'sealed' | 'draft' | 'commander';

/** How card names compare: case, accents, apostrophe forms and spacing ignored ("Æther Vial" = "aether vial"). */
export function cardKey(name: string): string {
  return name
    .replace(/[Ææ]/g, 'ae')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const HEADERS: Record<string, DeckSection | 'skip' | 'companion'> = {
  deck: 'main',
  main: 'main',
  maindeck: 'main',
  'main deck': 'main',
  mainboard: 'main',
  sideboard: 'side',
  side: 'side',
  'side board': 'side',
  commander: 'commander',
  commanders: 'commander',
  companion: 'companion',
  about: 'skip',
};

/** "Sideboard", "Sideboard:", "Sideboard (15)", "// Sideboard" → its section; else undefined. */
function headerOf(text: string): DeckSection | 'skip' | 'companion' | undefined {
  const bare = text
    .replace(/^\/\/\s*/, '')
    .replace(/\s*\(\d+\)\s*$/, '')
    .replace(/:\s*$/, '')
    .trim()
    .toLowerCase();
  return HEADERS[bare];
}

/** "(M10) 146", "(PLST) 2XM-123", "[M10]", "(2XM)" at the end of a name: the set and number, stripped. */
const SET_CODE = /\s+(?:\([A-Za-z0-9]{2,6}\)|\[[A-Za-z0-9]{2,6}\])(?:\s+[A-Za-z0-9-]+[★*]?)?$/;
const CMDR_MARK = /\s*\*CMDR\*\s*$/i;
const FOIL_MARK = /\s*\*[FE]\*\s*$/;

interface CardLine {
  count: number;
  name: string;
  commander: boolean;
  sideboard: boolean;
}

function readCard(text: string): CardLine | string {
  let rest = text;
  let sideboard = false;
  const sb = /^SB:\s*/i.exec(rest);
  if (sb) {
    sideboard = true;
    rest = rest.slice(sb[0].length);
  }
  const m = /^(\d+)\s*[xX]?\s+(.+)$/.exec(rest);
  if (!m) return `“${text}” is not a card line: it should start with a count, as “4 Lightning Bolt”`;
  const count = Number(m[1]);
  let name = (m[2] as string).trim();
  const commander = CMDR_MARK.test(name);
  name = name.replace(CMDR_MARK, '').replace(FOIL_MARK, '').replace(SET_CODE, '').trim();
  if (count < 1) return `“${text}”: a count of 0 — leave the line out`;
  if (count > 250) return `“${text}”: ${count} copies is not a plausible count`;
  if (!name) return `“${text}” has a count but no card name`;
  return { count, name, commander, sideboard };
}

export interface ParseOptions {
  format?: DeckFormat;
}

export function parseDecklist(text: string, options: ParseOptions = {}): ParsedDecklist {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const sections: Record<DeckSection, Map<string, DeckCard>> = { main: new Map(), side: new Map(), commander: new Map() };
  const problems: DeckProblem[] = [];
  // MTGO's .txt has no headers: the first blank line after cards starts the sideboard.
  const hasHeaders = lines.some((l) => {
    const h = headerOf(l.trim());
    return h !== undefined && h !== 'skip';
  });
  let section: DeckSection | 'skip' | 'companion' = 'main';
  let sawCard = false;
  let blankAfterCards = false;
  // Which lines made up the second section of a header-less list (for MTGO's Commander export).
  let headerlessSecond = false;
  const add = (where: DeckSection, card: CardLine, line: number) => {
    const key = cardKey(card.name);
    const had = sections[where].get(key);
    if (had) {
      had.count += card.count;
      had.also = [...(had.also ?? []), line];
    }
    else sections[where].set(key, { count: card.count, name: card.name, line });
  };
  lines.forEach((raw, i) => {
    const line = i + 1;
    const text = raw.trim();
    if (!text) {
      if (sawCard) blankAfterCards = true;
      return;
    }
    const header = headerOf(text);
    if (header !== undefined) {
      section = header;
      return;
    }
    if (/^name\s/i.test(text) && section === 'skip') return;
    if (section === 'skip' || text.startsWith('//') || text.startsWith('#')) return;
    if (!hasHeaders && blankAfterCards && section === 'main') {
      section = 'side';
      headerlessSecond = true;
    }
    const card = readCard(text);
    if (typeof card === 'string') {
      problems.push({ line, message: `Line ${line}: ${card}.` });
      return;
    }
    sawCard = true;
    // Arena lists the companion in its own section and again in the sideboard: counted once, there.
    if (section === 'companion') return;
    const where: DeckSection = card.commander ? 'commander' : card.sideboard ? 'side' : section;
    add(where, card, line);
  });
  let commander = [...sections.commander.values()];
  let side = [...sections.side.values()];
  // MTGO's Commander export: the commander is the "sideboard" after the blank line.
  if (options.format === 'commander' && commander.length === 0 && side.length >= 1 && side.length <= 2 && (headerlessSecond || hasHeaders)) {
    if (side.every((c) => c.count === 1)) {
      commander = side;
      side = [];
    }
  }
  return { main: [...sections.main.values()], side, commander, problems };
}

/** Cards of a section, in total. */
export function cardCount(cards: readonly DeckCard[]): number {
  return cards.reduce((n, c) => n + c.count, 0);
}
