/**
 * Browser mode's station key as the station's own windows meet it (renderer/api/index.ts):
 *
 * - `KeyRefused`: a window the host refuses — its key is no longer valid (the station was given a
 *   new one) or it has none — says so in words, with what to do, instead of "Connection lost";
 *   the station and the projector alike. (A joined device refused is DeviceRemoved's business.)
 * - `StationKeyHelp`, in the help (`?`): the addresses that open this station's windows with the
 *   key (to open the projector in another browser, or a window that was refused), and "New station
 *   key…", which replaces the key the host keeps: every other window with the old one is closed,
 *   tabs of this browser follow by themselves, this window opens itself again with the new one.
 */
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.js';
import { useStation } from '../store/station.js';
import './StationKey.css';

/** What a refused station window says. */
export const KEY_REFUSED_WORDS = 'This window’s station key is no longer valid';
export const NO_KEY_WORDS = 'This window has no station key';

export function KeyRefused({ view }: { view: 'station' | 'projector' }) {
  const stale = useStation((s) => !!s.connection?.stationKey);
  return (
    <main className={`key-refused key-refused-${view}`} data-testid="key-refused" role="alert">
      <h1>{stale ? KEY_REFUSED_WORDS : NO_KEY_WORDS}</h1>
      <p>
        {stale ? 'The station was given a new station key, so Podium no longer lets this window in. ' : 'Podium lets in only windows opened with the station key. '}
        Open the address Podium printed when it started (in the window where it runs, ending in <code>?key=…</code>), or the one shown in the station’s help (
        <kbd>?</kbd>, “This station’s addresses”) in the browser where the station is open.
      </p>
      <p className="muted">Nothing is lost: the event stays on the head-judge station, and the clock keeps its time there.</p>
    </main>
  );
}

/** The help's section on the station key (browser mode's own windows only). */
export function StationKeyHelp() {
  const access = useStation((s) => s.connection?.stationKey);
  const run = useStation((s) => s.run);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!access) return null;
  const renew = async (): Promise<void> => {
    setBusy(true);
    const answer = await run('Making a new station key…', (api) => api.newStationKey());
    setBusy(false);
    setAsking(false);
    if (answer) access.replace(answer.key);
  };
  return (
    <section className="help-station-key" aria-labelledby="help-station-key-title" data-testid="station-key-help">
      <h3 id="help-station-key-title">This station’s addresses</h3>
      <p>Open these in another window or browser of this computer (the projector, a window that was refused). They carry the station key: keep them to yourself.</p>
      <dl className="help-addresses">
        <dt>Station</dt>
        <dd>
          <code className="help-path" data-testid="station-address">
            {access.address('/')}
          </code>
        </dd>
        <dt>Projector</dt>
        <dd>
          <code className="help-path" data-testid="projector-address">
            {access.address('/projector')}
          </code>
        </dd>
      </dl>
      <p className="muted">Podium keeps the key across restarts. If an address may have been seen by someone else, give the station a new key.</p>
      <div className="toolbar">
        <button type="button" onClick={() => setAsking(true)} data-testid="new-station-key">
          New station key…
        </button>
      </div>
      {asking && (
        <ConfirmDialog title="Give the station a new key?" confirm="New station key" busy={busy} onConfirm={() => void renew()} onCancel={() => setAsking(false)}>
          <p>
            Every window opened with the old address loses its connection: the projector on another browser, say, must then be opened with the new address. Tabs of
            this browser follow by themselves; this window opens again with the new key. Devices joined over the venue network are not affected.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
