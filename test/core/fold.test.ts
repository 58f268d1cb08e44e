/**
 * The effective-undo rule (core/event/undo.ts) and the fold (core/event/fold.ts), in core: one
 * implementation for the host's fold, replay(), the journal query's `undoneBy` and the Event log.
 * The rule is written out again here, naively (walk the undos from the newest; an undone undo does
 * not count), and the fast one must agree with it on random forests of undos.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { JournalFold, implausibleCommandTime, isPlausibleTime } from '../../core/event/fold.js';
import { UndoForest, undoMarks } from '../../core/event/undo.js';
import { PodiumError } from '../../core/model/errors.js';

/** The rule written out again: entry → the undo that reverts it (the newest undo of it not itself undone). */
function naiveMarks(entries: readonly { seq: number; command: Command }[]): Map<number, number> {
  const marks = new Map<number, number>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const { seq, command } = entries[i] as { seq: number; command: Command };
    if (command.type === 'undo' && !marks.has(seq) && !marks.has(command.target)) marks.set(command.target, seq);
  }
  return marks;
}

const AT = '2026-05-01T18:00:00.000Z';
const create: Command = { type: 'create-event', id: 'e', name: 'Fold Open', ruleset: 'mtr', settings: {}, seed: 1, createdAt: AT };
const register = (n: number): Command => ({ type: 'register-player', player: { id: `p${n}`, name: `Player ${n}` }, draw: n });

/** A journal of commands and undos, each undo of an earlier entry (picked by `pick`). */
const journals = fc
  .array(fc.option(fc.nat(), { nil: undefined, freq: 3 }), { maxLength: 80 })
  .map((picks) => {
    const commands: Command[] = [create];
    picks.forEach((pick, i) => commands.push(pick === undefined || commands.length < 2 ? register(i) : { type: 'undo', target: 1 + (pick % (commands.length - 1)) }));
    return commands.map((command, seq) => ({ seq, command }));
  });

describe('the effective-undo rule', () => {
  it('undoMarks agrees with the rule written out naively, on random forests of undos (fast-check)', () => {
    fc.assert(
      fc.property(journals, (entries) => {
        expect(undoMarks(entries)).toEqual(naiveMarks(entries));
      }),
      { numRuns: 400 },
    );
  });

  it('the forest, kept up to date one entry at a time, agrees after every entry', () => {
    fc.assert(
      fc.property(journals, (entries) => {
        const forest = new UndoForest();
        entries.forEach(({ command }, i) => {
          if (command.type === 'undo') forest.addUndo(command.target);
          else forest.addCommand();
          const marks = naiveMarks(entries.slice(0, i + 1));
          for (let seq = 0; seq <= i; seq++) {
            expect(forest.isUndone(seq)).toBe(marks.has(seq));
            expect(forest.undoneBy(seq)).toBe(marks.get(seq));
          }
        });
      }),
      { numRuns: 150 },
    );
  });

  it('an entry undone twice is undone by the newer undo; undoing that one leaves the older in force', () => {
    const entries = [create, register(1), { type: 'undo', target: 1 }, { type: 'undo', target: 1 }, { type: 'undo', target: 3 }].map((command, seq) => ({
      seq,
      command: command as Command,
    }));
    expect(undoMarks(entries.slice(0, 4))).toEqual(new Map([[1, 3]]));
    expect(undoMarks(entries)).toEqual(new Map([[1, 2], [3, 4]]));
  });

  it('follows the sequence numbers given, and an undo of no earlier entry changes nothing', () => {
    const entries = [
      { seq: 10, command: register(1) },
      { seq: 11, command: { type: 'undo', target: 10 } as Command },
      { seq: 12, command: { type: 'undo', target: 99 } as Command },
      { seq: 13, command: { type: 'undo', target: 12 } as Command },
    ];
    expect(undoMarks(entries)).toEqual(new Map([[10, 11], [12, 13]]));
  });

  it('replay() folds with it: undo, redo, and an undo of the undo of a redo', () => {
    const commands: Command[] = [create, register(1), register(2), { type: 'drop-player', id: 'p2' }];
    const ids = (list: Command[]) => replay(list.map((command, seq) => ({ seq, command })))?.players.map((p) => p.id);
    const undo = (target: number): Command => ({ type: 'undo', target });
    expect(ids(commands)).toEqual(['p1']);
    expect(ids([...commands, undo(3)])).toEqual(['p1', 'p2']);
    expect(ids([...commands, undo(3), undo(4)])).toEqual(['p1']);
    expect(ids([...commands, undo(3), undo(4), undo(5)])).toEqual(['p1', 'p2']);
  });
});

describe('the journal fold', () => {
  it('equals replay() and the rule after every entry, with undoneBy for each one', () => {
    fc.assert(
      fc.property(journals, (entries) => {
        const fold = new JournalFold();
        const kept: { seq: number; command: Command }[] = [];
        for (const { command } of entries) {
          let prepared;
          try {
            prepared = fold.prepare(command);
          } catch (error) {
            // A registration undone from under a later command cannot go: the fold refuses it.
            if (!(error instanceof PodiumError)) throw error;
            continue;
          }
          fold.commit(prepared);
          kept.push({ seq: kept.length, command });
          expect(fold.state).toEqual(replay(kept));
        }
        const marks = naiveMarks(kept);
        kept.forEach(({ seq }) => expect(fold.undoneBy(seq)).toBe(marks.get(seq)));
      }),
      { numRuns: 100 },
    );
  });

  it('refuses undoing the creation of the event, an entry that is not there, and a time no event has', () => {
    const fold = new JournalFold();
    fold.commit(fold.prepare(create));
    expect(() => fold.prepare({ type: 'undo', target: 0 })).toThrow(/creating the event cannot be undone/);
    expect(() => fold.prepare({ type: 'undo', target: 5 })).toThrow(/no journal entry 5/);
    expect(() => fold.prepare({ type: 'start-timer', id: 't', kind: 'custom', minutes: 5, at: 5_000 })).toThrow(/outside any plausible event/);
    expect(fold.length).toBe(1);
    expect(isPlausibleTime(Date.parse(AT))).toBe(true);
    expect(implausibleCommandTime(register(1))).toBeUndefined();
  });
});
