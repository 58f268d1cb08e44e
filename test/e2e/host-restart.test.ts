/**
 * "the hall screen stays trustworthy", end to end: a real browser-mode host in its own
 * process (restart-host-child.ts), the station and the projector in Debian's Chromium.
 *
 * Mid-round the host is killed with SIGKILL (a crash, not a clean stop). The projector keeps counting
 * down from the last time call and shows a small "Connection lost" mark; the station's top bar says
 * so. The host is started again on the same port and station folder, as `npm run start:web` is:
 * it keeps its station key (the station folder's `station-key`), reopens the event that was open,
 * and both pages — opened once with the address it first printed — reconnect by themselves to the
 * same event, with no new address to find in a terminal; they show the host's clock
 * (the host's time is the truth), and every acknowledged result — typed at the station or sent over
 * the API just before the kill — is there.
 *
 * Real time throughout (the host runs in another process): the test waits on what the pages show,
 * never on the clock. Screenshots go to test/e2e/screenshots/host-restart-*.png.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationApi } from '../../core/api/contract.js';
import { clockView, type ClockView } from '../../core/clock/index.js';
import { readLastOpen } from '../../electron/host/last-open.js';
import { connectWebSocket, type WebSocketChannel, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { clockFace } from '../../renderer/screens/clock/display.js';
import { chromiumAvailable, e2eRenderer, eventually, launchChromium, SHOTS, warnIfSkipped } from '../support/e2e.js';
import { repoRoot } from '../support/paths.js';
import { FollowedSnapshot } from '../support/followed-snapshot.js';
import { Scorekeeper } from '../support/scorekeeper.js';

warnIfSkipped('host restart');

const NAMES = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'María de la Cruz', 'Hana Novak', 'Ivan Petrov', 'Jae-won Kim'];
const EVENT = 'Hall Restart Open';

/** A host process: its port, and how it ends. */
interface HostProcess {
  child: ChildProcess;
  port: number;
  out: () => string;
  exited: Promise<void>;
}

/** The API as a second station would reach it: the real WebSocket client, with this launch's key. */
interface ApiClient {
  api: StationApi;
  channel: WebSocketChannel;
  /** The latest clock the host pushed. */
  clock(): ClockView | null;
}

