/**
 * What a window shows, from the pushes it heard: the last state snapshot with every later journal
 * entry folded in (core/api/deltas.ts, as the renderer's store does). Tests wait on it instead of
 * on whole-state pushes, which the host sends only for a new event, an undo or a status change.
 */
import type { StationPush, StationSnapshot } from '../../core/api/contract.js';
import { applyEntries } from '../../core/api/deltas.js';

export function followedSnapshot(pushes: readonly StationPush[]): StationSnapshot | undefined {
  let snapshot: StationSnapshot | undefined;
  for (const push of pushes) {
    if (push.type === 'state') snapshot = push.snapshot;
    else if (push.type === 'entries' && snapshot) {
      const outcome = applyEntries(snapshot, push.eventId, push.entries);
      if (outcome.kind !== 'resync') snapshot = outcome.snapshot;
    }
  }
  return snapshot;
}

/** A window's view, followed push by push. */
export class FollowedSnapshot {
  current: StationSnapshot | undefined;
  /** Every snapshot shown, in order. */
  readonly shown: StationSnapshot[] = [];

  hear(push: StationPush): void {
    const next = followedSnapshot(this.current ? [{ type: 'state', snapshot: this.current }, push] : [push]);
    if (next && next !== this.current) {
      this.current = next;
      this.shown.push(next);
    }
  }
}
