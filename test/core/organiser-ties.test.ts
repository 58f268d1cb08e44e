/**
 * RULES 3 "organiser's choice": players equal on game wins, VP, longevity and best VP are the
 * organiser's to order. A `decide-tie` command records that order (journaled, undoable); the
 * standings, the final-table cut and its choosing order follow it; an order for players who are not
 * exactly such a tie, or in a rule set that breaks every tie itself, is refused in words.
 */
import { describe, expect, it } from 'vitest';
import { apply, replay } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, PlayerId } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { formatTranscript, loadTranscript, stateToTranscript } from '../../core/transcript/index.js';

const run = (state: EventState | undefined, ...commands: Command[]): EventState => {
  let s = state;
  for (const c of commands) s = apply(s, c);
  return s as EventState;
};

const pid = (i: number): PlayerId => `p${String(i).padStart(2, '0')}`;

/**
 * 8 players, one round of two tables of 4 with the same result by seat: the players of one seat at
 * the two tables are equal on every criterion.
 */
function tiedEvent(ruleset: 'lightseekers-competitive' | 'mtr' = 'lightseekers-competitive'): { state: EventState; commands: Command[] } {
  const commands: Command[] = [{ type: 'create-event', id: 'e1', name: 'Tie Cup', ruleset, settings: {}, seed: 5, createdAt: '2026-01-01T00:00:00.000Z' }];
  for (let i = 1; i <= 8; i++) commands.push({ type: 'register-player', player: { id: pid(i), name: `Player ${i}` }, draw: i });
  let state = run(undefined, ...commands);
  const proposal = getRuleset(ruleset).pair(state, 3);
  const pair: Command = { type: 'pair-round', round: 1, stage: 'swiss', tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: 3 };
  commands.push(pair);
  state = run(state, pair);
  for (const table of state.rounds[0]!.tables) {
    const result =
      ruleset === 'mtr'
        ? { games: [2, 0, 0] }
        : { vp: Object.fromEntries(table.seats.map((id, i) => [id, 12 - 3 * i])), defeated: [...table.seats.slice(1)].reverse() };
    const record: Command = { type: 'record-result', round: 1, table: table.table, result };
    commands.push(record);
    state = run(state, record);
  }
  return { state, commands };
}

function refused(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PodiumError);
    return (error as PodiumError).message;
  }
  throw new Error('expected a refusal');
}

describe('the organiser decides a tie (RULES 3)', () => {
  const { state, commands } = tiedEvent();
  const standings = getRuleset(state.ruleset).standings(state);
  const winners = standings.filter((s) => s.points === 1);

  it('the two table winners are a tie the organiser decides, shown in registration-draw order', () => {
    expect(winners).toHaveLength(2);
    expect(winners.every((s) => s.organiserDecides)).toBe(true);
    expect(winners[0]!.tiedWith).toEqual([winners[1]!.id]);
  });

  it('a recorded order places them, says why, and the cut to the final table follows it (seeds, no tie reported)', () => {
    const [a, b] = winners.map((s) => s.id) as [PlayerId, PlayerId];
    const decided = run(state, { type: 'decide-tie', players: [b, a], reason: 'tiebreaker game won by the second' });
    const after = getRuleset(decided.ruleset).standings(decided);
    expect(after.slice(0, 2).map((s) => [s.rank, s.id, s.organiserDecides, s.tieDecision])).toEqual([
      [1, b, undefined, 'tiebreaker game won by the second'],
      [2, a, undefined, 'tiebreaker game won by the second'],
    ]);
    // Other ties stay the organiser's.
    expect(after.filter((s) => s.organiserDecides).length).toBeGreaterThan(0);
    // The final table (top 4 of 8): seed 1 is b, and the cut no longer reports a and b's tie.
    const cutBefore = getRuleset(state.ruleset).playoff(state, { top: 4 }, 1);
    expect(cutBefore.warnings?.some((w) => w.players.includes(a) && w.players.includes(b))).toBe(true);
    const cut = getRuleset(decided.ruleset).playoff(decided, { top: 4 }, 1);
    expect(cut.seeds.slice(0, 2)).toEqual([b, a]);
    expect(cut.warnings?.some((w) => w.players.includes(a) || w.players.includes(b))).toBe(false);
  });

  it('a transcript carries the decision: save → transcript → save gives the same standings', () => {
    const [a, b] = winners.map((s) => s.id) as [PlayerId, PlayerId];
    const decided = run(state, { type: 'decide-tie', players: [b, a], reason: 'tiebreaker game' });
    const transcript = stateToTranscript(decided);
    expect(transcript.tieDecisions).toEqual([{ afterRound: 1, players: [b, a], reason: 'tiebreaker game' }]);
    const back = loadTranscript(formatTranscript(transcript)).state;
    const order = (s: EventState) => getRuleset(s.ruleset).standings(s).map((x) => [x.id, x.tieDecision ?? null]);
    expect(order(back)).toEqual(order(decided));
  });

  it('undo takes the order back (replay without the decision)', () => {
    const [a, b] = winners.map((s) => s.id) as [PlayerId, PlayerId];
    const decision: Command = { type: 'decide-tie', players: [b, a], reason: 'coin flip by the organiser' };
    const entries = [...commands, decision, { type: 'undo', target: commands.length } as Command].map((command, seq) => ({ seq, command }));
    const undone = replay(entries) as EventState;
    expect(getRuleset(undone.ruleset).standings(undone).slice(0, 2).map((s) => s.id)).toEqual([a, b]);
  });

  it('refuses players who are not exactly the tie, in words', () => {
    const [a, b] = winners.map((s) => s.id) as [PlayerId, PlayerId];
    const third = standings.find((s) => s.points === 0)!.id;
    expect(refused(() => run(state, { type: 'decide-tie', players: [a, third], reason: 'x' }))).toMatch(/^the tie to decide is Player \d, Player \d \(equal on game wins, VP, longevity and best VP\); Player \d is not part of it; Player \d is missing from the order$/);
    expect(refused(() => run(state, { type: 'decide-tie', players: [b, b], reason: 'x' }))).toBe('the order names a player twice');
    expect(refused(() => run(state, { type: 'decide-tie', players: [a, 'nobody'], reason: 'x' }))).toBe('no player nobody in this event');
  });

  it('a rule set that breaks its ties by the registration draw has none to decide', () => {
    const mtr = tiedEvent('mtr').state;
    expect(refused(() => run(mtr, { type: 'decide-tie', players: [pid(1), pid(2)], reason: 'x' }))).toMatch(/orders players equal on every tiebreaker by the registration draw \(RULES 1\)/);
  });
});
