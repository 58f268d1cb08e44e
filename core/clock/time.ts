/**
 * Running time: a round's clock runs from its start except while paused. Every deadline of the
 * round (its time, a table's extended time, a last-turn limit, the intentional-draw timer) is a
 * mark on the running time; these two functions convert between the wall clock and it.
 *
 * A round clock made by the fold keeps its pauses in order with running totals (shared.ts), so
 * both are a binary search; any other clock (one made by hand) is walked pause by pause. Both ways
 * give the same numbers (test/host/journal-open-speed.test.ts compares them).
 */
import { foldedListsOf, itemAt, type PauseLog, pauseAt, pauseCount, pausedBefore } from './shared.js';
import type { RoundClock } from './types.js';
import { clockDuration } from '../text/format.js';

type OrderedLog = Extract<PauseLog, { kind: 'ordered' }>;

function orderedPauses(clock: object): OrderedLog | undefined {
  const log = foldedListsOf(clock)?.pauses;
  return log?.kind === 'ordered' ? log : undefined;
}

/** The first index in [0, count) where `reached` holds (it is monotone), or count. */
function firstWhere(count: number, reached: (index: number) => boolean): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (reached(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export const MINUTE = 60_000;
export const SECOND = 1_000;

/** Running ms of the round at wall time `t` (0 before the start; paused stretches left out). */
export function runningAt(clock: Pick<RoundClock, 'startedAt' | 'pauses'>, t: number): number {
  if (t <= clock.startedAt) return 0;
  const log = orderedPauses(clock);
  if (log) {
    // Only the last pause that started before t can end after it; the ones before are all closed.
    const started = firstWhere(log.starts.length, (i) => itemAt(log.starts, i).at >= t);
    if (started === 0) return t - clock.startedAt;
    const last = started - 1;
    const from = itemAt(log.starts, last).at;
    const to = Math.min(last < log.ends.length ? itemAt(log.ends, last).resumedAt : t, t);
    return t - clock.startedAt - (pausedBefore(log, last) + (to - from));
  }
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
  const target = Math.max(0, mark);
  const log = orderedPauses(clock);
  if (log) {
    // Running ms when pause i starts only grows with i: find the first pause the mark is not past.
    const startedAt = clock.startedAt;
    const runAtStart = (i: number): number => itemAt(log.starts, i).at - startedAt - pausedBefore(log, i);
    const count = log.starts.length;
    const i = firstWhere(count, (index) => runAtStart(index) >= target);
    if (i === count && count > log.ends.length) return null;
    const cursor = i === 0 ? startedAt : itemAt(log.ends, i - 1).resumedAt;
    const run = cursor - startedAt - pausedBefore(log, i);
    return cursor + (target - run);
  }
  let cursor = clock.startedAt;
  let run = 0;
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
  const log = foldedListsOf(clock)?.pauses;
  if (log) {
    const count = pauseCount(log);
    const pause = count > 0 ? pauseAt(log, count - 1) : undefined;
    return pause && pause.resumedAt === undefined ? pause : undefined;
  }
  const last = clock.pauses[clock.pauses.length - 1];
  return last && last.resumedAt === undefined ? last : undefined;
}

/** "1:05:09" / "4:07" / "-0:30" — minutes and seconds, for messages (core/text). */
export function formatDuration(ms: number): string {
  return clockDuration(ms, { minus: '-' });
}
