/**
 * The rule-set registry: one id, one rule set. Reached through index.ts; a file of its own so that
 * what every rule set shares (final-standings.ts) can find the event's rule set without importing
 * index.ts, which re-exports it.
 */
import { fail } from '../model/errors.js';
import { RULESET_IDS, type RulesetId } from '../model/types.js';
import { lightseekersCasual, lightseekersCompetitive, lightseekersLarge } from './lightseekers/index.js';
import { mtr } from './mtr/index.js';
import { mamtr2024, mstr2022 } from './pods/index.js';
import type { Ruleset } from './ruleset.js';

const available: Partial<Record<RulesetId, Ruleset>> = {
  mtr,
  'mstr-2022': mstr2022,
  'mamtr-2024': mamtr2024,
  'lightseekers-casual': lightseekersCasual,
  'lightseekers-competitive': lightseekersCompetitive,
  'lightseekers-large': lightseekersLarge,
};

export function isRulesetId(id: string): id is RulesetId {
  return (RULESET_IDS as readonly string[]).includes(id);
}

/** Rule sets added at run time (registerRuleset): found by id like the built-in ones. */
const registered = new Map<string, Ruleset>();

/**
 * Add a rule set at run time under its id (a test's own rule set: everything the screens need comes
 * through the Ruleset interface, so they show it without a change). Returns its removal. Built-in
 * rule sets are the `available` ones above; saves, transcripts and commands name those only.
 */
export function registerRuleset(ruleset: Ruleset): () => void {
  if (isRulesetId(ruleset.id) || registered.has(ruleset.id)) fail('invalid-input', `a rule set "${ruleset.id}" is already known`);
  registered.set(ruleset.id, ruleset);
  return () => {
    registered.delete(ruleset.id);
  };
}

export function getRuleset(id: string): Ruleset {
  const added = registered.get(id);
  if (added) return added;
  if (!isRulesetId(id)) fail('unknown-ruleset', `unknown rule set "${id}" (known: ${RULESET_IDS.join(', ')})`);
  const ruleset = available[id];
  if (!ruleset) fail('unknown-ruleset', `rule set "${id}" is not available in this version of Podium yet`);
  return ruleset;
}

/** The built-in rule sets. */
export function availableRulesets(): Ruleset[] {
  return Object.values(available);
}
