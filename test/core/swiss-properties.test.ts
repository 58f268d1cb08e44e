/**
 * Whole random `mtr` events driven through the real core (apply + the rule set's pair), checking the
 * Swiss pairing rules of RULES 1 "Pairing" and "Drops and entries" on every round:
 *   - every active player is seated exactly once (a table or a bye), and nobody else is;
 *   - no repeated opponents whenever a rematch-free pairing exists (with these sizes and round counts
 *     that is checked, not assumed: exactly for pools of ≤ 17, by Dirac's theorem above);
 *   - awarded byes exactly for rounds 1..awardedByes;
 *   - a pairing bye only when the players to pair (active, not on an awarded bye) are odd, and then
 *     exactly one;
 *   - nobody gets a second bye while an active player has none (awarded byes count as byes).
 * Events: 8–300 players, 3 to the recommended number of rounds (MTR App. E, at most 9), drops after
 * random rounds, late entries, some awarded byes, random legal results.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { byeCounts, isActiveIn, opponentHistory } from '../../core/event/queries.js';
import type { EventState, PairingProposal, Player } from '../../core/model/types.js';
import { createRng, deriveSeed } from '../../core/random/rng.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { exhaustiveOptimum, MAX_EXHAUSTIVE_PLAYERS } from '../support/exhaustive-swiss.js';

// ---------------------------------------------------------------------------------------------
// The plan of a random event (plain data, so fast-check prints a readable counterexample)

interface PlannedPlayer {
  awardedByes: number;
  /** Drops after this round (ignored when not before the last round). */
  dropAfter: number | null;
}

interface EventPlan {
  seed: number;
  /** Picks the number of rounds in [3, recommended]. */
  roundsPick: number;
  players: PlannedPlayer[];
  /** Late entries: registered after round `joinAfter` (so they join round joinAfter + 1). */
  late: { joinAfter: number; dropAfter: number | null }[];
  resultSeed: number;
}

const weighted = <T,>(...entries: [number, T][]) =>
  fc.oneof(...entries.map(([weight, value]) => ({ weight, arbitrary: fc.constant(value) })));

const dropArb = fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 8 }) });

function planArb(sizes: fc.Arbitrary<number>): fc.Arbitrary<EventPlan> {
  return sizes.chain((size) =>
    fc.record({
      seed: fc.integer({ min: 0, max: 0x7fffffff }),
      roundsPick: fc.nat(1000),
      players: fc.array(fc.record({ awardedByes: weighted([17, 0], [2, 1], [1, 2]), dropAfter: dropArb }), {
        minLength: size,
        maxLength: size,
      }),
      late: fc.array(fc.record({ joinAfter: fc.integer({ min: 1, max: 8 }), dropAfter: dropArb }), {
        maxLength: Math.max(2, Math.floor(size / 10)),
      }),
      resultSeed: fc.integer({ min: 0, max: 0x7fffffff }),
    }),
  );
}

/** MTR App. E (RULES 1 "Recommended rounds"), a 1- or 2-round awarded bye counting as 2 or 4 players. */
function recommendedRounds(players: readonly PlannedPlayer[]): number {
  const n = players.reduce((sum, p) => sum + (p.awardedByes === 0 ? 1 : 2 ** p.awardedByes), 0);
  if (n <= 8) return 3;
  if (n <= 32) return 5;
  if (n <= 64) return 6;
  if (n <= 128) return 7;
  if (n <= 226) return 8;
  if (n <= 409) return 9;
  return 10;
}

function roundsOf(plan: EventPlan): number {
  const max = Math.min(9, recommendedRounds(plan.players));
  return 3 + (plan.roundsPick % (max - 2));
}

const RESULTS: [number, number, number][] = [
  [2, 0, 0],
  [0, 2, 0],
  [2, 1, 0],
  [1, 2, 0],
  [1, 1, 1],
  [0, 0, 3],
];

// ---------------------------------------------------------------------------------------------
// Checks of one proposed round

/** Is there a pairing of `pool` without a rematch (respecting the second-bye rule)? */
function rematchFreeExists(pool: readonly Player[], round: number, met: (a: string, b: string) => boolean, byes: Map<string, number>): { exists: boolean; minRematches?: number } {
  const n = pool.length;
  if (n <= MAX_EXHAUSTIVE_PLAYERS) {
    const best = exhaustiveOptimum({
      players: pool.map((p, rank) => ({ id: p.id, points: 0, rank, byes: byes.get(p.id) ?? 0 })),
      met,
    });
    return { exists: best.objective[0] === 0 && best.objective[1] === 0, minRematches: best.objective[1] };
  }
  // Each player has met at most round − 1 others. Dirac: a graph on m vertices with minimum degree
  // ≥ m/2 has a Hamiltonian cycle, hence (m even) a perfect matching. For odd n remove the bye player
  // (any one): the rest (m = n − 1) has not-met degree ≥ m − 1 − (round − 1).
  const m = n % 2 === 0 ? n : n - 1;
  if (m - round >= m / 2) return { exists: true };
  throw new Error(`test cannot decide whether ${n} players can be paired without a rematch in round ${round}`);
}

