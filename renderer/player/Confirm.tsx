/**
 * Confirming a table's reported result (2): with the table's code the phone asks for the
 * pending report (`look`) and shows it in the rule set's words ("Ana Archer reported: Ana Archer
 * wins 2–1 — is that right?"); the other players agree, or dispute (saying what they think it
 * was, on the same form, if they like) — `confirm`. The answers so far and the report's status
 * are said in words; the report is asked for again whenever the view changes.
 */
import { useCallback, useEffect, useState } from 'react';
import type { PublicReport, PublicTable, PublicView } from '../../core/public/types.js';
import { andList, type Ruleset } from '../../core/rulesets/ruleset.js';
import { useEntry } from './entry.js';
import { codeFor, phoneId } from './memory.js';
import { CodeStep, forgetGoneClaim, Problem, sentence, withToken, type Talk } from './Report.js';
import { ResultForm } from './ResultForm.js';
import { nameIn, rejectedWords, tableWord } from './view.js';

/** The report's status in words ("you" for this phone's player). */
export function statusWords(report: PublicReport, seats: readonly string[], name: (id: string) => string, me: string): string {
  if (report.status === 'disputed') return 'Disputed: the scorekeeper decides at the desk. A judge can help if you need one.';
  if (report.status === 'agreed') return 'Everyone agreed: the scorekeeper records it at the desk.';
  const missing = seats.filter((id) => id !== report.reporter && !report.answers[id]);
  return missing.length > 0 ? `Waiting for ${andList(missing.map((id) => (id === me ? 'you' : name(id))))} to answer.` : 'Waiting for the scorekeeper.';
}

function Answers({ report, seats, name, me }: { report: PublicReport; seats: readonly string[]; name: (id: string) => string; me: string }) {
  const others = seats.filter((id) => id !== report.reporter);
  return (
    <ul className="pl-answers" aria-label="Answers so far">
      {others.map((id) => {
        const answer = report.answers[id];
        const words = !answer ? 'not answered yet' : answer.agree ? 'agreed' : `disputed${answer.resultText ? ` — says ${answer.resultText}` : ''}`;
        return (
          <li key={id} className={answer ? (answer.agree ? 'agree' : 'dispute') : 'open'}>
            {id === me ? 'You' : <bdi>{name(id)}</bdi>}: {words}
          </li>
        );
      })}
    </ul>
  );
}

interface DisputeProps {
  view: PublicView;
  ruleset: Ruleset;
  table: PublicTable;
  busy: boolean;
  send(result: PublicReport['result'] | undefined): void;
  cancel(): void;
}

function Dispute({ view, ruleset, table, busy, send, cancel }: DisputeProps) {
  const entry = useEntry(view, ruleset, table);
  return (
    <div className="pl-step">
      <h3>What was the result?</h3>
      <ResultForm fields={entry.fields} draft={entry.draft} setDraft={entry.setDraft} seats={table.seats} points={view.round?.pointsBefore ?? {}} idPrefix="dispute" />
      {entry.checked.kind === 'ok' && (
        <p className="pl-preview">
          You say: <strong>{entry.checked.words}</strong>
        </p>
      )}
      {entry.checked.kind === 'problem' && <p className="pl-warning">{sentence(entry.checked.problem)}</p>}
      <button type="button" className="pl-primary" disabled={busy || entry.checked.kind !== 'ok'} onClick={() => entry.checked.kind === 'ok' && send(entry.checked.result)}>
        Send: that is not right
      </button>
      <button type="button" className="pl-secondary" disabled={busy} onClick={() => send(undefined)}>
        Dispute without saying the result
      </button>
      <button type="button" className="pl-link" onClick={cancel}>
        Back
      </button>
    </div>
  );
}

export interface ConfirmProps {
  view: PublicView;
  ruleset: Ruleset | null;
  table: PublicTable;
  me: string;
  talk: Talk;
}

type Looked = { kind: 'asking' } | { kind: 'none' } | { kind: 'report'; report: PublicReport } | { kind: 'refused'; message: string };

