/**
 * What the Results screen's entry panel draws around the result fields: its heading, the table box
 * (Enter or Tab takes the next outstanding table) and who sits there, the slip's no-show and Drop
 * boxes, the amendment's reason, and the verdict on what is typed.
 */
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { EventState, PlayerId, Round, Table } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';
import { displayNames } from '../../lib/people.js';
import { describeResult, roundLabel } from '../pairings/round-facts.js';
import { pairedOnOldResult, playersDropped } from './EntryPanelRecord.js';
import { RESULT_KEYS } from '../../components/Shortcuts.js';
import type { Built } from './parse.js';

/** The table box's text, in the round it is for. */
export interface Target {
  round: number;
  /** The table box's text. */
  table: string;
}

/** "Enter results — Round 3", and the way back when an earlier round is open. */
export function EntryHead({ round, current, amending, onBack }: { round: Round | undefined; current: Round | undefined; amending: boolean; onBack: (round: number) => void }) {
  const isCurrent = round === current;
  return (
    <div className="section-head">
      <h2>
        {amending ? 'Amend a result' : 'Enter results'}
        <span className={isCurrent ? 'muted round-name' : 'warning round-name'} data-testid="entry-round">
          {' '}— {round ? roundLabel(round) : 'no round yet'}
          {round && !isCurrent ? ' (an earlier round)' : ''}
        </span>
      </h2>
      {round && !isCurrent && current && (
        <button type="button" onClick={() => onBack(current.number)}>
          Back to {roundLabel(current)}
        </button>
      )}
      <p className="muted keys-hint" data-testid="entry-keys">
        Keys: {RESULT_KEYS} — the cursor comes back to the table box.
      </p>
    </div>
  );
}

/**
 * The table box: digits only; Enter (or Tab) on an empty box takes the suggested table, Enter on a
 * table moves to its result fields.
 */
export function TableBox({ target, setTarget, suggestion, hasTable, tableBox, onFields }: {
  target: Target;
  setTarget: (t: Target) => void;
  /** The next outstanding table, shown as the placeholder. */
  suggestion: number | null;
  /** The box names a table of the round. */
  hasTable: boolean;
  tableBox: RefObject<HTMLInputElement | null>;
  /** The cursor to the result fields. */
  onFields: () => void;
}) {
  return (
    <label className="table-box">
      Table
      <input
        ref={tableBox}
        autoFocus
        inputMode="numeric"
        autoComplete="off"
        value={target.table}
        placeholder={suggestion !== null ? String(suggestion) : ''}
        onChange={(e) => setTarget({ round: target.round, table: e.target.value.replace(/[^\d]/g, '') })}
        onKeyDown={(e) => {
          const empty = target.table.trim() === '';
          // The fields appear in this same keystroke, so what is typed next lands in them.
          // Tab does what the first Enter does: to the result of the table typed (or suggested).
          if (e.key === 'Tab' && !e.shiftKey && (hasTable || (empty && suggestion !== null))) {
            e.preventDefault();
            if (empty) flushSync(() => setTarget({ round: target.round, table: String(suggestion) }));
            onFields();
            return;
          }
          if (e.key !== 'Enter') return;
          e.preventDefault();
          if (empty && suggestion !== null) {
            flushSync(() => setTarget({ round: target.round, table: String(suggestion) }));
            onFields();
          } else if (hasTable) onFields();
        }}
        aria-describedby="table-hint"
        data-testid="table-box"
      />
    </label>
  );
}

/** Beside the table box: who sits at the table (and its result, if it has one), what is wrong with the box, or a hint. */
export function TableWho({ state, table, points, tableProblem, suggestion, hasRound }: {
  state: EventState;
  table: Table | undefined;
  points: ReadonlyMap<PlayerId, number>;
  tableProblem: string | null;
  suggestion: number | null;
  hasRound: boolean;
}) {
  return (
    <div className="table-who" aria-live="polite">
      {table ? (
        <>
          <Seats state={state} table={table} points={points} />
          {table.result && <p className="warning current-result">Now: {describeResult(state, table)}</p>}
        </>
      ) : tableProblem ? (
        <p className="problem">{tableProblem}</p>
      ) : (
        <p id="table-hint" className="muted">
          {suggestion !== null ? `Next outstanding: table ${suggestion} — Enter takes it.` : hasRound ? 'Type a table number, then Enter.' : ''}
        </p>
      )}
    </div>
  );
}

/**
 * The slip's boxes beside the result: a no-show button per seat (MTR 2.10: a match loss, and a drop
 * from the next round unless the player reports in), and the Drop box of each player (Swiss rounds:
 * recorded with the result; a drop after the cut is made on the Players screen, where it is confirmed).
 */
