/**
 * The venue network's parts, each on its own (2-3): the token buckets on a fake clock,
 * join codes, the strict reading of a device's messages, the LAN addresses found, and the device
 * registry in the station folder (hashed tokens, durable writes, "last seen" written later).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type os from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDeviceRegistry, DEVICES_FILE, MAX_DEVICES } from '../../electron/host/device-registry.js';
import { CODE_ALPHABET, joinCodeMatches, newJoinCode, normaliseJoinCode } from '../../electron/host/join-codes.js';
import { KeyedBuckets, TokenBucket } from '../../electron/host/rate-limit.js';
import { parseDeviceMessage } from '../../electron/host/transport-ws.js';
import { lanAddresses } from '../../electron/host/venue-network.js';

describe('token buckets', () => {
  it('let a burst through, then the sustained rate, on a fake clock', () => {
    let now = 0;
    const bucket = new TokenBucket({ perSecond: 50, burst: 200 }, () => now);
    let taken = 0;
    while (bucket.take()) taken++;
    expect(taken).toBe(200);
    expect(bucket.take()).toBe(false);
    expect(bucket.secondsUntilNext()).toBe(1);
    now += 100; // a tenth of a second: 5 more
    taken = 0;
    while (bucket.take()) taken++;
    expect(taken).toBe(5);
    now += 60_000; // never more than the burst, however long it rests
    taken = 0;
    while (bucket.take()) taken++;
    expect(taken).toBe(200);
  });

  it('says how long to wait at a slow rate, and never goes back with the clock', () => {
    let now = 1000;
    const bucket = new TokenBucket({ perSecond: 1 / 6, burst: 2 }, () => now);
    expect(bucket.take() && bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    expect(bucket.secondsUntilNext()).toBe(6);
    now -= 500; // a clock that jumps back gives nothing
    expect(bucket.has()).toBe(false);
    now += 6500;
    expect(bucket.take()).toBe(true);
  });

  it('keep at most so many keys, forgetting full buckets first', () => {
    let now = 0;
    const buckets = new KeyedBuckets({ perSecond: 1, burst: 3 }, 3, () => now);
    buckets.get('a').take();
    buckets.get('b');
    buckets.get('c').take();
    buckets.get('d'); // evicts b (full)
    expect(buckets.size()).toBe(3);
    expect(buckets.get('a').has()).toBe(true);
    now += 10_000; // all full again
    for (const key of ['e', 'f', 'g', 'h']) buckets.get(key);
    expect(buckets.size()).toBeLessThanOrEqual(3);
  });
});

describe('join codes', () => {
  it('are 8 characters of an alphabet without look-alikes, shown in two groups', () => {
    const codes = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const code = newJoinCode();
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      codes.add(code);
    }
    expect(codes.size).toBe(200);
    expect(CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('are read as people type them', () => {
    expect(normaliseJoinCode('k7pm-q2xd')).toBe('K7PMQ2XD');
    expect(normaliseJoinCode(' K7PM Q2XD ')).toBe('K7PMQ2XD');
    expect(normaliseJoinCode('K7PM-Q2XO')).toBe('K7PMQ2X0'); // O is a zero
    expect(normaliseJoinCode('K7PM-Q2XL')).toBe('K7PMQ2X1'); // L is a one
    expect(normaliseJoinCode('K7PM-Q2X')).toBeNull();
    expect(normaliseJoinCode('K7PM-Q2XU')).toBeNull();
    expect(normaliseJoinCode('')).toBeNull();
    expect(joinCodeMatches('k7pmq2xd', 'K7PM-Q2XD')).toBe(true);
    expect(joinCodeMatches('K7PM-Q2XE', 'K7PM-Q2XD')).toBe(false);
    expect(joinCodeMatches('', 'K7PM-Q2XD')).toBe(false);
  });
});

describe("a device's messages, read strictly", () => {
  const ok = { kind: 'request', id: 7, method: 'snapshot', params: {} };

  it('takes a request object and nothing else', () => {
    expect(parseDeviceMessage(JSON.stringify(ok))).toEqual({ ok: true, message: ok });
    expect(parseDeviceMessage(Buffer.from(JSON.stringify({ kind: 'request', id: 1, method: 'whoami' })))).toEqual({
      ok: true,
      message: { kind: 'request', id: 1, method: 'whoami', params: {} },
    });
    const refused: [unknown, RegExp][] = [
      ['{"kind":"request",', /not JSON/],
      ['[]', /not a request object/],
      ['null', /not a request object/],
      ['42', /not a request object/],
      [JSON.stringify({ ...ok, kind: 'response' }), /not a request/],
      [JSON.stringify({ ...ok, id: '7' }), /whole-number id/],
      [JSON.stringify({ ...ok, id: 1.5 }), /whole-number id/],
      [JSON.stringify({ ...ok, id: -1 }), /whole-number id/],
      [JSON.stringify({ ...ok, method: 42 }), /method name/],
      [JSON.stringify({ ...ok, method: 'x'.repeat(65) }), /method name/],
      [JSON.stringify({ ...ok, extra: true }), /unknown field/],
      ['{"kind":"request","id":1,"method":"dispatch","params":{"__proto__":{"admin":true}}}', /"__proto__" key/],
      ['{"__proto__":{},"kind":"request","id":1,"method":"snapshot"}', /"__proto__" key/],
      ['{"kind":"request","id":1,"method":"query","params":{"kind":"standings","constructor":{"prototype":{}}}}', /"(constructor|prototype)" key/],
      ['[' .repeat(200_000), /not JSON/],
    ];
    for (const [text, reason] of refused) {
      const parsed = parseDeviceMessage(text as string);
      expect(parsed.ok, String(text).slice(0, 80)).toBe(false);
      if (!parsed.ok) expect(parsed.reason).toMatch(reason);
    }
    expect(parseDeviceMessage(Buffer.from(JSON.stringify(ok)), true)).toMatchObject({ ok: false, reason: expect.stringMatching(/binary/) });
    expect(({} as Record<string, unknown>).admin).toBeUndefined(); // nothing was polluted
  });
});

describe("this computer's LAN addresses", () => {
  it('are the non-internal IPv4 addresses, physical interfaces before virtual ones', () => {
    const entry = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({ address, family, internal, netmask: '', mac: '', cidr: null }) as os.NetworkInterfaceInfo;
    const interfaces = {
      lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
      docker0: [entry('172.17.0.1', 'IPv4')],
      wlan0: [entry('192.168.1.20', 'IPv4'), entry('fe80::1', 'IPv6')],
      eth0: [entry('10.0.0.5', 'IPv4'), entry('192.168.1.20', 'IPv4')],
    };
    expect(lanAddresses(interfaces)).toEqual(['192.168.1.20', '10.0.0.5', '172.17.0.1']);
    expect(lanAddresses({ lo: interfaces.lo })).toEqual([]);
  });
});

describe('the device registry (devices.json in the station folder)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'podium-devices-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps only a hash of each token, and knows a device by its token until it is removed', async () => {
    const registry = createDeviceRegistry({ dataDir: dir, now: () => new Date('2026-05-01T10:00:00Z') });
    const { token, device } = await registry.add('Judge Ana', 'judge');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(device).toEqual({ id: expect.stringMatching(/^dev-[0-9a-f]{12}$/), name: 'Judge Ana', role: 'judge', joinedAt: '2026-05-01T10:00:00.000Z', lastSeen: '2026-05-01T10:00:00.000Z' });
    const text = await readFile(path.join(dir, DEVICES_FILE), 'utf8');
    expect(text).not.toContain(token);
    expect(text).toContain(createHash('sha256').update(token).digest('hex'));
    expect(registry.byToken(token)?.id).toBe(device.id);
    expect(registry.byToken(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(registry.byToken('')).toBeNull();
    expect(registry.byToken(null)).toBeNull();

    // Another host on the same folder (a restart) knows it too.
    expect(createDeviceRegistry({ dataDir: dir }).byToken(token)?.name).toBe('Judge Ana');

    expect(await registry.remove(device.id)).toBe(true);
    expect(registry.byToken(token)).toBeNull();
    expect(await registry.remove(device.id)).toBe(false);
    expect(createDeviceRegistry({ dataDir: dir }).byToken(token)).toBeNull();
  });

  it('writes "last seen" a while later, not on every message', async () => {
    let seenWritten: () => void = () => undefined;
    const written = new Promise<void>((resolve) => (seenWritten = resolve));
    let clock = Date.parse('2026-05-01T10:00:00Z');
    const registry = createDeviceRegistry({ dataDir: dir, now: () => new Date(clock), seenFlushMs: 0, onSeen: () => seenWritten() });
    const { device } = await registry.add('Desk 2', 'station');
    clock += 60_000;
    for (let i = 0; i < 100; i++) registry.seen(device.id);
    expect(registry.get(device.id)?.lastSeen).toBe('2026-05-01T10:01:00.000Z');
    await written;
    const stored = JSON.parse(await readFile(path.join(dir, DEVICES_FILE), 'utf8')) as { devices: { lastSeen: string }[] };
    expect(stored.devices[0]?.lastSeen).toBe('2026-05-01T10:01:00.000Z');
  });

  it('starts empty, in words, from a damaged file, and refuses more than its limit of devices', async () => {
    await writeFile(path.join(dir, DEVICES_FILE), '{"version":1,"devices":[{"id":1}]}');
    const problems: string[] = [];
    const registry = createDeviceRegistry({ dataDir: dir, onProblem: (message) => problems.push(message) });
    expect(registry.list()).toEqual([]);
    expect(problems[0]).toMatch(/damaged .*devices must join again/);
    await writeFile(path.join(dir, DEVICES_FILE), 'not json');
    createDeviceRegistry({ dataDir: dir, onProblem: (message) => problems.push(message) });
    expect(problems[1]).toMatch(/not JSON/);

    const full = createDeviceRegistry({ dataDir: path.join(dir, 'full') });
    await Promise.all(Array.from({ length: MAX_DEVICES }, (_, i) => full.add(`Phone ${i}`, 'display')));
    await expect(full.add('One more', 'display')).rejects.toThrow(/devices have joined already/);
  });
});
