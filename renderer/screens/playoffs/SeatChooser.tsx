/**
 * Lightseekers final tables (RULES 3): the players choose their seats, the lowest seed first, each
 * next seed choosing a free seat, the top seed last. The scorekeeper clicks the seat each player picks
 * as they choose; the chosen seating is what gets published.
 */
import { useEffect, useState } from 'react';
import type { PlayerId } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';
import { ordinal } from '../../../core/text/format.js';
import type { SeedInfo } from './parts.js';

export function SeatChooser({
  table,
  order,
  nameOf,
  seeds,
  onChange,
}: {
  table: number;
  /** Choosing order: lowest seed first. */
  order: readonly PlayerId[];
  nameOf: (id: PlayerId) => string;
  seeds: SeedInfo;
  /** The seats (seat 1 first) once everyone has chosen; null while choosing. */
  onChange: (seats: PlayerId[] | null) => void;
}) {
  const [seats, setSeats] = useState<(PlayerId | null)[]>(() => order.map(() => null));
  const orderKey = order.join(',');
  useEffect(() => setSeats(order.map(() => null)), [orderKey]);
  const chosen = new Set(seats.filter((s): s is PlayerId => s !== null));
  const next = order.find((id) => !chosen.has(id));
  const history = order.filter((id) => chosen.has(id));
  useEffect(() => {
    onChange(seats.every((s) => s !== null) ? (seats as PlayerId[]) : null);
  }, [seats.join(',')]);

  const pick = (seat: number): void => {
    if (!next || seats[seat] !== null) return;
    setSeats((current) => current.map((s, i) => (i === seat ? next : s)));
  };
  const undoLast = (): void => {
    const last = history[history.length - 1];
    if (last) setSeats((current) => current.map((s) => (s === last ? null : s)));
  };

  return (
    <div className="seat-chooser" data-testid={`seat-chooser-${table}`}>
      <h4>Table {table}: the players choose their seats</h4>
      <ol className="choosing-order">
        {order.map((id, i) => {
          const seat = seats.indexOf(id);
          return (
            <li key={id} className={seat >= 0 ? 'done' : id === next ? 'current' : undefined}>
              <span className="po-seat-label">{ordinal(i + 1)} to choose</span>{' '}
              <span>
                {seeds.seedOf(id) !== undefined ? `Seed ${seeds.seedOf(id)} — ` : ''}
                <strong>
                  <Name>{nameOf(id)}</Name>
                </strong>
                {i === order.length - 1 ? ' (top seed, chooses last)' : i === 0 ? ' (lowest seed, chooses first)' : ''}
              </span>
              {seat >= 0 && <span className="chosen-seat"> → Seat {seat + 1}</span>}
            </li>
          );
        })}
      </ol>
      {next ? (
        <p className="now-choosing" aria-live="polite">
          Now choosing: <strong><Name>{nameOf(next)}</Name></strong>. Click the seat they pick.
        </p>
      ) : (
        <p className="ok" aria-live="polite">
          Everyone has a seat.
        </p>
      )}
      <div className="seat-buttons" role="group" aria-label={`Seats at table ${table}`}>
        {seats.map((who, i) => (
          <button key={i} type="button" disabled={who !== null || !next} onClick={() => pick(i)} data-seat={i + 1} className={who ? 'taken' : undefined}>
            <span className="seat-number">Seat {i + 1}</span>
            {who ? <Name className="seat-owner">{nameOf(who)}</Name> : <span className="seat-owner">free</span>}
          </button>
        ))}
      </div>
      <div className="toolbar">
        <button type="button" onClick={undoLast} disabled={history.length === 0}>
          Undo the last choice
        </button>
        <button type="button" onClick={() => setSeats(order.map(() => null))} disabled={history.length === 0}>
          Start over
        </button>
      </div>
    </div>
  );
}
