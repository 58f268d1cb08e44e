/**
 * Manual change of a published pairing before any result: swap two players (two selects, or click
 * names in the tables), with a required reason that the journal keeps. After a result is in the
 * host refuses; its words are shown here.
 */
import { useMemo, useState } from 'react';
import type { DispatchAck } from '../../../core/api/contract.js';
import type { Bye, EventState, PlayerId, Round } from '../../../core/model/types.js';
import { sortByFamilyName } from '../../../core/documents/names.js';
import { opponentHistory } from '../../../core/event/queries.js';
import { Name } from '../../components/Name.js';
import { isolate } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { displayNames, playersById } from './shared.js';

export interface SwapPanelProps {
  state: EventState;
  round: Round;
  picked: PlayerId[];
  setPicked: (ids: PlayerId[]) => void;
  onClose: () => void;
}

interface Place {
  where: string;
}

function places(round: Round): Map<PlayerId, Place> {
  const out = new Map<PlayerId, Place>();
  for (const t of round.tables) t.seats.forEach((id, i) => out.set(id, { where: `table ${t.table}, seat ${i + 1}` }));
  for (const b of round.byes) out.set(b.player, { where: b.kind === 'awarded' ? 'awarded bye' : 'bye' });
  return out;
}

/** The round with the two players' places exchanged. */
export function swapped(round: Round, a: PlayerId, b: PlayerId): { tables: { table: number; seats: PlayerId[] }[]; byes: Bye[] } {
  const swap = (id: PlayerId): PlayerId => (id === a ? b : id === b ? a : id);
  return {
    tables: round.tables.map((t) => ({ table: t.table, seats: t.seats.map(swap) })),
    byes: round.byes.map((bye) => ({ player: swap(bye.player), kind: bye.kind })),
  };
}

export function SwapPanel({ state, round, picked, setPicked, onClose }: SwapPanelProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = displayNames(state);
  const where = useMemo(() => places(round), [round]);
  const options = useMemo(
    () => sortByFamilyName([...where.keys()].map((id) => ({ id, name: playersById(state).get(id)?.name ?? id }))),
    [where, state],
  );
  const hasResults = round.tables.some((t) => t.result !== undefined);
  const [first = '', second = ''] = picked;
  const name = (id: PlayerId): string => names.get(id) ?? id;
  const inText = (id: PlayerId): string => isolate(name(id));

  // A heads-up, not a block: the swap may seat two players together again.
  const rematches = useMemo(() => {
    if (!first || !second || first === second) return [];
    const earlier = opponentHistory(state.rounds.filter((r) => r.number < round.number));
    const { tables } = swapped(round, first, second);
    const out: string[] = [];
    for (const id of [first, second]) {
      const table = tables.find((t) => t.seats.includes(id));
      for (const other of table?.seats ?? [])
        if (other !== id && (earlier.get(id)?.get(other) ?? 0) > 0 && !out.some((m) => m.includes(inText(other)) && m.includes(inText(id))))
          out.push(`${inText(id)} and ${inText(other)} have met before; after this swap they meet again.`);
    }
    return out;
  }, [first, second, round, state.rounds]);

  const submit = async (): Promise<void> => {
    setProblem(null);
    if (!first || !second) return setProblem('Pick the two players to swap.');
    if (first === second) return setProblem('Pick two different players.');
    if (!reason.trim()) return setProblem('Say why the pairing is changed: the reason is kept in the event log.');
    const next = swapped(round, first, second);
    const command = {
      type: 'pair-round' as const,
      round: round.number,
      stage: round.stage,
      tables: next.tables,
      byes: next.byes,
      ...(round.waiting ? { waiting: round.waiting } : {}),
      seed: round.seed ?? 0,
      replace: true,
      reason: reason.trim(),
    };
    setBusy(true);
    const store = useStation.getState();
    const outcome = await store.run('Saving…', async (api): Promise<{ ack: DispatchAck } | { error: string }> => {
      try {
        return { ack: await api.dispatch({ command }) };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    });
    setBusy(false);
    if (!outcome) return;
    if ('error' in outcome) {
      setProblem(`The station refused: ${outcome.error}`);
      store.toast(outcome.error, { kind: 'problem' });
      return;
    }
    store.toast(`Swapped ${inText(first)} and ${inText(second)} in round ${round.number} (the reason is in the event log)`, { undoSeq: outcome.ack.seq });
    setPicked([]);
    setReason('');
    onClose();
  };

  const select = (index: 0 | 1, label: string) => (
    <label>
      {label}
      <select
        value={picked[index] ?? ''}
        onChange={(e) => {
          const next = [first, second];
          next[index] = e.target.value;
          setPicked(next);
        }}
      >
        <option value="">— pick a player —</option>
        {options.map(({ item }) => (
          <option key={item.id} value={item.id}>
            {inText(item.id)} — {where.get(item.id)?.where}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <form
      className="swap-panel"
      aria-label="Swap two players"
      data-testid="swap-panel"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3>Swap two players in round {round.number}</h3>
      <p className="muted">Pick two players here or click their names in the tables. Allowed until the first result of the round is entered.</p>
      {hasResults && (
        <p className="warning">Round {round.number} already has results: the station will refuse to change its pairing. Amend results on the Results screen instead.</p>
      )}
      <div className="toolbar">
        {select(0, 'First player')}
        {select(1, 'Second player')}
      </div>
      {first && second && first !== second && (
        <p data-testid="swap-preview">
          <Name>{name(first)}</Name> goes to {where.get(second)?.where}; <Name>{name(second)}</Name> goes to {where.get(first)?.where}.
        </p>
      )}
      {rematches.map((m) => (
        <p key={m} className="warning">
          {m}
        </p>
      ))}
      <label className="reason">
        Reason (required, kept in the event log)
        <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Ana and Bo are siblings (Head Judge's call)" maxLength={500} />
      </label>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      <div className="toolbar">
        <button type="submit" className="primary" disabled={busy}>
          Swap and publish
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
