/**
 * The journal a transcript stands for (load.ts): its commands built and replayed through the event
 * fold one by one, each error prefixed with where in the transcript the command came from.
 */
import { type Command, type PlayerInput, publishCommand } from '../event/commands.js';
import { apply } from '../event/apply.js';
import { PodiumError } from '../model/errors.js';
import type { Bye, EventState, PlayerId, PlayoffState } from '../model/types.js';
import { announcedRounds, getRuleset } from '../rulesets/index.js';
import { type ScheduledDecklist, decklistCommand, decklistSchedule } from './decklists.js';
import { registrationDraws, roundSeed } from './draws.js';
import { groupsAsRegistered, inferCut, inferWaiting, unlistedAwardedByes } from './inferred.js';
import { resultFromTranscript } from './results.js';
import { DEFAULT_TRANSCRIPT_SEED, type Transcript } from './schema.js';

/** The id, name and creation time a transcript's event gets (a transcript carries none). */
export const TRANSCRIPT_EVENT = { id: 'transcript', name: 'Transcript', createdAt: '1970-01-01T00:00:00.000Z' } as const;

/** One journal entry built from a transcript, with where in the transcript it came from. */
export interface TranscriptEntry {
  seq: number;
  command: Command;
  /** "round 3, table 2": prefixed to any error the command raises. */
  where: string;
}

/** The commands a transcript stands for (load.ts's file comment), each applied as it is built, and the state they fold to. */
export function buildJournal(t: Transcript): { entries: TranscriptEntry[]; state: EventState } {
  const ruleset = getRuleset(t.ruleset); // an unavailable rule set is reported as such, not as a settings problem
  const v2 = t.transcript === 2;
  const seed = t.seed ?? DEFAULT_TRANSCRIPT_SEED;
  const entries: TranscriptEntry[] = [];
  let state: EventState | undefined;
  const current = (): EventState => state as EventState;
  const push = (command: Command, where: string): void => {
    try {
      state = apply(state, command);
    } catch (error) {
      throw locate(error, where);
    }
    entries.push({ seq: entries.length, command, where });
  };
  /** Build a command where building it can fail (a result's form), located like the command's own errors. */
  const build = <T>(where: string, make: () => T): T => {
    try {
      return make();
    } catch (error) {
      throw locate(error, where);
    }
  };

  push(
    { type: 'create-event', ...TRANSCRIPT_EVENT, ruleset: t.ruleset, settings: t.settings ?? {}, seed },
    'settings',
  );
  // Registration draws: as given (version 2), else drawn from the seed in player order.
  const drawn = registrationDraws(seed);
  const draws = t.players.map((p) => {
    const next = drawn();
    return p.draw ?? next;
  });
  // Decklists (decklists.ts): a list that stood at the lock with its player, the others in their round.
  const decklists = decklistSchedule(t);
  const registerDecklist = (entry: ScheduledDecklist): void => push(build(entry.where, () => decklistCommand(current(), entry)), entry.where);
  const register = (enters: number): void => {
    const batch = t.players.map((p, i) => ({ p, i })).filter(({ p }) => (p.entersRound ?? 1) === enters);
    for (const { p, i } of batch) push({ type: 'register-player', player: playerInput(p), draw: draws[i] as number }, `players[${i}]`);
    for (const { p } of batch) {
      const entry = decklists.withPlayer.get(p.id);
      if (entry) registerDecklist(entry);
    }
  };
  register(1);
  // The organiser's tie orders (RULES 3), each once its round's results and drops are in.
  const decideTies = (after: number): void =>
    (t.tieDecisions ?? []).forEach((d, i) => {
      if (d.afterRound === after) push({ type: 'decide-tie', players: [...d.players], reason: d.reason }, `tieDecisions[${i}]`);
    });
  decideTies(0);

  const groupsFor = groupsAsRegistered(t);
  const startPlayoff = (playoff: PlayoffState, where: string): void =>
    push({ type: 'start-playoff', top: playoff.top, draft: playoff.draft, seeds: [...playoff.seeds] }, where);
  const given: PlayoffState | undefined = t.playoff
    ? { top: t.playoff.top, draft: t.playoff.draft ?? false, seeds: [...t.playoff.seeds] }
    : undefined;

  const unlisted = v2 && ruleset.presentation.registration(current().settings).awardedByes ? unlistedAwardedByes(t) : new Map<number, string[]>();
  let swissCount = 0;
  t.rounds.forEach((round, r) => {
    const n = r + 1;
    const stage = round.stage ?? 'swiss';
    if (stage === 'playoff' && !current().playoff)
      startPlayoff(given ?? inferCut(current(), round, n, seed, v2), `round ${n} (the playoff cut)`);
    const byes: Bye[] = (round.byes ?? []).map((player) => ({ player, kind: byeKind(current(), stage, player, n) }));
    if (stage === 'swiss') for (const player of unlisted.get(n) ?? []) byes.push({ player, kind: 'awarded' });
    let roundGroups: string[][] | undefined;
    if (stage === 'swiss') {
      swissCount++;
      roundGroups = groupsFor(new Set(current().players.map((p) => p.id)));
    }
    const waiting = round.waiting ?? (v2 && stage === 'playoff' ? inferWaiting(current(), round, n, seed) : undefined);
    // The transcript records the rounds played: one past the announced number was confirmed (RULES 4).
    const announced = stage === 'swiss' ? announcedRounds(current(), getRuleset(current().ruleset)) : undefined;
    const beyond = announced !== undefined && swissCount > announced.rounds;
    push(publishCommand(n, stage, { tables: round.tables, byes, waiting, groups: roundGroups, seed: roundSeed(seed, n) }, beyond ? { beyondAnnounced: true } : {}), `round ${n}`);
    for (const table of round.tables) {
      if (table.result === undefined) continue;
      const where = `round ${n}, table ${table.table}`;
      const result = build(where, () => resultFromTranscript(t.transcript, t.ruleset, current().settings, table.result as Record<string, unknown>));
      push({ type: 'record-result', round: n, table: table.table, result, ...(table.noShow ? { noShow: [...table.noShow] } : {}) }, where);
    }
    // A Swiss no-show drops with the result (MTR 2.10); one who is in no drop list reported in.
    const drops = new Set(round.drops ?? []);
    if (stage === 'swiss')
      for (const table of round.tables)
        for (const id of table.noShow ?? []) if (!drops.has(id)) push({ type: 'report-in', id }, `round ${n}, table ${table.table}, noShow`);
    // Late entries for the next round register once this one is paired (joinedRound = n + 1).
    register(n + 1);
    for (const id of drops) {
      if (current().players.find((p) => p.id === id)?.droppedAfterRound === n) continue; // a no-show's drop, made with the result
      push({ type: 'drop-player', id }, `round ${n}, drops`);
    }
    for (const entry of decklists.inRound.get(n) ?? []) registerDecklist(entry);
    decideTies(n);
  });
  // A cut made with no playoff round paired yet (Podium's `playoff`).
  if (given && !current().playoff) startPlayoff(given, 'playoff');
  // Fixed places last: they number only pairings still to come (the rounds above are as played),
  // and a table given up by a player who dropped may be another's now (dropped players first).
  const fixed = t.players.map((p, i) => ({ p, i })).filter(({ p }) => p.fixedTable !== undefined);
  const hasDropped = (id: PlayerId): boolean => current().players.find((q) => q.id === id)?.droppedAfterRound !== undefined;
  for (const { p, i } of [...fixed.filter(({ p }) => hasDropped(p.id)), ...fixed.filter(({ p }) => !hasDropped(p.id))]) {
    const changes = { fixedTable: p.fixedTable as number, ...(p.fixedSeat !== undefined ? { fixedSeat: p.fixedSeat } : {}) };
    push({ type: 'edit-player', id: p.id, changes }, `players[${i}].${p.fixedSeat !== undefined ? 'fixedSeat' : 'fixedTable'}`);
  }
  // The penalty log, after every round: the results and drops above already show what each penalty
  // did (README), so each is checked against them (a game loss's lost game is in its table's result)
  // and a disqualified player is already dropped where the transcript says; placed at its own round,
  // a disqualification would drop the player there, before a round the transcript may seat them in.
  (t.penalties ?? []).forEach((p, i) => push({ type: 'record-penalty', ...p }, `penalties[${i}]`));
  return { entries, state: current() };
}

