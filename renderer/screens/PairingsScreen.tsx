/**
 * Pairings: pair the next round, look at the proposal and its pairing check before publishing
 * (publishing is a modal step; the unpublished proposal is kept in the store, so it survives
 * switching screens), re-pair the round before any result, or fix tables while the results entered
 * stand (swap two players, or re-pair just the tables without a result, with a reason), no-shows who
 * may still report in, draft pods, and the published rounds with their prints (the round pack
 * first). Playoff rounds show here read-only (the Playoffs screen pairs them).
 */
import { useEffect, useMemo, useState } from 'react';
import type { StationApi } from '../../core/api/contract.js';
import { publishCommand } from '../../core/event/commands.js';
import type { EventState, PairingProposal, PlayerId, Round } from '../../core/model/types.js';
import { PrintButton } from '../components/PrintButton.js';
import { activeCount, competitorNoun, currentRound, outstandingTables, pendingNoShows, plannedSwissRounds, primaryAction, swissRoundsPlayed } from '../lib/event.js';
import { isolate, plural, pluralWord } from '../lib/format.js';
import { useStation, type PendingProposal } from '../store/station.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { openTablesFix, roundAfterFix } from '../../core/event/table-fix.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { mtrCitation } from '../../core/rulesets/ruleset.js';
import { Name } from '../components/Name.js';
import { DraftPods } from './pairings/DraftPods.js';
import { checkProposal, PairingCheck } from './pairings/PairingCheck.js';
import { RoundTables } from './pairings/RoundTables.js';
import { displayNames, pointsBefore, roundLabel } from './pairings/shared.js';
import { usesDraftPods } from './players/RegistrationForm.js';
import { SwapPanel } from './pairings/SwapPanel.js';
import './Pairings.css';

/** The unpublished proposal (kept in the store, so it survives switching screens). */
type Proposed = PendingProposal;

