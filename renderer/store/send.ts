/**
 * Sending to the host, as every window does, through this one function: one client command id for
 * every sending (core/api/deltas.ts newCommandId), so a connection that drops before the host
 * answered is waited for and the command sent again under the same id, and the host writes it once
 * (electron/host/sent-by.ts). With it goes `typedAt`, when it was typed (on the host's clock, as
 * the window knows it), which the event log shows beside when it arrived.
 *
 * Offline, nothing is refused and nothing is lost: the command is listed where it was typed as
 * waiting to send (store/outbox.ts), goes once the connection is back, and its outcome is shown
 * there. The outcome says exactly what happened, for the station's toasts and the judge's phone
 * alike: saved (with the host's journal number), refused by the host in words with its code
 * ('result-entered': "Table 12 was entered at 14:03 by Desk 2 — amend it?"), or not sent (this
 * device was removed meanwhile).
 *
 * Several commands that belong together (a CSV import, the draft pods) go as one batch: all or
 * nothing, under one id.
 */
import type { NewCommand } from '../../core/event/commands.js';
import { newCommandId } from '../../core/api/deltas.js';
import type { StationConnection } from '../api/index.js';
import { settled, waitingToSend } from './outbox.js';

export type SendOutcome =
  | { kind: 'saved'; seq: number; duplicate: boolean; from?: number }
  /** The host said no: `code` is the PodiumError code ('result-entered', 'not-allowed', …). */
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'offline'; message: string };

export interface SendOptions {
  /** Called once when the command has to wait for the connection (offline, or it dropped mid-send). */
  onWaiting?: () => void;
  /** When it was typed, on the host's clock (default: this device's clock). */
  typedAt?: number;
  /** Where it was typed and what it is, for the list of what waits (store/outbox.ts). */
  place?: string;
  label?: string;
}

export const NOT_SENT_REMOVED = 'Not sent: this device was removed by the scorekeeper before it could send it.';

/** Resolves true once the connection is back, false when it never will be (the host refused this window). */
function connectedAgain(connection: StationConnection): Promise<boolean> {
  return new Promise((resolve) => {
    const status = connection.status();
    if (status === 'connected') return resolve(true);
    if (status === 'refused') return resolve(false);
    const stop = connection.onStatus((next) => {
      if (next !== 'connected' && next !== 'refused') return;
      stop();
      resolve(next === 'connected');
    });
  });
}

/** Send one command, or several as one batch (all or nothing). */
export async function sendCommand(connection: StationConnection, sending: NewCommand | readonly NewCommand[], options: SendOptions = {}): Promise<SendOutcome> {
  const cid = newCommandId((bytes) => crypto.getRandomValues(bytes));
  const typedAt = new Date(options.typedAt ?? Date.now()).toISOString();
  const once = async (): Promise<SendOutcome> => {
    if (Array.isArray(sending)) {
      const ack = await connection.api.dispatchBatch({ commands: [...(sending as readonly NewCommand[])], cid, typedAt });
      return { kind: 'saved', seq: ack.seq, duplicate: ack.duplicate === true, from: ack.from };
    }
    const ack = await connection.api.dispatch({ command: sending as NewCommand, cid, typedAt });
    return { kind: 'saved', seq: ack.seq, duplicate: ack.duplicate === true };
  };
  let listed: number | null = null;
  const wait = async (): Promise<boolean> => {
    if (listed === null) {
      options.onWaiting?.();
      listed = waitingToSend(options.place ?? 'station', options.label ?? describeSending(sending), options.typedAt ?? Date.now());
    }
    return connectedAgain(connection);
  };
  const outcome = await (async (): Promise<SendOutcome> => {
    if (connection.status() !== 'connected' && !(await wait())) return { kind: 'offline', message: NOT_SENT_REMOVED };
    for (;;) {
      try {
        return await once();
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'disconnected') {
          if (await wait()) continue;
          return { kind: 'offline', message: NOT_SENT_REMOVED };
        }
        return { kind: 'refused', code: typeof code === 'string' ? code : 'internal', message: error instanceof Error ? error.message : String(error) };
      }
    }
  })();
  if (listed !== null) {
    if (outcome.kind === 'saved') settled(listed, { state: 'saved', seq: outcome.seq });
    else settled(listed, { state: outcome.kind === 'refused' ? 'refused' : 'not-sent', message: outcome.message });
  }
  return outcome;
}

/** A command in a few words, when its screen gave none. */
function describeSending(sending: NewCommand | readonly NewCommand[]): string {
  if (Array.isArray(sending)) return `${sending.length} changes together`;
  const command = sending as NewCommand;
  if (command.type === 'record-result') return `Result of table ${command.table} (round ${command.round})`;
  const words = command.type.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return 'table' in command && typeof command.table === 'number' ? `${words}, table ${command.table}` : words;
}
