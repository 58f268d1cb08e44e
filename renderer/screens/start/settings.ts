/**
 * The new-event form's knowledge of rule sets: which settings each one reads (only those are shown),
 * the settings patch the form sends, and the rule set's time limits and recommended rounds in words.
 * Everything comes from the rule set itself (getRuleset): the form never hard-codes a number.
 */
import type { SettingsPatch } from '../../../core/event/commands.js';
import type { RulesetId, Settings, VariableRounds } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import type { EndOfRoundProcedure, RoundsRecommendation, SettingField, TimeLimits } from '../../../core/rulesets/ruleset.js';
import { competitorNoun } from '../../lib/event.js';
import { plural } from '../../lib/format.js';

export type FieldId = SettingField;

/**
 * The settings a rule set reads, in the order the form shows them (some depend on others): the rule
 * set's own list (Ruleset.presentation.settings). The enforcement level only where the rule set has
 * one (its terms: Lightseekers has none), so the form neither shows nor sends it.
 */
export function fieldsFor(id: RulesetId, draft: Settings): FieldId[] {
  const ruleset = getRuleset(id);
  return ruleset.presentation.settings.fields(draft).filter((field) => field !== 'rel' || ruleset.terms.rel);
}

/** Whether the event may announce its number of Swiss rounds (some structures fix theirs). */
export function announcesRounds(id: RulesetId): boolean {
  return getRuleset(id).presentation.settings.announcesRounds;
}

export function defaultsOf(id: RulesetId): Settings {
  return getRuleset(id).settings({});
}

/** The patch the form sends: every field the rule set reads, as shown (so the save says it all). */
export function patchFor(id: RulesetId, draft: Settings, swissRounds: number | undefined, variableRounds?: VariableRounds): SettingsPatch {
  const patch: SettingsPatch = {};
  const put = patch as Record<string, unknown>;
  for (const field of fieldsFor(id, draft)) {
    const value = draft[field];
    if (value !== undefined) put[field] = value;
  }
  if (swissRounds !== undefined && announcesRounds(id)) patch.swissRounds = swissRounds;
  // MTR 10.2: a variable number is announced with the number it varies from.
  if (swissRounds !== undefined && variableRounds && announcesRounds(id)) patch.variableRounds = variableRounds;
  return patch;
}

/** The settings the rule set would make of the patch, or the problem in words. */
export function checkSettings(id: RulesetId, patch: SettingsPatch): { settings: Settings; problem: null } | { settings: null; problem: string } {
  try {
    return { settings: getRuleset(id).settings(patch), problem: null };
  } catch (error) {
    return { settings: null, problem: error instanceof Error ? error.message : String(error) };
  }
}

function minutes(n: number): string {
  return plural(n, 'minute');
}

function endOfRoundWords(procedure: EndOfRoundProcedure): string {
  switch (procedure.kind) {
    case 'untimed':
      return 'no time limit';
    case 'extra-turns':
      if (procedure.turnsArePlayersInGame)
        return `at time the active player finishes the turn, then one more turn for each player still in the game${procedure.turns > 0 ? ` plus ${procedure.turns}` : ''}`;
      return `at time the active player finishes the turn, then ${plural(procedure.turns, 'more turn')} in total`;
    case 'active-player-finishes':
      return procedure.lastTurnMinutes !== undefined
        ? `at time the active player finishes the turn, with a last-turn limit of ${minutes(procedure.lastTurnMinutes)} (then the game is a draw)`
        : procedure.unfinished === 'as-it-stands'
          ? 'at time the active player finishes the turn, and the game is scored as it stands'
          : 'at time the active player finishes the turn';
  }
}

/** The rule set's time limits for these settings, in sentences ("Rounds of 50 minutes; deck check +3 minutes"). */
export function describeTimeLimits(id: RulesetId, settings: Settings): string[] {
  const ruleset = getRuleset(id);
  const swiss: TimeLimits = ruleset.timeLimits(settings, 'swiss');
  const playoff: TimeLimits = ruleset.timeLimits(settings, 'playoff');
  const lines: string[] = [];
  const { words } = ruleset.presentation;
  const rounds = words.rounds;
  if (swiss.roundMinutes === null) lines.push(`${rounds} are untimed`);
  else {
    const parts = [`${rounds} of ${minutes(swiss.roundMinutes)}`];
    if (swiss.deckCheckExtraMinutes > 0) parts.push(`deck check +${minutes(swiss.deckCheckExtraMinutes)}`);
    lines.push(parts.join('; '));
  }
  const procedure = ruleset.endOfRound(settings, 'swiss');
  if (procedure.kind !== 'untimed') {
    const words = endOfRoundWords(procedure);
    lines.push(words.charAt(0).toUpperCase() + words.slice(1));
  }
  const build = swiss.deckConstruction;
  if (build) {
    lines.push(
      build.registrationInBuild
        ? `Deck registration and construction: ${minutes(build.buildMinutes)}`
        : `Deck registration ${minutes(build.registrationMinutes)}, then construction ${minutes(build.buildMinutes)}`,
    );
  }
  const finals = words.playoffs;
  if (playoff.roundMinutes === null) {
    let text = `${finals} are untimed`;
    if (playoff.playoffIntentionalDrawMinutes !== undefined)
      text += `; after a first intentional draw in a pod, a ${playoff.playoffIntentionalDrawMinutes}-minute limit from the round start${playoff.finalIntentionalDrawMinutes === null ? ' (not in the final)' : ''}`;
    lines.push(text);
  } else if (playoff.finalRoundMinutes === null) {
    lines.push(`${finals}: ${minutes(playoff.roundMinutes)} a round, the final untimed`);
  } else {
    lines.push(`${finals}: ${minutes(playoff.roundMinutes)}`);
  }
  return lines;
}

/** "5 Swiss rounds, then a top 4" for a recommendation. */
export function describeRecommendation(id: RulesetId, rec: RoundsRecommendation): string {
  const { words } = getRuleset(id).presentation;
  const parts: string[] = [];
  if (rec.swissRounds > 0) parts.push(plural(rec.swissRounds, words.swissRound));
  if (rec.eliminationRounds) parts.push(`${rec.swissRounds > 0 ? '' : 'no Swiss: '}${plural(rec.eliminationRounds, 'single-elimination round')}`);
  if (rec.top > 0) parts.push(words.cut(rec.top));
  if (parts.length === 0) return 'no rounds';
  return parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(', ')}, then ${parts[parts.length - 1]}`;
}

/**
 * What the event's competitors are called, on the start form and every screen: teams in team events
 * (lib/event.ts competitorNoun), players otherwise. `count` given: "1 team", "8 teams", "1,024 players".
 */
export function competitorsWord(id: RulesetId, settings: Settings, count?: number): string {
  const one = competitorNoun(id, settings);
  // Thousands grouped as the standings count them ("1,024 players").
  return count === undefined ? `${one}s` : plural(count, one, undefined, { grouping: true });
}

/** "Recommended for 8 teams: 3 Swiss rounds, then a top 4." (teams in team events). */
export function recommendationSentence(id: RulesetId, settings: Settings, competitors: number, rec: RoundsRecommendation): string {
  return `Recommended for ${competitorsWord(id, settings, competitors)}: ${describeRecommendation(id, rec)}.`;
}

export function recommend(id: RulesetId, settings: Settings, competitors: number): RoundsRecommendation {
  return getRuleset(id).recommendedRounds({ competitors }, settings);
}

export const REL_LABELS: Record<Settings['rel'], string> = {
  regular: 'Regular',
  competitive: 'Competitive',
  professional: 'Professional',
};