/** "49:58" → seconds (for "counts down"); NaN for anything else. */
function seconds(text: string | null): number {
  const match = /^(\d+):(\d\d)$/.exec(text ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

describe.skipIf(!chromiumAvailable)('the hall screen across a host crash and restart', () => {
  let dir: string;
  let dataDir: string;
  let rendererDir: string;
  let cleanupRenderer: () => Promise<void> = async () => undefined;
  let browser: Browser;
  /** The station key the host made at its first start and keeps in the station folder. */
  let key = '';
  const hosts = new Set<ChildProcess>();
  const clients: ApiClient[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-host-restart-'));
    dataDir = path.join(dir, 'station');
    await mkdir(SHOTS, { recursive: true });
    const renderer = await e2eRenderer();
    rendererDir = renderer.dir;
    cleanupRenderer = renderer.cleanup;
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const client of clients) client.channel.close();
    for (const child of hosts) child.kill('SIGKILL');
    await browser?.close();
    await cleanupRenderer();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Start the host in its own process on `port` (0: any free one), with the key it keeps. */
  async function startHost(port: number): Promise<HostProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'test/host/restart-host-child.ts'), dataDir, rendererDir, String(port)], {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    hosts.add(child);
    let out = '';
    let err = '';
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const started = await new Promise<number>((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`the host did not start in 60 s: ${out} ${err}`)), 60_000);
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        const found = /open http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
        if (found) {
          clearTimeout(guard);
          resolve(Number(found[1]));
        }
      });
      void exited.then(() => {
        clearTimeout(guard);
        reject(new Error(`the host exited before it was ready: ${out} ${err}`));
      });
    });
    if (port !== 0) expect(started, 'the restarted host must get the same port back').toBe(port);
    return { child, port: started, out: () => out, exited };
  }

  async function connectApi(port: number): Promise<ApiClient> {
    const create = (u: string): WebSocketLike => new WebSocket(u) as unknown as WebSocketLike;
    const { api, channel } = connectWebSocket(`ws://127.0.0.1:${port}/rpc?key=${encodeURIComponent(key)}`, { create, reconnect: false });
    await channel.ready;
    // What a window draws: its copy of the event (folded from the pushes) at the last tick's second.
    let last: ClockView | null = null;
    const window = new FollowedSnapshot();
    api.subscribe((push) => {
      window.hear(push);
      const state = window.current?.state;
      if (push.type === 'clock' && state) last = clockView(state, push.now);
    });
    window.hear({ type: 'state', snapshot: await api.snapshot() });
    const client = { api, channel, clock: () => last };
    clients.push(client);
    return client;
  }

  async function open(port: number, urlPath: string, viewport: { width: number; height: number }): Promise<Page> {
    const page = await browser.newPage({ viewport });
    page.on('console', (message) => {
      // While the host is down the browser reports each failed reconnect attempt; anything else is a problem.
      if ((message.type() === 'error' || message.type() === 'warning') && !/WebSocket|ERR_CONNECTION_REFUSED/.test(message.text()))
        problems.push(`${urlPath}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${urlPath}: ${error.message}`));
    // The address the host prints: it carries the station key (the page keeps it and takes it out of the bar).
    await page.goto(`http://127.0.0.1:${port}${urlPath}?key=${encodeURIComponent(key)}`);
    return page;
  }

  it('keeps counting with a "Connection lost" mark while the host is dead, and both pages come back to the same event and clock', async () => {
    // ---- A round under way -------------------------------------------------------------------------
    const first = await startHost(0);
    const port = first.port;
    // The key it made is kept in the station folder, readable by this user only.
    const keyFile = path.join(dataDir, 'station-key');
    key = (await readFile(keyFile, 'utf8')).trim();
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(first.out()).toContain(`?key=${key}`);
    if (process.platform !== 'win32') expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const host = await connectApi(port);
    const created = await host.api.createEvent({ name: EVENT, ruleset: 'mtr', settings: { rel: 'competitive' }, seed: 4 });
    const file = created.summary?.path as string;
    for (const [i, name] of NAMES.entries()) await host.api.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i } });
    const proposal = await host.api.query({ kind: 'propose-pairing', seed: 9 });
    if (proposal.kind !== 'propose-pairing') throw new Error('wrong answer kind');
    await host.api.dispatch({
      command: { type: 'pair-round', round: 1, stage: 'swiss', tables: proposal.proposal.tables.map((t) => ({ table: t.table, seats: t.seats })), byes: proposal.proposal.byes, seed: 9 },
    });
    await host.api.dispatch({ command: { type: 'start-round-clock', round: 1, at: 0 } });
    // The host noted the open event in the station folder (durably, just after it became the open one).
    await eventually(async () => (await readLastOpen(dataDir))?.path).toBe(file);

    const station = await open(port, '/', { width: 1366, height: 768 });
    const projector = await open(port, '/projector', { width: 1920, height: 1080 });
    const sk = new Scorekeeper(station, 'host-restart-station');
    const badge = station.getByTestId('connection');
    await eventually(() => badge.textContent()).toBe('Connected');
    await projector.getByRole('heading', { name: EVENT }).waitFor();
    const projectorTime = projector.getByTestId('projector-time');
    const stationClock = station.getByTestId('station-clock');
    const lostMark = projector.getByTestId('projector-connection-lost');
    await eventually(async () => seconds(await projectorTime.textContent())).toBeLessThan(50 * 60);
    expect(await lostMark.count()).toBe(0);

    // Two results typed at the station (acknowledged: the table leaves the outstanding list), one
    // more from another station over the API just before the crash.
    await sk.tab('Results');
    const outstanding = await sk.outstanding();
    expect(outstanding).toHaveLength(5);
    const [typedA, typedB, fromApi] = outstanding as [number, number, number];
    await sk.enterResult(typedA, '2-0');
    await sk.enterResult(typedB, '2-1');
    const ack = await host.api.dispatch({ command: { type: 'record-result', round: 1, table: fromApi, result: { games: [1, 2, 0] } } });
    const acknowledged = [typedA, typedB, fromApi].sort((a, b) => a - b);
    await eventually(() => projector.getByTestId('round').textContent()).toBe('Round 1 — 2 tables outstanding');
    await eventually(() => sk.outstanding()).toHaveLength(2);
    // Both pages draw the host's clock: the same second as the host's last push.
    await eventually(async () => (await projectorTime.textContent()) === clockFace(host.clock() as ClockView).digits).toBe(true);
    await eventually(async () => (await stationClock.textContent()) === (await projectorTime.textContent())).toBe(true);
    await projector.screenshot({ path: path.join(SHOTS, 'host-restart-1-projector-before.png') });

    // ---- The host dies mid-round ------------------------------------------------------------------
    first.child.kill('SIGKILL');
    await first.exited;
    host.channel.close();

    await lostMark.waitFor({ timeout: 15_000 });
    expect(await lostMark.textContent()).toBe('Connection lost');
    await eventually(() => badge.textContent()).toBe('Connection lost — reconnecting…');
    // The projector counts down by itself: each second shown is below the one before.
    const whenLost = seconds(await projectorTime.textContent());
    expect(whenLost).toBeGreaterThan(0);
    await eventually(async () => seconds(await projectorTime.textContent())).toBeLessThan(whenLost);
    const later = seconds(await projectorTime.textContent());
    await eventually(async () => seconds(await projectorTime.textContent())).toBeLessThan(later);
    // So does the station's top bar, and the event stays on both screens meanwhile.
    await eventually(async () => seconds(await stationClock.textContent())).toBeLessThan(whenLost);
    expect(await projector.getByTestId('round').textContent()).toBe('Round 1 — 2 tables outstanding');
    expect(await station.getByRole('heading', { name: EVENT, level: 1 }).count()).toBe(1);
    // Still disconnected when the pictures are taken (the host is not back yet).
    expect(await lostMark.count()).toBe(1);
    await projector.screenshot({ path: path.join(SHOTS, 'host-restart-2-projector-connection-lost.png') });
    await station.screenshot({ path: path.join(SHOTS, 'host-restart-2-station-connection-lost.png') });

    // ---- The host is started again: same port and station folder; it keeps its key ----------------
    const second = await startHost(port);
    expect((await readFile(keyFile, 'utf8')).trim()).toBe(key);
    expect(second.out()).toContain(`?key=${key}`);
    expect(second.out()).toContain(`Reopened the event that was open: ${EVENT} (${file})`);
    const back = await connectApi(port);

    await lostMark.waitFor({ state: 'detached', timeout: 30_000 });
    await eventually(() => badge.textContent()).toBe('Connected');
    await projector.getByRole('heading', { name: EVENT }).waitFor();
    expect(await projector.getByTestId('round').textContent()).toBe('Round 1 — 2 tables outstanding');
    // The host's time is the truth: both pages show the second the restarted host pushes.
    await eventually(async () => back.clock() !== null && (await projectorTime.textContent()) === clockFace(back.clock() as ClockView).digits).toBe(true);
    await eventually(async () => (await stationClock.textContent()) === (await projectorTime.textContent())).toBe(true);
    expect(back.clock()?.status).toBe('running');

    // Nothing acknowledged was lost, and the save is writable again (the dead host's lock died with it).
    const snapshot = await back.api.snapshot();
    expect(snapshot.summary?.path).toBe(file);
    expect(snapshot.summary?.readOnly).toBe(false);
    expect(snapshot.lastSeq).toBeGreaterThanOrEqual(ack.seq);
    const round = snapshot.state?.rounds[0];
    expect(round?.tables.filter((t) => t.result !== undefined).map((t) => t.table)).toEqual(acknowledged);
    await eventually(() => sk.outstanding()).toEqual(outstanding.filter((t) => !acknowledged.includes(t)));
    // The station goes on entering results against the restarted host.
    await sk.enterResult((outstanding.filter((t) => !acknowledged.includes(t)) as [number])[0], '2-0');
    await eventually(() => projector.getByTestId('round').textContent()).toBe('Round 1 — 1 table outstanding');
    await projector.screenshot({ path: path.join(SHOTS, 'host-restart-3-projector-after.png') });
    await station.screenshot({ path: path.join(SHOTS, 'host-restart-3-station-after.png') });

    back.channel.close();
    second.child.stdin?.end();
    await second.exited;
    expect(problems).toEqual([]);
  }, 240_000);
});
