/**
 * Find a card across every registered list: a judge who saw a card on the floor types
 * its name (or a part of it, three letters or more; case and accents ignored) and sees who
 * registered it, how many and where (core/decklists/deck-checks.ts findCard).
 */
import { useMemo, useState } from 'react';
import { findCard } from '../../../core/decklists/deck-checks.js';
import type { EventState } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';

const SECTION_WORDS = { main: 'main deck', side: 'sideboard', commander: 'commander' } as const;

export function DecklistFind({ state }: { state: EventState }) {
  const [text, setText] = useState('');
  const found = useMemo(() => findCard(state, text), [state, text]);
  const lists = Object.keys(state.decklists ?? {}).length;
  return (
    <section className="card decklist-find" aria-label="Find a card in the decklists">
      <label>
        Find a card in {lists === 1 ? '1 registered list' : `${lists} registered lists`}
        <input type="search" data-testid="decklist-find" value={text} onChange={(e) => setText(e.target.value)} placeholder="Card name" />
      </label>
      {text.trim() !== '' && (
        found.length === 0 ? (
          <p className="muted" data-testid="decklist-find-none">
            No registered list has a card named like “{text.trim()}”.
          </p>
        ) : (
          <ul data-testid="decklist-find-results">
            {found.map((f) => (
              <li key={`${f.player}-${f.section}-${f.card}`}>
                <Name>{f.name}</Name>: {f.count} <Name>{f.card}</Name> ({SECTION_WORDS[f.section]})
              </li>
            ))}
          </ul>
        )
      )}
    </section>
  );
}
