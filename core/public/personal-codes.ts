/**
 * A player's personal code (ARCHITECTURE "A player is who their phone claimed"): eight letters and
 * digits printed on the player's card and shown once when they are registered. A phone claims its
 * player with it, once; from then on only that phone reports and confirms for them (it holds a
 * token the host gave it, kept in the journal as a hash). HMAC-SHA256 of the player's id under the
 * event's claim secret (EventState.claimKey, drawn by the host and never sent to any window or
 * device), so codes differ from event to event and cannot be made without the secret.
 *
 * Pure: no I/O.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { PlayerId } from '../model/types.js';
import { CODE_ALPHABET, bytesOfHex, normaliseCode } from './table-codes.js';

/** 31^8 ≈ 850 billion codes: with the door's limits on wrong codes, not found by trying. */
export const PERSONAL_CODE_LENGTH = 8;

/** The personal code of `player` under the event's claim secret, as it is typed ("KPMQ7XDR"). */
export function personalCode(claimKey: string, player: PlayerId): string {
  const mac = hmac(sha256, bytesOfHex(claimKey), new TextEncoder().encode(`podium-personal-code:${player}`));
  let code = '';
  for (let i = 0; code.length < PERSONAL_CODE_LENGTH; i++) code += CODE_ALPHABET[(mac[i] as number) % CODE_ALPHABET.length];
  return code;
}

/** A code as it is printed and shown: two groups of four ("KPMQ-7XDR"). */
export function showPersonalCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The player whose code `typed` is (spaces, dashes and case aside), or null. */
export function playerOfCode(claimKey: string, players: readonly { id: PlayerId }[], typed: string): PlayerId | null {
  const code = normaliseCode(typed);
  if (code.length !== PERSONAL_CODE_LENGTH) return null;
  for (const player of players) if (personalCode(claimKey, player.id) === code) return player.id;
  return null;
}

/** What the journal keeps of a phone's token: its SHA-256, so the save never holds a token that works. */
export function tokenHash(token: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(`podium-claim-token:${token}`)));
}
