/**
 * Lightseekers clock data and recommended rounds (RULES.md section 3; seeds/004).
 *
 * - Round length. The seed: "Organisers may also apply a time limit to each match (typically 1.5
 *   hours)". **Decision:** 90 minutes for every game, the final tables included (the seed's "each
 *   match"); no minimum.
 * - End of round. The seed gives no procedure. **Decision:** at time the active player finishes the
 *   turn and the game is scored as it stands — the result is VP and the defeat order, which needs no
 *   draw (`{ kind: 'active-player-finishes', unfinished: 'as-it-stands' }`, no last-turn limit).
 * - Deck checks and judge pauses. The seed is silent. **Decision:** a deck check adds its own duration
 *   (no extra minutes); a pause of more than one minute extends the game by its length (the MTR 2.6
 *   convention the other rule sets use).
 * - Recommended rounds: casual 1 round then the final table of the seed's row (none for 5–6
 *   players); competitive 3 rounds then a final table of 5 (4 for 8–10); large 3 rounds in each of
 *   ⌈N/25⌉ groups, a final table of 5 per group (the cut is top 5 × groups), then a grand final of
 *   4–6. Counts outside a structure's range are a note, never a block (RULES 4).
 */
import type { Settings, Stage } from '../../model/types.js';
import { plural } from '../../text/format.js';
import type { EndOfRoundProcedure, RoundsInput, RoundsRecommendation, TimeLimits } from '../ruleset.js';
import { casualRow, competitiveFinalSize, describeSizes, evenSplit, grandFinalPerGroup, largeGroupSizes } from './tables.js';
import type { LightseekersVariant } from './variant.js';

/** seeds/004: "typically 1.5 hours". */
export const LIGHTSEEKERS_ROUND_MINUTES = 90;
export const LIGHTSEEKERS_DECK_CHECK_EXTRA_MINUTES = 0;
/** The event's own rules set the deck check's time: there is no document to cite. */
export const LIGHTSEEKERS_DECK_CHECK_RULE = null;
export const LIGHTSEEKERS_JUDGE_PAUSE_THRESHOLD_SECONDS = 60;

export function lightseekersTimeLimits(_variant: LightseekersVariant, _settings: Settings, _stage: Stage): TimeLimits {
  return {
    roundMinutes: LIGHTSEEKERS_ROUND_MINUTES,
    deckCheckExtraMinutes: LIGHTSEEKERS_DECK_CHECK_EXTRA_MINUTES,
    judgePauseThresholdSeconds: LIGHTSEEKERS_JUDGE_PAUSE_THRESHOLD_SECONDS,
  };
}

export function lightseekersEndOfRound(_variant: LightseekersVariant, _settings: Settings, _stage: Stage): EndOfRoundProcedure {
  return { kind: 'active-player-finishes', unfinished: 'as-it-stands' };
}

/** The clock's words for a game scored as it stands (the seed cites no section); other procedures: the clock's words. */
export function lightseekersDescribeEndOfRound(procedure: EndOfRoundProcedure): string | undefined {
  if (procedure.kind !== 'active-player-finishes' || procedure.unfinished !== 'as-it-stands' || procedure.lastTurnMinutes !== undefined) return undefined;
  return 'At time the active player finishes the turn, and the game is scored as it stands: victory points and the order players were defeated in.';
}

export function lightseekersRecommendedRounds(variant: LightseekersVariant, input: RoundsInput, _settings: Settings): RoundsRecommendation {
  const n = Math.max(0, Math.floor(input.competitors));
  const notes: string[] = [];
  const { min, max } = variant.players;
  if (n < min || n > max) notes.push(`${variant.id} is written for ${min} to ${max} players, not ${n} (a warning only).`);
  let rec: RoundsRecommendation;
  switch (variant.structure) {
    case 'casual': {
      const row = casualRow(n);
      const top = row ? row.finalSize : 0;
      rec = { swissRounds: 1, top, effectivePlayers: n };
      if (row)
        notes.push(
          row.finalSize > 0
            ? `One round at tables of ${describeSizes(row.tables)}, then a final table of ${row.finalSize} (${row.whoAdvances}).`
            : `One table of ${n}, no final table.`,
        );
      break;
    }
    case 'competitive':
      rec = { swissRounds: 3, top: n >= 4 ? competitiveFinalSize(n) : 0, effectivePlayers: n };
      break;
    case 'large': {
      const groups = largeGroupSizes(n);
      const top = groups.reduce((sum, g) => sum + (g >= 4 ? competitiveFinalSize(g) : 0), 0);
      rec = { swissRounds: 3, top, effectivePlayers: n };
      if (groups.length > 0) {
        const grand = groups.length >= 2 ? groups.length * grandFinalPerGroup(groups.length) : 0;
        notes.push(
          `${plural(groups.length, 'group')} of ${describeSizes(groups)}, each with 3 rounds and its own final table` +
            (grand > 0 ? `, then a grand final of ${grand}.` : '; with one group there is no grand final.'),
        );
      }
      break;
    }
  }
  return notes.length > 0 ? { ...rec, note: notes.join(' ') } : rec;
}

/** For tests and the UI: the group sizes of a large event (re-exported from tables.ts). */
export { evenSplit, largeGroupSizes };
