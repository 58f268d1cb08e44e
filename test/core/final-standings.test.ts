import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../core/documents/index.js';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState, PairingProposal, PlayerId, RulesetId, Table, TableResult } from '../../core/model/types.js';
import { finalStandings, playoffFinishLabel } from '../../core/rulesets/final-standings.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { formatTranscript, stateToTranscript } from '../../core/transcript/index.js';
import { runCli } from '../../electron/host/cli/run.js';

const run = (state: EventState | undefined, ...commands: Command[]): EventState => {
  let s = state;
  for (const c of commands) s = apply(s, c);
  return s as EventState;
};

const pid = (i: number): PlayerId => `p${String(i).padStart(2, '0')}`;

/** Who wins a table, by seat index. */
type Chooser = (table: Table) => number;

function resultFor(state: EventState, table: Table, seat: number): TableResult {
  const family = getRuleset(state.ruleset).family;
  const winner = table.seats[seat] as PlayerId;
  if (family === 'head-to-head') return { games: seat === 0 ? [2, 1, 0] : [1, 2, 0] };
  if (family === 'pods') return { winner };
  const vp: Record<PlayerId, number> = {};
  table.seats.forEach((id, i) => (vp[id] = id === winner ? 10 : i));
  return { vp, defeated: table.seats.filter((id) => id !== winner) };
}

function pairCommand(state: EventState, proposal: Pick0, stage: 'swiss' | 'playoff'): Command {
  return {
    type: 'pair-round',
    round: state.rounds.length + 1,
    stage,
    tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
    byes: proposal.byes.map((b) => ({ player: b.player, kind: b.kind })),
    ...(proposal.waiting && proposal.waiting.length > 0 ? { waiting: [...proposal.waiting] } : {}),
    ...(proposal.groups ? { groups: proposal.groups.map((g) => [...g]) } : {}),
    seed: proposal.seed,
  };
}
type Pick0 = Pick<PairingProposal, 'tables' | 'byes' | 'waiting' | 'groups' | 'seed'>;

function finishRound(state: EventState, pick: Chooser): EventState {
  const round = state.rounds[state.rounds.length - 1]!;
  let s = state;
  for (const table of round.tables)
    s = run(s, { type: 'record-result', round: round.number, table: table.table, result: resultFor(s, table, pick(table)) as unknown as Record<string, unknown> });
  return s;
}

/** An event of n players with `rounds` Swiss rounds paired by the rule set, seat 1 winning. */
function swissEvent(ruleset: RulesetId, n: number, rounds: number): EventState {
  let state = run(undefined, {
    type: 'create-event',
    id: 'e1',
    name: 'Final standings',
    ruleset,
    settings: {},
    seed: 11,
    createdAt: '2024-01-01T00:00:00.000Z',
  });
  for (let i = 1; i <= n; i++) state = run(state, { type: 'register-player', player: { id: pid(i), name: `Player ${i}` }, draw: i });
  for (let r = 1; r <= rounds; r++) {
    state = run(state, pairCommand(state, getRuleset(ruleset).pair(state, r), 'swiss'));
    state = finishRound(state, () => 0);
  }
  return state;
}

function cut(state: EventState, top: number): EventState {
  const pairing = getRuleset(state.ruleset).playoff(state, { top }, 5);
  return run(state, { type: 'start-playoff', top, draft: false, seeds: pairing.seeds }, pairCommand(state, { ...pairing, byes: [] }, 'playoff'));
}

function nextRound(state: EventState): EventState {
  const proposal = getRuleset(state.ruleset).nextPlayoffRound(state, 6);
  if (!proposal) throw new Error('no next playoff round');
  return run(state, pairCommand(state, proposal, 'playoff'));
}

const finishes = (standings: ReturnType<typeof finalStandings>) => (standings ?? []).map((s) => playoffFinishLabel(s.playoff));

