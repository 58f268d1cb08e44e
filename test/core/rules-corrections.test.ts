/**
 * The rules corrections. RULES.md (sections 1, 2 and 4) is right and the code
 * follows it; each block below uses the numbers and hand-worked examples of RULES.md.
 */
import { describe, expect, it } from 'vitest';
import { clockView } from '../../core/clock/index.js';
import { headToHeadBracket } from '../../core/documents/bracket-matches.js';
import { buildDocument } from '../../core/documents/index.js';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, PairingProposal, PlayerId, RulesetId, Table, TableResult } from '../../core/model/types.js';
import { pairSwiss, type SwissPlayer } from '../../core/pairing/swiss.js';
import { finalStandings, playoffFinishLabel } from '../../core/rulesets/final-standings.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { mtrNextPlayoffRound } from '../../core/rulesets/mtr/playoffs.js';
import { drawnPodWinner } from '../../core/rulesets/pods/playoffs.js';
import { MAMTR_2024 } from '../../core/rulesets/mamtr-2024.js';
import { MSTR_2022 } from '../../core/rulesets/mstr-2022.js';
import { podSizes } from '../../core/rulesets/pods/pod-sizes.js';
import { podRecommendedRounds } from '../../core/rulesets/pods/recommended-rounds.js';
import { Event, M, T0, at } from '../support/clock.js';

// ---------------------------------------------------------------------------------------------
// Builders: events through the real fold.

const run = (state: EventState | undefined, ...commands: Command[]): EventState => {
  let s = state;
  for (const c of commands) s = apply(s, c);
  return s as EventState;
};

const pid = (i: number): PlayerId => `p${String(i).padStart(2, '0')}`;

function created(ruleset: RulesetId, settings: Record<string, unknown> = {}): EventState {
  return run(undefined, {
    type: 'create-event',
    id: 'e1',
    name: 'Rules corrections',
    ruleset,
    settings,
    seed: 11,
    createdAt: '2024-01-01T00:00:00.000Z',
  });
}

function registered(ruleset: RulesetId, n: number, settings: Record<string, unknown> = {}): EventState {
  let state = created(ruleset, settings);
  for (let i = 1; i <= n; i++) state = run(state, { type: 'register-player', player: { id: pid(i), name: `Player ${i}` }, draw: i });
  return state;
}

type Proposal = Pick<PairingProposal, 'tables' | 'byes' | 'waiting' | 'groups' | 'seed'>;

function pairCommand(state: EventState, proposal: Proposal, stage: 'swiss' | 'playoff', extra: Partial<Extract<Command, { type: 'pair-round' }>> = {}): Command {
  return {
    type: 'pair-round',
    round: state.rounds.length + 1,
    stage,
    tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
    byes: proposal.byes.map((b) => ({ player: b.player, kind: b.kind })),
    ...(proposal.waiting && proposal.waiting.length > 0 ? { waiting: [...proposal.waiting] } : {}),
    ...(proposal.groups ? { groups: proposal.groups.map((g) => [...g]) } : {}),
    seed: proposal.seed,
    ...extra,
  } as Command;
}

/** The result of a table won by seat index `seat`, in the rule set's form. */
function resultFor(state: EventState, table: Table, seat: number): TableResult {
  const family = getRuleset(state.ruleset).family;
  const winner = table.seats[seat] as PlayerId;
  if (family === 'head-to-head') return { games: seat === 0 ? [2, 1, 0] : [1, 2, 0] };
  if (family === 'pods') return { winner };
  const vp: Record<PlayerId, number> = {};
  table.seats.forEach((id, i) => (vp[id] = id === winner ? 10 : i));
  return { vp, defeated: table.seats.filter((id) => id !== winner) };
}

function finishRound(state: EventState, pick: (table: Table) => number): EventState {
  const round = state.rounds[state.rounds.length - 1]!;
  let s = state;
  for (const table of round.tables)
    if (table.result === undefined)
      s = run(s, { type: 'record-result', round: round.number, table: table.table, result: resultFor(s, table, pick(table)) as unknown as Record<string, unknown> });
  return s;
}

