/**
 * One parse, one queue, the host's time (issue 14 item 1). A command is parsed once, at the edge
 * that receives it: serveRpc for a window, the station service for an in-process caller (which can
 * never skip it); the event store takes it as parsed. Changes run one at a time through the
 * service's queue; the store keeps none and refuses a call that overlaps another. The host stamps
 * the time of clock commands and results: a window sends none.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { requestSchemas, validateRequest } from '../../core/api/contract.js';
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

/** Count the parses: of dispatch requests (validateRequest) and of journal commands (parseCommand). */
function countParses() {
  return { dispatch: vi.spyOn(requestSchemas.dispatch, 'safeParse'), command: vi.spyOn(commandSchema, 'safeParse') };
}

const register = (n: number, name = `Late Player ${n}`): NewCommand => ({ type: 'register-player', player: { id: `late${n}`, name }, draw: n });

describe('one parse, at the edge that receives the command', () => {
  it("a window's command: parsed by serveRpc, taken as parsed by the service and the store", async () => {
    const { client, journal, dispose } = await host();
    const parses = countParses();
    const ack = await client.dispatch({ command: register(1) });
    expect(parses.dispatch).toHaveBeenCalledTimes(1);
    expect(parses.command).not.toHaveBeenCalled();
    expect((await journal()).at(-1)).toMatchObject({ seq: ack.seq, command: { type: 'register-player', player: { id: 'late1' } } });
    await dispose();
  });

  it('an in-process command: parsed by the service, once', async () => {
    const { service, dispose } = await host();
    const parses = countParses();
    await service.dispatch({ command: register(2) });
    expect(parses.dispatch).toHaveBeenCalledTimes(1);
    expect(parses.command).not.toHaveBeenCalled();
    await dispose();
  });

  it('an in-process caller cannot skip it: a malformed command is refused in words, nothing written', async () => {
    const { service, client, journal, dispose } = await host();
    const before = await journal();
    const malformed = { type: 'register-player', player: { id: '', name: 'X' }, draw: 1 } as Command;
    const inProcess = await service.dispatch({ command: malformed }).catch((error: unknown) => error);
    expect(inProcess).toBeInstanceOf(PodiumError);
    expect((inProcess as PodiumError).code).toBe('invalid-input');
    // Params another caller validated are parsed again: only serveRpc's own parse is trusted.
    const checked = validateRequest('dispatch', { command: register(3) });
    if (!checked.ok) throw new Error(checked.message);
    const parses = countParses();
    await service.dispatch(checked.params as { command: NewCommand });
    expect(parses.dispatch).toHaveBeenCalledTimes(1);
    const remote = await client.dispatch({ command: malformed }).catch((error: unknown) => error);
    expect(remote).toBeInstanceOf(StationError);
    expect((remote as StationError).code).toBe('invalid-request');
    expect(await journal()).toHaveLength(before.length + 1);
    await dispose();
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
