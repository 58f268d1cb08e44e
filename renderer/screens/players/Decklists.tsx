/**
 * The Players screen's decklists (issue 17 §2): choose a player (the list says who has one), paste
 * or import their list (DecklistPanel), and find a card across every registered list (a judge
 * looking for a card seen on the floor). Lists never leave the staff's screens.
 */
import { useMemo, useState } from 'react';
import type { EventState, PlayerId } from '../../../core/model/types.js';
import { DecklistFind } from './DecklistFind.js';
import { DecklistPanel } from './DecklistPanel.js';

export function Decklists({ state, readOnly }: { state: EventState; readOnly: boolean }) {
  const [player, setPlayer] = useState<PlayerId | ''>('');
  const players = useMemo(() => [...state.players].sort((a, b) => a.name.localeCompare(b.name)), [state.players]);
  const lists = state.decklists ?? {};
  const registered = Object.keys(lists).length;
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
            </option>
          ))}
        </select>
      </label>
      {player !== '' && <DecklistPanel key={player} state={state} player={player} onClose={() => setPlayer('')} />}
      <DecklistFind state={state} />
    </section>
  );
}
