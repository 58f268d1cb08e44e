/**
 * Host side: a host that restarts reopens the event that was open. Against the real
 * browser mode (startBrowserMode: the real host services, journal store and one-writer lock, a temp
 * station folder on 127.0.0.1) and, for a real crash, a host in its own process (host-child.ts)
 * killed with SIGKILL:
 *
 * - the open event is noted in the station folder (last-open.json) when created or opened, and
 *   forgotten when the scorekeeper closes it — but not when the host stops;
 * - a restarted host has it open again, writable, with every acknowledged command, before any window
 *   connects; after a crash too (the dead host's lock is gone at once);
 * - a save that is gone is refused in words, and the host starts with no event (and says it once);
 * - a missing or unreadable record is "nothing was open".
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StationApi } from '../../core/api/contract.js';
import { createHostServices } from '../../electron/host/host.js';
import { LAST_OPEN_FILE, readLastOpen, trackLastOpen } from '../../electron/host/last-open.js';
import { startBrowserMode, type BrowserMode } from '../../electron/web.js';
import { connectWebSocket, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { repoRoot } from '../support/paths.js';

let dir: string;
let dataDir: string;
const rendererDir = path.join(os.tmpdir(), 'podium-last-open-no-renderer'); // these hosts serve no pages
const running: BrowserMode[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'podium-last-open-'));
  dataDir = path.join(dir, 'station');
});

afterEach(async () => {
  for (const mode of running.splice(0)) await mode.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

/** Browser mode on the test's station folder; its log lines are collected. */
async function start(): Promise<{ mode: BrowserMode; lines: string[] }> {
  const lines: string[] = [];
  const mode = await startBrowserMode({ port: 0, dataDir, rendererDir, log: (line) => lines.push(line) });
  running.push(mode);
  return { mode, lines };
}

async function stop(mode: BrowserMode): Promise<void> {
  running.splice(running.indexOf(mode), 1);
  await mode.close();
}

const NAMES = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'Gus Pereira', 'Hana Novak'];

async function playedRound(api: Pick<StationApi, 'createEvent' | 'dispatch' | 'query'>, name: string): Promise<{ file: string; acks: number[] }> {
  const created = await api.createEvent({ name, ruleset: 'mtr', settings: { rel: 'competitive' }, seed: 3 });
  const acks: number[] = [];
  for (const [i, player] of NAMES.entries()) acks.push((await api.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name: player }, draw: i } })).seq);
  const tables = [0, 1, 2, 3].map((i) => ({ table: i + 1, seats: [`p${2 * i + 1}`, `p${2 * i + 2}`] }));
  acks.push((await api.dispatch({ command: { type: 'pair-round', round: 1, stage: 'swiss', tables, byes: [], seed: 3 } })).seq);
  acks.push((await api.dispatch({ command: { type: 'start-round-clock', round: 1, at: 0 } })).seq);
  acks.push((await api.dispatch({ command: { type: 'record-result', round: 1, table: 2, result: { games: [2, 1, 0] } } })).seq);
  return { file: created.summary?.path as string, acks };
}

