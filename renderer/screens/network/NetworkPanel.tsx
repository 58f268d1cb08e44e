/**
 * The Venue network panel of the head-judge station: one switch that opens Podium to
 * the venue's network, the address devices open, a join code per role (as large text and as a QR
 * code holding the join address, each with "New code"), and every device that joined — its name,
 * role, whether it is connected or when it was last seen — with Revoke (asked once: the device is
 * cut off at once and must scan a code again).
 *
 * Under the switch, which of this computer's addresses it listens on (every one, or one chosen:
 * remembered by the host).
 *
 * Opened from the header (NetworkButton, which also keeps saying that the network is on) or with
 * Alt+N; only the local station has it (core/api/roles.ts: the network is the head-judge
 * station's alone). It reads networkStatus() when it opens, then follows the host's `network`
 * pushes (the station store keeps the last one).
 */
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { DeviceView, NetworkStatus } from '../../../core/api/contract.js';
import { ROLE_LABELS, type DeviceRole } from '../../../core/api/roles.js';
import { notHeardFor } from '../../../core/api/heartbeat.js';
import { dayAndTime, plural, timeAgo } from '../../../core/text/format.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { Name } from '../../components/Name.js';
import { QrCode } from '../../components/QrCode.js';
import { PlayersPhones } from './PlayersPhones.js';
import { isolate, sentence } from '../../lib/format.js';
import { useNow } from '../../lib/use-now.js';
import { useCaller, isLocalStation } from '../../store/caller.js';
import { useNetworkPanel } from '../../store/network-panel.js';
import type { StationConnection } from '../../api/index.js';
import { useStation } from '../../store/station.js';
import './Network.css';

/** Each role's join code, in the order the floor needs them, with what a device of that role does. */
export const JOIN_ROLES: { role: DeviceRole; title: string; what: string }[] = [
  { role: 'station', title: 'Second station', what: 'A second scorekeeper desk: everything this station does, except files and this panel.' },
  { role: 'judge', title: 'Judge', what: 'A judge’s phone on the floor: results, extensions, deck checks and timers.' },
  { role: 'display', title: 'Display', what: 'A projector on another computer: shows the clock and pairings, changes nothing.' },
];

/** "Desk 2 (second station)": a device as the station names it. */
export function deviceLabel(device: { name: string; role: DeviceRole }): string {
  return `${isolate(device.name)} (${ROLE_LABELS[device.role]})`;
}

/** "Venue network on · 3 devices": what the header says while the network is on. */
export function networkSummary(network: NetworkStatus | null): string {
  if (!network?.on) return 'Venue network';
  const connected = network.devices.filter((d) => d.connected && !d.silent).length;
  const silent = network.devices.filter((d) => d.silent).length;
  return `Venue network on · ${plural(connected, 'device')}${silent > 0 ? ` · ${silent} not heard from` : ''}`;
}

function errorWords(error: unknown): string {
  return sentence(error instanceof Error ? error.message : String(error));
}

/** The header's button: opens the panel, and says the network is on (and how many devices are connected). */
export function NetworkButton() {
  const network = useStation((s) => s.network);
  const caller = useCaller((s) => s.caller);
  const setOpen = useNetworkPanel((s) => s.setOpen);
  if (!isLocalStation(caller)) return null;
  const on = !!network?.on;
  const connected = network?.devices.filter((d) => d.connected) ?? [];
  const title = on
    ? `Devices on the venue network can join. Connected: ${connected.length > 0 ? connected.map((d) => deviceLabel(d)).join(', ') : 'none'}. (Alt+N)`
    : 'Let a second desk, judges’ phones or a display join over the venue’s network (Alt+N)';
  return (
    <button type="button" className={on ? 'network-button on' : 'network-button'} onClick={() => setOpen(true)} title={title} data-testid="network-button" data-on={on}>
      {on && <span className="network-dot" aria-hidden="true" />}
      {networkSummary(network)}
    </button>
  );
}

/**
 * A device that has gone silent (core/api/heartbeat.ts: connected but answering nothing, or cut
 * off for it — a dropped Wi-Fi): "not heard from for 12 s", counting on each second on the host's
 * clock as this window knows it.
 */
