/**
 * "My table": the round, the table number (the largest thing on the page), the seat in the rule
 * set's words, the opponents, my points before the round, the round clock counting down by the
 * host's time, a bye, a drop, the result once final — and the way to report or confirm it.
 */
import type { ReactNode } from 'react';
import type { PublicPlayer, PublicView } from '../../core/public/types.js';
import { RELEASE_WORDS } from './claim-offer.js';
import { clockWords, extensionWords, nameIn, placeOf, pointsWords, rejectedWords, seatLine, tableWord, type Place } from './view.js';

export interface MyTableProps {
  view: PublicView;
  me: PublicPlayer;
  /** Host time now. */
  now: number;
  notMe(): void;
  report(): void;
  confirm(): void;
  /** A line to show first (a slip's QR code for another table). */
  notice?: string | null;
  /** This phone claimed `me`: the player gives it up at the desk only (no "Not you?"). */
  claimed?: boolean;
  /** "Make this phone yours" (claims on, this phone not claimed yet). */
  claimBox?: ReactNode;
}

function byeWords(kind: 'pairing' | 'awarded' | 'playoff'): string {
  if (kind === 'awarded') return 'You have an awarded bye this round';
  if (kind === 'playoff') return 'You have a bye: you wait out this playoff round';
  return 'You have a bye this round';
}

function Clock({ view, place, now }: { view: PublicView; place: Place; now: number }) {
  const table = place.kind === 'table' ? place.table : null;
  const clock = clockWords(view, table, now);
  if (!clock) return null;
  const extension = clock.phase === 'running' || clock.phase === 'paused' ? extensionWords(table) : null;
  return (
    <div className={`pl-clock ${clock.phase}`} data-testid="clock" role="timer" aria-live="off">
      {clock.time && <span className="pl-clock-time">{clock.time}</span>}
      <span className="pl-clock-words">{clock.words}</span>
      {extension && <span className="pl-clock-extra">{extension}</span>}
    </div>
  );
}

function TableCard({ view, place }: { view: PublicView; place: Extract<Place, { kind: 'table' }> }) {
  const seat = seatLine(view, place.table, place.seat);
  return (
    <>
      <div className="pl-table" data-testid="my-table">
        <span className="pl-table-word">{tableWord(view)}</span>
        <span className="pl-table-number" data-testid="table-number">
          {place.table.table}
        </span>
      </div>
      {seat && (
        <p className="pl-seat" data-testid="seat">
          {seat}
        </p>
      )}
    </>
  );
}

/** A team's members by seat ("A Ana Costa · B Bo Berg"): in a team match seat A plays seat A (MTR 8). */
function Members({ player }: { player: PublicPlayer | undefined }) {
  if (!player?.members?.length) return null;
  return (
    <span className="pl-members" data-testid="members">
      {player.members.map((m, i) => (
        <span key={m.seat}>
          {i > 0 && ' · '}
          Seat {m.seat}: <bdi>{m.name}</bdi>
        </span>
      ))}
    </span>
  );
}

