/**
 * The `*.podium` journal format (ARCHITECTURE "The event save"), without any file access: turning
 * entries into lines, reading and verifying a whole save's bytes, and folding the commands into the
 * event state (undo honoured) incrementally, so the store can validate each new command against the
 * state it will apply to.
 *
 * A save, format 1:
 *
 *   {"podium":"event-journal","format":1,"eventId":"...","createdAt":"..."}
 *   {"seq":0,"at":"...","station":"...","command":{"type":"create-event",...},"sum":"0123456789abcdef"}
 *   {"seq":1,...}
 *
 * Every line ends with "\n". `sum` is the first 16 hex digits of the SHA-256 of the line's JSON
 * without `sum` — exactly the line's text with `,"sum":"…"` removed, so any changed byte shows. `seq`
 * starts at 0 (the create-event command) and increases by 1 per line.
 *
 * Reading (readJournal) never changes anything: it reports what it found. A torn last line (no
 * final newline, or not even JSON: a crash mid-write) is reported with the byte offset where the
 * good part ends, for the store to cut; any other damage is reported with its line and makes the
 * save read-only, with the state of the lines before it. Also reported as damage at their line:
 * a time outside any plausible event (before 2000-01-01 or after 2100-01-01) in an entry's `at`
 * or a command's `at` (the fold refuses such a command before it is written, too).
 *
 * Line endings converted to CRLF (a Windows editor, a file transfer, git's autocrlf): "\r\n" is
 * read as a line end and each line verified without the "\r", so nothing is lost; but the store
 * appends "\n" lines, and a file of two kinds of line ends is one more thing for the next tool to
 * change, so such a save opens read-only with all its commands, its damage notice saying exactly
 * that ("the line endings were changed to CRLF (Windows) …"), and "Save a repaired copy" writes a
 * normal file (every entry written anew).
 *
 * Opening is linear in the save's size: the clock keeps its lists shared between states
 * (core/clock/shared.ts), an undo changes the status of at most one command (UndoForest) and
 * re-folds from a nearby checkpoint. readJournalAsync reads in slices so the host keeps answering
 * and ticking while a large save opens; readJournal (the command line) runs the same steps at once.
 */
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { Notice } from '../../core/api/contract.js';
import { apply } from '../../core/event/apply.js';
import { type Command, parseCommand } from '../../core/event/commands.js';
import { type PodiumErrorCode, PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import type { JournalEntry, JournalHeader } from './journal-types.js';

/** The format this Podium writes. */
export const JOURNAL_FORMAT = 1;
const SUM_CHARS = 16;
const SUM_SUFFIX = /,"sum":"([0-9a-f]{16})"\}$/;
const ENTRY_KEYS = ['seq', 'at', 'station', 'command', 'sum'];
const HEADER_KEYS = ['podium', 'format', 'eventId', 'createdAt'];

/**
 * A save that cannot be opened at all (not a save, a format from the future, damage before the
 * event exists). `line` is the 1-based line of the problem; `notices` say the same for a UI.
 */
export class JournalError extends PodiumError {
  readonly line: number | undefined;
  readonly notices: Notice[];
  constructor(code: PodiumErrorCode, message: string, line?: number) {
    super(code, line === undefined ? message : `line ${line}: ${message}`);
    this.line = line;
    this.notices = [{ kind: 'damaged', message, ...(line !== undefined ? { line } : {}) }];
  }
}

export function checksum(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex').slice(0, SUM_CHARS);
}

export function headerLine(header: JournalHeader): string {
  return `${JSON.stringify({ podium: header.podium, format: header.format, eventId: header.eventId, createdAt: header.createdAt })}\n`;
}

export function entryLine(entry: JournalEntry): string {
  const body = JSON.stringify({ seq: entry.seq, at: entry.at, station: entry.station, command: entry.command });
  return `${body.slice(0, -1)},"sum":"${checksum(body)}"}\n`;
}

/** The 1-based line of the save that holds entry `seq` (the header is line 1). */
export function lineOfSeq(seq: number): number {
  return seq + 2;
}

// ---------------------------------------------------------------------------------------------
// Migrations