function SilentFor({ heardAt }: { heardAt: string }) {
  const now = useNow(1000);
  const skew = useStation((s) => s.clockSkewMs);
  const heard = Date.parse(heardAt);
  const words = notHeardFor(heard, now + skew);
  return (
    <span className="device-status silent" data-testid="device-silent" title={`Last heard from at ${dayAndTime(new Date(heard))}: its link may be down`}>
      {words.charAt(0).toUpperCase()}
      {words.slice(1)}
    </span>
  );
}

function DeviceStatus({ device, now }: { device: DeviceView; now: number }) {
  if (device.silent && device.heardAt) return <SilentFor heardAt={device.heardAt} />;
  if (device.connected)
    return (
      <span className="device-status connected">
        <span className="network-dot" aria-hidden="true" /> Connected
      </span>
    );
  if (!device.lastSeen) return <span className="device-status muted">Never connected</span>;
  const seen = new Date(device.lastSeen);
  return (
    <span className="device-status muted" title={dayAndTime(seen)}>
      Not connected · last seen {timeAgo(seen, now)}
    </span>
  );
}

function Devices({ devices, onRevoke, busy }: { devices: DeviceView[]; onRevoke: (device: DeviceView) => void; busy: boolean }) {
  const now = useNow(15_000);
  const sorted = [...devices].sort((a, b) => Number(b.connected) - Number(a.connected) || (b.lastSeen ?? b.joinedAt).localeCompare(a.lastSeen ?? a.joinedAt));
  return (
    <section className="network-devices" aria-labelledby="network-devices-title">
      <h3 id="network-devices-title">
        Devices <span className="muted">({devices.length})</span>
      </h3>
      {sorted.length === 0 ? (
        <p className="muted">No device has joined yet. A device joins by scanning a join code above (or opening its address and typing the code).</p>
      ) : (
        <table className="grid network-device-list" data-testid="network-devices">
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Joined</th>
              <th scope="col">
                <span className="visually-hidden">Revoke</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((device) => (
              <tr key={device.id} data-device={device.id} data-connected={device.connected}>
                <td className="device-name">
                  <Name>{device.name}</Name>
                </td>
                <td>{ROLE_LABELS[device.role]}</td>
                <td>
                  <DeviceStatus device={device} now={now} />
                </td>
                <td className="muted" title={dayAndTime(new Date(device.joinedAt))}>
                  {timeAgo(new Date(device.joinedAt), now)}
                </td>
                <td className="device-actions">
                  <button type="button" onClick={() => onRevoke(device)} disabled={busy} aria-label={`Revoke ${device.name} (${ROLE_LABELS[device.role]})`}>
                    Revoke
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

function JoinCodes({ network, onNewCode, busy }: { network: NetworkStatus; onNewCode: (role: DeviceRole) => void; busy: boolean }) {
  return (
    <section className="network-codes" aria-labelledby="network-codes-title">
      <h3 id="network-codes-title">Join codes</h3>
      <p className="muted">
        Scan with the device’s camera, or open the address and type the code. A new code replaces the old one; devices that joined stay.
      </p>
      <div className="join-code-cards">
        {JOIN_ROLES.map(({ role, title, what }) => {
          const code = network.joinCodes.find((c) => c.role === role);
          return (
            <article key={role} className="join-code-card" data-testid={`join-code-${role}`} aria-label={`Join code for a ${ROLE_LABELS[role]}`}>
              <h4>{title}</h4>
              <p className="join-code-what muted">{what}</p>
              {code ? (
                <>
                  <QrCode text={code.url} label={`QR code to join as a ${ROLE_LABELS[role]}: ${code.url}`} size={168} />
                  <p className="join-code-text" data-testid="join-code">
                    {code.code}
                  </p>
                </>
              ) : (
                <p className="muted">No code yet.</p>
              )}
              <button type="button" onClick={() => onNewCode(role)} disabled={busy}>
                New code
              </button>
            </article>
          );
        })}
      </div>
    </section>
  );
}

/**
 * What the host says when the panel opens (the host's `network` pushes keep it current from there):
 * whether it has answered yet, and the problem in words when it could not.
 */
function useNetworkStatus(connection: StationConnection | null): { loaded: boolean; problem: string | null; setProblem: (problem: string | null) => void } {
  const [loaded, setLoaded] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // What the host says now (pushes keep it current from here on).
  useEffect(() => {
    if (!connection) return;
    let live = true;
    connection.api.networkStatus().then(
      (status) => {
        if (!live) return;
        useStation.setState({ network: status });
        setLoaded(true);
      },
      (error: unknown) => {
        if (!live) return;
        setProblem(errorWords(error));
        setLoaded(true);
      },
    );
    return () => {
      live = false;
    };
  }, [connection]);

  return { loaded, problem, setProblem };
}

/** The on/off switch, what the network is doing in words, and the addresses devices open (with their QR codes). */
function NetworkSwitchRow({ network, loaded, busy, switchRef, onToggle }: {
  network: NetworkStatus | null;
  loaded: boolean;
  busy: boolean;
  switchRef: RefObject<HTMLButtonElement | null>;
  onToggle: () => void;
}) {
  const connected = network?.devices.filter((d) => d.connected) ?? [];
  const on = !!network?.on;
  return (
    <div className="network-switch-row">
      <button
        ref={switchRef}
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby="network-title"
        className={on ? 'switch on' : 'switch'}
        onClick={onToggle}
        disabled={busy || !loaded || !network}
        data-testid="network-switch"
      >
        <span className="switch-track" aria-hidden="true">
          <span className="switch-thumb" />
        </span>
        <span className="switch-words">{on ? 'On' : 'Off'}</span>
      </button>
      <p className="network-state" data-testid="network-state">
        {!loaded
          ? 'Asking the host…'
          : !network
            ? 'The venue network cannot be used from here.'
            : on
              ? `On: devices on the venue’s Wi-Fi join with a code below. ${connected.length === 0 ? 'None is connected yet.' : `${plural(connected.length, 'device')} connected now.`}`
              : 'Off: Podium answers only on this computer. Turn it on to let a second desk, judges’ phones or a display join over the venue’s Wi-Fi.'}
      </p>
      {network?.on && network.urls.length > 0 && (
        <ul className="network-urls" aria-label={network.urls.length === 1 ? 'Address' : 'Addresses'}>
          {network.urls.map((url) => (
            <li key={url} data-testid="network-url">
              <QrCode text={url} label={`QR code of the address ${url}`} size={92} />
              <span className="network-url-words">
                <span className="muted">Devices open</span>
                <code className="network-url">{url}</code>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Which of this computer's addresses the network listens on (a laptop with Wi-Fi and a cable, or a
 * VPN, has several): every one, or the one chosen here, which the host remembers.
 */
function AddressChoice({ network, busy, onChoose }: { network: NetworkStatus; busy: boolean; onChoose: (address: string | null) => void }) {
  const id = useId();
  const addresses = network.addresses ?? [];
  const chosen = network.chosen ?? null;
  const missing = chosen !== null && !addresses.includes(chosen);
  if (addresses.length === 0 && !missing) return null;
  return (
    <div className="network-address">
      <label htmlFor={id}>Listen on</label>
      <select id={id} value={chosen ?? ''} disabled={busy} onChange={(e) => onChoose(e.target.value === '' ? null : e.target.value)} data-testid="network-address">
        <option value="">{addresses.length === 1 ? `Every address (${addresses[0]})` : `Every address${addresses.length > 0 ? ` (${addresses.join(', ')})` : ''}`}</option>
        {addresses.map((address) => (
          <option key={address} value={address}>
            {address} only
          </option>
        ))}
        {missing && <option value={chosen}>{chosen} only (not on this computer now)</option>}
      </select>
      <p className="muted network-address-hint">
        {missing
          ? `${chosen} is not an address of this computer now (another network?): choose the one the venue’s Wi-Fi gave it.`
          : 'Choose the address of the venue’s Wi-Fi or cable (not a VPN). Devices that joined at another address open the new one and join again.'}
      </p>
    </div>
  );
}

/** Asked once before a device is cut off. */
function RevokeDialog({ device, busy, onCancel, onConfirm }: { device: DeviceView; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog title={`Revoke ${isolate(device.name)}?`} confirm={`Revoke ${isolate(device.name)}`} busy={busy} onCancel={onCancel} onConfirm={onConfirm}>
      <p>
        {deviceLabel(device)} is cut off at once and cannot send anything more. To come back it must join again with a join code (make a new code to keep
        it out).
      </p>
      <p>What it entered stays in the event and in the event log.</p>
    </ConfirmDialog>
  );
}

/** The panel itself (an overlay over the station; Esc or Close closes it). */
export function NetworkPanel() {
  const network = useStation((s) => s.network);
  const connection = useStation((s) => s.connection);
  const setOpen = useNetworkPanel((s) => s.setOpen);
  const { loaded, problem, setProblem } = useNetworkStatus(connection);
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<DeviceView | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const switchRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), [setOpen]);

  // The switch takes the focus once it can be used (Space turns the network on or off).
  useEffect(() => {
    if (loaded) switchRef.current?.focus();
  }, [loaded]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close]);

  /** Host work from the panel: its answer becomes what the panel shows; a refusal is said here (toasts sit under the panel). */
  const act = async (work: () => Promise<NetworkStatus>): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    try {
      useStation.setState({ network: await work() });
      return true;
    } catch (error) {
      setProblem(errorWords(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const api = connection?.api;
  const setNetwork = (on: boolean): void => {
    if (api) void act(() => api.setNetwork({ on }));
  };
  const toggle = (): void => {
    if (!network?.on) return setNetwork(true);
    if (network.devices.some((d) => d.connected)) setConfirmingOff(true);
    else setNetwork(false);
  };
  const connected = network?.devices.filter((d) => d.connected) ?? [];

  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="network-title" data-testid="network-panel" onClick={close}>
      <div className="overlay-panel network-panel" onClick={(e) => e.stopPropagation()}>
        <div className="network-head">
          <h2 id="network-title">Venue network</h2>
          <button type="button" className="quiet network-close" onClick={close} aria-label="Close the venue network panel">
            ×
          </button>
        </div>
        <NetworkSwitchRow network={network} loaded={loaded} busy={busy} switchRef={switchRef} onToggle={toggle} />
        {network && <AddressChoice network={network} busy={busy} onChoose={(address) => api && void act(() => api.setNetwork({ on: network.on, address }))} />}
        {(problem ?? network?.problem) && (
          <p className="problem banner" role="alert" data-testid="network-problem">
            {problem ?? (network?.problem ? sentence(`The venue network could not be turned on: ${network.problem}`) : '')}
          </p>
        )}
        {network?.on && (
          <>
            <JoinCodes network={network} busy={busy} onNewCode={(role) => api && void act(() => api.newJoinCode({ role }))} />
          </>
        )}
        <PlayersPhones lanBase={network?.on ? network.urls[0] : null} />
        {network && <Devices devices={network.devices} busy={busy} onRevoke={setRevoking} />}
        <div className="toolbar">
          <button type="button" onClick={close}>
            Close
          </button>
        </div>
        {revoking && (
          <RevokeDialog
            device={revoking}
            busy={busy}
            onCancel={() => setRevoking(null)}
            onConfirm={() => {
              const device = revoking;
              if (!api) return;
              void act(() => api.revokeDevice({ id: device.id })).then(() => setRevoking(null));
            }}
          />
        )}
        {confirmingOff && (
          <ConfirmDialog
            title="Turn the venue network off?"
            confirm="Turn it off"
            busy={busy}
            onCancel={() => setConfirmingOff(false)}
            onConfirm={() => {
              if (!api) return;
              void act(() => api.setNetwork({ on: false })).then(() => setConfirmingOff(false));
            }}
          >
            <p>
              {connected.map((d) => deviceLabel(d)).join(', ')} {connected.length === 1 ? 'loses its' : 'lose their'} connection until the network is on again.
              Nothing they already entered is lost; they say they are offline meanwhile.
            </p>
          </ConfirmDialog>
        )}
      </div>
    </div>
  );
}
