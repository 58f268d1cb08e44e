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
import type { EventState, HeadToHeadResult, PodResult, Settings, Table, TableResult } from './model/types.js';
import { type Rng, createRng, deriveSeed } from './random/rng.js';
import { getRuleset } from './rulesets/index.js';
import { randomLightseekersResult } from './rulesets/lightseekers/random-result.js';
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
  const play = resultGenerator(ruleset, state.settings);
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

/** Drops stop at this many active players: two for a match, one full pod for a pod event. */
function minimumField(ruleset: Ruleset, settings: Settings): number {
  if (ruleset.family === 'lightseekers') return 3; // a Lightseekers game needs 3 players
  return ruleset.family === 'pods' ? Math.max(2, settings.podSize) : 2;
}

/** True with probability p. */
function chance(rng: Rng, p: number): boolean {
  if (p <= 0) return false;
  if (p >= 1) return true;
  return rng.int(0, 0x3fffffff) < p * 0x40000000;
}

// ---------------------------------------------------------------------------------------------
// Results, per rule-set family

type ResultGenerator = (table: Table, rng: Rng) => TableResult;

function resultGenerator(ruleset: Ruleset, settings: Settings): ResultGenerator {
  switch (ruleset.family) {
    case 'head-to-head':
      if (settings.teamSize !== 1) fail('invalid-settings', 'simulate does not support team events yet');
      return (_table, rng) => headToHeadResult(settings.gamesToWin, rng);
    case 'pods':
      return (table, rng) => podResult(table, settings.gamesToWin, rng);
    case 'lightseekers':
      return (table, rng) => randomLightseekersResult(table.seats, rng);
  }
}

/**
 * An MTR match result {games: [seat 1 wins, seat 2 wins, drawn games]} (RULES 1 "Match structure"):
 * mostly a winner reaching gamesToWin, sometimes with a drawn game; about 1 in 25 a drawn match
 * (time called with equal wins, e.g. 1-1-1); about 1 in 60 an intentional draw reported 0-0-3.
 */
export function headToHeadResult(gamesToWin: number, rng: Rng): HeadToHeadResult {
  const roll = rng.int(0, 999);
  if (roll < 16) return { games: [0, 0, 3] };
  if (roll < 56) {
    const wins = gamesToWin > 1 ? rng.int(0, gamesToWin - 1) : 0;
    const drawn = wins === 0 ? 1 : rng.int(0, 1);
    return { games: [wins, wins, drawn] };
  }
  const loserWins = rng.int(0, gamesToWin - 1);
  const drawn = rng.int(0, 19) === 0 ? 1 : 0;
  return rng.int(0, 1) === 0 ? { games: [gamesToWin, loserWins, drawn] } : { games: [loserWins, gamesToWin, drawn] };
}

/**
 * A pod result in the forms of the conformance README (RULES 2 "Match results"): mostly
 * `{ winner }` (a random seat; about 1 in 40 with a loser who conceded in `excluded`); about 1 in 25
 * `{ draw: true }` (time ran out; a third of them with one player excluded — conceded or a match
 * loss); about 1 in 12 a `{ games: [...] }` list: games until someone reaches `gamesToWin`, each
 * won by a random seat or (1 in 8) drawn, at most 2 · gamesToWin + 1 games (time), so a list can
 * also end without a single leader, which is a drawn match.
 */
export function podResult(table: Table, gamesToWin: number, rng: Rng): PodResult {
  const seats = table.seats;
  const pick = (): string => seats[rng.int(0, seats.length - 1)] as string;
  const roll = rng.int(0, 999);
  if (roll < 40) {
    if (seats.length > 2 && rng.int(0, 2) === 0) return { draw: true, excluded: [pick()] };
    return { draw: true };
  }
  if (roll < 120) {
    const wins = new Map<string, number>();
    const games: (string | 'draw')[] = [];
    const limit = 2 * gamesToWin + 1;
    while (games.length < limit) {
      if (rng.int(0, 7) === 0) {
        games.push('draw');
        continue;
      }
      const winner = pick();
      games.push(winner);
      const count = (wins.get(winner) ?? 0) + 1;
      wins.set(winner, count);
      if (count >= gamesToWin) break;
    }
    return { games };
  }
  const winner = pick();
  if (seats.length > 2 && rng.int(0, 39) === 0) {
    const losers = seats.filter((id) => id !== winner);
    return { winner, excluded: [losers[rng.int(0, losers.length - 1)] as string] };
  }
  return { winner };
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
