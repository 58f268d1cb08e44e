/**
 * pairSwiss against the exact optimum of its objective (core/pairing/swiss.ts header, RULES 1
 * "Pairing"): lexicographic [secondByes, rematches, byeRankPenalty, cost], found by the brute-force
 * reference in test/support/exhaustive-swiss.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairSwiss, type SwissInput, type SwissPairing, type SwissPlayer } from '../../core/pairing/swiss.js';
import {
  compareObjective,
  enumeratedOptimum,
  evaluate,
  exhaustiveOptimum,
  formatObjective,
  metFrom,
  validatePairing,
  type ByeVariant,
  type Objective,
  type PlainPairing,
} from '../support/exhaustive-swiss.js';

// ---------------------------------------------------------------------------------------------
// Helpers

/** Players in rank order (rank = position); [id, points, byes?]. */
function input(rows: readonly (readonly [string, number, number?])[], met: readonly (readonly [string, string])[] = []): SwissInput {
  const players: SwissPlayer[] = rows.map(([id, points, byes], rank) => ({ id, points, rank, byes: byes ?? 0 }));
  return { players, met: metFrom(met) };
}

/**
 * The naive top-down pass the optimiser must beat: the bye (odd count) to the lowest-ranked player
 * with the fewest byes, then the top unpaired player meets the highest-ranked unpaired player they
 * have not met (or the highest-ranked one when they have met everybody left), and so on down.
 */
function greedy(swiss: SwissInput): PlainPairing {
  const order = [...swiss.players].sort((a, b) => a.rank - b.rank);
  let bye: string | undefined;
  if (order.length % 2 === 1) {
    const fewest = Math.min(...order.map((p) => p.byes));
    const k = order.map((p) => p.byes).lastIndexOf(fewest);
    bye = order[k]!.id;
    order.splice(k, 1);
  }
  const left = order.map((p) => p.id);
  const pairs: [string, string][] = [];
  while (left.length > 0) {
    const a = left.shift()!;
    let k = left.findIndex((b) => !swiss.met(a, b));
    if (k < 0) k = 0;
    pairs.push([a, left[k]!]);
    left.splice(k, 1);
  }
  return bye === undefined ? { pairs } : { pairs, bye };
}

function describeInput(swiss: SwissInput): string {
  const ps = [...swiss.players].sort((a, b) => a.rank - b.rank);
  const met: string[] = [];
  for (let i = 0; i < ps.length; i++)
    for (let j = i + 1; j < ps.length; j++) if (swiss.met(ps[i]!.id, ps[j]!.id)) met.push(`${ps[i]!.id}-${ps[j]!.id}`);
  return `players (rank order, id:points/byes) ${ps.map((p) => `${p.id}:${p.points}/${p.byes}`).join(' ')}; met ${met.join(' ') || '(none)'}`;
}

function describePairing(p: PlainPairing | SwissPairing): string {
  return `${p.pairs.map(([a, b]) => `${a}-${b}`).join(' ')}${p.bye !== undefined ? ` bye ${p.bye}` : ''}`;
}

/** pairSwiss is valid, reaches the exhaustive optimum exactly, and reports its own terms truly. */
function expectOptimal(swiss: SwissInput, seed = 1, variant: ByeVariant = 'header'): { result: SwissPairing; objective: Objective } {
  let result: SwissPairing;
  try {
    result = pairSwiss(swiss, seed);
  } catch (error) {
    throw new Error(`pairSwiss threw on ${describeInput(swiss)} (seed ${seed}): ${String(error)}`);
  }
  const problems = validatePairing(swiss, result);
  expect(problems, `invalid pairing ${describePairing(result)} for ${describeInput(swiss)}`).toEqual([]);
  const got = evaluate(swiss, result, variant);
  const best = exhaustiveOptimum(swiss, variant);
  expect(
    got,
    `[${variant}] pairSwiss gave ${describePairing(result)} = ${formatObjective(got)}; optimum ${formatObjective(best.objective)} e.g. ${describePairing(best.pairing)}; input ${describeInput(swiss)}; seed ${seed}`,
  ).toEqual(best.objective);
  expect(result.rematches, 'reported rematches').toBe(got[1]);
  expect(result.cost, 'reported cost').toBe(got[3]);
  return { result, objective: got };
}

