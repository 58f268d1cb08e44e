import fs from 'node:fs';
import path from 'node:path';
import { conformanceCasesDir } from '../support/paths.js';
import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { Command, SettingsPatch } from '../../core/event/commands.js';
import type { ByeKind, EventState, Player, Round, Standing } from '../../core/model/types.js';
import { mtrSettings } from '../../core/rulesets/mtr/index.js';
import { mtrRecords, mtrStandings, type MtrRecord } from '../../core/rulesets/mtr/standings.js';

type Triple = [number, number, number];

const casesDir = conformanceCasesDir;

const W: Triple = [2, 0, 0];
const L: Triple = [0, 2, 0];
const D: Triple = [1, 1, 0];

interface RoundSpec {
  /** [seat 1, seat 2, result]; a result of null leaves the table unfinished. */
  matches: [string, string, Triple | null][];
  byes?: (string | [string, ByeKind])[];
  /** Players who drop after this round. */
  drops?: string[];
  /** Players registered just before this round is paired (late entries). */
  late?: string[];
}

interface PlayerSpec {
  id: string;
  name?: string;
  draw?: number;
  members?: { seat: 'A' | 'B' | 'C'; name: string }[];
}

/**
 * Build an event the way the station does: by folding commands through `apply`. Players named in the
 * rounds but not listed are registered before round 1 (or before their `late` round) with draw =
 * registration index, unless the spec says otherwise.
 */
function buildEvent(rounds: RoundSpec[], options: { players?: PlayerSpec[]; settings?: SettingsPatch } = {}): EventState {
  const specs = new Map<string, PlayerSpec>();
  for (const p of options.players ?? []) specs.set(p.id, p);
  const lateIds = new Set(rounds.flatMap((r) => r.late ?? []));
  const early: string[] = (options.players ?? []).map((p) => p.id).filter((id) => !lateIds.has(id));
  const known = new Set(early);
  for (const round of rounds)
    for (const id of [...round.matches.flatMap(([a, b]) => [a, b]), ...(round.byes ?? []).map((b) => (typeof b === 'string' ? b : b[0]))])
      if (!known.has(id) && !lateIds.has(id)) {
        known.add(id);
        early.push(id);
      }

  let registered = 0;
  const register = (id: string): Command => {
    const spec = specs.get(id);
    const player = { id, name: spec?.name ?? `Player ${id}`, ...(spec?.members ? { members: spec.members } : {}) };
    return { type: 'register-player', player, draw: spec?.draw ?? registered++ };
  };

  const commands: Command[] = [
    { type: 'create-event', id: 'ev', name: 'Test event', ruleset: 'mtr', settings: options.settings ?? {}, seed: 1, createdAt: '2024-01-01T00:00:00.000Z' },
    ...early.map(register),
  ];
  rounds.forEach((round, r) => {
    const number = r + 1;
    commands.push(...(round.late ?? []).map(register));
    commands.push({
      type: 'pair-round',
      round: number,
      stage: 'swiss',
      tables: round.matches.map(([a, b], t) => ({ table: t + 1, seats: [a, b] })),
      byes: (round.byes ?? []).map((b) => (typeof b === 'string' ? { player: b, kind: 'pairing' as const } : { player: b[0], kind: b[1] })),
      seed: number,
    });
    round.matches.forEach(([, , games], t) => {
      if (games) commands.push({ type: 'record-result', round: number, table: t + 1, result: { games } });
    });
    for (const id of round.drops ?? []) commands.push({ type: 'drop-player', id });
  });
  return commands.reduce<EventState | undefined>(apply, undefined) as EventState;
}

/** A step of a scripted player: a result against a fresh filler player, a bye, or nothing. */
type Step = Triple | 'bye' | 'hero' | '-';

/**
 * Scripted records: each player plays a fresh filler opponent (so their record is exactly the
 * script), except in rounds marked 'hero', where the explicit `heroMatches` of that round seat them.
 * A script ending in '-' drops the player after their last round.
 */
