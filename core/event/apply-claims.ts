/**
 * Players' phones claiming them (ARCHITECTURE "A player is who their phone claimed") in the fold:
 * the event's claim secret, a phone's claim of a player with their personal code (the host checked
 * the code, and keeps only the hash of the token it gave the phone), and the desk freeing a claim.
 * Whether a report or an answer came from the claiming phone is the host's check; the fold keeps
 * what it found (`claimed`) and lets only fully claimed tables be accepted by themselves
 * (apply-reports.ts).
 */
import { fail } from '../model/errors.js';
import type { EventState, PlayerClaim, PlayerId } from '../model/types.js';
import { nameOf, requirePlayer } from './apply-players.js';
import type { Command, CommandOf } from './commands.js';


/** Do phones claim players at this event (the setting `claims`, on unless the organiser turned it off)? */
export function claimsOn(state: EventState): boolean {
  return (state.settings.claims ?? 'on') === 'on';
}

/** The phone that claimed `player`, if any. */
export function claimOf(state: EventState, player: PlayerId): PlayerClaim | undefined {
  return state.claims?.[player];
}

export function drawClaimKey(state: EventState, command: CommandOf<'draw-claim-key'>): EventState {
  // Codes already printed are made from the first key: it is never replaced.
  if (state.claimKey) fail('not-allowed', 'this event has its claim secret already');
  return { ...state, claimKey: command.claimKey };
}

export function claimPlayer(state: EventState, command: CommandOf<'claim-player'>): EventState {
  if (!claimsOn(state)) fail('not-allowed', 'phones do not claim players at this event: report with the code on your slip');
  requirePlayer(state, command.player);
  if (claimOf(state, command.player))
    fail('not-allowed', `${nameOf(state, command.player)} is claimed by another phone already: if that was not you, or your phone was lost, ask the scorekeeper to reset it`);
  return { ...state, claims: { ...state.claims, [command.player]: { phone: command.phone, tokenHash: command.tokenHash } } };
}

export function resetClaim(state: EventState, command: CommandOf<'reset-claim'>): EventState {
  requirePlayer(state, command.player);
  if (!claimOf(state, command.player)) fail('not-allowed', `${nameOf(state, command.player)} has no phone claiming them: nothing to reset`);
  const { [command.player]: _, ...rest } = state.claims ?? {};
  return { ...state, claims: rest };
}
