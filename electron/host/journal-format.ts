/**
 * The `*.podium` journal format (ARCHITECTURE "The event save"), without any file access: one line
 * to and from one header or entry — writing a line, and reading one back (its JSON, checksum,
 * shape, sequence number and command). Reading a whole save (torn tails, damage, CRLF, the fold,
 * slices): journal-read.ts. The shape of a line as zod schemas: journal-lines.ts.
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
 * A line that reads back wrong is damage at its line; so is a time outside any plausible event
 * (before 2000-01-01 or after 2100-01-01) in an entry's `at` or a command's `at` (the fold refuses
 * such a command before it is written, too).
 *
 * An entry's fields are written in entryLine and read back in checkEntry; their types are
 * journal-types.ts JournalEntry, their shape journal-lines.ts journalEntrySchema.
 */
import { createHash } from 'node:crypto';
import type { Notice } from '../../core/api/contract.js';
import { parseCommand } from '../../core/event/commands.js';
import { OUTSIDE_PLAUSIBLE, implausibleCommandTime, isPlausibleTime } from '../../core/event/fold.js';
import { type PodiumErrorCode, PodiumError } from '../../core/model/errors.js';
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
  // The device and the client's command id only when a device sent it: a line from the
  // station itself reads as it always has.
  const body = JSON.stringify({
    seq: entry.seq,
    at: entry.at,
    station: entry.station,
    ...(entry.by ? { by: entry.by } : {}),
    ...(entry.cid !== undefined ? { cid: entry.cid } : {}),
    ...(entry.typedAt !== undefined ? { typedAt: entry.typedAt } : {}),
    command: entry.command,
  });
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
// Reading one line

export type Parsed = { ok: true; text: string; value: unknown } | { ok: false; message: string };

/** Parse a line's text: JSON for the current format, the migration's reader for an older one. */
export function parseText(text: string | undefined, migration?: Migration): Parsed {
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Formats past this are no Podium's (a new format is a rare event, not a counter). */
const PLAUSIBLE_FORMAT = 1000;

/**
 * The header's format as the file spells it ("1e999", "99999999999999999999"), for the message: the
 * parsed number may be Infinity or rounded, and JSON.stringify(Infinity) is "null".
 */
function formatAsWritten(text: string, format: unknown): string {
  const raw = /"format"\s*:\s*(-?[0-9][0-9.eE+-]{0,40}|"[^"]{0,40}"?)/.exec(text)?.[1];
  if (raw !== undefined) return raw.length > 30 ? `${raw.slice(0, 30)}…` : raw;
  return (JSON.stringify(format) ?? String(format)).slice(0, 30);
}

export function readHeader(parsed: Parsed | undefined, terminated: boolean): { header: JournalHeader; migration?: Migration } {
  const notASave = 'not a Podium event save (the first line is not a Podium journal header)';
  if (parsed === undefined) throw new JournalError('invalid-input', 'the file is empty: not a Podium event save', 1);
  if (!parsed.ok || !isPlainObject(parsed.value) || parsed.value.podium !== 'event-journal') throw new JournalError('invalid-input', notASave, 1);
  const value = parsed.value;
  const format = value.format;
  const named = formatAsWritten(parsed.text, format);
  if (typeof format === 'number' && format > JOURNAL_FORMAT && (Number.isInteger(format) || format === Infinity)) {
    // A number far past any format Podium has written is more likely damage than a newer Podium.
    if (!Number.isSafeInteger(format) || format > PLAUSIBLE_FORMAT)
      throw new JournalError(
        'invalid-input',
        `this save has format ${named}, newer than this Podium understands (it reads format ${JOURNAL_FORMAT} and older); no Podium has written a format that large, so its first line is more likely damaged`,
        1,
      );
    throw new JournalError(
      'invalid-input',
      `this save has format ${named}, written by a newer Podium; this one reads format ${JOURNAL_FORMAT} and older (open it with a newer Podium)`,
      1,
    );
  }
  if (typeof format !== 'number' || !Number.isInteger(format) || format < 0)
    throw new JournalError('invalid-input', format === undefined ? 'the save format is missing' : `the save format ${named} is not one Podium knows`, 1);
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
  const sender = {
    ...(raw.by !== undefined ? { by: raw.by as JournalEntry['by'] } : {}),
    ...(raw.cid !== undefined ? { cid: raw.cid as string } : {}),
    ...(raw.typedAt !== undefined ? { typedAt: raw.typedAt as string } : {}),
  };
  return { ok: true, entry: { seq, at, station: raw.station as string, ...sender, command } };
}

/**
 * One entry line read back (`parsed`: parseText's; `line`: its bytes, for the checksum) as the
 * entry `seq` of the save of `header`, or what is wrong with it.
 */
export function readEntryLine(
  parsed: Parsed,
  migration: Migration | undefined,
  line: Uint8Array,
  seq: number,
  header: JournalHeader,
): { ok: true; entry: JournalEntry } | { ok: false; message: string } {
  const read = readEntry(parsed, migration, line);
  return read.ok ? checkEntry(read.raw, read.problem, seq, header) : read;
}
