/**
 * Whole random pod events driven through the real core (apply + the rule set's pair), checking the
 * pod pairing rules of RULES 2 "Pairing" (MSTR/MAMTR 10.4A) on every round:
 *   - every active player is seated exactly once (a pod or a bye), and nobody else is;
 *   - pod sizes are legal: the sizes of RULES 2 for the count (largest first, so the smaller pods are
 *     the bottom tables), or — only `mstr-2022` above Regular REL — all pods of n with count mod n
 *     byes, to the lowest ranked among the players with the fewest byes;
 *   - the proposal is never worse than the procedure of 10.4A — the top-to-bottom pass that skips,
 *     then swaps with the nearest pods (test/support/pod-procedure.ts, written independently): no
 *     more repeats, then no more second smaller pods, then a points spread inside pods at most 5 %
 *     above the procedure's; and by the objective of core/pairing/pods.ts (repeats, second smaller
 *     pods, points moved, pods moved, lexicographic, test/support/exhaustive-pods.ts) never worse
 *     either; up to 12 players it is the exact optimum over every arrangement;
 *   - no repeated pod-mates, and (mamtr-2024) nobody in a second smaller pod, where an arrangement
 *     avoids it. When that is known:
 *       · up to 12 players: exactly, as above;
 *       · when the pods are at least one more than the most opponents any seated player has met,
 *         repeats are avoidable (Hajnal–Szemerédi: a graph of maximum degree Δ has an equitable
 *         colouring with any k ≥ Δ + 1 colours, and equitable classes are exactly the pod sizes);
 *       · 40 players or more within the recommended rounds (App. E): assumed avoidable, as the issue
 *         asks (the field is far from crowded): no repeats; and no second smaller pod while the
 *         players who have not sat in one are at least twice the smaller-pod seats (pods of 3 or 5
 *         can need many smaller pods: 46 players in pods of 5 are 6×5 + 4×4, 16 seats a round, and
 *         by round 3 too few players are left without one; a counterexample of 43 players in pods
 *         of 5 had exactly 8 such players for 8 seats, two groups of three of them having met);
 *     otherwise only validity is checked.
 * Events: 5–500 players, both rule sets (mstr-2022 at Regular and Competitive REL), pods of 3–5,
 * 2 to the recommended number of rounds (at most 6), drops ('drop-player') and late entries
 * ('register-player' after round 1), random results in every form (core/simulate.ts podResult).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import { byeCounts, isActiveIn, opponentHistory } from '../../core/event/queries.js';
import type { EventState, PairingProposal, Rel } from '../../core/model/types.js';
import { createRng, deriveSeed } from '../../core/random/rng.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { podResult } from '../../core/rulesets/pods/random-result.js';
import { bruteForceObjective, compareObjective, expectedPodSizes, MAX_BRUTE_FORCE_PLAYERS, objectiveOf, rankedField, scorePods } from '../support/exhaustive-pods.js';
import { notWorse, passAndSwaps, procedureScore } from '../support/pod-procedure.js';

type PodRulesetId = 'mstr-2022' | 'mamtr-2024';

interface EventPlan {
  ruleset: PodRulesetId;
  rel: Rel;
  podSize: number;
  seed: number;
  players: number;
  /** Picks the number of rounds in [2, recommended]. */
  roundsPick: number;
  /** After round `after`, the active player at index pick mod (active count) drops. */
  drops: { after: number; pick: number }[];
  /** Late entries: registered after round `joinAfter` (≥ 1). */
  late: { joinAfter: number }[];
  resultSeed: number;
}

