// @vitest-environment jsdom
/**
 * The venue network in the renderer: the head-judge station's panel (switch, address,
 * a join code per role as text and as a QR code that decodes to its join address, new codes, the
 * device list with Revoke asked once), the header that keeps saying the network is on, a second
 * station without what only the head-judge station may do, a device the scorekeeper removed, the
 * offline banner, and the event log naming the device behind each entry.
 *
 * The real station service and journal store in a temp folder, behind the in-memory RPC pair; the
 * venue network is a fake NetworkControl (the real one binds LAN sockets: the end-to-end test
 * runs it).
 */
import 'fake-indexeddb/auto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import jsqr from 'jsqr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceView, NetworkStatus } from '../../core/api/contract.js';
import { DEVICE_ROLES, type Caller, type DeviceRef, type DeviceRole } from '../../core/api/roles.js';
import { createMemoryChannelPair, createRpcClient, serveRpc } from '../../core/api/rpc.js';
import { journalStore } from '../../electron/host/host.js';
import { createStationService, type NetworkControl, type StationService } from '../../electron/host/station-service.js';
import type { ConnectionStatus, StationConnection } from '../../renderer/api/index.js';
import { App } from '../../renderer/App.js';
import { OFFLINE_WORDS, REMOVED_WORDS } from '../../renderer/screens/device/DevicePages.js';
import { useCaller } from '../../renderer/store/caller.js';
import { useNetworkPanel } from '../../renderer/store/network-panel.js';
import { useStation } from '../../renderer/store/station.js';
import { fakeLayout, resetStore } from './event-builders.js';

configure({ asyncUtilTimeout: 5000 });

const LAN = 'http://192.168.1.20:5719/';
const MINUTE = 60_000;

/** The venue network as the station service reaches it, in memory: what the host's would say. */
class FakeNetwork implements NetworkControl {
  on = false;
  problemOnTurningOn: string | null = null;
  problem: string | undefined;
  devices: DeviceView[] = [];
  revoked: string[] = [];
  codes: Record<DeviceRole, string> = { station: 'S7PM-Q2XD', judge: 'J4DG-7RT2', display: 'D1SP-9AY5' };
  addresses = ['192.168.1.20', '10.8.0.2'];
  chosen: string | null = null;
  chosenAt: (string | null)[] = [];
  private fresh = 0;
  private readonly listeners = new Set<(status: NetworkStatus) => void>();

  status(): NetworkStatus {
    return {
      on: this.on,
      urls: this.on ? [LAN] : [],
      joinCodes: this.on ? DEVICE_ROLES.map((role) => ({ role, code: this.codes[role], url: `${LAN}join?code=${this.codes[role]}` })) : [],
      devices: this.devices.map((d) => ({ ...d })),
      addresses: [...this.addresses],
      chosen: this.chosen,
      ...(this.problem ? { problem: this.problem } : {}),
    };
  }
  async choose(address: string | null): Promise<NetworkStatus> {
    this.chosen = address;
    this.chosenAt.push(address);
    return this.tell();
  }
  async setOn(on: boolean): Promise<NetworkStatus> {
    if (on && this.problemOnTurningOn) {
      this.problem = this.problemOnTurningOn;
      return this.tell();
    }
    this.problem = undefined;
    this.on = on;
    if (!on) for (const d of this.devices) d.connected = false;
    return this.tell();
  }
  async newJoinCode(role: DeviceRole): Promise<NetworkStatus> {
    this.codes[role] = `N${++this.fresh}WC-0DE${this.fresh}`;
    return this.tell();
  }
  async revoke(id: string): Promise<NetworkStatus> {
    this.revoked.push(id);
    this.devices = this.devices.filter((d) => d.id !== id);
    return this.tell();
  }
  onChange(listener: (status: NetworkStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  /** A device joined (or changed): the host tells the station. */
  put(device: DeviceView): void {
    this.devices = [...this.devices.filter((d) => d.id !== device.id), device];
    this.tell();
  }
  private tell(): NetworkStatus {
    const status = this.status();
    for (const listener of this.listeners) listener(status);
    return status;
  }
}

let dataDir: string;
let network: FakeNetwork;
let service: StationService;
const stops: (() => void)[] = [];
let restoreLayout: () => void;

/** A window on the service as `caller` (default: the local station), its status in the test's hands. */
function connect(caller?: Caller, initial: ConnectionStatus = 'connected'): StationConnection & { setStatus(status: ConnectionStatus): void } {
  const [hostSide, windowSide] = createMemoryChannelPair();
  stops.push(serveRpc(service, hostSide, caller ? { caller } : {}));
  let status = initial;
  const listeners = new Set<(s: ConnectionStatus) => void>();
  return {
    api: createRpcClient(windowSide),
    transport: 'websocket',
    status: () => status,
    onStatus: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onMenu: () => () => undefined,
    ...(caller?.kind === 'device' ? { device: { remembered: { id: caller.id, name: caller.name, role: caller.role } } } : {}),
    setStatus(next) {
      status = next;
      for (const listener of [...listeners]) listener(next);
    },
  };
}

const device = (ref: DeviceRef): Caller => ({ kind: 'device', ...ref });
const DESK_2: DeviceRef = { id: 'dev-desk2', name: 'Desk 2', role: 'station' };
const JUDGE_ANA: DeviceRef = { id: 'dev-ana', name: 'Judge Ana', role: 'judge' };

/** Rasterise the QR code's SVG (its path in module units) and read it as a phone's camera would. */
function decodeQr(svg: SVGSVGElement): string | null {
  const side = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const scale = 4;
  const width = side * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let col = Number(x); col < Number(x) + Number(run); col++)
      for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++)
        for (let px = col * scale; px < (col + 1) * scale; px++) pixels.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
  }
  // jsqr is CommonJS with an ES default: its function is `default` of what Node's import gives.
  return jsqr.default(pixels, width, width)?.data ?? null;
}

