import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/event/commands.js';
import { parseCommand } from '../../core/event/commands.js';
import { apply, replay } from '../../core/event/apply.js';
import { activePlayers } from '../../core/event/queries.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';

const create = (settings: Record<string, unknown> = {}): Command => ({
  type: 'create-event',
  id: 'e1',
  name: 'Test Open',
  ruleset: 'mtr',
  settings,
  seed: 42,
  createdAt: '2026-11-21T10:00:00Z',
});

function register(state: EventState | undefined, ...names: string[]): EventState {
  let s = state as EventState;
  for (const name of names) {
    s = apply(s, { type: 'register-player', player: { id: name.toLowerCase(), name }, draw: s.players.length });
  }
  return s;
}

function run(commands: Command[]): EventState {
  return commands.reduce<EventState | undefined>((s, c) => apply(s, c), undefined) as EventState;
}

function expectError(fn: () => unknown, code: string, text: RegExp): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PodiumError);
    expect((error as PodiumError).code).toBe(code);
    expect((error as PodiumError).message).toMatch(text);
    return;
  }
  throw new Error('expected a PodiumError');
}

const pair = (round: number, tables: string[][], byes: string[] = [], extra: Partial<Extract<Command, { type: 'pair-round' }>> = {}): Command => ({
  type: 'pair-round',
  round,
  stage: 'swiss',
  tables: tables.map((seats, i) => ({ table: i + 1, seats })),
  byes: byes.map((player) => ({ player, kind: 'pairing' as const })),
  seed: round,
  ...extra,
});

const result = (round: number, table: number, games: [number, number, number], reason?: string): Command => ({
  type: 'record-result',
  round,
  table,
  result: { games },
  ...(reason ? { reason } : {}),
});

describe('registration', () => {
  it('registers players in order with their draw and rejects a duplicate id naming the holder', () => {
    const s = register(run([create()]), 'Ana', 'Bo');
    expect(s.players.map((p) => [p.id, p.draw, p.joinedRound])).toEqual([
      ['ana', 0, 1],
      ['bo', 1, 1],
    ]);
    expectError(() => apply(s, { type: 'register-player', player: { id: 'ana', name: 'Ana Again' }, draw: 9 }), 'duplicate-player', /already used by Ana/);
  });

  it('keeps two people with the same name apart by id and note', () => {
    let s = run([create()]);
    s = apply(s, { type: 'register-player', player: { id: 'x1', name: 'José Núñez', note: 'Madrid' }, draw: 0 });
    s = apply(s, { type: 'register-player', player: { id: 'x2', name: 'José Núñez', note: 'Sevilla' }, draw: 1 });
    expect(s.players).toHaveLength(2);
    expect(s.players.map((p) => p.note)).toEqual(['Madrid', 'Sevilla']);
  });

  it('edits a player', () => {
    let s = register(run([create()]), 'Ana');
    s = apply(s, { type: 'edit-player', id: 'ana', changes: { name: 'Ana Archer', awardedByes: 1 } });
    expect(s.players[0]).toMatchObject({ name: 'Ana Archer', awardedByes: 1 });
    expectError(() => apply(s, { type: 'edit-player', id: 'zed', changes: { name: 'Z' } }), 'unknown-player', /"zed"/);
  });

  it('a late entry joins the next round to be paired', () => {
    let s = register(run([create()]), 'Ana', 'Bo', 'Cy', 'Di');
    s = apply(s, pair(1, [['ana', 'bo'], ['cy', 'di']]));
    s = register(s, 'Ed');
    expect(s.players.find((p) => p.id === 'ed')?.joinedRound).toBe(2);
    expect(activePlayers(s, 1).map((p) => p.id)).not.toContain('ed');
    expect(activePlayers(s, 2).map((p) => p.id)).toContain('ed');
    expectError(() => apply(s, pair(1, [['ana', 'ed'], ['cy', 'di']], ['bo'], { replace: true })), 'not-allowed', /Ed \(ed\) joins in round 2/);
  });

  it('checks team members and seats', () => {
    const s = run([create({ teamSize: 3 })]);
    const team = (members: { seat: 'A' | 'B' | 'C'; name: string }[]): Command => ({
      type: 'register-player',
      player: { id: 't1', name: 'The Team', members },
      draw: 0,
    });
    expect(
      apply(s, team([{ seat: 'A', name: 'a' }, { seat: 'B', name: 'b' }, { seat: 'C', name: 'c' }])).players[0]?.members,
    ).toHaveLength(3);
    expectError(() => apply(s, team([{ seat: 'A', name: 'a' }, { seat: 'B', name: 'b' }])), 'invalid-input', /3 members/);
    expectError(() => apply(s, team([{ seat: 'A', name: 'a' }, { seat: 'A', name: 'b' }, { seat: 'C', name: 'c' }])), 'invalid-input', /seats must be A, B, C/);
  });
});

