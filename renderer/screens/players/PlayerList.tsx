/**
 * Every registered competitor, sorted by family name as boards print them (the family name given at
 * registration, else the guess), searchable (`/`), with status in words (active, dropped after round
 * N struck through, late entry, awarded byes) and row actions: edit inline (the family name too),
 * drop (before round 1: remove), reinstate. Long lists are virtualised. In team events a search
 * also lists each matching person under their own family name, with team, seat letter and table.
 */
import { ClaimCell } from './PersonalCode.js';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { boardCollator, sortByFamilyName, splitName, type PersonName } from '../../../core/model/person-names.js';
import { disqualifiedPlayers } from '../../../core/event/apply-penalties.js';
import { reinstateRefusal } from '../../../core/event/apply-players.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { currentRound } from '../../lib/event.js';
import type { EventState, Player, TeamSeat } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { mtrCitation } from '../../../core/rulesets/ruleset.js';
import { Name } from '../../components/Name.js';
import { isolate, plural, pluralWord } from '../../lib/format.js';
import { fold } from '../../store/directory.js';
import { useStation } from '../../store/station.js';
import { EditRow } from './EditRow.js';
import { fixedPlaceWords } from './FixedPlace.js';
import { isTeamEvent, missedRoundsWords, usesDraftPods } from './RegistrationForm.js';
import './family.css';

const collator = boardCollator();

/** Above this many rows the list is virtualised (only the rows in view are drawn). */
const VIRTUAL_FROM = 300;
const ROW_HEIGHT = 45;

interface Row {
  player: Player;
  name: PersonName;
  search: string;
  sameName: number;
}

export function byesWords(n: number): string {
  return `${plural(n, 'awarded bye')} (${pluralWord(n, 'round 1', `rounds 1–${n}`)})`;
}

/** The player's status in words; `dropped` for the strike-through. */
export function statusOf(player: Player, state: EventState): { text: string; dropped: boolean; late: boolean; disqualified: boolean } {
  // A disqualification drops the player for good (RULES 4): only undoing the penalty takes it back.
  const dq = disqualifiedPlayers(state).get(player.id);
  if (dq) return { text: `Disqualified in round ${dq.round} (${dq.infraction})`, dropped: true, late: false, disqualified: true };
  if (player.droppedAfterRound !== undefined) return { text: `Dropped after round ${player.droppedAfterRound}`, dropped: true, late: false, disqualified: false };
  if (player.joinedRound > 1) {
    const played = state.rounds.filter((r) => r.stage === 'swiss').length;
    const verb = player.joinedRound > played ? 'joins' : 'joined in';
    return { text: `Late entry: ${verb} round ${player.joinedRound} (${missedRoundsWords(state)})`, dropped: false, late: true, disqualified: false };
  }
  return { text: 'Active', dropped: false, late: false, disqualified: false };
}

/**
 * What a drop after the cut does (MTR 2.10, RULES 1), said before it is made: the player is not
 * replaced and cannot come back; a player still in the playoff leaves their place empty, and the
 * next playoff round is paired without them.
 */
function DropAfterCutWords({ state, player, cite }: { state: EventState; player: Player; cite: string | null }) {
  const seed = state.playoff?.seeds.indexOf(player.id) ?? -1;
  const out = new Set(eliminatedInPlayoff(state));
  const inPlayoff = seed >= 0 && !out.has(player.id);
  return (
    <>
      <p>
        {isolate(player.name)} ({player.id}) {inPlayoff ? `is still in the playoff (seed ${seed + 1})` : seed >= 0 ? 'is out of the playoff' : 'did not make the cut'}. A player who
        drops after the cut is not replaced and cannot be reinstated{cite ? ` (${cite})` : ''}.
      </p>
      {inPlayoff && (
        <p>
          Nobody is advanced in their place: if the drop leaves a player without an opponent, the highest-ranked player left (by Swiss seed) gets the bye and
          the others are paired by seed. The next playoff round is paired without them.
        </p>
      )}
    </>
  );
}

