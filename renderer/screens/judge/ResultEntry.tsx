/**
 * Enter one table's result from the floor: the rule set's own fields (results/ResultFields.tsx, the
 * station's), read and checked exactly as the station reads them (results/parse.ts), with what will
 * be saved spelled out before the judge saves it. A common result (2-1, ID) is a tap that fills the
 * box, not a save: a judge device cannot undo, so saving is one more deliberate tap.
 *
 * A table that has a result is amended with a reason. Saved without one, the host refuses, naming
 * who entered the table and when ("Table 12 was entered at 14:03 by Desk 2 — amend it?", as the
 * desk says it; also when someone entered it meanwhile), and the phone shows those words and
 * offers to amend, with a reason; nothing is overwritten silently.
 */
import { useMemo, useState, type FormEvent } from 'react';
import type { NewCommand } from '../../../core/event/commands.js';
import type { EventState, PlayerId, Round, Table } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { Name } from '../../components/Name.js';
import { isolate } from '../../lib/format.js';
import { displayNames } from '../../lib/people.js';
import { describeResult, pointsBefore } from '../pairings/round-facts.js';
import { ResultFields } from '../results/ResultFields.js';
import { checkResult, EMPTY_DRAFT, readEntry, type Draft } from '../results/parse.js';
import { Chips } from './Chips.js';
import { sendingWords, useSender } from './useSender.js';
import { JudgeField } from './JudgeField.js';

const COMMON_AMEND_REASONS = ['Slip filled in the wrong way round', 'Players corrected the result', 'Wrong table entered'];

/** The result the table has (saving amends it), or the host's words when it refused a second one. */
function CurrentResult({ state, table, refusal }: { state: EventState; table: Table; refusal: string | null }) {
  if (refusal !== null) {
    return (
      <div className="judge-refusal" role="alert" data-testid="judge-refusal">
        <p>{refusal}</p>
        {table.result !== undefined && <p>Now: {describeResult(state, table)}</p>}
        <p>To amend it, give a reason below and save again; or cancel to keep it.</p>
      </div>
    );
  }
  if (table.result === undefined) return null;
  return (
    <p className="judge-now" data-testid="judge-current-result">
      Now: {describeResult(state, table)}. Saving here amends it.
    </p>
  );
}

