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
 * save read-only, with the state of the lines before it.
 */
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
// The fold

/** Keep the state before every CHECKPOINT_EVERY-th entry, so an undo re-folds only a little. */
const CHECKPOINT_EVERY = 256;

/** A command checked against the fold, ready to be committed once it is on disk. */
export interface Prepared {
  readonly seq: number;
  readonly command: Command;
  readonly state: EventState;
  /** For an undo: the new set of undone entries and the re-folded checkpoints. */
  readonly undo?: { target: number; undone: Set<number>; base: number; checkpoints: Map<number, EventState> };
}

type UndoCommand = Extract<Command, { type: 'undo' }>;

/**
 * The journal's commands folded into the event state, one command at a time. `prepare` checks a
 * command against the current state without changing anything (throws the PodiumError of apply);
 * `commit` adds it. An undo re-folds from the checkpoint before the earliest entry whose undone
 * status it changes, with the same semantics as core's replay(): later undos decide about earlier
 * ones, and undoing an undo redoes.
 */
export class JournalFold {
  private readonly commands: Command[] = [];
  private current: EventState | undefined;
  private readonly undoOf = new Map<number, number>();
  private undone = new Set<number>();
  /** Entry index → the state of the entries before it (0 → no event yet). */
  private readonly checkpoints = new Map<number, EventState | undefined>([[0, undefined]]);

  get length(): number {
    return this.commands.length;
  }

  get state(): EventState | undefined {
    return this.current;
  }

  isUndone(seq: number): boolean {
    return this.undone.has(seq);
  }

  prepare(command: Command): Prepared {
    const seq = this.commands.length;
    if (command.type === 'undo') return this.prepareUndo(seq, command);
    return { seq, command, state: apply(this.current, command) };
  }

  commit(prepared: Prepared): void {
    if (prepared.seq !== this.commands.length) throw new Error(`journal fold: commit of entry ${prepared.seq} at ${this.commands.length}`);
    this.commands.push(prepared.command);
    if (prepared.undo) {
      const { target, undone, base, checkpoints } = prepared.undo;
      this.undoOf.set(prepared.seq, target);
      this.undone = undone;
      for (const key of [...this.checkpoints.keys()]) if (key > base) this.checkpoints.delete(key);
      for (const [key, state] of checkpoints) this.checkpoints.set(key, state);
    }
    this.current = prepared.state;
    if (this.commands.length % CHECKPOINT_EVERY === 0) this.checkpoints.set(this.commands.length, this.current);
  }

  private prepareUndo(seq: number, command: UndoCommand): Prepared {
    const target = command.target;
    if (target >= seq) throw new PodiumError('invalid-command', `undo: there is no journal entry ${target} (the last is ${seq - 1})`);
    const targeted = this.commands[target] as Command;
    if (targeted.type === 'create-event') throw new PodiumError('not-allowed', 'undo: creating the event cannot be undone');
    const undoOf = new Map(this.undoOf).set(seq, target);
    const undone = effectiveUndos(undoOf);
    let first = Number.POSITIVE_INFINITY;
    for (const s of undone) if (!this.undone.has(s)) first = Math.min(first, s);
    for (const s of this.undone) if (!undone.has(s)) first = Math.min(first, s);
    if (first === Number.POSITIVE_INFINITY)
      return { seq, command, state: this.current as EventState, undo: { target, undone, base: seq, checkpoints: new Map() } };

    let base = 0;
    for (const key of this.checkpoints.keys()) if (key <= first && key > base) base = key;
    let state = this.checkpoints.get(base);
    const checkpoints = new Map<number, EventState>();
    for (let i = base; i < seq; i++) {
      if (i > base && i % CHECKPOINT_EVERY === 0 && state) checkpoints.set(i, state);
      const entry = this.commands[i] as Command;
      if (entry.type === 'undo' || undone.has(i)) continue;
      try {
        state = apply(state, entry);
      } catch (error) {
        if (!(error instanceof PodiumError)) throw error;
        const what = undone.has(target) ? 'undoing' : 'redoing';
        throw new PodiumError(
          'not-allowed',
          `${what} journal entry ${target} (${targeted.type}) is not possible: entry ${i} (${entry.type}) depends on it — ${error.message}`,
        );
      }
    }
    if (!state) throw new PodiumError('not-allowed', 'undo: the event would no longer exist');
    return { seq, command, state, undo: { target, undone, base, checkpoints } };
  }
}

/** Sequence numbers reverted by an effective undo (core/event/apply.ts replay()'s rule). */
function effectiveUndos(undoOf: ReadonlyMap<number, number>): Set<number> {
  const undone = new Set<number>();
  const seqs = [...undoOf.keys()].sort((a, b) => b - a);
  for (const seq of seqs) if (!undone.has(seq)) undone.add(undoOf.get(seq) as number);
  return undone;
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
  /** Damage other than a torn last line: the save is read-only. */
  damage?: { line: number; message: string };
  /** A torn last line: `offset` is where it starts (the good part's length). */
  torn?: { line: number; offset: number };
  /** Bytes of the header and the good lines. */
  goodEnd: number;
  /** The older format migrated in memory, if any. */
  migratedFrom?: number;
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

type Parsed = { ok: true; text: string; value: unknown } | { ok: false; message: string };

/** Decode and parse a line: JSON for the current format, the migration's reader for an older one. */
function parseLine(bytes: Uint8Array, migration?: Migration): Parsed {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, message: 'the line is not valid UTF-8 text' };
  }
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

