/**
 * Events and PDF tools for the printing tests: the conformance cases, simulated events with a
 * played-out playoff, people's names from many scripts, and poppler (pdftotext, pdfinfo,
 * pdftoppm; .ci/run installs poppler-utils; without it these tests skip, or fail under CI=true).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TestRunner } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { EventState, PlayerId, Table, TableResult } from '../../core/model/types.js';
import { availableRulesets, getRuleset } from '../../core/rulesets/index.js';
import { simulateEvent } from '../../core/simulate.js';
import { loadTranscript, roundSeed } from '../../core/transcript/index.js';
import { isCi } from './e2e-paths.js';
import { conformanceCasesDir } from './paths.js';

/** The conformance case of a rule set, if there is one (by the transcript's `ruleset`). */
export function conformanceCase(rulesetId: string): { file: string; state: EventState } | undefined {
  const files: Record<string, string> = {
    mtr: 'mtr-9-players.json',
    'mamtr-2024': 'mamtr-11-players.json',
    'mstr-2022': 'mstr-13-players.json',
    'lightseekers-competitive': 'lightseekers-13-players.json',
  };
  const name = files[rulesetId];
  if (!name) return undefined;
  const file = path.join(conformanceCasesDir, name);
  const { state } = loadTranscript(readFileSync(file, 'utf8'));
  return { file, state: { ...state, name: name.replace(/\.json$/, '') } };
}

/** Every rule set registered now (so the tests cover new ones as they land), with an event to print. */
export function printableEvents(): { rulesetId: string; state: EventState }[] {
  return availableRulesets().map((ruleset) => {
    const known = conformanceCase(ruleset.id);
    if (known) return { rulesetId: ruleset.id, state: known.state };
    const players = ruleset.family === 'lightseekers' ? (ruleset.id === 'lightseekers-large' ? 30 : 13) : 12;
    const rounds = ruleset.id === 'lightseekers-casual' ? 1 : 3;
    const { state } = simulateEvent({ ruleset: ruleset.id, players, rounds, seed: 11 });
    return { rulesetId: ruleset.id, state: { ...state, name: `Simulated ${ruleset.id}` } };
  });
}

/** A result in which seat 1 wins, in the rule set's form. */
function seatOneWins(state: EventState, table: Table): TableResult {
  const family = getRuleset(state.ruleset).family;
  if (family === 'head-to-head') return { games: [2, 1, 0] };
  if (family === 'pods') return { winner: table.seats[0] as PlayerId };
  const vp: Record<PlayerId, number> = {};
  table.seats.forEach((id, i) => (vp[id] = 10 - i));
  return { vp, defeated: [...table.seats].slice(1).reverse() };
}

/**
 * Make the cut (top `top`) and play `rounds` playoff rounds (default: all), seat 1 winning every
 * table. The event must have finished Swiss rounds.
 */
export function withPlayoff(state: EventState, top: number, rounds = Number.POSITIVE_INFINITY, draft = false): EventState {
  const ruleset = getRuleset(state.ruleset);
  let next = state;
  const first = ruleset.playoff(next, { top, draft }, roundSeed(next.seed, next.rounds.length + 1));
  next = apply(next, { type: 'start-playoff', top, draft, seeds: first.seeds });
  let proposal: { tables: Table[]; byes: { player: PlayerId; kind: 'pairing' | 'awarded' | 'playoff' }[]; waiting?: PlayerId[] } | null = {
    tables: first.tables,
    byes: [],
    waiting: first.waiting,
  };
  for (let played = 0; proposal && played < rounds; played++) {
    const number = next.rounds.length + 1;
    next = apply(next, {
      type: 'pair-round',
      round: number,
      stage: 'playoff',
      tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
      byes: proposal.byes,
      ...(proposal.waiting && proposal.waiting.length > 0 ? { waiting: proposal.waiting } : {}),
      seed: roundSeed(next.seed, number),
    });
    for (const table of proposal.tables) next = apply(next, { type: 'record-result', round: number, table: table.table, result: seatOneWins(next, table) as never });
    if (played + 1 >= rounds) break;
    proposal = ruleset.nextPlayoffRound(next, roundSeed(next.seed, next.rounds.length + 1));
  }
  return next;
}

/** Names from the scripts people register with (and two the font lacks). */
export const WORLD_NAMES = [
  'Zoë Ångström-Łukasiewicz',
  'María José de la Cruz',
  'Ludwig van Beethoven',
  'Søren Kierkegaard',
  'Nguyễn Thị Minh Khai',
  'Αλέξανδρος Παπαδόπουλος',
  'Ιωάννα Κωνσταντινίδου',
  'Дмитрий Шостакович',
  'Ольга Ёлкина',
  'Teller',
  "Seán O'Brien",
  'Jean-Luc Picard',
] as const;

/** A finished simulated event whose first players carry `names`. */
export function eventWithNames(rulesetId: string, names: readonly string[], players = 16, rounds = 2): EventState {
  const { state } = simulateEvent({ ruleset: rulesetId, players, rounds, seed: 5 });
  return { ...state, name: 'Names of the world', players: state.players.map((p, i) => (i < names.length ? { ...p, name: names[i] as string } : p)) };
}

// ---------------------------------------------------------------------------------------------
// poppler

/**
 * Run a poppler tool. Where it is not installed, the test that asked skips, saying so — except
 * under `CI=true`, where it fails (and the run has already failed in e2e-global-setup.ts).
 */
function poppler(tool: string, args: string[]): string {
  const run = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
    const why = `${tool} is missing: install poppler-utils (Debian: apt-get install -y poppler-utils; macOS: brew install poppler; .ci/run does it)`;
    const test = TestRunner.getCurrentTest();
    if (test && !isCi()) test.context.skip(why);
    throw new Error(why);
  }
  if (run.status !== 0) throw new Error(`${tool} failed (${run.status}): ${run.stderr}`);
  return run.stdout;
}

function withPdfFile<T>(pdf: Uint8Array, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF (pdftotext, reading order; `layout` keeps columns side by side). */
export function pdfText(pdf: Uint8Array, layout = false): string {
  return withPdfFile(pdf, (file) => poppler('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-']));
}

/** pdfinfo's fields (Pages, Page size, Title, ...): also proves the file parses as a PDF. */
export function pdfInfo(pdf: Uint8Array): Record<string, string> {
  const text = withPdfFile(pdf, (file) => poppler('pdfinfo', [file]));
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) out[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return out;
}

/** Rasterise pages to PNG files in `outDir` (pdftoppm); returns the files written. */
export function pdfToPng(pdf: Uint8Array, outDir: string, prefix: string, options: { first?: number; last?: number; dpi?: number } = {}): string[] {
  return withPdfFile(pdf, (file) => {
    const args = ['-png', '-r', String(options.dpi ?? 50)];
    if (options.first !== undefined) args.push('-f', String(options.first));
    if (options.last !== undefined) args.push('-l', String(options.last));
    poppler('pdftoppm', [...args, file, path.join(outDir, prefix)]);
    return readdirSync(outDir).filter((f) => f.startsWith(prefix) && f.endsWith('.png')).map((f) => path.join(outDir, f));
  });
}
