import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, Settings, Stage, Table } from '../../core/model/types.js';
import { mtrSettings } from '../../core/rulesets/mtr/index.js';
import {
  gamePoints,
  matchOutcome,
  matchPoints,
  validateMtrResult,
} from '../../core/rulesets/mtr/results.js';
import type { ResultContext } from '../../core/rulesets/ruleset.js';

const names: Record<string, string> = { a: 'Ana Archer', b: 'Bo Berg', t1: 'Red Team', t2: 'Blue Team' };
const table: Table = { table: 1, seats: ['a', 'b'] };
const teamTable: Table = { table: 3, seats: ['t1', 't2'] };

function context(settings: Partial<Settings> = {}, stage: Stage = 'swiss'): ResultContext {
  return { settings: mtrSettings(settings), stage, nameOf: (id) => names[id] ?? id };
}

/** Run a validation that must fail; return the PodiumError's message. */
function rejection(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PodiumError);
    expect((error as PodiumError).code).toBe('invalid-result');
    return (error as PodiumError).message;
  }
  throw new Error('expected the result to be rejected');
}

describe('mtr individual results', () => {
  it('accepts the results of a best-of-3 match and returns a fresh normalised copy', () => {
    for (const games of [
      [2, 0, 0],
      [2, 1, 0],
      [0, 2, 1],
      [1, 0, 0],
      [1, 1, 0],
      [1, 1, 1],
      [0, 0, 3],
      [2, 1, 1],
      [0, 0, 1],
    ]) {
      const input = { games };
      const result = validateMtrResult(table, input, context());
      expect(result).toEqual({ games });
      expect(result.games).not.toBe(games);
    }
  });

  it('reports who won and the points of MTR App. C', () => {
    expect(matchOutcome({ games: [2, 1, 0] })).toBe('seat1');
    expect(matchOutcome({ games: [0, 1, 0] })).toBe('seat2');
    expect(matchOutcome({ games: [1, 1, 1] })).toBe('draw');
    expect(matchOutcome({ games: [0, 0, 3] })).toBe('draw');
    // App. C: 2–0–0 → 6 and 0; 2–1–0 → 6 and 3; 2–0–1 → 7 and 1.
    expect(gamePoints([2, 0, 0])).toEqual([6, 0]);
    expect(gamePoints([2, 1, 0])).toEqual([6, 3]);
    expect(gamePoints([2, 0, 1])).toEqual([7, 1]);
    expect(gamePoints([0, 0, 3])).toEqual([3, 3]);
    expect(matchPoints({ games: [2, 1, 0] })).toEqual([3, 0]);
    expect(matchPoints({ games: [1, 2, 0] })).toEqual([0, 3]);
    expect(matchPoints({ games: [0, 0, 3] })).toEqual([1, 1]);
  });

  it('refuses more wins than the match allows, naming the players', () => {
    expect(rejection(() => validateMtrResult(table, { games: [3, 0, 0] }, context()))).toBe(
      'Ana Archer v Bo Berg: 3 game wins for Ana Archer is more than a best-of-3 match (2 game wins win it)',
    );
    expect(rejection(() => validateMtrResult(table, { games: [1, 3, 0] }, context()))).toContain('3 game wins for Bo Berg');
    expect(rejection(() => validateMtrResult(table, { games: [2, 0, 0] }, context({ gamesToWin: 1 })))).toContain(
      'more than a best-of-1 match',
    );
    // Best of 5 allows 3 wins.
    expect(validateMtrResult(table, { games: [3, 2, 0] }, context({ gamesToWin: 3 }))).toEqual({ games: [3, 2, 0] });
  });

  it('refuses both players reaching the winning number', () => {
    expect(rejection(() => validateMtrResult(table, { games: [2, 2, 0] }, context()))).toMatch(
      /^Ana Archer v Bo Berg: 2–2–0 cannot be: the match ends as soon as one player has 2 game wins/,
    );
  });

  it('refuses 0–0–0 and explains the intentional draw', () => {
    const message = rejection(() => validateMtrResult(table, { games: [0, 0, 0] }, context()));
    expect(message).toContain('Ana Archer v Bo Berg');
    expect(message).toContain('0–0–3');
    expect(message).toContain('intentional draw');
  });

  it('refuses an absurd number of drawn games', () => {
    expect(validateMtrResult(table, { games: [2, 1, 3] }, context())).toEqual({ games: [2, 1, 3] });
    const message = rejection(() => validateMtrResult(table, { games: [0, 0, 30] }, context()));
    expect(message).toBe('Ana Archer v Bo Berg: 30 drawn games is more than a match can have (at most 3; an intentional draw is 0–0–3)');
    rejection(() => validateMtrResult(table, { games: [1, 0, 4] }, context()));
  });

  it('refuses malformed results with a readable message', () => {
    const cases: [unknown, RegExp][] = [
      [null, /Ana Archer v Bo Berg: the result must look like \{ games: \[game wins of Ana Archer, game wins of Bo Berg, drawn games\] \}/],
      ['2-1', /the result must look like/],
      [[2, 1, 0], /the result must look like/],
      [{}, /the result has no games/],
      [{ games: [2, 1] }, /the games must be three numbers/],
      [{ games: '2-1-0' }, /the games must be three numbers/],
      [{ games: [2, -1, 0] }, /-1 is not a number of games/],
      [{ games: [1.5, 0, 0] }, /1\.5 is not a number of games/],
      [{ games: [2, '1', 0] }, /"1" is not a number of games/],
      [{ games: [2, null, 0] }, /null is not a number of games/],
      [{ games: [Number.NaN, 0, 0] }, /NaN is not a number of games/],
      [{ games: [2, undefined, 0] }, /undefined is not a number of games/],
      [{ games: [2, 1, 0], winner: 'a' }, /unknown field "winner" in the result/],
      [{ games: [2, 1, 0], x: 1, y: 2 }, /unknown fields "x", "y"/],
      [{ matches: [[2, 0, 0]] }, /"matches" are for team events/],
      [{ games: [2, 1, 0], matches: [[2, 0, 0]] }, /unknown field "matches"/],
    ];
    for (const [input, pattern] of cases) {
      const message = rejection(() => validateMtrResult(table, input, context()));
      expect(message).toMatch(/^Ana Archer v Bo Berg: /);
      expect(message).toMatch(pattern);
    }
  });

  it('refuses a table that does not seat two players', () => {
    const message = rejection(() => validateMtrResult({ table: 4, seats: ['a'] }, { games: [2, 0, 0] }, context()));
    expect(message).toBe('table 4 seats 1 player; an MTR match is between two');
  });

  it('requires a winner in playoff matches (MTR 2.5)', () => {
    expect(validateMtrResult(table, { games: [2, 1, 0] }, context({}, 'playoff'))).toEqual({ games: [2, 1, 0] });
    expect(validateMtrResult(table, { games: [1, 0, 2] }, context({}, 'playoff'))).toEqual({ games: [1, 0, 2] });
    for (const games of [
      [1, 1, 0],
      [1, 1, 1],
      [0, 0, 3],
    ]) {
      const message = rejection(() => validateMtrResult(table, { games }, context({}, 'playoff')));
      expect(message).toMatch(/^Ana Archer v Bo Berg: .* is a draw, and a playoff match cannot end in a draw \(MTR 2\.5\)/);
    }
    // The same draw is fine in the Swiss.
    expect(validateMtrResult(table, { games: [1, 1, 1] }, context())).toEqual({ games: [1, 1, 1] });
  });

  it('plays Two-Headed Giant matches as one game between two competitors', () => {
    const ctx = context({ twoHeadedGiant: true });
    expect(ctx.settings.gamesToWin).toBe(1);
    expect(validateMtrResult(table, { games: [1, 0, 0] }, ctx)).toEqual({ games: [1, 0, 0] });
    expect(validateMtrResult(table, { games: [0, 1, 1] }, ctx)).toEqual({ games: [0, 1, 1] });
    expect(validateMtrResult(table, { games: [0, 0, 3] }, ctx)).toEqual({ games: [0, 0, 3] });
    expect(rejection(() => validateMtrResult(table, { games: [2, 0, 0] }, ctx))).toContain('best-of-1');
    expect(rejection(() => validateMtrResult(table, { games: [1, 1, 0] }, ctx))).toContain('cannot be');
    expect(rejection(() => validateMtrResult(table, { matches: [[1, 0, 0], [1, 0, 0]] }, ctx))).toContain('team events');
  });
});

