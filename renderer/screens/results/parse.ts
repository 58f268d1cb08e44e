/**
 * What a scorekeeper types for one table, read by the rule set (Ruleset.presentation.results: its
 * fields, how it reads them, what a no-show makes of them); the rule set's validateResult then checks
 * the result against the table (best-of, seats, ties) before anything is sent.
 */
import { penaltyProblemOf, tablePenalties } from '../../../core/event/apply-penalties.js';
import type { EventState, PlayerId, Round, Table } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { EMPTY_RESULT_DRAFT, type EntryContext, type ReadResult, type ResultDraft } from '../../../core/rulesets/ruleset.js';
import { sentence } from '../../lib/format.js';
import { displayNames, nameIn, playersById } from '../../lib/people.js';

/** The scorekeeper's typing for one table, by the rule set's field keys. */
export type Draft = ResultDraft;
export const EMPTY_DRAFT: Draft = EMPTY_RESULT_DRAFT;

export type Built = ReadResult;

/** The round a table is entered for: its stage, and its number (the penalties recorded there). */
export type EntryRound = Pick<Round, 'number' | 'stage'>;

/** What the rule set's entry needs to know of the event, the table's round and its penalties. */
export function entryContext(state: EventState, round: EntryRound, table?: Table): EntryContext {
  const names = displayNames(state);
  const players = playersById(state);
  // RULES 4: a game loss at this table changes what the result may say (pods: not its winner, out of a draw).
  const gameLosses = table ? [...new Set(tablePenalties(state, round.number, table.table).filter((p) => p.penalty === 'game-loss').map((p) => p.player))] : [];
  return {
    settings: state.settings,
    stage: round.stage,
    name: (id) => names.get(id) ?? id,
    members: (id) => players.get(id)?.members ?? [],
    ...(gameLosses.length > 0 ? { gameLosses } : {}),
  };
}

/** The draft read into a result for `table` (not yet checked against the rules). */
export function buildResult(state: EventState, table: Table, round: EntryRound, draft: Draft): Built {
  return getRuleset(state.ruleset).presentation.results.read(table, draft, entryContext(state, round, table));
}

/** The rule set's own check (best-of, seats, playoff draws): null when fine, else its words. */
export function checkResult(state: EventState, table: Table, round: Pick<Round, 'number' | 'stage'>, result: unknown): { result: unknown; problem: null } | { result: null; problem: string } {
  try {
    const checked = getRuleset(state.ruleset).validateResult(table, result, { settings: state.settings, stage: round.stage, nameOf: nameIn(state) });
    // The table's penalties (a game loss the result must count), said before Enter in the fold's words.
    const penalty = penaltyProblemOf(state, round.number, table, checked);
    if (penalty) return { result: null, problem: sentence(penalty) };
    return { result: checked, problem: null };
  } catch (error) {
    return { result: null, problem: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * MTR 2.10 no-shows, one key at result entry: "n2" in the result box marks seat 2 absent (pods: with
 * the winner among the others, "1 n3"). The rest of the text is the result as usual.
 */
export function noShowTokens(text: string, seats: readonly PlayerId[]): { ids: PlayerId[]; rest: string } {
  const ids: PlayerId[] = [];
  const rest = text.replace(/(^|[\s,;])n(\d+)(?=$|[\s,;])/gi, (all: string, lead: string, seat: string) => {
    const id = seats[Number(seat) - 1];
    if (!id) return all;
    if (!ids.includes(id)) ids.push(id);
    return lead;
  });
  return { ids, rest: rest.trim() };
}

/** A draft read with its no-shows: the result, who is absent, and who of them was typed ("n2"). */
export interface ReadEntry {
  built: Built;
  /** Seats marked absent (with a button) or typed as absent, in seat order. */
  absent: PlayerId[];
  /** Those typed as "n2" in the result box (their buttons follow the typing). */
  typed: PlayerId[];
}

/**
 * The draft for `table` read by the rule set, with the no-shows marked by a button (`marked`) or
 * typed ("n2"): the absent lose as the rule set says (head-to-head: the one present wins every game
 * needed, nothing else to type; pods: the absent are excluded, the winner typed as usual). A rule
 * set that records no no-shows reads the draft as it is.
 */
export function readEntry(state: EventState, table: Table, round: EntryRound, draft: Draft, marked: readonly PlayerId[]): ReadEntry {
  const entry = getRuleset(state.ruleset).presentation.results;
  const context = entryContext(state, round, table);
  const noShows = entry.noShows;
  if (!noShows) return { built: entry.read(table, draft, context), absent: [], typed: [] };
  const tokens = noShowTokens(draft.text[noShows.field] ?? '', table.seats);
  const absent = table.seats.filter((id) => marked.includes(id) || tokens.ids.includes(id));
  const applied = noShows.apply(table, { ...draft, text: { ...draft.text, [noShows.field]: tokens.rest } }, absent, context);
  return { built: 'draft' in applied ? entry.read(table, applied.draft, context) : applied, absent, typed: tokens.ids };
}
