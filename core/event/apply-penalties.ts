/**
 * The penalty log in the fold (RULES 4 "Penalties that change results"; MTR 2.4): `record-penalty`,
 * and the checks other commands make against the log. Undo is the journal's: undoing the entry takes
 * the penalty, and whatever it changed, back.
 *
 * What each penalty changes:
 * - a warning: nothing; it is kept and counted (describe-penalties.ts: "2nd warning for Tardiness").
 * - a game loss: a game the penalised player lost, in the match it is applied to (its round and
 *   table: the current match, or the next one when given between matches). It is recorded on the
 *   table, and the result of that table must count at least as many games lost by the player as
 *   they have game losses there: record-result (and an accepted report) is checked, and a game loss
 *   recorded at a table that has a result already must find it there. Why a check, not the fold
 *   adding the game: the slip the players sign already counts the game loss as one of the games
 *   (it is "a game of that match"), so adding one would count it twice; and a result entered
 *   before the penalty is one the scorekeeper amends, with a reason, as any other.
 *   Pods: the penalised player lost that game, so the result cannot name them its winner and, for a
 *   drawn game, must exclude them (no share of the draw; RULES 4, pods/penalties.ts).
 * - a match loss: the match lost. Head-to-head, at a table with no result, the fold records it as the
 *   table's result (the opponent wins every game the match needs, as for a no-show, MTR 2.10);
 *   pods, where it does not say who won the pod (no `penaltyResults.matchLoss`), the result entered
 *   must exclude the player and give them nothing (MSTR/MAMTR 2.1A: no share of a draw).
 *   A table that already has a result must already give the player the match as lost.
 * - a disqualification: the player drops from the next pairing (as drop-player), keeps their
 *   results, and is marked (disqualifiedPlayers). A disqualified player is never reinstated nor
 *   reports in; undoing the disqualification is how a mistake is taken back.
 * A rule set whose results know neither (Lightseekers: victory points) refuses game and match losses.
 */
import { noteResultTime } from '../clock/apply.js';
import { fail, PodiumError } from '../model/errors.js';
import type { EventState, Penalty, PenaltyKind, Player, PlayerId, Round, Table, TableResult } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import type { Ruleset } from '../rulesets/ruleset.js';
import { plural } from '../text/format.js';
import { nameOf, replacePlayer, requirePlayer } from './apply-players.js';
import { recordResult } from './apply-results.js';
import type { Command } from './commands.js';
import { findTable } from './queries.js';

type RecordPenalty = Extract<Command, { type: 'record-penalty' }>;

const EMPTY: readonly Penalty[] = [];

/** The event's penalties, in the order recorded (a player's only, when given). */
export function penaltiesOf(state: EventState, player?: PlayerId): readonly Penalty[] {
  const all = state.penalties ?? EMPTY;
  return player === undefined ? all : all.filter((p) => p.player === player);
}

/** The penalties recorded at a table of a round. */
export function tablePenalties(state: EventState, round: number, table: number): Penalty[] {
  return penaltiesOf(state).filter((p) => p.round === round && p.table === table);
}

/** Disqualified players, each with their disqualification: marked on every list that shows them. */
export function disqualifiedPlayers(state: EventState): Map<PlayerId, Penalty> {
  const out = new Map<PlayerId, Penalty>();
  for (const p of penaltiesOf(state)) if (p.penalty === 'disqualification' && !out.has(p.player)) out.set(p.player, p);
  return out;
}

/** Does the rule set's result record this penalty (a game or match loss)? */
export function changesResult(ruleset: Ruleset, kind: PenaltyKind): boolean {
  if (kind === 'game-loss') return ruleset.penaltyResults !== undefined;
  if (kind === 'match-loss') return ruleset.penaltyResults !== undefined || ruleset.checkNoShow !== undefined;
  return false;
}

/**
 * Can the rule set's events record this penalty at all? Warnings and disqualifications always; game
 * and match losses only where its results can show them (a Magic match or a pod: not Lightseekers'
 * victory points). Screens offer only these; the fold refuses the others in words.
 */
export function acceptsPenalty(ruleset: Ruleset, kind: PenaltyKind): boolean {
  if (kind === 'warning' || kind === 'disqualification') return true;
  return ruleset.penaltyResults !== undefined || ruleset.checkNoShow !== undefined;
}