function readHeader(line: Uint8Array | undefined, terminated: boolean): { header: JournalHeader; migration?: Migration } {
  const notASave = 'not a Podium event save (the first line is not a Podium journal header)';
  if (line === undefined) throw new JournalError('invalid-input', 'the file is empty: not a Podium event save', 1);
  const parsed = parseLine(line);
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

/** Check one entry line (format current): the object with its checksum verified, or a problem. */
function readEntry(parsed: Parsed, migration: Migration | undefined): { ok: true; raw: Record<string, unknown> } | { ok: false; message: string } {
  if (!parsed.ok) return parsed;
  if (migration) return isPlainObject(parsed.value) ? { ok: true, raw: parsed.value } : { ok: false, message: 'the line is not a journal entry' };
  if (!isPlainObject(parsed.value)) return { ok: false, message: 'the line is not a journal entry (a JSON object)' };
  const match = SUM_SUFFIX.exec(parsed.text);
  if (!match) return { ok: false, message: 'the line has no checksum ("sum" as its last field)' };
  const body = `${parsed.text.slice(0, match.index)}}`;
  if (checksum(body) !== match[1]) return { ok: false, message: 'checksum mismatch: the line was changed or damaged after it was written' };
  const keyProblem = describeKeys(parsed.value, ENTRY_KEYS);
  if (keyProblem) return { ok: false, message: `the entry has ${keyProblem}` };
  return { ok: true, raw: parsed.value };
}

/**
 * Read a whole save. Returns what was found (a torn tail or damage is in `torn` / `damage` and
 * `notices`); throws a JournalError when there is no event to show at all (not a save, an unknown
 * or future format, damage at or before the line that creates the event).
 */
export function readJournal(bytes: Uint8Array): JournalReading {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lines: { start: number; end: number; terminated: boolean }[] = [];
  for (let pos = 0; pos < buffer.length; ) {
    const nl = buffer.indexOf(10, pos);
    if (nl < 0) {
      lines.push({ start: pos, end: buffer.length, terminated: false });
      break;
    }
    lines.push({ start: pos, end: nl, terminated: true });
    pos = nl + 1;
  }
  const slice = (i: number): Uint8Array => {
    const line = lines[i] as { start: number; end: number };
    return buffer.subarray(line.start, line.end);
  };

  const first = lines[0];
  const { header, migration } = readHeader(first ? slice(0) : undefined, first?.terminated ?? false);
  const notices: Notice[] = [];

  // A torn last line: no final newline, or (a crash that wrote the newline before the rest) not JSON.
  let last = lines.length - 1;
  let torn: { line: number; offset: number } | undefined;
  let lastParsed: Parsed | undefined;
  if (last >= 1) {
    const tail = lines[last] as { start: number; terminated: boolean };
    lastParsed = parseLine(slice(last), migration);
    if (!tail.terminated || !lastParsed.ok) {
      torn = { line: last + 1, offset: tail.start };
      last--;
    }
  }

  const fold = new JournalFold();
  const entries: JournalEntry[] = [];
  let damage: { line: number; message: string } | undefined;
  for (let i = 1; i <= last; i++) {
    const lineNo = i + 1;
    const problem = (message: string): void => {
      damage = { line: lineNo, message };
    };
    try {
      const parsed = i === lines.length - 1 && lastParsed ? lastParsed : parseLine(slice(i), migration);
      const read = readEntry(parsed, migration);
      if (!read.ok) {
        problem(read.message);
        break;
      }
      const { raw } = read;
      const seq = entries.length;
      if (raw.seq !== seq) {
        const given = raw.seq;
        problem(
          typeof given === 'number' && Number.isInteger(given)
            ? `sequence number ${given} where ${seq} was expected (${given < seq ? 'a line is repeated or out of order' : 'a line is missing'})`
            : `the sequence number is ${JSON.stringify(given)?.slice(0, 40) ?? 'missing'}, not ${seq}`,
        );
        break;
      }
      if (typeof raw.at !== 'string' || Number.isNaN(Date.parse(raw.at))) {
        problem('the entry has no valid time ("at")');
        break;
      }
      if (typeof raw.station !== 'string' || raw.station === '' || raw.station.length > 200) {
        problem('the entry has no valid station name');
        break;
      }
      const parsedCommand = parseCommand(raw.command);
      if (!parsedCommand.ok) {
        problem(parsedCommand.message);
        break;
      }
      const command = parsedCommand.command;
      if (seq === 0 && command.type === 'create-event' && command.id !== header.eventId) {
        problem(`the event id "${command.id.slice(0, 60)}" differs from the header's "${header.eventId.slice(0, 60)}"`);
        break;
      }
      let prepared: Prepared;
      try {
        prepared = fold.prepare(command);
      } catch (error) {
        if (!(error instanceof PodiumError)) throw error;
        problem(`${command.type} cannot be applied: ${error.message}`);
        break;
      }
      fold.commit(prepared);
      entries.push({ seq, at: raw.at, station: raw.station, command });
    } catch (error) {
      // Anything else (a stack overflow on absurd nesting, a bug in a rule set): still damage.
      problem(`the line cannot be read: ${error instanceof Error ? error.message.slice(0, 160) : String(error)}`);
      break;
    }
  }

  const state = fold.state;
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
      message: `The save is damaged at line ${found.line} and opened read-only with the ${entries.length} command${entries.length === 1 ? '' : 's'} before it; nothing in the file was changed. Save a repaired copy to continue the event.`,
    });
    if (torn) notices.push({ kind: 'info', line: torn.line, message: `the last line (${torn.line}) is incomplete as well; it was left as it is` });
    const lineStart = lines[found.line - 1]?.start ?? buffer.length;
    return { header, entries, fold, state, notices, damage: found, goodEnd: lineStart, ...(migration ? { migratedFrom: header.format } : {}) };
  }
  if (!state) {
    throw new JournalError(
      'invalid-input',
      torn ? 'the line that creates the event is incomplete (the save was never finished)' : 'the save holds no event (the line that creates it is missing)',
      2,
    );
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
