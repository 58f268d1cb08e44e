/**
 * The command line of shared/conformance/README.md, as a function of its arguments and an `io`
 * (so tests run it in-process). Exit status 0 on success; 2 with exactly one line on stderr and
 * nothing on stdout for any invalid input; 1 (one line on stderr) for an internal error. Output is
 * collected and written only once the command has succeeded, so a failure never leaves half a table
 * on stdout. Never a stack trace.
 */
import { settingsPatchSchema, type SettingsPatch } from '../event/commands.js';
import { PodiumError } from '../model/errors.js';
import type { EventState, PlayerId, Standing, Table } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import type { Ruleset } from '../rulesets/ruleset.js';
import { simulateEvent } from '../simulate.js';
import {
  type Transcript,
  formatTranscript,
  parseJson,
  roundSeed,
  stateToTranscript,
  transcriptToState,
  validateTranscript,
} from '../transcript/index.js';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The file's text; throws (with a Node-style `code` such as ENOENT) when it cannot be read. */
  readFile(path: string): string;
  writeFile(path: string, text: string): void;
  /** Milliseconds from any origin (performance.now), for timing pairings. */
  now(): number;
}

/** An invalid input: exit 2 with this one-line message. */
class UsageError extends Error {}

const AVAILABLE = ['standings', 'pair', 'simulate', 'playoff'] as const;
const NOT_YET = ['print', 'import', 'export'] as const;

export const HELP = `Podium command line

Usage:
  npm run cli -- standings FILE.json [--json]
      The standings after the last round of the transcript (a table, or JSON).
  npm run cli -- pair FILE.json [--json]
      The pairings Podium would make for the next round of the transcript.
  npm run cli -- simulate --ruleset ID --players N --rounds K [--seed S] [--drop-rate P]
                          [--settings JSON] [--out FILE.json] [--json]
      Run a whole event with seeded random results and drops (probability P per player per
      round); --out writes its transcript, --json prints {"pairingMs", "rounds", "players"}.
  npm run cli -- playoff FILE.json --top K [--draft] [--json]
      The first playoff round of a top-K cut of the transcript's final Swiss standings
      (--draft: the booster-draft seating of MTR 10.4).
  npm run cli -- help | --help
      This text.

Not available in this version yet: print, import, export, and reading .podium event saves.

Rule sets: $RULESETS.
Exit status: 0 on success; 2 with a one-line message on stderr for any invalid input.
`;

