/**
 * In the station service, a change goes to every window as its journal
 * entries, which each folds to exactly the host's state; a command sent twice under one client id
 * is written once (also after the save is opened again); a second result for a table is refused
 * naming who entered the first; a device's role limits what it may send, and the journal records
 * the device behind each entry; a batch is all or nothing, one write and one push.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { StationPush, StationSnapshot } from '../../core/api/contract.js';
import type { Caller } from '../../core/api/roles.js';
import type { Command, NewCommand } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { writeEventSaveSync } from '../../electron/host/event-store.js';
import { journalStore } from '../../electron/host/host.js';
import { createStationService, type StationService } from '../../electron/host/station-service.js';
import { followedSnapshot } from '../support/followed-snapshot.js';
import { mtrEvent, pairCommand, tempFolder } from '../host/save-fixtures.js';

const tmp = tempFolder('podium-deltas-');
afterAll(() => tmp.cleanup());
let counter = 0;

const desk2: Caller = { kind: 'device', id: 'dev-desk2', name: 'Desk 2', role: 'station' };
const judge: Caller = { kind: 'device', id: 'dev-judge', name: 'Judge Ana', role: 'judge' };
const display: Caller = { kind: 'device', id: 'dev-display', name: 'Hall screen', role: 'display' };

/** A save with `players` registered and `rounds` played, opened in a fresh service, its pushes heard. */
async function opened(players: number, rounds: number, options: { pairNext?: boolean } = {}): Promise<{ station: StationService; file: string; pushes: StationPush[]; snapshot: StationSnapshot }> {
  const file = path.join(tmp.dir, 'events', `event-${++counter}.podium`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeEventSaveSync(file, mtrEvent({ players, rounds, id: `evt-${counter}` }).commands, { station: 'test' });
  const station = createStationService({ dataDir: tmp.dir, station: 'desk', store: journalStore, lock: false });
  const pushes: StationPush[] = [];
  station.subscribe((push) => pushes.push(push));
  let snapshot = await station.openEvent({ path: file });
  // The next round paired, so its tables wait for results.
  if (options.pairNext ?? true) {
    await station.dispatch({ command: pairCommand(snapshot.state as EventState) });
    snapshot = await station.snapshot();
  }
  return { station, file, pushes, snapshot };
}

function resultCommand(state: EventState, table: number, wins: [number, number] = [2, 0]): Command {
  const round = state.rounds.at(-1);
  if (!round) throw new Error('no round');
  return { type: 'record-result', round: round.number, table, result: { games: [wins[0], wins[1], 0] } } as unknown as Command;
}

async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected a rejection');
}

describe('deltas, not snapshots', () => {
  it('every change reaches a window as journal entries that fold to the host state, undo as a fresh state', async () => {
    const { station, pushes, snapshot } = await opened(16, 1);
    let state = snapshot.state as EventState;
    const sizes: number[] = [];
    for (let table = 1; table <= 3; table++) {
      const before = pushes.length;
      await station.dispatch({ command: resultCommand(state, table) });
      const sent = pushes.slice(before);
      expect(sent.map((p) => p.type)).toEqual(['entries']);
      sizes.push(JSON.stringify(sent[0]).length);
      state = (await station.snapshot()).state as EventState;
      expect(followedSnapshot(pushes)).toEqual(await station.snapshot());
    }
    // A result is a few hundred bytes, whatever the event's size.
    expect(Math.max(...sizes)).toBeLessThan(2048);
    const last = (await station.snapshot()).lastSeq;
    const before = pushes.length;
    await station.undo({ seq: last });
    expect(pushes.slice(before).map((p) => p.type)).toEqual(['state']);
    expect(followedSnapshot(pushes)).toEqual(await station.snapshot());
    await station.dispose();
  });

  it('a result at a 2,048-player event in round 3 pushes under 2 KB', async () => {
    const { station, pushes, snapshot } = await opened(2048, 3);
    const state = snapshot.state as EventState;
    expect(state.rounds).toHaveLength(4);
    const before = pushes.length;
    await station.dispatch({ command: resultCommand(state, 517) });
    const bytes = pushes.slice(before).reduce((sum, p) => sum + Buffer.byteLength(JSON.stringify(p)), 0);
    expect(bytes).toBeGreaterThan(50);
    expect(bytes).toBeLessThan(2048);
    expect(followedSnapshot(pushes)?.lastSeq).toBe((await station.snapshot()).lastSeq);
    await station.dispose();
  });
});