describe('mtr team results (MTR 8)', () => {
  const trio = (stage: Stage = 'swiss') => context({ teamSize: 3 }, stage);

  it('counts seat matches: the team that wins more of them wins', () => {
    const result = validateMtrResult(teamTable, { matches: [[2, 1, 0], [0, 2, 0], [2, 0, 1]] }, trio());
    expect(result).toEqual({ games: [2, 1, 0], matches: [[2, 1, 0], [0, 2, 0], [2, 0, 1]] });
    expect(matchOutcome(result)).toBe('seat1');

    const drawn = validateMtrResult(teamTable, { matches: [[1, 1, 0], [0, 2, 0], [2, 0, 0]] }, trio());
    expect(drawn.games).toEqual([1, 1, 1]);
    expect(matchOutcome(drawn)).toBe('draw');

    const pair = validateMtrResult(teamTable, { matches: [[0, 2, 0], [1, 1, 1]] }, context({ teamSize: 2 }));
    expect(pair.games).toEqual([0, 1, 1]);
    expect(matchOutcome(pair)).toBe('seat2');
  });

  it('accepts games alongside matches only when they agree', () => {
    const input = { games: [2, 1, 0], matches: [[2, 1, 0], [0, 2, 0], [2, 0, 1]] };
    expect(validateMtrResult(teamTable, input, trio()).games).toEqual([2, 1, 0]);
    const message = rejection(() => validateMtrResult(teamTable, { ...input, games: [3, 0, 0] }, trio()));
    expect(message).toBe(
      'Red Team v Blue Team: "games" [3,0,0] does not agree with the seat matches, which give 2–1–0 (seat matches won by each team, drawn); leave "games" out or correct it',
    );
  });

  it('refuses bad team results, naming the teams and the seat', () => {
    expect(rejection(() => validateMtrResult(teamTable, { games: [2, 1, 0] }, trio()))).toMatch(
      /^Red Team v Blue Team: a team result lists each seat's match \(seats A, B, C\)/,
    );
    expect(rejection(() => validateMtrResult(teamTable, { matches: [[2, 0, 0], [2, 0, 0]] }, trio()))).toMatch(
      /a team of 3 plays 3 seat matches \(seats A, B, C\), so "matches" must list 3 results/,
    );
    expect(rejection(() => validateMtrResult(teamTable, { matches: [[2, 0, 0], [3, 0, 0], [2, 0, 0]] }, trio()))).toBe(
      "Red Team v Blue Team, seat B: 3 game wins for Red Team's player is more than a best-of-3 match (2 game wins win it)",
    );
    expect(rejection(() => validateMtrResult(teamTable, { matches: [[2, 0, 0], [2, 0, 0], [0, 0, 0]] }, trio()))).toMatch(
      /^Red Team v Blue Team, seat C: 0–0–0 means no game was played/,
    );
    expect(rejection(() => validateMtrResult(teamTable, { matches: [[2, 0, 0], [2, 0, 0], [2, 2, 0]] }, trio()))).toMatch(
      /^Red Team v Blue Team, seat C: 2–2–0 cannot be/,
    );
    expect(rejection(() => validateMtrResult(teamTable, { matches: 'A won' }, trio()))).toMatch(/must list 3 results/);
    expect(rejection(() => validateMtrResult(teamTable, { matches: [[2, 0, 0], [2, 0, 0], [2, 0, 0]], note: 'x' }, trio()))).toMatch(
      /unknown field "note"/,
    );
    expect(rejection(() => validateMtrResult(teamTable, [], trio()))).toMatch(/a team result must look like/);
  });

  it('requires a team winner in the playoff', () => {
    expect(validateMtrResult(teamTable, { matches: [[2, 0, 0], [1, 1, 0], [0, 2, 0]] }, trio()).games).toEqual([1, 1, 1]);
    expect(rejection(() => validateMtrResult(teamTable, { matches: [[2, 0, 0], [1, 1, 0], [0, 2, 0]] }, trio('playoff')))).toMatch(
      /^Red Team v Blue Team: 1–1–1 is a draw, and a playoff match cannot end in a draw \(MTR 2\.5\)/,
    );
    // A drawn seat match is fine when the team match has a winner.
    expect(validateMtrResult(teamTable, { matches: [[2, 0, 0], [1, 1, 0], [2, 1, 0]] }, trio('playoff')).games).toEqual([2, 0, 1]);
  });
});

describe('results through the event fold', () => {
  const created = '2024-01-01T00:00:00.000Z';
  function event(): EventState {
    const commands: Command[] = [
      { type: 'create-event', id: 'e', name: 'Friday Night', ruleset: 'mtr', settings: {}, seed: 1, createdAt: created },
      { type: 'register-player', player: { id: 'a', name: 'Ana Archer' }, draw: 0 },
      { type: 'register-player', player: { id: 'b', name: 'Bo Berg' }, draw: 1 },
      { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['a', 'b'] }], byes: [], seed: 7 },
    ];
    return commands.reduce<EventState | undefined>(apply, undefined) as EventState;
  }

  it('stores the normalised result and refuses a bad one with the players named', () => {
    const state = apply(event(), { type: 'record-result', round: 1, table: 1, result: { games: [2, 1, 0] } });
    expect(state.rounds[0]?.tables[0]?.result).toEqual({ games: [2, 1, 0] });
    expect(() => apply(event(), { type: 'record-result', round: 1, table: 1, result: { games: [3, 1, 0] } })).toThrow(
      /Ana Archer v Bo Berg: 3 game wins for Ana Archer/,
    );
  });
});
