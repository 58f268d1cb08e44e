/**
 * The extensions log's rows, read from the clock (core/clock): every deck check of the round (its
 * start, end, judge, outcome and the time it added) and every table extension (judge pauses,
 * feature matches, others). Times are formatted by the caller, since core has no time zone.
 */
import type { EventState } from '../model/types.js';
import { clockDuration } from '../text/format.js';
import type { ExtensionLogEntry } from './context.js';
import { distinguishedNames } from '../model/person-names.js';

/** Minutes as the log prints them: 1.5 → "1:30", 10 → "10:00", 75 → "75:00" (core/text). */
export function minutesAndSeconds(minutes: number): string {
  return clockDuration(minutes * 60_000, { hours: false, seconds: 'round' });
}

export function extensionLogEntries(state: EventState, round: number | undefined, formatTime: (epochMs: number) => string): ExtensionLogEntry[] {
  const number = round ?? state.rounds[state.rounds.length - 1]?.number;
  const clock = state.clock;
  if (number === undefined || !clock) return [];
  // Two people with the same name are told apart here too (their note or id beside the name).
  const names = distinguishedNames(state.players);
  const seatsOf = (table: number): string[] =>
    state.rounds.find((r) => r.number === number)?.tables.find((t) => t.table === table)?.seats.map((id) => names.get(id) ?? id) ?? [];
  // Whole seconds, as minutes: the log prints them as m:ss.
  const minutes = (ms: number | undefined): number => Math.round((ms ?? 0) / 1000) / 60;

  const entries: ExtensionLogEntry[] = clock.deckChecks
    .filter((check) => check.round === number)
    .map((check) => ({
      table: check.table,
      players: check.players.length > 0 ? check.players.map((id) => names.get(id) ?? id) : seatsOf(check.table),
      judge: check.judge,
      start: formatTime(check.startedAt),
      ...(check.endedAt !== undefined ? { end: formatTime(check.endedAt) } : {}),
      minutes: minutes(check.extensionMs),
      reason: 'deck-check' as const,
      ...(check.outcome ? { note: check.outcome } : { note: check.endedAt === undefined ? 'check in progress' : undefined }),
    }));
  const roundClock = clock.rounds.find((r) => r.round === number);
  for (const extension of roundClock?.extensions ?? []) {
    const note = [extension.reason === 'feature-match' ? 'feature match' : undefined, extension.note].filter(Boolean).join(' — ');
    entries.push({
      table: extension.table,
      players: seatsOf(extension.table),
      start: formatTime(extension.at),
      minutes: minutes(extension.ms),
      reason: extension.reason === 'judge-pause' ? 'judge-pause' : 'other',
      ...(extension.lengthMs !== undefined && extension.reason === 'judge-pause'
        ? { note: `pause of ${minutesAndSeconds(minutes(extension.lengthMs))}${extension.ms === 0 ? ' (one minute or less: no extension)' : ''}${note ? ` — ${note}` : ''}` }
        : note
          ? { note }
          : {}),
    });
  }
  entries.sort((a, b) => a.table - b.table);
  // The round clock's start, for the log's "Start" box (table 0, first).
  if (roundClock) entries.unshift({ table: 0, players: [], start: formatTime(roundClock.startedAt), minutes: 0, reason: 'round-start' });
  return entries;
}