describe('client command ids', () => {
  it('a command sent again under the same id is answered with its first entry and written once, also after reopening', async () => {
    const { station, file, snapshot } = await opened(8, 1);
    const state = snapshot.state as EventState;
    const command = resultCommand(state, 1);
    const first = await station.dispatch({ command, cid: 'c0ffee01' }, judge);
    const again = await station.dispatch({ command, cid: 'c0ffee01' }, judge);
    expect(again).toEqual({ seq: first.seq, duplicate: true });
    expect((await station.snapshot()).lastSeq).toBe(first.seq);
    // Another device's id that happens to be the same is another command: here refused as a second result.
    const other = await rejection(station.dispatch({ command, cid: 'c0ffee01' }, desk2));
    expect(other.code).toBe('result-entered');
    await station.dispose();

    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.filter((l) => l.includes('"cid":"c0ffee01"'))).toHaveLength(1);
    const reopened = createStationService({ dataDir: tmp.dir, station: 'desk', store: journalStore, lock: false });
    await reopened.openEvent({ path: file });
    expect(await reopened.dispatch({ command, cid: 'c0ffee01' }, judge)).toEqual({ seq: first.seq, duplicate: true });
    await reopened.dispose();
  });

  it('the same id with another command is refused in words and writes nothing, never answered as a duplicate (also after reopening, and for a batch)', async () => {
    const { station, file, snapshot } = await opened(8, 1);
    const state = snapshot.state as EventState;
    const first = await station.dispatch({ command: resultCommand(state, 1), cid: 'reused-1' }, judge);
    const other = await rejection(station.dispatch({ command: resultCommand(state, 2), cid: 'reused-1' }, judge));
    expect(other.code).toBe('invalid-input');
    expect(other.message).toBe(`the command id "reused-1" was already used for another command (journal entry ${first.seq}, record-result): this one was not saved; send it again as a new command`);
    expect((await station.snapshot()).lastSeq).toBe(first.seq);

    const register = (n: number): NewCommand => ({ type: 'register-player', player: { id: `late-${n}`, name: `Late Player${n}` }, draw: 100 + n });
    const batch = await station.dispatchBatch({ commands: [register(1), register(2)], cid: 'batch-reused' });
    expect(await station.dispatchBatch({ commands: [register(1), register(2)], cid: 'batch-reused' })).toEqual({ ...batch, duplicate: true });
    for (const commands of [[register(1), register(3)], [register(1)], [register(1), register(2), register(3)]]) {
      const refused = await rejection(station.dispatchBatch({ commands, cid: 'batch-reused' }));
      expect(refused.message).toMatch(/^the command id "batch-reused" was already used for another command/);
    }
    expect((await station.snapshot()).lastSeq).toBe(batch.seq);
    await station.dispose();

    const reopened = createStationService({ dataDir: tmp.dir, station: 'desk', store: journalStore, lock: false });
    await reopened.openEvent({ path: file });
    expect((await rejection(reopened.dispatch({ command: resultCommand(state, 3), cid: 'reused-1' }, judge))).message).toMatch(/already used for another command/);
    expect(await reopened.dispatch({ command: resultCommand(state, 1), cid: 'reused-1' }, judge)).toEqual({ seq: first.seq, duplicate: true });
    await reopened.dispose();
  });
});

describe('two devices, one table', () => {
  it('the later result is refused in words naming who entered the first and when; with a reason it amends', async () => {
    const { station, snapshot } = await opened(8, 1);
    const state = snapshot.state as EventState;
    await station.dispatch({ command: resultCommand(state, 2, [2, 1]) }, desk2);
    const refused = await rejection(station.dispatch({ command: resultCommand(state, 2, [0, 2]) }, judge));
    expect(refused.code).toBe('result-entered');
    expect(refused.message).toMatch(/^Table 2 was entered at \d\d?:\d\d( [AP]M)? by Desk 2 — amend it\?/);
    const fromStation = await rejection(station.dispatch({ command: resultCommand(state, 2, [0, 2]) }));
    expect(fromStation.message).toMatch(/by Desk 2/);
    const amended = await station.dispatch({ command: { ...resultCommand(state, 2, [0, 2]), reason: 'slip misread' } as Command }, judge);
    const table = (await station.snapshot()).state?.rounds.at(-1)?.tables.find((t) => t.table === 2);
    expect(table?.result).toMatchObject({ games: [0, 2, 0] });
    const journal = await station.query({ kind: 'journal', from: amended.seq });
    expect(journal.kind === 'journal' && journal.entries[0]?.by).toEqual({ id: 'dev-judge', name: 'Judge Ana', role: 'judge' });
    await station.dispose();
  });
});

