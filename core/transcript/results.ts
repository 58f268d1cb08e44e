/**
 * Result forms: a transcript's (shared/conformance/README.md "Result forms", "Version 2") and the
 * rule sets' (core/model/types.ts TableResult). They are the same except for team matches of 2 or 3
 * seats: version 2 writes `{ "seatGames": [[a, b, d], ...] }`, one triple per seat A, B(, C), where
 * the `mtr` rule set takes `{ matches: [...] }` and stores `{ games, matches }` (games: the seat
 * matches each team won, and the drawn ones — derived, so a transcript does not repeat it).
 * Version 1 results go to the rule set as they are (what Podium wrote and read before).
 */
import { fail } from '../model/errors.js';
import type { Settings, TableResult } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { pluralWord } from '../text/format.js';

/** True for MTR team events of 2 or 3 seats (not Two-Headed Giant, which plays as one). */
function seatTeams(settings: Settings): boolean {
  return settings.teamSize > 1 && !settings.twoHeadedGiant;
}

function keyList(keys: readonly string[]): string {
  return keys.map((k) => `"${k}"`).join(', ');
}

/**
 * A version-2 transcript result → the form the rule set validates. Only the team form changes;
 * everything else (and every unknown field) is the rule set's to check, with its own messages.
 * Throws PodiumError('invalid-result') for a team result not in the README's form.
 */
export function resultFromTranscript(version: 1 | 2, ruleset: string, settings: Settings, result: Record<string, unknown>): Record<string, unknown> {
  // Only matches of two have the team form, seat against seat (MTR 8); other tables keep theirs.
  if (version === 1 || getRuleset(ruleset).presentation.table.layout !== 'pair') return result;
  const teamShape = `{ "seatGames": [${'ABC'.slice(0, settings.teamSize).split('').map((s) => `seat ${s}`).join(', ')}] }, each [game wins of the first team's player, of the second team's player, drawn games]`;
  if (!seatTeams(settings)) {
    if ('seatGames' in result)
      fail('invalid-result', `"seatGames" is for team events of 2 or 3 seats; this event's result is { "games": [seat 1 game wins, seat 2 game wins, drawn games] }`);
    return result;
  }
  const extra = Object.keys(result).filter((k) => k !== 'seatGames');
  if (extra.length > 0)
    fail('invalid-result', `unknown ${pluralWord(extra.length, 'field', 'fields')} ${keyList(extra)} in a team result; a version-2 team result is ${teamShape}`);
  if (!('seatGames' in result)) fail('invalid-result', `a team result lists each seat's games: ${teamShape}`);
  const seatGames = result.seatGames;
  if (!Array.isArray(seatGames) || seatGames.length !== settings.teamSize)
    fail('invalid-result', `a team of ${settings.teamSize} plays ${settings.teamSize} seat matches, so "seatGames" lists ${settings.teamSize} triples: ${teamShape}`);
  return { matches: seatGames };
}

/** A stored result → the version-2 transcript form (a plain-JSON copy). */
export function resultToTranscript(result: TableResult): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
  if (Array.isArray(copy.matches)) return { seatGames: copy.matches };
  return copy;
}
