/**
 * `lightseekers-casual`, `lightseekers-competitive` and `lightseekers-large`: the Lightseekers TCG
 * multiplayer structures, RULES.md section 3 (seeds/004). One factory, three variants (variant.ts);
 * each concern lives in its own file: results.ts (the game result, winner, runner-up, longevity),
 * tables.ts (the seed's casual table, table sizes, groups), pairing.ts (random seats, no target
 * twice, groups), standings.ts, playoffs.ts (final tables, grand final), timing.ts.
 */
import { fail } from '../../model/errors.js';
import type { EventState, PlayerId, Round, Settings, SettingsInput, Table } from '../../model/types.js';
import type { Ruleset, TiebreakerInfo } from '../ruleset.js';
import { settingsOver, SHARED_DEFAULTS } from '../settings.js';
import { lightseekersPair } from './pairing.js';
import { lightseekersNextPlayoffRound, lightseekersPlayoff, lightseekersPlayoffCuts, lightseekersPlayoffRounds } from './playoffs.js';
import { lightseekersRandomResults } from './random-result.js';
import { gameOutcome, isLightseekersResult, lightseekersFinishingOrder, lightseekersTableWinner, validateLightseekersResult } from './results.js';
import { lightseekersPresentation } from './presentation.js';
import { grandFinalPerGroup } from './tables.js';
import { checkTieDecision, lightseekersStandings } from './standings.js';
import { LIGHTSEEKERS_DECK_CHECK_RULE, lightseekersDescribeEndOfRound, lightseekersEndOfRound, lightseekersRecommendedRounds, lightseekersTimeLimits } from './timing.js';
import { LIGHTSEEKERS_CASUAL, LIGHTSEEKERS_COMPETITIVE, LIGHTSEEKERS_LARGE, type LightseekersVariant } from './variant.js';

/** No draft pods in Lightseekers. */
export const LIGHTSEEKERS_DEFAULTS: Settings = { ...SHARED_DEFAULTS, pairWithinDraftPods: false };

export function lightseekersSettings(variant: LightseekersVariant, input: SettingsInput): Settings {
  const settings = settingsOver(LIGHTSEEKERS_DEFAULTS, input);
  if (settings.teamSize !== 1 || settings.twoHeadedGiant) fail('invalid-settings', `${variant.id} has no team events`);
  if (settings.gamesToWin !== 1) fail('invalid-settings', `${variant.id}: each round is one game (gamesToWin 1)`);
  return settings;
}

/** Large events: every Swiss table inside one group, every seated player in a group. */
function checkLargeRound(state: EventState, round: Round): void {
  if (round.stage !== 'swiss') return;
  const players = new Map(state.players.map((p) => [p.id, p]));
  for (const table of round.tables) {
    let group: number | undefined;
    for (const id of table.seats) {
      const player = players.get(id);
      const g = player?.group;
      if (g === undefined)
        fail('invalid-input', `round ${round.number}, table ${table.table}: ${player?.name ?? id} (${id}) has no group; a lightseekers-large round records its groups ("groups") when it draws them`);
      if (group === undefined) group = g;
      else if (g !== group)
        fail('invalid-input', `round ${round.number}, table ${table.table} mixes group ${group} and group ${g} (${player?.name ?? id}): each group of a large event plays apart`);
    }
  }
}

const LIGHTSEEKERS_TIEBREAKERS: TiebreakerInfo[] = [
  { key: 'vp', label: 'VP', description: 'Victory Points scored in all games', format: 'integer' },
  { key: 'longevity', label: 'Longevity', description: 'in each game one point for every player defeated before them, summed', format: 'integer' },
  { key: 'bestVp', label: 'Best VP', description: 'the most Victory Points scored in a single game', format: 'integer' },
];

/**
 * The players a finished playoff table sends on: its winner; a large event's group finals with 2–3
 * groups send their runner-up to the grand final too (tables.ts grandFinalPerGroup).
 */
function advancing(variant: LightseekersVariant, state: EventState, round: Round, table: Table): PlayerId[] | null {
  const result = table.result;
  if (!isLightseekersResult(result)) return null;
  try {
    const outcome = gameOutcome(result, table.seats);
    const first = state.rounds.find((r) => r.stage === 'playoff');
    const groupFinals = variant.structure === 'large' && round.number === first?.number && round.tables.length > 1;
    return outcome.order.slice(0, groupFinals ? grandFinalPerGroup(round.tables.length) : 1);
  } catch {
    return null;
  }
}

function createLightseekersRuleset(variant: LightseekersVariant): Ruleset {
  const ruleset: Ruleset = {
    id: variant.id,
    title: variant.title,
    family: 'lightseekers',
    // seeds/004 has no enforcement levels and is not a Magic document: nothing to show or cite.
    terms: { rel: false, document: null, ipg: false },
    presentation: lightseekersPresentation(variant, LIGHTSEEKERS_TIEBREAKERS),
    tiebreakers: LIGHTSEEKERS_TIEBREAKERS,
    playoffCuts: lightseekersPlayoffCuts(variant),
    settings: (input) => lightseekersSettings(variant, input),
    tableSize: (_settings, stage) => (stage === 'playoff' ? { min: 2, max: variant.maxFinalTable } : { min: 3, max: variant.maxRoundTable }),
    validateResult: (table, result, context) => validateLightseekersResult(table, result, context),
    standings: (state) => lightseekersStandings(variant, state),
    checkTieDecision: (state, players) => checkTieDecision(variant, state, players),
    pair: (state, seed) => lightseekersPair(variant, state, seed),
    playoff: (state, options, seed) => lightseekersPlayoff(variant, state, options, seed),
    nextPlayoffRound: (state, seed) => lightseekersNextPlayoffRound(variant, state, seed),
    timeLimits: (settings, stage) => lightseekersTimeLimits(variant, settings, stage),
    endOfRound: (settings, stage) => lightseekersEndOfRound(variant, settings, stage),
    recommendedRounds: (input, settings) => lightseekersRecommendedRounds(variant, input, settings),
    advancing: (state, round, table) => advancing(variant, state, round, table),
    tableWinner: lightseekersTableWinner,
    finishingOrder: lightseekersFinishingOrder,
    playoffRoundCount: (state) => lightseekersPlayoffRounds(variant, state),
    deckCheckRule: () => LIGHTSEEKERS_DECK_CHECK_RULE,
    describeEndOfRound: lightseekersDescribeEndOfRound,
    randomResults: lightseekersRandomResults,
  };
  if (variant.structure === 'large') ruleset.checkRound = checkLargeRound;
  return ruleset;
}

export const lightseekersCasual = createLightseekersRuleset(LIGHTSEEKERS_CASUAL);
export const lightseekersCompetitive = createLightseekersRuleset(LIGHTSEEKERS_COMPETITIVE);
export const lightseekersLarge = createLightseekersRuleset(LIGHTSEEKERS_LARGE);
