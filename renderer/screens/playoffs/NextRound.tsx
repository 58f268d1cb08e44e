/**
 * "Pair the next playoff round": once every table of the current playoff round has a result (or right
 * after the cut, before the first round is published), the engine's next round is shown — tables with
 * seats by seed, waiting seeds, warnings — and published as a `pair-round` (stage playoff). Final
 * tables whose players choose their seats (Lightseekers) are published with the seats recorded here.
 */
import { useState } from 'react';
import { publishCommand } from '../../../core/event/commands.js';
import type { EventState, PlayerId } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';
import { isolate, plural, pluralWord } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { advancedFrom } from './Bracket.js';
import { seedInfo, TableCard, useHostQuery, WaitingList, Warnings } from './parts.js';
import { SeatChooser } from './SeatChooser.js';

export function NextRound({ state, nameOf }: { state: EventState; nameOf: (id: PlayerId) => string }) {
  const lastSeq = useStation((s) => s.snapshot?.lastSeq ?? -1);
  const dispatch = useStation((s) => s.dispatch);
  const playoff = state.playoff!;
  const seeds = seedInfo(playoff.seeds, playoff.draft);
  const { result, error, slow, loading } = useHostQuery<'next-playoff-round'>({ kind: 'next-playoff-round' }, `next|${lastSeq}`);
  const [chosen, setChosen] = useState<Record<number, PlayerId[] | null>>({});
  const [busy, setBusy] = useState(false);
  const roundNumber = state.rounds.length + 1;

  if (error)
    return (
      <section className="card next-round" data-testid="next-round">
        <h3>Next playoff round</h3>
        <p className="problem" role="alert" data-testid="next-round-error">
          {error}
        </p>
      </section>
    );
  if (loading || !result) return slow ? <p className="muted">Working out the next playoff round…</p> : null;
  const proposal = result.proposal;
  if (!proposal) {
    const played = state.rounds.filter((r) => r.stage === 'playoff');
    const final = played[played.length - 1];
    const table = final && final.tables.length === 1 ? final.tables[0] : undefined;
    const champion = final && table?.result ? advancedFrom(state, final, table, undefined).id : undefined;
    return (
      <p className="ok playoff-done" data-testid="playoff-complete">
        The playoff is complete
        {champion ? (
          <>
            : <Name>{nameOf(champion)}</Name> wins the event
          </>
        ) : null}
        .
      </p>
    );
  }

  const choice = proposal.seatChoice ?? [];
  const choiceTables = new Map(choice.map((c) => [c.table, c.order]));
  const missing = choice.filter((c) => !chosen[c.table]);
  const publish = async (): Promise<void> => {
    setBusy(true);
    try {
      await dispatch(
        publishCommand(roundNumber, 'playoff', {
          tables: proposal.tables.map((t) => ({ table: t.table, seats: chosen[t.table] ?? t.seats })),
          byes: proposal.byes,
          waiting: proposal.waiting,
          seed: proposal.seed,
        }),
        `Playoff round ${roundNumber} published: ${plural(proposal.tables.length, 'table')}`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card next-round" data-testid="next-round">
      <div className="preview-head">
        <h3>Next: playoff round {roundNumber}</h3>
        <button type="button" className="primary" onClick={() => void publish()} disabled={busy || missing.length > 0} data-testid="publish-playoff-round">
          Publish playoff round {roundNumber}
        </button>
      </div>
      {missing.length > 0 && (
        <p className="muted">
          Record the seats the players choose at {pluralWord(missing.length, 'table', 'tables')} {missing.map((c) => c.table).join(', ')} first.
        </p>
      )}
      <div className="playoff-tables">
        {proposal.tables.map((t) => {
          const order = choiceTables.get(t.table);
          if (order)
            return (
              <SeatChooser
                key={t.table}
                table={t.table}
                order={order}
                nameOf={nameOf}
                seeds={seeds}
                onChange={(seats) => setChosen((c) => ({ ...c, [t.table]: seats }))}
              />
            );
          return <TableCard key={t.table} state={state} table={t} nameOf={nameOf} seeds={seeds} />;
        })}
      </div>
      <WaitingList waiting={proposal.waiting} nameOf={nameOf} seeds={seeds} />
      {proposal.byes.length > 0 && <p className="muted">Advancing with a bye: {proposal.byes.map((b) => isolate(nameOf(b.player))).join(', ')}</p>}
      <Warnings state={state} warnings={proposal.warnings.filter((w) => !(choice.length > 0 && w.message.includes('choose their seats')))} />
    </section>
  );
}
