/**
 * MTR playoffs as the floor found them: a drop after the quarterfinals, the bracket
 * the screen and the print draw from one model (core/documents/bracket-matches.ts) agreeing with
 * the rule set's next round (RULES 1 "Drops after a cut": nobody advanced, the highest seed left
 * has the bye, the rest paired by seed); no draw offered at playoff result entry (MTR 2.5); the
 * final standings a player's phone shows once posted.
 */
import { describe, expect, it } from 'vitest';
import { headToHeadBracket } from '../../core/documents/bracket-matches.js';
import { buildDocument } from '../../core/documents/index.js';
import type { Content } from '../../core/documents/types.js';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState, PairingProposal, PlayerId, Table } from '../../core/model/types.js';
import { publicView } from '../../core/public/view.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { EMPTY_RESULT_DRAFT, type EntryContext, type ResultField } from '../../core/rulesets/presentation.js';
import { reinstateRefusal } from '../../core/event/apply-players.js';

const run = (state: EventState | undefined, ...commands: Command[]): EventState => {
  let s = state;
  for (const c of commands) s = apply(s, c);
  return s as EventState;
};

const NAMES = ['Ana Archer', 'Bo Berg', 'Cy Castro', 'Di Dahl', 'Ed Eze', 'Flo Fox', 'Gus Gray', 'Hal Hu', 'Ida Ito', 'Jo Jung'];

function pairCommand(state: EventState, proposal: Pick<PairingProposal, 'tables' | 'byes' | 'seed'>, stage: 'swiss' | 'playoff'): Command {
  return {
    type: 'pair-round',
    round: state.rounds.length + 1,
    stage,
    tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
    byes: proposal.byes.map((b) => ({ player: b.player, kind: b.kind })),
    seed: proposal.seed,
  } as Command;
}

/** Seat 1 (the higher seed in a playoff) wins every open table of the latest round. */
function seatOneWins(state: EventState): EventState {
  const round = state.rounds[state.rounds.length - 1]!;
  let s = state;
  for (const t of round.tables) if (!t.result) s = run(s, { type: 'record-result', round: round.number, table: t.table, result: { games: [2, 0, 0] } });
  return s;
}

/** 10 players, 3 Swiss rounds, a top 8 whose quarterfinals seat 1 won (seeds 1, 4, 2, 3 go on). */
function quarterfinalsPlayed(): EventState {
  let state = run(undefined, { type: 'create-event', id: 'e1', name: 'Floor Open', ruleset: 'mtr', settings: {}, seed: 11, createdAt: '2026-01-01T00:00:00.000Z' });
  NAMES.forEach((name, i) => (state = run(state, { type: 'register-player', player: { id: `p${String(i + 1).padStart(2, '0')}`, name }, draw: i + 1 })));
  for (let r = 0; r < 3; r++) state = seatOneWins(run(state, pairCommand(state, getRuleset('mtr').pair(state, r), 'swiss')));
  const cut = getRuleset('mtr').playoff(state, { top: 8 }, 5);
  state = run(state, { type: 'start-playoff', top: 8, draft: false, seeds: cut.seeds }, pairCommand(state, { tables: cut.tables, byes: [], seed: 5 }, 'playoff'));
  return seatOneWins(state);
}

const slots = (tables: readonly { slots: readonly { id?: PlayerId; placeholder?: string }[] }[]) => tables.map((m) => m.slots.map((s) => s.id ?? s.placeholder));

/** Every pdfmake text node (with its style) in a definition. */
function textNodes(content: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(content)) for (const c of content) textNodes(c, out);
  else if (content && typeof content === 'object') {
    const node = content as Record<string, unknown>;
    if ('text' in node) out.push(node);
    for (const value of Object.values(node)) if (typeof value === 'object') textNodes(value, out);
  }
  return out;
}

const flat = (node: Record<string, unknown>): string => (Array.isArray(node.text) ? (node.text as { text: string }[]).map((t) => t.text).join('') : String(node.text));

