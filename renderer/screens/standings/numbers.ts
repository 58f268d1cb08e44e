/** How the standings screens write tiebreakers and the numbers in their formulas. */
import type { Ruleset } from '../../../core/rulesets/ruleset.js';

/** Tiebreakers shown as percentages (2 decimals); the others are plain numbers. */
const PERCENT_KEYS = new Set(['omw', 'gw', 'ogw', 'mwp', 'omwp']);
/** Tiebreakers that are whole numbers (Lightseekers VP, longevity, best VP). */
const INTEGER_KEYS = new Set(['vp', 'longevity', 'bestVp']);

/** A tiebreaker as the standings table shows it: 66.67%, 12.50 (OAMP), 23 (VP). */
export function formatTiebreaker(key: string, value: number | undefined, options: { teams?: boolean } = {}): string {
  if (value === undefined || Number.isNaN(value)) return '—';
  // MTR App. C: team events do not use game points; the rule set reports 0 there.
  if (options.teams && (key === 'gw' || key === 'ogw')) return '—';
  if (PERCENT_KEYS.has(key)) return `${(value * 100).toFixed(2)}%`;
  if (INTEGER_KEYS.has(key)) return String(Math.round(value));
  return value.toFixed(2);
}

/** A number in a formula: up to 3 decimals, no trailing zeros (0.667, 0.33, 0.5, 12). */
export function num(value: number, decimals = 3): string {
  if (!Number.isFinite(value)) return '—';
  const fixed = value.toFixed(decimals);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

/** What the points column is called for a rule set. */
export function pointsLabel(ruleset: Ruleset): string {
  return ruleset.family === 'lightseekers' ? 'Wins' : 'Points';
}
