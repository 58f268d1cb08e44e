/**
 * Team events on the floor (MTR 8 teams of 2 or 3, MTR 9 Two-Headed Giant): boards and
 * seating list each person under their own family name with team, seat letter and table — a team's
 * name is never parsed as a person's ("Heads, The Twin") — and slips name the members; checked on
 * the real PDFs (pdftotext). Two-Headed Giant: a played drawn game and an intentional draw are
 * different records, read and printed differently.
 */
import { describe, expect, it } from 'vitest';
import { boardEntries, buildDocument } from '../../core/documents/index.js';
import { createContext } from '../../core/documents/context.js';
import { apply, replay } from '../../core/event/apply.js';
import { type Command, type SettingsPatch, publishCommand } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, HeadToHeadResult, Table } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { describeHeadToHead, formatScore, isIntentionalDraw, matchOutcome, validateMtrResult } from '../../core/rulesets/mtr/results.js';
import { renderPdf } from '../../electron/host/print/render.js';
import { pdfText } from '../support/print.js';

const OPTIONS = { pageSize: 'A4', generatedAt: '2026-05-01 14:05' } as const;

/** The 8-team Two-Headed Giant event of the issue: team names that read like people's. */
const GIANT_TEAMS: [string, string, string][] = [
  ['The Twin Heads', 'Ana Costa', 'Bo Berg'],
  ['Dragon Riders', 'Cian Mac Giolla', 'Aoife Ní Bhriain'],
  ['Planeswalkers', 'María José de la Cruz', 'Ludwig van Beethoven'],
  ['Ørsted and Sons', 'Søren Ørsted', 'Dmitri Dvořák'],
  ['Bolt Brothers', 'Hugo Holm', 'Ida Ito'],
  ['Jo Jung', 'Kai Kim', 'Lu Lam'],
  ['Mo and Nia', 'Mo Moss', 'Nia Nunes'],
  ['Oli Ortiz Fan Club', 'Pia Park', 'Quin Quade'],
];

const TRIO_TEAMS: [string, string, string, string][] = [
  ['The Twin Heads', 'Ana Costa', 'Bo Berg', 'Cy Chen'],
  ['Dragon Riders', 'Cian Mac Giolla', 'Aoife Ní Bhriain', 'Seán Ó Súilleabháin'],
  ['Planeswalkers', 'María José de la Cruz', 'Ludwig van Beethoven', 'Gabriel García Márquez'],
  ['Ørsted and Sons', 'Søren Ørsted', 'Dmitri Dvořák', 'Ольга Ёлкина'],
];

function teamEvent(settings: SettingsPatch, teams: readonly string[][]): EventState {
  const commands: Command[] = [
    { type: 'create-event', id: 'e1', name: 'Team Open', ruleset: 'mtr', settings, seed: 5, createdAt: '2026-05-01T10:00:00Z' },
    ...teams.map(
      ([name, ...members], i): Command => ({
        type: 'register-player',
        player: { id: `t0${i + 1}`, name: name as string, members: members.map((m, k) => ({ seat: (['A', 'B', 'C'] as const)[k] as 'A', name: m })) },
        draw: i,
      }),
    ),
  ];
  let state = replay(commands.map((command, seq) => ({ seq, command }))) as EventState;
  state = apply(state, publishCommand(1, 'swiss', getRuleset('mtr').pair(state, 3)));
  return state;
}

const tableOf = (state: EventState, team: string): Table => state.rounds[0]!.tables.find((t) => t.seats.includes(team)) as Table;
const other = (table: Table, team: string): string => table.seats.find((id) => id !== team) as string;
const nameOf = (state: EventState, id: string): string => state.players.find((p) => p.id === id)?.name ?? id;

async function pdf(doc: string, state: EventState): Promise<string> {
  const out = await renderPdf(buildDocument(doc, state, OPTIONS));
  return pdfText(out.pdf).normalize('NFC');
}

