/**
 * A round's tables as the floor reads them: big bold table numbers, seats in order ("Seat 1 — plays
 * first" at pods and Lightseekers tables), points beside each name, byes and smaller pods marked,
 * dropped players struck through with their round; in team events each team's people by seat
 * letter, and a person's name finds their team. Used by the proposal preview and the published
 * round alike.
 */
import { memo } from 'react';
import type { Bye, EventState, PlayerId, Stage, Table } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';
import { isolate } from '../../lib/format.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { displayNames, playersById, searchKey } from '../../lib/people.js';
import { describeResult } from './round-facts.js';
import { VirtualBody, type Measure } from './VirtualBody.js';
import { firstSeat } from '../../../core/model/seats.js';

export interface RoundTablesProps {
  state: EventState;
  roundNumber: number;
  stage: Stage;
  tables: readonly Table[];
  byes: readonly Bye[];
  waiting?: readonly PlayerId[];
  points: ReadonlyMap<PlayerId, number>;
  /** Events played in groups (the rule set says): each player's group. */
  groups?: Map<PlayerId, number>;
  /** Show only tables with a player whose name matches. */
  query?: string;
  showResults?: boolean;
  /** Click-to-pick (manual swap). */
  onPick?: (id: PlayerId) => void;
  picked?: readonly PlayerId[];
}

/** What one seat shows: plain values, so rows can skip redrawing when nothing they show changed. */
interface SeatView {
  id: PlayerId;
  name: string;
  /** Team events: the team's people by seat letter ("A Ana Costa · B Bo Berg"). */
  members?: string;
  points: number;
  dropped?: number;
  /** A player who dropped before this round but is seated in it: must never happen. */
  seatedWhileDropped: boolean;
  picked: boolean;
}

function PlayerName({ seat, onPick }: { seat: SeatView; onPick?: ((id: PlayerId) => void) | undefined }) {
  const { dropped, seatedWhileDropped } = seat;
  const label = (
    <>
      <Name className={dropped !== undefined && !seatedWhileDropped ? 'dropped' : undefined}>{seat.name}</Name>
      {seat.members && (
        <span className="team-members muted" data-testid="team-members">
          {' '}
          ({seat.members})
        </span>
      )}
      {seatedWhileDropped && <strong className="problem"> — dropped after round {dropped}: must not be seated</strong>}
      {dropped !== undefined && !seatedWhileDropped && <span className="muted"> (dropped after round {dropped})</span>}
      <span className="points" title="Points before this round"> {seat.points}</span>
    </>
  );
  if (!onPick)
    return (
      <span className="player" data-player={seat.id}>
        {label}
      </span>
    );
  return (
    <button type="button" className={seat.picked ? 'player pick picked' : 'player pick'} aria-pressed={seat.picked} data-player={seat.id} onClick={() => onPick(seat.id)}>
      {label}
    </button>
  );
}

interface RowProps {
  table: number;
  seats: SeatView[];
  /** The seat that plays first (core/model/seats.ts). */
  first: number;
  group: number | undefined;
  /** undefined: results not shown; '' = still playing. */
  result: string | undefined;
  tags: { smaller: boolean; larger: boolean };
  onPick?: ((id: PlayerId) => void) | undefined;
}

const sameRow = (a: RowProps, b: RowProps): boolean =>
  a.table === b.table && a.first === b.first && a.group === b.group && a.result === b.result && a.onPick === b.onPick && a.tags.smaller === b.tags.smaller && a.tags.larger === b.tags.larger && JSON.stringify(a.seats) === JSON.stringify(b.seats);

const PairRow = memo(function PairRow({ table, seats, group, result, onPick, showGroup, index, measure }: RowProps & { showGroup: boolean; index: number; measure: Measure }) {
  return (
    <tr data-table={table} data-index={index} ref={measure} className={index % 2 === 1 ? 'alt' : undefined}>
      <td className="num">
        <span className="table-number">{table}</span>
      </td>
      <td>{seats[0] && <PlayerName seat={seats[0]} onPick={onPick} />}</td>
      <td className="vs muted">v</td>
      <td>{seats[1] && <PlayerName seat={seats[1]} onPick={onPick} />}</td>
      {showGroup && <td>{group ?? '—'}</td>}
      {result !== undefined && <td className={result ? 'result-cell' : 'result-cell muted'}>{result || 'playing'}</td>}
    </tr>
  );
}, (a, b) => a.showGroup === b.showGroup && a.index === b.index && sameRow(a, b));

const PodCard = memo(function PodCard({ table, seats, first, group, result, tags, onPick }: RowProps) {
  const { smaller, larger } = tags;
  return (
    <section className={smaller ? 'pod-card smaller' : 'pod-card'} data-table={table} aria-label={`Table ${table}`}>
      <header>
        <span className="table-label">Table</span>
        <span className="table-number big">{table}</span>
        <span className="pod-tags">
          {smaller && <span className="tag warn-tag">Smaller pod · {seats.length} players</span>}
          {larger && <span className="tag">Pod of {seats.length}</span>}
          {!smaller && !larger && <span className="tag quiet-tag">{seats.length} players</span>}
          {group !== undefined && <span className="tag">Group {group}</span>}
        </span>
      </header>
      <ol className="seats">
        {seats.map((seat, i) => (
          <li key={seat.id} className={i + 1 === first ? 'first' : undefined}>
            <span className="seat-label">
              Seat {i + 1}
              {i + 1 === first ? ' — plays first' : ''}
            </span>
            <PlayerName seat={seat} onPick={onPick} />
          </li>
        ))}
      </ol>
      {result !== undefined && <p className={result ? 'pod-result' : 'pod-result muted'}>{result || 'playing'}</p>}
    </section>
  );
}, sameRow);

