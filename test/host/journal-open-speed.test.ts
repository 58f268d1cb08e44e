/**
 * Opening long saves: the fold (core/event/fold.ts) must agree exactly with core's
 * replay() (the naive fold: everything folded from the start) and with the undo rule written out
 * again here (every undo decided again from the newest down) over random journals full of undos, chains of undos and clock commands; the
 * clock's shared lists (core/clock/shared.ts) must stay pure from the outside and give the same
 * numbers as the pause-by-pause walk; the work of opening must grow in proportion to the save
 * (counted, never timed); and readJournalAsync must return what readJournal does while letting
 * the event loop run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockView, runningAt, wallTimeAt } from '../../core/clock/index.js';
import { apply, replay } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { JournalFold } from '../../core/event/fold.js';
import { entryLine, headerLine } from '../../electron/host/journal-format.js';
import { type JournalFileRead, readJournal, readJournalAsync } from '../../electron/host/journal-read.js';
import type { JournalHeader } from '../../electron/host/journal-types.js';

const T0 = Date.UTC(2026, 4, 1, 18);
const M = 60_000;
const AT = '2026-05-01T18:00:00.000Z';
const HEADER: JournalHeader = { podium: 'event-journal', format: 1, eventId: 'evt-1', createdAt: AT };

/** A save of these commands, written line by line with the real line writer. */
function save(commands: readonly Command[]): Buffer {
  return Buffer.from(headerLine(HEADER) + commands.map((command, seq) => entryLine({ seq, at: AT, station: 'test', command })).join(''));
}

/** An event with one round of two tables and its clock started: the start of every journal here. */
function start(): Command[] {
  return [
    { type: 'create-event', id: 'evt-1', name: 'Undo Open', ruleset: 'mtr', settings: {}, seed: 7, createdAt: AT },
    ...['p1', 'p2', 'p3', 'p4'].map((id, i): Command => ({ type: 'register-player', player: { id, name: `Player ${i + 1}` }, draw: i })),
    { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p1', 'p2'] }, { table: 2, seats: ['p3', 'p4'] }], byes: [], seed: 1 },
    { type: 'start-round-clock', round: 1, at: T0 },
  ];
}

/** replay()'s undo rule, written out again: walk the undos from the newest; an undone undo does not count. */
function naiveUndone(journal: readonly Command[]): Set<number> {
  const undone = new Set<number>();
  for (let seq = journal.length - 1; seq >= 0; seq--) {
    const command = journal[seq] as Command;
    if (command.type === 'undo' && !undone.has(seq)) undone.add(command.target);
  }
  return undone;
}

const entriesOf = (journal: readonly Command[]) => journal.map((command, seq) => ({ seq, command }));

/** A plain copy, as a window receives it: its round clocks walk their pauses one by one. */
const plain = (state: EventState): EventState => JSON.parse(JSON.stringify(state)) as EventState;

type Op =
  | { kind: 'pause' | 'resume' | 'register' | 'adjust' | 'redo' | 'undo-last' }
  | { kind: 'extend'; table: number }
  | { kind: 'drop'; pick: number }
  | { kind: 'undo'; pick: number };

const ops = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<Op>({ kind: 'pause' }, { kind: 'resume' }) },
    { weight: 1, arbitrary: fc.constantFrom<Op>({ kind: 'register' }, { kind: 'adjust' }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 }).map((table): Op => ({ kind: 'extend', table })) },
    { weight: 1, arbitrary: fc.nat().map((pick): Op => ({ kind: 'drop', pick })) },
    { weight: 3, arbitrary: fc.nat().map((pick): Op => ({ kind: 'undo', pick })) },
    { weight: 3, arbitrary: fc.constantFrom<Op>({ kind: 'redo' }, { kind: 'undo-last' }) },
  ),
  { maxLength: 70 },
);

/** The command an op stands for, given the journal so far (undefined: nothing to do). */
function commandOf(op: Op, journal: readonly Command[], minute: number): Command | undefined {
  const at = T0 + minute * M;
  switch (op.kind) {
    case 'pause':
      return { type: 'pause-clock', round: 1, at, ...(minute % 3 === 0 ? { reason: `pause ${minute}` } : {}) };
    case 'resume':
      return { type: 'resume-clock', round: 1, at };
    case 'adjust':
      return { type: 'adjust-clock', round: 1, minutes: minute % 2 === 0 ? 2 : -1, reason: 'late start', at };
    case 'extend':
      return { type: 'extend-table', round: 1, table: op.table, reason: 'other', minutes: 1, at };
    case 'register':
      return { type: 'register-player', player: { id: `n${minute}`, name: `New ${minute}` }, draw: minute };
    case 'drop':
      return { type: 'drop-player', id: `p${(op.pick % 4) + 1}` };
    case 'undo':
      return { type: 'undo', target: 1 + (op.pick % (journal.length - 1)) };
    case 'redo': {
      // An undo of the newest undo: with a run of these, a chain of undos of undos.
      const last = journal.findLastIndex((c) => c.type === 'undo');
      return last < 0 ? undefined : { type: 'undo', target: last };
    }
    case 'undo-last': {
      const last = journal.findLastIndex((c) => c.type !== 'undo');
      return last < 1 ? undefined : { type: 'undo', target: last };
    }
  }
}

