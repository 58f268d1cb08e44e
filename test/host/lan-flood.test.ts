/**
 * The LAN door holds under a flood, on a real browser-mode host whose venue network
 * listens on 127.0.0.2, with clients on many loopback addresses (127.0.x.y: Linux answers on all of
 * 127/8 without setup), as phones and hostile machines on a venue's Wi-Fi have addresses of their own:
 *
 * - idle connections (connected and silent, a request sent a byte at a time, a kept-alive one
 *   between requests) are closed within the gate's few seconds; a WebSocket that is served is not;
 * - one address past its share of connections, and everyone past the total, are answered with a
 *   503 in words, while another address is served;
 * - one device token past its connections is refused in words, and its other connections and
 *   other devices go on;
 * - join-code guessing from many addresses at once never refuses an honest device the right code,
 *   and the number of codes the guessers got checked stays bounded;
 * - many addresses guessing one table's code are capped at that table, not per address alone;
 * - at the default limits the door reaches 3,000 phones plus the devices, and refuses the next
 *   phone in words.
 *
 * The door's rate-limit clock stands still unless the test moves it; every loop is bounded in
 * count, every wait is for an event with a deadline.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { publishCommand, type NewCommand } from '../../core/event/commands.js';
import type { EventState, Round } from '../../core/model/types.js';
import { tableCode } from '../../core/public/table-codes.js';
import { DEFAULT_DOOR_LIMITS } from '../../electron/host/lan-door.js';
import { DEFAULT_CONNECTION_LIMITS } from '../../electron/host/lan-gate.js';
import { DEFAULT_PUBLIC_LIMITS } from '../../electron/host/public-door.js';
import { closedOf, hostState, http, joinAs, postJoin, rpcUrl, startVenueHost, tryUpgrade, within, type VenueHost } from './venue-helpers.js';

/** The n-th client address of a block (127.0.B.n), never 127.0.0.x (the host's own). */
const clientAddress = (block: number, n: number): string => `127.0.${block}.${n}`;

/** A raw TCP connection from `localAddress`: what it was answered, and when it closed. */
interface Raw {
  socket: Socket;
  text: () => string;
  closed: Promise<void>;
}

function rawConnect(host: string, port: number, localAddress: string): Promise<Raw> {
  return within(
    new Promise((resolve, reject) => {
      const socket = connect({ host, port, localAddress });
      let text = '';
      let markClosed: () => void = () => undefined;
      const closed = new Promise<void>((done) => (markClosed = done));
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('error', () => undefined); // a reset after the door closes it is an end like any other
      socket.once('close', () => markClosed());
      socket.once('connect', () => resolve({ socket, text: () => text, closed }));
      socket.once('error', reject);
    }),
    `a connection from ${localAddress}`,
  );
}

/** Open `count` raw connections from `localAddress` (one at a time: the door counts each before the next). */
async function hold(host: string, port: number, localAddress: string, count: number): Promise<Raw[]> {
  const held: Raw[] = [];
  for (let i = 0; i < count; i++) held.push(await rawConnect(host, port, localAddress));
  return held;
}

/** The whole answer a refused connection got (it is closed after it). */
async function answerOf(raw: Raw): Promise<string> {
  await within(raw.closed, 'the refused connection to be closed');
  return raw.text();
}

/** Resolves once the door counts `open` connections (it counts each as it accepts it). */
async function untilOpen(host: VenueHost, open: number): Promise<void> {
  for (let i = 0; i < 200 && host.mode.network.gate().open !== open; i++) await http(`http://127.0.0.1:${host.port}/`);
  expect(host.mode.network.gate().open).toBe(open);
}

/** An event of 8 players with round 1 published (the host draws its report key). */
async function pairedEvent(host: VenueHost): Promise<Round> {
  await host.station.createEvent({ name: 'Flood Open', ruleset: 'mtr', settings: {} });
  const players = ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'].map((n, i) => ({ id: `p${i + 1}`, name: `${n} Flood` }));
  await host.station.dispatchBatch({ commands: players.map((player, draw): NewCommand => ({ type: 'register-player', player, draw })) });
  const proposed = await host.station.query({ kind: 'propose-pairing', seed: 2 });
  if (proposed.kind !== 'propose-pairing') throw new Error('no proposal');
  await host.station.dispatch({ command: publishCommand(1, 'swiss', proposed.proposal) });
  // The round's report key never leaves the host: read from the host's own state.
  return hostState(host).rounds[0] as Round;
}

