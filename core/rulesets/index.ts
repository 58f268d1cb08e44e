/**
 * The front door to core/rulesets/ with ruleset.ts (the interface): the rule-set registry (one id,
 * one rule set, registry.ts). Also what every rule set shares: the final standings after a playoff, and the
 * announced number of Swiss rounds with MTR 10.2's variable number (announced-rounds.ts).
 */
export { availableRulesets, getRuleset, isRulesetId, registerRuleset } from './registry.js';
export { finalStandings, playoffFinishLabel } from './final-standings.js';
export { announcedRounds, announcementProblem, criterionWords, describeAnnouncement, type AnnouncedRounds, type RoundsCriterion } from './announced-rounds.js';
// Only for test/host/save-fixtures.ts, which imports it from core/simulate.ts: once it imports
// ./mtr/random-result.ts itself, this line and simulate.ts's re-export go.
export { headToHeadResult } from './mtr/random-result.js';