describe('final standings', () => {
  it('is null without a playoff', () => {
    expect(finalStandings(swissEvent('mtr', 10, 3))).toBeNull();
  });

  it('mtr top 8: champion, finalist, semifinal losers by seed, quarterfinal losers by seed, then Swiss order', () => {
    let state = cut(swissEvent('mtr', 12, 4), 8);
    const seeds = state.playoff!.seeds;
    const s = (k: number) => seeds[k - 1] as PlayerId;
    const swiss = getRuleset('mtr').standings(state).map((x) => x.id);
    // Quarterfinals 1v8, 4v5, 2v7, 3v6: seed 5 beats seed 4; the higher seed wins the others.
    state = finishRound(state, (t) => (t.seats.includes(s(5)) ? 1 : 0));
    // Semifinals 1v5, 2v3: the higher seed wins.
    state = finishRound(nextRound(state), () => 0);
    // Not yet paired, then paired: seeds 1 and 2 share the top in seed order, nobody is champion.
    for (const pending of [state, nextRound(state)]) {
      const table = finalStandings(pending)!;
      expect(table.slice(0, 2).map((x) => x.id)).toEqual([s(1), s(2)]);
      expect(finishes(table).slice(0, 4)).toEqual(['In contention', 'In contention', 'Semifinal', 'Semifinal']);
      expect(table.some((x) => x.playoff === 'champion')).toBe(false);
    }
    // The final: seed 2 (seat 2) wins.
    state = finishRound(nextRound(state), () => 1);
    const table = finalStandings(state)!;
    const rest = swiss.filter((id) => !seeds.includes(id));
    expect(table.map((x) => x.id)).toEqual([s(2), s(1), s(3), s(5), s(4), s(6), s(7), s(8), ...rest]);
    expect(table.map((x) => x.rank)).toEqual(table.map((_, i) => i + 1));
    expect(finishes(table)).toEqual([
      'Champion',
      'Finalist',
      'Semifinal',
      'Semifinal',
      'Quarterfinal',
      'Quarterfinal',
      'Quarterfinal',
      'Quarterfinal',
      ...rest.map(() => ''),
    ]);
    expect(table[4]!.playoff).toEqual({ eliminatedInRound: 1, roundName: 'Quarterfinal' });
    // Swiss points, tiebreakers and record are kept as they are.
    const before = new Map(getRuleset('mtr').standings(state).map((x) => [x.id, x]));
    for (const x of table) {
      const b = before.get(x.id)!;
      expect([x.points, x.tiebreakers, x.record]).toEqual([b.points, b.tiebreakers, b.record]);
    }
  });

  it('mamtr-2024 top 7: seeds 1–3 wait, the pod of seeds 4–7 is the semifinal', () => {
    let state = cut(swissEvent('mamtr-2024', 23, 3), 7);
    const seeds = state.playoff!.seeds;
    const s = (k: number) => seeds[k - 1] as PlayerId;
    const swiss = getRuleset('mamtr-2024').standings(state).map((x) => x.id);
    const rest = swiss.filter((id) => !seeds.includes(id));
    // Before any playoff result: all seven in contention, by seed.
    expect(finalStandings(state)!.slice(0, 7).map((x) => x.id)).toEqual(seeds);
    expect(finishes(finalStandings(state)).slice(0, 8)).toEqual([...seeds.map(() => 'In contention'), '']);
    // Seed 6 (seat 3 of the pod of 4–7) wins the first round.
    state = finishRound(state, () => 2);
    let table = finalStandings(state)!;
    expect(table.slice(0, 4).map((x) => x.id)).toEqual([s(1), s(2), s(3), s(6)]);
    expect(finishes(table).slice(0, 7)).toEqual([...Array(4).fill('In contention'), 'Semifinal', 'Semifinal', 'Semifinal']);
    // The final (seeds 1, 2, 3, 6): seed 3 wins.
    state = nextRound(state);
    expect(state.rounds[state.rounds.length - 1]!.tables[0]!.seats).toEqual([s(1), s(2), s(3), s(6)]);
    state = finishRound(state, () => 2);
    table = finalStandings(state)!;
    expect(table.map((x) => x.id)).toEqual([s(3), s(1), s(2), s(6), s(4), s(5), s(7), ...rest]);
    expect(finishes(table).slice(0, 8)).toEqual(['Champion', 'Finalist', 'Finalist', 'Finalist', 'Semifinal', 'Semifinal', 'Semifinal', '']);
    expect(table.length).toBe(23);
  });

  it('mamtr-2024: a drawn final goes to the highest seed not excluded (2.4C)', () => {
    let state = finishRound(cut(swissEvent('mamtr-2024', 23, 3), 7), () => 0);
    state = nextRound(state);
    const round = state.rounds[state.rounds.length - 1]!;
    const seats = round.tables[0]!.seats;
    state = run(state, { type: 'record-result', round: round.number, table: 1, result: { draw: true, excluded: [seats[0]!] } });
    const table = finalStandings(state)!;
    expect(table[0]!.id).toBe(seats[1]);
    expect(table[0]!.playoff).toBe('champion');
  });

  it('lightseekers-competitive: the final table winner is champion, the others finalists in their order at the final table', () => {
    let state = cut(swissEvent('lightseekers-competitive', 13, 3), 5);
    const seeds = state.playoff!.seeds;
    const table0 = state.rounds[state.rounds.length - 1]!.tables[0]!;
    const winner = table0.seats[3] as PlayerId;
    state = finishRound(state, () => 3);
    const table = finalStandings(state)!;
    expect(table.slice(0, 5).map((x) => x.id)).toEqual([winner, ...seeds.filter((id) => id !== winner)]);
    expect(finishes(table).slice(0, 6)).toEqual(['Champion', 'Finalist', 'Finalist', 'Finalist', 'Finalist', '']);
  });

  it('the command line: standings FILE --final prints the Playoff column; refused without a playoff', () => {
    const cli = (state: EventState, ...args: string[]) => {
      let stdout = '';
      let stderr = '';
      const code = runCli(['standings', 'event.json', ...args], {
        stdout: (t) => (stdout += t),
        stderr: (t) => (stderr += t),
        readFile: () => formatTranscript(stateToTranscript(state)),
        writeFile: () => undefined,
        now: () => 0,
      });
      return { code, stdout, stderr };
    };
    let state = cut(swissEvent('mtr', 10, 3), 4);
    state = finishRound(state, () => 0);
    state = finishRound(nextRound(state), () => 0);
    const text = cli(state, '--final');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Final standings after the playoff/);
    expect(text.stdout).toMatch(/Rank\s+Name\s+ID\s+Playoff\s+Points/);
    const lines = text.stdout.split('\n');
    expect(lines[3]).toMatch(/^\s*1\s.*Champion/);
    expect(lines[4]).toMatch(/^\s*2\s.*Finalist/);
    const json = cli(state, '--final', '--json');
    const parsed = JSON.parse(json.stdout) as { standings: { rank: number; playoff?: unknown }[] };
    expect(parsed.standings[0]!.playoff).toBe('champion');
    expect(parsed.standings[2]!.playoff).toEqual({ eliminatedInRound: 1, roundName: 'Semifinal' });
    const none = cli(swissEvent('mtr', 10, 3), '--final');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/has no playoff/);
  });

  it('the printed standings after a playoff are the final standings with the Playoff column', () => {
    let state = cut(swissEvent('mtr', 10, 3), 4);
    state = finishRound(state, () => 0);
    state = finishRound(nextRound(state), () => 0);
    const printed = JSON.stringify(buildDocument('standings', state, { pageSize: 'A4', generatedAt: '2026-05-01 14:05' }));
    expect(printed).toContain('Final standings after the playoff');
    expect(printed).toContain('"Playoff"');
    expect(printed.indexOf('Champion')).toBeLessThan(printed.indexOf('Finalist'));
    // Before the cut: the Swiss standings, no Playoff column.
    const swiss = JSON.stringify(buildDocument('standings', swissEvent('mtr', 10, 3), { pageSize: 'A4', generatedAt: '2026-05-01 14:05' }));
    expect(swiss).not.toContain('"Playoff"');
  });
});
