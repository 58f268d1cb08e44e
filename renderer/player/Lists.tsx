/**
 * The player page's lists: "Find me" (a few letters of a name, then tap yours), pairings by name
 * for everyone (sorted by family name as the boards are, with a filter), the standings the
 * scorekeeper published, and the playoff bracket.
 */
import { useMemo, useState } from 'react';
import type { PublicPlayer, PublicView } from '../../core/public/types.js';
import { ordinal } from '../../core/rulesets/ruleset.js';
import { findPlayers, matchesName, memberFound } from './find.js';
import { boardName, nameIn, placesOf, pointsWords, sortedPlayers, tableWord, type Place } from './view.js';

/** How many matches "Find me" lists before asking for more letters. */
const FIND_LIMIT = 8;

function placeWords(view: PublicView, place: Place | undefined): string {
  if (!place || place.kind === 'none') return '';
  if (place.kind === 'bye') return 'Bye';
  return `${tableWord(view)} ${place.table.table}`;
}

/** Under a team found by a member's name: who, and their seat. */
function MemberLine({ player, query }: { player: PublicPlayer; query: string }) {
  const member = memberFound(player, query);
  if (!member) return null;
  return (
    <span className="pl-match-member">
      <bdi>{member.name}</bdi>, seat {member.seat}
    </span>
  );
}

export function FindMe({ view, choose }: { view: PublicView; choose(player: PublicPlayer): void }) {
  const [query, setQuery] = useState('');
  const found = useMemo(() => findPlayers(view.players, query), [view.players, query]);
  const places = useMemo(() => placesOf(view.round), [view.round]);
  const typed = query.trim() !== '';
  return (
    <section className="pl-find" aria-label="Find me">
      <h2>Find me</h2>
      <label className="pl-label" htmlFor="pl-find">
        Type a few letters of your family or given name
      </label>
      <input
        id="pl-find"
        className="pl-input pl-search"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="search"
      />
      {typed && found.length === 0 && <p className="pl-muted">Nobody of that name: check the spelling, or try the other name.</p>}
      {found.length > 0 && (
        <ul className="pl-matches" aria-label="Matches">
          {found.slice(0, FIND_LIMIT).map((p) => (
            <li key={p.id}>
              <button type="button" className="pl-match" onClick={() => choose(p)}>
                <span className="pl-match-who">
                  <bdi className="pl-match-name">{p.name}</bdi>
                  <MemberLine player={p} query={query} />
                </span>
                <span className="pl-match-place">{placeWords(view, places.get(p.id))}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {found.length > FIND_LIMIT && <p className="pl-muted">{found.length - FIND_LIMIT} more: type more letters.</p>}
    </section>
  );
}

export function Pairings({ view, me }: { view: PublicView; me: string | null }) {
  const [query, setQuery] = useState('');
  const places = useMemo(() => placesOf(view.round), [view.round]);
  const seated = useMemo(() => sortedPlayers(view.players.filter((p) => places.has(p.id))), [view.players, places]);
  const shown = query.trim() === '' ? seated : seated.filter((p) => matchesName(p, query));
  if (!view.round) return <p className="pl-big-words">Pairings are not published yet.</p>;
  return (
    <section className="pl-list" aria-label="Pairings">
      <h2>
        Round {view.round.number} pairings
      </h2>
      <input
        className="pl-input pl-search"
        type="search"
        aria-label="Filter by name"
        placeholder="Filter by name"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <ul className="pl-rows" data-testid="pairings">
        {shown.map((p) => (
          <li key={p.id} className={p.id === me ? 'pl-row me' : 'pl-row'}>
            <bdi className="pl-row-name">{boardName(p)}</bdi>
            <span className="pl-row-place">{placeWords(view, places.get(p.id))}</span>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="pl-muted">Nobody of that name in this round.</p>}
    </section>
  );
}

/** "with 9 points" ("with 1 point", "with 3 wins"), or the column's own words when it is not the points. */
function withValue(view: PublicView, column: string, value: string | undefined): string {
  const n = Number(value);
  if (column === view.event.words.points && value !== undefined && Number.isFinite(n)) return `with ${pointsWords(view.event.words, n)}`;
  return `with ${value ?? '—'} ${column.toLocaleLowerCase()}`;
}

export function Standings({ view, me }: { view: PublicView; me: string | null }) {
  const standings = view.standings;
  const name = nameIn(view);
  if (!standings) return <p className="pl-big-words">Standings are not published yet.</p>;
  const [first, ...rest] = standings.columns;
  const mine = standings.rows.find((r) => r.player === me);
  return (
    <section className="pl-list" aria-label="Standings">
      <h2>{standings.final ? 'Final standings' : `Standings after round ${standings.afterRound}`}</h2>
      {view.event.houseRules && (
        <p className="pl-house-rules" data-testid="house-rules">
          {view.event.houseRules}
        </p>
      )}
      {mine && (
        <p className="pl-points" data-testid="my-standing">
          You are <strong>{ordinal(mine.rank)}</strong>
          {first ? ` ${withValue(view, first, mine.values[0])}` : ''}.
        </p>
      )}
      <p className="pl-rows-head" aria-hidden="true">
        <span>Rank and name</span>
        <span>{first}</span>
      </p>
      <ol className="pl-rows" data-testid="standings">
        {standings.rows.map((row) => (
          <li key={row.player} className={['pl-row', row.player === me ? 'me' : '', row.dropped ? 'dropped' : ''].filter(Boolean).join(' ')} data-player={row.player}>
            <span className="pl-rank">{row.rank}</span>
            <span className="pl-row-main">
              <span className="pl-row-who">
                <bdi className="pl-row-name">{name(row.player)}</bdi>
                {row.dq && (
                  <abbr className="pl-dq" title="Disqualified: keeps the record, paired no more" data-testid="dq">
                    DQ
                  </abbr>
                )}
              </span>
              {row.note && (
                <span className="pl-row-note" data-testid="standing-note">
                  {row.note}
                </span>
              )}
              {rest.length > 0 && (
                <span className="pl-row-detail">
                  {rest.map((column, i) => (
                    <span key={column}>
                      {i > 0 ? ' · ' : ''}
                      <span className="pl-nowrap">
                        {column} {row.values[i + 1] ?? '—'}
                      </span>
                    </span>
                  ))}
                </span>
              )}
            </span>
            {first && (
              <span className="pl-row-place" aria-label={first}>
                {row.values[0]}
              </span>
            )}
          </li>
        ))}
      </ol>
      {standings.rows.some((r) => r.dropped) && <p className="pl-muted pl-small">Struck through: dropped; they keep their record and still count as opponents.</p>}
    </section>
  );
}

export function Bracket({ view, me }: { view: PublicView; me: string | null }) {
  const name = nameIn(view);
  const word = view.event.words.playoffTable;
  if (!view.bracket || view.bracket.length === 0) return <p className="pl-big-words">There is no playoff bracket yet.</p>;
  return (
    <section className="pl-list" aria-label="Bracket">
      <h2>Playoff</h2>
      {view.bracket.map((round) => (
        <div key={round.round} className="pl-bracket-round">
          <h3>Round {round.round}</h3>
          {round.tables.map((table) => (
            <div key={table.table} className="pl-bracket-table">
              <p className="pl-muted">
                {word} {table.table}
              </p>
              <ol>
                {table.seats.map((id) => (
                  <li key={id} className={[id === table.winner ? 'winner' : '', id === me ? 'me' : ''].join(' ').trim() || undefined}>
                    <bdi>{name(id)}</bdi>
                    {id === table.winner && <span className="pl-muted"> — won</span>}
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}