/** The cut's players who lost a playoff match (a match decided, and they were not its winner). */
function eliminatedInPlayoff(state: EventState): string[] {
  return state.rounds
    .filter((r) => r.stage === 'playoff')
    .flatMap((r) => r.tables.flatMap((t) => {
      const winner = getRuleset(state.ruleset).advancing(state, r, t);
      return winner ? t.seats.filter((id) => !winner.includes(id)) : [];
    }));
}

function PlayerRow({ row, state, readOnly, showPod, team, onEdit }: { row: Row; state: EventState; readOnly: boolean; showPod: boolean; team: boolean; onEdit(): void }) {
  const dispatch = useStation((s) => s.dispatch);
  const { player } = row;
  const status = statusOf(player, state);
  const beforeRound1 = state.rounds.length === 0;
  const played = state.rounds.length;
  const cite = mtrCitation(getRuleset(state.ruleset).terms, '2.10');
  const drop = (): void => {
    void dispatch(
      { type: 'drop-player', id: player.id },
      beforeRound1
        ? `Removed ${isolate(player.name)} (${player.id}) from the event: a drop before round 1 removes the player`
        : `${isolate(player.name)} (${player.id}) dropped after round ${played}: not paired from round ${played + 1}`,
    );
  };
  const reinstate = (): void => {
    void dispatch({ type: 'reinstate-player', id: player.id }, `${isolate(player.name)} (${player.id}) reinstated: paired again from round ${played + 1}`);
  };
  // MTR 2.10: nobody comes back after a cut, so the row offers no Reinstate then (core says why).
  const noReinstating = status.dropped && !status.disqualified ? reinstateRefusal(state, player) : null;
  // UX.md: a drop after the cut cannot be taken back by reinstating, so it asks first.
  const [confirming, setConfirming] = useState(false);
  return (
    <tr className={status.dropped ? 'is-dropped' : undefined} data-testid={`player-${player.id}`} data-player={player.id}>
      <td className="player-id">{player.id}</td>
      <td className="player-name">
        <Name className={status.dropped ? 'dropped' : undefined}>{row.name.board}</Name>
        {row.sameName > 1 && (
          <span className="same-name" title="Two or more players have this name: tell them apart by id or note">
            same name ×{row.sameName}
          </span>
        )}
        {team && player.members && (
          <span className="player-members">
            {player.members.map((m) => (
              <span key={m.seat}>
                <b>{m.seat}</b> <Name>{m.name}</Name>
              </span>
            ))}
          </span>
        )}
      </td>
      <td className="player-note">{player.note !== undefined && <Name>{player.note}</Name>}</td>
      {showPod && <td className="player-pod">{player.draftPod ?? '—'}</td>}
      <td className="player-status">
        <span className={status.dropped ? 'status-dropped' : status.late ? 'status-late' : 'status-active'} data-testid="status">
          {status.text}
        </span>
        {player.awardedByes > 0 && <span className="status-byes">{byesWords(player.awardedByes)}</span>}
        {player.fixedTable !== undefined && (
          <span className="status-fixed" data-testid="fixed-place">
            {fixedPlaceWords(player)}
          </span>
        )}
        <ClaimCell state={state} player={player} readOnly={readOnly} />
      </td>
      <td className="player-actions">
        <button type="button" onClick={onEdit} disabled={readOnly} aria-label={`Edit ${player.name} (${player.id})`}>
          Edit
        </button>
        {status.disqualified ? (
          <span className="muted small" title="Undo the disqualification (Event log) to take it back">
            no reinstating
          </span>
        ) : noReinstating ? (
          <span className="muted small" title={noReinstating} data-testid="no-reinstating">
            no reinstating after the cut
          </span>
        ) : status.dropped ? (
          <button type="button" onClick={reinstate} disabled={readOnly} aria-label={`Reinstate ${player.name} (${player.id})`}>
            Reinstate
          </button>
        ) : (
          <button
            type="button"
            onClick={state.playoff ? () => setConfirming(true) : drop}
            disabled={readOnly}
            aria-label={`${beforeRound1 ? 'Remove' : 'Drop'} ${player.name} (${player.id})`}
            title={beforeRound1 ? `Before round 1 a drop removes the player from the event${cite ? ` (${cite})` : ''}; Undo brings them back` : `Not paired from round ${played + 1}`}
          >
            {beforeRound1 ? 'Remove' : 'Drop'}
          </button>
        )}
        {confirming && (
          <ConfirmDialog
            title={`Drop ${isolate(player.name)} after the cut?`}
            confirm={`Drop ${isolate(player.name)}`}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              drop();
            }}
          >
            <DropAfterCutWords state={state} player={player} cite={cite} />
          </ConfirmDialog>
        )}
      </td>
    </tr>
  );
}

