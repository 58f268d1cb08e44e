/**
 * Organisers' pod policies, seating: how a player count that does not fill pods of n
 * is seated under each house rule — byes, smaller pods at the bottom, smaller pods at the top, pods
 * of n + 1 — for every count from 5 to 64, both pod rule sets, pods of 3, 4 and 5, through the real
 * pairing: every player seated exactly once, pod sizes as the policy says (written out here, not
 * read from the code), byes only under the byes policy. Then where the policies put the odd pods in
 * the standings, App. E read with them, and the documents' own rules still the defaults.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { SettingsPatch } from '../../core/event/commands.js';
import type { EventState, OddCountsPolicy, PairingProposal, PodResult } from '../../core/model/types.js';
import { createRng } from '../../core/random/rng.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { podPlan } from '../../core/rulesets/pods/policies.js';
import { podResult } from '../../core/rulesets/pods/random-result.js';
import { expectedPodSizes } from '../support/exhaustive-pods.js';

type PodRulesetId = 'mstr-2022' | 'mamtr-2024';
const RULESETS: readonly PodRulesetId[] = ['mstr-2022', 'mamtr-2024'];
const POLICIES: readonly OddCountsPolicy[] = ['byes', 'smaller-pods-bottom', 'smaller-pods-top', 'larger-pods'];
const COUNTS = Array.from({ length: 60 }, (_, i) => i + 5);

const idOf = (i: number): string => `p${String(i + 1).padStart(2, '0')}`;

function podEvent(ruleset: PodRulesetId, count: number, settings: SettingsPatch): EventState {
  let state = apply(undefined, { type: 'create-event', id: 'pol', name: 'House rules', ruleset, settings, seed: 7, createdAt: '2026-01-01T10:00:00.000Z' });
  for (let i = 0; i < count; i++) state = apply(state, { type: 'register-player', player: { id: idOf(i), name: `Player ${i + 1}` }, draw: i });
  return state;
}

/** Record a proposal as the next round, with results drawn from `seed` (or those given). */
function record(state: EventState, proposal: PairingProposal, results?: (seats: string[]) => PodResult): EventState {
  const round = state.rounds.length + 1;
  let next = apply(state, { type: 'pair-round', round, stage: 'swiss', tables: proposal.tables.map((t) => ({ table: t.table, seats: t.seats })), byes: proposal.byes, seed: proposal.seed });
  const rng = createRng(round * 101);
  for (const table of proposal.tables) {
    const result = results ? results(table.seats) : podResult(table, 1, rng);
    next = apply(next, { type: 'record-result', round, table: table.table, result: result as Record<string, unknown> });
  }
  return next;
}

/**
 * The pods and byes each policy gives `count` players in pods of n, table 1 first, written out from
 * the policy's words:
 * - byes: count mod n byes, the rest in pods of n;
 * - smaller pods at the bottom: the documents' split (RULES 2; the support oracle), largest first;
 * - smaller pods at the top: the same pods, smallest first;
 * - pods of n + 1: count mod n pods of n + 1 after the pods of n, where they fit; else the
 *   documents' split (n = 4: 6, 7, 11 players).
 */
function expected(policy: OddCountsPolicy, count: number, n: number): { byes: number; sizes: number[] } {
  const document = expectedPodSizes(count, n);
  if (count % n === 0) return { byes: 0, sizes: document };
  const r = count % n;
  switch (policy) {
    case 'byes':
      return { byes: r, sizes: new Array<number>((count - r) / n).fill(n) };
    case 'smaller-pods-bottom':
      return { byes: 0, sizes: document };
    case 'smaller-pods-top':
      return { byes: 0, sizes: [...document].reverse() };
    case 'larger-pods': {
      if (count < r * (n + 1)) return { byes: 0, sizes: document };
      return { byes: 0, sizes: [...new Array<number>((count - r * (n + 1)) / n).fill(n), ...new Array<number>(r).fill(n + 1)] };
    }
  }
}

function expectSeatedOnce(state: EventState, proposal: PairingProposal): void {
  const seen = [...proposal.tables.flatMap((t) => t.seats), ...proposal.byes.map((b) => b.player)];
  expect(new Set(seen).size, 'nobody seated twice').toBe(seen.length);
  expect([...seen].sort()).toEqual(state.players.map((p) => p.id).sort());
}

