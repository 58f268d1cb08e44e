/**
 * The players' door (1-2) on a real browser-mode host: a phone opens `/public` with no
 * token, on the local door (127.0.0.1) and on the venue network (127.0.0.2), gets the published
 * view, follows the station's results as small patches, and with its table's code reports and
 * confirms results, which go through the station's one queue and are journal entries naming the
 * phone. Real sockets throughout; every wait is for an event, with a deadline.
 */
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { StationSnapshot } from '../../core/api/contract.js';
import { publishCommand, type NewCommand } from '../../core/event/commands.js';
import type { EventState, Round } from '../../core/model/types.js';
import { applyPublicPatch } from '../../core/public/patch.js';
import { tableCode } from '../../core/public/table-codes.js';
import type { PublicAnswer, PublicPush, PublicRequest, PublicView } from '../../core/public/types.js';
import { publicView } from '../../core/public/view.js';
import { hostState, joinAs, LAN_ADDRESS, openRaw, rawCall, rpcUrl, startVenueHost, within, type VenueHost } from './venue-helpers.js';

/** A phone as the player page is: its pushes, its view (patched as the page patches it), its requests. */
interface Phone {
  ws: WebSocket;
  /** Every push, with its bytes on the wire and whether it came compressed (binary). */
  pushes: { push: PublicPush; bytes: number; binary: boolean }[];
  view: PublicView | null;
  /** Resolves with the first push from `from` on that passes `check`. */
  push<P extends PublicPush>(check: (push: PublicPush) => push is P, what: string, from?: number): Promise<{ push: P; bytes: number }>;
  /** Resolves once the phone's view passes `check` (now, or after a later push). */
  until(check: (view: PublicView) => boolean, what: string): Promise<PublicView>;
  ask(request: Ask): Promise<PublicAnswer>;
  close(): void;
}

/** A request without its id (the phone numbers them). */
type Ask = PublicRequest extends infer R ? (R extends PublicRequest ? Omit<R, 'id'> : never) : never;

let nextId = 1;

async function openPhone(url: string): Promise<Phone> {
  const ws = new WebSocket(url);
  const pushes: Phone['pushes'] = [];
  const waiting = new Map<number, (answer: PublicAnswer) => void>();
  const listeners = new Set<() => void>();
  const phone: Phone = {
    ws,
    pushes,
    view: null,
    push(check, what, from = 0) {
      return within(
        new Promise((resolve) => {
          const look = (): void => {
            const found = pushes.slice(from).find((p) => check(p.push));
            if (!found) return;
            listeners.delete(look);
            resolve(found as never);
          };
          listeners.add(look);
          look();
        }),
        what,
      );
    },
    async until(check, what) {
      const passes = (): boolean => phone.view !== null && check(phone.view);
      if (!passes()) await phone.push((_p): _p is PublicPush => passes(), what);
      return phone.view as PublicView;
    },
    ask(request) {
      const id = nextId++;
      return within(
        new Promise<PublicAnswer>((resolve) => {
          waiting.set(id, resolve);
          ws.send(JSON.stringify({ ...request, id }));
        }),
        `an answer to ${request.kind}`,
      );
    },
    close: () => ws.close(),
  };
  ws.on('message', (data, isBinary) => {
    // A phone that asked `?z=gzip` gets its first view gzip-compressed, in a binary frame.
    const raw = Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
    const text = isBinary ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
    const message = JSON.parse(text) as PublicPush | PublicAnswer;
    if ('kind' in message) return waiting.get(message.id)?.(message);
    if (message.type === 'view') phone.view = message.view;
    if (message.type === 'patch') {
      const next = phone.view ? applyPublicPatch(phone.view, message) : null;
      if (!next) throw new Error(`a patch from ${message.from} did not apply to view ${phone.view?.version}`);
      phone.view = next;
    }
    pushes.push({ push: message, bytes: raw.length, binary: isBinary });
    for (const listener of [...listeners]) listener();
  });
  await within(new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject))), `a phone to connect to ${url}`);
  return phone;
}

const isView = (p: PublicPush): p is Extract<PublicPush, { type: 'view' }> => p.type === 'view';
const isPatch = (p: PublicPush): p is Extract<PublicPush, { type: 'patch' }> => p.type === 'patch';
const isTick = (p: PublicPush): p is Extract<PublicPush, { type: 'tick' }> => p.type === 'tick';
const isNoEvent = (p: PublicPush): p is Extract<PublicPush, { type: 'no-event' }> => p.type === 'no-event';
/** A push that brings the phone to journal entry `seq` or later. */
const reaching = (seq: number) => (p: PublicPush): p is Extract<PublicPush, { type: 'view' | 'patch' }> =>
  (p.type === 'patch' && p.to >= seq) || (p.type === 'view' && p.view.version >= seq);

