import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, PlayerId, Table } from '../../core/model/types.js';
import {
  mtrBracketOrder,
  mtrIsPlayoffFinal,
  mtrNextPlayoffRound,
  mtrPlayoff,
  mtrPlayoffRoundCount,
} from '../../core/rulesets/mtr/playoffs.js';
import { mtrStandings } from '../../core/rulesets/mtr/standings.js';

const run = (state: EventState | undefined, ...commands: Command[]): EventState => {
  let s = state;
  for (const c of commands) s = apply(s, c);
  return s as EventState;
};

const pid = (i: number): PlayerId => `p${String(i).padStart(2, '0')}`;

/** An `mtr` event of n players (draw = index) with `rounds` Swiss rounds played. */
function swissEvent(n: number, rounds: number): EventState {
  let state = run(undefined, {
    type: 'create-event',
    id: 'e1',
    name: 'Playoff test',
    ruleset: 'mtr',
    settings: {},
    seed: 7,
    createdAt: '2024-01-01T00:00:00.000Z',
  });
  for (let i = 1; i <= n; i++) {
    state = run(state, { type: 'register-player', player: { id: pid(i), name: `Player ${i}` }, draw: i });
  }
  for (let r = 1; r <= rounds; r++) {
    // Pair by a rotating order so results spread the field; results vary by table.
    const ids = state.players.map((p) => p.id);
    const order = ids.map((_, i) => ids[(i * (2 * r + 1) + r) % n] as PlayerId);
    const unique = [...new Set(order)].length === n ? order : ids;
    const tables: { table: number; seats: string[] }[] = [];
    for (let t = 0; t + 1 < n; t += 2) tables.push({ table: t / 2 + 1, seats: [unique[t]!, unique[t + 1]!] });
    const byes = n % 2 === 1 ? [{ player: unique[n - 1]!, kind: 'pairing' as const }] : [];
    state = run(state, { type: 'pair-round', round: r, stage: 'swiss', tables, byes, seed: r });
    for (const table of tables) {
      const k = (table.table + r) % 4;
      const games: [number, number, number] = k === 0 ? [2, 0, 0] : k === 1 ? [1, 2, 0] : k === 2 ? [2, 1, 0] : [0, 2, 0];
      state = run(state, { type: 'record-result', round: r, table: table.table, result: { games } });
    }
  }
  return state;
}

function ranked(state: EventState): PlayerId[] {
  return mtrStandings(state).map((s) => s.id);
}

function seatsOf(tables: Table[]): PlayerId[][] {
  return tables.map((t) => t.seats);
}

function expectPodiumError(fn: () => unknown, code: string, message?: RegExp): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PodiumError);
    expect((error as PodiumError).code).toBe(code);
    if (message) expect((error as PodiumError).message).toMatch(message);
    return;
  }
  throw new Error(`expected a PodiumError ${code}`);
}

/** Tables as a pair-round command carries them (no results yet). */
const plain = (tables: Table[]) => tables.map((t) => ({ table: t.table, seats: [...t.seats] }));

/** Make the cut and record the first playoff round through `apply`. */
function startPlayoff(state: EventState, top: number, draft: boolean, seed = 99): EventState {
  const cut = mtrPlayoff(state, { top, draft }, seed);
  return run(
    state,
    { type: 'start-playoff', top, draft, seeds: cut.seeds },
    { type: 'pair-round', round: state.rounds.length + 1, stage: 'playoff', tables: plain(cut.tables), byes: [], seed },
  );
}

/** Record a result for every open table of the latest round; `winner` picks the winning seat. */
function finishRound(state: EventState, winner: (table: Table) => PlayerId): EventState {
  const round = state.rounds[state.rounds.length - 1]!;
  let s = state;
  for (const table of round.tables) {
    if (table.result) continue;
    const w = winner(table);
    const games: [number, number, number] = w === table.seats[0] ? [2, 1, 0] : [0, 2, 0];
    s = run(s, { type: 'record-result', round: round.number, table: table.table, result: { games } });
  }
  return s;
}

/** Pair the next playoff round through `apply`; returns the state and the proposal. */
function nextRound(state: EventState, seed = 5) {
  const proposal = mtrNextPlayoffRound(state, seed);
  if (!proposal) return { state, proposal };
  const next = run(state, {
    type: 'pair-round',
    round: state.rounds.length + 1,
    stage: 'playoff',
    tables: plain(proposal.tables),
    byes: proposal.byes,
    seed,
  });
  return { state: next, proposal };
}

