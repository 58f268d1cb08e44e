/**
 * One send at a time from a panel of the judge's phone, with what the button should say meanwhile:
 * busy while the host answers, waiting to send while the phone is offline (or the connection
 * dropped mid-send): the command goes under the same id once it is back, and meanwhile it is
 * listed at its table (store/outbox.ts).
 */
import { useCallback, useState } from 'react';
import type { NewCommand } from '../../../core/event/commands.js';
import { sendCommand, type SendOutcome } from './send.js';

export interface Sender {
  /** `label`: what it is in words, shown while it waits to send ("Table 12: Ana Archer wins 2–1"). */
  send(command: NewCommand, label?: string): Promise<SendOutcome>;
  busy: boolean;
  /** Offline (or the connection dropped before the host answered): waiting to send it. */
  waiting: boolean;
}

export function useSender(): Sender {
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const send = useCallback(async (command: NewCommand, label?: string): Promise<SendOutcome> => {
    setBusy(true);
    setWaiting(false);
    try {
      return await sendCommand(command, { onWaiting: () => setWaiting(true), ...(label !== undefined ? { label } : {}) });
    } finally {
      setBusy(false);
      setWaiting(false);
    }
  }, []);
  return { send, busy, waiting };
}

/** The send button's words while a send is under way, else `idle`. */
export function sendingWords(sender: Sender, idle: string): string {
  if (sender.waiting) return 'Waiting to send — it goes when the connection is back…';
  if (sender.busy) return 'Saving…';
  return idle;
}
