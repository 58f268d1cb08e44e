/**
 * Results, keyboard first (UX.md): type the table number, the result, Enter — and the cursor is
 * back in the table box with the next outstanding table suggested. The outstanding tables beside,
 * and every round's results below, where any past result is amended with a reason (standings are
 * derived, so they recompute). Undo is in the toast.
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { EventState, PlayerId, Round, Table } from '../../core/model/types.js';
import { currentRound } from '../lib/event.js';
import { isolate, plural } from '../lib/format.js';
import { useStation } from '../store/station.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { displayNames, searchKey } from '../lib/people.js';
import { describeResult, roundLabel } from './pairings/round-facts.js';
import { EntryPanel, type Target } from './results/EntryPanel.js';
import { ReportQueue } from './results/ReportQueue.js';
import { PenaltyPanel } from './results/PenaltyPanel.js';
import { VIRTUAL_FROM, VirtualBody, type Measure } from './pairings/VirtualBody.js';
import './Pairings.css';
import './Results.css';

export { noShowTokens } from './results/parse.js';
export { pairedOnOldResult } from './results/EntryPanel.js';

/** Rows are redrawn only when what they show changes (big events push a fresh state per result). */
function sameTable(a: Table, b: Table): boolean {
  return a === b || (a.table === b.table && a.seats.join('\u0000') === b.seats.join('\u0000') && JSON.stringify(a.result) === JSON.stringify(b.result) && String(a.noShow) === String(b.noShow));
}

function sameNames(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

const OutstandingItem = memo(
  function OutstandingItem({ table, names, active, onPick, at }: { table: Table; names: string[]; active: boolean; onPick: (table: number) => void; at?: { index: number; start: number; measure: Measure } }) {
    return (
      <li {...(at ? { className: 'virtual-item', 'data-index': at.index, ref: at.measure, style: { transform: `translateY(${at.start}px)` } } : {})}>
        <button type="button" className={active ? 'active' : undefined} onClick={() => onPick(table.table)} data-table={table.table} aria-label={`Table ${table.table}: ${names.join(', ')}`}>
          <span className="table-number">{table.table}</span>
          <span className="who">{names.map(isolate).join(table.seats.length === 2 ? ' v ' : ' · ')}</span>
        </button>
      </li>
    );
  },
  (a, b) => a.active === b.active && a.onPick === b.onPick && a.at?.start === b.at?.start && a.at?.index === b.at?.index && sameTable(a.table, b.table) && sameNames(a.names, b.names),
);

/** Thousands of outstanding tables: only those in view are drawn. */
function VirtualOutstanding({ open, names, active, onPick }: { open: Table[]; names: Map<PlayerId, string>; active: number | null; onPick: (table: number) => void }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: open.length, getScrollElement: () => scroller.current, estimateSize: () => 58, overscan: 8 });
  return (
    <div className="outstanding-list virtual" ref={scroller}>
      <ul style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((v) => {
          const t = open[v.index] as Table;
          return (
            <OutstandingItem
              key={t.table}
              table={t}
              names={t.seats.map((id) => names.get(id) ?? id)}
              active={t.table === active}
              onPick={onPick}
              at={{ index: v.index, start: v.start, measure: virtualizer.measureElement }}
            />
          );
        })}
      </ul>
    </div>
  );
}

function Outstanding({ state, onPick, active }: { state: EventState; onPick: (table: number) => void; active: number | null }) {
  const round = currentRound(state);
  const names = displayNames(state);
  const open = round ? round.tables.filter((t) => t.result === undefined).sort((a, b) => a.table - b.table) : [];
  return (
    <section className="card outstanding" aria-label="Outstanding tables" data-testid="outstanding">
      <h2>
        Outstanding <span className="count-big" data-testid="outstanding-count">{open.length}</span>
        {round && <span className="muted small"> of {plural(round.tables.length, 'table')}</span>}
      </h2>
      {!round && <p className="empty">No round paired yet.</p>}
      {round && open.length === 0 && <p className="ok all-in">All results are in for {roundLabel(round)}.</p>}
      {open.length < VIRTUAL_FROM ? (
        <ul className="outstanding-list">
          {open.map((t) => (
            <OutstandingItem key={t.table} table={t} names={t.seats.map((id) => names.get(id) ?? id)} active={t.table === active} onPick={onPick} />
          ))}
        </ul>
      ) : (
        <VirtualOutstanding open={open} names={names} active={active} onPick={onPick} />
      )}
    </section>
  );
}

