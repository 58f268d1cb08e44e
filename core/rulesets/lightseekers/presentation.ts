/**
 * What the screens show of a Lightseekers event (presentation.ts): it speaks its own game — games,
 * wins, final tables, a winner; no enforcement level, no Magic citations, no settings to choose
 * (the structure fixes them) — and seats players by number (seat k targets seat k + 1). Large
 * events play in groups, shown on pairings and standings.
 */
import type { RulesetPresentation, TiebreakerInfo } from '../ruleset.js';
import { lightseekersBreakdown } from './breakdown.js';
import { lightseekersResultEntry } from './entry.js';
import type { LightseekersVariant } from './variant.js';

const PLANS = {
  casual: 'The final table, filled from the round’s tables as the seed’s table says; seats at random.',
  competitive: 'The final table: the top of the standings; the players choose their seats, the lowest seed first and the top seed last.',
  large: 'A final table for each group (the top of the group), the players choosing their seats; then the grand final.',
} as const;

export function lightseekersPresentation(variant: LightseekersVariant, tiebreakers: readonly TiebreakerInfo[]): RulesetPresentation {
  const large = variant.structure === 'large';
  return {
    words: {
      competitor: () => 'player',
      points: 'Wins',
      pointUnit: 'win',
      rounds: 'Games',
      swissRound: 'round',
      playoffs: 'Final tables',
      cut: (top) => `a final table of ${top}`,
      champion: 'Winner',
      cleanPairing: 'No player targets the same player twice (seat k targets seat k + 1, the last seat targets seat 1), and no table of 3 the count does not force.',
      warnings: {
        rematch: 'A player targets the same player again (seat k targets seat k + 1). Podium allows this only when no arrangement avoids it.',
        'smaller-pod': 'The player count does not fill tables of 4 and 5, so some tables seat 3.',
      },
      warningTitles: { rematch: 'Repeated targets', 'smaller-pod': 'Tables of 3' },
      // Every player plays every game (tables of 3 to 6): nobody sits one out.
      byes: false,
      stage: (stage) => (stage === 'playoff' ? 'final table' : null),
    },
    // seeds/004 has no enforcement levels and fixes the rest: nothing to choose.
    settings: { fields: () => [], announcesRounds: false, formats: [] },
    registration: () => ({ awardedByes: false, draftPods: false }),
    groups: large,
    table: { layout: 'seats', slip: 'vp' },
    // Games have no draws: the record reads W–L.
    standings: () => ({ columns: tiebreakers, draws: false, groups: large }),
    breakdown: lightseekersBreakdown,
    results: lightseekersResultEntry(variant),
    playoff: {
      bracketCuts: [],
      plan: () => PLANS[variant.structure],
      rounds: (state) => {
        if (!large) return ['Final table'];
        const seeds = state.playoff?.seeds ?? [];
        const groups = new Set(state.players.filter((p) => seeds.includes(p.id)).map((p) => p.group));
        return groups.size >= 2 ? ['Group finals', 'Grand final'] : ['Final table'];
      },
      waiting: () => 0,
      upcoming: (_state, index, total) =>
        large
          ? 'When the group finals are complete: their winners (with 2 or 3 groups, the runners-up too); seats at random.'
          : `When the round before is complete: the winners re-seeded by Swiss standing${index === total - 1 ? ' — the final' : ''}.`,
      tableWord: 'Table',
      choosingOrder: 'Final tables: the lowest seed chooses a seat first, the top seed last.',
      finishColumn: 'Final',
      // RULES 3: a large event's group finals come before the grand final.
      earlierRoundName: 'Group final',
      // RULES 3: places at a final table go by the game's finish (VP, then the last standing).
      finalOrder: large
        ? 'the grand final’s players by their finish at it (VP, then the last standing), then the group finals’ players by their place at their table (then by seed), then everyone else in standings order'
        : 'the final table’s players by their finish at it (VP, then the last standing), then everyone else in standings order',
    },
  };
}
