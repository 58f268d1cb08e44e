import type { EventState, Standing } from '../../model/types.js';

export function mtrStandings(_state: EventState): Standing[] {
  throw new Error('not implemented yet');
}
