/**
 * Section 4: the proof that nothing is lost on the venue network. Real WebSockets on
 * 127.0.0.1 (the station's local door) and 127.0.0.2 (the LAN side), a real browser-mode host, real
 * saves in a temp folder; every wait is for an event, with a deadline.
 *
 * 1. Four senders — the head station on the local door, a second desk and two judges joined with
 *    their codes — enter every result of round 1 of a 1,024-player event at once, a quarter each,
 *    and a slice of the next quarter too, so 128 tables are raced by two senders. Every table ends
 *    with exactly one result; every acknowledged result is the one in the save; the raced tables'
 *    losers were refused as 'result-entered', naming the winner; the save's journal has exactly one
 *    record-result per table, and its fold is the state each of the four folded from its pushes.
 * 2. A judge's connection drops mid-entry, at each point of the way (the frame lost before the
 *    host, the host writing it with the answer lost, cut the moment it left): the renderer's own
 *    sendCommand re-sends under the same client command id, the journal holds it once, the answer is
 *    the original entry, and the judge's copy catches up by filling the gap from the journal.
 * 3. The host, a child process, is SIGKILLed while four devices enter results; started again on the
 *    same station folder and port, its save holds every acknowledged result, each device connects
 *    again with its same token and folds to the save's state, and re-sending what was unanswered
 *    under the same ids writes nothing twice.
 *
 * The senders follow the event as the renderer's store does (renderer/store/station.ts
 * attachConnection): a snapshot, then each pushed entry folded with core's applyEntries, a gap
 * asked for with the `journal` query, a fresh snapshot when entries cannot be folded.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { DispatchAck, PushedEntry, StationApi, StationPush, StationSnapshot } from '../../core/api/contract.js';
import { stateFor } from '../../core/api/views.js';
import type { DeviceRef } from '../../core/api/roles.js';
import { replay } from '../../core/event/apply.js';
import { publishCommand, type Command, type NewCommand } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { readEventSave } from '../../electron/host/event-store.js';
import { connectWebSocket, type WebSocketChannel, type WebSocketLike } from '../../renderer/api/ws-client.js';
import type { StationConnection } from '../../renderer/api/index.js';
import { sendCommand } from '../../renderer/store/send.js';
import { ApiFollower } from '../support/api-follower.js';
import { repoRoot } from '../support/paths.js';
import { joinAs, postJoin, rpcUrl, startVenueHost, within, type Joined, type VenueHost } from './venue-helpers.js';

// ---------------------------------------------------------------------------------------------
// Following the event as a window does

/**
 * A window's copy of the event, kept as the renderer's store keeps it: core's follower
 * (test/support/api-follower.ts) — the first snapshot, every pushed entry folded, a gap filled from
 * the `journal` query, a fresh snapshot when entries cannot be folded (an undo). It never takes a
 * fresh snapshot on its own otherwise, so catching up after a lost push is the gap fill's doing.
 */
class Follower {
  private readonly copy: ApiFollower;

  constructor(api: StationApi) {
    this.copy = new ApiFollower(api);
  }

  /** The first snapshot (pushes heard meanwhile fold onto it). */
  async start(): Promise<StationSnapshot> {
    this.copy.start();
    return within(
      new Promise<StationSnapshot>((resolve) => {
        const check = (): void => {
          const snapshot = this.copy.snapshot;
          if (!snapshot) return;
          stop();
          resolve(snapshot);
        };
        const stop = this.copy.onChange(check);
        check();
      }),
      'a first snapshot',
      20_000,
    );
  }

  get lastSeq(): number {
    return this.copy.snapshot?.lastSeq ?? -1;
  }

  get state(): EventState | undefined {
    return this.copy.snapshot?.state ?? undefined;
  }

  get gapsFilled(): number {
    return this.copy.gapsFilled;
  }

  get resyncs(): number {
    return this.copy.resyncs;
  }

