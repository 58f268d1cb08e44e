/**
 * The penalty log (RULES 4 "Penalties that change results"): what each penalty does
 * to the results, the drops and the marks, what it refuses, undo, the event log's words, the
 * counts ("2nd warning for Tardiness") and the transcript's `penalties`.
 */
import { describe, expect, it } from 'vitest';
import { disqualifiedPlayers, penaltiesOf } from '../../core/event/apply-penalties.js';
import { apply, replay } from '../../core/event/apply.js';
import { type Command, newCommandSchema, parseCommand } from '../../core/event/commands.js';
import { describeJournal } from '../../core/event/describe.js';
import { COMMON_INFRACTIONS, infractionKey, penaltyHistory, resultNote } from '../../core/event/describe-penalties.js';
import { ordinal } from '../../core/text/format.js';
import { activePlayers } from '../../core/event/queries.js';
import { mayDispatch } from '../../core/api/methods.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, RulesetId } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { buildDocument } from '../../core/documents/index.js';
import { publicView } from '../../core/public/view.js';
import { stateToTranscript, transcriptToState } from '../../core/transcript/index.js';
import { stampHostTime } from '../../electron/host/station-changes.js';

const NAMES = ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'];

function event(ruleset: RulesetId, players: number, tables: string[][], settings: Record<string, unknown> = {}): Command[] {
  return [
    { type: 'create-event', id: 'e', name: 'Penalty Open', ruleset, settings, seed: 1, createdAt: '2026-05-01T10:00:00Z' },
    ...NAMES.slice(0, players).map((name, i): Command => ({ type: 'register-player', player: { id: name.toLowerCase(), name }, draw: i })),
    { type: 'pair-round', round: 1, stage: 'swiss', tables: tables.map((seats, i) => ({ table: i + 1, seats })), byes: [], seed: 1 },
  ];
}

const mtrEvent = (): Command[] => event('mtr', 4, [['ana', 'bo'], ['cy', 'di']]);

function run(commands: Command[]): EventState {
  return replay(commands.map((command, seq) => ({ seq, command }))) as EventState;
}

function refusal(fn: () => unknown): PodiumError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PodiumError);
    return error as PodiumError;
  }
  throw new Error('expected a PodiumError');
}

const penalty = (player: string, kind: 'warning' | 'game-loss' | 'match-loss' | 'disqualification', extra: Partial<Extract<Command, { type: 'record-penalty' }>> = {}): Command => ({
  type: 'record-penalty',
  round: 1,
  player,
  infraction: 'Tardiness',
  penalty: kind,
  judge: 'Kim Lee',
  ...extra,
});

const result = (table: number, games: [number, number, number], reason?: string): Command => ({ type: 'record-result', round: 1, table, result: { games }, ...(reason ? { reason } : {}) });

