/**
 * The host's side of the heartbeat (core/api/heartbeat.ts) for one WebSocket of a window or a
 * device: every HEARTBEAT_MS a WebSocket ping and a `beat` message (the client's watchdog listens
 * for messages: a browser page never sees pings), and a socket that has answered nothing — no pong,
 * no message — for HOST_DROP_AFTER_MS is cut off (a half-open link, as when the venue's Wi-Fi
 * drops, never closes by itself). Phones get the same from public-phones.ts, with the tick as their
 * beat.
 *
 * Plain Node: no `electron` import.
 */
import { WebSocket } from 'ws';
import { HEARTBEAT_MS, HOST_DROP_AFTER_MS, hostBeat } from '../../core/api/heartbeat.js';

export interface KeepAliveOptions {
  /** Send the beat message (skipped by the caller while the socket is behind). */
  beat(): void;
  /** Heard from the other side (a pong or a message). */
  onHeard?(at: number): void;
  /** Cut off for answering nothing. */
  onDead?(): void;
  /** The host's time (default Date.now). */
  now?: () => number;
  everyMs?: number;
  dropAfterMs?: number;
}

export interface KeepAlive {
  /** When the other side was last heard from (host time). */
  heardAt(): number;
  stop(): void;
}

export function keepAlive(ws: WebSocket, options: KeepAliveOptions): KeepAlive {
  const now = options.now ?? Date.now;
  let heardAt = now();
  const heard = (): void => {
    heardAt = now();
    options.onHeard?.(heardAt);
  };
  ws.on('pong', heard);
  ws.on('message', heard);
  const timer = setInterval(() => {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (hostBeat(heardAt, now(), options.dropAfterMs ?? HOST_DROP_AFTER_MS) === 'drop') {
      stop();
      options.onDead?.();
      ws.terminate();
      return;
    }
    try {
      ws.ping();
      options.beat();
    } catch {
      // (a socket closing meanwhile: its close does the rest)
    }
  }, options.everyMs ?? HEARTBEAT_MS);
  timer.unref();
  const stop = (): void => clearInterval(timer);
  ws.once('close', stop);
  return { heardAt: () => heardAt, stop };
}
