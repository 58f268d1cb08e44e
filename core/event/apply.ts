/**
 * The pure fold of the journal: state = commands.reduce(apply). Every command is checked against the
 * state it applies to; an invalid one throws PodiumError and changes nothing (the state is never
 * mutated, only replaced). The commands by concern: apply-players.ts, apply-rounds.ts,
 * apply-results.ts, apply-penalties.ts; the clock's in ../clock/apply.ts.
 */
import { applyClockCommand, noteResultTime } from '../clock/apply.js';
import { registerDecklist } from '../decklists/journal.js';
import { fail } from '../model/errors.js';
import type { EventState, SettingsInput } from '../model/types.js';
import { describeAnnouncement, getRuleset } from '../rulesets/index.js';
import { pluralWord } from '../text/format.js';
import { claimPlayer, drawClaimKey, resetClaim } from './apply-claims.js';
import { checkPenaltySeats, checkTableResult, confirmAgainstPenalties, recordPenalty, refuseReturn } from './apply-penalties.js';
import { dropPlayer, editPlayer, registerPlayer, reinstatePlayer, reportIn } from './apply-players.js';
import { confirmReport, decideReport, decideTie, publishStandings, reportResult } from './apply-reports.js';
import { recordResult } from './apply-results.js';
import { fixTables, pairRound, startPlayoff } from './apply-rounds.js';
import type { Command } from './commands.js';
import { undoMarks } from './undo.js';

type CreateEvent = Extract<Command, { type: 'create-event' }>;

export function createEvent(command: CreateEvent): EventState {
  const ruleset = getRuleset(command.ruleset);
  return {
    id: command.id,
    name: command.name,
    ruleset: ruleset.id,
    settings: ruleset.settings(command.settings),
    seed: command.seed,
    createdAt: command.createdAt,
    players: [],
    rounds: [],
  };
}

export function apply(state: EventState | undefined, command: Command): EventState {
  if (command.type === 'create-event') {
    if (state) fail('invalid-command', 'the event already exists');
    return createEvent(command);
  }
  if (!state) fail('invalid-command', `"${command.type}" before the event was created`);
  switch (command.type) {
    case 'set-settings':
      return setSettings(state, command);
    case 'register-player':
      return registerPlayer(state, command);
    case 'edit-player':
      return editPlayer(state, command);
    case 'drop-player':
      return dropPlayer(state, command.id);
    case 'reinstate-player':
      return reinstatePlayer(refuseReturn(state, command.id), command.id);
    case 'pair-round':
      return checkPenaltySeats(pairRound(state, command), command.round);
    case 'record-result':
      return noteResultTime(state, checkTableResult(recordResult(state, command), command.round, command.table), command);
    case 'report-result':
      return reportResult(state, command);
    case 'confirm-report':
      return confirmAgainstPenalties(state, command, (s) => confirmReport(s, command));
    case 'decide-report':
      return checkTableResult(decideReport(state, command), command.round, command.table);
    case 'publish-standings':
      return publishStandings(state, command);
    case 'draw-claim-key':
      return drawClaimKey(state, command);
    case 'claim-player':
      return claimPlayer(state, command);
    case 'reset-claim':
      return resetClaim(state, command);
    case 'decide-tie':
      return decideTie(state, command);
    case 'report-in':
      return reportIn(refuseReturn(state, command.id), command.id);
    case 'fix-tables':
      return checkPenaltySeats(fixTables(state, command), command.round);
    case 'start-playoff':
      return startPlayoff(state, command);
    case 'record-penalty':
      return recordPenalty(state, command);
    case 'register-decklist':
      return registerDecklist(state, command);
    case 'start-round-clock':
    case 'pause-clock':
    case 'resume-clock':
    case 'adjust-clock':
    case 'extend-table':
    case 'set-players-in-game':
    case 'add-extra-turns':
    case 'record-intentional-draw':
    case 'start-deck-check':
    case 'end-deck-check':
    case 'start-timer':
    case 'stop-timer':
      return applyClockCommand(state, command);
    case 'undo':
      fail('invalid-command', 'undo is resolved by replay(), not apply()');
  }
}

