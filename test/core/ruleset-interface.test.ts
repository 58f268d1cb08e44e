/**
 * What core reads of a rule set's rules it reads through the Ruleset interface: the
 * clock's words, the event log's words, the playoff final, no-shows, registrations and simulated
 * results all come from the rule set — and a rule set that leaves an optional part out (the star
 * trios of the tests) gets the plain behaviour, never another rule set's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlayoffFinal } from '../../core/clock/derive.js';
import { clockView } from '../../core/clock/view.js';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { describeJournal, type DescribedEntry } from '../../core/event/describe.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { simulateEvent } from '../../core/simulate.js';
import { expectPodiumError } from '../support/clock.js';
import { registerTestRuleset, TEST_RULESET_ID, testEvent } from '../support/test-ruleset.js';

let unregister: () => void = () => undefined;
beforeAll(() => {
  unregister = registerTestRuleset();
});
afterAll(() => unregister());

const isolate = (name: string): string => name;

/** A journal of `commands` (seq 1 first), and the state they fold into. */
function journal(commands: Command[]): { entries: DescribedEntry[]; state: EventState } {
  let state: EventState | undefined;
  const entries = commands.map((command, i) => {
    state = apply(state, command);
    return { seq: i + 1, at: '2026-11-21T10:00:00Z', station: 'st', command };
  });
  return { entries, state: state as EventState };
}

const create = (ruleset: string, settings: Record<string, unknown> = {}): Command => ({
  type: 'create-event',
  id: 'e1',
  name: 'Interface Open',
  ruleset: ruleset as never,
  settings,
  seed: 3,
  createdAt: '2026-11-21T09:00:00Z',
});
const players = (...names: string[]): Command[] =>
  names.map((name, i) => ({ type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i + 1 }) as Command);

describe('a rule set that leaves the optional parts out', () => {
  it('the clock says its end of round in plain words, citing no document', () => {
    const view = clockView(testEvent(), Date.UTC(2026, 0, 1, 10));
    expect(view.endOfRound.text).toBe('At time the active player finishes the turn; if no winner is determined, the game is a draw.');
    expect(view.final).toBe(false);
    expect(isPlayoffFinal(testEvent(), 2)).toBe(false);
  });

  it('the event log writes its results as the rule set describes them', () => {
    const state = testEvent();
    const at = '2026-01-01T10:00:00Z';
    const entries: DescribedEntry[] = [
      { seq: 1, at, station: 'st', command: { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p1', 'p2', 'p3'] }], byes: [], seed: 1 } },
      { seq: 2, at, station: 'st', command: { type: 'record-result', round: 1, table: 1, result: { stars: { p1: 5, p2: 2, p3: 4 }, comet: 'p3' } } },
    ];
    expect(describeJournal(entries, state, { isolate }).map((row) => row.what)).toEqual([
      'Round 1 paired (1 trio)',
      'Result entered: round 1, trio 1 — Ana Archer 5★, Bo Berg 2★, Cy Castro 4★ · comet: Cy Castro',
    ]);
  });

  it('cannot be simulated, and records no no-shows', () => {
    expectPodiumError(() => simulateEvent({ ruleset: TEST_RULESET_ID, players: 6, rounds: 1 }), 'invalid-input', /makes no random results/);
    expect(getRuleset(TEST_RULESET_ID).checkNoShow).toBeUndefined();
  });
});

describe('the built-in rule sets', () => {
  it('pods refuse a player called "draw"; Lightseekers and mtr take one', () => {
    const [first] = players('Draw Person');
    const draw = { ...(first as Extract<Command, { type: 'register-player' }>), player: { id: 'draw', name: 'Draw Person' } };
    expectPodiumError(() => journal([create('mamtr-2024'), draw]), 'invalid-input', /"draw" cannot be a player id in a pod event/);
    expect(journal([create('mtr'), draw]).state.players).toHaveLength(1);
    expect(journal([create('lightseekers-competitive'), draw]).state.players).toHaveLength(1);
  });

  it('a no-show loses: mtr and pods check it, Lightseekers records none', () => {
    const pair = (ruleset: string, size: number): Command[] => [
      create(ruleset),
      ...players('Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo').slice(0, size),
      { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].slice(0, size) }], byes: [], seed: 1 },
    ];
    const noShow = (result: Record<string, unknown>): Command => ({ type: 'record-result', round: 1, table: 1, result, noShow: ['p2'] });
    expectPodiumError(() => journal([...pair('mtr', 2), noShow({ games: [1, 2, 0] })]), 'invalid-result', /Bo did not show up, so the match is a loss for them \(MTR 2\.10\)/);
    expect(journal([...pair('mtr', 2), noShow({ games: [2, 0, 0] })]).state.players.find((p) => p.id === 'p2')?.droppedAfterRound).toBe(1);
    expectPodiumError(() => journal([...pair('mstr-2022', 4), noShow({ winner: 'p1' })]), 'invalid-result', /Bo did not show up, so the pod is a loss for them/);
    expect(journal([...pair('mstr-2022', 4), noShow({ winner: 'p1', excluded: ['p2'] })]).state.rounds[0]?.tables[0]?.noShow).toEqual(['p2']);
    expectPodiumError(() => journal([...pair('lightseekers-competitive', 3), noShow({ vp: { p1: 3, p2: 1, p3: 2 }, defeated: [] })]), 'not-allowed', /a no-show is recorded in Magic events/);
  });

  it('without a state, the event log reads the rule set the journal created the event with', () => {
    const { entries } = journal([create('mamtr-2024'), ...players('Ana', 'Bo', 'Cy', 'Di'), { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p1', 'p2', 'p3', 'p4'] }], byes: [], seed: 1 }]);
    expect(describeJournal(entries, null, { isolate }).at(-1)?.what).toBe('Round 1 paired (1 pod)');
  });

  it('the log reads a Two-Headed Giant intentional draw entered without games as one', () => {
    const { entries, state } = journal([
      create('mtr', { twoHeadedGiant: true }),
      ...['Ana', 'Bo'].map((name, i) => ({ type: 'register-player', player: { id: `p${i + 1}`, name, members: [{ seat: 'A', name: `${name} A` }, { seat: 'B', name: `${name} B` }] }, draw: i + 1 }) as Command),
      { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p1', 'p2'] }], byes: [], seed: 1 },
      { type: 'record-result', round: 1, table: 1, result: { intentionalDraw: true } },
    ]);
    expect(describeJournal(entries, state, { isolate }).at(-1)?.what).toBe('Result entered: round 1, table 1 — Ana ID Bo (intentional draw, no game played)');
  });
});
