import type { Settings, Stage } from '../../model/types.js';
import type { DraftTimers, EndOfRoundProcedure, RoundsInput, RoundsRecommendation, TimeLimits } from '../ruleset.js';

export function mtrTimeLimits(_settings: Settings, _stage: Stage): TimeLimits {
  throw new Error('not implemented yet');
}
export function mtrEndOfRound(_settings: Settings, _stage: Stage): EndOfRoundProcedure {
  throw new Error('not implemented yet');
}
export function mtrRecommendedRounds(_input: RoundsInput, _settings: Settings): RoundsRecommendation {
  throw new Error('not implemented yet');
}
export function mtrDraftTimers(_settings: Settings): DraftTimers[] {
  throw new Error('not implemented yet');
}
