/**
 * Other timers: deck registration and construction from the rule set's time
 * limits (MTR App. B), draft pick timers from its draft tables (MTR App. B, MAMTR App. B), and custom
 * timers. A timer is a list of phases run one after the other, resolved when it starts.
 */
import { fail } from '../model/errors.js';
import type { Settings } from '../model/types.js';
import type { DraftTimers, Ruleset } from '../rulesets/ruleset.js';
import { MINUTE, SECOND } from './time.js';
import type { ClockTimer, TimerKind, TimerPhase } from './types.js';

export interface TimerRequest {
  kind: TimerKind;
  label?: string | undefined;
  minutes?: number | undefined;
  seconds?: number | undefined;
  /** Draft pick timers: which of the rule set's tables (`DraftTimers.kind`); default the first. */
  draft?: string | undefined;
  /** Draft pick timers: packs per player; default one more than the table's review periods. */
  packs?: number | undefined;
  /** Draft pick timers: cards in a fresh pack, when smaller than the table's. */
  packSize?: number | undefined;
}

/** The phases and label of a timer, from an explicit duration or the rule-set data. */
export function resolveTimer(ruleset: Ruleset, settings: Settings, request: TimerRequest): Pick<ClockTimer, 'label' | 'phases'> {
  const explicit =
    request.minutes !== undefined || request.seconds !== undefined
      ? (request.minutes ?? 0) * MINUTE + (request.seconds ?? 0) * SECOND
      : undefined;
  if (explicit !== undefined && explicit <= 0) fail('invalid-input', 'a timer needs a length of more than 0 seconds');

  switch (request.kind) {
    case 'custom': {
      if (explicit === undefined) fail('invalid-input', 'a custom timer needs its length (minutes or seconds)');
      const label = request.label?.trim() || 'Timer';
      return { label, phases: [{ label, ms: explicit }] };
    }
    case 'registration': {
      const label = request.label?.trim() || 'Deck registration';
      if (explicit !== undefined) return { label, phases: [{ label, ms: explicit }] };
      const dc = ruleset.timeLimits(settings, 'swiss').deckConstruction;
      if (!dc) fail('invalid-input', 'this event has no deck-registration period in the rules (Constructed): give the minutes');
      if (dc.registrationInBuild || dc.registrationMinutes <= 0)
        fail('invalid-input', `a ${settings.format} event registers and builds in one period of ${dc.buildMinutes} minutes (MTR App. B): start a deck-construction timer`);
      return { label, phases: [{ label, ms: dc.registrationMinutes * MINUTE }] };
    }
    case 'deck-construction': {
      if (explicit !== undefined) {
        const label = request.label?.trim() || 'Deck construction';
        return { label, phases: [{ label, ms: explicit }] };
      }
      const dc = ruleset.timeLimits(settings, 'swiss').deckConstruction;
      if (!dc) fail('invalid-input', 'this event has no deck-construction period in the rules (Constructed): give the minutes');
      if (dc.registrationInBuild || dc.registrationMinutes <= 0) {
        const label = request.label?.trim() || 'Deck registration and construction';
        return { label, phases: [{ label, ms: dc.buildMinutes * MINUTE }] };
      }
      // MTR App. B Sealed rows: registration first, then construction.
      return {
        label: request.label?.trim() || 'Deck registration and construction',
        phases: [
          { label: 'Deck registration', ms: dc.registrationMinutes * MINUTE },
          { label: 'Deck construction', ms: dc.buildMinutes * MINUTE },
        ],
      };
    }
    case 'draft-pick': {
      if (explicit !== undefined) {
        const label = request.label?.trim() || 'Draft pick';
        return { label, phases: [{ label, ms: explicit }] };
      }
      const tables = ruleset.draftTimers?.(settings) ?? [];
      if (tables.length === 0) fail('invalid-input', 'this event has no draft pick timers in the rules: give the seconds');
      const table = request.draft === undefined ? tables[0] : tables.find((t) => t.kind === request.draft);
      if (!table) fail('invalid-input', `no draft timer table "${request.draft}" (this event has: ${tables.map((t) => t.kind).join(', ')})`);
      return { label: request.label?.trim() || table.label || 'Draft', phases: draftSchedule(table, request.packs, request.packSize) };
    }
  }
}

/**
 * A whole draft as phases: for each pack, the layout review (Rochester), one phase per pick with a
 * timer (a pack size the table does not list passes without one: "N/A"), and the review between
 * packs (the listed periods, then each later one longer by the increment).
 */
export function draftSchedule(table: DraftTimers, packs?: number, packSize?: number): TimerPhase[] {
  const count = packs ?? table.reviewSeconds.length + 1;
  if (!Number.isInteger(count) || count < 1) fail('invalid-input', `a draft of ${count} packs cannot be timed`);
  const size = packSize ?? table.packSize;
  const picks = [...table.picks]
    .filter((p) => size === undefined || p.cardsLeft <= size)
    .sort((a, b) => b.cardsLeft - a.cardsLeft);
  if (picks.length === 0) fail('invalid-input', `the ${table.label ?? table.kind} table has no timed pick for packs of ${size} cards`);
  const phases: TimerPhase[] = [];
  for (let pack = 1; pack <= count; pack++) {
    if (table.layoutReviewSeconds) phases.push({ label: `Pack ${pack}: review`, ms: table.layoutReviewSeconds * SECOND });
    picks.forEach((p, i) =>
      phases.push({ label: `Pack ${pack}, pick ${i + 1} (${p.cardsLeft} cards)`, ms: p.seconds * SECOND }),
    );
    if (pack < count) {
      const seconds = reviewSeconds(table, pack - 1);
      if (seconds > 0) phases.push({ label: `Review after pack ${pack}`, ms: seconds * SECOND });
    }
  }
  return phases;
}

function reviewSeconds(table: DraftTimers, index: number): number {
  const listed = table.reviewSeconds;
  if (listed.length === 0) return 0;
  const value = listed[index];
  if (value !== undefined) return value;
  const last = listed[listed.length - 1] as number;
  return last + (table.reviewIncrementSeconds ?? 0) * (index - (listed.length - 1));
}
