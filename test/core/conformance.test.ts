/**
 * The shared conformance cases (shared/conformance/cases): each NAME.json transcript must give the
 * standings of NAME.expected.json — same players in the same order, rank, points, dropped, and
 * every tiebreaker within 1e-9. Cases whose rule set is not available yet are reported as skipped.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getRuleset } from '../../core/rulesets/index.js';
import { loadTranscript } from '../../core/transcript/index.js';
import { conformanceCasesDir, sharedConformanceCasesDir } from '../support/paths.js';

interface ExpectedStanding {
  rank: number;
  id: string;
  name: string;
  points: number;
  dropped: boolean;
  tiebreakers: Record<string, number>;
}

const cases = readdirSync(conformanceCasesDir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

function rulesetAvailable(name: string): boolean {
  const { ruleset } = JSON.parse(readFileSync(path.join(conformanceCasesDir, `${name}.json`), 'utf8')) as { ruleset: string };
  try {
    getRuleset(ruleset);
    return true;
  } catch {
    return false;
  }
}

describe('conformance cases', () => {
  it('finds the cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  // The project's copy must not drift from the shared cases (when they are beside the clone).
  it.skipIf(!existsSync(sharedConformanceCasesDir))('are the shared cases, unchanged', () => {
    const shared = readdirSync(sharedConformanceCasesDir).filter((f) => f.endsWith('.json')).sort();
    expect(readdirSync(conformanceCasesDir).filter((f) => f.endsWith('.json')).sort()).toEqual(shared);
    for (const file of shared)
      expect(readFileSync(path.join(conformanceCasesDir, file), 'utf8'), file).toBe(readFileSync(path.join(sharedConformanceCasesDir, file), 'utf8'));
  });

  for (const name of cases) {
    if (!rulesetAvailable(name)) {
      it.skip(name, () => {});
      continue;
    }
    it(name, () => {
      const { state } = loadTranscript(readFileSync(path.join(conformanceCasesDir, `${name}.json`), 'utf8'));
      const expected = (JSON.parse(readFileSync(path.join(conformanceCasesDir, `${name}.expected.json`), 'utf8')) as { standings: ExpectedStanding[] })
        .standings;
      const actual = getRuleset(state.ruleset).standings(state);
      expect(actual.map((s) => s.id)).toEqual(expected.map((s) => s.id));
      expected.forEach((want, i) => {
        const got = actual[i]!;
        const who = `${name}: ${want.id} (rank ${want.rank})`;
        expect(got.rank, who).toBe(want.rank);
        expect(got.points, who).toBe(want.points);
        expect(got.dropped, who).toBe(want.dropped);
        expect(Object.keys(got.tiebreakers).sort(), who).toEqual(Object.keys(want.tiebreakers).sort());
        for (const [key, value] of Object.entries(want.tiebreakers)) {
          expect(Math.abs((got.tiebreakers[key] as number) - value), `${who} ${key}: ${got.tiebreakers[key]} vs ${value}`).toBeLessThanOrEqual(1e-9);
        }
      });
    });
  }
});
