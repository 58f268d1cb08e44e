/**
 * Players' reports from their phones waiting for the scorekeeper: each shows what was
 * reported and every other player's answer, and is accepted, edited or rejected with one key
 * (A, E, R on the focused report; the buttons say so). Editing is typing the result at the desk,
 * which always wins over a waiting report. Shown only when there is something waiting.
 */
import { useCallback, type KeyboardEvent } from 'react';
import { claimsOn } from '../../../core/event/apply-claims.js';
import type { EventState, SelfReport } from '../../../core/model/types.js';
import type { PublicReport } from '../../../core/public/types.js';
import { waitingReports } from '../../../core/public/reports.js';
import { isolate } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { displayNames } from '../../lib/people.js';

const STATUS_WORDS: Record<PublicReport['status'], string> = {
  waiting: 'waiting for the other players',
  agreed: 'every player agreed',
  disputed: 'disputed',
};

export function ReportQueue({ state, onEdit }: { state: EventState; onEdit: (round: number, table: number) => void }) {
  const reports = waitingReports(state);
  if (reports.length === 0) return null;
  const names = displayNames(state);
  const name = (id: string): string => isolate(names.get(id) ?? id);
  // Which answers came from the phones that claimed their players (claims on): the desk weighs the rest.
  const round = state.rounds[state.rounds.length - 1];
  const automatic = (state.settings.selfReports ?? 'queue') === 'auto';
  const claimedOf = (table: number): Claims | undefined => {
    const report = claimsOn(state) ? round?.reports?.find((r) => r.table === table) : undefined;
    return report ? { report, automatic } : undefined;
  };
  return (
    <section className="card report-queue" aria-label="Players' reports" data-testid="report-queue">
      <h2>
        Players’ reports <span className="count-big">{reports.length}</span>
      </h2>
      <p className="hint muted">Focus a report, then A accepts it, E edits it at the desk, R rejects it.</p>
      <ul>
        {reports.map((report) => (
          <ReportItem key={report.table} report={report} name={name} onEdit={onEdit} claims={claimedOf(report.table)} />
        ))}
      </ul>
    </section>
  );
}

/** "from their claimed phone" / "not from a claimed phone", after an answer (claims on only). */
function PhoneMark({ claimed }: { claimed: boolean | undefined }) {
  if (claimed === undefined) return null;
  return claimed ? (
    <span className="chip claimed" title="Sent from the phone that claimed this player with their personal code" data-testid="claimed-phone">
      claimed phone
    </span>
  ) : (
    <span className="chip unclaimed" title="Not sent from a phone that claimed this player: anyone holding the slip could have sent it" data-testid="unclaimed-phone">
      not a claimed phone
    </span>
  );
}

/** A waiting report as the fold keeps it (which answers came from claimed phones), and whether the event accepts by itself. */
interface Claims {
  report: SelfReport;
  automatic: boolean;
}

function ReportItem({ report, name, onEdit, claims }: { report: PublicReport; name: (id: string) => string; onEdit: (round: number, table: number) => void; claims?: Claims | undefined }) {
  const decide = useCallback(
    (accept: boolean): void => {
      const what = `Table ${report.table}: ${accept ? `${name(report.reporter)}’s report accepted — ${report.resultText}` : `${name(report.reporter)}’s report rejected`}`;
      void useStation.getState().dispatch({ type: 'decide-report', round: report.round, table: report.table, accept }, what);
    },
    [report, name],
  );
  const edit = useCallback(() => onEdit(report.round, report.table), [report, onEdit]);
  const onKey = (event: KeyboardEvent<HTMLLIElement>): void => {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'a') decide(true);
    else if (key === 'r') decide(false);
    else if (key === 'e') edit();
    else return;
    event.preventDefault();
  };
  const answers = Object.entries(report.answers);
  return (
    <li tabIndex={0} onKeyDown={onKey} className={`report ${report.status}`} data-table={report.table} aria-label={`Table ${report.table}: ${STATUS_WORDS[report.status]}`}>
      <div className="report-head">
        <span className="table-number">{report.table}</span>
        <span className={`chip ${report.status}`}>{STATUS_WORDS[report.status]}</span>
      </div>
      <p>
        <strong>{name(report.reporter)}</strong> reported: {report.resultText}
        {report.drops.length > 0 && <span> · dropping: {report.drops.map(name).join(', ')}</span>} <PhoneMark claimed={claims ? claims.report.claimed === true : undefined} />
      </p>
      {report.status === 'agreed' && claims?.automatic && (
        <p className="muted small" data-testid="why-waiting">
          Waiting for you: results are recorded by themselves only when every player answered from their own claimed phone.
        </p>
      )}
      {answers.map(([player, answer]) => (
        <p key={player} className={answer.agree ? 'agree' : 'dispute'}>
          <strong>{name(player)}</strong> {answer.agree ? 'agreed' : answer.resultText ? `disputes: ${answer.resultText}` : 'disputes it'}{' '}
          <PhoneMark claimed={claims ? claims.report.answers[player]?.claimed === true : undefined} />
        </p>
      ))}
      <div className="report-actions">
        <button type="button" onClick={() => decide(true)}>
          <kbd>A</kbd> Accept
        </button>
        <button type="button" onClick={edit}>
          <kbd>E</kbd> Edit
        </button>
        <button type="button" className="danger" onClick={() => decide(false)}>
          <kbd>R</kbd> Reject
        </button>
      </div>
    </li>
  );
}