function scriptedEvent(
  scripts: Record<string, Step[]>,
  heroMatches: Record<number, [string, string, Triple][]>,
  roundCount: number,
): EventState {
  let filler = 0;
  const rounds: RoundSpec[] = [];
  for (let r = 0; r < roundCount; r++) {
    const spec: RoundSpec = { matches: [...(heroMatches[r + 1] ?? [])], byes: [], drops: [] };
    for (const [id, steps] of Object.entries(scripts)) {
      const step = steps[r] ?? '-';
      if (step === 'bye') spec.byes?.push(id);
      else if (Array.isArray(step)) spec.matches.push([id, `f${++filler}`, step]);
      if (step !== '-' && steps.slice(r + 1).length > 0 && steps.slice(r + 1).every((s) => s === '-')) spec.drops?.push(id);
    }
    rounds.push(spec);
  }
  return buildEvent(rounds);
}

function recordOf(state: EventState, id: string): MtrRecord {
  const record = mtrRecords(state).find((r) => r.id === id);
  if (!record) throw new Error(`no record for ${id}`);
  return record;
}

function standingOf(standings: Standing[], id: string): Standing {
  const standing = standings.find((s) => s.id === id);
  if (!standing) throw new Error(`no standing for ${id}`);
  return standing;
}

const repeat = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

describe('MTR App. C match-win percentage', () => {
  // "These three players competed in an 8-round tournament, although only the first player
  // completed all rounds."
  const state = scriptedEvent(
    {
      full: [W, W, L, W, D, W, L, W], // 5-2-1
      quit: [W, L, L, L, '-', '-', '-', '-'], // 1-3-0, then withdraws
      bye: ['bye', W, L, W, L, '-', '-', '-'], // 3-2-0 including a first-round bye, then withdraws
    },
    {},
    8,
  );

  it('5-2-1: 16 match points in 8 rounds = 16/24 = 0.667', () => {
    const r = recordOf(state, 'full');
    expect([r.matchPoints, r.rounds]).toEqual([16, 8]);
    expect(r.mwp).toBeCloseTo(16 / 24, 12);
    expect(r.mwp).toBeCloseTo(0.667, 3);
  });

  it('1-3-0 then withdraws: 3/(4*3) = 0.25, so 0.33 is used', () => {
    const r = recordOf(state, 'quit');
    expect([r.matchPoints, r.rounds]).toEqual([3, 4]);
    expect(r.mwp).toBe(0.33);
  });

  it('3-2-0 including a first-round bye, then withdraws: 9/(5*3) = 0.60', () => {
    const r = recordOf(state, 'bye');
    expect([r.matchPoints, r.rounds, r.byes]).toEqual([9, 5, 1]);
    expect(r.mwp).toBeCloseTo(0.6, 12);
    const standings = mtrStandings(state);
    expect(standingOf(standings, 'bye').record).toEqual({ wins: 2, losses: 2, draws: 0, byes: 1 });
    expect(standingOf(standings, 'bye').dropped).toBe(true);
    expect(standingOf(standings, 'quit').dropped).toBe(true);
    expect(standingOf(standings, 'full').dropped).toBe(false);
  });
});

describe('MTR App. C game-win percentage', () => {
  const state = scriptedEvent(
    {
      good: [W, [2, 1, 0], [1, 2, 0], W], // 21 game points in 10 games
      poor: [[1, 2, 0], [1, 2, 0], L, [1, 2, 0]], // 9 game points in 11 games
    },
    {},
    4,
  );

  it('21/(3*10) = 0.70', () => {
    const r = recordOf(state, 'good');
    expect([r.gamePoints, r.games]).toEqual([21, 10]);
    expect(standingOf(mtrStandings(state), 'good').tiebreakers.gw).toBeCloseTo(0.7, 12);
  });

  it('9/(3*11) = 0.27, so 0.33 is used', () => {
    const r = recordOf(state, 'poor');
    expect([r.gamePoints, r.games]).toEqual([9, 11]);
    expect(standingOf(mtrStandings(state), 'poor').tiebreakers.gw).toBe(0.33);
  });
});