/** n players, `rounds` Swiss rounds paired by the rule set, seat 1 winning every table. */
function swissEvent(ruleset: RulesetId, n: number, rounds: number, settings: Record<string, unknown> = {}): EventState {
  let state = registered(ruleset, n, settings);
  for (let r = 1; r <= rounds; r++) {
    state = run(state, pairCommand(state, getRuleset(ruleset).pair(state, r), 'swiss', { beyondAnnounced: true }));
    state = finishRound(state, () => 0);
  }
  return state;
}

function cut(state: EventState, top: number): EventState {
  const pairing = getRuleset(state.ruleset).playoff(state, { top }, 5);
  return run(state, { type: 'start-playoff', top, draft: false, seeds: pairing.seeds }, pairCommand(state, { ...pairing, byes: [] }, 'playoff'));
}

function nextPlayoff(state: EventState): { state: EventState; proposal: PairingProposal } {
  const proposal = getRuleset(state.ruleset).nextPlayoffRound(state, 6);
  if (!proposal) throw new Error('no next playoff round');
  return { state: run(state, pairCommand(state, proposal, 'playoff')), proposal };
}

function expectRefused(fn: () => unknown, code: string, text: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught, 'expected a PodiumError').toBeInstanceOf(PodiumError);
  expect((caught as PodiumError).code).toBe(code);
  expect((caught as PodiumError).message).toMatch(text);
}

const seatsOf = (tables: readonly Table[]) => tables.map((t) => [...t.seats]);

// ---------------------------------------------------------------------------------------------

describe('MTR 2.10: a drop after the cut (RULES 1 "Drops and entries")', () => {
  const base = swissEvent('mtr', 12, 4);

  it('top 8 with seed 6 gone: seed 1 bye, 2 v 8, 3 v 7, 4 v 5', () => {
    let state = run(base, { type: 'start-playoff', top: 8, draft: false, seeds: getRuleset('mtr').playoff(base, { top: 8 }, 5).seeds });
    const s = (k: number) => state.playoff!.seeds[k - 1]!;
    state = run(state, { type: 'drop-player', id: s(6) });
    const proposal = mtrNextPlayoffRound(state, 3)!;
    expect(proposal.byes).toEqual([{ player: s(1), kind: 'playoff' }]);
    expect(seatsOf(proposal.tables)).toEqual([
      [s(2), s(8)],
      [s(3), s(7)],
      [s(4), s(5)],
    ]);
    expect(proposal.warnings.map((w) => w.message).join('\n')).toMatch(/highest-ranked remaining player/);
  });

  it('the next round pairs the winners as the bracket would: seed 1 meets the winner of 4 v 5', () => {
    let state = run(base, { type: 'start-playoff', top: 8, draft: false, seeds: getRuleset('mtr').playoff(base, { top: 8 }, 5).seeds });
    const s = (k: number) => state.playoff!.seeds[k - 1]!;
    state = run(state, { type: 'drop-player', id: s(6) });
    state = nextPlayoff(state).state;
    // The underdogs win: 8, 7 and 5 go on with seed 1.
    state = finishRound(state, () => 1);
    const semi = nextPlayoff(state);
    expect(semi.proposal.byes).toEqual([]);
    expect(seatsOf(semi.proposal.tables)).toEqual([
      [s(1), s(5)],
      [s(7), s(8)],
    ]);
    // Favourites: 1 v 4, 2 v 3.
    let favourites = run(base, { type: 'start-playoff', top: 8, draft: false, seeds: state.playoff!.seeds });
    favourites = run(favourites, { type: 'drop-player', id: s(6) });
    favourites = finishRound(nextPlayoff(favourites).state, () => 0);
    expect(seatsOf(nextPlayoff(favourites).proposal.tables)).toEqual([
      [s(1), s(4)],
      [s(2), s(3)],
    ]);
  });

  it('the drawn bracket shows the round as paired, and feeds seed 1 and the winner of 4 v 5 into one semifinal', () => {
    let state = run(base, { type: 'start-playoff', top: 8, draft: false, seeds: getRuleset('mtr').playoff(base, { top: 8 }, 5).seeds });
    const s = (k: number) => state.playoff!.seeds[k - 1]!;
    state = run(state, { type: 'drop-player', id: s(6) });
    state = finishRound(nextPlayoff(state).state, () => 0);
    const [quarters, semis] = headToHeadBracket(state).columns.map((c) => c.matches);
    expect(quarters!.map((m) => m.slots.map((slot) => slot.id ?? slot.placeholder))).toEqual([
      [s(1), 'bye (MTR 2.10)'],
      [s(4), s(5)],
      [s(2), s(8)],
      [s(3), s(7)],
    ]);
    expect(semis!.map((m) => m.slots.map((slot) => slot.id))).toEqual([
      [s(1), s(4)],
      [s(2), s(3)],
    ]);
    // Once paired, the semifinals are the tables the rule set proposed.
    const paired = nextPlayoff(state).state;
    expect(headToHeadBracket(paired).columns[1]!.matches.map((m) => m.table?.table)).toEqual([1, 2]);
  });

  it('a drop after the quarterfinals: nobody is advanced past an empty seat; the highest seed left gets the bye', () => {
    let state = finishRound(cut(base, 8), () => 0); // 1, 4, 2, 3 advance
    const s = (k: number) => state.playoff!.seeds[k - 1]!;
    state = run(state, { type: 'drop-player', id: s(1) });
    const semi = nextPlayoff(state);
    expect(semi.proposal.byes).toEqual([{ player: s(2), kind: 'playoff' }]);
    expect(seatsOf(semi.proposal.tables)).toEqual([[s(3), s(4)]]);
    state = finishRound(semi.state, () => 1); // 4 beats 3
    const final = nextPlayoff(state);
    expect(seatsOf(final.proposal.tables)).toEqual([[s(2), s(4)]]);
    state = finishRound(final.state, () => 0);
    expect(mtrNextPlayoffRound(state, 1)).toBeNull();
    expect(finalStandings(state)![0]!.id).toBe(s(2));
  });
});

