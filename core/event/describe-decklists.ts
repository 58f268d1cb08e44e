/**
 * Registered decklists in the event log's words (MTR 2.7), beside describe-penalties.ts: a list
 * registered or corrected, with its size; a correction says why.
 */
import type { CommandOf } from './commands.js';
import type { EntryWords } from './describe-commands.js';
import type { JournalReading } from './describe-journal.js';
import { listSize } from '../decklists/journal.js';

/** The log's words: "Decklist registered: Ana Archer (60 main + 15 sideboard)"; a correction says why. */
export function describeRegisterDecklist(c: CommandOf<'register-decklist'>, _seq: number, journal: JournalReading): EntryWords {
  const size = listSize(c, journal.isolate);
  if (c.reason?.trim()) return { what: `Decklist corrected: ${journal.name(c.player)} (${size})`, why: c.reason };
  return { what: `Decklist registered: ${journal.name(c.player)} (${size})` };
}