/**
 * Fold a journal's commands (with their sequence numbers) into a state, honouring undo (the rule:
 * undo.ts), everything from the start: the reference for the incremental JournalFold (fold.ts).
 */
export function replay(entries: readonly { seq: number; command: Command }[]): EventState | undefined {
  const undone = undoMarks(entries);
  let state: EventState | undefined;
  for (const { seq, command } of entries) {
    if (command.type === 'undo' || undone.has(seq)) continue;
    state = apply(state, command);
  }
  return state;
}

/**
 * RULES 4: the settings that define scoring, as a scorekeeper names them. Once round 1 is paired they
 * lock: changing one would silently rescore every result already played (pod size 3 → 5 changes
 * what a win is worth). The rule set itself never changes after the event is created.
 */
const SCORING_SETTINGS: readonly (readonly [keyof EventState['settings'], string])[] = [
  ['twoHeadedGiant', 'Two-Headed Giant'],
  ['teamSize', 'the team size'],
  ['podSize', 'the pod size'],
  ['gamesToWin', 'games to win'],
  // Organisers' house points on the pod rule sets.
  ['winPoints', 'the points for a win'],
  ['drawPoints', 'the points for a draw'],
  ['byePoints', 'the points for a bye'],
];

function setSettings(state: EventState, command: Extract<Command, { type: 'set-settings' }>): EventState {
  const before = state.settings;
  const patch: SettingsInput = command.settings;
  const changed = (after: SettingsInput) =>
    SCORING_SETTINGS.filter(([key]) => key in after && after[key] !== before[key]).map(([, label]) => label);
  // The patch is checked before the rule set fills it in, so the refusal names what was asked for.
  let locked = state.rounds.length > 0 ? changed(patch) : [];
  if (state.rounds.length > 0 && locked.length === 0) refuseRoundsChange(before, patch);
  const settings = locked.length > 0 ? before : getRuleset(state.ruleset).settings({ ...before, ...patch });
  if (state.rounds.length === 0) return { ...state, settings };
  if (locked.length === 0) locked = changed(settings);
  if (locked.length > 0) {
    const what = locked.length === 1 ? (locked[0] as string) : `${locked.slice(0, -1).join(', ')} and ${locked[locked.length - 1]}`;
    const [it, defines] = [pluralWord(locked.length, 'it', 'them'), pluralWord(locked.length, 'it defines', 'they define')];
    fail(
      'not-allowed',
      `${what.charAt(0).toUpperCase()}${what.slice(1)} cannot change once round 1 is paired: ${defines} scoring, and changing ${it} would rescore every result already played`,
    );
  }
  return { ...state, settings };
}

/**
 * What moving from `before` to `after` (an undo's re-fold) would do to the announced rounds once
 * round 1 is paired, in words; undefined when nothing changes (MTR 10.2).
 */
export function announcementChange(before: EventState | undefined, after: EventState): string | undefined {
  if (!before || before.rounds.length === 0 || after.rounds.length === 0) return undefined;
  try {
    refuseRoundsChange(before.settings, { swissRounds: after.settings.swissRounds ?? null, variableRounds: after.settings.variableRounds ?? null });
  } catch (error) {
    if (error instanceof Error) return error.message;
    throw error;
  }
  return undefined;
}

/**
 * MTR 10.2: "The number of rounds ... must be announced before the first round begins. Once
 * announced, it cannot be changed." Once round 1 is paired neither the number nor a variable
 * number's criterion changes, nor is one announced for the first time (a reason does not change that).
 */
function refuseRoundsChange(before: EventState['settings'], patch: SettingsInput): void {
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const rounds = 'swissRounds' in patch && !same(patch.swissRounds, before.swissRounds);
  const criterion = 'variableRounds' in patch && !same(patch.variableRounds, before.variableRounds);
  if (!rounds && !criterion) return;
  const now = describeAnnouncement(before);
  fail(
    'not-allowed',
    `the number of Swiss rounds cannot change once round 1 is paired (MTR 10.2: once announced, it cannot be changed)${now ? `; this event announced ${now}` : '; none was announced, so the recommended number stands'}. A variable number is announced with its criterion before round 1`,
  );
}