describe('Two-Headed Giant on the floor', () => {
  const state = teamEvent({ twoHeadedGiant: true }, GIANT_TEAMS);

  it('the board lists each person once, under their own family name, with team, seat letter and table', () => {
    const ctx = createContext(state, OPTIONS);
    const entries = boardEntries(ctx, ctx.round!);
    expect(entries).toHaveLength(16);
    expect(new Set(entries.map((e) => e.key)).size).toBe(16);
    // Sorted by the people's family names, never by team names read as people.
    expect(entries.map((e) => e.name.board).slice(0, 5)).toEqual(['Berg, Bo', 'Costa, Ana', 'de la Cruz, María José', 'Dvořák, Dmitri', 'Holm, Hugo']);
    expect(entries.map((e) => e.name.board)).not.toContain('Heads, The Twin');
    const ana = entries.find((e) => e.name.board === 'Costa, Ana');
    const table = tableOf(state, 't01');
    expect(ana).toMatchObject({ id: 't01', table: table.table, team: { id: 't01', name: 'The Twin Heads', seat: 'A' } });
    expect(ana?.detail).toBe(`The Twin Heads, seat A — vs ${nameOf(state, other(table, 't01'))}`);
    expect(entries.find((e) => e.name.board === 'Ní Bhriain, Aoife')?.detail).toMatch(/^Dragon Riders, seat B — vs /);
  });

  it('prints people on the real board and seating sheets, never "Heads, The Twin"', async () => {
    const board = await pdf('pairings-by-name', state);
    expect(board).toContain('Costa, Ana');
    expect(board).toContain('Mac Giolla, Cian');
    expect(board).toContain('The Twin Heads, seat A — vs ');
    expect(board).not.toContain('Heads, The Twin');
    expect(board).not.toContain('Jung, Jo');
    expect(board).toContain('16 players on this page of 16 players');

    const seating = await pdf('seating', state);
    expect(seating).not.toContain('Heads, The Twin');
    expect(seating).toContain('Seating by name');
    expect(seating).toContain('Ní Bhriain, Aoife');
    // The cards: each team over its people by seat letter.
    expect(seating).toContain('Two-Headed Giant: each team plays as one (MTR 9).');
    for (const [, a, b] of GIANT_TEAMS) {
      expect(seating).toContain(a);
      expect(seating).toContain(b);
    }
  });

  it('slips name the members and have different boxes for a drawn game and an intentional draw', async () => {
    const slips = await pdf('match-slips', state);
    expect(slips).toContain('Two-Headed Giant · one game');
    expect(slips).toContain('A Ana Costa · B Bo Berg');
    expect(slips).toContain('A Cian Mac Giolla · B Aoife Ní Bhriain');
    expect(slips.match(/Drawn game/g)).toHaveLength(4);
    expect(slips.match(/Intentional draw/g)).toHaveLength(4);
    expect(slips).toContain('the game was played and ended in a draw (0–0–1)');
    expect(slips).toContain('no game was played (ID)');
    expect(slips).not.toContain('write 0 – 0 and 3 drawn games');
    expect(slips).toContain('both teams sign');
  });

  it('pairings by table put each team’s people under its name and count teams', async () => {
    const byTable = await pdf('pairings-by-table', state);
    expect(byTable).toContain('8 teams seated');
    expect(byTable).toContain('A Ana Costa · B Bo Berg');
  });
});

describe('teams of 3 on the floor (MTR 8)', () => {
  const state = teamEvent({ teamSize: 3 }, TRIO_TEAMS);

  it('the board gives each person the other team’s player in the same seat', async () => {
    const ctx = createContext(state, OPTIONS);
    const entries = boardEntries(ctx, ctx.round!);
    expect(entries).toHaveLength(12);
    const table = tableOf(state, 't01');
    const opponent = state.players.find((p) => p.id === other(table, 't01'))!;
    const cy = entries.find((e) => e.name.board === 'Chen, Cy');
    expect(cy?.detail).toBe(`The Twin Heads, seat C — vs ${opponent.members!.find((m) => m.seat === 'C')!.name} (${opponent.name})`);
    expect(cy?.table).toBe(table.table);
    const board = await pdf('pairings-by-name', state);
    expect(board).toContain('Ó Súilleabháin, Seán');
    expect(board).toContain('Márquez, Gabriel García');
    expect(board).not.toContain('Heads, The Twin');
  });

  it('slips list every seat’s match with both players, and a drop box and signature per team', async () => {
    const slips = await pdf('match-slips', state);
    expect(slips).toContain('teams of 3 · best of 3 in each seat');
    for (const [, a, b, c] of TRIO_TEAMS) for (const person of [a, b, c]) expect(slips).toContain(person);
    expect(slips.match(/^TABLE$/gm)).toHaveLength(2);
    expect(slips).toContain('Each seat plays the same seat of the other team');
    expect(slips.match(/Games\s+won/g)?.length).toBe(4);
  });

  it('deck-building seats before round 1 list people with their team', () => {
    const before = { ...state, rounds: [] };
    const def = buildDocument('seating', before, OPTIONS);
    const text = JSON.stringify(def.content);
    expect(text).toContain('Ó Súilleabháin, Seán');
    expect(text).toContain('Dragon Riders, seat C — deck-building seat');
    expect(text).not.toContain('Heads, The Twin');
  });
});