function Opponents({ view, me, place }: { view: PublicView; me: PublicPlayer; place: Extract<Place, { kind: 'table' }> }) {
  const name = nameIn(view);
  const others = place.table.seats.filter((id) => id !== me.id);
  const points = view.round?.pointsBefore[me.id];
  return (
    <>
      {others.length > 0 && (
        <div className="pl-opponents">
          <h2>{others.length === 1 ? 'Your opponent' : 'Your opponents'}</h2>
          <ul data-testid="opponents">
            {others.map((id) => (
              <li key={id}>
                <bdi>{name(id)}</bdi>
                {place.table.seats.length > 2 && <span className="pl-muted pl-small"> · seat {place.table.seats.indexOf(id) + 1}</span>}
                <Members player={view.players.find((p) => p.id === id)} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {points !== undefined && (
        <p className="pl-points" data-testid="points">
          You have <strong>{pointsWords(view.event.words, points)}</strong> before this round.
        </p>
      )}
    </>
  );
}

/** With self-reports off (the scorekeeper's setting), where the result goes instead. */
export function deskWords(seats: number): string {
  return `Results are not reported from phones at this event: fill in your match slip with ${seats > 2 ? 'the other players' : 'your opponent'}, sign it, and bring it to the scorekeeper’s desk.`;
}

/** The table's result once final, the report waiting to be confirmed, or (reporting off) the way to the desk. */
function ResultState({ view, place, confirm }: { view: PublicView; place: Place; confirm(): void }) {
  if (place.kind !== 'table') return null;
  const table = place.table;
  if (table.result || table.resultText)
    return (
      <p className="pl-result" data-testid="result">
        Result: <strong>{table.resultText ?? 'recorded'}</strong>
      </p>
    );
  if (view.selfReports === 'off')
    return (
      <p className="pl-desk" data-testid="report-at-desk">
        {deskWords(table.seats.length)}
      </p>
    );
  if (table.reportRejected)
    return (
      <p className="pl-rejected" role="status" data-testid="report-rejected">
        {rejectedWords(table)}
      </p>
    );
  if (!table.reportPending) return null;
  return (
    <div className="pl-pending">
      <p>A result was reported for this table and waits to be confirmed.</p>
      <button type="button" className="pl-primary" onClick={confirm}>
        See it and confirm
      </button>
    </div>
  );
}

/** Reporting is offered for a table still playing (and no report waiting) when self-reports are on. */
function ReportButton({ view, place, report }: { view: PublicView; place: Place; report(): void }) {
  if (place.kind !== 'table' || view.selfReports === 'off') return null;
  const table = place.table;
  if (table.result || table.resultText || table.reportPending) return null;
  return (
    <button type="button" className="pl-primary" onClick={report}>
      Report the result
    </button>
  );
}

export function MyTable({ view, me, now, notMe, report, confirm, notice, claimed = false, claimBox = null }: MyTableProps) {
  const round = view.round;
  const place = placeOf(round, me.id);
  const dropped = me.droppedAfterRound;
  return (
    <section className="pl-me" aria-label="My table">
      <div className="pl-who">
        <p>
          <bdi className="pl-my-name">{me.name}</bdi>
          <Members player={me} />
          {round && (
            <span className="pl-round" data-testid="round">
              Round {round.number}
              {round.stage === 'playoff' ? ' · playoff' : ''}
            </span>
          )}
        </p>
        {!claimed && (
          <button type="button" className="pl-link" onClick={notMe}>
            Not you?
          </button>
        )}
      </div>
      {claimed && (
        <p className="pl-claimed" data-testid="claimed">
          {RELEASE_WORDS}
        </p>
      )}
      {notice && (
        <p className="pl-warning" data-testid="notice">
          {notice}
        </p>
      )}
      {dropped !== undefined && (
        <p className="pl-dropped" data-testid="dropped">
          {me.disqualifiedInRound !== undefined
            ? `You were disqualified in round ${me.disqualifiedInRound}: see the head judge.`
            : dropped === 0
              ? 'You dropped before round 1.'
              : `You dropped after round ${dropped}.`}
        </p>
      )}
      {!round && <p className="pl-big-words">Pairings are not published yet. Your table shows here as soon as they are.</p>}
      {place.kind === 'table' && <TableCard view={view} place={place} />}
      {place.kind === 'bye' && (
        <p className="pl-big-words" data-testid="bye">
          {byeWords(place.bye.kind)}
        </p>
      )}
      {round && place.kind === 'none' && dropped === undefined && <p className="pl-big-words">You are not playing in round {round.number}.</p>}
      {round && <Clock view={view} place={place} now={now} />}
      <ResultState view={view} place={place} confirm={confirm} />
      {place.kind === 'table' && <Opponents view={view} me={me} place={place} />}
      <ReportButton view={view} place={place} report={report} />
      {claimBox}
    </section>
  );
}
