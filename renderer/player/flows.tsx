/**
 * The screens that take a result — reporting it, confirming or disputing it — with the rule set's
 * own code (its result form, reading and checks: core/rulesets). The page loads this part only when
 * a player may report (flows-loader.ts), so the first screen a phone shows carries none of it.
 */
import type { RulesetId } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import type { Ruleset } from '../../core/rulesets/ruleset.js';

export { Confirm } from './Confirm.js';
export { Report } from './Report.js';

/** The event's rule set, or null when this page does not know it (a newer host). */
export function rulesetOf(id: RulesetId): Ruleset | null {
  try {
    return getRuleset(id);
  } catch {
    return null;
  }
}
