/**
 * The projector (a second Electron window, or /projector in browser mode): readable from the back of
 * a hall. The round clock is the largest thing, with its colour changing at 10 and 5 minutes and at
 * time and its state spelled out ("TIME", "EXTRA TURNS", "LAST TURN — 23:41", "PAUSED"); the event
 * and round; tables with time of their own and their remaining time; other timers; and the pairings
 * by family name, scrolling slowly.
 *
 * Everything about time is the view the host pushes (the same one the station draws), so the station
 * and the projector always show the same second. While the host is out of reach (a crash, a restart)
 * the store counts the clock on from the last event state and the host's time (store/station.ts), and
 * a small "Connection lost" mark in a corner says the screen is on its own until the host is back.
 */
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ClockView, TableClockView, TimerView } from '../../core/clock/index.js';
import { boardEntries, type BoardEntry } from '../../core/documents/pairings-by-name.js';
import { createContext } from '../../core/documents/context.js';
import { sameNameKey } from '../../core/model/person-names.js';
import type { EventState, Round } from '../../core/model/types.js';
import { Name } from '../components/Name.js';
import { currentRound, outstandingTables, playoffComplete } from '../lib/event.js';
import { distinguishedNames } from '../../core/model/person-names.js';
import { getRuleset, playoffFinishLabel } from '../../core/rulesets/index.js';
import { disqualifiedPlayers } from '../../core/event/apply-penalties.js';
import { standingMark } from '../../core/documents/standings.js';
import { DQ_TITLE, finalResults, recordLine } from './playoffs/FinalStandings.js';
import { competitorsWord } from './start/settings.js';
import { formatClock, plural } from '../lib/format.js';
import { useStation } from '../store/station.js';
import { clockFace, minutesText, procedureCallout, tableTime, type ClockFace } from './clock/display.js';
import './Projector.css';
import { PlayerPageCorner } from './network/PlayerPageCorner.js';

/** Seconds each pairing row stays in view while the board scrolls. */
const SECONDS_PER_ROW = 2.2;
const MAX_TABLE_ROWS = 8;

function roundLine(state: EventState, round: Round | undefined): string {
  // "8 teams" in a team event: a team is one competitor.
  if (!round) return state.players.length > 0 ? `Registration — ${competitorsWord(state.ruleset, state.settings, state.players.length)}` : 'Registration';
  const open = outstandingTables(round).length;
  const name = `${round.stage === 'playoff' ? 'Playoff round' : 'Round'} ${round.number}`;
  return open > 0 ? `${name} — ${plural(open, 'table')} outstanding` : `${name} — complete`;
}

/** A running timer shown as the big face when no round clock runs (deck construction, a draft). */
function timerFace(timer: TimerView): ClockFace {
  const label = (timer.phase.count > 1 ? timer.phase.label : timer.label).toUpperCase();
  if (timer.done) return { digits: 'TIME', label, words: `${label} — TIME`, detail: null, phase: 'time' };
  const ms = timer.phase.count > 1 ? timer.phase.remainingMs : timer.remainingMs;
  const phase = ms <= 0 ? 'time' : ms <= 5 * 60_000 ? 'five-minutes' : ms <= 10 * 60_000 ? 'ten-minutes' : 'normal';
  const digits = formatClock(ms);
  return { digits, label, words: `${label} — ${digits}`, detail: null, phase };
}

/** What a table got, and where it stands once its time is up: "+10 min", "+2:30 · last turn". */
function tableAdded(t: TableClockView): string {
  const added = t.deckCheckInProgress ? 'deck check' : `+${minutesText(t.extensionMs)}`;
  const after: Partial<Record<TableClockView['status'], string>> = {
    'extra-turns': 'extra turns',
    'time-called': 'time',
    'last-turn': 'last turn',
    'last-turn-over': 'last turn over',
    overtime: 'overtime',
  };
  const state = after[t.status];
  return state ? `${added} · ${state}` : added;
}

/** A table's own clock, short enough for the list: "12:34", "TIME", "DRAW". */
function tableClock(t: TableClockView): string {
  if (t.status === 'last-turn-over') return 'DRAW';
  if (t.status === 'last-turn' || (t.remainingMs !== null && t.remainingMs > 0)) return tableTime(t);
  return t.remainingMs === null ? '—' : 'TIME';
}

/** Small and out of the way (the hall reads the clock, not this), but there while the host is gone. */
function ConnectionLostMark() {
  const lost = useStation((s) => s.connectionLost);
  if (!lost) return null;
  return (
    <div className="pj-connection-lost" role="status" data-testid="projector-connection-lost" title="The projector cannot reach Podium; the clock counts on from the last time call">
      <span className="pj-connection-dot" aria-hidden="true" />
      Connection lost
    </div>
  );
}

