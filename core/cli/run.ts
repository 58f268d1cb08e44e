/**
 * The command line of shared/conformance/README.md, as a function of its arguments, an `io` and an
 * argument parser (so tests run it in-process). Each command is a file of core/cli/commands/; the
 * host entry (electron/host/cli.ts) passes the files, the PDF renderer, the save reader and the
 * parser (`node:util` parseArgs, electron/host/cli/args.ts) — core imports no Node.
 *
 * Exit status 0 on success; 2 with exactly one line on stderr and nothing on stdout for any invalid
 * input; 1 (one line on stderr) for an internal error. Output is collected and written only once
 * the command has succeeded, so a failure never leaves half a table on stdout. Never a stack trace.
 */
import { DOCUMENT_NAMES } from '../api/contract.js';
import { PodiumError } from '../model/errors.js';
import { RULESET_IDS } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { exportCommand } from './commands/export.js';
import { importCommand } from './commands/import.js';
import { pairCommand } from './commands/pair.js';
import { playoffCommand } from './commands/playoff.js';
import { printCommand } from './commands/print.js';
import { simulateCommand } from './commands/simulate.js';
import { standingsCommand } from './commands/standings.js';
import { oneLine } from './format.js';
import { type ArgParser, type CliCommand, type CliIo, type OptionSpec, UsageError } from './io.js';

export type { ArgParser, CliIo, SaveReading } from './io.js';
export { FileError, UsageError } from './io.js';

const COMMANDS: readonly CliCommand<OptionSpec>[] = [standingsCommand, pairCommand, simulateCommand, playoffCommand, printCommand, importCommand, exportCommand];

export const HELP = `Podium command line

Usage:
  npm run cli -- standings FILE.json [--final] [--json]
      The standings after the last round of the transcript (a table, or JSON). --final: after a
      playoff, the final standings in the rule set's order (a Playoff column): the playoff players
      by how far they got, then everyone else in Swiss order; Lightseekers: the final table's
      players by their finish at it (a Final column), then everyone else.
  npm run cli -- pair FILE.json [--json]
      The pairings Podium would make for the next round of the transcript; a warning (JSON:
      "pastAnnounced") when that round is past the announced Swiss rounds — a variable number
      (MTR 10.2, the settings' "variableRounds") as its criterion decided.
  npm run cli -- simulate --ruleset ID --players N --rounds K [--seed S] [--drop-rate P]
                          [--settings JSON] [--out FILE.json] [--json]
      Run a whole event with seeded random results and drops (probability P per player per
      round); --out writes its transcript, --json prints {"pairingMs", "rounds", "players"}.
  npm run cli -- playoff FILE.json --top K [--draft] [--json]
      The first playoff round of a top-K cut of the transcript's final Swiss standings
      (--draft: the booster-draft seating of MTR 10.4).
  npm run cli -- print FILE.json --doc DOC --out FILE.pdf [--page-size A4|Letter] [--round N]
                       [--split-at LETTER] [--player ID]
      One document as a PDF, for the last round (or --round N). DOC: $DOCUMENTS.
      --split-at L prints pairings by name as two sheets, A–K and L–Z. round-pack: pairings by
      name, then the match slips (and in multiplayer events the seating), as one PDF.
      decklist: every registered list, or with --player ID that player's own (MTR 2.7).
      opponent-decklists: each playoff player's opponent's list (Professional REL, MTR 2.7).
  npm run cli -- import FILE.json --out EVENT.podium
      Write a new event save holding the transcript's event (never over an existing file).
      Reads transcript versions 1 and 2; a version-2 penalty log, fixed tables and seats (with
      the seat that plays first at a pod where a fixed seat drew it), and registered decklists
      (with their corrections) are imported with the rest.
  npm run cli -- export EVENT.podium --out FILE.json
      Write the transcript of an event save, as version 2: late entries, awarded byes, draft
      pods, teams, family names, notes, registration draws, no-shows, drops and byes after the
      cut, the penalty log, fixed tables and seats (and each table's "firstSeat" where it is not
      seat 1), registered decklists with their corrections (not the clock, nor amendment
      reasons).
  npm run cli -- help | --help
      This text.

Every FILE.json is a transcript (version 1 or 2, ../shared/conformance/README.md) or a .podium
event save. A damaged save is reported with the line of the damage; no command ever changes a
save it reads. A transcript's settings may announce the Swiss rounds: "swissRounds": 5, and
(MTR 10.2) a variable number, "variableRounds": {"afterRound": 4, "compare": "exactly",
"players": 1, "matchWins": 4, "then": "stop"} ("then": "extra" plays one round more).

Rule sets: $RULESETS.
Exit status: 0 on success; 2 with a one-line message on stderr for any invalid input.
`;

/** Every command but `print` (which renders asynchronously: runCliAsync). */
export function runCli(argv: readonly string[], io: CliIo, parse: ArgParser): number {
  return collected(io, (out, warnings) => dispatch(argv, io, parse, out, warnings, false)) as number;
}

/** Every command; `print` awaits its PDF. Same exit codes and output rules as runCli. */
export async function runCliAsync(argv: readonly string[], io: CliIo, parse: ArgParser): Promise<number> {
  return collected(io, (out, warnings) => dispatch(argv, io, parse, out, warnings, true));
}

/**
 * Run a command that writes into `out` and `warnings`, and only then print: stdout on success, one
 * line on stderr and exit 2 for invalid input, exit 1 for anything unexpected — never a trace.
 */
function collected(io: CliIo, work: (out: string[], warnings: string[]) => number | Promise<number>): number | Promise<number> {
  const out: string[] = [];
  const warnings: string[] = [];
  const finish = (code: number): number => {
    if (out.length > 0) io.stdout(`${out.join('\n')}\n`);
    for (const warning of warnings) io.stderr(`${oneLine(warning)}\n`);
    return code;
  };
  const failed = (error: unknown): number => {
    if (error instanceof UsageError || error instanceof PodiumError) {
      io.stderr(`${oneLine(error.message)}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`internal error: ${oneLine(message)}\n`);
    return 1;
  };
  try {
    const code = work(out, warnings);
    return typeof code === 'number' ? finish(code) : code.then(finish, failed);
  } catch (error) {
    return failed(error);
  }
}

function helpText(): string {
  const rulesets = RULESET_IDS
    .map((id) => {
      try {
        getRuleset(id);
        return id;
      } catch {
        return `${id} (not yet)`;
      }
    })
    .join(', ');
  return HELP.replace('$RULESETS', rulesets).replace('$DOCUMENTS', DOCUMENT_NAMES.join(', ')).trimEnd();
}

function dispatch(argv: readonly string[], io: CliIo, parse: ArgParser, out: string[], warnings: string[], async: boolean): number | Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) throw new UsageError('no command given (run with --help to list the commands)');
  if (name === 'help' || name === '--help' || name === '-h' || rest.includes('--help') || rest.includes('-h')) {
    out.push(helpText());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw new UsageError(`unknown command "${name}" (commands: ${COMMANDS.map((c) => c.name).join(', ')}; run with --help)`);
  // Rendering a PDF is asynchronous: the entry runs every command through runCliAsync.
  if (command.async && !async) throw new UsageError(`${name} renders asynchronously: run it through runCliAsync (npm run cli -- ${name} ...)`);
  return command.run(parse(command, rest), io, out, warnings);
}
