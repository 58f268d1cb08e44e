/**
 * How the judge's phone sends a command, so the screen can say exactly what happened: saved (with
 * the host's journal number), refused by the host in words with its code (a second result for a
 * table is `result-entered`: "Table 12 was entered at 14:03 by Desk 2 — amend it?"), or not sent
 * because the phone is offline. Like the store's `dispatch`, one client command id for every
 * sending: a connection that drops before the host answered is waited for and the command sent
 * again under the same id, so the host writes it once. Unlike it, nothing is sent while the phone
 * is offline (UX.md: nothing typed on a disconnected device is silently applied later), and a
 * refusal comes back to the screen instead of going to a toast (the phone shows no station toasts).
 * The sending itself is the store's (store/send.ts), the same for every window.
 */
import type { NewCommand } from '../../../core/event/commands.js';
import { sendCommand as sendToHost, type SendOutcome } from '../../store/send.js';
import { useStation } from '../../store/station.js';

export type { SendOutcome };

/** What the phone says when something is tapped while it is offline. */
export const OFFLINE_NOT_SENT = 'Offline: this was NOT sent and nothing was saved. It stays here: send it again once the connection is back.';

/** Can the phone send now: connected, and caught up after any loss of the connection. */
export function canSend(): boolean {
  const { connection, status, connectionLost } = useStation.getState();
  return !!connection && status === 'connected' && !connectionLost;
}

/**
 * Send one command (store/send.ts: resent under the same id after a drop). `onWaiting` is called
 * when the connection dropped before the host answered and the phone is waiting to send it again.
 */
export async function sendCommand(command: NewCommand, onWaiting?: () => void): Promise<SendOutcome> {
  const connection = useStation.getState().connection;
  if (!connection || !canSend()) return { kind: 'offline', message: OFFLINE_NOT_SENT };
  return sendToHost(connection, command, onWaiting);
}
