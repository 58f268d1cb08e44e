/**
 * The command union of the journal (ARCHITECTURE "The event save"). Commands record outcomes, not
 * requests: `pair-round` carries the tables it produced and the seed, so a replay never re-runs a
 * pairing algorithm. Schemas validate anything that arrives from a file or a person.
 *
 * Over 400 lines on purpose: this file is the save format, every command a line can hold, read as
 * one list (each group's schema is short; splitting them would scatter the one format).
 */
import { z } from 'zod';
import { nameProblem } from '../model/names.js';
import { firstSeatField } from '../model/seats.js';
import { PENALTY_KINDS, RULESET_IDS } from '../model/types.js';
import { zodMessage } from '../model/zod-words.js';

const playerId = z.string().min(1).max(64);

/**
 * Names (core/model/names.ts) are checked only in commands arriving now — the station's dispatch
 * and new events (core/api/contract.ts). The journal reader keeps the lenient schema: a save
 * written by an older version whose names hold such characters still opens with nothing lost (and
 * so does its repaired copy); every screen shows a name isolated, so an old name cannot reorder
 * the text around it there.
 */
type NameRule = (text: z.ZodString, what: string) => z.ZodString;
const anyName: NameRule = (text) => text;
const checkedName: NameRule = (text, what) =>
  text.superRefine((value, ctx) => {
    const problem = nameProblem(value, what);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The fields that hold a name or the note shown beside one, with their limits. */
function nameFields(rule: NameRule) {
  return {
    person: rule(z.string().trim().min(1, 'a name is required').max(120), 'name'),
    member: rule(z.string().trim().min(1).max(120), 'name'),
    note: rule(z.string().max(200), 'note'),
    event: rule(z.string().trim().min(1).max(200), 'event name'),
    judge: rule(z.string().trim().min(1, 'name the judge').max(120), "judge's name"),
  };
}

/** An event's name as a new event gets it (the StationApi's createEvent). */
export const newEventNameSchema = nameFields(checkedName).event;

/** MTR 10.2's variable number of rounds (Settings.variableRounds); its fields hold together by announced-rounds.ts. */
const variableRoundsSchema = z.strictObject({
  afterRound: z.number().int().min(1).max(30),
  compare: z.enum(['exactly', 'at-most']),
  players: z.number().int().min(0).max(9999),
  matchWins: z.number().int().min(1).max(30),
  then: z.enum(['stop', 'extra']),
});

export const settingsPatchSchema = z
  .object({
    rel: z.enum(['regular', 'competitive', 'professional']),
    // null: none announced (the recommendation), before round 1 only (MTR 10.2).
    swissRounds: z.number().int().min(0).max(30).nullable(),
    variableRounds: variableRoundsSchema.nullable(),
    gamesToWin: z.number().int().min(1).max(3),
    format: z.enum(['constructed', 'sealed', 'draft', 'commander']),
    teamSize: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    twoHeadedGiant: z.boolean(),
    pairWithinDraftPods: z.boolean(),
    lateEntryRecord: z.enum(['loss', 'none']),
    releaseWeekend: z.boolean(),
    podSize: z.number().int().min(3).max(6),
    endOfRound: z.enum(['extra-turns', 'active-player']),
    lastTurnMinutes: z.number().int().min(1).max(240),
    balanceSeats: z.boolean(),
    selfReports: z.enum(['off', 'queue', 'auto']),
    claims: z.enum(['on', 'off']),
    // Pod rule sets' house rules: odd counts, points a win, a draw, a bye.
    oddCounts: z.enum(['byes', 'smaller-pods-bottom', 'smaller-pods-top', 'larger-pods']),
    winPoints: z.number().int().min(1).max(99),
    drawPoints: z.number().int().min(0).max(99),
    byePoints: z.number().int().min(0).max(99),
  })
  .partial()
  .strict();

/** A fixed table and seat (the rule set checks the seat); in edit-player 0 clears one. */
const fixedPlace = (min: number) => ({ fixedTable: z.number().int().min(min).max(9999).optional(), fixedSeat: z.number().int().min(min).max(12).optional() });

function playerInput(rule: NameRule) {
  const names = nameFields(rule);
  return z.object({
    id: playerId,
    name: names.person,
    /**
     * The family name boards sort and print by (core/model/person-names.ts), when the scorekeeper or a
     * CSV family-name column gives it; absent = guessed from the name. In edit-player, "" forgets
     * it (back to the guess).
     */
    familyName: rule(z.string().trim().max(120), 'family name').optional(),
    note: names.note.optional(),
    awardedByes: z.number().int().min(0).max(3).optional(),
    draftPod: z.number().int().min(1).max(1000).optional(),
    members: z.array(z.object({ seat: z.enum(['A', 'B', 'C']), name: names.member })).min(2).max(3).optional(),
    /** Player.fixedTable and Player.fixedSeat. */
    ...fixedPlace(1),
  });
}

export const playerInputSchema = playerInput(anyName);

/** Results are checked in detail by the rule set; here only their outer shape. */
const resultSchema = z.record(z.string(), z.unknown());

/** The seat that plays first (Table.firstSeat); absent: seat 1. */
const firstSeatSchema = z.number().int().min(1).max(8);

const tableSchema = z.object({
  table: z.number().int().min(1),
  seats: z.array(playerId).min(1),
  firstSeat: firstSeatSchema.optional(),
  result: resultSchema.optional(),
});

const byeSchema = z.object({ player: playerId, kind: z.enum(['pairing', 'awarded', 'playoff']) });

/** Clock commands: the round, the table and the moment (epoch ms) they concern. */
const clockRound = z.number().int().min(1);
const clockTable = z.number().int().min(1);
const clockAt = z.number().int().min(0);
/** …in a command a window sends: it may leave `at` out, the host stamps it (stampHostTime). */
const sentClockAt = clockAt.optional();

/** The event and its players. */
function eventCommands(rule: NameRule) {
  const names = nameFields(rule);
  const player = playerInput(rule);
  return [
    z.object({
      type: z.literal('create-event'),
      id: z.string().min(1),
      name: names.event,
      ruleset: z.enum(RULESET_IDS),
      settings: settingsPatchSchema,
      seed: z.number().int(),
      createdAt: z.string(),
    }),
    z.object({
      type: z.literal('set-settings'),
      settings: settingsPatchSchema,
      /**
       * Why, kept in the journal. (An older Podium let the announced rounds change after round 1 with
       * one; MTR 10.2 does not: the number, once announced, cannot be changed.)
       */
      reason: z.string().max(500).optional(),
    }),
    z.object({
      type: z.literal('register-player'),
      player,
      /** The registration draw (final tiebreaker), drawn once by whoever registered the player. */
      draw: z.number().int(),
    }),
    z.object({
      type: z.literal('edit-player'),
      id: playerId,
      changes: player.omit({ id: true }).partial().extend(fixedPlace(0)),
    }),
    z.object({ type: z.literal('drop-player'), id: playerId }),
    z.object({ type: z.literal('reinstate-player'), id: playerId }),
  ] as const;
}

/** Rounds, their tables and results, and the playoff: no names and no clock time, so the same in both unions. */
const roundCommands = [
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
    /**
     * A Swiss round past the announced number of rounds: the scorekeeper was asked and confirmed
     * (RULES 4). Without it the fold refuses such a round.
     */
    beyondAnnounced: z.boolean().optional(),
    /**
     * `lightseekers-large` only: the groups this pairing drew (index 0 = group 1), recorded with the
     * round that drew them (round 1, or a late entry's first round). Each listed player's group is
     * set; players not listed keep theirs.
     */
    groups: z.array(z.array(playerId)).min(1).optional(),
    /** The round's table-code secret (Round.reportKey), drawn by the host when it publishes the pairing. */
    reportKey: z.string().regex(/^[0-9a-f]{32,64}$/, 'a report key is 32 to 64 hex digits').optional(),
  }),
  z.object({
    type: z.literal('record-result'),
    round: z.number().int().min(1),
    table: z.number().int().min(1),
    result: resultSchema,
    /** Amending an entered result needs a reason. */
    reason: z.string().max(500).optional(),
    /** When the result was entered (epoch ms, stamped by the host): the clock's "pod finished" time. */
    at: z.number().int().min(0).optional(),
    /**
     * Players of this table who drop with the result (the slip's Drop box, MTR 2.10): they drop from
     * the next pairing, as `drop-player` would, in the same journal entry as the result.
     */
    drop: z.array(playerId).min(1).max(8).optional(),
    /**
     * Players of this table who did not show up (MTR 2.10): the result gives each a match loss (pods:
     * a loss in that pod, excluded from a draw), and each is dropped from the next pairing unless
     * they report to the scorekeeper before it (`report-in`).
     */
    noShow: z.array(playerId).min(1).max(8).optional(),
  }),
  /**
   * MTR 2.10: a no-show reported to the scorekeeper before the next round was paired: the drop the
   * no-show made is taken back (the match loss stands).
   */
  z.object({ type: z.literal('report-in'), id: playerId }),
  /**
   * Fix tables of the current round without touching the rest (a swap between tables, or a re-pair
   * of the tables without a result): the listed tables get these seats; tables with a result, and
   * every other table, stand. Only players of the listed tables (and of pairing byes, when `byes` is
   * given) move between them. A reason is required (kept in the journal).
   */
  z.object({
    type: z.literal('fix-tables'),
    round: z.number().int().min(1),
    tables: z.array(z.object({ table: z.number().int().min(1), seats: z.array(playerId).min(1), firstSeat: firstSeatSchema.optional() })).min(1),
    /** The round's byes after the fix (only pairing byes may change hands); omitted = unchanged. */
    byes: z.array(byeSchema).optional(),
    reason: z.string().trim().min(1, 'changing tables needs a reason').max(500),
  }),
  z.object({
    type: z.literal('start-playoff'),
    top: z.number().int().min(2),
    draft: z.boolean(),
    seeds: z.array(playerId).min(2),
  }),
] as const;

