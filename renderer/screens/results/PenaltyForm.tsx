/**
 * Recording a penalty from the Results screen, or the Clock screen's tables (clock/ClockPenalties.tsx),
 * in a few keys: the player (a name, or a table number, then the seat among its
 * players; the table being entered offers its players), the infraction (the rule set's names with
 * type-ahead — Tab or Enter takes the name listed first — or the judge's own words), the penalty (a select: its first letter picks it), the
 * judge (remembered) and a note; Enter records. The host checks it
 * (core/event/apply-penalties.ts) and says what is wrong; the toast has Undo.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { NewCommand } from '../../../core/event/commands.js';
import { acceptsPenalty, penaltiesOf } from '../../../core/event/apply-penalties.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { countWords, infractionNames, PENALTY_LABELS, penaltyCounts, PENALTY_WORDS } from '../../../core/event/describe-penalties.js';
import { findTable } from '../../../core/event/queries.js';
import { type EventState, type Penalty, PENALTY_KINDS, type PenaltyKind, type PlayerId, type Round } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';
import { TypeAhead } from '../../components/TypeAhead.js';
import { isolate, sentence } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { displayNames, searchKey } from '../../lib/people.js';
import { attempt } from '../../store/attempt.js';

/** Who sits where in the round: each player's table (none: a bye, or not paired). */
function seatsOf(round: Round): Map<PlayerId, number> {
  const out = new Map<PlayerId, number>();
  for (const t of round.tables) for (const id of t.seats) out.set(id, t.table);
  for (const b of round.byes) if (!out.has(b.player)) out.set(b.player, 0);
  return out;
}

/** The option a player is listed as: "Ana Archer — table 3" (or "— bye"). */
function optionText(name: string, table: number | undefined): string {
  return `${name} — ${table ? `table ${table}` : 'no table'}`;
}

/**
 * The players the box names: an option as listed, a table number (its players), or part of a name
 * (everyone whose name holds it); empty box: the players of the table being entered.
 */
export function candidatesFor(state: EventState, round: Round, text: string, entryTable: number | null): PlayerId[] {
  const names = displayNames(state);
  const seats = seatsOf(round);
  const t = text.trim();
  if (t === '') return entryTable !== null ? (findTable(round, entryTable)?.seats ?? []) : [];
  const exact = [...seats.keys()].find((id) => optionText(names.get(id) ?? id, seats.get(id)) === t);
  if (exact) return [exact];
  if (/^\d+$/.test(t)) return findTable(round, Number(t))?.seats ?? [];
  const q = searchKey(t);
  const everyone = state.players.map((p) => p.id);
  const exactName = everyone.filter((id) => searchKey(names.get(id) ?? id) === q);
  if (exactName.length > 0) return exactName;
  return everyone.filter((id) => searchKey(names.get(id) ?? id).includes(q) || id.toLowerCase() === t.toLowerCase()).slice(0, 12);
}

/** Judges named before at this event (penalties and deck checks), the last one first. */
function knownJudges(state: EventState): string[] {
  const named = [...penaltiesOf(state).map((p) => p.judge), ...(state.clock?.deckChecks ?? []).map((c) => c.judge)].filter((j): j is string => !!j);
  return [...new Set(named.reverse())];
}

