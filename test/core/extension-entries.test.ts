import { describe, expect, it } from 'vitest';
import { extensionLogEntries } from '../../core/documents/index.js';
import { Event, at } from '../support/clock.js';

const hhmm = (ms: number): string => new Date(ms).toISOString().slice(11, 16);

describe('the extensions log reads the clock', () => {
  it('lists the round’s deck checks and judge pauses with the time they added (MTR: check + 3 minutes)', () => {
    const event = new Event('mtr');
    const ids = event.register(8);
    event.pair(1, ids, 2);
    event.run(
      { type: 'start-round-clock', round: 1, at: at(0) },
      { type: 'start-deck-check', round: 1, table: 2, judge: 'Jo Judge', at: at(10) },
      { type: 'end-deck-check', round: 1, table: 2, at: at(17), outcome: 'no issues' },
      { type: 'extend-table', round: 1, table: 4, reason: 'judge-pause', seconds: 90, at: at(20) },
      { type: 'extend-table', round: 1, table: 3, reason: 'judge-pause', seconds: 45, at: at(21) },
    );
    const all = extensionLogEntries(event.state, 1, hhmm);
    // The round clock's start comes first, for the log's Start box (not a row).
    expect(all[0]).toMatchObject({ table: 0, reason: 'round-start', start: '10:00' });
    const entries = all.slice(1);
    expect(entries.map((e) => [e.table, e.reason, e.minutes])).toEqual([
      [2, 'deck-check', 10],
      [3, 'judge-pause', 0],
      [4, 'judge-pause', 1.5],
    ]);
    expect(entries[0]).toMatchObject({ judge: 'Jo Judge', start: '10:10', end: '10:17', note: 'no issues', players: ['Player 03', 'Player 04'] });
    expect(entries[1]!.note).toMatch(/one minute or less: no extension/);
    expect(extensionLogEntries(event.state, 2, hhmm)).toEqual([]);
  });

  it('Commander deck checks add 4 minutes (MAMTR)', () => {
    const event = new Event('mamtr-2024');
    const ids = event.register(8);
    event.pair(1, ids, 4);
    event.run(
      { type: 'start-round-clock', round: 1, at: at(0) },
      { type: 'start-deck-check', round: 1, table: 1, judge: 'Ana', at: at(5) },
      { type: 'end-deck-check', round: 1, table: 1, at: at(11) },
    );
    expect(extensionLogEntries(event.state, undefined, hhmm)[1]).toMatchObject({ table: 1, minutes: 10, reason: 'deck-check' });
  });
});
