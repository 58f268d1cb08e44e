/**
 * What the screens show of a pod event (presentation.ts): numbered seats in pods, seat 1 playing
 * first (2.2A), smaller and larger pods marked, the App. C columns with PPW worked out, the 10.4A
 * playoff plan round by round. The document (variant) decides its own settings and draw rule.
 */
import { magicWords } from '../magic-words.js';
import type { RulesetPresentation, SettingField, TiebreakerInfo } from '../ruleset.js';
import { podBreakdown } from './breakdown.js';
import { podResultEntry } from './entry.js';
import { podPlayoffPlan } from './playoffs.js';
import { documentDefault, podHouseRules } from './policies.js';
import { podDeckCheckExtraMinutes, podDeckCheckRule } from './timing.js';
import type { PodVariant } from './variant.js';

const PLANS: Record<number, string> = {
  4: 'The final: seeds 1–4 in one pod.',
  7: 'One pod of seeds 4–7 while seeds 1–3 wait; the final: seeds 1–3 and that winner.',
  10: 'Two pods from seeds 3–10 while seeds 1–2 wait; the final: seeds 1–2 and the two winners.',
  13: 'Three pods from seeds 2–13 while seed 1 waits; the final: seed 1 and the three winners.',
  16: 'Four pods from seeds 1–16; the final: the four winners.',
  40: 'Seeds 1–8 wait; seeds 9–40 play in eight pods; then 16 players in four semifinal pods, re-seeded; then the final.',
  64: 'Sixteen pods; then 16 players in four semifinal pods, re-seeded; then the final.',
};

/** A cut's plan, or null for a cut 10.4A does not know. */
function planOf(top: number): ReturnType<typeof podPlayoffPlan> | null {
  try {
    return podPlayoffPlan(top);
  } catch {
    return null;
  }
}

export function podPresentation(variant: PodVariant, tiebreakers: readonly TiebreakerInfo[]): RulesetPresentation {
  return {
    words: magicWords(() => 'player', 'No rematches, no smaller pods, no second byes.'),
    settings: {
      fields: (draft) => [
        'rel',
        'podSize',
        'format',
        variant.endOfRoundSetting,
        'lateEntryRecord',
        ...(draft.format === 'sealed' ? (['releaseWeekend'] as SettingField[]) : []),
        'balanceSeats',
        // The organiser's house rules, each empty for the document's rule.
        'oddCounts',
        'winPoints',
        'drawPoints',
        'byePoints',
      ],
      announcesRounds: true,
      formats: [
        { value: 'commander', label: 'Commander' },
        { value: 'constructed', label: 'Other constructed' },
        { value: 'sealed', label: 'Sealed deck' },
        { value: 'draft', label: 'Booster draft' },
      ],
      // X.5A (both documents): a Commander deck check adds 4 minutes; other formats the MTR 2.6 3.
      formatNote: (draft) => `Deck checks add ${podDeckCheckExtraMinutes(draft)} minutes (${podDeckCheckRule(draft)})`,
      documentDefault: (field, draft) => documentDefault(variant, field, draft),
    },
    houseRules: (settings) => podHouseRules(variant, settings),
    registration: () => ({ awardedByes: false, draftPods: false }),
    groups: false,
    table: { layout: 'seats', standardSize: (settings) => settings.podSize, slip: 'pod', gamesInOrder: variant.slipGamesInOrder },
    standings: () => ({ columns: tiebreakers, draws: true, groups: false }),
    breakdown: (state, standing, name) => podBreakdown(variant, state, standing.id, name),
    results: podResultEntry,
    playoff: {
      bracketCuts: [],
      plan: (top) => PLANS[top] ?? '',
      rounds: (state) => {
        const total = planOf(state.playoff?.top ?? 0)?.podsPerRound.length ?? 0;
        return Array.from({ length: total }, (_, i) => (i === total - 1 ? 'Final' : `Playoff round ${i + 1}`));
      },
      waiting: (top) => planOf(top)?.waiting ?? 0,
      upcoming: (_state, index, total, waitingAtStart) => {
        const waiting = index === 1 && waitingAtStart > 0 ? `, with seeds 1–${waitingAtStart} who waited,` : '';
        return `When the round before is complete: the winners${waiting} re-seeded by Swiss standing${index === total - 1 ? ' — the final, one pod' : ''}.`;
      },
      // 2.2A: the highest Swiss seed sits in seat 1 and plays first.
      seatOne: 'plays first',
      tableWord: 'Pod',
      finishColumn: 'Playoff',
      finalOrder: 'the playoff players by how far they got (then by Swiss seed), then everyone else in Swiss order',
      ...(variant.playoffDrawGoesToHighestSeed ? { drawNote: 'draw: won by the highest Swiss seed who took part in it (2.4C)', drawMark: 'draw, 2.4C' } : {}),
      slipDrawNote: variant.playoffDrawSlipNote,
    },
  };
}
