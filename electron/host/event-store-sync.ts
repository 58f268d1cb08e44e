/**
 * The command line's event saves: synchronous, and a save it reads is never modified (event-store.ts
 * is the host's, which opens a save to write to it).
 */
import * as fs from 'node:fs';
import { type Command, parseCommand } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import { writeFileDurableSync } from './fs-safe.js';
import { fsError } from './fs-words.js';
import { entryLine, headerLine } from './journal-format.js';
import { type JournalFileRead, readJournal } from './journal-read.js';
import type { EventStoreOptions } from './journal-types.js';
import { checkSaveFile, newSaveLines } from './save-file.js';

/** Read and verify a save; never changes it (a torn tail is reported, not cut). */
export function readEventSaveSync(file: string): JournalFileRead {
  let bytes: Buffer;
  let fd: number | undefined;
  try {
    // As openSaveForReading: never block on a pipe, never read a device, cap the size.
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    checkSaveFile(fs.fstatSync(fd, { bigint: true }), file);
    bytes = fs.readFileSync(fd);
  } catch (error) {
    throw fsError(error, file, 'read');
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  return readJournal(bytes);
}

/**
 * Write a new save holding `commands` (the first a create-event) in one durable write; refuses an
 * existing path. Every command is checked by the fold first, so an invalid one writes nothing.
 */
export function writeEventSaveSync(file: string, commands: readonly Command[], options: EventStoreOptions): void {
  const [first, ...rest] = commands;
  if (!first) throw new PodiumError('invalid-input', 'a save needs at least the command that creates the event');
  // The command line's edge: commands from a transcript are parsed here, as the service parses a window's.
  const parsedFirst = parseCommand(first);
  if (!parsedFirst.ok) throw new PodiumError('invalid-command', parsedFirst.message);
  const { header, entry, fold } = newSaveLines(parsedFirst.command, options);
  const parts = [headerLine(header), entryLine(entry)];
  for (const command of rest) {
    const parsed = parseCommand(command);
    if (!parsed.ok) throw new PodiumError('invalid-command', `command ${fold.length}: ${parsed.message}`);
    const prepared = fold.prepare(parsed.command);
    fold.commit(prepared);
    parts.push(entryLine({ seq: prepared.seq, at: entry.at, station: options.station, command: parsed.command }));
  }
  try {
    writeFileDurableSync(file, parts.join(''), { exclusive: true });
  } catch (error) {
    throw fsError(error, file, 'create');
  }
}
