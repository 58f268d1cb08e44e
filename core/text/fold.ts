/**
 * Names folded for search, as a person types them on any phone or keyboard: case and accents aside
 * ("José Núñez" → "jose nunez"), compatibility forms taken apart (NFKD: "ﬁ" → "fi", full-width
 * "Ａｎａ" → "ana"), and the letters Unicode does not take apart — they are letters of their own, not
 * a letter with a mark — written as a keyboard without them writes them: "Sørensen" → "sorensen",
 * "Æsir" → "aesir", "Straße" → "strasse", "Łukasz" → "lukasz", "Đorđe" → "dorde". Both sides of a
 * search are folded, so "soren", "søren" and "SØREN" all find Sørensen. For the player page's
 * "Find me" and the station's searches alike.
 *
 * Pure and the same everywhere: `toLowerCase`, not `toLocaleLowerCase` (a Turkish phone would
 * lower "I" to "ı" and miss "Ingrid").
 */

/** Letters NFKD leaves whole, by their lower case, and how an English keyboard spells them. */
const LETTERS: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
  ı: 'i',
  ĸ: 'k',
  ŀ: 'l',
  ŋ: 'ng',
  ŧ: 't',
  ſ: 's',
  ƒ: 'f',
  ɨ: 'i',
  ʉ: 'u',
  ə: 'e',
};
const LETTER = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'gu');

/** `text` as a search compares it: "Sørensen, Åse" → "sorensen, ase". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(LETTER, (letter) => LETTERS[letter] ?? letter);
}