/**
 * The clock (core/clock). Every clock command carries `at`, the epoch ms it happened, stamped by
 * the host, so a replay rebuilds the clock exactly. "Time is called" is derived, never recorded.
 */
function clockCommands<At extends z.ZodType<number | undefined>>(rule: NameRule, clockAt: At) {
  const names = nameFields(rule);
  return [
    /** Start a round's time; `minutes` omitted = the rule set's length, null = untimed. */
    z.object({
      type: z.literal('start-round-clock'),
      round: clockRound,
      at: clockAt,
      minutes: z.number().int().min(1).max(600).nullable().optional(),
    }),
    z.object({ type: z.literal('pause-clock'), round: clockRound, at: clockAt, reason: z.string().max(500).optional() }),
    z.object({ type: z.literal('resume-clock'), round: clockRound, at: clockAt }),
    /** ± minutes on the round's length; a reason is required (kept in the journal). */
    z.object({
      type: z.literal('adjust-clock'),
      round: clockRound,
      minutes: z.number().int().min(-600).max(600),
      reason: z.string().trim().min(1, 'adjusting the clock needs a reason').max(500),
      at: clockAt,
    }),
    /**
     * A time extension for one table. deck-check / judge-pause: the length of the interruption (the
     * clock grants duration + 3 or 4 minutes / the pause if over one minute); feature-match: the time
     * granted, or omitted = 3 minutes + the round time elapsed at `at`; other: the time granted.
     */
    z.object({
      type: z.literal('extend-table'),
      round: clockRound,
      table: clockTable,
      reason: z.enum(['deck-check', 'judge-pause', 'feature-match', 'other']),
      minutes: z.number().int().min(0).max(240).optional(),
      seconds: z.number().int().min(0).max(14_400).optional(),
      note: z.string().max(500).optional(),
      at: clockAt,
    }),
    /** MSTR 2.5AA: N, the players still in the game at a table when time was called there. */
    z.object({
      type: z.literal('set-players-in-game'),
      round: clockRound,
      table: clockTable,
      players: z.number().int().min(1).max(8),
      at: clockAt,
      /** Correcting an entered N needs a reason. */
      reason: z.string().max(500).optional(),
    }),
    /** MTR 2.6: extra turns from a slow-play penalty, added to the end-of-round turns. */
    z.object({
      type: z.literal('add-extra-turns'),
      round: clockRound,
      table: clockTable,
      turns: z.number().int().min(1).max(10),
      reason: z.string().trim().min(1, 'extra turns need a reason').max(500),
      at: clockAt,
    }),
    /** MAMTR App. B: a playoff pod intentionally drew a game (starts its 150-minute timer). */
    z.object({ type: z.literal('record-intentional-draw'), round: clockRound, table: clockTable, at: clockAt }),
    z.object({
      type: z.literal('start-deck-check'),
      round: clockRound,
      table: clockTable,
      judge: names.judge,
      /** Whose decks are checked; default everyone at the table. */
      players: z.array(playerId).min(1).optional(),
      at: clockAt,
    }),
    z.object({
      type: z.literal('end-deck-check'),
      round: clockRound,
      table: clockTable,
      at: clockAt,
      outcome: z.string().max(500).optional(),
    }),
    /**
     * Deck construction, registration, draft pick and custom timers. Without minutes/seconds the
     * length comes from the rule set (MTR App. B; draft: `draft` names the table, whole draft timed).
     */
    z.object({
      type: z.literal('start-timer'),
      id: z.string().min(1).max(64),
      kind: z.enum(['deck-construction', 'registration', 'draft-pick', 'custom']),
      label: z.string().max(120).optional(),
      minutes: z.number().int().min(0).max(600).optional(),
      seconds: z.number().int().min(0).max(36_000).optional(),
      draft: z.string().max(64).optional(),
      packs: z.number().int().min(1).max(30).optional(),
      packSize: z.number().int().min(1).max(30).optional(),
      at: clockAt,
    }),
    z.object({ type: z.literal('stop-timer'), id: z.string().min(1).max(64), at: clockAt }),
  ] as const;
}

