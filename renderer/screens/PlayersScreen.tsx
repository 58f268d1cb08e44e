/**
 * Players: registration at the top (Enter registers, the cursor comes back), CSV import, the list of
 * every competitor with status and row actions, seating print, and the event's file actions (Close
 * event; a damaged save's "Save a repaired copy").
 */
import { claimsOn } from '../../core/event/apply-claims.js';
import { useEffect, useState } from 'react';
import type { ReadOnlyReason } from '../../core/api/contract.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { PrintButton } from '../components/PrintButton.js';
import { NewPlayerCode, useShowCode } from './players/PersonalCode.js';
import { useMayCall } from '../store/caller.js';
import { rememberPlayers } from '../store/directory.js';
import { useStation } from '../store/station.js';
import { CsvImport } from './players/CsvImport.js';
import { PlayerCounts, PlayerList } from './players/PlayerList.js';
import { RegistrationForm, isTeamEvent } from './players/RegistrationForm.js';
import './Players.css';
import { Decklists } from './players/Decklists.js';

/** People already written to the directory this session (name + note), so each is written once. */
const remembered = new Set<string>();

function useDirectorySync(state: EventState | null | undefined): void {
  useEffect(() => {
    if (!state) return;
    const fresh: { name: string; note?: string }[] = [];
    const add = (name: string, note?: string): void => {
      const key = `${name}\u0000${note ?? ''}`;
      if (remembered.has(key)) return;
      remembered.add(key);
      fresh.push(note ? { name, note } : { name });
    };
    for (const p of state.players) {
      add(p.name, p.note);
      for (const m of p.members ?? []) add(m.name);
    }
    if (fresh.length > 0) void rememberPlayers(fresh);
  }, [state?.players]);
}

/** Tests: start the session memory afresh. */
export function forgetDirectorySession(): void {
  remembered.clear();
}

/**
 * "/media/usb/friday.podium" → "friday-repaired.podium": a bare name, which the host puts in its
 * events folder (the only place a window may create a save; the desktop menu's Save As goes anywhere).
 */
export function repairedPath(path: string): string {
  const base = path.split(/[\\/]/).pop()?.replace(/\.podium$/i, '') ?? 'event';
  return `${base}-repaired.podium`;
}

function RepairCopy({ path, reason }: { path: string; reason: ReadOnlyReason | undefined }) {
  const damaged = reason !== 'no-permission';
  const run = useStation((s) => s.run);
  const toast = useStation((s) => s.toast);
  const [target, setTarget] = useState(() => repairedPath(path));
  const save = async (): Promise<void> => {
    const snapshot = await run('Saving a repaired copy…', (api) => api.saveRepairedCopy({ path: target.trim() }));
    if (!snapshot) return;
    useStation.setState({ snapshot });
    toast(`Repaired copy saved and opened: ${snapshot.summary?.path ?? target}`);
  };
  return (
    <form
      className="repair"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      data-testid="repair"
    >
      {damaged ? (
        <p className="problem">
          This save is damaged, so it is open <strong>read-only</strong>. A repaired copy keeps everything up to the damaged line, in a new file; the damaged
          save is never rewritten.
        </p>
      ) : (
        <p className="notice">
          Podium may not write where this save is (a read-only disk or a protected file), so it is open <strong>read-only</strong>. Save a copy somewhere
          writable to continue the event there.
        </p>
      )}
      <label>
        New file
        <input value={target} onChange={(e) => setTarget(e.target.value)} spellCheck={false} data-testid="repair-path" />
      </label>
      <button type="submit" className="primary" disabled={!target.trim()}>
        {damaged ? 'Save a repaired copy' : 'Save a copy'}
      </button>
    </form>
  );
}

export function PlayersScreen() {
  const snapshot = useStation((s) => s.snapshot);
  const run = useStation((s) => s.run);
  const [importing, setImporting] = useState(false);
  // Files are the head-judge station's alone (a second station on the venue network has neither).
  const mayClose = useMayCall('closeEvent');
  const mayRepair = useMayCall('saveRepairedCopy');
  const state = snapshot?.state;
  useDirectorySync(state);
  const personal = useShowCode(!!state && claimsOn(state));
  if (!state || !snapshot) return <></>;
  const summary = snapshot.summary;
  const readOnly = !!summary?.readOnly;
  const team = isTeamEvent(state);

  const close = async (): Promise<void> => {
    await run('Closing the event…', (api) => api.closeEvent());
  };

  return (
    <div className="players-screen">
      <header className="players-header">
        <div className="players-title">
          <h2>
            {team ? 'Teams' : 'Players'} <PlayerCounts state={state} />
          </h2>
          <span className="muted">
            {getRuleset(state.ruleset).title}
            {summary && (
              <>
                {' · '}
                <span className="players-path" title={summary.path}>
                  {summary.path}
                </span>
              </>
            )}
          </span>
        </div>
        <div className="toolbar">
          <button type="button" onClick={() => setImporting((v) => !v)} aria-expanded={importing} disabled={readOnly || !!state.playoff} data-testid="open-import">
            Import CSV…
          </button>
          <PrintButton doc="seating" />
          {claimsOn(state) && <PrintButton doc="player-cards" />}
          {mayClose && (
            <button type="button" onClick={() => void close()} data-testid="close-event" title="Close this event and go back to the start screen (everything is already saved)">
              Close event
            </button>
          )}
        </div>
      </header>
      {snapshot.notices
        // Read-only and locked saves are explained by the banner above every screen.
        .filter((n) => n.kind !== 'read-only' && n.kind !== 'locked')
        .map((n, i) => (
          <p key={i} className={n.kind === 'damaged' || n.kind === 'torn-line' ? 'problem banner' : 'notice banner-info'}>
            {n.message}
            {n.line !== undefined ? ` (line ${n.line})` : ''}
          </p>
        ))}
      {/* A save another Podium holds is never copied here: two copies of one event would part ways. */}
      {readOnly && summary && summary.readOnlyReason !== 'locked' && mayRepair && <RepairCopy path={summary.path} reason={summary.readOnlyReason} />}
      <RegistrationForm key={state.id} state={state} readOnly={readOnly} onRegistered={(player, name) => void personal.show(player, name)} />
      <NewPlayerCode shown={personal.shown} onHide={personal.hide} />
      {importing && <CsvImport state={state} onClose={() => setImporting(false)} />}
      <PlayerList state={state} readOnly={readOnly} />
      <Decklists state={state} readOnly={readOnly} />
    </div>
  );
}
