/**
 * The Swiss rounds on the Pairings screen (MTR 10.2): before round 1, where the organiser announces
 * the number — fixed, or variable with its criterion — journaled as a setting; once round 1 is paired,
 * what was announced, that it cannot change now (and why), and, once the criterion's round has every
 * result, what it decided in words ("After round 4, 1 player has 4 match wins or more …: the Swiss
 * ends after round 4"). The top bar's button follows it ("Pair round 5" or "Cut to the playoff").
 */
import { useState } from 'react';
import type { EventState } from '../../../core/model/types.js';
import { announcedRounds, announcementProblem, describeAnnouncement, getRuleset } from '../../../core/rulesets/index.js';
import { competitorNoun, plannedSwissRounds } from '../../lib/event.js';
import { plural, sentence } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { type CriterionDraft, criterionDraftFor, criterionDraftOf, readCriterion, VariableRoundsFields } from '../start/VariableRounds.js';

function Announced({ state }: { state: EventState }) {
  const ruleset = getRuleset(state.ruleset);
  const announced = announcedRounds(state, ruleset);
  const criterion = announced?.criterion;
  return (
    <section className="card rounds-card" aria-label="Swiss rounds" data-testid="rounds-card">
      <p data-testid="rounds-announced">
        <strong>Swiss rounds:</strong>{' '}
        {announced ? `${announced.words} (announced before round 1).` : `none announced: the recommended ${plural(plannedSwissRounds(state), 'Swiss round')} stand.`}{' '}
        <span className="muted" data-testid="rounds-locked">
          The number cannot change now that round 1 has begun (MTR 10.2: once announced, it cannot be changed).
        </span>
      </p>
      {criterion?.evaluated === false && (
        <p className="muted" data-testid="rounds-pending">
          The criterion is read once round {criterion.afterRound} has every result.
        </p>
      )}
      {criterion?.evaluated && (
        <p className="notice" data-testid="rounds-decided">
          {criterion.words}
        </p>
      )}
    </section>
  );
}

/** Before round 1: the number (blank: the recommendation) and, if chosen, the criterion. */
function Announce({ state }: { state: EventState }) {
  const dispatch = useStation((s) => s.dispatch);
  const competitor = competitorNoun(state.ruleset, state.settings);
  const settings = state.settings;
  const [roundsText, setRoundsText] = useState(settings.swissRounds !== undefined ? String(settings.swissRounds) : '');
  const [criterion, setCriterion] = useState<CriterionDraft | null>(settings.variableRounds ? criterionDraftOf(settings.variableRounds) : null);
  const [busy, setBusy] = useState(false);
  const { swissRounds: _announced, variableRounds: _criterion, ...plain } = settings;
  const recommended = plannedSwissRounds({ ...state, settings: plain });

  const trimmed = roundsText.trim();
  const rounds = trimmed === '' ? undefined : /^\d+$/.test(trimmed) && Number(trimmed) <= 30 ? Number(trimmed) : null;
  const read = criterion ? readCriterion(criterion) : null;
  const variableRounds = read?.value ?? undefined;
  const problem =
    rounds === null
      ? 'the number of Swiss rounds is a whole number from 0 to 30, or blank for the recommended number'
      : (read?.problem ?? announcementProblem({ ...(rounds !== undefined ? { swissRounds: rounds } : {}), ...(variableRounds ? { variableRounds } : {}) }));
  const same = rounds === settings.swissRounds && JSON.stringify(variableRounds ?? null) === JSON.stringify(settings.variableRounds ?? null);
  const words = rounds !== undefined && rounds !== null ? describeAnnouncement({ swissRounds: rounds, ...(variableRounds ? { variableRounds } : {}) }, competitor) : undefined;

  const announce = async (): Promise<void> => {
    if (problem || same || rounds === null) return;
    setBusy(true);
    await dispatch(
      { type: 'set-settings', settings: { swissRounds: rounds ?? null, variableRounds: variableRounds ?? null } },
      words ? `Announced: ${words}` : 'No number of rounds announced: the recommendation stands',
    );
    setBusy(false);
  };

  return (
    <section className="card rounds-card" aria-label="Swiss rounds" data-testid="rounds-card">
      <h3>Swiss rounds</h3>
      <p className="muted">
        Announce the number before round 1 (MTR 10.2): once round 1 is paired it cannot change.
        {` Recommended for the ${competitor}s registered now: ${plural(recommended, 'Swiss round')}.`}
      </p>
      <form
        className="rounds-form"
        onSubmit={(e) => {
          e.preventDefault();
          void announce();
        }}
      >
        <label>
          Announced rounds{' '}
          <input
            className="criterion-number"
            inputMode="numeric"
            value={roundsText}
            onChange={(e) => setRoundsText(e.target.value)}
            placeholder="recommended"
            data-testid="rounds-number"
            aria-invalid={rounds === null ? true : undefined}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={criterion !== null}
            onChange={(e) => setCriterion(e.target.checked ? criterionDraftFor(typeof rounds === 'number' ? rounds : undefined) : null)}
            data-testid="rounds-variable"
          />
          A variable number, with its criterion
        </label>
        {criterion && <VariableRoundsFields draft={criterion} setDraft={setCriterion} competitor={competitor} />}
        {problem ? (
          <p className="problem" role="alert" data-testid="rounds-problem">
            {sentence(problem)}
          </p>
        ) : (
          words && (
            <p className="muted" data-testid="rounds-words">
              {sentence(words)}
            </p>
          )
        )}
        <button type="submit" disabled={busy || same || problem !== null} data-testid="rounds-announce">
          {rounds === undefined && settings.swissRounds !== undefined ? 'Back to the recommendation' : 'Announce'}
        </button>
      </form>
    </section>
  );
}

export function RoundsCard({ state }: { state: EventState }) {
  // Structures whose rounds are fixed (Lightseekers) announce nothing.
  if (!getRuleset(state.ruleset).presentation.settings.announcesRounds || state.playoff) return null;
  // A new announcement form for each event (its boxes start from what the event says).
  return state.rounds.length > 0 ? <Announced state={state} /> : <Announce key={state.id} state={state} />;
}
