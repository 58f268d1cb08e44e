// @vitest-environment jsdom
/**
 * The player page's connection (renderer/player/public-client.ts) against a fake `/public` host:
 * the view on connect, patches applied on a copy, a patch from another version → a fresh
 * connection for the whole view, the host's time kept as an offset, requests numbered and answered,
 * refused in words when offline or cut off, and reconnecting with a bounded backoff.
 */
import { describe, expect, it } from 'vitest';
import { LOST_BEFORE_ANSWER, NO_ANSWER, OFFLINE_NOT_SENT, patchView, PublicClient, publicSocketUrl } from '../../../renderer/player/public-client.js';
import { FakeHost, handTimers, mtrView, T0 } from './support.js';

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

function connect(view = mtrView()) {
  const host = new FakeHost(view);
  const timers = handTimers();
  let phone = T0 - 5_000; // the phone's clock is 5 s behind the host's
  // (The watchdog has its own test below: here its checks would sit among the timers counted.)
  const client = new PublicClient({ url: 'ws://venue:5719/public', createSocket: host.factory, timers, now: () => phone, watchdogTimers: null });
  return { host, timers, client, setPhone: (t: number) => (phone = t) };
}

describe('the public client', () => {
  it('connects to /public on the page’s own host, asking for the first view compressed when the browser can decompress it', () => {
    expect(publicSocketUrl({ protocol: 'http:', host: '192.168.1.20:5719' }, false)).toBe('ws://192.168.1.20:5719/public');
    expect(publicSocketUrl({ protocol: 'https:', host: 'podium.local' }, false)).toBe('wss://podium.local/public');
    expect(publicSocketUrl({ protocol: 'http:', host: '192.168.1.20:5719' }, true)).toBe('ws://192.168.1.20:5719/public?z=gzip');
  });

  it('holds the view the host pushes on connect, and applies patches on a copy', async () => {
    const { host, client } = connect();
    expect(client.getState().status).toBe('connecting');
    await settle();
    const first = client.getState().view;
    expect(client.getState().status).toBe('online');
    expect(first?.round?.tables[0]?.seats).toEqual(['p1', 'p2']);
    host.last.push({ type: 'patch', from: 1, to: 2, ops: [{ op: 'add', path: '/round/tables/0/resultText', value: 'Ana Archer 2–1' }, { op: 'replace', path: '/version', value: 2 }] });
    const second = client.getState().view;
    expect(second?.version).toBe(2);
    expect(second?.round?.tables[0]?.resultText).toBe('Ana Archer 2–1');
    // The view held before is untouched (React compares by reference).
    expect(first?.round?.tables[0]?.resultText).toBeUndefined();
    expect(host.sockets).toHaveLength(1);
  });

  it('a patch from another version, or one that does not apply, connects again for the whole view', async () => {
    const { host, client } = connect();
    await settle();
    host.view = { ...mtrView(), version: 7, roundsPublished: 4 };
    host.last.push({ type: 'patch', from: 5, to: 6, ops: [{ op: 'replace', path: '/roundsPublished', value: 9 }] });
    expect(host.sockets[0]?.closed).toBe(true);
    expect(host.sockets).toHaveLength(2);
    // No outage said while it reconnects on purpose; the old view stays on screen meanwhile.
    expect(client.getState().status).toBe('online');
    expect(client.getState().view?.version).toBe(1);
    await settle();
    expect(client.getState().view?.version).toBe(7);
    expect(client.getState().view?.roundsPublished).toBe(4);
    // A patch whose operations do not fit the view: the same.
    host.last.push({ type: 'patch', from: 7, to: 8, ops: [{ op: 'test', path: '/version', value: 99 }] });
    expect(host.sockets).toHaveLength(3);
    expect(patchView(mtrView(), 2, [{ op: 'remove', path: '/nothing/here' }])).toBeNull();
  });

  it('keeps the host’s time as an offset from the phone’s', async () => {
    const { host, client, setPhone } = connect();
    await settle();
    host.last.push({ type: 'tick', now: T0 });
    expect(client.getState().offsetMs).toBe(5_000);
    setPhone(T0 + 60_000);
    expect(client.hostNow()).toBe(T0 + 65_000);
  });

  it('numbers requests and resolves each with its answer', async () => {
    const { host, client } = connect();
    await settle();
    const a = client.request({ kind: 'look', code: 'K7PM', round: 3, table: 1 });
    const b = client.request({ kind: 'look', code: 'X2', round: 3, table: 2 });
    const [first, second] = host.last.sent;
    expect(first).toEqual({ kind: 'look', id: 1, code: 'K7PM', round: 3, table: 1 });
    expect(second?.id).toBe(2);
    host.last.push({ kind: 'answer', id: 2, ok: false, message: 'that code is not for table 2' });
    host.last.push({ kind: 'answer', id: 1, ok: true });
    expect(await a).toEqual({ kind: 'answer', id: 1, ok: true });
    expect(await b).toEqual({ kind: 'answer', id: 2, ok: false, message: 'that code is not for table 2' });
  });

  it('never keeps a request for later: offline it is refused at once; cut off or unanswered, it says so', async () => {
    const { host, client, timers } = connect();
    expect((await client.request({ kind: 'look', code: 'K', round: 3, table: 1 })).ok).toBe(false);
    await settle();
    const cut = client.request({ kind: 'look', code: 'K', round: 3, table: 1 });
    host.last.drop();
    expect(await cut).toMatchObject({ ok: false, message: LOST_BEFORE_ANSWER });
    const offline = await client.request({ kind: 'look', code: 'K', round: 3, table: 1 });
    expect(offline).toMatchObject({ ok: false, message: OFFLINE_NOT_SENT });
    // Back online; the host never answers this one.
    timers.runNext();
    await settle();
    const silent = client.request({ kind: 'look', code: 'K', round: 3, table: 1 });
    const timeout = timers.pending.find((t) => t.ms === 15_000);
    timeout?.run();
    expect(await silent).toMatchObject({ ok: false, message: NO_ANSWER });
  });

  it('reconnects after 1 s, 2 s, 4 s … never more than 15 s apart, and starts over once connected', async () => {
    const host = new FakeHost(null, false);
    const timers = handTimers();
    const client = new PublicClient({ url: 'ws://x/public', createSocket: host.factory, timers, watchdogTimers: null });
    const delays: (number | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      host.last.drop();
      expect(client.getState().status).toBe('offline');
      delays.push(timers.runNext());
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000]);
    host.last.open();
    host.last.push({ type: 'view', view: mtrView() });
    expect(client.getState().status).toBe('online');
    host.last.drop();
    expect(timers.runNext()).toBe(1000);
    client.close();
    expect(timers.pending).toHaveLength(0);
  });

  it('a link that goes silent (Wi-Fi dropped, no close) is said offline within 10 s and connected again; one that never opens is tried again', async () => {
    const host = new FakeHost(mtrView());
    const timers = handTimers();
    const dog = handTimers();
    let now = T0;
    const client = new PublicClient({ url: 'ws://x/public', createSocket: host.factory, timers, watchdogTimers: dog, now: () => now });
    await settle();
    expect(client.getState().status).toBe('online');
    // The host ticks every 3 s: never doubted.
    for (let s = 1; s <= 30; s++) {
      now = T0 + s * 1000;
      if (s % 3 === 0) host.last.push({ type: 'tick', now });
      dog.runNext();
    }
    expect(client.getState().status).toBe('online');
    // Then nothing (the socket stays open: no close ever comes).
    const cutAt = now;
    const pending = client.request({ kind: 'look', code: 'K', round: 3, table: 1 });
    while (client.getState().status === 'online' && now - cutAt < 20_000) {
      now += 1000;
      dog.runNext();
    }
    expect(client.getState().status).toBe('offline');
    expect(now - cutAt).toBeLessThanOrEqual(10_000);
    expect(host.sockets[0]?.closed).toBe(true);
    expect(await pending).toMatchObject({ ok: false, message: LOST_BEFORE_ANSWER });
    // It tries again by itself; this time the connection never opens: given up after a few seconds, tried again.
    host.autoOpen = false;
    timers.runNext();
    expect(host.sockets).toHaveLength(2);
    for (let i = 0; i < 10 && (host.sockets[1]?.closed ?? false) === false; i++) {
      now += 1000;
      dog.runNext();
    }
    expect(host.sockets[1]?.closed).toBe(true);
    // The link is back: connected, the view again.
    host.autoOpen = true;
    timers.runNext();
    await settle();
    expect(client.getState().status).toBe('online');
    client.close();
  });
});