describe('the record of the open event', () => {
  it('is nothing when missing, unreadable, or not an absolute save path', async () => {
    expect(await readLastOpen(dataDir)).toBeNull();
    await mkdir(dataDir, { recursive: true });
    for (const text of ['', '{not json', 'null', '[]', '{"path": 7}', '{"path": "relative.podium"}']) {
      await writeFile(path.join(dataDir, LAST_OPEN_FILE), text);
      expect(await readLastOpen(dataDir), text).toBeNull();
    }
    // …and a host starting on such a record starts with no event, saying nothing about it.
    const { mode, lines } = await start();
    expect(mode.service.current()).toBeNull();
    expect(lines.join('\n')).not.toMatch(/reopen/i);
  });

  it('follows the open event: created, opened, closed (a stopping host is not a close)', async () => {
    const service = createHostServices({ dataDir, station: 'test', clock: false, printer: async () => ({ pdfBase64: '', pages: 1, fileName: 'x.pdf' }) });
    const tracker = trackLastOpen(service, dataDir);
    try {
      const first = await service.createEvent({ name: 'Friday Night', ruleset: 'mtr', settings: {} });
      await tracker.settled();
      expect(await readLastOpen(dataDir)).toMatchObject({ path: first.summary?.path, name: 'Friday Night' });
      const second = await service.createEvent({ name: 'Saturday Open', ruleset: 'mtr', settings: {} });
      await tracker.settled();
      expect((await readLastOpen(dataDir))?.path).toBe(second.summary?.path);
      await service.openEvent({ path: first.summary?.path as string });
      await tracker.settled();
      expect((await readLastOpen(dataDir))?.path).toBe(first.summary?.path);
      // The record is a whole JSON document (written through fs-safe, never half a file).
      expect(JSON.parse(await readFile(path.join(dataDir, LAST_OPEN_FILE), 'utf8'))).toMatchObject({ path: first.summary?.path });
      await service.closeEvent();
      await tracker.settled();
      expect(existsSync(path.join(dataDir, LAST_OPEN_FILE))).toBe(false);
      await service.openEvent({ path: second.summary?.path as string });
      await tracker.settled();
    } finally {
      await tracker.stop();
      await service.dispose();
    }
    expect((await readLastOpen(dataDir))?.name).toBe('Saturday Open');
  });
});

describe('the record is on disk before the station hears the event is open', () => {
  it('when an event is created or opened, with no tracker at all (a host killed right after cannot miss it)', async () => {
    const service = createHostServices({ dataDir, station: 'test', clock: false, printer: async () => ({ pdfBase64: '', pages: 1, fileName: 'x.pdf' }) });
    try {
      const created = await service.createEvent({ name: 'Sunday Brawl', ruleset: 'mtr', settings: {} });
      expect(await readLastOpen(dataDir)).toMatchObject({ path: created.summary?.path, name: 'Sunday Brawl' });
      const other = await service.createEvent({ name: 'Monday Cube', ruleset: 'mtr', settings: {} });
      expect((await readLastOpen(dataDir))?.path).toBe(other.summary?.path);
      await service.openEvent({ path: created.summary?.path as string });
      expect((await readLastOpen(dataDir))?.path).toBe(created.summary?.path);
    } finally {
      await service.dispose();
    }
  });
});

describe('a restarted host reopens the event that was open', () => {
  it('after a clean stop: the same event, writable, with everything acknowledged, before any window connects', async () => {
    const first = await start();
    const { file, acks } = await playedRound(first.mode.service, 'Sunday Modern');
    await stop(first.mode);

    const second = await start();
    const current = second.mode.service.current();
    expect(current?.summary.path).toBe(file);
    expect(current?.summary.readOnly).toBe(false);
    expect(current?.state.name).toBe('Sunday Modern');
    const snapshot = await second.mode.service.snapshot();
    expect(snapshot.lastSeq).toBe(acks[acks.length - 1]);
    expect(snapshot.state?.rounds[0]?.tables.find((t) => t.table === 2)?.result).toBeDefined();
    // The clock goes on from the journal: running, the round started when it was started.
    const view = (second.mode.service as unknown as { clock: { view(): { status: string } | null } }).clock.view();
    expect(view?.status).toBe('running');
    // Said in the log, before the address.
    const reopened = second.lines.findIndex((l) => l.startsWith('Reopened the event that was open: Sunday Modern'));
    expect(reopened).toBeGreaterThanOrEqual(0);
    expect(reopened).toBeLessThan(second.lines.findIndex((l) => l.includes('open http://')));
    // Writable: this host holds the save's lock.
    await second.mode.service.dispatch({ command: { type: 'record-result', round: 1, table: 3, result: { games: [0, 2, 0] } } });
  });

  it('not after the scorekeeper closed the event', async () => {
    const first = await start();
    await playedRound(first.mode.service, 'Closed Cup');
    await first.mode.service.closeEvent();
    await stop(first.mode);
    const second = await start();
    expect(second.mode.service.current()).toBeNull();
    expect(second.lines.join('\n')).not.toMatch(/reopen/i);
  });

  it('a save that is gone is refused in words; the host starts with no event and says so once', async () => {
    const first = await start();
    const { file } = await playedRound(first.mode.service, 'Moved Away');
    await stop(first.mode);
    await rm(file);

    const second = await start();
    expect(second.mode.service.current()).toBeNull();
    const line = second.lines.find((l) => l.startsWith('The event that was open'));
    expect(line?.startsWith(`The event that was open, Moved Away (${file}), could not be reopened: `)).toBe(true);
    expect(line).toMatch(/: (?:cannot open .+: no such file or folder|there is no event save at .+)\. Starting with no event open\.$/);
    expect(second.lines.join('\n')).not.toMatch(/ENOENT|EACCES|Error:/);
    await stop(second.mode);

    const third = await start();
    expect(third.mode.service.current()).toBeNull();
    expect(third.lines.join('\n')).not.toMatch(/The event that was open/);
  });

  it('a file that is no longer a save is not taken for one', async () => {
    const first = await start();
    const { file } = await playedRound(first.mode.service, 'Overwritten');
    await stop(first.mode);
    await writeFile(file, 'this is not an event save\n');
    const second = await start();
    expect(second.mode.service.current()).toBeNull();
    expect(second.lines.find((l) => l.startsWith('The event that was open'))).toMatch(
      /could not be reopened: line 1: not a Podium event save \(the first line is not a Podium journal header\)\. Starting with no event open\.$/,
    );
    expect(await readFile(file, 'utf8')).toBe('this is not an event save\n');
  });
});