/**
 * Reading an older format: each entry line of that format becomes a current-format entry object
 * ({ seq, at, station, command }, no `sum`), or a message naming what is wrong with the line.
 * Migrations are in memory only: the file is never rewritten (the store opens it read-only and
 * "Save a repaired copy" writes the current format). Format 1 is the first, so none exist yet;
 * a format 2 that changes a line's shape adds `[1, { readLine }]` here.
 */
export interface Migration {
  readLine(text: string): { ok: true; entry: Record<string, unknown> } | { ok: false; message: string };
}

export const MIGRATIONS: ReadonlyMap<number, Migration> = new Map<number, Migration>();

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

const OUTSIDE = 'outside any plausible event (before 2000-01-01 or after 2100-01-01)';

/** What is wrong with a command's time (`at`, epoch ms, on clock commands and results), if anything. */
export function implausibleCommandTime(command: Command): string | undefined {
  const at = 'at' in command ? command.at : undefined;
  if (at === undefined || isPlausibleTime(at)) return undefined;
  return `the ${command.type} command's time (at ${at} = ${describeTime(at)}) is ${OUTSIDE}`;
}

/** What is wrong with an entry's time (`at`, ISO text parsed to `ms`), if anything. */
function implausibleEntryTime(at: string, ms: number): string | undefined {
  return isPlausibleTime(ms) ? undefined : `the entry's time ${JSON.stringify(at.slice(0, 40))} is ${OUTSIDE}`;
}

// ---------------------------------------------------------------------------------------------
// Which entries are undone

/**
 * The undo rule of core's replay() kept up to date one entry at a time: an entry is undone when an
 * undo that is not itself undone targets it (so later undos decide about earlier ones, and undoing
 * an undo redoes). Entries form trees: an undo hangs under its target, every other command is a
 * root; each new undo is a new leaf, never undone, so its target becomes undone, which may change
 * its target's target, and so on up to at most one root — the one command whose status changes.
 *
 * Recomputing that walk per undo is quadratic for a chain (an undo of the undo of the undo …, each
 * new one flips every link). So the trees are cut into chains: runs of entries each targeted by
 * exactly one undo, whose statuses simply alternate. A chain flips as a whole with one bit; an
 * entry's status is that bit XOR the parity of its depth. Where two or more undos target an entry,
 * it keeps the count of those not undone, and a change passes up only when that count crosses 0/1.
 * Adding an undo is O(1) plus one step per such entry whose status changes (none, in the saves a
 * station writes: a chain, or undos of recent commands); splitting a chain when an entry gets a
 * second undo relabels the shorter part, O(log n) per entry over a whole save.
 */
class UndoForest {
  /** Per entry: its undo's target (-1 for other commands), depth below its root, undos targeting it. */
  private readonly parent: number[] = [];
  private readonly depth: number[] = [];
  private readonly children: number[] = [];
  /** The undo targeting it, while there is exactly one. */
  private readonly onlyChild: number[] = [];
  /** With two or more undos targeting it: how many of them are not undone. */
  private readonly live: number[] = [];
  private readonly chainOf: number[] = [];
  /** Per chain: its first and last entry (top = nearest the root), and its flip bit. */
  private readonly top: number[] = [];
  private readonly bottom: number[] = [];
  private readonly flip: number[] = [];
  /** Steps taken beyond O(1) per undo: entries passed on the way up, entries relabelled by splits. */
  steps = 0;

  get size(): number {
    return this.parent.length;
  }

  isUndone(seq: number): boolean {
    const chain = this.chainOf[seq];
    if (chain === undefined) return false;
    return (((this.flip[chain] as number) ^ (this.depth[seq] as number)) & 1) === 1;
  }

  /** A command that is not an undo (a new root). */
  addCommand(): void {
    const seq = this.parent.length;
    this.parent.push(-1);
    this.depth.push(0);
    this.pushNode(this.newChain(seq, seq, 0));
  }

  /**
   * What adding an undo of `target` would change: the root command whose status flips, or
   * undefined when none does. Changes nothing.
   */
  preview(target: number): { seq: number; undone: boolean } | undefined {
    if (this.isUndone(target)) return undefined; // it stays undone, by one more undo
    let x = this.topOf(target);
    let undone = !this.isUndone(x);
    for (;;) {
      const p = this.parent[x] as number;
      if (p < 0) return { seq: x, undone };
      const live = this.live[p] as number;
      if (undone ? live !== 1 : live !== 0) return undefined;
      x = this.topOf(p);
      undone = !this.isUndone(x);
    }
  }

