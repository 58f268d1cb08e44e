/**
 * Whether a phone may speak for a player (ARCHITECTURE "A player is who their phone claimed"), the
 * host's check of each report and answer from the public door, as the state is when its turn comes:
 * - a phone holding a claim token speaks only for the player it claimed, and only while that claim
 *   stands (the desk may have reset it): then its answer is `claimed`;
 * - a phone without a token may not speak for a player another phone claimed;
 * - with claims off (a casual event), a table's code is enough: nothing is checked here.
 * An unclaimed answer is written, unmarked: the fold lets it wait for the scorekeeper
 * (apply-reports.ts).
 *
 * Pure: no I/O.
 */
import { claimsOn } from '../event/apply-claims.js';
import type { EventState, PlayerId } from '../model/types.js';
import { tokenHash } from './personal-codes.js';

export type ClaimCheck = { ok: true; claimed: boolean } | { ok: false; message: string };

const nameOf = (state: EventState, id: PlayerId): string => state.players.find((p) => p.id === id)?.name ?? id;

/** The player whose standing claim `token` is the token of, if any. */
export function playerOfToken(state: EventState, token: string): PlayerId | undefined {
  const hash = tokenHash(token);
  for (const [player, claim] of Object.entries(state.claims ?? {})) if (claim.tokenHash === hash) return player;
  return undefined;
}

/** May the phone `phone`, holding `token` (or none), report or answer for `player` now? */
export function checkPhoneFor(state: EventState, player: PlayerId, phone: string, token: string | undefined, at?: { round: number; table: number }): ClaimCheck {
  if (!claimsOn(state)) return { ok: true, claimed: false };
  const name = nameOf(state, player);
  if (token !== undefined) {
    const owner = playerOfToken(state, token);
    if (owner === undefined)
      return { ok: false, message: 'this phone’s claim was reset at the desk (or is from another event): type your personal code from your player card again' };
    if (owner !== player)
      return { ok: false, message: `this phone is ${nameOf(state, owner)}’s: it cannot report or confirm for ${name}. Each player answers from their own phone` };
    return { ok: true, claimed: true };
  }
  const claim = state.claims?.[player];
  if (claim)
    return { ok: false, message: `${name} is claimed by another phone: report and confirm from that phone, or ask the scorekeeper to reset the claim if it was lost` };
  // A phone id that claimed someone else, speaking without its token, is that player's phone all the same.
  const other = Object.entries(state.claims ?? {}).find(([, c]) => c.phone === phone)?.[0];
  if (other !== undefined) return { ok: false, message: `this phone is ${nameOf(state, other)}’s: it cannot report or confirm for ${name}. Each player answers from their own phone` };
  // One phone answering for two players of a table (reported as seat 1, agrees as seat 2) is one player.
  const report = at ? state.rounds[at.round - 1]?.reports?.find((r) => r.table === at.table) : undefined;
  const spoke = report ? [[report.reporter, report.phone] as const, ...Object.entries(report.answers).map(([id, a]) => [id, a.phone] as const)].find(([id, p]) => p === phone && id !== player) : undefined;
  if (spoke) return { ok: false, message: `this phone already answered for ${nameOf(state, spoke[0])} at this table: ${name} answers from their own phone` };
  return { ok: true, claimed: false };
}
