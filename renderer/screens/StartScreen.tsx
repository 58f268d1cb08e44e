/**
 * Start: shown while no event is open. Create an event (name, rule set, the settings that rule set
 * reads with its defaults filled in, its time limits in words and the rounds it recommends for the
 * expected player count), reopen a recent event with one click, or open a save by its path.
 */
import { useEffect, useRef, useState } from 'react';
import type { StationSnapshot } from '../../core/api/contract.js';
import type { SettingsPatch } from '../../core/event/commands.js';
import { nameProblem } from '../../core/model/names.js';
import { RULESET_IDS, type EventState, type RulesetId, type Settings } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { dayAndTime } from '../../core/text/format.js';
import { Name } from '../components/Name.js';
import { ACTION_SCREEN, primaryAction } from '../lib/event.js';
import { isolate, sentence } from '../lib/format.js';
import { useMayCall } from '../store/caller.js';
import { getPreference, setPreference } from '../store/directory.js';
import { useStation, type ScreenId } from '../store/station.js';
import { SettingsFields } from './start/SettingsFields.js';
import {
  checkSettings,
  competitorsWord,
  defaultsOf,
  patchFor,
} from './start/settings.js';
import { EventFacts } from './start/EventFacts.js';
import { type CriterionDraft, readCriterion } from './start/VariableRounds.js';
import './Start.css';

const PREFERENCE = 'new-event';

interface NewEventPreference {
  ruleset: RulesetId;
  settings: SettingsPatch;
}

/** The screen an opened event needs first: where its next action is. */
export function screenFor(snapshot: StationSnapshot): ScreenId {
  const state: EventState | null = snapshot.state;
  // Registration, and a damaged save (its repair is offered on the Players screen).
  if (!state || state.rounds.length === 0 || snapshot.summary?.readOnly) return 'players';
  const action = primaryAction(state);
  if ((action.kind === 'standings' || action.kind === 'print-standings') && action.final && state.playoff) return 'playoffs';
  return ACTION_SCREEN[action.kind];
}

function showOpened(snapshot: StationSnapshot, screen?: ScreenId): void {
  useStation.setState({ snapshot, screen: screen ?? screenFor(snapshot) });
}

function parseWhole(text: string, min: number, max: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n < min || n > max ? null : n;
}

/**
 * The rule set and settings a new event starts from: the last ones used on this station (a stored
 * preference, read once) until the scorekeeper changes something, then theirs.
 */
function useNewEventDraft(): { ruleset: RulesetId; draft: Settings; chooseRuleset: (id: RulesetId) => void; change: (patch: Partial<Settings>) => void } {
  const [ruleset, setRuleset] = useState<RulesetId>('mtr');
  const [draft, setDraft] = useState<Settings>(() => defaultsOf('mtr'));
  const touched = useRef(false);

  // The last rule set and settings used on this station, until the scorekeeper changes something.
  useEffect(() => {
    let live = true;
    void getPreference<NewEventPreference | null>(PREFERENCE, null).then((pref) => {
      if (!live || !pref || touched.current || !(RULESET_IDS as readonly string[]).includes(pref.ruleset)) return;
      const checked = checkSettings(pref.ruleset, pref.settings);
      if (!checked.settings) return;
      setRuleset(pref.ruleset);
      setDraft(checked.settings);
    });
    return () => {
      live = false;
    };
  }, []);

  const chooseRuleset = (id: RulesetId): void => {
    touched.current = true;
    setRuleset(id);
    const defaults = defaultsOf(id);
    // The REL is the event's, not the rule set's: keep it.
    setDraft({ ...defaults, rel: draft.rel });
  };
  const change = (patch: Partial<Settings>): void => {
    touched.current = true;
    setDraft((d) => ({ ...d, ...patch }));
  };
  return { ruleset, draft, chooseRuleset, change };
}

