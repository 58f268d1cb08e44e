/**
 * Text in one place: counts with their nouns, ordinals, lists of names, names isolated in a sentence, wall-clock times, calendar days, date stamps and
 * lengths of time, through the JavaScript built-in `Intl` (PluralRules, ListFormat, NumberFormat,
 * DateTimeFormat) — for the engine's messages, the printed documents, the host, the command line
 * and the station's screens.
 *
 * Pure: no clock, no I/O. A time is given (epoch ms or a Date); it is shown in `timeZone` when one
 * is given, else in the runtime's own zone — the host's for the host and the command line, the
 * browser's for a window, as the floor reads its wall clock. Podium speaks English: the locale is
 * `en` unless one is given.
 */

export const DEFAULT_LOCALE = 'en';

export interface TextOptions {
  /** A BCP 47 locale ("en", "en-GB"); default `en`. */
  locale?: string;
}

export interface TimeOptions extends TextOptions {
  /** An IANA time zone ("Europe/Paris"); default the runtime's own. */
  timeZone?: string;
}

// Intl's constructors are slow next to format(): one of each per locale (and zone).
const cache = new Map<string, unknown>();
function cached<T>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

const pluralRules = (locale: string): Intl.PluralRules => cached(`plural|${locale}`, () => new Intl.PluralRules(locale));
const ordinalRules = (locale: string): Intl.PluralRules => cached(`ordinal|${locale}`, () => new Intl.PluralRules(locale, { type: 'ordinal' }));
const andFormat = (locale: string): Intl.ListFormat => cached(`and|${locale}`, () => new Intl.ListFormat(locale, { type: 'conjunction' }));
const grouped = (locale: string): Intl.NumberFormat => cached(`grouped|${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }));
const twoDigits = (locale: string): Intl.NumberFormat =>
  cached(`two|${locale}`, () => new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false }));

// ---------------------------------------------------------------------------------------------
// Counts

export interface CountOptions extends TextOptions {
  /** Digits in groups ("1,024 players"), as printed documents show counts; default plain ("1024"). */
  grouping?: boolean;
}

/** The word for `count` of something: `one` for one ("has"), else `many` ("have"). */
export function pluralWord(count: number, one: string, many: string, options: TextOptions = {}): string {
  return pluralRules(options.locale ?? DEFAULT_LOCALE).select(count) === 'one' ? one : many;
}

/** "1 table", "3 tables", "2 late entries" (give `many` where adding an s is wrong). */
export function plural(count: number, one: string, many = `${one}s`, options: CountOptions = {}): string {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const number = options.grouping ? grouped(locale).format(count) : String(count);
  return `${number} ${pluralWord(count, one, many, options)}`;
}

const ORDINAL_SUFFIX: Readonly<Record<string, string>> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** "1st", "2nd", "3rd", "4th", "11th", "22nd": English suffixes, chosen by English's ordinal rules. */
export function ordinal(n: number): string {
  return `${n}${ORDINAL_SUFFIX[ordinalRules(DEFAULT_LOCALE).select(n)] ?? 'th'}`;
}

// ---------------------------------------------------------------------------------------------
// Lists and names in a sentence

/**
 * The locale of a list without one given: British English, whose lists have no serial comma ("Ana,
 * Bo and Cy"), as Podium's sentences have always been written (`en` would write "Bo, and Cy").
 */
const LIST_LOCALE = 'en-GB';

/** "Ana", "Ana and Bo", "Ana, Bo and Cy". */
export function andList(items: readonly string[], options: TextOptions = {}): string {
  return andFormat(options.locale ?? LIST_LOCALE).format(items);
}

/**
 * A name inside plain text (a message, a title, a sentence built as a string): wrapped in FIRST
 * STRONG ISOLATE … POP DIRECTIONAL ISOLATE, the plain-text form of <bdi>, so a right-to-left name
 * cannot reorder the words after it ("Table 3: אבי כהן wins 2–0").
 */
export function isolate(name: string): string {
  return `\u2068${name}\u2069`;
}

// ---------------------------------------------------------------------------------------------
// Wall-clock times

export interface WallClockOptions extends TimeOptions {
  /** "14:05:09": with the seconds, where events a few seconds apart must be told apart (the event log). */
  seconds?: boolean;
}

const timeFormat = (options: WallClockOptions): Intl.DateTimeFormat => {
  const locale = options.locale ?? DEFAULT_LOCALE;
  return cached(`time|${locale}|${options.timeZone ?? ''}|${options.seconds ? 's' : ''}`, () =>
    new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      ...(options.seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    }),
  );
};

export interface DateOptions extends TimeOptions {
  /** "Fri, May 1, 2026": the day of the week first. */
  weekday?: boolean;
  /** false: "May 1", where the year goes without saying. Default true. */
  year?: boolean;
}

const dateFormat = (options: DateOptions): Intl.DateTimeFormat => {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const year = options.year !== false;
  return cached(`date|${locale}|${options.timeZone ?? ''}|${options.weekday ? 'w' : ''}|${year ? 'y' : ''}`, () =>
    new Intl.DateTimeFormat(locale, {
      ...(options.weekday ? { weekday: 'short' } : {}),
      day: 'numeric',
      month: 'short',
      ...(year ? { year: 'numeric' } : {}),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    }),
  );
};

const stampFormat = (options: TimeOptions): Intl.DateTimeFormat => {
  const locale = options.locale ?? DEFAULT_LOCALE;
  return cached(`stamp|${locale}|${options.timeZone ?? ''}`, () =>
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    }),
  );
};

/** "14:05" (or "14:05:09"): a wall time on a 24-hour clock, as the floor says it. */
export function wallClock(time: number | Date, options: WallClockOptions = {}): string {
  return timeFormat(options).format(time);
}

/** "May 1, 2026", "Fri, May 1, 2026", "May 1": a day on the calendar, the month in words, for people to read. */
export function calendarDate(time: number | Date, options: DateOptions = {}): string {
  return dateFormat(options).format(time);
}

/** "Fri, May 1, 2026, 14:05": a day and a wall time on it, for a moment that may be days ago. */
export function dayAndTime(time: number | Date, options: WallClockOptions = {}): string {
  return `${calendarDate(time, { ...options, weekday: true })}, ${wallClock(time, options)}`;
}

/** "2026-05-01 14:05": the date and time printed on documents (year first, whatever the locale). */
export function dateTimeStamp(time: number | Date, options: TimeOptions = {}): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of stampFormat(options).formatToParts(time)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

// ---------------------------------------------------------------------------------------------
// Lengths of time

export interface DurationOptions extends TextOptions {
  /** The sign before a negative length: "−" (U+2212, default, for people) or "-" (plain text). */
  minus?: string;
  /** Past an hour: "1:05:09" (default) or minutes only ("65:09", as the extensions log counts). */
  hours?: boolean;
  /** Whole seconds by cutting off (default: a clock never shows a second before it is over) or rounding. */
  seconds?: 'floor' | 'round';
}

/** "49:05", "1:05:09", "−2:10": a length of time as a clock shows it. */
export function clockDuration(ms: number, options: DurationOptions = {}): string {
  const two = twoDigits(options.locale ?? DEFAULT_LOCALE);
  const whole = options.seconds === 'round' ? Math.round : Math.floor;
  const total = whole(Math.abs(ms) / 1000);
  const sign = ms < 0 ? (options.minus ?? '\u2212') : '';
  const hours = options.hours === false ? 0 : Math.floor(total / 3600);
  const minutes = Math.floor((total - hours * 3600) / 60);
  const seconds = two.format(total % 60);
  return hours > 0 ? `${sign}${hours}:${two.format(minutes)}:${seconds}` : `${sign}${minutes}:${seconds}`;
}

// ---------------------------------------------------------------------------------------------
// How long ago

const relativeFormat = (locale: string): Intl.RelativeTimeFormat =>
  cached(`relative|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));

/**
 * "now", "45 seconds ago", "5 minutes ago", "2 hours ago", "yesterday", "3 days ago": how long
 * before `now` a moment was, in the largest whole unit (a device's "last seen"). A moment after
 * `now` (two clocks a little apart) is "now".
 */
export function timeAgo(then: number | Date, now: number | Date, options: TextOptions = {}): string {
  const format = relativeFormat(options.locale ?? DEFAULT_LOCALE);
  const seconds = Math.max(0, Math.floor((Number(now) - Number(then)) / 1000));
  if (seconds < 10) return format.format(0, 'second');
  if (seconds < 60) return format.format(-seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}