describe("MTR App. C opponents' match-win percentage", () => {
  /**
   * The hero meets o1..o8 in rounds 1..8 (or has a bye in round 1 instead of meeting o1), beating
   * all but o2 and o8. Each opponent's other rounds are against fresh fillers so that their records
   * (the hero match included) are those of the example: 4–4–0, 7–1–0, 1–3–1 (5 rounds), 3–3–1
   * (7 rounds), 6–2–0, 5–2–1, 4–3–1, 6–1–1.
   */
  function example(withBye: boolean): EventState {
    const h = 'hero';
    const scripts: Record<string, Step[]> = {
      o2: [W, 'hero', W, W, W, W, L, W],
      o3: [W, L, 'hero', L, D, '-', '-', '-'],
      o4: [W, W, L, 'hero', W, L, D, '-'],
      o5: [W, W, W, W, 'hero', W, W, L],
      o6: [W, W, W, W, W, 'hero', L, D],
      o7: [W, W, W, W, L, L, 'hero', D],
      o8: [W, W, W, W, W, L, D, 'hero'],
    };
    const heroMatches: Record<number, [string, string, Triple][]> = {
      2: [[h, 'o2', [1, 2, 0]]],
      3: [[h, 'o3', W]],
      4: [[h, 'o4', [2, 1, 0]]],
      5: [[h, 'o5', W]],
      6: [[h, 'o6', W]],
      7: [[h, 'o7', [2, 1, 0]]],
      8: [[h, 'o8', L]],
    };
    if (withBye) {
      scripts[h] = ['bye'];
    } else {
      scripts.o1 = ['hero', W, L, W, L, W, L, W];
      heroMatches[1] = [[h, 'o1', W]];
    }
    return scriptedEvent(scripts, heroMatches, 8);
  }

  it('checks the opponents of the example have the records it lists', () => {
    const state = example(false);
    const expected: Record<string, [number, number, number, number]> = {
      // wins, losses, draws, rounds played
      o1: [4, 4, 0, 8],
      o2: [7, 1, 0, 8],
      o3: [1, 3, 1, 5],
      o4: [3, 3, 1, 7],
      o5: [6, 2, 0, 8],
      o6: [5, 2, 1, 8],
      o7: [4, 3, 1, 8],
      o8: [6, 1, 1, 8],
      hero: [6, 2, 0, 8],
    };
    for (const [id, [w, l, d, rounds]] of Object.entries(expected)) {
      const r = recordOf(state, id);
      expect([r.wins, r.losses, r.draws, r.rounds], id).toEqual([w, l, d, rounds]);
    }
    expect(recordOf(state, 'o3').mwp).toBe(0.33); // 4/15 = 0.27, raised to 0.33
  });

  it('6–2–0 against those opponents: OMW 0.62', () => {
    const state = example(false);
    const omw = standingOf(mtrStandings(state), 'hero').tiebreakers.omw as number;
    const exact = (12 / 24 + 21 / 24 + 0.33 + 10 / 21 + 18 / 24 + 16 / 24 + 13 / 24 + 19 / 24) / 8;
    expect(omw).toBeCloseTo(exact, 12);
    expect(Math.round(omw * 100) / 100).toBe(0.62);
  });

  it('the same with a bye in round 1: the bye is ignored, OMW 0.63', () => {
    const state = example(true);
    const standing = standingOf(mtrStandings(state), 'hero');
    expect(standing.record).toEqual({ wins: 5, losses: 2, draws: 0, byes: 1 });
    expect(recordOf(state, 'hero').opponents).toEqual(['o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8']);
    const exact = (21 / 24 + 0.33 + 10 / 21 + 18 / 24 + 16 / 24 + 13 / 24 + 19 / 24) / 7;
    expect(standing.tiebreakers.omw).toBeCloseTo(exact, 12);
    expect(Math.round((standing.tiebreakers.omw as number) * 100) / 100).toBe(0.63);
  });
});

