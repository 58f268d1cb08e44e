/** The command line for the three Lightseekers rule sets: standings, pair, simulate, playoff. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { casualRow } from '../../core/rulesets/lightseekers/tables.js';
import { type Transcript, loadTranscript } from '../../core/transcript/index.js';
import { cli, tempDir } from '../support/cli.js';
import { conformanceCasesDir } from '../support/paths.js';
import { seatOrderResult } from '../support/lightseekers.js';

const tmp = tempDir('podium-ls-cli-');
afterAll(() => tmp.cleanup());

const caseFile = path.join(conformanceCasesDir, 'lightseekers-13-players.json');

function ok(argv: string[]): string {
  const run = cli(argv);
  expect(run.stderr, argv.join(' ')).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

function fresh(ruleset: string, n: number): Transcript {
  return {
    transcript: 1,
    ruleset: ruleset as Transcript['ruleset'],
    seed: 5,
    players: Array.from({ length: n }, (_, i) => ({ id: `p${String(i + 1).padStart(2, '0')}`, name: `Player ${i + 1}` })),
    rounds: [],
  };
}

describe('standings', () => {
  it('the conformance case as a table in Lightseekers words: Wins, W-L (no draws), VP, longevity, best VP', () => {
    const lines = ok(['standings', caseFile]).trimEnd().split('\n');
    expect(lines[0]).toBe('Standings after round 3 (lightseekers-competitive, 13 players)');
    expect(lines[2]).toMatch(/^Rank\s+Name\s+ID\s+Wins\s+W-L\s+VP\s+Longevity\s+Best VP$/);
    expect(lines[3]).toMatch(/^\s+1\s+Gus Ada9\s+p009\s+2\s+2-1\s+13\s+6\s+6$/);
    expect(lines[15]).toMatch(/Hal Lu6 \(dropped\)\s+p006\s+0\s+0-1\s+4\s+1\s+4$/);
  });

  it('the conformance case as JSON equals the expected standings', () => {
    const json = JSON.parse(ok(['standings', caseFile, '--json'])) as { standings: Record<string, unknown>[] };
    const expected = JSON.parse(readFileSync(path.join(conformanceCasesDir, 'lightseekers-13-players.expected.json'), 'utf8')) as {
      standings: Record<string, unknown>[];
    };
    expect(json.standings.map(({ rank, id, name, points, dropped, tiebreakers }) => ({ rank, id, name, points, dropped, tiebreakers }))).toEqual(
      expected.standings.map(({ rank, id, name, points, dropped, tiebreakers }) => ({ rank, id, name, points, dropped, tiebreakers })),
    );
  });
});

describe('pair', () => {
  it('a fresh casual event gets the seed table sizes for every count 5–25', () => {
    for (let n = 5; n <= 25; n++) {
      const file = tmp.file(`casual-${n}.json`, fresh('lightseekers-casual', n));
      const json = JSON.parse(ok(['pair', file, '--json'])) as { tables: { table: number; seats: string[] }[]; byes: string[] };
      expect(json.tables.map((t) => t.seats.length), `${n} players`).toEqual([...casualRow(n)!.tables]);
      expect(json.byes).toEqual([]);
    }
  });

  it('a fresh large event: the groups drawn, then tables inside them', () => {
    const file = tmp.file('large-57.json', fresh('lightseekers-large', 57));
    const text = ok(['pair', file]);
    expect(text).toMatch(/^Group 1 \(19\): /m);
    expect(text).toMatch(/^Group 3 \(19\): /m);
    const json = JSON.parse(ok(['pair', file, '--json'])) as { tables: { seats: string[] }[]; groups: string[][] };
    expect(json.groups.map((g) => g.length)).toEqual([19, 19, 19]);
    expect(json.tables.map((t) => t.seats.length)).toEqual([5, 5, 5, 4, 5, 5, 5, 4, 5, 5, 5, 4]);
  });

  it('refuses a result with VP for someone not at the table', () => {
    const t = JSON.parse(readFileSync(caseFile, 'utf8')) as Transcript;
    (t.rounds[2]!.tables[2]!.result as { vp: Record<string, number> }).vp.p000 = 3;
    const run = cli(['pair', tmp.file('bad-vp.json', t)]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/round 3, table 3: the result names Hal Jo0 \(p000\), who is not at this table/);
  });
});

describe('simulate, then standings, playoff and pair on the transcript', () => {
  for (const [ruleset, players, rounds] of [
    ['lightseekers-casual', 13, 1],
    ['lightseekers-competitive', 31, 3],
    ['lightseekers-large', 57, 3],
  ] as const) {
    it(`${ruleset}: ${players} players, ${rounds} round(s)`, () => {
      const out = path.join(tmp.dir, `${ruleset}.json`);
      const text = ok(['simulate', '--ruleset', ruleset, '--players', String(players), '--rounds', String(rounds), '--seed', '3', '--out', out]);
      expect(text).toMatch(new RegExp(`Simulated a ${ruleset} event: ${players} players, ${rounds} rounds?`));
      expect(text).toMatch(/VP\s+Longevity\s+Best VP/);
      const { state } = loadTranscript(readFileSync(out, 'utf8'));
      expect(state.rounds).toHaveLength(rounds);
      if (ruleset === 'lightseekers-large') {
        expect(ok(['standings', out]).split('\n')[2]).toMatch(/^Group\s+Rank\s+Name/);
        const json = JSON.parse(ok(['standings', out, '--json'])) as { standings: { group: number }[] };
        expect(json.standings.map((s) => s.group)).toEqual([...Array(19).fill(1), ...Array(19).fill(2), ...Array(19).fill(3)]);
      }
    });
  }

  it('competitive playoff: the final table of 5 and the seat-choosing order', () => {
    const text = ok(['playoff', caseFile, '--top', '5']);
    expect(text).toMatch(/^Table 1: Jo Jo12 \(p012\) v Ivy Flo7 \(p007\) v Jo Bo5 \(p005\) v Di Ivy8 \(p008\) v Gus Ada9 \(p009\)$/m);
    expect(text).toMatch(/^Table 1 seat choice, lowest seed first \(the top seed chooses last\): Jo Jo12 \(p012\), Ivy Flo7 \(p007\), Jo Bo5 \(p005\), Di Ivy8 \(p008\), Gus Ada9 \(p009\)$/m);
    const json = JSON.parse(ok(['playoff', caseFile, '--top', '5', '--json'])) as { seatChoice: { table: number; order: string[] }[]; waiting: string[] };
    expect(json.seatChoice).toEqual([{ table: 1, order: ['p012', 'p007', 'p005', 'p008', 'p009'] }]);
    expect(json.waiting).toEqual([]);
    const bad = cli(['playoff', caseFile, '--top', '4']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/with 13 players the final table seats 5, so the cut is top 5, not top 4/);
  });

  it('competitive: after the final table is recorded with the chosen seating, nothing more to pair', () => {
    const t = JSON.parse(readFileSync(caseFile, 'utf8')) as Transcript;
    const chosen = ['p009', 'p005', 'p012', 'p008', 'p007'];
    t.rounds.push({ stage: 'playoff', tables: [{ table: 1, seats: chosen, result: seatOrderResult(chosen) as unknown as Record<string, unknown> }] });
    const file = tmp.file('comp-final.json', t);
    const { state } = loadTranscript(readFileSync(file, 'utf8'));
    expect(state.playoff?.seeds).toEqual(['p009', 'p008', 'p005', 'p007', 'p012']);
    const run = cli(['pair', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the playoff is finished/);
  });

  it('large: group finals from `playoff`, then `pair` gives the grand final', () => {
    const out = path.join(tmp.dir, 'large-playoff.json');
    ok(['simulate', '--ruleset', 'lightseekers-large', '--players', '57', '--rounds', '3', '--seed', '8', '--out', out]);
    const json = JSON.parse(ok(['playoff', out, '--top', '15', '--json'])) as { tables: { table: number; seats: string[] }[] };
    expect(json.tables.map((t) => t.seats.length)).toEqual([5, 5, 5]);
    const t = JSON.parse(readFileSync(out, 'utf8')) as Transcript;
    // The rounds show the groups (players who shared a table), so the transcript needs no "groups".
    expect(t.groups).toBeUndefined();
    const grouped = loadTranscript(readFileSync(out, 'utf8')).state.players;
    expect([1, 2, 3].map((g) => grouped.filter((p) => p.group === g).length)).toEqual([19, 19, 19]);
    t.rounds.push({
      stage: 'playoff',
      tables: json.tables.map((table) => ({ ...table, result: seatOrderResult(table.seats) as unknown as Record<string, unknown> })),
    });
    const withFinals = tmp.file('large-group-finals.json', t);
    const grand = JSON.parse(ok(['pair', withFinals, '--json'])) as { tables: { seats: string[] }[] };
    expect(grand.tables).toHaveLength(1);
    expect([...grand.tables[0]!.seats].sort()).toEqual([...json.tables.map((x) => x.seats[0]!), ...json.tables.map((x) => x.seats[1]!)].sort());
    // With the groups listed ("groups"), the same groups and standings.
    const listed = tmp.file('large-groups.json', { ...t, groups: [1, 2, 3].map((g) => grouped.filter((p) => p.group === g).map((p) => p.id)) });
    expect(ok(['standings', listed, '--json'])).toBe(ok(['standings', withFinals, '--json']));
  });

  it('casual: the final table from `playoff`, as "Who advances?" says', () => {
    const out = path.join(tmp.dir, 'casual-17.json');
    ok(['simulate', '--ruleset', 'lightseekers-casual', '--players', '17', '--rounds', '1', '--seed', '2', '--out', out]);
    const json = JSON.parse(ok(['playoff', out, '--top', '5', '--json'])) as { tables: { seats: string[] }[] };
    expect(json.tables).toHaveLength(1);
    expect(json.tables[0]!.seats).toHaveLength(5);
  });
});
