/**
 * `mstr-2022` and `mamtr-2024`: multiplayer (Commander-style) pod events, RULES.md section 2. One
 * factory, two variants (variant.ts); each concern lives in its own file.
 */
import { settingsPatchSchema } from '../../event/commands.js';
import { fail } from '../../model/errors.js';
import type { Settings } from '../../model/types.js';
import type { Ruleset } from '../ruleset.js';
import { podNextPlayoffRound, podPlayoff, POD_PLAYOFF_CUTS } from './playoffs.js';
import { podPair } from './pairing.js';
import { validatePodResult } from './results.js';
import { podStandings } from './standings.js';
import { podDraftTimers, podEndOfRound, podRecommendedRounds, podTimeLimits } from './timing.js';
import { MAMTR_2024, MSTR_2022, type PodVariant } from './variant.js';

export const POD_DEFAULTS: Settings = {
  rel: 'regular',
  gamesToWin: 1,
  // RULES 2 "Clock extras": the `format` setting defaults to Commander for both pod rule sets.
  format: 'commander',
  teamSize: 1,
  twoHeadedGiant: false,
  pairWithinDraftPods: true,
  lateEntryRecord: 'loss',
  releaseWeekend: false,
  podSize: 4,
  balanceSeats: false,
};

export function podSettings(variant: PodVariant, input: Partial<Settings>): Settings {
  const parsed = settingsPatchSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail('invalid-settings', `setting ${issue?.path.join('.') || '?'}: ${issue?.message ?? 'invalid'}`);
  }
  const settings: Settings = { ...POD_DEFAULTS, ...(parsed.data as Partial<Settings>) };
  if (settings.podSize < 3 || settings.podSize > 5) fail('invalid-settings', `pod size ${settings.podSize}: pods seat 3 to 5 players`);
  if (settings.teamSize !== 1 || settings.twoHeadedGiant) fail('invalid-settings', `${variant.id} has no team events`);
  if (variant.id === 'mamtr-2024' && settings.endOfRound === 'extra-turns')
    fail('invalid-settings', 'MAMTR 2.4: at time the active player finishes the turn (no extra turns)');
  return settings;
}

function createPodRuleset(variant: PodVariant): Ruleset {
  return {
    id: variant.id,
    title: variant.title,
    family: 'pods',
    terms: { rel: true, document: variant.document },
    tiebreakers: [
      { key: 'mwp', label: 'MWP', description: '(match points − byes × points per win) ÷ (matches played × points per win); byes excluded' },
      { key: 'oamp', label: 'OAMP', description: "mean of the match points of every opponent faced (each pod member, each time)" },
      {
        key: 'omwp',
        label: 'OMWP',
        description: variant.ghostOpponents
          ? "mean of each opponent's MWP (at least 1 ÷ points per win); a smaller pod adds ghost opponents at 1 ÷ points per win"
          : "mean of each opponent's MWP (at least 1 ÷ points per win)",
      },
    ],
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
  };
}

export const mstr2022 = createPodRuleset(MSTR_2022);
export const mamtr2024 = createPodRuleset(MAMTR_2024);
