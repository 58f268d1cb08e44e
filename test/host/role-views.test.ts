/**
 * Each window and device is sent only what its role needs (core/api/views.ts), checked on the bytes
 * that cross real sockets: the station's own window on the local door, and a second station, a judge
 * and a display on the venue network (127.0.0.2). Marker strings are put where a scorekeeper and
 * judges write — a player's note, a decklist, a penalty's infraction, judge and note, an extension's
 * note, a correction's reason — and the save's path and each round's report key are known to the
 * test; every frame each connection received, from its first snapshot through a result, a penalty,
 * a decklist, a note and a new round, is searched for them. A display that could make table codes
 * (as one did from the whole event) could report results as phones: that chain is refused too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { NewCommand } from '../../core/event/commands.js';
import { publishCommand } from '../../core/event/commands.js';
import type { EventState, Round } from '../../core/model/types.js';
import { tableCode } from '../../core/public/table-codes.js';
import { hostState, joinAs, openRaw, rawCall, rpcUrl, startVenueHost, within, type VenueHost } from './venue-helpers.js';

type Who = 'local' | 'station' | 'judge' | 'display';
const WHO: Who[] = ['local', 'station', 'judge', 'display'];

/** Everything written about players, which a display must never be sent (and judges and desks must). */
const WRITTEN = ['MARKER-MEMBERSHIP-4242', 'Markercard Zeta', 'MARKER-INFRACTION', 'MARKER-PENALTY-NOTE', 'Marker Judge', 'MARKER-NOTE-EDIT', 'MARKER-EXTENSION', 'Markercard Omega', 'MARKER-REASON'];

interface Tap {
  ws: WebSocket;
  frames: string[];
  /** Resolves once a push has brought this connection to journal entry `seq`. */
  reached(seq: number): Promise<void>;
}

function tap(ws: WebSocket): Tap {
  const frames: string[] = [];
  let last = -1;
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    const text = String(data);
    frames.push(text);
    const message = JSON.parse(text) as { kind: string; push?: { type: string; entries?: { seq: number }[]; snapshot?: { lastSeq: number } } };
    if (message.kind === 'push' && message.push?.type === 'entries') last = Math.max(last, ...(message.push.entries ?? []).map((e) => e.seq));
    if (message.kind === 'push' && message.push?.type === 'state') last = Math.max(last, message.push.snapshot?.lastSeq ?? -1);
    for (const waiter of [...waiters]) waiter();
  });
  return {
    ws,
    frames,
    reached: (seq) =>
      within(
        new Promise<void>((resolve) => {
          const check = (): void => {
            if (last < seq) return;
            waiters.delete(check);
            resolve();
          };
          waiters.add(check);
          check();
        }),
        `entry ${seq} to arrive`,
      ),
  };
}