/** Who did not show up (where the rule set records no-shows): a chip per seat, and the seats marked so far in words. */
function NoShowPicker({ seats, names, absent, typed, onToggle }: {
  seats: PlayerId[];
  names: ReadonlyMap<PlayerId, string>;
  /** The players counted as no-shows (marked, or read from the fields). */
  absent: PlayerId[];
  /** Players the fields already give a result for: they showed up. */
  typed: PlayerId[];
  onToggle: (id: PlayerId) => void;
}) {
  return (
    <details className="judge-no-shows" open={absent.length > 0}>
      <summary>Someone did not show up?</summary>
      <div role="group" aria-label="No-shows" className="judge-chips judge-chips-wide">
        {seats.map((id, i) => (
          <button
            key={id}
            type="button"
            className="judge-chip"
            aria-pressed={absent.includes(id)}
            disabled={typed.includes(id)}
            onClick={() => onToggle(id)}
            data-testid={`judge-no-show-${i + 1}`}
          >
            Seat {i + 1}: <Name>{names.get(id) ?? id}</Name> did not show
          </button>
        ))}
      </div>
      <ul className="judge-absent" aria-label="Marked as no-shows">
        {absent.map((id) => (
          <li key={id}>
            No-show: <Name>{names.get(id) ?? id}</Name> (a match loss; dropped unless they report to the scorekeeper)
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The reason an amendment needs (typed, or one of the common ones). */
function AmendReason({ reason, onType, onPick }: { reason: string; onType: (reason: string) => void; onPick: (reason: string) => void }) {
  return (
    <JudgeField id="judge-amend-reason" label="Reason for the change (required, kept in the event log)" value={reason} onChange={onType} testId="judge-amend-reason">
      <Chips label="Common reasons" className="judge-chips-wide" options={COMMON_AMEND_REASONS.map((r) => ({ value: r, label: r }))} value={reason} onPick={onPick} />
    </JudgeField>
  );
}

export function ResultEntry({ state, round, table, onSaved, onCancel }: {
  state: EventState;
  round: Round;
  table: Table;
  onSaved: (done: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [marked, setMarked] = useState<PlayerId[]>([]);
  const [reason, setReason] = useState('');
  /** The host's words when it refused a second result for this table. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sender = useSender();
  const names = displayNames(state);
  const points = useMemo(() => pointsBefore(state, round.number), [state, round.number]);
  const noShows = getRuleset(state.ruleset).presentation.results.noShows;

  const read = readEntry(state, table, round, draft, marked);
  const built = read.built;
  const checked = built.kind === 'ok' ? checkResult(state, table, round, built.result) : null;
  const amending = table.result !== undefined || refusal !== null;
  const absentWords = read.absent.length > 0 ? ` · no-show: ${read.absent.map((id) => isolate(names.get(id) ?? id)).join(', ')}` : '';
  const preview = checked && checked.problem === null ? `${describeResult(state, { ...table, result: checked.result as Table['result'] })}${absentWords}` : null;

  const verdict: { text: string; kind: 'problem' | 'question' | 'ok' } | null =
    built.kind === 'problem'
      ? { text: built.problem, kind: 'problem' }
      : built.kind === 'question'
        ? { text: built.verdict, kind: 'question' }
        : checked && checked.problem !== null
          ? { text: checked.problem, kind: 'problem' }
          : preview !== null
            ? { text: `Will save: ${preview}`, kind: 'ok' }
            : null;

  const edit = (next: Draft): void => {
    setDraft(next);
    setProblem(null);
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (built.kind === 'empty') return setProblem('The result is not complete yet: fill in every field.');
    if (built.kind === 'problem' || built.kind === 'question') return setProblem(built.problem);
    if (!checked || checked.problem !== null) return setProblem(checked?.problem ?? 'The result is not complete yet.');
    if (refusal !== null && !reason.trim()) {
      // The host's words above already say who entered it and when: the reason is what is missing.
      document.getElementById('judge-amend-reason')?.focus();
      return setProblem(`To amend table ${table.table}, give the reason for the change (it is kept in the event log).`);
    }
    setProblem(null);
    // No `at`: the host stamps the result's time with its own clock. A table that has a result and
    // no reason given goes to the host all the same: only the host's journal knows who entered the
    // result and when, and its refusal says so, in the desk's words ("Table 2 was entered at 04:20
    // by the head-judge station — amend it?"); nothing is overwritten without a reason.
    const command: NewCommand = {
      type: 'record-result',
      round: round.number,
      table: table.table,
      result: built.result as Record<string, unknown>,
      ...(amending && reason.trim() ? { reason: reason.trim() } : {}),
      ...(read.absent.length > 0 ? { noShow: read.absent } : {}),
    };
    const sent = await sender.send(command, `Table ${table.table}: ${preview ?? 'result'}${amending ? ' (amended)' : ''}`);
    if (sent.kind === 'saved') return onSaved(`Table ${table.table}: ${preview ?? 'result saved'}${amending ? ' (amended)' : ''}`);
    if (sent.kind === 'refused' && sent.code === 'result-entered') {
      // The table has a result (entered meanwhile, or before): say who and when (the host's words),
      // and offer to amend with a reason.
      setRefusal(sent.message);
      return;
    }
    setProblem(sent.message);
  };

  return (
    <form className="judge-panel judge-result" aria-label={`Result of table ${table.table}`} data-testid="judge-result" onSubmit={(e) => void submit(e)}>
      <h2 className="judge-panel-title">
        {amending ? 'Amend the result' : 'Enter the result'} — table {table.table}
      </h2>
      <CurrentResult state={state} table={table} refusal={refusal} />
      <ResultFields state={state} table={table} round={round} draft={draft} setDraft={edit} points={points} quick={(key, text) => edit({ ...draft, text: { ...draft.text, [key]: text } })} />
      {noShows && (
        <NoShowPicker
          seats={table.seats}
          names={names}
          absent={read.absent}
          typed={read.typed}
          onToggle={(id) => {
            setMarked(marked.includes(id) ? marked.filter((x) => x !== id) : [...marked, id]);
            setProblem(null);
          }}
        />
      )}
      {amending && (
        <AmendReason
          reason={reason}
          onType={(text) => {
            setReason(text);
            setProblem(null);
          }}
          onPick={setReason}
        />
      )}
      {verdict && (
        <p className={`judge-verdict judge-verdict-${verdict.kind}`} data-testid="judge-verdict" aria-live="polite">
          {verdict.text}
        </p>
      )}
      {problem && (
        <p className="judge-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="judge-panel-buttons">
        <button type="submit" className="judge-primary" disabled={sender.busy} data-testid="judge-result-submit">
          {sendingWords(sender, amending ? `Amend table ${table.table}` : 'Save result')}
        </button>
        <button type="button" className="judge-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