describe('seating policies for every count from 5 to 64 (round 1, through the pairing)', () => {
  for (const ruleset of RULESETS)
    for (const podSize of [3, 4, 5])
      for (const policy of POLICIES)
        it(`${ruleset}, pods of ${podSize}, ${policy}`, () => {
          for (const count of COUNTS) {
            const state = podEvent(ruleset, count, { podSize, oddCounts: policy });
            const proposal = getRuleset(ruleset).pair(state, 11);
            const want = expected(policy, count, podSize);
            expectSeatedOnce(state, proposal);
            expect(proposal.tables.map((t) => t.seats.length), `${count} players`).toEqual(want.sizes);
            expect(proposal.byes.length, `${count} players: byes`).toBe(want.byes);
            if (policy !== 'byes') expect(proposal.byes).toEqual([]);
            // The plan the pairing follows is the same one App. E reads (recommended-rounds.ts).
            expect(podPlan(policy, count, podSize)).toEqual(want);
          }
        });
});

describe('seating policies in later rounds (pods of 4, every count from 5 to 64)', () => {
  for (const ruleset of RULESETS)
    for (const policy of POLICIES)
      it(`${ruleset}, ${policy}: round 2 and 3 keep the policy's pods; byes only under it, never a second one while avoidable`, () => {
        for (const count of COUNTS) {
          let state = podEvent(ruleset, count, { oddCounts: policy });
          const want = expected(policy, count, 4);
          for (let round = 1; round <= 3; round++) {
            const proposal = getRuleset(ruleset).pair(state, round * 13 + count);
            expectSeatedOnce(state, proposal);
            expect(proposal.tables.map((t) => t.seats.length), `${count} players, round ${round}`).toEqual(want.sizes);
            expect(proposal.byes.length).toBe(want.byes);
            const hadBye = new Set(state.rounds.flatMap((r) => r.byes.map((b) => b.player)));
            // A second bye only once every player has had one.
            if (hadBye.size + want.byes <= count) for (const bye of proposal.byes) expect(hadBye.has(bye.player), `${count}: ${bye.player} second bye`).toBe(false);
            state = record(state, proposal);
          }
        }
      });
});

describe('where each policy seats the odd pods in the standings', () => {
  // 14 players in pods of 4 at Regular REL: round 1 makes four pods (4, 4, 3, 3 or 4, 5, 5), each won
  // by one player; round 2 has those winners on top of the standings.
  function round2(policy: OddCountsPolicy): { proposal: PairingProposal; winners: Set<string>; state: EventState } {
    let state = podEvent('mstr-2022', 14, { oddCounts: policy });
    const rules = getRuleset('mstr-2022');
    const first = rules.pair(state, 5);
    state = record(state, first, (seats) => ({ winner: seats[0] as string }));
    const winners = new Set(first.tables.map((t) => t.seats[0] as string));
    return { proposal: rules.pair(state, 6), winners, state };
  }

  it('smaller pods at the bottom: the winners play in the pods of 4 at the top; the pods of 3 are the last tables', () => {
    const { proposal, winners } = round2('smaller-pods-bottom');
    expect(proposal.tables.map((t) => t.seats.length)).toEqual([4, 4, 3, 3]);
    const top = proposal.tables.slice(0, 2).flatMap((t) => t.seats);
    for (const w of winners) expect(top).toContain(w);
    const smaller = proposal.tables.slice(2).flatMap((t) => t.seats);
    for (const w of winners) expect(smaller).not.toContain(w);
  });

  it('smaller pods at the top: the winners play in the pods of 3, tables 1 and 2', () => {
    const { proposal, winners } = round2('smaller-pods-top');
    expect(proposal.tables.map((t) => t.seats.length)).toEqual([3, 3, 4, 4]);
    const top = proposal.tables.slice(0, 2).flatMap((t) => t.seats);
    for (const w of winners) expect(top).toContain(w);
    expect(proposal.warnings.filter((w) => w.kind === 'smaller-pod').map((w) => w.message)).toEqual([
      expect.stringContaining('Table 1 is a pod of 3'),
      expect.stringContaining('Table 2 is a pod of 3'),
    ]);
  });

  it('pods of n + 1: the winners play in the pod of 4 at the top; the pods of 5 below', () => {
    const { proposal, winners } = round2('larger-pods');
    // 14 = 4 + 5 + 5: three winners of round 1's pods and one more.
    expect(proposal.tables.map((t) => t.seats.length)).toEqual([4, 5, 5]);
    expect(winners.size).toBe(3);
    for (const w of winners) expect(proposal.tables[0]?.seats).toContain(w);
    expect(proposal.warnings.filter((w) => w.kind === 'smaller-pod')).toEqual([]);
  });

  it('byes: the lowest-ranked players sit out, a 0-point player each, under either document', () => {
    for (const ruleset of RULESETS) {
      let state = podEvent(ruleset, 14, { oddCounts: 'byes' });
      const rules = getRuleset(ruleset);
      const first = rules.pair(state, 5);
      expect(first.byes).toHaveLength(2);
      state = record(state, first, (seats) => ({ winner: seats[0] as string }));
      const second = rules.pair(state, 6);
      const standings = rules.standings(state);
      const rank = new Map(standings.map((s) => [s.id, s.rank]));
      const hadBye = new Set(first.byes.map((b) => b.player));
      // The two lowest-ranked players without a bye get this round's.
      const lowest = standings.filter((s) => !hadBye.has(s.id)).slice(-2).map((s) => s.id);
      expect(second.byes.map((b) => b.player).sort()).toEqual(lowest.sort());
      for (const bye of second.byes) expect(rank.get(bye.player)).toBeGreaterThan(8);
    }
  });
});

