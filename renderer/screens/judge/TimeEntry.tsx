/**
 * Add time to one table from the floor: why (a judge pause, a feature match, other time, penalty
 * extra turns, N where the rule set counts it — the Clock screen's choices, from table-time.ts),
 * how long, and the reason (common ones a tap away, or typed). Checked and sent exactly as the
 * station's Clock screen sends it.
 */
import { useState, type FormEvent } from 'react';
import type { ClockView } from '../../../core/clock/index.js';
import type { EventState, Round, Table } from '../../../core/model/types.js';
import { tableTimeButton, tableTimeCommand, tableTimeFields, tableTimeHint, tableTimeKinds, tableTimeLimits, type TableTimeKind } from '../clock/table-time.js';
import { Chips, type ChipOption } from './Chips.js';
import { sendingWords, useSender } from './useSender.js';
import { JudgeField } from './JudgeField.js';

/** Reasons a floor judge gives most, a tap away (anything else is typed). */
const COMMON_REASONS: Record<TableTimeKind, readonly string[]> = {
  'deck-check': [],
  'judge-pause': ['Ruling', 'Investigation', 'Appeal to the Head Judge'],
  'feature-match': ['Moved to the feature table'],
  other: ['Table moved', 'Medical', 'Missing card search', 'Venue problem'],
  'extra-turns': ['Slow play'],
  'players-in-game': [],
};

/** Lengths a tap away: minutes for time, a count for turns and N. */
function quickLengths(kind: TableTimeKind, table: Table): ChipOption[] {
  switch (kind) {
    case 'judge-pause':
    case 'other':
      return ['2', '3', '5', '10'].map((m) => ({ value: m, label: `${m} min` }));
    case 'feature-match':
      return [{ value: '', label: 'Auto' }, ...['10', '15'].map((m) => ({ value: m, label: `${m} min` }))];
    case 'extra-turns':
      return ['1', '2', '3'].map((t) => ({ value: t, label: `+${t}` }));
    case 'players-in-game':
      return table.seats.map((_, i) => ({ value: String(i + 1), label: String(i + 1) }));
    case 'deck-check':
      return [];
  }
}

export function TimeEntry({ state, view, round, table, onSaved, onCancel }: {
  state: EventState;
  view: ClockView;
  round: Round;
  table: Table;
  onSaved: (done: string) => void;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<TableTimeKind | null>(null);
  const [length, setLength] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sender = useSender();
  const limits = tableTimeLimits(state, round);
  // Deck checks have a button of their own beside this one.
  const kinds = tableTimeKinds(view, limits.deckCheckExtraMinutes).filter((k) => k.kind !== 'deck-check');
  const fields = kind ? tableTimeFields(kind) : {};

  if (view.startedAt === null)
    return (
      <section className="judge-panel" aria-label={`Add time to table ${table.table}`} data-testid="judge-time">
        <p className="judge-note">The round clock has not started yet: time can be added once the scorekeeper starts it.</p>
        <button type="button" className="judge-secondary" onClick={onCancel}>
          Back
        </button>
      </section>
    );

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!kind) return setProblem('Pick why the table gets time first.');
    const built = tableTimeCommand({ kind, judge: '', outcome: '', length, note, unchecked: new Set() }, { state, view, round, table });
    if ('problem' in built) return setProblem(built.problem);
    setProblem(null);
    const outcome = await sender.send(built.command);
    if (outcome.kind === 'saved') onSaved(built.done);
    else setProblem(outcome.message);
  };

  return (
    <form className="judge-panel" aria-label={`Add time to table ${table.table}`} data-testid="judge-time" onSubmit={(e) => void submit(e)}>
      <h2 className="judge-panel-title">Add time — table {table.table}</h2>
      <Chips
        label="Why"
        className="judge-kinds"
        options={kinds.map((k) => ({ value: k.kind, label: k.label }))}
        value={kind}
        onPick={(value) => {
          setKind(value as TableTimeKind);
          setLength('');
          setNote('');
          setProblem(null);
        }}
        testId="judge-time-kind"
      />
      {kind && fields.length && (
        <JudgeField
          id="judge-time-length"
          label={fields.length.label}
          className="judge-length"
          inputMode={fields.length.numeric ? 'numeric' : 'decimal'}
          maxLength={20}
          value={length}
          onChange={(text) => {
            setLength(text);
            setProblem(null);
          }}
          {...(fields.length.placeholder ? { placeholder: fields.length.placeholder } : {})}
          testId="judge-time-length"
        >
          <Chips label={`${fields.length.label}: common values`} className="judge-chips-numbers" options={quickLengths(kind, table)} value={length} onPick={setLength} />
        </JudgeField>
      )}
      {kind && fields.note && (
        <JudgeField
          id="judge-time-note"
          label={fields.note.label}
          value={note}
          onChange={(text) => {
            setNote(text);
            setProblem(null);
          }}
          placeholder={fields.note.required ? 'pick one below or type it' : 'optional'}
          testId="judge-time-note"
        >
          {COMMON_REASONS[kind].length > 0 && (
            <Chips label="Common reasons" className="judge-chips-words" options={COMMON_REASONS[kind].map((r) => ({ value: r, label: r }))} value={note} onPick={setNote} />
          )}
        </JudgeField>
      )}
      {kind && <p className="judge-hint">{tableTimeHint(kind, view, limits.deckCheckExtraMinutes, limits.judgePauseThresholdSeconds, null)}</p>}
      {problem && (
        <p className="judge-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="judge-panel-buttons">
        <button type="submit" className="judge-primary" disabled={sender.busy} data-testid="judge-time-submit">
          {sendingWords(sender, kind ? tableTimeButton(kind, false) : 'Add time')}
        </button>
        <button type="button" className="judge-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