/** A phone's own id (random, kept on the phone): which phone said what, for an appeal. */
const phoneId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a phone id is 8 to 64 letters, digits, - or _');

/**
 * Players' own reports from their phones, and the scorekeeper's word on them. The host
 * checks a phone's table code before it writes a report or an answer; the fold checks the rest.
 */
/** A claimed phone's token, as the journal keeps it: its SHA-256 (core/public/personal-codes.ts). */
const tokenHash = z.string().regex(/^[0-9a-f]{64}$/, 'a claim token hash is 64 hex digits');

const reportCommands = [
  z.object({
    type: z.literal('report-result'),
    round: z.number().int().min(1),
    table: z.number().int().min(1),
    player: playerId,
    phone: phoneId,
    result: resultSchema,
    drop: z.array(playerId).min(1).max(8).optional(),
    /** The host found the report came from the phone that claimed the player (its token). */
    claimed: z.literal(true).optional(),
  }),
  /** Another player of the table agrees with the waiting report, or disputes it (saying what they think instead). */
  z.object({
    type: z.literal('confirm-report'),
    round: z.number().int().min(1),
    table: z.number().int().min(1),
    player: playerId,
    phone: phoneId,
    agree: z.boolean(),
    result: resultSchema.optional(),
    claimed: z.literal(true).optional(),
  }),
  /** The scorekeeper accepts the waiting report (its result is recorded) or rejects it. */
  z.object({
    type: z.literal('decide-report'),
    round: z.number().int().min(1),
    table: z.number().int().min(1),
    accept: z.boolean(),
    reason: z.string().max(500).optional(),
  }),
  /** The standings after `round` are what players' phones and the published site show. */
  z.object({ type: z.literal('publish-standings'), round: z.number().int().min(1) }),
  /**
   * The event's claim secret, behind every player's personal code (core/public/personal-codes.ts):
   * drawn by the host the first time a code is needed, never sent to a window or device.
   */
  z.object({ type: z.literal('draw-claim-key'), claimKey: z.string().regex(/^[0-9a-f]{32,64}$/, 'a claim key is 32 to 64 hex digits') }),
  /** A phone claimed a player with their personal code: from now on it alone reports for them. */
  z.object({ type: z.literal('claim-player'), player: playerId, phone: phoneId, tokenHash }),
  /** The desk frees a player's claim (a lost or changed phone): their code claims again. */
  z.object({ type: z.literal('reset-claim'), player: playerId, reason: z.string().max(500).optional() }),
  /**
   * RULES 3 "organiser's choice": the order of players equal on every criterion, first place first,
   * with why (a tiebreaker game, a draw by the organiser). The rule set checks they are tied.
   */
  z.object({
    type: z.literal('decide-tie'),
    players: z.array(playerId).min(2).max(64),
    reason: z.string().trim().min(1, 'say how the tie was decided (a tiebreaker game, the organiser’s draw)').max(500),
  }),
] as const;

