/**
 * The `*.podium` journal format (ARCHITECTURE "The event save"), without any file access: turning
 * entries into lines, reading and verifying a whole save's bytes, and folding the commands into the
 * event state (undo honoured) with core's JournalFold (core/event/fold.ts), which the store keeps
 * to validate each new command against the state it will apply to.
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
 * (core/clock/shared.ts), an undo changes the status of at most one command (core/event/undo.ts)
 * and re-folds from a nearby checkpoint. readJournalAsync reads in slices so the host keeps answering
 * and ticking while a large save opens; readJournal (the command line) runs the same steps at once.
 */
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { Notice } from '../../core/api/contract.js';
import { parseCommand } from '../../core/event/commands.js';
import { JournalFold, OUTSIDE_PLAUSIBLE, type Prepared, implausibleCommandTime, isPlausibleTime } from '../../core/event/fold.js';
import { type PodiumErrorCode, PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { plural } from '../../core/text/format.js';
import { entryProblems, headerProblem } from './journal-lines.js';
import type { JournalEntry, JournalHeader } from './journal-types.js';

/** The format this Podium writes. */
export const JOURNAL_FORMAT = 1;
const SUM_CHARS = 16;
const SUM_SUFFIX = /,"sum":"([0-9a-f]{16})"\}$/;

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
// Plausible times (the bounds: core/event/fold.ts)

/** What is wrong with an entry's time (`at`, ISO text parsed to `ms`), if anything. */
function implausibleEntryTime(at: string, ms: number): string | undefined {
  return isPlausibleTime(ms) ? undefined : `the entry's time ${JSON.stringify(at.slice(0, 40))} is ${OUTSIDE_PLAUSIBLE}`;
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
  // Its shape (journal-lines.ts). A future header may add fields only with a new format; an old one
  // gets them from its migration.
  const problem = headerProblem(value, { migrated: migration !== undefined });
  if (problem) throw new JournalError('invalid-input', problem, 1);
  if (!terminated) throw new JournalError('invalid-input', 'the save ends inside its first line (the header is incomplete)', 1);
  const header: JournalHeader = { podium: 'event-journal', format, eventId: value.eventId as string, createdAt: value.createdAt as string };
  return migration ? { header, migration } : { header };
}

/** The `sum` suffix in bytes: `,"sum":"` + 16 hex digits + `"}` (ASCII). */
const SUM_SUFFIX_BYTES = 26;

/**
 * Check one entry line (format current): the object with its checksum verified, or a problem.
 * `line` is the line's bytes: the checksum is taken over them (the same bytes as the text's UTF-8).
 */
function readEntry(
  parsed: Parsed,
  migration: Migration | undefined,
  line: Uint8Array,
): { ok: true; raw: Record<string, unknown>; problem: string | undefined } | { ok: false; message: string } {
  if (!parsed.ok) return parsed;
  if (migration) return isPlainObject(parsed.value) ? { ok: true, raw: parsed.value, problem: entryProblems(parsed.value).value } : { ok: false, message: 'the line is not a journal entry' };
  if (!isPlainObject(parsed.value)) return { ok: false, message: 'the line is not a journal entry (a JSON object)' };
  const match = SUM_SUFFIX.exec(parsed.text);
  if (!match) return { ok: false, message: 'the line has no checksum ("sum" as its last field)' };
  const sum = createHash('sha256').update(line.subarray(0, line.length - SUM_SUFFIX_BYTES)).update('}').digest('hex').slice(0, SUM_CHARS);
  if (sum !== match[1]) return { ok: false, message: 'checksum mismatch: the line was changed or damaged after it was written' };
  // Its shape (journal-lines.ts): fields now; a wrong value after the sequence number.
  const { fields, value } = entryProblems(parsed.value);
  if (fields) return { ok: false, message: fields };
  return { ok: true, raw: parsed.value, problem: value };
}

/** The entry of a line that verified (`problem`: its shape's), with its command parsed, or what is wrong with it. */
function checkEntry(raw: Record<string, unknown>, problem: string | undefined, seq: number, header: JournalHeader): { ok: true; entry: JournalEntry } | { ok: false; message: string } {
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
  if (problem) return { ok: false, message: problem };
  const at = raw.at as string;
  const ms = Date.parse(at);
  const parsedCommand = parseCommand(raw.command);
  if (!parsedCommand.ok) return parsedCommand;
  const command = parsedCommand.command;
  if (seq === 0 && command.type === 'create-event' && command.id !== header.eventId)
    return { ok: false, message: `the event id "${command.id.slice(0, 60)}" differs from the header's "${header.eventId.slice(0, 60)}"` };
  const time = implausibleEntryTime(at, ms) ?? implausibleCommandTime(command);
  if (time) return { ok: false, message: `${time}: the line was changed, or the computer's clock was wrong when it was written` };
  return { ok: true, entry: { seq, at, station: raw.station as string, command } };
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
      const checked = read.ok ? checkEntry(read.raw, read.problem, entries.length, header) : read;
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