describe('mtrPlayoff: the cut by Swiss standings (MTR 10.4)', () => {
  const state = swissEvent(12, 4);
  const order = ranked(state);
  const s = (rank: number): PlayerId => order[rank - 1]!;

  it('top 8: tables 1v8, 4v5, 2v7, 3v6, higher seed in seat 1', () => {
    const cut = mtrPlayoff(state, { top: 8 }, 42);
    expect(cut.seeds).toEqual(order.slice(0, 8));
    expect(cut.tables.map((t) => t.table)).toEqual([1, 2, 3, 4]);
    expect(seatsOf(cut.tables)).toEqual([
      [s(1), s(8)],
      [s(4), s(5)],
      [s(2), s(7)],
      [s(3), s(6)],
    ]);
    expect(cut.waiting).toEqual([]);
    expect(cut.seed).toBe(42);
  });

  it('top 4: 1v4, 2v3; top 2: 1v2', () => {
    expect(seatsOf(mtrPlayoff(state, { top: 4 }, 1).tables)).toEqual([
      [s(1), s(4)],
      [s(2), s(3)],
    ]);
    const top2 = mtrPlayoff(state, { top: 2, draft: false }, 1);
    expect(seatsOf(top2.tables)).toEqual([[s(1), s(2)]]);
    expect(top2.seeds).toEqual([s(1), s(2)]);
  });

  it('dropped players are not eligible: the cut takes the top K who have not dropped', () => {
    const dropped = run(state, { type: 'drop-player', id: s(1) }, { type: 'drop-player', id: s(3) });
    const cut = mtrPlayoff(dropped, { top: 4 }, 1);
    expect(cut.seeds).toEqual([s(2), s(4), s(5), s(6)]);
    expect(seatsOf(cut.tables)).toEqual([
      [s(2), s(6)],
      [s(4), s(5)],
    ]);
  });

  it('needs K players who have not dropped', () => {
    let dropped = state;
    for (const id of order.slice(0, 5)) dropped = run(dropped, { type: 'drop-player', id });
    expectPodiumError(() => mtrPlayoff(dropped, { top: 8 }, 1), 'invalid-input', /top 8 .*needs 8 .*only 7 remain/);
    expect(mtrPlayoff(dropped, { top: 4 }, 1).seeds).toEqual(order.slice(5, 9));
    expectPodiumError(() => mtrPlayoff(swissEvent(6, 3), { top: 8 }, 1), 'invalid-input', /only 6 remain/);
  });

  it.each([0, 1, 3, 5, 6, 16, 32, -4, 2.5])('top %s is refused', (top) => {
    expectPodiumError(() => mtrPlayoff(state, { top }, 1), 'invalid-input', /top 2, 4 or 8/);
  });

  it('a booster-draft playoff is a top 8 only', () => {
    expectPodiumError(() => mtrPlayoff(state, { top: 4, draft: true }, 1), 'invalid-input', /top 8/);
  });

  it('an unfinished Swiss round blocks the cut', () => {
    const open = run(state, {
      type: 'pair-round',
      round: 5,
      stage: 'swiss',
      tables: [{ table: 1, seats: [pid(1), pid(2)] }],
      byes: [],
      seed: 1,
    });
    expectPodiumError(() => mtrPlayoff(open, { top: 8 }, 1), 'round-unfinished');
  });
});

