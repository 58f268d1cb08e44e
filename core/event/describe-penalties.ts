/**
 * The penalty log in words (RULES 4): the common infraction names a judge picks from, each penalty
 * as the event log, a player's history, the Results screen and the printed report say it, and how
 * often a player has had it ("2nd warning for Tardiness": the Infraction Procedure Guide upgrades a
 * repeated infraction, so the judge must see the count). Pure (core).
 */
import type { EventState, Penalty, PenaltyKind, PlayerId } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { ordinal } from '../text/format.js';
import type { Ruleset } from '../rulesets/ruleset.js';
import type { Command } from './commands.js';
import type { JournalReading } from './describe-journal.js';
import type { EntryWords } from './describe-commands.js';
import { penaltiesOf } from './apply-penalties.js';

/**
 * The infractions a judge names most (the Infraction Procedure Guide's names, and the Regular REL
 * ones), offered as a list with type-ahead; anything else is typed as the judge words it. Each
 * infraction once: a Game Play Error under its full name only (typing "Looking" finds it).
 */
export const COMMON_INFRACTIONS = [
  'Tardiness',
  'Deck/Decklist Problem',
  'Game Play Error',
  'Game Play Error — Missed Trigger',
  'Game Play Error — Looking at Extra Cards',
  'Game Play Error — Hidden Card Error',
  'Game Play Error — Mulligan Procedure Error',
  'Game Play Error — Game Rule Violation',
  'Game Play Error — Failure to Maintain Game State',
  'Drawing Extra Cards',
  'Hidden Information Violation',
  'Slow Play',
  'Insufficient Shuffling',
  'Marked Cards',
  'Limited Procedure Violation',
  'Communication Policy Violation',
  'Outside Assistance',
  'Unsporting Conduct',
  'Unsporting Conduct — Minor',
  'Unsporting Conduct — Major',
  'Improperly Determining a Winner',
  'Bribery and Wagering',
  'Aggressive Behavior',
  'Theft of Tournament Material',
  'Cheating',
] as const;

/**
 * The infraction names a penalty form offers for the event's rule set: the common names of the
 * Infraction Procedure Guide where its penalties follow it (the Magic documents), none where its
 * documents name no infractions (Lightseekers) — then the judge's own words.
 */
export function infractionNames(ruleset: Pick<Ruleset, 'terms'>): readonly string[] {
  return ruleset.terms.ipg ? COMMON_INFRACTIONS : [];
}

/** A penalty as a sentence names it ("game loss"). */
export const PENALTY_WORDS: Record<PenaltyKind, string> = {
  warning: 'warning',
  'game-loss': 'game loss',
  'match-loss': 'match loss',
  disqualification: 'disqualification',
};

/** A penalty as a list or a button labels it ("Game loss"). */
export const PENALTY_LABELS: Record<PenaltyKind, string> = {
  warning: 'Warning',
  'game-loss': 'Game loss',
  'match-loss': 'Match loss',
  disqualification: 'Disqualification',
};


/** A Game Play Error named with its category ("Game Play Error — Missed Trigger"). */
const GAME_PLAY_ERROR = /^game play error\s*[—–-]\s*(?=\S)/;

/**
 * Two infractions are the same one whatever their case and spacing, and a Game Play Error is the
 * same with or without its category ("Looking at Extra Cards", as the list once offered it and
 * older saves hold it, is "Game Play Error — Looking at Extra Cards"): the count a judge upgrades
 * by must not split one infraction in two.
 */
export function infractionKey(infraction: string): string {
  return infraction.trim().replace(/\s+/g, ' ').toLowerCase().replace(GAME_PLAY_ERROR, '');
}

/** Which penalty a player has had this many times for this infraction: "player|kind|infraction". */
function countKey(p: { player: PlayerId; penalty: PenaltyKind; infraction: string }): string {
  return `${p.player}|${p.penalty}|${infractionKey(p.infraction)}`;
}

