/**
 * The command union of the journal (ARCHITECTURE "The event save"). Commands record outcomes, not
 * requests: `pair-round` carries the tables it produced and the seed, so a replay never re-runs a
 * pairing algorithm. Schemas validate anything that arrives from a file or a person.
 */
import { z } from 'zod';
import { RULESET_IDS } from '../model/types.js';

const playerId = z.string().min(1).max(64);
const teamMember = z.object({ seat: z.enum(['A', 'B', 'C']), name: z.string().trim().min(1).max(120) });

export const settingsPatchSchema = z
  .object({
    rel: z.enum(['regular', 'competitive', 'professional']),
    swissRounds: z.number().int().min(0).max(30),
    gamesToWin: z.number().int().min(1).max(3),
    format: z.enum(['constructed', 'sealed', 'draft']),
    teamSize: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    twoHeadedGiant: z.boolean(),
    pairWithinDraftPods: z.boolean(),
    lateEntryRecord: z.enum(['loss', 'none']),
    releaseWeekend: z.boolean(),
    podSize: z.number().int().min(3).max(6),
    endOfRound: z.enum(['extra-turns', 'active-player']),
    lastTurnMinutes: z.number().int().min(1).max(240),
    balanceSeats: z.boolean(),
  })
  .partial()
  .strict();

export const playerInputSchema = z.object({
  id: playerId,
  name: z.string().trim().min(1, 'a name is required').max(120),
  note: z.string().max(200).optional(),
  awardedByes: z.number().int().min(0).max(3).optional(),
  draftPod: z.number().int().min(1).max(1000).optional(),
  members: z.array(teamMember).min(2).max(3).optional(),
});

/** Results are checked in detail by the rule set; here only their outer shape. */
const resultSchema = z.record(z.string(), z.unknown());

const tableSchema = z.object({
  table: z.number().int().min(1),
  seats: z.array(playerId).min(1),
  result: resultSchema.optional(),
});

const byeSchema = z.object({ player: playerId, kind: z.enum(['pairing', 'awarded', 'playoff']) });

export const commandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('create-event'),
    id: z.string().min(1),
    name: z.string().trim().min(1).max(200),
    ruleset: z.enum(RULESET_IDS),
    settings: settingsPatchSchema,
    seed: z.number().int(),
    createdAt: z.string(),
  }),
  z.object({ type: z.literal('set-settings'), settings: settingsPatchSchema }),
  z.object({
    type: z.literal('register-player'),
    player: playerInputSchema,
    /** The registration draw (final tiebreaker), drawn once by whoever registered the player. */
    draw: z.number().int(),
  }),
  z.object({
    type: z.literal('edit-player'),
    id: playerId,
    changes: playerInputSchema.omit({ id: true }).partial(),
  }),
  z.object({ type: z.literal('drop-player'), id: playerId }),
  z.object({ type: z.literal('reinstate-player'), id: playerId }),
  z.object({
    type: z.literal('pair-round'),
    round: z.number().int().min(1),
    stage: z.enum(['swiss', 'playoff']),
    tables: z.array(tableSchema),
    byes: z.array(byeSchema),
    waiting: z.array(playerId).optional(),
    seed: z.number().int(),
    /** Re-pair the current round (allowed before any of its results is entered). */
    replace: z.boolean().optional(),
    /** A manual change to a published pairing must say why (kept in the journal). */
    reason: z.string().max(500).optional(),
  }),
  z.object({
    type: z.literal('record-result'),
    round: z.number().int().min(1),
    table: z.number().int().min(1),
    result: resultSchema,
    /** Amending an entered result needs a reason. */
    reason: z.string().max(500).optional(),
  }),
  z.object({
    type: z.literal('start-playoff'),
    top: z.number().int().min(2),
    draft: z.boolean(),
    seeds: z.array(playerId).min(2),
  }),
  /** Revert an earlier command (by its journal sequence number); undoing an undo redoes. */
  z.object({ type: z.literal('undo'), target: z.number().int().min(0), reason: z.string().max(500).optional() }),
]);

export type Command = z.infer<typeof commandSchema>;
export type CommandType = Command['type'];
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
export type PlayerInput = z.infer<typeof playerInputSchema>;

/** Parse anything into a command, or a message naming the problem. */
export function parseCommand(input: unknown): { ok: true; command: Command } | { ok: false; message: string } {
  const parsed = commandSchema.safeParse(input);
  if (parsed.success) return { ok: true, command: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return { ok: false, message: `invalid command${where}: ${issue?.message ?? 'unknown problem'}` };
}
