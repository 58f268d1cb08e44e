/**
 * A registered list's checks in words, as the rule documents set them — no card
 * database, so only what counts and names can tell:
 *
 * - Constructed (MTR 6.1): at least sixty cards in the main deck; a sideboard of at most fifteen.
 * - Limited, sealed and draft (MTR 7.1): at least forty cards in the main deck; the rest of the pool
 *   is the sideboard, of any size.
 * - Commander (MSTR/MAMTR: "100-card singleton lists", X.5A; the commander clearly identified in the
 *   decklist, *.4A): exactly 100 cards including the commander (one, or two partners); one copy of
 *   each card except basic lands — Plains, Island, Swamp, Mountain, Forest, Wastes and their
 *   Snow-Covered forms; no sideboard except a single companion (MAMTR *.1C: "the use of Sideboard
 *   cards is not allowed, with the exception of a single companion"). Without a card database the
 *   check cannot tell a companion from another card, so one sideboard card passes as the companion
 *   and two or more are a problem.
 *
 * Every problem names the line (or lines) it comes from; the parser's own problems come first.
 */
import { cardCount, cardKey, type DeckCard, type DeckFormat, type DeckProblem, type ParsedDecklist } from './parse.js';

const BASIC_NAMES = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest', 'Wastes'];
const BASICS = new Set([...BASIC_NAMES, ...BASIC_NAMES.map((n) => `Snow-Covered ${n}`)].map(cardKey));

/** A basic land: any number of copies may be played (also in Commander). */
export function isBasicLand(name: string): boolean {
  return BASICS.has(cardKey(name));
}

/** "line 4" / "lines 2–31": where a section's cards are. */
function linesOf(cards: readonly DeckCard[]): string {
  const lines = cards.map((c) => c.line).sort((a, b) => a - b);
  if (lines.length === 0) return '';
  const first = lines[0] as number;
  const last = lines[lines.length - 1] as number;
  return first === last ? `line ${first}` : `lines ${first}–${last}`;
}

const cards = (n: number): string => `${n} ${n === 1 ? 'card' : 'cards'}`;

function firstLine(list: readonly DeckCard[]): number | undefined {
  return list.length === 0 ? undefined : Math.min(...list.map((c) => c.line));
}

function problem(message: string, where: readonly DeckCard[]): DeckProblem {
  const line = firstLine(where);
  return line === undefined ? { message } : { line, message };
}

function constructed(list: ParsedDecklist): DeckProblem[] {
  const out: DeckProblem[] = [];
  const main = cardCount(list.main);
  const side = cardCount(list.side);
  if (main < 60) {
    const where = list.main.length ? ` (${linesOf(list.main)})` : '';
    out.push(problem(`The main deck has ${cards(main)}${where}; a constructed deck needs at least 60 (MTR 6.1).`, list.main));
  }
  if (side > 15) {
    out.push(problem(`The sideboard has ${cards(side)} (${linesOf(list.side)}); a constructed sideboard may hold at most 15 (MTR 6.1).`, list.side));
  }
  if (list.commander.length > 0) {
    out.push(problem(`A commander is named (${linesOf(list.commander)}), but this is not a Commander event: list it in the main deck or the sideboard.`, list.commander));
  }
  return out;
}

function limited(list: ParsedDecklist): DeckProblem[] {
  const main = cardCount(list.main);
  const out: DeckProblem[] = [];
  if (main < 40) {
    const where = list.main.length ? ` (${linesOf(list.main)})` : '';
    out.push(problem(`The main deck has ${cards(main)}${where}; a limited deck needs at least 40 (MTR 7.1).`, list.main));
  }
  if (list.commander.length > 0) {
    out.push(problem(`A commander is named (${linesOf(list.commander)}), but this is not a Commander event.`, list.commander));
  }
  return out;
}

function commander(list: ParsedDecklist): DeckProblem[] {
  const out: DeckProblem[] = [];
  const named = cardCount(list.commander);
  const total = cardCount(list.main) + named;
  if (list.commander.length === 0) {
    out.push({ message: 'No commander is named: put it under a “Commander” line, or mark it “1 Name *CMDR*” (the commander must be clearly identified, *.4A).' });
  } else if (named > 2) {
    out.push(problem(`${cards(named)} are named as commander (${linesOf(list.commander)}); a deck has one commander, or two partners.`, list.commander));
  }
  if (total !== 100) {
    const where = [...list.commander, ...list.main];
    out.push(problem(`The deck has ${cards(total)} including the commander (${linesOf(where)}); a Commander deck has exactly 100.`, where));
  }
  const byKey = new Map<string, DeckCard[]>();
  for (const c of [...list.commander, ...list.main]) {
    const key = cardKey(c.name);
    byKey.set(key, [...(byKey.get(key) ?? []), c]);
  }
  for (const copies of byKey.values()) {
    const first = copies[0] as DeckCard;
    const n = cardCount(copies);
    if (n > 1 && !isBasicLand(first.name)) {
      const all = copies.flatMap((c) => [c.line, ...(c.also ?? [])]).sort((a, b) => a - b);
      const lines = all.length === 1 ? `Line ${all[0]}` : `Lines ${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
      out.push({ line: all[0] as number, message: `${lines}: ${n} copies of “${first.name}”; a Commander deck is singleton (one of each card except basic lands).` });
    }
  }
  const side = cardCount(list.side);
  if (side > 1) {
    out.push(
      problem(
        `${cards(side)} are in a sideboard (${linesOf(list.side)}); a Commander deck has none except a single companion (*.1C): move the others into the deck or take them out.`,
        list.side,
      ),
    );
  }
  return out;
}

/** The list's problems in words, the parser's first; none = the list meets the rule documents' counts. */
export function checkDecklist(list: ParsedDecklist, format: DeckFormat): DeckProblem[] {
  const own = format === 'commander' ? commander(list) : format === 'constructed' ? constructed(list) : limited(list);
  return [...list.problems, ...own];
}
