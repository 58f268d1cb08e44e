/**
 * People's names on boards (UX.md "Names are people's names"): where the family name is, how a
 * board prints it, and the order boards are sorted in.
 *
 * The rule (a person's registered name is one string; Podium never asks for separate fields):
 * 1. A comma decides: "García Márquez, Gabriel" → family "García Márquez", given "Gabriel". This is
 *    how a scorekeeper registers a family name of several words, or says which part it is.
 * 2. A name in a script written family name first (Han, Hiragana, Katakana, Hangul) or right to
 *    left (Arabic, Hebrew: turning it into "Family, Given" would scramble its reading order on
 *    paper) is printed as registered, and the whole name is its sort key ("山田 太郎", "김민준").
 * 3. One word ("Teller", "Ναυσικά") is the family name; there is no given name.
 * 4. Otherwise the family name is the last word together with the lowercase particles just before
 *    it (de, la, van, der, von, da, di, du, del, dos, le, ter, bin, al, …): "María de la Cruz" →
 *    family "de la Cruz", given "María"; "Ludwig van Beethoven" → "van Beethoven", "Ludwig";
 *    surnames joined by y / e / i stay together ("José Ortega y Gasset" → "Ortega y Gasset").
 *    A capitalised particle ("Vincent Van Gogh") is part of the given words unless a comma says
 *    otherwise ("Van Gogh, Vincent").
 * Boards print "Family, Given" and are sorted by exactly what they print first (so "de la Cruz"
 * sorts under d, where a reader finds it on the sheet), with a locale-aware collator
 * (Intl.Collator; accents and case only break ties), then by the given names, then by the player id
 * so that two people with the same name keep a stable order.
 *
 * Direction: pdfmake runs no bidi algorithm (each word is laid out on its own, words left to right),
 * so the text printed after a right-to-left name stays where it was typed, and so does the text
 * after an old name holding an override (test/core/names.test.ts). Names are not wrapped in
 * isolation marks on paper, unlike on screen: DejaVu has no glyph for U+2066–U+2069 (they would
 * print as boxes) and nothing would read them. New names cannot hold direction controls at all
 * (core/model/names.ts).
 */

const PARTICLES = new Set([
  'al', 'ap', 'bin', 'binti', 'da', 'das', 'de', 'degli', 'dei', 'del', 'della', 'den', 'der', 'des', 'di', 'do', 'dos', 'du',
  'el', 'la', 'las', 'le', 'les', 'lo', 'los', 'ten', 'ter', 'van', 'vande', 'vander', 'von', 'zu', 'zum', 'zur', 'ibn',
]);

const CONJUNCTIONS = new Set(['y', 'e', 'i']);

/** Scripts written family name first, with no space needed, and scripts written right to left. */
const AS_REGISTERED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Hebrew}]/u;

export interface PersonName {
  /** The name as registered (trimmed, spaces collapsed). */
  full: string;
  family: string;
  given: string;
  /** What a board prints: "Family, Given", or the name as registered (rules 2 and 3). */
  board: string;
  /** What a board is sorted by (rule 4: the printed family name). */
  sortKey: string;
}

export function splitName(name: string): PersonName {
  const full = name.normalize('NFC').replace(/\s+/g, ' ').trim();
  const comma = full.indexOf(',');
  if (comma > 0 && comma < full.length - 1) {
    const family = full.slice(0, comma).trim();
    const given = full.slice(comma + 1).trim();
    if (family && given) return { full, family, given, board: `${family}, ${given}`, sortKey: family };
  }
  if (AS_REGISTERED_SCRIPT.test(full)) {
    const space = full.indexOf(' ');
    const family = space > 0 ? full.slice(0, space) : full;
    const given = space > 0 ? full.slice(space + 1) : '';
    return { full, family, given, board: full, sortKey: full };
  }
  const words = full.split(' ').filter((w) => w.length > 0);
  if (words.length <= 1) return { full, family: full, given: '', board: full, sortKey: full };
  let start = words.length - 1;
  for (;;) {
    const before = words[start - 1] as string;
    if (start > 1 && PARTICLES.has(before) && isLowercaseWord(before)) start--;
    // "Ortega y Gasset", "Sousa e Silva", "Puig i Cadafalch": the joined surnames stay together.
    else if (start > 2 && CONJUNCTIONS.has(before)) start -= 2;
    else break;
  }
  const family = words.slice(start).join(' ');
  const given = words.slice(0, start).join(' ');
  return { full, family, given, board: `${family}, ${given}`, sortKey: family };
}

function isLowercaseWord(word: string): boolean {
  return word === word.toLocaleLowerCase() && word !== word.toLocaleUpperCase();
}

/** A collator for boards: base letters first, then accents, then case; numbers in number order. */
export function boardCollator(locale = 'en'): Intl.Collator {
  return new Intl.Collator(locale, { sensitivity: 'variant', numeric: true, usage: 'sort' });
}

export interface Named {
  id: string;
  name: string;
}

/** Sort people by family name as a board prints them (see the file comment). */
export function sortByFamilyName<T extends Named>(people: readonly T[], locale = 'en'): { item: T; name: PersonName }[] {
  const collator = boardCollator(locale);
  const keyed = people.map((item) => ({ item, name: splitName(item.name) }));
  keyed.sort(
    (a, b) =>
      collator.compare(a.name.sortKey, b.name.sortKey) ||
      collator.compare(a.name.given, b.name.given) ||
      collator.compare(a.name.full, b.name.full) ||
      (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0),
  );
  return keyed;
}

/**
 * Which sheet a name goes on when a board is split at `letter` (e.g. "L": A–K and L–Z): names that
 * collate before the letter go on the first sheet; everything else, including scripts that collate
 * after Latin (Greek, Cyrillic, ...), on the second.
 */
export function sheetOf(name: PersonName, letter: string, collator: Intl.Collator): 0 | 1 {
  return collator.compare(name.sortKey, letter) < 0 ? 0 : 1;
}

/** "A", "Ö", "Д": the first letter of a sort key as printed in sheet ranges. */
export function initialOf(key: string): string {
  const first = [...key][0] ?? '';
  return first.toLocaleUpperCase();
}