describe('the command', () => {
  it('is a journal command a judge device may send; the host stamps its time', () => {
    const sent = { type: 'record-penalty', round: 1, table: 1, player: 'ana', infraction: 'Tardiness', penalty: 'game-loss', judge: 'Kim Lee', note: '12 minutes late' };
    expect(parseCommand(sent).ok).toBe(true);
    expect(newCommandSchema.safeParse({ ...sent, penalty: 'ban' }).success).toBe(false);
    expect(newCommandSchema.safeParse({ ...sent, infraction: ' ' }).success).toBe(false);
    expect(newCommandSchema.safeParse({ ...sent, judge: 'Kim\u202eLee' }).success).toBe(false);
    const stamped = stampHostTime(newCommandSchema.parse(sent), Date.UTC(2026, 4, 1, 14, 5, 30, 500));
    expect(stamped).toMatchObject({ type: 'record-penalty', at: Date.UTC(2026, 4, 1, 14, 5, 30) });
    expect(mayDispatch({ kind: 'device', id: 'j', name: 'Floor', role: 'judge' }, 'record-penalty')).toBe(true);
    expect(mayDispatch({ kind: 'device', id: 'd', name: 'Wall', role: 'display' }, 'record-penalty')).toBe(false);
    expect(COMMON_INFRACTIONS).toContain('Slow Play');
  });

  it('names a paired round, a registered player and, when given, their table', () => {
    const commands = mtrEvent();
    const state = run(commands);
    expect(refusal(() => apply(state, penalty('ana', 'warning', { round: 2 }))).message).toBe('there is no round 2 (rounds 1 to 1)');
    expect(refusal(() => apply(state, penalty('zed', 'warning'))).code).toBe('unknown-player');
    expect(refusal(() => apply(state, penalty('ana', 'warning', { table: 2 }))).message).toBe('Ana (ana) does not play at round 1, table 2');
    expect(refusal(() => apply(state, penalty('ana', 'warning', { table: 9 }))).message).toBe('round 1 has no table 9');
    const before = run(commands.slice(0, -1));
    expect(refusal(() => apply(before, penalty('ana', 'warning'))).message).toMatch(/^there is no round 1 yet: a penalty is recorded in a paired round/);
    // A game or match loss is applied to a match: it names the table.
    expect(refusal(() => apply(state, penalty('ana', 'game-loss'))).message).toMatch(/^a game loss is applied to a match: name its table/);
  });
});

describe('warnings', () => {
  it('change nothing but are counted per infraction: "2nd warning for Tardiness"', () => {
    const state = run([...mtrEvent(), penalty('ana', 'warning', { table: 1 }), penalty('ana', 'warning', { table: 1, infraction: 'Slow Play' }), penalty('ana', 'warning', { table: 1, infraction: ' tardiness ' })]);
    expect(state.rounds).toEqual(run(mtrEvent()).rounds);
    expect(state.players).toEqual(run(mtrEvent()).players);
    expect(penaltyHistory(state, 'ana').map((h) => h.words)).toEqual(['1st warning for Tardiness', '1st warning for Slow Play', '2nd warning for  tardiness ']);
    expect(penaltyHistory(state, 'bo')).toEqual([]);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 103].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '103rd']);
  });

  it('a Game Play Error counts as one infraction with or without its category (older saves hold the short name)', () => {
    const state = run([
      ...mtrEvent(),
      penalty('ana', 'warning', { table: 1, infraction: 'Looking at Extra Cards' }),
      penalty('ana', 'warning', { table: 1, infraction: 'Game Play Error — Looking at Extra Cards' }),
      penalty('ana', 'warning', { table: 1, infraction: 'Game Play Error — Missed Trigger' }),
      penalty('ana', 'warning', { table: 1, infraction: 'Game Play Error' }),
    ]);
    expect(penaltyHistory(state, 'ana').map((h) => h.count)).toEqual([1, 2, 1, 1]);
  });
});

describe('the common infractions', () => {
  it('name each infraction once: no name both with and without its category, no repeats', () => {
    const keys = COMMON_INFRACTIONS.map(infractionKey);
    expect(new Set(keys).size).toBe(COMMON_INFRACTIONS.length);
    expect(COMMON_INFRACTIONS).toContain('Game Play Error — Looking at Extra Cards');
    expect(COMMON_INFRACTIONS).not.toContain('Looking at Extra Cards');
    expect(COMMON_INFRACTIONS.filter((name) => /Looking at Extra Cards|Failure to Maintain Game State/.test(name))).toEqual([
      'Game Play Error — Looking at Extra Cards',
      'Game Play Error — Failure to Maintain Game State',
    ]);
  });
});