describe('the documented limits', () => {
  it('reach 3,000 phones plus every device, and close a silent connection within a few seconds', () => {
    expect(DEFAULT_PUBLIC_LIMITS.maxPhones).toBe(3000);
    expect(DEFAULT_CONNECTION_LIMITS.total).toBeGreaterThanOrEqual(3000 + 500 * DEFAULT_DOOR_LIMITS.connectionsPerDevice);
    expect(DEFAULT_CONNECTION_LIMITS.idleMs).toBeLessThanOrEqual(5000);
    expect(DEFAULT_DOOR_LIMITS.connections).toBe(DEFAULT_CONNECTION_LIMITS);
  });
});

describe('connections on the LAN door', () => {
  let host: VenueHost;
  let lanHost: string;
  beforeAll(async () => {
    host = await startVenueHost({ limits: { connections: { total: 40, perAddress: 6, idleMs: 400, refusing: 64 }, connectionsPerDevice: 2 } });
    await host.networkOn();
    lanHost = new URL(host.lan()).hostname;
  });
  afterAll(async () => host?.close());

  const port = (): number => Number(new URL(host.lan()).port);

  it('closes a connection that sends nothing, one that sends its request a byte at a time, and a kept-alive one left idle', async () => {
    const idleBefore = host.mode.network.gate().idleClosed;
    const silent = await rawConnect(lanHost, port(), clientAddress(1, 1));
    const dribbling = await rawConnect(lanHost, port(), clientAddress(1, 2));
    dribbling.socket.write(`GET / HTTP/1.1\r\nHost: ${lanHost}:${port()}\r\nX-Slow: `);
    const keptAlive = await rawConnect(lanHost, port(), clientAddress(1, 3));
    keptAlive.socket.write(`GET / HTTP/1.1\r\nHost: ${lanHost}:${port()}\r\n\r\n`);
    await within(Promise.all([silent.closed, dribbling.closed, keptAlive.closed]), 'the idle connections to be closed', 5000);
    expect(silent.text()).toBe('');
    expect(dribbling.text()).toBe('');
    expect(keptAlive.text()).toMatch(/^HTTP\/1\.1 200 OK/); // served, then closed once idle
    expect(host.mode.network.gate().idleClosed - idleBefore).toBe(3);
  });

  it('answers an address past its share with a 503 in words, and serves another address meanwhile', async () => {
    const mine = clientAddress(2, 1);
    const held = await hold(lanHost, port(), mine, 6);
    const refused = await rawConnect(lanHost, port(), mine);
    const answer = await answerOf(refused);
    expect(answer).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(answer).toContain('\r\n\r\nPodium refused this connection: this device already has 6 connections open to the station, the most one address may: close some pages, or try again in a minute.\n');
    expect((await http(host.lan(), { localAddress: clientAddress(2, 2) })).status).toBe(200);
    for (const raw of held) raw.socket.destroy();
    await Promise.all(held.map((raw) => raw.closed));
  });

  it('answers everyone past the total with a 503 in words, and takes connections again once some close', async () => {
    await untilOpen(host, 0);
    const held: Raw[] = [];
    for (let n = 1; n <= 8; n++) held.push(...(await hold(lanHost, port(), clientAddress(3, n), 5)));
    expect(host.mode.network.gate().open).toBe(40);
    const refused = await rawConnect(lanHost, port(), clientAddress(3, 99));
    expect(await answerOf(refused)).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n[\s\S]*\r\n\r\nPodium refused this connection: the station already has 40 connections on the venue network, its most: try again in a minute\.\n$/);
    const words = await http(host.lan(), { localAddress: clientAddress(3, 98) });
    expect(words.status).toBe(503);
    expect(words.headers['retry-after']).toBe('60');
    for (const raw of held.splice(0, 5)) raw.socket.destroy();
    await untilOpen(host, 35);
    expect((await http(host.lan(), { localAddress: clientAddress(3, 98) })).status).toBe(200);
    for (const raw of held) raw.socket.destroy();
  });

  it('gives one device token its connections and no more, refused in words; the others go on', async () => {
    await untilOpen(host, 0);
    const desk = await joinAs(host, 'station', 'Desk Flood');
    const judge = await joinAs(host, 'judge', 'Judge Flood');
    const first = await tryUpgrade(rpcUrl(host.lan(), desk.token), { localAddress: clientAddress(4, 1) });
    const second = await tryUpgrade(rpcUrl(host.lan(), desk.token), { localAddress: clientAddress(4, 2) });
    expect('ws' in first && 'ws' in second).toBe(true);
    const third = await tryUpgrade(rpcUrl(host.lan(), desk.token), { localAddress: clientAddress(4, 3) });
    expect(third).toEqual({ status: 503, body: 'Podium refused this connection: this device already has 2 connections open to the station, its most: close another tab or window of it, then try again.\n' });
    const judged = await tryUpgrade(rpcUrl(host.lan(), judge.token), { localAddress: clientAddress(4, 3) });
    expect('ws' in judged).toBe(true);
    // The served WebSockets are not idle connections: the gate leaves them be.
    const stillOpen = [first, second, judged].map((r) => ('ws' in r ? r.ws : null)) as WebSocket[];
    expect(stillOpen.every((ws) => ws.readyState === WebSocket.OPEN)).toBe(true);
    // One closes: the token gets a place again.
    stillOpen[0]?.close();
    await closedOf(stillOpen[0] as WebSocket);
    let again: Awaited<ReturnType<typeof tryUpgrade>> = { status: 0, body: '' };
    for (let i = 0; i < 50 && !('ws' in again); i++) again = await tryUpgrade(rpcUrl(host.lan(), desk.token), { localAddress: clientAddress(4, 4) });
    expect('ws' in again).toBe(true);
    for (const ws of [...stillOpen.slice(1), 'ws' in again ? again.ws : null]) ws?.close();
  });
});

