import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { applyPublicPatch, publicChange, viewPatch } from '../../core/public/patch.js';
import { applyPatch } from 'rfc6902';
import { publicView } from '../../core/public/view.js';
import { simulateEvent } from '../../core/simulate.js';

const KEY = '00112233445566778899aabbccddeeff';
const T0 = Date.UTC(2026, 10, 24, 18, 0, 0);

function smallEvent(): EventState {
  const commands: Command[] = [
    { type: 'create-event', id: 'e1', name: 'Friday Night', ruleset: 'mtr', settings: {}, seed: 1, createdAt: '2026-11-24T18:00:00Z' },
    { type: 'register-player', player: { id: 'ana', name: 'Ana Archer', note: 'SECRET-NOTE owes entry fee' }, draw: 0 },
    { type: 'register-player', player: { id: 'bo', name: 'Bo Brandt' }, draw: 1 },
    { type: 'register-player', player: { id: 'cy', name: 'Cy Cole' }, draw: 2 },
    { type: 'register-player', player: { id: 'di', name: 'Di Dunn' }, draw: 3 },
    { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['ana', 'bo'] }, { table: 2, seats: ['cy', 'di'] }], byes: [], seed: 5, reportKey: KEY },
  ];
  return commands.reduce<EventState | undefined>((s, c) => apply(s, c), undefined) as EventState;
}

describe('the public view', () => {
  it('shows names, the round and its results, never notes, table codes or what a waiting report says', () => {
    let s = smallEvent();
    s = apply(s, { type: 'report-result', round: 1, table: 2, player: 'cy', phone: 'phone-cccc', result: { games: [2, 0, 0] } });
    s = apply(s, { type: 'record-result', round: 1, table: 1, result: { games: [2, 1, 0] } });
    const view = publicView(s, { now: T0, version: 3 });
    const text = JSON.stringify(view);
    expect(text).not.toContain('SECRET-NOTE');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('phone-cccc');
    expect(view.round?.tables).toEqual([
      { table: 1, seats: ['ana', 'bo'], result: { games: [2, 1, 0] }, resultText: expect.stringMatching(/2.1/) },
      { table: 2, seats: ['cy', 'di'], reportPending: true, reportAnswers: 0 },
    ]);
    expect(view.players.map((p) => [p.id, p.name, p.sortName])).toEqual([
      ['ana', 'Ana Archer', 'Archer'],
      ['bo', 'Bo Brandt', 'Brandt'],
      ['cy', 'Cy Cole', 'Cole'],
      ['di', 'Di Dunn', 'Dunn'],
    ]);
    expect(view.selfReports).toBe('queue');
    expect(view.clock).toMatchObject({ round: 1, endsAt: null, status: 'Round 1 has not started yet' });
  });

  it("lists a team's members by seat and name (each finds the team by their own name), nothing else of theirs", () => {
    const commands: Command[] = [
      { type: 'create-event', id: 'e2', name: 'Team Sealed', ruleset: 'mtr', settings: { teamSize: 2 }, seed: 1, createdAt: '2026-11-24T18:00:00Z' },
      { type: 'register-player', player: { id: 't1', name: 'Costa & Berg', note: 'SECRET-TEAM-NOTE', members: [{ seat: 'A', name: 'Ana Costa' }, { seat: 'B', name: 'Bo Berg' }] }, draw: 0 },
    ];
    const s = commands.reduce<EventState | undefined>((state, c) => apply(state, c), undefined) as EventState;
    const view = publicView(s, { now: T0, version: 1 });
    expect(view.players[0]?.members).toEqual([{ seat: 'A', name: 'Ana Costa' }, { seat: 'B', name: 'Bo Berg' }]);
    expect(JSON.stringify(view)).not.toContain('SECRET-TEAM-NOTE');
    expect(publicView(smallEvent(), { now: T0, version: 1 }).players[0]?.members).toBeUndefined();
  });

  it('shows standings only once published, as after the round they were published for', () => {
    let s = smallEvent();
    s = apply(s, { type: 'record-result', round: 1, table: 1, result: { games: [2, 1, 0] } });
    s = apply(s, { type: 'record-result', round: 1, table: 2, result: { games: [0, 2, 0] } });
    expect(publicView(s, { now: T0, version: 1 }).standings).toBeUndefined();
    s = apply(s, { type: 'publish-standings', round: 1 });
    s = apply(s, { type: 'pair-round', round: 2, stage: 'swiss', tables: [{ table: 1, seats: ['ana', 'di'] }, { table: 2, seats: ['bo', 'cy'] }], byes: [], seed: 6 });
    s = apply(s, { type: 'record-result', round: 2, table: 1, result: { games: [0, 2, 0] } });
    const view = publicView(s, { now: T0, version: 2 });
    expect(view.standings?.afterRound).toBe(1);
    expect(view.standings?.columns[0]).toMatch(/points/i);
    // After round 1 Ana and Di have 3 points each (MTR 2.1: a match win is 3), whatever round 2 did.
    const points = Object.fromEntries((view.standings?.rows ?? []).map((r) => [r.player, r.values[0]]));
    expect(points).toEqual({ ana: '3', di: '3', bo: '0', cy: '0' });
    expect(view.round?.pointsBefore).toEqual({ ana: 3, di: 3, bo: 0, cy: 0 });
  });

  it('gives the clock as the time the round ends, frozen while paused', () => {
    let s = smallEvent();
    s = apply(s, { type: 'start-round-clock', round: 1, at: T0, minutes: 50 });
    expect(publicView(s, { now: T0 + 60_000, version: 1 }).clock).toMatchObject({ endsAt: T0 + 50 * 60_000, status: '' });
    expect(publicView(s, { now: T0 + 60_000, version: 1 }).clock?.atTime).toMatch(/turn/i);
    s = apply(s, { type: 'pause-clock', round: 1, at: T0 + 10 * 60_000 });
    expect(publicView(s, { now: T0 + 20 * 60_000, version: 1 }).clock).toMatchObject({ endsAt: null, pausedRemainingMs: 40 * 60_000 });
  });
});

