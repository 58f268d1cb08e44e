/**
 * What a device on the venue network shows around its screens: that it is offline
 * (nothing typed is saved until the connection is back), that it is still connecting, or that the
 * scorekeeper removed it (revoked its token) — with the way back, the join page.
 */
import { ROLE_LABELS, type DeviceRef } from '../../../core/api/roles.js';
import { useStation } from '../../store/station.js';
import '../join/Join.css';
import '../network/Network.css';

export const OFFLINE_WORDS = 'Offline — what you enter waits to send, and is saved once the connection is back';
export const REMOVED_WORDS = 'This device was removed by the scorekeeper — scan a join code again';

/**
 * Across the top of a device's screen while its connection is down: once it was connected and
 * lost it (a close, or nothing heard for a few seconds: core/api/heartbeat.ts), or while it cannot
 * reach the host at all. What is typed meanwhile is listed where it was typed as waiting to send
 * and goes once the connection is back (store/send.ts, store/outbox.ts).
 */
export function OfflineBanner() {
  const status = useStation((s) => s.status);
  const lost = useStation((s) => s.connectionLost);
  const offline = status === 'disconnected' || (lost && status !== 'connected');
  if (!offline) return null;
  return (
    <p className="offline-banner" role="alert" data-testid="offline-banner">
      {OFFLINE_WORDS}
    </p>
  );
}

/** The host refused this device's token: the scorekeeper revoked it (or the station's devices were reset). */
export function DeviceRemoved({ device }: { device: DeviceRef | null }) {
  return (
    <main className="device-page" data-testid="device-removed">
      <h1>{REMOVED_WORDS}</h1>
      <p>
        {device ? `“${device.name}” (${ROLE_LABELS[device.role]})` : 'This device'} can no longer reach the event. Ask the scorekeeper for a join code, then
        scan it or type it on the join page.
      </p>
      <a className="button primary" href="/join" data-testid="join-again">
        Join again
      </a>
    </main>
  );
}

/** A device waiting for the host to say who it is (its first connection). */
export function DeviceConnecting({ device }: { device: DeviceRef | null }) {
  return (
    <>
      <OfflineBanner />
      <main className="device-page" data-testid="device-connecting" aria-busy="true">
        <h1>Connecting{device ? ` as ${device.name}` : ''}…</h1>
        <p className="detail">Podium is reaching the station over the venue’s network.</p>
      </main>
    </>
  );
}
