/**
 * The player page's lists: "Find me" (a few letters of a name, then tap yours) and pairings by name
 * for everyone (sorted by family name as the boards are, with a filter). The published standings
 * and the bracket are Published.tsx, loaded when their tab is wanted.
 */
import { useMemo, useState } from 'react';
import type { PublicPlayer, PublicView } from '../../core/public/types.js';
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