  /** Add an undo of `target` (the next entry); returns what `preview` said. */
  addUndo(target: number): { seq: number; undone: boolean } | undefined {
    const seq = this.parent.length;
    this.parent.push(target);
    this.depth.push((this.depth[target] as number) + 1);
    const before = this.isUndone(target);
    const siblings = this.children[target] as number;
    if (siblings === 0) {
      // The leaf target's chain grows by the new undo: everything in it flips.
      const chain = this.chainOf[target] as number;
      this.pushNode(chain);
      this.bottom[chain] = seq;
      this.toggle(chain);
      this.onlyChild[target] = seq;
    } else {
      if (siblings === 1) {
        this.split(target);
        this.live[target] = this.isUndone(this.onlyChild[target] as number) ? 0 : 1;
      }
      this.live[target] = (this.live[target] as number) + 1;
      // A chain of its own, whose flip bit makes it not undone.
      this.pushNode(this.newChain(seq, seq, (this.depth[seq] as number) & 1));
      if (!before) this.toggle(this.chainOf[target] as number);
    }
    this.children[target] = siblings + 1;
    if (before) return undefined;
    // The target's chain flipped up to its top; pass the change up as preview() does.
    let x = this.topOf(target);
    for (;;) {
      const p = this.parent[x] as number;
      if (p < 0) return { seq: x, undone: this.isUndone(x) };
      this.steps++;
      const undone = this.isUndone(x);
      const live = (this.live[p] as number) + (undone ? -1 : 1);
      this.live[p] = live;
      if (undone ? live !== 0 : live !== 1) return undefined;
      this.toggle(this.chainOf[p] as number);
      x = this.topOf(p);
    }
  }

  private pushNode(chain: number): void {
    this.children.push(0);
    this.onlyChild.push(-1);
    this.live.push(0);
    this.chainOf.push(chain);
  }

  private newChain(top: number, bottom: number, flip: number): number {
    this.top.push(top);
    this.bottom.push(bottom);
    this.flip.push(flip);
    return this.top.length - 1;
  }

  private topOf(seq: number): number {
    return this.top[this.chainOf[seq] as number] as number;
  }

  private toggle(chain: number): void {
    this.flip[chain] = (this.flip[chain] as number) ^ 1;
  }