/** A version-2 player → the register-player input. */
function playerInput(p: Transcript['players'][number]): PlayerInput {
  return {
    id: p.id,
    name: p.name,
    ...(p.family !== undefined ? { familyName: p.family } : {}),
    ...(p.note !== undefined ? { note: p.note } : {}),
    ...(p.awardedByes !== undefined ? { awardedByes: p.awardedByes } : {}),
    ...(p.draftPod !== undefined ? { draftPod: p.draftPod } : {}),
    ...(p.members !== undefined ? { members: p.members.map((m) => ({ seat: m.seat, name: m.name })) } : {}),
  };
}

/** A bye of a playoff round advances; an MTR Swiss bye in rounds 1..awardedByes is the awarded one. */
function byeKind(state: EventState, stage: 'swiss' | 'playoff', id: PlayerId, round: number): Bye['kind'] {
  if (stage === 'playoff') return 'playoff';
  // Only a rule set that registers awarded byes (MTR) has them.
  if (!getRuleset(state.ruleset).presentation.registration(state.settings).awardedByes) return 'pairing';
  const player = state.players.find((p) => p.id === id);
  return player !== undefined && player.awardedByes >= round ? 'awarded' : 'pairing';
}

/** Prefix a command's error with where in the transcript it came from (once). */
function locate(error: unknown, where: string): unknown {
  if (!(error instanceof PodiumError)) return error;
  const roundPart = /^round \d+/.exec(where)?.[0];
  if (error.message.startsWith(where) || (roundPart !== undefined && error.message.startsWith(`${roundPart}:`))) return error;
  // A rule set's result message already names its table ("table 2: ..."): add only the round.
  const tablePart = /table \d+$/.exec(where)?.[0];
  if (roundPart !== undefined && tablePart !== undefined && error.message.startsWith(`${tablePart}:`))
    return new PodiumError(error.code, `${roundPart}, ${error.message}`);
  return new PodiumError(error.code, `${where}: ${error.message}`);
}