describe('a waiting report in the public view', () => {
  it('counts the answers of a pod’s other seats (not what they said), so each answer reaches the phones as a change', () => {
    const commands: Command[] = [
      { type: 'create-event', id: 'e3', name: 'Pod Night', ruleset: 'mstr-2022', settings: {}, seed: 1, createdAt: '2026-11-24T18:00:00Z' },
      ...['ana', 'bo', 'cy', 'di'].map((id, draw): Command => ({ type: 'register-player', player: { id, name: id.toUpperCase() }, draw })),
      { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['ana', 'bo', 'cy', 'di'] }], byes: [], seed: 5, reportKey: KEY },
      { type: 'report-result', round: 1, table: 1, player: 'bo', phone: 'phone-bbbb', result: { winner: 'cy' } },
    ];
    let s = commands.reduce<EventState | undefined>((state, c) => apply(state, c), undefined) as EventState;
    const reported = publicView(s, { now: T0, version: 1 });
    expect(reported.round?.tables[0]).toMatchObject({ reportPending: true, reportAnswers: 0 });
    s = apply(s, { type: 'confirm-report', round: 1, table: 1, player: 'ana', phone: 'phone-aaaa', agree: true });
    const answered = publicView(s, { now: T0, version: 2 });
    expect(answered.round?.tables[0]).toMatchObject({ reportPending: true, reportAnswers: 1 });
    const change = publicChange(reported, answered);
    expect(change.push).toMatchObject({ type: 'patch', ops: expect.arrayContaining([expect.objectContaining({ path: '/round/tables/0/reportAnswers', value: 1 })]) });
    s = apply(s, { type: 'confirm-report', round: 1, table: 1, player: 'di', phone: 'phone-dddd', agree: false });
    expect(publicView(s, { now: T0, version: 3 }).round?.tables[0]).toMatchObject({ reportAnswers: 2 });
    // Who agreed or disputed stays with the phones that hold the table's code.
    expect(JSON.stringify(publicView(s, { now: T0, version: 3 }))).not.toMatch(/agree|disputed|phone-/);
  });
});

describe('published standings', () => {
  it('mark a dropped player (struck through, with the round) and a disqualified one (DQ, with the round) as the printed standings do', () => {
    let s = smallEvent();
    s = apply(s, { type: 'record-result', round: 1, table: 1, result: { games: [2, 1, 0] } });
    s = apply(s, { type: 'record-penalty', round: 1, table: 2, player: 'cy', infraction: 'Cheating', penalty: 'disqualification', judge: 'Kim Lee' });
    s = apply(s, { type: 'record-result', round: 1, table: 2, result: { games: [0, 2, 0] } });
    s = apply(s, { type: 'drop-player', id: 'bo' });
    s = apply(s, { type: 'publish-standings', round: 1 });
    const rows = new Map((publicView(s, { now: T0, version: 1 }).standings?.rows ?? []).map((r) => [r.player, r]));
    expect(rows.get('bo')).toMatchObject({ dropped: true, note: 'dropped after round 1' });
    expect(rows.get('bo')?.dq).toBeUndefined();
    expect(rows.get('cy')).toMatchObject({ dropped: true, dq: true, note: 'DQ — disqualified in round 1' });
    expect(rows.get('ana')).not.toHaveProperty('dropped');
    expect(rows.get('ana')).not.toHaveProperty('note');
    expect(rows.get('di')).not.toHaveProperty('dq');
  });
});

