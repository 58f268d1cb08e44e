/**
 * The command line of shared/conformance/README.md, as a function of its arguments and an `io`
 * (so tests run it in-process). Exit status 0 on success; 2 with exactly one line on stderr and
 * nothing on stdout for any invalid input; 1 (one line on stderr) for an internal error. Output is
 * collected and written only once the command has succeeded, so a failure never leaves half a table
 * on stdout. Never a stack trace.
 */
import { DOCUMENT_NAMES, type Notice } from '../api/contract.js';
import { type DocDefinition, buildDocument } from '../documents/index.js';
import { type Command, settingsPatchSchema, type SettingsPatch } from '../event/commands.js';
import { PodiumError } from '../model/errors.js';
import type { EventState, PlayerId, Standing, Table } from '../model/types.js';
import { finalStandings, playoffFinishLabel } from '../rulesets/final-standings.js';
import { getRuleset } from '../rulesets/index.js';
import type { Ruleset } from '../rulesets/ruleset.js';
import { simulateEvent } from '../simulate.js';
import {
  type Transcript,
  formatTranscript,
  parseJson,
  roundSeed,
  stateToTranscript,
  transcriptToCommands,
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
  /** `print`: render a document definition to PDF (the host's renderer, injected by main.ts). */
  renderPdf?(definition: DocDefinition): Promise<{ pdf: Uint8Array; pages: number; missingCharacters: string[] }>;
  /** `print`: write bytes to a file. */
  writeBytes?(path: string, bytes: Uint8Array): void;
  /** `print`: the time printed on documents ("2026-05-01 14:05"); core has no clock. */
  timestamp?(): string;
  /**
   * `.podium` event saves (ARCHITECTURE "The event save"). Core has no file or hash access, so the
   * entry passes the host's (electron/host/save-cli-io.ts). readSave verifies and folds a save and
   * never changes it; it throws a PodiumError (with the line) when there is no event to read, or a
   * Node-style error with a `code` when the file cannot be read.
   */
  readSave?(path: string): SaveReading;
  /**
   * Write a new save holding these commands (the first a create-event; the host gives the event
   * its own id and creation time). Refuses an existing file, never replacing it.
   */
  createSave?(path: string, commands: readonly Command[]): void;
}

/** What the command line needs of a save. */
export interface SaveReading {
  /** The fold of the good entries. */
  state: EventState;
  /** Number of good entries. */
  entries: number;
  /** Damage other than a torn last line (the line, 1-based, and what is wrong there). */
  damage?: { line: number; message: string };
  /** A torn last line, an older format, the damage again: worth a warning. */
  notices: readonly Notice[];
}

/** An invalid input: exit 2 with this one-line message. */
class UsageError extends Error {}

const AVAILABLE = ['standings', 'pair', 'simulate', 'playoff', 'print', 'import', 'export'] as const;

export const HELP = `Podium command line

Usage:
  npm run cli -- standings FILE.json [--final] [--json]
      The standings after the last round of the transcript (a table, or JSON). --final: after a
      playoff, the final standings: the playoff players by how far they got (a Playoff column),
      then everyone else in Swiss order.
  npm run cli -- pair FILE.json [--json]
      The pairings Podium would make for the next round of the transcript.
  npm run cli -- simulate --ruleset ID --players N --rounds K [--seed S] [--drop-rate P]
                          [--settings JSON] [--out FILE.json] [--json]
      Run a whole event with seeded random results and drops (probability P per player per
      round); --out writes its transcript, --json prints {"pairingMs", "rounds", "players"}.
  npm run cli -- playoff FILE.json --top K [--draft] [--json]
      The first playoff round of a top-K cut of the transcript's final Swiss standings
      (--draft: the booster-draft seating of MTR 10.4).
  npm run cli -- print FILE.json --doc DOC --out FILE.pdf [--page-size A4|Letter] [--round N]
                       [--split-at LETTER]
      One document as a PDF, for the last round (or --round N). DOC: $DOCUMENTS.
      --split-at L prints pairings by name as two sheets, A–K and L–Z. round-pack: pairings by
      name, then the match slips (and in multiplayer events the seating), as one PDF.
  npm run cli -- import FILE.json --out EVENT.podium
      Write a new event save holding the transcript's event (never over an existing file).
      Reads transcript versions 1 and 2; a transcript with a penalty log is refused (a save
      has no place for it yet).
  npm run cli -- export EVENT.podium --out FILE.json
      Write the transcript of an event save, as version 2: late entries, awarded byes, draft
      pods, teams, family names, notes, registration draws, no-shows, drops and byes after the
      cut (not the clock, nor amendment reasons).
  npm run cli -- help | --help
      This text.

Every FILE.json is a transcript (version 1 or 2, ../shared/conformance/README.md) or a .podium
event save. A damaged save is reported with the line of the damage; no command ever changes a
save it reads.

Rule sets: $RULESETS.
Exit status: 0 on success; 2 with a one-line message on stderr for any invalid input.
`;

