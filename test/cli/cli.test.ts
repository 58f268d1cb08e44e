/** The command line, run in-process through runCli with real temporary files. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getRuleset } from '../../core/rulesets/index.js';
import { type Transcript, loadTranscript, transcriptToState } from '../../core/transcript/index.js';
import { cli, tempDir } from '../support/cli.js';
import { conformanceCasesDir } from '../support/paths.js';
import { clone, mtrSix } from '../support/transcripts.js';

const tmp = tempDir('podium-cli-');
afterAll(() => tmp.cleanup());

const mtrCase = path.join(conformanceCasesDir, 'mtr-9-players.json');
const lightseekersCase = path.join(conformanceCasesDir, 'lightseekers-13-players.json');

function expectInvalid(argv: string[], message?: RegExp): string {
  const run = cli(argv);
  expect(run.stdout, `stdout of ${argv.join(' ')}`).toBe('');
  expect(run.code, `exit code of ${argv.join(' ')}: ${run.stderr}`).toBe(2);
  expect(run.stderr).toMatch(/^[^\n]+\n$/);
  expect(run.stderr).not.toMatch(/\bat .*:\d+:\d+/); // no stack trace
  if (message) expect(run.stderr).toMatch(message);
  return run.stderr;
}

describe('invalid input: exit 2, one line on stderr, nothing on stdout', () => {
  const lightseekersBad = (name: string, mutate: (t: Transcript) => void): string => {
    const t = JSON.parse(readFileSync(lightseekersCase, 'utf8')) as Transcript;
    mutate(t);
    return tmp.file(`ls-${name}.json`, t);
  };
  const bad = (name: string, mutate: (t: ReturnType<typeof mtrSix>) => void): string => {
    const t = clone(mtrSix());
    mutate(t);
    return tmp.file(`${name}.json`, t);
  };
  const table: [string, () => string[], RegExp][] = [
    ['unknown player id', () => ['standings', bad('unknown', (t) => (t.rounds[0]!.tables[1]!.seats = ['p03', 'p77']))], /round 1, table 2: unknown player id "p77"/],
    ['a player seated twice', () => ['standings', bad('twice', (t) => (t.rounds[1]!.tables[2]!.seats = ['p04', 'p01']))], /round 2: Alice Archer \(p01\) is seated twice/],
    ['a result naming someone not at the table', () => ['standings', bad('notat', (t) => (t.rounds[0]!.tables[0]!.result = { winner: 'p05' }))], /round 1, table 1: the result names Emma Evans \(p05\), who is not at this table/],
    ['impossible game counts', () => ['standings', bad('games', (t) => (t.rounds[1]!.tables[0]!.result = { games: [2, 2, 0] }))], /round 2, table 1: /],
    ['unknown rule set', () => ['standings', bad('ruleset', (t) => ((t as { ruleset: string }).ruleset = 'chess'))], /unknown rule set "chess"/],
    ['a Lightseekers result with negative VP', () => ['standings', lightseekersBad('negative', (t) => ((t.rounds[0]!.tables[0]!.result as { vp: Record<string, number> }).vp.p000 = -1))], /round 1, table 1: Hal Jo0 has negative VP \(-1\)/],
    ['duplicate ids', () => ['standings', bad('dup', (t) => (t.players[5]!.id = 'p01'))], /duplicate player id "p01"/],
    ['malformed JSON', () => ['standings', tmp.file('malformed.json', '{ "transcript": 1, "ruleset": "mtr", ')], /malformed JSON at line 1, column \d+/],
    ['a missing field', () => ['pair', bad('missing', (t) => delete (t.rounds[1]!.tables[1] as { seats?: string[] }).seats)], /rounds\[1\]\.tables\[1\]\.seats: missing/],
    ['a missing file', () => ['standings', path.join(tmp.dir, 'nope.json')], /cannot read .*nope\.json: no such file/],
    ['a directory', () => ['standings', tmp.dir], /cannot read .*: it is a directory/],
    ['a missing .podium save', () => ['standings', path.join(tmp.dir, 'event.podium')], /cannot read .*event\.podium: no such file/],
    ['pair past an unfinished round', () => ['pair', bad('open', (t) => delete t.rounds[1]!.tables[2]!.result)], /round 2 is not finished \(table 3 has no result\)/],
    ['no command', () => [], /no command/],
    ['an unknown command', () => ['frobnicate'], /unknown command "frobnicate"/],
    ['an unknown option', () => ['standings', mtrCase, '--csv'], /standings: unknown option --csv/],
    ['a short option', () => ['standings', mtrCase, '-j'], /unknown option -j/],
    ['a missing FILE', () => ['standings', '--json'], /FILE\.json is missing/],
    ['an extra argument', () => ['pair', mtrCase, 'more.json'], /unexpected argument "more\.json"/],
    ['a repeated option', () => ['standings', mtrCase, '--json', '--json'], /--json is given twice/],
    ['playoff without --top', () => ['playoff', mtrCase], /--top is required/],
    ['playoff --top not a number', () => ['playoff', mtrCase, '--top', 'eight'], /--top must be a whole number/],
    ['playoff with a cut the rule set lacks', () => ['playoff', mtrCase, '--top', '6'], /mtr has no top-6 cut \(cuts: 2, 4, 8\)/],
    ['simulate without --ruleset', () => ['simulate', '--players', '8', '--rounds', '3'], /--ruleset is required/],
    ['simulate with an unknown rule set', () => ['simulate', '--ruleset', 'chess', '--players', '8', '--rounds', '3'], /unknown rule set "chess"/],
    ['simulate Lightseekers with too few players for a table', () => ['simulate', '--ruleset', 'lightseekers-competitive', '--players', '2', '--rounds', '1'], /2 players cannot make a Lightseekers table/],
    ['simulate --players not a number', () => ['simulate', '--ruleset', 'mtr', '--players', 'many', '--rounds', '3'], /--players must be a whole number from 2/],
    ['simulate --players 1', () => ['simulate', '--ruleset', 'mtr', '--players', '1', '--rounds', '3'], /--players must be a whole number from 2/],
    ['simulate --rounds missing its value', () => ['simulate', '--ruleset', 'mtr', '--players', '8', '--rounds'], /--rounds needs a value/],
    ['simulate --drop-rate above 1', () => ['simulate', '--ruleset', 'mtr', '--players', '8', '--rounds', '2', '--drop-rate', '1.5'], /--drop-rate must be a probability/],
    ['simulate --settings malformed', () => ['simulate', '--ruleset', 'mtr', '--players', '8', '--rounds', '2', '--settings', '{gamesToWin: 1}'], /--settings: malformed JSON/],
    ['simulate --settings unknown', () => ['simulate', '--ruleset', 'mtr', '--players', '8', '--rounds', '2', '--settings', '{"bestOf": 3}'], /--settings/],
    ['simulate --settings out of range', () => ['simulate', '--ruleset', 'mtr', '--players', '8', '--rounds', '2', '--settings', '{"gamesToWin": 5}'], /--settings gamesToWin/],
    ['simulate --out into a missing directory', () => ['simulate', '--ruleset', 'mtr', '--players', '8', '--rounds', '1', '--out', path.join(tmp.dir, 'no', 'such', 'x.json')], /cannot write .*x\.json/],
  ];
  for (const [name, argv, message] of table) it(name, () => void expectInvalid(argv(), message));

  it('names the file in transcript problems', () => {
    const file = bad('named', (t) => (t.players[5]!.id = 'p01'));
    expect(expectInvalid(['standings', file])).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
  });

  it('an internal error is one line with exit 1, never a stack trace', () => {
    const run = cli(['simulate', '--ruleset', 'mtr', '--players', '8', '--rounds', '2'], {
      now: () => {
        throw new Error('clock broke\n    at somewhere (file.ts:1:1)');
      },
    });
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'internal error: clock broke at somewhere (file.ts:1:1)\n' });
  });
});

describe('help', () => {
  for (const argv of [['--help'], ['help'], ['-h'], ['standings', '--help']]) {
    it(argv.join(' '), () => {
      const run = cli(argv);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      for (const command of ['standings', 'pair', 'simulate', 'playoff', 'print', 'import', 'export']) expect(run.stdout).toContain(`npm run cli -- ${command}`);
      expect(run.stdout).not.toMatch(/not available in this version yet/i);
      // Transcripts: version 2 is written, versions 1 and 2 are read.
      expect(run.stdout).toContain('Reads transcript versions 1 and 2');
      expect(run.stdout).toMatch(/transcript of an event save, as version 2/);
      expect(run.stdout).toContain('a transcript (version 1 or 2');
    });
  }
});

describe('standings', () => {
  it('prints an aligned table for people', () => {
    const run = cli(['standings', mtrCase]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Standings after round 4 (mtr, 9 players)');
    expect(lines[2]).toMatch(/^Rank\s+Name\s+ID\s+Points\s+W-L-D\s+OMW%\s+GW%\s+OGW%$/);
    // Ada Oz7: 2 wins + 1 bye, 1 draw, 10 points; OMW 0.49888… as 49.89%.
    expect(lines[3]).toMatch(/^\s+1\s+Ada Oz7\s+p007\s+10\s+3-0-1\s+49\.89%\s+61\.11%\s+42\.22%$/);
    const rows = lines.slice(2);
    expect(rows).toHaveLength(10);
    // Aligned: every row ends at the same column, and the ID column starts at the same place.
    expect(new Set(rows.map((r) => r.length)).size).toBe(1);
    expect(new Set(rows.map((r) => r.indexOf(' p0') + 1 || r.indexOf('ID'))).size).toBe(1);
  });

  it('marks dropped players', () => {
    const t = mtrSix();
    t.rounds[1]!.drops = ['p02'];
    const run = cli(['standings', tmp.file('dropped.json', t)]);
    expect(run.stdout).toMatch(/Bruno Baker \(dropped\)\s+p02/);
  });

  it('prints the README JSON', () => {
    const run = cli(['standings', mtrCase, '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { standings: Record<string, unknown>[] };
    const expected = JSON.parse(readFileSync(path.join(conformanceCasesDir, 'mtr-9-players.expected.json'), 'utf8')) as {
      standings: { id: string; rank: number; points: number; tiebreakers: Record<string, number> }[];
    };
    expect(json.standings.map((s) => s.id)).toEqual(expected.standings.map((s) => s.id));
    for (const s of json.standings) {
      expect(Object.keys(s)).toEqual(['rank', 'id', 'name', 'points', 'dropped', 'tiebreakers']);
      expect(Object.keys(s.tiebreakers as object)).toEqual(['omw', 'gw', 'ogw']);
    }
    expect(json.standings[0]).toMatchObject({ rank: 1, id: 'p007', name: 'Ada Oz7', points: 10, dropped: false });
    expect((json.standings[0]!.tiebreakers as { omw: number }).omw).toBeCloseTo(0.4988888888888889, 12);
  });
});

describe('pair', () => {
  it('prints the next round for people', () => {
    const run = cli(['pair', mtrCase]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Round 5 pairings');
    const tables = lines.filter((l) => l.startsWith('Table '));
    expect(tables).toHaveLength(4);
    for (const line of tables) expect(line).toMatch(/^Table \d: [^()]+ \(p\d{3}\) v [^()]+ \(p\d{3}\)$/);
    expect(lines.filter((l) => l.startsWith('Bye: '))).toHaveLength(1);
  });

  it('prints the README JSON, every active player once', () => {
    const run = cli(['pair', mtrCase, '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { tables: { table: number; seats: string[] }[]; byes: string[] };
    expect(Object.keys(json)).toEqual(['tables', 'byes']);
    expect(json.tables.map((t) => t.table)).toEqual([1, 2, 3, 4]);
    for (const t of json.tables) expect(Object.keys(t)).toEqual(['table', 'seats']);
    const ids = [...json.tables.flatMap((t) => t.seats), ...json.byes].sort();
    expect(ids).toEqual(Array.from({ length: 9 }, (_, i) => `p00${i}`));
    // The same as the rule set proposes for the loaded state.
    const state = loadTranscript(readFileSync(mtrCase, 'utf8')).state;
    expect(json.byes).toHaveLength(1);
    expect(state.rounds.some((r) => r.byes.some((b) => b.player === json.byes[0]))).toBe(false);
  });

  it('warns when the next round is past the announced rounds, as a variable number decided (MTR 10.2)', () => {
    const t = { ...mtrSix(), settings: { swissRounds: 3, variableRounds: { afterRound: 2, compare: 'exactly', players: 1, matchWins: 2, then: 'stop' } } } as Transcript;
    const file = tmp.file('pair-variable.json', t);
    const text = cli(['pair', file]);
    expect(text.code).toBe(0);
    const warning =
      'round 3 is past the announced 2 Swiss rounds (After round 2, 1 player has 2 match wins or more (exactly 1, as announced): the Swiss ends after round 2 (MTR 10.2))';
    expect(text.stdout).toContain(
      `Warning: ${warning}: the event announced 3 Swiss rounds, unless exactly 1 player has 2 match wins or more after round 2: then the Swiss ends after round 2`,
    );
    expect((JSON.parse(cli(['pair', file, '--json']).stdout) as { pastAnnounced?: string }).pastAnnounced).toBe(warning);
    // Announced as a fixed 3: round 3 is no warning.
    const fixed = cli(['pair', tmp.file('pair-fixed.json', { ...mtrSix(), settings: { swissRounds: 3 } } as Transcript)]);
    expect(fixed.stdout).not.toContain('past the announced');
  });

  it('leaves dropped players out', () => {
    const t = mtrSix();
    t.rounds[1]!.drops = ['p02', 'p03'];
    const json = JSON.parse(cli(['pair', tmp.file('pair-drops.json', t), '--json']).stdout) as { tables: { seats: string[] }[]; byes: string[] };
    const ids = json.tables.flatMap((x) => x.seats).sort();
    expect(ids).toEqual(['p01', 'p04', 'p05', 'p06']);
    expect(json.byes).toEqual([]);
  });
});

describe('simulate', () => {
  it('writes the complete transcript and prints the README JSON', () => {
    const out = path.join(tmp.dir, 'sim.json');
    const run = cli(['simulate', '--ruleset', 'mtr', '--players', '30', '--rounds', '5', '--seed', '11', '--drop-rate', '0.05', '--out', out, '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { pairingMs: number[]; rounds: number; players: number };
    expect(Object.keys(json)).toEqual(['pairingMs', 'rounds', 'players']);
    expect(json.rounds).toBe(5);
    expect(json.players).toBe(30);
    expect(json.pairingMs).toHaveLength(5);
    expect(json.pairingMs.every((ms) => ms === 1)).toBe(true); // the test clock ticks 1 per read
    const { transcript, state } = loadTranscript(readFileSync(out, 'utf8'));
    expect(transcript.seed).toBe(11);
    expect(state.players).toHaveLength(30);
    expect(state.rounds).toHaveLength(5);
    expect(state.rounds.every((r) => r.tables.every((t) => t.result !== undefined))).toBe(true);
    // The written transcript works with the other commands.
    expect(cli(['standings', out, '--json']).code).toBe(0);
    expect(cli(['pair', out, '--json']).code).toBe(0);
  });

  it('is reproducible from its seed, and takes settings', () => {
    const a = path.join(tmp.dir, 'a.json');
    const b = path.join(tmp.dir, 'b.json');
    const args = ['simulate', '--ruleset', 'mtr', '--players', '12', '--rounds', '3', '--seed=5', '--settings', '{"gamesToWin": 1}'];
    expect(cli([...args, '--out', a]).code).toBe(0);
    expect(cli([...args, '--out', b]).code).toBe(0);
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    const state = transcriptToState(JSON.parse(readFileSync(a, 'utf8')));
    expect(state.settings.gamesToWin).toBe(1);
  });

  it('prints a summary for people', () => {
    const run = cli(['simulate', '--ruleset', 'mtr', '--players', '16', '--rounds', '4']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Simulated a mtr event: 16 players, 4 rounds, seed 1, drop rate 0 \(0 dropped\)\n/);
    expect(run.stdout).toMatch(/Pairing time per round \(ms\): 1\.0, 1\.0, 1\.0, 1\.0; max 1\.0/);
    expect(run.stdout).toMatch(/Rank\s+Name\s+ID\s+Points/);
    // One round is "1 round" (core/text/format.ts plural).
    expect(cli(['simulate', '--ruleset', 'mtr', '--players', '16', '--rounds', '1']).stdout).toMatch(/^Simulated a mtr event: 16 players, 1 round, seed 1,/);
  });
});

describe('playoff', () => {
  it('prints the top-8 bracket of MTR 10.4 as JSON', () => {
    const out = path.join(tmp.dir, 'sim-po.json');
    expect(cli(['simulate', '--ruleset', 'mtr', '--players', '40', '--rounds', '6', '--seed', '3', '--out', out]).code).toBe(0);
    const run = cli(['playoff', out, '--top', '8', '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { tables: { table: number; seats: string[] }[]; waiting: string[] };
    expect(Object.keys(json)).toEqual(['tables', 'waiting']);
    const state = transcriptToState(JSON.parse(readFileSync(out, 'utf8')));
    const seeds = getRuleset('mtr').standings(state).map((s) => s.id);
    const seed = (n: number): string => seeds[n - 1] as string;
    // 1v8, 4v5, 2v7, 3v6 (RULES 1 "Playoffs").
    expect(json.tables.map((t) => [...t.seats].sort())).toEqual(
      [[seed(1), seed(8)], [seed(4), seed(5)], [seed(2), seed(7)], [seed(3), seed(6)]].map((p) => p.sort()),
    );
    expect(json.waiting).toEqual([]);
  });

  it('prints tables for people, and the draft seating', () => {
    const run = cli(['playoff', mtrCase, '--top', '4']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Top 4: first playoff round\n\nTable 1: Ada Oz7 \(p007\) v Ivy Di1 \(p001\)\nTable 2: Pia Mo3 \(p003\) v Gus Di4 \(p004\)\n$/);
    const draft = cli(['playoff', mtrCase, '--top', '8', '--draft', '--json']);
    expect(draft.code).toBe(0);
    const json = JSON.parse(draft.stdout) as { tables: { seats: string[] }[] };
    expect(json.tables).toHaveLength(4);
  });

  it('cuts from the Swiss rounds even when the transcript holds playoff rounds', () => {
    const t = JSON.parse(readFileSync(mtrCase, 'utf8')) as ReturnType<typeof mtrSix>;
    t.rounds.push({ stage: 'playoff', tables: [{ table: 1, seats: ['p007', 'p001'], result: { games: [2, 0, 0] } }, { table: 2, seats: ['p003', 'p004'], result: { games: [2, 1, 0] } }] });
    const run = cli(['playoff', tmp.file('with-playoff.json', t), '--top', '4', '--json']);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { tables: unknown[] }).tables).toHaveLength(2);
  });
});
