/**
 * The players' door is open to anyone: no token, on the local door and on the venue
 * network (127.0.0.2 here). Against a real browser-mode host, a client on `/public` that tries the
 * StationApi, sends bad JSON, binary frames, `__proto__` keys, wrong shapes, a 1 MB message, a
 * 10,000-message burst, or comes from another site's page or under another Host name, is closed
 * (or never let in) and writes nothing, while a well-behaved phone goes on being served. The LAN
 * door still refuses `/rpc` and every other socket without a token. The door's clock stands still
 * unless moved, so the rate limits give exact counts; every loop is bounded, every wait has a
 * deadline.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, type ClientOptions } from 'ws';
import { publishCommand, type NewCommand } from '../../core/event/commands.js';
import type { EventState, Round } from '../../core/model/types.js';
import { tableCode } from '../../core/public/table-codes.js';
import { NOT_JOINED } from '../../electron/host/lan-door.js';
import { closedOf, hostState, http, LAN_ADDRESS, rpcUrl, startVenueHost, tryUpgrade, within, type VenueHost } from './venue-helpers.js';

type Heard = { type?: string; kind?: string; id?: number; ok?: boolean; message?: string };

/** A raw socket on `/public` that keeps every message from the first (a push can come with the handshake's bytes). */
interface RawPhone {
  ws: WebSocket;
  messages: Heard[];
  closed: Promise<{ code: number; reason: string }>;
  /** The first message from `from` on that passes `check` (already here, or once it comes). */
  next(check: (message: Heard) => boolean, what: string, from?: number): Promise<Heard>;
  send(data: string | Buffer): void;
}

async function rawPhone(url: string, options: ClientOptions = {}): Promise<RawPhone> {
  const ws = new WebSocket(url, options);
  const messages: Heard[] = [];
  const listeners = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as Heard);
    for (const listener of [...listeners]) listener();
  });
  ws.on('error', () => undefined); // a closed connection's last writes fail: the close is what is awaited
  const closed = closedOf(ws);
  await within(new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('unexpected-response', () => reject(new Error(`${url} was refused`))))), `a phone to connect to ${url}`);
  return {
    ws,
    messages,
    closed,
    next(check, what, from = 0) {
      return within(
        new Promise<Heard>((resolve) => {
          const look = (): void => {
            const found = messages.slice(from).find(check);
            if (!found) return;
            listeners.delete(look);
            resolve(found);
          };
          listeners.add(look);
          look();
        }),
        what,
      );
    },
    send: (data) => ws.send(data, { binary: Buffer.isBuffer(data) }),
  };
}

const isView = (m: Heard): boolean => m.type === 'view';
const isAnswer = (m: Heard): boolean => m.kind === 'answer';

/** An event of 8 players with round 1 published (the host draws its report key). */
async function pairedEvent(host: VenueHost, name: string): Promise<Round> {
  await host.station.createEvent({ name, ruleset: 'mtr', settings: {} });
  const players = ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'].map((n, i) => ({ id: `p${i + 1}`, name: `${n} Hostile` }));
  await host.station.dispatchBatch({ commands: players.map((player, draw): NewCommand => ({ type: 'register-player', player, draw })) });
  const proposed = await host.station.query({ kind: 'propose-pairing', seed: 2 });
  if (proposed.kind !== 'propose-pairing') throw new Error('no proposal');
  await host.station.dispatch({ command: publishCommand(1, 'swiss', proposed.proposal) });
  return hostState(host).rounds[0] as Round;
}

