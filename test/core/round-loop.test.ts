/**
 * The round loop as a WER scorekeeper expects it (engine side): a drop ticked with the
 * result, MTR 2.10 no-shows (a loss, and a drop at the next pairing unless the player reports in),
 * fixing tables of a round whose other results stand, and the round pack and extensions log prints.
 */
import { describe, expect, it } from 'vitest';
import { apply, replay } from '../../core/event/apply.js';
import { type Command, parseCommand } from '../../core/event/commands.js';
import { activePlayers } from '../../core/event/queries.js';
import { fixCommand, fixWarnings, openTablesFix, swapFix } from '../../core/event/table-fix.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, RulesetId } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { buildDocument, extensionLogEntries, type DocumentOptions } from '../../core/documents/index.js';
import { simulateEvent } from '../../core/simulate.js';
import { renderPdf } from '../../electron/host/print/render.js';
import { pdfText, withPlayoff } from '../support/print.js';

function create(ruleset: RulesetId = 'mtr', settings: Record<string, unknown> = {}): Command {
  return { type: 'create-event', id: 'e1', name: 'Round Loop Open', ruleset, settings, seed: 42, createdAt: '2026-11-21T10:00:00Z' };
}

function event(ruleset: RulesetId, players: number, settings: Record<string, unknown> = {}): EventState {
  let s = apply(undefined, create(ruleset, settings));
  for (let i = 1; i <= players; i++) s = apply(s, { type: 'register-player', player: { id: `p${i}`, name: `Player ${i}` }, draw: i });
  return s;
}

function pair(state: EventState, tables: string[][], byes: string[] = []): EventState {
  return apply(state, {
    type: 'pair-round',
    round: state.rounds.length + 1,
    stage: 'swiss',
    tables: tables.map((seats, i) => ({ table: i + 1, seats })),
    byes: byes.map((player) => ({ player, kind: 'pairing' as const })),
    seed: 1,
  });
}

function result(state: EventState, table: number, games: [number, number, number], extra: Partial<Extract<Command, { type: 'record-result' }>> = {}): EventState {
  return apply(state, { type: 'record-result', round: state.rounds.length, table, result: { games }, ...extra });
}

function expectError(fn: () => unknown, code: string, text: RegExp): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PodiumError);
    expect((error as PodiumError).code).toBe(code);
    expect((error as PodiumError).message).toMatch(text);
    return;
  }
  throw new Error('expected a PodiumError');
}

const ids = (state: EventState): string[] => activePlayers(state).map((p) => p.id);

describe('a drop ticked with the result (the slip’s Drop box)', () => {
  it('drops the player from the next pairing in the same journal entry; undoing the result undoes the drop', () => {
    let s = pair(event('mtr', 4), [['p1', 'p2'], ['p3', 'p4']]);
    s = result(s, 1, [2, 0, 0], { drop: ['p2'] });
    expect(s.players.find((p) => p.id === 'p2')?.droppedAfterRound).toBe(1);
    expect(ids(s)).toEqual(['p1', 'p3', 'p4']);
    // The result stands as entered.
    expect(s.rounds[0]?.tables[0]?.result).toEqual({ games: [2, 0, 0] });
    // Undo of the one entry takes back both.
    const entries: { seq: number; command: Command }[] = [
      { seq: 0, command: create() },
      ...[1, 2, 3, 4].map((i) => ({ seq: i, command: { type: 'register-player', player: { id: `p${i}`, name: `Player ${i}` }, draw: i } as Command })),
      { seq: 5, command: { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p1', 'p2'] }, { table: 2, seats: ['p3', 'p4'] }], byes: [], seed: 1 } },
      { seq: 6, command: { type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] }, drop: ['p2'] } },
      { seq: 7, command: { type: 'undo', target: 6 } },
    ];
    const undone = replay(entries) as EventState;
    expect(undone.players.find((p) => p.id === 'p2')?.droppedAfterRound).toBeUndefined();
    expect(undone.rounds[0]?.tables[0]?.result).toBeUndefined();
  });

  it('refuses a drop of someone not at the table, or already dropped, in words', () => {
    const s = pair(event('mtr', 4), [['p1', 'p2'], ['p3', 'p4']]);
    expectError(() => result(s, 1, [2, 0, 0], { drop: ['p3'] }), 'invalid-input', /round 1, table 1: Player 3 \(p3\) is not seated at this table/);
    const dropped = apply(s, { type: 'drop-player', id: 'p2' });
    expectError(() => result(dropped, 1, [2, 0, 0], { drop: ['p2'] }), 'not-allowed', /Player 2 \(p2\) has already dropped/);
  });
});

