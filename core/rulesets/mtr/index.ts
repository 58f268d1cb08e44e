/**
 * `mtr`: Magic: The Gathering Tournament Rules (effective August 21, 2023), head-to-head Swiss and
 * single-elimination playoffs, as RULES.md section 1 reads them. Each concern lives in its own file.
 */
import { fail } from '../../model/errors.js';
import type { Settings, SettingsInput } from '../../model/types.js';
import type { Ruleset, TiebreakerInfo } from '../ruleset.js';
import { settingsOver, SHARED_DEFAULTS } from '../settings.js';
import { mtrPair } from './pairing.js';
import { mtrAdvancing, mtrBracketOrder, mtrIsPlayoffFinal, mtrNextPlayoffRound, mtrPlayoff, mtrPlayoffRounds } from './playoffs.js';
import { mtrPenaltyResults } from './penalties.js';
import { mtrPresentation } from './presentation.js';
import { mtrRandomResults } from './random-result.js';
import { mtrCheckNoShow, mtrTableWinner, validateMtrResult } from './results.js';
import { mtrStandings } from './standings.js';
import { MTR_DECK_CHECK_RULE, mtrDescribeEndOfRound, mtrDraftTimers, mtrEndOfRound, mtrRecommendedRounds, mtrTimeLimits } from './timing.js';

/** Matches of two, best of three by default. */
export const MTR_DEFAULTS: Settings = { ...SHARED_DEFAULTS, gamesToWin: 2, podSize: 2 };

export function mtrSettings(input: SettingsInput): Settings {
  const { podSize: _ignored, ...patch } = input;
  const settings: Settings = { ...settingsOver(MTR_DEFAULTS, patch), podSize: 2 };
  // RULES 2: Commander (and its +4-minute deck check, X.5A) is a format of the pod rule sets.
  if (settings.format === 'commander')
    fail('invalid-settings', 'format commander: Commander events are multiplayer pods (mstr-2022 or mamtr-2024); the MTR formats are constructed, sealed and draft');
  if (settings.twoHeadedGiant) {
    // MTR 9: a 2HG team is one competitor of two, and its matches are one game.
    if (input.teamSize !== undefined && input.teamSize !== 2) fail('invalid-settings', 'Two-Headed Giant teams have 2 players');
    settings.teamSize = 2;
    if (input.gamesToWin !== undefined && input.gamesToWin !== 1) fail('invalid-settings', 'Two-Headed Giant matches are one game');
    settings.gamesToWin = 1;
  }
  // MTR 7.6: only at Regular REL may the organiser pair across draft pods.
  if (!settings.pairWithinDraftPods && settings.rel !== 'regular')
    fail('invalid-settings', 'pairing across draft pods is only allowed at Regular REL (MTR 7.6)');
  return settings;
}

const MTR_TIEBREAKERS: TiebreakerInfo[] = [
  { key: 'omw', label: 'OMW%', description: "mean of each opponent's match-win percentage (each at least 0.33); byes ignored", format: 'percent' },
  { key: 'gw', label: 'GW%', description: 'game points ÷ (3 × games played), at least 0.33', format: 'percent' },
  { key: 'ogw', label: 'OGW%', description: "mean of each opponent's game-win percentage (each at least 0.33); byes ignored", format: 'percent' },
];

export const mtr: Ruleset = {
  id: 'mtr',
  title: 'Magic: The Gathering Tournament Rules (head-to-head)',
  family: 'head-to-head',
  terms: { rel: true, document: 'MTR', ipg: true },
  presentation: mtrPresentation(MTR_TIEBREAKERS),
  tiebreakers: MTR_TIEBREAKERS,
  playoffCuts: [2, 4, 8],
  settings: mtrSettings,
  tableSize: () => ({ min: 2, max: 2 }),
  validateResult: validateMtrResult,
  standings: mtrStandings,
  pair: mtrPair,
  playoff: mtrPlayoff,
  nextPlayoffRound: mtrNextPlayoffRound,
  timeLimits: mtrTimeLimits,
  endOfRound: mtrEndOfRound,
  recommendedRounds: mtrRecommendedRounds,
  draftTimers: mtrDraftTimers,
  advancing: mtrAdvancing,
  tableWinner: mtrTableWinner,
  playoffRoundCount: mtrPlayoffRounds,
  deckCheckRule: () => MTR_DECK_CHECK_RULE,
  isPlayoffFinal: mtrIsPlayoffFinal,
  bracketOrder: mtrBracketOrder,
  describeEndOfRound: mtrDescribeEndOfRound,
  checkNoShow: mtrCheckNoShow,
  penaltyResults: mtrPenaltyResults,
  randomResults: mtrRandomResults,
};
