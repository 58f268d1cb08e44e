/**
 * A device's copy of the event, kept current from the journal entries the host pushes (issue 15:
 * deltas, not snapshots). The host sends a snapshot at sequence N once (on connect), then every
 * entry after N; the device folds each with core's apply, exactly as the host did, so both hold
 * the same state. A missing entry (a dropped push) is a gap the device asks the host to fill; an
 * undo re-folds from a state the device does not hold, so it takes a fresh snapshot instead.
 *
 * Pure: no I/O.
 */
import { apply } from '../event/apply.js';
import type { PushedEntry, StationSnapshot } from './contract.js';

export type DeltaOutcome =
  /** Folded: the snapshot with the entries applied (the same object when nothing was new). */
  | { kind: 'applied'; snapshot: StationSnapshot }
  /** Entries before `from` are missing: ask for them (query `journal` from `from`); `snapshot` has what could be folded. */
  | { kind: 'gap'; from: number; snapshot: StationSnapshot }
  /** Not foldable here (another event, an undo, an entry the state refuses): take a fresh snapshot. */
  | { kind: 'resync' };

export function applyEntries(snapshot: StationSnapshot, eventId: string, entries: readonly PushedEntry[]): DeltaOutcome {
  const summary = snapshot.summary;
  if (!snapshot.state || !summary || summary.id !== eventId) return { kind: 'resync' };
  let state = snapshot.state;
  let last = snapshot.lastSeq;
  let outcome: 'applied' | 'gap' = 'applied';
  for (const entry of entries) {
    if (entry.seq <= last) continue; // seen already (a catch-up overlapping a push)
    if (entry.seq !== last + 1) {
      outcome = 'gap';
      break;
    }
    const command = entry.command;
    if (command.type === 'undo' || command.type === 'create-event') return { kind: 'resync' };
    try {
      state = apply(state, command);
    } catch {
      return { kind: 'resync' };
    }
    last = entry.seq;
  }
  const next = last === snapshot.lastSeq ? snapshot : { ...snapshot, state, lastSeq: last, summary: { ...summary, entries: last + 1 } };
  return outcome === 'gap' ? { kind: 'gap', from: last + 1, snapshot: next } : { kind: 'applied', snapshot: next };
}

/**
 * A fresh id for a command a device sends (the host writes it once however often it is sent).
 * From getRandomValues, which browsers give pages on plain http too (a phone on the venue
 * network), unlike randomUUID.
 */
export function newCommandId(random: (bytes: Uint8Array<ArrayBuffer>) => unknown): string {
  const bytes = new Uint8Array(16);
  random(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
