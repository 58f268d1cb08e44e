/** The other timers (deck construction, registration, draft picks, custom) as a window draws them. */
import type { EventState } from '../model/types.js';
import { eventClock } from './derive.js';
import type { ClockTimer } from './types.js';

export interface TimerView {
  id: string;
  kind: ClockTimer['kind'];
  label: string;
  startedAt: number;
  /** The current phase (the last one once done). */
  phase: { index: number; count: number; label: string; remainingMs: number; endsAt: number };
  /** Time left on the whole timer (0 when done). */
  remainingMs: number;
  endsAt: number;
  done: boolean;
}

export function timerViews(state: EventState, now: number): TimerView[] {
  const views: TimerView[] = [];
  for (const timer of eventClock(state).timers) {
    if (timer.stoppedAt !== undefined) continue;
    const elapsed = Math.max(0, now - timer.startedAt);
    const total = timer.phases.reduce((sum, p) => sum + p.ms, 0);
    let start = 0;
    let index = timer.phases.length - 1;
    for (let i = 0; i < timer.phases.length; i++) {
      const ms = (timer.phases[i] as { ms: number }).ms;
      if (elapsed < start + ms) {
        index = i;
        break;
      }
      start += ms;
    }
    if (elapsed >= total) start = total - (timer.phases[index]?.ms ?? 0);
    const current = timer.phases[index] ?? { label: timer.label, ms: 0 };
    const phaseEnd = start + current.ms;
    views.push({
      id: timer.id,
      kind: timer.kind,
      label: timer.label,
      startedAt: timer.startedAt,
      phase: {
        index,
        count: timer.phases.length,
        label: current.label,
        remainingMs: Math.max(0, phaseEnd - elapsed),
        endsAt: timer.startedAt + phaseEnd,
      },
      remainingMs: Math.max(0, total - elapsed),
      endsAt: timer.startedAt + total,
      done: elapsed >= total,
    });
  }
  return views;
}
