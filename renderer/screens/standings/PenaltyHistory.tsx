/**
 * A player's penalties beside their standings breakdown (RULES 4): each with its round
 * and table, the judge and note, and how often the player has had it for that infraction ("2nd
 * warning for Tardiness": a repeat is what a judge upgrades). Nothing when the player has none.
 */
import { penaltyHistory } from '../../../core/event/describe-penalties.js';
import { PENALTY_LABELS } from '../../../core/event/describe-penalties.js';
import type { EventState, PlayerId } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';

export function PenaltyHistory({ state, player }: { state: EventState; player: PlayerId }) {
  const history = penaltyHistory(state, player);
  if (history.length === 0) return null;
  return (
    <section className="formula penalty-history" aria-label="Penalties" data-testid="penalty-history">
      <h4>Penalties</h4>
      <ol className="match-list">
        {history.map(({ penalty: p, count, words }, i) => (
          <li key={i}>
            <span className="muted">
              Round {p.round}
              {p.table !== undefined ? `, table ${p.table}` : ''}
            </span>{' '}
            <strong>{PENALTY_LABELS[p.penalty]}</strong> — {count > 1 ? words : p.infraction}
            <span className="muted">
              {p.judge ? ' · judge ' : ''}
              {p.judge && <Name>{p.judge}</Name>}
              {p.note ? ` · ${p.note}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