  /** `seq`, in the middle of its chain, gets a second undo: cut the chain below it (relabel the shorter part). */
  private split(seq: number): void {
    const chain = this.chainOf[seq] as number;
    const below = this.onlyChild[seq] as number;
    const top = this.top[chain] as number;
    const bottom = this.bottom[chain] as number;
    const upper = (this.depth[seq] as number) - (this.depth[top] as number) + 1;
    const lower = (this.depth[bottom] as number) - (this.depth[seq] as number);
    if (upper <= lower) {
      const moved = this.newChain(top, seq, this.flip[chain] as number);
      for (let x = seq; ; x = this.parent[x] as number) {
        this.steps++;
        this.chainOf[x] = moved;
        if (x === top) break;
      }
      this.top[chain] = below;
    } else {
      const moved = this.newChain(below, bottom, this.flip[chain] as number);
      for (let x = below; ; x = this.onlyChild[x] as number) {
        this.steps++;
        this.chainOf[x] = moved;
        if (x === bottom) break;
      }
      this.bottom[chain] = seq;
    }
  }
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
    return { seq, command, state, undo: { target, flip, base, checkpoints } };
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a save

export interface JournalReading {
  header: JournalHeader;
  /** The good entries, in order (all of them, when nothing is damaged). */
  entries: JournalEntry[];
  /** Their fold, ready for more commands. */
  fold: JournalFold;
  state: EventState;
  /** What the scorekeeper should know: damage, a torn tail, a migration. */
  notices: Notice[];
  /** Damage other than a torn last line (or line endings changed to CRLF): the save is read-only. */
  damage?: { line: number; message: string };
  /** A torn last line: `offset` is where it starts (the good part's length). */
  torn?: { line: number; offset: number };
  /** Bytes of the header and the good lines. */
  goodEnd: number;
  /** The older format migrated in memory, if any. */
  migratedFrom?: number;
}

export interface ReadJournalOptions {
  /** Lines read so far of all the save's lines; called now and then, and at the end with (total, total). */
  onProgress?: (done: number, total: number) => void;
  /** Stop reading (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

type Parsed = { ok: true; text: string; value: unknown } | { ok: false; message: string };

/** Parse a line's text: JSON for the current format, the migration's reader for an older one. */
function parseText(text: string | undefined, migration?: Migration): Parsed {
  if (text === undefined) return { ok: false, message: 'the line is not valid UTF-8 text' };
  if (text === '') return { ok: false, message: 'the line is empty' };
  if (migration) {
    const migrated = migration.readLine(text);
    return migrated.ok ? { ok: true, text, value: migrated.entry } : migrated;
  }
  try {
    return { ok: true, text, value: JSON.parse(text) as unknown };
  } catch (error) {
    const detail = error instanceof Error ? `: ${error.message.slice(0, 120)}` : '';
    return { ok: false, message: `the line is not valid JSON${detail}` };
  }
}

/**
 * The save's lines as byte ranges (`end` without the "\n", and without a "\r" before it), whether
 * the last one ends in "\n", and the first line (1-based) that ended in "\r\n", if any.
 */
interface Lines {
  count: number;
  start: number[];
  end: number[];
  lastTerminated: boolean;
  firstCrlf: number | undefined;
}

/** Lines of this many are split, or checked for UTF-8, between two chances to yield. */
const LINES_PER_STEP = 4096;

function* splitLines(buffer: Buffer): Generator<void, Lines, void> {
  const start: number[] = [];
  const end: number[] = [];
  let lastTerminated = true;
  let firstCrlf: number | undefined;
  for (let pos = 0; pos < buffer.length; ) {
    if (start.length % LINES_PER_STEP === LINES_PER_STEP - 1) yield;
    const nl = buffer.indexOf(10, pos);
    start.push(pos);
    if (nl < 0) {
      end.push(buffer.length);
      lastTerminated = false;
      break;
    }
    const crlf = nl > pos && buffer[nl - 1] === 13;
    if (crlf && firstCrlf === undefined) firstCrlf = start.length;
    end.push(crlf ? nl - 1 : nl);
    pos = nl + 1;
  }
  return { count: start.length, start, end, lastTerminated, firstCrlf };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function describeKeys(value: Record<string, unknown>, expected: readonly string[]): string | undefined {
  const keys = Object.keys(value);
  const unknown = keys.filter((k) => !expected.includes(k));
  if (unknown.length > 0) return `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.slice(0, 5).map((k) => JSON.stringify(k.slice(0, 40))).join(', ')}`;
  const missing = expected.filter((k) => !keys.includes(k));
  if (missing.length > 0) return `missing field${missing.length > 1 ? 's' : ''} ${missing.map((k) => `"${k}"`).join(', ')}`;
  return undefined;
}

function readHeader(parsed: Parsed | undefined, terminated: boolean): { header: JournalHeader; migration?: Migration } {
  const notASave = 'not a Podium event save (the first line is not a Podium journal header)';
  if (parsed === undefined) throw new JournalError('invalid-input', 'the file is empty: not a Podium event save', 1);
  if (!parsed.ok || !isPlainObject(parsed.value) || parsed.value.podium !== 'event-journal') throw new JournalError('invalid-input', notASave, 1);
  const value = parsed.value;
  const format = value.format;
  if (typeof format !== 'number' || !Number.isInteger(format) || format < 0)
    throw new JournalError('invalid-input', `the save format ${JSON.stringify(format) ?? 'is missing'}${format === undefined ? '' : ' is not one Podium knows'}`, 1);
  if (format > JOURNAL_FORMAT)
    throw new JournalError(
      'invalid-input',
      `this save has format ${format}, written by a newer Podium; this one reads format ${JOURNAL_FORMAT} and older (open it with a newer Podium)`,
      1,
    );
  const migration = format < JOURNAL_FORMAT ? MIGRATIONS.get(format) : undefined;
  if (format < JOURNAL_FORMAT && !migration) throw new JournalError('invalid-input', `this save has format ${format}, which this Podium cannot read`, 1);
  // A future header may add fields only with a new format; an old one gets them from its migration.
  const keyProblem = migration ? undefined : describeKeys(value, HEADER_KEYS);
  if (keyProblem) throw new JournalError('invalid-input', `the header has ${keyProblem}`, 1);
  if (typeof value.eventId !== 'string' || value.eventId === '') throw new JournalError('invalid-input', 'the header has no event id', 1);
  if (typeof value.createdAt !== 'string') throw new JournalError('invalid-input', 'the header has no creation time', 1);
  if (!terminated) throw new JournalError('invalid-input', 'the save ends inside its first line (the header is incomplete)', 1);
  const header: JournalHeader = { podium: 'event-journal', format, eventId: value.eventId, createdAt: value.createdAt };
  return migration ? { header, migration } : { header };
}

/** The `sum` suffix in bytes: `,"sum":"` + 16 hex digits + `"}` (ASCII). */
const SUM_SUFFIX_BYTES = 26;

/**
 * Check one entry line (format current): the object with its checksum verified, or a problem.
 * `line` is the line's bytes: the checksum is taken over them (the same bytes as the text's UTF-8).
 */
function readEntry(parsed: Parsed, migration: Migration | undefined, line: Uint8Array): { ok: true; raw: Record<string, unknown> } | { ok: false; message: string } {
  if (!parsed.ok) return parsed;
  if (migration) return isPlainObject(parsed.value) ? { ok: true, raw: parsed.value } : { ok: false, message: 'the line is not a journal entry' };
  if (!isPlainObject(parsed.value)) return { ok: false, message: 'the line is not a journal entry (a JSON object)' };
  const match = SUM_SUFFIX.exec(parsed.text);
  if (!match) return { ok: false, message: 'the line has no checksum ("sum" as its last field)' };
  const sum = createHash('sha256').update(line.subarray(0, line.length - SUM_SUFFIX_BYTES)).update('}').digest('hex').slice(0, SUM_CHARS);
  if (sum !== match[1]) return { ok: false, message: 'checksum mismatch: the line was changed or damaged after it was written' };
  const keyProblem = describeKeys(parsed.value, ENTRY_KEYS);
  if (keyProblem) return { ok: false, message: `the entry has ${keyProblem}` };
  return { ok: true, raw: parsed.value };
}

/** The entry of a line that verified, with its command parsed, or what is wrong with it. */
function checkEntry(raw: Record<string, unknown>, seq: number, header: JournalHeader): { ok: true; entry: JournalEntry } | { ok: false; message: string } {
  if (raw.seq !== seq) {
    const given = raw.seq;
    return {
      ok: false,
      message:
        typeof given === 'number' && Number.isInteger(given)
          ? `sequence number ${given} where ${seq} was expected (${given < seq ? 'a line is repeated or out of order' : 'a line is missing'})`
          : `the sequence number is ${JSON.stringify(given)?.slice(0, 40) ?? 'missing'}, not ${seq}`,
    };
  }
  const at = raw.at;
  const ms = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  if (typeof at !== 'string' || Number.isNaN(ms)) return { ok: false, message: 'the entry has no valid time ("at")' };
  if (typeof raw.station !== 'string' || raw.station === '' || raw.station.length > 200) return { ok: false, message: 'the entry has no valid station name' };
  const parsedCommand = parseCommand(raw.command);
  if (!parsedCommand.ok) return parsedCommand;
  const command = parsedCommand.command;
  if (seq === 0 && command.type === 'create-event' && command.id !== header.eventId)
    return { ok: false, message: `the event id "${command.id.slice(0, 60)}" differs from the header's "${header.eventId.slice(0, 60)}"` };
  const time = implausibleEntryTime(at, ms) ?? implausibleCommandTime(command);
  if (time) return { ok: false, message: `${time}: the line was changed, or the computer's clock was wrong when it was written` };
  return { ok: true, entry: { seq, at, station: raw.station, command } };
}

/**
 * The text of line i. Lines are checked for UTF-8 a block of LINES_PER_STEP at a time (a line
 * break is never inside a character); a valid block (nearly always) is decoded by Buffer, which is
 * exact for valid UTF-8 and faster; else line by line, to find the bad one.
 */
function lineText(buffer: Buffer, lines: Lines, i: number, validBlocks: Map<number, boolean>): string | undefined {
  const start = lines.start[i] as number;
  const end = lines.end[i] as number;
  const block = Math.floor(i / LINES_PER_STEP);
  let valid = validBlocks.get(block);
  if (valid === undefined) {
    const first = lines.start[block * LINES_PER_STEP] as number;
    const last = lines.end[Math.min(lines.count, (block + 1) * LINES_PER_STEP) - 1] as number;
    valid = isUtf8(buffer.subarray(first, last));
    validBlocks.set(block, valid);
  }
  if (valid) return buffer.toString('utf8', start, end);
  try {
    return decoder.decode(buffer.subarray(start, end));
  } catch {
    return undefined;
  }
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Read a whole save, as steps: the generator pauses (yields) after every line and now and then
 * inside a long re-fold, with `progress` updated; readJournal runs it through at once,
 * readJournalAsync gives the event loop a turn between steps. One implementation for both.
 */
function* readSteps(bytes: Uint8Array, progress: { done: number; total: number }): Generator<void, JournalReading, void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lines = yield* splitLines(buffer);
  progress.total = lines.count;
  yield;
  const validBlocks = new Map<number, boolean>();
  const textOf = (i: number): string | undefined => lineText(buffer, lines, i, validBlocks);

  const { header, migration } = readHeader(lines.count > 0 ? parseText(textOf(0)) : undefined, lines.count > 1 || lines.lastTerminated);
  const notices: Notice[] = [];

  // A torn last line: no final newline, or (a crash that wrote the newline before the rest) not JSON.
  let last = lines.count - 1;
  let torn: { line: number; offset: number } | undefined;
  let lastParsed: Parsed | undefined;
  if (last >= 1) {
    lastParsed = parseText(textOf(last), migration);
    if (!lines.lastTerminated || !lastParsed.ok) {
      torn = { line: last + 1, offset: lines.start[last] as number };
      last--;
    }
  }

  const fold = new JournalFold();
  const entries: JournalEntry[] = [];
  let damage: { line: number; message: string } | undefined;
  for (let i = 1; i <= last && !damage; i++) {
    progress.done = i;
    const lineNo = i + 1;
    try {
      const parsed = i === lines.count - 1 && lastParsed ? lastParsed : parseText(textOf(i), migration);
      const read = readEntry(parsed, migration, buffer.subarray(lines.start[i] as number, lines.end[i] as number));
      const checked = read.ok ? checkEntry(read.raw, entries.length, header) : read;
      if (!checked.ok) {
        damage = { line: lineNo, message: checked.message };
        break;
      }
      const { entry } = checked;
      let prepared: Prepared;
      try {
        prepared = entry.command.type === 'undo' ? yield* fold.prepareSteps(entry.command) : fold.prepare(entry.command);
      } catch (error) {
        if (!(error instanceof PodiumError)) throw error;
        damage = { line: lineNo, message: `${entry.command.type} cannot be applied: ${error.message}` };
        break;
      }
      fold.commit(prepared);
      entries.push(entry);
    } catch (error) {
      // Anything else (a stack overflow on absurd nesting, a bug in a rule set): still damage.
      damage = { line: lineNo, message: `the line cannot be read: ${error instanceof Error ? error.message.slice(0, 160) : String(error)}` };
      break;
    }
    yield;
  }
  progress.done = lines.count;

  const state = fold.state;
  // A torn last line that happens to end in "\r\n" is garbage, not a sign of converted line endings.
  const crlf = lines.firstCrlf === torn?.line ? undefined : lines.firstCrlf;
  if (damage) {
    const found: { line: number; message: string } = damage;
    if (!state) {
      const error = new JournalError('invalid-input', `${found.message} (the event cannot be opened: its first command is unreadable)`, found.line);
      throw error;
    }
    notices.push({ kind: 'damaged', line: found.line, message: found.message });
    notices.push({
      kind: 'read-only',
      line: found.line,
      message: `The save is damaged at line ${found.line} and opened read-only with the ${plural(entries.length, 'command')} before it; nothing in the file was changed. Save a repaired copy to continue the event.`,
    });
    if (torn) notices.push({ kind: 'info', line: torn.line, message: `the last line (${torn.line}) is incomplete as well; it was left as it is` });
    if (crlf !== undefined)
      notices.push({ kind: 'info', line: crlf, message: `the line endings were also changed to CRLF (Windows), from line ${crlf}; a repaired copy has normal ones` });
    const lineStart = lines.start[found.line - 1] ?? buffer.length;
    return { header, entries, fold, state, notices, damage: found, goodEnd: lineStart, ...(migration ? { migratedFrom: header.format } : {}) };
  }
  if (!state) {
    throw new JournalError(
      'invalid-input',
      torn ? 'the line that creates the event is incomplete (the save was never finished)' : 'the save holds no event (the line that creates it is missing)',
      2,
    );
  }
  if (crlf !== undefined) {
    // Read, but not written to: appending "\n" lines would leave a file of two kinds of line ends.
    const found = {
      line: crlf,
      message: `the line endings were changed to CRLF (Windows), from line ${crlf} — by a text editor, a file transfer or git; every line still verifies without the added "\\r" and all ${plural(entries.length, 'command')} were read, but Podium only writes lines that end in "\\n"`,
    };
    notices.push({ kind: 'damaged', line: crlf, message: found.message });
    notices.push({
      kind: 'read-only',
      line: crlf,
      message: `The save's line endings were changed to CRLF (Windows), so it is opened read-only with all ${plural(entries.length, 'command')}; nothing in the file was changed. Save a repaired copy (written with normal line endings) to continue the event.`,
    });
    if (torn) notices.push({ kind: 'info', line: torn.line, message: `the last line (${torn.line}) is incomplete as well; it was left as it is` });
    const goodEnd = torn ? torn.offset : buffer.length;
    return { header, entries, fold, state, notices, damage: found, goodEnd, ...(torn ? { torn } : {}), ...(migration ? { migratedFrom: header.format } : {}) };
  }
  if (torn) notices.push({ kind: 'torn-line', line: torn.line, message: `line ${torn.line} was incomplete (Podium stopped while writing it)` });
  if (migration)
    notices.push({
      kind: 'migrated',
      message: `This save has the older format ${header.format}; it was read as format ${JOURNAL_FORMAT} and opened read-only (the file is unchanged). Save a repaired copy to continue in the current format.`,
    });
  return {
    header,
    entries,
    fold,
    state,
    notices,
    ...(torn ? { torn } : {}),
    goodEnd: torn ? torn.offset : buffer.length,
    ...(migration ? { migratedFrom: header.format } : {}),
  };
}

/**
 * Read a whole save. Returns what was found (a torn tail or damage is in `torn` / `damage` and
 * `notices`); throws a JournalError when there is no event to show at all (not a save, an unknown
 * or future format, damage at or before the line that creates the event).
 */
export function readJournal(bytes: Uint8Array): JournalReading {
  const steps = readSteps(bytes, { done: 0, total: 0 });
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** How long reading may hold the event loop before it lets the host answer and tick. */
const SLICE_MS = 10;

/**
 * readJournal without freezing the host: the same reading, in slices of about SLICE_MS of work
 * with a turn of the event loop (setImmediate) between them, so requests are answered and the
 * clock ticks while a large save opens. Reports progress in lines, at every slice and at the end.
 */
export async function readJournalAsync(bytes: Uint8Array, options: ReadJournalOptions = {}): Promise<JournalReading> {
  const { onProgress, signal } = options;
  signal?.throwIfAborted();
  const progress = { done: 0, total: 0 };
  const steps = readSteps(bytes, progress);
  let first = true;
  let since = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) {
      onProgress?.(progress.total, progress.total);
      return step.value;
    }
    if (first || performance.now() - since >= SLICE_MS) {
      first = false;
      // While the lines are still being split there is no total to report yet.
      if (progress.total > 0) onProgress?.(progress.done, progress.total);
      await new Promise<void>((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
      since = performance.now();
    }
  }
}
