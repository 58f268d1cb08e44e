/**
 * The StationApi contract, tested once and run against every transport (ARCHITECTURE "One
 * contract, many hosts"): the in-memory RPC pair, the real WebSocket server of browser mode, and
 * Electron IPC emulated with the same adapter code the shell and the preload use
 * (electron/host/ipc-channel.ts, electron/preload-bridge.ts). Always with the
 * real station service and the real event store, in a temp folder.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { StationApi, StationPush, StationSnapshot } from '../../core/api/contract.js';
import type { ClockView } from '../../core/clock/index.js';
import { createMemoryChannelPair, createRpcClient, serveRpc, StationError, type RpcChannel, type RpcMessage } from '../../core/api/rpc.js';
import { publishCommand, type Command } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import { createHostServices } from '../../electron/host/host.js';
import { createIpcMainChannel, IPC_RPC_CHANNEL, type FrameLike, type IpcMainEventLike, type IpcMainLike, type WebContentsLike } from '../../electron/host/ipc-channel.js';
import { createPodiumBridge, type IpcRendererLike } from '../../electron/preload-bridge.js';
import type { StationService } from '../../electron/host/station-service.js';
import { startWebServer } from '../../electron/host/web-server.js';
import { connectIpc } from '../../renderer/api/ipc-client.js';
import { connectWebSocket, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { followedSnapshot } from '../support/followed-snapshot.js';
import { until } from '../support/until.js';

/** One transport under test: a station and a projector client, and a raw channel for bad requests. */
interface Harness {
  station: StationApi;
  projector: StationApi;
  /** The station client's channel, for requests a typed client cannot make. */
  raw: RpcChannel;
  service: StationService;
  dataDir: string;
  close(): Promise<void>;
}

type Transport = (service: StationService) => Promise<Omit<Harness, 'service' | 'dataDir'>>;

// ---------------------------------------------------------------------------------------------
// The transports

const memoryTransport: Transport = async (service) => {
  const stops: (() => void)[] = [];
  const client = (): { api: StationApi; channel: RpcChannel } => {
    const [host, renderer] = createMemoryChannelPair();
    stops.push(serveRpc(service, host));
    return { api: createRpcClient(renderer), channel: renderer };
  };
  const station = client();
  const projector = client();
  return {
    station: station.api,
    projector: projector.api,
    raw: station.channel,
    close: async () => stops.forEach((stop) => stop()),
  };
};

const webSocketTransport: Transport = async (service) => {
  const rendererDir = await mkdtemp(path.join(os.tmpdir(), 'podium-renderer-'));
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Podium</title>');
  const server = await startWebServer({ api: service, rendererDir, port: 0 });
  const url = `ws://127.0.0.1:${server.port}/rpc?key=${encodeURIComponent(server.key)}`;
  const create = (u: string): WebSocketLike => new WebSocket(u) as unknown as WebSocketLike;
  const station = connectWebSocket(url, { create, reconnect: false });
  const projector = connectWebSocket(url, { create, reconnect: false });
  await Promise.all([station.channel.ready, projector.channel.ready]);
  return {
    station: station.api,
    projector: projector.api,
    raw: station.channel,
    async close() {
      station.channel.close();
      projector.channel.close();
      await server.close();
      await rm(rendererDir, { recursive: true, force: true });
    },
  };
};

/** ipcMain / ipcRenderer / webContents stand-ins that structured-clone every message, as Electron does. */
class FakeIpcMain implements IpcMainLike {
  private listeners = new Map<string, Set<(event: IpcMainEventLike, ...args: unknown[]) => void>>();
  on(channel: string, listener: (event: IpcMainEventLike, ...args: unknown[]) => void): this {
    if (!this.listeners.has(channel)) this.listeners.set(channel, new Set());
    this.listeners.get(channel)?.add(listener);
    return this;
  }
  removeListener(channel: string, listener: (event: IpcMainEventLike, ...args: unknown[]) => void): this {
    this.listeners.get(channel)?.delete(listener);
    return this;
  }
  emit(channel: string, event: IpcMainEventLike, message: unknown): void {
    for (const listener of [...(this.listeners.get(channel) ?? [])]) listener(event, message);
  }
  count(channel: string): number {
    return this.listeners.get(channel)?.size ?? 0;
  }
}

let nextContentsId = 1;

