/**
 * The judge's phone (section 2; UX.md "A judge's phone or tablet"): used on the floor,
 * mid-conversation, one-handed, at 360 px. The round and its clock on top, always; whether the
 * phone is connected, in words (offline: nothing entered is saved until it is back); then find a
 * table — by number or a few letters of a name — and at that table enter the result, add time with
 * its reason, start and end a deck check, or record a penalty. Everything comes from the store (the event folded
 * from the host's journal pushes, the clock the host pushes each second); every command goes
 * through send.ts, so the screen says what was saved, or why not.
 */
import { useEffect, useState } from 'react';
import { currentRound, outstandingTables } from '../../lib/event.js';
import { plural } from '../../lib/format.js';
import { useCaller } from '../../store/caller.js';
import { useStation } from '../../store/station.js';
import { clockFace, wallTime } from '../clock/display.js';
import { OFFLINE_WORDS } from '../device/DevicePages.js';
import { roundLabel } from '../pairings/round-facts.js';
import { Outbox } from '../../components/Outbox.js';
import { FindTable } from './FindTable.js';
import { judgePlace } from './send.js';
import { TableCard, type Saved } from './TableCard.js';
import './Judge.css';

/** The banner while the connection is lost: every device's words (nothing typed is saved). */
export const OFFLINE_BANNER = OFFLINE_WORDS;

function Connection() {
  const status = useStation((s) => s.status);
  const lost = useStation((s) => s.connectionLost);
  const caller = useCaller((s) => s.caller);
  const who = caller?.kind === 'device' ? ` · ${caller.name}` : '';
  // (A phone the scorekeeper removed never gets here: the app shows it the way back to the join page.)
  if (lost || status === 'disconnected' || status === 'refused')
    return (
      <p className="judge-banner judge-banner-offline" role="alert" data-testid="judge-offline">
        {OFFLINE_BANNER}
        {status === 'connected' ? ' (reconnected — catching up…)' : ''}
      </p>
    );
  return (
    <p className="judge-connection" data-testid="judge-connection" data-status={status}>
      <span className={status === 'connected' ? 'judge-dot judge-dot-on' : 'judge-dot'} aria-hidden="true" />
      {status === 'connected' ? 'Connected' : 'Connecting…'}
      {who}
    </p>
  );
}

function Top() {
  const state = useStation((s) => s.snapshot?.state ?? null);
  const view = useStation((s) => s.clock);
  const round = state ? currentRound(state) : undefined;
  const fresh = !!view && !!state && view.ruleset === state.ruleset && view.round === (round?.number ?? null);
  const face = fresh && view ? clockFace(view) : null;
  const open = outstandingTables(round).length;
  return (
    <header className="judge-top">
      <div className="judge-top-round">
        <span className="judge-round-name" data-testid="judge-round">
          {round ? roundLabel(round) : state ? 'No round yet' : 'Podium'}
        </span>
        {round && <span className="judge-out">{open === 0 ? 'every result in' : `${plural(open, 'table')} out`}</span>}
      </div>
      {face && (face.digits || face.label) && (
        <div className={`judge-clock phase-${face.phase}`} data-testid="judge-clock" title={face.detail ?? face.words}>
          {face.label && <span className="judge-clock-label">{face.label}</span>}
          {face.digits && <span className="judge-clock-digits">{face.digits}</span>}
        </div>
      )}
    </header>
  );
}

export function JudgeScreen() {
  const state = useStation((s) => s.snapshot?.state ?? null);
  const view = useStation((s) => s.clock);
  const [tableText, setTableText] = useState('');
  const [nameText, setNameText] = useState('');
  const [saved, setSaved] = useState<Saved | null>(null);
  const round = state ? currentRound(state) : undefined;
  const roundNumber = round?.number ?? 0;
  // A new round starts the search afresh (its tables are other people).
  useEffect(() => {
    setTableText('');
    setNameText('');
    setSaved(null);
  }, [roundNumber]);
  const fresh = !!view && !!state && view.ruleset === state.ruleset && view.round === (round?.number ?? null);
  const table = round && /^\d+$/.test(tableText) ? round.tables.find((t) => t.table === Number(tableText)) : undefined;

  return (
    <div className="judge" data-testid="judge-screen">
      <div className="judge-sticky">
        <Top />
        <Connection />
      </div>
      {/* What was typed offline at other tables than the one open (that one shows its own). */}
      <Outbox show={(place) => place.startsWith('judge') && place !== (table ? judgePlace(table.table) : '')} title="Typed while offline" />
      <div className="judge-body">
        {!state ? (
          <p className="judge-empty">Waiting for the event from the station…</p>
        ) : !round ? (
          <p className="judge-empty">No round has been paired yet: tables appear here once the scorekeeper publishes round 1.</p>
        ) : (
          <>
            <FindTable state={state} view={fresh ? view : null} round={round} tableText={tableText} setTableText={setTableText} nameText={nameText} setNameText={setNameText} />
            {table && fresh && view ? (
              <TableCard
                key={`${round.number}-${table.table}`}
                state={state}
                view={view}
                round={round}
                table={table}
                saved={saved?.table === table.table ? saved : null}
                onSaved={(text) => setSaved({ table: table.table, text, at: wallTime(Date.now() + useStation.getState().clockSkewMs) })}
              />
            ) : table ? (
              <p className="judge-muted">Waiting for the station’s clock…</p>
            ) : tableText === '' && nameText.trim() === '' ? (
              <p className="judge-muted judge-start-hint">Type a table number, or a few letters of a player’s name.</p>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
