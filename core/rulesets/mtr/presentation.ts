/**
 * What the screens show of an `mtr` event (presentation.ts): matches of two written "A v B", teams
 * (MTR 8) and Two-Headed Giant (MTR 9) as teams, awarded byes and draft pods at registration, the
 * App. C columns, the MTR 10.4 bracket with its booster-draft top 8.
 */
import type { Settings } from '../../model/types.js';
import { magicWords } from '../magic-words.js';
import type { RulesetPresentation, SettingField, TiebreakerInfo } from '../ruleset.js';
import { mtrBreakdown } from './breakdown.js';
import { mtrResultEntry } from './entry.js';
import { mtrPlayoffRoundCount } from './playoffs.js';

const PLANS: Record<number, string> = {
  2: 'The final: seed 1 v seed 2.',
  4: 'Semifinals 1 v 4 and 2 v 3, then the final.',
  8: 'Quarterfinals 1 v 8, 4 v 5, 2 v 7, 3 v 6; the winners of 1/8 and 4/5 meet, and of 2/7 and 3/6; then the final.',
};
const DRAFT_PLAN =
  'The eight are seated at random for the draft; then draft seats 1 v 5, 3 v 7, 2 v 6, 4 v 8; the winners of 1/5 and 3/7 meet, and of 2/6 and 4/8; then the final.';

/** Final, Semifinals, Quarterfinals, from the last round back. */
function roundNames(total: number): string[] {
  const names = ['Final', 'Semifinals', 'Quarterfinals'];
  return Array.from({ length: total }, (_, i) => names[total - 1 - i] ?? `Playoff round ${i + 1}`);
}

/** MTR 8 and 9: a team is one competitor (paired, scored and counted for the rounds). */
function competitor(settings: Settings): 'team' | 'player' {
  return settings.teamSize > 1 || settings.twoHeadedGiant ? 'team' : 'player';
}

export function mtrPresentation(tiebreakers: readonly TiebreakerInfo[]): RulesetPresentation {
  return {
    words: magicWords(competitor, 'No rematches, no pair-downs, no second byes.'),
    settings: {
      // Choices first, then the switches.
      fields: (draft) => [
        'rel',
        'gamesToWin',
        'format',
        'teamSize',
        'lateEntryRecord',
        ...(draft.format === 'sealed' ? (['releaseWeekend'] as SettingField[]) : []),
        ...(draft.format === 'draft' ? (['pairWithinDraftPods'] as SettingField[]) : []),
        'twoHeadedGiant',
      ],
      announcesRounds: true,
      formats: [
        { value: 'constructed', label: 'Constructed' },
        { value: 'sealed', label: 'Sealed deck' },
        { value: 'draft', label: 'Booster draft' },
      ],
    },
    registration: (settings) => ({ awardedByes: true, draftPods: settings.format === 'draft' }),
    groups: false,
    table: { layout: 'pair', slip: 'match' },
    // MTR App. C: team events do not use game points.
    standings: (settings) => ({
      columns: settings.teamSize > 1 ? tiebreakers.filter((t) => t.key !== 'gw' && t.key !== 'ogw') : tiebreakers,
      draws: true,
      groups: false,
    }),
    breakdown: (state, standing, name) => mtrBreakdown(state, standing.id, name),
    results: mtrResultEntry,
    playoff: {
      bracketCuts: [2, 4, 8],
      draftCut: 8,
      plan: (top, draft) => (draft ? DRAFT_PLAN : (PLANS[top] ?? '')),
      rounds: (state) => roundNames(mtrPlayoffRoundCount(state.playoff?.top ?? 2)),
      waiting: () => 0,
      upcoming: (_state, index, total) => `When the round before is complete: the winners re-seeded by Swiss standing${index === total - 1 ? ' — the final' : ''}.`,
      // MTR 2.2: the higher seed chooses to play or draw.
      seatOne: 'the higher seed: chooses to play or draw',
      tableWord: 'Table',
      finishColumn: 'Playoff',
      finalOrder: 'the playoff players by how far they got (then by Swiss seed), then everyone else in Swiss order',
    },
  };
}
