/**
 * Results, keyboard first (UX.md): type the table number, the result, Enter — and the cursor is
 * back in the table box with the next outstanding table suggested. The outstanding tables beside,
 * and every round's results below, where any past result is amended with a reason (standings are
 * derived, so they recompute). Undo is in the toast.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { NewCommand } from '../../core/event/commands.js';
import type { DispatchAck } from '../../core/api/contract.js';
import type { EventState, PlayerId, Round, Standing, Table } from '../../core/model/types.js';
import { findTable } from '../../core/event/queries.js';
import { currentRound, outstandingTables } from '../lib/event.js';
import { Name } from '../components/Name.js';
import { isolate, plural, pluralWord } from '../lib/format.js';
import { useStation } from '../store/station.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { describeResult, displayNames, pointsBefore, roundLabel, searchKey } from './pairings/shared.js';
import { checkResult, EMPTY_DRAFT, noShowTokens, readEntry, type Built, type Draft } from './results/parse.js';
import { ResultFields } from './results/ResultFields.js';
import { VIRTUAL_FROM, VirtualBody, type Measure } from './pairings/VirtualBody.js';
import './Pairings.css';
import './Results.css';

interface Target {
  round: number;
  /** The table box's text. */
  table: string;
}

/** The next outstanding table after `after` (wrapping), or the first. */
function nextOutstanding(round: Round | undefined, after: number | null): number | null {
  const open = outstandingTables(round).sort((a, b) => a - b);
  if (open.length === 0) return null;
  if (after === null) return open[0] as number;
  return open.find((t) => t > after) ?? (open[0] as number);
}

export { noShowTokens } from './results/parse.js';