describe('each role is sent its own view, on the bytes', () => {
  let host: VenueHost;
  const taps = {} as Record<Who, Tap>;
  let keys: string[] = [];
  let savePath = '';
  let resultFrames = {} as Record<Who, string>;

  beforeAll(async () => {
    host = await startVenueHost();
    await host.networkOn();
    taps.local = tap(await openRaw(`ws://127.0.0.1:${host.port}/rpc?key=${encodeURIComponent(host.mode.server.key)}`));
    for (const role of ['station', 'judge', 'display'] as const) {
      const joined = await joinAs(host, role, `${role} device`);
      taps[role] = tap(await openRaw(rpcUrl(host.lan(), joined.token)));
    }

    const { station } = host;
    const created = await station.createEvent({ name: 'Role Views Cup', ruleset: 'mtr', settings: {}, path: 'role-views-cup.podium', seed: 5 });
    savePath = created.summary?.path as string;
    const players = Array.from({ length: 8 }, (_, i) => ({ id: `p${i + 1}`, name: `Player ${'ABCDEFGH'[i]} Archer`, ...(i === 0 ? { note: 'MARKER-MEMBERSHIP-4242' } : {}) }));
    await station.dispatchBatch({ commands: players.map((player, draw): NewCommand => ({ type: 'register-player', player, draw })) });
    await station.dispatch({ command: { type: 'register-decklist', player: 'p2', main: [{ count: 60, name: 'Markercard Zeta' }], side: [], commander: [], source: '60 Markercard Zeta' } });
    const pairRound = async (round: number): Promise<Round> => {
      const proposed = await station.query({ kind: 'propose-pairing', seed: round });
      if (proposed.kind !== 'propose-pairing') throw new Error('no proposal');
      await station.dispatch({ command: publishCommand(round, 'swiss', proposed.proposal) });
      return hostState(host).rounds[round - 1] as Round;
    };
    const one = await pairRound(1);
    await station.dispatch({ command: { type: 'start-round-clock', round: 1 } });
    const result = await station.dispatch({ command: { type: 'record-result', round: 1, table: 1, result: { games: [2, 1, 0] } } });
    const [, victim] = one.tables[1]?.seats as [string, string];
    await station.dispatch({ command: { type: 'record-penalty', round: 1, table: 2, player: victim, infraction: 'MARKER-INFRACTION', penalty: 'warning', judge: 'Marker Judge', note: 'MARKER-PENALTY-NOTE' } });
    await station.dispatch({ command: { type: 'edit-player', id: 'p3', changes: { note: 'MARKER-NOTE-EDIT' } } });
    await station.dispatch({ command: { type: 'extend-table', round: 1, table: 3, reason: 'other', minutes: 2, note: 'MARKER-EXTENSION' } });
    await station.dispatch({ command: { type: 'register-decklist', player: 'p2', main: [{ count: 60, name: 'Markercard Omega' }], side: [], commander: [], source: '60 Markercard Omega', reason: 'MARKER-REASON' } });
    const rest = one.tables.filter((t) => t.table !== 1).map((t): NewCommand => ({ type: 'record-result', round: 1, table: t.table, result: { games: [2, 0, 0] } }));
    await station.dispatchBatch({ commands: rest });
    const two = await pairRound(2);
    keys = [one.reportKey as string, two.reportKey as string];
    const last = (await station.snapshot()).lastSeq;
    await Promise.all(WHO.map((who) => taps[who].reached(last)));
    // What each asks for itself: its snapshot, and (where its role may) the event log.
    for (const who of WHO) {
      await rawCall(taps[who].ws, 900, 'snapshot');
      await rawCall(taps[who].ws, 901, 'query', { kind: 'journal', from: 0 });
      await rawCall(taps[who].ws, 902, 'query', { kind: 'recent-events' });
    }
    resultFrames = Object.fromEntries(WHO.map((who) => [who, taps[who].frames.find((f) => f.includes('"type":"entries"') && f.includes(`"seq":${result.seq},`)) ?? ''])) as Record<Who, string>;
  });
  afterAll(async () => {
    for (const who of WHO) taps[who]?.ws.close();
    await host?.close();
  });

  it('no connection is ever sent a round’s report key, the station’s own window included', () => {
    expect(keys.every((k) => /^[0-9a-f]{32}$/.test(k))).toBe(true);
    for (const who of WHO) for (const key of keys) expect(taps[who].frames.join('\n'), `${who}: round key`).not.toContain(key);
  });

  it('no device is sent the save’s path or the station’s list of saves; the station’s window is', () => {
    expect(savePath).toContain('role-views-cup.podium');
    expect(taps.local.frames.join('\n')).toContain(JSON.stringify(savePath).slice(1, -1));
    for (const who of ['station', 'judge', 'display'] as const) {
      const bytes = taps[who].frames.join('\n');
      expect(bytes, who).not.toContain('role-views-cup.podium');
      expect(bytes, who).not.toContain(host.dataDir.split('/').at(-2) as string);
      const recent = taps[who].frames.find((f) => f.includes('"id":902'));
      expect(recent, who).toMatch(/"ok":false.*cannot list the saves/);
    }
  });

  it('a display is sent nothing written about players; a second station and a judge are sent all of it', () => {
    const display = taps.display.frames.join('\n');
    for (const marker of WRITTEN) expect(display, `display: ${marker}`).not.toContain(marker);
    for (const who of ['local', 'station', 'judge'] as const) {
      const bytes = taps[who].frames.join('\n');
      for (const marker of WRITTEN) expect(bytes, `${who}: ${marker}`).toContain(marker);
    }
  });

  it('a display still follows the event: the same results, drops and standings as the station', async () => {
    const display = JSON.parse(taps.display.frames.find((f) => f.includes('"id":900')) as string) as { result: { state: EventState; lastSeq: number } };
    const full = hostState(host);
    expect(display.result.lastSeq).toBe((await host.station.snapshot()).lastSeq);
    expect(display.result.state.rounds.map((r) => r.tables)).toEqual(full.rounds.map((r) => r.tables));
    expect(display.result.state.decklists).toBeUndefined();
    expect(display.result.state.penalties?.map((p) => [p.player, p.penalty])).toEqual(full.penalties?.map((p) => [p.player, p.penalty]));
  });

  it('a result is under 2 KB for every role', () => {
    for (const who of WHO) {
      expect(resultFrames[who], who).not.toBe('');
      expect(Buffer.byteLength(resultFrames[who]), who).toBeLessThan(2048);
    }
  });

  it('a display cannot make a table’s code, so it cannot report and confirm as phones', async () => {
    const display = JSON.parse(taps.display.frames.find((f) => f.includes('"id":900')) as string) as { result: { state: EventState } };
    const round = display.result.state.rounds[1] as Round;
    expect(round.reportKey).toBeUndefined();
    await host.station.dispatch({ command: { type: 'set-settings', settings: { selfReports: 'auto' } } });
    const [a, b] = round.tables[2]?.seats as [string, string];
    const fence = (await host.station.snapshot()).lastSeq;
    const phone = await openRaw(`${host.lan().replace(/^http:/, 'ws:')}public`);
    const answers: string[] = [];
    phone.on('message', (data) => answers.push(String(data)));
    // The best a display can do: a code made with what it holds (no key), and a guess.
    for (const [id, code] of [[1, tableCode('', 2, 3)], [2, 'ABCDEF']] as const) {
      phone.send(JSON.stringify({ kind: 'report', id, phone: 'forged-phone-1', code, round: 2, table: 3, player: a, result: { games: [2, 0, 0] } }));
      phone.send(JSON.stringify({ kind: 'confirm', id: id + 10, phone: 'forged-phone-2', code, round: 2, table: 3, player: b, agree: true }));
    }
    await within(
      new Promise<void>((resolve) => {
        const check = (): void => void (answers.filter((t) => t.includes('"kind"')).length >= 4 && resolve());
        phone.on('message', check);
        check();
      }),
      'four answers',
    );
    for (const answer of answers.filter((t) => t.includes('"kind"'))) expect(answer).toMatch(/"ok":false/);
    phone.close();
    expect((await host.station.snapshot()).lastSeq).toBe(fence); // no report or answer written
    expect(hostState(host).rounds[1]?.tables[2]?.result).toBeUndefined();
  });
});
