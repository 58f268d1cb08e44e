/**
 * Other timers: deck registration and construction from the rule set's time limits (MTR App. B),
 * the draft pick timer from its draft tables, and custom timers. Running timers are pushed with the
 * clock like the round clock; a finished one stays until it is stopped.
 */
import { useState, type FormEvent } from 'react';
import type { ClockView, TimerView } from '../../../core/clock/index.js';
import type { EventState } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import type { TimeLimits } from '../../../core/rulesets/ruleset.js';
import { formatClock } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { wallTime } from './display.js';

type TimerKind = 'deck-construction' | 'registration' | 'draft-pick' | 'custom';

function timerId(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return `t-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** What an empty Minutes box means for this kind of timer: the rule set's length (MTR App. B), or that it needs one. */
function fromRules(kind: TimerKind, construction: TimeLimits['deckConstruction'], separateRegistration: boolean, hasDrafts: boolean): string {
  switch (kind) {
    case 'deck-construction':
      if (!construction) return 'Not in the rules for a Constructed event: give the minutes.';
      return separateRegistration
        ? `Empty: ${construction.registrationMinutes} minutes of registration, then ${construction.buildMinutes} minutes of construction (MTR App. B).`
        : `Empty: ${construction.buildMinutes} minutes for registration and construction (MTR App. B).`;
    case 'registration':
      return separateRegistration ? `Empty: ${construction?.registrationMinutes} minutes (MTR App. B).` : 'Give the minutes.';
    case 'draft-pick':
      return hasDrafts ? 'Empty: the whole draft, pick by pick, with the review periods (MTR App. B).' : 'This event has no draft timers in the rules: give the minutes.';
    case 'custom':
      return 'Give the minutes and a name.';
  }
}

/** The timers running (or finished and not yet cleared), each with its Stop (or Clear) button. */
function RunningTimers({ timers }: { timers: TimerView[] }) {
  const dispatch = useStation((s) => s.dispatch);
  return (
    <ul className="timers" data-testid="timers">
      {timers.map((t) => (
        <li key={t.id} className={t.done ? 'timer done' : 'timer'}>
          <div className="timer-what">
            <strong>{t.label}</strong>
            {t.phase.count > 1 && (
              <span className="muted">
                {' '}
                · {t.phase.label} ({t.phase.index + 1} of {t.phase.count})
              </span>
            )}
            <div className="muted">{t.done ? `Ended at ${wallTime(t.endsAt)}` : `Ends at ${wallTime(t.endsAt)}`}</div>
          </div>
          <div className="timer-time" data-testid={`timer-${t.id}`}>
            {t.done ? 'TIME' : formatClock(t.phase.count > 1 ? t.phase.remainingMs : t.remainingMs)}
          </div>
          <button type="button" onClick={() => void dispatch({ type: 'stop-timer', id: t.id }, `${t.label}: timer stopped`)}>
            {t.done ? 'Clear' : 'Stop'}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function Timers({ view, state }: { view: ClockView; state: EventState }) {
  const dispatch = useStation((s) => s.dispatch);
  const ruleset = getRuleset(state.ruleset);
  const construction = ruleset.timeLimits(state.settings, 'swiss').deckConstruction;
  const drafts = ruleset.draftTimers?.(state.settings) ?? [];
  const separateRegistration = !!construction && !construction.registrationInBuild && construction.registrationMinutes > 0;
  const [kind, setKind] = useState<TimerKind>(construction ? 'deck-construction' : 'custom');
  const [minutes, setMinutes] = useState('');
  const [label, setLabel] = useState('');
  const [draft, setDraft] = useState(drafts[0]?.kind ?? '');
  const [packs, setPacks] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const text = minutes.trim();
    let length: { minutes?: number; seconds?: number } = {};
    if (text !== '') {
      const m = /^(\d{1,3})(?::([0-5]\d))?$/.exec(text);
      if (!m || (Number(m[1]) === 0 && Number(m[2] ?? 0) === 0)) {
        setProblem('Give the length as minutes (30) or minutes:seconds (1:30).');
        return;
      }
      length = m[2] !== undefined ? { seconds: Number(m[1]) * 60 + Number(m[2]) } : { minutes: Number(m[1]) };
    } else if (kind === 'custom' || (kind === 'draft-pick' && drafts.length === 0) || (kind !== 'draft-pick' && !construction) || (kind === 'registration' && !separateRegistration)) {
      setProblem('This timer needs its length in minutes.');
      return;
    }
    const packCount = packs.trim() === '' ? undefined : Number(packs.trim());
    if (packCount !== undefined && (!Number.isInteger(packCount) || packCount < 1 || packCount > 30)) {
      setProblem('Packs is a whole number from 1 to 30.');
      return;
    }
    setProblem(null);
    const ack = await dispatch(
      {
        type: 'start-timer',
        id: timerId(),
        kind,
        ...length,
        ...(label.trim() ? { label: label.trim() } : {}),
        ...(kind === 'draft-pick' && text === '' && draft ? { draft } : {}),
        ...(kind === 'draft-pick' && packCount !== undefined ? { packs: packCount } : {}),
      },
      'Timer started',
    );
    if (ack) {
      setMinutes('');
      setLabel('');
      setPacks('');
    }
  };

  return (
    <section className="card" aria-labelledby="timers-title">
      <h2 id="timers-title">Other timers</h2>
      {view.timers.length > 0 && <RunningTimers timers={view.timers} />}
      <form className="clock-controls" onSubmit={(e) => void submit(e)} aria-label="Start a timer">
        <label>
          Timer
          <select value={kind} onChange={(e) => setKind(e.target.value as TimerKind)} data-testid="timer-kind">
            {/* Only the timers the rule set's documents give (a Lightseekers event has no draft pick table). */}
            {construction && <option value="deck-construction">{separateRegistration ? 'Deck registration + construction' : 'Deck construction'}</option>}
            {separateRegistration && <option value="registration">Deck registration only</option>}
            {drafts.length > 0 && <option value="draft-pick">Draft pick timer</option>}
            <option value="custom">Custom</option>
          </select>
        </label>
        {kind === 'draft-pick' && drafts.length > 1 && (
          <label>
            Draft
            <select value={draft} onChange={(e) => setDraft(e.target.value)}>
              {drafts.map((d) => (
                <option key={d.kind} value={d.kind}>
                  {d.label ?? d.kind}
                </option>
              ))}
            </select>
          </label>
        )}
        {kind === 'draft-pick' && drafts.length > 0 && (
          <label>
            Packs
            <input className="clock-minutes" inputMode="numeric" value={packs} onChange={(e) => setPacks(e.target.value)} placeholder={String(((drafts.find((d) => d.kind === draft) ?? drafts[0])?.reviewSeconds.length ?? 2) + 1)} />
          </label>
        )}
        <label>
          Minutes
          <input className="clock-minutes" value={minutes} onChange={(e) => setMinutes(e.target.value)} placeholder={kind === 'custom' ? '' : 'rules'} data-testid="timer-minutes" />
        </label>
        <label className="grow">
          Name
          <input value={label} onChange={(e) => setLabel(e.target.value)} placeholder={kind === 'custom' ? 'e.g. Lunch break' : 'optional'} />
        </label>
        <button type="submit" data-testid="timer-start">
          Start timer
        </button>
      </form>
      <p className="muted">{fromRules(kind, construction, separateRegistration, drafts.length > 0)}</p>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