/**
 * RULES 4: a judge's penalty (core/event/apply-penalties.ts has what it changes). `table` is the
 * match it concerns — for a game or match loss, the match it is applied to; left out only for a
 * warning or a disqualification given where the player has no table. `at`: stamped by the host.
 */
function penaltyCommand(rule: NameRule) {
  const names = nameFields(rule);
  return z.object({
    type: z.literal('record-penalty'),
    round: z.number().int().min(1),
    table: z.number().int().min(1).optional(),
    player: playerId,
    infraction: rule(z.string().trim().min(1, 'name the infraction').max(200), 'infraction'),
    penalty: z.enum(PENALTY_KINDS),
    judge: names.judge.optional(),
    note: rule(z.string().max(500), 'note').optional(),
    at: z.number().int().min(0).optional(),
  });
}

/**
 * MTR 2.7: a player's decklist, as parsed (core/decklists/parse.ts) with the text it
 * came from. After the list locked (core/decklists/journal.ts) a registration is a correction and
 * needs a reason.
 */
function decklistCommand(rule: NameRule) {
  const card = z.object({
    count: z.number().int().min(1).max(250),
    name: rule(z.string().trim().min(1, 'a card needs a name').max(200), 'card name'),
  });
  return z.object({
    type: z.literal('register-decklist'),
    player: playerId,
    main: z.array(card).max(400),
    side: z.array(card).max(400),
    commander: z.array(card).max(4),
    source: z.string().max(40_000),
    reason: z.string().max(500).optional(),
  });
}

