/**
 * Draft pods (MTR 7.6): players grouped by draft pod with their draft seats, and "Seat draft pods",
 * which splits the active players at random into pods of "roughly equal size" around the pod size
 * the Head Judge sets (default 8: 9 players draft as one pod of 9, 12 as two of 6, 20 as 7, 7, 6)
 * and records each player's pod with edit-player commands. The split and the seats come from the
 * event's seeded generator (core/pairing/draft-pods.ts, RULES 4), so screen and paper agree and the
 * event replays.
 */
import { useMemo, useState } from 'react';
import type { EventState } from '../../../core/model/types.js';
import { DEFAULT_DRAFT_POD_SIZE, draftPodSeats, draftPodSizes, splitDraftPods } from '../../../core/pairing/draft-pods.js';
import { PrintButton } from '../../components/PrintButton.js';
import { Name } from '../../components/Name.js';
import { isolate, plural, pluralWord } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { displayNames } from '../../lib/people.js';

export function DraftPods({ state }: { state: EventState }) {
  const names = displayNames(state);
  const pods = useMemo(() => draftPodSeats(state), [state]);
  const active = state.players.filter((p) => p.droppedAfterRound === undefined);
  const unseated = active.filter((p) => p.draftPod === undefined);
  const canSeat = state.rounds.length === 0 && active.length >= 2;
  const [podSizeText, setPodSizeText] = useState(String(DEFAULT_DRAFT_POD_SIZE));
  const podSize = Math.max(2, Math.min(24, Number.parseInt(podSizeText, 10) || DEFAULT_DRAFT_POD_SIZE));
  const planned = draftPodSizes(active.length, podSize);

  const seatPods = async (): Promise<void> => {
    const store = useStation.getState();
    const { sizes, pods: drawn } = splitDraftPods(state, podSize);
    const podOf = new Map(state.players.map((p) => [p.id, p.draftPod]));
    const changes = drawn.filter((c) => podOf.get(c.id) !== c.pod);
    if (changes.length === 0) return;
    // One batch, all or nothing (store/send.ts): never half the players seated.
    const outcome = await store.send(
      changes.map((c) => ({ type: 'edit-player', id: c.id, changes: { draftPod: c.pod } }) as const),
      { label: `Seat ${plural(active.length, 'player')} in ${plural(sizes.length, 'draft pod')}` },
    );
    if (outcome.kind !== 'saved') return store.toast(`The draft pods were not seated: ${outcome.message}`, { kind: 'problem' });
    store.toast(`Seated ${plural(active.length, 'player')} in ${plural(sizes.length, 'draft pod')} (${sizes.join(', ')}); each change is in the event log`);
  };

  return (
    <section className="card draft-pods" aria-label="Draft pods" data-testid="draft-pods">
      <div className="section-head">
        <h2>Draft pods</h2>
        <div className="toolbar">
          {canSeat && (
            <label className="inline">
              Pod size
              <input
                type="number"
                min={2}
                max={24}
                value={podSizeText}
                onChange={(e) => setPodSizeText(e.target.value)}
                data-testid="draft-pod-size"
                style={{ width: '4.5rem' }}
              />
            </label>
          )}
          {canSeat && (
            <button type="button" onClick={() => void seatPods()} data-testid="seat-draft-pods">
              {pods.length > 0 ? 'Seat draft pods again' : 'Seat draft pods'}
            </button>
          )}
          {pods.length > 0 && <PrintButton doc="seating" label="draft seating" />}
        </div>
      </div>
      <p className="muted">
        Players are paired only inside their draft pod (MTR 7.6){state.settings.pairWithinDraftPods ? '' : ' — lifted for this event'}.{' '}
        {canSeat ? (
          <span data-testid="draft-pod-plan">
            Pods of roughly equal size around the pod size (MTR 7.6): {plural(active.length, 'active player')} →{' '}
            {pluralWord(planned.length, `one pod of ${planned[0]}`, `${plural(planned.length, 'pod')} (${planned.join(', ')})`)}, seated at random.
          </span>
        ) : (
          'Pods are fixed once round 1 is paired.'
        )}
      </p>
      {unseated.length > 0 && pods.length > 0 && (
        <p className="warning">Not in a draft pod: {unseated.map((p) => isolate(names.get(p.id) ?? p.id)).join(', ')}</p>
      )}
      {pods.length === 0 ? (
        <p className="empty">No draft pods yet.</p>
      ) : (
        <div className="pod-cards">
          {pods.map(({ pod, seats }) => (
            <section key={pod} className="pod-card" aria-label={`Draft pod ${pod}`}>
              <header>
                <span className="table-label">Pod</span>
                <span className="table-number big">{pod}</span>
                <span className="pod-tags">
                  <span className="tag quiet-tag">{plural(seats.length, 'player')}</span>
                </span>
              </header>
              <ol className="seats">
                {seats.map((p, i) => (
                  <li key={p.id}>
                    <span className="seat-label">Seat {i + 1}</span>
                    <Name className={p.droppedAfterRound !== undefined ? 'dropped' : undefined}>{names.get(p.id) ?? p.id}</Name>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
