/**
 * Transcript version 1 (shared/conformance/README.md "Transcript format"): a plain JSON description
 * of an event — rule set, players, every round's tables with their results. Objects are strict: an
 * unknown field is reported rather than silently ignored (a mistyped "drop" would otherwise change
 * the standings without a word). Results are checked here only for their outer shape; the rule set
 * checks them in detail when the transcript is replayed.
 */
import { z } from 'zod';
import { settingsPatchSchema } from '../event/commands.js';
import { RULESET_IDS } from '../model/types.js';

export const TRANSCRIPT_VERSION = 1;

const playerId = z.string().min(1, 'a player id cannot be empty').max(64, 'a player id has at most 64 characters');

export const transcriptPlayerSchema = z.strictObject({
  id: playerId,
  name: z.string().trim().min(1, 'a name is required').max(120, 'a name has at most 120 characters'),
});

export const transcriptResultSchema = z.record(z.string(), z.unknown());

export const transcriptTableSchema = z.strictObject({
  table: z.number().int().min(1),
  /** Seat order: seat 1 first. */
  seats: z.array(playerId).min(1, 'a table seats at least one player'),
  /** Absent: the table is unfinished. */
  result: transcriptResultSchema.optional(),
});

export const transcriptRoundSchema = z.strictObject({
  stage: z.enum(['swiss', 'playoff']).optional(),
  tables: z.array(transcriptTableSchema),
  byes: z.array(playerId).optional(),
  /** These players drop after this round. */
  drops: z.array(playerId).optional(),
});

export const transcriptSchema = z.strictObject({
  transcript: z.literal(TRANSCRIPT_VERSION),
  ruleset: z.enum(RULESET_IDS),
  settings: settingsPatchSchema.optional(),
  seed: z.number().int().optional(),
  players: z.array(transcriptPlayerSchema),
  rounds: z.array(transcriptRoundSchema),
  /**
   * `lightseekers-large` only (an addition to version 1): the groups, group 1 first, each a list of
   * player ids. Recorded with the first round; without it the groups are read off the rounds (players
   * who shared a table are in one group).
   */
  groups: z.array(z.array(playerId)).optional(),
});

export type Transcript = z.infer<typeof transcriptSchema>;
export type TranscriptPlayer = z.infer<typeof transcriptPlayerSchema>;
export type TranscriptRound = z.infer<typeof transcriptRoundSchema>;
export type TranscriptTable = z.infer<typeof transcriptTableSchema>;

/** The seed a transcript without one is replayed with. */
export const DEFAULT_TRANSCRIPT_SEED = 1;
