/**
 * Reporting a table's result from a phone (2): first the table's code from the printed
 * slip (filled in when the slip's QR code opened the page), then the result as the rule set asks
 * for it (its own form, drawn for a thumb: ResultForm.tsx) and a drop tick per player, then `report`.
 * A refusal is shown in the host's words; nothing is kept to be sent later.
 */
import { useState, type FormEvent } from 'react';
import type { PublicAnswer, PublicReport, PublicTable, PublicView } from '../../core/public/types.js';
import type { Ruleset } from '../../core/rulesets/ruleset.js';
import { useEntry } from './entry.js';
import { codeFor, phoneId, rememberClaim, rememberCode, tokenFor, type KeyValue } from './memory.js';
import type { PublicAsk } from './public-client.js';
import { ResultForm } from './ResultForm.js';
import { nameIn, tableWord } from './view.js';

/** What the screens need to talk to the host and remember things. */
export interface Talk {
  request(ask: PublicAsk): Promise<PublicAnswer>;
  store: KeyValue;
}

/** The claim token this phone holds for `player` in this event, as a request's field (none: the answer is unclaimed). */
export function withToken(store: KeyValue, eventId: string, player: string): { token?: string } {
  const token = tokenFor(store, eventId, player);
  return token ? { token } : {};
}

/** The host's words when a phone's token is no longer a claim (reset at the desk). */
const CLAIM_GONE = /^this phone’s claim was reset/;

/** A refusal that says this phone's claim was reset: the phone forgets it (the page then offers "Make this phone yours"). */
export function forgetGoneClaim(store: KeyValue, eventId: string, message: string): void {
  if (CLAIM_GONE.test(message)) rememberClaim(store, eventId, null);
}

/** A message as a sentence ("that code …" → "That code …"). */
export function sentence(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

export function Problem({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="pl-problem" role="alert">
      {sentence(text)}
    </p>
  );
}

interface CodeProps {
  view: PublicView;
  table: PublicTable;
  talk: Talk;
  /** The code works: the table's pending report with it, if any. */
  onCode(code: string, report: PublicReport | undefined): void;
}

/** "Your table's code": checked with the host (`look`) before anything else is asked. */
export function CodeStep({ view, table, talk, onCode }: CodeProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const round = view.round?.number ?? 0;
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return setProblem('Type the code printed on your match slip.');
    setBusy(true);
    const answer = await talk.request({ kind: 'look', code: typed, round, table: table.table });
    setBusy(false);
    if (!answer.ok) return setProblem(answer.message);
    rememberCode(talk.store, view.event.id, { round, table: table.table, code: typed });
    onCode(typed, answer.report);
  };
  return (
    <form className="pl-step" onSubmit={(e) => void submit(e)}>
      <h2>
        {tableWord(view)} {table.table}: the code
      </h2>
      <label className="pl-label" htmlFor="pl-code">
        Type the code printed on your match slip (or scan its QR code)
      </label>
      <input
        id="pl-code"
        className="pl-input pl-code"
        value={code}
        onChange={(e) => setCode(e.target.value.toLocaleUpperCase())}
        maxLength={32}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="go"
      />
      <Problem text={problem} />
      <button type="submit" className="pl-primary" disabled={busy}>
        {busy ? 'Checking…' : 'Next'}
      </button>
    </form>
  );
}

interface FormProps {
  view: PublicView;
  ruleset: Ruleset;
  table: PublicTable;
  me: string;
  code: string;
  talk: Talk;
  onSent(answer: Extract<PublicAnswer, { ok: true }>): void;
  /** The host refused the code (a new round, a reprinted slip): ask for it again. */
  onWrongCode(): void;
}

function ReportForm({ view, ruleset, table, me, code, talk, onSent, onWrongCode }: FormProps) {
  const entry = useEntry(view, ruleset, table);
  const [drops, setDrops] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = nameIn(view);
  const round = view.round?.number ?? 0;
  const send = async (): Promise<void> => {
    if (entry.checked.kind !== 'ok') return setProblem(entry.checked.kind === 'problem' ? entry.checked.problem : 'Choose or type the result first.');
    setBusy(true);
    setProblem(null);
    const answer = await talk.request({
      kind: 'report',
      phone: phoneId(talk.store),
      code,
      round,
      table: table.table,
      player: me,
      result: entry.checked.result,
      ...(drops.length > 0 ? { drop: drops } : {}),
      ...withToken(talk.store, view.event.id, me),
    });
    setBusy(false);
    if (!answer.ok) {
      forgetGoneClaim(talk.store, view.event.id, answer.message);
      return setProblem(answer.message);
    }
    onSent(answer);
  };
  const toggle = (id: string): void => setDrops(drops.includes(id) ? drops.filter((x) => x !== id) : [...drops, id]);
  return (
    <div className="pl-step">
      <h2>
        {tableWord(view)} {table.table}: the result
      </h2>
      <ResultForm fields={entry.fields} draft={entry.draft} setDraft={entry.setDraft} seats={table.seats} points={view.round?.pointsBefore ?? {}} idPrefix="report" />
      <fieldset className="pl-checks">
        <legend>Anyone leaving the event after this round?</legend>
        {table.seats.map((id) => (
          <label key={id} className="pl-check">
            <input type="checkbox" checked={drops.includes(id)} onChange={() => toggle(id)} />
            <span>
              Drop <bdi>{name(id)}</bdi>
            </span>
          </label>
        ))}
      </fieldset>
      {entry.checked.kind === 'ok' && (
        <p className="pl-preview" data-testid="report-preview">
          You are reporting: <strong>{entry.checked.words}</strong>
          {drops.length > 0 && <> · dropping: {drops.map((id) => name(id)).join(', ')}</>}
        </p>
      )}
      {entry.checked.kind === 'problem' && <p className="pl-warning">{sentence(entry.checked.problem)}</p>}
      <Problem text={problem} />
      <button type="button" className="pl-primary" disabled={busy || entry.checked.kind !== 'ok'} onClick={() => void send()}>
        {busy ? 'Sending…' : 'Send the result'}
      </button>
      {problem && (
        <button type="button" className="pl-secondary" onClick={onWrongCode}>
          Type the table’s code again
        </button>
      )}
    </div>
  );
}

export interface ReportProps {
  view: PublicView;
  ruleset: Ruleset | null;
  table: PublicTable;
  me: string;
  talk: Talk;
  /** The report was sent: recorded at once, or waiting for the others (then the Confirm screen). */
  onSent(accepted: boolean): void;
  /** A report for the table is already waiting: confirm it instead. */
  onPending(): void;
}

export function Report({ view, ruleset, table, me, talk, onSent, onPending }: ReportProps) {
  const round = view.round?.number ?? 0;
  const [code, setCode] = useState<string | null>(() => codeFor(talk.store, view.event.id, round, table.table));
  if (!ruleset) return <p className="pl-problem">This page cannot take results for this event’s rules: report at the desk.</p>;
  if (code === null)
    return (
      <CodeStep
        view={view}
        table={table}
        talk={talk}
        onCode={(typed, report) => {
          if (report) onPending();
          else setCode(typed);
        }}
      />
    );
  return <ReportForm view={view} ruleset={ruleset} table={table} me={me} code={code} talk={talk} onSent={(answer) => onSent(answer.accepted === true)} onWrongCode={() => setCode(null)} />;
}
