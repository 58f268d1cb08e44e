import type { EventState, PairingProposal } from '../../model/types.js';
import type { PlayoffOptions, PlayoffPairing } from '../ruleset.js';

export function mtrPlayoff(_state: EventState, _options: PlayoffOptions, _seed: number): PlayoffPairing {
  throw new Error('not implemented yet');
}

export function mtrNextPlayoffRound(_state: EventState, _seed: number): PairingProposal | null {
  throw new Error('not implemented yet');
}
