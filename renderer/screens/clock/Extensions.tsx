/**
 * Time for one table: start and end a deck check (judge, whose decks, outcome), a judge pause, a
 * feature match, other time, penalty extra turns (MTR 2.6) and, for MSTR 2.5AA, the players still in
 * the game when time was called. Keyboard first: table number, Tab, the fields, Enter.
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { ClockView } from '../../../core/clock/index.js';
import type { EventState, Round } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { nameProblem } from '../../../core/model/names.js';
import { Name } from '../../components/Name.js';
import { formatClock, isolate, sentence } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { minutesText, parseLength } from './display.js';
import { displayNames } from '../standings/people.js';

type Kind = 'deck-check' | 'judge-pause' | 'feature-match' | 'other' | 'extra-turns' | 'players-in-game';

const MINUTE = 60_000;

export function Extensions({ view, state, round }: { view: ClockView; state: EventState; round: Round }) {
  const dispatch = useStation((s) => s.dispatch);
  const [tableText, setTableText] = useState('');
  const [kind, setKind] = useState<Kind>('deck-check');
  const [judge, setJudge] = useState('');
  const [outcome, setOutcome] = useState('');
  const [length, setLength] = useState('');
  const [note, setNote] = useState('');
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const tableRef = useRef<HTMLInputElement>(null);
  const started = view.startedAt !== null;
  const limits = getRuleset(state.ruleset).timeLimits(state.settings, round.stage);
  // Two players with the same name are told apart (note or id beside the name).
  const names = useMemo(() => displayNames(state), [state.players]);
  const judges = useMemo(() => [...new Set(view.deckChecks.rows.map((r) => r.judge))].sort(), [view.deckChecks.rows]);
  const procedure = view.endOfRound;
  const extraTurnsUsed = procedure.kind === 'extra-turns';
  const playersInGameUsed = procedure.kind === 'extra-turns' && procedure.turnsArePlayersInGame;

  const tableNumber = /^\d+$/.test(tableText.trim()) ? Number(tableText.trim()) : null;
  const table = tableNumber === null ? undefined : round.tables.find((t) => t.table === tableNumber);
  const openCheck = table ? view.deckChecks.rows.find((r) => r.round === round.number && r.table === table.table && r.inProgress) : undefined;

  const reset = (): void => {
    setTableText('');
    setJudge('');
    setOutcome('');
    setLength('');
    setNote('');
    setUnchecked(new Set());
    tableRef.current?.focus();
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!table) {
      setProblem(tableText.trim() === '' ? 'Type the table number first.' : `Round ${round.number} has no table ${tableText.trim()}.`);
      tableRef.current?.focus();
      return;
    }
    const base = { round: round.number, table: table.table };
    const n = table.table;
    let ack;
    switch (kind) {
      case 'deck-check': {
        if (openCheck) {
          const result = outcome.trim();
          ack = await dispatch({ type: 'end-deck-check', ...base, ...(result ? { outcome: result } : {}) }, `Table ${n}: deck check ended`);
          break;
        }
        const who = judge.trim();
        if (!who) {
          setProblem('Name the judge who checks the decks.');
          return;
        }
        const characters = nameProblem(who, "judge's name");
        if (characters) {
          setProblem(sentence(characters));
          return;
        }
        const players = table.seats.filter((id) => !unchecked.has(id));
        if (players.length === 0) {
          setProblem('Tick at least one player whose deck is checked.');
          return;
        }
        ack = await dispatch(
          { type: 'start-deck-check', ...base, judge: who, ...(players.length < table.seats.length ? { players } : {}) },
          `Table ${n}: deck check started (${isolate(who)})`,
        );
        break;
      }
      case 'judge-pause': {
        const ms = parseLength(length);
        if (ms === null || ms <= 0) {
          setProblem('Give how long the pause lasted, as minutes:seconds (2:30) or minutes (3).');
          return;
        }
        ack = await dispatch(
          { type: 'extend-table', ...base, reason: 'judge-pause', ...split(ms), ...(note.trim() ? { note: note.trim() } : {}) },
          ms > limits.judgePauseThresholdSeconds * 1000 ? `Table ${n}: +${minutesText(ms)} for the judge pause` : `Table ${n}: pause logged (one minute or less: no time added)`,
        );
        break;
      }
      case 'feature-match': {
        const ms = length.trim() === '' ? null : parseLength(length);
        if (ms === 0 || (length.trim() !== '' && ms === null)) {
          setProblem('Give the time added as minutes (15) or minutes:seconds, or leave it empty for 3 minutes plus the round time so far.');
          return;
        }
        ack = await dispatch(
          { type: 'extend-table', ...base, reason: 'feature-match', ...(ms !== null ? split(ms) : {}), ...(note.trim() ? { note: note.trim() } : {}) },
          `Table ${n}: feature-match time added`,
        );
        break;
      }
      case 'other': {
        const ms = parseLength(length);
        if (ms === null || ms <= 0) {
          setProblem('Give the time added as minutes (5) or minutes:seconds (2:30).');
          return;
        }
        if (!note.trim()) {
          setProblem('Say why the table gets this time: it goes in the event log.');
          return;
        }
        ack = await dispatch({ type: 'extend-table', ...base, reason: 'other', ...split(ms), note: note.trim() }, `Table ${n}: +${minutesText(ms)}`);
        break;
      }
      case 'extra-turns': {
        const turns = Number(length.trim());
        if (!/^\d+$/.test(length.trim()) || turns < 1 || turns > 10) {
          setProblem('Give the extra turns as a number from 1 to 10.');
          return;
        }
        if (!note.trim()) {
          setProblem('Extra turns come from a penalty: give the reason.');
          return;
        }
        ack = await dispatch({ type: 'add-extra-turns', ...base, turns, reason: note.trim() }, `Table ${n}: +${turns} extra turns`);
        break;
      }
      case 'players-in-game': {
        const players = Number(length.trim());
        if (!/^\d+$/.test(length.trim()) || players < 1 || players > table.seats.length) {
          setProblem(`Give the players still in the game at table ${n}: 1 to ${table.seats.length}.`);
          return;
        }
        const existing = state.clock?.rounds.find((r) => r.round === round.number)?.playersInGame.find((p) => p.table === n);
        if (existing && !note.trim()) {
          setProblem(`Table ${n} already has N = ${existing.players}: give a reason to correct it.`);
          return;
        }
        ack = await dispatch({ type: 'set-players-in-game', ...base, players, ...(note.trim() ? { reason: note.trim() } : {}) }, `Table ${n}: N = ${players}`);
        break;
      }
    }
    if (ack) {
      setProblem(null);
      reset();
    }
  };

  if (!started) {
    return (
      <section className="card" aria-labelledby="ext-title">
        <h2 id="ext-title">Time extensions</h2>
        <p className="muted">Start the round clock first: extensions and deck checks count from it.</p>
      </section>
    );
  }

  const button =
    kind === 'deck-check' ? (openCheck ? 'End deck check' : 'Start deck check') :
    kind === 'judge-pause' ? 'Log judge pause' :
    kind === 'feature-match' ? 'Add feature-match time' :
    kind === 'other' ? 'Add time' :
    kind === 'extra-turns' ? 'Add extra turns' : 'Set N';

  return (
    <section className="card" aria-labelledby="ext-title">
      <h2 id="ext-title">Time extensions</h2>
      <form className="ext-form" onSubmit={(e) => void submit(e)} aria-label="Time for one table">
        <label>
          Table
          <input
            ref={tableRef}
            className="ext-table"
            inputMode="numeric"
            value={tableText}
            onChange={(e) => {
              setTableText(e.target.value);
              setUnchecked(new Set());
              setProblem(null);
            }}
            aria-invalid={tableText.trim() !== '' && !table ? true : undefined}
            data-testid="ext-table"
          />
        </label>
        <label>
          What
          <select value={kind} onChange={(e) => setKind(e.target.value as Kind)} data-testid="ext-kind">
            <option value="deck-check">{limits.deckCheckExtraMinutes > 0 ? `Deck check (+${limits.deckCheckExtraMinutes} min after it)` : 'Deck check'}</option>
            <option value="judge-pause">Judge pause</option>
            <option value="feature-match">Feature match</option>
            <option value="other">Other time</option>
            {extraTurnsUsed && <option value="extra-turns">Extra turns (penalty)</option>}
            {playersInGameUsed && <option value="players-in-game">Players in the game at time (N)</option>}
          </select>
        </label>
        {kind === 'deck-check' && !openCheck && (
          <label className="grow">
            Judge
            <input value={judge} onChange={(e) => setJudge(e.target.value)} list="clock-judges" autoComplete="off" data-testid="ext-judge" />
            <datalist id="clock-judges">
              {judges.map((j) => (
                <option key={j} value={j} />
              ))}
            </datalist>
          </label>
        )}
        {kind === 'deck-check' && openCheck && (
          <label className="grow">
            Outcome
            <input value={outcome} onChange={(e) => setOutcome(e.target.value)} placeholder="e.g. no problems found" data-testid="ext-outcome" />
          </label>
        )}
        {(kind === 'judge-pause' || kind === 'feature-match' || kind === 'other') && (
          <label>
            {kind === 'judge-pause' ? 'Pause length' : 'Time added'}
            <input
              className="ext-length"
              value={length}
              onChange={(e) => setLength(e.target.value)}
              placeholder={kind === 'feature-match' ? 'auto' : kind === 'judge-pause' ? '2:30' : '5'}
              data-testid="ext-length"
            />
          </label>
        )}
        {(kind === 'extra-turns' || kind === 'players-in-game') && (
          <label>
            {kind === 'extra-turns' ? 'Turns' : 'Players (N)'}
            <input className="ext-length" inputMode="numeric" value={length} onChange={(e) => setLength(e.target.value)} data-testid="ext-length" />
          </label>
        )}
        {kind !== 'deck-check' && (
          <label className="grow">
            {kind === 'other' || kind === 'extra-turns' ? 'Reason (required)' : kind === 'players-in-game' ? 'Reason (for a correction)' : 'Note'}
            <input value={note} onChange={(e) => setNote(e.target.value)} data-testid="ext-note" />
          </label>
        )}
        <button type="submit" className="primary" data-testid="ext-submit">
          {button}
        </button>
      </form>
      {kind === 'deck-check' && table && !openCheck && table.seats.length > 0 && (
        <fieldset className="ext-players">
          <legend>Decks checked at table {table.table}</legend>
          {table.seats.map((id, i) => (
            <label key={id} className="check-inline">
              <input
                type="checkbox"
                checked={!unchecked.has(id)}
                onChange={(e) => {
                  const next = new Set(unchecked);
                  if (e.target.checked) next.delete(id);
                  else next.add(id);
                  setUnchecked(next);
                }}
              />
              Seat {i + 1}: <Name>{names.get(id) ?? id}</Name>
            </label>
          ))}
        </fieldset>
      )}
      <p className="muted ext-hint">{hint(kind, view, limits.deckCheckExtraMinutes, limits.judgePauseThresholdSeconds, openCheck ? openCheck.durationMs : null)}</p>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      <ChecksUnderWay view={view} round={round} names={names} />
    </section>
  );
}

function split(ms: number): { minutes?: number; seconds?: number } {
  if (ms % MINUTE === 0) return { minutes: ms / MINUTE };
  return { seconds: Math.round(ms / 1000) };
}

function hint(kind: Kind, view: ClockView, extra: number, thresholdSeconds: number, checkMs: number | null): string {
  switch (kind) {
    case 'deck-check': {
      // A rule set that adds nothing after a check (Lightseekers) says so without "plus 0 minutes".
      const plus = extra > 0 ? ` plus ${extra} minute${extra === 1 ? '' : 's'}` : '';
      return checkMs !== null
        ? `This check has taken ${formatClock(checkMs)} so far; when it ends the table gets its length${plus}.`
        : `The table's time stands still during the check; afterwards it gets the check's length${plus}.`;
    }
    case 'judge-pause':
      return `A pause of more than ${thresholdSeconds === 60 ? 'one minute' : `${thresholdSeconds} seconds`} adds its length to the table's time; a shorter one is logged only.`;
    case 'feature-match':
      return `Empty: 3 minutes plus the round time played so far (${formatClock(view.elapsedMs)}), as the players move to the feature table.`;
    case 'other':
      return 'Any other time a judge grants the table, with the reason.';
    case 'extra-turns':
      return 'Turns added to the end-of-round extra turns by a penalty (e.g. slow play).';
    case 'players-in-game':
      return 'N: players still in the game at the table when time was called there (MSTR 2.5AA). It can be entered only after time is called at that table.';
  }
}

function ChecksUnderWay({ view, round, names }: { view: ClockView; round: Round; names: ReadonlyMap<string, string> }) {
  const dispatch = useStation((s) => s.dispatch);
  const [outcomes, setOutcomes] = useState<Record<number, string>>({});
  const open = view.deckChecks.rows.filter((r) => r.inProgress && r.round === round.number);
  if (open.length === 0) return null;
  return (
    <div className="checks-open" data-testid="checks-open">
      <h3>Deck checks under way</h3>
      <ul>
        {open.map((row) => (
          <li key={row.table} className="check-open">
            <span className="table-number">{row.table}</span>
            <span className="check-open-who">
              <Name>{row.judge}</Name> · {row.players.map((p) => isolate(names.get(p.id) ?? p.name)).join(', ')}
            </span>
            <span className="check-open-time" title="Time the check has taken">
              {formatClock(row.durationMs)}
            </span>
            <form
              className="check-open-end"
              onSubmit={(e) => {
                e.preventDefault();
                const outcome = (outcomes[row.table] ?? '').trim();
                void dispatch(
                  { type: 'end-deck-check', round: round.number, table: row.table, ...(outcome ? { outcome } : {}) },
                  `Table ${row.table}: deck check ended`,
                );
              }}
            >
              <input
                aria-label={`Outcome of the deck check at table ${row.table}`}
                placeholder="Outcome"
                value={outcomes[row.table] ?? ''}
                onChange={(e) => setOutcomes({ ...outcomes, [row.table]: e.target.value })}
              />
              <button type="submit" data-testid={`end-check-${row.table}`}>
                End check
              </button>
            </form>
          </li>
        ))}
      </ul>
    </div>
  );
}