export function recordPenalty(state: EventState, command: RecordPenalty): EventState {
  const player = requirePlayer(state, command.player);
  const round = state.rounds[command.round - 1];
  if (!round)
    fail(
      'invalid-input',
      state.rounds.length === 0
        ? `there is no round ${command.round} yet: a penalty is recorded in a paired round (a penalty given before round 1 goes on round 1 once it is paired)`
        : `there is no round ${command.round} (rounds 1 to ${state.rounds.length})`,
    );
  const table = command.table === undefined ? undefined : findTable(round, command.table);
  if (command.table !== undefined && !table) fail('invalid-input', `round ${command.round} has no table ${command.table}`);
  if (table && !table.seats.includes(player.id)) fail('not-at-table', `${player.name} (${player.id}) does not play at round ${command.round}, table ${table.table}`);
  const penalty: Penalty = {
    round: command.round,
    ...(command.table !== undefined ? { table: command.table } : {}),
    player: player.id,
    infraction: command.infraction,
    penalty: command.penalty,
    ...(command.judge !== undefined ? { judge: command.judge } : {}),
    ...(command.note !== undefined && command.note.trim() !== '' ? { note: command.note } : {}),
    ...(command.at !== undefined ? { at: command.at } : {}),
  };
  const next: EventState = { ...state, penalties: [...penaltiesOf(state), penalty] };
  switch (penalty.penalty) {
    case 'warning':
      return next;
    case 'disqualification':
      return disqualify(state, next, player);
    case 'game-loss':
    case 'match-loss':
      return lossAt(next, round, table, penalty);
  }
}

function disqualify(before: EventState, state: EventState, player: Player): EventState {
  const earlier = disqualifiedPlayers(before).get(player.id);
  if (earlier) fail('not-allowed', `${player.name} (${player.id}) is already disqualified (round ${earlier.round}, ${earlier.infraction})`);
  // RULES 4: dropped from the next pairing, as drop-player would; a player already out stays out.
  if (player.droppedAfterRound !== undefined) return state;
  return replacePlayer(state, { ...player, droppedAfterRound: state.rounds.length });
}

/** A game or match loss at its table: checked against the result there, or (a head-to-head match loss) recorded as it. */
function lossAt(state: EventState, round: Round, table: Table | undefined, penalty: Penalty): EventState {
  const ruleset = getRuleset(state.ruleset);
  const kind = penalty.penalty === 'game-loss' ? 'game loss' : 'match loss';
  if (!acceptsPenalty(ruleset, penalty.penalty))
    fail('not-allowed', `a ${kind} changes a Magic result (MTR 2.4); ${ruleset.title} results have none: enter the game as it was played, and record the penalty as a warning or a disqualification`);
  if (!table)
    fail('invalid-input', `a ${kind} is applied to a match: name its table (round ${round.number}: the match it happened in, or the player's next match when given between matches)`);
  const where = `round ${round.number}, table ${table.table}`;
  if (table.result !== undefined) {
    const problem = resultProblem(state, round.number, table);
    if (problem)
      fail(
        'not-allowed',
        `${where} already has a result (${resultWords(state, ruleset, table)}), and ${problem}: amend the result first${penalty.penalty === 'game-loss' ? " (a game loss applies to the current or next game of the match; if the match was over, record it at the player's next match)" : ''}`,
      );
    return state;
  }
  const matchLoss = ruleset.penaltyResults?.matchLoss;
  if (penalty.penalty !== 'match-loss' || !matchLoss) return state;
  // A head-to-head match loss decides the match: recorded as its result, as a no-show's would be.
  const command = { type: 'record-result' as const, round: round.number, table: table.table, result: matchLoss(table, penalty.player, state.settings), ...(penalty.at !== undefined ? { at: penalty.at } : {}) };
  return noteResultTime(state, recordResult(state, command), command);
}

function resultWords(state: EventState, ruleset: Ruleset, table: Table): string {
  return table.result ? ruleset.presentation.results.describe(table, table.result, (id) => nameOf(state, id)) : 'no result';
}

/** Does the table's result give `player` the match as lost (the rule set's word, else its no-show check)? */
function losesMatch(ruleset: Ruleset, table: Table, player: PlayerId): boolean {
  if (!table.result) return true;
  if (ruleset.penaltyResults) return ruleset.penaltyResults.lostMatch(table, table.result, player);
  if (!ruleset.checkNoShow) return true;
  try {
    ruleset.checkNoShow(table, table.result, player, { where: '', nameOf: (id) => id });
    return true;
  } catch (error) {
    if (error instanceof PodiumError) return false;
    throw error;
  }
}

