/**
 * When a link is taken as dead (core/api/heartbeat.ts): the host's pings and a client's watchdog,
 * decided from the times passed in.
 */
import { describe, expect, it } from 'vitest';
import { CONNECT_WITHIN_MS, HEARTBEAT_MS, hostBeat, isSilent, notHeardFor, SILENT_AFTER_MS, WATCHDOG_CHECK_MS, watchdog } from '../../core/api/heartbeat.js';

describe('the heartbeat', () => {
  it('a healthy link, heard at every heartbeat, is never doubted; silence is said within 10 s', () => {
    // Heard every 3 s: the watchdog at every check in between says fine.
    for (let now = 0; now < 60_000; now += WATCHDOG_CHECK_MS) {
      const heardAt = Math.floor(now / HEARTBEAT_MS) * HEARTBEAT_MS;
      expect(watchdog({ startedAt: 0, openedAt: 0, heardAt }, now)).toBe('fine');
    }
    // Cut at 30 s (last heard at 30 s): the first check that says silent comes before 40 s.
    const heardAt = 30_000;
    let saidAt: number | null = null;
    for (let now = 30_500; now < 60_000 && saidAt === null; now += WATCHDOG_CHECK_MS) if (watchdog({ startedAt: 0, openedAt: 0, heardAt }, now) === 'silent') saidAt = now;
    expect(saidAt).not.toBeNull();
    expect((saidAt as number) - heardAt).toBeLessThanOrEqual(10_000);
    expect((saidAt as number) - heardAt).toBeGreaterThanOrEqual(SILENT_AFTER_MS);
  });

  it('a connection that never opens is given up after CONNECT_WITHIN_MS', () => {
    expect(watchdog({ startedAt: 1000, openedAt: null, heardAt: 1000 }, 1000 + CONNECT_WITHIN_MS - 1)).toBe('fine');
    expect(watchdog({ startedAt: 1000, openedAt: null, heardAt: 1000 }, 1000 + CONNECT_WITHIN_MS)).toBe('not-opening');
  });

  it('the host pings until a socket has answered nothing for 15 s, then drops it', () => {
    expect(hostBeat(0, 14_999)).toBe('ping');
    expect(hostBeat(0, 15_000)).toBe('drop');
    expect(isSilent(0, 7_999)).toBe(false);
    expect(isSilent(0, 8_000)).toBe(true);
  });

  it('the device list counts the silence in seconds, then minutes, then hours', () => {
    expect(notHeardFor(10_000, 22_400)).toBe('not heard from for 12 s');
    expect(notHeardFor(0, 119_999)).toBe('not heard from for 119 s');
    expect(notHeardFor(0, 180_000)).toBe('not heard from for 3 min');
    expect(notHeardFor(0, 3 * 3_600_000)).toBe('not heard from for 3 h');
    // A clock a little behind the host's never says a negative count.
    expect(notHeardFor(5_000, 4_000)).toBe('not heard from for 0 s');
  });
});
