/** Small builders for Lightseekers tests: events through the real fold. */
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState, LightseekersResult, PlayerId, Round, RulesetId } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { targetsOf } from '../../core/rulesets/lightseekers/pairing.js';

export const pid = (i: number): PlayerId => `p${String(i).padStart(3, '0')}`;

/** An event of `n` registered players p001..pNNN (registration draw = number). */
export function lightseekersEvent(ruleset: RulesetId, n: number, seed = 11): EventState {
  let state = apply(undefined, {
    type: 'create-event',
    id: 'ls',
    name: 'Lightseekers test',
    ruleset,
    settings: {},
    seed,
    createdAt: '1970-01-01T00:00:00.000Z',
  });
  for (let i = 1; i <= n; i++) state = apply(state, { type: 'register-player', player: { id: pid(i), name: `Player ${i}` }, draw: i });
  return state;
}

export function run(state: EventState, command: Command): EventState {
  return apply(state, command);
}

/** A result where seat order is finishing order: seat 1 has the most VP, nobody tied. */
export function seatOrderResult(seats: readonly PlayerId[]): LightseekersResult {
  const vp: Record<PlayerId, number> = {};
  seats.forEach((id, k) => (vp[id] = 2 * (seats.length - k)));
  return { vp, defeated: [...seats].reverse().slice(0, seats.length - 1) };
}

/** Pair the next Swiss round with the rule set and record results made by `result` for each table. */
export function playRound(
  state: EventState,
  seed: number,
  result: (seats: readonly PlayerId[]) => LightseekersResult = seatOrderResult,
): EventState {
  const ruleset = getRuleset(state.ruleset);
  const round = state.rounds.length + 1;
  const proposal = ruleset.pair(state, seed);
  let next = run(state, {
    type: 'pair-round',
    round,
    stage: 'swiss',
    tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
    byes: [],
    seed,
    ...(proposal.groups ? { groups: proposal.groups } : {}),
  });
  for (const table of proposal.tables)
    next = run(next, { type: 'record-result', round, table: table.table, result: { ...result(table.seats) } });
  return next;
}

/** Make the cut with the rule set's proposal, then pair the first playoff round as proposed. */
export function cutAndPairFinal(state: EventState, top: number, seed = 5): EventState {
  const ruleset = getRuleset(state.ruleset);
  const pairing = ruleset.playoff(state, { top }, seed);
  let next = run(state, { type: 'start-playoff', top, draft: false, seeds: pairing.seeds });
  const proposal = ruleset.nextPlayoffRound(next, seed);
  if (!proposal) throw new Error('no playoff round');
  next = run(next, {
    type: 'pair-round',
    round: next.rounds.length + 1,
    stage: 'playoff',
    tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
    byes: [],
    seed,
  });
  return next;
}

/** Every (player, target) pair of the Swiss rounds, with how often it occurs. */
export function targetCounts(rounds: readonly Round[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const round of rounds) {
    if (round.stage !== 'swiss') continue;
    for (const table of round.tables)
      for (const [a, b] of targetsOf(table.seats)) counts.set(`${a}>${b}`, (counts.get(`${a}>${b}`) ?? 0) + 1);
  }
  return counts;
}
