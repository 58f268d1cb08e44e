/**
 * A window that stops reading, for the send-buffer test and its benchmark: a raw
 * TCP socket that does the WebSocket handshake on `/rpc` (with the station key) and then never
 * reads another byte, as a frozen tab or a hung program does. Plus a 1,024-player event as a save,
 * so every state push is a few hundred KB, as at a real large event.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import type { Command } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { writeEventSaveSync } from '../../electron/host/event-store.js';
import { amendCommand, mtrEvent } from '../host/save-fixtures.js';

export interface StalledWindow {
  socket: Socket;
  /** Resolves when the connection has ended (the host dropped it), once reading again. */
  readonly closed: Promise<void>;
  /** Start reading again (to see the host's close). */
  resume(): void;
  /** Send a message (a masked text frame, as every client must), still reading nothing. */
  send(message: unknown): void;
}

/** A client-to-server WebSocket text frame (masked, RFC 6455 §5.2). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const length = payload.length;
  const head = length < 126 ? Buffer.from([0x81, 0x80 | length]) : length < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  if (length >= 126 && length < 65536) {
    head[0] = 0x81;
    head[1] = 0x80 | 126;
    head.writeUInt16BE(length, 2);
  } else if (length >= 65536) {
    head[0] = 0x81;
    head[1] = 0x80 | 127;
    head.writeBigUInt64BE(BigInt(length), 2);
  }
  const mask = randomBytes(4);
  const masked = Buffer.alloc(length);
  for (let i = 0; i < length; i++) masked[i] = (payload[i] as number) ^ (mask[i % 4] as number);
  return Buffer.concat([head, mask, masked]);
}

/** Open `/rpc` on 127.0.0.1:`port` with `key`, then stop reading. Rejects if the upgrade is refused. */
export function stalledWindow(port: number, key: string): Promise<StalledWindow> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let head = '';
    let markClosed: () => void = () => undefined;
    const closed = new Promise<void>((done) => {
      markClosed = done;
    });
    socket.once('close', () => markClosed());
    socket.on('error', () => undefined); // a reset after the host drops it is the expected end
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      if (!/^HTTP\/1\.1 101 /.test(head)) {
        socket.destroy();
        reject(new Error(`the upgrade was refused: ${head.split('\r\n')[0]}`));
        return;
      }
      // From here on nothing is read: the host's frames pile up in its send buffer.
      socket.pause();
      // Keep the bytes flowing into nowhere once resumed (to reach the close).
      resolve({
        socket,
        closed,
        resume: () => socket.on('data', () => undefined).resume(),
        send: (message) => socket.write(textFrame(JSON.stringify(message))),
      });
    };
    socket.on('data', onData);
    socket.once('connect', () => {
      socket.write(
        [
          `GET /rpc?key=${encodeURIComponent(key)} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
          'Sec-WebSocket-Version: 13',
          '',
          '',
        ].join('\r\n'),
      );
    });
  });
}

export interface BigEvent {
  file: string;
  state: EventState;
  /** The n-th result to enter (an amendment of a last-round table; always valid). */
  result(n: number): Command;
}

/** A 1,024-player mtr event three rounds in, saved as `<eventsDir>/big.podium`. */
export function writeBigEvent(eventsDir: string, players = 1024, rounds = 3): BigEvent {
  const event = mtrEvent({ players, rounds, seed: 2026 });
  const file = path.join(eventsDir, 'big.podium');
  writeEventSaveSync(file, event.commands, { station: 'test' });
  return { file, state: event.state, result: (n) => amendCommand(event.state, n) };
}