describe('mtr standings', () => {
  it('scores an intentional draw 0–0–3 as a draw with 3 game points each in 3 games', () => {
    const state = buildEvent([{ matches: [['a', 'b', [0, 0, 3]]] }]);
    for (const id of ['a', 'b']) {
      const r = recordOf(state, id);
      expect([r.matchPoints, r.gamePoints, r.games, r.draws]).toEqual([1, 3, 3, 1]);
    }
    const standings = mtrStandings(state);
    expect(standings.map((s) => s.id)).toEqual(['a', 'b']); // equal on everything: the draw decides
    // 1/3 is above the 0.33 floor, so it is used as is.
    const tb = standings[0]?.tiebreakers ?? {};
    for (const key of ['omw', 'gw', 'ogw']) expect(tb[key]).toBeCloseTo(1 / 3, 12);
    expect(standings[0]?.record).toEqual({ wins: 0, losses: 0, draws: 1, byes: 0 });
  });

  it('counts a bye as a 2–0 win without an opponent, and no opponents gives OMW and OGW 0', () => {
    const state = buildEvent([{ matches: [['a', 'b', W]], byes: ['c'] }, { matches: [['a', 'c', [1, 2, 0]]], byes: [['b', 'awarded']] }]);
    const c = recordOf(state, 'c');
    expect([c.matchPoints, c.gamePoints, c.games, c.rounds, c.byes]).toEqual([6, 12, 5, 2, 1]);
    expect(c.opponents).toEqual(['a']);
    const b = recordOf(state, 'b');
    expect([b.matchPoints, b.gamePoints, b.games, b.rounds, b.byes]).toEqual([3, 6, 4, 2, 1]);
    const lone = buildEvent([{ matches: [], byes: ['z'] }]);
    expect(mtrStandings(lone)[0]).toMatchObject({ id: 'z', points: 3, tiebreakers: { omw: 0, gw: 1, ogw: 0 } });
  });

  it('counts an opponent met twice twice', () => {
    const state = buildEvent([
      { matches: [['a', 'b', W], ['c', 'd', W]] },
      { matches: [['a', 'c', D], ['b', 'd', W]] },
      { matches: [['a', 'b', W], ['c', 'd', L]] },
    ]);
    const r = recordOf(state, 'a');
    expect(r.opponents).toEqual(['b', 'c', 'b']);
    const b = recordOf(state, 'b');
    const c = recordOf(state, 'c');
    expect(b.mwp).toBeCloseTo(3 / 9, 12);
    expect(c.mwp).toBeCloseTo(4 / 9, 12);
    expect(standingOf(mtrStandings(state), 'a').tiebreakers.omw).toBeCloseTo((2 * b.mwp + c.mwp) / 3, 12);
    expect(standingOf(mtrStandings(state), 'a').tiebreakers.ogw).toBeCloseTo((2 * b.gwp + c.gwp) / 3, 12);
  });

  it('keeps a dropped player listed, with their record, and counting as an opponent', () => {
    const state = buildEvent([
      { matches: [['a', 'b', W], ['c', 'd', [2, 1, 0]]], drops: ['b'] },
      { matches: [['a', 'c', W]], byes: ['d'] },
    ]);
    expect(state.players.find((p) => p.id === 'b')?.droppedAfterRound).toBe(1);
    const standings = mtrStandings(state);
    const b = standingOf(standings, 'b');
    expect(b).toMatchObject({ dropped: true, points: 0, record: { wins: 0, losses: 1, draws: 0, byes: 0 } });
    expect(b.tiebreakers.gw).toBe(0.33);
    // a met b (MWP 0/3 → 0.33) and c (3/6 = 0.5).
    expect(standingOf(standings, 'a').tiebreakers.omw).toBeCloseTo((0.33 + 0.5) / 2, 12);
    // c (opponents d 0.5 and a 1.0) is ahead of d (opponent c 0.5) on OMW.
    expect(standings.map((s) => s.id)).toEqual(['a', 'c', 'd', 'b']);
    expect(standings.map((s) => s.rank)).toEqual([1, 2, 3, 4]);
  });

  describe('late entries', () => {
    const rounds = (): RoundSpec[] => [
      { matches: [['a', 'b', W]] },
      { matches: [['a', 'b', L]] },
      { matches: [['late', 'a', W]], byes: ['b'], late: ['late'] },
    ];

    it("'loss' (the default): each missed Swiss round is a 0–2 loss without an opponent", () => {
      const state = buildEvent(rounds());
      expect(state.settings.lateEntryRecord).toBe('loss');
      expect(state.players.find((p) => p.id === 'late')?.joinedRound).toBe(3);
      const r = recordOf(state, 'late');
      expect([r.matchPoints, r.gamePoints, r.games, r.rounds, r.lateEntryLosses]).toEqual([3, 6, 6, 3, 2]);
      expect(r.opponents).toEqual(['a']);
      expect(r.mwp).toBeCloseTo(3 / 9, 12);
      expect(r.gwp).toBeCloseTo(6 / 18, 12);
      const standings = mtrStandings(state);
      expect(standingOf(standings, 'late').record).toEqual({ wins: 1, losses: 2, draws: 0, byes: 0 });
      // a's opponents: b, b, late (MWP 3/9).
      const b = recordOf(state, 'b');
      expect(standingOf(standings, 'a').tiebreakers.omw).toBeCloseTo((2 * b.mwp + 3 / 9) / 3, 12);
    });

    it("'none': the missed rounds count for nothing", () => {
      const state = buildEvent(rounds(), { settings: { lateEntryRecord: 'none' } });
      const r = recordOf(state, 'late');
      expect([r.matchPoints, r.gamePoints, r.games, r.rounds, r.lateEntryLosses]).toEqual([3, 6, 2, 1, 0]);
      expect(r.mwp).toBe(1);
      const standings = mtrStandings(state);
      expect(standingOf(standings, 'late').record).toEqual({ wins: 1, losses: 0, draws: 0, byes: 0 });
      expect(standingOf(standings, 'late').tiebreakers.gw).toBe(1);
      expect(standingOf(standings, 'a').tiebreakers.omw).toBeCloseTo((2 * recordOf(state, 'b').mwp + 1) / 3, 12);
    });
  });

  it('orders by points, OMW, GW, OGW, then the registration draw, then id', () => {
    const players: PlayerSpec[] = [
      { id: 'p1', draw: 40 },
      { id: 'p2', draw: 10 },
      { id: 'p3', draw: 30 },
      { id: 'p4', draw: 20 },
    ];
    // p1 and p2 both win 2–0 against p3 and p4, who are equal too: the draw orders each pair.
    const state = buildEvent([{ matches: [['p1', 'p3', W], ['p2', 'p4', W]] }], { players });
    expect(mtrStandings(state).map((s) => s.id)).toEqual(['p2', 'p1', 'p4', 'p3']);

    // GW decides between equal points and OMW: 2–0 beats 2–1.
    const gw = buildEvent([{ matches: [['p1', 'p3', [2, 1, 0]], ['p2', 'p4', W]] }], { players: players.map((p) => ({ ...p, draw: 0 })) });
    expect(mtrStandings(gw).map((s) => s.id)).toEqual(['p2', 'p1', 'p3', 'p4']);
    // Same draw everywhere and nothing else to tell apart: id order.
    const ids = buildEvent([{ matches: [['p3', 'p1', W], ['p4', 'p2', W]] }], { players: players.map((p) => ({ ...p, draw: 0 })) });
    expect(mtrStandings(ids).map((s) => s.id)).toEqual(['p3', 'p4', 'p1', 'p2']);
  });

  it('ignores unfinished tables and playoff rounds', () => {
    const state = buildEvent([{ matches: [['a', 'b', W], ['c', 'd', null]] }]);
    expect(recordOf(state, 'c').rounds).toBe(0);
    expect(mtrStandings(state).map((s) => [s.id, s.points])).toEqual([
      ['a', 3],
      ['b', 0],
      ['c', 0],
      ['d', 0],
    ]);
    expect(standingOf(mtrStandings(state), 'c').tiebreakers).toEqual({ omw: 0, gw: 0, ogw: 0 });

    const swiss = buildEvent([{ matches: [['a', 'b', W], ['c', 'd', [2, 1, 0]]] }]);
    const before = mtrStandings(swiss);
    const commands: Command[] = [
      { type: 'start-playoff', top: 2, draft: false, seeds: ['a', 'c'] },
      { type: 'pair-round', round: 2, stage: 'playoff', tables: [{ table: 1, seats: ['a', 'c'] }], byes: [], seed: 2 },
      { type: 'record-result', round: 2, table: 1, result: { games: [0, 2, 0] } },
    ];
    const after = commands.reduce(apply, swiss);
    expect(after.rounds[1]?.tables[0]?.result).toEqual({ games: [0, 2, 0] });
    expect(mtrStandings(after)).toEqual(before);
  });

  it('ranks teams by match points then OMW only, with GW and OGW reported as 0', () => {
    const members = (name: string) => [
      { seat: 'A' as const, name: `${name} A` },
      { seat: 'B' as const, name: `${name} B` },
      { seat: 'C' as const, name: `${name} C` },
    ];
    const players: PlayerSpec[] = ['t1', 't2', 't3', 't4'].map((id, i) => ({ id, name: `Team ${id}`, members: members(id), draw: 4 - i }));
    const commands: Command[] = [
      { type: 'create-event', id: 'ev', name: 'Team Sealed', ruleset: 'mtr', settings: { teamSize: 3 }, seed: 1, createdAt: '2024-01-01T00:00:00.000Z' },
      ...players.map((p): Command => ({ type: 'register-player', player: { id: p.id, name: p.name as string, members: p.members }, draw: p.draw as number })),
      { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['t1', 't2'] }, { table: 2, seats: ['t3', 't4'] }], byes: [], seed: 1 },
      // t1 wins narrowly (2 seat matches to 1, with lost games); t3 wins all three seats 2–0.
      { type: 'record-result', round: 1, table: 1, result: { matches: [[2, 1, 0], [1, 2, 0], [2, 1, 1]] } },
      { type: 'record-result', round: 1, table: 2, result: { matches: [[2, 0, 0], [2, 0, 0], [2, 0, 0]] } },
      { type: 'pair-round', round: 2, stage: 'swiss', tables: [{ table: 1, seats: ['t1', 't3'] }, { table: 2, seats: ['t2', 't4'] }], byes: [], seed: 2 },
      { type: 'record-result', round: 2, table: 1, result: { matches: [[1, 1, 0], [2, 0, 0], [0, 2, 0]] } },
      { type: 'record-result', round: 2, table: 2, result: { matches: [[2, 0, 0], [2, 1, 0], [0, 1, 0]] } },
    ];
    const state = commands.reduce<EventState | undefined>(apply, undefined) as EventState;
    expect(state.rounds[0]?.tables[0]?.result).toEqual({ games: [2, 1, 0], matches: [[2, 1, 0], [1, 2, 0], [2, 1, 1]] });
    const standings = mtrStandings(state);
    // Round 2: t1 v t3 is 1 seat each and one drawn seat: a team draw. t2 beats t4.
    expect(standings.map((s) => [s.id, s.points])).toEqual([
      // t1 and t3 have 4 points; OMW puts t1 first although its draw is higher:
      // t1's opponents t2 (3/6) and t3 (4/6); t3's opponents t4 (0/6 → 0.33) and t1 (4/6).
      ['t1', 4],
      ['t3', 4],
      ['t2', 3],
      ['t4', 0],
    ]);
    const t1 = standingOf(standings, 't1');
    expect(t1.tiebreakers.omw).toBeCloseTo((0.5 + 4 / 6) / 2, 12);
    expect(t1.record).toEqual({ wins: 1, losses: 0, draws: 1, byes: 0 });
    expect(standingOf(standings, 't3').tiebreakers.omw).toBeCloseTo((0.33 + 4 / 6) / 2, 12);
    for (const s of standings) expect([s.tiebreakers.gw, s.tiebreakers.ogw]).toEqual([0, 0]);
  });

  it('ranks teams on equal points and OMW by the draw, never by game points', () => {
    const members = (name: string) => [
      { seat: 'A' as const, name: `${name} A` },
      { seat: 'B' as const, name: `${name} B` },
    ];
    const commands: Command[] = [
      { type: 'create-event', id: 'ev', name: 'Team', ruleset: 'mtr', settings: { teamSize: 2 }, seed: 1, createdAt: '2024-01-01T00:00:00.000Z' },
      { type: 'register-player', player: { id: 'x', name: 'X', members: members('X') }, draw: 2 },
      { type: 'register-player', player: { id: 'y', name: 'Y', members: members('Y') }, draw: 1 },
      { type: 'register-player', player: { id: 'u', name: 'U', members: members('U') }, draw: 3 },
      { type: 'register-player', player: { id: 'v', name: 'V', members: members('V') }, draw: 4 },
      { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['x', 'u'] }, { table: 2, seats: ['y', 'v'] }], byes: [], seed: 1 },
      { type: 'record-result', round: 1, table: 1, result: { matches: [[2, 0, 0], [2, 0, 0]] } },
      { type: 'record-result', round: 1, table: 2, result: { matches: [[2, 1, 0], [1, 1, 1]] } },
    ];
    const state = commands.reduce<EventState | undefined>(apply, undefined) as EventState;
    // x won with far more game points, but y has the lower draw.
    expect(mtrStandings(state).map((s) => s.id)).toEqual(['y', 'x', 'u', 'v']);
  });
});