describe('the fold of a save agrees with replay()', () => {
  it('over random journals of undos, chains of undos and clock commands (fast-check)', () => {
    fc.assert(
      fc.property(ops, (list) => {
        const journal = start();
        const fold = new JournalFold();
        for (const command of journal) fold.commit(fold.prepare(command));
        list.forEach((op, i) => {
          const command = commandOf(op, journal, i + 1);
          if (!command) return;
          let accepted = true;
          try {
            fold.commit(fold.prepare(command));
          } catch (error) {
            if (!(error instanceof PodiumError)) throw error;
            accepted = false;
          }
          // The naive fold refuses exactly what the incremental one refuses.
          let naive: EventState | undefined;
          let naiveRefused = false;
          try {
            naive = replay(entriesOf([...journal, command]));
          } catch (error) {
            if (!(error instanceof PodiumError)) throw error;
            naiveRefused = true;
          }
          expect(accepted).toBe(!naiveRefused);
          if (!accepted) return;
          journal.push(command);
          expect(fold.state).toEqual(naive);
          const undone = naiveUndone(journal);
          for (let seq = 0; seq < journal.length; seq++) expect(fold.isUndone(seq)).toBe(undone.has(seq));
        });
        // The clock as the windows see it: the fold's own state (binary search) and a plain copy (walk).
        const state = fold.state as EventState;
        for (const minute of [0, 10, 35, 60, 90]) expect(clockView(state, T0 + minute * M + 7)).toEqual(clockView(plain(state), T0 + minute * M + 7));
      }),
      { numRuns: 150 },
    );
  });

  it('a long chain of undos of undos redoes and undoes the same command, in the state and in isUndone', () => {
    const journal = start();
    const dropSeq = journal.push({ type: 'drop-player', id: 'p4' }) - 1;
    journal.push({ type: 'undo', target: dropSeq });
    for (let i = 0; i < 2999; i++) journal.push({ type: 'undo', target: journal.length - 1 });
    const reading = readJournal(save(journal));
    expect(reading.damage).toBeUndefined();
    // 3000 undos: an even number, so the drop stands again, and every other undo counts.
    expect(reading.state).toEqual(replay(entriesOf(journal)));
    expect(reading.state.players.find((p) => p.id === 'p4')?.droppedAfterRound).toBe(1);
    const undone = naiveUndone(journal);
    for (let seq = dropSeq; seq < journal.length; seq++) expect(reading.fold.isUndone(seq)).toBe(undone.has(seq));
  });

  it('an undo the rules refuse (a later command depends on it) is damage at its line, with the state before it', () => {
    const journal = start();
    journal.push({ type: 'pause-clock', round: 1, at: T0 + M }, { type: 'resume-clock', round: 1, at: T0 + 2 * M });
    journal.push({ type: 'undo', target: journal.length - 2 }); // the pause, which the resume needs
    const reading = readJournal(save(journal));
    expect(reading.damage).toMatchObject({ line: journal.length + 1, message: expect.stringMatching(/undoing journal entry 7 \(pause-clock\) is not possible: entry 8 \(resume-clock\) depends on it/) });
    expect(reading.state).toEqual(replay(entriesOf(journal.slice(0, -1))));
  });
});

