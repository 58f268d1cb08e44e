/** The rule-set registry: one id, one rule set. */
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

export function getRuleset(id: string): Ruleset {
  if (!isRulesetId(id)) fail('unknown-ruleset', `unknown rule set "${id}" (known: ${RULESET_IDS.join(', ')})`);
  const ruleset = available[id];
  if (!ruleset) fail('unknown-ruleset', `rule set "${id}" is not available in this version of Podium yet`);
  return ruleset;
}

export function availableRulesets(): Ruleset[] {
  return Object.values(available);
}
