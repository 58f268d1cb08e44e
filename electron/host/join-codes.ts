/**
 * Join codes: one per device role, shown by the head-judge station as text and as a
 * QR code. Short and typable on a phone: 8 characters of Crockford's base 32 (digits and capital
 * letters without I, L, O, U), shown in two groups ("K7PM-Q2XD"): 40 random bits, which the join
 * endpoint's rate limit makes hopeless to guess. Typed codes are read leniently: any case, spaces
 * and dashes ignored, O read as 0 and I or L as 1 (the letters Crockford's alphabet leaves out
 * because they look like those digits).
 *
 * Plain Node, no I/O.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 8;

/** A new random code, as shown ("K7PM-Q2XD"). */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** A typed code in its plain form ("k7pm q2xd" → "K7PMQ2XD"), or null when it cannot be one. */
export function normaliseJoinCode(typed: string): string | null {
  const plain = typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (plain.length !== CODE_LENGTH) return null;
  for (const char of plain) if (!CODE_ALPHABET.includes(char)) return null;
  return plain;
}

/** Does a typed code name `code`? In constant time (both hashed: no length or prefix leaks). */
export function joinCodeMatches(typed: string, code: string): boolean {
  const a = normaliseJoinCode(typed);
  const b = normaliseJoinCode(code);
  if (a === null || b === null) return false;
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