export function SlipBoxes({ state, table, dropBoxes, noShowsAllowed, noShow, typed, onNoShow, drops, onDrop }: {
  state: EventState;
  table: Table;
  /** The current Swiss round's result: its Drop boxes (a drop takes effect from the next pairing). */
  dropBoxes: boolean;
  noShowsAllowed: boolean;
  noShow: PlayerId[];
  typed: PlayerId[];
  onNoShow: (id: PlayerId) => void;
  drops: PlayerId[];
  onDrop: (id: PlayerId) => void;
}) {
  const names = displayNames(state);
  const dropped = playersDropped(state);
  const pods = table.seats.length > 2;
  return (
    <div className="result-fields slip-boxes" data-testid="slip-boxes">
      {noShowsAllowed && (
        <div className="quick-results" role="group" aria-label="No-shows (MTR 2.10)">
          {table.seats.map((id, i) => (
            <button
              key={id}
              type="button"
              aria-pressed={noShow.includes(id)}
              disabled={typed.includes(id)}
              onClick={() => onNoShow(id)}
              data-testid={`no-show-${i + 1}`}
              title={`Typed as n${i + 1} in the result box`}
            >
              No-show: <Name>{names.get(id) ?? id}</Name>
            </button>
          ))}
        </div>
      )}
      {dropBoxes && (
        <fieldset className="drops" data-testid="drop-boxes">
          <legend>Drop (the slip’s Drop box): leaves the event after this round</legend>
          {table.seats.map((id, i) => {
            const already = dropped.get(id);
            const absent = noShow.includes(id);
            return (
              <label key={id} className="check">
                <input
                  type="checkbox"
                  checked={already !== undefined || absent || drops.includes(id)}
                  disabled={already !== undefined || absent}
                  onChange={() => onDrop(id)}
                  data-testid={`drop-${i + 1}`}
                />
                {pods ? `Seat ${i + 1} — ` : ''}
                <Name>{names.get(id) ?? id}</Name>
                {already !== undefined ? <span className="muted"> (dropped after round {already})</span> : absent ? <span className="muted"> (no-show: dropped unless they report in)</span> : null}
              </label>
            );
          })}
        </fieldset>
      )}
      {noShowsAllowed && (
        <p className="hint muted">
          No-show (MTR 2.10): type n and the seat ({pods ? '“1 n3”: seat 1 won, seat 3 absent' : '“n2”'}) or press the button: a match loss{pods ? ' in this pod' : ''}, and dropped from the next round unless they report to you before it.
        </p>
      )}
    </div>
  );
}

function Seats({ state, table, points }: { state: EventState; table: Table; points: ReadonlyMap<PlayerId, number> }) {
  const names = displayNames(state);
  if (table.seats.length === 2)
    return (
      <span className="entry-seats" data-testid="entry-seats">
        <strong><Name>{names.get(table.seats[0] ?? '') ?? ''}</Name></strong> <span className="points">{points.get(table.seats[0] ?? '') ?? 0}</span>
        <span className="muted"> v </span>
        <strong><Name>{names.get(table.seats[1] ?? '') ?? ''}</Name></strong> <span className="points">{points.get(table.seats[1] ?? '') ?? 0}</span>
      </span>
    );
  return (
    <span className="entry-seats" data-testid="entry-seats">
      {table.seats.map((id, i) => (
        <span key={id}>
          <span className="entry-seat">
            <span className="muted">{i + 1}</span> <strong><Name>{names.get(id) ?? id}</Name></strong>
            {i < table.seats.length - 1 ? ' ·' : ''}
          </span>{' '}
        </span>
      ))}
    </span>
  );
}

/**
 * Amending a result: what was paired on the old result stands (an earlier round), and the reason
 * the change needs.
 */
export function Amendment({ state, round, earlier, reason, setReason }: { state: EventState; round: Round | undefined; earlier: boolean; reason: string; setReason: (reason: string) => void }) {
  return (
    <>
      {round && earlier && pairedOnOldResult(state, round) && (
        <p className="warning" data-testid="paired-on-old-result">
          {pairedOnOldResult(state, round)}
        </p>
      )}
      <label className="reason">
        Reason for the change (required, kept in the event log)
        <input id="amend-reason" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. slip filled in the wrong way round" maxLength={500} autoComplete="off" />
      </label>
    </>
  );
}

/** Under the fields: the problem (on Enter), or what the typing reads as — a problem, the result in words, or a question to answer. */
export function Verdict({ state, table, problem, built, checked, amending, reason }: {
  state: EventState;
  table: Table;
  problem: string | null;
  built: Built;
  checked: { result: unknown; problem: string | null } | null;
  amending: boolean;
  reason: string;
}) {
  return (
    <div className="verdict" aria-live="polite" data-testid="verdict">
      {problem ? (
        <p className="problem" role="alert">
          {problem}
        </p>
      ) : built.kind === 'problem' ? (
        <p className="problem">{built.problem}</p>
      ) : checked?.problem ? (
        <p className="problem">{checked.problem}</p>
      ) : checked?.result ? (
        <p className="ok">
          {describeResult(state, { ...table, result: checked.result as Table['result'] })} — {amending ? (reason.trim() ? 'Enter to amend' : 'give the reason, then Enter to amend') : 'Enter to record'}
        </p>
      ) : built.kind === 'question' ? (
        <p className="warning">{built.verdict}</p>
      ) : null}
    </div>
  );
}
