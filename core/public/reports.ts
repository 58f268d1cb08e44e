/**
 * Players' waiting reports in words: what the phones of the table see when they hold its
 * code (to agree or dispute), and what the Results screen's queue shows the scorekeeper.
 *
 * Pure: no I/O.
 */
import { findTable } from '../event/queries.js';
import type { EventState, Round, SelfReport, TableResult } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import type { PublicReport } from './types.js';

export function publicReport(state: EventState, roundNumber: number, tableNumber: number): PublicReport | undefined {
  const round = state.rounds[roundNumber - 1];
  const report = round?.reports?.find((r) => r.table === tableNumber);
  return round && report ? inWords(state, round, report) : undefined;
}

/** The reports waiting in the current round, by table. */
export function waitingReports(state: EventState): PublicReport[] {
  const round = state.rounds[state.rounds.length - 1];
  return (round?.reports ?? []).map((report) => inWords(state, round as Round, report));
}

function inWords(state: EventState, round: Round, report: SelfReport): PublicReport {
  const names = new Map(state.players.map((p) => [p.id, p.name]));
  const table = findTable(round, report.table) ?? { table: report.table, seats: [] };
  const describe = (result: TableResult): string => getRuleset(state.ruleset).presentation.results.describe(table, result, (id) => names.get(id) ?? id);
  const answers: PublicReport['answers'] = {};
  for (const [player, answer] of Object.entries(report.answers))
    answers[player] = { agree: answer.agree, ...(answer.result ? { result: answer.result, resultText: describe(answer.result) } : {}) };
  return {
    round: round.number,
    table: report.table,
    reporter: report.reporter,
    result: report.result,
    resultText: describe(report.result),
    drops: [...report.drops],
    answers,
    status: report.status,
  };
}