const NAMES = 'Ana Archer, Bo Brandt, Chloé Dubois, Dara Oneill, Eitan Levi, Fumiko Sato, Gia Gold, Hal Hart, Ida Ito, Jon Jones, Kai Kent, Lea Lund, Mo Mann'.split(', ');

/** 26 players (13 tables), round 1 published by the station: the host draws its report key. */
async function pairedEvent(host: VenueHost, name: string, settings: Record<string, unknown> = {}): Promise<{ state: EventState; round: Round }> {
  await host.station.createEvent({ name, ruleset: 'mtr', settings, seed: 4 });
  const players = Array.from({ length: 26 }, (_, i) => ({ id: `p${String(i + 1).padStart(2, '0')}`, name: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ' II' : ''}` }));
  await host.station.dispatchBatch({ commands: players.map((player, draw): NewCommand => ({ type: 'register-player', player, draw })) });
  const proposed = await host.station.query({ kind: 'propose-pairing', seed: 9 });
  if (proposed.kind !== 'propose-pairing') throw new Error('no proposal');
  await host.station.dispatch({ command: publishCommand(1, 'swiss', proposed.proposal) });
  // The host's own state: the round's report key, which no window is sent, is what the slips print codes from.
  const state = hostState(host);
  return { state, round: state.rounds[0] as Round };
}

/** `phone` (its own id `phoneId`) claims `player` with the personal code the desk reads out: the token it is given. */
async function claim(host: VenueHost, phone: Phone, phoneId: string, player: string): Promise<string> {
  const { code } = await host.station.personalCode({ player });
  const answer = await phone.ask({ kind: 'claim', phone: phoneId, code });
  if (!answer.ok || !answer.claim) throw new Error(`${player} was not claimed: ${answer.ok ? 'no token' : answer.message}`);
  expect(answer.claim.player).toBe(player);
  return answer.claim.token;
}

const codeOf = (round: Round, table: number): string => tableCode(round.reportKey as string, round.number, table);
const seatsOf = (round: Round, table: number): string[] => round.tables.find((t) => t.table === table)?.seats ?? [];

/** The host's state and its public view as a phone's must be (the same `now` as the phone's, which only `madeAt` carries). */
async function hostView(host: VenueHost, like: PublicView): Promise<{ snapshot: StationSnapshot; view: PublicView }> {
  const snapshot = await host.station.snapshot();
  return { snapshot, view: publicView(snapshot.state as EventState, { now: like.madeAt, version: snapshot.lastSeq }) };
}

describe("players' phones on the public door", () => {
  let host: VenueHost;
  const phones: Phone[] = [];
  const phone = async (url = `ws://127.0.0.1:${host.port}/public`): Promise<Phone> => {
    const opened = await openPhone(url);
    phones.push(opened);
    return opened;
  };

  beforeAll(async () => {
    host = await startVenueHost();
    await host.networkOn();
  });
  afterAll(async () => {
    for (const p of phones) p.close();
    await host?.close();
  });
  beforeEach(() => {
    host.advance(3_600_000); // the rate limits full again
  });

  it('connects without a token (local door and LAN), says when no event is open, then gets the view and the host time', async () => {
    await host.station.closeEvent();
    const early = await phone();
    const none = await early.push(isNoEvent, 'the no-event words');
    expect(none.push.message).toMatch(/No event is open/);
    await pairedEvent(host, 'Phone Open');
    // The event opened: the whole view, to the phone already there, then its changes as patches.
    await early.push(isView, 'the view once the event is open');
    const lastSeq = (await host.station.snapshot()).lastSeq;
    await early.push(reaching(lastSeq), 'the phone to follow the event to its pairing');
    const expected = await hostView(host, early.view as PublicView);
    expect(early.view).toEqual(expected.view);

    for (const url of [`ws://127.0.0.1:${host.port}/public`, `ws://${LAN_ADDRESS}:${host.port}/public`]) {
      const p = await phone(url);
      const first = await p.push(isView, `the view on connecting to ${url}`);
      expect(first.push.view.version).toBe(expected.snapshot.lastSeq);
      expect(first.push.view).toEqual((await hostView(host, first.push.view)).view);
      expect(first.push.view.round?.tables).toHaveLength(13);
      const tick = await p.push(isTick, 'the host time');
      expect(Math.abs(tick.push.now - Date.now())).toBeLessThan(5_000);
      // Nothing private: no report key, no code.
      expect(JSON.stringify(first.push.view)).not.toContain(expected.snapshot.state?.rounds[0]?.reportKey as string);
    }
  });

  it('sends a phone that asks (?z=gzip) its first view gzip-compressed — the same view, a fraction of the bytes — and its changes as text patches', async () => {
    const { round } = await pairedEvent(host, 'Compressed Open');
    const plain = await phone();
    const small = await phone(`ws://${LAN_ADDRESS}:${host.port}/public?z=gzip`);
    const asText = await plain.push(isView, 'the view as text');
    const compressed = await small.push(isView, 'the view compressed');
    expect(plain.pushes[0]?.binary).toBe(false);
    expect(small.pushes[0]?.binary).toBe(true);
    expect(compressed.push.view).toEqual(asText.push.view);
    expect(compressed.bytes).toBeLessThan(asText.bytes / 2);
    // Then the host's time and every change, as text, applied to the view it decompressed.
    expect((await small.push(isTick, 'the host time')).push.now).toBeGreaterThan(0);
    const before = small.pushes.length;
    await host.station.dispatch({ command: { type: 'record-result', round: 1, table: 3, result: { games: [2, 0, 0] } } });
    const lastSeq = (await host.station.snapshot()).lastSeq;
    const patch = await small.push(reaching(lastSeq), 'the result as a patch', before);
    expect(patch.push.type).toBe('patch');
    expect(small.pushes.slice(before).every((p) => !p.binary)).toBe(true);
    expect(small.view).toEqual((await hostView(host, small.view as PublicView)).view);
    expect(small.view?.round?.tables.find((t) => t.table === 3)?.result).toEqual({ games: [2, 0, 0] });
    // The request side is the same: a look with the table's code is answered.
    expect(await small.ask({ kind: 'look', code: codeOf(round, 3), round: 1, table: 3 })).toMatchObject({ ok: true });
  });

  it('follows a result entered at the station as one small patch that makes exactly the host’s view', async () => {
    const { round } = await pairedEvent(host, 'Patch Cup');
    const p = await phone();
    await p.push(isView, 'the view');
    const from = p.pushes.length;
    const ack = await host.station.dispatch({ command: { type: 'record-result', round: 1, table: 3, result: { games: [2, 1, 0] } } });
    const patch = await p.push(isPatch, 'the result as a patch', from);
    expect(patch.bytes).toBeLessThan(5 * 1024);
    expect(patch.push.to).toBe(ack.seq);
    const view = p.view as PublicView;
    expect(view.round?.tables.find((t) => t.table === 3)).toMatchObject({ result: { games: [2, 1, 0] }, resultText: expect.any(String) });
    expect(view).toEqual((await hostView(host, view)).view);
    // An undo comes as the whole view.
    const undone = await host.station.undo({ seq: ack.seq });
    const whole = await p.push(isView, 'the whole view after an undo', from);
    expect(whole.push.view.version).toBe(undone.seq);
    expect(whole.push.view.round?.tables.find((t) => t.table === 3)?.result).toBeUndefined();
    expect(seatsOf(round, 3)).toHaveLength(2);
  });

  it('lets two players report and confirm a head-to-head result: in the queue by default, the result at once when automatic', async () => {
    const { round } = await pairedEvent(host, 'Report Cup');
    const [a, b] = [await phone(), await phone(`ws://${LAN_ADDRESS}:${host.port}/public`)];
    await a.push(isView, 'the view');
    const [ana, bo] = seatsOf(round, 5) as [string, string];
    const where = { round: 1, table: 5, code: codeOf(round, 5) };
    expect(await a.ask({ kind: 'look', ...where })).toEqual({ kind: 'answer', id: expect.any(Number), ok: true });
    const reported = await a.ask({ kind: 'report', ...where, phone: 'phone-ana-1', player: ana, result: { games: [2, 0, 0] } });
    expect(reported).toMatchObject({ ok: true, report: { reporter: ana, status: 'waiting', result: { games: [2, 0, 0] } } });
    const seen = await b.ask({ kind: 'look', ...where, code: where.code.toLowerCase() });
    expect(seen).toMatchObject({ ok: true, report: { reporter: ana, status: 'waiting', resultText: expect.any(String) } });
    const confirmed = await b.ask({ kind: 'confirm', ...where, phone: 'phone-bo-1', player: bo, agree: true });
    expect(confirmed).toMatchObject({ ok: true, report: { status: 'agreed', answers: { [bo]: { agree: true } } } });
    expect('accepted' in confirmed).toBe(false);
    // The station sees it waiting (its folded state), with the table pending on the phones.
    const snapshot = await host.station.snapshot();
    expect(snapshot.state?.rounds[0]?.reports).toEqual([expect.objectContaining({ table: 5, reporter: ana, status: 'agreed' })]);
    // The phones hear of the report, then of the answer as a count (what it said stays with the code's holders).
    const pending = await a.until((v) => v.round?.tables.find((t) => t.table === 5)?.reportAnswers === 1, 'the phones to hear of the answer');
    expect(pending.round?.tables.find((t) => t.table === 5)).toMatchObject({ reportPending: true, reportAnswers: 1 });
    expect(pending.round?.tables.find((t) => t.table === 5)?.result).toBeUndefined();
    expect(pending.version).toBe(snapshot.lastSeq);

    // Automatic: the report every other player agreed with, each from the phone that claimed them, is the result.
    await host.station.dispatch({ command: { type: 'set-settings', settings: { selfReports: 'auto' } } });
    const [cy, di] = seatsOf(round, 6) as [string, string];
    const six = { round: 1, table: 6, code: codeOf(round, 6) };
    const diToken = await claim(host, b, 'phone-di-1', di);
    const cyToken = await claim(host, a, 'phone-cy-1', cy);
    expect(await b.ask({ kind: 'report', ...six, phone: 'phone-di-1', player: di, result: { games: [1, 2, 0] }, drop: [di], token: diToken })).toMatchObject({ ok: true });
    const accepted = await a.ask({ kind: 'confirm', ...six, phone: 'phone-cy-1', player: cy, agree: true, token: cyToken });
    expect(accepted).toEqual({ kind: 'answer', id: expect.any(Number), ok: true, accepted: true });
    const after = await host.station.snapshot();
    expect(after.state?.rounds[0]?.tables.find((t) => t.table === 6)?.result).toEqual({ games: [1, 2, 0] });
    expect(after.state?.players.find((p) => p.id === di)?.droppedAfterRound).toBe(1);
    await b.push(reaching(after.lastSeq), 'the phones to hear of the result');
    expect(b.view).toEqual((await hostView(host, b.view as PublicView)).view);
  });

  it('lets a pod (mstr-2022) report and the three others confirm', async () => {
    await host.station.createEvent({ name: 'Pod Night', ruleset: 'mstr-2022', settings: { selfReports: 'auto' }, seed: 2 });
    await host.station.dispatchBatch({ commands: ['Ana Archer', 'Bo Brandt', 'Cy Clay', 'Di Dunn'].map((name, draw): NewCommand => ({ type: 'register-player', player: { id: `q${draw + 1}`, name }, draw })) });
    const proposed = await host.station.query({ kind: 'propose-pairing', seed: 3 });
    if (proposed.kind !== 'propose-pairing') throw new Error('no proposal');
    await host.station.dispatch({ command: publishCommand(1, 'swiss', proposed.proposal) });
    const round = hostState(host).rounds[0] as Round;
    const seats = seatsOf(round, 1);
    expect(seats).toHaveLength(4);
    const pod = await Promise.all(seats.map(() => phone()));
    const where = { round: 1, table: 1, code: codeOf(round, 1) };
    const [reporter, ...others] = seats as [string, ...string[]];
    // Each player's phone claimed them with their personal code: automatic acceptance needs it.
    const tokens = await Promise.all(seats.map((player, i) => claim(host, pod[i] as Phone, `phone-pod-${i}`, player)));
    expect(await (pod[0] as Phone).ask({ kind: 'report', ...where, phone: 'phone-pod-0', player: reporter, result: { winner: reporter }, token: tokens[0] as string })).toMatchObject({
      ok: true,
      report: { status: 'waiting' },
    });
    for (const [i, player] of others.entries()) {
      const answer = await (pod[i + 1] as Phone).ask({ kind: 'confirm', ...where, phone: `phone-pod-${i + 1}`, player, agree: true, token: tokens[i + 1] as string });
      if (i < others.length - 1) expect(answer).toMatchObject({ ok: true, report: { status: 'waiting' } });
      else expect(answer).toMatchObject({ ok: true, accepted: true });
    }
    const state = (await host.station.snapshot()).state as EventState;
    expect(state.rounds[0]?.tables[0]?.result).toEqual({ winner: reporter });
  });

  it('keeps a disputed report in the queue, even when automatic; the scorekeeper decides', async () => {
    const { round } = await pairedEvent(host, 'Dispute Cup', { selfReports: 'auto' });
    const [a, b] = [await phone(), await phone()];
    const [ana, bo] = seatsOf(round, 2) as [string, string];
    const where = { round: 1, table: 2, code: codeOf(round, 2) };
    await a.ask({ kind: 'report', ...where, phone: 'phone-ana-2', player: ana, result: { games: [2, 0, 0] } });
    const disputed = await b.ask({ kind: 'confirm', ...where, phone: 'phone-bo-2', player: bo, agree: false, result: { games: [0, 2, 0] } });
    expect(disputed).toMatchObject({ ok: true, report: { status: 'disputed', answers: { [bo]: { agree: false, result: { games: [0, 2, 0] } } } } });
    let state = (await host.station.snapshot()).state as EventState;
    expect(state.rounds[0]?.tables.find((t) => t.table === 2)?.result).toBeUndefined();
    expect(state.rounds[0]?.reports).toEqual([expect.objectContaining({ table: 2, status: 'disputed' })]);
    await host.station.dispatch({ command: { type: 'decide-report', round: 1, table: 2, accept: false, reason: 'players called a judge' } });
    state = (await host.station.snapshot()).state as EventState;
    expect(state.rounds[0]?.reports ?? []).toEqual([]);
  });

  it('refuses in words: a wrong code, table 12’s code for table 13, a round-1 code in round 2, a report after the station’s result', async () => {
    const { round } = await pairedEvent(host, 'Code Cup');
    const p = await phone();
    const [ana] = seatsOf(round, 13) as [string];
    const report = (table: number, code: string, r = 1, player = ana): Ask => ({ kind: 'report', round: r, table, code, phone: 'phone-code-1', player, result: { games: [2, 0, 0] } });
    const fence = await host.station.snapshot();
    expect(await p.ask(report(13, 'ZZZZZZ'))).toMatchObject({ ok: false, message: 'that is not the code of table 13 in round 1: check the code on your slip' });
    expect(await p.ask(report(13, codeOf(round, 12)))).toMatchObject({ ok: false, message: 'that is not the code of table 13 in round 1: check the code on your slip' });
    expect(await p.ask({ kind: 'look', round: 1, table: 13, code: codeOf(round, 12) })).toMatchObject({ ok: false, message: /not the code of table 13/ });
    expect(await p.ask(report(14, codeOf(round, 13)))).toMatchObject({ ok: false, message: 'round 1 has no table 14' });
    expect((await host.station.snapshot()).lastSeq).toBe(fence.lastSeq); // nothing written

    // A result typed at the station: the table's report is refused in words.
    await host.station.dispatch({ command: { type: 'record-result', round: 1, table: 12, result: { games: [2, 1, 0] } } });
    const [twelve] = seatsOf(round, 12) as [string];
    expect(await p.ask(report(12, codeOf(round, 12), 1, twelve))).toMatchObject({ ok: false, message: "Table 12's result is already final: if it is wrong, tell a judge" });

    // Round 2: round 1's codes are dead.
    const results = round.tables.filter((t) => t.table !== 12).map((t): NewCommand => ({ type: 'record-result', round: 1, table: t.table, result: { games: [2, 0, 0] } }));
    await host.station.dispatchBatch({ commands: results });
    const proposed = await host.station.query({ kind: 'propose-pairing', seed: 11 });
    if (proposed.kind !== 'propose-pairing') throw new Error('no proposal');
    await host.station.dispatch({ command: publishCommand(2, 'swiss', proposed.proposal) });
    const two = hostState(host).rounds[1] as Round;
    expect(two.reportKey).toMatch(/^[0-9a-f]{32}$/);
    expect(two.reportKey).not.toBe(round.reportKey);
    const [first] = seatsOf(two, 1) as [string];
    expect(await p.ask(report(1, codeOf(round, 1), 1, first))).toMatchObject({
      ok: false,
      message: "that code is for round 1, and round 2 is being played now: use the code on this round's slip",
    });
    expect(await p.ask(report(1, codeOf(round, 1), 2, first))).toMatchObject({ ok: false, message: 'that is not the code of table 1 in round 2: check the code on your slip' });
    expect(await p.ask(report(1, codeOf(two, 1), 2, first))).toMatchObject({ ok: true, report: { reporter: first } });
  });

  it('writes reports and answers as journal entries naming the phone, which the event log shows', async () => {
    const { round } = await pairedEvent(host, 'Journal Cup');
    const p = await phone();
    const [ana, bo] = seatsOf(round, 1) as [string, string];
    const where = { round: 1, table: 1, code: codeOf(round, 1) };
    await p.ask({ kind: 'report', ...where, phone: 'phone-journal-ana', player: ana, result: { games: [2, 1, 0] } });
    await p.ask({ kind: 'confirm', ...where, phone: 'phone-journal-bo', player: bo, agree: true });
    const snapshot = await host.station.snapshot();
    const names = new Map(snapshot.state?.players.map((pl) => [pl.id, pl.name]));
    const lines = (await readFile(snapshot.summary?.path as string, 'utf8')).trim().split('\n').slice(1).map((line) => JSON.parse(line) as { by?: unknown; command: { type: string } });
    const phoneLines = lines.filter((l) => l.command.type === 'report-result' || l.command.type === 'confirm-report');
    expect(phoneLines.map((l) => l.by)).toEqual([
      { id: 'phone-journal-ana', name: `${names.get(ana)}'s phone`, role: 'player' },
      { id: 'phone-journal-bo', name: `${names.get(bo)}'s phone`, role: 'player' },
    ]);
    const log = await host.station.query({ kind: 'journal' });
    if (log.kind !== 'journal') throw new Error('no journal');
    expect(log.entries.filter((e) => e.command.type === 'confirm-report').map((e) => e.by)).toEqual([{ id: 'phone-journal-bo', name: `${names.get(bo)}'s phone`, role: 'player' }]);
    // The save reads back (the journal's `by` knows the player role): reopened, the same entries.
    await host.station.closeEvent();
    const reopened = await host.station.openEvent({ path: snapshot.summary?.path as string });
    expect(reopened.notices).toEqual([]);
    expect(reopened.lastSeq).toBe(snapshot.lastSeq);
  });
});

