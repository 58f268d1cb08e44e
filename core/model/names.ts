/**
 * What a name may contain: player, team and team-member names, the event's name, judges' names and
 * the note shown beside a name. A name is one line of visible text, so a name refuses:
 * - control characters (Unicode Cc: C0, DEL, C1 — tab and new line included);
 * - the bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069)
 *   and the marks LRM, RLM, ALM (U+200E, U+200F, U+061C). An override in a name reorders the text
 *   after it wherever the name is shown as plain text; the marks carry no letter, only direction,
 *   and a name never needs one: every screen shows a name isolated (renderer/components/Name.tsx),
 *   so its own letters set its direction. Refusing the marks also keeps two names that look the
 *   same from being different strings;
 * - line and paragraph separators (U+2028, U+2029);
 * - every other invisible format character (Unicode Cf: zero-width space, word joiner, soft hyphen,
 *   byte-order mark, tag characters, …), which could make two names look alike — except ZWNJ and
 *   ZWJ (U+200C, U+200D), which names in Persian and Indic scripts need to be spelled right;
 * - unpaired surrogates (Cs), which are not characters at all.
 * Letters of every script, accents, combining marks, punctuation and ordinary spaces are allowed.
 */

const REFUSED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const JOINERS = new Set(['\u200C', '\u200D']);
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Names of the characters a scorekeeper is most likely to meet (others are named by code point). */
const CHARACTER_NAMES: Record<number, string> = {
  0x00: 'NULL',
  0x09: 'TAB',
  0x0a: 'LINE FEED',
  0x0b: 'LINE TABULATION',
  0x0c: 'FORM FEED',
  0x0d: 'CARRIAGE RETURN',
  0x1b: 'ESCAPE',
  0x7f: 'DELETE',
  0x85: 'NEXT LINE',
  0xad: 'SOFT HYPHEN',
  0x061c: 'ARABIC LETTER MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

function isRefused(char: string): boolean {
  return REFUSED.test(char) && !JOINERS.has(char);
}

/** "U+202E RIGHT-TO-LEFT OVERRIDE", "U+0007". */
function describeCharacter(char: string): string {
  const code = char.codePointAt(0) as number;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = CHARACTER_NAMES[code];
  return name ? `${hex} ${name}` : hex;
}

/** What kind of character it is, in the words of the message. */
function kindOf(char: string): string {
  if (/\p{Cc}/u.test(char) || BIDI_CONTROLS.test(char)) return 'a control character';
  if (/[\p{Zl}\p{Zp}]/u.test(char)) return 'a line break';
  if (/\p{Cs}/u.test(char)) return 'a broken character'; // half of a surrogate pair
  return 'an invisible formatting character';
}

/**
 * Why `text` cannot be a name, in words, or null when it can: 'the name "Bo�Berg" contains a control
 * character (U+202E RIGHT-TO-LEFT OVERRIDE); type the name without it'. `what` names the field
 * ("name", "event name", "note", "judge's name"). The text is quoted with each refused character
 * shown as U+FFFD, so the message itself is not reordered or hidden by it.
 */
export function nameProblem(text: string, what = 'name'): string | null {
  let first: string | undefined;
  let shown = '';
  for (const char of text) {
    if (isRefused(char)) {
      first ??= char;
      shown += '\uFFFD';
    } else shown += char;
  }
  if (first === undefined) return null;
  return `the ${what} "${shown}" contains ${kindOf(first)} (${describeCharacter(first)}); type the ${what} without it`;
}