describe('conformance: mtr-9-players', () => {
  interface Transcript {
    ruleset: string;
    settings?: SettingsPatch;
    players: { id: string; name: string }[];
    rounds: {
      stage?: 'swiss' | 'playoff';
      tables: { table: number; seats: string[]; result?: Record<string, unknown> }[];
      byes?: string[];
      drops?: string[];
    }[];
  }
  interface Expected {
    standings: { rank: number; id: string; name: string; points: number; dropped: boolean; tiebreakers: Record<string, number> }[];
  }

  function replayTranscript(transcript: Transcript): EventState {
    const commands: Command[] = [
      { type: 'create-event', id: 'conformance', name: 'mtr-9-players', ruleset: 'mtr', settings: transcript.settings ?? {}, seed: 0, createdAt: '2024-01-01T00:00:00.000Z' },
      ...transcript.players.map((p, i): Command => ({ type: 'register-player', player: { id: p.id, name: p.name }, draw: i })),
    ];
    transcript.rounds.forEach((round, r) => {
      commands.push({
        type: 'pair-round',
        round: r + 1,
        stage: round.stage ?? 'swiss',
        tables: round.tables.map((t) => ({ table: t.table, seats: t.seats })),
        byes: (round.byes ?? []).map((player) => ({ player, kind: 'pairing' as const })),
        seed: r + 1,
      });
      for (const t of round.tables) if (t.result) commands.push({ type: 'record-result', round: r + 1, table: t.table, result: t.result });
      for (const id of round.drops ?? []) commands.push({ type: 'drop-player', id });
    });
    return commands.reduce<EventState | undefined>(apply, undefined) as EventState;
  }

  it('matches the expected standings', () => {
    const transcript = JSON.parse(fs.readFileSync(path.join(casesDir, 'mtr-9-players.json'), 'utf8')) as Transcript;
    const expected = JSON.parse(fs.readFileSync(path.join(casesDir, 'mtr-9-players.expected.json'), 'utf8')) as Expected;
    expect(transcript.ruleset).toBe('mtr');
    const standings = mtrStandings(replayTranscript(transcript));
    expect(standings.map((s) => s.id)).toEqual(expected.standings.map((s) => s.id));
    expected.standings.forEach((want, i) => {
      const got = standings[i] as Standing;
      expect(got.rank, want.id).toBe(want.rank);
      expect(got.name, want.id).toBe(want.name);
      expect(got.points, want.id).toBe(want.points);
      expect(got.dropped, want.id).toBe(want.dropped);
      expect(Object.keys(got.tiebreakers).sort()).toEqual(Object.keys(want.tiebreakers).sort());
      for (const [key, value] of Object.entries(want.tiebreakers))
        expect(Math.abs((got.tiebreakers[key] as number) - value), `${want.id} ${key}`).toBeLessThan(1e-9);
    });
  });
});

