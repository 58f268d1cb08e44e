/**
 * Dead links are noticed (ARCHITECTURE "The venue network"; core/api/heartbeat.ts), against a real
 * browser-mode host whose venue network listens on 127.0.0.2. Every device reaches it through a
 * TCP proxy on 127.0.0.3 (test/support/black-hole-proxy.ts) that can stop forwarding both ways
 * while every socket stays open — as when the venue's Wi-Fi drops: no close comes to anyone.
 *
 * - a second desk (Chromium, 1366×768), a judge (the renderer's client in Node, sending through
 *   store/send.ts as the judge's phone does), a display (the same client) and a player's phone
 *   (Chromium, 360×640, the player page) are connected and following;
 * - the link is cut: within 10 s each says it is offline (the desk's and the phone's banners in
 *   words, the clients' status), and the station's device list says "Not heard from for N s";
 * - a result typed on the desk and one sent from the judge during the cut are shown as waiting to
 *   send, and nothing reaches the host;
 * - the link comes back: every device reconnects by itself, each waiting result arrives exactly
 *   once, the desk shows it saved, and the station's event log says when it was typed and when it
 *   arrived.
 *
 * Waits are bounded polls on conditions, never sleeps. Screenshots: test/e2e/screenshots/dead-link-*.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationApi } from '../../core/api/contract.js';
import type { NewCommand } from '../../core/event/commands.js';
import type { Round } from '../../core/model/types.js';
import { startBrowserMode, type BrowserMode } from '../../electron/web.js';
import type { StationConnection } from '../../renderer/api/index.js';
import { connectWebSocket, type WebSocketChannel, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { sendCommand, type SendOutcome } from '../../renderer/store/send.js';
import { startBlackHoleProxy, type BlackHoleProxy } from '../support/black-hole-proxy.js';
import { chromiumAvailable, e2eRenderer, eventually, launchChromium, SHOTS, warnIfSkipped } from '../support/e2e.js';
import { pairedEvent, person, roundOf } from './player-real-host-helpers.js';
import { postJoin, rpcUrl } from '../host/venue-helpers.js';

warnIfSkipped('dead link');

const LAN_ADDRESS = '127.0.0.2';
const PHONE = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const OFFLINE = 'Offline — what you enter waits to send, and is saved once the connection is back';
/** The bound: within 10 s of silence a device says it is offline. */
const SAY_OFFLINE_WITHIN_MS = 10_000;

const PEOPLE = [
  person('p1', 'Ana Archer', 'Ana', 'Archer'),
  person('p2', 'Bo Berg', 'Bo', 'Berg'),
  person('p3', 'Chloé Dubois', 'Chloé', 'Dubois'),
  person('p4', 'Dan Dunn', 'Dan', 'Dunn'),
  person('p5', 'Eve Ek', 'Eve', 'Ek'),
  person('p6', 'Fumiko Sato', 'Fumiko', 'Sato'),
];

/** A device as the renderer connects it (the judge's phone, the display): its status and its API. */
interface NodeDevice {
  api: StationApi;
  channel: WebSocketChannel;
  connection: StationConnection;
}

function nodeDevice(base: string, token: string): NodeDevice {
  const { api, channel } = connectWebSocket(rpcUrl(base, token), { create: (url) => new WebSocket(url) as unknown as WebSocketLike });
  const connection: StationConnection = { api, transport: 'websocket', status: () => channel.status(), onStatus: (listener) => channel.onStatus(listener), onMenu: () => () => undefined };
  return { api, channel, connection };
}

