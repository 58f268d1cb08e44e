/**
 * The code a table's match slip carries: a player must hold it to report that table's
 * result from a phone. HMAC-SHA256 of the round and table under the round's secret (Round.reportKey,
 * drawn by the host when it publishes the pairing and kept in the journal, never in the public
 * view), cut to six letters and digits that cannot be mistaken for one another. A code for table 12
 * is not table 13's; a code from round 3 is dead in round 4 (a new round, a new secret).
 *
 * Pure: no I/O. @noble/hashes: an audited, dependency-free HMAC that runs the same in Node, the
 * renderer and the CLI (Web Crypto's is asynchronous and absent from plain-http pages).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { EventState } from '../model/types.js';

/** No 0/O, 1/I/L: read aloud or typed from a slip, every code is unambiguous. 31^6 ≈ 887 million codes. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const ALPHABET = CODE_ALPHABET;
export const TABLE_CODE_LENGTH = 6;

export function bytesOfHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** The code of `table` in `round` under the round's secret. */
export function tableCode(reportKey: string, round: number, table: number): string {
  const mac = hmac(sha256, bytesOfHex(reportKey), new TextEncoder().encode(`podium-table-code:${round}:${table}`));
  let code = '';
  // One byte per letter: 256 % 31 leaves a bias of under 1 % per letter, irrelevant at this length.
  for (let i = 0; code.length < TABLE_CODE_LENGTH; i++) code += ALPHABET[(mac[i] as number) % ALPHABET.length];
  return code;
}

/** A code as a person typed it: upper case, without spaces or dashes. */
export function normaliseCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * Why `code` does not let a phone speak for `table` of `round` now, in words, or null when it
 * does. Only the current round's codes work.
 */
export function tableCodeRefusal(state: EventState, round: number, table: number, code: string): string | null {
  const current = state.rounds[state.rounds.length - 1];
  if (!current || round !== current.number) return `that code is for round ${round}, and round ${current?.number ?? 0} is being played now: use the code on this round's slip`;
  if (!current.tables.some((t) => t.table === table)) return `round ${round} has no table ${table}`;
  if (!current.reportKey) return `this round's slips have no codes: report your result to a judge`;
  const typed = normaliseCode(code);
  const right = tableCode(current.reportKey, round, table);
  let difference = typed.length ^ right.length;
  for (let i = 0; i < right.length; i++) difference |= (typed.charCodeAt(i) || 0) ^ right.charCodeAt(i);
  return difference === 0 ? null : `that is not the code of table ${table} in round ${round}: check the code on your slip`;
}
