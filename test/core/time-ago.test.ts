/** core/text/format.ts timeAgo: how long ago a device was last seen, in the largest whole unit. */
import { describe, expect, it } from 'vitest';
import { timeAgo } from '../../core/text/format.js';

const NOW = Date.UTC(2026, 4, 1, 14, 0, 0);
const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe('timeAgo', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(timeAgo(NOW, NOW)).toBe('now');
    expect(timeAgo(NOW - 9 * S, NOW)).toBe('now');
    expect(timeAgo(NOW - 45 * S, NOW)).toBe('45 seconds ago');
    expect(timeAgo(NOW - 60 * S, NOW)).toBe('1 minute ago');
    expect(timeAgo(NOW - 5 * M - 59 * S, NOW)).toBe('5 minutes ago');
    expect(timeAgo(NOW - 2 * H - 10 * M, NOW)).toBe('2 hours ago');
    expect(timeAgo(NOW - 25 * H, NOW)).toBe('yesterday');
    expect(timeAgo(NOW - 72 * H, NOW)).toBe('3 days ago');
    expect(timeAgo(new Date(NOW - 3 * M), new Date(NOW))).toBe('3 minutes ago');
  });

  it('takes a moment a little after now (two clocks apart) for now', () => {
    expect(timeAgo(NOW + 4 * S, NOW)).toBe('now');
  });

  it('speaks another locale when given one', () => {
    expect(timeAgo(NOW - 5 * M, NOW, { locale: 'fr' })).toBe('il y a 5 minutes');
  });
});