export function ProjectorScreen() {
  const state = useStation((s) => s.snapshot?.state ?? null);
  const clock = useStation((s) => s.clock);
  if (!state) {
    return (
      <div className="projector pj-idle" data-testid="no-event">
        <h1>Podium</h1>
        <p className="projector-idle">Waiting for the event</p>
        <ConnectionLostMark />
      </div>
    );
  }
  // The playoff is over: the champion and the final standings ("Post final standings").
  if (playoffComplete(state)) {
    return (
      <>
        <FinalProjection state={state} />
        <ConnectionLostMark />
      </>
    );
  }
  const round = currentRound(state);
  const view = clock && clock.ruleset === state.ruleset && clock.round === (round?.number ?? null) ? clock : null;
  return (
    <>
      <Projection state={state} round={round} view={view} />
      <ConnectionLostMark />
    </>
  );
}

/**
 * The end of the event: the champion, as large as the clock was, and the final standings beside —
 * every place, scrolling slowly as the pairings board does when they do not fit, so that each
 * player in the hall finds their own (the playoff places come first, with how far each got). A
 * disqualified player keeps their place and is marked "DQ", as on the station's standings.
 */
function FinalProjection({ state }: { state: EventState }) {
  const results = useMemo(() => finalResults(state), [state]);
  const names = useMemo(() => distinguishedNames(state.players), [state.players]);
  const disqualified = useMemo(() => disqualifiedPlayers(state), [state]);
  const championWord = getRuleset(state.ruleset).presentation.words.champion;
  const champion = results?.champion;
  const standings = results?.standings ?? [];
  return (
    <div className="projector pj pj-with-board" data-testid="projector" data-view="final-standings">
      <header className="pj-head">
        <h1 className={state.name.length > 32 ? 'pj-title-long' : undefined} data-testid="projector-title">
          {state.name}
        </h1>
        <div className="pj-round" data-testid="round">
          Final standings
        </div>
      </header>
      <div className="pj-main">
        <section className="pj-clock" aria-label={championWord}>
          <div className="pj-label">{championWord.toUpperCase()}</div>
          {champion && (
            <div className="pj-label" data-testid="projector-champion" style={{ fontSize: 'min(11vh, 6vw)' }}>
              <Name>{names.get(champion.id) ?? champion.id}</Name>
            </div>
          )}
        </section>
        <aside className="pj-board" aria-label="Final standings">
          <h2>Final standings</h2>
          <ScrollingEntries rows={standings.length} testId="projector-final-standings">
            {(copy) =>
              standings.map((s) => {
                // Marked as the printed standings mark them: a drop struck through, DQ, and the round
                // (said before the record, which gives way first on a narrow line).
                const mark = standingMark(state, s, disqualified);
                return (
                  <li key={`${copy}-${s.id}`} className={mark.dropped ? 'pj-entry pj-dropped' : 'pj-entry'} data-player={s.id}>
                    <span className="pj-entry-name pj-entry-marked">
                      <Name>{names.get(s.id) ?? s.id}</Name>
                      {disqualified.has(s.id) && (
                        <span className="pj-dq" title={DQ_TITLE} data-testid="projector-dq">
                          DQ
                        </span>
                      )}
                    </span>
                    <span className="pj-entry-table">{s.rank}</span>
                    <span className="pj-entry-detail">{[playoffFinishLabel(s.playoff), mark.note, recordLine(state, s)].filter(Boolean).join(' · ')}</span>
                  </li>
                );
              })
            }
          </ScrollingEntries>
        </aside>
      </div>
    </div>
  );
}