beforeAll(() => {
  restoreLayout = fakeLayout();
});
afterAll(() => restoreLayout());

beforeEach(async () => {
  resetStore('players');
  useStation.setState({ network: null, connectionLost: false });
  useCaller.setState({ caller: null });
  useNetworkPanel.setState({ open: false });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-venue-ui-'));
  network = new FakeNetwork();
  service = createStationService({ dataDir, station: 'head-desk', store: journalStore, network });
});

afterEach(async () => {
  cleanup();
  for (const stop of stops.splice(0)) stop();
  await service.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const header = (): HTMLElement => document.querySelector('header.topbar') as HTMLElement;
const networkButton = (): HTMLElement => screen.getByTestId('network-button');
const panel = (): HTMLElement => screen.getByTestId('network-panel');
const networkSwitch = (): HTMLElement => within(panel()).getByRole('switch', { name: 'Venue network' });

describe('the Venue network panel (head-judge station)', () => {
  it('turns the network on, shows the address and a code per role as text and a QR code of its join address, makes a new code', async () => {
    const user = userEvent.setup();
    render(<App connection={connect()} view="station" />);
    await waitFor(() => expect(networkButton().textContent).toBe('Venue network'));
    await user.click(networkButton());
    await waitFor(() => expect((networkSwitch() as HTMLButtonElement).disabled).toBe(false));
    expect(networkSwitch().getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('network-state').textContent).toMatch(/^Off: Podium answers only on this computer/);
    expect(within(panel()).queryByTestId('join-code-judge')).toBeNull();

    await user.click(networkSwitch());
    await waitFor(() => expect(networkSwitch().getAttribute('aria-checked')).toBe('true'));
    expect(network.on).toBe(true);
    expect(within(panel()).getByTestId('network-url').querySelector('code')?.textContent).toBe(LAN);
    expect(decodeQr(within(panel()).getByTestId('network-url').querySelector('svg') as SVGSVGElement)).toBe(LAN);
    for (const role of DEVICE_ROLES) {
      const card = within(panel()).getByTestId(`join-code-${role}`);
      expect(within(card).getByTestId('join-code').textContent).toBe(network.codes[role]);
      // What a phone's camera reads is the join address with this role's code.
      expect(decodeQr(card.querySelector('svg') as SVGSVGElement)).toBe(`${LAN}join?code=${network.codes[role]}`);
    }
    expect(within(within(panel()).getByTestId('join-code-station')).getByRole('heading').textContent).toBe('Second station');
    // The header says it is on, whatever screen the station is on.
    expect(within(header()).getByTestId('network-button').textContent).toBe('Venue network on · 0 devices');

    const judgeCard = within(panel()).getByTestId('join-code-judge');
    const before = within(judgeCard).getByTestId('join-code').textContent;
    await user.click(within(judgeCard).getByRole('button', { name: 'New code' }));
    await waitFor(() => expect(within(judgeCard).getByTestId('join-code').textContent).not.toBe(before));
    expect(within(judgeCard).getByTestId('join-code').textContent).toBe(network.codes.judge);
    expect(decodeQr(judgeCard.querySelector('svg') as SVGSVGElement)).toBe(`${LAN}join?code=${network.codes.judge}`);
    // The other roles keep theirs.
    expect(within(within(panel()).getByTestId('join-code-station')).getByTestId('join-code').textContent).toBe('S7PM-Q2XD');
  });

  it('offers this computer’s addresses (every one, or one) and sends the choice to the host; an address no longer here is said', async () => {
    const user = userEvent.setup();
    network.on = true;
    render(<App connection={connect()} view="station" />);
    await user.click(networkButton());
    const choice = (await within(panel()).findByLabelText('Listen on')) as HTMLSelectElement;
    expect([...choice.options].map((o) => o.textContent)).toEqual(['Every address (192.168.1.20, 10.8.0.2)', '192.168.1.20 only', '10.8.0.2 only']);
    expect(choice.value).toBe('');
    await user.selectOptions(choice, '192.168.1.20');
    await waitFor(() => expect(network.chosenAt).toEqual(['192.168.1.20']));
    await waitFor(() => expect((within(panel()).getByLabelText('Listen on') as HTMLSelectElement).value).toBe('192.168.1.20'));
    // The network stays as it was (on).
    expect(network.on).toBe(true);
    await user.selectOptions(within(panel()).getByLabelText('Listen on'), '');
    await waitFor(() => expect(network.chosenAt).toEqual(['192.168.1.20', null]));

    // The laptop moved to another network: the address chosen before is said to be gone.
    await act(async () => {
      network.addresses = ['172.16.4.9'];
      await network.choose('192.168.1.20');
    });
    const now = within(panel()).getByLabelText('Listen on') as HTMLSelectElement;
    expect([...now.options].map((o) => o.textContent)).toEqual(['Every address (172.16.4.9)', '172.16.4.9 only', '192.168.1.20 only (not on this computer now)']);
    expect(panel().textContent).toContain('192.168.1.20 is not an address of this computer now (another network?): choose the one the venue’s Wi-Fi gave it.');
  });

  it('lists the devices as they join (connected, or last seen how long ago) and revokes one after asking once', async () => {
    const user = userEvent.setup();
    network.on = true;
    render(<App connection={connect()} view="station" />);
    // Opened after a reload with the network on: the header knows at once.
    await waitFor(() => expect(networkButton().textContent).toBe('Venue network on · 0 devices'));
    await user.click(networkButton());
    await screen.findByTestId('network-panel');
    expect(within(panel()).getByText(/No device has joined yet/)).toBeTruthy();

    const now = Date.now();
    act(() => {
      network.put({ ...JUDGE_ANA, joinedAt: new Date(now - 20.5 * MINUTE).toISOString(), lastSeen: new Date(now).toISOString(), connected: true });
      network.put({ ...DESK_2, joinedAt: new Date(now - 60 * MINUTE).toISOString(), lastSeen: new Date(now - 5.5 * MINUTE).toISOString(), connected: false });
    });
    const list = await within(panel()).findByTestId('network-devices');
    const ana = list.querySelector('[data-device="dev-ana"]') as HTMLElement;
    const desk = list.querySelector('[data-device="dev-desk2"]') as HTMLElement;
    expect(ana.textContent).toContain('Judge Ana');
    expect(within(ana).getAllByRole('cell')[1]?.textContent).toBe('judge');
    expect(within(ana).getAllByRole('cell')[2]?.textContent?.trim()).toBe('Connected');
    expect(within(desk).getAllByRole('cell')[1]?.textContent).toBe('second station');
    expect(within(desk).getAllByRole('cell')[2]?.textContent).toBe('Not connected · last seen 5 minutes ago');
    expect(within(ana).getAllByRole('cell')[3]?.textContent).toBe('20 minutes ago');
    // Connected first.
    expect([...list.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-device'))).toEqual(['dev-ana', 'dev-desk2']);
    expect(networkButton().textContent).toBe('Venue network on · 1 device');

    // Revoke asks once; cancelling keeps the device.
    await user.click(within(ana).getByRole('button', { name: 'Revoke Judge Ana (judge)' }));
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('is cut off at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(network.revoked).toEqual([]);
    expect(screen.getByTestId('network-panel')).toBeTruthy();

    await user.click(within(ana).getByRole('button', { name: 'Revoke Judge Ana (judge)' }));
    await user.click(within(screen.getByTestId('confirm-dialog')).getByTestId('confirm'));
    await waitFor(() => expect(list.querySelector('[data-device="dev-ana"]')).toBeNull());
    expect(network.revoked).toEqual(['dev-ana']);
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(networkButton().textContent).toBe('Venue network on · 0 devices');
  });

  it('asks before turning the network off under connected devices, and says in words why it could not be turned on', async () => {
    const user = userEvent.setup();
    network.on = true;
    network.put({ ...JUDGE_ANA, joinedAt: new Date().toISOString(), lastSeen: new Date().toISOString(), connected: true });
    render(<App connection={connect()} view="station" />);
    await waitFor(() => expect(networkButton().textContent).toBe('Venue network on · 1 device'));
    await user.click(networkButton());
    await waitFor(() => expect((networkSwitch() as HTMLButtonElement).disabled).toBe(false));
    await user.click(networkSwitch());
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Judge Ana');
    expect(dialog.textContent).toContain('loses its connection until the network is on again');
    await user.click(within(dialog).getByTestId('confirm'));
    await waitFor(() => expect(networkSwitch().getAttribute('aria-checked')).toBe('false'));
    expect(network.on).toBe(false);
    expect(networkButton().textContent).toBe('Venue network');

    network.problemOnTurningOn = 'no LAN address: this computer is on no network (connect it to the venue’s Wi-Fi or cable)';
    await user.click(networkSwitch());
    expect((await screen.findByTestId('network-problem')).textContent).toBe(
      'The venue network could not be turned on: no LAN address: this computer is on no network (connect it to the venue’s Wi-Fi or cable).',
    );
    expect(networkSwitch().getAttribute('aria-checked')).toBe('false');
  });

  it('opens with Alt+N and closes with Esc; the shortcut is in the help', async () => {
    render(<App connection={connect()} view="station" />);
    await waitFor(() => expect(useCaller.getState().caller).toEqual({ kind: 'local' }));
    fireEvent.keyDown(window, { key: 'n', code: 'KeyN', altKey: true });
    await screen.findByTestId('network-panel');
    await waitFor(() => expect(document.activeElement).toBe(networkSwitch()));
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('network-panel')).toBeNull());
    // macOS types "˜" with Alt+N: the key's place still opens it.
    fireEvent.keyDown(window, { key: '˜', code: 'KeyN', altKey: true });
    await screen.findByTestId('network-panel');
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.keyDown(window, { key: '?' });
    expect(screen.getByRole('dialog', { name: 'Help' }).textContent).toContain('Alt+N');
  });
});

describe('devices', () => {
  it('a second station: says which device it is, and has no venue network, no New/Open, no Close event', async () => {
    const caller = device(DESK_2);
    const { rerender } = render(<App connection={connect(caller)} view="station" />);
    expect(await screen.findByTestId('no-event-on-device')).toBeTruthy();
    expect(screen.getByTestId('device-badge').textContent).toBe('\u2068Desk 2\u2069 (second station)');
    expect(screen.queryByTestId('network-button')).toBeNull();
    expect(screen.queryByRole('heading', { name: /new event/i })).toBeNull();
    expect(screen.queryByTestId('open-path')).toBeNull();
    // Alt+N does nothing on a device.
    fireEvent.keyDown(window, { key: 'n', code: 'KeyN', altKey: true });
    expect(screen.queryByTestId('network-panel')).toBeNull();

    // The head-judge station opens an event: the second desk shows it, without Close event.
    await service.createEvent({ name: 'Friday Modern', ruleset: 'mtr', settings: {} });
    await waitFor(() => expect(screen.getByTestId('round').textContent).toBe('Registration'));
    rerender(<App connection={connect(caller)} view="station" />);
    expect(await screen.findByRole('button', { name: /Import CSV/ })).toBeTruthy();
    expect(screen.queryByTestId('close-event')).toBeNull();
  });

  it('a second station says it is offline, and that nothing entered is saved, until the connection is back', async () => {
    await service.createEvent({ name: 'Friday Modern', ruleset: 'mtr', settings: {} });
    const connection = connect(device(DESK_2));
    render(<App connection={connection} view="station" />);
    await screen.findByTestId('device-badge');
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    act(() => connection.setStatus('disconnected'));
    expect((await screen.findByTestId('offline-banner')).textContent).toBe(OFFLINE_WORDS);
    act(() => connection.setStatus('connecting'));
    expect(screen.getByTestId('offline-banner').textContent).toBe(OFFLINE_WORDS);
    act(() => connection.setStatus('connected'));
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
  });

  it('a device whose token the host refuses is told the scorekeeper removed it, and offered the join page', async () => {
    const connection = connect(device(JUDGE_ANA), 'refused');
    render(<App connection={connection} view="station" />);
    const page = await screen.findByTestId('device-removed');
    expect(within(page).getByRole('heading').textContent).toBe(REMOVED_WORDS);
    expect(page.textContent).toContain('“Judge Ana” (judge) can no longer reach the event');
    expect(within(page).getByRole('link', { name: 'Join again' }).getAttribute('href')).toBe('/join');
  });

  it('a device removed mid-session: the connection refused after it worked shows the same page', async () => {
    await service.createEvent({ name: 'Friday Modern', ruleset: 'mtr', settings: {} });
    const connection = connect(device(DESK_2));
    render(<App connection={connection} view="station" />);
    await screen.findByTestId('device-badge');
    act(() => connection.setStatus('disconnected'));
    act(() => connection.setStatus('refused'));
    expect((await screen.findByTestId('device-removed')).textContent).toContain(REMOVED_WORDS);
  });

  it('a display device draws the projector', async () => {
    await service.createEvent({ name: 'Friday Modern', ruleset: 'mtr', settings: {} });
    render(<App connection={connect(device({ id: 'dev-hall', name: 'Hall screen', role: 'display' }))} view="station" />);
    expect(await screen.findByTestId('projector')).toBeTruthy();
    expect(document.querySelector('header.topbar')).toBeNull();
  });
});

describe('the event log names the device behind each entry', () => {
  it('"Desk 2 (second station)", "Judge Ana (judge)", and the station itself for its own entries', async () => {
    await service.createEvent({ name: 'Friday Modern', ruleset: 'mtr', settings: {} });
    const desk = connect(device(DESK_2)).api;
    const judge = connect(device(JUDGE_ANA)).api;
    const registered = (await desk.dispatch({ command: { type: 'register-player', player: { id: 'p01', name: 'Ana Archer' }, draw: 1 } })).seq;
    await service.dispatch({ command: { type: 'register-player', player: { id: 'p02', name: 'Bo Berg' }, draw: 2 } });
    const paired = (
      await service.dispatch({ command: { type: 'pair-round', round: 1, stage: 'swiss', seed: 1, byes: [], tables: [{ table: 1, seats: ['p01', 'p02'] }] } })
    ).seq;
    const result = (await judge.dispatch({ command: { type: 'record-result', round: 1, table: 1, result: { games: [2, 1, 0] } } })).seq;

    useStation.setState({ screen: 'log' });
    render(<App connection={connect()} view="station" />);
    const row = async (seq: number): Promise<HTMLElement> => {
      await waitFor(() => expect(screen.getByTestId('log-scroll').querySelector(`[data-seq="${seq}"]`)).not.toBeNull());
      return screen.getByTestId('log-scroll').querySelector(`[data-seq="${seq}"]`) as HTMLElement;
    };
    const who = async (seq: number): Promise<string> => within(await row(seq)).getByTestId('log-who').textContent ?? '';
    expect(await who(registered)).toBe('Desk 2 (second station)');
    expect(await who(result)).toBe('Judge Ana (judge)');
    expect(await who(paired)).toBe('Head-judge station'); // never the computer's name ('head-desk')
    // Searchable by the device.
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search the event log' }), 'judge ana');
    await waitFor(() => expect([...screen.getByTestId('log-scroll').querySelectorAll('[data-seq]')].map((r) => r.getAttribute('data-seq'))).toEqual([String(result)]));
  });
});
