/**
 * The station service's open event: the one save open at a time, the client command ids sent to
 * it, whether another Podium that holds it has let go, the windows that hear every change, and the
 * one queue every change runs through (the store keeps none: event-store.ts).
 */
import type { EventSummary, PushedEntry, StationPush, StationSnapshot } from '../../core/api/contract.js';
import { fail } from '../../core/model/errors.js';
import type { EventStoreHandle, JournalEntry } from './journal-types.js';
import { describeHolder } from './save-lock.js';
import { SentCommands } from './sent-by.js';

export class OpenEventSlot {
  private handle: EventStoreHandle | null = null;
  /** The client command ids of the open save (a command sent twice is written once). */
  private sentIds = new SentCommands([]);
  private readonly listeners = new Set<(push: StationPush) => void>();
  private queue: Promise<unknown> = Promise.resolve();
  /** For a save another Podium holds: has the holder let go since (take over is possible)? */
  private holderGone = false;
  private stopWatchingHolder: () => void = () => undefined;

  /** `remember`: put a save just opened on the recent list. */
  constructor(private readonly remember: (handle: EventStoreHandle) => Promise<void>) {}

  get open(): EventStoreHandle | null {
    return this.handle;
  }

  get sent(): SentCommands {
    return this.sentIds;
  }

  /** Changes run one at a time, in the order they arrived. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Hear every push; returns the way to stop. */
  listen(listener: (push: StationPush) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  broadcast(push: StationPush): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(push);
      } catch {
        // A window that fails to take a push must not stop the others from getting it.
      }
    }
  }

  summaryOf(handle: EventStoreHandle): EventSummary {
    const state = handle.state();
    return {
      id: state.id,
      name: state.name,
      ruleset: state.ruleset,
      path: handle.path,
      readOnly: handle.readOnly,
      entries: handle.entries().length,
      ...(handle.readOnlyReason ? { readOnlyReason: handle.readOnlyReason } : {}),
      ...(handle.readOnlyReason === 'locked' ? { heldBy: { description: describeHolder(handle.lockedBy ?? null), gone: this.holderGone } } : {}),
    };
  }

  snapshotNow(): StationSnapshot {
    const open = this.handle;
    if (!open) return { summary: null, state: null, lastSeq: -1, notices: [] };
    const entries = open.entries();
    return { summary: this.summaryOf(open), state: open.state(), lastSeq: entries[entries.length - 1]?.seq ?? -1, notices: [...open.notices] };
  }

  pushState(): StationSnapshot {
    const snapshot = this.snapshotNow();
    this.broadcast({ type: 'state', snapshot });
    return snapshot;
  }

  requireOpen(): EventStoreHandle {
    if (!this.handle) fail('not-allowed', 'no event is open: create or open one first');
    return this.handle;
  }

  requireWritable(): EventStoreHandle {
    const handle = this.requireOpen();
    if (handle.readOnlyReason === 'locked')
      fail('save-locked', `this save is ${describeHolder(handle.lockedBy ?? null)}: only one Podium may write to it (close it there, then take over here)`);
    if (handle.readOnlyReason === 'no-permission')
      fail('disk-read-only', 'this save is on a disk or in a file Podium may not write to: nothing can be added (save a copy somewhere writable to go on)');
    if (handle.readOnly)
      fail('not-allowed', 'this save is damaged and open read-only: nothing can be added to it (save a repaired copy to go on)');
    return handle;
  }

  /** Make `handle` the open event (closing the previous one), remember it, push the new state. */
  async switchTo(handle: EventStoreHandle): Promise<StationSnapshot> {
    const previous = this.handle;
    if (previous === handle) return this.snapshotNow();
    this.handle = handle;
    this.sentIds = new SentCommands(handle.entries());
    this.stopWatchingHolder();
    this.holderGone = false;
    this.stopWatchingHolder = handle.watchHolder(() => {
      // The other Podium let go: say so at once, so the scorekeeper can take over.
      if (this.handle !== handle) return;
      this.holderGone = true;
      this.pushState();
    });
    if (previous) await previous.close().catch(() => undefined);
    await this.remember(handle);
    return this.pushState();
  }

  /** Close the open save; false when none was open. (Callers run it in the queue.) */
  async close(): Promise<boolean> {
    const handle = this.handle;
    if (!handle) return false;
    this.handle = null;
    this.stopWatchingHolder();
    await handle.close();
    return true;
  }

  /** Close the open save (in the queue) and drop every listener. */
  async dispose(): Promise<void> {
    await this.exclusive(() => this.close());
    this.listeners.clear();
  }
}

/**
 * An entry as windows and devices get it (the client command id stays in the save). A player's
 * phone (`by.role` 'player') goes out as it is: the contract's `by` still reads
 * DeviceRef, and ROLE_LABELS names the player role, so the event log shows "Ana Archer's phone
 * (player)".
 */
export function pushedEntry(entry: JournalEntry): PushedEntry & { command: JournalEntry['command'] } {
  return {
    seq: entry.seq,
    at: entry.at,
    station: entry.station,
    ...(entry.by ? { by: entry.by as PushedEntry['by'] } : {}),
    ...(entry.typedAt !== undefined ? { typedAt: entry.typedAt } : {}),
    command: entry.command,
  };
}