function NewEvent() {
  const run = useStation((s) => s.run);
  const [name, setName] = useState('');
  const { ruleset, draft, chooseRuleset, change } = useNewEventDraft();
  const [playersText, setPlayersText] = useState('');
  const [roundsText, setRoundsText] = useState('');
  // MTR 10.2: a variable number of rounds, announced with the number (null: a fixed number).
  const [criterion, setCriterion] = useState<CriterionDraft | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const rounds = parseWhole(roundsText, 0, 30);
  const players = parseWhole(playersText, 0, 100_000);
  const readCriterionDraft = criterion ? readCriterion(criterion) : null;
  const patch = patchFor(ruleset, draft, typeof rounds === 'number' ? rounds : undefined, readCriterionDraft?.value ?? undefined);
  const checked = checkSettings(ruleset, patch);
  const settings = checked.settings ?? draft;
  // "teams" in team events (a team is one competitor: the rounds are recommended for teams).
  const competitors = competitorsWord(ruleset, settings);

  const problems: string[] = [];
  if (!name.trim()) problems.push('Name the event.');
  const characters = nameProblem(name.trim(), 'event name');
  if (characters) problems.push(sentence(characters));
  if (checked.problem) problems.push(`Settings: ${checked.problem}.`);
  if (rounds === null) problems.push('Swiss rounds: a whole number from 0 to 30, or blank for the recommended number.');
  if (criterion && typeof rounds !== 'number') problems.push('A variable number of rounds needs the announced number it varies from (MTR 10.2).');
  if (readCriterionDraft?.problem) problems.push(sentence(readCriterionDraft.problem));
  if (players === null) problems.push(`Expected ${competitors}: a whole number, or blank.`);

  const create = async (): Promise<void> => {
    setAttempted(true);
    if (problems.length > 0) {
      if (!name.trim()) nameRef.current?.focus();
      return;
    }
    setBusy(true);
    const snapshot = await run('Creating the event…', (api) => api.createEvent({ name: name.trim(), ruleset, settings: patch }));
    setBusy(false);
    if (!snapshot) return;
    const { swissRounds: _event, variableRounds: _criterion, ...remembered } = patch;
    void setPreference(PREFERENCE, { ruleset, settings: remembered } satisfies NewEventPreference);
    showOpened(snapshot, 'players');
    const who = snapshot.state ? getRuleset(snapshot.state.ruleset).presentation.words.competitor(snapshot.state.settings) : 'player';
    useStation.getState().toast(`Created ${isolate(snapshot.state?.name ?? name.trim())}: register the ${who}s`);
  };

  return (
    <section className="card start-new" aria-labelledby="start-new-title">
      <h2 id="start-new-title">New event</h2>
      <form
        className="start-form"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
        noValidate
      >
        <div className="start-main">
          <label className="start-name">
            Event name
            <input
              ref={nameRef}
              autoFocus
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. Friday Night Magic — 14 March"
              data-testid="event-name"
              aria-invalid={attempted && !name.trim() ? true : undefined}
            />
          </label>
          <label className="start-ruleset">
            Rule set
            <select value={ruleset} onChange={(e) => chooseRuleset(e.target.value as RulesetId)} data-testid="ruleset">
              {RULESET_IDS.map((id) => (
                <option key={id} value={id}>
                  {getRuleset(id).title}
                </option>
              ))}
            </select>
          </label>
        </div>

        <fieldset className="start-settings">
          <legend>Settings — the rule set’s defaults; change what your event does differently</legend>
          <SettingsFields ruleset={ruleset} draft={draft} settings={settings} change={change} />
        </fieldset>

        <EventFacts
          ruleset={ruleset}
          settings={settings}
          competitors={competitors}
          playersText={playersText}
          setPlayersText={setPlayersText}
          players={players}
          roundsText={roundsText}
          setRoundsText={setRoundsText}
          rounds={rounds}
          criterion={criterion}
          setCriterion={setCriterion}
        />

        {attempted && problems.length > 0 && (
          <ul className="problem start-problems" role="alert">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
        {!attempted && checked.problem && (
          <p className="problem" role="alert">
            Settings: {checked.problem}.
          </p>
        )}
        <div className="toolbar">
          <button type="submit" className="primary" disabled={busy} data-testid="create-event">
            Create event
          </button>
        </div>
      </form>
    </section>
  );
}

interface RecentEvent {
  path: string;
  name: string;
  openedAt: string;
}

function when(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dayAndTime(date);
}

function OpenEvent() {
  const run = useStation((s) => s.run);
  const [recent, setRecent] = useState<RecentEvent[] | null>(null);
  const [path, setPath] = useState('');

  const connection = useStation((s) => s.connection);
  const status = useStation((s) => s.status);

  // Asked again whenever the connection comes (back): the list lives on the host.
  useEffect(() => {
    if (!connection || status !== 'connected') return;
    let live = true;
    void run('Loading recent events…', (api) => api.query({ kind: 'recent-events' })).then((result) => {
      if (live && result) setRecent(result.kind === 'recent-events' ? result.events : []);
    });
    return () => {
      live = false;
    };
  }, [run, connection, status]);

  const open = async (file: string): Promise<void> => {
    const target = file.trim();
    if (!target) return;
    const snapshot = await run('Opening the event…', (api) => api.openEvent({ path: target }));
    if (snapshot) showOpened(snapshot);
  };

  return (
    <section className="card start-open" aria-labelledby="start-open-title">
      <h2 id="start-open-title">Open an event</h2>
      {recent === null ? (
        <p className="muted">Looking for recent events…</p>
      ) : recent.length === 0 ? (
        <p className="muted">No recent events on this station yet.</p>
      ) : (
        <ul className="start-recent" data-testid="recent-events">
          {recent.map((event) => (
            <li key={event.path}>
              <button type="button" className="start-recent-item" onClick={() => void open(event.path)} title={`Open ${event.path}`}>
                <Name className="start-recent-name">{event.name}</Name>
                <span className="start-recent-when">{when(event.openedAt)}</span>
                <span className="start-recent-path">
                  <span className="start-recent-folder">{event.path.slice(0, Math.max(event.path.lastIndexOf('/'), event.path.lastIndexOf('\\')) + 1)}</span>
                  <span className="start-recent-file">{event.path.slice(Math.max(event.path.lastIndexOf('/'), event.path.lastIndexOf('\\')) + 1)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="start-path"
        onSubmit={(e) => {
          e.preventDefault();
          void open(path);
        }}
      >
        <label>
          Open a save by its path
          <small className="muted">On the station’s computer; a bare file name is looked up in the events folder.</small>
          <input
            value={path}
            onChange={(e) => setPath(e.target.value)}
            placeholder="friday.podium, or a full path"
            data-testid="open-path"
            spellCheck={false}
          />
        </label>
        <button type="submit" disabled={!path.trim()}>
          Open
        </button>
      </form>
    </section>
  );
}

export function StartScreen() {
  // A second station on the venue network shows the event the head-judge station has open; only
  // that station creates and opens events (core/api/roles.ts).
  const mayOpen = useMayCall('openEvent');
  const mayCreate = useMayCall('createEvent');
  if (!mayOpen && !mayCreate)
    return (
      <div className="start-screen">
        <section className="card" data-testid="no-event-on-device">
          <h2>No event is open at the head-judge station</h2>
          <p className="muted">This desk shows the event as soon as the scorekeeper opens or creates one there.</p>
        </section>
      </div>
    );
  return (
    <div className="start-screen">
      {mayCreate && <NewEvent />}
      {mayOpen && <OpenEvent />}
    </div>
  );
}
