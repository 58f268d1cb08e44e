/**
 * The facts a new event's settings give (Start screen): its time limits in words, and the rounds it
 * recommends for the expected number of competitors (or the rounds announced instead, fixed or
 * variable with its criterion: MTR 10.2).
 */
import type { RulesetId, Settings } from '../../../core/model/types.js';
import { competitorNoun } from '../../lib/event.js';
import { announcesRounds, describeTimeLimits, recommend, recommendationSentence } from './settings.js';
import { type CriterionDraft, criterionDraftFor, VariableRoundsFields } from './VariableRounds.js';

/** The new event's time limits in words, and its rounds: expected competitors, announced rounds, and the recommendation. */
export function EventFacts({ ruleset, settings, competitors, playersText, setPlayersText, players, roundsText, setRoundsText, rounds, criterion, setCriterion }: {
  ruleset: RulesetId;
  settings: Settings;
  /** "players", or "teams" in team events. */
  competitors: string;
  playersText: string;
  setPlayersText: (text: string) => void;
  /** The expected count as read from `playersText`: blank (undefined), or not a whole number (null). */
  players: number | null | undefined;
  roundsText: string;
  setRoundsText: (text: string) => void;
  rounds: number | null | undefined;
  /** MTR 10.2: the variable number's criterion as typed (null: a fixed number). */
  criterion: CriterionDraft | null;
  setCriterion: (draft: CriterionDraft | null) => void;
}) {
  const limits = describeTimeLimits(ruleset, settings);
  const recommendation = typeof players === 'number' ? recommend(ruleset, settings, players) : null;
  return (
    <div className="start-facts">
      <div>
        <h3>Time limits</h3>
        <ul className="start-limits" data-testid="time-limits">
          {limits.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div>
        <h3>Rounds</h3>
        <div className="start-rounds">
          <label>
            Expected {competitors}
            <input inputMode="numeric" value={playersText} onChange={(e) => setPlayersText(e.target.value)} placeholder="e.g. 24" data-testid="expected-players" />
          </label>
          {announcesRounds(ruleset) && (
            <label>
              Announced rounds
              <input
                inputMode="numeric"
                value={roundsText}
                onChange={(e) => setRoundsText(e.target.value)}
                placeholder="recommended"
                data-testid="swiss-rounds"
                aria-invalid={rounds === null ? true : undefined}
              />
            </label>
          )}
        </div>
        {announcesRounds(ruleset) && (
          <div className="start-variable">
            <label className="check">
              <input
                type="checkbox"
                checked={criterion !== null}
                onChange={(e) => setCriterion(e.target.checked ? criterionDraftFor(typeof rounds === 'number' ? rounds : undefined) : null)}
                data-testid="variable-rounds"
              />
              A variable number, with its criterion (MTR 10.2)
            </label>
            {criterion && <VariableRoundsFields draft={criterion} setDraft={setCriterion} competitor={competitorNoun(ruleset, settings)} />}
          </div>
        )}
        <p className="start-recommendation" data-testid="recommended-rounds" aria-live="polite">
          {recommendation && typeof players === 'number' ? (
            <>
              <strong>{recommendationSentence(ruleset, settings, players, recommendation)}</strong>
              {recommendation.note && <span className="muted"> {recommendation.note}</span>}
            </>
          ) : (
            <span className="muted">
              Type the expected number of {competitors} to see the recommended rounds.
              {announcesRounds(ruleset) ? ` Leave the announced rounds blank to follow the recommendation for the ${competitors} who actually register.` : ''}
            </span>
          )}
        </p>
      </div>
    </div>
  );
}
