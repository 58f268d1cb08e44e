/**
 * Reading a whole `*.podium` save (the line format: journal-format.ts), without any file access:
 * verifying its bytes line by line and folding the commands into the event state (undo honoured)
 * with core's JournalFold (core/event/fold.ts), which the store keeps to validate each new command
 * against the state it will apply to.
 *
 * Reading (readJournal) never changes anything: it reports what it found. A torn last line (no
 * final newline, or not even JSON: a crash mid-write) is reported with the byte offset where the
 * good part ends, for the store to cut; any other damage is reported with its line and makes the
 * save read-only, with the state of the lines before it.
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
import type { Notice } from '../../core/api/contract.js';
import { JournalFold, type Prepared } from '../../core/event/fold.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { plural } from '../../core/text/format.js';
import { JOURNAL_FORMAT, JournalError, type Migration, type Parsed, parseText, readEntryLine, readHeader } from './journal-format.js';
import type { JournalEntry, JournalHeader } from './journal-types.js';

export interface JournalFileRead {
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

/** A line found damaged (other than a torn last line): its 1-based number and what is wrong. */
type Damage = { line: number; message: string };
/** A torn last line: its 1-based number and the byte offset where it starts. */
type Torn = { line: number; offset: number };

/**
 * The torn last line, if any — no final newline, or (a crash that wrote the newline before the
 * rest) not JSON — with the last line left to read, and that line's parse when it is whole (so it
 * is parsed once).
 */
function tornTail(lines: Lines, textOf: (i: number) => string | undefined, migration: Migration | undefined): { torn?: Torn; last: number; lastParsed?: Parsed } {
  const last = lines.count - 1;
  if (last < 1) return { last };
  const lastParsed = parseText(textOf(last), migration);
  if (!lines.lastTerminated || !lastParsed.ok) return { torn: { line: last + 1, offset: lines.start[last] as number }, last: last - 1, lastParsed };
  return { last, lastParsed };
}

/**
 * Fold the entries of lines 1..`last` (0-based, after the header) until the first damage, pausing
 * after every line (and inside a long re-fold). `parsedOf` and `bytesOf` give a line's parse and bytes.
 */
