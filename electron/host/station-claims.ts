/**
 * Players' phones claiming them (ARCHITECTURE "A player is who their phone claimed"), the host's
 * half: the event's claim secret drawn here when first needed (random bytes from node:crypto, never
 * from a window or a phone: `draw-claim-key`, written by the host itself), a phone's claim with a
 * personal code answered with a fresh random token (the journal keeps only its hash:
 * `claim-player`), and a player's personal code for the desk (shown once at registration, printed
 * on the player cards).
 *
 * Each runs in the one queue of changes (station-slot.ts), so two phones claiming one player at once
 * are one claim and one refusal in words.
 *
 * Plain Node.
 */
import { randomBytes } from 'node:crypto';
import { claimsOn } from '../../core/event/apply-claims.js';
import { fail } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { personalCode, playerOfCode, showPersonalCode, tokenHash } from '../../core/public/personal-codes.js';
import { append } from './station-changes.js';
import type { PhoneClaim, StationContext } from './station-types.js';
import type { SenderRef } from '../../core/api/roles.js';

/** 16 random bytes: the secret every personal code of the event is made from. */
const CLAIM_KEY_BYTES = 16;
/** 24 random bytes: what a claimed phone proves itself with. */
const TOKEN_BYTES = 24;

/** The event's claim secret, drawn and written now if it has none yet (call inside the queue). */
async function claimKeyOf(context: StationContext): Promise<string> {
  const handle = context.slot.requireOpen();
  const held = handle.state().claimKey;
  if (held) return held;
  context.slot.requireWritable();
  const claimKey = randomBytes(CLAIM_KEY_BYTES).toString('hex');
  await append(context.slot, { type: 'draw-claim-key', claimKey }, {});
  return claimKey;
}

/** The event with its claim secret drawn (for printing the player cards). */
export function withClaimKey(context: StationContext): Promise<EventState> {
  return context.slot.exclusive(async () => {
    await claimKeyOf(context);
    return context.slot.requireOpen().state();
  });
}

/** A player's personal code as it is shown and printed ("KPMQ-7XDR"), for the desk. */
export function personalCodeFor(context: StationContext, player: string): Promise<{ player: string; code: string }> {
  return context.slot.exclusive(async () => {
    const state = context.slot.requireOpen().state();
    if (!state.players.some((p) => p.id === player)) fail('invalid-input', `there is no player ${JSON.stringify(player).slice(0, 80)} in this event`);
    if (!claimsOn(state)) fail('not-allowed', 'phones do not claim players at this event (claims are off on the Venue network panel): there are no personal codes');
    return { player, code: showPersonalCode(personalCode(await claimKeyOf(context), player)) };
  });
}

/**
 * A phone claims the player whose personal code `code` is, in the open event: the player and a new
 * token, answered to that phone only. A code of another event (made from its own secret) is no
 * player's code here.
 */
export function claimFromPhone(context: StationContext, request: PhoneClaim, by: (state: EventState, player: string) => SenderRef): Promise<{ player: string; token: string }> {
  return context.slot.exclusive(async () => {
    const state = context.slot.requireWritable().state();
    if (!claimsOn(state)) fail('not-allowed', 'phones do not claim players at this event: find yourself by name, and report with the code on your slip');
    const key = await claimKeyOf(context);
    const player = playerOfCode(key, state.players, request.code);
    if (player === null)
      fail('not-allowed', `that is not the personal code of a player at ${state.name}: check the code on your player card for this event (a card from another event does not work here), or ask the scorekeeper`);
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    await append(context.slot, { type: 'claim-player', player, phone: request.phone, tokenHash: tokenHash(token) }, { by: by(state, player) });
    return { player, token };
  });
}
