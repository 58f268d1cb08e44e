/**
 * Transcripts (shared/conformance/README.md "Transcript format"): a plain JSON description of an
 * event — rule set, players, every round's tables with their results. Podium reads versions 1 and 2
 * and writes version 2.
 *
 * Objects are strict in both versions: an unknown field is reported rather than silently ignored (a
 * mistyped "drop" would otherwise change the standings without a word). Results are checked here
 * only for their outer shape; the rule set checks them in detail when the transcript is replayed.
 *
 * Version 2 ("everything a save can hold") adds, per player, `family`, `note`, `draw`, `entersRound`,
 * `awardedByes`, `draftPod` and `members`; team results (`seatGames`, Two-Headed Giant's
 * `intentionalDraw`); drops and byes in playoff rounds; and the penalty log (`penalties`). Beside
 * what the README lists, Podium reads and writes three fields of its own, each written only when the
 * rest of the transcript cannot say it (stateToTranscript checks by replaying, or the event has it):
 * - `groups` (version 1 too): a `lightseekers-large` event's groups, group 1 first;
 * - `playoff`: the cut as it was made — `top`, `draft` (a booster-draft top 8, whose seeds are draft
 *   seats) and `seeds` (seed 1 first) — when the first playoff round does not show it (a seed who
 *   dropped before it, a draft seating, an organiser's tie decision, a cut with no round yet);
 * - `waiting` on a playoff round: the seeds who skip it, when the rule set's own next round would
 *   not say the same;
 * - `noShow` on a table: its players who did not show up (MTR 2.10), recorded with the result;
 * - `firstSeat` on a table: the seat that plays first where it is not seat 1 (a pod with a fixed
 *   seat draws it, 2.2A).
 * And two of the judges' records, each written only when the event has it:
 * - `fixedTable` and `fixedSeat` on a player (accessibility): the table (and, in pods, the seat)
 *   the player always plays at, as registration takes them;
 * - `decklists` (MTR 2.7): each registered list as its text, with the corrections made after it
 *   locked, each with its round and reason (load.ts places them in the journal so the lock falls
 *   where it did).
 */
import { z } from 'zod';
import { playerInputSchema, settingsPatchSchema } from '../event/commands.js';
import { nameProblem } from '../model/names.js';
import { PENALTY_KINDS, RULESET_IDS } from '../model/types.js';

/** The version `export` (and every transcript writer) writes. */
export const TRANSCRIPT_VERSION = 2;
/** The versions Podium reads. */
export const TRANSCRIPT_VERSIONS = [1, 2] as const;

const playerId = z.string().min(1, 'a player id cannot be empty').max(64, 'a player id has at most 64 characters');

