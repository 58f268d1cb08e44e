/**
 * The real PDFs (electron/host/print/render.ts): every document of every registered rule set is
 * rendered, parsed by poppler (pdfinfo) and its text extracted (pdftotext), and the text must show
 * what the document is for. Fonts: accented Latin, Greek and Cyrillic come out intact; scripts the
 * font lacks print as boxes with the player's id beside them, and never fail.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCUMENT_NAMES, type DocumentName } from '../../core/api/contract.js';
import { ASCII_WIDTHS, buildDocument, splitName } from '../../core/documents/index.js';
import type { DocumentOptions } from '../../core/documents/index.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { simulateEvent } from '../../core/simulate.js';
import { FONT_FILES, defaultFontsDir, renderPdf } from '../../electron/host/print/render.js';
import { WORLD_NAMES, conformanceCase, eventWithNames, pdfInfo, pdfText, pdfToPng, printableEvents, withPlayoff } from '../support/print.js';

const OPTIONS: DocumentOptions = { pageSize: 'A4', generatedAt: '2026-05-01 14:05' };

async function render(doc: DocumentName, state: EventState, options: Partial<DocumentOptions> = {}) {
  const out = await renderPdf(buildDocument(doc, state, { ...OPTIONS, ...options }));
  const info = pdfInfo(out.pdf);
  expect(Number(info.Pages)).toBe(out.pages);
  expect(out.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { ...out, info, text: pdfText(out.pdf).normalize('NFC') };
}

function lastRound(state: EventState) {
  return state.rounds[state.rounds.length - 1] as NonNullable<EventState['rounds'][number]>;
}

function nameOf(state: EventState, id: string): string {
  return state.players.find((p) => p.id === id)?.name ?? id;
}

/** What each document must show for an event, checked against its extracted text. */
function expectDocument(doc: DocumentName, state: EventState, text: string): void {
  const ruleset = getRuleset(state.ruleset);
  const round = lastRound(state);
  const seated = round.tables.flatMap((t) => t.seats);
  // Every page: the event, the rule set, the page count.
  expect(text).toContain(state.name);
  switch (doc) {
    case 'pairings-by-name':
      for (const id of [...seated, ...round.byes.map((b) => b.player)]) expect(text).toContain(splitName(nameOf(state, id)).board);
      for (const table of round.tables) expect(text).toMatch(new RegExp(`(^|\\n)${table.table}(\\n|$)`));
      expect(text).toMatch(/Page 1 of \d+/);
      break;
    case 'pairings-by-table':
      for (const id of seated) expect(text).toContain(nameOf(state, id));
      for (const table of round.tables) expect(text).toMatch(new RegExp(`(^|\\n)${table.table}(\\n|$)`));
      expect(text).toMatch(round.stage === 'playoff' ? /Seed/ : ruleset.family === 'lightseekers' ? /Wins/ : /Points/);
      break;
    case 'match-slips': {
      expect(text.match(/^TABLE$/gm)?.length).toBe(round.tables.length);
      for (const id of seated) expect(text).toContain(nameOf(state, id));
      expect(text).toContain('Signature');
      expect(text).toContain('Drop');
      if (ruleset.family === 'head-to-head') expect(text).toMatch(/Games won[\s\S]*Drawn games|Games won[\s\S]*cannot end in a draw/);
      if (ruleset.family === 'pods') expect(text).toMatch(/Winner[\s\S]*Excluded\*[\s\S]*first[\s\S]*Draw/);
      if (ruleset.family === 'lightseekers') expect(text).toMatch(/VP[\s\S]*Defeated[\s\S]*target:/);
      break;
    }
    case 'round-pack': {
      // Pairings by name, the match slips, and (multiplayer) the seating cards, in one PDF.
      const multiplayer = ruleset.family !== 'head-to-head';
      expect(text).toMatch(multiplayer ? /Pairings by name[\s\S]*Result slip[\s\S]*Seating by name/ : /Pairings by name[\s\S]*Result slip/);
      for (const id of [...seated, ...round.byes.map((b) => b.player)]) expect(text).toContain(splitName(nameOf(state, id)).board);
      expect(text.match(/^TABLE$/gm)?.length).toBe(round.tables.length * (multiplayer ? 2 : 1));
      expect(text).toContain('Signature');
      break;
    }
    case 'seating':
      expect(text.match(/^TABLE$/gm)?.length).toBe(round.tables.length);
      for (const id of seated) expect(text).toContain(nameOf(state, id));
      expect(text).toContain('Seat 1');
      expect(text).toContain('Seating by name');
      break;
    case 'standings':
      for (const t of ruleset.tiebreakers) expect(text).toContain(t.label);
      for (const p of state.players.filter((p) => p.droppedAfterRound !== 0)) expect(text).toContain(p.name);
      expect(text).toMatch(/Standings after round \d+/);
      break;
    case 'extensions-log':
      expect(text).toMatch(/Deck checks and time extensions/);
      expect(text).toMatch(/Check start[\s\S]*Check end[\s\S]*Extension[\s\S]*Why[\s\S]*End-of-round state/);
      expect(text).toMatch(/Deck check: the table gets the check’s duration/);
      break;
    case 'bracket':
      if (!state.playoff) expect(text).toContain('No playoff yet');
      else for (const id of state.playoff.seeds) expect(text).toContain(nameOf(state, id));
      break;
  }
}

