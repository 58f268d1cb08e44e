/**
 * Who plays first at a pod with a fixed seat (MSTR/MAMTR 2.2A: "seating order and first Player are
 * defined with a random method"; RULES 4: a fixed player keeps their place at the table, not the
 * first turn). The table records the seat that plays first (Table.firstSeat), drawn from the
 * pairing's seed; every print, the public view and the transcripts carry it; a table that does not
 * say (an older save) starts at seat 1.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../core/documents/index.js';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { publishCommand } from '../../core/event/commands.js';
import { fixCommand, swapFix } from '../../core/event/table-fix.js';
import { firstPlayer, firstSeat, turnOf } from '../../core/model/seats.js';
import type { EventState, PlayerId, RulesetId, Table } from '../../core/model/types.js';
import { publicView } from '../../core/public/view.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { seatHistory } from '../../core/rulesets/pods/seats.js';
import { stateToTranscript, transcriptToState, validateTranscript } from '../../core/transcript/index.js';

const pid = (i: number): PlayerId => `p${String(i).padStart(2, '0')}`;

function run(state: EventState | undefined, ...commands: Command[]): EventState {
  let s = state;
  for (const c of commands) s = apply(s, c);
  return s as EventState;
}

/** 16 players; p01 fixed at table 1, seat 1 (accessibility). */
function event(ruleset: RulesetId, settings: Record<string, unknown> = {}): EventState {
  let state = run(undefined, { type: 'create-event', id: 'e', name: 'Commander Night', ruleset, settings, seed: 21, createdAt: '2026-05-01T10:00:00Z' });
  for (let i = 1; i <= 16; i++)
    state = run(state, { type: 'register-player', player: { id: pid(i), name: `Player ${i}`, ...(i === 1 ? { fixedTable: 1, fixedSeat: 1 } : {}) }, draw: i });
  return state;
}

function fixedTable(state: EventState): Table {
  return state.rounds[state.rounds.length - 1]!.tables.find((t) => t.seats.includes(pid(1)))!;
}

/** Pair with the rule set and publish, then seat 1 of every table wins. */
function playRound(state: EventState, seed: number): EventState {
  const proposal = getRuleset(state.ruleset).pair(state, seed);
  let s = run(state, publishCommand(state.rounds.length + 1, 'swiss', proposal, { beyondAnnounced: true }));
  const round = s.rounds[s.rounds.length - 1]!;
  for (const t of round.tables) s = run(s, { type: 'record-result', round: round.number, table: t.table, result: { winner: t.seats[0] } });
  return s;
}

describe('a fixed seat keeps the place, not the first turn (2.2A)', () => {
  for (const ruleset of ['mamtr-2024', 'mstr-2022'] as const) {
    it(`${ruleset}: over many rounds the player fixed at seat 1 keeps seat 1 at table 1 and plays first only some of the time`, () => {
      let state = event(ruleset);
      const turns: number[] = [];
      for (let r = 1; r <= 12; r++) {
        state = playRound(state, 100 + r);
        const table = fixedTable(state);
        expect(table.table, `round ${r}`).toBe(1);
        expect(table.seats[0], `round ${r}`).toBe(pid(1));
        turns.push(turnOf(table, pid(1)));
      }
      // Not always first; and every place in the turn order comes up.
      expect(turns.filter((t) => t === 1).length).toBeLessThan(12);
      expect(new Set(turns)).toEqual(new Set([1, 2, 3, 4]));
    });
  }

  it('the first seat is a draw from the seed stored with the round: the same seed draws it again, other seeds draw others', () => {
    const state = playRound(event('mamtr-2024'), 7);
    const stored = state.rounds[0]!;
    const again = getRuleset('mamtr-2024').pair(event('mamtr-2024'), stored.seed!);
    expect(firstSeat(again.tables.find((t) => t.seats.includes(pid(1)))!)).toBe(firstSeat(fixedTable(state)));
    const drawn = new Set<number>();
    for (let seed = 1; seed <= 60; seed++) drawn.add(firstSeat(getRuleset('mamtr-2024').pair(event('mamtr-2024'), seed).tables.find((t) => t.seats.includes(pid(1)))!));
    expect(drawn).toEqual(new Set([1, 2, 3, 4]));
  });

  it('tables without a fixed seat still start at seat 1 (their seats are drawn at random) and record nothing', () => {
    const state = playRound(event('mamtr-2024'), 7);
    for (const t of state.rounds[0]!.tables) if (!t.seats.includes(pid(1))) expect(t.firstSeat).toBeUndefined();
  });

  it('seat balancing counts turns, not seat numbers', () => {
    let state = event('mamtr-2024', { balanceSeats: true });
    state = playRound(state, 3);
    const table = fixedTable(state);
    const record = seatHistory(state).get(pid(1))![0]!;
    expect(record.seat).toBe(turnOf(table, pid(1)));
  });
});

