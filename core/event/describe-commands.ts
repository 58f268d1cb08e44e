/**
 * Each journal command in the event log's words (describe.ts): what happened, and why where the
 * command carries a reason — one describer per command type. Names are set as the log sets them
 * (JournalReading.name, isolated); pairings and results are read from the journal so far.
 */
import { describeRegisterDecklist } from './describe-decklists.js';
import { criterionWords, getRuleset } from '../rulesets/index.js';
import { andList } from '../rulesets/ruleset.js';
import { plural } from '../text/format.js';
import type { Command, CommandOf } from './commands.js';
import type { JournalReading } from './describe-journal.js';
import { describeRecordPenalty } from './describe-penalties.js';
import { claimPlayer, confirmReport, decideReport, drawClaimKey, publishStandings, reportResult, resetClaim } from './describe-reports.js';
import type { VariableRounds } from '../model/types.js';

/** One entry in words. */
export interface EntryWords {
  what: string;
  why?: string | undefined;
  /**
   * The entry also drops a player, though it is of another kind (a result with the slip's Drop box
   * or a no-show, an accepted report with a drop, a disqualification): the log lists it under Drops
   * too, so the Drops filter finds every drop.
   */
  drops?: boolean;
}

type Describer<T extends Command['type']> = (command: CommandOf<T>, seq: number, journal: JournalReading) => EntryWords;

const SETTING_WORDS: Record<string, (value: unknown) => string> = {
  rel: (v) => `REL ${String(v)}`,
  swissRounds: (v) => (v === null ? 'no number of Swiss rounds announced (the recommendation)' : `${String(v)} Swiss rounds announced`),
  variableRounds: (v) => (v === null ? 'a fixed number of Swiss rounds' : `a variable number of rounds: ${criterionWords(v as VariableRounds)}`),
  gamesToWin: (v) => `best of ${2 * Number(v) - 1}`,
  format: (v) => `format ${String(v)}`,
  teamSize: (v) => (Number(v) === 1 ? 'individual players' : `teams of ${String(v)}`),
  twoHeadedGiant: (v) => (v ? 'Two-Headed Giant' : 'not Two-Headed Giant'),
  pairWithinDraftPods: (v) => (v ? 'pair within draft pods' : 'pair across draft pods'),
  lateEntryRecord: (v) => (v === 'loss' ? 'late entries get losses for missed rounds' : 'late entries get no record for missed rounds'),
  releaseWeekend: (v) => (v ? 'release weekend' : 'not a release weekend'),
  podSize: (v) => `pods of ${String(v)}`,
  endOfRound: (v) => (v === 'extra-turns' ? 'end of round: extra turns' : 'end of round: active player finishes'),
  lastTurnMinutes: (v) => `last turn ${String(v)} minutes`,
  balanceSeats: (v) => (v ? 'balanced seats' : 'random seats'),
  selfReports: (v) => (v === 'off' ? 'players do not report results' : v === 'auto' ? 'players’ agreed reports are results' : 'players’ reports wait for the scorekeeper'),
  // Pod rule sets' house rules.
  oddCounts: (v) =>
    v === 'byes'
      ? 'odd counts: byes'
      : v === 'smaller-pods-top'
        ? 'odd counts: smaller pods at the top'
        : v === 'larger-pods'
          ? 'odd counts: pods one larger'
          : 'odd counts: smaller pods at the bottom',
  winPoints: (v) => `${plural(Number(v), 'point')} a win`,
  drawPoints: (v) => `${plural(Number(v), 'point')} a draw`,
  byePoints: (v) => `${plural(Number(v), 'point')} a bye`,
};

const EXTENSION_REASONS = { 'deck-check': 'deck check', 'judge-pause': 'judge pause', 'feature-match': 'feature match', other: 'extension' } as const;
const TIMER_KINDS = { 'deck-construction': 'deck construction', registration: 'deck registration', 'draft-pick': 'draft', custom: 'timer' } as const;

/** ": 3 min 20 s" / " (3 min)" — a length given in minutes and seconds, when one is given. */
function length(command: { minutes?: number | undefined; seconds?: number | undefined }): string | undefined {
  if (command.minutes === undefined && command.seconds === undefined) return undefined;
  return `${command.minutes ?? 0} min${command.seconds ? ` ${command.seconds} s` : ''}`;
}

function createEvent(c: CommandOf<'create-event'>, _seq: number, journal: JournalReading): EntryWords {
  let title: string = c.ruleset;
  try {
    title = getRuleset(c.ruleset).title;
  } catch {
    title = c.ruleset;
  }
  return { what: `Event created: “${journal.isolate(c.name)}” (${title})` };
}

function setSettings(c: CommandOf<'set-settings'>, _seq: number, journal: JournalReading): EntryWords {
  const parts = Object.entries(c.settings)
    .filter(([k]) => k !== 'rel' || journal.showsRel)
    .map(([k, v]) => SETTING_WORDS[k]?.(v) ?? `${k} ${String(v)}`);
  return { what: `Settings changed: ${parts.join(', ') || 'nothing'}` };
}

