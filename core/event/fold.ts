/**
 * The journal's commands folded into the event state, one command at a time, undo honoured: the
 * fold the host opens a save with and checks each new command against (electron/host/), and that
 * every device can run over the journal entries it is sent. Pure: no clock, no I/O; the host's
 * reader pauses between its steps (prepareSteps) to keep the event loop turning.
 *
 * Same semantics as replay() (apply.ts), which folds everything from the start and is the
 * reference the tests compare with; both take the effective-undo rule from undo.ts.
 */
import { PodiumError } from '../model/errors.js';
import type { EventState } from '../model/types.js';
import { announcementChange, apply } from './apply.js';
import { registerPlayers } from './apply-players.js';
import type { Command } from './commands.js';
import { UndoForest } from './undo.js';

// ---------------------------------------------------------------------------------------------
// Plausible times

/** Clock times outside these bounds cannot belong to a real event: a changed line or a wrong clock. */
export const PLAUSIBLE_FROM = Date.UTC(2000, 0, 1);
export const PLAUSIBLE_TO = Date.UTC(2100, 0, 1);

export function isPlausibleTime(ms: number): boolean {
  return ms >= PLAUSIBLE_FROM && ms <= PLAUSIBLE_TO;
}

function describeTime(ms: number): string {
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : String(ms);
}

/** How an implausible time is described (the journal reader says the same of an entry's time). */
export const OUTSIDE_PLAUSIBLE = 'outside any plausible event (before 2000-01-01 or after 2100-01-01)';

/** What is wrong with a command's time (`at`, epoch ms, on clock commands and results), if anything. */
export function implausibleCommandTime(command: Command): string | undefined {
  const at = 'at' in command ? command.at : undefined;
  if (at === undefined || isPlausibleTime(at)) return undefined;
  return `the ${command.type} command's time (at ${at} = ${describeTime(at)}) is ${OUTSIDE_PLAUSIBLE}`;
}

// ---------------------------------------------------------------------------------------------
// The fold

/**
 * States kept for re-folding after an undo, by the number of commands (undos aside) folded into
 * them: every DENSE-th among the last RECENT (an undo of a recent command re-folds a few), and
 * every SPARSE-th before that (bounded memory for a long save).
 */
const DENSE = 16;
const SPARSE = 256;
const RECENT = 1024;
/** A long re-fold gives the reader a chance to yield to the event loop every this many commands. */
const REFOLD_STEP = 64;

/** A command checked against the fold, ready to be committed once it is on disk. */
export interface Prepared {
  readonly seq: number;
  readonly command: Command;
  readonly state: EventState;
  /** For an undo: the command whose status it changes (`flip`, if any) and the checkpoints after `base` that go with the new state. */
  readonly undo?: { target: number; flip?: { seq: number; undone: boolean }; base: number; checkpoints: Map<number, EventState> };
}

type UndoCommand = Extract<Command, { type: 'undo' }>;
type RegisterPlayer = Extract<Command, { type: 'register-player' }>;

/**
 * The journal's commands folded into the event state, one command at a time. `prepare` checks a
 * command against the current state without changing anything (throws the PodiumError of apply);
 * `commit` adds it. An undo changes the status of at most one command (UndoForest); the state is
 * then re-folded from the checkpoint before that command, over the commands only (undos are
 * skipped without being visited), with the same semantics as core's replay().
 */
export class JournalFold {
  private readonly commands: Command[] = [];
  private current: EventState | undefined;
  private readonly forest = new UndoForest();
  /** The seqs of the commands that are not undos, in order, and each one's place among them (-1 for an undo). */
  private readonly folded: number[] = [];
  private readonly placeOf: number[] = [];
  /** k → the state of the first k commands of `folded` (0 → no event yet). */
  private readonly checkpoints = new Map<number, EventState | undefined>([[0, undefined]]);
  /** Commands re-folded after undos (and checkpoints swapped back). */
  private refolded = 0;
  /**
   * The last undo that changed a command's status, while nothing else has changed since: the
   * state and checkpoints from before it. Undoing that undo (a redo; in a chain of undos of undos,
   * every other one) brings exactly those back, so it needs no re-fold.
   */
  private lastFlip:
    | { seq: number; undone: boolean; folded: number; base: number; state: EventState; checkpoints: Map<number, EventState> }
    | undefined;

