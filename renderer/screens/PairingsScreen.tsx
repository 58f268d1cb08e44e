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
import type { EventState, PlayerId, Round } from '../../core/model/types.js';
import { activeCount, competitorNoun, currentRound, outstandingTables, pendingNoShows, plannedSwissRounds, primaryAction, swissRoundsPlayed } from '../lib/event.js';
import { isolate, plural, pluralWord } from '../lib/format.js';
import { useStation, type PendingProposal } from '../store/station.js';
import { openTablesFix, roundAfterFix } from '../../core/event/table-fix.js';
import { firstSeatField } from '../../core/model/seats.js';
import { deriveSeed } from '../../core/random/rng.js';
import { announcedRounds, getRuleset } from '../../core/rulesets/index.js';
import { mtrCitation } from '../../core/rulesets/ruleset.js';
import { Name } from '../components/Name.js';
import { DraftPods } from './pairings/DraftPods.js';
import { checkProposal, PairingCheck } from './pairings/PairingCheck.js';
import { RoundTables } from './pairings/RoundTables.js';
import { RoundsCard } from './pairings/RoundsCard.js';
import { displayNames } from '../lib/people.js';
import { groupsOf, pointsBefore, roundLabel } from './pairings/round-facts.js';
import { usesDraftPods } from './players/RegistrationForm.js';
import { PublishDialog } from './pairings/PublishDialog.js';
import { PublishedRound } from './pairings/PublishedRound.js';
import './Pairings.css';
import { attempt } from '../store/attempt.js';

/** The unpublished proposal (kept in the store, so it survives switching screens). */
type Proposed = PendingProposal;

/** What `run` would toast, caught so the screen can also show it in place. */
async function ask<T>(label: string, work: (api: StationApi) => Promise<T>): Promise<{ value: T } | { error: string } | null> {
  const outcome = await attempt(label, work);
  if (outcome && 'error' in outcome) useStation.getState().toast(outcome.error, { kind: 'problem' });
  return outcome;
}

/** The sub-stream of the event seed a re-pair of the open tables draws from (RULES 4). */
const OPEN_TABLES_FIX_STREAM = 0x4658;

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
      // RULES 4: from the event seed; a later fix of the same round draws from the seed the last one recorded.
      const seed = deriveSeed(current.seed ?? state.seed, OPEN_TABLES_FIX_STREAM, current.number);
      const fix = openTablesFix(state, seed);
      const after = roundAfterFix(current, fix);
      const tables = after.tables.map((t) => ({ table: t.table, seats: [...t.seats], ...firstSeatField(t.firstSeat) }));
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

/** The head card: the round in numbers, which round to show, "Pair round N", and what stands in the way of pairing. */
function PairingsHead({ state, current, viewed, proposing, busy, onShow, onPairNext }: {
  state: EventState;
  current: Round | undefined;
  viewed: Round | undefined;
  /** A proposal is open: the round picker, the pair button and the notices about the next round step aside. */
  proposing: boolean;
  busy: boolean;
  onShow: (round: number) => void;
  onPairNext: () => void;
}) {
  const setScreen = useStation((s) => s.setScreen);
  const next = state.rounds.length + 1;
  const unfinished = current ? outstandingTables(current) : [];
  const canPair = !state.playoff && unfinished.length === 0 && activeCount(state) >= 2;
  const action = primaryAction(state);
  const rounds = state.rounds;
  // "teams" in team events: a team is one competitor, paired and seated as one.
  const who = competitorNoun(state.ruleset, state.settings);
  return (
    <section className="card pairings-head">
      <div className="head-row">
        <h2>Pairings</h2>
        <span className="muted" data-testid="pairings-summary">
          {plural(activeCount(state), `active ${who}`)}
          {current ? ` · ${roundLabel(current)} ${unfinished.length > 0 ? `· ${unfinished.length} outstanding` : '· complete'}` : ' · no round paired yet'}
        </span>
        <span className="spacer" />
        {rounds.length > 1 && !proposing && (
          <label className="inline">
            Show
            <select value={viewed?.number ?? ''} onChange={(e) => onShow(Number(e.target.value))} aria-label="Show round">
              {rounds.map((r) => (
                <option key={r.number} value={r.number}>
                  {roundLabel(r)}
                </option>
              ))}
            </select>
          </label>
        )}
        {canPair && !proposing && (
          <button type="button" className={action.kind === 'pair' ? 'primary big-action' : 'big-action'} onClick={onPairNext} disabled={busy} data-testid="pair-next">
            Pair round {next}
            {next > 1 && next > plannedSwissRounds(state) ? ' (extra round)' : ''}
          </button>
        )}
      </div>
      {!state.playoff && unfinished.length > 0 && !proposing && (
        <p className="notice">
          {roundLabel(current)} has {plural(unfinished.length, 'table')} without a result: enter {pluralWord(unfinished.length, 'it', 'them')} before pairing round {next}.{' '}
          <button type="button" className="linkish" onClick={() => setScreen('results')}>
            Go to Results
          </button>
        </p>
      )}
      {!proposing && <NoShows state={state} />}
      {state.playoff && <p className="notice">The playoff has started: its rounds are paired on the Playoffs screen.</p>}
      {!state.playoff && activeCount(state) < 2 && <p className="notice">Register at least two {who}s to pair a round.</p>}
    </section>
  );
}

