/**
 * The venue network's gate ("the LAN door holds under a flood"): every TCP connection
 * to a LAN listener passes here before HTTP reads a byte of it.
 *
 * - At most `total` connections in all (3,000 phones, every device's, and page loads), and at most
 *   `perAddress` from one address (a phone needs one for its page's WebSocket and a few while the
 *   page loads; a second desk a few tabs). Past either, the connection is answered at once with a
 *   503 in words ("the station already has 6,000 connections, its most: try again in a minute")
 *   and closed, instead of a reset without words; the station's own door (127.0.0.1) is another
 *   server and never shares these counts.
 * - A connection that has not sent a whole request within `idleMs` (connected and silent, or a
 *   request sent a byte at a time) is closed, and so is a kept-alive one idle that long between
 *   requests; one that became a WebSocket (a phone, a device) is the door's to look after.
 * - Refusing costs little: the answer is written without parsing anything, what the client sends
 *   meanwhile is read and dropped (so closing does not reset the answer away), and a refused
 *   connection is cut off after a moment; past `refusing` of those at once, a new one is closed
 *   without words (the words are for people, not for a flood).
 *
 * Plain Node, no `electron` import.
 */
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Connections open at once on the LAN listeners, in all. */
  total: number;
  /** Connections open at once from one address. */
  perAddress: number;
  /** A connection without a whole request for this long is closed (ms). */
  idleMs: number;
  /** Refused connections still being answered at once; past it, new ones are closed without words. */
  refusing: number;
}

/**
 * Why these numbers:
 * - 6,000 in all: the 3,000 phones the public door serves, every device (at most 500 joined, a few
 *   connections each, far fewer at any real event), and page loads on top.
 * - 64 from one address: a phone or a computer uses 1 to 10; 64 leaves room for a few devices
 *   behind one address, while one machine can no longer hold the door shut with 2,000 sockets.
 * - 5 s for a whole request: a phone on a weak Wi-Fi sends its request in well under a second
 *   once connected; a silent or dribbling connection is gone after 5.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { total: 6000, perAddress: 64, idleMs: 5000, refusing: 512 };

/** How long a refused connection has to read its answer before it is cut off. */
const REFUSED_GRACE_MS = 2000;

export interface GateCounts {
  open: number;
  /** Connections refused so far (in words or not). */
  refused: number;
  /** Connections closed for sending no whole request in time. */
  idleClosed: number;
}

export interface LanGate {
  /** A new connection: true when it may go on to HTTP (counted until it closes); false when refused here. */
  admit(socket: Socket): boolean;
  /** A whole request arrived on it: not idle. */
  busy(socket: Socket): void;
  /** Its response went out: idle again until the next request (a kept-alive connection). */
  idle(socket: Socket): void;
  /** It became a WebSocket: the door looks after it from now on (it stays counted until it closes). */
  upgraded(socket: Socket): void;
  counts(): GateCounts;
  /** Open connections from `address`. */
  from(address: string): number;
  /** Cut off every connection, admitted or being refused (the listeners close). */
  close(): void;
}

function plainNumber(n: number): string {
  return n.toLocaleString('en');
}

export function createLanGate(limits: ConnectionLimits, log?: { warn(line: string, fields?: Record<string, unknown>): void }): LanGate {
  const perAddress = new Map<string, number>();
  const timers = new Map<Socket, ReturnType<typeof setTimeout>>();
  const refusing = new Set<Socket>();
  const admitted = new Set<Socket>();
  let open = 0;
  let refused = 0;
  let idleClosed = 0;
  /** At most one line a minute about refusing: a flood must not flood the log too. */
  let lastWarned = -Infinity;

  const stopTimer = (socket: Socket): void => {
    const timer = timers.get(socket);
    if (timer) clearTimeout(timer);
    timers.delete(socket);
  };

  const armTimer = (socket: Socket): void => {
    stopTimer(socket);
    if (socket.destroyed) return;
    const timer = setTimeout(() => {
      timers.delete(socket);
      idleClosed++;
      socket.destroy();
    }, limits.idleMs);
    timer.unref();
    timers.set(socket, timer);
  };

  const refuse = (socket: Socket, reason: string): false => {
    refused++;
    if (refusing.size >= limits.refusing) {
      socket.destroy();
      return false;
    }
    const now = Date.now();
    if (now - lastWarned > 60_000) {
      lastWarned = now;
      log?.warn(`Refused a connection on the venue network: ${reason}`, { code: 'lan-full', address: socket.remoteAddress });
    }
    refusing.add(socket);
    const body = `Podium refused this connection: ${reason}.\n`;
    socket.on('error', () => socket.destroy());
    socket.once('close', () => refusing.delete(socket));
    // Read and drop what it sends, so closing does not reset the answer before it is read.
    socket.resume();
    socket.end(
      `HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 60\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
    setTimeout(() => socket.destroy(), REFUSED_GRACE_MS).unref();
    return false;
  };

  return {
    admit(socket) {
      const address = socket.remoteAddress ?? 'unknown';
      if (open >= limits.total)
        return refuse(socket, `the station already has ${plainNumber(limits.total)} connections on the venue network, its most: try again in a minute`);
      const mine = perAddress.get(address) ?? 0;
      if (mine >= limits.perAddress)
        return refuse(socket, `this device already has ${plainNumber(limits.perAddress)} connections open to the station, the most one address may: close some pages, or try again in a minute`);
      open++;
      perAddress.set(address, mine + 1);
      admitted.add(socket);
      socket.once('close', () => {
        stopTimer(socket);
        admitted.delete(socket);
        open--;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
      armTimer(socket);
      return true;
    },
    busy: stopTimer,
    idle: armTimer,
    upgraded: stopTimer,
    counts: () => ({ open, refused, idleClosed }),
    from: (address) => perAddress.get(address) ?? 0,
    close() {
      for (const socket of [...refusing, ...admitted]) socket.destroy();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