function checkRound(state: EventState, proposal: PairingProposal, round: number): void {
  const where = `round ${round}`;
  const active = state.players.filter((p) => isActiveIn(p, round));
  const activeIds = new Set(active.map((p) => p.id));
  const byId = new Map(state.players.map((p) => [p.id, p]));
  const history = opponentHistory(state.rounds);
  const met = (a: string, b: string): boolean => (history.get(a)?.get(b) ?? 0) > 0;
  const priorByes = byeCounts(state.rounds);

  // Seated exactly once; never a dropped, not-yet-joined or unknown player.
  const seen = new Map<string, number>();
  for (const table of proposal.tables) {
    expect(table.seats.length, `${where}: table ${table.table} seats ${table.seats.join(', ')}`).toBe(2);
    for (const id of table.seats) seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  for (const bye of proposal.byes) seen.set(bye.player, (seen.get(bye.player) ?? 0) + 1);
  for (const [id, count] of seen) {
    const player = byId.get(id);
    expect(player, `${where}: seats unknown player ${id}`).toBeDefined();
    expect(
      activeIds.has(id),
      `${where}: seats ${id}, who ${player?.droppedAfterRound !== undefined ? `dropped after round ${player.droppedAfterRound}` : `joins in round ${player?.joinedRound}`}`,
    ).toBe(true);
    expect(count, `${where}: ${id} is seated ${count} times`).toBe(1);
  }
  for (const p of active) expect(seen.get(p.id), `${where}: active player ${p.id} is not seated`).toBe(1);
  const numbers = proposal.tables.map((t) => t.table);
  expect(new Set(numbers).size, `${where}: duplicate table numbers`).toBe(numbers.length);

  // Awarded byes exactly for rounds 1..awardedByes.
  const awarded = proposal.byes.filter((b) => b.kind === 'awarded').map((b) => b.player).sort();
  const shouldAward = active.filter((p) => p.awardedByes >= round).map((p) => p.id).sort();
  expect(awarded, `${where}: awarded byes`).toEqual(shouldAward);
  expect(proposal.byes.filter((b) => b.kind === 'playoff'), `${where}: playoff byes in a Swiss round`).toEqual([]);

  // Pairing byes: exactly one when the players to pair are odd, none when even.
  const pool = active.filter((p) => p.awardedByes < round);
  const pairingByes = proposal.byes.filter((b) => b.kind === 'pairing');
  expect(pairingByes.length, `${where}: ${pool.length} players to pair, pairing byes ${pairingByes.map((b) => b.player).join(', ')}`).toBe(
    pool.length % 2,
  );

  // No second bye while an active player has none (byes before this round; awarded ones count).
  for (const bye of pairingByes) {
    const had = priorByes.get(bye.player) ?? 0;
    if (had > 0) {
      const without = active.filter((p) => (priorByes.get(p.id) ?? 0) === 0).map((p) => p.id);
      expect(without, `${where}: ${bye.player} gets bye number ${had + 1} while these active players have had none`).toEqual([]);
    }
  }

  // No rematches whenever a rematch-free pairing exists; otherwise the fewest.
  const rematches = proposal.tables.filter((t) => met(t.seats[0]!, t.seats[1]!)).map((t) => t.seats.join('-'));
  const possible = rematchFreeExists(pool, round, met, priorByes);
  if (possible.exists) expect(rematches, `${where}: rematches although a rematch-free pairing exists`).toEqual([]);
  else expect(rematches.length, `${where}: more rematches than necessary`).toBe(possible.minRematches);
}

// ---------------------------------------------------------------------------------------------
// Running an event

function runEvent(plan: EventPlan): EventState {
  const ruleset = getRuleset('mtr');
  const rounds = roundsOf(plan);
  const rng = createRng(plan.resultSeed);
  let state = apply(undefined, {
    type: 'create-event',
    id: 'property-event',
    name: 'Property event',
    ruleset: 'mtr',
    settings: {},
    seed: plan.seed,
    createdAt: '2026-01-01T10:00:00.000Z',
  });
  let draw = 0;
  const register = (id: string, awardedByes: number): void => {
    const command: Command = {
      type: 'register-player',
      player: { id, name: `Player ${id}`, ...(awardedByes > 0 ? { awardedByes } : {}) },
      draw: draw++,
    };
    state = apply(state, command);
  };
  plan.players.forEach((p, i) => register(`p${i}`, p.awardedByes));

  // Drops: at most 30% of the field, and only before the last round.
  const drops = new Map<number, string[]>();
  const maxDrops = Math.floor(0.3 * (plan.players.length + plan.late.length));
  let dropCount = 0;
  const planDrop = (id: string, after: number | null, joined: number): void => {
    if (after === null || after >= rounds || after < joined || dropCount >= maxDrops) return;
    dropCount++;
    drops.set(after, [...(drops.get(after) ?? []), id]);
  };
  plan.players.forEach((p, i) => planDrop(`p${i}`, p.dropAfter, 1));
  const lateAfter = new Map<number, string[]>();
  plan.late.forEach((l, j) => {
    if (l.joinAfter >= rounds) return;
    const id = `late${j}`;
    lateAfter.set(l.joinAfter, [...(lateAfter.get(l.joinAfter) ?? []), id]);
    planDrop(id, l.dropAfter, l.joinAfter + 1);
  });

  for (let round = 1; round <= rounds; round++) {
    const seed = deriveSeed(plan.seed, round);
    let proposal: PairingProposal;
    try {
      proposal = ruleset.pair(state, seed);
    } catch (error) {
      throw new Error(`round ${round}: pair threw: ${String(error)}`);
    }
    checkRound(state, proposal, round);
    state = apply(state, {
      type: 'pair-round',
      round,
      stage: 'swiss',
      tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
      byes: proposal.byes.map((b) => ({ player: b.player, kind: b.kind })),
      seed: proposal.seed,
    });
    for (const table of proposal.tables) {
      const games = RESULTS[rng.int(0, RESULTS.length - 1)]!;
      state = apply(state, { type: 'record-result', round, table: table.table, result: { games: [...games] } });
    }
    for (const id of drops.get(round) ?? []) state = apply(state, { type: 'drop-player', id });
    for (const id of lateAfter.get(round) ?? []) register(id, 0);
  }
  expect(state.rounds.length).toBe(rounds);
  return state;
}

// ---------------------------------------------------------------------------------------------

const sizes = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 8, max: 24 }) },
  { weight: 6, arbitrary: fc.integer({ min: 25, max: 80 }) },
  { weight: 2, arbitrary: fc.integer({ min: 81, max: 160 }) },
  { weight: 1, arbitrary: fc.integer({ min: 161, max: 300 }) },
);

