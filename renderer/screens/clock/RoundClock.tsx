/**
 * The round clock on the station: the same face the projector shows (from the pushed view), the
 * end-of-round procedure in words, and the controls — start (the rule set's minutes, editable),
 * pause with a reason, resume, adjust ± minutes with a required reason.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { ClockView } from '../../../core/clock/index.js';
import type { EventState } from '../../../core/model/types.js';
import { plural } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { clockFace, procedureCallout, wallTime } from './display.js';

function roundName(view: ClockView): string {
  return `${view.stage === 'playoff' ? 'Playoff round' : 'Round'} ${view.round ?? ''}`;
}

export function RoundClock({ view, state }: { view: ClockView; state: EventState }) {
  const face = clockFace(view);
  const started = view.startedAt !== null;
  return (
    <section className="card clock-round" aria-labelledby="clock-round-title">
      <header className="clock-round-head">
        <h2 id="clock-round-title">{roundName(view)} clock</h2>
        {view.final && <span className="badge">Final</span>}
      </header>
      <div className={`clock-face phase-${face.phase}`} data-testid="clock-face" aria-live="off">
        {face.label && (
          <div className="clock-face-label" data-testid="clock-state">
            {face.label}
          </div>
        )}
        {face.digits && (
          <div className="clock-face-digits" data-testid="clock-time">
            {face.digits}
          </div>
        )}
        {face.detail && <div className="clock-face-detail">{face.detail}</div>}
      </div>
      <p className="clock-callout" data-testid="clock-procedure">
        {view.status === 'last-turn' ? <strong>{face.words}. </strong> : null}
        {procedureCallout(view)}
      </p>
      <details className="clock-rule">
        <summary>What the rules say</summary>
        {view.endOfRound.text}
      </details>
      {view.notes.map((note) => (
        <p key={note} className="warning">
          {note}
        </p>
      ))}
      {!started && view.status === 'not-started' && <StartForm view={view} />}
      {started && view.status !== 'finished' && <PauseResume view={view} />}
      {started && view.lengthMs !== null && <AdjustForm view={view} />}
      {started && <Facts view={view} state={state} />}
    </section>
  );
}

function StartForm({ view }: { view: ClockView }) {
  const dispatch = useStation((s) => s.dispatch);
  const ruleMinutes = view.minutes;
  const [text, setText] = useState(ruleMinutes === null ? '' : String(ruleMinutes));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setText(ruleMinutes === null ? '' : String(ruleMinutes)), [ruleMinutes, view.round]);
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const trimmed = text.trim();
    let minutes: number | null;
    if (trimmed === '') minutes = null;
    else if (/^\d+$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= 600) minutes = Number(trimmed);
    else {
      setProblem('The round length is a whole number of minutes (1 to 600), or empty for no time limit.');
      return;
    }
    setProblem(null);
    const round = view.round as number;
    const same = minutes === ruleMinutes;
    await dispatch(
      { type: 'start-round-clock', round, ...(same ? {} : { minutes }) },
      minutes === null ? `Round ${round} started with no time limit` : `Round ${round} clock started: ${plural(minutes, 'minute')}`,
    );
  };
  return (
    <form className="clock-controls" onSubmit={(e) => void submit(e)} aria-label="Start the round clock">
      <label>
        Minutes
        <input
          className="clock-minutes"
          inputMode="numeric"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={problem ? true : undefined}
          placeholder="no limit"
          data-testid="clock-minutes"
        />
      </label>
      <button type="submit" className="primary" data-testid="clock-start">
        Start round {view.round} clock
      </button>
      <span className="muted">
        {ruleMinutes === null ? 'The rule set has no time limit for this round.' : `The rule set gives ${plural(ruleMinutes, 'minute')}.`}
      </span>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function PauseResume({ view }: { view: ClockView }) {
  const dispatch = useStation((s) => s.dispatch);
  const [reason, setReason] = useState('');
  const round = view.round as number;
  if (view.status === 'paused') {
    return (
      <div className="clock-controls">
        <button
          type="button"
          className="primary"
          data-testid="clock-resume"
          onClick={() => void dispatch({ type: 'resume-clock', round }, `Round ${round} clock resumed`)}
        >
          Resume the clock
        </button>
      </div>
    );
  }
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const why = reason.trim();
    const ack = await dispatch({ type: 'pause-clock', round, ...(why ? { reason: why } : {}) }, `Round ${round} clock paused`);
    if (ack) setReason('');
  };
  return (
    <form className="clock-controls" onSubmit={(e) => void submit(e)} aria-label="Pause the round clock">
      <label className="grow">
        Pause reason
        <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. fire alarm, announcement" data-testid="pause-reason" />
      </label>
      <button type="submit" data-testid="clock-pause">
        Pause the clock
      </button>
    </form>
  );
}

function AdjustForm({ view }: { view: ClockView }) {
  const dispatch = useStation((s) => s.dispatch);
  const [minutes, setMinutes] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const round = view.round as number;
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const text = minutes.trim().replace('−', '-');
    if (!/^[+-]?\d{1,3}$/.test(text) || Number(text) === 0) {
      setProblem('Give the minutes to add (5) or take away (−5).');
      return;
    }
    const why = reason.trim();
    if (!why) {
      setProblem('Say why the clock is adjusted: the reason goes in the event log.');
      return;
    }
    setProblem(null);
    const n = Number(text);
    const ack = await dispatch(
      { type: 'adjust-clock', round, minutes: n, reason: why },
      `Round ${round}: ${n > 0 ? `${plural(n, 'minute')} added` : `${plural(-n, 'minute')} taken away`}`,
    );
    if (ack) {
      setMinutes('');
      setReason('');
    }
  };
  return (
    <form className="clock-controls" onSubmit={(e) => void submit(e)} aria-label="Adjust the round clock">
      <label>
        Adjust ± minutes
        <input
          className="clock-minutes"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          placeholder="+5 or −5"
          aria-invalid={problem && !/^[+-]?\d+$/.test(minutes.trim()) ? true : undefined}
          data-testid="adjust-minutes"
        />
      </label>
      <label className="grow">
        Reason (required)
        <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. round started late" data-testid="adjust-reason" />
      </label>
      <button type="submit" data-testid="clock-adjust">
        Adjust
      </button>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function Facts({ view, state }: { view: ClockView; state: EventState }) {
  const roundClock = state.clock?.rounds.find((r) => r.round === view.round);
  const pauses = roundClock?.pauses ?? [];
  return (
    <dl className="facts clock-facts">
      <dt>Started</dt>
      <dd>
        {view.startedAt !== null ? wallTime(view.startedAt) : '—'}
        {view.minutes !== null ? ` · ${plural(view.minutes, 'minute')} announced` : ' · no time limit'}
      </dd>
      {view.lengthMs !== null && view.status !== 'running' && (
        <>
          <dt>Time is called</dt>
          <dd>{view.timeCalledAt !== null ? `at ${wallTime(view.timeCalledAt)}` : view.endsAt !== null ? `at ${wallTime(view.endsAt)}` : 'when the clock resumes and runs out'}</dd>
        </>
      )}
      {view.adjustments.length > 0 && (
        <>
          <dt>Adjustments</dt>
          <dd>
            <ul className="clock-list" data-testid="clock-adjustments">
              {view.adjustments.map((a) => (
                <li key={a.at + a.reason}>
                  {a.minutes > 0 ? `+${a.minutes}` : `−${-a.minutes}`} min at {wallTime(a.at)} — {a.reason}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
      {pauses.length > 0 && (
        <>
          <dt>Pauses</dt>
          <dd>
            <ul className="clock-list">
              {pauses.map((p) => (
                <li key={p.at}>
                  {wallTime(p.at)}–{p.resumedAt !== undefined ? wallTime(p.resumedAt) : 'now'}
                  {p.reason ? ` — ${p.reason}` : ''}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </dl>
  );
}