/** One window: its webContents (main side) and the ipcRenderer of its page. */
function fakeWindow(ipcMain: FakeIpcMain, frame: FrameLike = { url: 'podium://station/', parent: null }) {
  const rendererListeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  let destroyed = false;
  const webContents: WebContentsLike = {
    id: nextContentsId++,
    send(channel, message) {
      const copy = structuredClone(message);
      setImmediate(() => {
        for (const listener of [...(rendererListeners.get(channel) ?? [])]) listener({}, copy);
      });
    },
    isDestroyed: () => destroyed,
  };
  const state = { frame };
  const ipcRenderer: IpcRendererLike = {
    send(channel, message) {
      const copy = structuredClone(message);
      setImmediate(() => ipcMain.emit(channel, { sender: webContents, senderFrame: state.frame }, copy));
    },
    on(channel, listener) {
      if (!rendererListeners.has(channel)) rendererListeners.set(channel, new Set());
      rendererListeners.get(channel)?.add(listener);
    },
    removeListener(channel, listener) {
      rendererListeners.get(channel)?.delete(listener);
    },
  };
  return { webContents, ipcRenderer, state, destroy: () => (destroyed = true) };
}

const isAppUrl = (url: string): boolean => url.startsWith('podium://station/');

const ipcTransport: Transport = async (service) => {
  const ipcMain = new FakeIpcMain();
  const stops: (() => void)[] = [];
  const open = () => {
    const win = fakeWindow(ipcMain);
    // Exactly what main.ts does for each window, and what preload.ts exposes.
    const channel = createIpcMainChannel({ ipcMain, webContents: win.webContents, isTrustedUrl: isAppUrl });
    const stop = serveRpc(service, channel);
    stops.push(() => {
      stop();
      channel.dispose();
      win.destroy();
    });
    const bridge = createPodiumBridge(win.ipcRenderer);
    return { api: connectIpc(bridge), channel: { send: (m: RpcMessage) => bridge.send(m), onMessage: bridge.onMessage } };
  };
  const station = open();
  const projector = open();
  return { station: station.api, projector: projector.api, raw: station.channel, close: async () => stops.forEach((stop) => stop()) };
};

// ---------------------------------------------------------------------------------------------
// Helpers

async function withService(transport: Transport): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-contract-'));
  const service = createHostServices({ dataDir, station: 'contract-test' });
  const harness = await transport(service);
  return {
    ...harness,
    service,
    dataDir,
    async close() {
      await harness.close();
      await service.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request a typed client cannot make; resolves with the response message. */
function rawRequest(channel: RpcChannel, method: string, params: unknown): Promise<Extract<RpcMessage, { kind: 'response' }>> {
  const id = 900_000 + Math.floor(Math.random() * 99_999);
  return new Promise((resolve) => {
    const stop = channel.onMessage((message) => {
      const m = message as RpcMessage;
      if (m.kind === 'response' && m.id === id) {
        stop();
        resolve(m);
      }
    });
    channel.send({ kind: 'request', id, method, params });
  });
}

async function rejection(promise: Promise<unknown>): Promise<StationError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StationError);
    return error as StationError;
  }
  throw new Error('expected the call to be refused');
}


const NAMES = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato'];

async function registerAll(api: StationApi): Promise<number[]> {
  const seqs: number[] = [];
  for (const [i, name] of NAMES.entries()) {
    const ack = await api.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name }, draw: 100 + i } });
    seqs.push(ack.seq);
  }
  return seqs;
}

// ---------------------------------------------------------------------------------------------
// The contract