describe('no-shows (MTR 2.10)', () => {
  it('a no-show loses the match and is dropped from the next round', () => {
    let s = pair(event('mtr', 4), [['p1', 'p2'], ['p3', 'p4']]);
    s = result(s, 2, [0, 2, 0], { noShow: ['p3'] });
    expect(s.rounds[0]?.tables[1]?.noShow).toEqual(['p3']);
    expect(s.players.find((p) => p.id === 'p3')?.droppedAfterRound).toBe(1);
    expect(ids(s)).not.toContain('p3');
    const standings = getRuleset('mtr').standings(s);
    expect(standings.find((x) => x.id === 'p4')?.points).toBe(3);
    expect(standings.find((x) => x.id === 'p3')?.record).toMatchObject({ wins: 0, losses: 1 });
  });

  it('reporting to the scorekeeper before the next pairing undoes the drop (the loss stands); after it, too late', () => {
    let s = pair(event('mtr', 4), [['p1', 'p2'], ['p3', 'p4']]);
    s = result(s, 1, [2, 0, 0]);
    s = result(s, 2, [0, 2, 0], { noShow: ['p3'] });
    const back = apply(s, { type: 'report-in', id: 'p3' });
    expect(back.players.find((p) => p.id === 'p3')?.droppedAfterRound).toBeUndefined();
    expect(ids(back)).toContain('p3');
    expect(back.rounds[0]?.tables[1]?.result).toEqual({ games: [0, 2, 0] });
    // Not a no-show: nothing to report.
    expectError(() => apply(s, { type: 'report-in', id: 'p1' }), 'not-allowed', /Player 1 \(p1\) is not recorded as a no-show/);
    // Round 2 paired without them: too late (the Head Judge may reinstate).
    const later = pair(s, [['p1', 'p4']], ['p2']);
    expectError(() => apply(later, { type: 'report-in', id: 'p3' }), 'not-allowed', /reports too late: round 2 was paired without them/);
  });

  it('the result must give the no-show the loss; someone must be present', () => {
    const s = pair(event('mtr', 4), [['p1', 'p2'], ['p3', 'p4']]);
    expectError(() => result(s, 2, [2, 0, 0], { noShow: ['p3'] }), 'invalid-result', /Player 3 did not show up, so the match is a loss for them/);
    expectError(() => result(s, 2, [1, 2, 0], { noShow: ['p3'] }), 'invalid-result', /a loss for them/);
    expectError(() => result(s, 2, [0, 2, 0], { noShow: ['p3', 'p4'] }), 'invalid-input', /every player is marked as a no-show/);
  });

  it('amending a no-show away before the next pairing takes the drop back', () => {
    let s = pair(event('mtr', 4), [['p1', 'p2'], ['p3', 'p4']]);
    s = result(s, 2, [0, 2, 0], { noShow: ['p3'] });
    s = result(s, 2, [1, 2, 0], { reason: 'p3 was there: slip misread' });
    expect(s.rounds[0]?.tables[1]?.noShow).toBeUndefined();
    expect(s.players.find((p) => p.id === 'p3')?.droppedAfterRound).toBeUndefined();
  });

  it('pods: the no-show gets a loss in that pod (excluded from a draw) and drops', () => {
    let s = event('mamtr-2024', 8);
    s = pair(s, [['p1', 'p2', 'p3', 'p4'], ['p5', 'p6', 'p7', 'p8']]);
    expectError(
      () => apply(s, { type: 'record-result', round: 1, table: 1, result: { draw: true }, noShow: ['p4'] }),
      'invalid-result',
      /Player 4 did not show up, so the pod is a loss for them/,
    );
    s = apply(s, { type: 'record-result', round: 1, table: 1, result: { draw: true, excluded: ['p4'] }, noShow: ['p4'] });
    const standings = getRuleset('mamtr-2024').standings(s);
    expect(standings.find((x) => x.id === 'p4')?.points).toBe(0);
    expect(standings.find((x) => x.id === 'p1')?.points).toBe(1);
    expect(ids(s)).not.toContain('p4');
  });

  it('a playoff no-show loses, with no drop to make', () => {
    let s = pair(event('mtr', 4), [['p1', 'p2'], ['p3', 'p4']]);
    s = result(s, 1, [2, 0, 0]);
    s = result(s, 2, [2, 0, 0]);
    s = apply(s, { type: 'start-playoff', top: 2, draft: false, seeds: ['p1', 'p3'] });
    s = apply(s, { type: 'pair-round', round: 2, stage: 'playoff', tables: [{ table: 1, seats: ['p1', 'p3'] }], byes: [], seed: 2 });
    s = result(s, 1, [2, 0, 0], { noShow: ['p3'] });
    expect(s.players.find((p) => p.id === 'p3')?.droppedAfterRound).toBeUndefined();
    expectError(() => result(s, 1, [2, 0, 0], { reason: 'again', drop: ['p3'] }), 'not-allowed', /a drop after the cut is made on the Players screen/);
  });
});