export function RoundTables(props: RoundTablesProps) {
  const { state, tables, byes, waiting, query, showResults, groups, roundNumber, stage, onPick } = props;
  const { table: shape, words } = getRuleset(state.ruleset).presentation;
  // Team events: the row's two sides are teams ("Team" / "Opponent team"), not people.
  const side = words.competitor(state.settings) === 'team' ? 'Team' : 'Player';
  const names = displayNames(state);
  const byId = playersById(state);
  const q = searchKey(query?.trim() ?? '');
  // Team events: a person's name finds their team's table too.
  const membersOf = (id: PlayerId): string | undefined => {
    const members = byId.get(id)?.members;
    return members && members.length > 0 ? [...members].sort((a, b) => (a.seat < b.seat ? -1 : 1)).map((m) => `${m.seat} ${isolate(m.name)}`).join(' · ') : undefined;
  };
  const matches = (id: PlayerId): boolean => q === '' || searchKey(`${names.get(id) ?? id} ${(byId.get(id)?.members ?? []).map((m) => m.name).join(' ')}`).includes(q);
  const shown = tables.filter((t) => t.seats.some(matches));
  const shownByes = byes.filter((b) => matches(b.player));
  const shownWaiting = (waiting ?? []).filter(matches);
  // A pair per row ("A v B") where the rule set seats pairs (or every table has two); else numbered seats.
  const twoSeats = shape.layout === 'pair' || tables.every((t) => t.seats.length === 2);
  // Swiss tables smaller or larger than the rule set's standard size are marked (pods).
  const standard = shape.standardSize?.(state.settings);
  const view = (id: PlayerId): SeatView => {
    const dropped = byId.get(id)?.droppedAfterRound;
    return {
      id,
      name: names.get(id) ?? id,
      ...(membersOf(id) ? { members: membersOf(id) as string } : {}),
      points: props.points.get(id) ?? 0,
      ...(dropped !== undefined ? { dropped } : {}),
      seatedWhileDropped: stage === 'swiss' && dropped !== undefined && dropped < roundNumber,
      picked: props.picked?.includes(id) ?? false,
    };
  };
  const row = (t: Table): RowProps => ({
    table: t.table,
    seats: t.seats.map(view),
    first: firstSeat(t),
    group: groups ? groups.get(t.seats[0] ?? '') : undefined,
    result: showResults ? (t.result ? describeResult(state, t) : '') : undefined,
    tags: {
      smaller: standard !== undefined && stage === 'swiss' && t.seats.length < standard,
      larger: standard !== undefined && stage === 'swiss' && t.seats.length > standard,
    },
    onPick,
  });

  return (
    <div className="round-tables" data-testid="round-tables">
      {shown.length === 0 && shownByes.length === 0 && shownWaiting.length === 0 && (
        <p className="empty">{q ? `Nobody matches “${query}”.` : 'No tables.'}</p>
      )}
      {shown.length > 0 && twoSeats && (
        <table className="grid pairings-grid striped">
          <thead>
            <tr>
              <th className="num">Table</th>
              <th>{side}</th>
              <th className="vs" aria-hidden="true" />
              <th>{side === 'Team' ? 'Opponent team' : 'Opponent'}</th>
              {groups && <th>Group</th>}
              {showResults && <th>Result</th>}
            </tr>
          </thead>
          <VirtualBody
            items={shown}
            estimate={49}
            colSpan={4 + (groups ? 1 : 0) + (showResults ? 1 : 0)}
            row={(t, index, measure) => <PairRow key={t.table} {...row(t)} showGroup={!!groups} index={index} measure={measure} />}
          />
        </table>
      )}
      {shown.length > 0 && !twoSeats && (
        <div className="pod-cards">
          {shown.map((t) => (
            <PodCard key={t.table} {...row(t)} />
          ))}
        </div>
      )}
      {shownByes.length > 0 && (
        <div className="byes" data-testid="byes">
          <h3>Byes</h3>
          <ul>
            {shownByes.map((b) => (
              <li key={b.player}>
                <span className="tag bye-tag">{b.kind === 'awarded' ? 'Awarded bye' : b.kind === 'playoff' ? 'Playoff bye' : 'Bye'}</span>{' '}
                <PlayerName seat={view(b.player)} onPick={onPick} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {shownWaiting.length > 0 && (
        <div className="byes">
          <h3>Waiting this round</h3>
          <ul>
            {shownWaiting.map((id) => (
              <li key={id}>
                <PlayerName seat={view(id)} onPick={onPick} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
