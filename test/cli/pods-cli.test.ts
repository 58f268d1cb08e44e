/**
 * The command line with the pod rule sets (mstr-2022, mamtr-2024): simulate (every result form,
 * byes at Competitive REL, drops never below one pod), standings (MWP and OMWP as percentages, OAMP
 * with 2 decimals), pair (--json seats in seat order, byes) and playoff (the waiting seeds, in text
 * and JSON). Run in-process through runCli with real temporary files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isActiveIn } from '../../core/event/queries.js';
import type { PodResult } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { roundSeed, transcriptToState } from '../../core/transcript/index.js';
import { cli, tempDir } from '../support/cli.js';
import { conformanceCasesDir } from '../support/paths.js';

const tmp = tempDir('podium-pods-cli-');
afterAll(() => tmp.cleanup());

function simulate(name: string, args: string[]): string {
  const out = path.join(tmp.dir, name);
  const run = cli(['simulate', ...args, '--out', out, '--json']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return out;
}

const stateOf = (file: string) => transcriptToState(JSON.parse(readFileSync(file, 'utf8')));

describe('simulate with the pod rule sets', () => {
  it('mamtr-2024: pods, every result form, the README JSON', () => {
    const out = path.join(tmp.dir, 'mamtr.json');
    const run = cli(['simulate', '--ruleset', 'mamtr-2024', '--players', '401', '--rounds', '4', '--seed', '8', '--out', out, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ pairingMs: [1, 1, 1, 1], rounds: 4, players: 401 });
    const state = stateOf(out);
    expect(state.ruleset).toBe('mamtr-2024');
    expect(state.rounds).toHaveLength(4);
    const results = state.rounds.flatMap((r) => r.tables.map((t) => t.result as PodResult));
    expect(results.every((r) => r !== undefined)).toBe(true);
    expect(results.some((r) => 'winner' in r)).toBe(true);
    expect(results.some((r) => 'draw' in r)).toBe(true);
    expect(results.some((r) => 'games' in r)).toBe(true);
    expect(results.some((r) => (r.excluded ?? []).length > 0)).toBe(true);
    for (const round of state.rounds) {
      expect(round.byes).toEqual([]);
      expect(round.tables.map((t) => t.seats.length).sort()).toEqual([...new Array<number>(98).fill(4), 3, 3, 3].sort());
    }
    // Most results name a single winner.
    expect(results.filter((r) => 'winner' in r).length).toBeGreaterThan(results.length * 0.8);
  });

  it('games lists follow gamesToWin: they stop when someone reaches it, or run out of time', () => {
    const state = stateOf(simulate('mstr-gtw.json', ['--ruleset', 'mstr-2022', '--players', '400', '--rounds', '3', '--seed', '2', '--settings', '{"gamesToWin": 2}']));
    const lists = state.rounds.flatMap((r) => r.tables.map((t) => t.result as PodResult)).filter((r): r is Extract<PodResult, { games: unknown }> => 'games' in r);
    expect(lists.length).toBeGreaterThan(0);
    for (const { games } of lists) {
      const wins = new Map<string, number>();
      for (const g of games) if (g !== 'draw') wins.set(g, (wins.get(g) ?? 0) + 1);
      const reached = [...wins.values()].filter((w) => w >= 2).length;
      expect(reached <= 1).toBe(true);
      if (reached === 1) expect(wins.get(games[games.length - 1] as string)).toBe(2);
      else expect(games.length).toBe(5);
    }
  });

  it('mstr-2022 at Competitive REL: count mod 4 byes each round, all pods of 4', () => {
    const state = stateOf(simulate('mstr-comp.json', ['--ruleset', 'mstr-2022', '--players', '63', '--rounds', '4', '--settings', '{"rel":"competitive"}']));
    expect(state.settings.rel).toBe('competitive');
    for (const round of state.rounds) {
      expect(round.byes).toHaveLength(3);
      expect(round.tables.every((t) => t.seats.length === 4)).toBe(true);
    }
  });

  it('drops never leave fewer players than one pod', () => {
    const state = stateOf(simulate('drops.json', ['--ruleset', 'mamtr-2024', '--players', '9', '--rounds', '4', '--drop-rate', '1', '--settings', '{"podSize": 5}']));
    expect(state.players.filter((p) => isActiveIn(p, 4))).toHaveLength(5);
    expect(state.rounds[3]!.tables.map((t) => t.seats.length)).toEqual([5]);
  });

  it('is reproducible from its seed', () => {
    const a = simulate('rep-a.json', ['--ruleset', 'mamtr-2024', '--players', '37', '--rounds', '3', '--seed', '4', '--drop-rate', '0.1']);
    const b = simulate('rep-b.json', ['--ruleset', 'mamtr-2024', '--players', '37', '--rounds', '3', '--seed', '4', '--drop-rate', '0.1']);
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
  });
});

describe('standings, pair and playoff with the pod rule sets', () => {
  const mamtrCase = path.join(conformanceCasesDir, 'mamtr-11-players.json');

  it('standings: MWP and OMWP as percentages, OAMP with 2 decimals; JSON keys mwp, oamp, omwp', () => {
    const text = cli(['standings', mamtrCase]);
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[2]).toMatch(/^Rank\s+Name\s+ID\s+Points\s+W-L-D\s+MWP\s+OAMP\s+OMWP$/);
    const json = JSON.parse(cli(['standings', mamtrCase, '--json']).stdout) as { standings: { id: string; tiebreakers: Record<string, number> }[] };
    json.standings.forEach((s, i) => {
      expect(Object.keys(s.tiebreakers)).toEqual(['mwp', 'oamp', 'omwp']);
      const row = lines[3 + i]!;
      const { mwp, oamp, omwp } = s.tiebreakers as { mwp: number; oamp: number; omwp: number };
      const cells = row.trim().split(/\s{2,}/);
      expect(cells.slice(-3)).toEqual([`${(mwp * 100).toFixed(2)}%`, oamp.toFixed(2), `${(omwp * 100).toFixed(2)}%`]);
    });
  });

  it('pair --json: the proposal of the rule set, seats in seat order, byes listed', () => {
    const file = simulate('pair-byes.json', ['--ruleset', 'mstr-2022', '--players', '23', '--rounds', '2', '--settings', '{"rel":"competitive"}']);
    const run = cli(['pair', file, '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { tables: { table: number; seats: string[] }[]; byes: string[] };
    expect(Object.keys(json)).toEqual(['tables', 'byes']);
    const state = stateOf(file);
    const proposal = getRuleset('mstr-2022').pair(state, roundSeed(state.seed, 3));
    expect(json.tables).toEqual(proposal.tables.map((t) => ({ table: t.table, seats: t.seats })));
    expect(json.byes).toEqual(proposal.byes.map((b) => b.player));
    expect(json.byes).toHaveLength(3);
    const text = cli(['pair', file]).stdout;
    expect(text).toMatch(/^Round 3 pairings\n\nTable 1: .+ v .+ v .+ v .+\n/);
    expect(text.match(/^Bye: /gm)).toHaveLength(3);
  });

  it('pair: warnings in words', () => {
    const text = cli(['pair', mamtrCase]).stdout;
    expect(text).toMatch(/^Warning: Table \d+ is a pod of 3: /m);
  });

  it('playoff: the waiting seeds in text and JSON; the seats as RULES 2 shows', () => {
    const file = simulate('po.json', ['--ruleset', 'mamtr-2024', '--players', '120', '--rounds', '5', '--seed', '6']);
    const state = stateOf(file);
    const seeds = getRuleset('mamtr-2024').standings(state).map((s) => s.id);
    const seed = (k: number): string => seeds[k - 1]!;
    const top40 = JSON.parse(cli(['playoff', file, '--top', '40', '--json']).stdout) as { tables: { table: number; seats: string[] }[]; waiting: string[] };
    expect(top40.waiting).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(seed));
    expect(top40.tables).toHaveLength(8);
    expect(top40.tables[0]!.seats).toEqual([9, 24, 25, 40].map(seed));
    const text = cli(['playoff', file, '--top', '40']).stdout;
    expect(text.match(/^Waiting: /gm)).toHaveLength(8);
    expect(text).toContain(`Waiting: ${state.players.find((p) => p.id === seed(1))!.name} (${seed(1)})`);

    const top10 = JSON.parse(cli(['playoff', file, '--top', '10', '--json']).stdout) as { tables: { seats: string[] }[]; waiting: string[] };
    expect(top10.waiting).toEqual([seed(1), seed(2)]);
    expect(top10.tables.map((t) => t.seats)).toEqual([[3, 6, 7, 10].map(seed), [4, 5, 8, 9].map(seed)]);

    const top16 = JSON.parse(cli(['playoff', file, '--top', '16', '--json']).stdout) as { tables: { seats: string[] }[]; waiting: string[] };
    expect(top16.waiting).toEqual([]);
    expect(top16.tables.map((t) => t.seats)).toEqual([
      [1, 8, 9, 16].map(seed),
      [2, 7, 10, 15].map(seed),
      [3, 6, 11, 14].map(seed),
      [4, 5, 12, 13].map(seed),
    ]);
  });
});
