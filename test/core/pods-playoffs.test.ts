import { describe, expect, it, vi } from 'vitest';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, PairingProposal, PlayerId, PodResult, Round, Settings, Standing, Table } from '../../core/model/types.js';
import {
  podIsPlayoffFinal,
  podNextPlayoffRound,
  podPlayoff,
  podPlayoffRoundCount,
  podSnake,
  POD_PLAYOFF_CUTS,
} from '../../core/rulesets/pods/playoffs.js';
import { MAMTR_2024 } from '../../core/rulesets/mamtr-2024.js';
import { MSTR_2022 } from '../../core/rulesets/mstr-2022.js';
import type { PodVariant } from '../../core/rulesets/pods/variant.js';

// The Swiss standings are the standings engineer's concern; here they are the registration draw
// order (draw 1 = rank 1), so every seed below is simply the player's number.
vi.mock('../../core/rulesets/pods/standings.js', () => ({
  podStandings: (_variant: unknown, state: EventState): Standing[] =>
    [...state.players]
      .sort((a, b) => a.draw - b.draw)
      .map((p, i) => ({
        rank: i + 1,
        id: p.id,
        name: p.name,
        points: 100 - i,
        dropped: p.droppedAfterRound !== undefined,
        tiebreakers: {},
        record: { wins: 0, losses: 0, draws: 0, byes: 0 },
      })),
}));

const pid = (i: number): PlayerId => `p${String(i).padStart(2, '0')}`;
const ids = (...seeds: number[]): PlayerId[] => seeds.map(pid);
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const SETTINGS: Settings = {
  rel: 'competitive',
  gamesToWin: 1,
  format: 'constructed',
  teamSize: 1,
  twoHeadedGiant: false,
  pairWithinDraftPods: true,
  lateEntryRecord: 'loss',
  releaseWeekend: false,
  podSize: 4,
  balanceSeats: false,
};