/** Each player's group, where the event is played in groups (the rule set says: Lightseekers large). */
function groupsOf(state: EventState, proposal?: PairingProposal): Map<PlayerId, number> | undefined {
  if (!getRuleset(state.ruleset).presentation.groups) return undefined;
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

/**
 * Ask for a proposal and keep it in the store: the next round, a re-pair of the current round
 * (`replace`), or (`fix`) new seats for just the current round's tables without a result, paired
 * here by the rule set while the entered results stand. The top bar's "Pair round N" calls this too,
 * so the proposal and its check open in one step. Resolves to the problem in words, or null.
 */
export async function proposePairing(kind: 'next' | 'replace' | 'fix'): Promise<string | null> {
  const store = useStation.getState();
  const state = store.snapshot?.state;
  if (!state) return null;
  const current = currentRound(state);
  const round = kind === 'next' ? state.rounds.length + 1 : (current?.number ?? state.rounds.length + 1);
  const base = { eventId: state.id, roundsThen: state.rounds.length, round, replace: kind !== 'next' };
  if (kind === 'fix') {
    try {
      if (!current) return 'no round has been paired yet';
      const seed = crypto.getRandomValues(new Uint32Array(1))[0] as number;
      const fix = openTablesFix(state, seed);
      const after = roundAfterFix(current, fix);
      const tables = after.tables.map((t) => ({ table: t.table, seats: [...t.seats] }));
      store.setPairingProposal({ ...base, proposal: { tables, byes: after.byes, warnings: fix.warnings, seed }, fix: { tables: fix.tables.map((t) => t.table) } });
      return null;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      store.toast(message, { kind: 'problem' });
      return message;
    }
  }
  const outcome = await ask(`${kind === 'replace' ? 'Re-pairing' : 'Pairing'} round ${round}…`, (api) =>
    api.query({ kind: 'propose-pairing', ...(kind === 'replace' ? { replace: true } : {}) }),
  );
  if (!outcome) return null;
  if ('error' in outcome) return outcome.error;
  if (outcome.value.kind === 'propose-pairing') store.setPairingProposal({ ...base, proposal: outcome.value.proposal });
  return null;
}

/** Is a kept proposal still about the event and round as they are now? */
function isCurrentProposal(state: EventState, proposed: Proposed): boolean {
  if (proposed.eventId !== state.id || proposed.roundsThen !== state.rounds.length) return false;
  const round = currentRound(state);
  if (proposed.fix) return !!round && proposed.fix.tables.every((n) => round.tables.some((t) => t.table === n && t.result === undefined));
  if (proposed.replace) return !!round && round.tables.every((t) => t.result === undefined);
  return true;
}

function Preview({ state, proposed, onPublish, onAnother, onDiscard, reason, setReason }: {
  state: EventState;
  proposed: Proposed;
  onPublish: () => void;
  onAnother: () => void;
  onDiscard: () => void;
  /** Re-pairing the open tables: the reason the journal keeps. */
  reason: string;
  setReason: (reason: string) => void;
}) {
  const { proposal, round, fix } = proposed;
  const points = useMemo(() => pointsBefore(state, round), [state, round]);
  const [query, setQuery] = useState('');
  const shownTables = fix ? proposal.tables.filter((t) => fix.tables.includes(t.table)) : proposal.tables;
  return (
    <section className="card preview" aria-label={`Proposed pairing for round ${round}`} data-testid="pairing-preview">
      <div className="section-head">
        <div>
          <p className="eyebrow">Not published yet</p>
          <h2>
            Proposed pairing — round {round}
            {fix ? ` (tables ${fix.tables.join(', ')}, re-paired)` : proposed.replace ? ' (re-pair)' : ''}
          </h2>
          {fix && <p className="muted">Only the tables without a result are paired again; entered results and every other table stand.</p>}
        </div>
        <div className="toolbar">
          <button type="button" className="primary" onClick={onPublish} data-testid="publish">
            {fix ? `Publish the new tables` : proposed.replace ? `Publish the new round ${round}` : `Publish round ${round}`}
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
      {fix && (
        <label className="reason">
          Reason (required, kept in the event log)
          <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. table 4 seated a family pair (Head Judge)" maxLength={500} data-testid="fix-reason" />
        </label>
      )}
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
        tables={shownTables}
        byes={proposal.byes}
        {...(proposal.waiting ? { waiting: proposal.waiting } : {})}
        points={points}
        {...(groupsOf(state, proposal) ? { groups: groupsOf(state, proposal) as Map<PlayerId, number> } : {})}
        query={query}
      />
    </section>
  );
}

/**
 * MTR 2.10: no-shows of the current round are dropped from the next one unless they report to the
 * scorekeeper before it is paired — listed here, right before pairing, each with "Reported in".
 */
export function NoShows({ state }: { state: EventState }) {
  const dispatch = useStation((s) => s.dispatch);
  const names = displayNames(state);
  const waiting = pendingNoShows(state);
  if (waiting.length === 0) return null;
  const next = state.rounds.length + 1;
  const cite = mtrCitation(getRuleset(state.ruleset).terms, '2.10');
  return (
    <div className="notice no-shows" data-testid="no-shows">
      <p>
        {pluralWord(waiting.length, 'No-show', 'No-shows')}: dropped from round {next} unless they report to the scorekeeper before it is paired{cite ? ` (${cite})` : ''}.
      </p>
      <ul>
        {waiting.map((p) => (
          <li key={p.id}>
            <Name>{names.get(p.id) ?? p.id}</Name>{' '}
            <button
              type="button"
              onClick={() => void dispatch({ type: 'report-in', id: p.id }, `${isolate(names.get(p.id) ?? p.id)} reported in: paired again from round ${next} (the loss stands)`)}
              data-testid={`report-in-${p.id}`}
            >
              Reported in
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PublishedRound({ state, round, isCurrent, onRepair, onRepairOpen, repairProblem }: {
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
      {round.stage === 'playoff' && <p className="notice">Playoff rounds are paired and their results entered on the Playoffs screen; shown here read-only.</p>}
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

export function PairingsScreen() {
  const state = useStation((s) => s.snapshot?.state ?? null);
  const setScreen = useStation((s) => s.setScreen);
  const dispatch = useStation((s) => s.dispatch);
  const kept = useStation((s) => s.pairingProposal);
  const setProposed = useStation((s) => s.setPairingProposal);
  const proposed = state && kept && isCurrentProposal(state, kept) ? kept : null;
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const [repairProblem, setRepairProblem] = useState<string | null>(null);

  const current = state ? currentRound(state) : undefined;
  // A kept proposal goes stale when the event or its rounds change under it (another window published,
  // a result came in at a table it re-pairs).
  const roundsLength = state?.rounds.length ?? 0;
  useEffect(() => {
    if (kept && state && !isCurrentProposal(state, kept)) setProposed(null);
  }, [state, kept]);
  useEffect(() => setRepairProblem(null), [roundsLength]);

  const summary = useMemo(() => (state && proposed ? checkProposal(state, proposed.round, proposed.proposal) : null), [state, proposed]);
  if (!state) return <section className="card"><p className="empty">No event open.</p></section>;

  const next = state.rounds.length + 1;
  const unfinished = current ? outstandingTables(current) : [];
  const canPair = !state.playoff && unfinished.length === 0 && activeCount(state) >= 2;
  const action = primaryAction(state);
  const viewed = state.rounds.find((r) => r.number === (shown ?? current?.number)) ?? current;

  const propose = async (kind: 'next' | 'replace' | 'fix'): Promise<void> => {
    setRepairProblem(null);
    setBusy(true);
    const problem = await proposePairing(kind);
    setBusy(false);
    if (problem && kind !== 'next') setRepairProblem(problem);
  };
  const again = (p: Proposed): 'next' | 'replace' | 'fix' => (p.fix ? 'fix' : p.replace ? 'replace' : 'next');

  // RULES 4: a Swiss round past the announced (or, none announced, the recommended) number asks first.
  const planned = plannedSwissRounds(state);
  const announced = state.settings.swissRounds !== undefined;
  const beyond = proposed !== null && !proposed.replace && !proposed.fix && (announced || planned > 0) && swissRoundsPlayed(state) + 1 > planned;

  const publish = async (): Promise<void> => {
    if (!proposed) return;
    const { proposal, round, replace, fix } = proposed;
    if (fix) {
      // Only the re-paired tables, with the reason; every result entered stands.
      const tables = proposal.tables.filter((t) => fix.tables.includes(t.table)).map((t) => ({ table: t.table, seats: [...t.seats] }));
      setBusy(true);
      const ack = await dispatch(
        { type: 'fix-tables', round, tables, reason: reason.trim() },
        `Round ${round}: tables ${fix.tables.join(', ')} re-paired (the results entered stand; the reason is in the event log)`,
      );
      setBusy(false);
      setConfirming(false);
      if (ack) {
        setProposed(null);
        setReason('');
        setShown(null);
      }
      return;
    }
    const command = publishCommand(round, 'swiss', proposal, { ...(replace ? { replace: true } : {}), ...(beyond ? { beyondAnnounced: true } : {}) });
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
  // "teams" in team events: a team is one competitor, paired and seated as one.
  const who = competitorNoun(state.ruleset, state.settings);
  return (
    <div className="pairings-screen">
      <section className="card pairings-head">
        <div className="head-row">
          <h2>Pairings</h2>
          <span className="muted" data-testid="pairings-summary">
            {plural(activeCount(state), `active ${who}`)}
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
            <button type="button" className={action.kind === 'pair' ? 'primary big-action' : 'big-action'} onClick={() => void propose('next')} disabled={busy} data-testid="pair-next">
              Pair round {next}
              {action.kind === 'pair' ? '' : ' (extra round)'}
            </button>
          )}
        </div>
        {!state.playoff && unfinished.length > 0 && !proposed && (
          <p className="notice">
            {roundLabel(current)} has {plural(unfinished.length, 'table')} without a result: enter {pluralWord(unfinished.length, 'it', 'them')} before pairing round {next}.{' '}
            <button type="button" className="linkish" onClick={() => setScreen('results')}>
              Go to Results
            </button>
          </p>
        )}
        {!proposed && <NoShows state={state} />}
        {state.playoff && <p className="notice">The playoff has started: its rounds are paired on the Playoffs screen.</p>}
        {!state.playoff && activeCount(state) < 2 && <p className="notice">Register at least two {who}s to pair a round.</p>}
      </section>

      {proposed && (
        <Preview
          state={state}
          proposed={proposed}
          onPublish={() => {
            if (proposed.fix && !reason.trim()) {
              useStation.getState().toast('Say why these tables are changed: the reason is kept in the event log.', { kind: 'problem' });
              document.querySelector<HTMLInputElement>('[data-testid="fix-reason"]')?.focus();
              return;
            }
            setConfirming(true);
          }}
          onAnother={() => void propose(again(proposed))}
          onDiscard={() => setProposed(null)}
          reason={reason}
          setReason={setReason}
        />
      )}

      {!proposed && viewed && (
        <PublishedRound
          key={viewed.number}
          state={state}
          round={viewed}
          isCurrent={viewed === current}
          onRepair={() => void propose('replace')}
          onRepairOpen={() => void propose('fix')}
          repairProblem={repairProblem}
        />
      )}

      {!proposed && !viewed && <section className="card"><p className="empty">No round paired yet.</p></section>}

      {usesDraftPods(state) && !proposed && <DraftPods state={state} />}

      {confirming && proposed && summary && (
        <ConfirmDialog
          title={
            proposed.fix
              ? `Replace tables ${proposed.fix.tables.join(', ')} of round ${proposed.round}?`
              : proposed.replace
              ? `Replace round ${proposed.round} with this pairing?`
              : beyond
                ? `Publish round ${proposed.round}, past the ${plural(planned, 'Swiss round')} ${announced ? 'announced' : 'recommended'}?`
                : `Publish round ${proposed.round}?`
          }
          confirm={proposed.fix ? 'Replace these tables' : proposed.replace ? `Replace round ${proposed.round}` : beyond ? `Publish extra round ${proposed.round}` : `Publish round ${proposed.round}`}
          onConfirm={() => void publish()}
          onCancel={() => setConfirming(false)}
          busy={busy}
        >
          {beyond && (
            <p className="notice" data-testid="beyond-announced">
              {announced
                ? `This event announced ${plural(planned, 'Swiss round')}: round ${proposed.round} is an extra round. Players planned for ${plural(planned, 'round')}; make sure they know before you publish.`
                : `The rules recommend ${plural(planned, 'Swiss round')} for this event: round ${proposed.round} is an extra round.`}
            </p>
          )}
          <p>
            {plural(proposed.proposal.tables.length, 'table')}
            {proposed.proposal.byes.length > 0 ? `, ${plural(proposed.proposal.byes.length, 'bye')}` : ''} · {summary.seated} of{' '}
            {plural(summary.active, `active ${who}`)} seated
            {proposed.proposal.warnings.length > 0 ? ` · ${plural(proposed.proposal.warnings.length, 'warning')} (see the pairing check)` : ''}.
          </p>
          {summary.problems.length > 0 && (
            <p className="problem">
              <strong>The pairing check found {plural(summary.problems.length, 'problem')}: the station will refuse a dropped or unregistered player.</strong>
            </p>
          )}
          <p className="muted">
            {proposed.fix
              ? `Tables ${proposed.fix.tables.join(', ')} get new seats; tables with a result, and their results, stand. Reason: “${reason.trim()}”.`
              : proposed.replace
              ? 'The published pairing is replaced; players who already looked need to look again.'
              : 'Players see these pairings once they are printed or projected. Until the first result, the round can still be re-paired.'}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
