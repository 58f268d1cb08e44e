/**
 * Report keys: the secret of a round's table codes is drawn by the host whenever a
 * `pair-round` reaches it without one — from the local station, in a batch, from a second desk on
 * the venue network, from an in-process caller — written in the journal with the pairing, and a
 * key sent with the command is kept. Real browser-mode host, real sockets.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StationError } from '../../core/api/rpc.js';
import { publishCommand, type Command, type NewCommand } from '../../core/event/commands.js';
import { stampHostTime } from '../../electron/host/station-service.js';
import { deviceClient, hostState, joinAs, startVenueHost, type DeviceClient, type VenueHost } from './venue-helpers.js';

const KEY = /^[0-9a-f]{32}$/;

describe('report keys drawn by the host', () => {
  let host: VenueHost;
  let desk: DeviceClient;

  beforeAll(async () => {
    host = await startVenueHost();
    await host.networkOn();
    desk = await deviceClient(host.lan(), (await joinAs(host, 'station', 'Desk 2')).token);
  });
  afterAll(async () => {
    desk?.close();
    await host?.close();
  });

  /** A new event of 8 players, and the pair-round of its round 1 (no key). */
  async function freshEvent(name: string): Promise<Extract<Command, { type: 'pair-round' }>> {
    await host.station.createEvent({ name, ruleset: 'mtr', settings: {} });
    const players = ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'].map((n, i) => ({ id: `p${i + 1}`, name: `${n} Archer` }));
    await host.station.dispatchBatch({ commands: players.map((player, draw): NewCommand => ({ type: 'register-player', player, draw })) });
    const proposed = await host.station.query({ kind: 'propose-pairing', seed: 1 });
    if (proposed.kind !== 'propose-pairing') throw new Error('no proposal');
    return publishCommand(1, 'swiss', proposed.proposal);
  }

  const journalKeys = async (): Promise<(string | undefined)[]> => {
    const snapshot = await host.station.snapshot();
    const lines = (await readFile(snapshot.summary?.path as string, 'utf8')).trim().split('\n').slice(1);
    return lines.map((line) => JSON.parse(line) as { command: Command }).flatMap((l) => (l.command.type === 'pair-round' ? [l.command.reportKey] : []));
  };
  // The host's own state: no window is sent a round's key (core/api/views.ts).
  const stateKey = async (): Promise<string | undefined> => hostState(host).rounds.at(-1)?.reportKey;

  it('adds a fresh key to a pairing from the local station, and writes it in the journal', async () => {
    const pair = await freshEvent('Keys Local');
    expect(pair.reportKey).toBeUndefined();
    await host.station.dispatch({ command: pair });
    const [key] = await journalKeys();
    expect(key).toMatch(KEY);
    expect(await stateKey()).toBe(key);
  });

  it('adds one in a batch, from a second desk on the venue network, and from an in-process caller: a different key each time', async () => {
    const keys: string[] = [];
    await host.station.dispatchBatch({ commands: [await freshEvent('Keys Batch')] });
    keys.push((await stateKey()) as string);
    const fromDesk = await freshEvent('Keys Desk');
    await desk.api.dispatch({ command: fromDesk, cid: 'desk-pair' });
    keys.push((await stateKey()) as string);
    await host.mode.service.dispatch({ command: await freshEvent('Keys In Process') });
    keys.push((await stateKey()) as string);
    for (const key of keys) expect(key).toMatch(KEY);
    expect(new Set(keys).size).toBe(3);
    expect((await journalKeys())[0]).toBe(keys[2]);
  });

  it('refuses a key sent with the pairing, from the station or a second desk: the secret is drawn on the host alone', async () => {
    const pair = await freshEvent('Keys Given');
    await expect(host.station.dispatch({ command: { ...pair, reportKey: 'not-a-key' } })).rejects.toThrow(StationError);
    await expect(host.station.dispatch({ command: { ...pair, reportKey: 'ab'.repeat(16) } })).rejects.toThrow(/report key .* drawn by the station host/);
    await expect(desk.api.dispatch({ command: { ...pair, reportKey: 'ab'.repeat(16) } })).rejects.toThrow(/report key .* drawn by the station host/);
    expect(await journalKeys()).toEqual([]);
    await host.station.dispatch({ command: pair });
    expect((await journalKeys())[0]).toMatch(KEY);
  });

  it('is the stamp the host puts on commands, beside its time', () => {
    const pair: NewCommand = { type: 'pair-round', round: 1, stage: 'swiss', tables: [], byes: [], seed: 1 };
    expect(stampHostTime(pair, 0, () => 'cd'.repeat(16))).toEqual({ ...pair, reportKey: 'cd'.repeat(16) });
    expect((stampHostTime(pair, 0) as { reportKey?: string }).reportKey).toMatch(KEY);
    expect(() => stampHostTime({ ...pair, reportKey: 'ef'.repeat(16) }, 0)).toThrow(/drawn by the station host/);
    expect(stampHostTime({ type: 'record-result', round: 1, table: 1, result: {} }, 12_345)).toMatchObject({ at: 12_000 });
  });
});
