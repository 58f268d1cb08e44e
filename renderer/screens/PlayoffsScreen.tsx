/**
 * Playoffs: before the cut, choose and preview it, then cut (a confirmation: it ends the Swiss part).
 * After the cut, the bracket with seats by seed and who won each table, the next playoff round to
 * publish when the current one is complete, and Lightseekers final tables with their seat-choosing
 * order. Results are entered on the Results screen. Print the bracket from here, and at Professional
 * REL the playoff round's opponents' decklists (MTR 2.7).
 */
import { useMemo } from 'react';
import { PrintButton } from '../components/PrintButton.js';
import { currentRound, outstandingTables, playoffComplete } from '../lib/event.js';
import { useStation } from '../store/station.js';
import { Bracket } from './playoffs/Bracket.js';
import { CutPlanner } from './playoffs/CutPlanner.js';
import { FinalStandings } from './playoffs/FinalStandings.js';
import { NextRound } from './playoffs/NextRound.js';
import { OpponentListsMissing, OpponentListsPrint } from './playoffs/OpponentLists.js';
import { PLAYOFF_WORK_PLACES } from './pairings/round-facts.js';
import { displayNames, nameLookup } from '../lib/people.js';
import './Playoffs.css';

export function PlayoffsScreen() {
  const state = useStation((s) => s.snapshot?.state ?? null);
  const setScreen = useStation((s) => s.setScreen);
  const names = useMemo(() => (state ? displayNames(state) : new Map<string, string>()), [state?.players]);
  const nameOf = useMemo(() => nameLookup(names), [names]);
  if (!state) return <></>;
  const playoff = state.playoff;
  const round = currentRound(state);
  const open = outstandingTables(round);
  const playoffRounds = state.rounds.filter((r) => r.stage === 'playoff');
  const waitingForNext = !!playoff && (playoffRounds.length === 0 || (round?.stage === 'playoff' && open.length === 0));

  return (
    <section className="playoffs-screen" data-testid="playoffs-screen">
      <div className="playoffs-head">
        <div>
          <h2>Playoffs</h2>
          <p className="muted">
            {playoff
              ? `Top ${playoff.top}${playoff.draft ? ' (booster draft)' : ''} · ${
                  playoffRounds.length === 0
                    ? 'no playoff round published yet'
                    : `playoff round ${playoffRounds.length} (round ${round?.number ?? ''}) ${open.length > 0 ? `— ${open.length} outstanding` : '— complete'}`
                }`
              : 'No cut yet'}
          </p>
          {playoff && (
            <p className="muted small" data-testid="playoff-work-places">
              {PLAYOFF_WORK_PLACES}
            </p>
          )}
        </div>
        <div className="toolbar">
          {playoff && round?.stage === 'playoff' && open.length > 0 && (
            <button type="button" onClick={() => setScreen('results')}>
              Enter results ({open.length} outstanding)
            </button>
          )}
          {playoff && <PrintButton doc="bracket" />}
          {playoff && round?.stage === 'playoff' && <OpponentListsPrint state={state} round={round} />}
        </div>
      </div>
      {playoff && round?.stage === 'playoff' && <OpponentListsMissing state={state} round={round} />}
      {!playoff && <CutPlanner state={state} nameOf={nameOf} />}
      {playoff && waitingForNext && <NextRound state={state} nameOf={nameOf} />}
      {playoff && playoffComplete(state) && <FinalStandings state={state} nameOf={nameOf} />}
      {playoff && <Bracket state={state} nameOf={nameOf} />}
    </section>
  );
}
