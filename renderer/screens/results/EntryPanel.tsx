/**
 * The Results screen's entry panel, keyboard first (UX.md): the table box, the rule set's result
 * fields, the slip's no-show and Drop boxes, a reason when amending; Enter records, and the cursor
 * is back in the table box with the next outstanding table suggested.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { findTable } from '../../../core/event/queries.js';
import type { EventState, PlayerId, Round, Table } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { currentRound } from '../../lib/event.js';
import { useStation } from '../../store/station.js';
import { pointsBefore, roundLabel } from '../pairings/round-facts.js';
import { Amendment, EntryHead, SlipBoxes, TableBox, TableWho, Verdict, type Target } from './EntryPanelParts.js';
import { absentBy, focusFields, nextOutstanding, prepareRecord, recordedWords, sendResult } from './EntryPanelRecord.js';
import { checkResult, EMPTY_DRAFT, readEntry, type Built, type Draft } from './parse.js';
import { ResultFields } from './ResultFields.js';

export type { Target } from './EntryPanelParts.js';
export { pairedOnOldResult } from './EntryPanelRecord.js';

/** The round the panel is on (the current one unless an earlier one was picked), and the table its box names, or why it names none. */
function entryTarget(state: EventState, target: Target): { current: Round | undefined; round: Round | undefined; table: Table | undefined; tableProblem: string | null } {
  const current = currentRound(state);
  const round = state.rounds.find((r) => r.number === target.round) ?? current;
  const tableNumber = /^\d+$/.test(target.table.trim()) ? Number(target.table.trim()) : null;
  const table = round && tableNumber !== null ? findTable(round, tableNumber) : undefined;
  const tableProblem =
    target.table.trim() === ''
      ? null
      : !round
        ? 'No round has been paired yet.'
        : tableNumber === null
          ? `“${target.table}” is not a table number.`
          : !table
            ? `${roundLabel(round)} has no table ${tableNumber} (tables ${Math.min(...round.tables.map((t) => t.table))}–${Math.max(...round.tables.map((t) => t.table))}).`
            : null;
  return { current, round, table, tableProblem };
}

/**
 * What is typed for one table: the result boxes, the slip's Drop boxes, the no-shows marked with the
 * buttons (typed "n2" adds to them), the amendment's reason and the problem shown. A new table (or
 * round) starts a fresh draft (an amendment starts with the no-shows on record).
 */
function useEntryDraft(round: number, table: Table | undefined) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [drops, setDrops] = useState<PlayerId[]>([]);
  const [marked, setMarked] = useState<PlayerId[]>([]);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setDraft(EMPTY_DRAFT);
    setDrops([]);
    setMarked(table?.noShow ?? []);
    setReason('');
    setProblem(null);
  }, [round, table?.table]);
  /** After a result is recorded: nothing typed, nothing marked. */
  const clear = (): void => {
    setDraft(EMPTY_DRAFT);
    setDrops([]);
    setMarked([]);
    setReason('');
  };
  return { draft, setDraft, drops, setDrops, marked, setMarked, reason, setReason, problem, setProblem, clear };
}

/**
 * A draft read for the table: who it marks absent (`slip`: marked with a button or typed "n2"), the
 * result it builds, and the rule set's check of that result. With a no-show the absent players lose,
 * as the rule set says (head-to-head: the one present wins every game needed, nothing else to type;
 * pods: the absent are excluded, the winner typed as usual).
 */
function readTyped(state: EventState, round: Round | undefined, table: Table | undefined, draft: Draft, marked: PlayerId[]) {
  // The rule set's result entry: what a no-show makes of the result (none where it records no no-shows).
  const noShows = getRuleset(state.ruleset).presentation.results.noShows;
  // The no-show tokens ("n2") are read once per keystroke, by readEntry, where there is a round.
  const entry = table && round ? readEntry(state, table, round, draft, marked) : null;
  const slip = entry && noShows ? { absent: entry.absent, typed: entry.typed } : table ? absentBy(noShows, table, draft, marked) : { absent: [], typed: [] };
  const built: Built = entry ? entry.built : { kind: 'empty' };
  const checked = table && built.kind === 'ok' && round ? checkResult(state, table, round, built.result) : null;
  return { noShows, slip, built, checked };
}

/**
 * What Enter does (`record`; `override`: a draft recorded at once, from a common-result or no-show
 * button): check the result, send it, say what was recorded in a toast with Undo, then clear the
 * panel for the next table with the cursor back in the table box. `lastTable`: the table recorded
 * last, which the next suggestion follows.
 */
