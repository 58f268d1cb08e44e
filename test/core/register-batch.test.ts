import { describe, expect, it } from 'vitest';
import { applyEntries } from '../../core/api/deltas.js';
import type { PushedEntry, StationSnapshot } from '../../core/api/contract.js';
import { replay } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { JournalFold } from '../../core/event/fold.js';
import { PodiumError } from '../../core/model/errors.js';

// A CSV import folds its registrations a stretch at a time; these check it gives exactly the
// states folding them one by one gives, at the end, after undos that re-fold from checkpoints,
// and in the refusal's words.
const create: Command = { type: 'create-event', id: 'e1', name: 'Import Open', ruleset: 'mtr', settings: {}, seed: 7, createdAt: '2026-11-21T10:00:00Z' };
const registrations = (from: number, count: number): Command[] =>
  Array.from({ length: count }, (_, i) => ({ type: 'register-player', player: { id: `p${from + i}`, name: `Player ${from + i}` }, draw: from + i }) as Command);

const withSeqs = (commands: readonly Command[]) => commands.map((command, seq) => ({ seq, command }));

function oneByOne(commands: readonly Command[]): JournalFold {
  const fold = new JournalFold();
  for (const command of commands) fold.commit(fold.prepare(command));
  return fold;
}

describe('a batch of registrations', () => {
  for (const [before, count] of [
    [3, 2],
    [0, 257],
    [61, 700],
  ] as const) {
    it(`folds ${count} after ${before} exactly as one by one, undos included`, () => {
      const head = [create, ...registrations(0, before)];
      const batch = registrations(before, count);
      const batched = oneByOne(head);
      for (const prepared of batched.prepareMany(batch)) batched.commit(prepared);
      const single = oneByOne([...head, ...batch]);
      expect(batched.state).toEqual(single.state);
      expect(batched.state).toEqual(replay(withSeqs([...head, ...batch])));
      // Undo a registration in the middle of the batch: both re-fold from their checkpoints.
      const target = head.length + Math.floor(count / 2);
      const undo: Command = { type: 'undo', target };
      batched.commit(batched.prepare(undo));
      single.commit(single.prepare(undo));
      expect(batched.state).toEqual(single.state);
      expect(batched.state?.players).toHaveLength(before + count - 1);
    });
  }

  it('refuses the whole batch naming the command that repeats an id', () => {
    const fold = oneByOne([create, ...registrations(0, 3)]);
    const batch = [...registrations(3, 4), ...registrations(1, 1)];
    let refusal: unknown;
    try {
      fold.prepareMany(batch);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(PodiumError);
    expect((refusal as PodiumError).message).toBe('command 5 of 5 (register-player): the id "p1" is already used by Player 1');
    expect(fold.state?.players).toHaveLength(3);
  });

  it('is folded at once by a device and gives the state the host has', () => {
    const head = [create, ...registrations(0, 2)];
    const snapshot = { state: replay(withSeqs(head)), lastSeq: head.length - 1, summary: { id: 'e1', entries: head.length }, notices: [] } as unknown as StationSnapshot;
    const batch = registrations(2, 300);
    const entries = batch.map((command, i) => ({ seq: head.length + i, command }) as PushedEntry);
    const outcome = applyEntries(snapshot, 'e1', entries);
    expect(outcome.kind).toBe('applied');
    if (outcome.kind !== 'applied') return;
    expect(outcome.snapshot.state).toEqual(replay(withSeqs([...head, ...batch])));
    expect(outcome.snapshot.lastSeq).toBe(head.length + 299);
  });
});
