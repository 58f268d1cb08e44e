/**
 * How long a client waits before it tries to reconnect: the first wait, doubling after each failed
 * attempt up to the longest, and the first again once a connection works — so a host that restarts
 * is found again within seconds, and one that is gone is not hammered. For the station's channel
 * and the players' phones alike. Pure: the caller owns the timer.
 */
export interface Backoff {
  /** The wait before the next attempt (each call counts one attempt). */
  next(): number;
  /** A connection worked: the next wait is the first again. */
  reset(): void;
}

export function createBackoff(options: { firstMs: number; maxMs: number }): Backoff {
  let attempts = 0;
  return {
    next: () => Math.min(options.maxMs, options.firstMs * 2 ** attempts++),
    reset: () => {
      attempts = 0;
    },
  };
}
