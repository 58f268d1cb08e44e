/**
 * Clock: the round clock and everything timed around it — start, pause, resume and adjust the round
 * clock; the end-of-round procedure in words; per-table time (deck checks, judge pauses, feature
 * matches); which tables are in extra turns or the last turn, with their own time; the deck-check
 * log with the 10 % indicator; other timers; recording a penalty at a table. Everything time-related is drawn from the view the host
 * pushes (`clock`), never from a timer of this window: the projector shows the same numbers.
 */
import { useState } from 'react';
import { useStation } from '../store/station.js';
import { currentRound } from '../lib/event.js';
import { DeckChecks } from './clock/DeckChecks.js';
import { Extensions } from './clock/Extensions.js';
import { RoundClock } from './clock/RoundClock.js';
import { Tables } from './clock/Tables.js';
import { Timers } from './clock/Timers.js';
import './Clock.css';
import { DeckPick } from './clock/DeckPick.js';
import { ClockPenalties, type PenaltyTarget } from './clock/ClockPenalties.js';

export function ClockScreen() {
  const state = useStation((s) => s.snapshot?.state ?? null);
  const view = useStation((s) => s.clock);
  const setScreen = useStation((s) => s.setScreen);
  const [penalty, setPenalty] = useState<PenaltyTarget | null>(null);
  if (!state) return <></>;
  const round = currentRound(state);
  // The pushed view follows every change at once; until the first one arrives (or if it is of another
  // event), say so rather than show numbers that may be wrong.
  const fresh = view && view.ruleset === state.ruleset && view.round === (round?.number ?? null);
  if (!view || !fresh) {
    return (
      <section className="card">
        <h2>Clock</h2>
        <p className="muted" data-testid="clock-waiting">
          Waiting for the host’s clock…
        </p>
      </section>
    );
  }
  return (
    <div className="clock-screen" data-testid="clock-screen">
      <div className="clock-col">
        {round ? (
          <>
            <RoundClock view={view} state={state} />
            <ClockPenalties state={state} round={round} target={penalty} setTarget={setPenalty} />
            {view.startedAt !== null && <Tables view={view} state={state} onPenalty={(table, from) => setPenalty({ round: round.number, table, opener: from })} />}
          </>
        ) : (
          <section className="card">
            <h2>Round clock</h2>
            <p className="empty">No round has been paired yet.</p>
            <button type="button" className="primary" onClick={() => setScreen('pairings')}>
              Go to pairings
            </button>
          </section>
        )}
      </div>
      <div className="clock-col">
        {round && <Extensions view={view} state={state} round={round} />}
        <DeckChecks view={view} />
        <DeckPick state={state} round={view.round} now={view.now} />
        <Timers view={view} state={state} />
      </div>
    </div>
  );
}
