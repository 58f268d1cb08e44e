/**
 * One table as the judge sees it on the floor: its number (largest), who sits where, its result if
 * any, its own time and everything added to it, the deck check under way, the penalties given there
 * this round — then the four things a judge does there: enter the result, add time, start or end a
 * deck check, record a penalty. The panel for the one picked opens under them; what was saved is
 * confirmed in words above them.
 */
import { useEffect, useRef, useState } from 'react';
import type { ClockView } from '../../../core/clock/index.js';
import type { EventState, Round, Table } from '../../../core/model/types.js';
import { playsFirst } from '../../../core/model/seats.js';
import { Name } from '../../components/Name.js';
import { Outbox } from '../../components/Outbox.js';
import { judgePlace } from './send.js';
import { plural } from '../../lib/format.js';
import { checkTimeWords, clockFace, extensionText, tableStatusWords, tableTime } from '../clock/display.js';
import { deckCheckUnderWay } from '../clock/table-time.js';
import { displayNames } from '../../lib/people.js';
import { describeResult, pointsBefore } from '../pairings/round-facts.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { DeckCheck } from './DeckCheck.js';
import { PenaltyEntry, TablePenalties } from './PenaltyEntry.js';
import { ResultEntry } from './ResultEntry.js';
import { TimeEntry } from './TimeEntry.js';

type Panel = 'result' | 'time' | 'deck-check' | 'penalty';

export interface Saved {
  table: number;
  text: string;
  /** "14:05", on the host's clock. */
  at: string;
}

