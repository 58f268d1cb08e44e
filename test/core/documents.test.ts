/**
 * core/documents as pure layout facts (no PDF here; test/host/print*.test.ts renders them): names
 * and their order on boards, who is listed, slip order for cutting, definitions as plain data.
 */
import { describe, expect, it } from 'vitest';
import { DOCUMENT_NAMES } from '../../core/api/contract.js';
import {
  type Content,
  type DocDefinition,
  boardEntries,
  buildDocument,
  cutStackOrder,
  documentFileName,
  slipsPerPage,
  sortByFamilyName,
  splitName,
  textWidth,
} from '../../core/documents/index.js';
import { createContext } from '../../core/documents/context.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { simulateEvent } from '../../core/simulate.js';
import { WORLD_NAMES, conformanceCase, eventWithNames, printableEvents, withPlayoff } from '../support/print.js';

const OPTIONS = { pageSize: 'A4', generatedAt: '2026-05-01 14:05' } as const;

/** Properties whose strings are not printed text. */
const NOT_TEXT = new Set(['style', 'layout', 'color', 'fillColor', 'lineColor', 'decoration', 'decorationColor', 'alignment', 'font', 'pageBreak', 'type']);

/** Every string in a definition, in order (what a reader could find on the page). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!NOT_TEXT.has(k)) strings(v, out);
  return out;
}

function text(def: DocDefinition): string {
  return strings(def.content).join('\n');
}

function hasFunction(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (Array.isArray(value)) return value.some(hasFunction);
  if (value && typeof value === 'object') return Object.values(value).some(hasFunction);
  return false;
}

describe('family names (names.ts)', () => {
  it.each([
    ['Alice Archer', 'Archer', 'Alice', 'Archer, Alice'],
    ['María José de la Cruz', 'de la Cruz', 'María José', 'de la Cruz, María José'],
    ['Ludwig van Beethoven', 'van Beethoven', 'Ludwig', 'van Beethoven, Ludwig'],
    ['Vincent Van Gogh', 'Gogh', 'Vincent Van', 'Gogh, Vincent Van'],
    ['Van Gogh, Vincent', 'Van Gogh', 'Vincent', 'Van Gogh, Vincent'],
    ['García Márquez, Gabriel', 'García Márquez', 'Gabriel', 'García Márquez, Gabriel'],
    ['José Ortega y Gasset', 'Ortega y Gasset', 'José', 'Ortega y Gasset, José'],
    ["Seán O'Brien", "O'Brien", 'Seán', "O'Brien, Seán"],
    ['Teller', 'Teller', '', 'Teller'],
    ['  Dmitri   Dvořák ', 'Dvořák', 'Dmitri', 'Dvořák, Dmitri'],
    ['Дмитрий Шостакович', 'Шостакович', 'Дмитрий', 'Шостакович, Дмитрий'],
    ['Αλέξανδρος Παπαδόπουλος', 'Παπαδόπουλος', 'Αλέξανδρος', 'Παπαδόπουλος, Αλέξανδρος'],
    ['山田 太郎', '山田', '太郎', '山田 太郎'],
    ['김민준', '김민준', '', '김민준'],
    ['محمد علي', 'محمد', 'علي', 'محمد علي'],
  ])('%s → family "%s", given "%s", printed "%s"', (name, family, given, board) => {
    const split = splitName(name);
    expect(split.family).toBe(family);
    expect(split.given).toBe(given);
    expect(split.board).toBe(board);
  });

  it('sorts by what the board prints first, with a locale-aware collator', () => {
    const people = ['Zoë Zimmer', 'Émile Ébert', 'Anna Eberhardt', 'María de la Cruz', 'Bo Dahl', 'Ольга Ёлкина', 'Ирина Абрамова', 'Νίκος Άλφας', 'Teller', 'ana alba', 'Ana Alba'].map(
      (name, i) => ({ id: `p${i}`, name }),
    );
    const order = sortByFamilyName(people).map((p) => p.name.board);
    // Latin first (accents and case only break ties), then Greek, then Cyrillic (CLDR root order).
    expect(order).toEqual([
      'alba, ana',
      'Alba, Ana',
      'Dahl, Bo',
      'de la Cruz, María',
      'Eberhardt, Anna',
      'Ébert, Émile',
      'Teller',
      'Zimmer, Zoë',
      'Άλφας, Νίκος',
      'Абрамова, Ирина',
      'Ёлкина, Ольга',
    ]);
  });

  it('keeps two people with the same name apart, by id', () => {
    const order = sortByFamilyName([
      { id: 'p2', name: 'Ana Alba' },
      { id: 'p1', name: 'Ana Alba' },
    ]).map((p) => p.item.id);
    expect(order).toEqual(['p1', 'p2']);
  });
});

describe('pairings by name', () => {
  it('lists every seated player once, with a bye as a line of its own', () => {
    const { state } = conformanceCase('mtr') as { state: EventState };
    const ctx = createContext(state, OPTIONS);
    const round = ctx.round as NonNullable<typeof ctx.round>;
    const entries = boardEntries(ctx, round);
    const seated = [...round.tables.flatMap((t) => t.seats), ...round.byes.map((b) => b.player)];
    expect(entries.map((e) => e.id).sort()).toEqual([...seated].sort());
    const def = buildDocument('pairings-by-name', state, OPTIONS);
    const all = text(def);
    for (const entry of entries) expect(all).toContain(entry.name.board);
    for (const bye of round.byes) expect(entries.find((e) => e.id === bye.player)?.detail).toMatch(/bye/);
  });

  it('prints the opponent in 1v1 and the seat in pods', () => {
    const mtr = createContext((conformanceCase('mtr') as { state: EventState }).state, OPTIONS);
    expect(boardEntries(mtr, mtr.round as never).filter((e) => e.table !== null).every((e) => e.detail.startsWith('vs '))).toBe(true);
    const pods = createContext((conformanceCase('mamtr-2024') as { state: EventState }).state, OPTIONS);
    const details = boardEntries(pods, pods.round as never).map((e) => e.detail);
    expect(details.every((d) => /^seat \d of \d/.test(d))).toBe(true);
    expect(details.filter((d) => d.includes('plays first'))).toHaveLength((pods.round as NonNullable<typeof pods.round>).tables.length);
  });

  it('splits into A–K and L–Z sheets at the letter asked for; other scripts go on the second', () => {
    const state = eventWithNames('mtr', WORLD_NAMES, 16, 1);
    const def = buildDocument('pairings-by-name', state, { ...OPTIONS, splitAtLetter: 'L' });
    const all = text(def);
    expect(all).toContain('A–K');
    expect(all).toContain('L–Z and other scripts');
    const first = all.slice(0, all.indexOf('L–Z'));
    expect(first).toContain('Kierkegaard, Søren');
    expect(first).toContain('de la Cruz, María José');
    expect(first).not.toContain('Picard, Jean-Luc');
    const second = all.slice(all.indexOf('L–Z'));
    for (const name of ['Picard, Jean-Luc', 'van Beethoven, Ludwig', 'Шостакович, Дмитрий', 'Παπαδόπουλος, Αλέξανδρος']) expect(second).toContain(name);
  });

  it('holds a fixed number of rows per page: 4,096 players fit in a known page count', () => {
    const { state } = simulateEvent({ ruleset: 'mtr', players: 4096, rounds: 1, seed: 3 });
    const def = buildDocument('pairings-by-name', state, OPTIONS);
    const breaks = (def.content as Content[]).filter((c) => typeof c === 'object' && !Array.isArray(c) && 'pageBreak' in c && c.pageBreak === 'before').length;
    expect(breaks + 1).toBeLessThan(60);
    const names = text(def);
    expect(names.split('\n').filter((s) => s.startsWith('vs ')).length).toBe(4096);
  });
});

describe('match slips', () => {
  it('four 1v1 slips a page, three pod slips', () => {
    const mtr = (conformanceCase('mtr') as { state: EventState }).state;
    const pods = (conformanceCase('mamtr-2024') as { state: EventState }).state;
    expect(slipsPerPage(mtr.rounds[mtr.rounds.length - 1] as never)).toBe(4);
    expect(slipsPerPage(pods.rounds[pods.rounds.length - 1] as never)).toBe(3);
  });

  it('orders slots so that a cut stack comes out in table order', () => {
    const pages = cutStackOrder(10, 4);
    expect(pages).toEqual([
      [0, 3, 6, 9],
      [1, 4, 7, null],
      [2, 5, 8, null],
    ]);
    // Cut each slot's pile and stack them, top slot first: table order.
    const piles = [0, 1, 2, 3].map((slot) => pages.map((page) => page[slot]).filter((i) => i !== null));
    expect(piles.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a slip per table with what the rule set records', () => {
    const mtr = buildDocument('match-slips', (conformanceCase('mtr') as { state: EventState }).state, OPTIONS);
    expect(text(mtr)).toMatch(/Games won[\s\S]*Drop[\s\S]*Signature[\s\S]*Drawn games/);
    const pods = buildDocument('match-slips', (conformanceCase('mamtr-2024') as { state: EventState }).state, OPTIONS);
    expect(text(pods)).toMatch(/Winner[\s\S]*Excluded\*[\s\S]*Drop[\s\S]*Signature/);
    expect(text(pods)).toContain('▶ first');
  });

  it('pod slips ask every player to sign, and every slip names the rule set as people read it, not by its id', () => {
    const mtr = text(buildDocument('match-slips', (conformanceCase('mtr') as { state: EventState }).state, OPTIONS));
    expect(mtr).toContain('Result slip — fill in, both sign, hand in at the scorekeeper’s desk');
    expect(mtr).toContain('Magic: The Gathering Tournament Rules (head-to-head)');
    for (const id of ['mamtr-2024', 'mstr-2022'] as const) {
      const pods = text(buildDocument('match-slips', (conformanceCase(id) as { state: EventState }).state, OPTIONS));
      expect(pods).toContain('Result slip — fill in, every player signs, hand in at the scorekeeper’s desk');
      expect(pods).not.toContain('both sign');
      expect(pods).not.toMatch(new RegExp(`· ${id}\\b`));
    }
    const mamtr = text(buildDocument('match-slips', (conformanceCase('mamtr-2024') as { state: EventState }).state, OPTIONS));
    expect(mamtr).toMatch(/· Multiplayer Addendum to the Magic Tournament Rules/);
  });
});

describe('every document', () => {
  for (const { rulesetId, state } of printableEvents()) {
    it(`${rulesetId}: all seven build, as plain data (no functions), the same each time`, () => {
      for (const name of DOCUMENT_NAMES) {
        const def = buildDocument(name, state, OPTIONS);
        expect(hasFunction(def)).toBe(false);
        expect(JSON.parse(JSON.stringify(def))).toEqual(def);
        expect(buildDocument(name, state, OPTIONS)).toEqual(def);
        expect(def.defaultStyle.font).toBe('Podium');
      }
    });
  }

  it('the header names the event, the rule set and the round; the footer the page', () => {
    const { state } = conformanceCase('mtr') as { state: EventState };
    const def = buildDocument('pairings-by-table', state, OPTIONS);
    const header = strings(def.header).join(' ');
    expect(header).toContain('mtr-9-players');
    expect(header).toContain('Magic: The Gathering Tournament Rules');
    expect(header).toContain('Round 4');
    expect(strings(def.footer).join(' ')).toMatch(/Page \{\{page\}\} of \{\{pages\}\}/);
    expect(strings(def.footer).join(' ')).toContain('2026-05-01 14:05');
  });

  it('refuses an unknown document or round, in words', () => {
    const { state } = conformanceCase('mtr') as { state: EventState };
    expect(() => buildDocument('posters', state, OPTIONS)).toThrow(/unknown document "posters"/);
    expect(() => buildDocument('standings', state, { ...OPTIONS, round: 9 })).toThrow(PodiumError);
    expect(() => buildDocument('standings', state, { ...OPTIONS, round: 9 })).toThrow(/no round 9 \(rounds 1 to 4\)/);
  });

  it('a bracket without a playoff is a page that says so', () => {
    const { state } = conformanceCase('mtr') as { state: EventState };
    expect(text(buildDocument('bracket', state, OPTIONS))).toMatch(/No playoff yet/);
  });

  it('the top 8 bracket follows MTR 10.4 and names the champion', () => {
    const { state } = simulateEvent({ ruleset: 'mtr', players: 64, rounds: 6, seed: 9 });
    const done = withPlayoff(state, 8);
    const all = text(buildDocument('bracket', done, OPTIONS));
    const seeds = (done.playoff as NonNullable<EventState['playoff']>).seeds.map((id) => done.players.find((p) => p.id === id)?.name);
    expect(all).toContain(`(1) ${seeds[0]}`);
    expect(all).toContain(`(8) ${seeds[7]}`);
    expect(all).toContain('Champion');
    // Seat 1 wins every table in this simulation: seed 1 is the champion.
    expect(all.trimEnd().split('\n').at(-1)).toBe(seeds[0]);
  });

  it('standings use the rule set’s tiebreaker labels', () => {
    for (const { state } of printableEvents()) {
      const all = text(buildDocument('standings', state, OPTIONS));
      const ruleset = createContext(state, OPTIONS).ruleset;
      for (const t of ruleset.tiebreakers) expect(all).toContain(t.label);
    }
  });

  it('the extensions log prints the entries it is given and the rule set’s extra minutes', () => {
    const { state } = conformanceCase('mtr') as { state: EventState };
    const blank = text(buildDocument('extensions-log', state, OPTIONS));
    expect(blank).toContain('plus 3 minutes (MTR 2.6)');
    const pods = text(buildDocument('extensions-log', (conformanceCase('mamtr-2024') as { state: EventState }).state, OPTIONS));
    expect(pods).toContain('plus 4 minutes (Commander X.5A)');
    const filled = text(
      buildDocument('extensions-log', state, {
        ...OPTIONS,
        extensions: [{ table: 3, players: ['Pia Mo3', 'Pia Oz2'], judge: 'J. Judge', start: '14:05', end: '14:17', minutes: 15, reason: 'deck-check', endOfRound: 'turn 2 of 5' }],
      }),
    );
    expect(filled).toMatch(/Pia Mo3 · Pia Oz2[\s\S]*J\. Judge[\s\S]*14:05[\s\S]*14:17[\s\S]*\+15[\s\S]*Deck check: its length \+ 3 min \(MTR 2\.6\)[\s\S]*turn 2 of 5/);
  });

  it('before round 1: every document builds; seating gives deck-building seats, alphabetical', () => {
    const { state } = simulateEvent({ ruleset: 'mtr', players: 12, rounds: 1, seed: 2 });
    const registered: EventState = { ...state, rounds: [] };
    for (const name of DOCUMENT_NAMES) expect(() => buildDocument(name, registered, OPTIONS)).not.toThrow();
    const seats = text(buildDocument('seating', registered, OPTIONS)).split('\n').filter((l) => l.startsWith('deck-building seat'));
    expect(seats.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))).toEqual(Array.from({ length: 12 }, (_, i) => `deck-building seat ${i + 1}`));
  });

  it('draft pods: each pod’s players get seats 1..n, the same on every print', () => {
    const { state } = simulateEvent({ ruleset: 'mtr', players: 16, rounds: 1, seed: 2 });
    const drafted: EventState = { ...state, players: state.players.map((p, i) => ({ ...p, draftPod: i < 8 ? 1 : 2 })) };
    const all = text(buildDocument('seating', drafted, OPTIONS));
    expect(all).toMatch(/Draft pod 1[\s\S]*Draft pod 2/);
    const pods = all.slice(all.indexOf('Draft pod 1')).split('\n');
    for (const p of drafted.players) expect(pods.filter((l) => l === p.name)).toHaveLength(1);
    expect(pods.filter((l) => /^[1-8]$/.test(l))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '1', '2', '3', '4', '5', '6', '7', '8']);
    expect(text(buildDocument('seating', drafted, OPTIONS))).toBe(all);
  });

  it('file names say the event, the round and the document', () => {
    const { state } = conformanceCase('mtr') as { state: EventState };
    expect(documentFileName('match-slips', { ...state, name: 'Spring Open — Łódź' })).toBe('spring-open-odz-round-4-match-slips.pdf');
    // The event's penalty report and a player's own list are nobody's round; asked for a round, they say it.
    expect(documentFileName('penalty-report', state)).toBe('mtr-9-players-penalty-report.pdf');
    expect(documentFileName('penalty-report', state, 2)).toBe('mtr-9-players-round-2-penalty-report.pdf');
    expect(documentFileName('bracket', state, 2)).toBe('mtr-9-players-bracket.pdf');
  });

  it('estimates text widths that grow with the text', () => {
    expect(textWidth('Ana', 10)).toBeLessThan(textWidth('Anastasia', 10));
    expect(textWidth('Ana', 10, true)).toBeGreaterThan(textWidth('Ana', 10));
  });
});
