/**
 * Deck checks from registered lists (MTR 2.8): "pick 2 tables at random, not checked
 * before", who was checked each round against the 10 % target, the order cards are sorted for
 * checking, finding a card across every list, and the printed deck-check sheet.
 */
import { describe, expect, it } from 'vitest';
import { deckCheckPlan, findCard, pickDeckChecks, sortedForCheck } from '../../core/decklists/deck-checks.js';
import { parseDecklist } from '../../core/decklists/parse.js';
import { buildDocument, DOCUMENT_TITLES } from '../../core/documents/index.js';
import type { DocDefinition } from '../../core/documents/index.js';
import { replay } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { createRng, deriveSeed } from '../../core/random/rng.js';

const NAMES = ['Ana Archer', 'Bo Berg', 'Cy Cole', 'Di Dunn', 'Ed Eng', 'Flo Fox', 'Gus Gray', 'Hal Hunt', 'Ida Ives', 'Jo Jones'];
const ids = NAMES.map((n) => n.split(' ')[0]?.toLowerCase() as string);

const LIST = '4 Lightning Bolt\n4 Goblin Guide\n4 Éclair Spike\n48 Mountain\n\n2 Abrade\n3 Kor Firewalker';

function listCommand(player: string, text = LIST): Command {
  const parsed = parseDecklist(text, { format: 'constructed' });
  const strip = (cards: { count: number; name: string }[]) => cards.map(({ count, name }) => ({ count, name }));
  return { type: 'register-decklist', player, main: strip(parsed.main), side: strip(parsed.side), commander: strip(parsed.commander), source: text };
}

function base(withLists: string[] = ids): Command[] {
  return [
    { type: 'create-event', id: 'e', name: 'Check Open', ruleset: 'mtr', settings: { format: 'constructed', rel: 'competitive' }, seed: 3, createdAt: '2026-05-01T10:00:00Z' },
    ...NAMES.map((name, i): Command => ({ type: 'register-player', player: { id: ids[i] as string, name }, draw: i })),
    ...withLists.map((id) => listCommand(id)),
    {
      type: 'pair-round',
      round: 1,
      stage: 'swiss',
      tables: [0, 1, 2, 3, 4].map((t) => ({ table: t + 1, seats: [ids[2 * t] as string, ids[2 * t + 1] as string] })),
      byes: [],
      seed: 1,
    },
  ];
}

const check = (table: number, at: number, players?: string[]): Command[] => [
  { type: 'start-deck-check', round: 1, table, judge: 'Kim Lee', at, ...(players ? { players } : {}) },
  { type: 'end-deck-check', round: 1, table, at: at + 5 * 60_000 },
];

function run(commands: Command[]): EventState {
  return replay(commands.map((command, seq) => ({ seq, command }))) as EventState;
}

const T0 = Date.parse('2026-05-01T11:00:00Z');

describe('pickDeckChecks', () => {
  it('picks 2 of the tables not checked before, at random, the same for the same seed', () => {
    const state = run([...base(), ...check(2, T0)]);
    const pick = pickDeckChecks(state, 1, 2, createRng(7));
    expect(pick.tables).toHaveLength(2);
    expect(pick.tables).not.toContain(2);
    expect(pick.available).toBe(4);
    expect(pick.note).toBeUndefined();
    expect(pickDeckChecks(state, 1, 2, createRng(7))).toEqual(pick);
    const seen = new Set<number>();
    for (let seed = 0; seed < 40; seed++) for (const t of pickDeckChecks(state, 1, 2, createRng(deriveSeed(99, seed))).tables) seen.add(t);
    expect([...seen].sort()).toEqual([1, 3, 4, 5]);
  });

  it('leaves out tables with a result, a player checked before, or a player without a list', () => {
    const state = run([
      ...base(ids.filter((id) => id !== 'jo')),
      ...check(1, T0, ['ana']),
      { type: 'record-result', round: 1, table: 3, result: { games: [2, 0, 0] } },
    ]);
    const pick = pickDeckChecks(state, 1, 3, createRng(1));
    expect(pick.tables).toEqual([2, 4]);
    expect(pick.note).toBe('Only 2 tables of round 1 are still playing, with every player’s list registered and nobody checked before.');
  });

  it('without lists, any table still playing with nobody checked', () => {
    const state = run(base([]));
    expect(pickDeckChecks(state, 1, 2, createRng(1)).available).toBe(5);
    expect(pickDeckChecks(state, 2, 2, createRng(1))).toEqual({ tables: [], available: 0, note: 'Round 2 is not paired.' });
  });
});

