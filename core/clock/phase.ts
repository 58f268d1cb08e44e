/** The colour a clock shows: more than 10 minutes left, 10 or less, 5 or less, time. */
import { MINUTE } from './time.js';

export type ClockPhase = 'normal' | 'ten-minutes' | 'five-minutes' | 'time';

export function clockPhase(remainingMs: number | null): ClockPhase {
  if (remainingMs === null) return 'normal';
  if (remainingMs <= 0) return 'time';
  if (remainingMs <= 5 * MINUTE) return 'five-minutes';
  if (remainingMs <= 10 * MINUTE) return 'ten-minutes';
  return 'normal';
}