describe('a game loss (mtr): a game the player lost in that match', () => {
  const withLoss = [...mtrEvent(), penalty('ana', 'game-loss', { table: 1, at: Date.UTC(2026, 4, 1, 14, 5) })];

  it('is recorded on the table; the result entered must count it', () => {
    const state = run(withLoss);
    expect(state.rounds[0]?.tables[0]?.result).toBeUndefined();
    expect(penaltiesOf(state)).toEqual([{ round: 1, table: 1, player: 'ana', infraction: 'Tardiness', penalty: 'game-loss', judge: 'Kim Lee', at: Date.UTC(2026, 4, 1, 14, 5) }]);
    expect(resultNote(state, penaltiesOf(state)[0]!, (id) => id)).toBe('includes a game loss for ana (Tardiness): the result counts it as a game ana lost');
    const refused = refusal(() => apply(state, result(1, [2, 0, 0])));
    expect(refused.code).toBe('invalid-result');
    expect(refused.message).toBe('round 1, table 1: Ana has a game loss there (Tardiness), so the result must count at least 1 game they lost (it counts 0)');
    // Ana still wins 2–1 (the game loss was one of the three games), or loses 0–2.
    expect(apply(state, result(1, [2, 1, 0])).rounds[0]?.tables[0]?.result).toEqual({ games: [2, 1, 0] });
    expect(apply(state, result(1, [0, 2, 0])).rounds[0]?.tables[0]?.result).toEqual({ games: [0, 2, 0] });
    // An amendment is checked the same way.
    const entered = apply(state, result(1, [2, 1, 0]));
    expect(refusal(() => apply(entered, result(1, [2, 0, 0], 'typo'))).code).toBe('invalid-result');
  });

  it('at a table with a result: it must be there already, else the result is amended first', () => {
    const played = run([...mtrEvent(), result(1, [2, 0, 0]), result(2, [2, 1, 0])]);
    expect(refusal(() => apply(played, penalty('ana', 'game-loss', { table: 1 }))).message).toBe(
      "round 1, table 1 already has a result (Ana wins 2–0), and Ana has a game loss there (Tardiness), so the result must count at least 1 game they lost (it counts 0): amend the result first (a game loss applies to the current or next game of the match; if the match was over, record it at the player's next match)",
    );
    // Cy lost a game in 2–1: a game loss given there is already in the result.
    expect(penaltiesOf(apply(played, penalty('cy', 'game-loss', { table: 2 })))).toHaveLength(1);
    // Two game losses need two lost games.
    const twice = apply(apply(played, penalty('bo', 'game-loss', { table: 1 })), penalty('bo', 'game-loss', { table: 1 }));
    expect(penaltiesOf(twice)).toHaveLength(2);
    expect(refusal(() => apply(apply(played, penalty('cy', 'game-loss', { table: 2 })), penalty('cy', 'game-loss', { table: 2 }))).message).toMatch(/Cy has 2 game losses there/);
  });

  it('undo takes it back, and the result it asked for is free again', () => {
    const entries = [...withLoss, { type: 'undo', target: withLoss.length - 1 } as Command, result(1, [2, 0, 0])].map((command, seq) => ({ seq, command }));
    const state = replay(entries) as EventState;
    expect(penaltiesOf(state)).toEqual([]);
    expect(state.rounds[0]?.tables[0]?.result).toEqual({ games: [2, 0, 0] });
  });

  it('stays with its match: a re-pairing or a table fix that moves the player is refused', () => {
    const state = run(withLoss);
    const repair: Command = { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['bo', 'cy'] }, { table: 2, seats: ['ana', 'di'] }], byes: [], seed: 2, replace: true };
    expect(refusal(() => apply(state, repair)).message).toMatch(/^Ana has a penalty at round 1, table 1 \(game loss for Tardiness\), and it stays with that match: undo the penalty first/);
    const swap: Command = { type: 'fix-tables', round: 1, tables: [{ table: 1, seats: ['cy', 'bo'] }, { table: 2, seats: ['ana', 'di'] }], reason: 'wrong seats' };
    expect(refusal(() => apply(state, swap)).code).toBe('not-allowed');
    const ok: Command = { type: 'fix-tables', round: 1, tables: [{ table: 1, seats: ['bo', 'ana'] }], reason: 'seat order' };
    expect(apply(state, ok).rounds[0]?.tables[0]?.seats).toEqual(['bo', 'ana']);
  });

  it('a report every player agreed with waits for the scorekeeper when it leaves the game loss out', () => {
    const commands: Command[] = [...event('mtr', 4, [['ana', 'bo'], ['cy', 'di']], { selfReports: 'auto' }), penalty('ana', 'game-loss', { table: 1 })];
    let state = run(commands);
    state = apply(state, { type: 'report-result', round: 1, table: 1, player: 'ana', phone: 'phone-ana-1', result: { games: [2, 0, 0] } });
    state = apply(state, { type: 'confirm-report', round: 1, table: 1, player: 'bo', phone: 'phone-bo-12', agree: true });
    expect(state.rounds[0]?.tables[0]?.result).toBeUndefined();
    expect(state.rounds[0]?.reports?.[0]?.status).toBe('agreed');
    expect(state.settings.selfReports).toBe('auto');
    expect(refusal(() => apply(state, { type: 'decide-report', round: 1, table: 1, accept: true })).code).toBe('invalid-result');
  });
});