  get length(): number {
    return this.commands.length;
  }

  get state(): EventState | undefined {
    return this.current;
  }

  isUndone(seq: number): boolean {
    return this.forest.isUndone(seq);
  }

  /** The undo that reverts entry `seq` (the newest undo of it not itself undone), if it is undone. */
  undoneBy(seq: number): number | undefined {
    return this.forest.undoneBy(seq);
  }

  /**
   * The work done so far beyond one step per entry: commands re-folded after undos, and steps of
   * the undo bookkeeping. It grows in proportion to the save for the saves a station writes (the
   * tests check that; they never time anything).
   */
  get extraWork(): number {
    return this.refolded + this.forest.steps;
  }

  prepare(command: Command): Prepared {
    const steps = this.prepareSteps(command);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /** As `prepare`, pausing now and then during a long re-fold (for readJournalAsync). */
  *prepareSteps(command: Command): Generator<void, Prepared, void> {
    const seq = this.commands.length;
    const time = implausibleCommandTime(command);
    if (time) throw new PodiumError('invalid-input', `${time}: check this computer's date and time`);
    if (command.type === 'undo') return yield* this.prepareUndo(seq, command);
    return { seq, command, state: apply(this.current, command) };
  }

  /**
   * Several commands checked in order, each against the state the ones before it leave, without
   * changing anything; committed one by one once all are on disk (a batch: all or nothing). No
   * undo in a batch. A refusal names the command's place: "command 3 of 10000 (register-player): …".
   *
   * A run of registrations (a CSV import) is folded a stretch at a time (registerPlayers): one
   * players list per checkpoint rather than per command, which would be quadratic. A Prepared
   * inside a stretch carries the state at its stretch's end — exact for the command that ends it:
   * every one that commit checkpoints (every DENSE-th folded) and the batch's last, so once the
   * whole batch is committed the fold holds exactly the states one-by-one preparing would give.
   */
  prepareMany(commands: readonly Command[]): Prepared[] {
    let state = this.current;
    let seq = this.commands.length;
    const prepared: Prepared[] = [];
    const placeOf = (index: number): string => `command ${index + 1} of ${commands.length} (${(commands[index] as Command).type})`;
    for (let index = 0; index < commands.length; ) {
      const run = state ? this.registrationRun(commands, index) : 0;
      if (run > 1) {
        const registrations = commands.slice(index, index + run) as RegisterPlayer[];
        // After the i-th of the run, commit will have folded (folded before the batch) + index + i commands.
        const before = this.folded.length + index;
        const counts: number[] = [];
        for (let i = 1; i <= run; i++) if ((before + i) % DENSE === 0 || i === run) counts.push(i);
        const states = registerPlayers(state as EventState, registrations, counts, (i) => `${placeOf(index + i)}: `);
        let stretch = 0;
        registrations.forEach((command, i) => {
          if (i + 1 > (counts[stretch] as number)) stretch++;
          prepared.push({ seq: seq++, command, state: states[stretch] as EventState });
        });
        state = states[states.length - 1];
        index += run;
        continue;
      }
      const command = commands[index] as Command;
      const place = placeOf(index);
      if (command.type === 'undo') throw new PodiumError('invalid-command', `${place}: an undo cannot be part of a batch`);
      const time = implausibleCommandTime(command);
      if (time) throw new PodiumError('invalid-input', `${place}: ${time}: check this computer's date and time`);
      try {
        state = apply(state, command);
      } catch (error) {
        if (error instanceof PodiumError) throw new PodiumError(error.code, `${place}: ${error.message}`);
        throw error;
      }
      prepared.push({ seq: seq++, command, state });
      index++;
    }
    return prepared;
  }

  /** How many registrations follow one another from `from` (with no time to refuse: they carry none). */
  private registrationRun(commands: readonly Command[], from: number): number {
    let end = from;
    while (end < commands.length && (commands[end] as Command).type === 'register-player' && !implausibleCommandTime(commands[end] as Command)) end++;
    return end - from;
  }

  commit(prepared: Prepared): void {
    const seq = this.commands.length;
    if (prepared.seq !== seq) throw new Error(`journal fold: commit of entry ${prepared.seq} at ${seq}`);
    this.commands.push(prepared.command);
    const before = this.current;
    this.current = prepared.state;
    if (prepared.command.type !== 'undo') {
      this.forest.addCommand();
      this.placeOf.push(this.folded.length);
      this.folded.push(seq);
      const count = this.folded.length;
      if (count % DENSE === 0) {
        this.checkpoints.set(count, this.current);
        const old = count - RECENT;
        if (old > 0 && old % SPARSE !== 0) this.checkpoints.delete(old);
      }
      return;
    }
    this.placeOf.push(-1);
    const undo = prepared.undo;
    if (!undo) throw new Error('journal fold: an undo prepared without its effect');
    const flip = this.forest.addUndo(undo.target);
    if (flip?.seq !== undo.flip?.seq || flip?.undone !== undo.flip?.undone) throw new Error('journal fold: an undo changed differently than prepared');
    if (!flip) return;
    const replaced = new Map<number, EventState>();
    for (let k = undo.base + DENSE; k <= this.folded.length; k += DENSE) {
      const state = this.checkpoints.get(k);
      if (state) replaced.set(k, state);
      this.checkpoints.delete(k);
    }
    for (const [k, state] of undo.checkpoints) this.checkpoints.set(k, state);
    this.lastFlip = { ...flip, folded: this.folded.length, base: undo.base, state: before as EventState, checkpoints: replaced };
  }

  /** Is checkpoint k kept while `count` commands are folded? */
  private keeps(k: number, count: number): boolean {
    return k % DENSE === 0 && (k % SPARSE === 0 || k > count - RECENT);
  }

  private *prepareUndo(seq: number, command: UndoCommand): Generator<void, Prepared, void> {
    const target = command.target;
    if (target >= seq) throw new PodiumError('invalid-command', `undo: there is no journal entry ${target} (the last is ${seq - 1})`);
    const targeted = this.commands[target] as Command;
    if (targeted.type === 'create-event') throw new PodiumError('not-allowed', 'undo: creating the event cannot be undone');
    const flip = this.forest.preview(target);
    if (!flip) return { seq, command, state: this.current as EventState, undo: { target, base: 0, checkpoints: new Map() } };
    const last = this.lastFlip;
    if (last && last.seq === flip.seq && last.undone !== flip.undone && last.folded === this.folded.length) {
      // Back to the statuses from before the last change (no command was added since): its state.
      this.refolded += last.checkpoints.size;
      return { seq, command, state: last.state, undo: { target, flip, base: last.base, checkpoints: last.checkpoints } };
    }

    const place = this.placeOf[flip.seq] as number;
    let base = place - (place % DENSE);
    while (!this.checkpoints.has(base)) base -= DENSE;
    let state = this.checkpoints.get(base);
    const count = this.folded.length;
    const checkpoints = new Map<number, EventState>();
    for (let k = base; k < count; k++) {
      if (k > base && state && this.keeps(k, count)) checkpoints.set(k, state);
      const i = this.folded[k] as number;
      this.refolded++;
      const undone = i === flip.seq ? flip.undone : this.forest.isUndone(i);
      if (undone) continue;
      const entry = this.commands[i] as Command;
      try {
        state = apply(state, entry);
      } catch (error) {
        if (!(error instanceof PodiumError)) throw error;
        // The new undo is never undone, so its target always is: "undoing" (an undo's target too).
        throw new PodiumError(
          'not-allowed',
          `undoing journal entry ${target} (${targeted.type}) is not possible: entry ${i} (${entry.type}) depends on it — ${error.message}`,
        );
      }
      if ((k - base) % REFOLD_STEP === REFOLD_STEP - 1) yield;
    }
    if (!state) throw new PodiumError('not-allowed', 'undo: the event would no longer exist');
    // MTR 10.2: an undo no more changes the announced rounds after round 1 than a new setting does.
    const kept = announcementChange(this.current, state);
    if (kept) throw new PodiumError('not-allowed', `undoing journal entry ${target} (${targeted.type}) is not possible: ${kept}`);
    return { seq, command, state, undo: { target, flip, base, checkpoints } };
  }
}
