/**
 * Running time: a round's clock runs from its start except while paused. Every deadline of the
 * round (its time, a table's extended time, a last-turn limit, the intentional-draw timer) is a
 * mark on the running time; these two functions convert between the wall clock and it.
 */
import type { RoundClock } from './types.js';

export const MINUTE = 60_000;
export const SECOND = 1_000;

/** Running ms of the round at wall time `t` (0 before the start; paused stretches left out). */
export function runningAt(clock: Pick<RoundClock, 'startedAt' | 'pauses'>, t: number): number {
  if (t <= clock.startedAt) return 0;
  let paused = 0;
  for (const pause of clock.pauses) {
    const from = Math.max(pause.at, clock.startedAt);
    const to = Math.min(pause.resumedAt ?? t, t);
    if (to > from) paused += to - from;
  }
  return t - clock.startedAt - paused;
}

/**
 * The wall time at which the running time reaches `mark` ms, given the pauses so far (none assumed
 * after them). Null while a pause that started before the mark lasts: nobody knows when yet.
 */
export function wallTimeAt(clock: Pick<RoundClock, 'startedAt' | 'pauses'>, mark: number): number | null {
  let cursor = clock.startedAt;
  let run = 0;
  const target = Math.max(0, mark);
  for (const pause of clock.pauses) {
    const segment = Math.max(0, pause.at - cursor);
    if (run + segment >= target) return cursor + (target - run);
    run += segment;
    if (pause.resumedAt === undefined) return null;
    cursor = Math.max(cursor, pause.resumedAt);
  }
  return cursor + (target - run);
}

/** The open pause, if the clock is paused. */
export function openPause(clock: Pick<RoundClock, 'pauses'>): RoundClock['pauses'][number] | undefined {
  const last = clock.pauses[clock.pauses.length - 1];
  return last && last.resumedAt === undefined ? last : undefined;
}

/** "1:05:09" / "4:07" / "-0:30" — minutes and seconds, for messages. */
export function formatDuration(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const total = Math.floor(Math.abs(ms) / SECOND);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${sign}${h}:${pad(m)}:${pad(s)}` : `${sign}${m}:${pad(s)}`;
}