function contractSuite(name: string, transport: Transport): void {
  describe(`StationApi over ${name}`, () => {
    let h: Harness;
    let projectorPushes: StationPush[];
    beforeEach(async () => {
      h = await withService(transport);
      projectorPushes = [];
      h.projector.subscribe((push) => projectorPushes.push(push));
    });
    afterEach(async () => {
      await h.close();
    });

    const lastProjectorState = (): StationSnapshot | undefined => followedSnapshot(projectorPushes);

    it('starts with no event open', async () => {
      const snapshot = await h.station.snapshot();
      expect(snapshot).toEqual({ summary: null, state: null, lastSeq: -1, notices: [] });
    });

    it('runs an event: create, register, pair from a proposal, results, standings, undo, journal', async () => {
      const created = await h.station.createEvent({ name: 'Contract Open', ruleset: 'mtr', settings: { gamesToWin: 2 }, seed: 11 });
      expect(created.summary).toMatchObject({ name: 'Contract Open', ruleset: 'mtr', readOnly: false, entries: 1 });
      expect(created.summary?.path).toMatch(/contract-open-[0-9a-f]+\.podium$/);
      expect(path.dirname(created.summary?.path ?? '')).toBe(path.join(h.dataDir, 'events'));
      expect(existsSync(created.summary?.path ?? '')).toBe(true);
      expect(created.state?.seed).toBe(11);
      expect(created.lastSeq).toBe(0);

      const seqs = await registerAll(h.station);
      expect(seqs).toEqual([1, 2, 3, 4, 5, 6]);

      // The projector heard every change.
      await until(() => lastProjectorState()?.lastSeq === 6, 'the projector to see the registrations');
      expect(lastProjectorState()?.state?.players.map((p) => p.name)).toEqual(NAMES);

      const proposed = await h.station.query({ kind: 'propose-pairing', seed: 7 });
      if (proposed.kind !== 'propose-pairing') throw new Error('wrong answer kind');
      const { proposal } = proposed;
      expect(proposal.tables).toHaveLength(3);
      expect(proposal.seed).toBe(7);
      const again = await h.station.query({ kind: 'propose-pairing', seed: 7 });
      expect(again).toEqual(proposed); // same seed, same proposal
      const unseeded = await h.station.query({ kind: 'propose-pairing' });
      if (unseeded.kind !== 'propose-pairing') throw new Error('wrong answer kind');
      expect(Number.isInteger(unseeded.proposal.seed)).toBe(true);

      const tables = proposal.tables.map((t) => ({ table: t.table, seats: t.seats }));
      const pair: Command = { type: 'pair-round', round: 1, stage: 'swiss', tables, byes: proposal.byes, seed: proposal.seed };
      const paired = await h.station.dispatch({ command: pair });
      expect(paired.seq).toBe(7);

      let last = paired.seq;
      for (const table of proposal.tables) {
        const ack = await h.station.dispatch({ command: { type: 'record-result', round: 1, table: table.table, result: { games: [2, 1, 0] } } });
        last = ack.seq;
      }
      expect(last).toBe(10);

      const standings = await h.station.query({ kind: 'standings' });
      if (standings.kind !== 'standings') throw new Error('wrong answer kind');
      expect(standings.standings).toHaveLength(6);
      expect(standings.standings.filter((s) => s.points === 3)).toHaveLength(3);
      const winners = new Set(proposal.tables.map((t) => t.seats[0]));
      expect(new Set(standings.standings.filter((s) => s.points === 3).map((s) => s.id))).toEqual(winners);

      // Undo the last result: the table is open again, and the journal says who undid what.
      const undone = await h.station.undo({ seq: last, reason: 'entered on the wrong table' });
      expect(undone.seq).toBe(11);
      const snapshot = await h.station.snapshot();
      const lastTable = proposal.tables.at(-1)?.table;
      expect(snapshot.state?.rounds[0]?.tables.find((t) => t.table === lastTable)?.result).toBeUndefined();
      expect(snapshot.lastSeq).toBe(11);
      await until(() => lastProjectorState()?.lastSeq === 11, 'the projector to see the undo');

      const journal = await h.station.query({ kind: 'journal' });
      if (journal.kind !== 'journal') throw new Error('wrong answer kind');
      expect(journal.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(journal.entries[10]).toMatchObject({ seq: 10, undoneBy: 11, station: 'contract-test' });
      expect(journal.entries[11]?.command).toEqual({ type: 'undo', target: 10, reason: 'entered on the wrong table' });
      expect(journal.entries.filter((e) => e.undoneBy !== undefined)).toHaveLength(1);
      const tail = await h.station.query({ kind: 'journal', from: 10 });
      if (tail.kind !== 'journal') throw new Error('wrong answer kind');
      expect(tail.entries.map((e) => e.seq)).toEqual([10, 11]);

      // Undoing the undo redoes; undoing the same entry twice is refused in words.
      await expect(rejection(h.station.undo({ seq: 10 }))).resolves.toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/already undone/) });
      await h.station.undo({ seq: 11 });
      const redone = await h.station.snapshot();
      expect(redone.state?.rounds[0]?.tables.every((t) => t.result !== undefined)).toBe(true);
    });

    it('refuses what the rules forbid, in words, and writes nothing', async () => {
      await h.station.createEvent({ name: 'Rules Cup', ruleset: 'mtr', settings: {} });
      await registerAll(h.station);
      const before = await h.station.snapshot();
      const duplicate = await rejection(
        h.station.dispatch({ command: { type: 'register-player', player: { id: 'p1', name: 'Someone Else' }, draw: 1 } }),
      );
      expect(duplicate.code).toBe('duplicate-player');
      expect(duplicate.message).toMatch(/already used by Ana Archer/);
      const wrongRound = await rejection(h.station.dispatch({ command: { type: 'pair-round', round: 2, stage: 'swiss', tables: [], byes: [], seed: 1 } }));
      expect(wrongRound.code).toBe('invalid-command');
      expect(wrongRound.message).toMatch(/next round to pair is round 1/);
      const created = await rejection(
        h.station.dispatch({ command: { type: 'create-event', id: 'x', name: 'X', ruleset: 'mtr', settings: {}, seed: 1, createdAt: 'now' } }),
      );
      expect(created.code).toBe('not-allowed');
      const createUndo = await rejection(h.station.undo({ seq: 0 }));
      expect(createUndo.message).toMatch(/creating the event cannot be undone/);
      const missing = await rejection(h.station.undo({ seq: 99 }));
      expect(missing.message).toMatch(/no journal entry 99/);
      const after = await h.station.snapshot();
      expect(after.lastSeq).toBe(before.lastSeq);
    });

    it('rejects invalid payloads with a readable message', async () => {
      const unknown = await rawRequest(h.raw, 'formatDisk', {});
      expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid-request', message: 'unknown method "formatDisk"' } });
      const subscribe = await rawRequest(h.raw, 'subscribe', {});
      expect(subscribe).toMatchObject({ ok: false, error: { code: 'invalid-request' } });

      const badParams = await rejection(h.station.openEvent({ path: 42 } as never));
      expect(badParams.code).toBe('invalid-request');
      expect(badParams.message).toMatch(/^openEvent: invalid request at path: /);
      await expect(h.station.closeEvent()).resolves.toBeNull(); // closing with nothing open is fine
      const strict = await rawRequest(h.raw, 'saveAs', { path: 'x.podium', replace: true });
      expect(strict).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringMatching(/^saveAs: invalid request/) } });
      const badQuery = await rejection(h.station.query({ kind: 'propose-playoff', top: 1 }));
      expect(badQuery.message).toMatch(/^query: invalid request at top/);

      await h.station.createEvent({ name: 'Payload Test', ruleset: 'mtr', settings: {} });
      const badCommand = await rejection(h.station.dispatch({ command: { type: 'shuffle-everyone' } as never }));
      expect(badCommand.code).toBe('invalid-request');
      expect(badCommand.message).toMatch(/^dispatch: invalid request at command\.type/);
      const noName = await rejection(
        h.station.dispatch({ command: { type: 'register-player', player: { id: 'p1', name: '  ' }, draw: 1 } }),
      );
      expect(noName.message).toMatch(/command\.player\.name: a name is required/);
      const badSettings = await rejection(h.station.createEvent({ name: 'X', ruleset: 'mtr', settings: { gamesToWin: 9 } }));
      expect(badSettings.message).toMatch(/^createEvent: invalid request at settings\.gamesToWin/);
      const notPodium = await rejection(h.station.openEvent({ path: '/etc/passwd' }));
      expect(notPodium).toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/\.podium file/) });
      expect((await h.station.snapshot()).lastSeq).toBe(0);
    });

    it('needs an open event for event work', async () => {
      const dispatch = await rejection(h.station.dispatch({ command: { type: 'drop-player', id: 'p1' } }));
      expect(dispatch).toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/no event is open/) });
      await expect(rejection(h.station.query({ kind: 'standings' }))).resolves.toMatchObject({ code: 'not-allowed' });
      await expect(rejection(h.station.saveAs({ path: 'copy.podium' }))).resolves.toMatchObject({ code: 'not-allowed' });
    });

    it('closes, reopens, copies, and lists recent events', async () => {
      const created = await h.station.createEvent({ name: 'Reopen Regional', ruleset: 'mtr', settings: {} });
      await registerAll(h.station);
      const file = created.summary?.path as string;

      const copy = path.join(h.dataDir, 'events', 'copies', 'regional-copy.podium');
      await h.station.saveAs({ path: copy });
      expect(existsSync(copy)).toBe(true);
      expect((await h.station.snapshot()).summary?.path).toBe(file); // a copy: the event stays where it is

      await h.station.closeEvent();
      expect((await h.station.snapshot()).summary).toBeNull();
      await until(() => lastProjectorState()?.summary === null, 'the projector to see the close');

      const reopened = await h.station.openEvent({ path: file });
      expect(reopened.summary).toMatchObject({ name: 'Reopen Regional', path: file, entries: 7 });
      expect(reopened.state?.players).toHaveLength(6);

      const opened = await h.station.openEvent({ path: copy });
      expect(opened.summary).toMatchObject({ path: copy, entries: 7 });

      const recent = await h.station.query({ kind: 'recent-events' });
      if (recent.kind !== 'recent-events') throw new Error('wrong answer kind');
      expect(recent.events.map((e) => e.path)).toEqual([copy, file]);
      expect(recent.events[0]?.name).toBe('Reopen Regional');

      const missing = await rejection(h.station.openEvent({ path: path.join(h.dataDir, 'nowhere.podium') }));
      expect(missing.code).toBe('invalid-input');
      expect(missing.message).toMatch(/nowhere\.podium/);
      expect((await h.station.snapshot()).summary?.path).toBe(copy); // a failed open leaves the open event open

      const exists = await rejection(h.station.createEvent({ name: 'Clash', ruleset: 'mtr', settings: {}, path: copy }));
      expect(exists).toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/already exists/) });
    });

    it('opens a damaged save read-only and goes on from a repaired copy', async () => {
      const created = await h.station.createEvent({ name: 'Damaged Derby', ruleset: 'mtr', settings: {} });
      await registerAll(h.station);
      const file = created.summary?.path as string;
      await h.station.closeEvent();
      // Someone edits the save by hand: line 5 (entry 3) no longer matches its checksum.
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines[4] = (lines[4] as string).replace('Chloé Dubois', 'Chloe Dubois');
      await writeFile(file, lines.join('\n'));

      const damaged = await h.station.openEvent({ path: file });
      expect(damaged.summary).toMatchObject({ readOnly: true, entries: 3 });
      expect(damaged.notices.some((n) => n.kind === 'damaged' && n.line === 5)).toBe(true);
      expect(damaged.state?.players.map((p) => p.name)).toEqual(['Ana Archer', 'Bo Brandt']);
      const refused = await rejection(h.station.dispatch({ command: { type: 'drop-player', id: 'p1' } }));
      expect(refused).toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/read-only/) });
      await expect(rejection(h.station.saveRepairedCopy({ path: file }))).resolves.toMatchObject({ code: 'invalid-input' });

      const repairedPath = path.join(h.dataDir, 'events', 'damaged-derby-repaired.podium');
      const repaired = await h.station.saveRepairedCopy({ path: repairedPath });
      expect(repaired.summary).toMatchObject({ path: repairedPath, readOnly: false, entries: 3 });
      await expect(h.station.dispatch({ command: { type: 'register-player', player: { id: 'p3', name: 'Chloé Dubois' }, draw: 5 } })).resolves.toEqual({ seq: 3 });
      await until(() => lastProjectorState()?.summary?.path === repairedPath && lastProjectorState()?.lastSeq === 3, 'the projector to follow');
    });

    it('prints a document of the open event as a PDF, and refuses with no event open', async () => {
      const refused = await rejection(h.station.print({ doc: 'match-slips' }));
      expect(refused.message).toMatch(/no event is open|open an event/i);
      await h.station.createEvent({ name: 'Print Test', ruleset: 'mtr', settings: {} });
      for (const [i, name] of ['Ana Archer', 'Bo Berg', 'Cy Cole', 'Di Dunn'].entries())
        await h.station.dispatch({ command: { type: 'register-player', player: { id: `p${i}`, name }, draw: i } });
      const proposal = await h.station.query({ kind: 'propose-pairing', seed: 1 });
      if (proposal.kind !== 'propose-pairing') throw new Error('unexpected answer');
      await h.station.dispatch({ command: publishCommand(1, 'swiss', proposal.proposal) });
      const printed = await h.station.print({ doc: 'match-slips' });
      expect(printed.pages).toBeGreaterThan(0);
      expect(printed.fileName).toMatch(/\.pdf$/);
      expect(Buffer.from(printed.pdfBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('pushes clock ticks from the host to every window', async () => {
      const stationPushes: StationPush[] = [];
      h.station.subscribe((push) => stationPushes.push(push));
      // The service relays the host's second; each window draws the clock from its own state.
      h.service.pushClock(1_700_000_000_000);
      await until(() => stationPushes.some((p) => p.type === 'clock') && projectorPushes.some((p) => p.type === 'clock'), 'clock pushes');
      expect(projectorPushes.find((p) => p.type === 'clock')).toEqual({
        type: 'clock',
        now: 1_700_000_000_000,
      });
    });
  });
}

contractSuite('the in-memory RPC pair', memoryTransport);
contractSuite('WebSocket (browser mode)', webSocketTransport);
contractSuite('Electron IPC (emulated)', ipcTransport);

// ---------------------------------------------------------------------------------------------
// Transport-specific guards

describe('Electron IPC guards', () => {
  it('accepts only the window main frame of our own pages', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-ipc-'));
    // No clock timer here: every hop of the emulated IPC is a setImmediate, so running every pending
    // (fake) timer to the end delivers whatever will ever arrive. "Never answered" is then a fact
    // about the code, not about how long the test waited.
    const service = createHostServices({ dataDir, station: 'ipc-test', clock: false });
    vi.useFakeTimers({ toFake: ['setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] });
    const deliverEverything = (): Promise<number> => vi.runAllTimersAsync().then(() => vi.getTimerCount());
    const ipcMain = new FakeIpcMain();
    const refused: string[] = [];
    const win = fakeWindow(ipcMain);
    const channel = createIpcMainChannel({ ipcMain, webContents: win.webContents, isTrustedUrl: isAppUrl, onRejected: (r) => refused.push(r) });
    const stop = serveRpc(service, channel);
    const api = connectIpc(createPodiumBridge(win.ipcRenderer));
    try {
      // Delivering everything is enough for an answer to arrive.
      const first = api.snapshot();
      expect(await deliverEverything()).toBe(0);
      await expect(first).resolves.toMatchObject({ summary: null });

      // A sub-frame of the window: dropped, never answered.
      win.state.frame = { url: 'podium://station/', parent: { url: 'podium://station/', parent: null } };
      let answered = false;
      void api.snapshot().then(() => (answered = true));
      await deliverEverything();
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatch(/sub-frame/);

      // A foreign page loaded in the window.
      win.state.frame = { url: 'https://evil.example/', parent: null };
      void api.snapshot().then(() => (answered = true));
      await deliverEverything();
      expect(refused).toHaveLength(2);
      expect(refused[1]).toMatch(/not Podium's \(https:\/\/evil\.example\/\)/);

      // A frame that has gone.
      (win.state as { frame: FrameLike | null }).frame = null;
      void api.snapshot().then(() => (answered = true));
      expect(await deliverEverything()).toBe(0);
      expect(refused).toHaveLength(3);
      expect(answered).toBe(false);

      // Another window's messages are not this channel's business (its own channel answers them).
      const other = fakeWindow(ipcMain);
      let heard = 0;
      const stopHearing = channel.onMessage(() => heard++);
      other.ipcRenderer.send(IPC_RPC_CHANNEL, { kind: 'request', id: 1, method: 'snapshot', params: {} });
      expect(await deliverEverything()).toBe(0);
      expect(heard).toBe(0);
      stopHearing();
    } finally {
      vi.useRealTimers();
      stop();
      channel.dispose();
      expect(ipcMain.count(IPC_RPC_CHANNEL)).toBe(0);
      await service.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the station service called in-process', () => {
  it('validates every payload again at its own boundary', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-service-'));
    const service = createHostServices({ dataDir, station: 'in-process' });
    try {
      const refusal = async (promise: Promise<unknown>): Promise<PodiumError> => {
        try {
          await promise;
        } catch (error) {
          expect(error).toBeInstanceOf(PodiumError);
          return error as PodiumError;
        }
        throw new Error('expected a refusal');
      };
      await expect(refusal(service.createEvent({ name: '', ruleset: 'mtr', settings: {} }))).resolves.toMatchObject({
        code: 'invalid-request',
        message: expect.stringMatching(/^createEvent: invalid request at name/),
      });
      await expect(refusal(service.createEvent({ name: 'Chess', ruleset: 'fide' as never, settings: {} }))).resolves.toMatchObject({
        code: 'invalid-request',
        message: expect.stringMatching(/^createEvent: invalid request at ruleset/),
      });
      await service.createEvent({ name: 'Direct', ruleset: 'mtr', settings: {} });
      await expect(refusal(service.dispatch({ command: { type: 'drop-player' } } as never))).resolves.toMatchObject({
        code: 'invalid-request',
        message: expect.stringMatching(/^dispatch: invalid request at command\.id/),
      });
      await expect(refusal(service.query({ kind: 'everything' } as never))).resolves.toMatchObject({ code: 'invalid-request' });
      const journal = JSON.parse(`[${(await readFile(service.current()?.summary.path as string, 'utf8')).trim().split('\n').join(',')}]`) as unknown[];
      expect(journal).toHaveLength(2); // header + create-event: nothing invalid was written
    } finally {
      await service.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
