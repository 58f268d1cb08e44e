/** Events as journal commands, for the event-store, crash and fuzz tests and the benchmark. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { createRng } from '../../core/random/rng.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { headToHeadResult } from '../../core/simulate.js';
import { registrationDraws, roundSeed } from '../../core/transcript/draws.js';

export type CreateEvent = Extract<Command, { type: 'create-event' }>;

export function createCommand(id = 'evt-1', seed = 7): CreateEvent {
  return { type: 'create-event', id, name: 'Friday Night Magic', ruleset: 'mtr', settings: {}, seed, createdAt: '2026-05-01T18:00:00.000Z' };
}

/** Names with accents and non-Latin script, so lines hold multi-byte UTF-8. */
const NAMES = ['Alice Archer', 'Bruno Baker', 'Chloé Castro', 'Dmitri Dvořák', 'Emma Evans', '山田 花子', 'Zoë Ångström', 'Farid Fischer'];

export interface BuiltEvent {
  commands: Command[];
  state: EventState;
}

/**
 * An mtr event: create, `players` registrations, `rounds` paired and played (results from `seed`),
 * then `amends` result amendments (with a reason) spread over the played rounds — or as many as
 * make `total` commands in all.
 */
export function mtrEvent(options: { players: number; rounds: number; amends?: number; total?: number; seed?: number; id?: string }): BuiltEvent {
  const seed = options.seed ?? 7;
  const commands: Command[] = [];
  let state: EventState | undefined;
  const run = (command: Command): void => {
    state = apply(state, command);
    commands.push(command);
  };
  run(createCommand(options.id ?? 'evt-1', seed));
  const draw = registrationDraws(seed);
  const width = Math.max(3, String(options.players).length);
  for (let i = 0; i < options.players; i++) {
    const name = i < NAMES.length ? (NAMES[i] as string) : `Player ${i + 1}`;
    run({ type: 'register-player', player: { id: `p${String(i + 1).padStart(width, '0')}`, name }, draw: draw() });
  }
  const rng = createRng(seed * 31 + 5);
  for (let round = 1; round <= options.rounds; round++) {
    run(pairCommand(state as EventState, round));
    const tables = (state as EventState).rounds[round - 1]?.tables ?? [];
    for (const table of tables) run({ type: 'record-result', round, table: table.table, result: { ...headToHeadResult(2, rng) } });
  }
  const amends = options.total !== undefined ? options.total - commands.length : (options.amends ?? 0);
  for (let i = 0; i < amends; i++) {
    const round = rng.int(1, options.rounds);
    const tables = (state as EventState).rounds[round - 1]?.tables.length ?? 1;
    run({ type: 'record-result', round, table: rng.int(1, tables), result: { ...headToHeadResult(2, rng) }, reason: 'entered at the wrong table' });
  }
  return { commands, state: state as EventState };
}

/** The pair-round command Podium would record for the next round of `state`. */
export function pairCommand(state: EventState, round = state.rounds.length + 1): Extract<Command, { type: 'pair-round' }> {
  const proposal = getRuleset(state.ruleset).pair(state, roundSeed(state.seed, round));
  return {
    type: 'pair-round',
    round,
    stage: 'swiss',
    tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
    byes: proposal.byes.map((b) => ({ player: b.player, kind: b.kind })),
    seed: proposal.seed,
  };
}

/** An amendment of a result of the event's last round (always valid once a round is played). */
export function amendCommand(state: EventState, n: number): Command {
  const round = state.rounds[state.rounds.length - 1];
  if (!round) throw new Error('no round to amend');
  const table = round.tables[n % round.tables.length] as { table: number };
  return { type: 'record-result', round: round.number, table: table.table, result: { games: [2, n % 2, 0] }, reason: `amend ${n}` };
}

/** A fresh temp folder; `leftovers()` lists temp files the store should never leave. */
export function tempFolder(prefix = 'podium-store-'): { dir: string; file(name: string): string; leftovers(): string[]; cleanup(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dir,
    file: (name) => path.join(dir, name),
    leftovers: () => readdirSync(dir, { recursive: true }).map(String).filter((name) => name.endsWith('.tmp')),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