export function TableCard({ state, view, round, table, saved, onSaved }: {
  state: EventState;
  view: ClockView;
  round: Round;
  table: Table;
  /** The last thing this phone saved, when it was for this table. */
  saved: Saved | null;
  onSaved: (text: string) => void;
}) {
  const [panel, setPanel] = useState<Panel | null>(null);
  const names = displayNames(state);
  const points = pointsBefore(state, round.number);
  const own = view.tables.find((t) => t.table === table.table);
  const check = deckCheckUnderWay(view, round.number, table.table);
  const pastChecks = view.deckChecks.rows.filter((r) => r.round === round.number && r.table === table.table && !r.inProgress);
  const presentation = getRuleset(state.ruleset).presentation;
  const pointWord = presentation.words.pointUnit;
  // Tables of numbered seats say who plays first (pods: not always seat 1, core/model/seats.ts).
  const seatsPlayFirst = presentation.table.layout === 'seats';
  const time = table.result !== undefined ? null : own ? { value: tableTime(own), words: tableStatusWords(own) } : roundTime(view);
  const done = (text: string): void => {
    setPanel(null);
    onSaved(text);
  };
  const hasTimeItems = !!check || pastChecks.length > 0 || (!!own && (own.extensions.length > 0 || own.penaltyTurns > 0 || own.playersInGame !== null));
  const toggle = (next: Panel): void => setPanel(panel === next ? null : next);
  // Round 1 has no points to tell apart: the column would only say 0 everywhere.
  const showPoints = table.seats.some((id) => (points.get(id) ?? 0) > 0);
  // The panel opens below the fold on a phone: bring it up under the sticky top.
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (panel) panelRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [panel]);

  return (
    <section className="judge-table" aria-label={`Table ${table.table}`} data-testid="judge-table">
      <header className="judge-table-head">
        <h2 className="judge-table-number">
          <span className="judge-table-word">Table</span> {table.table}
        </h2>
        {time && (
          <div className="judge-own-time" data-testid="judge-table-time">
            <span className="judge-own-digits">{time.value}</span>
            <span className="judge-own-words">{time.words}</span>
          </div>
        )}
      </header>
      <Outbox show={(place) => place === judgePlace(table.table)} title="Typed here while offline" />
      <ol className="judge-seats" data-testid="judge-seats">
        {table.seats.map((id, i) => (
          <li key={id} className={table.noShow?.includes(id) ? 'judge-seat judge-seat-absent' : 'judge-seat'}>
            <span className="judge-seat-number" aria-label={`Seat ${i + 1}`}>
              {i + 1}
            </span>
            <Name className="judge-seat-name">{names.get(id) ?? id}</Name>
            {seatsPlayFirst && playsFirst(table, i) && (
              <span className="judge-seat-first" data-testid="judge-plays-first">
                plays first
              </span>
            )}
            {showPoints && <span className="judge-seat-points">{plural(points.get(id) ?? 0, pointWord)}</span>}
          </li>
        ))}
      </ol>
      <p className={table.result !== undefined ? 'judge-result-line has-result' : 'judge-result-line'} data-testid="judge-table-result">
        {table.result !== undefined ? `Result: ${describeResult(state, table)}` : 'No result yet'}
      </p>
      {hasTimeItems && (
        <ul className="judge-time-items" data-testid="judge-time-items">
          {check && (
            <li className="judge-check-live" data-testid="judge-check-live">
              Deck check under way — {checkTimeWords(check)} · judge <Name>{check.judge}</Name>
            </li>
          )}
          {own?.extensions
            .filter((item) => !(item.reason === 'deck-check' && check && item.at === check.startedAt))
            .map((item) => (
              <li key={`${item.reason}-${item.at}`}>{extensionText(item, table.table, view, state)}</li>
            ))}
          {pastChecks.map((r) => (
            <li key={`check-${r.startedAt}`} className="judge-muted">
              Deck check by <Name>{r.judge}</Name>, {checkTimeWords(r)}
              {r.outcome ? `: ${r.outcome}` : ''}
            </li>
          ))}
          {own && own.penaltyTurns > 0 && <li>+{own.penaltyTurns} extra turns (penalty)</li>}
          {own && own.playersInGame !== null && <li>N = {own.playersInGame} players in the game at time</li>}
        </ul>
      )}
      <TablePenalties state={state} round={round} table={table} />
      {saved && (
        <p className="judge-saved" role="status" data-testid="judge-saved">
          <span aria-hidden="true">✓ </span>Saved at {saved.at} — {saved.text}
        </p>
      )}
      <div className="judge-actions" role="group" aria-label={`What to do at table ${table.table}`}>
        <button type="button" className="judge-action" aria-pressed={panel === 'result'} onClick={() => toggle('result')} data-testid="judge-action-result">
          {table.result !== undefined ? 'Amend result' : 'Enter result'}
        </button>
        <button type="button" className="judge-action" aria-pressed={panel === 'time'} onClick={() => toggle('time')} data-testid="judge-action-time">
          Add time
        </button>
        <button type="button" className={check ? 'judge-action judge-action-live' : 'judge-action'} aria-pressed={panel === 'deck-check'} onClick={() => toggle('deck-check')} data-testid="judge-action-deck-check">
          {check ? 'End deck check' : 'Start deck check'}
        </button>
        <button type="button" className="judge-action" aria-pressed={panel === 'penalty'} onClick={() => toggle('penalty')} data-testid="judge-action-penalty">
          Penalty
        </button>
      </div>
      <div ref={panelRef} className="judge-panel-anchor">
        {panel === 'result' && <ResultEntry state={state} round={round} table={table} onSaved={done} onCancel={() => setPanel(null)} />}
        {panel === 'time' && <TimeEntry state={state} view={view} round={round} table={table} onSaved={done} onCancel={() => setPanel(null)} />}
        {panel === 'deck-check' && <DeckCheck state={state} view={view} round={round} table={table} check={check} onSaved={done} onCancel={() => setPanel(null)} />}
        {panel === 'penalty' && <PenaltyEntry state={state} round={round} table={table} onSaved={done} onCancel={() => setPanel(null)} />}
      </div>
    </section>
  );
}

/** A table with nothing of its own plays on the round's time. */
function roundTime(view: ClockView): { value: string; words: string } | null {
  if (view.startedAt === null) return null;
  const face = clockFace(view);
  return face.digits ? { value: face.digits, words: 'round time' } : null;
}