/** The greedy pass is strictly worse than the optimum on this input (the case is a real trap). */
function expectGreedyWorse(swiss: SwissInput, greedyObjective: Objective): void {
  const g = greedy(swiss);
  expect(validatePairing(swiss, g)).toEqual([]);
  expect(evaluate(swiss, g)).toEqual(greedyObjective);
  expect(compareObjective(greedyObjective, exhaustiveOptimum(swiss).objective)).toBeGreaterThan(0);
}

// ---------------------------------------------------------------------------------------------
// The reference itself

describe('the exhaustive reference', () => {
  it('agrees with literal enumeration of every pairing (≤ 10 players)', () => {
    fc.assert(
      fc.property(smallInputArb(0, 10), (desc) => {
        const swiss = build(desc);
        for (const variant of ['header', 'literal'] as const) {
          const dp = exhaustiveOptimum(swiss, variant);
          const lit = enumeratedOptimum(swiss, variant);
          expect(dp.objective).toEqual(lit.objective);
          expect(dp.optimalCount).toBe(lit.optimalCount);
          expect(validatePairing(swiss, dp.pairing)).toEqual([]);
          expect(evaluate(swiss, dp.pairing, variant)).toEqual(dp.objective);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('scores pairings as the objective says', () => {
    const swiss = input([['A', 6], ['B', 3], ['C', 3, 1], ['D', 0], ['E', 0, 1]], [['A', 'B']]);
    // bye to E (has one; A, B, D have none) -> second bye; A-B rematch; bye term: E has one bye more
    // than the fewest (× (5 + 1)), nobody with one bye below E; cost (6-3)² + (3-0)².
    expect(evaluate(swiss, { pairs: [['A', 'B'], ['C', 'D']], bye: 'E' })).toEqual([1, 1, 6, 18]);
    // The literal reading counts only players without a bye below E: none.
    expect(evaluate(swiss, { pairs: [['A', 'B'], ['C', 'D']], bye: 'E' }, 'literal')).toEqual([1, 1, 0, 18]);
    // bye to B: D is below B without a bye (C, E have byes) -> penalty 1.
    expect(evaluate(swiss, { pairs: [['A', 'C'], ['D', 'E']], bye: 'B' })).toEqual([0, 0, 1, 9]);
    expect(validatePairing(swiss, { pairs: [['A', 'B'], ['C', 'D']] })).not.toEqual([]);
    expect(validatePairing(swiss, { pairs: [['A', 'B'], ['C', 'D'], ['A', 'E']] })).not.toEqual([]);
  });

  it('solves 16 players with a dense history, and 17 with a bye', () => {
    const rows = Array.from({ length: 17 }, (_, i) => [`p${i}`, 3 * Math.floor((17 - i) / 3), i % 5 === 0 ? 1 : 0] as const);
    const met: [string, string][] = [];
    for (let i = 0; i < 17; i++) for (let j = i + 1; j < 17; j++) if ((i * 7 + j * 3) % 4 !== 0) met.push([`p${i}`, `p${j}`]);
    for (const n of [16, 17]) {
      const swiss = input(rows.slice(0, n), met);
      const best = exhaustiveOptimum(swiss);
      expect(validatePairing(swiss, best.pairing)).toEqual([]);
      expect(evaluate(swiss, best.pairing)).toEqual(best.objective);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Crafted traps for a top-down greedy pass

describe('pairSwiss beats a greedy top-down pass', () => {
  it('floats the odd top player past a bottom pair that already met', () => {
    // Top group A B C (3 points), bottom group D E F (0); E and F have met.
    // Greedy: A-B, C-D (pair-down), E-F rematch -> [0, 1, 0, 9].
    // Optimum: A-B, C-E (or C-F), D-F (or D-E): still one pair-down, no rematch -> [0, 0, 0, 9].
    const swiss = input([['A', 3], ['B', 3], ['C', 3], ['D', 0], ['E', 0], ['F', 0]], [['E', 'F']]);
    expectGreedyWorse(swiss, [0, 1, 0, 9]);
    const { objective } = expectOptimal(swiss);
    expect(objective).toEqual([0, 0, 0, 9]);
  });

  it('does not let the top pair take the only partners of a lower player', () => {
    // Four at 3 points, two at 0. C has met D, E and F, so C can only meet A or B.
    // Greedy: A-B, then C has met everybody left -> C-D rematch, E-F -> [0, 1, 0, 0].
    // Optimum: A-C (or B-C), B-D (or A-D), E-F -> [0, 0, 0, 0].
    const swiss = input(
      [['A', 3], ['B', 3], ['C', 3], ['D', 3], ['E', 0], ['F', 0]],
      [['C', 'D'], ['C', 'E'], ['C', 'F']],
    );
    expectGreedyWorse(swiss, [0, 1, 0, 0]);
    const { objective, result } = expectOptimal(swiss);
    expect(objective).toEqual([0, 0, 0, 0]);
    expect(result.pairs.some(([a, b]) => (a === 'C' && (b === 'A' || b === 'B')) || (b === 'C' && (a === 'A' || a === 'B')))).toBe(true);
  });

  it('floats a player down two score groups when that is the only rematch-free pairing', () => {
    // 6 points: A B; 3 points: C D; 0 points: E F. E has met C, D and F, so E must meet A or B.
    // Greedy: A-B, C-D, E-F rematch -> [0, 1, 0, 0].
    // Optimum: A-E (or B-E) 36, then B-C (or B-D) 9 and D-F (or C-F) 9 -> [0, 0, 0, 54].
    const swiss = input(
      [['A', 6], ['B', 6], ['C', 3], ['D', 3], ['E', 0], ['F', 0]],
      [['E', 'C'], ['E', 'D'], ['E', 'F']],
    );
    expectGreedyWorse(swiss, [0, 1, 0, 0]);
    const { objective, result } = expectOptimal(swiss);
    expect(objective).toEqual([0, 0, 0, 54]);
    const eOpponent = result.pairs.find((p) => p.includes('E'))!.find((id) => id !== 'E');
    expect(['A', 'B']).toContain(eOpponent);
  });

  it('prefers two one-point floats to one two-point float (squared cost, draws)', () => {
    // Points 9 9 8 7 6 5 (draws); met A-D, B-E, C-D.
    // Greedy: A-B 0, C-E 4, D-F 4 -> cost 8 (linear sum 4).
    // Optimum: A-C 1, B-D 4, E-F 1 -> cost 6 (linear sum also 4: only the square tells them apart).
    const swiss = input(
      [['A', 9], ['B', 9], ['C', 8], ['D', 7], ['E', 6], ['F', 5]],
      [['A', 'D'], ['B', 'E'], ['C', 'D']],
    );
    expectGreedyWorse(swiss, [0, 0, 0, 8]);
    const { objective, result } = expectOptimal(swiss);
    expect(objective).toEqual([0, 0, 0, 6]);
    expect(exhaustiveOptimum(swiss).optimalCount).toBe(1);
    const key = (p: [string, string][]) => p.map((x) => [...x].sort().join('-')).sort().join(' ');
    expect(key(result.pairs)).toBe('A-C B-D E-F');
  });

  it('spreads the pair-downs of a draw-heavy field over the whole round', () => {
    // 8 players 9 9 8 8 8 7 6 5. Met: A-F, B-C, B-D, B-F, C-E, D-E, D-F, E-F.
    // Greedy: A-B 0, C-D 0, E-G 4, F-H 4 -> cost 8 (linear sum 4): two 2-point floats.
    // Optimum: A-D 1, B-E 1, C-F 1, G-H 1 -> cost 4 (linear sum also 4): four 1-point floats.
    const swiss = input(
      [['A', 9], ['B', 9], ['C', 8], ['D', 8], ['E', 8], ['F', 7], ['G', 6], ['H', 5]],
      [['A', 'F'], ['B', 'C'], ['B', 'D'], ['B', 'F'], ['C', 'E'], ['D', 'E'], ['D', 'F'], ['E', 'F']],
    );
    expectGreedyWorse(swiss, [0, 0, 0, 8]);
    const { objective } = expectOptimal(swiss);
    expect(objective).toEqual([0, 0, 0, 4]);
  });
});

describe('the bye', () => {
  it('goes to the lowest-ranked player without a bye even though someone below already had one', () => {
    // A 6, B 3, C 3, D 3, E 0 (E had a bye). Bye to E would cost only 9 (A-B 9, C-D 0) but is a
    // second bye; the bye goes to D: A-B 9, C-E 9 -> [0, 0, 0, 18].
    const swiss = input([['A', 6], ['B', 3], ['C', 3], ['D', 3], ['E', 0, 1]]);
    const byeToLast: PlainPairing = { pairs: [['A', 'B'], ['C', 'D']], bye: 'E' };
    expect(evaluate(swiss, byeToLast)).toEqual([1, 0, 6, 9]);
    const { result, objective } = expectOptimal(swiss);
    expect(objective).toEqual([0, 0, 0, 18]);
    expect(result.bye).toBe('D');
  });

  it('moves up one place when the lowest-ranked candidate would force a rematch', () => {
    // All 3 points except E 0; E had a bye and has met A, B and C.
    // Bye D -> A B C E: E must rematch. Bye C -> A-B, D-E: no rematch, bye penalty 1 (D below C).
    // Greedy (bye to D, then top-down): A-B, C-E rematch -> [0, 1, 0, 9].
    const swiss = input(
      [['A', 3], ['B', 3], ['C', 3], ['D', 3], ['E', 0, 1]],
      [['E', 'A'], ['E', 'B'], ['E', 'C']],
    );
    expectGreedyWorse(swiss, [0, 1, 0, 9]);
    const { result, objective } = expectOptimal(swiss);
    expect(objective).toEqual([0, 0, 1, 9]);
    expect(result.bye).toBe('C');
  });

  it('accepts a rematch rather than give a second bye', () => {
    // A and B have not had a bye, C has; C has met A and B. Bye to C avoids the rematch A-C/B-C
    // but is a second bye: the bye goes to B (lowest without one) and A-C is a rematch.
    const swiss = input([['A', 3], ['B', 3], ['C', 3, 1]], [['A', 'C'], ['B', 'C']]);
    const { result, objective } = expectOptimal(swiss);
    expect(objective).toEqual([0, 1, 0, 0]);
    expect(result.bye).toBe('B');
  });

  it('once everybody has had a bye, still no rematch while a rematch-free pairing exists', () => {
    // Everybody has had a bye, so term 1 (no second bye while someone has none) and term 3 (bye
    // rank among players without a bye) do not apply; term 2 (and RULES 1: "no two players meet
    // twice while any pairing without a rematch exists") decides: bye to B, A-C, no rematch.
    // Giving the bye to C (fewest byes) forces the rematch A-B.
    // Term 3 for B: one bye more than the fewest -> (2 - 1) × (3 + 1) = 4.
    const swiss = input([['A', 6, 2], ['B', 6, 2], ['C', 3, 1]], [['A', 'B'], ['B', 'C']]);
    const { result, objective } = expectOptimal(swiss);
    expect(objective).toEqual([0, 0, 4, 9]);
    expect(result.bye).toBe('B');
  });

  it('once everybody has had a bye, goes to the lowest-ranked of those with the fewest byes', () => {
    // A has two byes, B and C one each; nobody has met. Header term 3: bye to C, A-B (cost 9).
    // (The literal reading would give the bye to the leader A to pair B-C at cost 0.)
    const swiss = input([['A', 6, 2], ['B', 3, 1], ['C', 3, 1]]);
    const { result, objective } = expectOptimal(swiss);
    expect(objective).toEqual([0, 0, 0, 9]);
    expect(result.bye).toBe('C');
    expect(exhaustiveOptimum(swiss, 'literal').objective).toEqual([0, 0, 0, 0]);
  });

  it('repeats a bye when everybody already has one: the lowest-ranked with the fewest', () => {
    // A and B have one bye, C two; B and C have met. Bye to B (fewest, lowest-ranked among A, B),
    // A-C (cost 9). Bye to C would be a third bye while A and B have one (term 3: 4).
    const swiss = input([['A', 6, 1], ['B', 3, 1], ['C', 3, 2]], [['B', 'C']]);
    const { result, objective } = expectOptimal(swiss);
    expect(objective).toEqual([0, 0, 0, 9]);
    expect(result.bye).toBe('B');
  });
});

// ---------------------------------------------------------------------------------------------
// Robustness

describe('pairSwiss never fails on a legal input', () => {
  it('4 players who have all played each other: two rematches, no crash', () => {
    const ids = ['A', 'B', 'C', 'D'];
    const met = ids.flatMap((a, i) => ids.slice(i + 1).map((b) => [a, b] as [string, string]));
    const swiss = input([['A', 9], ['B', 6], ['C', 3], ['D', 0]], met);
    const { objective } = expectOptimal(swiss);
    expect(objective).toEqual([0, 2, 0, 9 + 9]);
  });

  it('5 players who have all played each other, two of them with a bye', () => {
    const ids = ['A', 'B', 'C', 'D', 'E'];
    const met = ids.flatMap((a, i) => ids.slice(i + 1).map((b) => [a, b] as [string, string]));
    const swiss = input([['A', 9, 1], ['B', 6], ['C', 6], ['D', 3, 1], ['E', 3]], met);
    const { result, objective } = expectOptimal(swiss);
    expect(objective[0]).toBe(0);
    expect(objective[1]).toBe(2);
    expect(result.bye).toBe('E');
  });

  it('16 players who have all played each other', () => {
    const rows = Array.from({ length: 16 }, (_, i) => [`p${i}`, 3 * Math.floor((16 - i) / 2)] as const);
    const met = rows.flatMap(([a], i) => rows.slice(i + 1).map(([b]) => [a, b] as [string, string]));
    const { objective } = expectOptimal(input(rows, met));
    expect(objective[1]).toBe(8);
  });

  it('a rematch-free pairing exists only through an odd cycle of the not-yet-met graph', () => {
    // Not-met edges: A-B, B-C, C-A (triangle), C-D, D-E, E-F, F-D (triangle): the only perfect
    // rematch-free matching is A-B, C-D, E-F.
    const all = ['A', 'B', 'C', 'D', 'E', 'F'];
    const free = new Set(['A-B', 'B-C', 'A-C', 'C-D', 'D-E', 'E-F', 'D-F']);
    const met = all.flatMap((a, i) => all.slice(i + 1).filter((b) => !free.has(`${a}-${b}`)).map((b) => [a, b] as [string, string]));
    const swiss = input([['A', 3], ['C', 3], ['E', 3], ['B', 0], ['D', 0], ['F', 0]], met);
    const { objective } = expectOptimal(swiss);
    expect(objective[1]).toBe(0);
  });

  it('2 players (even if they met), 1 player, 0 players', () => {
    const two = expectOptimal(input([['A', 3], ['B', 0]], [['A', 'B']]));
    expect(two.result.pairs).toEqual([['A', 'B']]);
    expect(two.result.bye).toBeUndefined();
    expect(two.objective).toEqual([0, 1, 0, 9]);

    const one = pairSwiss(input([['A', 3, 1]]), 5);
    expect(one.pairs).toEqual([]);
    expect(one.bye).toBe('A');
    expect(one.rematches).toBe(0);
    expect(one.cost).toBe(0);

    const none = pairSwiss(input([]), 5);
    expect(none.pairs).toEqual([]);
    expect(none.bye).toBeUndefined();
    expect(none.rematches).toBe(0);
    expect(none.cost).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Randomised comparison with the exhaustive optimum

/** A plain, printable description of a random input (fast-check prints it on failure). */
interface InputDesc {
  players: { id: string; points: number; rank: number; byes: number }[];
  met: [string, string][];
}

function build(desc: InputDesc, order?: readonly number[]): SwissInput {
  const players = order ? order.map((k) => desc.players[k]!) : desc.players;
  return { players: players.map((p) => ({ ...p })), met: metFrom(desc.met) };
}

const weighted = <T,>(...entries: [number, T][]) =>
  fc.oneof(...entries.map(([weight, value]) => ({ weight, arbitrary: fc.constant(value) })));

/**
 * A realistic Swiss history: after `rounds` rounds each player has 3 × wins + draws points (byes are
 * wins), ranks follow points (ties in a random order), byes 0 or 1 and a few 2, and `met` is a
 * random symmetric relation of the chosen density (1 = everybody has met everybody).
 */
function smallInputArb(minN: number, maxN: number, densities: number[] = [0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 1]): fc.Arbitrary<InputDesc> {
  return fc.integer({ min: minN, max: maxN }).chain((n) =>
    fc
      .record({
        rounds: fc.integer({ min: 1, max: 6 }),
        rows: fc.array(
          fc.record({
            wins: fc.integer({ min: 0, max: 6 }),
            draws: weighted([7, 0], [2, 1], [1, 2]),
            byes: weighted([6, 0], [3, 1], [1, 2]),
            tie: fc.nat(1_000_000),
          }),
          { minLength: n, maxLength: n },
        ),
        density: fc.constantFrom(...densities),
        metDice: fc.array(fc.nat(99), { minLength: (n * (n - 1)) / 2, maxLength: (n * (n - 1)) / 2 }),
      })
      .map(({ rounds, rows, density, metDice }): InputDesc => {
        const raw = rows.map((r, i) => {
          const byes = Math.min(r.byes, rounds);
          const wins = Math.min(Math.max(r.wins, byes), rounds);
          const draws = Math.min(r.draws, rounds - wins);
          return { id: `p${i}`, points: 3 * wins + draws, byes, tie: r.tie, index: i };
        });
        const ranked = [...raw].sort((a, b) => b.points - a.points || a.tie - b.tie || a.index - b.index);
        const players = ranked.map((p, rank) => ({ id: p.id, points: p.points, rank, byes: p.byes }));
        const met: [string, string][] = [];
        let k = 0;
        for (let i = 0; i < n; i++)
          for (let j = i + 1; j < n; j++) if (metDice[k++]! < density * 100) met.push([`p${i}`, `p${j}`]);
        return { players, met };
      }),
  );
}

describe('pairSwiss equals the exhaustive optimum on random inputs', () => {
  it('2–17 players, every density of history (400 inputs)', () => {
    fc.assert(
      fc.property(smallInputArb(2, 17), fc.integer({ min: 0, max: 0x7fffffff }), (desc, seed) => {
        expectOptimal(build(desc), seed);
      }),
      { numRuns: 400 },
    );
  });

  it('dense histories where rematches are often unavoidable (150 inputs)', () => {
    fc.assert(
      fc.property(smallInputArb(2, 12, [0.6, 0.75, 0.9, 1]), fc.integer({ min: 0, max: 0x7fffffff }), (desc, seed) => {
        expectOptimal(build(desc), seed);
      }),
      { numRuns: 150 },
    );
  });

  it('2–17 players of whom at least one has not had a bye (300 inputs)', () => {
    // The same comparison restricted to the usual case, so a failure here is not about who gets a
    // repeat bye once everybody has had one.
    fc.assert(
      fc.property(
        smallInputArb(2, 17).filter((desc) => desc.players.some((p) => p.byes === 0)),
        fc.integer({ min: 0, max: 0x7fffffff }),
        (desc, seed) => {
          expectOptimal(build(desc), seed);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order the players are listed in (150 inputs)', () => {
    fc.assert(
      fc.property(
        smallInputArb(2, 14).chain((desc) =>
          fc.tuple(fc.constant(desc), fc.shuffledSubarray([...desc.players.keys()], { minLength: desc.players.length })),
        ),
        fc.integer({ min: 0, max: 0x7fffffff }),
        ([desc, order], seed) => {
          expectOptimal(build(desc, order), seed);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is deterministic for the same input and seed', () => {
    fc.assert(
      fc.property(smallInputArb(2, 17), fc.integer({ min: 0, max: 0x7fffffff }), (desc, seed) => {
        const first = pairSwiss(build(desc), seed);
        const second = pairSwiss(build(desc), seed);
        expect(second).toEqual(first);
      }),
      { numRuns: 150 },
    );
  });

  it('lists pairs as documented: higher-ranked player first, highest points first', () => {
    fc.assert(
      fc.property(smallInputArb(2, 17), fc.integer({ min: 0, max: 0x7fffffff }), (desc, seed) => {
        const swiss = build(desc);
        const result = pairSwiss(swiss, seed);
        const byId = new Map(swiss.players.map((p) => [p.id, p]));
        for (const [a, b] of result.pairs)
          expect(byId.get(a)!.rank, `pair ${a}-${b} in ${describePairing(result)}`).toBeLessThan(byId.get(b)!.rank);
        const tops = result.pairs.map(([a]) => byId.get(a)!.points);
        for (let i = 1; i < tops.length; i++)
          expect(tops[i]!, `pair order in ${describePairing(result)}`).toBeLessThanOrEqual(tops[i - 1]!);
      }),
      { numRuns: 150 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Larger fields (beyond the exhaustive reference): separated clusters

/**
 * A field of up to 240 players made of even clusters whose point ranges are at least 200 apart,
 * each cluster small enough to be solved exhaustively and (by construction) pairable without a
 * rematch inside. Then the whole round's optimum is known exactly: no rematch, and the sum of the
 * clusters' optimal costs — any pairing across clusters has at least two cross pairs (parity) and
 * each costs ≥ 200², more than every in-cluster cost together (≤ 120 pairs × 18²). This exercises
 * the optimiser on fields larger than the reference can enumerate (in pairSwiss: several blocks,
 * blocks that cut a cluster, merges).
 */
interface ClusterDesc {
  players: { local: number; byes: number; tie: number }[];
  metDice: number[];
  density: number;
}

const clusterArb: fc.Arbitrary<ClusterDesc> = fc.integer({ min: 1, max: 8 }).chain((half) =>
  fc.record({
    players: fc.array(
      fc.record({
        local: fc.integer({ min: 0, max: 6 }).chain((wins) => weighted([7, 3 * wins], [2, 3 * wins + 1], [1, 3 * wins + 2])),
        byes: weighted([6, 0], [3, 1], [1, 2]),
        tie: fc.nat(1_000_000),
      }),
      { minLength: 2 * half, maxLength: 2 * half },
    ),
    metDice: fc.array(fc.nat(99), { minLength: half * (2 * half - 1), maxLength: half * (2 * half - 1) }),
    density: fc.constantFrom(0, 0.2, 0.4, 0.6, 0.8),
  }),
);

function clusteredField(clusters: readonly ClusterDesc[]): { swiss: SwissInput; expectedCost: number; description: string } {
  const all: { id: string; points: number; byes: number; tie: number }[] = [];
  const met: [string, string][] = [];
  let expectedCost = 0;
  clusters.forEach((cluster, k) => {
    // Cluster 0 is the top of the standings.
    const base = 200 * (clusters.length - 1 - k);
    const ids = cluster.players.map((_, i) => `c${k}p${i}`);
    let pairs: [string, string][] = [];
    let d = 0;
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) if (cluster.metDice[d++]! < cluster.density * 100) pairs.push([ids[i]!, ids[j]!]);
    const local = (withMet: [string, string][]): SwissInput => ({
      players: cluster.players.map((p, i) => ({ id: ids[i]!, points: p.local, rank: i, byes: p.byes })),
      met: metFrom(withMet),
    });
    let best = exhaustiveOptimum(local(pairs));
    if (best.objective[1] > 0) {
      pairs = [];
      best = exhaustiveOptimum(local(pairs));
    }
    expectedCost += best.objective[3];
    met.push(...pairs);
    cluster.players.forEach((p, i) => all.push({ id: ids[i]!, points: base + p.local, byes: p.byes, tie: p.tie }));
  });
  const ranked = all.sort((a, b) => b.points - a.points || a.tie - b.tie || a.id.localeCompare(b.id));
  const players = ranked.map((p, rank) => ({ id: p.id, points: p.points, rank, byes: p.byes }));
  const swiss: SwissInput = { players, met: metFrom(met) };
  return { swiss, expectedCost, description: `${players.length} players in ${clusters.length} clusters` };
}

describe('pairSwiss on larger fields with a known optimum', () => {
  it('clustered fields of 18–240 players (60 inputs)', () => {
    const fields = fc
      .integer({ min: 2, max: 40 })
      .chain((count) => fc.array(clusterArb, { minLength: count, maxLength: count }))
      .map((clusters) => {
        const kept: ClusterDesc[] = [];
        let total = 0;
        for (const c of clusters) {
          if (total + c.players.length > 240) break;
          kept.push(c);
          total += c.players.length;
        }
        return kept;
      })
      .filter((clusters) => clusters.reduce((n, c) => n + c.players.length, 0) >= 18);
    fc.assert(
      fc.property(fields, fc.integer({ min: 0, max: 0x7fffffff }), (clusters, seed) => {
        const { swiss, expectedCost, description } = clusteredField(clusters);
        const result = pairSwiss(swiss, seed);
        expect(validatePairing(swiss, result), description).toEqual([]);
        const got = evaluate(swiss, result);
        expect(got, `${description}: ${describePairing(result)}`).toEqual([0, 0, 0, expectedCost]);
        expect(result.rematches).toBe(0);
        expect(result.cost).toBe(expectedCost);
      }),
      { numRuns: 60 },
    );
  });
});