describe('a match loss: the match lost', () => {
  it('mtr: recorded as the table’s result (the opponent wins every game needed)', () => {
    const state = run([...mtrEvent(), penalty('bo', 'match-loss', { table: 1, infraction: 'Cheating' })]);
    expect(state.rounds[0]?.tables[0]?.result).toEqual({ games: [2, 0, 0] });
    const seat1 = run([...mtrEvent(), penalty('ana', 'match-loss', { table: 1 })]);
    expect(seat1.rounds[0]?.tables[0]?.result).toEqual({ games: [0, 2, 0] });
    // Amending it to a win for the penalised player is refused.
    expect(refusal(() => apply(seat1, result(1, [2, 0, 0], 'slip said so'))).message).toMatch(/Ana has a match loss there \(Tardiness\), so the result must give them the match as lost/);
    // At a table with a result: the result must already be the player's loss.
    const played = run([...mtrEvent(), result(1, [2, 1, 0])]);
    expect(refusal(() => apply(played, penalty('ana', 'match-loss', { table: 1 }))).message).toMatch(/^round 1, table 1 already has a result \(Ana wins 2–1\), and Ana has a match loss there/);
    expect(apply(played, penalty('bo', 'match-loss', { table: 1 })).rounds[0]?.tables[0]?.result).toEqual({ games: [2, 1, 0] });
  });

  it('pods (MSTR/MAMTR 2.1A): a match loss — the result entered must exclude the player and give them nothing', () => {
    for (const ruleset of ['mstr-2022', 'mamtr-2024'] as const) {
      const commands = event(ruleset, 8, [['ana', 'bo', 'cy', 'di'], ['ed', 'flo', 'gus', 'hal']]);
      let state = run([...commands, penalty('cy', 'match-loss', { table: 1 }), penalty('ed', 'game-loss', { table: 2 })]);
      expect(state.rounds[0]?.tables[0]?.result).toBeUndefined();
      const pod = (table: number, r: Record<string, unknown>): Command => ({ type: 'record-result', round: 1, table, result: r });
      expect(refusal(() => apply(state, pod(1, { draw: true }))).message).toMatch(/Cy has a match loss there/);
      expect(refusal(() => apply(state, pod(1, { winner: 'cy' }))).code).toBe('invalid-result');
      state = apply(state, pod(1, { draw: true, excluded: ['cy'] }));
      expect(state.rounds[0]?.tables[0]?.result).toMatchObject({ draw: true, excluded: ['cy'] });
    }
  });

  it('pods (RULES 4): a game loss is a game the player lost — they cannot be its winner and take no part in a draw', () => {
    for (const ruleset of ['mstr-2022', 'mamtr-2024'] as const) {
      const commands = event(ruleset, 8, [['ana', 'bo', 'cy', 'di'], ['ed', 'flo', 'gus', 'hal']]);
      const state = run([...commands, penalty('ed', 'game-loss', { table: 2 })]);
      const pod = (r: Record<string, unknown>): Command => ({ type: 'record-result', round: 1, table: 2, result: r });
      // Named the winner: refused, in words.
      const named = refusal(() => apply(state, pod({ winner: 'ed' })));
      expect(named.code).toBe('invalid-result');
      expect(named.message).toBe(
        'round 1, table 2: Ed has a game loss there (Tardiness): Ed lost that game, so cannot be its winner and takes no part in a draw: name another winner, or list Ed as excluded from the draw',
      );
      expect(refusal(() => apply(state, pod({ games: ['ed'] }))).message).toMatch(/Ed lost that game/);
      // A draw that gives them a share of it: refused; excluded from it: recorded, and they score nothing.
      expect(refusal(() => apply(state, pod({ draw: true }))).message).toMatch(/Ed has a game loss there .*list Ed as excluded/);
      const drawn = apply(state, pod({ draw: true, excluded: ['ed'] }));
      const points = new Map(getRuleset(ruleset).standings(drawn).map((s) => [s.id, s.points]));
      expect(points.get('ed')).toBe(0);
      expect(points.get('flo')).toBeGreaterThan(0);
      // Another player won: recorded as entered.
      expect(apply(state, pod({ winner: 'flo' })).rounds[0]?.tables[1]?.result).toEqual({ winner: 'flo' });
      expect(resultNote(state, penaltiesOf(state)[0]!, (id) => id)).toBe('includes a game loss for ed (Tardiness): ed lost that game: not its winner, and excluded from a draw');
      // A game loss given after a result that names them the winner asks for the result to be amended first.
      const played = apply(run(commands), pod({ winner: 'ed' }));
      expect(refusal(() => apply(played, penalty('ed', 'game-loss', { table: 2 }))).message).toMatch(/already has a result \(Ed wins\).*amend the result first/);
    }
  });

  it('mamtr-2024 playoff (2.4C): a player with a game loss in a drawn pod is passed over like one excluded', () => {
    const commands: Command[] = [
      ...event('mamtr-2024', 4, [['ana', 'bo', 'cy', 'di']]),
      { type: 'record-result', round: 1, table: 1, result: { winner: 'ana' } },
      { type: 'start-playoff', top: 4, draft: false, seeds: ['ana', 'bo', 'cy', 'di'] },
      { type: 'pair-round', round: 2, stage: 'playoff', tables: [{ table: 1, seats: ['ana', 'bo', 'cy', 'di'] }], byes: [], seed: 2 },
      penalty('ana', 'game-loss', { table: 1, round: 2 }),
    ];
    const state = run(commands);
    expect(refusal(() => apply(state, { type: 'record-result', round: 2, table: 1, result: { draw: true } })).message).toMatch(/Ana lost that game/);
    const drawn = apply(state, { type: 'record-result', round: 2, table: 1, result: { draw: true, excluded: ['ana'] } });
    const final = getRuleset('mamtr-2024');
    expect(final.advancing(drawn, drawn.rounds[1]!, drawn.rounds[1]!.tables[0]!)).toEqual(['bo']);
  });

  it('Lightseekers: no game or match loss to record; a warning or a disqualification is kept', () => {
    const commands = event('lightseekers-competitive', 8, [['ana', 'bo', 'cy', 'di'], ['ed', 'flo', 'gus', 'hal']]);
    const state = run(commands);
    expect(refusal(() => apply(state, penalty('ana', 'game-loss', { table: 1 }))).message).toMatch(/^a game loss changes a Magic result \(MTR 2\.4\); .* results have none/);
    expect(penaltiesOf(apply(state, penalty('ana', 'warning', { table: 1 })))).toHaveLength(1);
    expect(apply(state, penalty('ana', 'disqualification', { table: 1 })).players.find((p) => p.id === 'ana')?.droppedAfterRound).toBe(1);
  });
});