describe('mtrPlayoff: booster-draft top 8 (MTR 10.4)', () => {
  const state = swissEvent(12, 4);
  const order = ranked(state);
  const rank = (id: PlayerId) => order.indexOf(id);

  it('seats the top 8 in a random permutation, deterministic for a seed', () => {
    const a = mtrPlayoff(state, { top: 8, draft: true }, 1234);
    const b = mtrPlayoff(state, { top: 8, draft: true }, 1234);
    expect(a).toEqual(b);
    expect([...a.seeds].sort()).toEqual([...order.slice(0, 8)].sort());
    expect(a.waiting).toEqual([]);
    expect(a.seed).toBe(1234);
    const orders = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => mtrPlayoff(state, { top: 8, draft: true }, seed).seeds.join()));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('pairs draft seats 1-5, 2-6, 3-7, 4-8, tables in bracket order, better Swiss rank in seat 1', () => {
    for (const seed of [1, 2, 3, 77, 1000]) {
      const cut = mtrPlayoff(state, { top: 8, draft: true }, seed);
      const seat = (n: number) => cut.seeds[n - 1]!;
      const pairs = cut.tables.map((t) => [...t.seats].sort());
      // Tables 1 and 2 meet next, so they hold seats 1/5 and 3/7; tables 3 and 4 hold 2/6 and 4/8.
      expect(pairs).toEqual([
        [seat(1), seat(5)].sort(),
        [seat(3), seat(7)].sort(),
        [seat(2), seat(6)].sort(),
        [seat(4), seat(8)].sort(),
      ]);
      for (const t of cut.tables) expect(rank(t.seats[0]!)).toBeLessThan(rank(t.seats[1]!));
      expect(mtrBracketOrder({ top: 8, draft: true, seeds: cut.seeds })).toEqual(
        [1, 5, 3, 7, 2, 6, 4, 8].map(seat),
      );
    }
  });

  it('winners of 1/5 and 3/7 meet, and of 2/6 and 4/8', () => {
    let s = startPlayoff(state, 8, true, 31);
    const seats = s.playoff!.seeds;
    // The player in the higher draft seat number wins every quarterfinal.
    const seatNo = (id: PlayerId) => seats.indexOf(id) + 1;
    s = finishRound(s, (t) => (seatNo(t.seats[0]!) > seatNo(t.seats[1]!) ? t.seats[0]! : t.seats[1]!));
    const { proposal } = nextRound(s);
    expect(proposal!.byes).toEqual([]);
    expect(proposal!.tables.map((t) => [...t.seats].sort())).toEqual([
      [seats[4]!, seats[6]!].sort(), // seats 5 and 7
      [seats[5]!, seats[7]!].sort(), // seats 6 and 8
    ]);
    for (const t of proposal!.tables) expect(rank(t.seats[0]!)).toBeLessThan(rank(t.seats[1]!));
  });
});