describe('a quarterfinal winner drops (RULES 1 "Drops after a cut")', () => {
  const played = quarterfinalsPlayed();
  const seed = (k: number): PlayerId => played.playoff!.seeds[k - 1]!;
  // Seed 3 won table 4 (3 v 6), then drops.
  const dropped = run(played, { type: 'drop-player', id: seed(3) });

  it('the rule set pairs the semifinal by seed: seed 1 has the bye, 2 v 4', () => {
    const next = getRuleset('mtr').nextPlayoffRound(dropped, 0)!;
    expect(next.byes).toEqual([{ player: seed(1), kind: 'playoff' }]);
    expect(next.tables.map((t) => t.seats)).toEqual([[seed(2), seed(4)]]);
  });

  it('the bracket shows those semifinals, not the ones the drop cancelled, and the winner who dropped goes nowhere', () => {
    const { columns } = headToHeadBracket(dropped);
    expect(columns.map((c) => c.name)).toEqual(['Quarterfinals', 'Semifinals', 'Final']);
    const [quarters, semis, final] = columns.map((c) => c.matches);
    // The quarterfinals in the order that feeds the semifinals: seed 1's match beside the match
    // whose winner dropped (it feeds nothing), then the two that meet.
    expect(slots(quarters!)).toEqual([
      [seed(1), seed(8)],
      [seed(3), seed(6)],
      [seed(4), seed(5)],
      [seed(2), seed(7)],
    ]);
    const withDrop = quarters![1]!;
    expect(withDrop.winner).toBe(seed(3));
    expect(withDrop.advances).toBeUndefined();
    expect(withDrop.slots[0].droppedAfterRound).toBe(4);
    expect(slots(semis!)).toEqual([
      [seed(1), 'bye (MTR 2.10)'],
      [seed(2), seed(4)],
    ]);
    expect(semis!.every((m) => m.upcoming)).toBe(true);
    // Who feeds whom: the bye from seed 1's match; 2 v 4 from the matches seeds 4 and 2 won.
    expect(semis!.map((m) => m.from)).toEqual([[0], [2, 3]]);
    // The final waits for seed 1 (through the bye) and the winner of 2 v 4.
    expect(slots(final!)).toEqual([[seed(1), 'winner of seeds 2 v 4']]);
  });

  it('once the semifinal is paired and played, the final is seed 1 against its winner', () => {
    let state = run(dropped, pairCommand(dropped, getRuleset('mtr').nextPlayoffRound(dropped, 0)!, 'playoff'));
    state = seatOneWins(state);
    const { columns, champion } = headToHeadBracket(state);
    expect(slots(columns[2]!.matches)).toEqual([[seed(1), seed(2)]]);
    expect(champion).toBeUndefined();
    state = seatOneWins(run(state, pairCommand(state, getRuleset('mtr').nextPlayoffRound(state, 0)!, 'playoff')));
    expect(headToHeadBracket(state).champion).toBe(seed(1));
  });

  it('the printed bracket marks the dropped winner (struck through, not bold) and says nobody was advanced', () => {
    const def = buildDocument('bracket', dropped, { pageSize: 'A4', generatedAt: '2026-05-01 14:05' });
    const nodes = textNodes(def.content as Content);
    const ida = nodes.find((n) => flat(n).startsWith(`(3) ${NAMES[NAMES.findIndex((_, i) => `p${String(i + 1).padStart(2, '0')}` === seed(3))]}`));
    expect(ida).toBeDefined();
    expect(ida!.bold).toBe(false);
    expect(flat(ida!)).toMatch(/dropped: not replaced$/);
    expect((ida!.text as { decoration?: string }[])[0]!.decoration).toBe('lineThrough');
    expect(nodes.map(flat).join('\n')).toContain('Dropped after the cut, not replaced (MTR 2.10)');
    // The semifinal column prints the bye and 2 v 4 (never 2 v 3).
    expect(nodes.some((n) => flat(n) === 'bye (MTR 2.10)')).toBe(true);
  });

  it('a player dropped after the cut is never offered reinstatement', () => {
    expect(reinstateRefusal(dropped, dropped.players.find((p) => p.id === seed(3))!)).toMatch(/cannot be reinstated after the cut \(MTR 2\.10\)/);
  });
});

describe('playoff result entry names a winner (MTR 2.5)', () => {
  const quick = (stage: 'swiss' | 'playoff', gamesToWin: number): string[] => {
    const ruleset = getRuleset('mtr');
    const table: Table = { table: 1, seats: ['a', 'b'] };
    const context: EntryContext = { settings: ruleset.settings({ gamesToWin }), stage, name: (id) => id, members: () => [] };
    const field = ruleset.presentation.results.form(table, EMPTY_RESULT_DRAFT, context).fields.find((f): f is Extract<ResultField, { kind: 'text' }> => f.kind === 'text');
    return (field?.quick ?? []).map((q) => q.text);
  };

  it('offers no 1-1-1 and no ID in a playoff, as a Swiss round does', () => {
    expect(quick('swiss', 2)).toEqual(['2-0', '2-1', '1-2', '0-2', '1-1-1', 'ID']);
    expect(quick('playoff', 2)).toEqual(['2-0', '2-1', '1-2', '0-2']);
    expect(quick('playoff', 1)).toEqual(['1-0', '0-1']);
    expect(quick('playoff', 3)).toEqual(['3-0', '3-1', '3-2', '2-3', '1-3', '0-3']);
  });
});

describe('posting the final standings', () => {
  it('a player’s phone shows the final standings, the champion first, with how far each got', () => {
    let state = quarterfinalsPlayed();
    while (getRuleset('mtr').nextPlayoffRound(state, 0)) state = seatOneWins(run(state, pairCommand(state, getRuleset('mtr').nextPlayoffRound(state, 0)!, 'playoff')));
    const before = publicView(state, { now: 0, version: 1 });
    expect(before.standings).toBeUndefined();
    state = run(state, { type: 'publish-standings', round: state.rounds.length });
    const view = publicView(state, { now: 0, version: 2 }).standings!;
    expect(view.final).toBe(true);
    expect(view.columns.slice(0, 2)).toEqual(['Points', 'Playoff']);
    expect(view.rows[0]).toMatchObject({ rank: 1, player: state.playoff!.seeds[0], values: expect.arrayContaining(['Champion']) });
    expect(view.rows[1]!.values[1]).toBe('Finalist');
  });
});
