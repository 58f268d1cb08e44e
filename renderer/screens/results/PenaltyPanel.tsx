/**
 * The penalty log on the Results screen (RULES 4), under the entry panel: what the
 * penalties of the table being entered do to its result ("includes a game loss for Ana Archer
 * (Tardiness)"), recording a penalty (PenaltyForm), the round's penalties with their counts, and
 * the printed report of the round or of the event. Undo is the toast's, or the Event log's.
 */
import { useState } from 'react';
import { penaltiesOf, tablePenalties } from '../../../core/event/apply-penalties.js';
import { PENALTY_LABELS, penaltyCounts, PENALTY_WORDS, resultNote } from '../../../core/event/describe-penalties.js';
import { ordinal } from '../../../core/text/format.js';
import type { EventState, Penalty } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';
import { PrintButton } from '../../components/PrintButton.js';
import { isolate, plural } from '../../lib/format.js';
import { currentRound } from '../../lib/event.js';
import { displayNames } from '../../lib/people.js';
import { PenaltyForm } from './PenaltyForm.js';
import './Penalty.css';

/** "14:05", local time, when the host stamped one. */
function timeOf(at: number | undefined): string {
  if (at === undefined) return '';
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** What the penalties of the table being entered do to the result typed for it. */
function TableNote({ state, round, table }: { state: EventState; round: number; table: number }) {
  const here = tablePenalties(state, round, table);
  if (here.length === 0) return null;
  const names = displayNames(state);
  return (
    <div className="penalty-table-note" role="note" data-testid="penalty-note">
      {here.map((p, i) => (
        <p key={i}>
          <strong>Table {table}</strong> {resultNote(state, p, (id) => isolate(names.get(id) ?? id))}.
        </p>
      ))}
    </div>
  );
}

function PenaltyRows({ state, rows }: { state: EventState; rows: { p: Penalty; count: number }[] }) {
  const names = displayNames(state);
  return (
    <ol className="penalty-list" aria-label="Penalties of the round" data-testid="penalty-list">
      {rows.map(({ p, count }, i) => (
        <li key={i} className={`penalty-${p.penalty}`}>
          <span className="table-number">{p.table ?? '—'}</span> <Name>{names.get(p.player) ?? p.player}</Name> — <strong>{PENALTY_LABELS[p.penalty]}</strong> · {p.infraction}
          {count > 1 && <span className="penalty-count"> · {`${ordinal(count)} ${PENALTY_WORDS[p.penalty]} for this infraction`}</span>}
          <span className="muted">
            {p.judge ? ` · judge ` : ''}
            {p.judge && <Name>{p.judge}</Name>}
            {p.at !== undefined ? ` · ${timeOf(p.at)}` : ''}
            {p.note ? ` · ${p.note}` : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function PenaltyPanel({ state, target }: { state: EventState; target: { round: number; table: string } }) {
  const [open, setOpen] = useState(false);
  const round = state.rounds.find((r) => r.number === target.round) ?? currentRound(state);
  if (!round) return null;
  const entryTable = /^\d+$/.test(target.table.trim()) ? Number(target.table.trim()) : null;
  const all = penaltiesOf(state);
  const counts = penaltyCounts(all);
  const rows = all.map((p, i) => ({ p, count: counts[i] as number })).filter(({ p }) => p.round === round.number);
  return (
    <section className="card penalties" aria-label="Penalties" data-testid="penalties">
      {entryTable !== null && <TableNote state={state} round={round.number} table={entryTable} />}
      <div className="section-head">
        <h2>
          Penalties <span className="muted small">round {round.number}: {rows.length === 0 ? 'none' : plural(rows.length, 'penalty', 'penalties')}</span>
        </h2>
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="penalty-open">
          {open ? 'Close' : 'Record a penalty…'}
        </button>
      </div>
      {open && <PenaltyForm state={state} round={round} entryTable={entryTable} />}
      {rows.length > 0 && <PenaltyRows state={state} rows={rows} />}
      {all.length > 0 && (
        <div className="toolbar">
          <PrintButton doc="penalty-report" round={round.number} label={`round ${round.number} penalties`} />
          <PrintButton doc="penalty-report" label="the event's penalty report" />
        </div>
      )}
    </section>
  );
}
