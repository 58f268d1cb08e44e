/**
 * Start or end a deck check at one table from the floor. Starting names the judge (remembered on
 * this phone) and, rarely, only some of the decks; ending takes an optional outcome. While a check
 * is under way the table's time stands still; when it ends the table gets its length plus the rule
 * set's minutes (table-time.ts says it, as on the Clock screen).
 */
import { useState, type FormEvent } from 'react';
import type { ClockView, DeckCheckRow } from '../../../core/clock/index.js';
import type { EventState, PlayerId, Round, Table } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';
import { checkTimeWords, wallTime } from '../clock/display.js';
import { tableTimeButton, tableTimeCommand, tableTimeHint, tableTimeLimits } from '../clock/table-time.js';
import { displayNames } from '../../lib/people.js';
import { Chips } from './Chips.js';
import { sendingWords, useSender } from './useSender.js';
import { withMember } from '../../lib/sets.js';
import { useCaller } from '../../store/caller.js';
import { judgeNameFor, rememberJudge } from './judge-name.js';
import { JudgeField } from './JudgeField.js';

const COMMON_OUTCOMES = ['No problems found', 'Penalty issued', 'Head Judge called'];

export function DeckCheck({ state, view, round, table, check, onSaved, onCancel }: {
  state: EventState;
  view: ClockView;
  round: Round;
  table: Table;
  /** The check under way at this table, if any. */
  check: DeckCheckRow | undefined;
  onSaved: (done: string) => void;
  onCancel: () => void;
}) {
  const [judge, setJudge] = useState(() => judgeNameFor(useCaller.getState().caller));
  const [outcome, setOutcome] = useState('');
  const [unchecked, setUnchecked] = useState<ReadonlySet<PlayerId>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const sender = useSender();
  const names = displayNames(state);
  const limits = tableTimeLimits(state, round);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const built = tableTimeCommand({ kind: 'deck-check', judge, outcome, length: '', note: '', unchecked }, { state, view, round, table });
    if ('problem' in built) return setProblem(built.problem);
    setProblem(null);
    const sent = await sender.send(built.command);
    if (sent.kind !== 'saved') return setProblem(sent.message);
    if (!check) rememberJudge(judge.trim());
    onSaved(built.done);
  };

  return (
    <form className="judge-panel" aria-label={`${check ? 'End' : 'Start'} a deck check at table ${table.table}`} data-testid="judge-deck-check" onSubmit={(e) => void submit(e)}>
      <h2 className="judge-panel-title">
        {check ? 'End' : 'Start'} deck check — table {table.table}
      </h2>
      {check ? (
        <>
          <p className="judge-note">
            Under way since {wallTime(check.startedAt)} ({checkTimeWords(check)}), judge <Name>{check.judge}</Name>.
          </p>
          <JudgeField id="judge-check-outcome" label="Outcome (optional)" value={outcome} onChange={setOutcome} placeholder="e.g. no problems found" testId="judge-check-outcome">
            <Chips label="Common outcomes" className="judge-chips-words" options={COMMON_OUTCOMES.map((o) => ({ value: o, label: o }))} value={outcome} onPick={setOutcome} />
          </JudgeField>
        </>
      ) : (
        <>
          <JudgeField
            id="judge-check-judge"
            label="Judge"
            value={judge}
            onChange={(text) => {
              setJudge(text);
              setProblem(null);
            }}
            autoComplete="name"
            maxLength={100}
            placeholder="your name"
            testId="judge-check-judge"
          />
          <fieldset className="judge-checks">
            <legend>Decks checked</legend>
            {table.seats.map((id, i) => (
              <label key={id} className="judge-check">
                <input
                  type="checkbox"
                  checked={!unchecked.has(id)}
                  onChange={(e) => {
                    setUnchecked(withMember(unchecked, id, !e.target.checked));
                    setProblem(null);
                  }}
                />
                <span>
                  Seat {i + 1} · <Name>{names.get(id) ?? id}</Name>
                </span>
              </label>
            ))}
          </fieldset>
        </>
      )}
      <p className="judge-hint">{tableTimeHint('deck-check', view, limits.deckCheckExtraMinutes, limits.judgePauseThresholdSeconds, check ?? null)}</p>
      {problem && (
        <p className="judge-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="judge-panel-buttons">
        <button type="submit" className="judge-primary" disabled={sender.busy} data-testid="judge-check-submit">
          {sendingWords(sender, tableTimeButton('deck-check', !!check))}
        </button>
        <button type="button" className="judge-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
