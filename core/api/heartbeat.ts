/**
 * Noticing a dead link (ARCHITECTURE "The venue network"): when the venue's Wi-Fi drops, sockets
 * stay half-open — no close ever comes, on either side — so each side listens for the other
 * instead. The host pings every WebSocket (devices on /rpc, phones on /public) and sends a small
 * message of its own at the same pace (a `beat` to windows and devices, the `tick` to phones), so
 * a client hears something at least every HEARTBEAT_MS; each side takes a link it has not heard
 * from for SILENT_AFTER_MS as dead.
 *
 * Why these numbers: a device must say it is offline within 10 s of silence. It checks every
 * WATCHDOG_CHECK_MS, so it says so at most SILENT_AFTER_MS + WATCHDOG_CHECK_MS after the last
 * thing it heard (9 s), while a healthy link, heard every 3 s, has two heartbeats to spare before
 * it is doubted. The host closes a socket that has not answered for HOST_DROP_AFTER_MS (a few
 * missed pings: a phone that slept a moment is not dropped for it).
 *
 * Pure: every decision takes the time it is made at.
 */

/** How often the host pings each socket and sends a beat (or a phone's tick). */
export const HEARTBEAT_MS = 3_000;
/** Heard nothing for this long: the link is taken as dead (a device says it is offline). */
export const SILENT_AFTER_MS = 8_000;
/** How often a client looks at how long it has heard nothing. */
export const WATCHDOG_CHECK_MS = 1_000;
/** A socket whose connection has not opened after this long is given up and tried again. */
export const CONNECT_WITHIN_MS = 6_000;
/** The host closes a socket that has answered no ping for this long. */
export const HOST_DROP_AFTER_MS = 15_000;

/** Has a link last heard from at `heardAt` gone silent by `now`? */
export function isSilent(heardAt: number, now: number, silentAfterMs = SILENT_AFTER_MS): boolean {
  return now - heardAt >= silentAfterMs;
}

/**
 * What the host does with one socket at a heartbeat: ping it again, or close it (it has answered
 * nothing — no pong, no message — for HOST_DROP_AFTER_MS).
 */
export function hostBeat(heardAt: number, now: number, dropAfterMs = HOST_DROP_AFTER_MS): 'ping' | 'drop' {
  return now - heardAt >= dropAfterMs ? 'drop' : 'ping';
}

/**
 * A client's watchdog, at one of its checks: the link is fine, it has gone silent (give the socket
 * up and connect again), or the connection being opened took too long (give it up, try again).
 * `openedAt` null: still connecting since `startedAt`.
 */
export function watchdog(link: { startedAt: number; openedAt: number | null; heardAt: number }, now: number): 'fine' | 'silent' | 'not-opening' {
  if (link.openedAt === null) return now - link.startedAt >= CONNECT_WITHIN_MS ? 'not-opening' : 'fine';
  return isSilent(link.heardAt, now) ? 'silent' : 'fine';
}

/**
 * "not heard from for 12 s" (the station's device list, counting live): seconds up to two minutes,
 * then minutes, then hours.
 */
export function notHeardFor(heardAt: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - heardAt) / 1000));
  if (seconds < 120) return `not heard from for ${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `not heard from for ${minutes} min`;
  return `not heard from for ${Math.floor(minutes / 60)} h`;
}
