/**
 * Sending one command to the host, as every window does: one client command id for every sending
 * (core/api/deltas.ts newCommandId), so a connection that drops before the host answered is waited
 * for and the command sent again under the same id, and the host writes it once
 * (electron/host/sent-by.ts). The outcome says exactly what happened, for the station's toasts and
 * the judge's phone alike: saved (with the host's journal number), refused by the host in words
 * with its code ('result-entered': "Table 12 was entered at 14:03 by Desk 2 — amend it?"), or lost
 * with the connection.
 */
import type { NewCommand } from '../../core/event/commands.js';
import { newCommandId } from '../../core/api/deltas.js';
import type { StationConnection } from '../api/index.js';

export type SendOutcome =
  | { kind: 'saved'; seq: number; duplicate: boolean }
  /** The host said no: `code` is the PodiumError code ('result-entered', 'not-allowed', …). */
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'offline'; message: string };

/** How long a command whose connection dropped mid-send waits for the host to come back. */
export const RESEND_WITHIN_MS = 60_000;

/** Resolves true once the connection is back, false at `giveUpAt`. */
function connectedAgain(connection: StationConnection, giveUpAt: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (connection.status() === 'connected') return resolve(true);
    const timer = setTimeout(
      () => {
        stop();
        resolve(false);
      },
      Math.max(0, giveUpAt - Date.now()),
    );
    const stop = connection.onStatus((status) => {
      if (status !== 'connected') return;
      clearTimeout(timer);
      stop();
      resolve(true);
    });
  });
}

/**
 * Send one command. `onWaiting` is called when the connection dropped before the host answered
 * and the command waits to be sent again.
 */
export async function sendCommand(connection: StationConnection, command: NewCommand, onWaiting?: () => void): Promise<SendOutcome> {
  const cid = newCommandId((bytes) => crypto.getRandomValues(bytes));
  const giveUpAt = Date.now() + RESEND_WITHIN_MS;
  for (;;) {
    try {
      const ack = await connection.api.dispatch({ command, cid });
      return { kind: 'saved', seq: ack.seq, duplicate: ack.duplicate === true };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'disconnected') {
        onWaiting?.();
        if (Date.now() < giveUpAt && (await connectedAgain(connection, giveUpAt))) continue;
        return {
          kind: 'offline',
          message: 'The connection dropped before the station answered and did not come back within a minute: this may NOT have been saved. Look again once connected.',
        };
      }
      return { kind: 'refused', code: typeof code === 'string' ? code : 'internal', message: error instanceof Error ? error.message : String(error) };
    }
  }
}
