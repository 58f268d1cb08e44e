/**
 * What a scorekeeper types for one table, read by the rule set (Ruleset.presentation.results: its
 * fields, how it reads them, what a no-show makes of them); the rule set's validateResult then checks
 * the result against the table (best-of, seats, ties) before anything is sent.
 */
import type { EventState, Stage, Table } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { EMPTY_RESULT_DRAFT, type EntryContext, type ReadResult, type ResultDraft } from '../../../core/rulesets/ruleset.js';
import { displayNames, nameIn, playersById } from '../pairings/shared.js';

/** The scorekeeper's typing for one table, by the rule set's field keys. */
export type Draft = ResultDraft;
export const EMPTY_DRAFT: Draft = EMPTY_RESULT_DRAFT;

export type Built = ReadResult;

/** What the rule set's entry needs to know of the event and the table's stage. */
export function entryContext(state: EventState, stage: Stage): EntryContext {
  const names = displayNames(state);
  const players = playersById(state);
  return { settings: state.settings, stage, name: (id) => names.get(id) ?? id, members: (id) => players.get(id)?.members ?? [] };
}

/** The draft read into a result for `table` (not yet checked against the rules). */
export function buildResult(state: EventState, table: Table, stage: Stage, draft: Draft): Built {
  return getRuleset(state.ruleset).presentation.results.read(table, draft, entryContext(state, stage));
}

/** The rule set's own check (best-of, seats, playoff draws): null when fine, else its words. */
export function checkResult(state: EventState, table: Table, stage: Stage, result: unknown): { result: unknown; problem: null } | { result: null; problem: string } {
  try {
    const checked = getRuleset(state.ruleset).validateResult(table, result, { settings: state.settings, stage, nameOf: nameIn(state) });
    return { result: checked, problem: null };
  } catch (error) {
    return { result: null, problem: error instanceof Error ? error.message : String(error) };
  }
}