describe('a large event', () => {
  /** A hand-built state (quicker than folding 30,000 commands through apply). */
  function bigState(playerCount: number, roundCount: number): EventState {
    let seed = 12345;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const players: Player[] = Array.from({ length: playerCount }, (_, i) => ({
      id: `p${i}`,
      name: `Player ${i}`,
      draw: next(1_000_000),
      joinedRound: 1,
      awardedByes: 0,
      ...(i % 50 === 7 ? { droppedAfterRound: roundCount } : {}),
    }));
    const outcomes: [number, number, number][] = [W, L, D, [2, 1, 0], [1, 2, 0], [0, 0, 3], [1, 0, 0], [2, 1, 1]];
    const rounds: Round[] = [];
    for (let r = 1; r <= roundCount; r++) {
      const order = players.map((p) => p.id);
      for (let i = order.length - 1; i > 0; i--) {
        const j = next(i + 1);
        [order[i], order[j]] = [order[j] as string, order[i] as string];
      }
      const byes = order.length % 2 === 1 ? [{ player: order.pop() as string, kind: 'pairing' as const }] : [];
      const tables = [];
      for (let t = 0; t < order.length / 2; t++)
        tables.push({ table: t + 1, seats: [order[2 * t] as string, order[2 * t + 1] as string], result: { games: outcomes[next(outcomes.length)] as Triple } });
      rounds.push({ number: r, stage: 'swiss', tables, byes });
    }
    return {
      id: 'big',
      name: 'Big',
      ruleset: 'mtr',
      settings: mtrSettings({}),
      seed: 1,
      createdAt: '2024-01-01T00:00:00.000Z',
      players,
      rounds,
    };
  }

  // How fast (under 50 ms) is `npm run bench`'s row "standings with all tiebreakers": tests never time anything.
  it('ranks 4,096 players after 15 rounds', () => {
    const state = bigState(4096, 15);
    const first = mtrStandings(state);
    expect(first).toHaveLength(4096);
    expect(first.map((s) => s.rank)).toEqual(Array.from({ length: 4096 }, (_, i) => i + 1));
    for (let i = 1; i < first.length; i++) expect((first[i - 1] as Standing).points).toBeGreaterThanOrEqual((first[i] as Standing).points);
    expect(mtrStandings(state)).toEqual(first);
  });
});