describe('every document of every rule set, as a PDF', () => {
  for (const { rulesetId, state } of printableEvents()) {
    for (const doc of DOCUMENT_NAMES) {
      it(`${rulesetId}: ${doc}`, async () => {
        const out = await render(doc, state);
        expect(out.info['Page size']).toMatch(doc === 'extensions-log' ? /^841\.89 x 595\.28 pts/ : /^595\.28 x 841\.89 pts \(A4\)/);
        expect(out.missingCharacters).toEqual([]);
        expectDocument(doc, state, out.text);
      });
    }
  }
});

describe('a 64-player mtr event with a top 8', () => {
  const { state: swiss } = simulateEvent({ ruleset: 'mtr', players: 64, rounds: 6, seed: 9, dropRate: 0.02 });
  const event = { ...withPlayoff({ ...swiss, name: 'Sixty-four' }, 8) };

  for (const doc of DOCUMENT_NAMES) {
    it(`${doc} for the last Swiss round`, async () => {
      const out = await render(doc, event, { round: 6, pageSize: 'LETTER' });
      expect(out.info['Page size']).toMatch(doc === 'extensions-log' || doc === 'bracket' ? /^792 x 612 pts/ : /^612 x 792 pts \(letter\)/);
      const swissOnly = { ...event, rounds: event.rounds.slice(0, 6) };
      delete (swissOnly as { playoff?: unknown }).playoff;
      expectDocument(doc, doc === 'bracket' ? event : swissOnly, out.text);
    });
  }

  it('pairings by name lists every seated player of round 6', async () => {
    const out = await render('pairings-by-name', event, { round: 6 });
    const round = event.rounds[5] as NonNullable<EventState['rounds'][number]>;
    const seated = [...round.tables.flatMap((t) => t.seats), ...round.byes.map((b) => b.player)];
    expect(seated.length).toBeGreaterThan(55);
    for (const id of seated) expect(out.text).toContain(splitName(nameOf(event, id)).board);
  });

  it('the bracket shows the seeds, the tables and the champion', async () => {
    const out = await render('bracket', event);
    const seeds = (event.playoff as NonNullable<EventState['playoff']>).seeds;
    for (const [i, id] of seeds.entries()) expect(out.text).toContain(`(${i + 1}) ${nameOf(event, id)}`);
    expect(out.text).toMatch(/Quarterfinals[\s\S]*Semifinals[\s\S]*Final[\s\S]*Champion/);
    expect(out.pages).toBe(1);
  });

  it('playoff slips say the match cannot be drawn and name the higher seed', async () => {
    const out = await render('match-slips', event, { round: 7 });
    expect(out.text).toContain('cannot end in a draw');
    expect(out.text).toContain('higher seed: chooses to play or draw');
  });
});