describe('Two-Headed Giant: a played drawn game is not an intentional draw', () => {
  const table: Table = { table: 3, seats: ['t01', 't02'] };
  const names: Record<string, string> = { t01: 'The Twin Heads', t02: 'Dragon Riders' };
  const giant = (stage: 'swiss' | 'playoff' = 'swiss') => ({ settings: getRuleset('mtr').settings({ twoHeadedGiant: true }), stage, nameOf: (id: string) => names[id] ?? id });
  const rejection = (f: () => unknown): string => {
    try {
      f();
    } catch (error) {
      expect(error).toBeInstanceOf(PodiumError);
      return (error as Error).message;
    }
    throw new Error('not refused');
  };

  it('records an intentional draw as no game played, and a drawn game as one drawn game', () => {
    const id = validateMtrResult(table, { games: [0, 0, 0], intentionalDraw: true }, giant()) as HeadToHeadResult;
    expect(id).toEqual({ games: [0, 0, 0], intentionalDraw: true });
    expect(validateMtrResult(table, { intentionalDraw: true }, giant())).toEqual({ games: [0, 0, 0], intentionalDraw: true });
    const drawn = validateMtrResult(table, { games: [0, 0, 1] }, giant()) as HeadToHeadResult;
    expect(drawn).toEqual({ games: [0, 0, 1] });
    // Both are draws (1 match point each), read differently.
    expect(matchOutcome(id)).toBe('draw');
    expect(matchOutcome(drawn)).toBe('draw');
    expect(isIntentionalDraw(id)).toBe(true);
    expect(isIntentionalDraw(drawn)).toBe(false);
    expect(formatScore(id)).toBe('ID');
    expect(formatScore(drawn)).toBe('0–0–1');
    expect(describeHeadToHead(id, 'A', 'B')).toBe('Intentional draw (no game played)');
    expect(describeHeadToHead(drawn, 'A', 'B')).toBe('Draw: 1 drawn game played (0–0–1)');
    // RULES 1's 0–0–3 (and a Two-Headed Giant save written before this version) still reads as an ID.
    expect(describeHeadToHead({ games: [0, 0, 3] }, 'A', 'B')).toBe('Intentional draw (0–0–3)');
    expect(describeHeadToHead({ games: [1, 0, 0] }, 'A', 'B')).toBe('A wins 1–0');
  });

  it('refuses what cannot be', () => {
    expect(rejection(() => validateMtrResult(table, { games: [0, 0, 1], intentionalDraw: true }, giant()))).toMatch(/an intentional draw plays no game, so its games are \[0, 0, 0\]/);
    expect(rejection(() => validateMtrResult(table, { games: [0, 0, 0], intentionalDraw: false }, giant()))).toMatch(/"intentionalDraw" is true or left out/);
    expect(rejection(() => validateMtrResult(table, { games: [0, 0, 0] }, giant()))).toMatch(/an intentional draw is \{ games: \[0, 0, 0\], intentionalDraw: true \}/);
    expect(rejection(() => validateMtrResult(table, { games: [0, 0, 0], intentionalDraw: true }, giant('playoff')))).toMatch(/a playoff match cannot end in a draw \(MTR 2\.5\)/);
    // Only Two-Headed Giant has the form: elsewhere an intentional draw is 0–0–3 (RULES 1).
    const individual = { settings: getRuleset('mtr').settings({}), stage: 'swiss' as const, nameOf: (id: string) => id };
    expect(rejection(() => validateMtrResult(table, { games: [0, 0, 0], intentionalDraw: true }, individual))).toMatch(/"intentionalDraw" is for Two-Headed Giant/);
  });

  it('both count as a draw in the standings, and an old 0–0–3 still replays', () => {
    let state = teamEvent({ twoHeadedGiant: true }, GIANT_TEAMS.slice(0, 4));
    const [first, second] = state.rounds[0]!.tables as [Table, Table];
    state = apply(state, { type: 'record-result', round: 1, table: first.table, result: { games: [0, 0, 0], intentionalDraw: true } });
    state = apply(state, { type: 'record-result', round: 1, table: second.table, result: { games: [0, 0, 3] } });
    expect(state.rounds[0]!.tables[0]!.result).toEqual({ games: [0, 0, 0], intentionalDraw: true });
    const standings = getRuleset('mtr').standings(state);
    expect(standings.every((s) => s.points === 1 && s.record.draws === 1)).toBe(true);
  });
});
