// @vitest-environment jsdom
/**
 * The join page (2: `/join?code=…`, what a join code's QR code opens) and how a page
 * that joined connects: it asks for the device's name, sends `POST /join` with the code, keeps the
 * host's token and the device in localStorage, and goes to the app; a page with a token (and no
 * station key) connects to `/rpc?token=…`. Every way joining fails is said in words.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEVICE_STORAGE, DEVICE_TOKEN_STORAGE, KEY_STORAGE, needsToJoin, pageCredential, rememberedDevice } from '../../renderer/api/index.js';
import { normaliseJoinCode, UNREACHABLE, WRONG_CODE, type JoinFetch } from '../../renderer/api/join.js';
import { pageView } from '../../renderer/lib/page-view.js';
import { JoinPage, type JoinScope } from '../../renderer/screens/join/JoinPage.js';

afterEach(() => cleanup());

interface Sent {
  url: string;
  method: string;
  contentType: string | undefined;
  body: unknown;
}

/** A page at `address` whose host answers `POST /join` with `reply` (or cannot be reached). */
function page(address: string, reply: { status: number; body: string } | 'unreachable', stored: Record<string, string> = {}) {
  const url = new URL(address);
  const store = new Map(Object.entries(stored));
  const sent: Sent[] = [];
  const went: string[] = [];
  const fetch: JoinFetch = async (target, init) => {
    sent.push({ url: target, method: init.method, contentType: init.headers['Content-Type'], body: JSON.parse(init.body) });
    if (reply === 'unreachable') throw new TypeError('Failed to fetch');
    return { status: reply.status, text: async () => reply.body };
  };
  const scope: JoinScope = {
    location: { protocol: url.protocol, host: url.host, search: url.search, replace: (to) => void went.push(to) },
    localStorage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    fetch,
  };
  return { scope, store, sent, went };
}

const JOINED = { status: 200, body: JSON.stringify({ token: 'tok-123', device: { id: 'dev-1', name: 'Judge Ana', role: 'judge' } }) };

describe('the join page', () => {
  it('asks for the device’s name, joins with the code of its address, keeps the token and goes to the app', async () => {
    const user = userEvent.setup();
    const p = page('http://192.168.1.20:5719/join?code=K7PM-Q2XD', JOINED, { [KEY_STORAGE]: 'an-old-station-key' });
    render(<JoinPage scope={p.scope} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Join this event');
    expect(screen.getByTestId('join-code-given').textContent).toBe('K7PM-Q2XD');
    const name = screen.getByLabelText('This device’s name');
    expect(document.activeElement).toBe(name);
    await user.type(name, '  Judge Ana {Enter}');
    await waitFor(() => expect(p.went).toEqual(['/']));
    expect(p.sent).toEqual([{ url: 'http://192.168.1.20:5719/join', method: 'POST', contentType: 'application/json', body: { code: 'K7PM-Q2XD', name: 'Judge Ana' } }]);
    expect(p.store.get(DEVICE_TOKEN_STORAGE)).toBe('tok-123');
    expect(JSON.parse(p.store.get(DEVICE_STORAGE) ?? 'null')).toEqual({ id: 'dev-1', name: 'Judge Ana', role: 'judge' });
    // This page is a device now: a station key kept here would win over its token.
    expect(p.store.has(KEY_STORAGE)).toBe(false);
    expect(screen.getByTestId('join-done').textContent).toBe('Joined as Judge Ana (judge). Opening…');
  });

  it('without a code in its address, asks for one and reads it as people type it', async () => {
    const user = userEvent.setup();
    const p = page('http://192.168.1.20:5719/join', JOINED);
    render(<JoinPage scope={p.scope} />);
    await user.type(screen.getByLabelText('Join code'), 'k7pm q2xd');
    await user.type(screen.getByLabelText('This device’s name'), 'Desk 2');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(p.sent).toHaveLength(1));
    expect(p.sent[0]?.body).toEqual({ code: 'K7PM-Q2XD', name: 'Desk 2' });
    expect(normaliseJoinCode('k7pmq2xd')).toBe('K7PM-Q2XD');
    expect(normaliseJoinCode(' K7PM-Q2XD ')).toBe('K7PM-Q2XD');
  });

  it('says what is wrong, in words: no name, a name with a control character, a wrong or replaced code, the host out of reach', async () => {
    const user = userEvent.setup();
    const refused = page('http://192.168.1.20:5719/join?code=K7PM-Q2XD', {
      status: 403,
      body: JSON.stringify({ error: 'that join code is not right (or the scorekeeper has made a new one): type the code the station shows now' }),
    });
    render(<JoinPage scope={refused.scope} />);
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^Give this device a name, such as “Judge Ana” or “Desk 2”/);
    expect(refused.sent).toEqual([]);
    await user.type(screen.getByLabelText('This device’s name'), 'Judge\u0007Ana');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^The device name "Judge�Ana" contains/);
    await user.clear(screen.getByLabelText('This device’s name'));
    await user.type(screen.getByLabelText('This device’s name'), 'Judge Ana');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('That join code is not right (or the scorekeeper has made a new one): type the code the station shows now.'),
    );
    expect(refused.store.has(DEVICE_TOKEN_STORAGE)).toBe(false);
    expect(refused.went).toEqual([]);
    // The code of the address was refused: it can now be typed (the one the station shows now).
    expect((screen.getByLabelText('Join code') as HTMLInputElement).value).toBe('K7PM-Q2XD');
    cleanup();

    const gone = page('http://192.168.1.20:5719/join?code=K7PM-Q2XD', 'unreachable');
    render(<JoinPage scope={gone.scope} />);
    await user.type(screen.getByLabelText('This device’s name'), 'Judge Ana{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(UNREACHABLE));
    expect(screen.getByRole('button', { name: 'Join' })).toBeTruthy(); // and it can try again
    cleanup();

    // A host that does not take joins at that address (no venue network there): the code cannot work.
    const notThere = page('http://192.168.1.20:5719/join?code=K7PM-Q2XD', { status: 404, body: 'Not found.\n' });
    render(<JoinPage scope={notThere.scope} />);
    await user.type(screen.getByLabelText('This device’s name'), 'Judge Ana{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(WRONG_CODE));
  });

  it('offers the name it joined under before (joining again after being removed)', () => {
    const p = page('http://192.168.1.20:5719/join?code=K7PM-Q2XD', JOINED, { [DEVICE_STORAGE]: JSON.stringify({ id: 'old', name: 'Judge Ana', role: 'judge' }) });
    render(<JoinPage scope={p.scope} />);
    expect((screen.getByLabelText('This device’s name') as HTMLInputElement).value).toBe('Judge Ana');
  });
});