describe('a player is who their phone says: personal codes on the public door', () => {
  let host: VenueHost;
  const phones: Phone[] = [];
  const phone = async (): Promise<Phone> => {
    const opened = await openPhone(`ws://${LAN_ADDRESS}:${host.port}/public`);
    phones.push(opened);
    return opened;
  };
  /** Every frame a judge's and a display's connection received. */
  const frames: Record<'judge' | 'display', string[]> = { judge: [], display: [] };
  const sockets: Record<string, WebSocket> = {};
  /** Every personal code and token seen in this block: none may reach a judge or a display. */
  const secrets: string[] = [];

  const codeFor = async (player: string): Promise<string> => {
    const { code } = await host.station.personalCode({ player });
    secrets.push(code, code.replace('-', ''));
    return code;
  };
  const claimWith = async (p: Phone, phoneId: string, player: string): Promise<string> => {
    const answer = await p.ask({ kind: 'claim', phone: phoneId, code: await codeFor(player) });
    if (!answer.ok || !answer.claim) throw new Error(`not claimed: ${answer.ok ? '' : answer.message}`);
    secrets.push(answer.claim.token);
    return answer.claim.token;
  };

  beforeAll(async () => {
    host = await startVenueHost();
    await host.networkOn();
    for (const role of ['judge', 'display'] as const) {
      const joined = await joinAs(host, role, `${role} device`);
      const ws = await openRaw(rpcUrl(host.lan(), joined.token));
      ws.on('message', (data) => frames[role].push(String(data)));
      sockets[role] = ws;
      await rawCall(ws, 1, 'snapshot');
    }
  });
  afterAll(async () => {
    for (const p of phones) p.close();
    for (const ws of Object.values(sockets)) ws.close();
    await host?.close();
  });
  beforeEach(() => {
    host.advance(3_600_000);
  });

  it('refuses the forged self-confirmation in words: one phone reporting as seat 1 and agreeing as seat 2', async () => {
    const { round } = await pairedEvent(host, 'Forgery Cup', { selfReports: 'auto' });
    const p = await phone();
    const [ana, bo] = seatsOf(round, 1) as [string, string];
    const where = { round: 1, table: 1, code: codeOf(round, 1) };
    const names = new Map(hostState(host).players.map((pl) => [pl.id, pl.name]));
    const token = await claimWith(p, 'phone-forger-1', ana);
    expect(await p.ask({ kind: 'report', ...where, phone: 'phone-forger-1', player: ana, result: { games: [2, 0, 0] }, token })).toMatchObject({ ok: true, report: { status: 'waiting' } });
    // With its token, as another phone id, and without its token under its own id: refused each time.
    const refusal = `this phone is ${names.get(ana)}’s: it cannot report or confirm for ${names.get(bo)}. Each player answers from their own phone`;
    expect(await p.ask({ kind: 'confirm', ...where, phone: 'phone-forger-2', player: bo, agree: true, token })).toMatchObject({ ok: false, message: refusal });
    expect(await p.ask({ kind: 'confirm', ...where, phone: 'phone-forger-1', player: bo, agree: true })).toMatchObject({ ok: false, message: refusal });
    // Nothing was written for Bo; the table has no result.
    const state = hostState(host);
    expect(state.rounds[0]?.reports?.[0]?.answers).toEqual({});
    expect(state.rounds[0]?.tables.find((t) => t.table === 1)?.result).toBeUndefined();

    // Without any claim, one phone id cannot be two players of a table either.
    const [cy, di] = seatsOf(round, 2) as [string, string];
    const two = { round: 1, table: 2, code: codeOf(round, 2) };
    expect(await p.ask({ kind: 'report', ...two, phone: 'phone-nobody-1', player: cy, result: { games: [2, 0, 0] } })).toMatchObject({ ok: true });
    expect(await p.ask({ kind: 'confirm', ...two, phone: 'phone-nobody-1', player: di, agree: true })).toMatchObject({
      ok: false,
      message: `this phone already answered for ${names.get(cy)} at this table: ${names.get(di)} answers from their own phone`,
    });
  });

  it('records a report from a claimed phone confirmed by the opponent’s claimed phone by itself (automatic); an unclaimed answer waits in the queue, marked', async () => {
    const { round } = await pairedEvent(host, 'Claimed Cup', { selfReports: 'auto' });
    const [a, b] = [await phone(), await phone()];
    const [ana, bo] = seatsOf(round, 3) as [string, string];
    const where = { round: 1, table: 3, code: codeOf(round, 3) };
    const [anaToken, boToken] = [await claimWith(a, 'phone-ana-3', ana), await claimWith(b, 'phone-bo-3', bo)];
    expect(await a.ask({ kind: 'report', ...where, phone: 'phone-ana-3', player: ana, result: { games: [2, 1, 0] }, token: anaToken })).toMatchObject({ ok: true });
    expect(await b.ask({ kind: 'confirm', ...where, phone: 'phone-bo-3', player: bo, agree: true, token: boToken })).toMatchObject({ ok: true, accepted: true });
    expect(hostState(host).rounds[0]?.tables.find((t) => t.table === 3)?.result).toEqual({ games: [2, 1, 0] });

    // Table 4: Cy's phone is claimed, Di has no claimed phone: agreed, but the scorekeeper accepts it.
    const [cy, di] = seatsOf(round, 4) as [string, string];
    const four = { round: 1, table: 4, code: codeOf(round, 4) };
    const cyToken = await claimWith(a, 'phone-cy-4', cy);
    expect(await a.ask({ kind: 'report', ...four, phone: 'phone-cy-4', player: cy, result: { games: [0, 2, 0] }, token: cyToken })).toMatchObject({ ok: true });
    const answered = await b.ask({ kind: 'confirm', ...four, phone: 'phone-di-4', player: di, agree: true });
    expect(answered).toMatchObject({ ok: true, report: { status: 'agreed' } });
    expect('accepted' in answered).toBe(false);
    const waiting = hostState(host).rounds[0]?.reports?.find((r) => r.table === 4);
    expect(waiting).toMatchObject({ status: 'agreed', claimed: true, answers: { [di]: { agree: true } } });
    expect(waiting?.answers[di]?.claimed).toBeUndefined();
    // The desk's state says which answers came from claimed phones (the queue shows it).
    const desk = (await host.station.snapshot()).state as EventState;
    expect(desk.rounds[0]?.reports?.find((r) => r.table === 4)).toMatchObject({ claimed: true });
    expect(desk.claims?.[cy]).toEqual({ phone: 'phone-cy-4' });
  });

  it('a reset claim frees the player: the old token is refused in words, a new phone claims with the same code', async () => {
    const { round, state } = await pairedEvent(host, 'Reset Cup', { selfReports: 'auto' });
    const [lost, found, thief] = [await phone(), await phone(), await phone()];
    const [ana, bo] = seatsOf(round, 5) as [string, string];
    const name = state.players.find((pl) => pl.id === ana)?.name as string;
    const where = { round: 1, table: 5, code: codeOf(round, 5) };
    const oldToken = await claimWith(lost, 'phone-lost-1', ana);
    // A second phone with the same code: refused while the first holds the claim.
    expect(await thief.ask({ kind: 'claim', phone: 'phone-thief-1', code: await codeFor(ana) })).toMatchObject({
      ok: false,
      message: `${name} is claimed by another phone already: if that was not you, or your phone was lost, ask the scorekeeper to reset it`,
    });
    // Nor may a phone without the token speak for a claimed player.
    expect(await thief.ask({ kind: 'report', ...where, phone: 'phone-thief-1', player: ana, result: { games: [2, 0, 0] } })).toMatchObject({
      ok: false,
      message: `${name} is claimed by another phone: report and confirm from that phone, or ask the scorekeeper to reset the claim if it was lost`,
    });
    await host.station.dispatch({ command: { type: 'reset-claim', player: ana, reason: 'lost phone' } });
    expect(hostState(host).claims?.[ana]).toBeUndefined();
    expect(await lost.ask({ kind: 'report', ...where, phone: 'phone-lost-1', player: ana, result: { games: [2, 0, 0] }, token: oldToken })).toMatchObject({
      ok: false,
      message: 'this phone’s claim was reset at the desk (or is from another event): type your personal code from your player card again',
    });
    const newToken = await claimWith(found, 'phone-found-1', ana);
    expect(newToken).not.toBe(oldToken);
    expect(hostState(host).claims?.[ana]).toMatchObject({ phone: 'phone-found-1' });
    const boToken = await claimWith(lost, 'phone-bo-5', bo);
    expect(await found.ask({ kind: 'report', ...where, phone: 'phone-found-1', player: ana, result: { games: [2, 0, 0] }, token: newToken })).toMatchObject({ ok: true });
    expect(await lost.ask({ kind: 'confirm', ...where, phone: 'phone-bo-5', player: bo, agree: true, token: boToken })).toMatchObject({ ok: true, accepted: true });
    // The journal keeps the hash of a token, never the token.
    const save = await readFile((await host.station.snapshot()).summary?.path as string, 'utf8');
    expect(save).toContain('"claim-player"');
    expect(save).not.toContain(newToken);
    expect(save).not.toContain(oldToken);
  });

  it('codes are per event: a code of another event is refused in words; claims off is the table code alone', async () => {
    const first = await pairedEvent(host, 'First Open');
    const player = first.round.tables[0]?.seats[0] as string;
    const firstCode = await codeFor(player);
    const second = await pairedEvent(host, 'Second Open');
    const secondCode = await codeFor(player);
    expect(secondCode).not.toBe(firstCode);
    const p = await phone();
    expect(await p.ask({ kind: 'claim', phone: 'phone-traveller-1', code: firstCode })).toMatchObject({
      ok: false,
      message: 'that is not the personal code of a player at Second Open: check the code on your player card for this event (a card from another event does not work here), or ask the scorekeeper',
    });
    // A token of the first event is nobody's here.
    await pairedEvent(host, 'Third Open');
    const token = await claimWith(p, 'phone-traveller-1', player);
    await pairedEvent(host, 'Fourth Open', { selfReports: 'auto', claims: 'off' });
    const round = hostState(host).rounds[0] as Round;
    const [x, y] = seatsOf(round, 1) as [string, string];
    const where = { round: 1, table: 1, code: codeOf(round, 1) };
    // Claims off: no personal codes, and the table's code alone records a result (a casual event).
    await expect(host.station.personalCode({ player: x })).rejects.toThrow(/claims are off/);
    expect(await p.ask({ kind: 'claim', phone: 'phone-casual-1', code: secondCode })).toMatchObject({ ok: false, message: expect.stringMatching(/^phones do not claim players at this event/) });
    expect(await p.ask({ kind: 'report', ...where, phone: 'phone-casual-1', player: x, result: { games: [2, 0, 0] }, token })).toMatchObject({ ok: true });
    expect(await p.ask({ kind: 'confirm', ...where, phone: 'phone-casual-2', player: y, agree: true })).toMatchObject({ ok: true, accepted: true });
    expect(second.state.id).not.toBe(first.state.id);
  });

  it('the claim secret is the host’s own: no window may send one, claim for a phone, or undo it', async () => {
    const { round } = await pairedEvent(host, 'Host Key Cup');
    const player = round.tables[0]?.seats[0] as string;
    await expect(host.station.dispatch({ command: { type: 'draw-claim-key', claimKey: 'ab'.repeat(16) } })).rejects.toThrow(/the station host makes it itself/);
    await expect(host.station.dispatch({ command: { type: 'claim-player', player, phone: 'phone-desk-1', tokenHash: 'ab'.repeat(32) } })).rejects.toThrow(/players claim, report and confirm from their own phones/);
    expect(hostState(host).claimKey).toBeUndefined();
    // Drawn by the host the first time a code is wanted, with random bytes; printed codes depend on it: no undo.
    await codeFor(player);
    const key = hostState(host).claimKey as string;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const log = await host.station.query({ kind: 'journal' });
    if (log.kind !== 'journal') throw new Error('no journal');
    // (No window is sent the drawing of the secret: it keeps its place in the journal as `withheld`.)
    const drawn = log.entries.find((e) => (e.command.type as string) === 'withheld' || e.command.type === 'draw-claim-key');
    expect(drawn).toBeDefined();
    await expect(host.station.undo({ seq: (drawn as { seq: number }).seq })).rejects.toThrow(/secret for personal codes cannot be undone/);
    expect(hostState(host).claimKey).toBe(key);
  });

  it('never sends a personal code, a token or the claim secret to a judge or a display, who cannot ask for a code either', async () => {
    const { round } = await pairedEvent(host, 'Secret Cup');
    const p = await phone();
    const [ana] = seatsOf(round, 1) as [string];
    await claimWith(p, 'phone-secret-1', ana);
    await host.station.dispatch({ command: { type: 'reset-claim', player: ana } });
    const last = (await host.station.snapshot()).lastSeq;
    const key = hostState(host).claimKey as string;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    for (const role of ['judge', 'display'] as const) {
      const ws = sockets[role] as WebSocket;
      // Once the reset has reached this device, it has had every claim of this block.
      await within(
        new Promise<void>((resolve) => {
          const heard = (): boolean => frames[role].some((f) => f.includes(`"seq":${last}`));
          if (heard()) return resolve();
          const check = (): void => {
            if (!heard()) return;
            ws.off('message', check);
            resolve();
          };
          ws.on('message', check);
        }),
        `the ${role} to hear of the reset`,
      );
      const refused = await rawCall(ws, 2, 'personalCode', { player: ana });
      expect(refused.ok, role).toBe(false);
      expect(refused.error?.code).toBe('not-allowed');
      const bytes = frames[role].join('\n');
      expect(secrets.length).toBeGreaterThan(10);
      for (const secret of [...secrets, key]) expect(bytes.includes(secret), `${role}: ${secret}`).toBe(false);
      expect(bytes).not.toContain('tokenHash');
    }
  });
});
