/**
 * Simulate a whole event (the CLI's `simulate`, the benchmark, property tests): register N players,
 * then per round pair with the rule set, record seeded random results and seeded random drops.
 * Everything goes through the event fold, so a simulated event is exactly what a station would
 * have recorded, and its transcript replays to the same state.
 *
 * Pure: randomness comes from the seed, time only from the `clock` argument (used to measure how
 * long each pairing takes; the CLI passes performance.now).
 */
import { type Command, type SettingsPatch, publishCommand } from './event/commands.js';
import { apply } from './event/apply.js';
import { activePlayers } from './event/queries.js';
import { fail } from './model/errors.js';
import type { EventState, Settings } from './model/types.js';
import { type Rng, createRng, deriveSeed } from './random/rng.js';
import { getRuleset } from './rulesets/index.js';
import type { Ruleset } from './rulesets/ruleset.js';
import { registrationDraws, roundSeed } from './transcript/draws.js';

export interface SimulateOptions {
  /** A rule set id (`mtr`, ...). */
  ruleset: string;
  /** Players to register (at least 2). */
  players: number;
  /** Swiss rounds to pair and play (at least 1). */
  rounds: number;
  /** The event seed (default 1): same seed, same event. */
  seed?: number;
  /** Probability that an active player drops after a round (0 to 1; default 0). */
  dropRate?: number;
  settings?: SettingsPatch;
  /** The event's creation time, epoch milliseconds (default 0). */
  now?: number;
  /** Milliseconds from any origin, read around each pairing (default: no timing, all zeros). */
  clock?: () => number;
}

export interface SimulateOutcome {
  state: EventState;
  /** Time each round's pairing took, by the clock given; round 1 first. */
  pairingMs: number[];
}

/** Sub-streams of the event seed used by the simulation (each its own generator). */
const NAME_STREAM = 0x4e41;
const RESULT_STREAM = 0x5245;
const DROP_STREAM = 0x4452;

export const SIMULATED_EVENT_ID = 'simulated';

// The journal fixtures of the host tests make `mtr` results with it (see core/rulesets/index.ts).
export { headToHeadResult } from './rulesets/index.js';

export function simulateEvent(options: SimulateOptions): SimulateOutcome {
  const ruleset = getRuleset(options.ruleset);
  const seed = options.seed ?? 1;
  const dropRate = options.dropRate ?? 0;
  const clock = options.clock ?? (() => 0);
  if (!Number.isInteger(options.players) || options.players < 2 || options.players > 100_000)
    fail('invalid-input', `simulate needs a whole number of players from 2 to 100000, not ${options.players}`);
  if (!Number.isInteger(options.rounds) || options.rounds < 1 || options.rounds > 30)
    fail('invalid-input', `simulate needs a whole number of rounds from 1 to 30, not ${options.rounds}`);
  if (!Number.isInteger(seed)) fail('invalid-input', `the seed must be a whole number, not ${seed}`);
  if (!(dropRate >= 0 && dropRate <= 1)) fail('invalid-input', `the drop rate is a probability from 0 to 1, not ${dropRate}`);

  let state = apply(undefined, {
    type: 'create-event',
    id: SIMULATED_EVENT_ID,
    name: `Simulated ${ruleset.id} event`,
    ruleset: ruleset.id,
    settings: options.settings ?? {},
    seed,
    createdAt: new Date(options.now ?? 0).toISOString(),
  });
  if (!ruleset.randomResults) fail('invalid-input', `simulate cannot play ${ruleset.id} events: the rule set makes no random results`);
  const play = ruleset.randomResults(state.settings);
  const run = (command: Command): void => {
    state = apply(state, command);
  };

  const names = playerNames(options.players, createRng(deriveSeed(seed, NAME_STREAM)));
  const draw = registrationDraws(seed);
  const width = Math.max(3, String(options.players).length);
  names.forEach((name, i) => {
    run({ type: 'register-player', player: { id: `p${String(i + 1).padStart(width, '0')}`, name }, draw: draw() });
  });

  const results = createRng(deriveSeed(seed, RESULT_STREAM));
  const drops = createRng(deriveSeed(seed, DROP_STREAM));
  const pairingMs: number[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const started = clock();
    const proposal = ruleset.pair(state, roundSeed(seed, round));
    pairingMs.push(clock() - started);
    run(publishCommand(round, 'swiss', proposal));
    for (const table of proposal.tables) {
      run({ type: 'record-result', round, table: table.table, result: play(table, results) as Record<string, unknown> });
    }
    if (dropRate > 0) {
      let remaining = activePlayers(state, round + 1).length;
      const floor = minimumField(ruleset, state.settings);
      for (const player of activePlayers(state, round + 1)) {
        if (remaining <= floor) break;
        if (chance(drops, dropRate)) {
          run({ type: 'drop-player', id: player.id });
          remaining--;
        }
      }
    }
  }
  return { state, pairingMs };
}

/** Drops stop at this many active players: one full table (two for a match, a pod for a pod event). */
function minimumField(ruleset: Ruleset, settings: Settings): number {
  return Math.max(ruleset.tableSize(settings, 'swiss').min, ruleset.presentation.table.standardSize?.(settings) ?? 0);
}

/** True with probability p. */
function chance(rng: Rng, p: number): boolean {
  if (p <= 0) return false;
  if (p >= 1) return true;
  return rng.int(0, 0x3fffffff) < p * 0x40000000;
}

// ---------------------------------------------------------------------------------------------
// Names

const FIRST_NAMES = [
  'Ada', 'Adrian', 'Aisha', 'Alice', 'Amir', 'Ana', 'Ben', 'Bianca', 'Björn', 'Carla', 'Chen', 'Chloé',
  'Daniel', 'Dmitri', 'Elena', 'Emma', 'Farid', 'Fiona', 'François', 'Grace', 'Hannah', 'Hiro', 'Inés',
  'Isaac', 'Jakub', 'James', 'Jana', 'José', 'Julia', 'Kai', 'Kofi', 'Laura', 'Leo', 'Lina', 'Łukasz',
  'Maya', 'Marco', 'Mei', 'Nadia', 'Noah', 'Olga', 'Omar', 'Priya', 'Rafael', 'Renée', 'Rosa', 'Sam',
  'Sara', 'Søren', 'Tom', 'Uma', 'Victor', 'Wen', 'Yusuf', 'Zoë',
];
const FAMILY_NAMES = [
  'Abbott', 'Andersen', 'Archer', 'Baker', 'Brennan', 'Castro', 'Chen', 'Costa', 'Dubois', 'Dvořák',
  'Evans', 'Fischer', 'García', 'Gupta', 'Hansen', 'Hughes', 'Ibrahim', 'Ito', 'Jensen', 'Kim',
  'Kowalski', 'Larsen', 'Lefèvre', 'Lopez', 'Mendes', 'Müller', 'Murphy', 'Nakamura', 'Novak',
  'Nuñez', 'Okafor', 'Olsen', 'Patel', 'Petrov', 'Quinn', 'Rossi', 'Santos', 'Schmidt', 'Silva',
  'Singh', 'Šimić', 'Takahashi', 'Tanaka', 'Nguyen', 'Walsh', 'Weber', 'Wójcik', 'Young', 'Zhang',
];

/** N plausible "First Family" names (repeats are possible, as at a real event). */
export function playerNames(count: number, rng: Rng): string[] {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const first = FIRST_NAMES[rng.int(0, FIRST_NAMES.length - 1)] as string;
    const family = FAMILY_NAMES[rng.int(0, FAMILY_NAMES.length - 1)] as string;
    names.push(`${first} ${family}`);
  }
  return names;
}
