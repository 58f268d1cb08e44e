/**
 * A result typed on the phone, read and checked by the rule set as the station's Results screen
 * reads and checks it (presentation.results.read, then validateResult), and described in its words.
 */
import { useState } from 'react';
import type { TableResult } from '../../core/model/types.js';
import type { PublicTable, PublicView } from '../../core/public/types.js';
import { EMPTY_RESULT_DRAFT, type ResultDraft, type ResultField, type Ruleset } from '../../core/rulesets/ruleset.js';
import { describeResult, entryContext, modelTable, nameIn } from './view.js';

export type Checked = { kind: 'empty' } | { kind: 'problem'; problem: string } | { kind: 'ok'; result: TableResult; words: string };

export interface Entry {
  fields: readonly ResultField[];
  draft: ResultDraft;
  setDraft(draft: ResultDraft): void;
  checked: Checked;
}

/** The draft read and checked: empty, a problem in the rule set's words, or the result. */
export function checkDraft(view: PublicView, ruleset: Ruleset, table: PublicTable, draft: ResultDraft): Checked {
  const context = entryContext(view);
  const read = ruleset.presentation.results.read(modelTable(table), draft, context);
  if (read.kind === 'empty') return read;
  if (read.kind === 'problem') return read;
  if (read.kind === 'question') return { kind: 'problem', problem: read.verdict };
  try {
    const result = ruleset.validateResult(modelTable(table), read.result, { settings: context.settings, stage: context.stage, nameOf: nameIn(view) });
    return { kind: 'ok', result, words: describeResult(view, ruleset, table, result) };
  } catch (error) {
    return { kind: 'problem', problem: error instanceof Error ? error.message : String(error) };
  }
}

/** The rule set's form for `table` with its draft. */
export function useEntry(view: PublicView, ruleset: Ruleset, table: PublicTable): Entry {
  const [draft, setDraft] = useState<ResultDraft>(EMPTY_RESULT_DRAFT);
  const fields = ruleset.presentation.results.form(modelTable(table), draft, entryContext(view)).fields;
  return { fields, draft, setDraft, checked: checkDraft(view, ruleset, table, draft) };
}
