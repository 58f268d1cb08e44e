/**
 * The words of Magic events, under the MTR and its multiplayer documents (MSTR, MAMTR) alike:
 * Points, Rounds, Swiss rounds, Playoffs after "a top 8", a Champion. (Lightseekers speaks of
 * wins, games and final tables instead: its own words.)
 */
import type { RulesetWords } from './presentation.js';

/** The shared words, with who competes and what a clean pairing check says. */
export function magicWords(competitor: RulesetWords['competitor'], cleanPairing: string): RulesetWords {
  return {
    competitor,
    points: 'Points',
    pointUnit: 'point',
    rounds: 'Rounds',
    swissRound: 'Swiss round',
    playoffs: 'Playoffs',
    cut: (top) => `a top ${top}`,
    champion: 'Champion',
    cleanPairing,
    byes: true,
    stage: (stage) => (stage === 'playoff' ? 'playoff' : 'Swiss'),
  };
}
