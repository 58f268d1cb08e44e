/**
 * The event log reads the one entry no window is sent — the drawing of the claim secret, which
 * arrives as `withheld` (core/api/views.ts) — in words, rather than failing on it.
 */
import { describe, expect, it } from 'vitest';
import { commandFor } from '../../core/api/views.js';
import { describeJournal, WITHHELD_WORDS } from '../../core/event/describe.js';

describe('the event log and the withheld claim secret', () => {
  it('describes the withheld entry in words, not undoable, between the others', () => {
    const create = { type: 'create-event' as const, id: 'e', name: 'Log Cup', ruleset: 'mtr' as const, settings: {}, seed: 1, createdAt: '2026-01-01T10:00:00.000Z' };
    const withheld = commandFor('local', { type: 'draw-claim-key', claimKey: 'ab'.repeat(16) });
    expect(withheld).toEqual({ type: 'withheld' });
    const rows = describeJournal(
      [
        { seq: 0, at: '2026-01-01T10:00:00.000Z', station: 's', command: create },
        { seq: 1, at: '2026-01-01T10:01:00.000Z', station: 's', command: withheld as { type: 'withheld' } },
        { seq: 2, at: '2026-01-01T10:02:00.000Z', station: 's', command: { type: 'register-player', player: { id: 'p1', name: 'Ana Archer' }, draw: 0 } },
      ],
      null,
    );
    expect(rows.map((r) => r.seq)).toEqual([0, 1, 2]);
    expect(rows[1]).toMatchObject({ kind: 'event', what: WITHHELD_WORDS, undoable: false });
    expect(JSON.stringify(rows)).not.toContain('abab');
  });
});
