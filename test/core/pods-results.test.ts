import { describe, expect, it } from 'vitest';
import { PodiumError } from '../../core/model/errors.js';
import type { PodResult, Settings, Stage, Table } from '../../core/model/types.js';
import { podSettings } from '../../core/rulesets/pods/index.js';
import { isPodResult, podMatchWinner, validatePodResult } from '../../core/rulesets/pods/results.js';
import { MAMTR_2024 } from '../../core/rulesets/mamtr-2024.js';
import { MSTR_2022 } from '../../core/rulesets/mstr-2022.js';
import type { PodVariant } from '../../core/rulesets/pods/variant.js';
import type { ResultContext } from '../../core/rulesets/ruleset.js';

const names: Record<string, string> = {
  p01: 'Ana Archer',
  p02: 'Bo Berg',
  p03: 'Cy Cole',
  p04: 'Di Dunn',
  p09: 'Zed Zane',
};
const table: Table = { table: 2, seats: ['p01', 'p02', 'p03', 'p04'] };

function context(variant: PodVariant, settings: Partial<Settings> = {}, stage: Stage = 'swiss'): ResultContext {
  return { settings: podSettings(variant, settings), stage, nameOf: (id) => names[id] ?? id };
}

function validate(result: unknown, options: { variant?: PodVariant; settings?: Partial<Settings>; stage?: Stage } = {}): PodResult {
  const variant = options.variant ?? MSTR_2022;
  return validatePodResult(variant, table, result, context(variant, options.settings, options.stage));
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

describe('pod results: the three forms', () => {
  it('accepts each form, with and without excluded, and returns a fresh normalised copy', () => {
    for (const variant of [MSTR_2022, MAMTR_2024]) {
      expect(validate({ winner: 'p03' }, { variant })).toEqual({ winner: 'p03' });
      expect(validate({ winner: 'p03', excluded: ['p04'] }, { variant })).toEqual({ winner: 'p03', excluded: ['p04'] });
      expect(validate({ games: ['draw', 'p03'] }, { variant })).toEqual({ games: ['draw', 'p03'] });
      expect(validate({ draw: true }, { variant })).toEqual({ draw: true });
      expect(validate({ draw: true, excluded: ['p04', 'p02'] }, { variant })).toEqual({ draw: true, excluded: ['p04', 'p02'] });
      expect(validate({ draw: true, excluded: [] }, { variant })).toEqual({ draw: true });
    }
    const games = ['draw', 'p03'];
    const excluded = ['p01'];
    const result = validate({ games, excluded });
    expect(result).toEqual({ games, excluded });
    expect((result as { games: string[] }).games).not.toBe(games);
    expect(result.excluded).not.toBe(excluded);
  });

  it('decides the match winner of a games list: required wins, else most wins, else a draw', () => {
    const settings = podSettings(MSTR_2022, {});
    expect(podMatchWinner({ winner: 'p02' }, settings)).toBe('p02');
    expect(podMatchWinner({ draw: true }, settings)).toBe('draw');
    expect(podMatchWinner({ games: ['draw', 'p03'] }, settings)).toBe('p03');
    expect(podMatchWinner({ games: ['draw', 'draw'] }, settings)).toBe('draw');
    const bo3 = podSettings(MSTR_2022, { gamesToWin: 2 });
    expect(podMatchWinner({ games: ['p01', 'draw', 'p01'] }, bo3)).toBe('p01');
    expect(podMatchWinner({ games: ['p01', 'p02', 'p01'] }, bo3)).toBe('p01');
    // Time was called before anyone reached two wins: the most game wins, or a draw when equal.
    expect(podMatchWinner({ games: ['p01', 'draw'] }, bo3)).toBe('p01');
    expect(podMatchWinner({ games: ['p01', 'p02'] }, bo3)).toBe('draw');
    expect(validate({ games: ['p01', 'p02'] }, { settings: { gamesToWin: 2 } })).toEqual({ games: ['p01', 'p02'] });
  });

  it('reads a list that goes on after someone reached the required wins by most game wins (conformance cases)', () => {
    // mamtr-11-players round 1 table 2 and mstr-13-players round 3 table 2, with gamesToWin 1.
    expect(podMatchWinner(validate({ games: ['draw', 'p02', 'p04'] }))).toBe('draw');
    expect(podMatchWinner(validate({ games: ['p01', 'p01'] }))).toBe('p01');
  });

  it('recognises stored pod results', () => {
    expect(isPodResult({ winner: 'p01' })).toBe(true);
    expect(isPodResult({ games: ['draw', 'p01'] })).toBe(true);
    expect(isPodResult({ draw: true })).toBe(true);
    expect(isPodResult({ games: [2, 1, 0] })).toBe(false);
    expect(isPodResult({ vp: { p01: 3 }, defeated: [], winner: 'p01' })).toBe(false);
    expect(isPodResult(undefined)).toBe(false);
  });
});

describe('pod results: readable rejections', () => {
  it('names a player who is not at the table', () => {
    expect(rejection(() => validate({ winner: 'p09' }))).toBe('table 2: Zed Zane is not at this table (it seats Ana Archer, Bo Berg, Cy Cole, Di Dunn)');
    expect(rejection(() => validate({ games: ['draw', 'p09'] }))).toMatch(/Zed Zane is not at this table/);
    expect(rejection(() => validate({ draw: true, excluded: ['p09'] }))).toMatch(/Zed Zane is not at this table/);
    expect(rejection(() => validate({ winner: 'nobody' }))).toMatch(/nobody is not at this table/);
  });

  it('refuses malformed values', () => {
    expect(rejection(() => validate(null))).toMatch(/must be one of \{ winner: id \}/);
    expect(rejection(() => validate([1, 2]))).toMatch(/must be one of/);
    expect(rejection(() => validate({ winner: 3 }))).toMatch(/"winner" must be a player id, not 3/);
    expect(rejection(() => validate({ games: 'p01' }))).toMatch(/"games" must list each game's winner/);
    expect(rejection(() => validate({ games: [] }))).toMatch(/"games" is empty/);
    expect(rejection(() => validate({ games: ['p01', null] }))).toMatch(/game 2's winner must be a player id, not null/);
    expect(rejection(() => validate({ draw: false }))).toMatch(/"draw" can only be true/);
    expect(rejection(() => validate({ draw: 'yes' }))).toMatch(/"draw" can only be true/);
    expect(rejection(() => validate({ draw: true, excluded: 'p04' }))).toMatch(/"excluded" must be a list of player ids/);
  });

  it('refuses unknown fields, missing forms and mixed forms', () => {
    expect(rejection(() => validate({ winner: 'p01', vp: {} }))).toMatch(/unknown field "vp"/);
    expect(rejection(() => validate({ games: [1, 0, 0], note: 'x', seat: 1 }))).toMatch(/unknown fields "note", "seat"/);
    expect(rejection(() => validate({}))).toMatch(/neither who won nor that the pod drew/);
    expect(rejection(() => validate({ excluded: ['p01'] }))).toMatch(/neither who won nor that the pod drew/);
    expect(rejection(() => validate({ winner: 'p01', draw: true }))).toMatch(/gives "winner", "draw" together/);
  });

  it('refuses a player excluded twice, and an excluded winner', () => {
    expect(rejection(() => validate({ draw: true, excluded: ['p04', 'p04'] }))).toMatch(/Di Dunn is listed twice in "excluded"/);
    expect(rejection(() => validate({ winner: 'p02', excluded: ['p02'] }))).toMatch(/Bo Berg won the match, so cannot be excluded/);
    expect(rejection(() => validate({ games: ['draw', 'p02'], excluded: ['p02'] }))).toMatch(/Bo Berg won the match/);
    // An excluded player who won a game but not the match is fine.
    expect(validate({ games: ['p02', 'p03', 'p03'], excluded: ['p02'] }, { settings: { gamesToWin: 2 } })).toEqual({
      games: ['p02', 'p03', 'p03'],
      excluded: ['p02'],
    });
  });
});

describe('pod results: playoffs', () => {
  it('mstr-2022 (2.1A): a playoff pod must name a winner, and a games list must end with one', () => {
    const stage = 'playoff';
    expect(validate({ winner: 'p01' }, { stage })).toEqual({ winner: 'p01' });
    expect(validate({ games: ['draw', 'draw', 'p04'] }, { stage })).toEqual({ games: ['draw', 'draw', 'p04'] });
    expect(rejection(() => validate({ draw: true }, { stage }))).toMatch(/a playoff pod cannot end in a draw.*MSTR 2\.1A/);
    expect(rejection(() => validate({ games: ['draw'] }, { stage }))).toMatch(/the last game listed is a draw/);
    expect(rejection(() => validate({ games: ['p01', 'draw'] }, { stage, settings: { gamesToWin: 2 } }))).toMatch(/the last game listed is a draw/);
    expect(rejection(() => validate({ games: ['p01', 'p02'] }, { stage, settings: { gamesToWin: 2 } }))).toMatch(/cannot end in a draw/);
  });

  it('mamtr-2024 (2.4C): a drawn playoff pod is accepted; the seeds decide it later', () => {
    const options = { variant: MAMTR_2024, stage: 'playoff' as const };
    const result = validate({ draw: true }, options);
    expect(result).toEqual({ draw: true });
    expect(podMatchWinner(result)).toBe('draw');
    expect(validate({ games: ['draw'] }, options)).toEqual({ games: ['draw'] });
    expect(validate({ winner: 'p03' }, options)).toEqual({ winner: 'p03' });
  });
});
