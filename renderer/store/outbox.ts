/**
 * What this window typed while it could not reach the host (UX.md: nothing typed on a
 * disconnected device is silently dropped or silently applied): each command that had to wait is
 * listed where it was typed as **waiting to send**, and stays there with its outcome once it went
 * — saved, or refused in the host's words — until it is dismissed. A command that went at once is
 * never listed (its own screen's toast or panel says what happened). store/send.ts keeps the list.
 */
import { create } from 'zustand';

export type OutboxState = 'waiting' | 'saved' | 'refused' | 'not-sent';

export interface OutboxItem {
  id: number;
  /** Where it was typed ('results', 'judge-table-12', …): each place shows its own. */
  place: string;
  /** What it is, in words ("Table 12: Ana Archer wins 2-1"). */
  label: string;
  /** When it was typed (this window's guess of the host's time, ms). */
  typedAt: number;
  state: OutboxState;
  /** The host's words when it refused; why it was not sent. */
  message?: string;
  /** The journal entry it was saved as. */
  seq?: number;
}

interface OutboxStore {
  items: OutboxItem[];
  dismiss(id: number): void;
}

let nextId = 1;

export const useOutbox = create<OutboxStore>((set, get) => ({
  items: [],
  dismiss: (id) => set({ items: get().items.filter((item) => item.id !== id) }),
}));

/** List a command that has to wait; returns its id. */
export function waitingToSend(place: string, label: string, typedAt: number): number {
  const id = nextId++;
  useOutbox.setState({ items: [...useOutbox.getState().items, { id, place, label, typedAt, state: 'waiting' }] });
  return id;
}

/** A waiting command went (or could not): its outcome, shown where it was typed. */
export function settled(id: number, outcome: { state: Exclude<OutboxState, 'waiting'>; message?: string; seq?: number }): void {
  useOutbox.setState({
    items: useOutbox.getState().items.map((item) =>
      item.id === id
        ? { ...item, state: outcome.state, ...(outcome.message !== undefined ? { message: outcome.message } : {}), ...(outcome.seq !== undefined ? { seq: outcome.seq } : {}) }
        : item,
    ),
  });
}

/** Commands still waiting in this window (a page about to close asks first). */
export function stillWaiting(): number {
  return useOutbox.getState().items.filter((item) => item.state === 'waiting').length;
}