interface Person {
  /** "t01/A" */
  key: string;
  name: PersonName;
  teamName: string;
  seat: TeamSeat;
  /** "table 4", "bye", "no table yet". */
  where: string;
  dropped: boolean;
  search: string;
}

/**
 * Team events: every person of every team, under their own family name, with team, seat letter and
 * where the team sits in the current round.
 */
export function teamPeople(state: EventState): Person[] {
  const round = currentRound(state);
  const where = new Map<string, string>();
  for (const t of round?.tables ?? []) for (const id of t.seats) where.set(id, `table ${t.table}`);
  for (const b of round?.byes ?? []) where.set(b.player, b.kind === 'awarded' ? 'awarded bye' : 'bye');
  for (const id of round?.waiting ?? []) where.set(id, 'waiting');
  const list = state.players.flatMap((team) =>
    (team.members ?? []).map((m) => ({ id: `${team.id}/${m.seat}`, name: m.name, team, seat: m.seat })),
  );
  return sortByFamilyName(list).map(({ item, name }) => ({
    key: item.id,
    name,
    teamName: item.team.name,
    seat: item.seat,
    where: where.get(item.team.id) ?? (round ? 'not paired' : 'no table yet'),
    dropped: item.team.droppedAfterRound !== undefined,
    search: fold([item.name, name.board, item.team.name, item.team.id].join(' ')),
  }));
}

/** "12 active · 1 dropped · 1 late entry" (the page header). */
export function PlayerCounts({ state }: { state: EventState }) {
  const active = state.players.filter((p) => p.droppedAfterRound === undefined).length;
  const dropped = state.players.length - active;
  const late = state.players.filter((p) => p.joinedRound > 1 && p.droppedAfterRound === undefined).length;
  return (
    <span className="player-counts" data-testid="player-counts">
      <strong>{active} active</strong>
      {dropped > 0 && <span> · {dropped} dropped</span>}
      {late > 0 && <span> · {plural(late, 'late entry', 'late entries')}</span>}
    </span>
  );
}

/**
 * The list's rows (sorted as boards print them, with how many share each name) and the ones the
 * search keeps; in team events also the people whose own names match.
 */
function usePlayerSearch(state: EventState, team: boolean, query: string): { shown: Row[]; peopleShown: Person[] } {
  const rows = useMemo<Row[]>(() => {
    const counts = new Map<string, number>();
    for (const p of state.players) counts.set(fold(p.name), (counts.get(fold(p.name)) ?? 0) + 1);
    // A team's name is not a person's: it is shown as registered and sorted as written.
    const sorted = team
      ? [...state.players]
          .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1))
          .map((item) => ({ item, name: { ...splitName(item.name), board: item.name } }))
      : sortByFamilyName(state.players);
    return sorted.map(({ item, name }) => ({
      player: item,
      name,
      sameName: counts.get(fold(item.name)) ?? 1,
      search: fold([item.id, item.name, name.board, item.note ?? '', ...(item.members ?? []).map((m) => m.name)].join(' ')),
    }));
  }, [state.players, team]);

  const shown = useMemo(() => {
    const words = fold(query).split(' ').filter((w) => w);
    if (words.length === 0) return rows;
    return rows.filter((r) => words.every((w) => r.search.includes(w)));
  }, [rows, query]);

  const people = useMemo(() => (team ? teamPeople(state) : []), [state, team]);
  const peopleShown = useMemo(() => {
    const words = fold(query).split(' ').filter((w) => w);
    if (words.length === 0) return [];
    return people.filter((p) => words.every((w) => p.search.includes(w)));
  }, [people, query]);
  return { shown, peopleShown };
}

