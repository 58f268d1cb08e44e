/**
 * The shape of a save's lines (journal-format.ts) as zod schemas, like every other input Podium
 * reads: the header line and an entry line. The reader keeps what needs more than the line
 * itself — the format a header names (which reader applies), an entry's checksum and sequence
 * number, and its command (core's command schema, parsed once, at this edge) — and asks here what
 * else is wrong, in words, one problem:
 *
 *   the header has unknown field "x" · the header has missing fields "eventId", "createdAt"
 *   the header has no event id · the header has no creation time
 *   the entry has unknown fields "a", "b" · the entry has no valid time ("at")
 *   the entry has no valid station name
 */
import { z } from 'zod';
import { JOURNAL_ROLES } from '../../core/api/roles.js';
import { pluralWord } from '../../core/text/format.js';

const NO_EVENT_ID = 'the header has no event id';
const NO_CREATION_TIME = 'the header has no creation time';
const NO_TIME = 'the entry has no valid time ("at")';
const NO_STATION = 'the entry has no valid station name';
const NO_DEVICE = 'the entry\'s device ("by") is not an id, a name and a role';
const NO_TYPED = 'the entry\'s typing time ("typedAt") is not a date and time';
const NO_CID = 'the entry\'s command id ("cid") is not 1 to 64 characters';

/** Line 1 of every save (journal-types.ts JournalHeader). */
export const journalHeaderSchema = z.strictObject({
  podium: z.literal('event-journal'),
  format: z.int().min(0),
  eventId: z.string({ error: NO_EVENT_ID }).min(1, { error: NO_EVENT_ID }),
  createdAt: z.string({ error: NO_CREATION_TIME }),
});

/** Every line after it (journal-types.ts JournalEntry, with its checksum). */
export const journalEntrySchema = z.strictObject({
  seq: z.int().min(0),
  at: z.string({ error: NO_TIME }).refine((at) => !Number.isNaN(Date.parse(at)), { error: NO_TIME }),
  station: z.string({ error: NO_STATION }).min(1, { error: NO_STATION }).max(200, { error: NO_STATION }),
  by: z
    .strictObject(
      {
        id: z.string({ error: NO_DEVICE }).min(1, { error: NO_DEVICE }).max(64, { error: NO_DEVICE }),
        name: z.string({ error: NO_DEVICE }).min(1, { error: NO_DEVICE }).max(80, { error: NO_DEVICE }),
        role: z.enum(JOURNAL_ROLES, { error: NO_DEVICE }),
      },
      { error: NO_DEVICE },
    )
    .optional(),
  cid: z.string({ error: NO_CID }).min(1, { error: NO_CID }).max(64, { error: NO_CID }).optional(),
  typedAt: z
    .string({ error: NO_TYPED })
    .max(40, { error: NO_TYPED })
    .refine((at) => !Number.isNaN(Date.parse(at)), { error: NO_TYPED })
    .optional(),
  command: z.unknown(),
  sum: z.string().regex(/^[0-9a-f]{16}$/),
});

type Schema = typeof journalHeaderSchema | typeof journalEntrySchema;
type Issue = z.core.$ZodIssue;

export interface LineCheck {
  /** Fields the line has that the schema lacks, or lacks that it has: "unknown field "x"". */
  fields?: string;
  /** The first field whose value is wrong, in the schema's order, but for those the reader checks. */
  value?: string;
}

/** A line object against its schema: what is wrong with its fields, and with their values. */
function check(schema: Schema, value: Record<string, unknown>, readerChecks: readonly string[]): LineCheck {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const issues = result.error.issues;
  const problem: LineCheck = {};
  const fields = fieldsProblem(schema, value, issues);
  if (fields) problem.fields = fields;
  const wrong = issues.find((i) => i.code !== 'unrecognized_keys' && !readerChecks.includes(String(i.path[0])));
  if (wrong) problem.value = wrong.message;
  return problem;
}

function fieldsProblem(schema: Schema, value: Record<string, unknown>, issues: readonly Issue[]): string | undefined {
  const unknown = issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys : []));
  if (unknown.length > 0) return `unknown ${pluralWord(unknown.length, 'field', 'fields')} ${unknown.slice(0, 5).map((k) => JSON.stringify(k.slice(0, 40))).join(', ')}`;
  const shape: Record<string, z.ZodType> = schema.shape;
  const missing = Object.keys(shape).filter((k) => !Object.hasOwn(value, k) && !shape[k]?.safeParse(undefined).success);
  if (missing.length > 0) return `missing ${pluralWord(missing.length, 'field', 'fields')} ${missing.map((k) => `"${k}"`).join(', ')}`;
  return undefined;
}

/**
 * What is wrong with a header whose `podium` and `format` the reader has recognised. A header of
 * an older format (read through a migration) may have other fields; its values are still checked.
 */
export function headerProblem(value: Record<string, unknown>, options: { migrated: boolean }): string | undefined {
  const checked = check(journalHeaderSchema, value, ['podium', 'format']);
  if (checked.fields && !options.migrated) return `the header has ${checked.fields}`;
  return checked.value;
}

/**
 * What is wrong with an entry object: `fields` (for a line of the current format: an entry read
 * through a migration has no checksum) and `value` — after the reader's own check of the sequence
 * number, before its parse of the command.
 */
export function entryProblems(value: Record<string, unknown>): { fields?: string; value?: string } {
  const checked = check(journalEntrySchema, value, ['seq', 'command', 'sum']);
  return checked.fields ? { ...checked, fields: `the entry has ${checked.fields}` } : checked;
}
