/**
 * Players' reports from their phones, and the scorekeeper's decisions on them, in the event log's
 * words (describe-commands.ts has the rest): so the log answers "who said what" in an appeal.
 */
import { andList } from '../rulesets/ruleset.js';
import type { Command, CommandOf } from './commands.js';
import type { JournalReading } from './describe-journal.js';
import type { EntryWords } from './describe-commands.js';


/** Which phone, and whether it is the one that claimed the player (an appeal turns on it). */
function phoneWords(c: { phone: string; claimed?: true }): string {
  return c.claimed ? `claimed phone ${c.phone}` : `phone ${c.phone}`;
}

function where(journal: JournalReading, round: number, table: number): string {
  return `round ${round}, ${journal.tableWord} ${table}`;
}

export function reportResult(c: CommandOf<'report-result'>, seq: number, journal: JournalReading): EntryWords {
  journal.noteReport(c.round, c.table, seq, { reporter: c.player, result: c.result, ...(c.drop ? { drop: c.drop } : {}) });
  const seats = journal.seatingAt(c.round, seq)?.seats.get(c.table);
  const drops = c.drop ? `; dropping: ${andList(c.drop.map(journal.name))}` : '';
  return { what: `Reported by ${journal.name(c.player)} (${phoneWords(c)}): ${where(journal, c.round, c.table)} — ${journal.resultWords(c.table, c.result, seats)}${drops}` };
}

export function confirmReport(c: CommandOf<'confirm-report'>, seq: number, journal: JournalReading): EntryWords {
  const report = journal.reportAt(c.round, c.table, seq);
  const of = report ? ` with ${journal.name(report.reporter)}'s report` : ' with the report';
  if (c.agree) return { what: `${journal.name(c.player)} (${phoneWords(c)}) agreed${of}: ${where(journal, c.round, c.table)}` };
  const seats = journal.seatingAt(c.round, seq)?.seats.get(c.table);
  const instead = c.result ? ` — says instead: ${journal.resultWords(c.table, c.result, seats)}` : '';
  return { what: `${journal.name(c.player)} (${phoneWords(c)}) disputed${of}: ${where(journal, c.round, c.table)}${instead}` };
}

export function decideReport(c: CommandOf<'decide-report'>, seq: number, journal: JournalReading): EntryWords {
  const report = journal.reportAt(c.round, c.table, seq);
  const by = report ? `${journal.name(report.reporter)}'s report` : 'the report';
  if (!c.accept) return { what: `Rejected ${by}: ${where(journal, c.round, c.table)}`, why: c.reason };
  // Accepting records the reported result, as a result entered at the desk would.
  const { seats } = journal.noteResult(c.round, c.table, seq);
  const result = report ? ` — ${journal.resultWords(c.table, report.result, seats)}` : '';
  const drops = report?.drop ? `; ${andList(report.drop.map(journal.name))} dropped with the result` : '';
  return { what: `Accepted ${by} as the result: ${where(journal, c.round, c.table)}${result}${drops}`, why: c.reason, ...(report?.drop ? { drops: true } : {}) };
}

export function publishStandings(c: CommandOf<'publish-standings'>): EntryWords {
  return { what: `Standings after round ${c.round} published (players' phones and the published site)` };
}

export function drawClaimKey(): EntryWords {
  return { what: "The players' personal codes were made (the secret behind them stays on the head-judge station)" };
}

export function claimPlayer(c: CommandOf<'claim-player'>, _seq: number, journal: JournalReading): EntryWords {
  return { what: `${journal.name(c.player)} claimed by phone ${c.phone} with their personal code` };
}

export function resetClaim(c: CommandOf<'reset-claim'>, _seq: number, journal: JournalReading): EntryWords {
  return { what: `${journal.name(c.player)}'s phone claim reset: their personal code claims again`, why: c.reason };
}