/** Team events: the people a search finds, each with team, seat and where the team sits (the first 50). */
function PeopleResults({ people }: { people: Person[] }) {
  return (
    <ul className="people-results" aria-label="People" data-testid="people-results">
      {people.slice(0, 50).map((p) => (
        <li key={p.key} data-testid={`person-${p.key}`}>
          <Name className={p.dropped ? 'person-name dropped' : 'person-name'}>{p.name.board}</Name>
          <span>
            <Name>{p.teamName}</Name>, seat {p.seat}
          </span>
          <span className="person-table">{p.where}</span>
        </li>
      ))}
    </ul>
  );
}

export function PlayerList({ state, readOnly }: { state: EventState; readOnly: boolean }) {
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const team = isTeamEvent(state);
  const showPod = usesDraftPods(state);
  const columns = 5 + (showPod ? 1 : 0);

  const { shown, peopleShown } = usePlayerSearch(state, team, query);

  const virtual = shown.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    enabled: virtual,
  });

  const who = team ? 'team' : 'player';
  const cite = mtrCitation(getRuleset(state.ruleset).terms, '2.10');

  const items = virtual ? virtualizer.getVirtualItems() : null;
  const visible = items ? items.map((i) => shown[i.index] as Row) : shown;
  const padTop = items && items.length > 0 ? (items[0]?.start ?? 0) : 0;
  const padBottom = items && items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;

  return (
    <section className="card player-list" aria-labelledby="player-list-title">
      <div className="player-list-head">
        <h2 id="player-list-title">
          {query.trim() ? `${plural(shown.length, who)} of ${state.players.length} match` : team ? 'All teams, by name' : 'All players, by family name'}
        </h2>
        <label className="player-search">
          <span className="visually-hidden">Search {who}s</span>
          <input
            type="search"
            data-search
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setQuery('');
            }}
            placeholder={`Search name, note or id   ( / )`}
            data-testid="player-search"
          />
        </label>
      </div>
      {state.rounds.length === 0 && state.players.length > 0 && (
        <p className="notice">
          Before round 1, Remove takes a {who} out of the event ({cite ? `${cite}: ` : ''}a drop before round 1 removes the {who}). Undo brings them back.
        </p>
      )}
      {peopleShown.length > 0 && <PeopleResults people={peopleShown} />}
      {state.players.length === 0 ? (
        <p className="empty">No {who}s yet: type a name above and press Enter.</p>
      ) : shown.length === 0 ? (
        <p className="empty">Nobody matches “{query}”.</p>
      ) : (
        <div ref={scrollRef} className={virtual ? 'player-scroll virtual' : 'player-scroll'}>
          <table className="grid players-table">
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">{team ? 'Team' : 'Name'}</th>
                <th scope="col">Note</th>
                {showPod && <th scope="col">Pod</th>}
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {padTop > 0 && (
                <tr aria-hidden="true">
                  <td colSpan={columns} style={{ height: padTop, padding: 0, border: 0 }} />
                </tr>
              )}
              {visible.map((row) =>
                editing === row.player.id ? (
                  <EditRow key={row.player.id} player={row.player} state={state} columns={columns} done={() => setEditing(null)} />
                ) : (
                  <PlayerRow key={row.player.id} row={row} state={state} readOnly={readOnly} showPod={showPod} team={team} onEdit={() => setEditing(row.player.id)} />
                ),
              )}
              {padBottom > 0 && (
                <tr aria-hidden="true">
                  <td colSpan={columns} style={{ height: padBottom, padding: 0, border: 0 }} />
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
