/**
 * One parse, one queue, the host's time. A request is parsed once, at the one entry every door
 * leads to (the station service's `call`: a window over IPC or the WebSocket, a device, an
 * in-process caller — core/api/methods.ts parseRequest); the event store takes it as parsed. Changes run one at a time through the
 * service's queue; the store keeps none and refuses a call that overlaps another. The host stamps
 * the time of clock commands and results: a window sends none.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryChannelPair, createRpcClient, serveRpc, StationError } from '../../core/api/rpc.js';
import { commandSchema, type Command, type NewCommand } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import { openEventStore, writeEventSaveSync } from '../../electron/host/event-store.js';
import { journalStore } from '../../electron/host/host.js';
import { createStationService } from '../../electron/host/station-service.js';
import { amendCommand, mtrEvent, tempFolder } from './save-fixtures.js';

const tmp = tempFolder('podium-one-parse-');
afterAll(() => tmp.cleanup());
afterEach(() => {
  vi.restoreAllMocks();
});
let counter = 0;
const NOW = Date.parse('2026-05-01T19:30:12.345Z');

function savedEvent(): string {
  const file = path.join(tmp.dir, 'events', `event-${++counter}.podium`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeEventSaveSync(file, mtrEvent({ players: 8, rounds: 1, id: `evt-${counter}` }).commands, { station: 'test' });
  return file;
}

/** A service with a save open, and a window's client on it through serveRpc. */
async function host() {
  const service = createStationService({ dataDir: tmp.dir, station: 'desk', store: journalStore, lock: false, now: () => new Date(NOW) });
  await service.openEvent({ path: savedEvent() });
  const [windowEnd, hostEnd] = createMemoryChannelPair();
  const stop = serveRpc(service, hostEnd);
  const client = createRpcClient(windowEnd);
  const journal = async () => {
    const answer = await service.query({ kind: 'journal' });
    if (answer.kind !== 'journal') throw new Error('not a journal');
    return answer.entries;
  };
  const dispose = async () => {
    stop();
    await service.dispose();
  };
  return { service, client, journal, dispose };
}

const register = (n: number, name = `Late Player ${n}`): NewCommand => ({ type: 'register-player', player: { id: `late${n}`, name }, draw: n });

/** Requests that are not requests of the StationApi: unknown methods, and params each method's schema refuses. */
const UNPARSED: [string, unknown][] = [
  ['dispatch', { command: { type: 'register-player', player: { id: '', name: 'X' }, draw: 1 } }],
  ['dispatch', { command: 5 }],
  ['dispatch', { command: register(1), extra: true }],
  ['dispatchBatch', { commands: [] }],
  ['dispatchBatch', { commands: [register(2), { type: 'drop-player' }] }],
  ['undo', { seq: -1 }],
  ['query', { kind: 'everything' }],
  ['print', { doc: 'secrets' }],
  ['openEvent', { path: 42 }],
  ['snapshot', { all: true }],
  ['setNetwork', { on: 'yes' }],
  ['constructor', {}],
  ['__proto__', {}],
  ['saveAsFromDialog', { path: '/etc/passwd' }],
];

describe('one parse, at the one entry every door leads to', () => {
  it('unparsed input through every door — a window over the RPC protocol, an in-process caller, a device — is refused in words, nothing written', async () => {
    const { service, client, journal, dispose } = await host();
    const before = (await journal()).length;
    const viaWindow = client as unknown as Record<string, (params: unknown) => Promise<unknown>>;
    const inProcess = service as unknown as Record<string, unknown>;
    for (const [method, params] of UNPARSED) {
      // A window's request goes over the protocol as it is (the client knows only the table's methods).
      const [windowEnd, hostEnd] = createMemoryChannelPair();
      const stop = serveRpc(service, hostEnd);
      const reply = await new Promise<{ ok: boolean; error?: { code: string; message: string } }>((resolve) => {
        windowEnd.onMessage((m) => resolve(m as never));
        windowEnd.send({ kind: 'request', id: 1, method, params });
      });
      stop();
      expect(reply.ok, `${method} over the protocol`).toBe(false);
      expect(reply.error?.code, `${method} over the protocol`).toBe('invalid-request');
      expect(reply.error?.message.length).toBeGreaterThan(5);
      // The in-process caller and a device go through the same entry.
      const direct = await service.call(method, params).catch((error: unknown) => error);
      expect(direct, `${method} in process`).toBeInstanceOf(PodiumError);
      expect((direct as PodiumError).code).toBe('invalid-request');
      const device = await service.call(method, params, { kind: 'device', id: 'd1', name: 'Desk 2', role: 'station' }).catch((error: unknown) => error);
      expect((device as PodiumError).code).toBe('invalid-request');
      // The client has no such method unless the table does.
      if (method === 'constructor' || method === '__proto__' || method === 'saveAsFromDialog') expect(typeof viaWindow[method]).not.toBe('function');
    }
    // The in-process methods parse what they are given as well: there is no way round the entry.
    const malformed = await service.dispatch({ command: { type: 'register-player', player: { id: '', name: 'X' }, draw: 1 } as Command }).catch((error: unknown) => error);
    expect((malformed as PodiumError).code).toBe('invalid-request');
    expect(typeof inProcess.call).toBe('function');
    expect(await journal()).toHaveLength(before);
    // And a well-formed one is written once, through any of them.
    await client.dispatch({ command: register(3) });
    await service.dispatch({ command: register(4) });
    expect((await journal()).slice(before).map((e) => (e.command as { player?: { id: string } }).player?.id)).toEqual(['late3', 'late4']);
    await dispose();
  });

  it('a parsed command is not parsed again on its way to the journal: the store takes it as parsed', async () => {
    const { client, journal, dispose } = await host();
    const parses = vi.spyOn(commandSchema, 'safeParse');
    const ack = await client.dispatch({ command: register(5) });
    expect(parses).not.toHaveBeenCalled();
    expect((await journal()).at(-1)).toMatchObject({ seq: ack.seq, command: { type: 'register-player', player: { id: 'late5' } } });
    await dispose();
  });
});