const ResultRow = memo(
  function ResultRow({ state, round, table, names, pods, onAmend, index, measure }: { state: EventState; round: Round; table: Table; names: string[]; pods: boolean; onAmend: (round: number, table: number) => void; index: number; measure: Measure }) {
    const t = table;
    return (
      <tr data-table={t.table} data-index={index} ref={measure} className={index % 2 === 1 ? 'alt' : undefined}>
        <td className="num">
          <span className="table-number">{t.table}</span>
        </td>
        <td>{names.map((n, i) => (pods ? `${i + 1}. ${isolate(n)}` : isolate(n))).join(pods ? ' · ' : ' v ')}</td>
        <td className={t.result ? undefined : 'muted'}>
          {t.result ? describeResult(state, t) : 'no result yet'}
          {t.noShow && t.noShow.length > 0 ? ` · no-show: ${t.noShow.map((id) => isolate(names[t.seats.indexOf(id)] ?? id)).join(', ')}` : ''}
        </td>
        <td className="actions">
          <button type="button" onClick={() => onAmend(round.number, t.table)} aria-label={`${t.result ? 'Amend' : 'Enter'} ${roundLabel(round)} table ${t.table}`}>
            {t.result ? 'Amend' : 'Enter'}
          </button>
        </td>
      </tr>
    );
  },
  (a, b) => a.pods === b.pods && a.index === b.index && a.onAmend === b.onAmend && a.round.number === b.round.number && a.round.stage === b.round.stage && sameTable(a.table, b.table) && sameNames(a.names, b.names),
);

const RoundResults = memo(function RoundResults({ state, onAmend }: { state: EventState; onAmend: (round: number, table: number) => void }) {
  const current = currentRound(state);
  const [shown, setShown] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const round = state.rounds.find((r) => r.number === shown) ?? current;
  const names = displayNames(state);
  if (!round) return null;
  const q = searchKey(query.trim());
  const tables = round.tables
    .filter((t) => q === '' || t.seats.some((id) => searchKey(names.get(id) ?? id).includes(q)))
    .sort((a, b) => a.table - b.table);
  // Numbered seats where the rule set seats more than a pair (Ruleset.presentation.table).
  const pods = getRuleset(state.ruleset).presentation.table.layout !== 'pair';
  return (
    <section className="card round-results" aria-label="Results by round" data-testid="round-results">
      <div className="section-head">
        <h2>Results</h2>
        <div className="toolbar">
          <div className="round-chips" role="group" aria-label="Round">
            {state.rounds.map((r) => (
              <button key={r.number} type="button" className={r === round ? 'chip active' : 'chip'} aria-pressed={r === round} onClick={() => setShown(r.number)}>
                {r.stage === 'playoff' ? `P${r.number}` : `R${r.number}`}
              </button>
            ))}
          </div>
          <label className="search">
            Find a player
            <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Name  ( / )" data-search />
          </label>
        </div>
      </div>
      <table className="grid results-grid striped">
        <thead>
          <tr>
            <th className="num">Table</th>
            <th>{pods ? 'Seats' : 'Players'}</th>
            <th>Result</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <VirtualBody
          items={tables}
          estimate={45}
          colSpan={4}
          row={(t, index, measure) => (
            <ResultRow key={t.table} state={state} round={round} table={t} names={t.seats.map((id) => names.get(id) ?? id)} pods={pods} onAmend={onAmend} index={index} measure={measure} />
          )}
        />
      </table>
      {tables.length === 0 && <p className="empty">{q ? `Nobody matches “${query}”.` : 'No tables.'}</p>}
      {round.byes.length > 0 && (
        <p className="muted">
          Byes: {round.byes.map((b) => `${isolate(names.get(b.player) ?? b.player)}${b.kind === 'awarded' ? ' (awarded)' : ''}`).join(', ')}
        </p>
      )}
    </section>
  );
});

export function ResultsScreen() {
  const state = useStation((s) => s.snapshot?.state ?? null);
  const current = state ? currentRound(state) : undefined;
  const [target, setTarget] = useState<Target>({ round: current?.number ?? 1, table: '' });
  const tableBox = useRef<HTMLInputElement | null>(null);
  const pick = useCallback((round: number, table: number): void => {
    flushSync(() => setTarget({ round, table: String(table) }));
    const input = document.querySelector<HTMLInputElement>('[data-testid="entry"] [data-result-field]');
    input?.focus();
    input?.scrollIntoView?.({ block: 'center' });
  }, []);
  const currentNumber = current?.number ?? 0;
  const pickCurrent = useCallback((table: number): void => pick(currentNumber, table), [pick, currentNumber]);
  // A newly published round becomes the one entered.
  const latest = current?.number ?? 0;
  useEffect(() => {
    setTarget({ round: latest, table: '' });
  }, [latest]);
  if (!state) return <section className="card"><p className="empty">No event open.</p></section>;
  if (!current)
    return (
      <section className="card">
        <h2>Results</h2>
        <p className="empty">No round has been paired yet: pair round 1 on the Pairings screen.</p>
      </section>
    );
  return (
    <div className="results-screen">
      <ReportQueue state={state} onEdit={pick} />
      <div className="results-top">
        <EntryPanel state={state} target={target} setTarget={setTarget} tableBox={tableBox} />
        <Outstanding state={state} onPick={pickCurrent} active={target.round === current.number && /^\d+$/.test(target.table) ? Number(target.table) : null} />
        <PenaltyPanel state={state} target={target} />
      </div>
      <RoundResults state={state} onAmend={pick} />
    </div>
  );
}
