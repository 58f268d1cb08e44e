/**
 * People's names on boards (UX.md "Names are people's names"): where the family name is, how a
 * board prints it, the order boards are sorted in, and how two people with the same name are told
 * apart wherever a name is shown.
 *
 * The rule (a person's registered name is one string, plus the family name when one was given):
 * 0. A family name the scorekeeper confirmed at registration, or a CSV import's family-name column
 *    gave (Player.familyName), decides: "Cian Mac Giolla" with family "Mac Giolla" → given "Cian".
 * 1. A comma decides: "García Márquez, Gabriel" → family "García Márquez", given "Gabriel". This is
 *    how a scorekeeper registers a family name of several words, or says which part it is.
 * 2. A name in a script written family name first (Han, Hiragana, Katakana, Hangul) or right to
 *    left (Arabic, Hebrew: turning it into "Family, Given" would scramble its reading order on
 *    paper) is printed as registered, and the whole name is its sort key ("山田 太郎", "김민준").
 * 3. One word ("Teller", "Ναυσικά") is the family name; there is no given name.
 * 4. Otherwise the family name is the last word together with the particles and prefixes just
 *    before it, as people write them: lowercase particles (de, la, van, der, von, da, di, du, del,
 *    dos, le, ter, bin, ibn, al, …): "María de la Cruz" → family "de la Cruz", given "María";
 *    "Ludwig van Beethoven" → "van Beethoven", "Ludwig"; and the Gaelic prefixes, capitalised as
 *    they are written (Mac, Mc, Nic, Ní, Ó, Ua, Uí, Mhic): "Cian Mac Giolla" → "Mac Giolla";
 *    "Aoife Ní Bhriain" → "Ní Bhriain"; "Ciarán Mac an tSaoi" → "Mac an tSaoi". Surnames joined by y / e / i stay together ("José Ortega y
 *    Gasset" → "Ortega y Gasset"). A hyphenated prefix is part of its word ("Omar al-Rashid" →
 *    "al-Rashid"). A capitalised Romance or Germanic particle ("Vincent Van Gogh") is part of the
 *    given words unless a comma or the family name says otherwise ("Van Gogh, Vincent").
 *    The first word is never a particle: "Mac Davis" is family "Davis", given "Mac".
 * Boards print "Family, Given" and are sorted by exactly what they print first (so "de la Cruz"
 * sorts under d and "Mac Giolla" under M, where a reader finds them on the sheet), with a
 * locale-aware collator (Intl.Collator; accents and case only break ties), then by the given names,
 * then by the player id so that two people with the same name keep a stable order.
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
  'el', 'la', 'las', 'le', 'les', 'lo', 'los', 'ten', 'ter', 'van', 'vande', 'vander', 'von', 'zu', 'zum', 'zur', 'ibn', 'bint', 'ben', 'an',
]);

/**
 * Gaelic patronymic prefixes, part of the family name however they are capitalised (Irish and
 * Scottish names write them capitalised: "Mac Giolla", "Ní Bhriain", "Ó Súilleabháin").
 */
const PREFIXES = new Set(['mac', 'mc', 'nic', 'ní', 'ó', 'ua', 'uí', 'mhic']);

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

/** The name as boards read it: NFC, spaces collapsed, trimmed. */
function tidy(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/**
 * Where the family name is in `name` (rules 0–4 of the file comment). `familyName`: the family name
 * given at registration or by a CSV column, which decides (rule 0).
 */
export function splitName(name: string, familyName?: string): PersonName {
  const full = tidy(name);
  const stated = familyName === undefined ? '' : tidy(familyName);
  if (stated) return withFamily(full, stated);
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
    if (start > 1 && isParticle(before)) start--;
    // "Ortega y Gasset", "Sousa e Silva", "Puig i Cadafalch": the joined surnames stay together.
    else if (start > 2 && CONJUNCTIONS.has(before)) start -= 2;
    else break;
  }
  const family = words.slice(start).join(' ');
  const given = words.slice(0, start).join(' ');
  return { full, family, given, board: `${family}, ${given}`, sortKey: family };
}

