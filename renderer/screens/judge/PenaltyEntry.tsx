/**
 * Record a penalty at one table from the floor ("can be entered from a judge device"):
 * who (a tap on the player), the infraction (the common names a tap away, filtered as the judge
 * types, or the judge's own words), the penalty (a warning by default; a disqualification asks for
 * a second tap, in words), the judge (remembered on this phone) and a note. The host checks it
 * (core/event/apply-penalties.ts) and the phone shows its words when it refuses — a game loss a
 * rule set's results cannot hold, a player no longer at this table.
 *
 * Under the table, TablePenalties lists what this table's players have had this round, each with
 * its count ("2nd warning for Tardiness"): the Infraction Procedure Guide upgrades a repeat.
 */
import { useState, type FormEvent } from 'react';
import type { NewCommand } from '../../../core/event/commands.js';
import { acceptsPenalty, penaltiesOf } from '../../../core/event/apply-penalties.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { countWords, infractionNames, PENALTY_LABELS, penaltyCounts, PENALTY_WORDS } from '../../../core/event/describe-penalties.js';
import { nameProblem } from '../../../core/model/names.js';
import { type EventState, type Penalty, PENALTY_KINDS, type PenaltyKind, type PlayerId, type Round, type Table } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';
import { isolate, sentence } from '../../lib/format.js';
import { useCaller } from '../../store/caller.js';
import { displayNames, searchKey } from '../../lib/people.js';
import { Chips } from './Chips.js';
import { judgeNameFor, rememberJudge } from './judge-name.js';
import { sendingWords, useSender } from './useSender.js';
import { JudgeField } from './JudgeField.js';

/** Infractions listed before "All infractions" is tapped (the list's first, the ones named most). */
const FIRST_SHOWN = 6;

/** How many of its kind the player will have had for this infraction, this one included. */
function countWith(state: EventState, given: Penalty): number {
  return penaltyCounts([...penaltiesOf(state), given]).at(-1) as number;
}

/** "game loss for Ana Archer (Tardiness)", and "— 2nd game loss for Tardiness" from the second on. */
function penaltyWords(state: EventState, given: Penalty): string {
  const name = displayNames(state).get(given.player) ?? given.player;
  const count = countWith(state, given);
  return `${PENALTY_WORDS[given.penalty]} for ${isolate(name)} (${isolate(given.infraction)})${count > 1 ? ` — ${countWords(given, count, isolate)}` : ''}`;
}

/** The infraction: typed, or a tap on one the rule set names (those the typing matches); none named: typed. */
function InfractionPicker({ value, onChange, names }: { value: string; onChange: (text: string) => void; names: readonly string[] }) {
  const [all, setAll] = useState(false);
  const query = searchKey(value.trim());
  // Typing narrows the list; once one is picked the list is whole again, so changing it is a tap.
  const picked = names.find((name) => name === value.trim());
  const browsing = query === '' || picked !== undefined;
  const first = names.slice(0, all ? names.length : FIRST_SHOWN);
  const shown = browsing ? (picked && !first.includes(picked) ? [...first, picked] : first) : names.filter((name) => searchKey(name).includes(query));
  return (
    <JudgeField id="judge-penalty-infraction" label="Infraction" value={value} onChange={onChange} maxLength={200} placeholder={names.length > 0 ? 'tap one below, or type it' : 'what happened, in your words'} testId="judge-penalty-infraction">
      {names.length > 0 && (
        <Chips label="Common infractions" className="judge-chips-wide" options={shown.map((name) => ({ value: name, label: name }))} value={value} onPick={onChange} testId="judge-penalty-infractions" />
      )}
      {browsing && names.length > FIRST_SHOWN && (
        <button type="button" className="judge-more" aria-expanded={all} onClick={() => setAll(!all)} data-testid="judge-penalty-all-infractions">
          {all ? 'Fewer infractions' : `All ${names.length} common infractions…`}
        </button>
      )}
    </JudgeField>
  );
}

/** One big button per seat: one tap picks who gets the penalty. */
function PlayerPicker({ state, table, player, onPick }: { state: EventState; table: Table; player: PlayerId | null; onPick: (id: PlayerId) => void }) {
  const names = displayNames(state);
  return (
    <div role="group" aria-labelledby="judge-penalty-who" className="judge-chips judge-chips-wide judge-penalty-who">
      {table.seats.map((id, i) => (
        <button key={id} type="button" className="judge-chip" aria-pressed={player === id} onClick={() => onPick(id)} data-testid={`judge-penalty-player-${i + 1}`}>
          Seat {i + 1} · <Name>{names.get(id) ?? id}</Name>
        </button>
      ))}
    </div>
  );
}

/** Who gives it (remembered on this phone) and a note. */
function JudgeAndNote({ judge, setJudge, note, setNote }: { judge: string; setJudge: (text: string) => void; note: string; setNote: (text: string) => void }) {
  return (
    <>
      <JudgeField id="judge-penalty-judge" label="Judge" value={judge} onChange={setJudge} autoComplete="name" maxLength={120} placeholder="your name" testId="judge-penalty-judge" />
      <JudgeField id="judge-penalty-note" label="Note (optional)" value={note} onChange={setNote} testId="judge-penalty-note" />
    </>
  );
}