describe('fixing tables without touching the round', () => {
  function roundWithResults(): EventState {
    let s = pair(event('mtr', 9), [['p1', 'p2'], ['p3', 'p4'], ['p5', 'p6'], ['p7', 'p8']], ['p9']);
    s = result(s, 1, [2, 1, 0]);
    return s;
  }

  it('swaps two players between tables without a result while entered results stand; journaled with the reason', () => {
    const s = roundWithResults();
    const fix = swapFix(s, 'p3', 'p5');
    expect(fix.tables).toEqual([
      { table: 2, seats: ['p5', 'p4'] },
      { table: 3, seats: ['p3', 'p6'] },
    ]);
    const command = fixCommand(fix, 'Siblings (Head Judge)');
    expect(command).toMatchObject({ type: 'fix-tables', round: 1, reason: 'Siblings (Head Judge)' });
    const after = apply(s, command);
    expect(after.rounds[0]?.tables.map((t) => t.seats)).toEqual([['p1', 'p2'], ['p5', 'p4'], ['p3', 'p6'], ['p7', 'p8']]);
    expect(after.rounds[0]?.tables[0]?.result).toEqual({ games: [2, 1, 0] });
    expect(after.rounds[0]?.byes).toEqual([{ player: 'p9', kind: 'pairing' }]);
  });

  it('a swap with the player on the bye moves the bye', () => {
    const s = roundWithResults();
    const after = apply(s, fixCommand(swapFix(s, 'p9', 'p8'), 'Late arrival asked for the bye seat'));
    expect(after.rounds[0]?.tables[3]?.seats).toEqual(['p7', 'p9']);
    expect(after.rounds[0]?.byes).toEqual([{ player: 'p8', kind: 'pairing' }]);
  });

  it('refuses to move anyone whose table has a result, and needs a reason', () => {
    const s = roundWithResults();
    expectError(() => swapFix(s, 'p1', 'p3'), 'not-allowed', /Player 1 cannot move: table 1 has a result/);
    expectError(
      () => apply(s, { type: 'fix-tables', round: 1, tables: [{ table: 1, seats: ['p3', 'p2'] }, { table: 2, seats: ['p1', 'p4'] }], reason: 'x' }),
      'not-allowed',
      /table 1 already has a result: its players stay where they played/,
    );
    expectError(() => apply(s, { type: 'fix-tables', round: 1, tables: [{ table: 2, seats: ['p4', 'p3'] }], reason: ' ' }), 'not-allowed', /changing tables needs a reason/);
    expect(parseCommand({ type: 'fix-tables', round: 1, tables: [{ table: 2, seats: ['p4', 'p3'] }], reason: '' })).toMatchObject({ ok: false, message: expect.stringContaining('changing tables needs a reason') });
    // Only players of the changed tables move: nobody comes in from elsewhere, nobody is left out.
    expectError(() => apply(s, { type: 'fix-tables', round: 1, tables: [{ table: 2, seats: ['p3', 'p5'] }], reason: 'x' }), 'invalid-input', /Player 5 \(p5\) is not at the tables being changed/);
    expectError(
      () => apply(s, { type: 'fix-tables', round: 1, tables: [{ table: 2, seats: ['p3', 'p5'] }, { table: 3, seats: ['p4', 'p4'] }], reason: 'x' }),
      'seated-twice',
      /Player 4 \(p4\) is seated twice/,
    );
  });

  it('re-pairs just the tables without results onto their own numbers, avoiding rematches; the check speaks in words', () => {
    // Round 2: p1–p3 and p2–p4 met in round 1; a pairing of the open tables must avoid repeating them.
    let s = pair(event('mtr', 8), [['p1', 'p2'], ['p3', 'p4'], ['p5', 'p6'], ['p7', 'p8']]);
    for (const t of [1, 2, 3, 4]) s = result(s, t, [2, 0, 0]);
    s = pair(s, [['p1', 'p3'], ['p5', 'p7'], ['p2', 'p4'], ['p6', 'p8']]);
    s = result(s, 1, [2, 0, 0]);
    const fix = openTablesFix(s, 7);
    expect(fix.tables.map((t) => t.table)).toEqual([2, 3, 4]);
    const moved = fix.tables.flatMap((t) => t.seats).sort();
    expect(moved).toEqual(['p2', 'p4', 'p5', 'p6', 'p7', 'p8']);
    const after = apply(s, fixCommand(fix, 'Table 3 was a rematch of a family pair'));
    expect(after.rounds[1]?.tables[0]).toEqual({ table: 1, seats: ['p1', 'p3'], result: { games: [2, 0, 0] } });
    for (const t of after.rounds[1]?.tables ?? []) {
      const [a, b] = t.seats;
      expect(s.rounds[0]?.tables.some((x) => x.seats.includes(a as string) && x.seats.includes(b as string))).toBe(false);
    }
    // The check of hand-made tables names rematches and pair-downs.
    const warnings = fixWarnings(s, s.rounds[1] as never, [{ table: 2, seats: ['p5', 'p6'] }]);
    expect(warnings.map((w) => w.message)).toEqual([
      'Player 5 and Player 6 played in round 1 (table 2)',
      'Player 5 (3 points) is paired down against Player 6 (0 points) at table 2',
    ]);
  });

  it('a re-pair that can only give the tables already published says so, rather than republishing them', () => {
    // Round 2: the winners meet and the losers meet — the only pairing without a rematch or a pair-down.
    let s = pair(event('mtr', 4), [['p1', 'p2'], ['p3', 'p4']]);
    s = result(s, 1, [2, 0, 0]);
    s = result(s, 2, [2, 0, 0]);
    s = pair(s, [['p1', 'p3'], ['p2', 'p4']]);
    for (const seed of [1, 2, 3]) expectError(() => openTablesFix(s, seed), 'not-allowed', /re-pairing tables 1, 2 gives the tables already published/);
  });

  it('a re-pair with one open table left is refused in words', () => {
    let s = pair(event('mtr', 4), [['p1', 'p2'], ['p3', 'p4']]);
    s = result(s, 1, [2, 0, 0]);
    expectError(() => openTablesFix(s, 1), 'not-allowed', /only table 2 of round 1 has no result: swap its players instead/);
  });
});