describe('which page, and with what the page connects', () => {
  const scope = (address: string, stored: Record<string, string>) => {
    const url = new URL(address);
    const store = new Map(Object.entries(stored));
    return {
      location: { protocol: url.protocol, host: url.host, pathname: url.pathname, search: url.search, hash: url.hash },
      localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
      history: { state: null, replaceState: () => undefined },
    };
  };

  it('routes /join to the join page, /projector to the projector, anything else to the station', () => {
    expect(pageView('/join')).toBe('join');
    expect(pageView('/join/')).toBe('join');
    expect(pageView('/projector')).toBe('projector');
    expect(pageView('/')).toBe('station');
    expect(pageView('/index.html')).toBe('station');
  });

  it('a page opened at the venue network’s address without a key or token is the join page, whatever the path; the station’s own door never is', () => {
    const device = { [DEVICE_TOKEN_STORAGE]: 'tok-123' };
    for (const address of ['http://192.168.1.20:5719/', 'http://192.168.1.20:5719/projector', 'http://127.0.0.2:41234/']) {
      expect(needsToJoin(scope(address, {})), address).toBe(true);
      expect(needsToJoin(scope(address, device)), `${address} with a token`).toBe(false);
    }
    expect(needsToJoin(scope('http://192.168.1.20:5719/?key=k1', {}))).toBe(false);
    expect(needsToJoin(scope('http://192.168.1.20:5719/', { [KEY_STORAGE]: 'k2' }))).toBe(false);
    // The head-judge station's own browser, without its key, still says to open the address Podium printed.
    expect(needsToJoin(scope('http://127.0.0.1:5719/', {}))).toBe(false);
    expect(needsToJoin(scope('http://localhost:5719/', {}))).toBe(false);
    // The desktop app's windows (IPC) never.
    expect(needsToJoin({ ...scope('podium://app/', {}), podium: { send: () => undefined, onMessage: () => () => undefined } })).toBe(false);
  });

  it('a page with a device token and no station key connects as that device; a station key wins', () => {
    const device = { [DEVICE_TOKEN_STORAGE]: 'tok-123', [DEVICE_STORAGE]: JSON.stringify({ id: 'dev-1', name: 'Desk 2', role: 'station' }) };
    expect(pageCredential(scope('http://192.168.1.20:5719/', device))).toEqual({ kind: 'device', token: 'tok-123', remembered: { id: 'dev-1', name: 'Desk 2', role: 'station' } });
    expect(pageCredential(scope('http://127.0.0.1:5719/?key=k1', device))).toEqual({ kind: 'key', key: 'k1' });
    expect(pageCredential(scope('http://127.0.0.1:5719/', { ...device, [KEY_STORAGE]: 'k2' }))).toEqual({ kind: 'key', key: 'k2' });
    expect(pageCredential(scope('http://192.168.1.20:5719/', {}))).toEqual({ kind: 'none' });
    // What it kept about itself is read carefully (a hand-edited or older entry is ignored).
    expect(rememberedDevice(scope('http://x/', { [DEVICE_STORAGE]: '{"id":"d","name":"N","role":"admin"}' }).localStorage)).toBeNull();
    expect(rememberedDevice(scope('http://x/', { [DEVICE_STORAGE]: 'not json' }).localStorage)).toBeNull();
  });
});