describe('pod and Lightseekers playoffs', () => {
  it('mamtr-2024 top 7: the waiting seeds and the final', async () => {
    const event = withPlayoff((conformanceCase('mamtr-2024') as { state: EventState }).state, 7);
    const out = await render('bracket', event);
    expect(out.text).toMatch(/Playoff round 1[\s\S]*Waiting this round[\s\S]*Final/);
  });

  it('lightseekers-competitive final table: the choosing order', async () => {
    const known = conformanceCase('lightseekers-competitive');
    if (!known) return;
    const ruleset = getRuleset('lightseekers-competitive');
    const event = withPlayoff(known.state, ruleset.playoffCuts.includes(5) ? 5 : (ruleset.playoffCuts[0] as number));
    const out = await render('bracket', event);
    expect(out.text).toContain('Choosing order');
  });
});

describe('names of the world', () => {
  const event = eventWithNames('mtr', [...WORLD_NAMES, 'Griffin Clifford'], 16, 2);

  for (const doc of ['pairings-by-name', 'pairings-by-table', 'match-slips', 'standings'] as const) {
    it(`${doc}: accented Latin, Greek and Cyrillic come out intact`, async () => {
      const out = await render(doc, event);
      expect(out.missingCharacters).toEqual([]);
      const seated = new Set(lastRound(event).tables.flatMap((t) => t.seats));
      for (const name of [...WORLD_NAMES, 'Griffin Clifford']) {
        const player = event.players.find((p) => p.name === name) as { id: string };
        if (doc !== 'standings' && !seated.has(player.id)) continue;
        expect(out.text).toContain(doc === 'pairings-by-name' ? splitName(name).board : name);
      }
    });
  }

  it('a script the font lacks prints as boxes with the player id beside it, and says which characters', async () => {
    const cjk = eventWithNames('mtr', ['山田 太郎', 'Ana Alba'], 8, 1);
    const id = cjk.players[0]?.id as string;
    for (const doc of ['pairings-by-name', 'match-slips', 'standings'] as const) {
      const out = await render(doc, cjk);
      expect(out.missingCharacters).toEqual(['太', '山', '田', '郎']);
      expect(out.text).toContain(`(${id})`);
    }
  });

  it('two players with the same name are told apart by their id', async () => {
    const twins = eventWithNames('mtr', ['Ana Alba', 'Ana Alba'], 8, 1);
    const out = await render('pairings-by-name', twins);
    for (const p of twins.players.slice(0, 2)) expect(out.text).toContain(`(${p.id})`);
  });
});

describe('fonts', () => {
  it('are in assets/fonts with their licence', () => {
    const dir = defaultFontsDir();
    expect(path.relative(path.resolve(dir, '../..'), dir)).toBe(path.join('assets', 'fonts'));
    expect(readFileSync(path.join(dir, 'LICENSE-DejaVu.txt'), 'utf8')).toMatch(/Bitstream Vera/);
  });

  it('core’s width table is the font’s', () => {
    const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as {
      create(b: Buffer): { unitsPerEm: number; glyphForCodePoint(c: number): { advanceWidth: number } };
    };
    for (const [face, file] of [
      ['regular', FONT_FILES.normal],
      ['bold', FONT_FILES.bold],
    ] as const) {
      const font = fontkit.create(readFileSync(path.join(defaultFontsDir(), file)));
      const widths = Array.from({ length: 95 }, (_, i) => Math.round((font.glyphForCodePoint(32 + i).advanceWidth / font.unitsPerEm) * 1000));
      expect(widths).toEqual(ASCII_WIDTHS[face]);
    }
  });
});

describe('pictures of the pages', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-png-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('pdftoppm rasterises the first page of each document', async () => {
    const { state } = conformanceCase('mamtr-2024') as { state: EventState };
    for (const doc of DOCUMENT_NAMES) {
      const out = await renderPdf(buildDocument(doc, state, OPTIONS));
      const files = pdfToPng(out.pdf, dir, doc, { first: 1, last: 1, dpi: 30 });
      expect(files).toHaveLength(1);
      expect(readFileSync(files[0] as string).subarray(1, 4).toString('latin1')).toBe('PNG');
    }
  });
});