/** Where the words of `family` stand together in `reading` (the last place), or -1. */
function familyAt(words: readonly string[], family: string): number {
  const wanted = tidy(family).split(' ').map((w) => w.toLocaleLowerCase());
  // The last place: a family name usually comes last.
  for (let i = words.length - wanted.length; i >= 0; i--) if (wanted.every((w, k) => (words[i + k] as string).toLocaleLowerCase() === w)) return i;
  return -1;
}

/** The words of a name in reading order: "García Márquez, Gabriel" reads "Gabriel García Márquez". */
function readingWords(full: string): string[] {
  const comma = full.indexOf(',');
  return (comma > 0 ? tidy(`${full.slice(comma + 1)} ${full.slice(0, comma)}`) : full).split(' ');
}

/**
 * Is `family` words of `name`, as written there ("Mac Giolla" of "Cian Mac Giolla"; case aside)?
 * A family name given at registration must be: the board prints the rest of the name as the given
 * names.
 */
export function familyNameFits(name: string, family: string): boolean {
  return tidy(family) !== '' && familyAt(readingWords(tidy(name)), family) >= 0;
}

/** Rule 0: the family name as given; the given names are the rest of the name. */
function withFamily(full: string, family: string): PersonName {
  const words = readingWords(full);
  const reading = words.join(' ');
  const wanted = family.split(' ');
  const at = familyAt(words, family);
  // Not in the name (a slip the registration screen warns about): printed before the whole name.
  const given = at < 0 ? (reading.toLocaleLowerCase() === family.toLocaleLowerCase() ? '' : reading) : [...words.slice(0, at), ...words.slice(at + wanted.length)].join(' ');
  // Spelt as the name spells it.
  const written = at < 0 ? family : words.slice(at, at + wanted.length).join(' ');
  if (AS_REGISTERED_SCRIPT.test(full)) return { full, family: written, given, board: full, sortKey: given ? `${written} ${given}` : written };
  return { full, family: written, given, board: given ? `${written}, ${given}` : written, sortKey: written };
}

/** A particle or prefix that belongs to the family name after it (rule 4). */
function isParticle(word: string): boolean {
  const lower = word.toLocaleLowerCase();
  if (PREFIXES.has(lower)) return true;
  return PARTICLES.has(lower) && isLowercaseWord(word);
}

/** A person as boards read them: the registered name and, when one was given, the family name. */
export function personName(person: { name: string; familyName?: string | undefined }): PersonName {
  return splitName(person.name, person.familyName);
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
  /** The family name given at registration (Player.familyName); absent = guessed (rules 1–4). */
  familyName?: string | undefined;
}

/** Sort people by family name as a board prints them (see the file comment). */
export function sortByFamilyName<T extends Named>(people: readonly T[], locale = 'en'): { item: T; name: PersonName }[] {
  const collator = boardCollator(locale);
  const keyed = people.map((item) => ({ item, name: splitName(item.name, item.familyName) }));
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

// ---------------------------------------------------------------------------------------------
// Telling people with the same name apart

/** Two names are "the same" when they read the same: case, spacing and Unicode form aside. */
export function sameNameKey(name: string): string {
  return tidy(name).toLocaleLowerCase();
}

/**
 * Each competitor's name as shown wherever names are listed — screens, logs, prints: the registered
 * name, with the note (or, without one, the id) beside it when another competitor has the same name
 * ("Ana Archer (Leeds)", "Ana Archer (p07)"), so nobody is confused with someone else and two
 * people are never merged (UX.md "Names are people's names").
 */
export function distinguishedNames(players: readonly { id: string; name: string; note?: string | undefined }[]): Map<string, string> {
  const tags = sameNameTags(players);
  return new Map(players.map((p) => [p.id, tags.has(p.id) ? `${p.name} (${tags.get(p.id) as string})` : p.name]));
}

/** The tag of each competitor who shares their name with another: their note, else their id. */
export function sameNameTags(players: readonly { id: string; name: string; note?: string | undefined }[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const p of players) count.set(sameNameKey(p.name), (count.get(sameNameKey(p.name)) ?? 0) + 1);
  const tags = new Map<string, string>();
  for (const p of players) if ((count.get(sameNameKey(p.name)) ?? 0) > 1) tags.set(p.id, p.note?.trim() || p.id);
  return tags;
}
