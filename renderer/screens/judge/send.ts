/**
 * How the judge's phone sends a command, so the screen can say exactly what happened: saved (with
 * the host's journal number), refused by the host in words with its code (a second result for a
 * table is `result-entered`: "Table 12 was entered at 14:03 by Desk 2 — amend it?"), or not sent.
 * As every window does (store/send.ts): one client command id for every sending, and offline the
 * command waits to send — listed at its table as waiting (store/outbox.ts), sent once when the
 * connection is back, its outcome shown there. A refusal comes back to the screen instead of
 * going to a toast (the phone shows no station toasts).
 */
import type { NewCommand } from '../../../core/event/commands.js';
import type { SendOutcome } from '../../store/send.js';
import { useStation } from '../../store/station.js';

export type { SendOutcome };

/** Where the judge's phone lists what waits: at the table it was typed for. */
export function judgePlace(table: number | undefined): string {
  return table === undefined ? 'judge' : `judge-table-${table}`;
}

/** Send one command from the table `table`'s panel (store/send.ts). `onWaiting`: it has to wait for the connection. */
export async function sendCommand(command: NewCommand, options: { onWaiting?: () => void; label?: string } = {}): Promise<SendOutcome> {
  const table = 'table' in command && typeof command.table === 'number' ? command.table : undefined;
  return useStation.getState().send(command, { ...options, place: judgePlace(table) });
}
