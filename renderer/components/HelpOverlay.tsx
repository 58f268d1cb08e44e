/**
 * The station's help (`?`): every keyboard shortcut, where the host's support log is — the file a
 * scorekeeper sends with a support request (electron/host/log.ts) — and what happens when the
 * venue's Wi-Fi drops.
 *
 * The host tells the local station the path with `whoami` (a device is never told host paths),
 * the same over IPC and the WebSocket.
 */
import { useCaller } from '../store/caller.js';
import { useStation } from '../store/station.js';
import { SHORTCUTS } from './Shortcuts.js';
import { StationKeyHelp } from './StationKey.js';

function SupportLog() {
  const file = useCaller((s) => s.supportLog);
  return (
    <section className="help-support-log" aria-labelledby="help-support-log-title">
      <h3 id="help-support-log-title">Support log</h3>
      <p>
        Podium writes down what the station did, what it refused and why, and every error. Send the support log with a support request
        {file ? ':' : '.'}
      </p>
      {file ? (
        <p>
          <code className="help-path" data-testid="support-log-path">
            {file}
          </code>
        </p>
      ) : (
        <p data-testid="support-log-path">
          It is <code className="help-path">logs/podium.log</code> in the station folder (the host did not say where that is).
        </p>
      )}
      <p className="muted">Older ones are beside it (podium.1.log, podium.2.log, …).</p>
    </section>
  );
}

/** When the venue's Wi-Fi drops (core/api/heartbeat.ts, store/send.ts): what each device does, and the station's device list. */
function WhenTheLinkDrops() {
  return (
    <section className="help-offline" aria-labelledby="help-offline-title" data-testid="help-offline">
      <h3 id="help-offline-title">When the Wi-Fi drops</h3>
      <p>
        The station and every device hear from each other every few seconds (a heartbeat). A desk, a judge’s phone, a display or a player’s phone that hears
        nothing for 8 seconds says it is <strong>offline</strong>, in a banner, and reconnects by itself once the link is back. The Venue network panel lists a
        silent device as “Not heard from for 12 s”, counting.
      </p>
      <p>
        What is typed on a desk or a judge’s phone while it is offline is kept where it was typed as <strong>waiting to send</strong>. It is sent once, when the
        connection is back (under its own id, so the station never writes it twice), and then says <strong>Saved</strong> or <strong>Refused</strong> with the
        station’s reason. The event log shows when such a result was typed and when it arrived (“typed 14:02, arrived 14:05”).
      </p>
    </section>
  );
}

/** Personal codes, in a few lines: where the desk finds them and what to do for a lost phone. */
function PhoneClaimsHelp() {
  return (
    <section className="help-claims" aria-labelledby="help-claims-title">
      <h3 id="help-claims-title">Players’ phones and personal codes</h3>
      <p>
        Each player has a personal code: shown once when they are registered, and on their player card (Players → Print player cards). A phone that scans the card or types the
        code under “This is me” is that player’s: only it reports and confirms for them, and “automatic” results need every player’s own claimed phone.
      </p>
      <p>
        A lost or new phone: Players → the player’s row → <strong>Reset claim</strong>; the code then claims again on the new phone. A casual event can turn claims off on the
        Venue network panel (a table’s code is then enough).
      </p>
    </section>
  );
}

export function HelpOverlay() {
  const open = useStation((s) => s.helpOpen);
  const setOpen = useStation((s) => s.setHelpOpen);
  if (!open) return null;
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-label="Help" onClick={() => setOpen(false)}>
      <div className="overlay-panel" onClick={(e) => e.stopPropagation()}>
        <h2>Keyboard shortcuts</h2>
        <table className="shortcuts">
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.keys}>
                <th>
                  <kbd>{s.keys}</kbd>
                </th>
                <td>{s.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <PhoneClaimsHelp />
        <SupportLog />
        <WhenTheLinkDrops />
        <StationKeyHelp />
        <button type="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </div>
  );
}