describe('prints of the round loop (read back with pdftotext)', () => {
  const OPTIONS = { pageSize: 'A4' as const, generatedAt: '2026-05-01 14:05' };

  async function textOf(doc: string, state: EventState, options: Partial<DocumentOptions> = {}): Promise<{ text: string; pages: number }> {
    const out = await renderPdf(buildDocument(doc, state, { ...OPTIONS, ...options }));
    return { text: pdfText(out.pdf).normalize('NFC'), pages: out.pages };
  }

  it('the round pack: pairings by name, then the match slips, each part from a new page, as one PDF', async () => {
    const { state } = simulateEvent({ ruleset: 'mtr', players: 20, rounds: 2, seed: 3 });
    const event = { ...state, name: 'Pack Open' };
    const pack = await textOf('round-pack', event);
    const board = await textOf('pairings-by-name', event);
    const slips = await textOf('match-slips', event);
    expect(pack.pages).toBe(board.pages + slips.pages);
    expect(pack.text).toMatch(/Pairings by name — Round 2[\s\S]*Result slip/);
    expect(pack.text.match(/^TABLE$/gm)).toHaveLength(10);
    // Pods: the seating cards and seating by name follow.
    const pods = simulateEvent({ ruleset: 'mamtr-2024', players: 12, rounds: 1, seed: 3 }).state;
    const podPack = await textOf('round-pack', { ...pods, name: 'Pod Night' });
    expect(podPack.text).toMatch(/Pairings by name — Round 1[\s\S]*Result slip[\s\S]*Seating by name — Round 1/);
  });

  it('the extensions log prints minutes as m:ss and fills in the round start', async () => {
    let s = pair(event('mtr', 4), [['p1', 'p2'], ['p3', 'p4']]);
    const at = (minute: number, second = 0): number => Date.UTC(2026, 4, 1, 14, minute, second);
    s = apply(s, { type: 'start-round-clock', round: 1, at: at(5) });
    s = apply(s, { type: 'start-deck-check', round: 1, table: 2, judge: 'Jo Judge', at: at(10) });
    s = apply(s, { type: 'end-deck-check', round: 1, table: 2, at: at(14, 17) });
    s = apply(s, { type: 'extend-table', round: 1, table: 1, reason: 'judge-pause', seconds: 95, at: at(20) });
    const hhmm = (ms: number): string => new Date(ms).toISOString().slice(11, 16);
    const entries = extensionLogEntries(s, 1, hhmm);
    const { text } = await textOf('extensions-log', { ...s, name: 'Clock Open' }, { extensions: entries });
    expect(text).toContain('Start 14:05');
    expect(text).toMatch(/Extension\s+\(m:ss\)/);
    // The deck check: 4:17 + 3 minutes = 7:17; the judge pause: 1:35.
    expect(text).toContain('+7:17');
    expect(text).toContain('+1:35');
    expect(text).toMatch(/pause\s+of 1:35/);
    expect(text).not.toMatch(/\+7\.28|\+1\.58/);
    // Without a clock: the box stays blank to fill in by hand.
    const blank = await textOf('extensions-log', { ...s, name: 'Clock Open' });
    expect(blank.text).toContain('Start ________');
  });

  it('booster-draft playoff prints say "draft seat", never "seed"', async () => {
    const { state } = simulateEvent({ ruleset: 'mtr', players: 16, rounds: 4, seed: 5 });
    const drafted = withPlayoff({ ...state, name: 'Draft Top 8' }, 8, 1, true);
    const slips = await textOf('match-slips', drafted);
    expect(slips.text).toMatch(/draft seat \d/);
    expect(slips.text).toContain('ranked higher after the Swiss: chooses to play or draw');
    expect(slips.text).not.toMatch(/\bseed \d/);
    const byTable = await textOf('pairings-by-table', drafted);
    expect(byTable.text).toContain('Draft seat');
    expect(byTable.text).not.toMatch(/\bseed \d|^Seed$/m);
    const bracket = await textOf('bracket', drafted);
    expect(bracket.text).toContain('(n) = draft seat at the cut');
    expect(bracket.text).toContain('the player ranked higher after the Swiss rounds');
    expect(bracket.text).not.toMatch(/higher Swiss seed/);
  });
});
