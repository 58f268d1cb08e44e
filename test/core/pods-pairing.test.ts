/**
 * Pod pairing for `mstr-2022` and `mamtr-2024` (RULES 2 "Pairing", MSTR/MAMTR 10.4A; RULES 4 for the
 * seeded randomness): the optimiser of core/pairing/pods.ts on crafted histories where the plain
 * top-to-bottom fill seats two players together again, smaller pods (at the bottom, at most once per
 * player for MAMTR), small fields where repeats cannot be avoided (the minimum checked against a
 * brute force over every arrangement), the pod sizes of round 1 for every count from 5 to 40, byes
 * (MSTR at Competitive REL only), random stored seats, optional seat balancing, and the warnings.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { SettingsPatch } from '../../core/event/commands.js';
import { opponentHistory } from '../../core/event/queries.js';
import type { EventState, PairingProposal, PodResult } from '../../core/model/types.js';
import { assignPods } from '../../core/pairing/pods.js';
import { createRng, deriveSeed, type Rng } from '../../core/random/rng.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { podResult } from '../../core/rulesets/pods/random-result.js';
import { lateness, seatHistory } from '../../core/rulesets/pods/seats.js';
import { bruteForcePods, expectedPodSizes, scorePods } from '../support/exhaustive-pods.js';

type PodRulesetId = 'mstr-2022' | 'mamtr-2024';

// ---------------------------------------------------------------------------------------------
// Building events through the real fold

const FIRST = ['Ana', 'Ben', 'Cleo', 'Dev', 'Eva', 'Finn', 'Gia', 'Hugo', 'Iris', 'Jon', 'Kira', 'Leo', 'Mia', 'Nils', 'Olga', 'Pau'];
const LAST = ['Archer', 'Baker', 'Castro', 'Dvořák', 'Evans', 'Fischer', 'García', 'Hughes', 'Ito', 'Jensen'];

const idOf = (i: number): string => `p${String(i + 1).padStart(2, '0')}`;
const nameOf = (i: number): string => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i >= FIRST.length * LAST.length ? ` ${i}` : ''}`;

/** A pod event with `count` players p01, p02, ...; registration draws `draws[i]` (default i: p01 ranks first among ties). */
function podEvent(ruleset: PodRulesetId, count: number, settings: SettingsPatch = {}, options: { seed?: number; draws?: number[] } = {}): EventState {
  let state = apply(undefined, {
    type: 'create-event',
    id: 'pods',
    name: 'Pod pairing test',
    ruleset,
    settings,
    seed: options.seed ?? 1,
    createdAt: '2026-01-01T10:00:00.000Z',
  });
  for (let i = 0; i < count; i++)
    state = apply(state, { type: 'register-player', player: { id: idOf(i), name: nameOf(i) }, draw: options.draws?.[i] ?? i });
  return state;
}

/** Record a round as given: tables (seat order) with their results, and byes. */
function playRound(state: EventState, tables: [string[], PodResult][], byes: string[] = []): EventState {
  const round = state.rounds.length + 1;
  let next = apply(state, {
    type: 'pair-round',
    round,
    stage: 'swiss',
    tables: tables.map(([seats], t) => ({ table: t + 1, seats })),
    byes: byes.map((player) => ({ player, kind: 'pairing' as const })),
    seed: round,
  });
  tables.forEach(([, result], t) => {
    next = apply(next, { type: 'record-result', round, table: t + 1, result: result as Record<string, unknown> });
  });
  return next;
}

/** Record a proposal as the round and play it with random results. */
function playProposal(state: EventState, proposal: PairingProposal, rng: Rng): EventState {
  return playRound(
    state,
    proposal.tables.map((t) => [t.seats, podResult(t, state.settings.gamesToWin, rng)]),
    proposal.byes.map((b) => b.player),
  );
}

function pair(state: EventState, seed = 7): PairingProposal {
  return getRuleset(state.ruleset).pair(state, seed);
}

/** Pairs seated together in the proposal who met before. */
function repeatsOf(state: EventState, proposal: PairingProposal): string[] {
  const history = opponentHistory(state.rounds);
  const found: string[] = [];
  for (const table of proposal.tables)
    for (let x = 0; x < table.seats.length; x++)
      for (let y = x + 1; y < table.seats.length; y++)
        if ((history.get(table.seats[x]!)?.get(table.seats[y]!) ?? 0) > 0) found.push(`${table.seats[x]}-${table.seats[y]}`);
  return found;
}