/** Version 1: an id and a name. */
export const transcriptPlayerSchemaV1 = z.strictObject({
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

const roundFieldsV1 = {
  stage: z.enum(['swiss', 'playoff']).optional(),
  tables: z.array(transcriptTableSchema),
  byes: z.array(playerId).optional(),
  /** These players drop after this round. */
  drops: z.array(playerId).optional(),
};

export const transcriptRoundSchemaV1 = z.strictObject(roundFieldsV1);

/**
 * `lightseekers-large` only (an addition to the README, versions 1 and 2): the groups, group 1
 * first, each a list of player ids. Without it the groups are read off the rounds (players who shared
 * a table are in one group).
 */
const groupsSchema = z.array(z.array(playerId));

export const transcriptSchemaV1 = z.strictObject({
  transcript: z.literal(1),
  ruleset: z.enum(RULESET_IDS),
  settings: settingsPatchSchema.optional(),
  seed: z.number().int().optional(),
  players: z.array(transcriptPlayerSchemaV1),
  rounds: z.array(transcriptRoundSchemaV1),
  groups: groupsSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Version 2

/** A name or note as every edge checks it (core/model/names.ts: no control or invisible characters). */
function checkedText<T extends z.ZodString>(text: T, what: string) {
  return text.superRefine((value, ctx) => {
    const problem = nameProblem(value, what);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** The limits of the station's own player fields (core/event/commands.ts), so the two never differ. */
const playerFields = playerInputSchema.shape;

/** A fixed table or seat: the station's limits, worded for a transcript. */
function fixedPlace(station: z.ZodNumber, positive: string) {
  const max = station.maxValue ?? Number.MAX_SAFE_INTEGER;
  return z.number().int().min(1, positive).max(max, `at most ${max}`);
}

export const transcriptMemberSchema = z.strictObject({
  name: checkedText(z.string().trim().min(1, 'a member needs a name').max(120, 'a name has at most 120 characters'), 'name'),
  seat: z.enum(['A', 'B', 'C']),
});

export const transcriptPlayerSchemaV2 = z.strictObject({
  id: playerId,
  name: checkedText(z.string().trim().min(1, 'a name is required').max(120, 'a name has at most 120 characters'), 'name'),
  /** The family name boards sort by (Player.familyName); absent = read from the name. */
  family: checkedText(z.string().trim().min(1, 'a family name cannot be empty (leave "family" out instead)').max(120, 'a family name has at most 120 characters'), 'family name').optional(),
  /** Tells same-name players apart. */
  note: checkedText(z.string().max(200, 'a note has at most 200 characters'), 'note').optional(),
  /** The registration draw: the final tiebreaker. Absent = drawn from the seed, in player order. */
  draw: z.number().int().optional(),
  /** A late entry: the first round the player can be paired in (absent = 1). */
  entersRound: z.number().int().min(1).max(1000).optional(),
  awardedByes: playerFields.awardedByes,
  draftPod: playerFields.draftPod,
  /** Teams and Two-Headed Giant: the members with their fixed seats. */
  members: z.array(transcriptMemberSchema).min(2, 'a team has 2 or 3 members').max(3, 'a team has 2 or 3 members').optional(),
  /** The table the player always plays at (Player.fixedTable). */
  fixedTable: fixedPlace(playerFields.fixedTable.unwrap(), 'a fixed table is a table number, 1 or more').optional(),
  /** With `fixedTable`, in pods: the seat the player takes in Swiss rounds (Player.fixedSeat). */
  fixedSeat: fixedPlace(playerFields.fixedSeat.unwrap(), 'a fixed seat is a seat number, 1 or more').optional(),
});

export const transcriptTableSchemaV2 = z.strictObject({
  ...transcriptTableSchema.shape,
  /**
   * Podium's addition (MTR 2.10): players of this table who did not show up, recorded with the
   * result (which gives each a loss). In a Swiss round a no-show is dropped unless listed in no
   * `drops`: then they reported to the scorekeeper before the next round.
   */
  noShow: z.array(playerId).min(1).optional(),
  /**
   * Podium's addition (MSTR/MAMTR 2.2A): the seat that plays first, where not seat 1 — a pod where a
   * fixed seat keeps a player's place draws who plays first (Table.firstSeat). Absent: seat 1.
   */
  firstSeat: z.number().int().min(1, 'the seat that plays first is 1 or more').max(8, 'a table has at most 8 seats').optional(),
});

export const transcriptRoundSchemaV2 = z.strictObject({
  ...roundFieldsV1,
  tables: z.array(transcriptTableSchemaV2),
  /** Playoff rounds (Podium's addition): the seeds who skip this round. */
  waiting: z.array(playerId).optional(),
});

/** The penalties of the log (the event model's, so the two never differ). */
export const PENALTIES = PENALTY_KINDS;

export const transcriptPenaltySchema = z.strictObject({
  round: z.number().int().min(1),
  table: z.number().int().min(1).optional(),
  player: playerId,
  infraction: checkedText(z.string().trim().min(1, 'name the infraction').max(200, 'an infraction has at most 200 characters'), 'infraction'),
  penalty: z.enum(PENALTIES),
  judge: checkedText(z.string().trim().min(1, 'name the judge (or leave "judge" out)').max(120, "a judge's name has at most 120 characters"), "judge's name").optional(),
  note: checkedText(z.string().max(500, 'a note has at most 500 characters'), 'note').optional(),
});

/** A list as registered: its text, as the player handed it in (register-decklist `source`). */
const decklistText = z.string().max(40_000, 'a list has at most 40000 characters');
/** Why a list changed after it locked (MTR 2.7: kept in the journal); the command's limit. */
const decklistReason = z.string().trim().min(1, 'a list registered after it locked needs the reason (MTR 2.7)').max(500, 'a reason has at most 500 characters');
/** The round during which a registration was made: after that round was paired, before the next. */
const decklistRound = z.number().int().min(1, 'a round number is 1 or more');

/** A registration after the list locked (MTR 2.7): the round it was made in, the list and why. */
export const transcriptDecklistCorrectionSchema = z.strictObject({
  round: decklistRound,
  list: decklistText,
  reason: decklistReason,
});

/**
 * MTR 2.7: a player's registered list. `list` is the list that stood when it locked
 * (registered before the lock; a replacement before the lock is no correction); a list first
 * registered after the lock gives the `round` and `reason` of that registration. `corrections`:
 * each registration after that, in order.
 */
export const transcriptDecklistSchema = z.strictObject({
  player: playerId,
  list: decklistText,
  round: decklistRound.optional(),
  reason: decklistReason.optional(),
  corrections: z.array(transcriptDecklistCorrectionSchema).min(1, 'leave "corrections" out when there are none').optional(),
});

/** The cut as it was made (Podium's addition; see the file comment). */
export const transcriptPlayoffSchema = z.strictObject({
  top: z.number().int().min(2),
  draft: z.boolean().optional(),
  /** Seed 1 first (a booster-draft top 8: draft seat order). */
  seeds: z.array(playerId).min(2, 'a playoff has at least 2 seeds'),
});

/** RULES 3 "organiser's choice": the order of a tie, first place first, made once `afterRound` rounds were paired. */
export const transcriptTieDecisionSchema = z.strictObject({
  afterRound: z.number().int().min(0),
  players: z.array(playerId).min(2, 'a tie has at least two players').max(64),
  reason: checkedText(z.string().trim().min(1, 'say how the tie was decided').max(500, 'a reason has at most 500 characters'), 'reason'),
});

export const transcriptSchemaV2 = z.strictObject({
  transcript: z.literal(2),
  ruleset: z.enum(RULESET_IDS),
  settings: settingsPatchSchema.optional(),
  seed: z.number().int().optional(),
  players: z.array(transcriptPlayerSchemaV2),
  rounds: z.array(transcriptRoundSchemaV2),
  groups: groupsSchema.optional(),
  playoff: transcriptPlayoffSchema.optional(),
  /** The penalty log (results already show the penalties' effect). */
  penalties: z.array(transcriptPenaltySchema).optional(),
  /** Registered decklists, one entry per player. */
  decklists: z.array(transcriptDecklistSchema).optional(),
  /** The organiser's orders for ties on every criterion (RULES 3), each after the round it was made in. */
  tieDecisions: z.array(transcriptTieDecisionSchema).optional(),
});

/**
 * A transcript of either version. Version 1 is the same shape without the version-2 fields, so one
 * type holds both; `transcript` says how to read the results (version 2: README forms such as
 * `seatGames`; version 1: the forms the rule sets take).
 */
export type Transcript = Omit<z.infer<typeof transcriptSchemaV2>, 'transcript'> & { transcript: 1 | 2 };
export type TranscriptPlayer = z.infer<typeof transcriptPlayerSchemaV2>;
export type TranscriptRound = z.infer<typeof transcriptRoundSchemaV2>;
export type TranscriptTable = z.infer<typeof transcriptTableSchemaV2>;
export type TranscriptPenalty = z.infer<typeof transcriptPenaltySchema>;
export type TranscriptPlayoff = z.infer<typeof transcriptPlayoffSchema>;
export type TranscriptDecklist = z.infer<typeof transcriptDecklistSchema>;
export type TranscriptDecklistCorrection = z.infer<typeof transcriptDecklistCorrectionSchema>;

/** The schema of each version Podium reads. */
export const transcriptSchemas = { 1: transcriptSchemaV1, 2: transcriptSchemaV2 } as const;

/** The seed a transcript without one is replayed with. */
export const DEFAULT_TRANSCRIPT_SEED = 1;