  /** Resolves once the copy has folded entry `seq`. */
  reached(seq: number, who: string): Promise<void> {
    return within(
      new Promise<void>((resolve) => {
        const check = (): void => {
          if (this.lastSeq < seq) return;
          stop();
          resolve();
        };
        const stop = this.copy.onChange(check);
        check();
      }),
      `${who} to fold the event to entry ${seq} (it is at ${this.lastSeq})`,
      20_000,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The save, read back from its lines

interface SavedLine {
  seq: number;
  cid?: string;
  by?: DeviceRef;
  command: Command;
}

type RecordResult = Extract<Command, { type: 'record-result' }>;
type Games = [number, number, number];

/**
 * The save, read and checked as the host opens it (checksums, no damage), and its entries as its
 * lines say, each line parsed on its own (a line torn by a kill mid-write is no entry: the host
 * cuts it when it opens the save), and their fold by core's replay.
 */
async function readSave(file: string): Promise<{ lines: SavedLine[]; state: EventState; tornTail: boolean }> {
  const reading = await readEventSave(file);
  expect(reading.damage, `the save ${path.basename(file)} is damaged`).toBeUndefined();
  const [header, ...rest] = (await readFile(file, 'utf8')).split('\n');
  expect(JSON.parse(header as string)).toMatchObject({ podium: 'event-journal' });
  const text = rest.filter((line) => line !== '');
  if (!reading.torn) expect(text).toHaveLength(reading.entries.length);
  const lines = text.slice(0, reading.entries.length).map((line) => JSON.parse(line) as SavedLine);
  expect(lines.map((l) => l.seq)).toEqual(reading.entries.map((e) => e.seq));
  expect(lines.map((l) => l.seq)).toEqual(lines.map((_, i) => i));
  const folded = replay(lines);
  if (!folded) throw new Error('the save folds to no event');
  expect(folded).toEqual(reading.state);
  return { lines, state: folded, tornTail: reading.torn !== undefined };
}

/**
 * The save's state as windows and desks are sent it: without the rounds' report keys, which never
 * leave the host (core/api/views.ts).
 */
function asSent(state: EventState): EventState {
  return stateFor('local', state);
}

/** How many record-result lines each table of `round` has. */
function resultLinesPerTable(lines: readonly SavedLine[], round: number): Map<number, SavedLine[]> {
  const per = new Map<number, SavedLine[]>();
  for (const line of lines) {
    if (line.command.type !== 'record-result' || line.command.round !== round) continue;
    per.set(line.command.table, [...(per.get(line.command.table) ?? []), line]);
  }
  return per;
}

// ---------------------------------------------------------------------------------------------
// Senders and what they were told

interface Sender {
  name: string;
  /** The device the journal records (none: the head-judge station itself). */
  device?: DeviceRef;
  api: StationApi;
  follower: Follower;
  /** The result this sender enters at every table, so the state shows whose result stands. */
  games: Games;
  attempts: Attempt[];
}

interface Attempt {
  sender: Sender;
  table: number;
  cid: string;
  /** A table of another sender's quarter, tried as well (raced with its owner). */
  reaching: boolean;
  /** The host's answer: its entry, or its refusal (code 'disconnected': no answer came). */
  answer?: { ack: DispatchAck } | { code: string; message: string };
}

const GAMES: Games[] = [
  [2, 0, 0],
  [2, 1, 0],
  [0, 2, 0],
  [1, 2, 0],
];

function resultCommand(round: number, table: number, games: Games): NewCommand {
  return { type: 'record-result', round, table, result: { games: [...games] } };
}

/** Send one attempt; its answer is kept on it (the promise never rejects). */
async function attempt(a: Attempt, round: number): Promise<void> {
  try {
    a.answer = { ack: await a.sender.api.dispatch({ command: resultCommand(round, a.table, a.sender.games), cid: a.cid }) };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    a.answer = { code: typeof code === 'string' ? code : 'no code', message: error instanceof Error ? error.message : String(error) };
  }
}

const acked = (a: Attempt): DispatchAck | undefined => (a.answer && 'ack' in a.answer ? a.answer.ack : undefined);
const refusedAs = (a: Attempt): string | undefined => (a.answer && 'code' in a.answer ? a.answer.code : undefined);

/** How a refusal names the sender of the result that stands (sent-by.ts senderName). */
const named = (sender: Sender): string => (sender.device ? sender.device.name : 'the head-judge station');

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Split `tables` into one quarter per sender; sender i also tries the first `overlap` tables of
 * sender i+1's quarter, first of all, while their owner sends them first too: raced for real.
 */
function plan(senders: Sender[], tables: readonly number[], overlap: number, cidPrefix: string): void {
  const quarter = Math.ceil(tables.length / senders.length);
  senders.forEach((sender, i) => {
    const own = tables.slice(i * quarter, (i + 1) * quarter);
    const next = (i + 1) % senders.length;
    const raced = tables.slice(next * quarter, next * quarter + overlap);
    sender.attempts = [...raced.map((table) => ({ table, reaching: true })), ...own.map((table) => ({ table, reaching: false }))].map(({ table, reaching }) => ({
      sender,
      table,
      reaching,
      cid: `${cidPrefix}-${i}-${table}`,
    }));
  });
}

/** The event: `players` registered in one batch by the station, round 1 paired; its tables. */
async function eventWithRound(station: StationApi, players: number, name: string): Promise<{ file: string; tables: number[] }> {
  const created = await station.createEvent({ name, ruleset: 'mtr', settings: {}, seed: 11 });
  const file = created.summary?.path;
  if (!file) throw new Error('no save path');
  const commands: NewCommand[] = Array.from({ length: players }, (_, i) => ({
    type: 'register-player',
    player: { id: `p${String(i + 1).padStart(4, '0')}`, name: `Player ${i + 1}` },
    draw: i + 1,
  }));
  await station.dispatchBatch({ commands });
  const proposed = await station.query({ kind: 'propose-pairing', seed: 5 });
  if (proposed.kind !== 'propose-pairing') throw new Error('wrong answer kind');
  expect(proposed.proposal.byes).toHaveLength(0);
  await station.dispatch({ command: publishCommand(1, 'swiss', proposed.proposal) });
  return { file, tables: proposed.proposal.tables.map((t) => t.table) };
}

/** A device's connection as the renderer makes it. */
function connectDevice(base: string, token: string, options: { create?: (url: string) => WebSocketLike; reconnect?: boolean } = {}): { api: StationApi; channel: WebSocketChannel } {
  return connectWebSocket(rpcUrl(base, token), {
    create: options.create ?? ((url) => new WebSocket(url) as unknown as WebSocketLike),
    reconnect: options.reconnect ?? false,
  });
}

/**
 * Everything the host said, checked against the save and the state: each table has exactly one
 * record-result line, the acknowledged attempt's (its seq, cid, device and result); each refusal is
 * 'result-entered' for a table another sender's result stands at, naming that sender. Attempts
 * left unanswered (`disconnected`, allowed only when `unanswered` is true) are checked by the caller.
 */
function checkAnswers(senders: Sender[], lines: readonly SavedLine[], state: EventState, tables: readonly number[], unanswered = false): void {
  const perTable = resultLinesPerTable(lines, 1);
  expect([...perTable.keys()].sort((a, b) => a - b)).toEqual([...tables].sort((a, b) => a - b));
  const bySeq = new Map(lines.map((l) => [l.seq, l]));
  const round = state.rounds[0];
  for (const table of tables) {
    const written = perTable.get(table) ?? [];
    expect(written, `table ${table}: record-result lines in the save`).toHaveLength(1);
    const line = written[0] as SavedLine;
    const winner = senders.flatMap((s) => s.attempts).find((a) => a.cid === line.cid && a.table === table);
    expect(winner, `table ${table}: its line's cid ${line.cid} is no sender's`).toBeDefined();
    const sender = (winner as Attempt).sender;
    expect(line.by).toEqual(sender.device);
    expect((line.command as RecordResult).result).toEqual({ games: sender.games });
    expect(round?.tables.find((t) => t.table === table)?.result).toMatchObject({ games: sender.games });
  }
  for (const sender of senders) {
    for (const a of sender.attempts) {
      const ack = acked(a);
      if (ack) {
        // Acknowledged: on disk under that seq, this very command.
        const line = bySeq.get(ack.seq);
        expect(line, `${sender.name}, table ${a.table}: acknowledged entry ${ack.seq} is not in the save`).toBeDefined();
        expect(line?.cid).toBe(a.cid);
        expect(line?.by).toEqual(sender.device);
        expect(line?.command).toMatchObject({ type: 'record-result', round: 1, table: a.table, result: { games: sender.games } });
        continue;
      }
      const code = refusedAs(a);
      if (unanswered && code === 'disconnected') continue;
      expect(code, `${sender.name}, table ${a.table}: ${JSON.stringify(a.answer)}`).toBe('result-entered');
      // Refused only where another sender's result stands, and in words naming it.
      const line = (perTable.get(a.table) ?? [])[0];
      const winner = senders.find((s) => s.attempts.some((w) => w.cid === line?.cid));
      expect(winner, `${sender.name}, table ${a.table}: refused, yet no result stands there`).toBeDefined();
      expect(winner).not.toBe(sender);
      expect((a.answer as { message: string }).message).toMatch(
        new RegExp(`^Table ${a.table} was entered at \\d\\d?:\\d\\d( [AP]M)? by ${escaped(named(winner as Sender))} — amend it\\?`),
      );
    }
  }
}


// ---------------------------------------------------------------------------------------------
// A connection that can be cut at any point of an exchange

interface Tap {
  /** Each frame the client sends: 'lose' never lets it out and cuts the connection; 'cut-after' lets it out and cuts at once. */
  outgoing?: (text: string) => 'pass' | 'lose' | 'cut-after';
  /** Each frame the host sends: 'cut' cuts the connection before the client reads it, or anything after it. */
  incoming?: (text: string) => 'pass' | 'cut';
}

/** A real WebSocket (the `ws` package's, as in the other venue tests) that the test can cut mid-exchange. */
class TappedSocket implements WebSocketLike {
  private readonly ws: WebSocket;
  private cut = false;

  constructor(
    url: string,
    private readonly tap: () => Tap,
    /** Every frame the client sent, or tried to. */
    private readonly sent: string[],
  ) {
    this.ws = new WebSocket(url);
  }

  get readyState(): number {
    return this.cut ? WebSocket.CLOSING : this.ws.readyState;
  }

  send(data: string): void {
    this.sent.push(data);
    const verdict = this.tap().outgoing?.(data) ?? 'pass';
    if (verdict !== 'lose') this.ws.send(data);
    if (verdict !== 'pass') this.drop();
  }

  close(): void {
    this.ws.close();
  }

  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'open' | 'close' | 'error' | 'message', listener: ((event: { data: unknown }) => void) | (() => void)): void {
    if (type !== 'message') {
      this.ws.on(type as 'open', () => (listener as () => void)());
      return;
    }
    this.ws.on('message', (data: Buffer) => {
      if (this.cut) return;
      const text = data.toString('utf8');
      if ((this.tap().incoming?.(text) ?? 'pass') === 'cut') return this.drop();
      (listener as (event: { data: unknown }) => void)({ data: text });
    });
  }

  /** Gone at once, as a phone leaving the Wi-Fi: no close handshake. */
  private drop(): void {
    this.cut = true;
    this.ws.terminate();
  }
}

interface Frame {
  kind: string;
  method?: string;
  params?: { command?: { type?: string; table?: number }; cid?: string };
  push?: StationPush;
}

/** A dispatch of a result for `table`, as the client sent it. */
function dispatchOf(text: string, table: number): Frame | undefined {
  const frame = JSON.parse(text) as Frame;
  return frame.kind === 'request' && frame.method === 'dispatch' && frame.params?.command?.type === 'record-result' && frame.params.command.table === table
    ? frame
    : undefined;
}

// ---------------------------------------------------------------------------------------------
// A host in its own process, to be killed

const CHILD = path.join(repoRoot, 'test/host/venue-proof-child.ts');

interface HostProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Start venue-proof-child.ts on `port` (0: any) and resolve once it listens. */
async function startHostProcess(children: ChildProcess[], dataDir: string, rendererDir: string, port: number, key: string): Promise<HostProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, rendererDir, String(port), key], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const failed = /^error (.*)$/m.exec(out);
      if (failed) reject(new Error(`the host process failed: ${failed[1]}`));
      const open = /open http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (open) resolve(Number(open[1]));
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.once('error', reject);
    void exited.then(({ code, signal }) => reject(new Error(`the host process ended (${code ?? signal}) before it listened:\n${out}\n${err.slice(0, 2000)}`)));
  });
  return { child, port: await within(listening, 'the host process to listen', 30_000), output: () => out, exited };
}