describe('a hostile client on the public door', () => {
  let host: VenueHost;
  let round: Round;
  let local: string;
  let lan: string;
  /** The well-behaved phone, asked after every attack whether it is still served. */
  let bystander: RawPhone;
  let results = 0;

  const stillServed = async (): Promise<void> => {
    const table = round.tables[results++ % round.tables.length]?.table as number;
    const from = bystander.messages.length;
    const amend = results > round.tables.length ? { reason: 'hostile test' } : {};
    const { seq } = await host.station.dispatch({ command: { type: 'record-result', round: 1, table, result: { games: [2, results % 2, 0] }, ...amend } });
    await bystander.next((m) => m.type === 'patch' && (m as { to?: number }).to === seq, 'the bystander to hear of a result', from);
  };

  /** Entries written since the last call, by others than the fence (a station command that takes its turn after them). */
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
    round = await pairedEvent(host, 'Hostile Open');
    local = `ws://127.0.0.1:${host.port}/public`;
    lan = `${host.lan().replace(/^http:/, 'ws:')}public`;
    bystander = await rawPhone(lan);
    await bystander.next(isView, 'the bystander’s view');
  });
  afterAll(async () => {
    bystander?.ws.close();
    await host?.close();
  });
  beforeEach(() => {
    host.advance(3_600_000); // every bucket full again
  });

  it('needs no token, but nothing on it reaches the StationApi: a request of the station’s protocol closes the connection', async () => {
    const code = tableCode(round.reportKey as string, 1, 1);
    const [a, b] = round.tables[0]?.seats as [string, string];
    const frames = [
      { kind: 'request', id: 1, method: 'dispatch', params: { command: { type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] } } } },
      { kind: 'request', id: 2, method: 'dispatch', params: { command: { type: 'report-result', round: 1, table: 1, player: a, phone: 'phone-hostile', result: { games: [2, 0, 0] } } } },
      { kind: 'request', id: 3, method: 'snapshot', params: {} },
      { kind: 'request', id: 4, method: 'setNetwork', params: { on: false } },
      { kind: 'report', id: 5, round: 1, table: 1, code, phone: 'phone-hostile', player: a, result: { games: [2, 0, 0] }, method: 'dispatch' },
      { kind: 'confirm', id: 6, round: 1, table: 1, code, phone: 'phone-hostile', player: b, agree: true, by: { role: 'station' } },
    ];
    await writtenSinceLastFence();
    for (const [i, frame] of frames.entries()) {
      const phone = await rawPhone(i % 2 === 0 ? local : lan);
      await phone.next(isView, 'the view: no token was needed');
      phone.send(JSON.stringify(frame));
      const { code: closeCode, reason } = await within(phone.closed, `the connection to close after ${JSON.stringify(frame).slice(0, 60)}`);
      expect(closeCode).toBe(1008);
      expect(reason).toMatch(/not a player page request/);
      expect(phone.messages.filter(isAnswer)).toEqual([]);
    }
    expect(await writtenSinceLastFence()).toBe(0);
    expect((await host.station.networkStatus()).on).toBe(true);
    await stillServed();
  });

  it('closes a connection at its first malformed message: not JSON, binary, wrong shapes, __proto__ and constructor keys', async () => {
    const code = tableCode(round.reportKey as string, 1, 2);
    const [a] = round.tables[1]?.seats as [string];
    const report = (extra: string): string => `{"kind":"report","id":1,"round":1,"table":2,"code":"${code}","phone":"phone-evil-1","player":"${a}",${extra}}`;
    const frames: [string | Buffer, string][] = [
      ['{"kind":"look","id":1,', 'not JSON'],
      ['not json at all', 'not JSON'],
      [Buffer.from([0x00, 0xff, 0x10]), 'binary'],
      ['[1,2,3]', 'not a player page request'],
      ['"look"', 'not a player page request'],
      ['{"kind":"look","id":"one","round":1,"table":2,"code":"X"}', 'not a player page request'],
      ['{"kind":"look","id":-1,"round":1,"table":2,"code":"X"}', 'not a player page request'],
      ['{"kind":"look","id":1,"round":1.5,"table":2,"code":"X"}', 'not a player page request'],
      ['{"kind":"look","id":1,"round":1,"table":2}', 'not a player page request'],
      [report('"result":{"games":[2,0,0]},"phone2":1'), 'not a player page request'],
      [report('"result":"2-0"'), 'not a player page request'],
      [report('"result":{"games":[2,0,0],"__proto__":{"polluted":true}}'), '"__proto__" key'],
      [`{"__proto__":{"kind":"look"},"kind":"look","id":1,"round":1,"table":2,"code":"${code}"}`, '"__proto__" key'],
      [report('"result":{"constructor":{"prototype":{"polluted":true}}}'), 'key'],
    ];
    await writtenSinceLastFence();
    for (const [frame, words] of frames) {
      const phone = await rawPhone(local);
      phone.send(frame);
      // Anything after it is not read either.
      phone.send(report('"result":{"games":[2,0,0]}'));
      const { code: closeCode, reason } = await within(phone.closed, `the connection to close after ${String(frame).slice(0, 40)}`);
      expect(closeCode, String(frame).slice(0, 60)).toBe(1008);
      expect(reason).toContain(words);
      expect(phone.messages.filter(isAnswer)).toEqual([]);
    }
    expect(await writtenSinceLastFence()).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await stillServed();
  });

  it('closes a 1 MB message (8 KiB is the most) and a 10,000-message burst, having answered at most the burst', async () => {
    const big = await rawPhone(lan);
    big.send(JSON.stringify({ kind: 'look', id: 1, round: 1, table: 1, code: 'x'.repeat(1024 * 1024) }));
    expect([1009, 1006]).toContain((await within(big.closed, 'the host to close a 1 MB message')).code);

    await writtenSinceLastFence();
    const code = tableCode(round.reportKey as string, 1, 3);
    const flood = await rawPhone(local);
    for (let i = 0; i < 10_000 && flood.ws.readyState === WebSocket.OPEN; i++) flood.send(JSON.stringify({ kind: 'look', id: i, round: 1, table: 3, code }));
    const { code: closeCode, reason } = await within(flood.closed, 'the host to close the flood');
    expect(closeCode).toBe(1008);
    expect(reason).toContain('too many messages');
    expect(flood.messages.filter(isAnswer).length).toBeLessThanOrEqual(20);
    expect(await writtenSinceLastFence()).toBe(0);
    await stillServed();
  });

  it('refuses another site’s page and another Host name, on both doors, before any message', async () => {
    const lanPort = Number(new URL(host.lan()).port);
    const refusals: { url: string; headers: Record<string, string>; words: string }[] = [
      { url: lan, headers: { Origin: 'http://evil.example' }, words: 'a page from another site cannot use Podium' },
      { url: lan, headers: { Origin: `http://127.0.0.1:${host.port}` }, words: 'a page from another site cannot use Podium' },
      { url: lan, headers: { Host: `podium.evil.example:${lanPort}` }, words: `Podium answers on the venue network only as http://${LAN_ADDRESS}:${lanPort}/` },
      { url: local, headers: { Origin: 'http://evil.example' }, words: 'Origin http://evil.example is not this station' },
      { url: local, headers: { Origin: `http://127.0.0.1:${host.port + 1}` }, words: 'is not this station' },
      { url: local, headers: { Host: 'podium.evil.example' }, words: 'is not this machine' },
    ];
    for (const { url, headers, words } of refusals) {
      const result = await within(tryUpgrade(url, { headers }), `an answer to ${JSON.stringify(headers)}`);
      expect('status' in result && result.status, JSON.stringify(headers)).toBe(403);
      if ('body' in result) expect(result.body).toContain(words);
    }
    // The host's own pages may.
    for (const [url, origin] of [
      [lan, `http://${LAN_ADDRESS}:${lanPort}`],
      [local, `http://127.0.0.1:${host.port}`],
    ] as const) {
      const phone = await rawPhone(url, { headers: { Origin: origin } });
      await phone.next(isView, `the view with Origin ${origin}`);
      phone.ws.close();
    }
    await stillServed();
  });

  it('slows down wrong table codes per address: past 20, even the right code waits', async () => {
    const code = tableCode(round.reportKey as string, 1, 4);
    const look = (id: number, typed: string): string => JSON.stringify({ kind: 'look', id, round: 1, table: 4, code: typed });
    const ask = (phone: RawPhone, id: number, typed: string): Promise<Heard> => {
      phone.send(look(id, typed));
      return phone.next((m) => isAnswer(m) && m.id === id, `answer ${id}`);
    };
    const first = await rawPhone(local);
    for (let i = 0; i < 15; i++) expect(await ask(first, i, 'WRONG1')).toMatchObject({ ok: false, message: expect.stringMatching(/not the code of table 4/) });
    const second = await rawPhone(local);
    for (let i = 15; i < 20; i++) expect(await ask(second, i, 'WRONG2')).toMatchObject({ ok: false, message: expect.stringMatching(/not the code of table 4/) });
    expect(await ask(second, 20, code)).toMatchObject({ ok: false, message: expect.stringMatching(/^too many wrong table codes from this phone's network: wait \d+ seconds/) });
    host.advance(60_000);
    expect(await ask(second, 99, code)).toMatchObject({ ok: true });
    first.ws.close();
    second.ws.close();
  });

  it('keeps the LAN door shut without a token everywhere else, while /p, its files and /public work', async () => {
    await writeFile(path.join(host.rendererDir, 'player.html'), '<!doctype html><title>Podium player</title><script src="/assets/player.js"></script>');
    await writeFile(path.join(host.rendererDir, 'assets', 'player.js'), 'console.log("player");');
    const base = host.lan().slice(0, -1);
    for (const page of ['/p', '/p/', '/p?r=1&t=4&c=ABCDEF', '/assets/player.js']) {
      const reply = await http(`${base}${page}`);
      expect(reply.status, page).toBe(200);
      expect(String(reply.headers['content-security-policy'])).toContain(`ws://${LAN_ADDRESS}:${new URL(host.lan()).port}/public`);
    }
    expect((await http(`${base}/p`)).body).toContain('Podium player');
    const rpc = await http(`${base}/rpc`);
    expect(rpc.status).toBe(403);
    expect(rpc.body).toContain(NOT_JOINED);
    for (const url of [rpcUrl(host.lan(), ''), `${host.lan().replace(/^http:/, 'ws:')}rpc`]) {
      const refused = await within(tryUpgrade(url), 'an answer to /rpc without a token');
      expect('status' in refused && refused.status).toBe(403);
      if ('body' in refused) expect(refused.body).toContain(NOT_JOINED);
    }
    for (const other of ['public/', 'publicx', 'p', 'events']) {
      const refused = await within(tryUpgrade(`${host.lan().replace(/^http:/, 'ws:')}${other}`), `an answer to /${other}`);
      expect('status' in refused && refused.status, other).toBe(404);
    }
    const phone = await rawPhone(lan);
    await phone.next(isView, 'the view on the LAN');
    phone.ws.close();
  });

  it('turning the venue network off closes the LAN’s phones; the local door’s stay', async () => {
    const onLan = await rawPhone(lan);
    const onLocal = await rawPhone(local);
    await onLocal.next(isView, 'the local phone’s view');
    await host.station.setNetwork({ on: false });
    await within(onLan.closed, 'the LAN phone to be closed');
    await within(bystander.closed, 'the bystander (on the LAN) to be closed');
    const from = onLocal.messages.length;
    const { seq } = await host.station.dispatch({ command: { type: 'start-timer', id: 'after-the-network', kind: 'custom', minutes: 1 } });
    await host.station.dispatch({ command: { type: 'drop-player', id: round.tables[0]?.seats[0] as string } });
    await onLocal.next((m) => m.type === 'patch' && (m as { to?: number }).to === seq + 1, 'the local phone to hear of a drop', from);
    onLocal.ws.close();
  });
});

describe('the public door’s cap and its per-address limit', () => {
  let host: VenueHost;
  beforeAll(async () => {
    host = await startVenueHost({ phones: { maxPhones: 2, perAddress: { perSecond: 0, burst: 3 } } });
    await host.networkOn();
    await pairedEvent(host, 'Full House');
  });
  afterAll(async () => host?.close());

  it('refuses the phone past the cap in words, and closes an address that sends more than its share over all its connections', async () => {
    const url = `ws://127.0.0.1:${host.port}/public`;
    const [one, two] = [await rawPhone(url), await rawPhone(url)];
    const third = await within(tryUpgrade(url), 'an answer to a third phone');
    expect('status' in third && third.status).toBe(503);
    if ('body' in third) expect(third.body).toContain('the station already serves 2 phones, its most');
    expect(host.mode.network.phones.connections()).toBe(2);

    const look = (id: number): string => JSON.stringify({ kind: 'look', id, round: 1, table: 1, code: 'ABCDEF' });
    for (const [id, phone] of [one, two, one].entries()) {
      phone.send(look(id));
      await phone.next((m) => isAnswer(m) && m.id === id, `answer ${id}`);
    }
    two.send(look(3)); // the address's fourth
    expect(await within(two.closed, 'the fourth message from the address to close its connection')).toMatchObject({ code: 1008, reason: expect.stringContaining('too many messages') });
    // A place is free again.
    const again = await rawPhone(url);
    again.ws.close();
    one.ws.close();
  });
});