describe('a disqualification', () => {
  it('drops the player from the next pairing, keeps their results, and marks them', () => {
    const commands = [...mtrEvent(), result(1, [2, 1, 0]), penalty('ana', 'disqualification', { table: 1, infraction: 'Cheating' })];
    const state = run(commands);
    expect(state.players.find((p) => p.id === 'ana')?.droppedAfterRound).toBe(1);
    expect(activePlayers(state).map((p) => p.id)).toEqual(['bo', 'cy', 'di']);
    expect(state.rounds[0]?.tables[0]?.result).toEqual({ games: [2, 1, 0] });
    expect([...disqualifiedPlayers(state).keys()]).toEqual(['ana']);
    const proposal = getRuleset('mtr').pair(state, 3);
    expect(proposal.tables.flatMap((t) => t.seats)).not.toContain('ana');
    expect(getRuleset('mtr').standings(state).find((s) => s.id === 'ana')).toMatchObject({ dropped: true, points: 3 });
    // Never reinstated, never reported in, never disqualified twice; undo is how a mistake is taken back.
    expect(refusal(() => apply(state, { type: 'reinstate-player', id: 'ana' })).message).toBe(
      'Ana (ana) was disqualified (round 1, Cheating) and does not come back into the event; if the disqualification was a mistake, undo it in the Event log',
    );
    expect(refusal(() => apply(state, penalty('ana', 'disqualification'))).message).toBe('Ana (ana) is already disqualified (round 1, Cheating)');
    const undone = replay([...commands, { type: 'undo', target: commands.length - 1 } as Command].map((command, seq) => ({ seq, command }))) as EventState;
    expect(undone.players.find((p) => p.id === 'ana')?.droppedAfterRound).toBeUndefined();
    // A player who had dropped already stays dropped where they were.
    const dropped = run([...mtrEvent(), { type: 'drop-player', id: 'cy' }, penalty('cy', 'disqualification')]);
    expect(dropped.players.find((p) => p.id === 'cy')?.droppedAfterRound).toBe(1);
  });
});

