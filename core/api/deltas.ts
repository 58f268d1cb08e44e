/**
 * A device's copy of the event, kept current from the journal entries the host pushes (deltas, not
 * snapshots). The host sends a snapshot at sequence N once (on connect), then every
 * entry after N; the device folds each with core's apply, exactly as the host did, so both hold
 * the same state. A missing entry (a dropped push) is a gap the device asks the host to fill; an
 * undo re-folds from a state the device does not hold, so it takes a fresh snapshot instead.
 *
 * Pure: no I/O.
 */
import { apply } from '../event/apply.js';
import { registerPlayers } from '../event/apply-players.js';
import type { Command } from '../event/commands.js';
import type { EventState } from '../model/types.js';
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
  for (let i = 0; i < entries.length; ) {
    const entry = entries[i] as PushedEntry;
    if (entry.seq <= last) {
      i++;
      continue; // seen already (a catch-up overlapping a push)
    }
    if (entry.seq !== last + 1) {
      outcome = 'gap';
      break;
    }
    // Registrations one after another (a CSV import): folded at once, the players list copied once.
    const run = registrationRun(entries, i);
    try {
      if (run.length > 1) state = registerPlayers(state, run, [run.length])[0] as EventState;
      else {
        const command = entry.command;
        if (command.type === 'undo' || command.type === 'create-event') return { kind: 'resync' };
        // An entry this device is not sent (core/api/views.ts) keeps its place and changes nothing here.
        if (command.type !== 'withheld') state = apply(state, command);
      }
    } catch {
      return { kind: 'resync' };
    }
    last += Math.max(run.length, 1);
    i += Math.max(run.length, 1);
  }
  const next = last === snapshot.lastSeq ? snapshot : { ...snapshot, state, lastSeq: last, summary: { ...summary, entries: last + 1 } };
  return outcome === 'gap' ? { kind: 'gap', from: last + 1, snapshot: next } : { kind: 'applied', snapshot: next };
}

type RegisterPlayer = Extract<Command, { type: 'register-player' }>;

/** The registrations with consecutive seqs from entries[from] on. */
function registrationRun(entries: readonly PushedEntry[], from: number): RegisterPlayer[] {
  const run: RegisterPlayer[] = [];
  const first = (entries[from] as PushedEntry).seq;
  for (let i = from; i < entries.length; i++) {
    const entry = entries[i] as PushedEntry;
    if (entry.seq !== first + run.length || entry.command.type !== 'register-player') break;
    run.push(entry.command);
  }
  return run;
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
