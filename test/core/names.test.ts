/**
 * What a name may contain (core/model/names.ts), where it is checked (new commands and new events at
 * the StationApi edge; not the journal reader, so older saves still open), and what an RTL name does
 * on paper: pdfmake lays words out left to right without a bidi pass, so the text printed after a
 * right-to-left name — or after an old name holding an override — stays where it was typed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateRequest } from '../../core/api/methods.js';
import { buildDocument } from '../../core/documents/index.js';
import { commandSchema, newCommandSchema, parseCommand } from '../../core/event/commands.js';
import { nameProblem } from '../../core/model/names.js';
import type { EventState } from '../../core/model/types.js';
import { simulateEvent } from '../../core/simulate.js';
import { renderPdf } from '../../electron/host/print/render.js';

const RLO = '\u202E';

describe('nameProblem', () => {
  it.each([
    'Nguyễn Thị Minh Khai',
    'José',
    "O'Brien",
    'Seán Ó Súilleabháin-Łukasiewicz',
    'محمد',
    'אבי כהן',
    '山田 太郎',
    // ZWJ and ZWNJ spell Indic and Persian names: Devanagari with a half form, Persian علی‌رضا.
    'क्\u200Dषमा',
    'علی\u200Cرضا',
    'Jean\u00A0Luc',
    'Ana 🌟',
  ])('allows %s', (name) => {
    expect(nameProblem(name)).toBeNull();
  });

  it.each([
    ['a control character (U+0000 NULL)', '\u0000'],
    ['a control character (U+0007)', '\u0007'],
    ['a control character (U+0009 TAB)', '\t'],
    ['a control character (U+000A LINE FEED)', '\n'],
    ['a control character (U+000D CARRIAGE RETURN)', '\r'],
    ['a control character (U+001B ESCAPE)', '\u001B'],
    ['a control character (U+007F DELETE)', '\u007F'],
    ['a control character (U+0085 NEXT LINE)', '\u0085'],
    ['a control character (U+009B)', '\u009B'],
    ['a control character (U+202A LEFT-TO-RIGHT EMBEDDING)', '\u202A'],
    ['a control character (U+202B RIGHT-TO-LEFT EMBEDDING)', '\u202B'],
    ['a control character (U+202C POP DIRECTIONAL FORMATTING)', '\u202C'],
    ['a control character (U+202D LEFT-TO-RIGHT OVERRIDE)', '\u202D'],
    ['a control character (U+202E RIGHT-TO-LEFT OVERRIDE)', RLO],
    ['a control character (U+2066 LEFT-TO-RIGHT ISOLATE)', '\u2066'],
    ['a control character (U+2067 RIGHT-TO-LEFT ISOLATE)', '\u2067'],
    ['a control character (U+2068 FIRST STRONG ISOLATE)', '\u2068'],
    ['a control character (U+2069 POP DIRECTIONAL ISOLATE)', '\u2069'],
    ['a control character (U+200E LEFT-TO-RIGHT MARK)', '\u200E'],
    ['a control character (U+200F RIGHT-TO-LEFT MARK)', '\u200F'],
    ['a control character (U+061C ARABIC LETTER MARK)', '\u061C'],
    ['a line break (U+2028 LINE SEPARATOR)', '\u2028'],
    ['a line break (U+2029 PARAGRAPH SEPARATOR)', '\u2029'],
    ['an invisible formatting character (U+200B ZERO WIDTH SPACE)', '\u200B'],
    ['an invisible formatting character (U+2060 WORD JOINER)', '\u2060'],
    ['an invisible formatting character (U+FEFF ZERO WIDTH NO-BREAK SPACE)', '\uFEFF'],
    ['an invisible formatting character (U+00AD SOFT HYPHEN)', '\u00AD'],
    ['an invisible formatting character (U+E0041)', '\u{E0041}'],
    ['a broken character (U+D800)', '\uD800'],
  ])('refuses %s', (words, char) => {
    expect(nameProblem(`Ana${char}Bo`)).toBe(`the name "Ana\uFFFDBo" contains ${words}; type the name without it`);
  });

  it('quotes the name with the refused characters made visible, and names the field', () => {
    expect(nameProblem(`\u05D0\u05D1\u05D9${RLO} 12`, 'note')).toBe(
      'the note "\u05D0\u05D1\u05D9\uFFFD 12" contains a control character (U+202E RIGHT-TO-LEFT OVERRIDE); type the note without it',
    );
  });
});

const register = (name: string, extra: Record<string, unknown> = {}) => ({ type: 'register-player', player: { id: 'p1', name, ...extra }, draw: 1 });

describe('where names are checked', () => {
  it.each([
    ['a player name', register(`Bo${RLO}Berg`), 'player.name', 'name'],
    ['a note', register('Bo Berg', { note: `Leeds${RLO}` }), 'player.note', 'note'],
    ['a team member', register('The Walkers', { members: [{ seat: 'A', name: 'Ana' }, { seat: 'B', name: `Bo${RLO}` }] }), 'player.members.1.name', 'name'],
    ['an edited name', { type: 'edit-player', id: 'p1', changes: { name: `Bo${RLO}` } }, 'changes.name', 'name'],
    ['the event name', { type: 'create-event', id: 'e', name: `Open${RLO}`, ruleset: 'mtr', settings: {}, seed: 1, createdAt: '2026-05-01T10:00:00.000Z' }, 'name', 'event name'],
    ['a judge', { type: 'start-deck-check', round: 1, table: 1, judge: `Dana${RLO}`, at: 0 }, 'judge', "judge's name"],
  ])('a new command with %s is refused, in words, at that field; the journal reader still reads it', (_what, command, where, field) => {
    const parsed = newCommandSchema.safeParse(command);
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues[0];
    expect(issue?.path.join('.')).toBe(where);
    expect(issue?.message).toMatch(new RegExp(`^the ${field} ".*\uFFFD.*" contains a control character \\(U\\+202E RIGHT-TO-LEFT OVERRIDE\\); type the ${field} without it$`));
    // A save written by an older version opens with the name as it was (screens isolate it).
    expect(parseCommand(command)).toMatchObject({ ok: true });
    expect(commandSchema.safeParse(command).success).toBe(true);
  });

  it('trims a new line or tab at either end (a pasted name) rather than refusing it', () => {
    const parsed = newCommandSchema.safeParse(register('\tAna Archer\n'));
    expect(parsed.success && parsed.data.type === 'register-player' && parsed.data.player.name).toBe('Ana Archer');
    expect(newCommandSchema.safeParse(register('Ana\tArcher')).success).toBe(false);
  });

  it('the StationApi refuses a dispatch or a new event whose name holds a control character', () => {
    expect(validateRequest('dispatch', { command: register(`Bo${RLO}Berg`) })).toEqual({
      ok: false,
      message: 'dispatch: invalid request at command.player.name: the name "Bo\uFFFDBerg" contains a control character (U+202E RIGHT-TO-LEFT OVERRIDE); type the name without it',
    });
    expect(validateRequest('createEvent', { name: `Friday${RLO} Open`, ruleset: 'mtr', settings: {} })).toEqual({
      ok: false,
      message: 'createEvent: invalid request at name: the event name "Friday\uFFFD Open" contains a control character (U+202E RIGHT-TO-LEFT OVERRIDE); type the event name without it',
    });
    expect(validateRequest('dispatch', { command: register('אבי כהן') })).toMatchObject({ ok: true });
  });
});

// ---------------------------------------------------------------------------------------------
// On paper

interface Word {
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
}

/** Every word of the first page with where it is printed (pdftotext -bbox). */
function pdfWords(pdf: Uint8Array): Word[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-names-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const run = spawnSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    if (run.error || run.status !== 0) throw new Error(`pdftotext -bbox failed: install poppler-utils (${run.error?.message ?? run.stderr})`);
    return [...run.stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({
      text: m[4] as string,
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A finished 7-player event whose last round's bye goes to a player called `name`. */
function byeNamed(name: string): EventState {
  const { state } = simulateEvent({ ruleset: 'mtr', players: 7, rounds: 2, seed: 5 });
  const bye = state.rounds[state.rounds.length - 1]?.byes[0]?.player;
  expect(bye).toBeDefined();
  return { ...state, name: 'Names on paper', players: state.players.map((p) => (p.id === bye ? { ...p, name } : p)) };
}

describe('names on paper', () => {
  it.each([
    ['a Hebrew name', 'אבי כהן', /[\u0590-\u05FF]/],
    ['an Arabic name', 'محمد علي', /[\u0600-\u06FF]/],
    ['an old name with an override', `Bo${RLO}Berg`, /Bo|Berg/],
  ])('%s keeps the points printed after it in their place and order', async (_what, name, own) => {
    const out = await renderPdf(buildDocument('pairings-by-table', byeNamed(name), { pageSize: 'A4', generatedAt: '2026-05-01 14:05' }));
    const words = pdfWords(out.pdf);
    // The byes line ("<name> — 0 points") is the one under the "Byes" heading.
    const heading = words.find((w) => w.text === 'Byes') as Word;
    expect(heading).toBeDefined();
    const lineY = Math.min(...words.filter((w) => w.yMin > heading.yMin + 1).map((w) => w.yMin));
    const line = words.filter((w) => Math.abs(w.yMin - lineY) < 1).sort((a, b) => a.xMin - b.xMin);
    const [points, unit] = line.slice(-2);
    expect(points?.text).toMatch(/^\d+$/);
    expect(unit?.text).toMatch(/^points?$/);
    const nameWords = line.filter((w) => own.test(w.text));
    expect(nameWords.length).toBeGreaterThan(0);
    for (const w of nameWords) expect(w.xMax).toBeLessThan(points?.xMin ?? 0);
    // No reordering at all: what was typed first is printed first (left).
    if (name.startsWith('Bo')) expect(line.map((w) => w.text).join(' ').replace(RLO, '')).toMatch(/^Bo ?Berg /);
  });
});
