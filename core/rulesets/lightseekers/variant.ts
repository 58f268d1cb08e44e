/**
 * The three Lightseekers multiplayer structures (RULES.md section 3; seeds/004). Every Lightseekers
 * file reads what differs between them from here.
 */
import { CASUAL_PLAYERS, COMPETITIVE_PLAYERS, LARGE_PLAYERS } from './tables.js';

export type LightseekersRulesetId = 'lightseekers-casual' | 'lightseekers-competitive' | 'lightseekers-large';
export type LightseekersStructure = 'casual' | 'competitive' | 'large';

export interface LightseekersVariant {
  id: LightseekersRulesetId;
  structure: LightseekersStructure;
  title: string;
  /** The player counts the structure is written for (outside: a warning, never a block — RULES 4). */
  players: { readonly min: number; readonly max: number };
  /** Rounds before the final table(s): casual 1, competitive and each large group 3. */
  rounds: number;
  /** Largest table of a round: casual 6 (the seed's 6-player row), else 5. */
  maxRoundTable: number;
  /** Largest playoff table: casual 5 (6 beyond the seed's table), competitive 5, large 6 (grand final). */
  maxFinalTable: number;
  /** A round's runner-up may go on to a final (casual: the seed's table; large: a group's runner-up). */
  runnerUpGoesOn: boolean;
}

export const LIGHTSEEKERS_CASUAL: LightseekersVariant = {
  id: 'lightseekers-casual',
  structure: 'casual',
  title: 'Lightseekers multiplayer: casual (5–25 players)',
  players: CASUAL_PLAYERS,
  rounds: 1,
  maxRoundTable: 6,
  maxFinalTable: 6,
  runnerUpGoesOn: true,
};

export const LIGHTSEEKERS_COMPETITIVE: LightseekersVariant = {
  id: 'lightseekers-competitive',
  structure: 'competitive',
  title: 'Lightseekers multiplayer: competitive (8–150 players)',
  players: COMPETITIVE_PLAYERS,
  rounds: 3,
  maxRoundTable: 5,
  maxFinalTable: 5,
  runnerUpGoesOn: false,
};

export const LIGHTSEEKERS_LARGE: LightseekersVariant = {
  id: 'lightseekers-large',
  structure: 'large',
  title: 'Lightseekers multiplayer: large events (26–150 players, groups and a grand final)',
  players: LARGE_PLAYERS,
  rounds: 3,
  maxRoundTable: 5,
  maxFinalTable: 6,
  runnerUpGoesOn: true,
};
