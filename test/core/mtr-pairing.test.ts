/**
 * mtrPair beyond plain Swiss: draft pods (MTR 7.6), awarded byes (App. E), team and Two-Headed
 * Giant events (MTR 8, 9), and the pairing check in words.
 */
import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/event/commands.js';
import { apply } from '../../core/event/apply.js';
import type { EventState, PairingProposal } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';

const mtr = getRuleset('mtr');

function event(settings: Record<string, unknown>, players: { id: string; name: string; draftPod?: number; awardedByes?: number; members?: { seat: 'A' | 'B' | 'C'; name: string }[] }[]): EventState {
  let state = apply(undefined, { type: 'create-event', id: 'e', name: 'Pairing', ruleset: 'mtr', settings, seed: 3, createdAt: '2026-11-21T09:00:00Z' });
  players.forEach((player, i) => {
    state = apply(state, { type: 'register-player', player, draw: i });
  });
  return state;
}

function playRound(state: EventState, proposal: PairingProposal, result: (seats: string[]) => Record<string, unknown>): EventState {
  let next = apply(state, { type: 'pair-round', round: state.rounds.length + 1, stage: 'swiss', tables: proposal.tables, byes: proposal.byes, seed: proposal.seed } as Command);
  for (const table of proposal.tables) next = apply(next, { type: 'record-result', round: next.rounds.length, table: table.table, result: result(table.seats) });
  return next;
}

describe('draft pods (MTR 7.6)', () => {
  const players = Array.from({ length: 16 }, (_, i) => ({ id: `p${i}`, name: `Player ${i}`, draftPod: i < 8 ? 1 : 2 }));
  const podOf = (id: string) => (Number(id.slice(1)) < 8 ? 1 : 2);

  it('pairs only inside the draft pod, round after round', () => {
    let state = event({ format: 'draft' }, players);
    for (let round = 1; round <= 3; round++) {
      const proposal = mtr.pair(state, round);
      for (const table of proposal.tables) expect(podOf(table.seats[0]!)).toBe(podOf(table.seats[1]!));
      state = playRound(state, proposal, () => ({ games: [2, 1, 0] }));
    }
  });

  it('pairs across pods when the organiser lifts it at Regular REL', () => {
    const state = event({ format: 'draft', pairWithinDraftPods: false }, players);
    const crossings = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) =>
      mtr.pair(state, seed).tables.filter((t) => podOf(t.seats[0]!) !== podOf(t.seats[1]!)).length,
    );
    expect(Math.max(...crossings)).toBeGreaterThan(0);
  });

  it('gives each odd pod its own bye', () => {
    const odd = players.filter((p) => p.id !== 'p7' && p.id !== 'p15').concat([{ id: 'x', name: 'Extra', draftPod: 1 }]);
    // pod 1: p0–p6 + x = 8; pod 2: p8–p14 = 7 → one bye, in pod 2
    const proposal = mtr.pair(event({ format: 'draft' }, odd), 9);
    expect(proposal.byes).toHaveLength(1);
    expect(podOf(proposal.byes[0]!.player)).toBe(2);
  });
});

describe('awarded byes (MTR App. E)', () => {
  it('a player with 2 awarded byes sits out rounds 1 and 2 with a bye and is paired in round 3', () => {
    const players = Array.from({ length: 9 }, (_, i) => ({ id: `p${i}`, name: `Player ${i}`, awardedByes: i === 0 ? 2 : 0 }));
    let state = event({}, players);
    for (let round = 1; round <= 3; round++) {
      const proposal = mtr.pair(state, round);
      const awarded = proposal.byes.filter((b) => b.kind === 'awarded').map((b) => b.player);
      expect(awarded).toEqual(round <= 2 ? ['p0'] : []);
      // 8 others are even: no pairing bye while p0 has an awarded one; in round 3, 9 players → one.
      expect(proposal.byes.filter((b) => b.kind === 'pairing')).toHaveLength(round <= 2 ? 0 : 1);
      if (round <= 2) expect(proposal.warnings.some((w) => w.kind === 'info' && /awarded bye for round/.test(w.message))).toBe(true);
      state = playRound(state, proposal, () => ({ games: [2, 0, 0] }));
    }
    const p0 = mtr.standings(state).find((s) => s.id === 'p0')!;
    expect(p0.record.byes).toBeGreaterThanOrEqual(2);
  });
});

describe('teams and Two-Headed Giant (MTR 8, 9)', () => {
  const team = (i: number, size: 2 | 3) => ({
    id: `t${i}`,
    name: `Team ${i}`,
    members: (['A', 'B', 'C'] as const).slice(0, size).map((seat) => ({ seat, name: `${seat}${i}` })),
  });

  it('pairs teams of 3 as competitors and scores them by seat matches won', () => {
    let state = event({ teamSize: 3 }, [1, 2, 3, 4].map((i) => team(i, 3)));
    const proposal = mtr.pair(state, 1);
    expect(proposal.tables).toHaveLength(2);
    state = playRound(state, proposal, () => ({ matches: [[2, 0, 0], [0, 2, 0], [2, 1, 0]] }));
    const standings = mtr.standings(state);
    expect(standings.filter((s) => s.points === 3)).toHaveLength(2);
    expect(standings.every((s) => s.tiebreakers.gw === 0)).toBe(true);
    const second = mtr.pair(state, 2);
    const winners = new Set(standings.filter((s) => s.points === 3).map((s) => s.id));
    expect(second.tables.some((t) => winners.has(t.seats[0]!) && winners.has(t.seats[1]!))).toBe(true);
  });

  it('Two-Headed Giant: one-game matches between teams of 2', () => {
    let state = event({ twoHeadedGiant: true }, [1, 2, 3, 4, 5].map((i) => team(i, 2)));
    const proposal = mtr.pair(state, 1);
    expect(proposal.tables).toHaveLength(2);
    expect(proposal.byes).toHaveLength(1);
    expect(() => playRound(state, proposal, () => ({ games: [2, 0, 0] }))).toThrow(/best-of-1|one game|1 game/i);
    state = playRound(state, proposal, () => ({ games: [1, 0, 0] }));
    expect(mtr.standings(state)[0]!.points).toBe(3);
  });
});

describe('the pairing check, in words', () => {
  it('names a pair-down with both players and their points', () => {
    const players = Array.from({ length: 6 }, (_, i) => ({ id: `p${i}`, name: `Player ${i}` }));
    let state = event({}, players);
    state = playRound(state, mtr.pair(state, 1), () => ({ games: [2, 0, 0] }));
    // 3 winners on 3 points, 3 losers on 0: one pair-down is unavoidable.
    const proposal = mtr.pair(state, 2);
    const downs = proposal.warnings.filter((w) => w.kind === 'pair-down');
    expect(downs).toHaveLength(1);
    expect(downs[0]!.message).toMatch(/^Player \d \(3 points\) is paired down against Player \d \(0 points\)$/);
  });

  it('explains an unavoidable rematch by naming the round they met', () => {
    let state = event({}, [
      { id: 'a', name: 'Ana Archer' },
      { id: 'b', name: 'Bo Berg' },
    ]);
    state = playRound(state, mtr.pair(state, 1), () => ({ games: [2, 0, 0] }));
    const warning = mtr.pair(state, 2).warnings.find((w) => w.kind === 'rematch');
    expect(warning?.message).toMatch(/Ana Archer and Bo Berg played in round 1/);
  });
});
