/**
 * The venue network (2-3) on a real browser-mode host: off by default; turned on by the
 * station, it listens on the LAN address (a second loopback address here, 127.0.0.2) at the local
 * port; devices join with their role's code and reach the StationApi with their token, each as
 * itself (the journal says who sent what), each only as far as its role allows; a revoked device
 * is cut off at once. Real sockets throughout; every wait is for an event.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NetworkStatus, StationPush } from '../../core/api/contract.js';
import { DEVICE_ROLES } from '../../core/api/roles.js';
import { StationError } from '../../core/api/rpc.js';
import { publishCommand } from '../../core/event/commands.js';
import { createHostServices } from '../../electron/host/host.js';
import { listen } from '../../electron/host/listen.js';
import { parseWebArgs, WEB_USAGE } from '../../electron/web.js';
import {
  closedOf,
  deviceClient,
  http,
  joinAs,
  LAN_ADDRESS,
  postJoin,
  rpcUrl,
  startVenueHost,
  tryUpgrade,
  within,
  type DeviceClient,
  type VenueHost,
} from './venue-helpers.js';

async function refusal(promise: Promise<unknown>): Promise<StationError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StationError);
    return error as StationError;
  }
  throw new Error('expected the call to be refused');
}

const NAMES = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'Gia Gold', 'Hal Hart'];

describe('the venue network of a browser-mode host', () => {
  let host: VenueHost;
  const clients: DeviceClient[] = [];
  const client = async (token: string): Promise<DeviceClient> => {
    const made = await deviceClient(host.lan(), token);
    clients.push(made);
    return made;
  };

  beforeEach(async () => {
    host = await startVenueHost();
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await host.close();
  });

  it('is off by default: nothing listens on the LAN address, and the status says so', async () => {
    const status = await host.station.networkStatus();
    expect(status).toEqual({ on: false, urls: [], joinCodes: [], devices: [], addresses: [LAN_ADDRESS], chosen: LAN_ADDRESS });
    await expect(http(`http://${LAN_ADDRESS}:${host.port}/`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('turns on from the station: the LAN address at the local port, a code per role with the address its QR code holds; the station hears it, devices never', async () => {
    const status = await host.networkOn();
    const base = `http://${LAN_ADDRESS}:${host.port}/`;
    expect(status.on).toBe(true);
    expect(status.urls).toEqual([base]);
    expect(status.problem).toBeUndefined();
    expect(status.joinCodes.map((c) => c.role)).toEqual([...DEVICE_ROLES]);
    for (const { code, url } of status.joinCodes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(url).toBe(`${base}join?code=${code}`);
    }
    expect(new Set(status.joinCodes.map((c) => c.code)).size).toBe(3);
    // The station heard it (a push, as its network panel does).
    await host.untilNetwork((s) => s.on, 'the network to be on');
    expect(host.stationPushes.some((p) => p.type === 'network' && p.status.on)).toBe(true);

    // The join page and the device screens load from the LAN (the pages hold no event data).
    for (const page of ['/join?code=ABCD-EFGH', '/judge', '/display', '/', '/assets/app.js']) {
      const reply = await http(`${base.slice(0, -1)}${page}`);
      expect(reply.status, page).toBe(200);
      expect(String(reply.headers['content-security-policy'])).toContain(`connect-src 'self' ws://${LAN_ADDRESS}:${host.port}/rpc`);
      expect(reply.headers['x-frame-options']).toBe('DENY');
    }

    // A display device never hears the network (codes, devices): the head-judge station's alone.
    const display = await client((await joinAs(host, 'display', 'Hall screen')).token);
    await host.station.newJoinCode({ role: 'judge' });
    await display.api.snapshot();
    expect(display.pushes.some((p) => p.type === 'network')).toBe(false);
    expect(host.stationPushes.filter((p) => p.type === 'network').length).toBeGreaterThanOrEqual(2);
  });

  it('joins a device with each role’s code and tells it who it is; a wrong or replaced code, a bad name or a bad request is refused in words', async () => {
    await host.networkOn();
    for (const role of DEVICE_ROLES) {
      host.advance(60_000); // people join some seconds apart (the door's rate limit is its own test)
      const reply = await postJoin(host.lan(), { code: host.code(role).toLowerCase().replace('-', ' '), name: `  ${role} one  ` });
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      const joined = JSON.parse(reply.body) as { token: string; device: { id: string; name: string; role: string } };
      expect(joined.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(joined.device).toEqual({ id: expect.stringMatching(/^dev-/), name: `${role} one`, role });
      const device = await client(joined.token);
      expect(await device.api.whoami()).toEqual({ caller: { kind: 'device', ...joined.device } });

      // Stored hashed only: the station folder holds no token.
      const stored = await readFile(path.join(host.dataDir, 'devices.json'), 'utf8');
      expect(stored).not.toContain(joined.token);
      expect(stored).toContain(createHash('sha256').update(joined.token).digest('hex'));
    }
    const status = await host.station.networkStatus();
    expect(status.devices.map((d) => [d.name, d.role, d.connected])).toEqual(DEVICE_ROLES.map((role) => [`${role} one`, role, true]));
    for (const device of status.devices) {
      expect(Date.parse(device.joinedAt)).not.toBeNaN();
      expect(Date.parse(device.lastSeen ?? '')).not.toBeNaN();
    }

    host.advance(60_000);
    const wrong = await postJoin(host.lan(), { code: 'ZZZZ-ZZZZ', name: 'Guesser' });
    expect(wrong.status).toBe(403);
    expect(JSON.parse(wrong.body)).toEqual({ error: expect.stringMatching(/^that join code is not right/) });

    // A new code for a role: the old one no longer joins, the new one does.
    const old = host.code('judge');
    await host.station.newJoinCode({ role: 'judge' });
    expect(host.code('judge')).not.toBe(old);
    host.advance(60_000);
    expect((await postJoin(host.lan(), { code: old, name: 'Late judge' })).status).toBe(403);
    host.advance(60_000);
    expect((await postJoin(host.lan(), { code: host.code('judge'), name: 'Late judge' })).status).toBe(200);

    const code = host.code('station');
    const refused: [unknown, number, RegExp][] = [
      [{ code, name: '' }, 400, /a name for this device is needed/],
      [{ code, name: '   ' }, 400, /a name for this device is needed/],
      [{ code, name: 'x'.repeat(41) }, 400, /at most 40 characters/],
      [{ code, name: 'Desk\u202E2' }, 400, /control character \(U\+202E/],
      [{ code, name: 42 }, 400, /a name for this device is needed/],
      [{ name: 'No code' }, 400, /join code is missing/],
      [{ code, name: 'Desk', role: 'station' }, 400, /role/],
      ['{"code":', 400, /not JSON/],
      [`{"code":"${code}","name":"Desk","__proto__":{"role":"station"}}`, 400, /never has/],
    ];
    for (const [body, status, words] of refused) {
      host.advance(60_000);
      const reply = await postJoin(host.lan(), body);
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect((JSON.parse(reply.body) as { error: string }).error).toMatch(words);
    }
    host.advance(60_000);
    const plain = await postJoin(host.lan(), JSON.stringify({ code, name: 'Desk' }), { 'Content-Type': 'text/plain' });
    expect(plain.status).toBe(415);
    host.advance(60_000);
    const long = await postJoin(host.lan(), JSON.stringify({ code, name: 'Desk', pad: 'x'.repeat(10_000) }));
    expect(long.status).toBe(413);
    // None of those joined.
    expect((await host.station.networkStatus()).devices).toHaveLength(4);
  });

  it('serves the StationApi to several devices at once, each as itself: the journal records which device sent each entry', async () => {
    await host.networkOn();
    const created = await host.station.createEvent({ name: 'Venue Open', ruleset: 'mtr', settings: { gamesToWin: 2 }, seed: 3 });
    const [deskJoin, anaJoin, boJoin, hallJoin] = [
      await joinAs(host, 'station', 'Desk 2'),
      await joinAs(host, 'judge', 'Judge Ana'),
      await joinAs(host, 'judge', 'Judge Bo'),
      await joinAs(host, 'display', 'Hall screen'),
    ];
    const all = await Promise.all([deskJoin, anaJoin, boJoin, hallJoin].map((j) => client(j.token)));
    const [desk, ana, bo, hall] = all as [DeviceClient, DeviceClient, DeviceClient, DeviceClient];
    const snapshots = await Promise.all(all.map((d) => d.follow()));
    for (const snapshot of snapshots) expect(snapshot.summary?.id).toBe(created.summary?.id);

    // The second desk registers and pairs (its commands and queries, from the LAN).
    for (const [i, name] of NAMES.entries()) await desk.api.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name }, draw: 100 + i } });
    const proposed = await desk.api.query({ kind: 'propose-pairing', seed: 5 });
    if (proposed.kind !== 'propose-pairing') throw new Error('wrong answer kind');
    const paired = await desk.api.dispatch({ command: publishCommand(1, 'swiss', proposed.proposal), cid: 'desk-pair-1' });
    // Sent again (a dropped connection): the same entry, nothing written twice.
    expect(await desk.api.dispatch({ command: publishCommand(1, 'swiss', proposed.proposal), cid: 'desk-pair-1' })).toEqual({ seq: paired.seq, duplicate: true });

    // Two judges enter results at once, two tables each.
    const tables = proposed.proposal.tables.map((t) => t.table);
    expect(tables).toHaveLength(4);
    const acks = await Promise.all(
      tables.map((table, i) => (i % 2 === 0 ? ana : bo).api.dispatch({ command: { type: 'record-result', round: 1, table, result: { games: [2, 1, 0] } } })),
    );
    // A second result for a table is refused in words naming who entered the first.
    const second = await refusal(bo.api.dispatch({ command: { type: 'record-result', round: 1, table: tables[0] as number, result: { games: [0, 2, 0] } } }));
    expect(second.code).toBe('result-entered');
    expect(second.message).toMatch(new RegExp(`^Table ${tables[0]} was entered at \\d\\d:\\d\\d by Judge Ana — amend it\\?`));

    // Every device follows the event to the same state the host holds.
    const last = Math.max(...acks.map((a) => a.seq));
    await Promise.all(all.map((d) => d.reached(last)));
    const truth = await host.station.snapshot();
    expect(truth.lastSeq).toBe(last);
    for (const device of all) {
      expect(device.follower.current?.lastSeq).toBe(truth.lastSeq);
      expect(device.follower.current?.state).toEqual(truth.state);
    }
    // The display reads the standings.
    const standings = await hall.api.query({ kind: 'standings' });
    if (standings.kind !== 'standings') throw new Error('wrong answer kind');
    expect(standings.standings.filter((s) => s.points === 3)).toHaveLength(4);

    // Who sent what: the journal (and the entries every device folded) carry the device.
    const journal = await desk.api.query({ kind: 'journal' });
    if (journal.kind !== 'journal') throw new Error('wrong answer kind');
    const byOf = (seq: number): unknown => journal.entries.find((e) => e.seq === seq)?.by;
    expect(byOf(0)).toBeUndefined(); // created by the head-judge station itself
    for (let seq = 1; seq <= NAMES.length; seq++) expect(byOf(seq)).toEqual(deskJoin.device);
    expect(byOf(paired.seq)).toEqual(deskJoin.device);
    for (const [i, ack] of acks.entries()) expect(byOf(ack.seq)).toEqual(i % 2 === 0 ? anaJoin.device : boJoin.device);
    const pushedBy = hall.pushes.flatMap((p) => (p.type === 'entries' ? p.entries : [])).find((e) => e.seq === acks[1]?.seq)?.by;
    expect(pushedBy).toEqual(boJoin.device);
    // ...and the save on disk says so too.
    const lines = (await readFile(created.summary?.path as string, 'utf8')).trim().split('\n').slice(1).map((line) => JSON.parse(line) as { seq: number; by?: unknown });
    expect(lines.find((l) => l.seq === acks[0]?.seq)?.by).toEqual(anaJoin.device);

    // The desk undoes a result; every device takes the new state.
    const undone = await desk.api.undo({ seq: acks[0]?.seq as number, reason: 'wrong table' });
    await Promise.all(all.map((d) => d.reached(undone.seq)));
    expect(hall.follower.current?.state?.rounds[0]?.tables.find((t) => t.table === tables[0])?.result).toBeUndefined();
    expect(byOf(0)).toBeUndefined();

    // Devices never heard the network; the station's list shows all four connected.
    for (const device of all) expect(device.pushes.some((p: StationPush) => p.type === 'network')).toBe(false);
    const devices = (await host.station.networkStatus()).devices;
    expect(devices.filter((d) => d.connected).map((d) => d.name).sort()).toEqual(['Desk 2', 'Hall screen', 'Judge Ana', 'Judge Bo']);
  });

  it('lets each role do only its own work: a display reads; a judge works the floor but cannot open, create or save events, nor touch the network', async () => {
    await host.networkOn();
    await host.station.createEvent({ name: 'Roles Cup', ruleset: 'mtr', settings: {} });
    for (const [i, name] of NAMES.slice(0, 4).entries()) await host.station.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i } });
    const proposed = await host.station.query({ kind: 'propose-pairing', seed: 1 });
    if (proposed.kind !== 'propose-pairing') throw new Error('wrong answer kind');
    await host.station.dispatch({ command: publishCommand(1, 'swiss', proposed.proposal) });
    const before = (await host.station.snapshot()).lastSeq;

    const display = await client((await joinAs(host, 'display', 'Hall screen')).token);
    const judge = await client((await joinAs(host, 'judge', 'Judge Ana')).token);
    const table = proposed.proposal.tables[0]?.table as number;

    const displayRefused: Promise<unknown>[] = [
      display.api.dispatch({ command: { type: 'record-result', round: 1, table, result: { games: [2, 0, 0] } } }),
      display.api.dispatch({ command: { type: 'drop-player', id: 'p1' } }),
      display.api.undo({ seq: before }),
      display.api.query({ kind: 'journal' }),
      display.api.print({ doc: 'match-slips' }),
      display.api.setNetwork({ on: false }),
    ];
    for (const call of displayRefused) await expect(refusal(call)).resolves.toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/Hall screen \(display\)/) });
    await expect(display.api.query({ kind: 'standings' })).resolves.toMatchObject({ kind: 'standings' });
    await expect(display.api.snapshot()).resolves.toMatchObject({ lastSeq: before });

    const judgeRefused: [Promise<unknown>, RegExp][] = [
      [judge.api.createEvent({ name: 'Hijack', ruleset: 'mtr', settings: {} }), /only the head-judge station can \(createEvent\)/],
      [judge.api.openEvent({ path: '/etc/passwd' }), /only the head-judge station can \(openEvent\)/],
      [judge.api.closeEvent(), /closeEvent/],
      [judge.api.saveAs({ path: 'copy.podium' }), /saveAs/],
      [judge.api.saveRepairedCopy({ path: 'copy.podium' }), /saveRepairedCopy/],
      [judge.api.takeOverEvent(), /takeOverEvent/],
      [judge.api.setNetwork({ on: false }), /setNetwork/],
      [judge.api.networkStatus(), /networkStatus/],
      [judge.api.newJoinCode({ role: 'station' }), /newJoinCode/],
      [judge.api.revokeDevice({ id: 'dev-000000000000' }), /revokeDevice/],
      [judge.api.dispatch({ command: { type: 'register-player', player: { id: 'p9', name: 'Smuggled In' }, draw: 9 } }), /Judge Ana \(judge\) cannot register player/],
    ];
    for (const [call, words] of judgeRefused) await expect(refusal(call)).resolves.toMatchObject({ code: 'not-allowed', message: expect.stringMatching(words) });
    expect((await host.station.snapshot()).lastSeq).toBe(before); // nothing was written
    expect((await host.station.networkStatus()).on).toBe(true); // nor the network touched

    // What a judge is for.
    const ack = await judge.api.dispatch({ command: { type: 'record-result', round: 1, table, result: { games: [2, 0, 0] } } });
    expect(ack.seq).toBe(before + 1);
    await expect(judge.api.query({ kind: 'standings' })).resolves.toMatchObject({ kind: 'standings' });
  });

  it('revoking a device refuses its token and closes its connection at once, mid-session; the others go on', async () => {
    await host.networkOn();
    await host.station.createEvent({ name: 'Revoke Cup', ruleset: 'mtr', settings: {} });
    const desk = await joinAs(host, 'station', 'Desk 2');
    const judge = await joinAs(host, 'judge', 'Judge Ana');
    const deskClient = await client(desk.token);
    const judgeClient = await client(judge.token);
    await deskClient.api.dispatch({ command: { type: 'register-player', player: { id: 'p1', name: 'Ana Archer' }, draw: 1 } });

    // A second raw connection of the same device: both close.
    const raw = (await tryUpgrade(rpcUrl(host.lan(), desk.token))) as { ws: import('ws').WebSocket };
    const rawClosed = closedOf(raw.ws);
    const deskClosed = new Promise<void>((resolve) => deskClient.channel.onStatus((s) => s === 'disconnected' && resolve()));
    const status = await host.station.revokeDevice({ id: desk.device.id });
    expect(status.devices.map((d) => d.id)).toEqual([judge.device.id]);
    await within(deskClosed, 'the revoked device to be disconnected');
    expect(await within(rawClosed, 'the raw connection to close')).toMatchObject({ code: 4003, reason: 'this device was removed by the scorekeeper' });

    // Its token opens nothing now.
    const again = await tryUpgrade(rpcUrl(host.lan(), desk.token));
    expect(again).toEqual({ status: 403, body: 'Podium refused this connection: this device has not joined: a join code is needed.\n' });
    const probe = await http(`${host.lan()}rpc?token=${desk.token}`);
    expect(probe.status).toBe(403);
    expect(probe.body).toBe('Podium refused this connection: this device has not joined: a join code is needed.\n');
    await expect(refusal(deskClient.api.snapshot())).resolves.toBeInstanceOf(StationError);
    expect(await readFile(path.join(host.dataDir, 'devices.json'), 'utf8')).not.toContain(desk.device.id);
    // Revoking it twice says so.
    await expect(refusal(host.station.revokeDevice({ id: desk.device.id }))).resolves.toMatchObject({ message: expect.stringMatching(/no such device/) });

    // The judge was never disturbed.
    expect((await judgeClient.api.whoami()).caller).toMatchObject({ name: 'Judge Ana' });
    expect(host.mode.network.connections()).toBe(1);
  });

  it('turning the network off closes every device and stops listening; on again, the same codes and tokens work, also after a restart', async () => {
    const first = await host.networkOn();
    const judge = await joinAs(host, 'judge', 'Judge Ana');
    const device = await client(judge.token);
    const off = new Promise<void>((resolve) => device.channel.onStatus((s) => s === 'disconnected' && resolve()));
    const status = await host.station.setNetwork({ on: false });
    expect(status).toMatchObject({ on: false, urls: [], joinCodes: [] });
    expect(status.devices.map((d) => [d.name, d.connected])).toEqual([['Judge Ana', false]]);
    await within(off, 'the device to be disconnected');
    await expect(http(host.lan())).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    const on = await host.networkOn();
    expect(on.joinCodes).toEqual(first.joinCodes);
    expect(await (await client(judge.token)).api.whoami()).toMatchObject({ caller: { id: judge.device.id } });

    // A restart of the host: the device's token is still good (its hash is in the station folder).
    for (const c of clients.splice(0)) c.close();
    const dir = host.dir;
    host.stationChannel.close();
    await host.mode.close();
    host = await startVenueHost({}, { dir });
    const restarted = await host.networkOn();
    expect(restarted.devices.map((d) => [d.name, d.connected])).toEqual([['Judge Ana', false]]);
    expect(await (await client(judge.token)).api.whoami()).toMatchObject({ caller: { kind: 'device', id: judge.device.id, name: 'Judge Ana', role: 'judge' } });
  });
});

describe('turning the venue network on where it cannot be', () => {
  let blocker: Server | null = null;
  afterAll(async () => {
    if (blocker) await new Promise((resolve) => blocker?.close(resolve));
  });

  it('says so in words when this computer has no LAN address', async () => {
    const host = await startVenueHost({ addresses: () => [] });
    try {
      const status: NetworkStatus = await host.station.setNetwork({ on: true });
      expect(status.on).toBe(false);
      expect(status.problem).toMatch(/^this computer is on no network .*connect it to the venue network/);
      const junk = await startVenueHost({ addresses: () => ['not-an-address', '::1'] });
      try {
        expect((await junk.station.setNetwork({ on: true })).problem).toMatch(/on no network/);
      } finally {
        await junk.close();
      }
    } finally {
      await host.close();
    }
  });

  it('uses another port when the local one is taken on the LAN address (the codes carry it)', async () => {
    const host = await startVenueHost();
    try {
      blocker = createServer();
      await listen(blocker, host.port, LAN_ADDRESS);
      const status = await host.networkOn();
      expect(status.on).toBe(true);
      const url = new URL(status.urls[0] as string);
      expect(url.hostname).toBe(LAN_ADDRESS);
      expect(Number(url.port)).not.toBe(host.port);
      expect(status.joinCodes[0]?.url.startsWith(status.urls[0] as string)).toBe(true);
      expect((await http(status.urls[0] as string)).status).toBe(200);
    } finally {
      await host.close();
    }
  });
});

describe('choosing the address the venue network listens on', () => {
  const TWO = ['127.0.0.2', '127.0.0.3'];
  /** Does anything accept a connection at address:port? */
  const listening = (address: string, port: number): Promise<boolean> =>
    new Promise((resolve) => {
      const socket = connect({ host: address, port });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });

  it('--lan-address: on, it listens there only, and the panel offers it as chosen', async () => {
    const host = await startVenueHost({ addresses: () => TWO }, { lanAddress: '127.0.0.3' });
    try {
      const status = await host.networkOn();
      expect(status).toMatchObject({ on: true, urls: [`http://127.0.0.3:${host.port}/`], addresses: TWO, chosen: '127.0.0.3' });
      expect(await listening('127.0.0.3', host.port)).toBe(true);
      expect(await listening('127.0.0.2', host.port)).toBe(false);
      expect((await http(`http://127.0.0.3:${host.port}/`)).status).toBe(200);
    } finally {
      await host.close();
    }
  });

  it('PODIUM_LAN_ADDRESS does the same when no option is given; a loopback alias of this computer counts', async () => {
    const host = await startVenueHost({ addresses: () => [] }, { env: { PODIUM_LAN_ADDRESS: ' 127.0.0.4 ' } });
    try {
      const status = await host.networkOn();
      expect(status.urls).toEqual([`http://127.0.0.4:${host.port}/`]);
      expect(status.addresses).toEqual(['127.0.0.4']);
    } finally {
      await host.close();
    }
  });

  it('an address that is not this computer’s, the station’s own door, or not an address at all is refused in words before anything starts', async () => {
    const refusedWith = async (lanAddress: string, env: Record<string, string> = {}): Promise<string> => {
      try {
        const host = await startVenueHost({ addresses: () => [LAN_ADDRESS] }, { ...(lanAddress ? { lanAddress } : {}), env });
        await host.close();
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`${lanAddress} was accepted`);
    };
    expect(await refusedWith('192.0.2.250')).toMatch(/^--lan-address: 192\.0\.2\.250 is not an address of this computer \(its addresses: 127\.0\.0\.2\)$/);
    expect(await refusedWith('127.0.0.1')).toMatch(/^--lan-address: 127\.0\.0\.1 is the station's own door on this computer, which devices cannot reach/);
    expect(await refusedWith('wifi')).toBe('--lan-address: "wifi" is not an IPv4 address such as 192.168.1.20');
    expect(await refusedWith('', { PODIUM_LAN_ADDRESS: '10.300.1.1' })).toBe('PODIUM_LAN_ADDRESS: "10.300.1.1" is not an IPv4 address such as 192.168.1.20');
    expect(parseWebArgs(['--lan-address', '192.168.1.20', '--port=0'])).toEqual({ lanAddress: '192.168.1.20', port: 0 });
    expect(() => parseWebArgs(['--lan-address'])).toThrow('--lan-address needs a value');
    expect(() => parseWebArgs(['--lan-address=eth0'])).toThrow('--lan-address: "eth0" is not an IPv4 address such as 192.168.1.20');
    expect(parseWebArgs(['--help'])).toEqual({ help: true });
    expect(WEB_USAGE).toMatch(/--lan-address ADDR {3}when the station turns the venue network on, listen on ADDR only/);
  });

  it('the panel’s choice: listened on at once, remembered in the station folder for the next start; not this computer’s is refused', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-choice-'));
    try {
      const first = await startVenueHost({ addresses: () => TWO }, { dir });
      let status: NetworkStatus;
      try {
        status = await first.networkOn();
        expect(status.urls).toEqual([`http://127.0.0.2:${first.port}/`, `http://127.0.0.3:${first.port}/`]);
        status = await first.station.setNetwork({ on: true, address: '127.0.0.3' });
        expect(status).toMatchObject({ on: true, chosen: '127.0.0.3', urls: [`http://127.0.0.3:${first.port}/`] });
        expect(await listening('127.0.0.2', first.port)).toBe(false);
        const refused = await refusal(first.station.setNetwork({ on: true, address: '10.1.2.3' }));
        expect(refused.message).toBe('10.1.2.3 is not an address of this computer now: choose one of 127.0.0.2, 127.0.0.3, or every address');
        expect((await first.station.networkStatus()).chosen).toBe('127.0.0.3');
        expect(JSON.parse(await readFile(path.join(first.dataDir, 'network.json'), 'utf8'))).toEqual({ version: 1, address: '127.0.0.3' });
      } finally {
        await first.close();
      }
      const second = await startVenueHost({ addresses: () => TWO }, { dir });
      try {
        expect((await second.station.networkStatus()).chosen).toBe('127.0.0.3');
        expect((await second.networkOn()).urls).toEqual([`http://127.0.0.3:${second.port}/`]);
        // Every address again; chosen while off, it waits for the switch.
        status = await second.station.setNetwork({ on: false, address: null });
        expect(status).toMatchObject({ on: false, chosen: null });
        expect((await second.networkOn()).urls).toHaveLength(2);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the network where the host has none', () => {
  it('says so in words (the command line, in-process hosts)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-no-network-'));
    const service = createHostServices({ dataDir: dir, station: 'no-network', clock: false });
    try {
      await expect(service.setNetwork({ on: true })).rejects.toThrow(/venue network is not available here/);
    } finally {
      await service.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
