/** Pieces the playoff screen shares: a table with its seats by seed, warnings, and host questions. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Query, QueryResult } from '../../../core/api/contract.js';
import type { EventState, PairingWarning, PlayerId, Table } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { Name } from '../../components/Name.js';
import { isolateNames } from '../../lib/format.js';
import { useStation } from '../../store/station.js';

export interface SeedInfo {
  /** Seed (1-based) of each player at the cut, or draft seat for a booster-draft top 8. */
  seedOf: (id: PlayerId) => number | undefined;
  /** "Seed" or "Draft seat". */
  word: string;
}

export function seedInfo(seeds: readonly PlayerId[], draft: boolean): SeedInfo {
  const map = new Map(seeds.map((id, i) => [id, i + 1]));
  return { seedOf: (id) => map.get(id), word: draft ? 'Draft seat' : 'Seed' };
}

/** What seat 1 means at a playoff table of this rule set (MTR 2.2; MSTR/MAMTR 2.2A), if anything. */
export function seatOneNote(state: EventState): string | undefined {
  return getRuleset(state.ruleset).presentation.playoff.seatOne;
}

/** A playoff table: "Table" / "Pod". */
export function tableWord(state: EventState): string {
  return getRuleset(state.ruleset).presentation.playoff.tableWord;
}

/** One proposed or played table: big table number, then "Seat 1 — Seed 4 — Dan Dury, plays first". */
export function TableCard({
  state,
  table,
  nameOf,
  seeds,
  winner,
  footer,
  title,
  testId,
  final,
}: {
  state: EventState;
  table: Table;
  nameOf: (id: PlayerId) => string;
  seeds: SeedInfo;
  winner?: PlayerId | undefined;
  footer?: ReactNode;
  title?: string;
  testId?: string;
  /** The last table of the playoff: its winner wins the event rather than advancing. */
  final?: boolean;
}) {
  const note = seatOneNote(state);
  return (
    <div className={`playoff-table${winner ? ' decided' : ''}`} data-testid={testId ?? `playoff-table-${table.table}`}>
      <div className="playoff-table-head">
        <span className="table-number">
          {tableWord(state)} {table.table}
        </span>
        {title && <span className="muted">{title}</span>}
      </div>
      <ol className="po-seats">
        {table.seats.map((id, i) => {
          const seed = seeds.seedOf(id);
          const won = winner === id;
          const lost = winner !== undefined && !won;
          return (
            <li key={id} className={won ? 'winner' : lost ? 'lost' : undefined} data-player={id}>
              <span className="po-seat-label">Seat {i + 1}</span>
              <span className="seat-who">
                {seed !== undefined && (
                  <span className="seed">
                    {seeds.word} {seed} —{' '}
                  </span>
                )}
                <Name className="who">{nameOf(id)}</Name>
                {i === 0 && note ? <span className="muted">, {note}</span> : null}
                {won && <span className="won-mark">{final ? ' ✓ wins' : ' ✓ advances'}</span>}
              </span>
            </li>
          );
        })}
      </ol>
      {footer}
    </div>
  );
}

/** The engine's warnings, with the names of the players each one concerns isolated. */
export function Warnings({ warnings, state }: { warnings: readonly PairingWarning[] | undefined; state: EventState }) {
  if (!warnings || warnings.length === 0) return null;
  const registered = new Map(state.players.map((p) => [p.id, p.name]));
  return (
    <ul className="playoff-warnings" data-testid="playoff-warnings">
      {warnings.map((w, i) => (
        <li key={i} className="warning">
          {isolateNames(w.message, w.players.map((id) => registered.get(id) ?? id))}
        </li>
      ))}
    </ul>
  );
}

export function WaitingList({ waiting, nameOf, seeds, note }: { waiting: readonly PlayerId[] | undefined; nameOf: (id: PlayerId) => string; seeds: SeedInfo; note?: string }) {
  if (!waiting || waiting.length === 0) return null;
  return (
    <div className="waiting" data-testid="waiting">
      <h4>Waiting this round{note ? ` — ${note}` : ''}</h4>
      <ul>
        {waiting.map((id) => (
          <li key={id}>
            {seeds.seedOf(id) !== undefined ? `${seeds.word} ${seeds.seedOf(id)} — ` : ''}
            <Name>{nameOf(id)}</Name>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Ask the host a question whenever `key` changes; the answer, or the host's problem in words (shown
 * where the answer would be, not as a toast), and whether it is taking long (over half a second).
 */
export function useHostQuery<K extends QueryResult['kind']>(
  query: Query | null,
  key: string,
): { result: Extract<QueryResult, { kind: K }> | null; error: string | null; slow: boolean; loading: boolean } {
  const connection = useStation((s) => s.connection);
  const [answer, setAnswer] = useState<{ key: string; result: QueryResult | null; error: string | null } | null>(null);
  const [slow, setSlow] = useState(false);
  const latest = useRef(key);
  latest.current = key;
  useEffect(() => {
    if (!query || !connection) return;
    let cancelled = false;
    setSlow(false);
    const timer = setTimeout(() => setSlow(true), 500);
    connection.api
      .query(query)
      .then((result) => {
        if (!cancelled) setAnswer({ key, result, error: null });
      })
      .catch((error: unknown) => {
        if (!cancelled) setAnswer({ key, result: null, error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        clearTimeout(timer);
        if (!cancelled) setSlow(false);
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // `key` stands for the query (a new object every render).
  }, [key, connection, query === null]);
  const current = answer && answer.key === key ? answer : null;
  return {
    result: (current?.result ?? null) as Extract<QueryResult, { kind: K }> | null,
    error: current?.error ?? null,
    slow,
    loading: query !== null && current === null,
  };
}

