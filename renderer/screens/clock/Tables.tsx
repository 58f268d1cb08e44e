/**
 * Where the tables stand: the outstanding tables grouped by their state once time matters (extra
 * turns, last turn, overtime, deck checks), and every table with time of its own — its extensions in
 * words ("+10 min (check 7 min + 3)") and its own remaining time, and a button to record a penalty
 * there (ClockPenalties.tsx has the form; any other table is a number typed in it).
 */
import type { ClockView } from '../../../core/clock/index.js';
import type { EventState } from '../../../core/model/types.js';
import { isolate, plural } from '../../lib/format.js';
import { displayNames } from '../../lib/people.js';
import { AFTER_TIME_STATUSES, extensionText, tableStatusWords, tableTime } from './display.js';

export function Tables({ view, state, onPenalty }: {
  view: ClockView;
  state: EventState;
  /** Open the penalty form for a table; `from`: the button pressed (the cursor goes back to it). */
  onPenalty: (table: number, from: HTMLElement) => void;
}) {
  // Two players with the same name are told apart (note or id beside the name).
  const names = displayNames(state);
  const groups = AFTER_TIME_STATUSES.map(([status, label]) => ({ status, label, tables: view.outstandingByStatus[status] ?? [] })).filter((g) => g.tables.length > 0);
  const tables = [...view.tables].sort((a, b) => a.table - b.table);
  return (
    <section className="card" aria-labelledby="tables-title">
      <h2 id="tables-title">Tables</h2>
      <p className="clock-outstanding" data-testid="clock-outstanding">
        {view.outstanding.length === 0
          ? 'Every table has a result.'
          : `${plural(view.outstanding.length, 'table')} without a result${view.outstanding.length <= 24 ? `: ${view.outstanding.join(', ')}` : ''}`}
      </p>
      {groups.length > 0 && (
        <ul className="clock-groups" data-testid="clock-groups">
          {groups.map((g) => (
            <li key={g.status} className={`clock-group group-${g.status}`}>
              <strong>{g.label}:</strong> {g.tables.join(', ')}
            </li>
          ))}
        </ul>
      )}
      {tables.length === 0 ? (
        <p className="muted">No table has time of its own yet.</p>
      ) : (
        <table className="grid clock-tables" data-testid="clock-tables">
          <thead>
            <tr>
              <th>Table</th>
              <th>Players</th>
              <th>Time added</th>
              <th>State</th>
              <th className="num">Own time</th>
              <th>
                <span className="clock-hidden-label">Penalty</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tables.map((t) => (
              <tr key={t.table} className={t.status === 'finished' ? 'finished' : undefined} data-testid={`clock-table-${t.table}`}>
                <td className="table-number">{t.table}</td>
                <td className="clock-players">{t.seats.map((id) => isolate(names.get(id) ?? id)).join(' · ')}</td>
                <td>
                  {t.extensions.length === 0 ? (
                    <span className="muted">—</span>
                  ) : (
                    <ul className="clock-list">
                      {t.extensions.map((item) => (
                        <li key={`${item.reason}-${item.at}`}>{extensionText(item, t.table, view, state)}</li>
                      ))}
                    </ul>
                  )}
                  {t.penaltyTurns > 0 && <div>+{t.penaltyTurns} extra turns (penalty)</div>}
                  {t.playersInGame !== null && <div>N = {t.playersInGame} players in the game at time</div>}
                </td>
                <td className={t.status === 'last-turn-over' || t.needsPlayersInGame ? 'warning' : undefined}>
                  {tableStatusWords(t)}
                  {t.note && <div className="muted clock-note">{t.note}</div>}
                </td>
                <td className={`num clock-own phase-${t.phase}`}>{t.status === 'finished' ? '—' : tableTime(t)}</td>
                <td>
                  <button type="button" className="clock-penalty-button" aria-label={`Record a penalty at table ${t.table}`} onClick={(e) => onPenalty(t.table, e.currentTarget)} data-testid={`clock-penalty-${t.table}`}>
                    Penalty…
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