export function PenaltyEntry({ state, round, table, onSaved, onCancel }: {
  state: EventState;
  round: Round;
  table: Table;
  onSaved: (done: string) => void;
  onCancel: () => void;
}) {
  const [player, setPlayer] = useState<PlayerId | null>(null);
  const [infraction, setInfraction] = useState('');
  const [kind, setKind] = useState<PenaltyKind>('warning');
  const [judge, setJudge] = useState(() => judgeNameFor(useCaller.getState().caller));
  const [note, setNote] = useState('');
  /** A disqualification was tapped once: the next tap sends it. */
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sender = useSender();
  const names = displayNames(state);
  const name = player ? (names.get(player) ?? player) : '';
  const given: Penalty | null = player && infraction.trim() !== '' ? { round: round.number, table: table.table, player, infraction: infraction.trim(), penalty: kind } : null;
  const edited = (): void => setProblem(null);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!player) return setProblem('Tap the player who gets the penalty.');
    if (!given) return setProblem('Name the infraction: tap a common one, or type it.');
    const who = judge.trim();
    if (who === '') return setProblem('Name the judge who gives the penalty.');
    const characters = nameProblem(who, "judge's name");
    if (characters) return setProblem(sentence(characters));
    if (kind === 'disqualification' && !confirming) return setConfirming(true);
    setProblem(null);
    // No `at`: the host stamps the penalty with its own clock.
    const command: NewCommand = {
      type: 'record-penalty',
      round: round.number,
      table: table.table,
      player,
      infraction: given.infraction,
      penalty: kind,
      judge: who,
      ...(note.trim() !== '' ? { note: note.trim() } : {}),
    };
    const words = `Table ${table.table}: ${penaltyWords(state, given)}`;
    const sent = await sender.send(command);
    if (sent.kind !== 'saved') return setProblem(sent.kind === 'refused' ? sentence(sent.message) : sent.message);
    rememberJudge(who);
    onSaved(words);
  };

  return (
    <form className="judge-panel judge-penalty" aria-label={`Penalty at table ${table.table}`} data-testid="judge-penalty" onSubmit={(e) => void submit(e)}>
      <h2 className="judge-panel-title">Penalty — table {table.table}</h2>
      <p className="judge-group-label" id="judge-penalty-who">
        Who gets it
      </p>
      <PlayerPicker
        state={state}
        table={table}
        player={player}
        onPick={(id) => {
          setPlayer(id);
          setConfirming(false);
          edited();
        }}
      />
      <InfractionPicker
        names={infractionNames(getRuleset(state.ruleset))}
        value={infraction}
        onChange={(text) => {
          setInfraction(text);
          edited();
        }}
      />
      <p className="judge-group-label" aria-hidden="true">
        Penalty
      </p>
      <Chips
        label="Penalty"
        className="judge-penalty-kinds"
        options={PENALTY_KINDS.filter((k) => acceptsPenalty(getRuleset(state.ruleset), k)).map((k) => ({ value: k, label: PENALTY_LABELS[k] }))}
        value={kind}
        onPick={(value) => {
          setKind(value as PenaltyKind);
          setConfirming(false);
          edited();
        }}
        testId="judge-penalty-kind"
      />
      <JudgeAndNote
        judge={judge}
        setJudge={(text) => {
          setJudge(text);
          edited();
        }}
        note={note}
        setNote={setNote}
      />
      {given && !confirming && (
        <p className="judge-verdict judge-verdict-ok" data-testid="judge-penalty-verdict" aria-live="polite">
          Will record: {penaltyWords(state, given)}
        </p>
      )}
      {confirming && (
        <p className="judge-dq-confirm" role="alert" data-testid="judge-dq-confirm">
          Disqualify <Name>{name}</Name>? They are dropped from the next pairing and do not come back into the event; results already entered stand. Tap “Yes,
          disqualify” to send it, or pick another penalty.
        </p>
      )}
      {problem && (
        <p className="judge-problem" role="alert" data-testid="judge-penalty-problem">
          {problem}
        </p>
      )}
      <div className="judge-panel-buttons">
        <button type="submit" className={confirming ? 'judge-primary judge-danger' : 'judge-primary'} disabled={sender.busy} data-testid="judge-penalty-submit">
          {sendingWords(sender, confirming ? `Yes, disqualify ${name}` : `Record ${PENALTY_WORDS[kind]}`)}
        </button>
        <button type="button" className="judge-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The penalties this table's players have had this round, with their counts (none: nothing shown). */
export function TablePenalties({ state, round, table }: { state: EventState; round: Round; table: Table }) {
  const all = penaltiesOf(state);
  const counts = penaltyCounts(all);
  const names = displayNames(state);
  const here = all.map((p, i) => ({ p, count: counts[i] as number })).filter(({ p }) => p.round === round.number && p.table === table.table);
  if (here.length === 0) return null;
  return (
    <ul className="judge-penalties" aria-label={`Penalties at table ${table.table} this round`} data-testid="judge-table-penalties">
      {here.map(({ p, count }, i) => (
        <li key={i} className={`judge-penalty-${p.penalty}`}>
          <strong>{count > 1 ? countWords(p, count) : `${PENALTY_LABELS[p.penalty]} for ${p.infraction}`}</strong> — <Name>{names.get(p.player) ?? p.player}</Name>
          {p.judge && (
            <span className="judge-muted">
              {' '}
              (judge <Name>{p.judge}</Name>)
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
