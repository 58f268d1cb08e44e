/**
 * The clock service: the host's one timer for the round clock (ARCHITECTURE "The clock"). It never
 * keeps time of its own: the clock is the open event's state (folded from the journal's clock
 * commands, each stamped with the host's time), and on every tick this service pushes the host's
 * whole second to every window (`StationService.pushClock`). Each window holds the event (it folds
 * the pushed journal entries) and draws `clockView(state, now)` itself, so the station, the
 * projector, a judge's phone and a browser tab agree to the second while a tick stays a few bytes
 * at any event size (18 KB a second per window at 4,096 players when the view was sent).
 * The service computes the view only when asked (`view()`, for in-process users): a tick is the
 * second alone. After a crash or a restart the journal is replayed and the next tick shows where
 * the clock is.
 *
 * Decisions:
 * - Ticks come once a second, just after each wall-clock second, and the view is computed at that
 *   whole second. The station service stamps clock commands with whole seconds too (stampHostTime),
 *   so every remaining time is a whole number of seconds: the displayed "49:59" changes on the
 *   tick, never between two, and the tick is the moment it changes.
 * - A change needs no tick: a window redraws its clock from the new state at the last second.
 * - No event open: no tick and no push.
 * - A failure computing the view (a bug) is reported once per message.
 *
 * Plain Node (no `electron` import): the shell and browser mode both run it.
 */
import { clockView, type ClockView } from '../../core/clock/index.js';
import type { StationService } from './station-service.js';

export interface ClockServiceOptions {
  /** The host's time, epoch ms (default Date.now). Tests freeze or move it. */
  now?: () => number;
  /** Run the one-second timer (default true); tests may drive `tick()` by hand instead. */
  timer?: boolean;
  /** Where a failure to compute the clock is reported (the host passes its support log; default a process warning). */
  onError?: (error: unknown) => void;
}

export interface ClockService {
  /** Push the host's current whole second to every window; that second, or null when no event is open. */
  tick(): number | null;
  /** The open event's clock at the host's current second, without pushing it. */
  view(): ClockView | null;
  /** Stop the timer and stop listening (idempotent). */
  stop(): void;
}

const SECOND = 1000;
/** How long after the wall-clock second a tick runs (timers fire late, never early, but be sure). */
const AFTER_THE_SECOND_MS = 5;

/** The whole second at or before `ms`: the clock's unit of time. */
export function wholeSecond(ms: number): number {
  return Math.floor(ms / SECOND) * SECOND;
}

export function startClockService(station: StationService, options: ClockServiceOptions = {}): ClockService {
  const now = options.now ?? Date.now;
  const runTimer = options.timer ?? true;
  const onError = options.onError ?? ((error: unknown) => process.emitWarning(`the clock could not be computed: ${error instanceof Error ? error.message : String(error)}`, 'PodiumWarning'));
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastError: string | null = null;

  function compute(): { at: number; view: ClockView } | null {
    const current = station.current();
    if (!current) return null;
    const at = wholeSecond(now());
    try {
      const view = clockView(current.state, at);
      lastError = null;
      return { at, view };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== lastError) onError(error);
      lastError = message;
      return null;
    }
  }

  function tick(): number | null {
    if (stopped || !station.current()) return null;
    const at = wholeSecond(now());
    station.pushClock(at);
    return at;
  }

  function schedule(): void {
    if (stopped || !runTimer) return;
    const wall = Date.now();
    const delay = SECOND - (wall % SECOND) + AFTER_THE_SECOND_MS;
    timer = setTimeout(() => {
      timer = null;
      tick();
      schedule();
    }, delay);
    // The clock never keeps a process alive on its own (tests, a CLI closing the host).
    (timer as { unref?: () => void }).unref?.();
  }

  schedule();

  return {
    tick,
    view: () => compute()?.view ?? null,
    stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** The station service with its clock: disposing it stops the clock first. */
export function withClockService(station: StationService, options: ClockServiceOptions = {}): StationService & { clock: ClockService } {
  const clock = startClockService(station, options);
  return {
    ...station,
    clock,
    async dispose() {
      clock.stop();
      await station.dispose();
    },
  };
}
