/**
 * MTR 10.2's variable number of rounds, as the organiser announces it before round 1 — on the
 * new-event form and on the Pairings screen's Rounds card: "5 Swiss rounds, unless exactly 1 player
 * has 4 match wins or more after round 4: then the Swiss ends after round 4". The words and the
 * checks are core's (core/rulesets/announced-rounds.ts); this is the typing.
 */
import type { VariableRounds } from '../../../core/model/types.js';

/** What is typed for a criterion (numbers as text, so a box can be empty while typing). */
export interface CriterionDraft {
  compare: VariableRounds['compare'];
  players: string;
  matchWins: string;
  afterRound: string;
  then: VariableRounds['then'];
}

/** The MTR's own example, shaped for `n` announced rounds: "n rounds unless exactly 1 player has n − 1 match wins after round n − 1". */
export function criterionDraftFor(n: number | undefined): CriterionDraft {
  const r = Math.max(1, (n ?? 5) - 1);
  return { compare: 'exactly', players: '1', matchWins: String(r), afterRound: String(r), then: 'stop' };
}

export function criterionDraftOf(v: VariableRounds): CriterionDraft {
  return { compare: v.compare, players: String(v.players), matchWins: String(v.matchWins), afterRound: String(v.afterRound), then: v.then };
}

function whole(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

/** The draft read, or the problem in words. */
export function readCriterion(draft: CriterionDraft): { value: VariableRounds; problem: null } | { value: null; problem: string } {
  const players = whole(draft.players, 0, 9999);
  const matchWins = whole(draft.matchWins, 1, 30);
  const afterRound = whole(draft.afterRound, 1, 30);
  if (players === null) return { value: null, problem: 'the criterion’s number of players is a whole number' };
  if (matchWins === null) return { value: null, problem: 'the criterion’s match wins are a whole number, 1 or more' };
  if (afterRound === null) return { value: null, problem: 'the criterion’s round is a whole number, 1 or more' };
  return { value: { compare: draft.compare, players, matchWins, afterRound, then: draft.then }, problem: null };
}

/** "unless [exactly] [1] players have [4] match wins or more after round [4]: then [the Swiss ends after that round]". */
export function VariableRoundsFields({ draft, setDraft, competitor, disabled }: {
  draft: CriterionDraft;
  setDraft: (draft: CriterionDraft) => void;
  /** "player", or "team" in team events. */
  competitor: string;
  disabled?: boolean;
}) {
  const put = (patch: Partial<CriterionDraft>): void => setDraft({ ...draft, ...patch });
  const box = (key: 'players' | 'matchWins' | 'afterRound', label: string) => (
    <input
      className="criterion-number"
      inputMode="numeric"
      value={draft[key]}
      onChange={(e) => put({ [key]: e.target.value })}
      aria-label={label}
      data-testid={`criterion-${key}`}
      disabled={disabled}
    />
  );
  return (
    <div className="criterion" role="group" aria-label="Variable number of rounds (MTR 10.2)" data-testid="criterion">
      unless{' '}
      <select value={draft.compare} onChange={(e) => put({ compare: e.target.value as CriterionDraft['compare'] })} aria-label="Exactly or at most" data-testid="criterion-compare" disabled={disabled}>
        <option value="exactly">exactly</option>
        <option value="at-most">at most</option>
      </select>{' '}
      {box('players', `How many ${competitor}s`)} {competitor}(s) have {box('matchWins', 'Match wins')} match wins or more after round {box('afterRound', 'After round')}: then{' '}
      <select value={draft.then} onChange={(e) => put({ then: e.target.value as CriterionDraft['then'] })} aria-label="What happens then" data-testid="criterion-then" disabled={disabled}>
        <option value="stop">the Swiss ends after that round</option>
        <option value="extra">one more round is played</option>
      </select>
    </div>
  );
}