describe('the event log', () => {
  it('describes each penalty, counts repeats in force, and files them under Penalties', () => {
    const commands: Command[] = [
      ...mtrEvent(),
      penalty('ana', 'warning', { table: 1, note: 'two minutes late' }),
      penalty('ana', 'warning', { table: 1 }),
      { type: 'undo', target: mtrEvent().length + 1 },
      penalty('ana', 'warning', { table: 1 }),
      penalty('bo', 'game-loss', { table: 1, infraction: 'Drawing Extra Cards', judge: undefined }),
      penalty('cy', 'disqualification', { table: 2, infraction: 'Cheating' }),
    ];
    const undone = new Map([[mtrEvent().length + 1, mtrEvent().length + 2]]);
    const rows = describeJournal(
      commands.map((command, seq) => ({ seq, at: '2026-05-01T14:05:00Z', station: 'desk', command, ...(undone.has(seq) ? { undoneBy: undone.get(seq) } : {}) })),
      run(commands.filter((_, i) => i !== mtrEvent().length + 1 && i !== mtrEvent().length + 2)),
      { isolate: (name) => name },
    );
    const penalties = rows.filter((r) => r.kind === 'penalties');
    expect(penalties.map((r) => r.what)).toEqual([
      'Penalty: Ana — warning for Tardiness (round 1, table 1; judge Kim Lee)',
      'Penalty: Ana — warning for Tardiness (round 1, table 1; judge Kim Lee); 2nd warning for this infraction',
      'Penalty: Ana — warning for Tardiness (round 1, table 1; judge Kim Lee); 2nd warning for this infraction',
      'Penalty: Bo — game loss for Drawing Extra Cards (round 1, table 1) — a game they lost in that match',
      'Penalty: Cy — disqualification for Cheating (round 1, table 2; judge Kim Lee) — dropped from the next pairing',
    ]);
    expect(penalties[0]?.why).toBe('two minutes late');
    expect(rows.find((r) => r.kind === 'undo')?.what).toMatch(/^Undo of entry \d+: Penalty: Ana — warning for Tardiness/);
  });
});

