/**
 * Pairings: pair the next round, look at the proposal and its pairing check before publishing
 * (publishing is a modal step), re-pair or swap two players before any result, draft pods, and the
 * published rounds with their prints. Playoff rounds show here read-only (the Playoffs screen pairs
 * them).
 */
import { useEffect, useMemo, useState } from 'react';
import type { StationApi } from '../../core/api/contract.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState, PairingProposal, PlayerId, Round } from '../../core/model/types.js';
import { PrintButton } from '../components/PrintButton.js';
import { activeCount, currentRound, outstandingTables, primaryAction } from '../lib/event.js';
import { plural } from '../lib/format.js';
import { useStation } from '../store/station.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { DraftPods } from './pairings/DraftPods.js';
import { checkProposal, PairingCheck } from './pairings/PairingCheck.js';
import { RoundTables } from './pairings/RoundTables.js';
import { familyOf, pointsBefore, roundLabel } from './pairings/shared.js';
import { SwapPanel } from './pairings/SwapPanel.js';
import './Pairings.css';

interface Proposed {
  proposal: PairingProposal;
  round: number;
  /** A re-pair of the published current round (published with replace). */
  replace: boolean;
}

function groupsOf(state: EventState, proposal?: PairingProposal): Map<PlayerId, number> | undefined {
  if (state.ruleset !== 'lightseekers-large') return undefined;
  const out = new Map<PlayerId, number>();
  for (const p of state.players) if (p.group !== undefined) out.set(p.id, p.group);
  proposal?.groups?.forEach((members, i) => members.forEach((id) => out.set(id, i + 1)));
  return out;
}