// ---------------------------------------------------------------------------------------------

describe('MAMTR 2.4C with drops (RULES 2 "playoff draw"): the drawn pod\'s winner is fixed when the result is recorded', () => {
  /** Top 7: the pod of seeds 4–7, then the final of seeds 1–3 and that winner; the final draws. */
  function drawnFinal(drop: 'none' | 'before' | 'after', result: (s: (k: number) => PlayerId) => Record<string, unknown> = () => ({ draw: true })): { state: EventState; s: (k: number) => PlayerId } {
    let state = finishRound(cut(swissEvent('mamtr-2024', 23, 3), 7), () => 0);
    const s = (k: number) => state.playoff!.seeds[k - 1]!;
    state = nextPlayoff(state).state;
    const round = state.rounds[state.rounds.length - 1]!;
    expect(round.tables[0]!.seats[0]).toBe(s(1));
    if (drop === 'before') state = run(state, { type: 'drop-player', id: s(1) });
    state = run(state, { type: 'record-result', round: round.number, table: 1, result: result(s) });
    if (drop === 'after') state = run(state, { type: 'drop-player', id: s(1) });
    return { state, s };
  }
  const finalTable = (state: EventState): Table => state.rounds[state.rounds.length - 1]!.tables[0]!;

  it('seed 1 wins a drawn final, and stays champion when they drop afterwards: nothing changes after the final', () => {
    for (const drop of ['none', 'after'] as const) {
      const { state, s } = drawnFinal(drop);
      expect(drawnPodWinner(state, finalTable(state))).toBe(s(1));
      expect(getRuleset('mamtr-2024').nextPlayoffRound(state, 1)).toBeNull();
      const table = finalStandings(state)!;
      expect(table[0]!.id).toBe(s(1));
      expect(playoffFinishLabel(table[0]!.playoff)).toBe('Champion');
      expect(table.slice(1, 4).map((x) => x.playoff)).toEqual(['finalist', 'finalist', 'finalist']);
    }
  });

  it('a drop recorded before the result in the same round is still a player who took part in the draw; one who conceded or was excluded is passed over', () => {
    const dropped = drawnFinal('before');
    expect(drawnPodWinner(dropped.state, finalTable(dropped.state))).toBe(dropped.s(1));
        const conceded = drawnFinal('none', (s) => ({ draw: true, excluded: [s(1)] }));
    expect(drawnPodWinner(conceded.state, finalTable(conceded.state))).toBe(conceded.s(2));
    expect(finalStandings(conceded.state)![0]!.id).toBe(conceded.s(2));
  });

  it('the printed bracket and the final standings name the same 2.4C winner, a dropped one included', () => {
    const { state, s } = drawnFinal('after');
    const printed = JSON.stringify(buildDocument('bracket', state, { pageSize: 'A4', generatedAt: '2026-05-01 14:05' }));
    const name = state.players.find((p) => p.id === s(1))!.name;
    expect(finalStandings(state)![0]!.id).toBe(s(1));
    expect(printed).toContain(`${name} (draw, 2.4C)`);
  });

  it('a drawn first-round pod whose top seed drops afterwards advances nobody in their place, as a pod won outright does', () => {
    const base = cut(swissEvent('mamtr-2024', 23, 3), 7);
    const s = (k: number) => base.playoff!.seeds[k - 1]!;
    const pod = base.rounds[base.rounds.length - 1]!;
    expect(pod.tables[0]!.seats).toEqual([s(4), s(5), s(6), s(7)]);
    for (const result of [{ draw: true }, { winner: s(4) }]) {
      let state = run(base, { type: 'record-result', round: pod.number, table: 1, result });
      state = run(state, { type: 'drop-player', id: s(4) });
      const final = getRuleset('mamtr-2024').nextPlayoffRound(state, 6)!;
      expect(final.tables[0]!.seats).toEqual([s(1), s(2), s(3)]);
      expect(final.warnings.map((w) => w.message).join(' ')).toMatch(/dropped after the cut and is not advanced or replaced/);
      const standings = finalStandings(state)!;
      expect(standings.slice(0, 3).map((x) => x.id)).toEqual([s(1), s(2), s(3)]);
    }
  });

  it('with nobody dropped, the next playoff round advances the 2.4C winner; an excluded top seed is passed over', () => {
    const base = cut(swissEvent('mamtr-2024', 23, 3), 7);
    const s = (k: number) => base.playoff!.seeds[k - 1]!;
    const pod = base.rounds[base.rounds.length - 1]!;
    const drawn = run(base, { type: 'record-result', round: pod.number, table: 1, result: { draw: true } });
    expect(nextPlayoff(drawn).proposal.tables[0]!.seats).toEqual([s(1), s(2), s(3), s(4)]);
    const excluded = run(base, { type: 'record-result', round: pod.number, table: 1, result: { draw: true, excluded: [s(4)] } });
    expect(nextPlayoff(excluded).proposal.tables[0]!.seats).toEqual([s(1), s(2), s(3), s(5)]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('MSTR uneven counts (RULES 2: "Competitive REL byes, to the players with the fewest byes so far, then the lowest-ranked; Regular REL smaller pods; the organiser may choose either as a house rule")', () => {
  const mstr = getRuleset('mstr-2022');

  it('Competitive (and Professional) REL: 14 players in pods of 4 are three pods and two byes; Regular REL: smaller pods, no bye', () => {
    for (const rel of ['competitive', 'professional']) {
      const proposal = mstr.pair(registered('mstr-2022', 14, { rel }), 1);
      expect(proposal.byes.map((b) => b.kind)).toEqual(['pairing', 'pairing']);
      expect(proposal.tables.map((t) => t.seats.length)).toEqual([4, 4, 4]);
    }
    const regular = mstr.pair(registered('mstr-2022', 14, { rel: 'regular' }), 1);
    expect(regular.byes).toEqual([]);
    expect(regular.tables.map((t) => t.seats.length)).toEqual([4, 4, 3, 3]);
    expect(mstr.presentation.houseRules?.(mstr.settings({ rel: 'competitive' }))).toBeUndefined();
    expect(mstr.presentation.houseRules?.(mstr.settings({ rel: 'regular' }))).toBeUndefined();
  });

  it('the byes go to the players with the fewest byes so far, then the lowest-ranked — a player with a bye is passed over however low they stand', () => {
    // A house-rule bye worth 0 points leaves round 1's byes at the bottom of the standings with the losers.
    let state = registered('mstr-2022', 14, { rel: 'competitive', byePoints: 0 });
    state = finishRound(run(state, pairCommand(state, mstr.pair(state, 1), 'swiss')), () => 0);
    const hadBye = new Set(state.rounds[0]!.byes.map((b) => b.player));
    const standings = mstr.standings(state);
    // Round 1's byes are among the lowest-ranked now…
    expect(standings.slice(-4).filter((x) => hadBye.has(x.id))).not.toHaveLength(0);
    // …but the two lowest-ranked of those without a bye get round 2's.
    const expected = standings.filter((x) => !hadBye.has(x.id)).slice(-2).map((x) => x.id);
    expect(mstr.pair(state, 2).byes.map((b) => b.player).sort()).toEqual(expected.sort());
  });

  it('the organiser may choose either as a house rule, which is printed as one', () => {
    const smaller = mstr.pair(registered('mstr-2022', 14, { rel: 'competitive', oddCounts: 'smaller-pods-bottom' }), 1);
    expect(smaller.byes).toEqual([]);
    expect(smaller.tables.map((t) => t.seats.length)).toEqual([4, 4, 3, 3]);
    expect(mstr.presentation.houseRules?.(mstr.settings({ rel: 'competitive', oddCounts: 'smaller-pods-bottom' }))).toBe('House rules: smaller pods at the bottom for odd counts');
    const byes = mstr.pair(registered('mstr-2022', 14, { rel: 'regular', oddCounts: 'byes' }), 1);
    expect(byes.byes).toHaveLength(2);
    expect(mstr.presentation.houseRules?.(mstr.settings({ rel: 'regular', oddCounts: 'byes' }))).toBe('House rules: byes for odd counts');
  });

  it('mamtr-2024: smaller pods, never a bye, at every REL (10.4A)', () => {
    for (const rel of ['regular', 'competitive', 'professional']) expect(getRuleset('mamtr-2024').pair(registered('mamtr-2024', 14, { rel }), 1).byes).toEqual([]);
  });
});

describe('MSTR 2022 recommended rounds: only byes add invisible players', () => {
  const settings = (patch: Record<string, unknown> = {}) => getRuleset('mstr-2022').settings(patch);

  it('13–15 players at Regular REL (smaller pods): 2 rounds, top 4', () => {
    for (const n of [13, 14, 15]) {
      const rec = podRecommendedRounds(MSTR_2022, { competitors: n }, settings());
      expect(rec, `${n} players`).toMatchObject({ swissRounds: 2, top: 4, effectivePlayers: n });
    }
    // 30 players at Regular REL: two pods of 3, still read as 30 (16–32: 3 rounds, top 10).
    expect(podRecommendedRounds(MSTR_2022, { competitors: 30 }, settings())).toMatchObject({ effectivePlayers: 30, swissRounds: 3, top: 10 });
  });

  it('at Competitive REL each bye still adds n − 1 invisible players (30 → 36)', () => {
    expect(podRecommendedRounds(MSTR_2022, { competitors: 30 }, settings({ rel: 'competitive' }))).toMatchObject({ effectivePlayers: 36, swissRounds: 4 });
  });

  it('the MAMTR keeps its rule: each smaller pod adds one (14 → 16)', () => {
    expect(podRecommendedRounds(MAMTR_2024, { competitors: 14 }, getRuleset('mamtr-2024').settings({})).effectivePlayers).toBe(16);
  });
});

// ---------------------------------------------------------------------------------------------

describe('pod sizes where no split into n and n − 1 exists (RULES 2 Decision)', () => {
  it('the RULES examples: n = 4: 5 → 5; n = 5: 6 → 6, 11 → 4 + 4 + 3; n = 3: 4 → 4', () => {
    expect(podSizes(5, 4)).toEqual([5]);
    expect(podSizes(6, 5)).toEqual([6]);
    expect(podSizes(11, 5)).toEqual([4, 4, 3]);
    expect(podSizes(4, 3)).toEqual([4]);
  });

  it('never a pod of fewer than 3 players', () => {
    for (const n of [3, 4, 5])
      for (let count = 3; count <= 60; count++) {
        const sizes = podSizes(count, n);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(count);
        expect(Math.min(...sizes), `${count} players in pods of ${n}: ${sizes.join(' + ')}`).toBeGreaterThanOrEqual(3);
      }
  });

  it('pods of 3: a count that is not a multiple of 3 takes pods of 4', () => {
    expect(podSizes(7, 3)).toEqual([4, 3]);
    expect(podSizes(8, 3)).toEqual([4, 4]);
    expect(podSizes(10, 3)).toEqual([4, 3, 3]);
    expect(podSizes(11, 3)).toEqual([4, 4, 3]);
  });

  it('the pairing seats 4 players in pods of 3 at one table of 4', () => {
    const state = registered('mamtr-2024', 4, { podSize: 3 });
    const proposal = getRuleset('mamtr-2024').pair(state, 1);
    expect(proposal.tables.map((t) => t.seats.length)).toEqual([4]);
    expect(() => run(state, pairCommand(state, proposal, 'swiss'))).not.toThrow();
  });
});

// ---------------------------------------------------------------------------------------------

describe('deck checks: +4 minutes only in a Commander event (RULES 2 "Clock extras")', () => {
  it('both pod rule sets default to the Commander format', () => {
    for (const id of ['mstr-2022', 'mamtr-2024'] as const) {
      const settings = getRuleset(id).settings({});
      expect(settings.format).toBe('commander');
      expect(getRuleset(id).timeLimits(settings, 'swiss').deckCheckExtraMinutes).toBe(4);
      const other = getRuleset(id).settings({ format: 'constructed' });
      expect(getRuleset(id).timeLimits(other, 'swiss').deckCheckExtraMinutes).toBe(3);
      expect(getRuleset(id).timeLimits(getRuleset(id).settings({ format: 'draft' }), 'playoff').deckCheckExtraMinutes).toBe(3);
    }
  });

  it('the clock grants a 5-minute check +3 in a non-Commander pod event, +4 in a Commander one', () => {
    for (const [format, extra] of [
      ['constructed', 8],
      ['commander', 9],
    ] as const) {
      const event = new Event('mamtr-2024', { format });
      event.pair(1, event.register(8), 4);
      event.run(
        { type: 'start-round-clock', round: 1, at: T0 },
        { type: 'start-deck-check', round: 1, table: 2, judge: 'Kim', at: at(1) },
        { type: 'end-deck-check', round: 1, table: 2, at: at(6) },
      );
      expect(clockView(event.state, at(10)).tables.find((t) => t.table === 2)?.extensionMs, format).toBe(extra * M);
    }
  });

  it('head-to-head events have no Commander format', () => {
    expectRefused(() => getRuleset('mtr').settings({ format: 'commander' }), 'invalid-settings', /Commander/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('head-to-head pairing: a rematch forced by rule 1 says so (RULES 1 "Pairing")', () => {
  /** A has had a bye and has met everyone; B..E can pair among themselves without a rematch. */
  const players: SwissPlayer[] = [
    { id: 'A', points: 9, rank: 0, byes: 1 },
    { id: 'B', points: 6, rank: 1, byes: 0 },
    { id: 'C', points: 6, rank: 2, byes: 0 },
    { id: 'D', points: 3, rank: 3, byes: 0 },
    { id: 'E', points: 3, rank: 4, byes: 0 },
  ];
  const met = new Set(['A-B', 'A-C', 'A-D', 'A-E']);
  const input = { players, met: (a: string, b: string) => met.has(`${a}-${b}`) || met.has(`${b}-${a}`) };

  it('the optimiser keeps rule 1 first and reports who the rematch-free pairings would give a second bye', () => {
    const result = pairSwiss(input, 1);
    expect(result.bye).toBe('E');
    expect(result.rematches).toBe(1);
    expect(result.rematchCause).toEqual({ kind: 'second-bye', players: ['A'], complete: true });
  });

  it('no cause is reported when a rematch-free pairing truly does not exist', () => {
    const all = new Set(['A-B', 'A-C', 'A-D', 'A-E', 'B-C', 'B-D', 'B-E', 'C-D', 'C-E', 'D-E']);
    const result = pairSwiss({ players, met: (a, b) => all.has(`${a}-${b}`) || all.has(`${b}-${a}`) }, 1);
    expect(result.rematches).toBeGreaterThan(0);
    expect(result.rematchCause).toEqual({ kind: 'none-exists' });
  });

  it('the pairing check words it: "every rematch-free pairing would give X a second bye"', () => {
    // A: rounds 1–3 against B, C, D; a bye in round 4; E in round 5. B–D and C–E never meet.
    const names = ['A', 'B', 'C', 'D', 'E'];
    let state = created('mtr');
    names.forEach((name, i) => (state = run(state, { type: 'register-player', player: { id: name, name: `Player ${name}` }, draw: i + 1 })));
    const rounds: [string[][], string][] = [
      [[['A', 'B'], ['C', 'D']], 'E'],
      [[['A', 'C'], ['B', 'E']], 'D'],
      [[['A', 'D'], ['B', 'C']], 'E'],
      [[['B', 'C'], ['D', 'E']], 'A'],
      [[['A', 'E'], ['B', 'C']], 'D'],
    ];
    rounds.forEach(([tables, bye], r) => {
      state = run(state, {
        type: 'pair-round',
        round: r + 1,
        stage: 'swiss',
        tables: tables.map((seats, t) => ({ table: t + 1, seats })),
        byes: [{ player: bye, kind: 'pairing' }],
        seed: r + 1,
        beyondAnnounced: true,
      });
      state = finishRound(state, () => 0);
    });
    const proposal = getRuleset('mtr').pair(state, 9);
    const rematch = proposal.warnings.find((w) => w.kind === 'rematch');
    expect(rematch, JSON.stringify(proposal)).toBeDefined();
    expect(rematch!.message).toMatch(/every rematch-free pairing would give Player A a second bye/);
    expect(rematch!.message).not.toMatch(/no pairing without a rematch exists/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('settings that define scoring lock once round 1 is paired (RULES 4)', () => {
  const paired = (): EventState => {
    const state = registered('mamtr-2024', 9, { podSize: 3 });
    return run(state, pairCommand(state, getRuleset('mamtr-2024').pair(state, 1), 'swiss'));
  };

  it('before round 1 the pod size may change', () => {
    expect(run(registered('mamtr-2024', 9, { podSize: 3 }), { type: 'set-settings', settings: { podSize: 5 } }).settings.podSize).toBe(5);
  });

  it('after round 1 is paired, pod size 3 → 5 is refused in words, naming the setting', () => {
    expectRefused(() => run(paired(), { type: 'set-settings', settings: { podSize: 5 } }), 'not-allowed', /pod size.*round 1 is paired/i);
    // Setting it to what it already is changes nothing and is allowed; so are settings that do not score.
    expect(run(paired(), { type: 'set-settings', settings: { podSize: 3, lastTurnMinutes: 20 } }).settings.lastTurnMinutes).toBe(20);
  });

  it('games to win, teams and Two-Headed Giant lock too', () => {
    let state = registered('mtr', 8);
    state = run(state, pairCommand(state, getRuleset('mtr').pair(state, 1), 'swiss'));
    expectRefused(() => run(state, { type: 'set-settings', settings: { gamesToWin: 1 } }), 'not-allowed', /games to win/i);
    expectRefused(() => run(state, { type: 'set-settings', settings: { twoHeadedGiant: true } }), 'not-allowed', /Two-Headed Giant/);
  });

  it('the announced number of rounds cannot change after round 1, even with a reason (MTR 10.2)', () => {
    // Announcing a number for the first time after round 1 is a change too.
    expectRefused(() => run(paired(), { type: 'set-settings', settings: { swissRounds: 3 } }), 'not-allowed', /cannot change once round 1 is paired.*none was announced/i);
    expectRefused(() => run(paired(), { type: 'set-settings', settings: { swissRounds: 3 }, reason: 'announced late' }), 'not-allowed', /MTR 10\.2/);
  });

  it('pairing a Swiss round past the announced number asks first (beyondAnnounced)', () => {
    let state = registered('mtr', 8, { swissRounds: 1 });
    state = finishRound(run(state, pairCommand(state, getRuleset('mtr').pair(state, 1), 'swiss')), () => 0);
    const proposal = getRuleset('mtr').pair(state, 2);
    expectRefused(() => run(state, pairCommand(state, proposal, 'swiss')), 'not-allowed', /announced 1 Swiss round/);
    expect(run(state, pairCommand(state, proposal, 'swiss', { beyondAnnounced: true })).rounds).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------

describe('Lightseekers final standings: places 2 to k by the final table', () => {
  it('the final table in VP order (then last standing), then the rest in Swiss order', () => {
    let state = cut(swissEvent('lightseekers-competitive', 13, 3), 5);
    const swiss = getRuleset('lightseekers-competitive').standings(state).map((x) => x.id);
    const final = state.rounds[state.rounds.length - 1]!;
    const seats = final.tables[0]!.seats;
    const seed = (id: PlayerId) => state.playoff!.seeds.indexOf(id) + 1;
    // Seats follow the choosing order, the lowest seed first: seeds 5, 4, 3, 2, 1.
    expect(seats.map(seed)).toEqual([5, 4, 3, 2, 1]);
    const [s0, s1, s2, s3, s4] = seats as [PlayerId, PlayerId, PlayerId, PlayerId, PlayerId];
    // Seed 3 wins with 10 VP; seeds 5 and 2 tie on 5 VP and seed 2 lasted longer; seed 1 has 3, seed 4 has 1.
    state = run(state, {
      type: 'record-result',
      round: final.number,
      table: 1,
      result: { vp: { [s0]: 5, [s1]: 1, [s2]: 10, [s3]: 5, [s4]: 3 }, defeated: [s1, s0, s4, s3] },
    });
    const table = finalStandings(state)!;
    expect(table.slice(0, 5).map((x) => x.id)).toEqual([s2, s3, s0, s4, s1]);
    expect(table.slice(0, 5).map((x) => playoffFinishLabel(x.playoff))).toEqual(['Champion', 'Finalist', 'Finalist', 'Finalist', 'Finalist']);
    expect(table.slice(5).map((x) => x.id)).toEqual(swiss.filter((id) => !seats.includes(id)));
  });

  it('the rule set speaks Lightseekers: no REL, no document citations, no Magic infraction names', () => {
    for (const id of ['lightseekers-casual', 'lightseekers-competitive', 'lightseekers-large'] as const) {
      expect(getRuleset(id).terms).toEqual({ rel: false, document: null, ipg: false });
    }
    expect(getRuleset('mtr').terms).toEqual({ rel: true, document: 'MTR', ipg: true });
    expect(getRuleset('mamtr-2024').terms).toEqual({ rel: true, document: 'MAMTR', ipg: true });
    expect(getRuleset('mstr-2022').terms).toEqual({ rel: true, document: 'MSTR', ipg: true });
  });
});
