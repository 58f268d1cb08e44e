/**
 * The support log (electron/host/log.ts), written by a real host in a temp station
 * folder: browser mode records its start-up, a save it opened with its notices, refused WebSocket
 * connections and requests with their reasons (never the station key), and an unexpected failure
 * with its stack; a crashing process leaves its last words. The file rotates at its size cap and
 * keeps a fixed number of files; writing never waits for the disk.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StationError } from '../../core/api/rpc.js';
import { createHostServices } from '../../electron/host/host.js';
import { openSupportLog, supportLogDir, supportLogFile } from '../../electron/host/log.js';
import { startBrowserMode, type BrowserMode } from '../../electron/web.js';
import { connectWebSocket, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { repoRoot } from '../support/paths.js';

interface Line {
  level: string;
  time: string;
  pid: number;
  msg: string;
  err?: { type: string; message: string; stack: string };
  [field: string]: unknown;
}

let dir: string;
let dataDir: string;
const rendererDir = path.join(os.tmpdir(), 'podium-support-log-no-renderer'); // these hosts serve no pages
const running: BrowserMode[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'podium-support-log-'));
  dataDir = path.join(dir, 'station');
});

afterEach(async () => {
  for (const mode of running.splice(0)) await mode.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

async function lines(file = supportLogFile(dataDir)): Promise<Line[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Line);
}

async function start(): Promise<{ mode: BrowserMode; terminal: string[] }> {
  const terminal: string[] = [];
  const mode = await startBrowserMode({ port: 0, dataDir, rendererDir, log: (line) => terminal.push(line) });
  running.push(mode);
  return { mode, terminal };
}

function connect(mode: BrowserMode, key = mode.server.key): ReturnType<typeof connectWebSocket> {
  return connectWebSocket(`ws://127.0.0.1:${mode.server.port}/rpc?key=${key}`, { create: (url) => new WebSocket(url) as unknown as WebSocketLike, reconnect: false });
}

describe('the support log of a host', () => {
  it('records start-up, a save opened with its notices, and refused connections and requests with their reasons', async () => {
    const { mode, terminal } = await start();
    expect(mode.supportLog.file).toBe(path.join(dataDir, 'logs', 'podium.log'));
    expect(terminal.some((line) => line.includes(`Support log: ${mode.supportLog.file}`))).toBe(true);

    // A save with a torn last line (a crash mid-write): opened over the WebSocket, with a notice.
    const made = await mode.service.createEvent({ name: 'Friday Night', ruleset: 'mtr', settings: {} });
    const file = made.summary?.path as string;
    await mode.service.closeEvent();
    await appendFile(file, '{"seq":1,"at":"2026-');
    const window = connect(mode);
    await window.channel.ready;
    const opened = await window.api.openEvent({ path: file });
    expect(opened.notices.map((n) => n.kind)).toContain('torn-line');

    // Refused: a path outside the station's events folder (by the service), a request that is
    // not one (at the WebSocket's edge), and a connection without the key.
    await expect(window.api.openEvent({ path: '/etc/passwd' })).rejects.toBeInstanceOf(StationError);
    await expect(window.api.openEvent({ path: '' })).rejects.toMatchObject({ code: 'invalid-request' });
    const stranger = new WebSocket(`ws://127.0.0.1:${mode.server.port}/rpc`);
    await new Promise((resolve) => stranger.once('error', resolve));
    window.channel.close();
    await mode.supportLog.flush();

    const log = await lines();
    expect(log[0]).toMatchObject({ level: 'info', msg: 'Podium started', mode: 'browser mode', stationFolder: dataDir, pid: process.pid });
    expect(log.some((l) => l.msg.startsWith('Browser mode serves http://127.0.0.1:'))).toBe(true);
    expect(log.find((l) => l.msg === `Opened the save ${file}`)).toMatchObject({ level: 'info', path: file, name: 'Friday Night', readOnly: false });
    const notice = log.find((l) => l.msg.startsWith(`Notice on ${file}:`));
    expect(notice).toMatchObject({ level: 'warn', notice: 'torn-line' });
    expect(notice?.msg).toContain(opened.notices.find((n) => n.kind === 'torn-line')?.message);

    const outside = log.find((l) => l.method === 'openEvent' && l.path === '/etc/passwd');
    expect(outside).toMatchObject({ level: 'warn' });
    expect(outside?.msg).toMatch(/^Refused openEvent: .+/);
    expect(typeof outside?.code).toBe('string');
    expect(log.find((l) => l.code === 'invalid-request')).toMatchObject({ level: 'warn', method: 'openEvent' });
    expect(log.find((l) => l.msg.includes('Refused a request over the WebSocket (openEvent)'))?.msg).toMatch(/path/);
    expect(log.find((l) => l.msg.startsWith('Refused a connection:'))?.msg).toMatch(/station key is missing/);

    // The key never reaches the log (the terminal has it: it is how the station is opened).
    expect(terminal.join('\n')).toContain(mode.server.key);
    expect(await readFile(mode.supportLog.file, 'utf8')).not.toContain(mode.server.key);
  });

  it('records an unexpected failure with its stack', async () => {
    const log = openSupportLog(dataDir, { mode: 'test' });
    const printer = async (): Promise<never> => {
      throw new Error('the printer caught fire');
    };
    const service = createHostServices({ dataDir, station: 'test', clock: false, printer, log });
    try {
      await service.createEvent({ name: 'Saturday Open', ruleset: 'mtr', settings: {} });
      await expect(service.print({ doc: 'standings' })).rejects.toThrow('the printer caught fire');
    } finally {
      await service.dispose();
      await log.close();
    }
    const failure = (await lines()).find((l) => l.level === 'error');
    expect(failure).toMatchObject({ msg: 'print failed', method: 'print', doc: 'standings', err: { type: 'Error', message: 'the printer caught fire' } });
    expect(failure?.err?.stack).toMatch(/Error: the printer caught fire\n\s+at /);
  });

  it('keeps the last words of a process that crashes', () => {
    const script = [
      `import { logProcessFailures, openSupportLog } from ${JSON.stringify(path.join(repoRoot, 'electron', 'host', 'log.ts'))};`,
      `const log = openSupportLog(${JSON.stringify(dataDir)}, { mode: 'crash test' });`,
      'logProcessFailures(log);',
      "setImmediate(() => { throw new Error('nobody caught this'); });",
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
    expect(child.status).not.toBe(0);
    expect(child.stderr).toContain('nobody caught this'); // Node still reports the crash as it always does
    return lines().then((log) => {
      expect(log.map((l) => l.msg)).toEqual(['Podium started', 'An error nobody caught stopped Podium']);
      expect(log[1]?.err?.stack).toMatch(/Error: nobody caught this\n\s+at /);
    });
  });
});

describe('the support log file', () => {
  const line = (i: number): string => `line ${String(i).padStart(4, '0')} ${'x'.repeat(60)}`;

  it('is written without waiting for the disk', async () => {
    const log = openSupportLog(dataDir);
    log.info('written later');
    // Logging returned before anything reached the disk: the file is not even made yet.
    expect(existsSync(log.file)).toBe(false);
    await log.flush();
    expect((await lines()).map((l) => l.msg)).toEqual(['Podium started', 'written later']);
    await log.close();
  });

  it('rotates at its size cap and keeps a fixed number of files, going on in podium.log after a restart', async () => {
    const maxBytes = 2000;
    const log = openSupportLog(dataDir, { maxBytes, files: 3 });
    for (let i = 0; i < 100; i++) {
      log.info(line(i));
      if (i % 9 === 0) await new Promise((resolve) => setImmediate(resolve)); // a write under way while more lines come
    }
    await log.close();
    const folder = supportLogDir(dataDir);
    expect(readdirSync(folder).sort()).toEqual(['podium.1.log', 'podium.2.log', 'podium.log']);
    for (const name of readdirSync(folder)) expect(statSync(path.join(folder, name)).size).toBeLessThanOrEqual(maxBytes);
    // Newest in podium.log, the ones before in .1 then .2, in order, none missing in between; the
    // oldest are gone.
    const kept = [...(await lines(path.join(folder, 'podium.2.log'))), ...(await lines(path.join(folder, 'podium.1.log'))), ...(await lines())].map((l) => l.msg);
    expect(kept.at(-1)).toBe(line(99));
    const first = Number(/line (\d+)/.exec(kept[0] as string)?.[1]);
    expect(first).toBeGreaterThan(0);
    expect(kept).toEqual(Array.from({ length: 100 - first }, (_, k) => line(first + k)));

    // A restart appends to podium.log until it is full.
    const before = (await lines()).length;
    const again = openSupportLog(dataDir, { maxBytes, files: 3 });
    await again.close();
    const after = await lines();
    expect(after.length === before + 1 || after.length === 1).toBe(true);
    expect(after.at(-1)?.msg).toBe('Podium started');
  });
});