describe('drops and reinstatement (MTR 2.10)', () => {
  it('a drop before round 1 removes the player from the event', () => {
    let s = register(run([create()]), 'Ana', 'Bo', 'Cy');
    s = apply(s, { type: 'drop-player', id: 'bo' });
    expect(s.players.map((p) => p.id)).toEqual(['ana', 'cy']);
  });

  it('a drop takes effect from the next pairing; the dropped player cannot be paired again until reinstated', () => {
    let s = register(run([create()]), 'Ana', 'Bo', 'Cy', 'Di');
    s = apply(s, pair(1, [['ana', 'bo'], ['cy', 'di']]));
    s = apply(s, { type: 'drop-player', id: 'di' });
    expect(s.players.find((p) => p.id === 'di')?.droppedAfterRound).toBe(1);
    expectError(() => apply(s, { type: 'drop-player', id: 'di' }), 'not-allowed', /already dropped/);
    s = apply(s, result(1, 1, [2, 0, 0]));
    s = apply(s, result(1, 2, [2, 1, 0]));
    expectError(() => apply(s, pair(2, [['ana', 'di'], ['bo', 'cy']])), 'not-allowed', /Di \(di\) dropped after round 1/);
    expect(activePlayers(s).map((p) => p.id)).toEqual(['ana', 'bo', 'cy']);
    s = apply(s, { type: 'reinstate-player', id: 'di' });
    expect(activePlayers(s).map((p) => p.id)).toEqual(['ana', 'bo', 'cy', 'di']);
    expectError(() => apply(s, { type: 'reinstate-player', id: 'di' }), 'not-allowed', /has not dropped/);
  });

  it('no reinstatement after the cut', () => {
    let s = register(run([create()]), 'Ana', 'Bo', 'Cy', 'Di');
    s = apply(s, pair(1, [['ana', 'bo'], ['cy', 'di']]));
    s = apply(s, result(1, 1, [2, 0, 0]));
    s = apply(s, result(1, 2, [2, 0, 0]));
    s = apply(s, { type: 'drop-player', id: 'di' });
    s = apply(s, { type: 'start-playoff', top: 2, draft: false, seeds: ['ana', 'cy'] });
    expectError(() => apply(s, { type: 'reinstate-player', id: 'di' }), 'not-allowed', /after the cut/);
    expectError(() => apply(s, pair(2, [['ana', 'bo'], ['cy', 'di']])), 'not-allowed', /playoff has started/);
  });
});

