/**
 * The deck-check log of the event (MTR 2.8) with the 10 % indicator, and the printed log of deck
 * checks and time extensions for a round (the current one, or an earlier one chosen beside the
 * Print button). The rule set's terms decide what is cited and whether checks can be "required at
 * this REL" (a Lightseekers event has no enforcement level and cites no Magic document).
 */
import { useMemo, useState } from 'react';
import type { ClockView } from '../../../core/clock/index.js';
import { distinguishedNames } from '../../../core/model/person-names.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { mtrCitation } from '../../../core/rulesets/ruleset.js';
import { PrintButton } from '../../components/PrintButton.js';
import { Name } from '../../components/Name.js';
import { formatClock, isolate, plural } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { roundLabel } from '../pairings/round-facts.js';
import { minutesText, wallTime } from './display.js';

/**
 * The log's print, for the round chosen beside it: the current round unless an earlier one is
 * picked (the log of a round already played is asked for at the desk after the fact, for an appeal
 * or the event report).
 */
function PrintLog({ view }: { view: ClockView }) {
  const rounds = useStation((s) => s.snapshot?.state?.rounds);
  const [picked, setPicked] = useState<number | null>(null);
  const round = picked ?? view.round;
  if (!rounds || rounds.length < 2) return <PrintButton doc="extensions-log" {...(round !== null ? { round } : {})} label="extensions log" />;
  return (
    <div className="toolbar print-log">
      <select value={round ?? ''} onChange={(e) => setPicked(Number(e.target.value))} data-testid="extensions-log-round" aria-label="Round of the extensions log to print">
        {[...rounds].reverse().map((r) => (
          <option key={r.number} value={r.number}>
            {roundLabel(r)}
            {r.number === view.round ? ' (now)' : ''}
          </option>
        ))}
      </select>
      <PrintButton doc="extensions-log" {...(round !== null ? { round } : {})} label="extensions log" />
    </div>
  );
}

export function DeckChecks({ view }: { view: ClockView }) {
  const players = useStation((s) => s.snapshot?.state?.players);
  const ruleset = useStation((s) => s.snapshot?.state?.ruleset);
  const terms = ruleset ? getRuleset(ruleset).terms : null;
  const cite = terms ? mtrCitation(terms, '2.8') : null;
  // Two players with the same name are told apart (note or id beside the name).
  const names = useMemo(() => distinguishedNames(players ?? []), [players]);
  const summary = view.deckChecks;
  const needed = summary.decks === 0 ? 0 : Math.ceil(summary.decks * summary.target - 1e-9);
  const share = `${(summary.fraction * 100).toFixed(1).replace(/\.0$/, '')} %`;
  // MTR 2.8: required at Competitive and Professional REL; an event without a REL has no requirement.
  const required = summary.required && terms?.rel === true;
  const state = summary.met ? 'ok' : required ? 'warning' : 'muted';
  const rows = [...summary.rows].reverse();
  return (
    <section className="card" aria-labelledby="checks-title">
      <header className="card-head">
        <h2 id="checks-title">Deck checks</h2>
        <PrintLog view={view} />
      </header>
      <div className="checks-indicator" data-testid="deck-check-indicator">
        <div className={`checks-count ${state}`}>
          {summary.decksChecked} of {summary.decks} decks checked ({share})
        </div>
        <div className="checks-bar" role="progressbar" aria-label="Decks checked toward 10 %" aria-valuemin={0} aria-valuemax={needed} aria-valuenow={Math.min(needed, summary.decksChecked)}>
          <span className={`checks-bar-fill ${state}`} style={{ width: `${needed === 0 ? 0 : Math.min(100, (summary.decksChecked / needed) * 100)}%` }} />
        </div>
        <div className="muted">
          {summary.met
            ? `At least 10 % of the decks have been checked${cite ? ` (${cite})` : ''}.`
            : `${plural(summary.toTarget, 'more deck')} to reach 10 % (${needed} of ${summary.decks})${required ? ` — required at this REL${cite ? ` (${cite})` : ''}` : ' — recommended'}.`}
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="muted">No deck check yet.</p>
      ) : (
        // Four columns that fit the clock screen's narrow column at 1366×768 (no sideways scroll):
        // the judge under the decks checked, the time added under the check's length.
        <table className="grid checks-log" data-testid="deck-check-log">
          <thead>
            <tr>
              <th>Table</th>
              <th>Decks of · judge</th>
              <th>Length · added</th>
              <th>Outcome</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.round}-${r.table}-${r.startedAt}`}>
                <td className="nowrap">
                  <span className="table-number">{r.table}</span>
                  {r.round !== view.round && <span className="muted"> · R{r.round}</span>}
                </td>
                <td className="checks-decks">
                  {r.players.map((p) => isolate(names.get(p.id) ?? p.name)).join(', ')}
                  <div className="muted">
                    judge <Name>{r.judge}</Name>
                  </div>
                </td>
                <td title={`${wallTime(r.startedAt)}–${r.endedAt !== null ? wallTime(r.endedAt) : 'now'}`}>
                  <span className="nowrap">{formatClock(r.durationMs)}</span> <span className="muted nowrap">from {wallTime(r.startedAt)}</span>
                  {r.beforeRound && <div className="muted">before the round</div>}
                  <div className="nowrap">{r.inProgress ? 'under way' : r.beforeRound && r.roundMs === null ? 'none (before the round)' : `+${minutesText(r.extensionMs)}`}</div>
                </td>
                <td className="checks-outcome">{r.outcome ?? (r.inProgress ? <span className="muted">—</span> : '')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