function Projection({ state, round, view }: { state: EventState; round: Round | undefined; view: ClockView | null }) {
  const roundClockShown = view && view.status !== 'no-round' && view.status !== 'finished' && !(view.status === 'not-started' && view.timers.length > 0);
  const bigTimer = !roundClockShown && view && view.timers.length > 0 ? view.timers[0] : undefined;
  const face = bigTimer ? timerFace(bigTimer) : view ? clockFace(view) : null;
  const otherTimers = view ? view.timers.filter((t) => t !== bigTimer) : [];
  const tables = view ? view.tables.filter((t) => t.status !== 'finished' && (t.extensionMs > 0 || t.deckCheckInProgress)).sort((a, b) => a.table - b.table) : [];
  const hasPairings = !!round && round.tables.length + round.byes.length + (round.waiting?.length ?? 0) > 0;
  return (
    <div className={`projector pj ${hasPairings ? 'pj-with-board' : 'pj-clock-only'}`} data-testid="projector">
      <header className="pj-head">
        <h1 className={state.name.length > 32 ? 'pj-title-long' : undefined} data-testid="projector-title">
          {state.name}
        </h1>
        <div className="pj-round" data-testid="round">
          {roundLine(state, round)}
        </div>
      </header>
      <div className="pj-main">
        <section className={`pj-clock phase-${face?.phase ?? 'normal'}`} aria-label="Clock">
          {face?.label && (
            <div className="pj-label" data-testid="projector-state">
              {face.label}
            </div>
          )}
          {face?.digits ? (
            <div className={face.digits.length > 5 ? 'pj-digits pj-digits-long' : 'pj-digits'} data-testid="projector-time">
              {face.digits}
            </div>
          ) : null}
          {!face && <div className="pj-digits pj-waiting">—</div>}
          {face && !face.digits && !face.label && <div className="pj-label">{face.words}</div>}
          {face?.detail && <div className="pj-detail">{face.detail}</div>}
          {view && roundClockShown && (view.status === 'running' || view.status === 'paused' || view.status === 'not-started') && (
            <div className="pj-procedure">{procedureCallout(view)}</div>
          )}
          {tables.length > 0 && (
            <div className={tables.length > 4 ? 'pj-tables pj-tables-two' : 'pj-tables'} data-testid="projector-tables">
              <h2>Tables with extra time</h2>
              <ul>
                {tables.slice(0, MAX_TABLE_ROWS).map((t) => (
                  <li key={t.table} className={`pj-table phase-${t.phase}`} data-testid={`projector-table-${t.table}`}>
                    <span className="pj-table-number">Table {t.table}</span>
                    <span className="pj-table-added">{tableAdded(t)}</span>
                    <span className="pj-table-time">{tableClock(t)}</span>
                  </li>
                ))}
              </ul>
              {tables.length > MAX_TABLE_ROWS && <div className="pj-more">and {tables.length - MAX_TABLE_ROWS} more</div>}
            </div>
          )}
          {otherTimers.length > 0 && (
            <ul className="pj-timers">
              {otherTimers.map((t) => (
                <li key={t.id}>
                  <span>{t.phase.count > 1 ? t.phase.label : t.label}</span>
                  <span className="pj-timer-time">{t.done ? 'TIME' : formatClock(t.phase.count > 1 ? t.phase.remainingMs : t.remainingMs)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {hasPairings && round && <Board state={state} round={round} footer={<PlayerPageCorner placement="board" />} />}
      </div>
      {/* With a board the QR code sits under it, never over a pairing; without one, in the corner. */}
      {!hasPairings && <PlayerPageCorner placement="corner" />}
    </div>
  );
}

function Board({ state, round, footer }: { state: EventState; round: Round; footer?: ReactNode }) {
  const entries = useMemo(() => {
    const ctx = createContext(state, { pageSize: 'A4', generatedAt: '', round: round.number });
    return boardEntries(ctx, round);
  }, [state, round]);
  // A tag only where two people share a name (the projector draws every script; team members are
  // told apart by their team, on the line below).
  const shared = useMemo(() => {
    const counts = new Map<string, number>();
    for (const e of entries) counts.set(sameNameKey(e.name.full), (counts.get(sameNameKey(e.name.full)) ?? 0) + 1);
    return counts;
  }, [entries]);
  const row = (e: BoardEntry, copy: number) => (
    <li key={`${copy}-${e.key}`} className="pj-entry">
      <span className="pj-entry-name">
        <Name>{e.name.board}</Name>
        {e.tag && !e.team && (shared.get(sameNameKey(e.name.full)) ?? 0) > 1 ? (
          <span className="pj-entry-tag">
            {' '}
            (<Name>{e.tag}</Name>)
          </span>
        ) : null}
      </span>
      <span className="pj-entry-table">{e.table ?? '—'}</span>
      {/* A grid item is a paragraph of its own: the opponent's name at its end cannot move the table number. */}
      <span className="pj-entry-detail">{e.detail}</span>
    </li>
  );
  return (
    <aside className="pj-board" aria-label="Pairings by name">
      <h2>
        Pairings — {round.stage === 'playoff' ? 'playoff round' : 'round'} {round.number}
      </h2>
      <ScrollingEntries rows={entries.length} testId="projector-pairings">
        {(copy) => entries.map((e) => row(e, copy))}
      </ScrollingEntries>
      {footer}
    </aside>
  );
}

/**
 * A list for the back of the hall: when it does not fit its box it scrolls slowly and loops (a
 * second copy follows the first, hidden from screen readers), SECONDS_PER_ROW for each row; when it
 * fits it stands still. The pairings board and the final standings both scroll this way.
 */
function ScrollingEntries({ rows, testId, children }: { rows: number; testId: string; children: (copy: 0 | 1) => ReactNode }) {
  const viewport = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const measure = (): void => {
      const box = viewport.current;
      const inner = list.current;
      if (!box || !inner) return;
      setScrolls(inner.scrollHeight > box.clientHeight + 2);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // The box (a resized window) and the list (rows added, names changed) both decide it.
    const observer = new ResizeObserver(measure);
    if (viewport.current) observer.observe(viewport.current);
    if (list.current) observer.observe(list.current);
    return () => observer.disconnect();
  }, [rows]);
  return (
    <div className="pj-viewport" ref={viewport}>
      <div
        className={scrolls ? 'pj-scroller scrolling' : 'pj-scroller'}
        style={scrolls ? { animationDuration: `${Math.max(20, rows * SECONDS_PER_ROW)}s` } : undefined}
      >
        <ul className="pj-entries" ref={list} data-testid={testId}>
          {children(0)}
        </ul>
        {scrolls && (
          <ul className="pj-entries" aria-hidden="true">
            {children(1)}
          </ul>
        )}
      </div>
    </div>
  );
}
