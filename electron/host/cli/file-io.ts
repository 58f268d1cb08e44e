/**
 * The command line's files: read and written with Node, every failure a FileError in the command
 * line's words (fs-words.ts: "cannot read x.json: no such file", "cannot write x.pdf: no such
 * directory") — core/cli knows no system error codes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type CliIo, FileError } from '../../../core/cli/io.js';
import { fsError } from '../fs-words.js';

/** A Node file-system error of reading or writing `file` as the command line says it. */
export function cliFileError(error: unknown, file: string, writing: boolean): FileError {
  const problem = fsError(error, file, writing ? 'write' : 'read', { terminal: true, writing });
  const result = new FileError(problem.code, problem.message);
  (result as { cause?: unknown }).cause = error;
  return result;
}

function guarded<T>(file: string, writing: boolean, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw cliFileError(error, file, writing);
  }
}

export const fileIo: Required<Pick<CliIo, 'readFile' | 'writeFile' | 'writeBytes'>> = {
  readFile: (file) => guarded(file, false, () => readFileSync(file, 'utf8')),
  writeFile: (file, text) => guarded(file, true, () => writeFileSync(file, text, 'utf8')),
  writeBytes: (file, bytes) => guarded(file, true, () => writeFileSync(file, bytes)),
};