/** For each penalty of the list (in order), how many of its kind the player has had for its infraction, itself included. */
export function penaltyCounts(penalties: readonly Penalty[]): number[] {
  const seen = new Map<string, number>();
  return penalties.map((p) => {
    const n = (seen.get(countKey(p)) ?? 0) + 1;
    seen.set(countKey(p), n);
    return n;
  });
}

/** "2nd warning for Tardiness" (`isolate` sets the judge's free text apart in a sentence). */
export function countWords(p: Penalty, n: number, isolate: (text: string) => string = (t) => t): string {
  return `${ordinal(n)} ${PENALTY_WORDS[p.penalty]} for ${isolate(p.infraction)}`;
}

export interface HistoryItem {
  penalty: Penalty;
  /** How many of its kind the player has had for its infraction, this one included. */
  count: number;
  /** "2nd warning for Tardiness". */
  words: string;
}

/** A player's penalties in the order given, each with its count (beside their standings breakdown). */
export function penaltyHistory(state: EventState, player: PlayerId): HistoryItem[] {
  const all = penaltiesOf(state);
  const counts = penaltyCounts(all);
  const out: HistoryItem[] = [];
  all.forEach((p, i) => {
    if (p.player === player) out.push({ penalty: p, count: counts[i] as number, words: countWords(p, counts[i] as number) });
  });
  return out;
}

/**
 * What a penalty does to the result of its table, in the words of the Results screen's entry:
 * "includes a game loss for Ana Archer (Tardiness): a game Ana Archer lost". `name`: a name as
 * the sentence sets it.
 */
export function resultNote(state: EventState, p: Penalty, name: (id: PlayerId) => string): string {
  const ruleset = getRuleset(state.ruleset);
  const who = name(p.player);
  const head = `includes a ${PENALTY_WORDS[p.penalty]} for ${who} (${p.infraction})`;
  switch (p.penalty) {
    case 'game-loss':
      return ruleset.penaltyResults?.gameLossNote ? `${head}: ${ruleset.penaltyResults.gameLossNote(who)}` : `${head}: the result counts it as a game ${who} lost`;
    case 'match-loss':
      return ruleset.penaltyResults?.matchLoss ? `${head}: the match is recorded as lost` : `${head}: ${who} is excluded and wins nothing (MSTR/MAMTR 2.1A)`;
    case 'disqualification':
      return `${head}: dropped from the next pairing; results entered stand`;
    case 'warning':
      return `${head}: changes nothing`;
  }
}

// ---------------------------------------------------------------------------------------------
// The event log

type RecordPenalty = Extract<Command, { type: 'record-penalty' }>;

/** The penalties the log has read so far, per reading (the counts honour undo: only those in force count). */
const readSoFar = new WeakMap<JournalReading, { seq: number; key: string }[]>();

const EFFECT: Record<PenaltyKind, string> = {
  warning: '',
  'game-loss': ' — a game they lost in that match',
  'match-loss': ' — the match is lost',
  disqualification: ' — dropped from the next pairing',
};

export function describeRecordPenalty(c: RecordPenalty, seq: number, journal: JournalReading): EntryWords {
  const earlier = readSoFar.get(journal) ?? [];
  readSoFar.set(journal, earlier);
  const key = countKey(c);
  const n = earlier.filter((e) => e.key === key && journal.inForce(e.seq, seq)).length + 1;
  earlier.push({ seq, key });
  const where = `round ${c.round}${c.table !== undefined ? `, ${journal.tableWord} ${c.table}` : ''}${c.judge ? `; judge ${journal.isolate(c.judge)}` : ''}`;
  const count = n > 1 ? `; ${ordinal(n)} ${PENALTY_WORDS[c.penalty]} for this infraction` : '';
  return {
    what: `Penalty: ${journal.name(c.player)} — ${PENALTY_WORDS[c.penalty]} for ${journal.isolate(c.infraction)} (${where})${EFFECT[c.penalty]}${count}`,
    why: c.note,
    // A disqualification drops the player from the next pairing: a drop as much as a penalty.
    ...(c.penalty === 'disqualification' ? { drops: true } : {}),
  };
}