function* foldEntries(
  header: JournalHeader,
  migration: Migration | undefined,
  last: number,
  parsedOf: (i: number) => Parsed,
  bytesOf: (i: number) => Uint8Array,
  progress: { done: number },
): Generator<void, { fold: JournalFold; entries: JournalEntry[]; damage: Damage | undefined }, void> {
  const fold = new JournalFold();
  const entries: JournalEntry[] = [];
  let damage: Damage | undefined;
  for (let i = 1; i <= last && !damage; i++) {
    progress.done = i;
    const lineNo = i + 1;
    try {
      const checked = readEntryLine(parsedOf(i), migration, bytesOf(i), entries.length, header);
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
  return { fold, entries, damage };
}

/**
 * Read a whole save, as steps: the generator pauses (yields) after every line and now and then
 * inside a long re-fold, with `progress` updated; readJournal runs it through at once,
 * readJournalAsync gives the event loop a turn between steps. One implementation for both.
 */
function* readSteps(bytes: Uint8Array, progress: { done: number; total: number }): Generator<void, JournalFileRead, void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lines = yield* splitLines(buffer);
  progress.total = lines.count;
  yield;
  const validBlocks = new Map<number, boolean>();
  const textOf = (i: number): string | undefined => lineText(buffer, lines, i, validBlocks);

  const { header, migration } = readHeader(lines.count > 0 ? parseText(textOf(0)) : undefined, lines.count > 1 || lines.lastTerminated);
  const { torn, last, lastParsed } = tornTail(lines, textOf, migration);
  const { fold, entries, damage } = yield* foldEntries(
    header,
    migration,
    last,
    (i) => (i === lines.count - 1 && lastParsed ? lastParsed : parseText(textOf(i), migration)),
    (i) => buffer.subarray(lines.start[i] as number, lines.end[i] as number),
    progress,
  );
  progress.done = lines.count;

  // A torn last line that happens to end in "\r\n" is garbage, not a sign of converted line endings.
  const crlf = lines.firstCrlf === torn?.line ? undefined : lines.firstCrlf;
  const found: Found = { header, migration, entries, fold, torn, crlf };
  if (damage) return damagedReading(found, damage, lines.start[damage.line - 1] ?? buffer.length);
  const state = fold.state;
  if (!state) {
    throw new JournalError(
      'invalid-input',
      torn ? 'the line that creates the event is incomplete (the save was never finished)' : 'the save holds no event (the line that creates it is missing)',
      2,
    );
  }
  const goodEnd = torn ? torn.offset : buffer.length;
  return crlf !== undefined ? crlfReading(found, state, crlf, goodEnd) : wholeReading(found, state, goodEnd);
}

// ---------------------------------------------------------------------------------------------
// What was read, in words

/** What the steps found, for the reading to report. */
interface Found {
  header: JournalHeader;
  migration: Migration | undefined;
  entries: JournalEntry[];
  fold: JournalFold;
  torn: Torn | undefined;
  /** The first line that ended in "\r\n" (a torn last line aside). */
  crlf: number | undefined;
}

function tornAsWell(torn: Torn): Notice {
  return { kind: 'info', line: torn.line, message: `the last line (${torn.line}) is incomplete as well; it was left as it is` };
}

/** Damage before the end: read-only with the commands before it (`lineStart`: where its line starts). */
function damagedReading({ header, migration, entries, fold, torn, crlf }: Found, damage: Damage, lineStart: number): JournalFileRead {
  const state = fold.state;
  if (!state) throw new JournalError('invalid-input', `${damage.message} (the event cannot be opened: its first command is unreadable)`, damage.line);
  const notices: Notice[] = [];
  notices.push({ kind: 'damaged', line: damage.line, message: damage.message });
  notices.push({
    kind: 'read-only',
    line: damage.line,
    message: `The save is damaged at line ${damage.line} and opened read-only with the ${plural(entries.length, 'command')} before it; nothing in the file was changed. Save a repaired copy to continue the event.`,
  });
  if (torn) notices.push(tornAsWell(torn));
  if (crlf !== undefined)
    notices.push({ kind: 'info', line: crlf, message: `the line endings were also changed to CRLF (Windows), from line ${crlf}; a repaired copy has normal ones` });
  return { header, entries, fold, state, notices, damage, goodEnd: lineStart, ...(migration ? { migratedFrom: header.format } : {}) };
}

/** Line endings changed to CRLF: read, but not written to (appending "\n" lines would leave a file of two kinds of line ends). */
function crlfReading({ header, migration, entries, fold, torn }: Found, state: EventState, crlf: number, goodEnd: number): JournalFileRead {
  const notices: Notice[] = [];
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
  if (torn) notices.push(tornAsWell(torn));
  return { header, entries, fold, state, notices, damage: found, goodEnd, ...(torn ? { torn } : {}), ...(migration ? { migratedFrom: header.format } : {}) };
}

/** Every line read (a torn last one aside): writable, unless it was migrated from an older format. */
function wholeReading({ header, migration, entries, fold, torn }: Found, state: EventState, goodEnd: number): JournalFileRead {
  const notices: Notice[] = [];
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
    goodEnd,
    ...(migration ? { migratedFrom: header.format } : {}),
  };
}

/**
 * Read a whole save. Returns what was found (a torn tail or damage is in `torn` / `damage` and
 * `notices`); throws a JournalError when there is no event to show at all (not a save, an unknown
 * or future format, damage at or before the line that creates the event).
 */
export function readJournal(bytes: Uint8Array): JournalFileRead {
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
export async function readJournalAsync(bytes: Uint8Array, options: ReadJournalOptions = {}): Promise<JournalFileRead> {
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