function infractions(list: readonly Penalty[]): string {
  return [...new Set(list.map((p) => p.infraction))].join(', ');
}

/** What the table's result lacks of the penalties recorded there, in words, or null. */
function resultProblem(state: EventState, round: number, table: Table): string | null {
  if (!table.result || penaltiesOf(state).length === 0) return null;
  const here = tablePenalties(state, round, table.table);
  if (here.length === 0) return null;
  const ruleset = getRuleset(state.ruleset);
  for (const id of table.seats) {
    const own = here.filter((p) => p.player === id);
    const matchLosses = own.filter((p) => p.penalty === 'match-loss');
    if (matchLosses.length > 0 && !losesMatch(ruleset, table, id))
      return `${nameOf(state, id)} has a match loss there (${infractions(matchLosses)}), so the result must give them the match as lost`;
    const gameLosses = own.filter((p) => p.penalty === 'game-loss');
    const results = ruleset.penaltyResults;
    const lost = results?.gamesLost(table, table.result, id);
    if (gameLosses.length > 0 && lost !== undefined && lost < gameLosses.length) {
      const has = `${nameOf(state, id)} has ${gameLosses.length === 1 ? 'a game loss' : `${gameLosses.length} game losses`} there (${infractions(gameLosses)})`;
      const count = `the result must count at least ${plural(gameLosses.length, 'game')} they lost (it counts ${lost})`;
      return results?.gameLossProblem
        ? `${has}: ${results.gameLossProblem(nameOf(state, id))}${gameLosses.length > 1 ? ` (${count})` : ''}`
        : `${has}, so ${count}`;
    }
  }
  return null;
}

/** After a result is recorded (typed, or a report accepted): refused when it leaves out a penalty of its table. */
export function checkTableResult(state: EventState, round: number, tableNumber: number): EventState {
  const table = state.rounds[round - 1] && findTable(state.rounds[round - 1] as Round, tableNumber);
  const problem = table ? resultProblem(state, round, table) : null;
  if (problem) fail('invalid-result', `round ${round}, table ${tableNumber}: ${problem}`);
  return state;
}

/**
 * What a result being typed for a table leaves out of its penalties, in words (null: nothing), so a
 * station can say it before Enter; the fold refuses the same result with the same words.
 */
export function penaltyProblemOf(state: EventState, round: number, table: Table, result: TableResult): string | null {
  return resultProblem(state, round, { ...table, result });
}

/**
 * A player's agreement that would make an agreed report the result (selfReports 'auto') at a table
 * whose penalties that result leaves out: the report is kept, agreed, for the scorekeeper instead.
 */
export function confirmAgainstPenalties(state: EventState, command: Extract<Command, { type: 'confirm-report' }>, confirm: (state: EventState) => EventState): EventState {
  const next = confirm(state);
  const table = findTable(next.rounds[command.round - 1] as Round, command.table);
  if (!table || !resultProblem(next, command.round, table)) return next;
  const held = confirm({ ...state, settings: { ...state.settings, selfReports: 'queue' } });
  return { ...held, settings: state.settings };
}

/** After a round's tables change (a re-pairing, fixed tables): a penalty stays with the match it was given in. */
export function checkPenaltySeats(state: EventState, roundNumber: number): EventState {
  const round = state.rounds[roundNumber - 1];
  for (const p of penaltiesOf(state)) {
    if (p.round !== roundNumber || p.table === undefined) continue;
    const table = round ? findTable(round, p.table) : undefined;
    if (table?.seats.includes(p.player)) continue;
    fail(
      'not-allowed',
      `${nameOf(state, p.player)} has a penalty at round ${p.round}, table ${p.table} (${p.penalty.replace('-', ' ')} for ${p.infraction}), and it stays with that match: undo the penalty first (Event log), change the tables, then record it again`,
    );
  }
  return state;
}

/** Reinstating, or reporting in after a no-show: never for a disqualified player. */
export function refuseReturn(state: EventState, id: PlayerId): EventState {
  const dq = disqualifiedPlayers(state).get(id);
  if (dq)
    fail(
      'not-allowed',
      `${nameOf(state, id)} (${id}) was disqualified (round ${dq.round}, ${dq.infraction}) and does not come back into the event; if the disqualification was a mistake, undo it in the Event log`,
    );
  return state;
}
