/**
 * A published round on the Pairings screen: its tables with the results so far, its prints (the
 * round pack first), and — the current Swiss round only — re-pairing it before any result, re-pairing
 * just the tables without one, or swapping two players (SwapPanel), each with its reason.
 */
import { useEffect, useMemo, useState } from 'react';
import type { EventState, PlayerId, Round } from '../../../core/model/types.js';
import { PrintButton } from '../../components/PrintButton.js';
import { competitorNoun, outstandingTables } from '../../lib/event.js';
import { plural } from '../../lib/format.js';
import { RoundTables } from './RoundTables.js';
import { groupsOf, PLAYOFF_WORK_PLACES, pointsBefore, roundLabel } from './round-facts.js';
import { SwapPanel } from './SwapPanel.js';

export function PublishedRound({ state, round, isCurrent, onRepair, onRepairOpen, repairProblem }: {
  state: EventState;
  round: Round;
  isCurrent: boolean;
  onRepair: () => void;
  /** Re-pair just the tables without a result (the results entered stand). */
  onRepairOpen: () => void;
  repairProblem: string | null;
}) {
  const [query, setQuery] = useState('');
  const [swapOpen, setSwapOpen] = useState(false);
  const [picked, setPicked] = useState<PlayerId[]>([]);
  const points = useMemo(() => pointsBefore(state, round.number), [state, round.number]);
  const open = outstandingTables(round);
  const hasResults = round.tables.some((t) => t.result !== undefined);
  const editable = isCurrent && round.stage === 'swiss';
  // Who a swap can still move: players at tables without a result, and pairing byes.
  const movable = open.length * 2 + round.byes.filter((b) => b.kind === 'pairing').length;
  const swapWhy =
    movable >= 2 && open.length > 0
      ? null
      : open.length === 0
        ? `every table of round ${round.number} has a result: nobody can be moved (amend results on the Results screen)`
        : `only table ${open[0]} is without a result: there is nobody to swap with`;
  useEffect(() => {
    setSwapOpen(false);
    setPicked([]);
  }, [round.number]);
  const pick = (id: PlayerId): void => {
    if (picked.includes(id)) setPicked(picked.filter((p) => p !== id));
    else setPicked(picked.filter(Boolean).length >= 2 ? [id] : [...picked.filter(Boolean), id]);
  };
  const groups = groupsOf(state);
  // A team event swaps teams (a team is one competitor).
  const who = competitorNoun(state.ruleset, state.settings);
  return (
    <section className="card published" aria-label={`${roundLabel(round)} pairings`} data-testid="published-round">
      <div className="section-head">
        <div>
          <h2>{roundLabel(round)}</h2>
          <p className="muted" data-testid="round-status">
            {plural(round.tables.length, 'table')}
            {round.byes.length > 0 ? ` · ${plural(round.byes.length, 'bye')}` : ''} ·{' '}
            {open.length === 0 ? 'all results in' : `${open.length} outstanding`}
          </p>
        </div>
        <div className="toolbar print-bar">
          <PrintButton doc="round-pack" round={round.number} primary={isCurrent} />
          <PrintButton doc="pairings-by-name" round={round.number} />
          <PrintButton doc="pairings-by-table" round={round.number} />
          <PrintButton doc="match-slips" round={round.number} />
          <PrintButton doc="seating" round={round.number} />
        </div>
      </div>
      {round.stage === 'playoff' && <p className="notice" data-testid="playoff-work-places">{PLAYOFF_WORK_PLACES} Shown here read-only.</p>}
      <div className="toolbar change-bar">
        <label className="search">
          Find a player
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Name  ( / )" data-search />
        </label>
        {editable && (
          <>
            <button type="button" onClick={onRepair} data-testid="repair" disabled={hasResults} aria-describedby={hasResults ? 'repair-why' : undefined}>
              Re-pair round {round.number}
            </button>
            {hasResults && (
              <span id="repair-why" className="muted why" data-testid="repair-why">
                Round {round.number} has results: only its tables without a result can be re-paired.
              </span>
            )}
            {hasResults && open.length >= 2 && (
              <button type="button" onClick={onRepairOpen} data-testid="repair-open">
                Re-pair the {plural(open.length, 'table')} without results…
              </button>
            )}
            <button type="button" onClick={() => setSwapOpen(!swapOpen)} aria-expanded={swapOpen} data-testid="open-swap" disabled={swapWhy !== null} aria-describedby={swapWhy ? 'swap-why' : undefined}>
              Swap two {who}s…
            </button>
            {swapWhy ? (
              <span id="swap-why" className="muted why" data-testid="swap-why">
                Swap: {swapWhy}.
              </span>
            ) : (
              <span className="muted">{hasResults ? 'Tables with a result keep their players; the others can still change (with a reason).' : 'Possible at any table until its result is entered.'}</span>
            )}
          </>
        )}
      </div>
      {editable && repairProblem && (
        <p className="problem" role="alert" data-testid="repair-problem">
          The station refused to re-pair: {repairProblem}
        </p>
      )}
      {editable && swapOpen && <SwapPanel state={state} round={round} picked={picked} setPicked={setPicked} onClose={() => setSwapOpen(false)} />}
      <RoundTables
        state={state}
        roundNumber={round.number}
        stage={round.stage}
        tables={round.tables}
        byes={round.byes}
        {...(round.waiting ? { waiting: round.waiting } : {})}
        points={points}
        {...(groups ? { groups } : {})}
        query={query}
        showResults
        {...(editable && swapOpen ? { onPick: pick, picked } : {})}
      />
    </section>
  );
}