/** What an amendment of `round` cannot change: the later rounds (and the cut) paired on the old result. */
export function pairedOnOldResult(state: EventState, round: Round): string | null {
  const later = state.rounds.filter((r) => r.number > round.number);
  const swiss = later.filter((r) => r.stage === 'swiss').map((r) => r.number);
  const playoff = later.filter((r) => r.stage === 'playoff').map((r) => r.number);
  const cut = round.stage === 'swiss' && state.playoff;
  if (swiss.length === 0 && playoff.length === 0 && !cut) return null;
  const list = (numbers: number[]): string => (numbers.length === 1 ? `${numbers[0]}` : `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`);
  const parts = [
    ...(swiss.length > 0 ? [`${pluralWord(swiss.length, 'round', 'rounds')} ${list(swiss)}`] : []),
    ...(cut ? [`the cut to the top ${state.playoff?.top}`] : []),
    ...(playoff.length > 0 ? [`${pluralWord(playoff.length, 'playoff round', 'playoff rounds')} ${list(playoff)}`] : []),
  ];
  const what = parts.join(', ').replace(/, ([^,]*)$/, ' and $1');
  // The verbs agree with everything named: "Round 3 was …", "Rounds 3 and 4 were …", "Round 3 and the cut were …".
  const named = swiss.length + playoff.length + (cut ? 1 : 0);
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} ${pluralWord(named, 'was', 'were')} paired on the old result and ${pluralWord(named, 'stands', 'stand')} as published (RULES 4); standings recompute.`;
}

function playersDropped(state: EventState): Map<PlayerId, number | undefined> {
  return new Map(state.players.map((p) => [p.id, p.droppedAfterRound]));
}

/**
 * The slip's boxes beside the result: a no-show button per seat (MTR 2.10: a match loss, and a drop
 * from the next round unless the player reports in), and the Drop box of each player (Swiss rounds:
 * recorded with the result; a drop after the cut is made on the Players screen, where it is confirmed).
 */
function SlipBoxes({ state, table, dropBoxes, noShowsAllowed, noShow, typed, onNoShow, drops, onDrop }: {
  state: EventState;
  table: Table;
  /** The current Swiss round's result: its Drop boxes (a drop takes effect from the next pairing). */
  dropBoxes: boolean;
  noShowsAllowed: boolean;
  noShow: PlayerId[];
  typed: PlayerId[];
  onNoShow: (id: PlayerId) => void;
  drops: PlayerId[];
  onDrop: (id: PlayerId) => void;
}) {
  const names = displayNames(state);
  const dropped = playersDropped(state);
  const pods = table.seats.length > 2;
  return (
    <div className="result-fields slip-boxes" data-testid="slip-boxes">
      {noShowsAllowed && (
        <div className="quick-results" role="group" aria-label="No-shows (MTR 2.10)">
          {table.seats.map((id, i) => (
            <button
              key={id}
              type="button"
              aria-pressed={noShow.includes(id)}
              disabled={typed.includes(id)}
              onClick={() => onNoShow(id)}
              data-testid={`no-show-${i + 1}`}
              title={`Typed as n${i + 1} in the result box`}
            >
              No-show: <Name>{names.get(id) ?? id}</Name>
            </button>
          ))}
        </div>
      )}
      {dropBoxes && (
        <fieldset className="drops" data-testid="drop-boxes">
          <legend>Drop (the slip’s Drop box): leaves the event after this round</legend>
          {table.seats.map((id, i) => {
            const already = dropped.get(id);
            const absent = noShow.includes(id);
            return (
              <label key={id} className="check">
                <input
                  type="checkbox"
                  checked={already !== undefined || absent || drops.includes(id)}
                  disabled={already !== undefined || absent}
                  onChange={() => onDrop(id)}
                  data-testid={`drop-${i + 1}`}
                />
                {pods ? `Seat ${i + 1} — ` : ''}
                <Name>{names.get(id) ?? id}</Name>
                {already !== undefined ? <span className="muted"> (dropped after round {already})</span> : absent ? <span className="muted"> (no-show: dropped unless they report in)</span> : null}
              </label>
            );
          })}
        </fieldset>
      )}
      {noShowsAllowed && (
        <p className="hint muted">
          No-show (MTR 2.10): type n and the seat ({pods ? '“1 n3”: seat 1 won, seat 3 absent' : '“n2”'}) or press the button: a match loss{pods ? ' in this pod' : ''}, and dropped from the next round unless they report to you before it.
        </p>
      )}
    </div>
  );
}

function Seats({ state, table, points }: { state: EventState; table: Table; points: Map<PlayerId, number> }) {
  const names = displayNames(state);
  if (table.seats.length === 2)
    return (
      <span className="entry-seats" data-testid="entry-seats">
        <strong><Name>{names.get(table.seats[0] ?? '') ?? ''}</Name></strong> <span className="points">{points.get(table.seats[0] ?? '') ?? 0}</span>
        <span className="muted"> v </span>
        <strong><Name>{names.get(table.seats[1] ?? '') ?? ''}</Name></strong> <span className="points">{points.get(table.seats[1] ?? '') ?? 0}</span>
      </span>
    );
  return (
    <span className="entry-seats" data-testid="entry-seats">
      {table.seats.map((id, i) => (
        <span key={id}>
          <span className="entry-seat">
            <span className="muted">{i + 1}</span> <strong><Name>{names.get(id) ?? id}</Name></strong>
            {i < table.seats.length - 1 ? ' ·' : ''}
          </span>{' '}
        </span>
      ))}
    </span>
  );
}

function EntryPanel({ state, target, setTarget, tableBox }: {
  state: EventState;
  target: Target;
  setTarget: (t: Target) => void;
  tableBox: React.RefObject<HTMLInputElement | null>;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  /** The slip's Drop boxes, and the no-shows marked with the buttons (typed "n2" adds to them). */
  const [drops, setDrops] = useState<PlayerId[]>([]);
  const [marked, setMarked] = useState<PlayerId[]>([]);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [lastTable, setLastTable] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = useRef<HTMLDivElement>(null);
  const current = currentRound(state);
  const round = state.rounds.find((r) => r.number === target.round) ?? current;
  const tableNumber = /^\d+$/.test(target.table.trim()) ? Number(target.table.trim()) : null;
  const table = round && tableNumber !== null ? findTable(round, tableNumber) : undefined;
  const suggestion = round === current ? nextOutstanding(current, lastTable) : null;
  const points = useMemo(() => (round ? pointsBefore(state, round.number) : new Map<PlayerId, number>()), [state, round]);

  // A new table (or round) starts a fresh draft (an amendment starts with the no-shows on record).
  useEffect(() => {
    setDraft(EMPTY_DRAFT);
    setDrops([]);
    setMarked(table?.noShow ?? []);
    setReason('');
    setProblem(null);
  }, [target.round, table?.table]);

  // The rule set's result entry: its fields, how it reads them, and what a no-show makes of them
  // (none where it records no no-shows).
  const entry = getRuleset(state.ruleset).presentation.results;
  const noShows = entry.noShows;
  const noShowsAllowed = noShows !== undefined;
  const noShowText = (d: Draft): string => (noShows ? (d.text[noShows.field] ?? '') : '');
  const typedNoShows = table && noShowsAllowed ? noShowTokens(noShowText(draft), table.seats) : { ids: [], rest: noShowText(draft) };
  const noShow = table ? table.seats.filter((id) => marked.includes(id) || typedNoShows.ids.includes(id)) : [];
  // With a no-show the absent players lose, as the rule set says (head-to-head: the one present wins
  // every game needed, nothing else to type; pods: the absent are excluded, the winner typed as usual).
  const buildWith = (d: Draft): Built => (table && round ? readEntry(state, table, round.stage, d, marked).built : { kind: 'empty' });
  const built = buildWith(draft);
  const checked = table && built.kind === 'ok' && round ? checkResult(state, table, round.stage, built.result) : null;
  const amending = !!table?.result;

  const tableProblem =
    target.table.trim() === ''
      ? null
      : !round
        ? 'No round has been paired yet.'
        : tableNumber === null
          ? `“${target.table}” is not a table number.`
          : !table
            ? `${roundLabel(round)} has no table ${tableNumber} (tables ${Math.min(...round.tables.map((t) => t.table))}–${Math.max(...round.tables.map((t) => t.table))}).`
            : null;

  const focusFields = (): void => {
    const inputs = [...(fields.current?.querySelectorAll<HTMLInputElement>('[data-result-field]') ?? [])];
    const empty = inputs.find((i) => i.value === '') ?? inputs[0];
    empty?.focus();
    empty?.select();
  };

  const record = async (override?: Draft): Promise<void> => {
    setProblem(null);
    if (!round) return setProblem('No round has been paired yet.');
    if (!table) return setProblem(tableProblem ?? 'Type a table number first.');
    const b = override ? buildWith(override) : built;
    // An optional last box (Lightseekers' defeat order): Enter in the last box before it goes on to
    // it rather than recording as if it were empty; Enter there (empty or not) records.
    const last = fields.current?.querySelector<HTMLInputElement>('[data-last-field]');
    if (!override && last && (b.kind === 'ok' || b.kind === 'question') && last.value.trim() === '' && document.activeElement?.hasAttribute('data-result-field')) {
      last.focus();
      return;
    }
    if (b.kind === 'empty') {
      // Enter in a filled field moves on to the next empty one (team seats, VP of each seat).
      const before = document.activeElement;
      focusFields();
      if (document.activeElement !== before) return;
      return setProblem('The result is not complete yet: fill in every field.');
    }
    if (b.kind === 'problem') return setProblem(b.problem);
    if (b.kind === 'question') {
      // The question may be below the fold: bring it into view with the cursor on it (arrows choose, Enter records).
      const question = fields.current?.querySelector<HTMLElement>('[data-question]');
      question?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      question?.scrollIntoView?.({ block: 'center' });
      return setProblem(b.problem);
    }
    const check = checkResult(state, table, round.stage, b.result);
    if (check.problem !== null) return setProblem(check.problem);
    if (amending && !reason.trim()) {
      document.getElementById('amend-reason')?.focus();
      return setProblem(`Table ${table.table} already has a result: amending it needs a reason (it is kept in the event log).`);
    }
    const absent = override ? table.seats.filter((id) => marked.includes(id) || noShowTokens(noShowText(override), table.seats).ids.includes(id)) : noShow;
    // The slip's Drop box: those not already dropped (a no-show's drop comes with the no-show).
    const dropping = round.stage === 'swiss' && round === current ? drops.filter((id) => !absent.includes(id) && playersDropped(state).get(id) === undefined) : [];
    // No `at`: the host stamps the result's time with its own clock.
    const command: NewCommand = {
      type: 'record-result',
      round: round.number,
      table: table.table,
      result: b.result as Record<string, unknown>,
      ...(amending ? { reason: reason.trim() } : {}),
      ...(absent.length > 0 ? { noShow: absent } : {}),
      ...(dropping.length > 0 ? { drop: dropping } : {}),
    };
    const store = useStation.getState();
    const described = describeResult(state, { ...table, result: check.result as Table['result'] });
    setBusy(true);
    const outcome = await store.run('Saving…', async (api): Promise<{ ack: DispatchAck; points: Standing[] | null } | { error: string }> => {
      try {
        const ack = await api.dispatch({ command });
        if (!amending) return { ack, points: null };
        const answer = await api.query({ kind: 'standings' });
        return { ack, points: answer.kind === 'standings' ? answer.standings : null };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    });
    setBusy(false);
    if (!outcome) return;
    if ('error' in outcome) {
      setProblem(outcome.error);
      store.toast(outcome.error, { kind: 'problem' });
      return;
    }
    const names = displayNames(state);
    const extra = [
      ...(absent.length > 0 ? [`no-show: ${absent.map((id) => isolate(names.get(id) ?? id)).join(', ')}${round.stage === 'swiss' ? ' (dropped unless they report in before the next pairing)' : ''}`] : []),
      ...(dropping.length > 0 ? [`${dropping.map((id) => isolate(names.get(id) ?? id)).join(', ')} dropped`] : []),
    ];
    const also = extra.length > 0 ? ` · ${extra.join(' · ')}` : '';
    if (amending) {
      const now = new Map((outcome.points ?? []).map((s) => [s.id, s.points]));
      const pts = table.seats.map((id) => `${isolate(names.get(id) ?? id)} ${plural(now.get(id) ?? 0, 'point')}`).join(', ');
      const old = pairedOnOldResult(state, round);
      store.toast(`${roundLabel(round)}, table ${table.table} amended: ${described}${also}. Standings now: ${pts}${old ? `. ${old}` : ''}`, { undoSeq: outcome.ack.seq });
    } else {
      store.toast(`Table ${table.table}: ${described}${also}`, { undoSeq: outcome.ack.seq });
    }
    setLastTable(table.table);
    setDraft(EMPTY_DRAFT);
    setDrops([]);
    setMarked([]);
    setReason('');
    setTarget({ round: current?.number ?? round.number, table: '' });
    tableBox.current?.focus();
  };

  const isCurrent = round === current;
  return (
    <section className="card entry" aria-label="Enter a result" data-testid="entry">
      <div className="section-head">
        <h2>
          {amending ? 'Amend a result' : 'Enter results'}
          <span className={isCurrent ? 'muted round-name' : 'warning round-name'} data-testid="entry-round">
            {' '}— {round ? roundLabel(round) : 'no round yet'}
            {round && !isCurrent ? ' (an earlier round)' : ''}
          </span>
        </h2>
        {round && !isCurrent && current && (
          <button type="button" onClick={() => setTarget({ round: current.number, table: '' })}>
            Back to {roundLabel(current)}
          </button>
        )}
      </div>
      <form
        className="entry-form"
        onSubmit={(e) => {
          e.preventDefault();
          void record();
        }}
        onKeyDown={(e) => {
          const el = e.target as HTMLInputElement;
          if (e.key === 'Enter' && el.tagName === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio')) {
            e.preventDefault();
            void record();
          }
        }}
      >
        <div className="table-row">
          <label className="table-box">
            Table
            <input
              ref={tableBox}
              autoFocus
              inputMode="numeric"
              autoComplete="off"
              value={target.table}
              placeholder={suggestion !== null ? String(suggestion) : ''}
              onChange={(e) => setTarget({ round: target.round, table: e.target.value.replace(/[^\d]/g, '') })}
              onKeyDown={(e) => {
                const empty = target.table.trim() === '';
                // The fields appear in this same keystroke, so what is typed next lands in them.
                if (e.key === 'Tab' && !e.shiftKey && empty && suggestion !== null) {
                  e.preventDefault();
                  flushSync(() => setTarget({ round: target.round, table: String(suggestion) }));
                  focusFields();
                  return;
                }
                if (e.key !== 'Enter') return;
                e.preventDefault();
                if (empty && suggestion !== null) {
                  flushSync(() => setTarget({ round: target.round, table: String(suggestion) }));
                  focusFields();
                } else if (table) focusFields();
              }}
              aria-describedby="table-hint"
              data-testid="table-box"
            />
          </label>
          <div className="table-who" aria-live="polite">
            {table ? (
              <>
                <Seats state={state} table={table} points={points} />
                {table.result && <p className="warning current-result">Now: {describeResult(state, table)}</p>}
              </>
            ) : tableProblem ? (
              <p className="problem">{tableProblem}</p>
            ) : (
              <p id="table-hint" className="muted">
                {suggestion !== null ? `Next outstanding: table ${suggestion} — press Enter to take it.` : round ? 'Type a table number.' : ''}
              </p>
            )}
          </div>
        </div>
        <div ref={fields}>
          {table && round && (
            <ResultFields
              key={`${round.number}-${table.table}`}
              state={state}
              table={table}
              stage={round.stage}
              draft={draft}
              setDraft={(d) => {
                setDraft(d);
                setProblem(null);
              }}
              points={points}
              quick={(key, text) => {
                const next = { ...draft, text: { ...draft.text, [key]: text } };
                setDraft(next);
                void record(next);
              }}
            />
          )}
        </div>
        {table && round && (
          <SlipBoxes
            state={state}
            table={table}
            dropBoxes={round.stage === 'swiss' && round === current}
            noShowsAllowed={noShowsAllowed}
            noShow={noShow}
            typed={typedNoShows.ids}
            onNoShow={(id) => {
              setProblem(null);
              // Where a no-show is the whole result (head-to-head), it is recorded at once (as "n2", Enter).
              if (noShows?.recordsAtOnce && !marked.includes(id)) {
                const next = { ...EMPTY_DRAFT, text: { [noShows.field]: `n${table.seats.indexOf(id) + 1}` } };
                setDraft(next);
                void record(next);
                return;
              }
              setMarked(marked.includes(id) ? marked.filter((x) => x !== id) : [...marked, id]);
            }}
            drops={drops}
            onDrop={(id) => setDrops(drops.includes(id) ? drops.filter((x) => x !== id) : [...drops, id])}
          />
        )}
        {table && round && amending && round !== current && pairedOnOldResult(state, round) && (
          <p className="warning" data-testid="paired-on-old-result">
            {pairedOnOldResult(state, round)}
          </p>
        )}
        {table && amending && (
          <label className="reason">
            Reason for the change (required, kept in the event log)
            <input id="amend-reason" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. slip filled in the wrong way round" maxLength={500} autoComplete="off" />
          </label>
        )}
        {table && (
          <div className="verdict" aria-live="polite" data-testid="verdict">
            {problem ? (
              <p className="problem" role="alert">
                {problem}
              </p>
            ) : built.kind === 'problem' ? (
              <p className="problem">{built.problem}</p>
            ) : checked?.problem ? (
              <p className="problem">{checked.problem}</p>
            ) : checked?.result ? (
              <p className="ok">
                {describeResult(state, { ...table, result: checked.result as Table['result'] })} — {amending ? (reason.trim() ? 'Enter to amend' : 'give the reason, then Enter to amend') : 'Enter to record'}
              </p>
            ) : built.kind === 'question' ? (
              <p className="warning">{built.verdict}</p>
            ) : null}
          </div>
        )}
        <div className="toolbar">
          <button type="submit" className="primary" disabled={busy || !table}>
            {amending ? 'Amend result' : 'Record result'}
          </button>
        </div>
      </form>
    </section>
  );
}

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
      <div className="results-top">
        <EntryPanel state={state} target={target} setTarget={setTarget} tableBox={tableBox} />
        <Outstanding state={state} onPick={pickCurrent} active={target.round === current.number && /^\d+$/.test(target.table) ? Number(target.table) : null} />
      </div>
      <RoundResults state={state} onAmend={pick} />
    </div>
  );
}
