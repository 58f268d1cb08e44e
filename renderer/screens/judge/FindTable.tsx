/**
 * Find a table on the floor: its number in a big box (the phone's number pad), or a few letters of
 * a player's name, which lists their tables to tap. Tables with a deck check under way are a tap
 * away too (the judge who started one comes back to end it).
 */
import { useMemo } from 'react';
import type { ClockView } from '../../../core/clock/index.js';
import type { EventState, Round } from '../../../core/model/types.js';
import { isolate } from '../../lib/format.js';
import { displayNames, searchKey } from '../../lib/people.js';
import { roundLabel } from '../pairings/round-facts.js';

/** Tables listed for a name search before "type more letters". */
const MATCHES_SHOWN = 8;

export function FindTable({ state, view, round, tableText, setTableText, nameText, setNameText }: {
  state: EventState;
  view: ClockView | null;
  round: Round;
  tableText: string;
  setTableText: (text: string) => void;
  nameText: string;
  setNameText: (text: string) => void;
}) {
  const names = displayNames(state);
  const query = searchKey(nameText.trim());
  const matches = useMemo(
    () =>
      query === ''
        ? []
        : round.tables
            .filter((t) => t.seats.some((id) => searchKey(names.get(id) ?? id).includes(query)))
            .sort((a, b) => a.table - b.table),
    [query, round, names],
  );
  const tableNumber = /^\d+$/.test(tableText) ? Number(tableText) : null;
  const missing = tableNumber !== null && !round.tables.some((t) => t.table === tableNumber);
  const numbers = round.tables.map((t) => t.table);
  const checks = view ? view.deckChecks.rows.filter((r) => r.inProgress && r.round === round.number) : [];

  const pick = (table: number): void => {
    setTableText(String(table));
    setNameText('');
    // Put the keyboard away: the table is what the judge looks at now.
    (document.activeElement as HTMLElement | null)?.blur?.();
  };

  return (
    <section className="judge-find" aria-label="Find a table">
      <div className="judge-find-row">
        <label className="judge-table-box">
          <span>Table</span>
          <input
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            enterKeyHint="go"
            value={tableText}
            onChange={(e) => {
              setTableText(e.target.value.replace(/[^\d]/g, '').slice(0, 5));
              if (nameText) setNameText('');
            }}
            aria-invalid={missing ? true : undefined}
            data-testid="judge-table-box"
          />
        </label>
        <label className="judge-name-box">
          <span>or a player</span>
          <input
            type="search"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            value={nameText}
            onChange={(e) => {
              setNameText(e.target.value);
              // Searching by name replaces the table typed before: the one picked from the list shows.
              if (tableText) setTableText('');
            }}
            placeholder="a few letters"
            data-testid="judge-name-box"
          />
        </label>
      </div>
      {missing && (
        <p className="judge-problem" role="alert">
          {roundLabel(round)} has no table {tableNumber} (tables {Math.min(...numbers)}–{Math.max(...numbers)}).
        </p>
      )}
      {query !== '' && (
        <div className="judge-matches" data-testid="judge-matches">
          {matches.length === 0 ? (
            <p className="judge-muted">Nobody at a table of {roundLabel(round).toLowerCase()} matches “{nameText.trim()}”.</p>
          ) : (
            <ul>
              {matches.slice(0, MATCHES_SHOWN).map((t) => (
                <li key={t.table}>
                  <button type="button" className="judge-match" onClick={() => pick(t.table)}>
                    <span className="judge-match-number">{t.table}</span>
                    <span className="judge-match-who">{t.seats.map((id) => isolate(names.get(id) ?? id)).join(' · ')}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {matches.length > MATCHES_SHOWN && <p className="judge-muted">{matches.length - MATCHES_SHOWN} more: type more letters.</p>}
        </div>
      )}
      {checks.length > 0 && query === '' && (
        <div className="judge-checks-live" role="group" aria-label="Deck checks under way">
          <span className="judge-muted">Deck checks under way:</span>
          {checks.map((r) => (
            <button key={r.table} type="button" className="judge-chip" onClick={() => pick(r.table)} data-testid={`judge-check-chip-${r.table}`}>
              {r.table}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