describe('old saves and the command', () => {
  const base = (): EventState => {
    let state = run(undefined, { type: 'create-event', id: 'e', name: 'Old', ruleset: 'mamtr-2024', settings: {}, seed: 1, createdAt: '2026-05-01T10:00:00Z' });
    for (let i = 1; i <= 8; i++) state = run(state, { type: 'register-player', player: { id: pid(i), name: `Player ${i}` }, draw: i });
    return state;
  };
  const pair = (firstSeat?: number): Command => ({
    type: 'pair-round',
    round: 1,
    stage: 'swiss',
    tables: [{ table: 1, seats: [pid(1), pid(2), pid(3), pid(4)], ...(firstSeat !== undefined ? { firstSeat } : {}) }, { table: 2, seats: [pid(5), pid(6), pid(7), pid(8)] }],
    byes: [],
    seed: 1,
  });

  it('a table without the field (every older save) means seat 1 plays first', () => {
    const table = run(base(), pair()).rounds[0]!.tables[0]!;
    expect(table.firstSeat).toBeUndefined();
    expect(firstPlayer(table)).toBe(pid(1));
  });

  it('a recorded first seat is kept; one beyond the table is refused in words', () => {
    expect(firstPlayer(run(base(), pair(3)).rounds[0]!.tables[0]!)).toBe(pid(3));
    expect(() => run(base(), pair(5))).toThrow('round 1: table 1 says seat 5 plays first, but it seats 4 players');
  });

  it('a swap between tables keeps the seat that plays first', () => {
    const state = run(base(), pair(3));
    const fix = swapFix(state, pid(3), pid(5));
    const after = run(state, fixCommand(fix, 'Player 3 asked to sit elsewhere'));
    expect(after.rounds[0]!.tables[0]).toEqual({ table: 1, seats: [pid(1), pid(2), pid(5), pid(4)], firstSeat: 3 });
  });
});

describe('every print and view says who plays first', () => {
  const state = (() => {
    let s = run(undefined, { type: 'create-event', id: 'e', name: 'Commander Night', ruleset: 'mamtr-2024', settings: {}, seed: 1, createdAt: '2026-05-01T10:00:00Z' });
    for (let i = 1; i <= 8; i++) s = run(s, { type: 'register-player', player: { id: pid(i), name: `Player ${i}`, ...(i === 1 ? { fixedTable: 1, fixedSeat: 1 } : {}) }, draw: i });
    return run(s, {
      type: 'pair-round',
      round: 1,
      stage: 'swiss',
      tables: [{ table: 1, seats: [pid(1), pid(2), pid(3), pid(4)], firstSeat: 3 }, { table: 2, seats: [pid(5), pid(6), pid(7), pid(8)] }],
      byes: [],
      seed: 1,
    });
  })();
  const text = (doc: Parameters<typeof buildDocument>[0]): string => JSON.stringify(buildDocument(doc, state, { pageSize: 'A4', generatedAt: '2026-05-01 14:05' }));

  it('seating cards, pairings by name and by table, pod slips', () => {
    const seating = text('seating');
    expect(seating).toContain('Player 3 — plays first');
    expect(seating).not.toContain('Player 1 — plays first');
    expect(seating).toContain('Player 5 — plays first');
    const byName = text('pairings-by-name');
    expect(byName).toContain('seat 3 of 4 — plays first');
    // Seat 1 plays first only at table 2.
    expect((byName.match(/seat 1 of 4 — plays first/g) ?? []).length).toBe(1);
    const byTable = JSON.parse(text('pairings-by-table')) as unknown;
    const rows = JSON.stringify(byTable).match(/\{"columns":\[\{"text":"\d","width":30[^\]]*\]/g) ?? [];
    const marked = rows.filter((r) => r.includes('"plays first"')).map((r) => /"text":"(\d)"/.exec(r)?.[1]);
    expect(marked).toEqual(['3', '1']);
    const slips = text('match-slips');
    expect((slips.match(/▶ first/g) ?? []).length).toBe(2);
  });

  it('the public view and the published site carry it', () => {
    const view = publicView(state, { now: Date.parse('2026-05-01T10:30:00Z'), version: 1 });
    expect(view.round?.tables[0]?.firstSeat).toBe(3);
    expect(view.round?.tables[1]?.firstSeat).toBeUndefined();
  });

  it('transcripts carry it (version 2) and read it back', () => {
    const transcript = stateToTranscript(state);
    expect(transcript.rounds[0]!.tables[0]).toMatchObject({ table: 1, firstSeat: 3 });
    expect('firstSeat' in (transcript.rounds[0]!.tables[1] as object)).toBe(false);
    const back = transcriptToState(validateTranscript(JSON.parse(JSON.stringify(transcript))));
    expect(back.rounds[0]!.tables[0]!.firstSeat).toBe(3);
  });
});