describe('mtr Swiss pairing over whole random events', () => {
  it('seats every active player once, never a rematch, byes only as the rules allow', () => {
    fc.assert(
      fc.property(planArb(sizes), (plan) => {
        runEvent(plan);
      }),
      { numRuns: 60 },
    );
  });

  it('small events with many awarded byes, drops and late entries (8–20 players)', () => {
    const crowded = fc.integer({ min: 8, max: 20 }).chain((size) =>
      fc.record({
        seed: fc.integer({ min: 0, max: 0x7fffffff }),
        roundsPick: fc.nat(1000),
        players: fc.array(
          fc.record({
            awardedByes: weighted([3, 0], [1, 1], [1, 2]),
            dropAfter: fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }) }),
          }),
          { minLength: size, maxLength: size },
        ),
        late: fc.array(fc.record({ joinAfter: fc.integer({ min: 1, max: 4 }), dropAfter: dropArb }), { maxLength: 4 }),
        resultSeed: fc.integer({ min: 0, max: 0x7fffffff }),
      }),
    );
    fc.assert(
      fc.property(crowded, (plan) => {
        runEvent(plan);
      }),
      { numRuns: 80 },
    );
  });

  it('a 300-player, 9-round event with drops and late entries', () => {
    const plan: EventPlan = {
      seed: 20261121,
      roundsPick: 6, // 3 + 6 % 7 = 9 rounds
      players: Array.from({ length: 300 }, (_, i) => ({
        awardedByes: i % 37 === 0 ? 2 : i % 23 === 0 ? 1 : 0,
        dropAfter: i % 11 === 0 ? 1 + (i % 8) : null,
      })),
      late: Array.from({ length: 12 }, (_, j) => ({ joinAfter: 1 + (j % 6), dropAfter: j % 5 === 0 ? 8 : null })),
      resultSeed: 99,
    };
    expect(roundsOf(plan)).toBe(9);
    runEvent(plan);
  });
});
