/**
 * One send at a time from a panel of the judge's phone, with what the button should say meanwhile:
 * busy while the host answers, waiting when the connection dropped mid-send (the command goes
 * again under the same id once it is back).
 */
import { useCallback, useState } from 'react';
import type { NewCommand } from '../../../core/event/commands.js';
import { sendCommand, type SendOutcome } from './send.js';

export interface Sender {
  send(command: NewCommand): Promise<SendOutcome>;
  busy: boolean;
  /** The connection dropped before the host answered: waiting to send it again. */
  waiting: boolean;
}

export function useSender(): Sender {
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const send = useCallback(async (command: NewCommand): Promise<SendOutcome> => {
    setBusy(true);
    setWaiting(false);
    try {
      return await sendCommand(command, () => setWaiting(true));
    } finally {
      setBusy(false);
      setWaiting(false);
    }
  }, []);
  return { send, busy, waiting };
}

/** The send button's words while a send is under way, else `idle`. */
export function sendingWords(sender: Sender, idle: string): string {
  if (sender.waiting) return 'Connection dropped — will send when it is back…';
  if (sender.busy) return 'Saving…';
  return idle;
}