function commandUnion<At extends z.ZodType<number | undefined>>(rule: NameRule, clockAt: At) {
  return z.discriminatedUnion('type', [
    ...eventCommands(rule),
    ...roundCommands,
    ...reportCommands,
    penaltyCommand(rule),
    decklistCommand(rule),
    ...clockCommands(rule, clockAt),
    /** Revert an earlier command (by its journal sequence number); undoing an undo redoes. */
    z.object({ type: z.literal('undo'), target: z.number().int().min(0), reason: z.string().max(500).optional() }),
  ]);
}

/** Any command as the journal holds it (names as an older version may have written them). */
export const commandSchema = commandUnion(anyName, clockAt);
/**
 * A command arriving now (the StationApi's dispatch): names are checked (core/model/names.ts), and a
 * clock command may leave its time out: the host stamps `at` on clock commands and results.
 */
export const newCommandSchema = commandUnion(checkedName, sentClockAt);

export type Command = z.infer<typeof commandSchema>;
export type CommandType = Command['type'];
/** A command as a window sends it (newCommandSchema): clock commands without their time. */
export type NewCommand = z.infer<typeof newCommandSchema>;
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
export type PlayerInput = z.infer<typeof playerInputSchema>;

/** Parse anything into a command, or a message naming the problem. */
export function parseCommand(input: unknown): { ok: true; command: Command } | { ok: false; message: string } {
  const parsed = commandSchema.safeParse(input);
  if (parsed.success) return { ok: true, command: parsed.data };
  return { ok: false, message: zodMessage(parsed.error, 'invalid command') };
}

/**
 * The `pair-round` command that publishes a pairing proposal (or a playoff pairing): seats (and the
 * seat that plays first, where not seat 1) only, no results, with the proposal's byes, waiting seeds,
 * groups and seed.
 */