describe('roles', () => {
  it('a display reads and cannot change; a judge enters results but cannot pair, undo, open or switch the network on', async () => {
    const { station, snapshot, file } = await opened(8, 1);
    const state = snapshot.state as EventState;
    expect((await station.snapshot({}, display)).lastSeq).toBe(snapshot.lastSeq);
    expect((await station.whoami({}, display)).caller).toEqual(display);
    const cases: [() => Promise<unknown>, RegExp][] = [
      [() => station.dispatch({ command: resultCommand(state, 1) }, display), /Hall screen \(display\) is read only/],
      [() => station.query({ kind: 'journal' }, display), /read only/],
      [() => station.dispatch({ command: { type: 'drop-player', id: state.players[0]?.id ?? 'p1' } }, judge), /Judge Ana \(judge\) cannot drop player/],
      [() => station.undo({ seq: 1 }, judge), /ask the scorekeeper/],
      [() => station.openEvent({ path: file }, judge), /only the head-judge station/],
      [() => station.setNetwork({ on: true }, desk2), /only the head-judge station/],
      [() => station.saveAs({ path: 'copy.podium' }, desk2), /only the head-judge station/],
    ];
    for (const [call, words] of cases) {
      const refused = await rejection(call());
      expect(refused.code).toBe('not-allowed');
      expect(refused.message).toMatch(words);
    }
    expect((await station.snapshot()).lastSeq).toBe(snapshot.lastSeq); // nothing written
    await station.dispatch({ command: resultCommand(state, 1) }, judge);
    expect((await station.snapshot()).lastSeq).toBe(snapshot.lastSeq + 1);
    await station.dispose();
  });

  it('whoami tells the local station where the support log is, and a device only who it is', async () => {
    const station = createStationService({ dataDir: tmp.dir, station: 'desk', store: journalStore, lock: false, supportLogFile: '/station/logs/podium.log' });
    expect(await station.whoami()).toEqual({ caller: { kind: 'local' }, supportLog: '/station/logs/podium.log' });
    expect(await station.whoami({}, judge)).toEqual({ caller: judge });
    await station.dispose();
  });

  it('a device never hears the network push; the local station does', async () => {
    const station = createStationService({ dataDir: tmp.dir, station: 'desk', store: journalStore, lock: false });
    const heard: Record<string, string[]> = { local: [], device: [] };
    station.subscribe((push) => heard.local?.push(push.type));
    station.subscribe((push) => heard.device?.push(push.type), desk2);
    const refused = await rejection(station.networkStatus());
    expect(refused.message).toMatch(/venue network is not available here/);
    await station.dispose();
  });
});

describe('batches', () => {
  it('registers many players in one write and one push; one bad command refuses them all, naming its place', async () => {
    const { station, pushes, snapshot, file } = await opened(4, 0, { pairNext: false });
    const register = (i: number): Command => ({ type: 'register-player', player: { id: `n${i}`, name: `New Player ${i}` }, draw: i });
    const bad = [register(1), register(2), register(1)];
    const refused = await rejection(station.dispatchBatch({ commands: bad }));
    expect(refused.message).toMatch(/^command 3 of 3 \(register-player\): /);
    expect((await station.snapshot()).lastSeq).toBe(snapshot.lastSeq);
    const sizeBefore = readFileSync(file).length;

    const before = pushes.length;
    const commands = Array.from({ length: 500 }, (_, i) => register(i + 1));
    const ack = await station.dispatchBatch({ commands, cid: 'batch-1' });
    expect(ack).toEqual({ from: snapshot.lastSeq + 1, seq: snapshot.lastSeq + 500 });
    expect(pushes.slice(before).map((p) => p.type)).toEqual(['entries']);
    expect(followedSnapshot(pushes)).toEqual(await station.snapshot());
    expect((await station.snapshot()).state?.players).toHaveLength(504);
    expect(readFileSync(file).length).toBeGreaterThan(sizeBefore);
    expect((await station.dispatchBatch({ commands, cid: 'batch-1' })).duplicate).toBe(true);
    expect((await station.snapshot()).state?.players).toHaveLength(504);
    await station.dispose();
  });
});

describe('the journal line of a device', () => {
  it('keeps the device and the command id, and refuses a line whose device is malformed, in words', async () => {
    const { entryProblems } = await import('../../electron/host/journal-lines.js');
    const line = { seq: 4, at: '2026-05-01T18:00:00.000Z', station: 'desk', command: {}, sum: '0123456789abcdef' };
    expect(entryProblems({ ...line, by: { id: 'd1', name: 'Desk 2', role: 'station' }, cid: 'abc' })).toEqual({});
    expect(entryProblems({ ...line, by: { id: 'd1', name: 'Desk 2', role: 'owner' } }).value).toBe('the entry\'s device ("by") is not an id, a name and a role');
    expect(entryProblems({ ...line, cid: '' }).value).toBe('the entry\'s command id ("cid") is not 1 to 64 characters');
    expect(entryProblems({ ...line, device: 'x' }).fields).toBe('the entry has unknown field "device"');
  });
});