function planArb(sizes: fc.Arbitrary<number>): fc.Arbitrary<EventPlan> {
  return fc
    .record({
      ruleset: fc.constantFrom<PodRulesetId>('mstr-2022', 'mamtr-2024'),
      relPick: fc.nat(9),
      podSize: fc.oneof({ weight: 2, arbitrary: fc.constant(4) }, { weight: 1, arbitrary: fc.constantFrom(3, 5) }),
      seed: fc.integer({ min: 0, max: 0x7fffffff }),
      players: sizes,
      roundsPick: fc.nat(1000),
      resultSeed: fc.integer({ min: 0, max: 0x7fffffff }),
    })
    .chain((base) =>
      fc.record({
        drops: fc.array(fc.record({ after: fc.integer({ min: 1, max: 6 }), pick: fc.nat(10_000) }), { maxLength: Math.max(1, Math.floor(base.players / 6)) }),
        late: fc.array(fc.record({ joinAfter: fc.integer({ min: 1, max: 5 }) }), { maxLength: Math.max(1, Math.floor(base.players / 10)) }),
      }).map(({ drops, late }): EventPlan => {
        const { relPick, ...rest } = base;
        // MSTR at Competitive REL (byes) about half the time; MAMTR ignores the REL for pairing.
        const rel: Rel = relPick < 5 ? 'competitive' : relPick < 9 ? 'regular' : 'professional';
        return { ...rest, rel, drops, late };
      }),
    );
}

/** 2 to the recommended Swiss rounds (App. E, counting byes / smaller pods), at most 6. */
function roundsOf(plan: EventPlan): { rounds: number; recommended: number } {
  const ruleset = getRuleset(plan.ruleset);
  const settings = ruleset.settings({ podSize: plan.podSize, rel: plan.rel });
  const recommended = Math.max(2, ruleset.recommendedRounds({ competitors: plan.players }, settings).swissRounds);
  const max = Math.min(6, recommended);
  return { rounds: 2 + (plan.roundsPick % (max - 1)), recommended };
}

// ---------------------------------------------------------------------------------------------
// Checks of one proposed round

