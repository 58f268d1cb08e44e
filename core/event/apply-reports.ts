/**
 * Players' own results from their phones in the fold: a report waits for the table's
 * other players to agree or dispute; the scorekeeper accepts or rejects it (or types the result,
 * which always wins: apply-results.ts drops the table's report). With the setting `selfReports`
 * 'auto', a report every other player agreed with is recorded as the result at once. Also the
 * standings the scorekeeper publishes to the phones and the site.
 *
 * The table code a phone must hold is the host's check (core/public/table-codes.ts): by the time a
 * report is a command, the code was right for that round and table.
 */
import { fail } from '../model/errors.js';
import type { EventState, Round, SelfReport, SelfReportsSetting, Table, TableResult } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { claimsOn } from './apply-claims.js';
import { nameOf } from './apply-players.js';
import { recordResult } from './apply-results.js';
import type { Command, CommandOf } from './commands.js';
import { findTable, reportOf, withoutRejection, withoutReport } from './queries.js';


/** The organiser's self-report setting (absent: reports wait for the scorekeeper). */
export function selfReportsOf(state: EventState): SelfReportsSetting {
  return state.settings.selfReports ?? 'queue';
}

/** The round and table a phone speaks about, checked: the current round, a table without its result. */
function openTable(state: EventState, roundNumber: number, tableNumber: number): { round: Round; table: Table; where: string } {
  const round = state.rounds[roundNumber - 1];
  if (!round) fail('invalid-input', `there is no round ${roundNumber}`);
  const where = `Table ${tableNumber}`;
  if (roundNumber !== state.rounds.length) fail('not-allowed', `round ${roundNumber} is over: a result for it is reported to a judge`);
  const table = findTable(round, tableNumber);
  if (!table) fail('invalid-input', `round ${roundNumber} has no table ${tableNumber}`);
  if (table.result !== undefined) fail('not-allowed', `${where}'s result is already final: if it is wrong, tell a judge`);
  return { round, table, where };
}

function seated(state: EventState, table: Table, player: string, where: string): void {
  if (!table.seats.includes(player)) fail('invalid-input', `${nameOf(state, player)} does not play at ${where.toLowerCase()} this round`);
}

function checkResult(state: EventState, round: Round, table: Table, result: unknown): TableResult {
  return getRuleset(state.ruleset).validateResult(table, result, { settings: state.settings, stage: round.stage, nameOf: (id) => nameOf(state, id) });
}

function withReport(state: EventState, round: Round, report: SelfReport): EventState {
  const others = (round.reports ?? []).filter((r) => r.table !== report.table);
  const next: Round = { ...withoutRejection(round, report.table), reports: [...others, report].sort((a, b) => a.table - b.table) };
  return { ...state, rounds: state.rounds.map((r) => (r === round ? next : r)) };
}

export function reportResult(state: EventState, command: CommandOf<'report-result'>): EventState {
  if (selfReportsOf(state) === 'off') fail('not-allowed', 'players do not report results at this event: tell a judge or the scorekeeper');
  const { round, table, where } = openTable(state, command.round, command.table);
  seated(state, table, command.player, where);
  const waiting = reportOf(round, command.table);
  if (waiting && waiting.reporter !== command.player)
    fail('not-allowed', `${where} already has a report from ${nameOf(state, waiting.reporter)}: agree with it or dispute it instead`);
  const result = checkResult(state, round, table, command.result);
  const drops = [...new Set(command.drop ?? [])];
  for (const id of drops) seated(state, table, id, where);
  if (drops.length > 0 && round.stage !== 'swiss') fail('not-allowed', `${where}: a drop after the cut is made at the scorekeeper's desk`);
  // A reporter who reports again (a slip of the thumb) replaces their report; the answers start over.
  return withReport(state, round, { table: command.table, reporter: command.player, phone: command.phone, result, drops, answers: {}, status: 'waiting', ...(command.claimed ? { claimed: true } : {}) });
}

