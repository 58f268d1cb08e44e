/**
 * The Players screen's decklists: choose a player (the list says who has one, and
 * whose list is typed but not saved yet), paste or import their list (DecklistPanel), and find a
 * card across every registered list (a judge looking for a card seen on the floor). Lists never
 * leave the staff's screens.
 *
 * Players are listed as the Players screen and the boards list them: by family name ("Archer,
 * Ana"), with the board collator; a team event's teams as their names are written.
 */
import { useMemo, useState } from 'react';
import { boardCollator, sortByFamilyName } from '../../../core/model/person-names.js';
import type { EventState, PlayerId } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';
import { DecklistFind } from './DecklistFind.js';
import { DecklistPanel } from './DecklistPanel.js';
import { useDecklistDrafts } from './decklist-drafts.js';
import { isTeamEvent } from './RegistrationForm.js';

const collator = boardCollator();

/** Each competitor with the name the list shows, in the Players screen's order. */
function listed(state: EventState): { id: PlayerId; name: string }[] {
  if (isTeamEvent(state))
    return [...state.players].sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1)).map((p) => ({ id: p.id, name: p.name }));
  return sortByFamilyName(state.players).map(({ item, name }) => ({ id: item.id, name: name.board }));
}

export function Decklists({ state, readOnly }: { state: EventState; readOnly: boolean }) {
  const [player, setPlayer] = useState<PlayerId | ''>('');
  const players = useMemo(() => listed(state), [state]);
  const drafts = useDecklistDrafts((s) => s.drafts[state.id]);
  const lists = state.decklists ?? {};
  const registered = Object.keys(lists).length;
  // The drafts of the players not shown now: a tap takes the scorekeeper back to each.
  const waiting = players.filter((p) => drafts?.[p.id] && p.id !== player);
  return (
    <section className="card decklists" aria-labelledby="decklists-title" data-testid="decklists">
      <h2 id="decklists-title">
        Decklists <span className="muted small">{registered} of {state.players.length} registered</span>
      </h2>
      <label>
        Player{' '}
        <select value={player} onChange={(e) => setPlayer(e.target.value)} disabled={readOnly} data-testid="decklist-player">
          <option value="">Choose a player…</option>
          {players.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.id}){lists[p.id] ? ' ✓ list' : ''}
              {drafts?.[p.id] ? ' ✎ not saved' : ''}
            </option>
          ))}
        </select>
      </label>
      {waiting.length > 0 && (
        <p className="warning decklist-drafts" data-testid="decklist-drafts">
          Typed and not saved yet:{' '}
          {waiting.map((p, i) => (
            <span key={p.id}>
              {i > 0 ? ' · ' : ''}
              <button type="button" onClick={() => setPlayer(p.id)} disabled={readOnly}>
                <Name>{p.name}</Name>
              </button>
            </span>
          ))}
        </p>
      )}
      {player !== '' && <DecklistPanel key={player} state={state} player={player} onClose={() => setPlayer('')} />}
      <DecklistFind state={state} />
    </section>
  );
}
