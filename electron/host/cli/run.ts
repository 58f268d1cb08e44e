/**
 * The command line with the host's argument parser (args.ts, `node:util` parseArgs): what the
 * entry (electron/host/cli.ts) and the in-process tests run. The commands are core/cli/commands/.
 */
import { type CliIo, runCli as runCore, runCliAsync as runCoreAsync } from '../../../core/cli/run.js';
import { parseCommandArgs } from './args.js';

export type { CliIo } from '../../../core/cli/run.js';

/** Every command but `print`; exit code out. */
export function runCli(argv: readonly string[], io: CliIo): number {
  return runCore(argv, io, parseCommandArgs);
}

/** Every command, `print` too. */
export function runCliAsync(argv: readonly string[], io: CliIo): Promise<number> {
  return runCoreAsync(argv, io, parseCommandArgs);
}