describe('guessing codes from many addresses', () => {
  it('never refuses the right join code to an honest device, and bounds the codes the guessers get checked', async () => {
    const host = await startVenueHost();
    try {
      await host.networkOn();
      const base = host.lan();
      const GUESSERS = 40;
      const TRIES = 20;
      const answers: number[] = [];
      let checkedWrong = 0;
      const guessing = Array.from({ length: GUESSERS }, async (_, g) => {
        for (let t = 0; t < TRIES; t++) {
          const reply = await postJoin(base, { code: `ZZZZ-${String(g).padStart(2, '0')}${String(t).padStart(2, '0')}`, name: 'Guesser' }, {}, clientAddress(5, g + 1));
          answers.push(reply.status);
          // A wrong code answered as such was checked; a refusal before the code is read was not.
          if (reply.status === 403 || (reply.status === 429 && reply.body.includes('that join code is not right'))) checkedWrong++;
        }
      });
      // Eleven honest devices join while the guessing goes on, each from its own address.
      const honest = Array.from({ length: 11 }, (_, h) => postJoin(base, { code: host.code(h % 2 === 0 ? 'judge' : 'display'), name: `Honest ${h + 1}` }, {}, clientAddress(6, h + 1)));
      const joined = await Promise.all(honest);
      await Promise.all(guessing);
      expect(joined.map((r) => r.status)).toEqual(Array.from({ length: 11 }, () => 200));
      // After the guessing, too.
      const late = await postJoin(base, { code: host.code('station'), name: 'Honest late' }, {}, clientAddress(6, 50));
      expect(late.status).toBe(200);
      expect(answers).toHaveLength(GUESSERS * TRIES);
      expect(answers.filter((s) => s === 200)).toEqual([]);
      // The network's 30, and past them one more from each address before it waits a minute.
      expect(checkedWrong).toBeLessThanOrEqual(DEFAULT_DOOR_LIMITS.wrongCodes.burst + GUESSERS);
      expect(answers.filter((s) => s === 429).length).toBeGreaterThan(GUESSERS * TRIES - DEFAULT_DOOR_LIMITS.wrongCodes.burst - GUESSERS - 1);
      expect((await host.station.networkStatus()).devices.map((d) => d.name).filter((n) => n.startsWith('Guesser'))).toEqual([]);
    } finally {
      await host.close();
    }
  });

  it('many guesses at once from one address get no more checked than its ten, and right codes spend nothing', async () => {
    const host = await startVenueHost();
    try {
      await host.networkOn();
      const from = clientAddress(8, 1);
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => postJoin(host.lan(), { code: `ZZZZ-YY${String(i).padStart(2, '0')}`, name: 'Guesser' }, {}, from)));
      expect(answers.filter((a) => a.status === 403)).toHaveLength(DEFAULT_DOOR_LIMITS.wrongCodesPerAddress.burst);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(40 - DEFAULT_DOOR_LIMITS.wrongCodesPerAddress.burst);
      // A right code from a fresh address right after: never refused, and it spends nothing.
      for (let i = 0; i < 12; i++) expect((await postJoin(host.lan(), { code: host.code('display'), name: `Screen ${i + 1}` }, {}, clientAddress(8, 2))).status).toBe(200);
    } finally {
      await host.close();
    }
  });

  it('caps wrong codes at one table from every address together; other tables, and the table later, go on', async () => {
    const host = await startVenueHost();
    try {
      await host.networkOn();
      const round = await pairedEvent(host);
      const lan = `${host.lan().replace(/^http:/, 'ws:')}public`;
      const ask = async (localAddress: string, table: number, code: string): Promise<{ ok: boolean; message?: string }> => {
        const ws = new WebSocket(lan, { localAddress });
        try {
          await within(new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject))), `a phone at ${localAddress}`);
          const answer = within(
            new Promise<{ ok: boolean; message?: string }>((resolve) =>
              ws.on('message', (data) => {
                const message = JSON.parse(String(data)) as { kind?: string; ok: boolean; message?: string };
                if (message.kind === 'answer') resolve(message);
              }),
            ),
            'an answer',
          );
          ws.send(JSON.stringify({ kind: 'look', id: 1, round: 1, table, code }));
          return await answer;
        } finally {
          ws.close();
        }
      };
      // Many addresses, each well inside its own allowance, all at table 3.
      const perTable = DEFAULT_PUBLIC_LIMITS.wrongCodesPerTable.burst;
      for (let i = 0; i < perTable; i++) expect((await ask(clientAddress(7, i + 1), 3, `WRONG${String.fromCharCode(65 + i)}`)).message).toMatch(/not the code of table 3/);
      const capped = await ask(clientAddress(7, 200), 3, tableCode(round.reportKey as string, 1, 3));
      expect(capped).toEqual({ kind: 'answer', id: 1, ok: false, message: expect.stringMatching(/^too many wrong codes were tried for table 3: wait 30 seconds and type the code on your slip again, or report the result at the desk$/) });
      // Another table is not touched.
      expect((await ask(clientAddress(7, 201), 4, tableCode(round.reportKey as string, 1, 4))).ok).toBe(true);
      host.advance(30_000);
      expect((await ask(clientAddress(7, 202), 3, tableCode(round.reportKey as string, 1, 3))).ok).toBe(true);
    } finally {
      await host.close();
    }
  });
});