/** Swiss pods smaller than n each player sat in (counted here, independently of the rule set). */
function smallerBefore(state: EventState): Map<string, number> {
  const counts = new Map<string, number>();
  for (const round of state.rounds)
    if (round.stage === 'swiss')
      for (const table of round.tables)
        if (table.seats.length < state.settings.podSize) for (const id of table.seats) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/** Players in a smaller pod of the proposal who already sat in one. */
function secondSmallerOf(state: EventState, proposal: PairingProposal): string[] {
  const before = smallerBefore(state);
  return proposal.tables
    .filter((t) => t.seats.length < state.settings.podSize)
    .flatMap((t) => t.seats.filter((id) => (before.get(id) ?? 0) > 0));
}

/** The proposal checked against a brute force over every arrangement of the same players and pod sizes. */
function expectMinimum(state: EventState, proposal: PairingProposal, where: string): void {
  const history = opponentHistory(state.rounds);
  const before = smallerBefore(state);
  const field = {
    ids: proposal.tables.flatMap((t) => t.seats),
    sizes: proposal.tables.map((t) => t.seats.length).sort((a, b) => b - a),
    podSize: state.settings.podSize,
    met: (a: string, b: string) => (history.get(a)?.get(b) ?? 0) > 0,
    smallerBefore: (id: string) => before.get(id) ?? 0,
    limitSmallerPods: state.ruleset === 'mamtr-2024',
  };
  const best = bruteForcePods(field);
  const got = scorePods(field, proposal.tables.map((t) => t.seats));
  expect(got, `${where}: repeats / second smaller pods of the pairing vs the best of ${best.arrangements} arrangements`).toEqual({
    repeats: best.repeats,
    secondSmaller: best.secondSmaller,
  });
}

// ---------------------------------------------------------------------------------------------
// The optimiser on crafted histories (core/pairing/pods.ts directly: players in standings order)

interface Crafted {
  count: number;
  sizes: number[];
  /** Pairs (by standings index) who met before. */
  met: [number, number][];
  /** Standings indexes with a smaller pod already. */
  veterans?: number[];
  limitSmallerPods?: boolean;
  /** Points by standings index (default: count − 1 − index, strictly decreasing). */
  points?: number[];
}

function optimise(c: Crafted): { pods: number[][]; fill: number[][]; fillRepeats: number; repeats: number; secondSmaller: number } {
  const ids = Array.from({ length: c.count }, (_, i) => `s${i}`);
  const met = new Map(ids.map((id) => [id, new Set<string>()]));
  for (const [a, b] of c.met) {
    met.get(`s${a}`)!.add(`s${b}`);
    met.get(`s${b}`)!.add(`s${a}`);
  }
  const players = ids.map((id, i) => ({ id, points: c.points?.[i] ?? c.count - 1 - i, smallerPods: c.veterans?.includes(i) ? 1 : 0 }));
  const result = assignPods(
    { players, sizes: c.sizes, podSize: 4, opponentsOf: (id) => met.get(id)!, limitSmallerPods: c.limitSmallerPods ?? false, random: false },
    12345,
  );
  const fill: number[][] = [];
  let next = 0;
  for (const size of c.sizes) fill.push(Array.from({ length: size }, () => next++));
  const isMet = (a: number, b: number) => met.get(`s${a}`)!.has(`s${b}`);
  let fillRepeats = 0;
  for (const pod of fill) for (let x = 0; x < pod.length; x++) for (let y = x + 1; y < pod.length; y++) if (isMet(pod[x]!, pod[y]!)) fillRepeats++;
  return {
    pods: result.pods.map((pod) => pod.map((id) => Number(id.slice(1)))),
    fill,
    fillRepeats,
    repeats: result.objective.repeats,
    secondSmaller: result.objective.secondSmallerPods,
  };
}

describe('the optimiser where the plain top-to-bottom fill seats two players together again', () => {
  it('a repeat in the top pod: the second player swaps with the top of the next pod', () => {
    const r = optimise({ count: 8, sizes: [4, 4], met: [[0, 1]] });
    expect(r.fillRepeats).toBe(1);
    expect(r.pods).toEqual([
      [0, 2, 3, 4],
      [1, 5, 6, 7],
    ]);
    expect(r.repeats).toBe(0);
  });

  it('a repeat in the bottom pod: the higher of the two is paired up with the bottom of the pod above', () => {
    const r = optimise({ count: 12, sizes: [4, 4, 4], met: [[10, 11]] });
    expect(r.fillRepeats).toBe(1);
    expect(r.pods).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 10],
      [7, 8, 9, 11],
    ]);
  });

  it('a swap two pods away, when no swap with the next pod avoids the repeat', () => {
    // 0 and 1 met, and both met every player of the second pod: neither can go there, and nobody of
    // the second pod can come up without meeting the other one. The third pod's top comes up.
    const secondPod = [4, 5, 6, 7];
    const r = optimise({ count: 12, sizes: [4, 4, 4], met: [[0, 1], ...secondPod.flatMap((j): [number, number][] => [[0, j], [1, j]])] });
    expect(r.fillRepeats).toBe(1);
    expect(r.pods).toEqual([
      [0, 2, 3, 8],
      [4, 5, 6, 7],
      [1, 9, 10, 11],
    ]);
    expect(r.repeats).toBe(0);
  });

  it('two repeats in every pod of the fill: all removed, nobody more than one pod from their fill pod', () => {
    // In each fill pod {4k, 4k+1, 4k+2, 4k+3}, 4k met 4k+3 and 4k+1 met 4k+2.
    const met: [number, number][] = [];
    for (let k = 0; k < 10; k++) met.push([4 * k, 4 * k + 3], [4 * k + 1, 4 * k + 2]);
    const r = optimise({ count: 40, sizes: new Array<number>(10).fill(4), met });
    expect(r.fillRepeats).toBe(20);
    expect(r.repeats).toBe(0);
    r.pods.forEach((pod, p) => {
      for (const i of pod) expect(Math.abs(Math.floor(i / 4) - p), `player ${i} in pod ${p}`).toBeLessThanOrEqual(1);
    });
  });

  it('through the rule set: the fill of round 2 would repeat round 1; the pairing does not', () => {
    // 16 players, round 1 in pods {1–4}, {5–8}, ... won by p01, p05, p09, p13: round 2's standings
    // put the four winners together (fine) and then three losers of the same pod together (not).
    for (const ruleset of ['mstr-2022', 'mamtr-2024'] as const) {
      let state = podEvent(ruleset, 16);
      const ids = Array.from({ length: 16 }, (_, i) => idOf(i));
      state = playRound(
        state,
        [0, 1, 2, 3].map((p): [string[], PodResult] => [ids.slice(4 * p, 4 * p + 4), { winner: ids[4 * p]! }]),
      );
      const order = getRuleset(ruleset).standings(state).map((s) => s.id);
      const fill = [0, 1, 2, 3].map((p) => order.slice(4 * p, 4 * p + 4));
      expect(repeatsOf(state, { tables: fill.map((seats, t) => ({ table: t + 1, seats })), byes: [], warnings: [], seed: 0 }).length).toBeGreaterThan(0);
      const proposal = pair(state);
      expect(repeatsOf(state, proposal), ruleset).toEqual([]);
      expect(new Set(proposal.tables[0]!.seats), `${ruleset}: the winners stay together at table 1`).toEqual(new Set(['p01', 'p05', 'p09', 'p13']));
      expect(proposal.warnings.filter((w) => w.kind === 'rematch')).toEqual([]);
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('smaller pods: at the bottom, and at most once per player for mamtr-2024 (10.4A)', () => {
  it('mamtr: a player at the bottom who already sat in a smaller pod moves up; mstr: stays', () => {
    const mamtr = optimise({ count: 11, sizes: [4, 4, 3], met: [], veterans: [8], limitSmallerPods: true });
    expect(mamtr.pods).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 8],
      [7, 9, 10],
    ]);
    expect(mamtr.secondSmaller).toBe(0);
    const mstr = optimise({ count: 11, sizes: [4, 4, 3], met: [], veterans: [8], limitSmallerPods: false });
    expect(mstr.pods).toEqual(mstr.fill);
  });

  it('mamtr: when the whole bottom sat in a smaller pod, the smaller pod takes the next players up', () => {
    const r = optimise({ count: 11, sizes: [4, 4, 3], met: [], veterans: [8, 9, 10], limitSmallerPods: true });
    expect(r.pods).toEqual([
      [0, 1, 2, 3],
      [4, 8, 9, 10],
      [5, 6, 7],
    ]);
  });

  it('mamtr: a second smaller pod only where every arrangement needs one', () => {
    // 8, 9, 10 met each other (their smaller pod): they need three different pods, so one of them
    // sits in the smaller pod again; repeats come first.
    const r = optimise({ count: 11, sizes: [4, 4, 3], met: [[8, 9], [8, 10], [9, 10]], veterans: [8, 9, 10], limitSmallerPods: true });
    expect(r.repeats).toBe(0);
    expect(r.secondSmaller).toBe(1);
  });

  it('through the rule set: round 2 of a 23-player event', () => {
    // Round 1: five pods of 4, each won by its first player, and the smaller pod {p21, p22, p23}
    // drawn with p23 excluded, so p23 (0 points, the weakest opponents) is last in the standings and
    // the fill puts p23 in the smaller pod again.
    const play = (ruleset: PodRulesetId): { state: EventState; proposal: PairingProposal } => {
      let state = podEvent(ruleset, 23);
      const ids = Array.from({ length: 23 }, (_, i) => idOf(i));
      state = playRound(state, [
        ...[0, 1, 2, 3, 4].map((p): [string[], PodResult] => [ids.slice(4 * p, 4 * p + 4), { winner: ids[4 * p]! }]),
        [['p21', 'p22', 'p23'], { draw: true, excluded: ['p23'] }],
      ]);
      const standings = getRuleset(ruleset).standings(state);
      expect(standings[standings.length - 1]!.id).toBe('p23');
      return { state, proposal: pair(state) };
    };
    const mamtr = play('mamtr-2024');
    expect(mamtr.proposal.tables.map((t) => t.seats.length)).toEqual([4, 4, 4, 4, 4, 3]);
    expect(mamtr.proposal.tables[5]!.seats, 'mamtr: p23 is moved out of the smaller pod').not.toContain('p23');
    expect(secondSmallerOf(mamtr.state, mamtr.proposal)).toEqual([]);
    expect(repeatsOf(mamtr.state, mamtr.proposal)).toEqual([]);
    expect(mamtr.proposal.warnings.filter((w) => w.message.includes('second time'))).toEqual([]);

    const mstr = play('mstr-2022');
    expect(mstr.proposal.tables.map((t) => t.seats.length)).toEqual([4, 4, 4, 4, 4, 3]);
    // MSTR has no limit on smaller pods: the smaller pod stays at the bottom, on the lowest points
    // (p23 is one of sixteen 0-point players, interchangeable by points).
    const points = new Map(getRuleset('mstr-2022').standings(mstr.state).map((s) => [s.id, s.points]));
    expect(mstr.proposal.tables[5]!.seats.map((x) => points.get(x)), 'mstr: the smaller pod holds 0-point players').toEqual([0, 0, 0]);
    expect(repeatsOf(mstr.state, mstr.proposal)).toEqual([]);
  });

  it('mstr at Regular REL: the smaller pods hold the lowest-ranked players when no repeat is at stake', () => {
    let state = podEvent('mstr-2022', 22);
    const rng = createRng(3);
    state = playProposal(state, pair(state, 1), rng);
    const proposal = pair(state, 2);
    expect(proposal.tables.map((t) => t.seats.length)).toEqual([4, 4, 4, 4, 3, 3]);
    const order = getRuleset('mstr-2022').standings(state).map((s) => s.id);
    if (repeatsOf(state, { ...proposal, tables: [{ table: 1, seats: order.slice(16) }] }).length === 0) {
      expect(new Set(proposal.tables.slice(4).flatMap((t) => t.seats))).toEqual(new Set(order.slice(16)));
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('small fields where repeats cannot be avoided: the fewest, checked by brute force', () => {
  it('8 players, round 3: every pod needs a repeat; the pairing reaches the minimum and says so', () => {
    let state = podEvent('mamtr-2024', 8);
    state = playRound(state, [
      [['p01', 'p02', 'p03', 'p04'], { winner: 'p01' }],
      [['p05', 'p06', 'p07', 'p08'], { winner: 'p05' }],
    ]);
    state = playRound(state, [
      [['p01', 'p02', 'p05', 'p06'], { winner: 'p02' }],
      [['p03', 'p04', 'p07', 'p08'], { winner: 'p07' }],
    ]);
    const proposal = pair(state);
    const repeats = repeatsOf(state, proposal);
    expect(repeats.length).toBeGreaterThan(0);
    expectMinimum(state, proposal, 'round 3');
    const rematch = proposal.warnings.filter((w) => w.kind === 'rematch');
    expect(rematch.length).toBe(repeats.length);
    for (const w of rematch) {
      const [a, b] = w.players;
      const names = [a, b].map((id) => state.players.find((p) => p.id === id)!.name);
      expect(w.message).toBe(
        `${names[0]} and ${names[1]} were in a pod together before (table ${proposal.tables.find((t) => t.seats.includes(a!))!.table}): no arrangement avoids it`,
      );
    }
  });

  it('random events of 5–12 players, both rule sets, pods of 3–5: every round reaches the minimum', () => {
    const rng = createRng(20260101);
    for (let event = 0; event < 36; event++) {
      const ruleset: PodRulesetId = event % 2 === 0 ? 'mamtr-2024' : 'mstr-2022';
      const podSize = 3 + (event % 3);
      const count = rng.int(5, 12);
      const settings: SettingsPatch = { podSize, ...(event % 4 === 1 ? { rel: 'competitive' as const } : {}) };
      let state = podEvent(ruleset, count, settings, { seed: rng.int(0, 1 << 30) });
      const rounds = rng.int(3, 5);
      for (let round = 1; round <= rounds; round++) {
        const proposal = pair(state, deriveSeed(event, round));
        expectMinimum(state, proposal, `event ${event} (${ruleset}, ${count} players, pods of ${podSize}), round ${round}`);
        state = playProposal(state, proposal, rng);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('round 1: pod sizes for every count from 5 to 40 (10.4A)', () => {
  it('the examples of RULES 2', () => {
    expect(expectedPodSizes(23, 4)).toEqual([4, 4, 4, 4, 4, 3]);
    expect(expectedPodSizes(22, 4)).toEqual([4, 4, 4, 4, 3, 3]);
    expect(expectedPodSizes(21, 4)).toEqual([4, 4, 4, 3, 3, 3]);
    for (const ruleset of ['mstr-2022', 'mamtr-2024'] as const) {
      expect(pair(podEvent(ruleset, 5)).tables.map((t) => t.seats.length), ruleset).toEqual([5]);
      expect(pair(podEvent(ruleset, 23)).tables.map((t) => t.seats.length), ruleset).toEqual([4, 4, 4, 4, 4, 3]);
    }
  });

  const configs: [PodRulesetId, 'regular' | 'competitive' | 'professional'][] = [
    ['mamtr-2024', 'regular'],
    ['mamtr-2024', 'competitive'],
    ['mstr-2022', 'regular'],
    ['mstr-2022', 'competitive'],
    ['mstr-2022', 'professional'],
  ];
  for (const [ruleset, rel] of configs) {
    for (const n of [3, 4, 5]) {
      const byes = ruleset === 'mstr-2022' && rel !== 'regular';
      it(`${ruleset} at ${rel} REL, pods of ${n}: ${byes ? 'count mod n byes to the lowest ranked, all pods of n' : 'no byes, the fewest smaller pods, at the bottom'}`, () => {
        for (let count = 5; count <= 40; count++) {
          // Registration draws in a scrambled order, so "lowest ranked" is not registration order.
          const draws = Array.from({ length: count }, (_, i) => (i * 7919) % 1009);
          const state = podEvent(ruleset, count, { podSize: n, rel }, { draws, seed: count });
          const proposal = pair(state, deriveSeed(count, n));
          const sizes = proposal.tables.map((t) => t.seats.length);
          const where = `${count} players`;
          if (byes && count > n && count % n !== 0) {
            expect(sizes, where).toEqual(new Array<number>(Math.floor(count / n)).fill(n));
            const standings = getRuleset(ruleset).standings(state).map((s) => s.id);
            expect(new Set(proposal.byes.map((b) => b.player)), `${where}: byes to the lowest ranked`).toEqual(new Set(standings.slice(count - (count % n))));
            expect(proposal.byes.every((b) => b.kind === 'pairing')).toBe(true);
          } else {
            expect(sizes, where).toEqual(expectedPodSizes(count, n));
            expect(proposal.byes, where).toEqual([]);
          }
          expect(proposal.tables.map((t) => t.table)).toEqual(sizes.map((_, i) => i + 1));
          const seated = [...proposal.tables.flatMap((t) => t.seats), ...proposal.byes.map((b) => b.player)];
          expect(new Set(seated).size, `${where}: everyone once`).toBe(count);
          expect(seated.length).toBe(count);
        }
      });
    }
  }
});

describe('byes: mstr-2022 at Competitive REL only, to the lowest ranked among the fewest byes', () => {
  it('over six rounds with 13, 14 and 15 players', () => {
    for (const count of [13, 14, 15]) {
      let state = podEvent('mstr-2022', count, { rel: 'competitive' }, { seed: count });
      const rng = createRng(count);
      for (let round = 1; round <= 6; round++) {
        const proposal = pair(state, deriveSeed(count, round));
        const byesBefore = new Map<string, number>();
        for (const r of state.rounds) for (const b of r.byes) byesBefore.set(b.player, (byesBefore.get(b.player) ?? 0) + 1);
        const standings = getRuleset('mstr-2022').standings(state).map((s) => s.id);
        const expected = standings
          .map((id, rank) => ({ id, rank, byes: byesBefore.get(id) ?? 0 }))
          .sort((a, b) => a.byes - b.byes || b.rank - a.rank)
          .slice(0, count % 4)
          .map((p) => p.id);
        expect(new Set(proposal.byes.map((b) => b.player)), `${count} players, round ${round}`).toEqual(new Set(expected));
        expect(proposal.tables.every((t) => t.seats.length === 4)).toBe(true);
        const second = proposal.warnings.filter((w) => w.kind === 'second-bye');
        expect(second.length).toBe(proposal.byes.filter((b) => (byesBefore.get(b.player) ?? 0) > 0).length);
        state = playProposal(state, proposal, rng);
      }
    }
  });

  it('never for mamtr-2024, nor for mstr-2022 at Regular REL', () => {
    for (const [ruleset, rel] of [['mamtr-2024', 'competitive'], ['mamtr-2024', 'professional'], ['mstr-2022', 'regular']] as const) {
      let state = podEvent(ruleset, 13, { rel });
      const rng = createRng(1);
      for (let round = 1; round <= 3; round++) {
        const proposal = pair(state, round);
        expect(proposal.byes, `${ruleset} ${rel} round ${round}`).toEqual([]);
        expect(proposal.tables.map((t) => t.seats.length)).toEqual([4, 3, 3, 3]);
        state = playProposal(state, proposal, rng);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------

const partition = (proposal: PairingProposal): string[] => proposal.tables.map((t) => [...t.seats].sort().join(' ')).sort();

describe('randomness: round-1 pods and seat order come from the seed and are stored (RULES 4)', () => {
  it('round 1: different seeds give different pods; the same seed the same pods and seats', () => {
    const state = podEvent('mamtr-2024', 24);
    const seeds = [1, 2, 3, 4, 5, 6];
    const partitions = seeds.map((seed) => partition(pair(state, seed)));
    expect(new Set(partitions.map((p) => p.join('|'))).size).toBe(seeds.length);
    expect(pair(state, 3)).toEqual(pair(state, 3));
    // Not the registration order cut into fours.
    const byRegistration = [0, 1, 2, 3, 4, 5].map((p) => [0, 1, 2, 3].map((k) => idOf(4 * p + k)).join(' ')).sort();
    for (const p of partitions) expect(p).not.toEqual(byRegistration);
  });

  it('later rounds: the same seed gives the same seats; other seeds reorder the seats, not the pods', () => {
    let state = podEvent('mstr-2022', 20);
    state = playProposal(state, pair(state, 1), createRng(5));
    const a = pair(state, 11);
    expect(pair(state, 11)).toEqual(a);
    const b = pair(state, 12);
    expect(partition(b)).toEqual(partition(a));
    expect(b.tables.map((t) => t.seats)).not.toEqual(a.tables.map((t) => t.seats));
    // Seats are not the standings order inside the pod for every table.
    const order = getRuleset('mstr-2022').standings(state).map((s) => s.id);
    const sortedByRank = (seats: string[]) => [...seats].sort((x, y) => order.indexOf(x) - order.indexOf(y));
    expect(a.tables.some((t) => t.seats.join() !== sortedByRank(t.seats).join())).toBe(true);
  });

  it('the seats are stored with the round as proposed, seat 1 first', () => {
    let state = podEvent('mamtr-2024', 9);
    const proposal = pair(state, 99);
    state = playProposal(state, proposal, createRng(2));
    expect(state.rounds[0]!.tables.map((t) => t.seats)).toEqual(proposal.tables.map((t) => t.seats));
    expect(state.rounds[0]!.seed).toBe(1); // playRound records round numbers as seeds
  });
});

describe('seat balancing (setting balanceSeats)', () => {
  it('is off by default', () => {
    expect(podEvent('mamtr-2024', 8).settings.balanceSeats).toBe(false);
    expect(podEvent('mstr-2022', 8).settings.balanceSeats).toBe(false);
  });

  it('round 2: inside each pod, whoever sat later in round 1 sits earlier now', () => {
    let state = podEvent('mamtr-2024', 32, { balanceSeats: true });
    state = playProposal(state, pair(state, 1), createRng(8));
    const firstSeat = new Map(state.rounds[0]!.tables.flatMap((t) => t.seats.map((id, i): [string, number] => [id, i + 1])));
    const proposal = pair(state, 2);
    for (const table of proposal.tables) {
      const seats = table.seats.map((id) => firstSeat.get(id)!);
      const sorted = [...seats].sort((x, y) => y - x);
      expect(seats, `table ${table.table}: round-1 seats of seats 1..${seats.length}`).toEqual(sorted);
    }
  });

  it('reports each player\'s seat history; balancing evens out the seats over an event', () => {
    const run = (balance: boolean): EventState => {
      let state = podEvent('mamtr-2024', 40, { balanceSeats: balance }, { seed: 4 });
      const rng = createRng(4);
      for (let round = 1; round <= 6; round++) state = playProposal(state, pair(state, deriveSeed(4, round)), rng);
      return state;
    };
    const balanced = run(true);
    const history = seatHistory(balanced);
    expect(history.size).toBe(40);
    for (const round of balanced.rounds)
      for (const table of round.tables)
        table.seats.forEach((id, i) => {
          expect(history.get(id)![round.number - 1]).toEqual({ round: round.number, table: table.table, seat: i + 1, podSize: table.seats.length });
        });
    for (const records of history.values()) expect(records.map((r) => r.round)).toEqual([1, 2, 3, 4, 5, 6]);

    // How far each player's average seat is from the middle: smaller with balancing.
    const unevenness = (state: EventState): number => {
      const all = [...seatHistory(state).values()];
      return all.reduce((sum, records) => sum + Math.abs(lateness(records) - 0.5), 0) / all.length;
    };
    const random = run(false);
    expect(unevenness(balanced)).toBeLessThan(unevenness(random) * 0.75);
    // Nobody sat last every round with balancing.
    for (const records of history.values()) expect(records.every((r) => r.seat === r.podSize)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------

describe('pairing warnings, in words', () => {
  it('a smaller pod is named with its players; a second smaller pod (mamtr) says nobody could avoid it', () => {
    // Six players in pods of 4 make two pods of 3 every round: in round 2 everybody sits in a
    // smaller pod for the second time.
    let state = podEvent('mamtr-2024', 6);
    const first = pair(state, 1);
    expect(first.tables.map((t) => t.seats.length)).toEqual([3, 3]);
    const pods = first.warnings.filter((w) => w.kind === 'smaller-pod');
    expect(pods.map((w) => w.message)).toEqual(
      first.tables.map((t) => `Table ${t.table} is a pod of 3: ${t.seats.map((id) => state.players.find((p) => p.id === id)!.name).join(', ')}`),
    );
    state = playProposal(state, first, createRng(1));
    const second = pair(state, 2);
    const again = second.warnings.filter((w) => w.kind === 'smaller-pod' && w.message.includes('second time'));
    expect(again.map((w) => w.players[0]).sort()).toEqual(state.players.map((p) => p.id).sort());
    expect(again[0]!.message).toMatch(/^[A-Z][a-z]+ [A-Z][^ ]+ sits in a smaller pod for the second time: no arrangement avoids it$/);
    // mstr-2022 has no such limit, so no such warning.
    let mstr = podEvent('mstr-2022', 6);
    mstr = playProposal(mstr, pair(mstr, 1), createRng(1));
    expect(pair(mstr, 2).warnings.filter((w) => w.message.includes('second time'))).toEqual([]);
  });

  it('no warnings when nothing had to give', () => {
    let state = podEvent('mamtr-2024', 16);
    state = playProposal(state, pair(state, 1), createRng(1));
    expect(pair(state, 2).warnings).toEqual([]);
  });
});
