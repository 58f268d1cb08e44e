/**
 * The LAN is hostile until proven otherwise: against a real browser-mode host with
 * its venue network on 127.0.0.2, a client that sends bad JSON, binary frames, objects that are
 * not requests, `__proto__` keys, a 50 MB message, a 10,000-message burst, the wrong Host or
 * Origin, a token in the wrong place, or paths that climb out of the renderer's folder, cannot
 * write, read a file, or stop the host — and the host keeps serving a well-behaved device
 * throughout. The door's clock is a fake one that stands still unless moved, so the rate limits
 * give exact counts; every loop is bounded and every wait is for an event.
 */
import { readFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { NetworkStatus } from '../../core/api/contract.js';
import {
  closedOf,
  deviceClient,
  http,
  joinAs,
  LAN_ADDRESS,
  openRaw,
  postJoin,
  rawCall,
  rawHttp,
  rawUpgrade,
  rpcUrl,
  SECRET,
  startVenueHost,
  tryUpgrade,
  within,
  type DeviceClient,
  type Joined,
  type VenueHost,
} from './venue-helpers.js';

const BURST = 200; // the door's default: 200 messages at once per device

describe('a hostile client on the venue network', () => {
  let host: VenueHost;
  let judge: Joined;
  /** The well-behaved device, asked after every attack whether it is still served. */
  let bystander: DeviceClient;
  let bystanderCalls = 0;

  const stillServed = async (): Promise<void> => {
    bystanderCalls++;
    expect((await bystander.api.whoami()).caller).toMatchObject({ kind: 'device', name: 'Judge Bystander' });
    expect((await host.station.snapshot()).summary?.name).toBe('Hostile Open');
  };

  /**
   * Entries written by others since the last call: the station writes one of its own, which takes
   * its turn after everything the service had already accepted, and counts what came before it.
   */
  let fences = 0;
  let lastFence = -1;
  const writtenSinceLastFence = async (): Promise<number> => {
    const { seq } = await host.station.dispatch({ command: { type: 'start-timer', id: `fence-${++fences}`, kind: 'custom', minutes: 1 } });
    const written = lastFence < 0 ? 0 : seq - lastFence - 1;
    lastFence = seq;
    return written;
  };

  beforeAll(async () => {
    host = await startVenueHost();
    await host.networkOn();
    await host.station.createEvent({ name: 'Hostile Open', ruleset: 'mtr', settings: {} });
    judge = await joinAs(host, 'judge', 'Judge Hostile');
    bystander = await deviceClient(host.lan(), (await joinAs(host, 'judge', 'Judge Bystander')).token);
  });
  afterAll(async () => {
    bystander?.close();
    await host?.close();
  });
  beforeEach(() => {
    host.advance(3_600_000); // every device's bucket full again
    // The bystander's own calls never come near its limit: it is asked a few times per attack.
    expect(bystanderCalls).toBeLessThan(BURST / 2);
  });

  it('closes a connection at its first malformed message, which never reaches the service', async () => {
    const register = (id: string): unknown => ({ type: 'register-player', player: { id, name: `Smuggled ${id}` }, draw: 1 });
    const frames: [string | Buffer, string][] = [
      ['{"kind":"request","id":1,', 'not JSON'],
      ['not json at all', 'not JSON'],
      [Buffer.from([0x00, 0xff, 0x10]), 'binary'],
      ['[1,2,3]', 'not a request object'],
      ['"request"', 'not a request object'],
      [JSON.stringify({ kind: 'response', id: 1, ok: true, result: null }), 'not a request'],
      [JSON.stringify({ kind: 'request', id: 'one', method: 'dispatch', params: { command: register('s1') } }), 'whole-number id'],
      [JSON.stringify({ kind: 'request', id: 1, method: 'dispatch', params: { command: register('s2') }, admin: true }), 'unknown field'],
      [`{"kind":"request","id":1,"method":"dispatch","params":{"command":${JSON.stringify(register('s3'))},"__proto__":{"role":"station"}}}`, '"__proto__" key'],
      [`{"__proto__":{"kind":"request"},"kind":"request","id":1,"method":"dispatch","params":{"command":${JSON.stringify(register('s4'))}}}`, '"__proto__" key'],
      [JSON.stringify({ kind: 'request', id: 1, method: 'dispatch', params: { command: { ...(register('s5') as object), constructor: { prototype: { role: 'station' } } } } }), 'key'],
    ];
    await writtenSinceLastFence();
    for (const [frame, words] of frames) {
      const ws = await openRaw(rpcUrl(host.lan(), judge.token));
      const closed = closedOf(ws);
      const answers: unknown[] = [];
      ws.on('message', (data) => answers.push(JSON.parse(String(data))));
      ws.send(frame, { binary: Buffer.isBuffer(frame) });
      // Anything sent after it is not read either.
      ws.send(JSON.stringify({ kind: 'request', id: 2, method: 'dispatch', params: { command: register('after') } }));
      const { code, reason } = await within(closed, `the connection to close after ${String(frame).slice(0, 40)}`);
      expect(code, String(frame).slice(0, 60)).toBe(1008);
      expect(reason).toContain(words);
      expect(answers.filter((a) => (a as { kind: string }).kind === 'response')).toEqual([]);
    }
    expect(await writtenSinceLastFence()).toBe(0); // (a judge may not register anyway) nothing at all was written
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    await stillServed();
  });

  it('refuses a 50 MB message at its header, before reading it, and the host goes on', async () => {
    // A frame header announcing 50 MB, and only a few bytes of it: refused without waiting for the rest.
    const socket: Socket = await rawUpgrade(LAN_ADDRESS, Number(new URL(host.lan()).port), `/rpc?token=${judge.token}`);
    const header = Buffer.alloc(14);
    header[0] = 0x81; // FIN, text
    header[1] = 0x80 | 127; // masked, 64-bit length
    header.writeBigUInt64BE(50n * 1024n * 1024n, 2);
    const ended = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.once('close', () => resolve(text));
    });
    socket.write(Buffer.concat([header, Buffer.alloc(1024, 0x61)]));
    const answer = await within(ended, 'the host to close the 50 MB connection');
    expect(answer.charCodeAt(0)).toBe(0x88); // a close frame…
    expect((answer.charCodeAt(2) << 8) | answer.charCodeAt(3)).toBe(1009); // …"message too big"

    // The same through a real client, all 50 MB of it.
    const ws = await openRaw(rpcUrl(host.lan(), judge.token));
    const closed = closedOf(ws);
    ws.on('error', () => undefined); // the host stops reading: the rest of the write fails
    ws.send('x'.repeat(50 * 1024 * 1024));
    expect([1009, 1006]).toContain((await within(closed, 'the host to close a 50 MB message')).code);

    // Fragments adding up past the limit: the same.
    const fragments = await openRaw(rpcUrl(host.lan(), judge.token));
    const fragmentsClosed = closedOf(fragments);
    fragments.on('error', () => undefined);
    const piece = 'y'.repeat(100 * 1024);
    for (let i = 0; i < 4; i++) fragments.send(piece, { fin: false });
    fragments.send(piece, { fin: true });
    expect([1009, 1006]).toContain((await within(fragmentsClosed, 'the host to close a fragmented 500 KB message')).code);
    await stillServed();
  });

  it('cuts a 10,000-message burst off after the device’s first 200 messages, and serves others meanwhile', async () => {
    const burster = await joinAs(host, 'judge', 'Judge Burst');
    const ws = await openRaw(rpcUrl(host.lan(), burster.token));
    const closed = closedOf(ws);
    ws.on('error', () => undefined);
    let answered = 0;
    ws.on('message', (data) => {
      if ((JSON.parse(String(data)) as { kind: string }).kind === 'response') answered++;
    });
    await writtenSinceLastFence();
    // Each a command a judge may send that writes an entry: a timer started (the clock's table work).
    for (let id = 1; id <= 10_000; id++)
      ws.send(JSON.stringify({ kind: 'request', id, method: 'dispatch', params: { command: { type: 'start-timer', id: `t${id}`, kind: 'custom', label: `Timer ${id}`, minutes: 1 } } }));
    const bystanderAnswer = bystander.api.whoami(); // asked while the burst is read
    const { code, reason } = await within(closed, 'the host to close the bursting connection', 30_000);
    expect(code).toBe(1008);
    expect(reason).toMatch(/too many messages/);
    await expect(bystanderAnswer).resolves.toMatchObject({ caller: { name: 'Judge Bystander' } });
    bystanderCalls++;
    // The clock stood still: exactly the burst was let through, each written once, the rest never read.
    expect(await writtenSinceLastFence()).toBe(BURST);
    expect(answered).toBeLessThanOrEqual(BURST);
    await stillServed();

    // The same device must wait for its bucket: its next connection is cut at its first message…
    const next = await openRaw(rpcUrl(host.lan(), burster.token));
    const nextClosed = closedOf(next);
    next.send(JSON.stringify({ kind: 'request', id: 1, method: 'whoami', params: {} }));
    expect((await within(nextClosed, 'the still-limited device to be closed')).code).toBe(1008);
    // …and once a second has passed it has 50 more.
    host.advance(1000);
    const rested = await openRaw(rpcUrl(host.lan(), burster.token));
    expect(await rawCall(rested, 1, 'whoami')).toMatchObject({ ok: true, result: { caller: { name: 'Judge Burst' } } });
    const restedClosed = closedOf(rested);
    rested.close();
    await within(restedClosed, 'the rested connection to close');
  });

  it('refuses the wrong Host and Origin on every door: pages, join, and the WebSocket', async () => {
    const port = Number(new URL(host.lan()).port);
    const base = host.lan();
    for (const hostHeader of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port}`, `localhost:${port}`, `${LAN_ADDRESS}:${port + 1}`, `${LAN_ADDRESS}`]) {
      const page = await http(base, { headers: { Host: hostHeader } });
      expect(page.status, hostHeader).toBe(403);
      expect(page.body).toMatch(/only as http:\/\/127\.0\.0\.2:\d+\//);
      host.advance(60_000);
      const join = await postJoin(base, { code: host.code('station'), name: 'Rebinder' }, { Host: hostHeader });
      expect(join.status).toBe(403);
    }
    // No Host at all, or an empty one.
    expect(await rawHttp(LAN_ADDRESS, port, 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    expect(await rawHttp(LAN_ADDRESS, port, 'GET / HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 (400|403) /);
    const good = { origin: `http://${LAN_ADDRESS}:${port}` };
    const accepted = await openRaw(rpcUrl(base, judge.token), good);
    const acceptedClosed = closedOf(accepted);
    accepted.close();
    await within(acceptedClosed, 'a good connection to close');
    for (const origin of ['http://evil.example', `http://127.0.0.1:${port}`, `https://${LAN_ADDRESS}:${port}`, `http://${LAN_ADDRESS}:${port + 1}`, 'null']) {
      expect(await tryUpgrade(rpcUrl(base, judge.token), { origin }), origin).toMatchObject({ status: 403, body: expect.stringMatching(/another site/) });
      host.advance(60_000);
      expect((await postJoin(base, { code: host.code('station'), name: 'Cross-site' }, { Origin: origin })).status).toBe(403);
    }
    expect(await tryUpgrade(rpcUrl(base, judge.token), { headers: { Host: 'evil.example' } })).toMatchObject({ status: 403 });
    expect((await host.station.networkStatus()).devices.map((d) => d.name)).not.toContain('Rebinder');
    await stillServed();
  });

  it('opens nothing for a token in the wrong place, nor for the station key on the LAN; an unknown device learns only that a code is needed', async () => {
    const base = host.lan();
    const ws = base.replace(/^http:/, 'ws:');
    const key = host.mode.server.key;
    const token = judge.token;
    const NOT_JOINED = 'Podium refused this connection: this device has not joined: a join code is needed.\n';
    const refusedUpgrades: [string, Record<string, string>?][] = [
      [`${ws}rpc`],
      [`${ws}rpc`, { Authorization: `Bearer ${token}` }],
      [`${ws}rpc`, { Cookie: `token=${token}` }],
      [`${ws}rpc?key=${encodeURIComponent(key)}`], // the station key is the local door only
      [`${ws}rpc?key=${token}`],
      [`${ws}rpc?token=${token}&key=${encodeURIComponent(key)}`],
      [`${ws}rpc?token=${token}&token=${token}`],
      [`${ws}rpc?token=${encodeURIComponent(key)}`],
      [`${ws}rpc?token=${token.slice(0, -2)}`],
      [`${ws}rpc?TOKEN=${token}`],
    ];
    for (const [url, headers] of refusedUpgrades) expect(await tryUpgrade(url, headers ? { headers } : {}), url).toEqual({ status: 403, body: NOT_JOINED });
    expect(await tryUpgrade(`${ws}rpc/${token}`)).toMatchObject({ status: 404 });
    expect(await tryUpgrade(`${ws}${token}`)).toMatchObject({ status: 404 });
    // A device token on the local door: not a station key.
    expect(await tryUpgrade(`ws://127.0.0.1:${host.port}/rpc?token=${token}`)).toMatchObject({ status: 403, body: expect.stringMatching(/station key is missing/) });

    // Plain requests: the same words, and nothing else.
    expect(await http(`${base}rpc`)).toMatchObject({ status: 403, body: NOT_JOINED });
    expect(await http(`${base}rpc?key=${encodeURIComponent(key)}`)).toMatchObject({ status: 403, body: NOT_JOINED });
    expect(await http(`${base}rpc?token=${token}`)).toMatchObject({ status: 204 });
    expect((await http(`${base}rpc`, { method: 'POST' })).status).toBe(405);
    expect((await http(`${base}events`)).status).toBe(404);
    expect((await http(`${base}devices.json`)).status).toBe(404);
    expect((await http(`${base}join`, { method: 'PUT' })).status).toBe(405);
    // Joining is the LAN's only: the local door answers no POST.
    expect((await postJoin(`http://127.0.0.1:${host.port}/`, { code: host.code('station'), name: 'Local' })).status).toBe(405);
    await stillServed();
  });

  it('serves no file outside the renderer, however the path is spelled', async () => {
    const port = Number(new URL(host.lan()).port);
    const stored = await readFile(path.join(host.dataDir, 'devices.json'), 'utf8');
    expect(stored).toContain('tokenSha256');
    const paths = [
      '/../secret.txt',
      '/../../../../../../etc/passwd',
      '/%2e%2e/secret.txt',
      '/%2E%2E/%2E%2E/%2E%2E/etc/passwd',
      '/.%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/../../secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/%252e%252e/secret.txt',
      '/..\\secret.txt',
      '/%5c..%5csecret.txt',
      '/index.html/../../secret.txt',
      '//etc/passwd',
      '/station/devices.json',
      '/../station/devices.json',
      '/%2e%2e/station/devices.json',
      '/assets/app.js%00.html',
      `http://${LAN_ADDRESS}:${port}/../secret.txt`,
    ];
    for (const target of paths) {
      const answer = await rawHttp(LAN_ADDRESS, port, `GET ${target} HTTP/1.1\r\nHost: ${LAN_ADDRESS}:${port}\r\nConnection: close\r\n\r\n`);
      expect(answer, target).toMatch(/^HTTP\/1\.1 (404|400) /);
      expect(answer).not.toContain(SECRET);
      expect(answer).not.toContain('root:');
      expect(answer).not.toContain('tokenSha256');
    }
    await stillServed();
  });

  it('slows down guessing join codes from one address', async () => {
    const base = host.lan();
    host.advance(3_600_000);
    // Ten wrong tries from one address, then a wait (even the right code waits there: nothing is learnt while limited).
    for (let i = 0; i < 10; i++) expect((await postJoin(base, { code: `ZZZZ-ZZZ${i}`, name: 'Guesser' })).status).toBe(403);
    const limited = await postJoin(base, { code: host.code('station'), name: 'Guesser' });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('6');
    expect((JSON.parse(limited.body) as { error: string }).error).toMatch(/too many wrong join codes from this device: wait 6 seconds/);
    host.advance(6000);
    expect((await postJoin(base, { code: 'ZZZZ-ZZZZ', name: 'Guesser' })).status).toBe(403);

    expect((await host.station.networkStatus()).devices.map((d) => d.name)).not.toContain('Guesser');
    await stillServed();
  });

  it('counts wrong codes across the whole network: past its limit each guessing address waits a minute, while the right code still joins at once', async () => {
    // Two addresses have 20 tries between them; a network limit of 15 wrong codes (the default is
    // 30, which takes three addresses to reach) stops them first.
    const small = await startVenueHost({ limits: { wrongCodes: { perSecond: 1, burst: 15 } } });
    try {
      await small.networkOn();
      const base = small.lan();
      let wrong = 0;
      let answer = 0;
      let i = 0;
      for (; i < 20 && answer !== 429; i++) {
        // 127.0.0.1 and 127.0.0.2 as the client's own address, in turn.
        answer = (await postJoin(base, { code: `ZZZZ-ZZY${i % 10}`, name: 'Guesser' }, {}, i % 2 === 0 ? LAN_ADDRESS : undefined)).status;
        if (answer === 403) wrong++;
      }
      expect(answer).toBe(429);
      expect(wrong).toBe(15);
      // The address that guessed past the network's limit waits a minute, before its code is read.
      const guesser = i % 2 === 1 ? LAN_ADDRESS : undefined;
      const shut = await postJoin(base, { code: small.code('station'), name: 'Guesser' }, {}, guesser);
      expect(shut.status).toBe(429);
      expect(Number(shut.headers['retry-after'])).toBeGreaterThanOrEqual(60);
      expect((JSON.parse(shut.body) as { error: string }).error).toMatch(/too many wrong join codes from this device: wait \d+ seconds/);
      // The other guessing address gets one more guess, then waits too.
      const other = i % 2 === 1 ? undefined : LAN_ADDRESS;
      const lastGuess = await postJoin(base, { code: 'ZZZZ-ZZX1', name: 'Guesser' }, {}, other);
      expect(lastGuess.status).toBe(429);
      expect((JSON.parse(lastGuess.body) as { error: string }).error).toMatch(/^that join code is not right, and too many wrong codes were tried on this network: wait \d+ seconds/);
      expect((await postJoin(base, { code: small.code('station'), name: 'Guesser' }, {}, other)).status).toBe(429);
      // An honest device elsewhere joins at once with the right code.
      const honest = await postJoin(base, { code: small.code('station'), name: 'Honest' }, {}, '127.0.0.3');
      expect(honest.status).toBe(200);
      small.advance(70_000);
      expect((await postJoin(base, { code: small.code('judge'), name: 'Judge Late' }, {}, guesser)).status).toBe(200);
      expect((await small.station.networkStatus()).devices.map((d) => d.name).sort()).toEqual(['Honest', 'Judge Late']);
    } finally {
      await small.close();
    }
  });

  it('is still up and serving the station, the bystander, and a new device after all of it', async () => {
    await stillServed();
    const late = await deviceClient(host.lan(), (await joinAs(host, 'station', 'Desk Late')).token);
    try {
      const ack = await late.api.dispatch({ command: { type: 'register-player', player: { id: 'p1', name: 'Ana Archer' }, draw: 1 } });
      expect(ack.seq).toBeGreaterThan(0);
      // Every hostile connection is gone; the two good ones are all that is open.
      const connected = (status: NetworkStatus): string[] => status.devices.filter((d) => d.connected).map((d) => d.name).sort();
      await host.untilNetwork((status) => connected(status).join() === 'Desk Late,Judge Bystander', 'only the good devices to be connected');
      expect(host.mode.network.connections()).toBe(2);
    } finally {
      late.close();
    }
    // A raw WebSocket that closes politely leaves nothing behind.
    const polite = await openRaw(rpcUrl(host.lan(), judge.token));
    const closed = closedOf(polite);
    polite.close(1000);
    expect((await closed).code).toBe(1000);
    expect(polite.readyState).toBe(WebSocket.CLOSED);
  });
});
