/**
 * Time for one table: start and end a deck check (judge, whose decks, outcome), a judge pause, a
 * feature match, other time, penalty extra turns (MTR 2.6) and, for MSTR 2.5AA, the players still in
 * the game when time was called. Keyboard first: table number, Tab, the fields, Enter.
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { ClockView } from '../../../core/clock/index.js';
import type { EventState, Round, Table } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';
import { formatClock, isolate } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { displayNames } from '../../lib/people.js';
import { beforeRoundWords } from './display.js';
import { deckCheckUnderWay, tableTimeButton, tableTimeCommand, tableTimeFields, tableTimeHint, tableTimeKinds, tableTimeLimits, type TableTimeFields, type TableTimeKind } from './table-time.js';
import { withMember } from '../../lib/sets.js';

type Kind = TableTimeKind;

export function Extensions({ view, state, round }: { view: ClockView; state: EventState; round: Round }) {
  const dispatch = useStation((s) => s.dispatch);
  const [tableText, setTableText] = useState('');
  const [kind, setKind] = useState<Kind>('deck-check');
  const [judge, setJudge] = useState('');
  const [outcome, setOutcome] = useState('');
  const [length, setLength] = useState('');
  const [note, setNote] = useState('');
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const tableRef = useRef<HTMLInputElement>(null);
  const started = view.startedAt !== null;
  const limits = tableTimeLimits(state, round);
  // Two players with the same name are told apart (note or id beside the name).
  const names = useMemo(() => displayNames(state), [state.players]);
  const judges = useMemo(() => [...new Set(view.deckChecks.rows.map((r) => r.judge))].sort(), [view.deckChecks.rows]);
  const kinds = tableTimeKinds(view, limits.deckCheckExtraMinutes);

  const tableNumber = /^\d+$/.test(tableText.trim()) ? Number(tableText.trim()) : null;
  const table = tableNumber === null ? undefined : round.tables.find((t) => t.table === tableNumber);
  const openCheck = table ? deckCheckUnderWay(view, round.number, table.table) : undefined;

  const reset = (): void => {
    setTableText('');
    setJudge('');
    setOutcome('');
    setLength('');
    setNote('');
    setUnchecked(new Set());
    tableRef.current?.focus();
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!table) {
      setProblem(tableText.trim() === '' ? 'Type the table number first.' : `Round ${round.number} has no table ${tableText.trim()}.`);
      tableRef.current?.focus();
      return;
    }
    // The same check and command as the judge's phone (table-time.ts).
    const outcomeOrProblem = tableTimeCommand({ kind, judge, outcome, length, note, unchecked }, { state, view, round, table });
    if ('problem' in outcomeOrProblem) {
      setProblem(outcomeOrProblem.problem);
      return;
    }
    const ack = await dispatch(outcomeOrProblem.command, outcomeOrProblem.done);
    if (ack) {
      setProblem(null);
      reset();
    }
  };

  if (!started) {
    return (
      <section className="card" aria-labelledby="ext-title">
        <h2 id="ext-title">Time extensions</h2>
        <p className="muted">Start the round clock first: extensions and deck checks count from it.</p>
        {/* A check begun before the round (from a judge's phone, or the deck-check pick) is listed and ended here all the same. */}
        <ChecksUnderWay view={view} round={round} names={names} />
      </section>
    );
  }

  const button = tableTimeButton(kind, !!openCheck);
  const fields = tableTimeFields(kind);

  return (
    <section className="card" aria-labelledby="ext-title">
      <h2 id="ext-title">Time extensions</h2>
      <form className="ext-form" onSubmit={(e) => void submit(e)} aria-label="Time for one table">
        <label>
          Table
          <input
            ref={tableRef}
            className="ext-table"
            inputMode="numeric"
            value={tableText}
            onChange={(e) => {
              setTableText(e.target.value);
              setUnchecked(new Set());
              setProblem(null);
            }}
            aria-invalid={tableText.trim() !== '' && !table ? true : undefined}
            data-testid="ext-table"
          />
        </label>
        <label>
          What
          <select value={kind} onChange={(e) => setKind(e.target.value as Kind)} data-testid="ext-kind">
            {kinds.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        {kind === 'deck-check' && <DeckCheckFields underWay={!!openCheck} judge={judge} setJudge={setJudge} judges={judges} outcome={outcome} setOutcome={setOutcome} />}
        <LengthAndNote fields={fields} length={length} setLength={setLength} note={note} setNote={setNote} />
        <button type="submit" className="primary" data-testid="ext-submit">
          {button}
        </button>
      </form>
      {kind === 'deck-check' && table && !openCheck && table.seats.length > 0 && <DecksChecked table={table} names={names} unchecked={unchecked} setUnchecked={setUnchecked} />}
      <p className="muted ext-hint">{tableTimeHint(kind, view, limits.deckCheckExtraMinutes, limits.judgePauseThresholdSeconds, openCheck ?? null)}</p>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      <ChecksUnderWay view={view} round={round} names={names} />
    </section>
  );
}