function registerPlayer(c: CommandOf<'register-player'>, seq: number, journal: JournalReading): EntryWords {
  const { isolate } = journal;
  const player = c.player;
  const extra: string[] = [];
  const paired = journal.roundsPairedAt(seq);
  if (paired > 0) extra.push(`late entry after round ${paired}`);
  if (player.awardedByes) extra.push(`${plural(player.awardedByes, 'awarded bye')}`);
  if (player.draftPod !== undefined) extra.push(`draft pod ${player.draftPod}`);
  if (player.members) extra.push(`team: ${player.members.map((m) => `${m.seat} ${isolate(m.name)}`).join(', ')}`);
  if (player.familyName) extra.push(`family name “${isolate(player.familyName)}”`);
  if (player.note) extra.push(`note “${isolate(player.note)}”`);
  if (player.fixedTable !== undefined) extra.push(`fixed at table ${player.fixedTable}${player.fixedSeat !== undefined ? `, seat ${player.fixedSeat}` : ''}`);
  return { what: `${isolate(player.name)} registered (${player.id})${extra.length > 0 ? ` — ${extra.join('; ')}` : ''}` };
}

function editPlayer(c: CommandOf<'edit-player'>, _seq: number, journal: JournalReading): EntryWords {
  const { isolate } = journal;
  const changed = c.changes;
  const changes: string[] = [];
  if (changed.name !== undefined) changes.push(`name → “${isolate(changed.name)}”`);
  if (changed.familyName !== undefined) changes.push(changed.familyName ? `family name → “${isolate(changed.familyName)}”` : 'family name as guessed from the name');
  if (changed.note !== undefined) changes.push(changed.note ? `note → “${isolate(changed.note)}”` : 'note removed');
  if (changed.awardedByes !== undefined) changes.push(`awarded byes → ${changed.awardedByes}`);
  if (changed.draftPod !== undefined) changes.push(`draft pod → ${changed.draftPod}`);
  if (changed.members !== undefined) changes.push(`team → ${changed.members.map((m) => `${m.seat} ${isolate(m.name)}`).join(', ')}`);
  // 0 clears (a cleared table takes the seat with it).
  if (changed.fixedTable !== undefined) changes.push(changed.fixedTable === 0 ? 'no fixed table (nor seat)' : `fixed table → ${changed.fixedTable}`);
  if (changed.fixedSeat !== undefined && changed.fixedTable !== 0) changes.push(changed.fixedSeat === 0 ? 'no fixed seat' : `fixed seat → ${changed.fixedSeat}`);
  return { what: `${journal.name(c.id)} (${c.id}) edited: ${changes.join(', ') || 'no change'}` };
}

function pairRound(c: CommandOf<'pair-round'>, seq: number, journal: JournalReading): EntryWords {
  journal.notePairing(c.round, seq, new Map(c.tables.map((t) => [t.table, [...t.seats]])));
  const parts = [plural(c.tables.length, journal.tableWord)];
  if (c.byes.length > 0) parts.push(plural(c.byes.length, 'bye'));
  if (c.waiting && c.waiting.length > 0) parts.push(`${c.waiting.length} waiting`);
  if (c.groups) parts.push(plural(c.groups.length, 'group'));
  const label = c.stage === 'playoff' ? `Playoff round ${c.round}` : `Round ${c.round}`;
  return { what: `${label} ${c.replace ? 're-paired' : 'paired'} (${parts.join(', ')})`, why: c.reason };
}

function recordResult(c: CommandOf<'record-result'>, seq: number, journal: JournalReading): EntryWords {
  const { amends, seats } = journal.noteResult(c.round, c.table, seq);
  let what = `Result ${amends ? 'amended' : 'entered'}: round ${c.round}, ${journal.tableWord} ${c.table} — ${journal.resultWords(c.table, c.result, seats)}`;
  if (c.noShow) what += `; no-show: ${andList(c.noShow.map(journal.name))} (dropped unless they report in)`;
  if (c.drop) what += `; ${andList(c.drop.map(journal.name))} dropped with the result`;
  return { what, why: c.reason, ...(c.drop || c.noShow ? { drops: true } : {}) };
}

function fixTables(c: CommandOf<'fix-tables'>, seq: number, journal: JournalReading): EntryWords {
  // Later results of these tables read the new seats.
  const seats = new Map(journal.seatingAt(c.round, seq)?.seats ?? []);
  for (const t of c.tables) seats.set(t.table, [...t.seats]);
  journal.notePairing(c.round, seq, seats);
  const { tableWord } = journal;
  const tables = c.tables.map((t) => `${tableWord} ${t.table}: ${t.seats.map(journal.name).join(journal.seatSeparator)}`).join('; ');
  return { what: `Round ${c.round}: ${plural(c.tables.length, tableWord)} changed (${tables}); results entered stand`, why: c.reason };
}