describe('the clock of a long save', () => {
  it('the running time and the wall time of a mark agree with the pause-by-pause walk', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 * M }), fc.integer({ min: 0, max: 5 * M })), { maxLength: 40 }),
        fc.boolean(),
        fc.array(fc.integer({ min: -M, max: 400 * M }), { minLength: 1, maxLength: 20 }),
        (gaps, leaveOpen, probes) => {
          let state = start().reduce<EventState | undefined>((s, c) => apply(s, c), undefined) as EventState;
          let t = T0;
          gaps.forEach(([running, paused], i) => {
            t += running;
            state = apply(state, { type: 'pause-clock', round: 1, at: t });
            if (leaveOpen && i === gaps.length - 1) return;
            t += paused;
            state = apply(state, { type: 'resume-clock', round: 1, at: t });
          });
          const folded = state.clock?.rounds[0];
          const walked = plain(state).clock?.rounds[0];
          if (!folded || !walked) throw new Error('no round clock');
          for (const probe of probes) {
            expect(runningAt(folded, T0 + probe)).toBe(runningAt(walked, T0 + probe));
            expect(wallTimeAt(folded, probe)).toBe(wallTimeAt(walked, probe));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('folding on from an older state (a re-fold after an undo) leaves the newer states as they were', () => {
    let state = start().reduce<EventState | undefined>((s, c) => apply(s, c), undefined) as EventState;
    const states: EventState[] = [];
    for (let i = 1; i <= 40; i++) {
      state = apply(state, i % 2 === 1 ? { type: 'pause-clock', round: 1, at: T0 + i * M, reason: `p${i}` } : { type: 'resume-clock', round: 1, at: T0 + i * M });
      states.push(state);
    }
    const copies = states.map(plain);
    // From the state after 20 commands: the same pause again (shared), then other ones (a fork).
    const older = states[19] as EventState;
    const same = apply(older, { type: 'pause-clock', round: 1, at: T0 + 21 * M, reason: 'p21' });
    const forked = apply(same, { type: 'resume-clock', round: 1, at: T0 + 30 * M });
    const other = apply(forked, { type: 'pause-clock', round: 1, at: T0 + 31 * M, reason: 'other' });
    expect(plain(same)).toEqual(copies[20]);
    expect(other.clock?.rounds[0]?.pauses.slice(-2)).toEqual([
      { at: T0 + 21 * M, reason: 'p21', resumedAt: T0 + 30 * M },
      { at: T0 + 31 * M, reason: 'other' },
    ]);
    states.forEach((s, i) => expect(plain(s)).toEqual(copies[i]));
    for (const s of [...states, same, forked, other]) expect(clockView(s, T0 + 50 * M)).toEqual(clockView(plain(s), T0 + 50 * M));
  });

  it('a state is plain data: its JSON copy equals it, and the lists read as arrays', () => {
    let state = start().reduce<EventState | undefined>((s, c) => apply(s, c), undefined) as EventState;
    for (let i = 1; i <= 60; i++) state = apply(state, { type: i % 2 ? 'pause-clock' : 'resume-clock', round: 1, at: T0 + i * M });
    state = apply(state, { type: 'adjust-clock', round: 1, minutes: 5, reason: 'late start', at: T0 + 61 * M });
    const clock = state.clock?.rounds[0];
    expect(Array.isArray(clock?.pauses)).toBe(true);
    expect(clock?.pauses).toHaveLength(30);
    expect(Object.keys(clock ?? {})).toEqual(['round', 'startedAt', 'minutes', 'procedure', 'final', 'intentionalDrawMinutes', 'pauses', 'adjustments', 'extensions', 'playersInGame', 'extraTurns', 'intentionalDraws', 'results']);
    expect(plain(state)).toEqual(state);
    expect(structuredClone(state)).toEqual(plain(state));
    expect({ ...clock }).toEqual(plain(state).clock?.rounds[0]);
  });
});

