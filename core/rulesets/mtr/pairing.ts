import type { EventState, PairingProposal } from '../../model/types.js';

export function mtrPair(_state: EventState, _seed: number): PairingProposal {
  throw new Error('not implemented yet');
}
