/**
 * One writer per save, with real host processes: two browser-mode hosts (host-child.ts,
 * the real startBrowserMode) on one data folder, driven through the real WebSocket client. Today's
 * failure was two writers each appending at its own idea of the end of the file; here the second
 * opener gets the save read-only with a notice naming the holder, every acknowledged command of the
 * holder survives, and after the holder is SIGKILLed the lock is gone at once (no stale lock): the
 * read-only host is told, takes over, and carries on.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { StationApi, StationSnapshot } from '../../core/api/contract.js';
import type { Command } from '../../core/event/commands.js';
import { openEventStore, writeEventSaveSync } from '../../electron/host/event-store.js';
import { connectWebSocket, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { repoRoot } from '../support/paths.js';
import { mtrEvent } from './save-fixtures.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'podium-lock-'));
const rendererDir = path.join(tmp, 'renderer'); // never built: these hosts serve no pages
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Host {
  child: ChildProcess;
  api: StationApi;
  pushes: StationSnapshot[];
  close(): void;
}

const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

/** The station page's URL → the WebSocket RPC URL (the key, if the page carries one, comes along). */
function rpcUrl(pageUrl: string): string {
  const page = new URL(pageUrl);
  return `ws://${page.host}/rpc${page.search}`;
}

/** Start a browser-mode host in its own process and connect to it as a window would. */
async function startHost(dataDir: string): Promise<Host> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'test/host/host-child.ts'), dataDir, rendererDir], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  const pageUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
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
  const create = (u: string): WebSocketLike => new WebSocket(u) as unknown as WebSocketLike;
  const connection = connectWebSocket(rpcUrl(pageUrl), { create, reconnect: false });
  await connection.channel.ready;
  const pushes: StationSnapshot[] = [];
  connection.api.subscribe((push) => {
    if (push.type === 'state') pushes.push(push.snapshot);
  });
  return {
    child,
    api: connection.api,
    pushes,
    close: () => {
      connection.channel.close();
      child.stdin?.end();
    },
  };
}

/** Resolve once a state push satisfies `check` (or the current state does); fails after 30 s. */
async function waitForPush(host: Host, check: (snapshot: StationSnapshot) => boolean): Promise<StationSnapshot> {
  const seen = host.pushes.find(check);
  if (seen) return seen;
  return new Promise<StationSnapshot>((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error('the expected push never came')), 30_000);
    const stop = host.api.subscribe((push) => {
      if (push.type === 'state' && check(push.snapshot)) {
        clearTimeout(guard);
        stop();
        resolve(push.snapshot);
      }
    });
    // A push that came between the look above and the subscription: the current state answers.
    void host.api.snapshot().then((now) => {
      if (check(now)) {
        clearTimeout(guard);
        stop();
        resolve(now);
      }
    });
  });
}

function amend(state: NonNullable<StationSnapshot['state']>, n: number): Command {
  const round = state.rounds[state.rounds.length - 1] as NonNullable<StationSnapshot['state']>['rounds'][number];
  const table = round.tables[n % round.tables.length] as { table: number };
  return { type: 'record-result', round: round.number, table: table.table, result: { games: [2, n % 2, 0] }, reason: `amend ${n}` };
}

/** A played 16-player mtr event saved in `dir`. */
function savedEvent(dir: string, name: string): string {
  const file = path.join(dir, 'events', name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeEventSaveSync(file, mtrEvent({ players: 16, rounds: 2 }).commands, { station: 'test' });
  return file;
}

async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected a rejection');
}

/** Interleave appends from both hosts, as two scorekeepers would; returns what each had acknowledged. */
async function bothAppend(first: Host, second: Host, rounds: number): Promise<{ first: number[]; second: number[]; refused: (Error & { code?: string })[] }> {
  const acked = { first: [] as number[], second: [] as number[], refused: [] as (Error & { code?: string })[] };
  const state = (await first.api.snapshot()).state as NonNullable<StationSnapshot['state']>;
  for (let n = 0; n < rounds; n++) {
    const [a, b] = await Promise.allSettled([first.api.dispatch({ command: amend(state, n) }), second.api.dispatch({ command: amend(state, n + 1) })]);
    if (a.status === 'fulfilled') acked.first.push(a.value.seq);
    else acked.refused.push(a.reason as Error & { code?: string });
    if (b.status === 'fulfilled') acked.second.push(b.value.seq);
    else acked.refused.push(b.reason as Error & { code?: string });
  }
  return acked;
}