describe('pairing commands', () => {
  const base = () => register(run([create()]), 'Ana', 'Bo', 'Cy', 'Di', 'Ed');

  it('rejects a player seated twice, an unknown player, a wrong round and a bad table size', () => {
    const s = base();
    expectError(() => apply(s, pair(1, [['ana', 'bo'], ['cy', 'ana']], ['ed'])), 'seated-twice', /Ana \(ana\) is seated twice \(table 1 and table 2\)/);
    expectError(() => apply(s, pair(1, [['ana', 'bo'], ['cy', 'zed']], ['ed'])), 'unknown-player', /"zed"/);
    expectError(() => apply(s, pair(2, [['ana', 'bo']])), 'invalid-command', /next round to pair is round 1/);
    expectError(() => apply(s, pair(1, [['ana', 'bo', 'cy']])), 'invalid-input', /seats 3 players/);
    expectError(() => apply(s, pair(1, [['ana', 'bo'], ['cy', 'di']], ['ed', 'ana'])), 'seated-twice', /the byes/);
  });

  it('refuses to pair past an unfinished round, naming the open tables', () => {
    let s = base();
    s = apply(s, pair(1, [['ana', 'bo'], ['cy', 'di']], ['ed']));
    s = apply(s, result(1, 1, [2, 0, 0]));
    expectError(() => apply(s, pair(2, [['ana', 'cy'], ['bo', 'ed']], ['di'])), 'round-unfinished', /table 2 has no result/);
  });

  it('re-pairs the current round only before any result is entered', () => {
    let s = base();
    s = apply(s, pair(1, [['ana', 'bo'], ['cy', 'di']], ['ed']));
    s = apply(s, pair(1, [['ana', 'cy'], ['bo', 'di']], ['ed'], { replace: true }));
    expect(s.rounds).toHaveLength(1);
    expect(s.rounds[0]?.tables[0]?.seats).toEqual(['ana', 'cy']);
    s = apply(s, result(1, 1, [2, 0, 0]));
    expectError(() => apply(s, pair(1, [['ana', 'bo'], ['cy', 'di']], ['ed'], { replace: true })), 'not-allowed', /already has results/);
  });

  it('an amendment needs a reason, and standings follow the amended result', () => {
    let s = base();
    s = apply(s, pair(1, [['ana', 'bo'], ['cy', 'di']], ['ed']));
    s = apply(s, result(1, 1, [2, 0, 0]));
    s = apply(s, result(1, 2, [2, 0, 0]));
    const points = (st: EventState) => Object.fromEntries(getRuleset('mtr').standings(st).map((x) => [x.id, x.points]));
    expect(points(s)).toMatchObject({ ana: 3, bo: 0 });
    expectError(() => apply(s, result(1, 1, [0, 2, 0])), 'not-allowed', /needs a reason/);
    s = apply(s, result(1, 1, [0, 2, 0], 'slip filled in reversed'));
    expect(points(s)).toMatchObject({ ana: 0, bo: 3 });
  });

  it('never changes the state it is given', () => {
    const s = base();
    const before = JSON.stringify(s);
    apply(s, pair(1, [['ana', 'bo'], ['cy', 'di']], ['ed']));
    expect(() => apply(s, pair(1, [['ana', 'ana']]))).toThrow(PodiumError);
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('journal replay and undo', () => {
  it('undo reverts a command, and undoing the undo restores it', () => {
    const commands: Command[] = [
      create(),
      { type: 'register-player', player: { id: 'ana', name: 'Ana' }, draw: 0 },
      { type: 'register-player', player: { id: 'bo', name: 'Bo' }, draw: 1 },
      { type: 'drop-player', id: 'bo' },
    ];
    const entries = commands.map((command, seq) => ({ seq, command }));
    expect(replay(entries)?.players.map((p) => p.id)).toEqual(['ana']);
    const undone = [...entries, { seq: 4, command: { type: 'undo', target: 3 } as Command }];
    expect(replay(undone)?.players.map((p) => p.id)).toEqual(['ana', 'bo']);
    const redone = [...undone, { seq: 5, command: { type: 'undo', target: 4 } as Command }];
    expect(replay(redone)?.players.map((p) => p.id)).toEqual(['ana']);
  });

  it('validates raw commands at the edge with a message naming the field', () => {
    expect(parseCommand({ type: 'register-player', player: { id: 'a', name: '' }, draw: 0 })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/player\.name/),
    });
    expect(parseCommand({ type: 'launch-missiles' })).toMatchObject({ ok: false });
    expect(parseCommand({ type: 'drop-player', id: 'a' })).toMatchObject({ ok: true });
  });

  it('rejects an unknown rule set and settings the rules do not allow', () => {
    expectError(() => apply(undefined, { ...(create() as Extract<Command, { type: 'create-event' }>), ruleset: 'chess' as 'mtr' }), 'unknown-ruleset', /chess/);
    expectError(() => run([create({ pairWithinDraftPods: false, rel: 'competitive' })]), 'invalid-settings', /Regular REL/);
    const twoHg = run([create({ twoHeadedGiant: true })]);
    expect(twoHg.settings).toMatchObject({ teamSize: 2, gamesToWin: 1 });
  });
});
