/** Text in one place (core/text/format.ts): counts, wall times, stamps and lengths of time through Intl. */
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../core/clock/index.js';
import { minutesAndSeconds } from '../../core/documents/extension-entries.js';
import { plural as documentPlural } from '../../core/documents/round-facts.js';
import { andList, calendarDate, clockDuration, dateTimeStamp, dayAndTime, isolate, ordinal, plural, pluralWord, wallClock } from '../../core/text/format.js';
import { formatClock, plural as screenPlural } from '../../renderer/lib/format.js';

describe('ordinals, lists and names in a sentence', () => {
  it('ordinals by the ordinal rules', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 1000].map((n) => ordinal(n))).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th', '112th', '1000th']);
  });

  it('lists without a serial comma, as Podium has always written them', () => {
    expect(andList([])).toBe('');
    expect(andList(['Ana'])).toBe('Ana');
    expect(andList(['Ana', 'Bo'])).toBe('Ana and Bo');
    expect(andList(['Ana', 'Bo', 'Cy'])).toBe('Ana, Bo and Cy');
    expect(andList(['Ana', 'Bo', 'Cy'], { locale: 'en-US' })).toBe('Ana, Bo, and Cy');
  });

  it('a name isolated from the words around it', () => {
    expect(isolate('אבי כהן')).toBe('\u2068אבי כהן\u2069');
  });
});

describe('counts', () => {
  it('one and many, by the plural rules of the locale', () => {
    expect(plural(1, 'table')).toBe('1 table');
    expect(plural(0, 'table')).toBe('0 tables');
    expect(plural(3, 'late entry', 'late entries')).toBe('3 late entries');
    expect(plural(1024, 'player')).toBe('1024 players');
    expect(plural(1024, 'player', undefined, { grouping: true })).toBe('1,024 players');
    expect(pluralWord(1, 'has', 'have')).toBe('has');
    expect(pluralWord(2, 'has', 'have')).toBe('have');
  });

  it('the documents group digits; the screens do not', () => {
    expect(documentPlural(4096, 'player')).toBe('4,096 players');
    expect(screenPlural(4096, 'player')).toBe('4096 players');
  });
});

describe('times', () => {
  const t = Date.UTC(2026, 4, 1, 7, 5, 59);
  it('a 24-hour wall time and a stamp, in the zone given (else the runtime\'s)', () => {
    expect(wallClock(t, { timeZone: 'UTC' })).toBe('07:05');
    expect(wallClock(t, { timeZone: 'Asia/Tokyo' })).toBe('16:05');
    expect(wallClock(Date.UTC(2026, 4, 1, 0, 0), { timeZone: 'UTC' })).toBe('00:00');
    expect(dateTimeStamp(t, { timeZone: 'UTC' })).toBe('2026-05-01 07:05');
    expect(dateTimeStamp(t, { timeZone: 'America/Los_Angeles' })).toBe('2026-05-01 00:05');
    const local = new Date(t);
    const two = (n: number) => String(n).padStart(2, '0');
    expect(wallClock(t)).toBe(`${two(local.getHours())}:${two(local.getMinutes())}`);
  });

  it('with the seconds, still on a 24-hour clock (the event log)', () => {
    expect(wallClock(t, { timeZone: 'UTC', seconds: true })).toBe('07:05:59');
    expect(wallClock(Date.UTC(2026, 4, 1, 19, 0, 3), { timeZone: 'UTC', seconds: true })).toBe('19:00:03');
    // The option has its own formatter: asking for seconds once does not add them to plain times.
    expect(wallClock(t, { timeZone: 'UTC' })).toBe('07:05');
  });

  it('a calendar day in words, with or without the year and the weekday, and a day with its time', () => {
    expect(calendarDate(t, { timeZone: 'UTC' })).toBe('May 1, 2026');
    expect(calendarDate(t, { timeZone: 'UTC', year: false })).toBe('May 1');
    expect(calendarDate(t, { timeZone: 'UTC', weekday: true })).toBe('Fri, May 1, 2026');
    expect(calendarDate(t, { timeZone: 'Pacific/Kiritimati' })).toBe('May 1, 2026');
    expect(calendarDate(t, { timeZone: 'America/Los_Angeles' })).toBe('May 1, 2026');
    expect(calendarDate(Date.UTC(2026, 4, 1, 3, 0), { timeZone: 'America/Los_Angeles' })).toBe('Apr 30, 2026');
    expect(calendarDate(t, { timeZone: 'UTC', locale: 'en-GB' })).toBe('1 May 2026');
    expect(dayAndTime(Date.UTC(2026, 4, 1, 14, 5, 9), { timeZone: 'UTC' })).toBe('Fri, May 1, 2026, 14:05');
    expect(dayAndTime(Date.UTC(2026, 4, 1, 14, 5, 9), { timeZone: 'UTC', seconds: true })).toBe('Fri, May 1, 2026, 14:05:09');
  });
});

describe('lengths of time', () => {
  it('as a clock shows them', () => {
    expect(clockDuration(49 * 60_000 + 5_999)).toBe('49:05');
    expect(clockDuration(3_909_000)).toBe('1:05:09');
    expect(clockDuration(-130_000)).toBe('−2:10');
    expect(clockDuration(-30_000, { minus: '-' })).toBe('-0:30');
    expect(clockDuration(75 * 60_000, { hours: false })).toBe('75:00');
    expect(clockDuration(89_600, { seconds: 'round' })).toBe('1:30');
  });

  it('is what the clock, the extensions log and the screens print', () => {
    expect(formatDuration(247_000)).toBe('4:07');
    expect(formatDuration(-30_000)).toBe('-0:30');
    expect(minutesAndSeconds(1.5)).toBe('1:30');
    expect(minutesAndSeconds(10)).toBe('10:00');
    expect(minutesAndSeconds(-0.5)).toBe('−0:30');
    expect(formatClock(2_945_000)).toBe('49:05');
    expect(formatClock(-130_000)).toBe('−2:10');
  });
});