describe('the work of opening grows in proportion to the save', () => {
  /** The fold's work beyond one step per line, opening `journal`. */
  const work = (journal: Command[]): number => readJournal(save(journal)).fold.extraWork;

  it('for a chain of undos of undos', () => {
    const chain = (undos: number): Command[] => {
      const journal = start();
      journal.push({ type: 'drop-player', id: 'p4' });
      for (let i = 0; i < undos; i++) journal.push({ type: 'undo', target: journal.length - 1 });
      return journal;
    };
    const small = work(chain(1000));
    const large = work(chain(4000));
    expect(large).toBeLessThanOrEqual(4 * small + 100);
  });

  it('for many undos of recent commands, and redos of them', () => {
    const recent = (pairs: number): Command[] => {
      const journal = start();
      for (let i = 1; i <= pairs; i++) {
        journal.push({ type: 'register-player', player: { id: `n${i}`, name: `New ${i}` }, draw: i });
        journal.push({ type: 'undo', target: journal.length - 1 });
        if (i % 3 === 0) journal.push({ type: 'undo', target: journal.length - 1 });
      }
      return journal;
    };
    const small = work(recent(500));
    const large = work(recent(2000));
    expect(large).toBeLessThanOrEqual(4 * small + 100);
  });

  it('for a chain of undos of undos of an early command of a long save (a redo needs no re-fold)', () => {
    const toggled = (lines: number, undos: number): Command[] => {
      const journal = start();
      const dropSeq = journal.push({ type: 'drop-player', id: 'p4' }) - 1;
      for (let i = 1; i <= lines; i++) journal.push(i % 2 ? { type: 'pause-clock', round: 1, at: T0 + i * M } : { type: 'resume-clock', round: 1, at: T0 + i * M });
      journal.push({ type: 'undo', target: dropSeq });
      for (let i = 1; i < undos; i++) journal.push({ type: 'undo', target: journal.length - 1 });
      return journal;
    };
    const journal = toggled(4000, 1000);
    const reading = readJournal(save(journal));
    expect(reading.state).toEqual(replay(entriesOf(journal)));
    // Re-folding the save for every undo would be 1000 × 4000 commands; a tenth of that is plenty.
    expect(reading.fold.extraWork).toBeLessThan((1000 * 4000) / 10);
    expect(work(toggled(4000, 4000))).toBeLessThanOrEqual(4 * reading.fold.extraWork + 100);
  });

  it('for undos scattered over a long save (each re-folds from a checkpoint near its command)', () => {
    const scattered = (n: number): Command[] => {
      const journal = start();
      for (let i = 1; i <= n; i++) {
        journal.push(i % 2 ? { type: 'pause-clock', round: 1, at: T0 + i * M } : { type: 'resume-clock', round: 1, at: T0 + i * M });
        if (i % 20 === 0) journal.push({ type: 'undo', target: journal.length - 1 }, { type: 'undo', target: journal.length });
      }
      return journal;
    };
    const small = work(scattered(2000));
    const large = work(scattered(8000));
    expect(large).toBeLessThanOrEqual(4 * small + 100);
  });
});

describe('readJournalAsync', () => {
  /** A save of `lines` clock pause/resume lines after the start. */
  const pauses = (lines: number): Command[] => {
    const journal = start();
    for (let i = 1; i <= lines; i++) journal.push(i % 2 ? { type: 'pause-clock', round: 1, at: T0 + i * 1000 } : { type: 'resume-clock', round: 1, at: T0 + i * 1000 });
    return journal;
  };
  const summary = (reading: JournalFileRead) => ({
    header: reading.header,
    entries: reading.entries,
    state: reading.state,
    notices: reading.notices,
    damage: reading.damage,
    torn: reading.torn,
    goodEnd: reading.goodEnd,
    length: reading.fold.length,
  });

  it('gives what readJournal gives: whole, torn, damaged and undone saves', async () => {
    const whole = save(pauses(300));
    const torn = whole.subarray(0, whole.length - 10);
    const damaged = Buffer.from(whole.toString('utf8').replace('"pause-clock"', '"pause-clocK"'));
    const withUndos = pauses(100);
    withUndos.push({ type: 'undo', target: 50 }, { type: 'undo', target: withUndos.length }, { type: 'undo', target: 99 });
    for (const bytes of [whole, torn, damaged, save(withUndos)]) {
      const reading = await readJournalAsync(bytes);
      expect(summary(reading)).toEqual(summary(readJournal(bytes)));
    }
  });

  it('lets timers and other callbacks run while a large save is read, and reports progress up to the total', async () => {
    const bytes = save(pauses(60_000));
    const total = bytes.toString('utf8').split('\n').length - 1;
    const progress: [number, number][] = [];
    let done = 0;
    const seenByTimers: number[] = [];
    const seenByImmediates: number[] = [];
    const timer = setInterval(() => seenByTimers.push(done), 1);
    let immediates = true;
    const immediate = (): void => {
      seenByImmediates.push(done);
      if (immediates) setImmediate(immediate);
    };
    setImmediate(immediate);
    try {
      const reading = await readJournalAsync(bytes, {
        onProgress: (d, t) => {
          progress.push([d, t]);
          done = d;
        },
      });
      expect(reading.entries).toHaveLength(60_000 + start().length);
    } finally {
      clearInterval(timer);
      immediates = false;
    }
    // Callbacks ran in the middle of the reading, not only before or after it.
    expect(seenByImmediates.some((d) => d > 0 && d < total)).toBe(true);
    expect(seenByTimers.some((d) => d > 0 && d < total)).toBe(true);
    expect(progress.every(([, t]) => t === total)).toBe(true);
    expect(progress.map(([d]) => d)).toEqual([...progress.map(([d]) => d)].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual([total, total]);
  });

  it('stops when its signal is aborted, and does not start on an aborted one', async () => {
    const bytes = save(pauses(20_000));
    const controller = new AbortController();
    const reading = readJournalAsync(bytes, { signal: controller.signal, onProgress: () => controller.abort() });
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    await expect(readJournalAsync(bytes, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
