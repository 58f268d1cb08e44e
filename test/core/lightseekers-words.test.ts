/**
 * A Lightseekers event speaks Lightseekers on paper: no "Swiss" on its slips, its
 * standings count wins and losses (no draws, no byes) and say its own tie rule, its final standings
 * say they follow the final table's finish — each from the rule set (Ruleset.presentation), never
 * from a check of its id — while the Magic rule sets keep their words.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../core/documents/index.js';
import type { DocDefinition } from '../../core/documents/types.js';
import type { EventState } from '../../core/model/types.js';
import { simulateEvent } from '../../core/simulate.js';
import { conformanceCase, withPlayoff } from '../support/print.js';

const OPTIONS = { pageSize: 'A4', generatedAt: '2026-05-01 14:05' } as const;
const NOT_TEXT = new Set(['style', 'layout', 'color', 'fillColor', 'lineColor', 'decoration', 'decorationColor', 'alignment', 'font', 'pageBreak', 'type']);

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!NOT_TEXT.has(k)) strings(v, out);
  return out;
}
const text = (def: DocDefinition): string => strings(def.content).join('\n');

const lightseekers = (): EventState => (conformanceCase('lightseekers-competitive') as { state: EventState }).state;
const mtr = (): EventState => (conformanceCase('mtr') as { state: EventState }).state;

describe('Lightseekers prints', () => {
  it('slips name no Swiss stage; Magic slips still say "Swiss"', () => {
    const slips = text(buildDocument('match-slips', lightseekers(), { ...OPTIONS, round: 1 }));
    expect(slips).toMatch(/Round 1 · \d players/);
    expect(slips).not.toMatch(/Swiss/);
    expect(text(buildDocument('match-slips', mtr(), { ...OPTIONS, round: 1 }))).toMatch(/Round 1 · Swiss · best of 3/);
  });

  it('standings: Wins and W-L, no bye note, the organiser’s choice last', () => {
    const all = text(buildDocument('standings', lightseekers(), OPTIONS));
    expect(all).toContain('W-L');
    expect(all).not.toContain('W-L-D');
    expect(all).not.toMatch(/bye/i);
    expect(all).toContain('then the organiser’s choice (RULES 3; the registration draw until decided)');
    const magic = text(buildDocument('standings', mtr(), OPTIONS));
    expect(magic).toContain('W-L-D counts a bye as a win.');
    expect(magic).toContain('then the registration draw');
  });

  it('final standings say what they follow: the final table’s finish, not "how far they got (then by Swiss seed)"', () => {
    // 13 players: the final table seats 5 (RULES 3).
    const done = withPlayoff(lightseekers(), 5);
    const all = text(buildDocument('standings', done, OPTIONS));
    expect(all).toContain('order: the final table’s players by their finish at it (VP, then the last standing), then everyone else in standings order');
    expect(all).not.toContain('Swiss seed');
    expect(all).toContain('Final');
    const { state } = simulateEvent({ ruleset: 'mtr', players: 16, rounds: 4, seed: 3 });
    expect(text(buildDocument('standings', withPlayoff(state, 8), OPTIONS))).toContain('order: the playoff players by how far they got (then by Swiss seed), then everyone else in Swiss order');
  });
});