/** Resolves with the time the channel's status first passes `check` (now, or at a later change), or fails after `ms`. */
function whenStatus(channel: WebSocketChannel, check: (status: string) => boolean, what: string, ms = 30_000): Promise<number> {
  return new Promise((resolve, reject) => {
    if (check(channel.status())) return resolve(Date.now());
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out waiting for ${what}`));
    }, ms);
    const stop = channel.onStatus((status) => {
      if (!check(status)) return;
      clearTimeout(timer);
      stop();
      resolve(Date.now());
    });
  });
}

describe.skipIf(!chromiumAvailable)('a dead link, noticed on every device', () => {
  let dir: string;
  let cleanupRenderer: () => Promise<void> = async () => undefined;
  let mode: BrowserMode;
  let browser: Browser;
  let proxy: BlackHoleProxy;
  const contexts: BrowserContext[] = [];
  const devices: NodeDevice[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-dead-link-'));
    await mkdir(SHOTS, { recursive: true });
    const renderer = await e2eRenderer();
    cleanupRenderer = renderer.cleanup;
    mode = await startBrowserMode({ port: 0, dataDir: path.join(dir, 'station'), rendererDir: renderer.dir, log: () => undefined, lanAddress: LAN_ADDRESS, env: {} });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const device of devices) device.channel.close();
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await proxy?.close();
    await mode?.close();
    await cleanupRenderer();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A page of its own browser context; the connection errors of a cut link are expected, anything else is a problem. */
  const open = async (url: string, options: Parameters<Browser['newContext']>[0]): Promise<Page> => {
    const context = await browser.newContext(options);
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (message) => {
      if ((message.type() === 'error' || message.type() === 'warning') && !/WebSocket|ERR_CONNECTION|Failed to load resource/.test(message.text())) problems.push(`${url}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${url}: ${error.message}`));
    await page.goto(url);
    return page;
  };

  const join = async (role: 'station' | 'judge' | 'display', name: string): Promise<string> => {
    const code = mode.network.status().joinCodes.find((c) => c.role === role)?.code;
    if (!code) throw new Error(`no join code for ${role}`);
    const reply = await postJoin(proxy.url, { code, name });
    if (reply.status !== 200) throw new Error(`${name} could not join: ${reply.status} ${reply.body}`);
    return (JSON.parse(reply.body) as { token: string }).token;
  };

  const results = async (table: number): Promise<number> => {
    const journal = await mode.service.query({ kind: 'journal' });
    if (journal.kind !== 'journal') throw new Error('no journal');
    return journal.entries.filter((e) => e.command.type === 'record-result' && e.command.table === table).length;
  };

  it('says offline within 10 s on the desk, the judge, the display and a phone, lists the silent devices, and sends what was typed once when the link is back', async () => {
    const service = mode.service;
    const round: Round = await pairedEvent(service, { name: 'Wi-Fi Cup', ruleset: 'mtr', seed: 5 }, PEOPLE);
    await service.dispatch({ command: { type: 'start-round-clock', round: 1 } });
    await service.setNetwork({ on: true });
    proxy = await startBlackHoleProxy({ address: LAN_ADDRESS, port: mode.network.status().urls.length > 0 ? Number(new URL(mode.network.status().urls[0] as string).port) : 0 });

    // --- Every device, through the venue's Wi-Fi (the proxy).
    const judge = nodeDevice(proxy.url, await join('judge', 'Judge Ana'));
    const display = nodeDevice(proxy.url, await join('display', 'Projector 2'));
    devices.push(judge, display);
    await whenStatus(judge.channel, (st) => st === 'connected', 'the judge to connect');
    await whenStatus(display.channel, (st) => st === 'connected', 'the display to connect');

    const deskCode = mode.network.status().joinCodes.find((c) => c.role === 'station')?.code as string;
    const desk = await open(`${proxy.url}join?code=${deskCode}`, { viewport: { width: 1366, height: 768 } });
    await desk.getByLabel('This device’s name').fill('Desk 2');
    await desk.getByRole('button', { name: 'Join' }).click();
    await desk.waitForURL((u) => u.pathname === '/');
    await desk.getByTestId('connection').waitFor({ timeout: 15_000 });
    await desk.keyboard.press('Alt+3');
    await desk.getByTestId('table-box').waitFor({ timeout: 15_000 });

    const phone = await open(`${proxy.url}p`, PHONE);
    await phone.getByLabel('Type a few letters of your family or given name').waitFor({ timeout: 15_000 });

    // The station itself, on its own door (never cut), with the Venue network panel open.
    const station = await open(mode.server.keyedUrl('/'), { viewport: { width: 1366, height: 768 } });
    await station.getByTestId('network-button').click();
    const list = station.getByTestId('network-devices');
    await eventually(() => list.locator('tbody tr').count()).toBe(3);
    await eventually(() => list.getByTestId('device-silent').count()).toBe(0);

    // --- The Wi-Fi drops: nothing gets through either way, and no socket is closed.
    const before = proxy.connections();
    const cutAt = Date.now();
    proxy.cut();

    // What is typed meanwhile: table 1 on the desk, table 2 from the judge's phone.
    const t1 = round.tables[0]?.table as number;
    const t2 = round.tables[1]?.table as number;
    const judgeSent: Promise<SendOutcome> = sendCommand(judge.connection, { type: 'record-result', round: 1, table: t2, result: { games: [2, 1, 0] } } as NewCommand, { place: 'judge-table', label: `Table ${t2}` });

    const offline = (status: string): boolean => status !== 'connected';
    const pageSays = async (page: Page, testId: string): Promise<number> => {
      await page.getByTestId(testId).filter({ hasText: /Offline/ }).waitFor({ timeout: 30_000 });
      return Date.now();
    };
    const [judgeAt, displayAt, deskAt, phoneAt] = await Promise.all([
      whenStatus(judge.channel, offline, 'the judge to say offline'),
      whenStatus(display.channel, offline, 'the display to say offline'),
      pageSays(desk, 'offline-banner'),
      pageSays(phone, 'connection'),
    ]);
    const saidOffline = { judge: judgeAt - cutAt, display: displayAt - cutAt, desk: deskAt - cutAt, phone: phoneAt - cutAt };
    // (Playwright polls a page every ~100 ms: the page said it no later than that before we saw it.)
    for (const [who, ms] of Object.entries(saidOffline)) expect(ms, `${who} said it was offline ${ms} ms after the cut`).toBeLessThanOrEqual(SAY_OFFLINE_WITHIN_MS);
    expect(await desk.getByTestId('offline-banner').textContent()).toBe(OFFLINE);
    expect(await phone.getByTestId('connection').textContent()).toBe('Offline — reconnecting…');
    await phone.screenshot({ path: path.join(SHOTS, 'dead-link-phone-offline-360x640.png') });

    // The desk types table 1 while offline: waiting to send, on the Results screen.
    await desk.getByTestId('table-box').click();
    await desk.keyboard.type(String(t1));
    await desk.keyboard.press('Enter');
    await eventually(() => desk.evaluate(() => document.activeElement?.hasAttribute('data-result-field') ?? false)).toBe(true);
    await desk.keyboard.type('2-0');
    await desk.keyboard.press('Enter');
    const waiting = desk.getByTestId('outbox-item');
    await eventually(() => waiting.getAttribute('data-state')).toBe('waiting');
    expect(await waiting.textContent()).toContain(`Table ${t1}`);
    await desk.screenshot({ path: path.join(SHOTS, 'dead-link-desk-waiting-1366x768.png') });

    // The station's device list: every device not heard from, counting.
    await eventually(() => list.getByTestId('device-silent').count()).toBe(3);
    const silent = (await list.getByTestId('device-silent').first().textContent()) ?? '';
    expect(silent).toMatch(/^Not heard from for \d+ s$/);
    const status = await service.networkStatus();
    expect(status.devices.every((d) => d.silent === true)).toBe(true);
    await list.scrollIntoViewIfNeeded();
    await station.screenshot({ path: path.join(SHOTS, 'dead-link-station-devices-1366x768.png') });
    // Nothing typed during the cut reached the host.
    expect(await results(t1)).toBe(0);
    expect(await results(t2)).toBe(0);

    // The devices keep trying to connect meanwhile (new connections go nowhere), and the host cuts
    // off the connections that answer no ping (core/api/heartbeat.ts HOST_DROP_AFTER_MS).
    await eventually(() => proxy.connections()).toBeGreaterThan(before);
    await eventually(() => mode.network.status().devices.filter((d) => d.connected).length).toBe(0);
    expect(mode.network.status().devices.every((d) => d.silent === true)).toBe(true);

    // --- The link is back: each device reconnects by itself, each result arrives once.
    proxy.restore();
    await whenStatus(judge.channel, (st) => st === 'connected', 'the judge to reconnect');
    await whenStatus(display.channel, (st) => st === 'connected', 'the display to reconnect');
    await eventually(() => desk.getByTestId('offline-banner').count()).toBe(0);
    await eventually(() => phone.getByTestId('connection').count()).toBe(0);
    expect(await judgeSent).toMatchObject({ kind: 'saved' });
    await eventually(() => waiting.getAttribute('data-state')).toBe('saved');
    await eventually(() => results(t1)).toBe(1);
    expect(await results(t2)).toBe(1);
    await eventually(() => list.getByTestId('device-silent').count()).toBe(0);
    await desk.screenshot({ path: path.join(SHOTS, 'dead-link-desk-saved-1366x768.png') });

    // Each entry keeps when it was typed, before it arrived (the event log shows both once they
    // are more than a minute apart: test/renderer/log-typed.test.tsx).
    const journal = await service.query({ kind: 'journal' });
    if (journal.kind !== 'journal') throw new Error('no journal');
    for (const table of [t1, t2]) {
      const entry = journal.entries.find((e) => e.command.type === 'record-result' && e.command.table === table);
      expect(entry?.typedAt, `table ${table}'s entry says when it was typed`).toBeDefined();
      expect(Date.parse(entry?.at ?? '') - Date.parse(entry?.typedAt ?? '')).toBeGreaterThanOrEqual(5_000);
    }

    // Still exactly once each, after everything settled.
    expect(await results(t1)).toBe(1);
    expect(await results(t2)).toBe(1);
    expect((await roundOf(service, 1)).tables.filter((t) => t.result !== undefined)).toHaveLength(2);
    expect(problems).toEqual([]);
  }, 180_000);
});