describe('one writer per save, two real host processes', () => {
  it('the first opener writes; the second gets it read-only, naming the holder, and nothing acknowledged is lost', async () => {
    const dataDir = mkdtempSync(path.join(tmp, 'data-'));
    const file = savedEvent(dataDir, 'first-wins.podium');
    const a = await startHost(dataDir);
    const b = await startHost(dataDir);
    const opened = await a.api.openEvent({ path: file });
    expect(opened.summary?.readOnly).toBe(false);
    const second = await b.api.openEvent({ path: file });
    expect(second.summary?.readOnly).toBe(true);
    expect(second.summary?.readOnlyReason).toBe('locked');
    expect(second.summary?.heldBy?.description).toMatch(new RegExp(`^open for writing on this computer by Podium \\(browser mode, process ${a.child.pid}\\) since \\d\\d?:\\d\\d`));
    expect(second.notices.find((n) => n.kind === 'locked')?.message).toMatch(/only one Podium may write to a save/);

    const { first, second: secondAcks, refused } = await bothAppend(a, b, 12);
    expect(first).toHaveLength(12);
    expect(secondAcks).toEqual([]);
    expect(refused).toHaveLength(12);
    for (const error of refused) {
      expect(error.code).toBe('save-locked');
      expect(error.message).toMatch(/open for writing on this computer by Podium \(browser mode/);
    }
    a.close();
    b.close();
    await Promise.all([a, b].map((h) => new Promise((resolve) => h.child.once('exit', resolve))));

    const reopened = await openEventStore(file, { station: 'check' });
    expect(reopened.notices).toEqual([]);
    expect(reopened.readOnly).toBe(false);
    const seqs = new Set(reopened.entries().map((e) => e.seq));
    for (const seq of first) expect(seqs.has(seq)).toBe(true);
    expect(reopened.entries().map((e) => e.command.type === 'record-result' && e.command.reason).filter(Boolean).slice(-12)).toEqual(
      Array.from({ length: 12 }, (_, n) => `amend ${n}`),
    );
    await reopened.close();
  });

  it('in the other order too: whichever host opens first holds it', async () => {
    const dataDir = mkdtempSync(path.join(tmp, 'data-'));
    const file = savedEvent(dataDir, 'second-wins.podium');
    const a = await startHost(dataDir);
    const b = await startHost(dataDir);
    expect((await b.api.openEvent({ path: file })).summary?.readOnly).toBe(false);
    const late = await a.api.openEvent({ path: file });
    expect(late.summary?.readOnlyReason).toBe('locked');
    expect(late.summary?.heldBy?.description).toContain(`process ${b.child.pid}`);
    const { first, second, refused } = await bothAppend(b, a, 8);
    expect(first).toHaveLength(8);
    expect(second).toEqual([]);
    expect(refused.every((e) => e.code === 'save-locked')).toBe(true);
    // Taking over while the holder still has it is refused in words.
    const early = await rejection(a.api.takeOverEvent());
    expect(early.code).toBe('save-locked');
    expect(early.message).toMatch(/cannot take over yet: the save is still open for writing on this computer by Podium/);
    a.close();
    b.close();
  });

  it('a SIGKILLed holder leaves no stale lock: the read-only host is told, takes over and loses nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmp, 'data-'));
    const file = savedEvent(dataDir, 'killed.podium');
    const a = await startHost(dataDir);
    const b = await startHost(dataDir);
    await a.api.openEvent({ path: file });
    const watching = await b.api.openEvent({ path: file });
    expect(watching.summary?.heldBy?.gone).toBe(false);
    const state = watching.state as NonNullable<StationSnapshot['state']>;
    const acked: number[] = [];
    for (let n = 0; n < 10; n++) acked.push((await a.api.dispatch({ command: amend(state, n) })).seq);

    a.child.kill('SIGKILL');
    const told = await waitForPush(b, (s) => s.summary?.heldBy?.gone === true);
    expect(told.summary?.readOnly).toBe(true);
    const taken = await b.api.takeOverEvent();
    expect(taken.summary?.readOnly).toBe(false);
    expect(taken.summary?.readOnlyReason).toBeUndefined();
    // The take-over read the file afresh: the holder's acknowledged commands are all there.
    expect(taken.lastSeq).toBe(acked[acked.length - 1]);
    const next = await b.api.dispatch({ command: amend(state, 99) });
    expect(next.seq).toBe((acked[acked.length - 1] as number) + 1);

    // A third host finds the save held by b (the lock moved with the take-over).
    const c = await startHost(dataDir);
    expect((await c.api.openEvent({ path: file })).summary?.heldBy?.description).toContain(`process ${b.child.pid}`);
    c.close();
    b.close();
    await new Promise((resolve) => b.child.once('exit', resolve));
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const reopened = await openEventStore(file, { station: 'check' });
    expect(reopened.notices).toEqual([]);
    expect(reopened.entries()).toHaveLength((acked[acked.length - 1] as number) + 2);
    await reopened.close();
  });

  it('a host started after the holder was SIGKILLed opens the save writable at once', async () => {
    const dataDir = mkdtempSync(path.join(tmp, 'data-'));
    const file = savedEvent(dataDir, 'restart.podium');
    const a = await startHost(dataDir);
    await a.api.openEvent({ path: file });
    a.child.kill('SIGKILL');
    await new Promise((resolve) => a.child.once('exit', resolve));
    const b = await startHost(dataDir);
    const opened = await b.api.openEvent({ path: file });
    expect(opened.summary?.readOnly).toBe(false);
    expect(opened.notices).toEqual([]);
    b.close();
  });
});