/** The player box (a name or a table number, with the round's players listed), and the seat to pick when it names several. */
function PlayerPicker({ state, round, entryTable, who, setWho, candidates, player, setPicked, inputRef }: {
  state: EventState;
  round: Round;
  entryTable: number | null;
  who: string;
  setWho: (text: string) => void;
  candidates: PlayerId[];
  player: PlayerId | null;
  setPicked: (id: PlayerId) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const names = displayNames(state);
  const seats = seatsOf(round);
  return (
    <>
      <label>
        Player <span className="muted">(name or table)</span>
        <input ref={inputRef} list="penalty-players" value={who} autoComplete="off" data-testid="penalty-player" placeholder={entryTable !== null ? `table ${entryTable}` : 'name or table number'} onChange={(e) => setWho(e.target.value)} />
      </label>
      <datalist id="penalty-players">
        {[...seats.keys()].map((id) => (
          <option key={id} value={optionText(names.get(id) ?? id, seats.get(id))} />
        ))}
      </datalist>
      {candidates.length > 1 && (
        <fieldset className="penalty-who" data-testid="penalty-candidates">
          <legend>Which player?</legend>
          {candidates.map((id) => (
            <label key={id} className="check">
              <input type="radio" name="penalty-who" checked={player === id} onChange={() => setPicked(id)} />
              <Name>{names.get(id) ?? id}</Name>
              <span className="muted">{seats.get(id) ? ` table ${seats.get(id)}` : ' no table'}</span>
            </label>
          ))}
        </fieldset>
      )}
      {player && candidates.length === 1 && (
        <p className="muted penalty-picked" data-testid="penalty-picked">
          <Name>{names.get(player) ?? player}</Name> — round {round.number}, {seats.get(player) ? `table ${seats.get(player)}` : 'no table this round'}
        </p>
      )}
    </>
  );
}

interface FormProps {
  state: EventState;
  round: Round;
  /** The table the result panel is on (its players are offered first). */
  entryTable: number | null;
  /** Put the cursor in the player box when the form opens (opened by a key, from a table's row). */
  focusOnOpen?: boolean;
  /** Called once a penalty is recorded (the form is emptied for the next one either way). */
  onRecorded?: () => void;
}

export function PenaltyForm({ state, round, entryTable, focusOnOpen = false, onRecorded }: FormProps) {
  const [who, setWho] = useState('');
  const [picked, setPicked] = useState<PlayerId | null>(null);
  const [infraction, setInfraction] = useState('');
  const [kind, setKind] = useState<PenaltyKind>('warning');
  const judges = useMemo(() => knownJudges(state), [state]);
  const [judge, setJudge] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = displayNames(state);
  const seats = seatsOf(round);
  const candidates = candidatesFor(state, round, who, entryTable);
  const player = candidates.length === 1 ? (candidates[0] as PlayerId) : picked !== null && candidates.includes(picked) ? picked : null;
  const judgeText = judge ?? judges[0] ?? '';
  // The rule set's infraction names (the IPG's for Magic events), then those already recorded here.
  const infractions = useMemo(() => [...new Set([...infractionNames(getRuleset(state.ruleset)), ...penaltiesOf(state).map((p) => p.infraction)])], [state]);
  const playerBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnOpen) playerBox.current?.focus();
  }, [focusOnOpen]);

  const record = async (): Promise<void> => {
    setProblem(null);
    if (!player) return setProblem(candidates.length > 1 ? 'Pick the player (the buttons under the box).' : 'Name the player: a name, or their table number.');
    if (infraction.trim() === '') return setProblem('Name the infraction.');
    if (judgeText.trim() === '') return setProblem('Name the judge who gave the penalty.');
    const table = seats.get(player) || undefined;
    const command: NewCommand = {
      type: 'record-penalty',
      round: round.number,
      ...(table !== undefined ? { table } : {}),
      player,
      infraction: infraction.trim(),
      penalty: kind,
      judge: judgeText.trim(),
      ...(note.trim() !== '' ? { note: note.trim() } : {}),
    };
    const store = useStation.getState();
    setBusy(true);
    const outcome = await store.send(command, { label: `Penalty: ${PENALTY_WORDS[kind]} for ${names.get(player) ?? player} (${infraction.trim()})` });
    setBusy(false);
    if (outcome.kind !== 'saved') return setProblem(sentence(outcome.message));
    const given: Penalty = { round: round.number, player, infraction: infraction.trim(), penalty: kind };
    const count = penaltyCounts([...penaltiesOf(state), given]).at(-1) as number;
    store.toast(`Penalty recorded: ${PENALTY_WORDS[kind]} for ${isolate(names.get(player) ?? player)} (${isolate(given.infraction)})${count > 1 ? ` — ${countWords(given, count, isolate)}` : ''}`, { undoSeq: outcome.seq });
    setWho('');
    setPicked(null);
    setInfraction('');
    setKind('warning');
    setNote('');
    setJudge(judgeText.trim());
    // The form stays open for the next penalty (or its owner closes it): the cursor goes back to the player box.
    if (onRecorded) onRecorded();
    else playerBox.current?.focus();
  };

  return (
    <form
      className="penalty-form"
      aria-label="Record a penalty"
      data-testid="penalty-form"
      onSubmit={(e) => {
        e.preventDefault();
        void record();
      }}
    >
      <PlayerPicker state={state} round={round} entryTable={entryTable} who={who} setWho={setWho} candidates={candidates} player={player} setPicked={setPicked} inputRef={playerBox} />
      <TypeAhead
        label="Infraction"
        listLabel="Infractions"
        value={infraction}
        onChange={setInfraction}
        options={infractions}
        placeholder={infractions.length > 0 ? 'type: Tardiness, Slow Play… (Tab takes the name)' : 'what happened, in your words'}
        testId="penalty-infraction"
      />
      <label>
        Penalty
        <select value={kind} data-testid="penalty-kind" onChange={(e) => setKind(e.target.value as PenaltyKind)}>
          {PENALTY_KINDS.filter((k) => acceptsPenalty(getRuleset(state.ruleset), k)).map((k) => (
            <option key={k} value={k}>
              {PENALTY_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Judge
        <input list="penalty-judges" value={judgeText} autoComplete="off" data-testid="penalty-judge" onChange={(e) => setJudge(e.target.value)} />
      </label>
      <datalist id="penalty-judges">
        {judges.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <label className="penalty-note">
        Note
        <input value={note} autoComplete="off" data-testid="penalty-note-text" onChange={(e) => setNote(e.target.value)} />
      </label>
      <div className="toolbar">
        <button type="submit" className={kind === 'warning' ? undefined : 'primary'} disabled={busy} data-testid="penalty-record">
          Record {PENALTY_WORDS[kind]}
        </button>
      </div>
      {problem && (
        <p className="problem" role="alert" data-testid="penalty-problem">
          {problem}
        </p>
      )}
    </form>
  );
}