describe('mtrNextPlayoffRound: the bracket (MTR 10.4, 2.10)', () => {
  const base = swissEvent(12, 4);
  const order = ranked(base);
  const s = (rank: number): PlayerId => order[rank - 1]!;
  const better = (t: Table): PlayerId => t.seats[0]!; // seat 1 is the higher seed
  const worse = (t: Table): PlayerId => t.seats[1]!;

  it('top 8 runs quarterfinals, semifinals, final, then null', () => {
    expect(mtrPlayoffRoundCount(8)).toBe(3);
    let state = startPlayoff(base, 8, false);
    expect(mtrIsPlayoffFinal(state, 5)).toBe(false);
    // Underdogs win the quarterfinals: 8, 5, 7, 6 advance.
    state = finishRound(state, worse);
    const semi = nextRound(state, 11);
    expect(semi.proposal!.seed).toBe(11);
    expect(semi.proposal!.byes).toEqual([]);
    expect(seatsOf(semi.proposal!.tables)).toEqual([
      [s(5), s(8)],
      [s(6), s(7)],
    ]);
    state = semi.state;
    expect(state.rounds[5]!.stage).toBe('playoff');
    expect(mtrIsPlayoffFinal(state, 6)).toBe(false);
    expect(mtrIsPlayoffFinal(state, 7)).toBe(true); // not paired yet: the next one is the final
    state = finishRound(state, better); // 5 and 6 win
    const final = nextRound(state);
    expect(seatsOf(final.proposal!.tables)).toEqual([[s(5), s(6)]]);
    state = final.state;
    expect(mtrIsPlayoffFinal(state, 7)).toBe(true);
    expect(mtrIsPlayoffFinal(state, 4)).toBe(false);
    expectPodiumError(() => mtrNextPlayoffRound(state, 1), 'round-unfinished', /table 1 has no result/);
    state = finishRound(state, worse);
    expect(mtrNextPlayoffRound(state, 1)).toBeNull();
  });

  it('favourites through a top 8: 1v4 and 2v3 meet in the semifinals', () => {
    const state = finishRound(startPlayoff(base, 8, false), better);
    const { proposal } = nextRound(state);
    expect(seatsOf(proposal!.tables)).toEqual([
      [s(1), s(4)],
      [s(2), s(3)],
    ]);
  });

  it('top 4 and top 2', () => {
    let state = finishRound(startPlayoff(base, 4, false), worse); // 4 and 3 win
    const final = nextRound(state);
    expect(seatsOf(final.proposal!.tables)).toEqual([[s(3), s(4)]]);
    state = finishRound(final.state, better);
    expect(mtrNextPlayoffRound(state, 1)).toBeNull();

    let top2 = startPlayoff(base, 2, false);
    expect(mtrIsPlayoffFinal(top2, 5)).toBe(true);
    expectPodiumError(() => mtrNextPlayoffRound(top2, 1), 'round-unfinished');
    top2 = finishRound(top2, better);
    expect(mtrNextPlayoffRound(top2, 1)).toBeNull();
  });

  it('refuses to pair past an unfinished playoff round', () => {
    const state = startPlayoff(base, 8, false);
    const partly = run(state, { type: 'record-result', round: 5, table: 2, result: { games: [2, 0, 0] } });
    expectPodiumError(() => mtrNextPlayoffRound(partly, 1), 'round-unfinished', /tables 1, 3, 4 have no result/);
  });

  it('without a cut there is no playoff round', () => {
    expectPodiumError(() => mtrNextPlayoffRound(base, 1), 'not-allowed');
  });

  it('with no playoff round yet, gives the first round of the cut', () => {
    const cut = mtrPlayoff(base, { top: 8 }, 3);
    const state = run(base, { type: 'start-playoff', top: 8, draft: false, seeds: cut.seeds });
    const proposal = mtrNextPlayoffRound(state, 3);
    expect(proposal!.tables).toEqual(cut.tables);
    expect(proposal!.byes).toEqual([]);
  });

  it('a drop after the cut is not replaced: nobody advances past the empty seat, the highest seed left gets the bye (RULES 1)', () => {
    let state = finishRound(startPlayoff(base, 8, false), better); // 1, 4, 2, 3 advance
    state = run(state, { type: 'drop-player', id: s(1) });
    const semi = nextRound(state);
    // Seed 4 would have met seed 1; instead seed 2, the highest-ranked left, gets the bye and 3 v 4.
    expect(semi.proposal!.byes).toEqual([{ player: s(2), kind: 'playoff' }]);
    expect(seatsOf(semi.proposal!.tables)).toEqual([[s(3), s(4)]]);
    expect(semi.proposal!.tables[0]!.table).toBe(1);
    expect(semi.proposal!.warnings).toHaveLength(1);
    expect(semi.proposal!.warnings[0]!.message).toMatch(/Player .* dropped after the cut/);
    expect(semi.proposal!.warnings[0]!.message).toMatch(/MTR 2\.10/);
    state = finishRound(semi.state, worse); // 4 wins
    const final = nextRound(state);
    expect(seatsOf(final.proposal!.tables)).toEqual([[s(2), s(4)]]);
    expect(final.proposal!.byes).toEqual([]);
    state = finishRound(final.state, better);
    expect(mtrNextPlayoffRound(state, 1)).toBeNull();
  });

  it('a drop before the first playoff round: the highest seed gets the bye, the rest are paired by seed (RULES 1)', () => {
    const cut = mtrPlayoff(base, { top: 8 }, 3);
    let state = run(base, { type: 'start-playoff', top: 8, draft: false, seeds: cut.seeds });
    state = run(state, { type: 'drop-player', id: s(5) });
    const proposal = mtrNextPlayoffRound(state, 3)!;
    expect(proposal.byes).toEqual([{ player: s(1), kind: 'playoff' }]);
    expect(seatsOf(proposal.tables)).toEqual([
      [s(2), s(8)],
      [s(3), s(7)],
      [s(4), s(6)],
    ]);
  });

  it('when both finalists drop, the playoff ends; when one does, the other gets the final bye', () => {
    let state = finishRound(startPlayoff(base, 4, false), better); // 1 and 2 reach the final
    const one = run(state, { type: 'drop-player', id: s(2) });
    const proposal = mtrNextPlayoffRound(one, 1)!;
    expect(proposal.tables).toEqual([]);
    expect(proposal.byes).toEqual([{ player: s(1), kind: 'playoff' }]);
    const both = run(one, { type: 'drop-player', id: s(1) });
    expect(mtrNextPlayoffRound(both, 1)).toBeNull();
  });
});