/** RULES 4: a Swiss round past the announced (or, none announced, the recommended) number asks first. */
function roundsPlan(state: EventState, proposed: Proposed | null): { planned: number; announced: boolean; decided: string | undefined; beyond: boolean } {
  const planned = plannedSwissRounds(state);
  const announced = state.settings.swissRounds !== undefined;
  // A variable number as its criterion decided it (MTR 10.2), said in the publish dialog.
  const criterion = announcedRounds(state, getRuleset(state.ruleset))?.criterion;
  const decided = criterion?.evaluated ? criterion.words : undefined;
  const beyond = proposed !== null && !proposed.replace && !proposed.fix && (announced || planned > 0) && swissRoundsPlayed(state) + 1 > planned;
  return { planned, announced, decided, beyond };
}

export function PairingsScreen() {
  const state = useStation((s) => s.snapshot?.state ?? null);
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
  // The top bar's "Publish round N" asks here, as this screen's Publish button does.
  const publishRequested = useStation((s) => s.publishRequested);
  useEffect(() => {
    if (!publishRequested) return;
    useStation.getState().requestPublish(false);
    if (proposed && !proposed.fix) setConfirming(true);
  }, [publishRequested, proposed]);

  const summary = useMemo(() => (state && proposed ? checkProposal(state, proposed.round, proposed.proposal) : null), [state, proposed]);
  if (!state) return <section className="card"><p className="empty">No event open.</p></section>;

  const viewed = state.rounds.find((r) => r.number === (shown ?? current?.number)) ?? current;

  const propose = async (kind: 'next' | 'replace' | 'fix'): Promise<void> => {
    setRepairProblem(null);
    setBusy(true);
    const problem = await proposePairing(kind);
    setBusy(false);
    if (problem && kind !== 'next') setRepairProblem(problem);
  };
  const again = (p: Proposed): 'next' | 'replace' | 'fix' => (p.fix ? 'fix' : p.replace ? 'replace' : 'next');

  const { planned, announced, decided, beyond } = roundsPlan(state, proposed);

  const publish = async (): Promise<void> => {
    if (!proposed) return;
    const { proposal, round, replace, fix } = proposed;
    if (fix) {
      // Only the re-paired tables, with the reason; every result entered stands.
      const tables = proposal.tables.filter((t) => fix.tables.includes(t.table)).map((t) => ({ table: t.table, seats: [...t.seats], ...firstSeatField(t.firstSeat) }));
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

  return (
    <div className="pairings-screen">
      <PairingsHead state={state} current={current} viewed={viewed} proposing={proposed !== null} busy={busy} onShow={setShown} onPairNext={() => void propose('next')} />

      {!proposed && <RoundsCard state={state} />}

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
        <PublishDialog
          proposed={proposed}
          summary={summary}
          who={competitorNoun(state.ruleset, state.settings)}
          beyond={beyond}
          planned={planned}
          announced={announced}
          decided={decided}
          reason={reason}
          busy={busy}
          onConfirm={() => void publish()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