describe('the transcript', () => {
  it('exports the log and loads it back: same penalties, results, drops and standings', () => {
    const commands = [
      ...mtrEvent(),
      penalty('ana', 'game-loss', { table: 1, note: 'late', at: Date.UTC(2026, 4, 1, 14, 5) }),
      result(1, [1, 2, 0]),
      penalty('di', 'match-loss', { table: 2, infraction: 'Marked Cards' }),
      penalty('cy', 'disqualification', { table: 2, infraction: 'Cheating', judge: 'Head Judge' }),
      penalty('bo', 'warning'),
    ];
    const state = run(commands);
    const transcript = stateToTranscript(state);
    expect(transcript.penalties).toEqual([
      { round: 1, table: 1, player: 'ana', infraction: 'Tardiness', penalty: 'game-loss', judge: 'Kim Lee', note: 'late' },
      { round: 1, table: 2, player: 'di', infraction: 'Marked Cards', penalty: 'match-loss', judge: 'Kim Lee' },
      { round: 1, table: 2, player: 'cy', infraction: 'Cheating', penalty: 'disqualification', judge: 'Head Judge' },
      { round: 1, player: 'bo', infraction: 'Tardiness', penalty: 'warning', judge: 'Kim Lee' },
    ]);
    expect(transcript.rounds[0]?.drops).toEqual(['cy']);
    const back = transcriptToState(JSON.parse(JSON.stringify(transcript)));
    expect(back.penalties).toEqual(state.penalties?.map(({ at: _at, ...p }) => p));
    expect(back.rounds.map((r) => r.tables)).toEqual(state.rounds.map((r) => r.tables));
    expect(back.players).toEqual(state.players);
    expect(getRuleset('mtr').standings(back)).toEqual(getRuleset('mtr').standings(state));
    expect(stateToTranscript(back)).toEqual(transcript);
  });
});

describe('the match slip of a table with a game loss', () => {
  const texts = (node: unknown): string[] => {
    if (typeof node === 'string') return [node];
    if (Array.isArray(node)) return node.flatMap(texts);
    if (node && typeof node === 'object') return Object.values(node as Record<string, unknown>).flatMap(texts);
    return [];
  };
  it('says which game loss the players count before they sign; other tables keep the usual line', () => {
    const state = run([...mtrEvent(), penalty('bo', 'game-loss', { table: 1 })]);
    const words = texts(buildDocument('match-slips', state, { pageSize: 'A4', generatedAt: '2026-05-01 14:05', round: 1 }).content);
    expect(words).toContain('Includes a game loss for Bo (Tardiness): count it among the games lost, then both sign');
    expect(words.filter((w) => w === 'Result slip — fill in, both sign, hand in at the scorekeeper’s desk')).toHaveLength(1);
  });
});

describe('a disqualification where the public and the prints see it', () => {
  it('is marked DQ on printed standings and told to the player on the public view', () => {
    const state = run([...mtrEvent(), penalty('bo', 'disqualification', { table: 1, infraction: 'Cheating' })]);
    const texts = JSON.stringify(buildDocument('standings', state, { pageSize: 'A4', generatedAt: '2026-05-01 14:05' }).content);
    expect(texts).toContain('DQ — disqualified in round 1');
    const view = publicView(state, { now: Date.UTC(2026, 4, 1, 12), version: 1 });
    expect(view.players.find((p) => p.id === 'bo')).toMatchObject({ disqualifiedInRound: 1 });
    expect(view.players.find((p) => p.id === 'ana')).not.toHaveProperty('disqualifiedInRound');
    expect(JSON.stringify(view)).not.toContain('Cheating');
  });
});