describe('App. E read with the house rules (invisible players)', () => {
  const note = (ruleset: PodRulesetId, settings: SettingsPatch, players: number) =>
    getRuleset(ruleset).recommendedRounds({ competitors: players }, getRuleset(ruleset).settings(settings));

  it('byes count n − 1 invisible players each, in both documents: 30 players → 36', () => {
    expect(note('mamtr-2024', { oddCounts: 'byes' }, 30)).toMatchObject({ effectivePlayers: 36 });
    expect(note('mamtr-2024', { oddCounts: 'byes' }, 30).note).toContain('2 byes a round (30 mod 4, house rules)');
    expect(note('mstr-2022', { oddCounts: 'byes' }, 30)).toMatchObject({ effectivePlayers: 36 });
    // At Competitive REL the byes are the MSTR's own.
    expect(note('mstr-2022', { rel: 'competitive', oddCounts: 'byes' }, 30).note).toContain('10.4A at Competitive REL');
  });

  it('pods of n + 1 add none; smaller pods as the document counts them (MAMTR: one each; MSTR: none)', () => {
    expect(note('mamtr-2024', { oddCounts: 'larger-pods' }, 30)).toMatchObject({ effectivePlayers: 30 });
    expect(note('mamtr-2024', { oddCounts: 'smaller-pods-top' }, 30)).toMatchObject({ effectivePlayers: 32 });
    expect(note('mstr-2022', { rel: 'competitive', oddCounts: 'smaller-pods-bottom' }, 30)).toMatchObject({ effectivePlayers: 30 });
  });
});

describe("the documents' rules stay the defaults", () => {
  it('no house rule: MSTR byes at Competitive REL, smaller pods at Regular; MAMTR smaller pods — as before', () => {
    for (const count of COUNTS) {
      const competitive = getRuleset('mstr-2022').pair(podEvent('mstr-2022', count, { rel: 'competitive' }), 3);
      expect(competitive.tables.map((t) => t.seats.length)).toEqual(expected('byes', count, 4).sizes);
      expect(competitive.byes).toHaveLength(expected('byes', count, 4).byes);
      for (const ruleset of RULESETS) {
        const regular = getRuleset(ruleset).pair(podEvent(ruleset, count, {}), 3);
        expect(regular.tables.map((t) => t.seats.length)).toEqual(expected('smaller-pods-bottom', count, 4).sizes);
        expect(regular.byes).toEqual([]);
      }
    }
  });

  it("a policy equal to the document's pairs exactly as no policy does", () => {
    for (const count of [13, 22, 37]) {
      const plain = getRuleset('mstr-2022').pair(podEvent('mstr-2022', count, { rel: 'competitive' }), 9);
      const same = getRuleset('mstr-2022').pair(podEvent('mstr-2022', count, { rel: 'competitive', oddCounts: 'byes' }), 9);
      expect(same).toEqual(plain);
      const mamtr = getRuleset('mamtr-2024').pair(podEvent('mamtr-2024', count, {}), 9);
      const mamtrSame = getRuleset('mamtr-2024').pair(podEvent('mamtr-2024', count, { oddCounts: 'smaller-pods-bottom' }), 9);
      expect(mamtrSame).toEqual(mamtr);
    }
  });
});
