/** The command line's arguments, parsed with node:util parseArgs (electron/host/cli/args.ts). */
import { describe, expect, it } from 'vitest';
import { defineCommand } from '../../core/cli/io.js';
import { parseCommandArgs } from '../../electron/host/cli/args.js';

const command = defineCommand({
  name: 'demo',
  options: { out: { type: 'string' }, seed: { type: 'string' }, json: { type: 'boolean' } },
  positionals: ['FILE.json'],
  run: () => 0,
});
const parse = (...args: string[]) => parseCommandArgs(command, args);
const problem = (...args: string[]): string => {
  try {
    parse(...args);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no problem';
};

describe('parseCommandArgs', () => {
  it('positionals, values (both spellings) and switches', () => {
    expect(parse('a.json', '--out', 'b.pdf', '--json')).toEqual({ positionals: ['a.json'], values: { out: 'b.pdf', json: true } });
    expect(parse('--out=b.pdf', 'a.json')).toEqual({ positionals: ['a.json'], values: { out: 'b.pdf' } });
  });

  it('a negative number is a value or an argument, never an option', () => {
    expect(parse('a.json', '--seed', '-5').values.seed).toBe('-5');
    expect(parse('-12').positionals).toEqual(['-12']);
  });

  it('"--" ends the options', () => {
    expect(parse('--json', '--', '--odd.json').positionals).toEqual(['--odd.json']);
  });

  it.each([
    [['a.json', '--csv'], 'demo: unknown option --csv (options: --out, --seed, --json)'],
    [['a.json', '--csv=1'], 'demo: unknown option --csv (options: --out, --seed, --json)'],
    [['a.json', '-j'], 'demo: unknown option -j'],
    [['a.json', '-xy'], 'demo: unknown option -xy'],
    [['a.json', '--json', '--json'], 'demo: --json is given twice'],
    [['a.json', '--json=yes'], 'demo: --json takes no value'],
    [['a.json', '--out'], 'demo: --out needs a value'],
    [['a.json', '--out', '--json'], 'demo: --out needs a value'],
    [['a.json', 'b.json'], 'demo: unexpected argument "b.json"'],
    [['--json'], 'demo: FILE.json is missing (run with --help)'],
  ])('%j: %s', (args, message) => {
    expect(problem(...args)).toBe(message);
  });
});
