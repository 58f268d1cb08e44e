/** How the station writes times, numbers and names (times and counts: core/text/format.ts). */
import { clockDuration, isolate } from '../../core/text/format.js';

export { plural, pluralWord } from '../../core/text/format.js';

/** 49:05, or −2:10 past time; hours when needed. */
export function formatClock(ms: number): string {
  return clockDuration(ms);
}

/** 0.6234 → "62.34%". */
export function percent(value: number): string {
  return `${(value * 100).toFixed(2)}%`;
}

// A name inside plain text (a toast, a title, an option): the plain-text form of <bdi>
// (components/Name.tsx), as the engine's words set it (core/text).
export { isolate } from '../../core/text/format.js';

/**
 * A message from the engine with the names in it isolated (pairing warnings name their players; the
 * engine writes plain text, also for the command line). Longest names first, each occurrence once.
 */
export function isolateNames(text: string, names: readonly string[]): string {
  const wanted = [...new Set(names.filter((n) => n !== ''))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return text;
  const pattern = new RegExp(wanted.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return text.replace(pattern, (found) => isolate(found));
}

/** "the name … contains …" → "The name … contains ….": an engine phrase as a sentence of its own. */
export function sentence(phrase: string): string {
  const text = phrase.charAt(0).toUpperCase() + phrase.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