describe('at the default limits', () => {
  it('serves 3,000 phones and the devices at once on the LAN side, and refuses the next phone in words', async () => {
    const host = await startVenueHost();
    const phones: WebSocket[] = [];
    try {
      await host.networkOn();
      await pairedEvent(host);
      const lan = `${host.lan().replace(/^http:/, 'ws:')}public`;
      const PER_ADDRESS = 50; // inside the 64 one address may hold
      const open = (localAddress: string): Promise<WebSocket> =>
        within(
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(lan, { localAddress });
            ws.once('open', () => resolve(ws));
            ws.once('error', reject);
            ws.once('unexpected-response', (_req, res) => reject(new Error(`phone ${phones.length + 1} refused: ${res.statusCode}`)));
          }),
          `phone ${phones.length + 1}`,
        );
      for (let block = 0; phones.length < 3000; block++) {
        const address = clientAddress(10 + Math.floor(block / 250), (block % 250) + 1);
        const batch = await Promise.all(Array.from({ length: Math.min(PER_ADDRESS, 3000 - phones.length) }, () => open(address)));
        phones.push(...batch);
      }
      expect(host.mode.network.phones.connections()).toBe(3000);
      // Every device still gets in beside them.
      const desk = await joinAs(host, 'station', 'Desk Busy');
      const judge = await joinAs(host, 'judge', 'Judge Busy');
      for (const token of [desk.token, judge.token]) {
        const device = await tryUpgrade(rpcUrl(host.lan(), token), { localAddress: clientAddress(20, 1) });
        expect('ws' in device).toBe(true);
        if ('ws' in device) device.ws.close();
      }
      const next = await tryUpgrade(lan, { localAddress: clientAddress(20, 2) });
      expect(next).toMatchObject({ status: 503, body: expect.stringContaining('the station already serves 3,000 phones, its most') });
    } finally {
      for (const ws of phones) ws.terminate();
      await host.close();
    }
  }, 180_000);
});