export function runCli(argv: readonly string[], io: CliIo): number {
  const out: string[] = [];
  try {
    const code = dispatch(argv, io, out);
    if (out.length > 0) io.stdout(`${out.join('\n')}\n`);
    return code;
  } catch (error) {
    if (error instanceof UsageError || error instanceof PodiumError) {
      io.stderr(`${oneLine(error.message)}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`internal error: ${oneLine(message)}\n`);
    return 1;
  }
}

function oneLine(message: string): string {
  return message.replace(/\s*[\r\n]+\s*/g, ' ').trim() || 'unknown problem';
}

function helpText(): string {
  const rulesets = ['mtr', 'mstr-2022', 'mamtr-2024', 'lightseekers-casual', 'lightseekers-competitive', 'lightseekers-large']
    .map((id) => {
      try {
        getRuleset(id);
        return id;
      } catch {
        return `${id} (not yet)`;
      }
    })
    .join(', ');
  return HELP.replace('$RULESETS', rulesets).trimEnd();
}

function dispatch(argv: readonly string[], io: CliIo, out: string[]): number {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError('no command given (run with --help to list the commands)');
  if (command === 'help' || command === '--help' || command === '-h' || rest.includes('--help') || rest.includes('-h')) {
    out.push(helpText());
    return 0;
  }
  switch (command) {
    case 'standings':
      return standingsCommand(rest, io, out);
    case 'pair':
      return pairCommand(rest, io, out);
    case 'simulate':
      return simulateCommand(rest, io, out);
    case 'playoff':
      return playoffCommand(rest, io, out);
    default:
      if ((NOT_YET as readonly string[]).includes(command))
        throw new UsageError(`"${command}" is not available in this version yet (available: ${AVAILABLE.join(', ')})`);
      throw new UsageError(`unknown command "${command}" (commands: ${AVAILABLE.join(', ')}; run with --help)`);
  }
}

// ---------------------------------------------------------------------------------------------
// Arguments

type FlagKind = 'value' | 'switch';

interface ParsedArgs {
  positionals: string[];
  values: Map<string, string>;
  switches: Set<string>;
}

function parseArgs(command: string, args: readonly string[], spec: Record<string, FlagKind>, positionals: string[]): ParsedArgs {
  const parsed: ParsedArgs = { positionals: [], values: new Map(), switches: new Set() };
  const given = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg.startsWith('--') && arg.length > 2) {
      const eq = arg.indexOf('=');
      const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
      const kind = spec[name];
      if (!kind) throw new UsageError(`${command}: unknown option --${name} (options: ${Object.keys(spec).map((k) => `--${k}`).join(', ') || 'none'})`);
      if (given.has(name)) throw new UsageError(`${command}: --${name} is given twice`);
      given.add(name);
      if (kind === 'switch') {
        if (eq >= 0) throw new UsageError(`${command}: --${name} takes no value`);
        parsed.switches.add(name);
      } else {
        let value: string | undefined;
        if (eq >= 0) value = arg.slice(eq + 1);
        else {
          value = args[i + 1];
          if (value === undefined || (value.startsWith('--') && value.length > 2)) throw new UsageError(`${command}: --${name} needs a value`);
          i++;
        }
        parsed.values.set(name, value);
      }
    } else if (arg.startsWith('-') && arg.length > 1 && !/^-\d/.test(arg)) {
      throw new UsageError(`${command}: unknown option ${arg}`);
    } else {
      parsed.positionals.push(arg);
    }
  }
  if (parsed.positionals.length > positionals.length)
    throw new UsageError(`${command}: unexpected argument "${parsed.positionals[positionals.length]}"`);
  if (parsed.positionals.length < positionals.length)
    throw new UsageError(`${command}: ${positionals[parsed.positionals.length]} is missing (run with --help)`);
  return parsed;
}

function requireValue(command: string, args: ParsedArgs, name: string): string {
  const value = args.values.get(name);
  if (value === undefined) throw new UsageError(`${command}: --${name} is required`);
  return value;
}

function integerFlag(command: string, name: string, text: string, min: number, max: number): number {
  const value = /^-?\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new UsageError(`${command}: --${name} must be a whole number from ${min} to ${max} (got "${text}")`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Reading a transcript

function readText(io: CliIo, file: string): string {
  if (file.toLowerCase().endsWith('.podium')) throw new UsageError(`${file}: reading .podium event saves is not available in this version yet`);
  try {
    return io.readFile(file);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : error instanceof Error
              ? error.message
              : String(error);
    throw new UsageError(`cannot read ${file}: ${reason}`);
  }
}

/** Run `load` on the file's transcript, prefixing any problem with the file name. */
function withFile<T>(file: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof PodiumError) throw new PodiumError(error.code, `${file}: ${error.message}`);
    throw error;
  }
}

function readTranscript(io: CliIo, file: string): Transcript {
  const text = readText(io, file);
  return withFile(file, () => validateTranscript(parseJson(text)));
}

function requireFinished(file: string, state: EventState): void {
  const last = state.rounds[state.rounds.length - 1];
  if (!last) return;
  const open = last.tables.filter((t) => t.result === undefined).map((t) => t.table);
  if (open.length > 0)
    throw new UsageError(
      `${file}: round ${last.number} is not finished (table${open.length > 1 ? 's' : ''} ${open.join(', ')} ha${open.length > 1 ? 've' : 's'} no result), so the next round cannot be paired`,
    );
}

// ---------------------------------------------------------------------------------------------
// standings

function standingsCommand(args: readonly string[], io: CliIo, out: string[]): number {
  const parsed = parseArgs('standings', args, { json: 'switch' }, ['FILE.json']);
  const file = parsed.positionals[0] as string;
  const transcript = readTranscript(io, file);
  const state = withFile(file, () => transcriptToState(transcript));
  const ruleset = getRuleset(state.ruleset);
  const standings = withFile(file, () => ruleset.standings(state));
  if (parsed.switches.has('json')) out.push(JSON.stringify({ standings: standings.map((s) => standingJson(s, ruleset)) }, null, 2));
  else {
    const played = state.rounds.filter((r) => r.tables.some((t) => t.result !== undefined)).length;
    out.push(`Standings after ${played === 0 ? 'registration' : `round ${played}`} (${ruleset.id}, ${state.players.length} players)`);
    out.push('');
    out.push(...standingsTable(standings, ruleset));
  }
  return 0;
}

function standingJson(s: Standing, ruleset: Ruleset) {
  const tiebreakers: Record<string, number> = {};
  for (const t of ruleset.tiebreakers) tiebreakers[t.key] = s.tiebreakers[t.key] ?? 0;
  return { rank: s.rank, id: s.id, name: s.name, points: s.points, dropped: s.dropped, tiebreakers };
}

/** A tiebreaker for people: percentages (labels ending in %) with 2 decimals, counts as they are. */
export function formatTiebreaker(value: number, label: string): string {
  if (label.endsWith('%')) return `${(value * 100).toFixed(2)}%`;
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

function width(text: string): number {
  return [...text.normalize('NFC')].length;
}

/** Align columns: text columns to the left, numbers to the right. */
export function alignTable(header: string[], rows: string[][], rightAligned: boolean[]): string[] {
  const widths = header.map((h, c) => Math.max(width(h), ...rows.map((r) => width(r[c] ?? ''))));
  const line = (cells: string[]): string =>
    cells
      .map((cell, c) => {
        const pad = ' '.repeat((widths[c] as number) - width(cell));
        return rightAligned[c] ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

function standingsTable(standings: readonly Standing[], ruleset: Ruleset): string[] {
  const header = ['Rank', 'Name', 'ID', 'Points', 'W-L-D', ...ruleset.tiebreakers.map((t) => t.label)];
  const rows = standings.map((s) => [
    String(s.rank),
    s.dropped ? `${s.name} (dropped)` : s.name,
    s.id,
    String(s.points),
    // A bye is a match win (MTR App. C), so W counts byes and 3W + D is the match points.
    `${s.record.wins + s.record.byes}-${s.record.losses}-${s.record.draws}`,
    ...ruleset.tiebreakers.map((t) => formatTiebreaker(s.tiebreakers[t.key] ?? 0, t.label)),
  ]);
  return alignTable(header, rows, [true, false, false, true, false, ...ruleset.tiebreakers.map(() => true)]);
}

// ---------------------------------------------------------------------------------------------
// pair

function describe(state: EventState, id: PlayerId): string {
  const player = state.players.find((p) => p.id === id);
  return player ? `${player.name} (${id})` : id;
}

function tableLine(state: EventState, table: Table): string {
  return `Table ${table.table}: ${table.seats.map((id) => describe(state, id)).join(' v ')}`;
}

function pairCommand(args: readonly string[], io: CliIo, out: string[]): number {
  const parsed = parseArgs('pair', args, { json: 'switch' }, ['FILE.json']);
  const file = parsed.positionals[0] as string;
  const transcript = readTranscript(io, file);
  const state = withFile(file, () => transcriptToState(transcript));
  requireFinished(file, state);
  const ruleset = getRuleset(state.ruleset);
  const round = state.rounds.length + 1;
  const seed = roundSeed(state.seed, round);
  const proposal = withFile(file, () => (state.playoff ? ruleset.nextPlayoffRound(state, seed) : ruleset.pair(state, seed)));
  if (!proposal) throw new UsageError(`${file}: the playoff is finished; there is no next round to pair`);
  const byes = proposal.byes.map((b) => b.player);
  if (parsed.switches.has('json')) {
    out.push(JSON.stringify({ tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes }, null, 2));
    return 0;
  }
  out.push(`Round ${round} pairings${state.playoff ? ' (playoff)' : ''}`);
  out.push('');
  for (const table of proposal.tables) out.push(tableLine(state, table));
  for (const id of byes) out.push(`Bye: ${describe(state, id)}`);
  for (const warning of proposal.warnings) out.push(`Warning: ${oneLine(warning.message)}`);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// playoff

function playoffCommand(args: readonly string[], io: CliIo, out: string[]): number {
  const parsed = parseArgs('playoff', args, { top: 'value', draft: 'switch', json: 'switch' }, ['FILE.json']);
  const file = parsed.positionals[0] as string;
  const top = integerFlag('playoff', 'top', requireValue('playoff', parsed, 'top'), 2, 1024);
  const draft = parsed.switches.has('draft');
  const transcript = readTranscript(io, file);
  // The cut is made from the final Swiss standings, whatever playoff rounds the transcript holds.
  const swiss: Transcript = { ...transcript, rounds: transcript.rounds.filter((r) => (r.stage ?? 'swiss') === 'swiss') };
  const state = withFile(file, () => transcriptToState(swiss));
  const ruleset = getRuleset(state.ruleset);
  if (!ruleset.playoffCuts.includes(top))
    throw new UsageError(`playoff: ${ruleset.id} has no top-${top} cut (cuts: ${ruleset.playoffCuts.join(', ')})`);
  requireFinished(file, state);
  const pairing = withFile(file, () => ruleset.playoff(state, { top, draft }, roundSeed(state.seed, state.rounds.length + 1)));
  if (parsed.switches.has('json')) {
    out.push(
      JSON.stringify({ tables: pairing.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), waiting: [...pairing.waiting] }, null, 2),
    );
    return 0;
  }
  out.push(`Top ${top}${draft ? ' (booster draft)' : ''}: first playoff round`);
  out.push('');
  for (const table of pairing.tables) out.push(tableLine(state, table));
  for (const id of pairing.waiting) out.push(`Waiting: ${describe(state, id)}`);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// simulate

function simulateCommand(args: readonly string[], io: CliIo, out: string[]): number {
  const spec: Record<string, FlagKind> = {
    ruleset: 'value',
    players: 'value',
    rounds: 'value',
    seed: 'value',
    'drop-rate': 'value',
    settings: 'value',
    out: 'value',
    json: 'switch',
  };
  const parsed = parseArgs('simulate', args, spec, []);
  const rulesetId = requireValue('simulate', parsed, 'ruleset');
  const players = integerFlag('simulate', 'players', requireValue('simulate', parsed, 'players'), 2, 100_000);
  const rounds = integerFlag('simulate', 'rounds', requireValue('simulate', parsed, 'rounds'), 1, 30);
  const seedText = parsed.values.get('seed');
  const seed = seedText === undefined ? 1 : integerFlag('simulate', 'seed', seedText, -(2 ** 31), 2 ** 31 - 1);
  const dropText = parsed.values.get('drop-rate');
  let dropRate = 0;
  if (dropText !== undefined) {
    dropRate = /^\s*[0-9.eE+-]+\s*$/.test(dropText) ? Number(dropText) : Number.NaN;
    if (!(dropRate >= 0 && dropRate <= 1)) throw new UsageError(`simulate: --drop-rate must be a probability from 0 to 1 (got "${dropText}")`);
  }
  const settings = settingsFlag(parsed.values.get('settings'));
  const ruleset = getRuleset(rulesetId);
  const { state, pairingMs } = simulateEvent({
    ruleset: ruleset.id,
    players,
    rounds,
    seed,
    dropRate,
    ...(settings ? { settings } : {}),
    clock: () => io.now(),
  });
  const outFile = parsed.values.get('out');
  if (outFile !== undefined) {
    const text = formatTranscript(stateToTranscript(state));
    try {
      io.writeFile(outFile, text);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      const reason = code === 'ENOENT' ? 'no such directory' : code === 'EACCES' ? 'permission denied' : error instanceof Error ? error.message : String(error);
      throw new UsageError(`cannot write ${outFile}: ${reason}`);
    }
  }
  const ms = pairingMs.map((m) => Math.round(m * 1000) / 1000);
  if (parsed.switches.has('json')) {
    out.push(JSON.stringify({ pairingMs: ms, rounds, players }));
    return 0;
  }
  const dropped = state.players.filter((p) => p.droppedAfterRound !== undefined).length;
  out.push(`Simulated a ${ruleset.id} event: ${players} players, ${rounds} rounds, seed ${seed}, drop rate ${dropRate} (${dropped} dropped)`);
  out.push(`Pairing time per round (ms): ${ms.map((m) => m.toFixed(1)).join(', ')}; max ${Math.max(...ms).toFixed(1)}`);
  if (outFile !== undefined) out.push(`Transcript written to ${outFile}`);
  const standings = ruleset.standings(state);
  out.push('');
  out.push(`Top of the standings after round ${rounds}:`);
  out.push(...standingsTable(standings.slice(0, 8), ruleset));
  return 0;
}

function settingsFlag(text: string | undefined): SettingsPatch | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    throw new UsageError(`simulate: --settings: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = settingsPatchSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` ${issue.path.join('.')}` : '';
    throw new UsageError(`simulate: --settings${where}: ${issue?.message ?? 'not valid settings'}`);
  }
  return parsed.data;
}