export function confirmReport(state: EventState, command: CommandOf<'confirm-report'>): EventState {
  const { round, table, where } = openTable(state, command.round, command.table);
  seated(state, table, command.player, where);
  const report = reportOf(round, command.table);
  if (!report) fail('not-allowed', `${where} has no report waiting to be confirmed`);
  if (command.player === report.reporter) fail('not-allowed', `${nameOf(state, command.player)} made this report: another player of the table confirms it`);
  if (command.agree && command.result) fail('invalid-input', 'agreeing with a report says nothing else: leave out the result');
  const answer = { agree: command.agree, phone: command.phone, ...(command.result ? { result: checkResult(state, round, table, command.result) } : {}), ...(command.claimed ? { claimed: true as const } : {}) };
  const answers = { ...report.answers, [command.player]: answer };
  const others = table.seats.filter((id) => id !== report.reporter);
  const disputed = Object.values(answers).some((a) => !a.agree);
  const status: SelfReport['status'] = disputed ? 'disputed' : others.every((id) => answers[id]?.agree) ? 'agreed' : 'waiting';
  const next = withReport(state, round, { ...report, answers, status });
  if (status === 'agreed' && selfReportsOf(state) === 'auto' && vouched(state, report, answers)) return recordReported(next, command.round, report);
  return next;
}

/**
 * May an agreed report be recorded by itself ('auto')? With claims on, only when the report and
 * every answer came from the phones that claimed those players; otherwise it waits for the
 * scorekeeper, who sees which did.
 */
function vouched(state: EventState, report: SelfReport, answers: SelfReport['answers']): boolean {
  if (!claimsOn(state)) return true;
  return report.claimed === true && Object.values(answers).every((a) => a.claimed === true);
}

export function decideReport(state: EventState, command: CommandOf<'decide-report'>): EventState {
  const round = state.rounds[command.round - 1];
  const report = reportOf(round, command.table);
  if (!round || !report) fail('not-allowed', `round ${command.round}, table ${command.table} has no report waiting`);
  if (command.accept) return recordReported(state, command.round, report);
  const rejected = (r: Round): Round => {
    const rest = withoutReport(r, command.table);
    return { ...rest, rejectedReports: [...(rest.rejectedReports ?? []), command.table].sort((a, b) => a - b) };
  };
  return { ...state, rounds: state.rounds.map((r) => (r === round ? rejected(r) : r)) };
}

/** The report's result (and drops) recorded as the scorekeeper's record-result would (which drops the report). */
function recordReported(state: EventState, round: number, report: SelfReport): EventState {
  return recordResult(state, {
    type: 'record-result',
    round,
    table: report.table,
    result: report.result as Record<string, unknown>,
    ...(report.drops.length > 0 ? { drop: report.drops } : {}),
  });
}

export function publishStandings(state: EventState, command: CommandOf<'publish-standings'>): EventState {
  if (command.round > state.rounds.length) fail('invalid-input', `there is no round ${command.round} yet: standings are published after a round`);
  return { ...state, publishedStandings: command.round };
}

/**
 * RULES 3 "organiser's choice": the organiser's order for a tie, checked by the rule set (the players
 * must be exactly a tie it leaves to the organiser), kept with why. A later decision of the same
 * tie replaces it in the standings; undo takes it back.
 */
export function decideTie(state: EventState, command: CommandOf<'decide-tie'>): EventState {
  const ruleset = getRuleset(state.ruleset);
  const unknown = command.players.filter((id) => !state.players.some((p) => p.id === id));
  if (unknown.length > 0) fail('invalid-input', `no player ${unknown.join(', ')} in this event`);
  if (new Set(command.players).size !== command.players.length) fail('invalid-input', 'the order names a player twice');
  if (!ruleset.checkTieDecision)
    fail('not-allowed', `${ruleset.title} orders players equal on every tiebreaker by the registration draw (RULES 1): there is no tie for the organiser to decide`);
  ruleset.checkTieDecision(state, command.players);
  return { ...state, tieDecisions: [...(state.tieDecisions ?? []), { players: [...command.players], reason: command.reason.trim(), afterRound: state.rounds.length }] };
}