describe('public patches', () => {
  const big = simulateEvent({ ruleset: 'mtr', players: 2048, rounds: 3, seed: 11 }).state;

  it('carry one result at a 2,048-player event in well under 5 KB, and apply to exactly the new view', () => {
    const round = big.rounds[big.rounds.length - 1];
    const open = apply(big, { type: 'pair-round', round: (round?.number ?? 0) + 1, stage: 'swiss', tables: [{ table: 1, seats: [big.players[0]?.id ?? '', big.players[1]?.id ?? ''] }], byes: [], seed: 1 });
    const before = publicView(big, { now: T0, version: 1 });
    const after = publicView(apply(big, { type: 'record-result', round: round?.number ?? 0, table: 7, result: { games: [2, 0, 0] }, reason: 'amended at the desk' }), { now: T0, version: 2 });
    const change = publicChange(before, after);
    expect(change.push.type).toBe('patch');
    expect(change.text.length).toBeLessThan(5 * 1024);
    if (change.push.type === 'patch') expect(applyPublicPatch(before, change.push)).toEqual(after);
    // A new round is news for everyone: the whole view when that is smaller than the patch.
    const paired = publicChange(after, publicView(open, { now: T0, version: 3 }));
    expect(paired.text.length).toBeLessThanOrEqual(JSON.stringify({ type: 'view', view: publicView(open, { now: T0, version: 3 }) }).length);
  });

  it('take a phone from any view to any later one (property: patch then apply = the later view)', () => {
    let s = smallEvent();
    const commands: Command[] = [
      { type: 'record-result', round: 1, table: 1, result: { games: [2, 1, 0] } },
      { type: 'report-result', round: 1, table: 2, player: 'cy', phone: 'phone-cccc', result: { games: [2, 0, 0] } },
      { type: 'drop-player', id: 'bo' },
      { type: 'record-result', round: 1, table: 2, result: { games: [1, 2, 0] } },
      { type: 'publish-standings', round: 1 },
    ];
    const views = [publicView(s, { now: T0, version: 0 })];
    commands.forEach((command, i) => {
      s = apply(s, command);
      views.push(publicView(s, { now: T0, version: i + 1 }));
    });
    fc.assert(
      fc.property(fc.nat(views.length - 1), fc.nat(views.length - 1), (a, b) => {
        const [from, to] = a <= b ? [views[a], views[b]] : [views[b], views[a]];
        const { push } = publicChange(from, to as never);
        const reached = push.type === 'view' ? push.view : push.type === 'patch' ? applyPublicPatch(from as never, push) : null;
        expect(reached).toEqual(to);
      }),
    );
    const stale = publicChange(views[1], views[2] as never).push;
    if (stale.type === 'patch') expect(applyPublicPatch(views[3] as never, stale)).toBeNull();
  });
});

describe('the patch between two views (viewPatch)', () => {
  it('takes any JSON value to any other (property: RFC 6902 apply of the patch = the later value)', () => {
    // Keys with "/" and "~" (escaped in the path), arrays that grow and shrink, types that change.
    const key = fc.oneof(fc.constantFrom('a', 'b', 'x/y', 'm~n', '0'), fc.string({ maxLength: 3 }));
    const value = fc.letrec((tie) => ({
      json: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 4 }), tie('array'), tie('object')),
      array: fc.array(tie('json'), { maxLength: 4 }),
      object: fc.dictionary(key, tie('json'), { maxKeys: 4 }),
    })).json;
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 5 }), fc.dictionary(key, value, { maxKeys: 5 }), (before, after) => {
        const reached = JSON.parse(JSON.stringify(before)) as object;
        expect(applyPatch(reached, viewPatch(before, after)).every((error) => error === null)).toBe(true);
        expect(reached).toEqual(JSON.parse(JSON.stringify(after)));
      }),
      { numRuns: 500 },
    );
  });

  it('skips what is the same object in both, and says nothing where nothing changed', () => {
    const table = { table: 1, seats: ['ana', 'bo'] };
    const shared = { rows: [{ player: 'ana', values: ['3'] }] };
    expect(viewPatch({ t: table, s: shared, v: 1 }, { t: table, s: shared, v: 2 })).toEqual([{ op: 'replace', path: '/v', value: 2 }]);
    expect(viewPatch({ a: [1, 2, 3] }, { a: [1, 2, 3] })).toEqual([]);
    expect(viewPatch({ a: [1, 2, 3] }, { a: [1] })).toEqual([
      { op: 'remove', path: '/a/2' },
      { op: 'remove', path: '/a/1' },
    ]);
  });
});

describe('the public view after an amendment of an earlier round', () => {
  it('recomputes points before the round and the published standings', () => {
    let s = smallEvent();
    s = apply(s, { type: 'record-result', round: 1, table: 1, result: { games: [2, 1, 0] } });
    s = apply(s, { type: 'record-result', round: 1, table: 2, result: { games: [0, 2, 0] } });
    s = apply(s, { type: 'publish-standings', round: 1 });
    s = apply(s, { type: 'pair-round', round: 2, stage: 'swiss', tables: [{ table: 1, seats: ['ana', 'di'] }, { table: 2, seats: ['bo', 'cy'] }], byes: [], seed: 6 });
    expect(publicView(s, { now: T0, version: 1 }).round?.pointsBefore.ana).toBe(3);
    s = apply(s, { type: 'record-result', round: 1, table: 1, result: { games: [1, 2, 0] }, reason: 'slip was wrong' });
    const view = publicView(s, { now: T0, version: 2 });
    expect(view.round?.pointsBefore).toMatchObject({ ana: 0, bo: 3 });
    expect(view.standings?.rows.find((r) => r.player === 'bo')?.values[0]).toBe('3');
  });
});