export function publishCommand(
  round: number,
  stage: 'swiss' | 'playoff',
  proposal: {
    tables: readonly { table: number; seats: readonly string[]; firstSeat?: number }[];
    byes?: readonly { player: string; kind: 'pairing' | 'awarded' | 'playoff' }[];
    waiting?: readonly string[];
    groups?: readonly (readonly string[])[];
    seed: number;
  },
  extra: { replace?: boolean; reason?: string; beyondAnnounced?: boolean } = {},
): Extract<Command, { type: 'pair-round' }> {
  return {
    type: 'pair-round',
    round,
    stage,
    tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats], ...firstSeatField(t.firstSeat) })),
    byes: (proposal.byes ?? []).map((b) => ({ player: b.player, kind: b.kind })),
    ...(proposal.waiting && proposal.waiting.length > 0 ? { waiting: [...proposal.waiting] } : {}),
    ...(proposal.groups ? { groups: proposal.groups.map((g) => [...g]) } : {}),
    seed: proposal.seed,
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// Who may send each command (SquireCore's TournOp by role): the method table (core/api/methods.ts)
// refuses a dispatch by it, and the screens hide what a window may not send (mayDispatch).

/**
 * Who sends a command: the head-judge station's windows (`local`), a joined device by its role, a
 * player's phone through the host's public door (`phone`, after the host checked its codes), or
 * the host itself (`host`: a new event, the claim secret).
 */
export type Sender = 'local' | 'station' | 'judge' | 'display' | 'phone' | 'host';

/** The scorekeeper's desks: the head-judge station and a second station. */
const DESKS: readonly Sender[] = ['local', 'station'];
/** Who works the floor: the desks, and judges — results, penalties, decklists (a list is accepted by a tournament official, MTR 2.7) and the clock's table work. */
const FLOOR: readonly Sender[] = ['local', 'station', 'judge'];
const PHONE: readonly Sender[] = ['phone'];
const HOST: readonly Sender[] = ['host'];

export const COMMAND_SENDERS: Record<Command['type'], readonly Sender[]> = {
  'create-event': HOST,
  'set-settings': DESKS,
  'register-player': DESKS,
  'edit-player': DESKS,
  'drop-player': DESKS,
  'reinstate-player': DESKS,
  'pair-round': DESKS,
  'record-result': FLOOR,
  'report-in': DESKS,
  'fix-tables': DESKS,
  'start-playoff': DESKS,
  'start-round-clock': DESKS,
  'pause-clock': DESKS,
  'resume-clock': DESKS,
  'adjust-clock': DESKS,
  'extend-table': FLOOR,
  'set-players-in-game': FLOOR,
  'add-extra-turns': FLOOR,
  'record-intentional-draw': FLOOR,
  'start-deck-check': FLOOR,
  'end-deck-check': FLOOR,
  'start-timer': FLOOR,
  'stop-timer': FLOOR,
  'report-result': PHONE,
  'confirm-report': PHONE,
  'decide-report': DESKS,
  'publish-standings': DESKS,
  'draw-claim-key': HOST,
  'claim-player': PHONE,
  'reset-claim': DESKS,
  'decide-tie': DESKS,
  'record-penalty': FLOOR,
  'register-decklist': FLOOR,
  undo: DESKS,
};

/**
 * Why `sender` may not send a command of `type`, in words to follow its name ("Judge Ana (judge)
 * cannot …"), or null when it may.
 */
export function commandRefusal(sender: Sender, type: string): string | null {
  const senders = Object.hasOwn(COMMAND_SENDERS, type) ? COMMAND_SENDERS[type as Command['type']] : undefined;
  if (!senders) return `cannot send "${type.slice(0, 40)}": there is no such command`;
  if (senders.includes(sender)) return null;
  if (senders === PHONE) return "cannot report for a player: players claim, report and confirm from their own phones with their table's code";
  if (type === 'create-event') return 'cannot create an event by a command: an event is created with "New event"';
  if (senders === HOST) return "cannot send this: the station host makes it itself (the secret behind players' personal codes)";
  if (sender === 'judge') return `cannot ${type.replace(/-/g, ' ')}: a judge device enters results, penalties, decklists and the clock's table work; ask the scorekeeper`;
  if (sender === 'display') return 'is read only: it cannot change the event';
  return `cannot ${type.replace(/-/g, ' ')} from here: ask the scorekeeper`;
}

/** One kind of journal command, by its type. */
export type CommandOf<T extends Command['type']> = Extract<Command, { type: T }>;