function startPlayoff(c: CommandOf<'start-playoff'>, _seq: number, journal: JournalReading): EntryWords {
  const shown = c.seeds.slice(0, 8).map((id, i) => `${i + 1} ${journal.name(id)}`);
  const more = c.seeds.length > 8 ? `, … (${c.seeds.length} in all)` : '';
  return { what: `Cut to the top ${c.top}${c.draft ? ' (booster draft)' : ''} — ${c.draft ? 'draft seats' : 'seeds'}: ${shown.join(', ')}${more}` };
}

const DESCRIBERS: { [T in Command['type']]: Describer<T> } = {
  'create-event': createEvent,
  'set-settings': setSettings,
  'register-player': registerPlayer,
  'edit-player': editPlayer,
  'drop-player': (c, seq, journal) => {
    const paired = journal.roundsPairedAt(seq);
    return { what: `${journal.name(c.id)} dropped${paired > 0 ? ` after round ${paired}` : ' before round 1 (removed from the event)'}` };
  },
  'reinstate-player': (c, _seq, journal) => ({ what: `${journal.name(c.id)} reinstated` }),
  'pair-round': pairRound,
  'record-result': recordResult,
  'report-result': reportResult,
  'confirm-report': confirmReport,
  'decide-report': decideReport,
  'publish-standings': publishStandings,
  'draw-claim-key': drawClaimKey,
  'claim-player': claimPlayer,
  'reset-claim': resetClaim,
  'decide-tie': (c, _seq, journal) => ({ what: `Tie decided by the organiser (RULES 3): ${c.players.map((id, i) => `${i + 1}. ${journal.name(id)}`).join(', ')}`, why: c.reason }),
  'report-in': (c, _seq, journal) => ({ what: `${journal.name(c.id)} reported in after a no-show: not dropped` }),
  'fix-tables': fixTables,
  'start-playoff': startPlayoff,
  'record-penalty': describeRecordPenalty,
  'register-decklist': describeRegisterDecklist,
  'start-round-clock': (c) => ({ what: `Round ${c.round} clock started${c.minutes === null ? ' (untimed)' : c.minutes !== undefined ? ` (${c.minutes} minutes)` : ''}` }),
  'pause-clock': (c) => ({ what: `Round ${c.round} clock paused`, why: c.reason }),
  'resume-clock': (c) => ({ what: `Round ${c.round} clock resumed` }),
  'adjust-clock': (c) => ({ what: `Round ${c.round} clock ${c.minutes >= 0 ? '+' : '−'}${Math.abs(c.minutes)} minutes`, why: c.reason }),
  'extend-table': (c, _seq, journal) => {
    const given = length(c);
    return { what: `Round ${c.round}, ${journal.tableWord} ${c.table} time extended (${EXTENSION_REASONS[c.reason]}${given ? `: ${given}` : ''})`, why: c.note };
  },
  'set-players-in-game': (c, _seq, journal) => ({
    what: `Round ${c.round}, ${journal.tableWord} ${c.table}: ${plural(c.players, 'player')} still in the game when time was called`,
    why: c.reason,
  }),
  'add-extra-turns': (c, _seq, journal) => ({ what: `Round ${c.round}, ${journal.tableWord} ${c.table}: +${plural(c.turns, 'extra turn')}`, why: c.reason }),
  'record-intentional-draw': (c, _seq, journal) => ({ what: `Round ${c.round}, ${journal.tableWord} ${c.table}: intentional draw (its timer starts)` }),
  'start-deck-check': (c, _seq, journal) => ({
    what: `Deck check started: round ${c.round}, ${journal.tableWord} ${c.table}, judge ${journal.isolate(c.judge)}${c.players ? ` (${andList(c.players.map(journal.name))})` : ''}`,
  }),
  'end-deck-check': (c, _seq, journal) => ({ what: `Deck check ended: round ${c.round}, ${journal.tableWord} ${c.table}`, why: c.outcome }),
  'start-timer': (c) => {
    const given = length(c);
    return { what: `Timer started: ${c.label ?? TIMER_KINDS[c.kind]}${given ? ` (${given})` : ''}` };
  },
  'stop-timer': (c) => ({ what: `Timer stopped: ${c.id}` }),
  undo: (c, _seq, journal) => {
    const target = journal.whatOf(c.target);
    return { what: `Undo of entry ${c.target}${target ? `: ${target}` : ''}`, why: c.reason };
  },
};

/** Entry `seq` of the journal in words (read in order: it notes what later entries need). */
export function describeCommand(command: Command, seq: number, journal: JournalReading): EntryWords {
  const describe = DESCRIBERS[command.type] as Describer<Command['type']>;
  return describe(command as never, seq, journal);
}
