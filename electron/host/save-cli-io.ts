/**
 * The command line's access to `.podium` event saves (core/cli/io.ts CliIo.readSave/createSave):
 * core has no file or hash access, so the entry (electron/host/cli.ts) and the in-process test runner
 * pass these. Reading verifies and folds a save and never changes it (a torn tail is reported, not
 * cut: only the station cuts it when it opens the save); creating writes a whole new save in one
 * durable write and refuses an existing file.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { CliIo } from '../../core/cli/io.js';
import type { Command } from '../../core/event/commands.js';
import { cliFileError } from './cli/file-io.js';
import { writeEventSaveSync } from './event-store.js';
import { readJournal } from './journal-read.js';

function readBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw cliFileError(error, file, false); // "cannot read FILE: no such file", in the command line's words
  }
}

export const saveIo: Required<Pick<CliIo, 'readSave' | 'createSave'>> = {
  readSave(file) {
    const reading = readJournal(readBytes(file));
    return {
      state: reading.state,
      entries: reading.entries.length,
      journal: reading.entries.map((entry) => ({ seq: entry.seq, command: entry.command })),
      notices: reading.notices,
      ...(reading.damage ? { damage: reading.damage } : {}),
    };
  },

  createSave(file, commands) {
    // A transcript has no event id or creation time: the new event gets its own, like a station's.
    const now = new Date();
    const stamped = commands.map((command, i): Command =>
      i === 0 && command.type === 'create-event'
        ? { ...command, id: `${now.toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`, createdAt: now.toISOString() }
        : command,
    );
    writeEventSaveSync(file, stamped, { station: 'cli', now: () => now });
  },
};
