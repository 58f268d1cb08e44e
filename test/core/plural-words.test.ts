/**
 * Counts in words with the plural the count needs (core/text plural): "1 point", never "(1 points)"
 * or "1 pts", in the pairing check, the printed pairings and the pod breakdown; a drawn
 * MAMTR playoff pod's note does not say "draw" twice.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../core/documents/index.js';
import type { DocDefinition } from '../../core/documents/types.js';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';

const run = (state: EventState | undefined, ...commands: Command[]): EventState => {
  let s = state;
  for (const c of commands) s = apply(s, c);
  return s as EventState;
};

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (k !== 'style' && k !== 'layout') strings(v, out);
  return out;
}
const text = (def: DocDefinition): string => strings(def.content).join('\n');

/** 4 players; round 1: table 1 drawn 1-1-1 (1 point each), table 2 won 2-0; round 2 paired. */
function afterADraw(): EventState {
  let state = run(undefined, { type: 'create-event', id: 'e', name: 'Words Open', ruleset: 'mtr', settings: {}, seed: 3, createdAt: '2026-01-01T00:00:00.000Z' });
  for (let i = 1; i <= 4; i++) state = run(state, { type: 'register-player', player: { id: `p${i}`, name: `Player ${i}` }, draw: i });
  state = run(state, { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p1', 'p2'] }, { table: 2, seats: ['p3', 'p4'] }], byes: [], seed: 1 });
  state = run(state, { type: 'record-result', round: 1, table: 1, result: { games: [1, 1, 1] } }, { type: 'record-result', round: 1, table: 2, result: { games: [2, 0, 0] } });
  return state;
}

describe('counts say "1 point"', () => {
  it('the pairing check: "(3 points) is paired down against … (1 point)"', () => {
    const proposal = getRuleset('mtr').pair(afterADraw(), 5);
    const downs = proposal.warnings.filter((w) => w.kind === 'pair-down').map((w) => w.message);
    expect(downs.length).toBeGreaterThan(0);
    for (const message of downs) {
      expect(message).not.toMatch(/\b1 points\b/);
      expect(message).toMatch(/\((\d+ points|1 point|0 points)\) is paired down against .* \((1 point|0 points)\)$/);
    }
  });

  it('pairings by table print "1 point", never "1 pts"', () => {
    const state = afterADraw();
    const p = getRuleset('mtr').pair(state, 5);
    const paired = run(state, { type: 'pair-round', round: 2, stage: 'swiss', tables: p.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: 5 });
    const all = text(buildDocument('pairings-by-table', paired, { pageSize: 'A4', generatedAt: '2026-05-01 14:05', round: 2 }));
    expect(all).toMatch(/\b1 point\b/);
    expect(all).toMatch(/\b3 points\b/);
    expect(all).not.toMatch(/pts/);
  });

  it('a MAMTR drawn playoff pod’s note says who advances without repeating "draw"', () => {
    const note = getRuleset('mamtr-2024').presentation.playoff.drawNote ?? '';
    expect(note).toBe('draw: won by the highest Swiss seed who took part in it (2.4C)');
    expect(note.match(/draw/gi)).toHaveLength(1);
  });
});