/** Swiss pods smaller than n each player sat in. */
function smallerBefore(state: EventState): Map<string, number> {
  const counts = new Map<string, number>();
  for (const round of state.rounds)
    if (round.stage === 'swiss')
      for (const table of round.tables)
        if (table.seats.length < state.settings.podSize) for (const id of table.seats) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

function checkRound(state: EventState, proposal: PairingProposal, round: number, recommended: number): void {
  const where = `${state.ruleset} (${state.settings.rel}, pods of ${state.settings.podSize}) round ${round}`;
  const n = state.settings.podSize;
  const active = state.players.filter((p) => isActiveIn(p, round));
  const activeIds = new Set(active.map((p) => p.id));
  const count = active.length;

  // Seated exactly once; never a dropped, not-yet-joined or unknown player.
  const seen = new Map<string, number>();
  for (const table of proposal.tables) for (const id of table.seats) seen.set(id, (seen.get(id) ?? 0) + 1);
  for (const bye of proposal.byes) seen.set(bye.player, (seen.get(bye.player) ?? 0) + 1);
  for (const [id, times] of seen) {
    expect(activeIds.has(id), `${where}: seats ${id}, who is not active`).toBe(true);
    expect(times, `${where}: ${id} is seated ${times} times`).toBe(1);
  }
  for (const p of active) expect(seen.get(p.id), `${where}: active player ${p.id} is not seated`).toBe(1);
  expect(proposal.tables.map((t) => t.table), `${where}: table numbers`).toEqual(proposal.tables.map((_, i) => i + 1));

  // Pod sizes, and byes only where allowed.
  const sizes = proposal.tables.map((t) => t.seats.length);
  const usesByes = state.ruleset === 'mstr-2022' && state.settings.rel !== 'regular';
  if (usesByes && count > n && count % n !== 0) {
    expect(sizes, `${where}: ${count} players, all pods of ${n}`).toEqual(new Array<number>(Math.floor(count / n)).fill(n));
    expect(proposal.byes.length, `${where}: byes`).toBe(count % n);
    expect(proposal.byes.every((b) => b.kind === 'pairing')).toBe(true);
    // Lowest ranked among the fewest byes.
    const byes = byeCounts(state.rounds);
    const order = getRuleset(state.ruleset)
      .standings(state)
      .map((s) => s.id)
      .filter((id) => activeIds.has(id));
    const expected = order
      .map((id, rank) => ({ id, rank, byes: byes.get(id) ?? 0 }))
      .sort((a, b) => a.byes - b.byes || b.rank - a.rank)
      .slice(0, count % n)
      .map((p) => p.id);
    expect(new Set(proposal.byes.map((b) => b.player)), `${where}: bye recipients`).toEqual(new Set(expected));
  } else {
    expect(sizes, `${where}: ${count} players`).toEqual(expectedPodSizes(count, n));
    expect(proposal.byes, `${where}: no byes`).toEqual([]);
  }

  // Repeats and second smaller pods.
  const history = opponentHistory(state.rounds);
  const before = smallerBefore(state);
  const limit = state.ruleset === 'mamtr-2024';
  const field = {
    ids: proposal.tables.flatMap((t) => t.seats),
    sizes: [...sizes].sort((a, b) => b - a),
    podSize: n,
    met: (a: string, b: string) => (history.get(a)?.get(b) ?? 0) > 0,
    smallerBefore: (id: string) => before.get(id) ?? 0,
    limitSmallerPods: limit,
  };
  const got = scorePods(field, proposal.tables.map((t) => t.seats));
  expect(proposal.warnings.filter((w) => w.kind === 'rematch').length, `${where}: one warning per repeat`).toBe(got.repeats);

  // Never worse than the procedure of 10.4A: by repeats, second smaller pods and the spread inside
  // pods (within 5 %), and by the whole objective of core/pairing/pods.ts; the exact optimum where
  // every arrangement can be tried.
  const ranked = rankedField(state, proposal);
  const pods = proposal.tables.map((t) => t.seats);
  const procedure = passAndSwaps(ranked);
  const score = procedureScore(ranked, pods);
  const reference = procedureScore(ranked, procedure);
  expect(notWorse(score, reference), `${where}: ${JSON.stringify(score)} vs the pass and swaps ${JSON.stringify(reference)}`).toBe(true);
  const objective = objectiveOf(ranked, pods);
  expect(objective.repeats).toBe(got.repeats);
  const baseline = objectiveOf(ranked, procedure);
  expect(compareObjective(objective, baseline), `${where}: ${JSON.stringify(objective)} vs the pass and swaps ${JSON.stringify(baseline)}`).toBeLessThanOrEqual(0);
  const seated = field.ids.length;
  if (seated <= MAX_BRUTE_FORCE_PLAYERS) {
    const { arrangements: _, ...best } = bruteForceObjective(ranked);
    expect(compareObjective(objective, best), `${where}: ${seated} seated, ${JSON.stringify(objective)} vs the best arrangement ${JSON.stringify(best)}`).toBe(0);
    return;
  }
  const seatedIds = new Set(field.ids);
  let maxDegree = 0;
  for (const id of field.ids) {
    let degree = 0;
    for (const other of history.get(id)?.keys() ?? []) if (seatedIds.has(other)) degree++;
    maxDegree = Math.max(maxDegree, degree);
  }
  const large = seated >= 40 && round <= recommended;
  if (large || sizes.length >= maxDegree + 1)
    expect(got.repeats, `${where}: ${seated} seated in ${sizes.length} pods, most opponents met ${maxDegree}: repeats`).toBe(0);
  if (large && limit) {
    // Only players who have not sat in a smaller pod can fill the smaller pods without a second one.
    // Pods of 3 or 5 can need many smaller pods (46 players in pods of 5: 6×5 + 4×4, 16 seats a
    // round), and the players left without one may have met each other, so a second smaller pod
    // is only clearly avoidable when they are plenty: at least twice the smaller-pod seats.
    const smallerSeats = sizes.filter((size) => size < n).reduce((a, b) => a + b, 0);
    const fresh = field.ids.filter((id) => (before.get(id) ?? 0) === 0).length;
    if (fresh >= 2 * smallerSeats)
      expect(got.secondSmaller, `${where}: players in a second smaller pod (${smallerSeats} smaller-pod seats, ${fresh} players without one)`).toBe(0);
  }
}

// ---------------------------------------------------------------------------------------------
// Running an event

function runEvent(plan: EventPlan): EventState {
  const ruleset = getRuleset(plan.ruleset);
  const { rounds, recommended } = roundsOf(plan);
  const rng = createRng(plan.resultSeed);
  let state = apply(undefined, {
    type: 'create-event',
    id: 'pod-property-event',
    name: 'Pod property event',
    ruleset: plan.ruleset,
    settings: { podSize: plan.podSize, rel: plan.rel },
    seed: plan.seed,
    createdAt: '2026-01-01T10:00:00.000Z',
  });
  let registered = 0;
  const register = (id: string): void => {
    state = apply(state, { type: 'register-player', player: { id, name: `Player ${id}` }, draw: rng.int(0, 2 ** 31 - 1) });
    registered++;
  };
  for (let i = 0; i < plan.players; i++) register(`p${i}`);
  // Never fewer active players than a pod and a bit (and never below 5).
  const floor = Math.max(5, plan.podSize + 1);

  for (let round = 1; round <= rounds; round++) {
    let proposal: PairingProposal;
    try {
      proposal = ruleset.pair(state, deriveSeed(plan.seed, round));
    } catch (error) {
      throw new Error(`round ${round}: pair threw: ${String(error)}`);
    }
    checkRound(state, proposal, round, recommended);
    state = apply(state, {
      type: 'pair-round',
      round,
      stage: 'swiss',
      tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
      byes: proposal.byes.map((b) => ({ player: b.player, kind: b.kind })),
      seed: proposal.seed,
    });
    for (const table of proposal.tables)
      state = apply(state, { type: 'record-result', round, table: table.table, result: podResult(table, state.settings.gamesToWin, rng) as Record<string, unknown> });
    if (round === rounds) break;
    for (const drop of plan.drops.filter((d) => d.after === round)) {
      const active = state.players.filter((p) => isActiveIn(p, round + 1));
      if (active.length <= floor) break;
      state = apply(state, { type: 'drop-player', id: active[drop.pick % active.length]!.id });
    }
    for (const entry of plan.late.filter((l) => l.joinAfter === round)) register(`late${registered}`);
  }
  expect(state.rounds.length).toBe(rounds);
  return state;
}

// ---------------------------------------------------------------------------------------------

const sizes = fc.oneof(
  { weight: 10, arbitrary: fc.integer({ min: 5, max: 12 }) },
  { weight: 8, arbitrary: fc.integer({ min: 13, max: 40 }) },
  { weight: 5, arbitrary: fc.integer({ min: 41, max: 150 }) },
  { weight: 2, arbitrary: fc.integer({ min: 151, max: 500 }) },
);

describe('pod pairing over whole random events (mstr-2022, mamtr-2024)', () => {
  it('seats every active player once in legal pods, avoids repeats and second smaller pods, byes only where allowed', () => {
    fc.assert(
      fc.property(planArb(sizes), (plan) => {
        runEvent(plan);
      }),
      { numRuns: 120 },
    );
  });

  it('crowded small fields (5–16 players, pods of 3–5) up to the recommended rounds', () => {
    fc.assert(
      fc.property(planArb(fc.integer({ min: 5, max: 16 })), (plan) => {
        const max = Math.min(6, roundsOf(plan).recommended);
        runEvent({ ...plan, roundsPick: max - 2 });
      }),
      { numRuns: 100 },
    );
  });

  for (const ruleset of ['mamtr-2024', 'mstr-2022'] as const) {
    it(`a 500-player, 6-round ${ruleset} event with drops and late entries`, () => {
      const plan: EventPlan = {
        ruleset,
        rel: 'competitive',
        podSize: 4,
        seed: 20261121,
        players: 500,
        roundsPick: 4, // 2 + 4 mod 5 = 6 rounds
        drops: Array.from({ length: 40 }, (_, i) => ({ after: 1 + (i % 5), pick: i * 37 })),
        late: Array.from({ length: 9 }, (_, j) => ({ joinAfter: 1 + (j % 4) })),
        resultSeed: 99,
      };
      expect(roundsOf(plan).rounds).toBe(6);
      runEvent(plan);
    });
  }
});