describe('the client derived from the method table', () => {
  it('has every method of the table, and nothing else, also when spread or wrapped', async () => {
    const { client, dispose } = await host();
    try {
      const { REQUEST_METHODS } = await import('../../core/api/methods.js');
      expect(Object.keys(client).sort()).toEqual(['subscribe', ...REQUEST_METHODS].sort());
      const wrapped = { ...client, dispatch: client.dispatch };
      expect((await wrapped.snapshot()).summary?.name).toBeDefined();
      expect('saveAsFromDialog' in client).toBe(false);
      expect((client as unknown as Record<string, unknown>).constructor).toBeUndefined();
    } finally {
      await dispose();
    }
  });
});

describe('one queue', () => {
  it("the service's: concurrent commands are written in order, and a refused one does not disturb the rest", async () => {
    const { service, journal, dispose } = await host();
    const state = service.current()?.state;
    if (!state) throw new Error('no event');
    const start = (await journal()).length;
    const commands: NewCommand[] = Array.from({ length: 30 }, (_, i) =>
      i === 13 ? { type: 'record-result', round: 9, table: 1, result: { games: [2, 0, 0] } } : amendCommand(state, i),
    );
    const results = await Promise.allSettled(commands.map((command) => service.dispatch({ command })));
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    const acked = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.seq] : []));
    expect(acked).toEqual(acked.map((_, i) => start + i));
    const entries = await journal();
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i));
    expect(entries.slice(start).map((e) => (e.command as { reason?: string }).reason)).toEqual(
      commands.filter((_, i) => i !== 13).map((c) => (c as { reason?: string }).reason),
    );
    await dispose();
  });

  it('the store keeps none: a call that overlaps another is refused before anything is written', async () => {
    const file = savedEvent();
    const store = await openEventStore(file, { station: 'test', lock: false });
    const state = store.state();
    const first = store.append(amendCommand(state, 1));
    const overlapping = await store.append(amendCommand(state, 2)).catch((error: unknown) => error);
    expect(overlapping).toBeInstanceOf(PodiumError);
    expect((overlapping as PodiumError).message).toMatch(/busy/);
    expect(await store.saveAs(path.join(tmp.dir, 'copy.podium')).catch((error: unknown) => error)).toBeInstanceOf(PodiumError);
    const entry = await first;
    expect(store.entries().at(-1)).toEqual(entry);
    const lines = readFileSync(file, 'utf8').split('\n').slice(1, -1);
    expect(lines).toHaveLength(store.entries().length);
    expect((JSON.parse(lines.at(-1) as string) as { seq: number }).seq).toBe(entry.seq);
    await store.append(amendCommand(state, 3)); // once the first is done, the next goes through
    await store.close();
  });
});

describe('the host stamps the time', () => {
  it("a window's clock commands and results carry none; the host's whole second goes into the journal", async () => {
    const { service, client, journal, dispose } = await host();
    const state = service.current()?.state;
    if (!state) throw new Error('no event');
    await client.dispatch({ command: { type: 'start-timer', id: 't1', kind: 'custom', minutes: 5 } });
    await client.dispatch({ command: amendCommand(state, 1) });
    // An in-process caller's own time is replaced, too.
    await service.dispatch({ command: { type: 'stop-timer', id: 't1', at: Date.parse('2026-05-01T07:00:00.000Z') } });
    const stamped = Math.floor(NOW / 1000) * 1000;
    expect((await journal()).slice(-3).map((e) => (e.command as { at?: number }).at)).toEqual([stamped, stamped, stamped]);
    await dispose();
  });
});
