/**
 * The command line's arguments, parsed with `node:util` parseArgs against a command's option spec
 * (core/cli/commands/*.ts) — host-side, since core imports no Node. parseArgs does the splitting
 * (`--out x`, `--out=x`, `--` ends the options); what is wrong is said here in the command line's
 * own words, one problem, as a UsageError:
 *
 *   standings: unknown option --csv (options: --json, --final)
 *   standings: --json is given twice · --json takes no value · --rounds needs a value
 *   pair: unexpected argument "more.json" · standings: FILE.json is missing (run with --help)
 *
 * A negative number (`-5`) is an argument, never an option.
 */
import { parseArgs } from 'node:util';
import { type ArgParser, type CliCommand, type OptionSpec, type ParsedArgs, UsageError } from '../../../core/cli/io.js';

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

export const parseCommandArgs: ArgParser = <O extends OptionSpec>(command: CliCommand<O>, args: readonly string[]): ParsedArgs<O> => {
  const name = command.name;
  const spec = command.options;
  // Not strict: every problem is worded below, in the order the arguments come.
  const { tokens } = parseArgs({ args: [...args], options: spec, strict: false, allowPositionals: true, tokens: true });
  const positionals: string[] = [];
  const values: Record<string, string | boolean> = {};
  const negatives = new Set<number>();
  for (const token of tokens) {
    const raw = args[token.index] as string;
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional' || /^-\d/.test(raw)) {
      // "-5" is read as short options -5; it is a number here.
      if (token.kind === 'positional') positionals.push(token.value);
      else if (!negatives.has(token.index)) {
        negatives.add(token.index);
        positionals.push(raw);
      }
      continue;
    }
    values[token.name] = optionValue(name, spec, token, raw, values);
  }
  if (positionals.length > command.positionals.length) throw new UsageError(`${name}: unexpected argument "${positionals[command.positionals.length]}"`);
  if (positionals.length < command.positionals.length) throw new UsageError(`${name}: ${command.positionals[positionals.length]} is missing (run with --help)`);
  return { positionals, values: values as ParsedArgs<O>['values'] };
};

function optionValue(command: string, spec: OptionSpec, token: Extract<Token, { kind: 'option' }>, raw: string, given: Record<string, unknown>): string | boolean {
  const option = Object.hasOwn(spec, token.name) ? spec[token.name] : undefined;
  if (!option) {
    const listed = Object.keys(spec).map((k) => `--${k}`).join(', ') || 'none';
    // A short option (-j, -xy) is named as given; a long one with its known options.
    throw new UsageError(token.rawName.startsWith('--') ? `${command}: unknown option --${token.name} (options: ${listed})` : `${command}: unknown option ${raw}`);
  }
  if (Object.hasOwn(given, token.name)) throw new UsageError(`${command}: --${token.name} is given twice`);
  if (option.type === 'boolean') {
    if (token.inlineValue) throw new UsageError(`${command}: --${token.name} takes no value`);
    return true;
  }
  const value = token.value;
  // parseArgs takes the next argument whatever it is; another option is not a value.
  if (value === undefined || (!token.inlineValue && value.startsWith('--') && value.length > 2)) throw new UsageError(`${command}: --${token.name} needs a value`);
  return value;
}