export function runCli(argv: readonly string[], io: CliIo): number {
  return collected(io, (out, warnings) => dispatch(argv, io, out, warnings)) as number;
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
  return HELP.replace('$RULESETS', rulesets).replace('$DOCUMENTS', DOCUMENT_NAMES.join(', ')).trimEnd();
}

function dispatch(argv: readonly string[], io: CliIo, out: string[], warnings: string[]): number {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError('no command given (run with --help to list the commands)');
  if (command === 'help' || command === '--help' || command === '-h' || rest.includes('--help') || rest.includes('-h')) {
    out.push(helpText());
    return 0;
  }
  switch (command) {
    case 'standings':
      return standingsCommand(rest, io, out, warnings);
    case 'pair':
      return pairCommand(rest, io, out, warnings);
    case 'simulate':
      return simulateCommand(rest, io, out);
    case 'playoff':
      return playoffCommand(rest, io, out, warnings);
    case 'import':
      return importCommand(rest, io, out);
    case 'export':
      return exportCommand(rest, io, out, warnings);
    case 'print':
      // Rendering a PDF is asynchronous: main.ts runs every command through runCliAsync.
      throw new UsageError('print renders asynchronously: run it through runCliAsync (npm run cli -- print ...)');
    default:
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
  try {
    return io.readFile(file);
  } catch (error) {
    throw cannotRead(file, error);
  }
}

function cannotRead(file: string, error: unknown): UsageError {
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
  return new UsageError(`cannot read ${file}: ${reason}`);
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

// ---------------------------------------------------------------------------------------------
// Reading an event: a transcript or a .podium save

const isSavePath = (file: string): boolean => /\.podium$/i.test(file);
/** A save's first line is its journal header. */
const looksLikeSave = (text: string): boolean => /^\s*\{\s*"podium"\s*:\s*"event-journal"/.test(text.slice(0, 200));

interface LoadedEvent {
  state: EventState;
  /** Set when the file is a transcript (a save has none). */
  transcript?: Transcript;
}

/** The event of FILE: a .podium save (by extension or header) or a transcript. */
function readEvent(io: CliIo, file: string, warnings: string[]): LoadedEvent {
  if (isSavePath(file)) return { state: readSaveState(io, file, warnings) };
  const text = readText(io, file);
  if (looksLikeSave(text)) return { state: readSaveState(io, file, warnings) };
  const transcript = withFile(file, () => validateTranscript(parseJson(text)));
  return { state: withFile(file, () => transcriptToState(transcript)), transcript };
}

/**
 * Read a save through the host. Damage other than a torn last line is an error (exit 2) naming its
 * line: the command does not work from part of an event. A torn last line (the station cuts it off
 * when it next opens the save) and an older format are warnings. The file is never changed.
 */
function readSaveState(io: CliIo, file: string, warnings: string[]): EventState {
  if (!io.readSave) throw new Error('this host cannot read .podium event saves');
  let reading: SaveReading;
  try {
    reading = io.readSave(file);
  } catch (error) {
    if (error instanceof PodiumError) throw new PodiumError(error.code, `${file}: ${error.message} (the save was not changed)`);
    if ((error as { code?: unknown } | null)?.code !== undefined) throw cannotRead(file, error);
    throw error;
  }
  if (reading.damage)
    throw new UsageError(
      `${file}: line ${reading.damage.line}: ${reading.damage.message} (the save is damaged from this line on; it was not changed — open it in Podium to save a repaired copy)`,
    );
  for (const notice of reading.notices) {
    if (notice.kind === 'torn-line')
      warnings.push(`warning: ${file}: line ${notice.line}: the last line is incomplete (Podium stopped while writing it); it is ignored, and cut off when the save is next opened in Podium`);
    else if (notice.kind === 'migrated') warnings.push(`note: ${file}: ${notice.message}`);
  }
  return reading.state;
}

/** The state the cut is made from: the Swiss rounds only (drops during the playoff undone). */
function swissOnly(state: EventState): EventState {
  const rounds = state.rounds.filter((r) => r.stage === 'swiss');
  if (rounds.length === state.rounds.length && !state.playoff) return state;
  const players = state.players.map((p) => {
    if (p.droppedAfterRound === undefined || p.droppedAfterRound <= rounds.length) return p;
    const { droppedAfterRound: _dropped, ...rest } = p;
    return rest;
  });
  const { playoff: _playoff, ...rest } = state;
  return { ...rest, rounds, players };
}

function fileBaseName(file: string): string {
  return (file.split(/[\\/]/).pop() ?? file).replace(/\.[^.]*$/, '');
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

function standingsCommand(args: readonly string[], io: CliIo, out: string[], warnings: string[]): number {
  const parsed = parseArgs('standings', args, { json: 'switch', final: 'switch' }, ['FILE.json']);
  const file = parsed.positionals[0] as string;
  const { state } = readEvent(io, file, warnings);
  const ruleset = getRuleset(state.ruleset);
  const final = parsed.switches.has('final');
  const standings = withFile(file, () => {
    if (!final) return ruleset.standings(state);
    const after = finalStandings(state);
    if (!after) throw new UsageError(`standings --final: ${file} has no playoff; the final standings come after the playoff cut`);
    return after;
  });
  if (parsed.switches.has('json')) out.push(JSON.stringify({ standings: standings.map((s) => standingJson(s, ruleset)) }, null, 2));
  else {
    const played = state.rounds.filter((r) => r.tables.some((t) => t.result !== undefined)).length;
    if (final) out.push(`Final standings after the playoff (${ruleset.id}, ${state.players.length} players)`);
    else out.push(`Standings after ${played === 0 ? 'registration' : `round ${played}`} (${ruleset.id}, ${state.players.length} players)`);
    out.push('');
    out.push(...standingsTable(standings, ruleset));
  }
  return 0;
}

function standingJson(s: Standing, ruleset: Ruleset) {
  const tiebreakers: Record<string, number> = {};
  for (const t of ruleset.tiebreakers) tiebreakers[t.key] = s.tiebreakers[t.key] ?? 0;
  return {
    rank: s.rank,
    id: s.id,
    name: s.name,
    points: s.points,
    dropped: s.dropped,
    tiebreakers,
    // Lightseekers: the group of a large event (ranks count within it); a tie the organiser decides.
    ...(s.group !== undefined ? { group: s.group } : {}),
    ...(s.organiserDecides ? { organiserDecides: true, tiedWith: [...(s.tiedWith ?? [])] } : {}),
    // --final: how far the player got in the playoff.
    ...(s.playoff !== undefined ? { playoff: s.playoff } : {}),
  };
}

/**
 * Tiebreakers that are fractions read as percentages although their label has no % sign (the pod
 * rule sets' MWP and OMWP, RULES 2 "Tiebreakers"). OAMP is a mean of match points, not a fraction.
 */
const PERCENTAGE_KEYS: ReadonlySet<string> = new Set(['mwp', 'omwp']);
/** Means printed with 2 decimals even when whole (OAMP 20 → "20.00"), so the column lines up. */
const TWO_DECIMAL_KEYS: ReadonlySet<string> = new Set(['oamp']);

/**
 * A tiebreaker for people: percentages (labels ending in %, or the keys above) with 2 decimals,
 * OAMP with 2 decimals, other values as they are when whole, else with 2 decimals.
 */
export function formatTiebreaker(value: number, label: string, key?: string): string {
  if (label.endsWith('%') || (key !== undefined && PERCENTAGE_KEYS.has(key))) return `${(value * 100).toFixed(2)}%`;
  if (key !== undefined && TWO_DECIMAL_KEYS.has(key)) return value.toFixed(2);
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
    ...ruleset.tiebreakers.map((t) => formatTiebreaker(s.tiebreakers[t.key] ?? 0, t.label, t.key)),
  ]);
  const right = [true, false, false, true, false, ...ruleset.tiebreakers.map(() => true)];
  // Final standings: how far each playoff player got (after the ID).
  if (standings.some((s) => s.playoff !== undefined)) {
    header.splice(3, 0, 'Playoff');
    rows.forEach((row, i) => row.splice(3, 0, playoffFinishLabel(standings[i]?.playoff) || '-'));
    right.splice(3, 0, false);
  }
  // Lightseekers large: a Group column (ranks count within the group).
  if (standings.some((s) => s.group !== undefined)) {
    header.unshift('Group');
    rows.forEach((row, i) => row.unshift(standings[i]?.group !== undefined ? String(standings[i]?.group) : '-'));
    right.unshift(true);
  }
  const lines = alignTable(header, rows, right);
  // Lightseekers: equal on points and every tiebreaker — RULES 3 leaves the order to the organiser.
  const ties = new Set<string>();
  for (const s of standings) {
    if (!s.organiserDecides || ties.has(s.id)) continue;
    const tie = [s.id, ...(s.tiedWith ?? [])];
    tie.forEach((id) => ties.add(id));
    const names = tie.map((id) => standings.find((x) => x.id === id)?.name ?? id);
    lines.push(`Tied on every tiebreaker (the organiser decides their order): ${names.join(', ')}`);
  }
  return lines;
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

function pairCommand(args: readonly string[], io: CliIo, out: string[], warnings: string[]): number {
  const parsed = parseArgs('pair', args, { json: 'switch' }, ['FILE.json']);
  const file = parsed.positionals[0] as string;
  const { state } = readEvent(io, file, warnings);
  requireFinished(file, state);
  const ruleset = getRuleset(state.ruleset);
  const round = state.rounds.length + 1;
  const seed = roundSeed(state.seed, round);
  const proposal = withFile(file, () => (state.playoff ? ruleset.nextPlayoffRound(state, seed) : ruleset.pair(state, seed)));
  if (!proposal) throw new UsageError(`${file}: the playoff is finished; there is no next round to pair`);
  const byes = proposal.byes.map((b) => b.player);
  if (parsed.switches.has('json')) {
    const extra = {
      ...(proposal.groups ? { groups: proposal.groups.map((g) => [...g]) } : {}),
      ...(proposal.seatChoice ? { seatChoice: proposal.seatChoice.map((c) => ({ table: c.table, order: [...c.order] })) } : {}),
    };
    out.push(JSON.stringify({ tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes, ...extra }, null, 2));
    return 0;
  }
  out.push(`Round ${round} pairings${state.playoff ? ' (playoff)' : ''}`);
  out.push('');
  // lightseekers-large: the groups this round draws (round 1, late entries).
  proposal.groups?.forEach((members, i) => out.push(`Group ${i + 1} (${members.length}): ${members.map((id) => describe(state, id)).join(', ')}`));
  if (proposal.groups) out.push('');
  for (const table of proposal.tables) out.push(tableLine(state, table));
  for (const id of byes) out.push(`Bye: ${describe(state, id)}`);
  for (const warning of proposal.warnings) out.push(`Warning: ${oneLine(warning.message)}`);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// playoff

function playoffCommand(args: readonly string[], io: CliIo, out: string[], warnings: string[]): number {
  const parsed = parseArgs('playoff', args, { top: 'value', draft: 'switch', json: 'switch' }, ['FILE.json']);
  const file = parsed.positionals[0] as string;
  const top = integerFlag('playoff', 'top', requireValue('playoff', parsed, 'top'), 2, 1024);
  const draft = parsed.switches.has('draft');
  // The cut is made from the final Swiss standings, whatever playoff rounds the event holds.
  const state = swissOnly(readEvent(io, file, warnings).state);
  const ruleset = getRuleset(state.ruleset);
  if (!ruleset.playoffCuts.includes(top))
    throw new UsageError(`playoff: ${ruleset.id} has no top-${top} cut (cuts: ${ruleset.playoffCuts.join(', ')})`);
  requireFinished(file, state);
  const pairing = withFile(file, () => ruleset.playoff(state, { top, draft }, roundSeed(state.seed, state.rounds.length + 1)));
  if (parsed.switches.has('json')) {
    const tables = pairing.tables.map((t) => ({ table: t.table, seats: [...t.seats] }));
    // Lightseekers finals: who chooses a seat when (lowest seed first).
    const seatChoice = pairing.seatChoice ? { seatChoice: pairing.seatChoice.map((c) => ({ table: c.table, order: [...c.order] })) } : {};
    out.push(JSON.stringify({ tables, waiting: [...pairing.waiting], ...seatChoice }, null, 2));
    return 0;
  }
  out.push(`Top ${top}${draft ? ' (booster draft)' : ''}: first playoff round`);
  out.push('');
  for (const table of pairing.tables) out.push(tableLine(state, table));
  for (const id of pairing.waiting) out.push(`Waiting: ${describe(state, id)}`);
  for (const choice of pairing.seatChoice ?? [])
    out.push(`Table ${choice.table} seat choice, lowest seed first (the top seed chooses last): ${choice.order.map((id) => describe(state, id)).join(', ')}`);
  for (const warning of pairing.warnings ?? []) out.push(`Warning: ${oneLine(warning.message)}`);
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

// ---------------------------------------------------------------------------------------------
// import / export (event saves)

function importCommand(args: readonly string[], io: CliIo, out: string[]): number {
  const parsed = parseArgs('import', args, { out: 'value' }, ['FILE.json']);
  const file = parsed.positionals[0] as string;
  const outFile = requireValue('import', parsed, 'out');
  if (!io.createSave) throw new Error('this host cannot write .podium event saves');
  const text = readText(io, file);
  if (isSavePath(file) || looksLikeSave(text)) throw new UsageError(`import: ${file} is an event save already (import reads a transcript; "export" writes one)`);
  const transcript = withFile(file, () => validateTranscript(parseJson(text)));
  const commands = withFile(file, () => transcriptToCommands(transcript));
  const [create, ...rest] = commands;
  // The event is named after the transcript's file (a transcript carries no name).
  const named: Command[] = create?.type === 'create-event' ? [{ ...create, name: fileBaseName(file).slice(0, 200) || create.name }, ...rest] : commands;
  try {
    io.createSave(outFile, named);
  } catch (error) {
    if (error instanceof PodiumError) throw error; // "cannot create FILE: a file already exists there", ...
    const code = (error as { code?: unknown } | null)?.code;
    const reason = code === 'EEXIST' ? 'a file already exists there' : code === 'ENOENT' ? 'no such directory' : code === 'EACCES' ? 'permission denied' : error instanceof Error ? error.message : String(error);
    throw new UsageError(`import: cannot create ${outFile}: ${reason}`);
  }
  const rounds = transcript.rounds.length;
  out.push(
    `Imported ${file} into ${outFile}: ${commands.length} commands (transcript version ${transcript.transcript}, ${transcript.players.length} players, ${rounds} round${rounds === 1 ? '' : 's'})`,
  );
  return 0;
}

function exportCommand(args: readonly string[], io: CliIo, out: string[], warnings: string[]): number {
  const parsed = parseArgs('export', args, { out: 'value' }, ['EVENT.podium']);
  const file = parsed.positionals[0] as string;
  const outFile = requireValue('export', parsed, 'out');
  // Export writes a transcript: never over a save (the one it reads, or any other).
  if (isSavePath(outFile)) throw new UsageError(`export: --out ${outFile} is an event save name; export writes a transcript (FILE.json)`);
  let existing: string | undefined;
  try {
    existing = io.readFile(outFile);
  } catch {
    existing = undefined; // absent (or unreadable: then writing reports it)
  }
  if (existing !== undefined && looksLikeSave(existing)) throw new UsageError(`export: ${outFile} is an event save; export never writes over one`);
  const loaded = readEvent(io, file, warnings);
  if (loaded.transcript) throw new UsageError(`export: ${file} is a transcript, not an event save (export reads a .podium save)`);
  const transcript = stateToTranscript(loaded.state);
  try {
    io.writeFile(outFile, formatTranscript(transcript));
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const reason = code === 'ENOENT' ? 'no such directory' : code === 'EACCES' ? 'permission denied' : error instanceof Error ? error.message : String(error);
    throw new UsageError(`cannot write ${outFile}: ${reason}`);
  }
  const rounds = transcript.rounds.length;
  out.push(`Exported ${file} to ${outFile}: ${transcript.players.length} players, ${rounds} round${rounds === 1 ? '' : 's'} (transcript version ${transcript.transcript})`);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// print (asynchronous: the PDF is rendered by the host's renderer, io.renderPdf)

/** Every command; `print` awaits its PDF, the others run as runCli. Same exit codes and output rules. */
export async function runCliAsync(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'print' || rest.includes('--help') || rest.includes('-h')) return runCli(argv, io);
  return collected(io, (out, warnings) => printCommand(rest, io, out, warnings));
}

/** The event name a transcript's state gets on paper: the file's name (a transcript carries none). */
function eventNameFromFile(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.json$/i, '') || 'Transcript';
}

async function printCommand(args: readonly string[], io: CliIo, out: string[], warnings: string[]): Promise<number> {
  const spec: Record<string, FlagKind> = { doc: 'value', out: 'value', 'page-size': 'value', round: 'value', 'split-at': 'value' };
  const parsed = parseArgs('print', args, spec, ['FILE.json']);
  const file = parsed.positionals[0] as string;
  const doc = requireValue('print', parsed, 'doc');
  if (!(DOCUMENT_NAMES as readonly string[]).includes(doc)) throw new UsageError(`print: unknown document "${doc}" (documents: ${DOCUMENT_NAMES.join(', ')})`);
  const outFile = requireValue('print', parsed, 'out');
  const sizeText = parsed.values.get('page-size') ?? 'A4';
  const pageSize = sizeText.toUpperCase();
  if (pageSize !== 'A4' && pageSize !== 'LETTER') throw new UsageError(`print: --page-size must be A4 or Letter (got "${sizeText}")`);
  const roundText = parsed.values.get('round');
  const round = roundText === undefined ? undefined : integerFlag('print', 'round', roundText, 1, 1000);
  const split = parsed.values.get('split-at');
  if (split !== undefined && !/^\p{L}$/u.test(split.trim())) throw new UsageError(`print: --split-at must be one letter, such as L (got "${split}")`);
  if (!io.renderPdf || !io.writeBytes) throw new UsageError('print: PDF rendering is not available in this host');
  const loaded = readEvent(io, file, warnings);
  // A save has the event's name; a transcript carries none.
  const state: EventState = loaded.transcript ? { ...loaded.state, name: eventNameFromFile(file) } : loaded.state;
  const definition = withFile(file, () =>
    buildDocument(doc, state, {
      pageSize,
      generatedAt: io.timestamp?.() ?? '',
      ...(round !== undefined ? { round } : {}),
      ...(split !== undefined ? { splitAtLetter: split.trim() } : {}),
    }),
  );
  const rendered = await io.renderPdf(definition);
  try {
    io.writeBytes(outFile, rendered.pdf);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const reason = code === 'ENOENT' ? 'no such directory' : code === 'EACCES' ? 'permission denied' : error instanceof Error ? error.message : String(error);
    throw new UsageError(`cannot write ${outFile}: ${reason}`);
  }
  const printed = round ?? state.rounds[state.rounds.length - 1]?.number;
  const about = doc === 'bracket' || printed === undefined ? '' : `, round ${printed}`;
  out.push(`Wrote ${outFile}: ${doc}${about}, ${rendered.pages} page${rendered.pages === 1 ? '' : 's'} (${pageSize === 'A4' ? 'A4' : 'Letter'})`);
  if (rendered.missingCharacters.length > 0)
    warnings.push(
      `note: ${rendered.missingCharacters.length} character${rendered.missingCharacters.length === 1 ? '' : 's'} of the names ha${rendered.missingCharacters.length === 1 ? 's' : 've'} no glyph in the embedded font and print${rendered.missingCharacters.length === 1 ? 's' : ''} as an empty box: ${rendered.missingCharacters.slice(0, 12).join(' ')}`,
    );
  return 0;
}