/** What `run` would toast, caught so the screen can also show it in place. */
async function ask<T>(label: string, work: (api: StationApi) => Promise<T>): Promise<{ value: T } | { error: string } | null> {
  const store = useStation.getState();
  const outcome = await store.run(label, async (api): Promise<{ value: T } | { error: string }> => {
    try {
      return { value: await work(api) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
  if (outcome && 'error' in outcome) store.toast(outcome.error, { kind: 'problem' });
  return outcome;
}

function Preview({ state, proposed, onPublish, onAnother, onDiscard }: {
  state: EventState;
  proposed: Proposed;
  onPublish: () => void;
  onAnother: () => void;
  onDiscard: () => void;
}) {
  const { proposal, round } = proposed;
  const points = useMemo(() => pointsBefore(state, round), [state, round]);
  const [query, setQuery] = useState('');
  return (
    <section className="card preview" aria-label={`Proposed pairing for round ${round}`} data-testid="pairing-preview">
      <div className="section-head">
        <div>
          <p className="eyebrow">Not published yet</p>
          <h2>
            Proposed pairing — round {round}
            {proposed.replace ? ' (re-pair)' : ''}
          </h2>
        </div>
        <div className="toolbar">
          <button type="button" className="primary" onClick={onPublish} data-testid="publish">
            {proposed.replace ? `Publish the new round ${round}` : `Publish round ${round}`}
          </button>
          <button type="button" onClick={onAnother}>
            Pair again (new draw)
          </button>
          <button type="button" onClick={onDiscard}>
            Discard
          </button>
        </div>
      </div>
      <PairingCheck state={state} round={round} proposal={proposal} />
      <div className="toolbar">
        <label className="search">
          Find a player
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Name" data-search />
        </label>
      </div>
      <RoundTables
        state={state}
        roundNumber={round}
        stage="swiss"
        tables={proposal.tables}
        byes={proposal.byes}
        {...(proposal.waiting ? { waiting: proposal.waiting } : {})}
        points={points}
        {...(groupsOf(state, proposal) ? { groups: groupsOf(state, proposal) as Map<PlayerId, number> } : {})}
        query={query}
      />
    </section>
  );
}

function PublishedRound({ state, round, isCurrent, onRepair, repairProblem }: {
  state: EventState;
  round: Round;
  isCurrent: boolean;
  onRepair: () => void;
  repairProblem: string | null;
}) {
  const [query, setQuery] = useState('');
  const [swapOpen, setSwapOpen] = useState(false);
  const [picked, setPicked] = useState<PlayerId[]>([]);
  const points = useMemo(() => pointsBefore(state, round.number), [state, round.number]);
  const open = outstandingTables(round);
  const hasResults = round.tables.some((t) => t.result !== undefined);
  const editable = isCurrent && round.stage === 'swiss';
  useEffect(() => {
    setSwapOpen(false);
    setPicked([]);
  }, [round.number]);
  const pick = (id: PlayerId): void => {
    if (picked.includes(id)) setPicked(picked.filter((p) => p !== id));
    else setPicked(picked.filter(Boolean).length >= 2 ? [id] : [...picked.filter(Boolean), id]);
  };
  const groups = groupsOf(state);
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
          <PrintButton doc="pairings-by-name" round={round.number} primary={isCurrent} />
          <PrintButton doc="pairings-by-table" round={round.number} />
          <PrintButton doc="match-slips" round={round.number} />
          <PrintButton doc="seating" round={round.number} />
        </div>
      </div>
      {round.stage === 'playoff' && <p className="notice">Playoff rounds are paired and their results entered on the Playoffs screen; shown here read-only.</p>}
      <div className="toolbar change-bar">
        <label className="search">
          Find a player
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Name  ( / )" data-search />
        </label>
        {editable && (
          <>
            <button type="button" onClick={onRepair} data-testid="repair">
              Re-pair round {round.number}
            </button>
            <button type="button" onClick={() => setSwapOpen(!swapOpen)} aria-expanded={swapOpen} data-testid="open-swap">
              Swap two players…
            </button>
            <span className="muted">{hasResults ? `Round ${round.number} has results: it can no longer be re-paired or changed.` : 'Possible until the first result is entered.'}</span>
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

export function PairingsScreen() {
  const state = useStation((s) => s.snapshot?.state ?? null);
  const setScreen = useStation((s) => s.setScreen);
  const dispatch = useStation((s) => s.dispatch);
  const [proposed, setProposed] = useState<Proposed | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const [repairProblem, setRepairProblem] = useState<string | null>(null);

  const current = state ? currentRound(state) : undefined;
  // A proposal goes stale when the rounds change under it (another window published).
  const roundsLength = state?.rounds.length ?? 0;
  useEffect(() => {
    if (proposed && !proposed.replace && proposed.round !== roundsLength + 1) setProposed(null);
    setRepairProblem(null);
  }, [roundsLength]);

  const summary = useMemo(() => (state && proposed ? checkProposal(state, proposed.round, proposed.proposal) : null), [state, proposed]);
  if (!state) return <section className="card"><p className="empty">No event open.</p></section>;

  const next = state.rounds.length + 1;
  const unfinished = current ? outstandingTables(current) : [];
  const canPair = !state.playoff && unfinished.length === 0 && activeCount(state) >= 2;
  const action = primaryAction(state);
  const viewed = state.rounds.find((r) => r.number === (shown ?? current?.number)) ?? current;

  const propose = async (replace: boolean): Promise<void> => {
    const round = replace ? (current?.number ?? next) : next;
    setRepairProblem(null);
    setBusy(true);
    const outcome = await ask(`${replace ? 'Re-pairing' : 'Pairing'} round ${round}…`, (api) =>
      api.query({ kind: 'propose-pairing', ...(replace ? { replace: true } : {}) }),
    );
    setBusy(false);
    if (!outcome) return;
    if ('error' in outcome) {
      if (replace) setRepairProblem(outcome.error);
      return;
    }
    if (outcome.value.kind === 'propose-pairing') setProposed({ proposal: outcome.value.proposal, round, replace });
  };

  const publish = async (): Promise<void> => {
    if (!proposed) return;
    const { proposal, round, replace } = proposed;
    const command: Command = {
      type: 'pair-round',
      round,
      stage: 'swiss',
      tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
      byes: proposal.byes.map((b) => ({ player: b.player, kind: b.kind })),
      seed: proposal.seed,
      ...(proposal.groups ? { groups: proposal.groups } : {}),
      ...(replace ? { replace: true } : {}),
    };
    setBusy(true);
    const ack = await dispatch(command, `Round ${round} ${replace ? 're-paired' : 'published'}: ${plural(proposal.tables.length, 'table')}${proposal.byes.length ? `, ${plural(proposal.byes.length, 'bye')}` : ''}`);
    setBusy(false);
    setConfirming(false);
    if (ack) {
      setProposed(null);
      setShown(null);
    }
  };

  const rounds = state.rounds;
  return (
    <div className="pairings-screen">
      <section className="card pairings-head">
        <div className="head-row">
          <h2>Pairings</h2>
          <span className="muted" data-testid="pairings-summary">
            {plural(activeCount(state), 'active player')}
            {current ? ` · ${roundLabel(current)} ${unfinished.length > 0 ? `· ${unfinished.length} outstanding` : '· complete'}` : ' · no round paired yet'}
          </span>
          <span className="spacer" />
          {rounds.length > 1 && !proposed && (
            <label className="inline">
              Show
              <select value={viewed?.number ?? ''} onChange={(e) => setShown(Number(e.target.value))} aria-label="Show round">
                {rounds.map((r) => (
                  <option key={r.number} value={r.number}>
                    {roundLabel(r)}
                  </option>
                ))}
              </select>
            </label>
          )}
          {canPair && !proposed && (
            <button type="button" className={action.kind === 'pair' ? 'primary big-action' : 'big-action'} onClick={() => void propose(false)} disabled={busy} data-testid="pair-next">
              Pair round {next}
              {action.kind === 'pair' ? '' : ' (extra round)'}
            </button>
          )}
        </div>
        {!state.playoff && unfinished.length > 0 && !proposed && (
          <p className="notice">
            {roundLabel(current)} has {plural(unfinished.length, 'table')} without a result: enter {unfinished.length === 1 ? 'it' : 'them'} before pairing round {next}.{' '}
            <button type="button" className="linkish" onClick={() => setScreen('results')}>
              Go to Results
            </button>
          </p>
        )}
        {state.playoff && <p className="notice">The playoff has started: its rounds are paired on the Playoffs screen.</p>}
        {!state.playoff && activeCount(state) < 2 && <p className="notice">Register at least two players to pair a round.</p>}
      </section>

      {proposed && (
        <Preview
          state={state}
          proposed={proposed}
          onPublish={() => setConfirming(true)}
          onAnother={() => void propose(proposed.replace)}
          onDiscard={() => setProposed(null)}
        />
      )}

      {!proposed && viewed && (
        <PublishedRound
          key={viewed.number}
          state={state}
          round={viewed}
          isCurrent={viewed === current}
          onRepair={() => void propose(true)}
          repairProblem={repairProblem}
        />
      )}

      {!proposed && !viewed && <section className="card"><p className="empty">No round paired yet.</p></section>}

      {state.settings.format === 'draft' && familyOf(state) === 'head-to-head' && !proposed && <DraftPods state={state} />}

      {confirming && proposed && summary && (
        <ConfirmDialog
          title={proposed.replace ? `Replace round ${proposed.round} with this pairing?` : `Publish round ${proposed.round}?`}
          confirm={proposed.replace ? `Replace round ${proposed.round}` : `Publish round ${proposed.round}`}
          onConfirm={() => void publish()}
          onCancel={() => setConfirming(false)}
          busy={busy}
        >
          <p>
            {plural(proposed.proposal.tables.length, 'table')}
            {proposed.proposal.byes.length > 0 ? `, ${plural(proposed.proposal.byes.length, 'bye')}` : ''} · {summary.seated} of{' '}
            {plural(summary.active, 'active player')} seated
            {proposed.proposal.warnings.length > 0 ? ` · ${plural(proposed.proposal.warnings.length, 'warning')} (see the pairing check)` : ''}.
          </p>
          {summary.problems.length > 0 && (
            <p className="problem">
              <strong>The pairing check found {plural(summary.problems.length, 'problem')}: the station will refuse a dropped or unregistered player.</strong>
            </p>
          )}
          <p className="muted">
            {proposed.replace
              ? 'The published pairing is replaced; players who already looked need to look again.'
              : 'Players see these pairings once they are printed or projected. Until the first result, the round can still be re-paired.'}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