export function Confirm({ view, ruleset, table, me, talk }: ConfirmProps) {
  const round = view.round?.number ?? 0;
  const [code, setCode] = useState<string | null>(() => codeFor(talk.store, view.event.id, round, table.table));
  const [looked, setLooked] = useState<Looked>({ kind: 'asking' });
  const [disputing, setDisputing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = nameIn(view);
  const look = useCallback(
    async (held: string): Promise<void> => {
      const answer = await talk.request({ kind: 'look', code: held, round, table: table.table });
      if (!answer.ok) setLooked({ kind: 'refused', message: answer.message });
      else setLooked(answer.report ? { kind: 'report', report: answer.report } : { kind: 'none' });
    },
    [talk, round, table.table],
  );
  // Asked again whenever the table's report moves (another seat answered, it was decided or
  // rejected): a pod's screen follows the other players' answers. Not at every change of the event —
  // a result at another table is not this table's news, and a phone may send only so many messages.
  const moved = `${table.reportPending ?? false}:${table.reportAnswers ?? 0}:${table.reportRejected ?? false}:${table.result !== undefined}`;
  useEffect(() => {
    if (code !== null) void look(code);
  }, [code, look, moved]);
  if (code === null) return <CodeStep view={view} table={table} talk={talk} onCode={(typed) => setCode(typed)} />;
  const answer = async (agree: boolean, result?: PublicReport['result']): Promise<void> => {
    setBusy(true);
    setProblem(null);
    const sent = await talk.request({ kind: 'confirm', phone: phoneId(talk.store), code, round, table: table.table, player: me, agree, ...(result ? { result } : {}), ...withToken(talk.store, view.event.id, me) });
    setBusy(false);
    if (!sent.ok) {
      forgetGoneClaim(talk.store, view.event.id, sent.message);
      return setProblem(sent.message);
    }
    setDisputing(false);
    if (sent.report) setLooked({ kind: 'report', report: sent.report });
    else void look(code);
  };
  const heading = (
    <h2>
      {tableWord(view)} {table.table}: confirm
    </h2>
  );
  if (table.result)
    return (
      <div className="pl-step">
        {heading}
        <p className="pl-big-words">Result recorded: {table.resultText ?? ''}</p>
      </div>
    );
  if (looked.kind === 'asking') return <div className="pl-step">{heading}<p className="pl-muted">Asking the host…</p></div>;
  if (looked.kind === 'refused')
    return (
      <div className="pl-step">
        {heading}
        <Problem text={looked.message} />
        <button type="button" className="pl-secondary" onClick={() => setCode(null)}>
          Type the table’s code again
        </button>
      </div>
    );
  if (looked.kind === 'none')
    return (
      <div className="pl-step">
        {heading}
        {table.reportRejected ? (
          <p className="pl-rejected" role="status" data-testid="report-rejected">
            {rejectedWords(table)}
          </p>
        ) : (
          <p>No result is waiting to be confirmed for this table.</p>
        )}
      </div>
    );
  const report = looked.report;
  const mine = report.reporter === me;
  const answered = report.answers[me];
  if (disputing && ruleset)
    return (
      <div className="pl-step">
        {heading}
        <Dispute view={view} ruleset={ruleset} table={table} busy={busy} send={(result) => void answer(false, result)} cancel={() => setDisputing(false)} />
        <Problem text={problem} />
      </div>
    );
  return (
    <div className="pl-step" data-testid="confirm">
      {heading}
      <p className="pl-big-words" data-testid="reported">
        {mine ? 'You' : <bdi>{name(report.reporter)}</bdi>} reported: <strong>{report.resultText}</strong>
        {!mine && !answered ? ' — is that right?' : ''}
      </p>
      {report.drops.length > 0 && <p>Dropping: {report.drops.map(name).join(', ')}</p>}
      {!mine && !answered && (
        <div className="pl-buttons">
          <button type="button" className="pl-primary" disabled={busy} onClick={() => void answer(true)}>
            Yes, that is right
          </button>
          <button type="button" className="pl-secondary pl-danger" disabled={busy} onClick={() => (ruleset ? setDisputing(true) : void answer(false))}>
            No — dispute it
          </button>
        </div>
      )}
      <Problem text={problem} />
      <Answers report={report} seats={table.seats} name={name} me={me} />
      <p className="pl-status" data-testid="report-status">
        {statusWords(report, table.seats, name, me)}
      </p>
    </div>
  );
}
