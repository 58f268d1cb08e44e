/**
 * The shape of a save's lines (electron/host/journal-lines.ts, zod): each problem with a header or
 * an entry is one message naming it, at its line, as the reader said it before the schemas.
 */
import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/event/commands.js';
import { JournalError, checksum, entryLine, headerLine } from '../../electron/host/journal-format.js';
import { readJournal } from '../../electron/host/journal-read.js';
import { entryProblems, headerProblem, journalEntrySchema, journalHeaderSchema } from '../../electron/host/journal-lines.js';

const AT = '2026-05-01T18:00:00.000Z';
const create: Command = { type: 'create-event', id: 'evt-1', name: 'Lines', ruleset: 'mtr', settings: {}, seed: 7, createdAt: AT };
const register: Command = { type: 'register-player', player: { id: 'p1', name: 'Ada Archer' }, draw: 1 };
const header = headerLine({ podium: 'event-journal', format: 1, eventId: 'evt-1', createdAt: AT });

/** An entry line with a good checksum over whatever fields it is given. */
function line(fields: Record<string, unknown>): string {
  const body = JSON.stringify(fields);
  return `${body.slice(0, -1)},"sum":"${checksum(body)}"}\n`;
}

function headerError(text: string): JournalError {
  try {
    readJournal(Buffer.from(`${text}\n${entryLine({ seq: 0, at: AT, station: 's', command: create })}`));
  } catch (error) {
    if (error instanceof JournalError) return error;
    throw error;
  }
  throw new Error('the header was accepted');
}

/** The damage found at line 3 (the second entry). */
function damageAt3(fields: Record<string, unknown>): { line: number; message: string } | undefined {
  return readJournal(Buffer.from(header + entryLine({ seq: 0, at: AT, station: 's', command: create }) + line(fields))).damage;
}

describe('the header line', () => {
  it('names unknown and missing fields, then what is wrong with a value', () => {
    const base = { podium: 'event-journal', format: 1, eventId: 'evt-1', createdAt: AT };
    expect(headerError(JSON.stringify({ ...base, extra: 1 })).message).toBe('line 1: the header has unknown field "extra"');
    expect(headerError(JSON.stringify({ ...base, a: 1, b: 2 })).message).toBe('line 1: the header has unknown fields "a", "b"');
    const { eventId: _e, createdAt: _c, ...bare } = base;
    expect(headerError(JSON.stringify(bare)).message).toBe('line 1: the header has missing fields "eventId", "createdAt"');
    expect(headerError(JSON.stringify({ ...base, eventId: '' })).message).toBe('line 1: the header has no event id');
    expect(headerError(JSON.stringify({ ...base, eventId: 5 })).message).toBe('line 1: the header has no event id');
    expect(headerError(JSON.stringify({ ...base, createdAt: null })).message).toBe('line 1: the header has no creation time');
  });

  it('keeps its own words for what is not a save and for formats', () => {
    expect(headerError('{"transcript":1}').message).toBe('line 1: not a Podium event save (the first line is not a Podium journal header)');
    expect(headerError('{"podium":"event-journal","format":"one","eventId":"e","createdAt":"t"}').message).toBe('line 1: the save format "one" is not one Podium knows');
    expect(headerError('{"podium":"event-journal","format":9,"eventId":"e","createdAt":"t"}').message).toMatch(/^line 1: this save has format 9, written by a newer Podium/);
  });

  it('names an absurd format as the file spells it, never as "null" or a rounded number', () => {
    const absurd = (format: string): string => headerError(`{"podium":"event-journal","format":${format},"eventId":"e","createdAt":"t"}`).message;
    for (const format of ['99999', '1e999', '1e300', '99999999999999999999']) {
      expect(absurd(format)).toBe(
        `line 1: this save has format ${format}, newer than this Podium understands (it reads format 1 and older); no Podium has written a format that large, so its first line is more likely damaged`,
      );
    }
    expect(absurd('-1e999')).toBe('line 1: the save format -1e999 is not one Podium knows');
    expect(absurd('2.5')).toBe('line 1: the save format 2.5 is not one Podium knows');
  });

  it('an older format may have other fields; its values are still checked', () => {
    expect(headerProblem({ podium: 'event-journal', format: 0, eventId: 'e', createdAt: AT, written: 'by hand' }, { migrated: true })).toBeUndefined();
    expect(headerProblem({ podium: 'event-journal', format: 0, createdAt: AT }, { migrated: true })).toBe('the header has no event id');
    expect(journalHeaderSchema.safeParse({ podium: 'event-journal', format: 1, eventId: 'e', createdAt: AT }).success).toBe(true);
  });
});

describe('an entry line', () => {
  const good = { seq: 1, at: AT, station: 's', command: register };

  it('a good line reads', () => {
    expect(damageAt3(good)).toBeUndefined();
    expect(journalEntrySchema.safeParse({ ...good, sum: '0123456789abcdef' }).success).toBe(true);
  });

  it.each([
    ['an unknown field', { ...good, note: 'x' }, 'the entry has unknown field "note"'],
    ['two unknown fields', { ...good, a: 1, b: 2 }, 'the entry has unknown fields "a", "b"'],
    ['a missing field', { seq: 1, at: AT, command: register }, 'the entry has missing field "station"'],
    ['a time that is not one', { ...good, at: 'yesterday' }, 'the entry has no valid time ("at")'],
    ['a time that is a number', { ...good, at: 5 }, 'the entry has no valid time ("at")'],
    ['an empty station', { ...good, station: '' }, 'the entry has no valid station name'],
    ['a station name too long', { ...good, station: 'x'.repeat(201) }, 'the entry has no valid station name'],
    ['a wrong sequence number, before the time', { ...good, seq: 3, at: 'never' }, 'sequence number 3 where 1 was expected (a line is missing)'],
    ['a sequence number that is no number', { ...good, seq: 'one' }, 'the sequence number is "one", not 1'],
  ])('%s', (_name, fields, message) => {
    expect(damageAt3(fields)).toEqual({ line: 3, message });
  });

  it('a time before a bad command: the entry first, then the command', () => {
    expect(damageAt3({ ...good, at: 'never', command: { type: 'nope' } })?.message).toBe('the entry has no valid time ("at")');
    expect(damageAt3({ ...good, command: { type: 'nope' } })?.message).toMatch(/^invalid command/);
  });

  it('an entry read through a migration has no checksum, and no fields problem', () => {
    expect(entryProblems({ seq: 1, at: AT, station: 'old', command: register })).toEqual({ fields: 'the entry has missing field "sum"' });
    expect(entryProblems({ seq: 1, at: 'never', station: 'old', command: register }).value).toBe('the entry has no valid time ("at")');
  });
});
