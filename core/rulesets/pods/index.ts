/**
 * `mstr-2022` and `mamtr-2024`: multiplayer (Commander-style) pod events, RULES.md section 2. One
 * factory for any multiplayer document written in the shape of variant.ts — each document in a file
 * named after it (../mstr-2022.ts, ../mamtr-2024.ts) — and each concern in its own file here.
 */
import { fail } from '../../model/errors.js';
import type { Settings, SettingsInput } from '../../model/types.js';
import type { Ruleset, TiebreakerInfo } from '../ruleset.js';
import { settingsOver, SHARED_DEFAULTS } from '../settings.js';
import { MAMTR_2024 } from '../mamtr-2024.js';
import { MSTR_2022 } from '../mstr-2022.js';
import { podAdvancing, podIsPlayoffFinal, podNextPlayoffRound, podPlayoff, podPlayoffPlanOf, podPlayoffRounds, POD_PLAYOFF_CUTS } from './playoffs.js';
import { podPair } from './pairing.js';
import { podPolicyProblem } from './policies.js';
import { podPresentation } from './presentation.js';
import { podRandomResults } from './random-result.js';
import { podRecommendedRounds } from './recommended-rounds.js';
import { podPenaltyResults } from './penalties.js';
import { checkPodPlayerId, podCheckNoShow, podTableWinner, validatePodResult } from './results.js';
import { podStandings } from './standings.js';
import { podDeckCheckRule, podDraftTimers, podEndOfRound, podTimeLimits } from './timing.js';
import type { PodVariant } from './variant.js';

/** RULES 2 "Clock extras": the `format` setting defaults to Commander for both pod rule sets. */
export const POD_DEFAULTS: Settings = { ...SHARED_DEFAULTS, format: 'commander' };

export function podSettings(variant: PodVariant, input: SettingsInput): Settings {
  const settings = settingsOver(POD_DEFAULTS, input);
  if (settings.podSize < 3 || settings.podSize > 5) fail('invalid-settings', `pod size ${settings.podSize}: pods seat 3 to 5 players`);
  if (settings.teamSize !== 1 || settings.twoHeadedGiant) fail('invalid-settings', `${variant.id} has no team events`);
  const problem = variant.settingsProblem(settings) ?? podPolicyProblem(variant, settings);
  if (problem) fail('invalid-settings', problem);
  return settings;
}

function createPodRuleset(variant: PodVariant): Ruleset {
  const tiebreakers: TiebreakerInfo[] = [
    { key: 'mwp', label: 'MWP', description: '(match points − byes × points per bye) ÷ (matches played × points per win); byes excluded', format: 'percent' },
    { key: 'oamp', label: 'OAMP', description: 'mean of the match points of every opponent faced (each pod member, each time)', format: 'decimal' },
    {
      key: 'omwp',
      label: 'OMWP',
      description: variant.ghostOpponents
        ? "mean of each opponent's MWP (at least 1 ÷ points per win); a smaller pod adds ghost opponents at 1 ÷ points per win"
        : "mean of each opponent's MWP (at least 1 ÷ points per win)",
      format: 'percent',
    },
  ];
  return {
    id: variant.id,
    title: variant.title,
    family: 'pods',
    terms: { rel: true, document: variant.document, ipg: true },
    presentation: podPresentation(variant, tiebreakers),
    tiebreakers,
    playoffCuts: POD_PLAYOFF_CUTS,
    settings: (input) => podSettings(variant, input),
    // Swiss: up to one more than n (RULES 2 Decision: n = 4, 5 players → one pod of 5); 5 players in
    // pods of 3 make one pod of 5 (never a pod under 3, podSizes).
    tableSize: (settings, stage) =>
      stage === 'playoff'
        ? { min: 2, max: 4 }
        : { min: Math.min(2, settings.podSize), max: Math.max(settings.podSize + 1, settings.podSize === 3 ? 5 : 0) },
    validateResult: (table, result, context) => validatePodResult(variant, table, result, context),
    standings: (state) => podStandings(variant, state),
    pair: (state, seed) => podPair(variant, state, seed),
    playoff: (state, options, seed) => podPlayoff(variant, state, options, seed),
    nextPlayoffRound: (state, seed) => podNextPlayoffRound(variant, state, seed),
    timeLimits: (settings, stage) => podTimeLimits(variant, settings, stage),
    endOfRound: (settings, stage) => podEndOfRound(variant, settings, stage),
    recommendedRounds: (input, settings) => podRecommendedRounds(variant, input, settings),
    draftTimers: (settings) => podDraftTimers(variant, settings),
    advancing: (state, _round, table) => podAdvancing(state, table),
    tableWinner: podTableWinner,
    playoffRoundCount: podPlayoffRounds,
    deckCheckRule: podDeckCheckRule,
    isPlayoffFinal: podIsPlayoffFinal,
    playoffPlan: podPlayoffPlanOf,
    describeEndOfRound: (procedure, round) => variant.describeEndOfRound(procedure, round),
    ...(variant.timeUpNote ? { timeUpNote: variant.timeUpNote } : {}),
    checkNewPlayer: checkPodPlayerId,
    checkNoShow: podCheckNoShow,
    penaltyResults: podPenaltyResults,
    randomResults: podRandomResults,
  };
}

export const mstr2022 = createPodRuleset(MSTR_2022);
export const mamtr2024 = createPodRuleset(MAMTR_2024);
