/**
 * Before the cut: choose the cut (the rule set's cuts, the recommended one first), the booster-draft
 * top 8 for MTR, see the first playoff round the engine proposes (tables with seeds, waiting seeds,
 * warnings), then "Cut to top K" — a confirmation, because the cut ends the Swiss part — which records
 * the cut and publishes that round. Lightseekers final tables wait for the players to choose seats.
 */
import { useMemo, useState } from 'react';
import { publishCommand } from '../../../core/event/commands.js';
import type { EventState, PairingProposal, PlayerId } from '../../../core/model/types.js';
import { deriveSeed } from '../../../core/random/rng.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import type { RoundsRecommendation } from '../../../core/rulesets/ruleset.js';
import { competitorNoun, currentRound, outstandingTables, plannedSwissRounds, swissRoundsPlayed } from '../../lib/event.js';
import { plural, pluralWord } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { Name } from '../../components/Name.js';
import { seedInfo, TableCard, useHostQuery, WaitingList, Warnings, type SeedInfo } from './parts.js';

/** The sub-stream of the event seed the cut's draws come from (RULES 4; MTR 10.4's booster-draft seats). */
const CUT_DRAW_STREAM = 0x4355;

/** A final table whose players choose their seats after the cut: the order they choose in, lowest seed first. */
function ChoosingOrder({ table: t, nameOf, seeds }: { table: PairingProposal['tables'][number]; nameOf: (id: PlayerId) => string; seeds: SeedInfo }) {
  return (
    <div className="playoff-table choosing-card" data-testid={`playoff-table-${t.table}`}>
      <div className="playoff-table-head">
        <span className="table-number">Table {t.table}</span>
        <span className="muted">choosing order</span>
      </div>
      <ol className="po-seats choosing">
        {t.seats.map((id, i) => (
          <li key={id}>
            <span className="po-seat-label">{i === 0 ? 'Chooses 1st' : i === t.seats.length - 1 ? 'Chooses last' : `Chooses ${i + 1}${['st', 'nd', 'rd'][i] ?? 'th'}`}</span>
            <span className="seat-who">
              <span className="seed">Seed {seeds.seedOf(id)} — </span>
              <Name className="who">{nameOf(id)}</Name>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The first playoff round the cut would publish (or the final table, seats to choose), with the button that asks to cut. */
function CutPreview({ state, proposal, heading, seatChoice, top, useDraft, seeds, nameOf, onRedraw, onCut }: {
  state: EventState;
  proposal: PairingProposal & { seeds: string[] };
  heading: string;
  /** The players choose their seats after the cut (Lightseekers final tables). */
  seatChoice: boolean;
  top: number;
  useDraft: boolean;
  seeds: SeedInfo;
  nameOf: (id: PlayerId) => string;
  /** Draw the booster-draft seats again. */
  onRedraw: () => void;
  onCut: () => void;
}) {
  return (
    <div className="cut-preview" data-testid="cut-preview">
      <div className="preview-head">
        <h3>{heading}</h3>
        <div className="toolbar">
          {useDraft && (
            <button type="button" onClick={onRedraw}>
              Draw the draft seats again
            </button>
          )}
          <button type="button" className="primary" onClick={onCut} data-testid="cut-button">
            Cut to top {top}
            {useDraft ? ' (booster draft)' : ''}…
          </button>
        </div>
      </div>
      {seatChoice && (
        <p className="muted">
          After the cut the players choose their seats: the lowest seed first, the top seed last. You record the seats they choose.
        </p>
      )}
      <div className="playoff-tables">
        {proposal.tables.map((t) =>
          seatChoice ? (
            <ChoosingOrder key={t.table} table={t} nameOf={nameOf} seeds={seeds} />
          ) : (
            <TableCard key={t.table} state={state} table={t} nameOf={nameOf} seeds={seeds} />
          ),
        )}
      </div>
      <WaitingList waiting={proposal.waiting} nameOf={nameOf} seeds={seeds} note="they join the next round" />
      <Warnings warnings={proposal.warnings} state={state} />
      <details className="seed-list">
        <summary>All {proposal.seeds.length} {useDraft ? 'draft seats' : 'seeds'}</summary>
        <ol>
          {proposal.seeds.map((id) => (
            <li key={id}>
              <Name>{nameOf(id)}</Name>
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

/** The cuts the rule set offers (those larger than the players left disabled), and the booster-draft option. */
function CutChoice({ cuts, top, onTop, eligible, recommended, draftCut, useDraft, onDraft }: {
  cuts: readonly number[];
  top: number;
  onTop: (top: number) => void;
  /** Players who have not dropped. */
  eligible: number;
  recommended: number;
  draftCut: number | undefined;
  useDraft: boolean;
  onDraft: (draft: boolean) => void;
}) {
  return (
    <fieldset className="cut-choice">
      <legend>Cut</legend>
      {cuts.map((k) => (
        <label key={k} className={k === top ? 'chosen' : undefined}>
          <input type="radio" name="cut" value={k} checked={k === top} disabled={k > eligible} onChange={() => onTop(k)} />
          Top {k}
          {k === recommended ? <span className="muted"> (recommended)</span> : null}
        </label>
      ))}
      {draftCut !== undefined && (
        <label className="draft-option">
          <input type="checkbox" checked={useDraft} disabled={top !== draftCut} onChange={(e) => onDraft(e.target.checked)} data-testid="draft-top8" />
          Booster-draft top {draftCut}
        </label>
      )}
    </fieldset>
  );
}

/** Why this cut is recommended: the rules' row for the count registered now, in words. */
function WhyRecommended({ recommendation, registered, who }: { recommendation: RoundsRecommendation; registered: number; who: string }) {
  return (
    <p className="muted" data-testid="cut-recommended">
      Recommended: top {recommendation.top}, the rules’ row for {plural(recommendation.effectivePlayers, who)}.{recommendation.note ? ` ${recommendation.note}` : ''} The
      recommendation follows the {plural(registered, `${who} registered`, `${who}s registered`)} now, late entries included, so it can differ from the one made
      when the event was created.
    </p>
  );
}

export function CutPlanner({ state, nameOf }: { state: EventState; nameOf: (id: PlayerId) => string }) {
  const ruleset = getRuleset(state.ruleset);
  const lastSeq = useStation((s) => s.snapshot?.lastSeq ?? -1);
  const dispatch = useStation((s) => s.dispatch);
  const setScreen = useStation((s) => s.setScreen);
  const eligible = state.players.filter((p) => p.droppedAfterRound === undefined).length;
  // Teams in team events (MTR 8, 9): a team is one competitor, cut and seeded as one.
  const who = competitorNoun(state.ruleset, state.settings);
  // The rules' table read with the count registered now (late entries in), not the count expected
  // when the event was made: the recommendation can differ from the new-event screen's, and says why.
  const recommendation = useMemo(() => {
    try {
      return ruleset.recommendedRounds(
        { competitors: state.players.length, awardedByes: state.players.filter((p) => p.awardedByes > 0).map((p) => p.awardedByes) },
        state.settings,
      );
    } catch {
      return null;
    }
  }, [ruleset, state.players, state.settings]);
  const recommended = recommendation?.top ?? 0;
  const cuts = ruleset.playoffCuts;
  const defaultTop =
    cuts.includes(recommended) && recommended <= eligible ? recommended : ([...cuts].reverse().find((k) => k <= eligible) ?? cuts[0] ?? 2);
  const [top, setTop] = useState(defaultTop);
  // The booster-draft cut (MTR 10.4: top 8), where the rule set has one: chosen for a draft event.
  // Offered only where the players drafted (a sealed event plays no booster-draft top 8).
  const draftCut = state.settings.format === 'draft' ? ruleset.presentation.playoff.draftCut : undefined;
  const [draft, setDraft] = useState(draftCut !== undefined && state.settings.format === 'draft' && defaultTop === draftCut);
  // RULES 4: the draw comes from the event seed; each Redraw is the next draw of it.
  const [redraws, setRedraws] = useState(0);
  const seed = deriveSeed(state.seed, CUT_DRAW_STREAM, state.rounds.length, redraws);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const round = currentRound(state);
  const open = outstandingTables(round);
  const played = swissRoundsPlayed(state);
  const planned = plannedSwissRounds(state);
  const useDraft = draft && top === draftCut;
  const query = open.length > 0 ? null : ({ kind: 'propose-playoff', top, ...(useDraft ? { draft: true } : {}), seed } as const);
  const { result, error, slow } = useHostQuery<'propose-playoff'>(query, `${lastSeq}|${top}|${useDraft}|${seed}`);
  const proposal = result?.proposal ?? null;
  const seeds = seedInfo(proposal?.seeds ?? [], useDraft);
  const seatChoice = (proposal?.seatChoice?.length ?? 0) > 0;
  const firstRound = state.rounds.length + 1;

  const cut = async (): Promise<void> => {
    if (!proposal) return;
    setBusy(true);
    try {
      const ack = await dispatch({ type: 'start-playoff', top, draft: useDraft, seeds: [...proposal.seeds] }, `Cut to the top ${top}`);
      if (!ack) return;
      if (seatChoice) return; // the players choose their seats first (the next-round panel records it)
      await dispatch(
        publishCommand(firstRound, 'playoff', { tables: proposal.tables, byes: proposal.byes, waiting: proposal.waiting, seed: proposal.seed }),
        `Playoff round ${firstRound} published: ${plural(proposal.tables.length, 'table')}`,
      );
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <section className="card cut-planner" data-testid="cut-planner">
      <h2>Cut to the playoff</h2>
      {played < planned && (
        <p className="warning">
          {played} of {plural(planned, ruleset.presentation.words.swissRound)} played. The cut normally comes after the last one; you may still cut now.
        </p>
      )}
      {open.length > 0 && round && (
        <p className="problem" data-testid="cut-blocked">
          Round {round.number} is not finished: {pluralWord(open.length, 'table', 'tables')} {open.join(', ')} {pluralWord(open.length, 'has', 'have')} no result. The cut needs the final standings.{' '}
          <button type="button" onClick={() => setScreen('results')}>
            Enter results
          </button>
        </p>
      )}
      <CutChoice cuts={cuts} top={top} onTop={setTop} eligible={eligible} recommended={recommended} draftCut={draftCut} useDraft={useDraft} onDraft={setDraft} />
      {recommendation && recommended > 0 && <WhyRecommended recommendation={recommendation} registered={state.players.length} who={who} />}
      <p className="muted plan" data-testid="cut-plan">
        {ruleset.presentation.playoff.plan(top, useDraft)} {plural(eligible, who)} {pluralWord(eligible, 'has', 'have')} not dropped.
      </p>
      {error && (
        <p className="problem" role="alert" data-testid="cut-error">
          {error}
        </p>
      )}
      {!proposal && !error && query && <p className="muted">{slow ? 'Working out the cut…' : '\u00a0'}</p>}
      {proposal && (
        <CutPreview
          state={state}
          proposal={proposal}
          heading={seatChoice ? 'The final table' : `First playoff round (round ${firstRound})`}
          seatChoice={seatChoice}
          top={top}
          useDraft={useDraft}
          seeds={seeds}
          nameOf={nameOf}
          onRedraw={() => setRedraws((n) => n + 1)}
          onCut={() => setConfirming(true)}
        />
      )}
      {confirming && proposal && (
        <ConfirmDialog
          title={`Cut to the top ${top}?`}
          confirm={seatChoice ? `Cut to top ${top}` : `Cut to top ${top} and publish round ${firstRound}`}
          onConfirm={() => void cut()}
          onCancel={() => setConfirming(false)}
          busy={busy}
        >
          <p>
            The Swiss part of the event ends here: no more Swiss rounds can be paired, and a {who} who drops from now on is not replaced.
          </p>
          <p className="muted">
            {seatChoice
              ? 'Next, the players choose their seats at the final table and you record them.'
              : `The first playoff round (${plural(proposal.tables.length, 'table')}) is published at once.`}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