describe('after a crash (a host process killed with SIGKILL)', () => {
  const children = new Set<ChildProcess>();
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  /** host-child.ts: the real startBrowserMode in its own process; its printed address, connected to. */
  async function spawnHost(): Promise<{ child: ChildProcess; api: StationApi; lines: string; close(): void }> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'test/host/host-child.ts'), dataDir, rendererDir], {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.add(child);
    let out = '';
    const pageUrl = await new Promise<string>((resolve, reject) => {
      let err = '';
      const guard = setTimeout(() => reject(new Error(`the host did not start in 60 s: ${out} ${err}`)), 60_000);
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        const found = /open (http:\/\/\S+)/.exec(out);
        if (found) {
          clearTimeout(guard);
          resolve(found[1] as string);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(guard);
        reject(new Error(`the host exited (${code}): ${err}`));
      });
    });
    const page = new URL(pageUrl);
    const connection = connectWebSocket(`ws://${page.host}/rpc${page.search}`, { create: (u) => new WebSocket(u) as unknown as WebSocketLike, reconnect: false });
    await connection.channel.ready;
    return {
      child,
      api: connection.api,
      lines: out,
      close: () => {
        connection.channel.close();
        child.stdin?.end();
      },
    };
  }

  it('the next host has the event open, writable at once, with every acknowledged command', async () => {
    const first = await spawnHost();
    const { file, acks } = await playedRound(first.api, 'Crash Open');
    // The record was on disk before the event's creation was acknowledged.
    expect((await readLastOpen(dataDir))?.path).toBe(file);
    acks.push((await first.api.dispatch({ command: { type: 'record-result', round: 1, table: 4, result: { games: [2, 0, 0] } } })).seq);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await spawnHost();
    try {
      expect(second.lines).toContain('Reopened the event that was open: Crash Open');
      const snapshot = await second.api.snapshot();
      expect(snapshot.summary?.path).toBe(file);
      expect(snapshot.summary?.readOnly).toBe(false);
      expect(snapshot.lastSeq).toBe(acks[acks.length - 1]);
      const tables = snapshot.state?.rounds[0]?.tables ?? [];
      expect(tables.filter((t) => t.result !== undefined).map((t) => t.table)).toEqual([2, 4]);
      const next = await second.api.dispatch({ command: { type: 'record-result', round: 1, table: 1, result: { games: [2, 1, 0] } } });
      expect(next.seq).toBe((acks[acks.length - 1] as number) + 1);
    } finally {
      second.close();
      await new Promise((resolve) => second.child.once('exit', resolve));
    }
  });
});