function useRecorder({ state, at, entry, read, fields, tableBox, setTarget }: {
  state: EventState;
  at: ReturnType<typeof entryTarget>;
  entry: ReturnType<typeof useEntryDraft>;
  /** The draft as typed, read (readTyped). */
  read: ReturnType<typeof readTyped>;
  fields: RefObject<HTMLDivElement | null>;
  tableBox: RefObject<HTMLInputElement | null>;
  setTarget: (t: Target) => void;
}): { record: (override?: Draft) => Promise<void>; busy: boolean; lastTable: number | null } {
  const [lastTable, setLastTable] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const { current, round, table, tableProblem } = at;
  const { drops, marked, reason, setProblem, clear } = entry;
  const amending = !!table?.result;

  const record = async (override?: Draft): Promise<void> => {
    setProblem(null);
    if (!round) return setProblem('No round has been paired yet.');
    if (!table) return setProblem(tableProblem ?? 'Type a table number first.');
    const typed = override ? readTyped(state, round, table, override, marked) : read;
    const absent = typed.slip.absent;
    const prepared = prepareRecord({
      state,
      round,
      table,
      built: typed.built,
      fields: fields.current,
      override: !!override,
      amending,
      reason,
      absent,
      drops: round.stage === 'swiss' && round === current ? drops : [],
    });
    if ('problem' in prepared) {
      if (prepared.problem !== null) setProblem(prepared.problem);
      return;
    }
    const { command, described, dropping } = prepared;
    const store = useStation.getState();
    const moveOn = (): void => {
      setLastTable(table.table);
      clear();
      setTarget({ round: current?.number ?? round.number, table: '' });
      tableBox.current?.focus();
    };
    // Offline, the result waits to send (listed at the top of this screen, with its outcome once
    // it went) and the panel moves on to the next table.
    let movedOn = false;
    setBusy(true);
    const outcome = await sendResult(command, amending, {
      label: `Table ${table.table}: ${described}`,
      onWaiting: () => {
        movedOn = true;
        setBusy(false);
        moveOn();
      },
    });
    setBusy(false);
    if (!outcome) return;
    if ('error' in outcome) {
      if (!movedOn) setProblem(outcome.error);
      store.toast(movedOn ? `Table ${table.table}, typed while offline: ${outcome.error}` : outcome.error, { kind: 'problem' });
      return;
    }
    store.toast(recordedWords({ state, round, table, described, absent, dropping, amended: amending ? { points: outcome.value.points } : null }), { undoSeq: outcome.value.ack.seq });
    if (!movedOn) moveOn();
  };
  return { record, busy, lastTable };
}

export function EntryPanel({ state, target, setTarget, tableBox }: {
  state: EventState;
  target: Target;
  setTarget: (t: Target) => void;
  tableBox: RefObject<HTMLInputElement | null>;
}) {
  const { current, round, table, tableProblem } = entryTarget(state, target);
  const entry = useEntryDraft(target.round, table);
  const { draft, setDraft, drops, setDrops, marked, setMarked, reason, setReason, problem, setProblem } = entry;
  const fields = useRef<HTMLDivElement>(null);
  const read = readTyped(state, round, table, draft, marked);
  const { noShows, slip, built, checked } = read;
  const { record, busy, lastTable } = useRecorder({ state, at: { current, round, table, tableProblem }, entry, read, fields, tableBox, setTarget });
  const suggestion = round === current ? nextOutstanding(current, lastTable) : null;
  const points = useMemo(() => (round ? pointsBefore(state, round.number) : new Map<PlayerId, number>()), [state, round]);
  const amending = !!table?.result;
  /**
   * Leave this table with nothing saved (Cancel, or Escape anywhere in the form): what was typed
   * goes, the table keeps the result it has, and the cursor is back in the table box — the way
   * out of an amendment a second desk was offered after its result clashed with another's.
   */
  const cancel = (): void => {
    entry.clear();
    setProblem(null);
    setTarget({ round: current?.number ?? target.round, table: '' });
    tableBox.current?.focus();
  };

  return (
    <section className="card entry" aria-label="Enter a result" data-testid="entry">
      <EntryHead round={round} current={current} amending={amending} onBack={(number) => setTarget({ round: number, table: '' })} />
      <form
        className="entry-form"
        onSubmit={(e) => {
          e.preventDefault();
          void record();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && (table || target.table !== '')) {
            e.preventDefault();
            cancel();
            return;
          }
          const el = e.target as HTMLInputElement;
          if (e.key === 'Enter' && el.tagName === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio')) {
            e.preventDefault();
            void record();
          }
        }}
      >
        <div className="table-row">
          <TableBox target={target} setTarget={setTarget} suggestion={suggestion} hasTable={!!table} tableBox={tableBox} onFields={() => focusFields(fields.current)} />
          <TableWho state={state} table={table} points={points} tableProblem={tableProblem} suggestion={suggestion} hasRound={!!round} />
        </div>
        <div ref={fields}>
          {table && round && (
            <ResultFields
              key={`${round.number}-${table.table}`}
              state={state}
              table={table}
              round={round}
              draft={draft}
              setDraft={(d) => {
                setDraft(d);
                setProblem(null);
              }}
              points={points}
              quick={(key, text) => {
                const next = { ...draft, text: { ...draft.text, [key]: text } };
                setDraft(next);
                void record(next);
              }}
            />
          )}
        </div>
        {table && round && (
          <SlipBoxes
            state={state}
            table={table}
            dropBoxes={round.stage === 'swiss' && round === current}
            noShowsAllowed={noShows !== undefined}
            noShow={slip.absent}
            typed={slip.typed}
            onNoShow={(id) => {
              setProblem(null);
              // Where a no-show is the whole result (head-to-head), it is recorded at once (as "n2", Enter).
              if (noShows?.recordsAtOnce && !marked.includes(id)) {
                const next = { ...EMPTY_DRAFT, text: { [noShows.field]: `n${table.seats.indexOf(id) + 1}` } };
                setDraft(next);
                void record(next);
                return;
              }
              setMarked(marked.includes(id) ? marked.filter((x) => x !== id) : [...marked, id]);
            }}
            drops={drops}
            onDrop={(id) => setDrops(drops.includes(id) ? drops.filter((x) => x !== id) : [...drops, id])}
          />
        )}
        {table && amending && <Amendment state={state} round={round} earlier={round !== current} reason={reason} setReason={setReason} />}
        {table && <Verdict state={state} table={table} problem={problem} built={built} checked={checked} amending={amending} reason={reason} />}
        <div className="toolbar">
          <button type="submit" className="primary" disabled={busy || !table}>
            {amending ? 'Amend result' : 'Record result'}
          </button>
          {table && (
            <button type="button" onClick={cancel} title="Leave this table with nothing saved (Esc)" data-testid="entry-cancel">
              {amending ? 'Cancel — keep the result' : 'Cancel'}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