describe('deckCheckPlan', () => {
  it('who was checked each round, and the 10 % target (MTR 2.8)', () => {
    const state = run([...base(), ...check(2, T0)]);
    const plan = deckCheckPlan(state, T0 + 10 * 60_000);
    expect(plan.rounds).toEqual([
      { round: 1, checked: [{ id: 'cy', name: 'Cy Cole', table: 2 }, { id: 'di', name: 'Di Dunn', table: 2 }], decks: 10, decksChecked: 2, target: 1, met: true },
    ]);
    expect(plan.decks).toBe(10);
    expect(plan.decksChecked).toBe(2);
    expect(plan.met).toBe(true);
    expect(plan.neverChecked.map((p) => p.id)).toEqual(['ana', 'bo', 'ed', 'flo', 'gus', 'hal', 'ida', 'jo']);
    expect(plan.withLists).toBe(10);
    const none = deckCheckPlan(run(base()), T0);
    expect(none.rounds[0]).toMatchObject({ decksChecked: 0, target: 1, met: false });
  });
});

describe('sortedForCheck and findCard', () => {
  it('sorts the commander, the main deck and the sideboard by name, accents ignored', () => {
    const state = run(base(['ana']));
    const list = state.decklists?.ana;
    if (!list) throw new Error('no list');
    expect(sortedForCheck(list).map((s) => [s.title, s.total, s.cards.map((c) => c.name)])).toEqual([
      ['Main deck', 60, ['Éclair Spike', 'Goblin Guide', 'Lightning Bolt', 'Mountain']],
      ['Sideboard', 5, ['Abrade', 'Kor Firewalker']],
    ]);
  });

  it('finds who registered a card, case- and accent-insensitively', () => {
    const commands = base(['ana', 'bo']);
    commands.splice(commands.length - 1, 0, listCommand('cy', '60 Island\n\n1 Lightning Helix'));
    const state = run(commands);
    expect(findCard(state, 'eclair spike').map((f) => [f.name, f.card, f.count, f.section])).toEqual([
      ['Ana Archer', 'Éclair Spike', 4, 'main'],
      ['Bo Berg', 'Éclair Spike', 4, 'main'],
    ]);
    expect(findCard(state, 'LIGHTNING').map((f) => [f.player, f.card])).toEqual([
      ['ana', 'Lightning Bolt'],
      ['bo', 'Lightning Bolt'],
      ['cy', 'Lightning Helix'],
    ]);
    expect(findCard(state, 'Lightning Helix').map((f) => f.section)).toEqual(['side']);
    expect(findCard(state, 'ab')).toEqual([]);
    expect(findCard(state, '  ')).toEqual([]);
  });
});

const NOT_TEXT = new Set(['style', 'layout', 'color', 'alignment', 'font', 'pageBreak', 'type']);
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!NOT_TEXT.has(k)) strings(v, out);
  return out;
}
const text = (def: DocDefinition): string => strings(def.content).join('\n');

describe('the deck-check sheet', () => {
  it('prints the checked players’ lists in checking order, one a page, with tick boxes', () => {
    const state = run([...base(), ...check(3, T0)]);
    const def = buildDocument('deck-check-sheet', state, { pageSize: 'A4', generatedAt: '2026-05-01 14:05', round: 1 });
    const words = text(def);
    expect(words).toContain('Deck check — Ed Eng');
    expect(words).toContain('Deck check — Flo Fox');
    expect(words).not.toContain('Ana Archer');
    expect(words.indexOf('Éclair Spike')).toBeLessThan(words.indexOf('Goblin Guide'));
    expect(words.indexOf('Mountain')).toBeLessThan(words.indexOf('Abrade'));
    expect(words).toContain('Main deck (60)');
    expect(words).toContain('Sideboard (5)');
    expect(JSON.stringify(def.content)).toContain('"type":"rect"');
    expect(JSON.stringify(def.content)).toContain('"pageBreak":"before"');
    expect(DOCUMENT_TITLES['deck-check-sheet']).toMatch(/Deck-check sheets/);
  });

  it('says what to do when the round has no check yet', () => {
    const def = buildDocument('deck-check-sheet', run(base()), { pageSize: 'A4', generatedAt: '2026-05-01 14:05' });
    expect(text(def)).toMatch(/No deck check is logged in round 1 yet/);
  });
});
