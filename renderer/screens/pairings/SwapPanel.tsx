/**
 * Fix one table without touching the round: swap two players (two selects, or click names in the
 * tables) between tables that have no result yet — or with a player on a pairing bye — while the
 * results entered stand. A `fix-tables` command with a required reason that the journal keeps; the
 * pairing check of the new tables shows before it is sent. Players whose table has a result cannot
 * be picked, and say why; the host's refusal, if any, is shown in its words.
 */
import { useMemo, useState } from 'react';
import type { EventState, PlayerId, Round } from '../../../core/model/types.js';
import { sortByFamilyName } from '../../../core/model/person-names.js';
import { fixCommand, fixedReason, roundAfterFix, swapFix, type TableFix } from '../../../core/event/table-fix.js';
import { Name } from '../../components/Name.js';
import { competitorNoun } from '../../lib/event.js';
import { isolate } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { PairingCheck } from './PairingCheck.js';
import { displayNames, playersById } from '../../lib/people.js';
import { attempt } from '../../store/attempt.js';

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

/** One of the two picks: everyone in the round, those who cannot move disabled with the reason. */
function SwapPick({ label, value, onPick, who, options, round, where, inText }: {
  label: string;
  value: PlayerId;
  onPick: (id: PlayerId) => void;
  who: string;
  options: { item: { id: PlayerId } }[];
  round: Round;
  where: Map<PlayerId, Place>;
  inText: (id: PlayerId) => string;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onPick(e.target.value)}>
        <option value="">— pick a {who} —</option>
        {options.map(({ item }) => {
          const why = fixedReason(round, item.id);
          return (
            <option key={item.id} value={item.id} disabled={why !== null}>
              {inText(item.id)} — {where.get(item.id)?.where}
              {why ? ` (cannot move: ${why})` : ''}
            </option>
          );
        })}
      </select>
    </label>
  );
}

export function SwapPanel({ state, round, picked, setPicked, onClose }: SwapPanelProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = displayNames(state);
  const where = useMemo(() => places(round), [round]);
  // The players themselves, so a family name given at registration decides the order (as on boards).
  const options = useMemo(() => {
    const players = playersById(state);
    return sortByFamilyName([...where.keys()].map((id) => players.get(id) ?? { id, name: id }));
  }, [where, state]);
  // A team event swaps teams (a team is one competitor).
  const who = competitorNoun(state.ruleset, state.settings);
  const hasResults = round.tables.some((t) => t.result !== undefined);
  const [first = '', second = ''] = picked;
  const name = (id: PlayerId): string => names.get(id) ?? id;
  const inText = (id: PlayerId): string => isolate(name(id));

  // The fix the two picks make, with the pairing check of the new tables (rematches, pair-downs, in
  // words) — a heads-up, not a block; or why it cannot be made.
  const fix = useMemo((): { fix: TableFix } | { problem: string } | null => {
    if (!first || !second || first === second) return null;
    try {
      return { fix: swapFix(state, first, second) };
    } catch (error) {
      return { problem: error instanceof Error ? error.message : String(error) };
    }
  }, [first, second, round, state]);

  const submit = async (): Promise<void> => {
    setProblem(null);
    if (!first || !second) return setProblem(`Pick the two ${who}s to swap.`);
    if (first === second) return setProblem(`Pick two different ${who}s.`);
    if (fix && 'problem' in fix) return setProblem(fix.problem);
    if (!reason.trim()) return setProblem('Say why the pairing is changed: the reason is kept in the event log.');
    if (!fix) return;
    const command = fixCommand(fix.fix, reason);
    setBusy(true);
    const store = useStation.getState();
    const outcome = await store.send(command, { label: `Swap ${inText(first)} and ${inText(second)} in round ${round.number}` });
    setBusy(false);
    if (outcome.kind !== 'saved') {
      setProblem(outcome.kind === 'refused' ? `The station refused: ${outcome.message}` : outcome.message);
      store.toast(outcome.message, { kind: 'problem' });
      return;
    }
    store.toast(`Swapped ${inText(first)} and ${inText(second)} in round ${round.number} (the reason is in the event log)`, { undoSeq: outcome.seq });
    setPicked([]);
    setReason('');
    onClose();
  };

  const pickAt = (index: 0 | 1) => (id: PlayerId): void => {
    const next = [first, second];
    next[index] = id;
    setPicked(next);
  };

  return (
    <form
      className="swap-panel"
      aria-label={`Swap two ${who}s`}
      data-testid="swap-panel"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3>
        Swap two {who}s in round {round.number}
      </h3>
      <p className="muted">
        Pick two {who}s here or click their names in the tables: {who}s at tables without a result, or on a bye. The other tables and every result entered stand.
      </p>
      {hasResults && <p className="muted">Tables with a result keep their {who}s (amend a result on the Results screen instead).</p>}
      <div className="toolbar">
        <SwapPick label={`First ${who}`} value={picked[0] ?? ''} onPick={pickAt(0)} who={who} options={options} round={round} where={where} inText={inText} />
        <SwapPick label={`Second ${who}`} value={picked[1] ?? ''} onPick={pickAt(1)} who={who} options={options} round={round} where={where} inText={inText} />
      </div>
      {first && second && first !== second && (
        <p data-testid="swap-preview">
          <Name>{name(first)}</Name> goes to {where.get(second)?.where}; <Name>{name(second)}</Name> goes to {where.get(first)?.where}.
        </p>
      )}
      {fix && 'problem' in fix && (
        <p className="warning" data-testid="swap-refused">
          {fix.problem}
        </p>
      )}
      {fix && 'fix' in fix && (
        <PairingCheck state={state} round={round.number} proposal={{ ...roundAfterFix(round, fix.fix), warnings: fix.fix.warnings, seed: round.seed ?? 0 }} />
      )}
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