/** The station on a host process's local door, with the station key. */
async function stationAt(channels: WebSocketChannel[], port: number, key: string): Promise<StationApi> {
  const { api, channel } = connectWebSocket(`ws://127.0.0.1:${port}/rpc?key=${encodeURIComponent(key)}`, {
    create: (url) => new WebSocket(url) as unknown as WebSocketLike,
    reconnect: false,
  });
  channels.push(channel);
  await within(channel.ready, 'the station to connect');
  return api;
}

/** Send a sender's attempts in order, `window` at a time (a busy desk does not wait for each answer); `onSend` before each. */
async function sendWindowed(sender: Sender, window: number, onSend: (a: Attempt) => void): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < sender.attempts.length) {
      const a = sender.attempts[next++] as Attempt;
      onSend(a);
      await attempt(a, 1);
    }
  };
  await Promise.all(Array.from({ length: window }, lane));
}

// ---------------------------------------------------------------------------------------------

describe('the proof that nothing is lost', () => {
  let host: VenueHost | null = null;
  const channels: WebSocketChannel[] = [];
  const children: ChildProcess[] = [];
  const folders: string[] = [];

  afterEach(async () => {
    for (const channel of channels.splice(0)) channel.close();
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (host) await host.close();
    host = null;
    for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('four senders enter all 512 results of a 1,024-player round at once: one result per table, none lost, none doubled, and every copy folds to the save', async () => {
    const started = Date.now();
    host = await startVenueHost();
    await host.networkOn();
    const { file, tables } = await eventWithRound(host.station, 1024, 'Proof Open');
    expect(tables).toHaveLength(512);
    const firstResultSeq = (await host.station.snapshot()).lastSeq + 1;

    const joined: [string, Joined][] = [
      ['Desk 2', await joinAs(host, 'station', 'Desk 2')],
      ['Judge Ana', await joinAs(host, 'judge', 'Judge Ana')],
      ['Judge Bo', await joinAs(host, 'judge', 'Judge Bo')],
    ];
    const senders: Sender[] = [{ name: 'the head-judge station', api: host.station, follower: new Follower(host.station), games: GAMES[0] as Games, attempts: [] }];
    for (const [i, [name, { token, device }]] of joined.entries()) {
      const { api, channel } = connectDevice(host.lan(), token);
      channels.push(channel);
      await within(channel.ready, `${name} to connect`);
      senders.push({ name, device, api, follower: new Follower(api), games: GAMES[i + 1] as Games, attempts: [] });
    }
    await Promise.all(senders.map((s) => s.follower.start()));

    // 128 tables each, and 32 of the next sender's: 160 commands per device, inside its burst of 200.
    plan(senders, tables, 32, 'proof');
    host.advance(60_000);
    await within(
      Promise.all(senders.flatMap((s) => s.attempts.map((a) => attempt(a, 1)))),
      'every attempt to be answered',
      40_000,
    );

    const all = senders.flatMap((s) => s.attempts);
    expect(all).toHaveLength(640);
    const acks = all.flatMap((a) => acked(a)?.seq ?? []);
    const refusals = all.filter((a) => refusedAs(a) !== undefined);
    // Exactly one acknowledgement per table, the raced ones' other attempts refused.
    expect(acks).toHaveLength(512);
    expect(refusals).toHaveLength(128);
    expect([...acks].sort((a, b) => a - b)).toEqual(Array.from({ length: 512 }, (_, i) => firstResultSeq + i));
    for (const a of all) expect(acked(a)?.duplicate, `${a.sender.name}, table ${a.table}`).toBeUndefined();
    // Each raced table: one of its two senders acknowledged, the other refused.
    const raced = new Map<number, Attempt[]>();
    for (const a of all) raced.set(a.table, [...(raced.get(a.table) ?? []), a]);
    const contested = [...raced.values()].filter((two) => two.length > 1);
    expect(contested).toHaveLength(128);
    for (const two of contested) expect(two.map((a) => (acked(a) ? 'ack' : refusedAs(a))).sort()).toEqual(['ack', 'result-entered']);
    // Who won a raced table: the sender whose quarter it is, or the one reaching into it.
    const intruderWon = contested.filter((two) => two.some((a) => a.reaching && acked(a))).length;

    const last = firstResultSeq + 511;
    await Promise.all(senders.map((s) => s.follower.reached(last, s.name)));
    const { lines, state } = await readSave(file);
    expect(lines).toHaveLength(last + 1);
    checkAnswers(senders, lines, state, tables);

    // The state folded from the save is the host's, and each sender's, folded from its pushes.
    const truth = await host.station.snapshot();
    expect(truth.lastSeq).toBe(last);
    expect(truth.state).toEqual(asSent(state));
    for (const sender of senders) {
      expect(sender.follower.lastSeq, sender.name).toBe(last);
      expect(sender.follower.state, `${sender.name}'s copy`).toEqual(asSent(state));
      // Folded from its pushes (and the journal, for a gap): no fresh snapshot was needed.
      expect(sender.follower.resyncs, sender.name).toBe(0);
    }
    expect(state.rounds[0]?.tables.every((t) => t.result !== undefined)).toBe(true);
    console.log(
      `venue proof 1: 512 results from 4 senders (${refusals.length} refused as entered; ${intruderWon} of the raced tables won by the sender reaching in), ` +
        `gaps filled ${senders.map((s) => s.follower.gapsFilled).join('/')}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 60_000);

  it('a judge whose connection drops mid-entry sends the command again under the same id: written once, answered with the original entry, and its copy catches up by filling the gap', async () => {
    host = await startVenueHost();
    await host.networkOn();
    const { file, tables } = await eventWithRound(host.station, 16, 'Drop Cup');
    const [tableA, tableB, tableC, tableD] = tables as [number, number, number, number];
    const judge = await joinAs(host, 'judge', 'Judge Ana');
    let tap: Tap = {};
    const sent: string[] = [];
    const sockets: TappedSocket[] = [];
    const { api, channel } = connectDevice(host.lan(), judge.token, {
      reconnect: true,
      create: (url) => {
        const socket = new TappedSocket(url, () => tap, sent);
        sockets.push(socket);
        return socket;
      },
    });
    channels.push(channel);
    await within(channel.ready, 'the judge to connect');
    const follower = new Follower(api);
    const station = new Follower(host.station);
    await Promise.all([follower.start(), station.start()]);
    // The judge's phone as the renderer runs it: sendCommand (renderer/store/send.ts) over this connection.
    const connection: StationConnection = {
      api,
      transport: 'websocket',
      status: () => channel.status(),
      onStatus: (listener) => channel.onStatus(listener),
      onMenu: () => () => undefined,
    };
    let waits = 0;
    const send = (table: number, what: string): Promise<unknown> =>
      within(
        sendCommand(connection, resultCommand(1, table, [2, 1, 0]), { onWaiting: () => waits++ }),
        what,
        20_000,
      );
    const cidsSent = (table: number): string[] => sent.flatMap((text) => dispatchOf(text, table)?.params?.cid ?? []);
    const first = (await host.station.snapshot()).lastSeq + 1;

    // A. The frame never reached the host (lost in the air), the connection gone with it: sent
    //    again once the connection is back, written then.
    tap = {
      outgoing: (text) => {
        if (!dispatchOf(text, tableA)) return 'pass';
        tap = {};
        return 'lose';
      },
    };
    expect(await send(tableA, 'the lost command to be sent again')).toEqual({ kind: 'saved', seq: first, duplicate: false });
    expect(waits).toBe(1);
    expect(sockets).toHaveLength(2);
    await follower.reached(first, 'the judge');

    // B. The host wrote it (its entry is pushed, so it is on disk) and the connection dropped
    //    before the answer came: sent again under the same id, answered with that entry.
    let writtenAt: number | undefined;
    tap = {
      incoming: (text) => {
        const frame = JSON.parse(text) as Frame;
        const mine = frame.push?.type === 'entries' ? frame.push.entries.find((e) => e.by?.id === judge.device.id && e.command.type === 'record-result' && e.command.table === tableB) : undefined;
        if (!mine) return 'pass';
        writtenAt = mine.seq;
        tap = {};
        return 'cut';
      },
    };
    expect(await send(tableB, 'the command whose answer was lost to be sent again')).toEqual({ kind: 'saved', seq: first + 1, duplicate: true });
    expect(writtenAt).toBe(first + 1);
    expect(waits).toBe(2);
    expect(sockets).toHaveLength(3);
    // The judge never heard its own entry: it is a result behind...
    expect(follower.lastSeq).toBe(first);
    // ...until the next entry shows the gap, which it fills from the journal.
    const fromStation = await host.station.dispatch({ command: resultCommand(1, tableC, [0, 2, 0]) });
    expect(fromStation.seq).toBe(first + 2);
    await follower.reached(first + 2, 'the judge, after the gap');
    expect(follower.gapsFilled).toBe(1);
    expect(follower.state).toEqual(station.state);

    // C. Cut the moment it left: whether the host read it or not, written once.
    tap = {
      outgoing: (text) => {
        if (!dispatchOf(text, tableD)) return 'pass';
        tap = {};
        return 'cut-after';
      },
    };
    const outcomeC = (await send(tableD, 'the command cut as it left to be sent again')) as { kind: string; seq: number; duplicate: boolean };
    expect(outcomeC).toMatchObject({ kind: 'saved', seq: first + 3 });
    expect(waits).toBe(3);
    expect(sockets).toHaveLength(4);
    // If the host read it before the cut, its entry went out on the dead connection: the next entry
    // shows the gap again (the renderer also takes a fresh snapshot on reconnecting; this copy does not).
    const tableE = tables[4] as number;
    expect((await host.station.dispatch({ command: resultCommand(1, tableE, [0, 2, 0]) })).seq).toBe(first + 4);
    await follower.reached(first + 4, 'the judge, after the last cut');
    // One more gap if the host had read it (its entry's push went to the dead connection), unless
    // the host took so long that the new connection heard it.
    expect(follower.gapsFilled).toBeGreaterThanOrEqual(1);
    expect(follower.gapsFilled).toBeLessThanOrEqual(outcomeC.duplicate ? 2 : 1);

    // The same client id every time it was sent; one line per command in the save, that entry.
    const { lines, state } = await readSave(file);
    expect(lines).toHaveLength(first + 5);
    const perTable = resultLinesPerTable(lines, 1);
    for (const [table, seq] of [
      [tableA, first],
      [tableB, first + 1],
      [tableD, first + 3],
    ] as const) {
      const cids = cidsSent(table);
      expect(cids, `table ${table}: the frames sent`).toHaveLength(2);
      expect(new Set(cids).size).toBe(1);
      expect(perTable.get(table)?.map((l) => [l.seq, l.cid, l.by?.id])).toEqual([[seq, cids[0], judge.device.id]]);
      expect(lines.filter((l) => l.cid === cids[0])).toHaveLength(1);
    }
    expect(perTable.get(tableC)?.map((l) => l.seq)).toEqual([first + 2]);
    expect(perTable.get(tableE)?.map((l) => l.seq)).toEqual([first + 4]);
    await station.reached(first + 4, 'the station');
    expect(follower.state).toEqual(asSent(state));
    expect(follower.resyncs).toBe(0);
    expect(station.state).toEqual(asSent(state));
    expect((await host.station.snapshot()).state).toEqual(asSent(state));
    console.log(`venue proof 2: the command cut as it left ${outcomeC.duplicate ? 'had reached the host (answered as a duplicate)' : 'had not reached the host (written when sent again)'}`);
  }, 30_000);

  it('the host is SIGKILLed while four devices enter results: its save keeps every acknowledged one, and each device comes back with its token to the save’s state', async () => {
    const started = Date.now();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-venue-proof-'));
    folders.push(dir);
    const dataDir = path.join(dir, 'station');
    const rendererDir = path.join(dir, 'renderer');
    await mkdir(rendererDir, { recursive: true });
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Podium</title><div id="root"></div>');
    const key = randomBytes(32).toString('base64url');

    let proc = await startHostProcess(children, dataDir, rendererDir, 0, key);
    const port = proc.port;
    const station = await stationAt(channels, port, key);
    const on = await station.setNetwork({ on: true });
    const base = on.urls[0] as string;
    expect(new URL(base).hostname).toBe('127.0.0.2');
    const { file, tables } = await eventWithRound(station, 128, 'Crash Cup');
    expect(tables).toHaveLength(64);

    const people: [string, 'station' | 'judge'][] = [
      ['Desk 2', 'station'],
      ['Desk 3', 'station'],
      ['Judge Ana', 'judge'],
      ['Judge Bo', 'judge'],
    ];
    const tokens = new Map<string, string>();
    const senders: Sender[] = [];
    // Judge Bo's phone pulls the trigger: the push of its 6th written result (pushes follow the
    // fsync) kills the host, and the phone's connection is cut before it reads the answer. So one
    // result, at least, is on disk and was never answered; the others' are wherever the kill found them.
    const KILL_ON_WRITE = 6;
    let bo: DeviceRef | undefined;
    let boWrites = 0;
    let killedOn: number | undefined;
    const boTap: Tap = {
      incoming: (text) => {
        const frame = JSON.parse(text) as Frame;
        const written = frame.push?.type === 'entries' ? frame.push.entries.filter((e) => e.by?.id === bo?.id) : [];
        boWrites += written.length;
        if (killedOn !== undefined || boWrites < KILL_ON_WRITE) return 'pass';
        killedOn = written.at(-1)?.seq;
        proc.child.kill('SIGKILL');
        return 'cut';
      },
    };
    for (const [i, [name, role]] of people.entries()) {
      const code = on.joinCodes.find((c) => c.role === role)?.code as string;
      const reply = await postJoin(base, { code, name });
      expect(reply.status, reply.body).toBe(200);
      const { token, device } = JSON.parse(reply.body) as Joined;
      tokens.set(name, token);
      if (name === 'Judge Bo') bo = device;
      const { api, channel } = connectDevice(base, token, name === 'Judge Bo' ? { create: (url) => new TappedSocket(url, () => boTap, []) } : {});
      channels.push(channel);
      await within(channel.ready, `${name} to connect`);
      senders.push({ name, device, api, follower: new Follower(api), games: GAMES[i] as Games, attempts: [] });
    }
    await Promise.all(senders.map((s) => s.follower.start()));
    const stationCopy = new Follower(station);
    await stationCopy.start();

    // 16 tables each and 4 of the next device's, 4 commands in flight per device.
    plan(senders, tables, 4, 'crash');
    const sentWhileUp = new Set<Attempt>();
    const killed = proc.exited;
    await within(
      Promise.all(senders.map((sender) => sendWindowed(sender, 4, (a) => killedOn === undefined && sentWhileUp.add(a)))),
      'every attempt to be answered or cut off',
      30_000,
    );
    expect((await within(killed, 'the host process to die')).signal).toBe('SIGKILL');
    expect(killedOn).toBeDefined();
    const all = senders.flatMap((s) => s.attempts);
    const acks = all.filter((a) => acked(a)).length;
    const unanswered = all.filter((a) => refusedAs(a) === 'disconnected');
    const inFlight = unanswered.filter((a) => sentWhileUp.has(a));
    expect(inFlight.length).toBeGreaterThan(0); // the kill landed mid-entry
    expect(acks).toBeGreaterThanOrEqual(KILL_ON_WRITE - 1);

    // The save as the kill left it: every acknowledged result in it (checkAnswers), and whatever a
    // device was shown (its copy folded from pushes) is the fold of the save up to there.
    const afterKill = await readSave(file);
    const writtenBeforeKill = [...resultLinesPerTable(afterKill.lines, 1).keys()];
    expect(writtenBeforeKill.length).toBeLessThan(64); // mid-round
    // The result that killed the host: on disk, Judge Bo's, never answered.
    const trigger = afterKill.lines[killedOn as number];
    expect(trigger?.by).toEqual(bo);
    const triggerAttempt = all.find((a) => a.cid === trigger?.cid);
    expect(triggerAttempt?.sender.name).toBe('Judge Bo');
    expect(refusedAs(triggerAttempt as Attempt)).toBe('disconnected');
    const ackedTables = all.filter((a) => acked(a)).map((a) => a.table);
    checkAnswers(
      senders,
      afterKill.lines,
      afterKill.state,
      // Only the tables with a result yet; the rest are checked once every attempt is answered.
      writtenBeforeKill,
      true,
    );
    expect(writtenBeforeKill).toEqual(expect.arrayContaining(ackedTables));
    for (const copy of [...senders.map((s) => [s.name, s.follower] as const), ['the station', stationCopy] as const]) {
      const [name, follower] = copy;
      expect(follower.lastSeq, `${name} was shown entries the save does not have`).toBeLessThanOrEqual(afterKill.lines.length - 1);
      expect(follower.state, `${name}'s copy`).toEqual(asSent(replay(afterKill.lines.slice(0, follower.lastSeq + 1)) as EventState));
    }

    // The same host again: same folder, port and key. It reopens the save, whole.
    proc = await startHostProcess(children, dataDir, rendererDir, port, key);
    expect(proc.port).toBe(port);
    expect(proc.output()).toContain(`Reopened the event that was open: Crash Cup (${file}).`);
    const stationAgain = await stationAt(channels, port, key);
    const reopened = await stationAgain.snapshot();
    expect(reopened.summary?.path).toBe(file);
    expect(reopened.summary?.readOnly).toBe(false);
    expect(reopened.lastSeq).toBe(afterKill.lines.length - 1);
    expect(reopened.state).toEqual(asSent(afterKill.state));
    const onAgain = await stationAgain.setNetwork({ on: true });
    const baseAgain = onAgain.urls[0] as string;
    expect(onAgain.devices.map((d) => d.name).sort()).toEqual(people.map(([name]) => name).sort());

    // Each device: a new connection with its same token, a first snapshot: the save's state.
    for (const sender of senders) {
      const { api, channel } = connectDevice(baseAgain, tokens.get(sender.name) as string);
      channels.push(channel);
      await within(channel.ready, `${sender.name} to connect again`);
      expect((await api.whoami()).caller).toMatchObject({ kind: 'device', id: sender.device?.id });
      sender.api = api;
      sender.follower = new Follower(api);
    }
    await Promise.all(senders.map((s) => s.follower.start()));
    for (const sender of senders) expect(sender.follower.state, `${sender.name} after reconnecting`).toEqual(asSent(afterKill.state));

    // What was never answered is sent again under its own id (as sendCommand does): written once.
    const savedCids = new Map(afterKill.lines.flatMap((l) => (l.cid ? [[l.cid, l.seq] as const] : [])));
    await within(
      Promise.all(senders.map((sender) => Promise.all(sender.attempts.filter((a) => refusedAs(a) === 'disconnected').map((a) => attempt(a, 1))))),
      'the unanswered attempts to be answered',
      20_000,
    );
    expect(triggerAttempt?.answer).toEqual({ ack: { seq: killedOn, duplicate: true } });
    let duplicates = 0;
    for (const a of unanswered) {
      const before = savedCids.get(a.cid);
      if (before !== undefined) {
        // Written before the kill, its answer lost: answered with that entry.
        expect(a.answer, `${a.sender.name}, table ${a.table}`).toEqual({ ack: { seq: before, duplicate: true } });
        duplicates++;
      } else expect(acked(a)?.duplicate, `${a.sender.name}, table ${a.table}`).toBeUndefined();
    }
    const final = await readSave(file);
    checkAnswers(senders, final.lines, final.state, tables);
    const last = final.lines.length - 1;
    await Promise.all(senders.map((s) => s.follower.reached(last, s.name)));
    for (const sender of senders) expect(sender.follower.state, `${sender.name}'s copy`).toEqual(asSent(final.state));
    expect((await stationAgain.snapshot()).state).toEqual(asSent(final.state));
    expect(final.state.rounds[0]?.tables.every((t) => t.result !== undefined)).toBe(true);

    // A clean stop.
    proc.child.stdin?.end();
    expect((await within(proc.exited, 'the host process to stop')).code).toBe(0);
    console.log(
      `venue proof 3: killed after ${acks} acknowledgements, ${inFlight.length} attempts in flight and ${unanswered.length - inFlight.length} sent into the dead connection ` +
        `(${writtenBeforeKill.length} results on disk, ${duplicates} of them written but unanswered), ` +
        `${afterKill.tornTail ? 'a torn tail cut, ' : ''}${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 60_000);
});