/** A deck check: the judge who starts it (with the judges seen so far), or the outcome of the one under way. */
function DeckCheckFields({ underWay, judge, setJudge, judges, outcome, setOutcome }: {
  underWay: boolean;
  judge: string;
  setJudge: (judge: string) => void;
  judges: string[];
  outcome: string;
  setOutcome: (outcome: string) => void;
}) {
  if (!underWay) {
    return (
      <label className="grow">
        Judge
        <input value={judge} onChange={(e) => setJudge(e.target.value)} list="clock-judges" autoComplete="off" data-testid="ext-judge" />
        <datalist id="clock-judges">
          {judges.map((j) => (
            <option key={j} value={j} />
          ))}
        </datalist>
      </label>
    );
  }
  return (
    <label className="grow">
      Outcome
      <input value={outcome} onChange={(e) => setOutcome(e.target.value)} placeholder="e.g. no problems found" data-testid="ext-outcome" />
    </label>
  );
}

/** The boxes the other kinds of time need (tableTimeFields): a length or a count, and a note. */
function LengthAndNote({ fields, length, setLength, note, setNote }: {
  fields: TableTimeFields;
  length: string;
  setLength: (length: string) => void;
  note: string;
  setNote: (note: string) => void;
}) {
  return (
    <>
      {fields.length && (
        <label>
          {fields.length.label}
          <input
            className="ext-length"
            {...(fields.length.numeric ? { inputMode: 'numeric' as const } : {})}
            value={length}
            onChange={(e) => setLength(e.target.value)}
            {...(fields.length.placeholder ? { placeholder: fields.length.placeholder } : {})}
            data-testid="ext-length"
          />
        </label>
      )}
      {fields.note && (
        <label className="grow">
          {fields.note.label}
          <input value={note} onChange={(e) => setNote(e.target.value)} data-testid="ext-note" />
        </label>
      )}
    </>
  );
}

/** Whose decks a new deck check covers: every seat at the table, ticked until unticked. */
function DecksChecked({ table, names, unchecked, setUnchecked }: {
  table: Table;
  names: ReadonlyMap<string, string>;
  unchecked: Set<string>;
  setUnchecked: (unchecked: Set<string>) => void;
}) {
  return (
    <fieldset className="ext-players">
      <legend>Decks checked at table {table.table}</legend>
      {table.seats.map((id, i) => (
        <label key={id} className="check-inline">
          <input
            type="checkbox"
            checked={!unchecked.has(id)}
            onChange={(e) => setUnchecked(withMember(unchecked, id, !e.target.checked))}
          />
          Seat {i + 1}: <Name>{names.get(id) ?? id}</Name>
        </label>
      ))}
    </fieldset>
  );
}

function ChecksUnderWay({ view, round, names }: { view: ClockView; round: Round; names: ReadonlyMap<string, string> }) {
  const dispatch = useStation((s) => s.dispatch);
  const [outcomes, setOutcomes] = useState<Record<number, string>>({});
  const open = view.deckChecks.rows.filter((r) => r.inProgress && r.round === round.number);
  if (open.length === 0) return null;
  return (
    <div className="checks-open" data-testid="checks-open">
      <h3>Deck checks under way</h3>
      <ul>
        {open.map((row) => (
          <li key={row.table} className="check-open">
            <span className="table-number">{row.table}</span>
            <span className="check-open-who">
              <Name>{row.judge}</Name> · {row.players.map((p) => isolate(names.get(p.id) ?? p.name)).join(', ')}
            </span>
            <span className="check-open-time" title="Time the check has taken">
              {formatClock(row.durationMs)}
            </span>
            {row.beforeRound && <span className="check-open-note muted">{beforeRoundWords(row)}</span>}
            <form
              className="check-open-end"
              onSubmit={(e) => {
                e.preventDefault();
                const outcome = (outcomes[row.table] ?? '').trim();
                void dispatch(
                  { type: 'end-deck-check', round: round.number, table: row.table, ...(outcome ? { outcome } : {}) },
                  `Table ${row.table}: deck check ended`,
                );
              }}
            >
              <input
                aria-label={`Outcome of the deck check at table ${row.table}`}
                placeholder="Outcome"
                value={outcomes[row.table] ?? ''}
                onChange={(e) => setOutcomes({ ...outcomes, [row.table]: e.target.value })}
              />
              <button type="submit" data-testid={`end-check-${row.table}`}>
                End check
              </button>
            </form>
          </li>
        ))}
      </ul>
    </div>
  );
}