/** An event of n players (seed = number) with one finished Swiss round. */
function swissEvent(n: number, variant: PodVariant = MAMTR_2024): EventState {
  const players = range(1, n).map((i) => ({ id: pid(i), name: `Player ${i}`, draw: i, joinedRound: 1, awardedByes: 0 }));
  const tables: Table[] = [];
  for (let i = 0; i < n; i += 4) {
    const seats = players.slice(i, i + 4).map((p) => p.id);
    tables.push({ table: tables.length + 1, seats, result: { winner: seats[0] as PlayerId } });
  }
  return {
    id: 'e1',
    name: 'Pod playoff test',
    ruleset: variant.id,
    settings: SETTINGS,
    seed: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    players,
    rounds: [{ number: 1, stage: 'swiss', tables, byes: [] }],
  };
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

const seatsOf = (tables: Table[]): PlayerId[][] => tables.map((t) => t.seats);

/** Make the cut and record the first playoff round as the station would. */
function startPlayoff(state: EventState, top: number, variant: PodVariant = MAMTR_2024): EventState {
  const cut = podPlayoff(variant, state, { top }, 9);
  const round: Round = {
    number: state.rounds.length + 1,
    stage: 'playoff',
    tables: cut.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
    byes: [],
    waiting: cut.waiting,
    seed: 9,
  };
  return { ...state, playoff: { top, draft: false, seeds: cut.seeds }, rounds: [...state.rounds, round] };
}

/** Record a result at every pod of the latest round. */
function finish(state: EventState, result: (table: Table) => PodResult): EventState {
  const last = state.rounds[state.rounds.length - 1] as Round;
  const tables = last.tables.map((t) => ({ ...t, result: result(t) }));
  return { ...state, rounds: [...state.rounds.slice(0, -1), { ...last, tables }] };
}

/** Record a proposal as the next round. */
function record(state: EventState, proposal: PairingProposal): EventState {
  const round: Round = {
    number: state.rounds.length + 1,
    stage: 'playoff',
    tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
    byes: proposal.byes,
    ...(proposal.waiting ? { waiting: proposal.waiting } : {}),
    seed: proposal.seed,
  };
  return { ...state, rounds: [...state.rounds, round] };
}

const lastSeat = (t: Table): PodResult => ({ winner: t.seats[t.seats.length - 1] as PlayerId });
const firstSeat = (t: Table): PodResult => ({ winner: t.seats[0] as PlayerId });

describe('podSnake (the MAMTR top-16 pattern)', () => {
  it('blocks of k alternate direction', () => {
    expect(podSnake(range(1, 16), 4)).toEqual([
      [1, 8, 9, 16],
      [2, 7, 10, 15],
      [3, 6, 11, 14],
      [4, 5, 12, 13],
    ]);
    expect(podSnake(range(3, 10), 2)).toEqual([
      [3, 6, 7, 10],
      [4, 5, 8, 9],
    ]);
    expect(podSnake(range(1, 4), 1)).toEqual([[1, 2, 3, 4]]);
  });
});

describe('podPlayoff: the first playoff round of each cut (RULES 2 "Playoffs")', () => {
  const state = swissEvent(70);

  it('exports the cuts as RULES lists them', () => {
    expect([...POD_PLAYOFF_CUTS]).toEqual([4, 7, 10, 13, 16, 40, 64]);
    expect(POD_PLAYOFF_CUTS.map(podPlayoffRoundCount)).toEqual([1, 2, 2, 2, 2, 3, 3]);
  });

  it('top 4: the final directly, seeds 1–4 in seed order', () => {
    const cut = podPlayoff(MAMTR_2024, state, { top: 4 }, 3);
    expect(seatsOf(cut.tables)).toEqual([ids(1, 2, 3, 4)]);
    expect(cut.tables.map((t) => t.table)).toEqual([1]);
    expect(cut.waiting).toEqual([]);
    expect(cut.seeds).toEqual(ids(...range(1, 4)));
    expect(cut.seed).toBe(3);
  });

  it('top 7: one pod of seeds 4–7; seeds 1–3 wait', () => {
    const cut = podPlayoff(MAMTR_2024, state, { top: 7 }, 3);
    expect(seatsOf(cut.tables)).toEqual([ids(4, 5, 6, 7)]);
    expect(cut.waiting).toEqual(ids(1, 2, 3));
    expect(cut.seeds).toEqual(ids(...range(1, 7)));
  });

  it('top 10: seeds 3–10 in two pods (3, 6, 7, 10 and 4, 5, 8, 9); seeds 1–2 wait', () => {
    const cut = podPlayoff(MSTR_2022, swissEvent(30, MSTR_2022), { top: 10 }, 3);
    expect(seatsOf(cut.tables)).toEqual([ids(3, 6, 7, 10), ids(4, 5, 8, 9)]);
    expect(cut.tables.map((t) => t.table)).toEqual([1, 2]);
    expect(cut.waiting).toEqual(ids(1, 2));
    expect(cut.seeds).toEqual(ids(...range(1, 10)));
  });

  it('top 13: seeds 2–13 in three pods by the snake; seed 1 waits', () => {
    const cut = podPlayoff(MAMTR_2024, state, { top: 13 }, 3);
    expect(seatsOf(cut.tables)).toEqual([ids(2, 7, 8, 13), ids(3, 6, 9, 12), ids(4, 5, 10, 11)]);
    expect(cut.waiting).toEqual(ids(1));
    expect(cut.seeds).toEqual(ids(...range(1, 13)));
  });

  it('top 16: 1, 8, 9, 16 / 2, 7, 10, 15 / 3, 6, 11, 14 / 4, 5, 12, 13', () => {
    const cut = podPlayoff(MAMTR_2024, state, { top: 16 }, 3);
    expect(seatsOf(cut.tables)).toEqual([ids(1, 8, 9, 16), ids(2, 7, 10, 15), ids(3, 6, 11, 14), ids(4, 5, 12, 13)]);
    expect(cut.waiting).toEqual([]);
    expect(cut.seeds).toEqual(ids(...range(1, 16)));
  });

  it('top 40: seeds 1–8 wait; seeds 9–40 in 8 pods, pod 1 = 9, 24, 25, 40', () => {
    const cut = podPlayoff(MAMTR_2024, state, { top: 40 }, 3);
    expect(cut.tables).toHaveLength(8);
    expect(cut.tables[0]?.seats).toEqual(ids(9, 24, 25, 40));
    expect(seatsOf(cut.tables)).toEqual(range(1, 8).map((j) => ids(8 + j, 25 - j, 24 + j, 41 - j)));
    expect(cut.waiting).toEqual(ids(...range(1, 8)));
    expect(cut.seeds).toEqual(ids(...range(1, 40)));
  });

  it('top 64: sixteen pods by the snake, pod 1 = 1, 32, 33, 64', () => {
    const cut = podPlayoff(MAMTR_2024, state, { top: 64 }, 3);
    expect(cut.tables).toHaveLength(16);
    expect(cut.tables[0]?.seats).toEqual(ids(1, 32, 33, 64));
    expect(seatsOf(cut.tables)).toEqual(range(1, 16).map((j) => ids(j, 33 - j, 32 + j, 65 - j)));
    expect(cut.waiting).toEqual([]);
    expect(cut.seeds).toEqual(ids(...range(1, 64)));
  });

  it('every player is seated or waiting exactly once', () => {
    for (const top of POD_PLAYOFF_CUTS) {
      const cut = podPlayoff(MAMTR_2024, state, { top }, 3);
      const all = [...cut.tables.flatMap((t) => t.seats), ...cut.waiting];
      expect(new Set(all).size).toBe(top);
      expect([...all].sort()).toEqual([...cut.seeds].sort());
      for (const t of cut.tables) expect(t.seats).toHaveLength(4);
    }
  });

  it('refuses cuts RULES does not list', () => {
    for (const top of [0, 2, 3, 5, 8, 12, 17, 32, 41, 65]) {
      expectPodiumError(() => podPlayoff(MAMTR_2024, state, { top }, 1), 'invalid-input', new RegExp(`top ${top}`));
    }
    expectPodiumError(() => podPlayoff(MSTR_2022, state, { top: 8 }, 1), 'invalid-input');
    expectPodiumError(() => podPlayoff(MAMTR_2024, state, { top: 16, draft: true }, 1), 'invalid-input', /booster-draft/);
  });

  it('needs enough players who have not dropped; dropped players are not eligible', () => {
    expectPodiumError(() => podPlayoff(MAMTR_2024, swissEvent(12), { top: 13 }, 1), 'invalid-input', /only 12 remain/);
    const base = swissEvent(20);
    const dropped = { ...base, players: base.players.map((p) => (p.id === pid(2) || p.id === pid(5) ? { ...p, droppedAfterRound: 1 } : p)) };
    const cut = podPlayoff(MAMTR_2024, dropped, { top: 7 }, 1);
    expect(cut.seeds).toEqual(ids(1, 3, 4, 6, 7, 8, 9));
    expect(cut.waiting).toEqual(ids(1, 3, 4));
    expect(seatsOf(cut.tables)).toEqual([ids(6, 7, 8, 9)]);
    const few = { ...base, players: base.players.map((p, i) => (i >= 3 ? { ...p, droppedAfterRound: 1 } : p)) };
    expectPodiumError(() => podPlayoff(MAMTR_2024, few, { top: 4 }, 1), 'invalid-input', /only 3 remain/);
  });

  it('refuses to cut while a Swiss pod has no result', () => {
    const state16 = swissEvent(16);
    const round = state16.rounds[0] as Round;
    const open = { ...state16, rounds: [{ ...round, tables: round.tables.map((t, i) => (i === 2 ? { table: t.table, seats: t.seats } : t)) }] };
    expectPodiumError(() => podPlayoff(MAMTR_2024, open, { top: 4 }, 1), 'round-unfinished', /table 3/);
  });
});

describe('podNextPlayoffRound: winners plus waiting seeds, re-seeded, to the final', () => {
  it('top 16: the four winners make the final in seed order; null after the final', () => {
    let state = startPlayoff(swissEvent(20), 16);
    expect(podIsPlayoffFinal(state, 2)).toBe(false);
    expect(podIsPlayoffFinal(state, 3)).toBe(true);
    state = finish(state, lastSeat); // winners: 16, 15, 14, 13
    const final = podNextPlayoffRound(MAMTR_2024, state, 4) as PairingProposal;
    expect(seatsOf(final.tables)).toEqual([ids(13, 14, 15, 16)]);
    expect(final.byes).toEqual([]);
    expect(final.seed).toBe(4);
    state = finish(record(state, final), firstSeat);
    expect(podNextPlayoffRound(MAMTR_2024, state, 5)).toBeNull();
  });

  it('top 4: the first round is the final', () => {
    const state = finish(startPlayoff(swissEvent(8), 4), firstSeat);
    expect(podIsPlayoffFinal(state, 2)).toBe(true);
    expect(podNextPlayoffRound(MAMTR_2024, state, 1)).toBeNull();
  });

  it('top 7: seeds 1–3 and the winner of seeds 4–7', () => {
    const state = finish(startPlayoff(swissEvent(20), 7), (t) => ({ winner: t.seats[2] as PlayerId })); // seed 6
    const final = podNextPlayoffRound(MAMTR_2024, state, 1) as PairingProposal;
    expect(seatsOf(final.tables)).toEqual([ids(1, 2, 3, 6)]);
  });

  it('top 10: seeds 1–2 and the two winners, in seed order', () => {
    const state = finish(startPlayoff(swissEvent(30, MSTR_2022), 10, MSTR_2022), lastSeat); // 10 and 9
    const final = podNextPlayoffRound(MSTR_2022, state, 1) as PairingProposal;
    expect(seatsOf(final.tables)).toEqual([ids(1, 2, 9, 10)]);
  });

  it('top 13: seed 1 and three winners', () => {
    const state = finish(startPlayoff(swissEvent(40), 13), (t) => ({ winner: t.seats[1] as PlayerId })); // 7, 6, 5
    const final = podNextPlayoffRound(MAMTR_2024, state, 1) as PairingProposal;
    expect(seatsOf(final.tables)).toEqual([ids(1, 5, 6, 7)]);
  });

  it('top 40: 8 waiting + 8 winners re-seeded into 4 semifinal pods by the snake, then the final', () => {
    let state = startPlayoff(swissEvent(50), 40);
    expect((state.rounds[1] as Round).waiting).toEqual(ids(...range(1, 8)));
    // Winners: the lowest seed of each quarterfinal pod (41 − j for pod j): 40, 39, ..., 33.
    state = finish(state, lastSeat);
    const semis = podNextPlayoffRound(MAMTR_2024, state, 2) as PairingProposal;
    // Re-seeded: 1..8, 33..40 → ranks 1..16 → snake of 4.
    expect(seatsOf(semis.tables)).toEqual([ids(1, 8, 33, 40), ids(2, 7, 34, 39), ids(3, 6, 35, 38), ids(4, 5, 36, 37)]);
    expect(semis.waiting).toBeUndefined();
    state = record(state, semis);
    expect(podIsPlayoffFinal(state, state.rounds.length)).toBe(false);
    expectPodiumError(() => podNextPlayoffRound(MAMTR_2024, state, 3), 'round-unfinished', /pods 1, 2, 3, 4/);
    state = finish(state, (t) => ({ winner: t.seats[t.table - 1] as PlayerId })); // 1, 7, 35, 37
    const final = podNextPlayoffRound(MAMTR_2024, state, 3) as PairingProposal;
    expect(seatsOf(final.tables)).toEqual([ids(1, 7, 35, 37)]);
    expect(podIsPlayoffFinal(state, state.rounds.length + 1)).toBe(true);
    state = finish(record(state, final), lastSeat);
    expect(podNextPlayoffRound(MAMTR_2024, state, 4)).toBeNull();
  });

  it('top 64: 16 winners into 4 semifinal pods, then the final', () => {
    let state = startPlayoff(swissEvent(64), 64);
    state = finish(state, firstSeat); // winners 1..16
    const semis = podNextPlayoffRound(MAMTR_2024, state, 2) as PairingProposal;
    expect(seatsOf(semis.tables)).toEqual([ids(1, 8, 9, 16), ids(2, 7, 10, 15), ids(3, 6, 11, 14), ids(4, 5, 12, 13)]);
    state = finish(record(state, semis), lastSeat); // 16, 15, 14, 13
    const final = podNextPlayoffRound(MAMTR_2024, state, 3) as PairingProposal;
    expect(seatsOf(final.tables)).toEqual([ids(13, 14, 15, 16)]);
    state = finish(record(state, final), firstSeat);
    expect(podNextPlayoffRound(MAMTR_2024, state, 4)).toBeNull();
  });

  it('without a recorded waiting list, the cut table says who waited', () => {
    let state = startPlayoff(swissEvent(20), 10);
    const first = state.rounds[1] as Round;
    const { waiting: _waiting, ...withoutWaiting } = first;
    state = { ...state, rounds: [state.rounds[0] as Round, withoutWaiting] };
    state = finish(state, firstSeat); // 3 and 4
    expect(seatsOf((podNextPlayoffRound(MAMTR_2024, state, 1) as PairingProposal).tables)).toEqual([ids(1, 2, 3, 4)]);
  });

  it('with no playoff round yet, proposes the first round with its waiting seeds', () => {
    const base = swissEvent(20);
    const state: EventState = { ...base, playoff: { top: 10, draft: false, seeds: ids(...range(1, 10)) } };
    const first = podNextPlayoffRound(MAMTR_2024, state, 6) as PairingProposal;
    expect(seatsOf(first.tables)).toEqual([ids(3, 6, 7, 10), ids(4, 5, 8, 9)]);
    expect(first.waiting).toEqual(ids(1, 2));
    expect(first.byes).toEqual([]);
  });

  it('refuses before the cut and while a pod has no result', () => {
    expectPodiumError(() => podNextPlayoffRound(MAMTR_2024, swissEvent(20), 1), 'not-allowed');
    const state = startPlayoff(swissEvent(20), 16);
    expectPodiumError(() => podNextPlayoffRound(MAMTR_2024, state, 1), 'round-unfinished');
    const partly = finish(state, (t) => ({ winner: t.seats[0] as PlayerId }));
    const last = partly.rounds[1] as Round;
    const open = { ...partly, rounds: [partly.rounds[0] as Round, { ...last, tables: last.tables.map((t, i) => (i === 1 ? { table: t.table, seats: t.seats } : t)) }] };
    expectPodiumError(() => podNextPlayoffRound(MAMTR_2024, open, 1), 'round-unfinished', /pod 2 has no result/);
  });
});

describe('playoff draws and results', () => {
  it('mamtr-2024: a drawn pod is won by the highest Swiss seed in it (2.4C)', () => {
    let state = startPlayoff(swissEvent(20), 16);
    state = finish(state, (t) => (t.table === 2 ? { draw: true } : lastSeat(t))); // pod 2 = 2, 7, 10, 15
    const final = podNextPlayoffRound(MAMTR_2024, state, 1) as PairingProposal;
    expect(seatsOf(final.tables)).toEqual([ids(2, 13, 14, 16)]);
    expect(final.warnings.some((w) => w.kind === 'info' && /2\.4C/.test(w.message) && w.players[0] === pid(2))).toBe(true);
  });

  it('mamtr-2024: an excluded player is passed over; a games list without a leader is a draw', () => {
    let state = startPlayoff(swissEvent(20), 16);
    state = finish(state, (t) => {
      if (t.table === 1) return { draw: true, excluded: ids(1) }; // 1, 8, 9, 16 → 8
      if (t.table === 3) return { games: [pid(11), pid(14)] }; // 3, 6, 11, 14 → tie → 3
      if (t.table === 4) return { games: ['draw', pid(12)] }; // → 12
      return firstSeat(t); // 2
    });
    const final = podNextPlayoffRound(MAMTR_2024, state, 1) as PairingProposal;
    expect(seatsOf(final.tables)).toEqual([ids(2, 3, 8, 12)]);
  });

  it('mstr-2022: a playoff pod must name a winner (2.1A, 2.5B)', () => {
    let state = startPlayoff(swissEvent(20, MSTR_2022), 16, MSTR_2022);
    state = finish(state, (t) => (t.table === 3 ? { draw: true } : firstSeat(t)));
    expectPodiumError(() => podNextPlayoffRound(MSTR_2022, state, 1), 'invalid-result', /draw/);
  });
});

describe('drops after the cut', () => {
  const drop = (state: EventState, ...who: number[]): EventState => ({
    ...state,
    players: state.players.map((p) => (who.map(pid).includes(p.id) ? { ...p, droppedAfterRound: state.rounds.length } : p)),
  });

  it('a waiting seed who dropped is not advanced and not replaced', () => {
    let state = startPlayoff(swissEvent(20), 7);
    state = drop(finish(state, firstSeat), 2); // winner 4
    const final = podNextPlayoffRound(MAMTR_2024, state, 1) as PairingProposal;
    expect(seatsOf(final.tables)).toEqual([ids(1, 3, 4)]);
    expect(final.warnings.some((w) => w.players.includes(pid(2)))).toBe(true);
  });

  it('a pod winner who dropped sends nobody on', () => {
    let state = startPlayoff(swissEvent(20), 16);
    state = drop(finish(state, lastSeat), 15); // winners 16, 15, 14, 13
    expect(seatsOf((podNextPlayoffRound(MAMTR_2024, state, 1) as PairingProposal).tables)).toEqual([ids(13, 14, 16)]);
  });

  it('drops before the first playoff round leave holes at the cut positions', () => {
    const base = swissEvent(20);
    const state = drop({ ...base, playoff: { top: 16, draft: false, seeds: ids(...range(1, 16)) } }, 5, 12, 13);
    const first = podNextPlayoffRound(MAMTR_2024, state, 1) as PairingProposal;
    expect(seatsOf(first.tables)).toEqual([ids(1, 8, 9, 16), ids(2, 7, 10, 15), ids(3, 6, 11, 14)]);
    expect(first.byes).toEqual([{ player: pid(4), kind: 'playoff' }]);
  });
});
