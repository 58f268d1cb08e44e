/**
 * `mstr-2022` / `mamtr-2024` clock data (RULES.md section 2: the rule table's "end of round",
 * "round length" and "intentional draw in playoffs" rows, and "Clock extras"), read from the
 * document files (../mstr-2022.ts, ../mamtr-2024.ts) where the two differ. Pure data: the clock
 * state machine reads it, nothing here keeps time. Pod sizes (10.4A) are in pod-sizes.ts, the
 * recommended number of rounds (App. E) in recommended-rounds.ts.
 *
 * What both documents share:
 * - Playoffs untimed (MSTR 2.5B, X.7A; MAMTR App. B "Single Elimination Matches - no time limit
 *   (with exceptions)" — the exception is the MAMTR's intentional-draw timer, its file says how).
 * - Deck check: in a Commander event (the `format` setting, `commander` by default) the check's
 *   duration + 4 minutes. Both documents, word for word, in their Commander sections: MSTR X.5A and
 *   MAMTR *.5A "...extra time to the affected match totaling the time spent on the deck check, plus
 *   four (4) extra minutes" (Commander decks are 100-card singletons). Any other multiplayer format
 *   keeps the MTR 2.6 "+3" (RULES 2 "Clock extras").
 * - Judge pause: MTR 2.6 (neither document changes it): a pause of more than one minute extends the
 *   match by the pause's length.
 * - Minimum round length: MTR App. B "the required minimum time limit for any Match is 40 minutes"
 *   — quoted as original policy in MAMTR App. B; the MSTR supplements the MTR, so it stands there too.
 * - Limited deck construction: the MTR App. B individual rows (quoted in MAMTR App. B), for pod events
 *   whose format is Sealed or Draft. Pod rule sets have no team or Two-Headed Giant events.
 */
import type { Settings, Stage } from '../../model/types.js';
import {
  mtrDeckConstruction,
  MTR_BOOSTER_DRAFT_TIMERS,
  MTR_DECK_CHECK_EXTRA_MINUTES,
  MTR_DECK_CHECK_RULE,
  MTR_JUDGE_PAUSE_THRESHOLD_SECONDS,
  MTR_MINIMUM_ROUND_MINUTES,
} from '../mtr/timing.js';
import type { DraftTimers, EndOfRoundProcedure, TimeLimits } from '../ruleset.js';
import type { PodVariant } from './variant.js';

/** MSTR X.5A / MAMTR *.5A: a Commander deck check earns its duration plus 4 minutes. */
export const POD_DECK_CHECK_EXTRA_MINUTES = 4;

/** Minutes a deck check adds beyond its duration: +4 in a Commander event, else the MTR 2.6 +3. */
export function podDeckCheckExtraMinutes(settings: Settings): number {
  return settings.format === 'commander' ? POD_DECK_CHECK_EXTRA_MINUTES : MTR_DECK_CHECK_EXTRA_MINUTES;
}

/** The rule podDeckCheckExtraMinutes follows, as printed: Commander X.5A, else MTR 2.6. */
export function podDeckCheckRule(settings: Settings): string {
  return settings.format === 'commander' ? 'Commander X.5A' : MTR_DECK_CHECK_RULE;
}

/**
 * Time limits of a stage. Swiss: the App. B round length with the minimum, extensions and (Limited)
 * deck construction. Playoff: untimed (`roundMinutes: null`); a document with an intentional-draw
 * timer (MAMTR App. B: 150 minutes) has it for the rounds before the final, and none for the final
 * ("It is recommended that the Finals do not impose any time limit, even after Intentional Draws").
 */
export function podTimeLimits(variant: PodVariant, settings: Settings, stage: Stage): TimeLimits {
  const common = {
    deckCheckExtraMinutes: podDeckCheckExtraMinutes(settings),
    // MTR 2.6, which both multiplayer documents build on.
    judgePauseThresholdSeconds: MTR_JUDGE_PAUSE_THRESHOLD_SECONDS,
  };
  if (stage === 'playoff') {
    const minutes = variant.playoffIntentionalDrawMinutes;
    return { roundMinutes: null, ...common, ...(minutes !== undefined ? { playoffIntentionalDrawMinutes: minutes, finalIntentionalDrawMinutes: null } : {}) };
  }
  const deckConstruction = mtrDeckConstruction(settings);
  return {
    roundMinutes: variant.swissRoundMinutes(settings),
    // MTR App. B, quoted in MAMTR App. B.
    minimumRoundMinutes: MTR_MINIMUM_ROUND_MINUTES,
    ...common,
    ...(deckConstruction ? { deckConstruction } : {}),
  };
}

/**
 * How a round ends at time (data for the clock): playoffs untimed in both documents; Swiss as the
 * document says (MSTR 2.5A: 2.5AA extra turns or 2.5AB active player finishes, by setting or round
 * length; MAMTR 2.4A/B: active player finishes, then the last-turn limit). For MSTR 2.5AA the
 * procedure is `{ kind: 'extra-turns', turns: 0, turnsArePlayersInGame: true }`: the clock computes
 * the total with `extraTurnsAtTime(procedure, playersInGame)` (ruleset.ts) at the moment time is called
 * (leaving players do not change N afterwards; extra turns from penalties add on top).
 */
export function podEndOfRound(variant: PodVariant, settings: Settings, stage: Stage): EndOfRoundProcedure {
  if (stage === 'playoff') return { kind: 'untimed' };
  return variant.swissEndOfRound(settings);
}

/**
 * MAMTR App. B: a playoff pod (not the final) that intentionally drew a game and is still playing
 * after the intentional-draw timer, once no pod free of the timer is still playing, "follows the
 * standard End-of-Round procedure for the Tournament" — the Swiss procedure. Null for a document
 * without the timer (`mstr-2022`).
 */
export function podEndOfRoundAfterIntentionalDraw(variant: PodVariant, settings: Settings): EndOfRoundProcedure | null {
  if (variant.playoffIntentionalDrawMinutes === undefined) return null;
  return variant.swissEndOfRound(settings);
}

function copyTimers(t: DraftTimers): DraftTimers {
  return { ...t, picks: t.picks.map((p) => ({ ...p })), reviewSeconds: [...t.reviewSeconds] };
}

/**
 * Draft pick timers that fit the event, the one that applies first. Constructed and Commander: none.
 * Limited: the document's own tables (MAMTR App. B: the 20-card multiplayer table), then the
 * individual 15-card booster table of the MTR App. B both documents build on (the MSTR has none of
 * its own: X.6A points to CR 903.13 for how a Commander draft works).
 */
export function podDraftTimers(variant: PodVariant, settings: Settings): DraftTimers[] {
  if (settings.format !== 'sealed' && settings.format !== 'draft') return [];
  return [...variant.draftTimers, MTR_BOOSTER_DRAFT_TIMERS].map(copyTimers);
}
