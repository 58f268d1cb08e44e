/**
 * Ties the organiser decides (RULES 3 "organiser's choice", Lightseekers: players equal on game
 * wins, VP, longevity and best VP): each tie still undecided, its players in the order Podium shows
 * them (the registration draw's), moved up or down by the organiser, and recorded with how it was
 * decided (a tiebreaker game, the organiser's draw) — a `decide-tie` command, kept in the journal,
 * undone from the toast or the event log. The standings, the cut to the final table and its
 * choosing order then follow that order. Shown only where the rule set leaves a tie to the organiser.
 */
import { useState } from 'react';
import type { PlayerId, Standing } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';
import { isolate } from '../../lib/format.js';
import { useStation } from '../../store/station.js';

/** The undecided ties of the standings: each run of players the organiser decides, in shown order. */
export function undecidedTies(standings: readonly Standing[]): PlayerId[][] {
  const ties: PlayerId[][] = [];
  const seen = new Set<PlayerId>();
  for (const s of standings) {
    if (!s.organiserDecides || seen.has(s.id)) continue;
    const members = new Set([s.id, ...(s.tiedWith ?? [])]);
    const tie = standings.filter((t) => members.has(t.id)).map((t) => t.id);
    tie.forEach((id) => seen.add(id));
    ties.push(tie);
  }
  return ties;
}

function TieEditor({ tie, nameOf, rankOf }: { tie: readonly PlayerId[]; nameOf: (id: PlayerId) => string; rankOf: (id: PlayerId) => number }) {
  const dispatch = useStation((s) => s.dispatch);
  const [order, setOrder] = useState<PlayerId[]>([...tie]);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const first = Math.min(...tie.map(rankOf));
  const move = (from: number, to: number): void => {
    const next = [...order];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved as PlayerId);
    setOrder(next);
  };
  const record = async (): Promise<void> => {
    if (reason.trim() === '') {
      setProblem('Say how the tie was decided (a tiebreaker game, the organiser’s draw): it is kept in the event log.');
      return;
    }
    setProblem(null);
    await dispatch(
      { type: 'decide-tie', players: order, reason: reason.trim() },
      `Tie decided: ${order.map((id, i) => `${first + i}. ${isolate(nameOf(id))}`).join(', ')}`,
    );
  };
  return (
    <li className="tie" data-testid="organiser-tie">
      <ol className="tie-order">
        {order.map((id, i) => (
          <li key={id} data-player={id}>
            <span className="tie-rank">{first + i}.</span>
            <Name>{nameOf(id)}</Name>
            <span className="tie-moves">
              <button type="button" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move ${nameOf(id)} up`}>
                ↑
              </button>
              <button type="button" disabled={i === order.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move ${nameOf(id)} down`}>
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
      <div className="tie-record">
        <label>
          How it was decided
          <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. tiebreaker game won by …" maxLength={500} data-testid="tie-reason" />
        </label>
        <button type="button" onClick={() => void record()} data-testid="tie-record">
          Record this order
        </button>
      </div>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}

export function OrganiserTies({ standings, nameOf, readOnly }: { standings: readonly Standing[]; nameOf: (id: PlayerId) => string; readOnly: boolean }) {
  const ties = undecidedTies(standings);
  if (ties.length === 0) return null;
  const rank = new Map(standings.map((s) => [s.id, s.rank]));
  return (
    <details className="card organiser-ties" data-testid="organiser-ties">
      <summary>
        <strong>
          {ties.length === 1 ? 'A tie' : `${ties.length} ties`} the organiser decides
        </strong>{' '}
        <span className="muted">— equal on every tiebreaker (RULES 3): decide the order, for example by a tiebreaker game</span>
      </summary>
      <p className="muted">Until an order is recorded the standings show the registration draw’s. The order is kept in the event log, with how it was decided.</p>
      {!readOnly && (
        <ul className="ties">
          {ties.map((tie) => (
            <TieEditor key={tie.join()} tie={tie} nameOf={nameOf} rankOf={(id) => rank.get(id) ?? 0} />
          ))}
        </ul>
      )}
    </details>
  );
}
