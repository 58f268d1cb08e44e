/**
 * `mstr-2022`: the Multiplayer Supplemental Tournament Rules, effective February 10, 2022
 * (../shared/seeds/001, the judges' community document; RULES.md section 2), section by section —
 * what this document says where it differs from the MAMTR (./mamtr-2024.ts). The pods folder
 * (pods/) plays any multiplayer document written in this shape (pods/variant.ts); everything the
 * two documents share, and the MTR sections they both keep, live there.
 */
import type { Settings } from '../model/types.js';
import type { EndOfRoundProcedure } from './ruleset.js';
import type { PodVariant } from './pods/variant.js';

// ---------------------------------------------------------------------------------------------
// Appendix B – Time Limits

/** App. B: "Regular REL—90 minutes". */
export const MSTR_REGULAR_ROUND_MINUTES = 90;
/**
 * App. B: "Competitive REL—75 minutes". Professional REL is read as Competitive (the MSTR has no
 * Professional row; Professional is the stricter level).
 */
export const MSTR_COMPETITIVE_ROUND_MINUTES = 75;

function swissRoundMinutes(settings: Settings): number {
  return settings.rel === 'regular' ? MSTR_REGULAR_ROUND_MINUTES : MSTR_COMPETITIVE_ROUND_MINUTES;
}

// ---------------------------------------------------------------------------------------------
// 2.5 End of Match Procedure

/** 2.5A: 2.5AA (N extra turns) is recommended for rounds of this many minutes or less. */
export const MSTR_EXTRA_TURNS_MAX_ROUND_MINUTES = 75;

/**
 * 2.5A: the organiser picks the method — the `endOfRound` setting, defaulting to the
 * recommendation for the round length:
 * - 2.5AA ("extra-turns"): the active player finishes the turn, then N more turns, N = the players
 *   still in the game when time is called (`turns` is the fixed part, 0; the clock adds N then,
 *   ruleset.ts `extraTurnsAtTime`). Recommended for rounds of 75 minutes or less.
 * - 2.5AB ("active-player"): the active player finishes the turn; an unfinished game is a draw.
 *   Recommended for rounds of 75 to 90 minutes. No last-turn limit in the MSTR.
 */
function swissEndOfRound(settings: Settings): EndOfRoundProcedure {
  const method = settings.endOfRound ?? (swissRoundMinutes(settings) <= MSTR_EXTRA_TURNS_MAX_ROUND_MINUTES ? 'extra-turns' : 'active-player');
  return method === 'extra-turns' ? { kind: 'extra-turns', turns: 0, turnsArePlayersInGame: true } : { kind: 'active-player-finishes' };
}

/** 2.5AA and 2.5AB as the clock says them; other procedures (the untimed playoff): the clock's words. */
function describeEndOfRound(procedure: EndOfRoundProcedure): string | undefined {
  if (procedure.kind === 'extra-turns' && procedure.turnsArePlayersInGame) {
    const fixed = procedure.turns > 0 ? ` plus ${procedure.turns}` : '';
    return `At time the active player finishes the turn, then N more turns${fixed}, N being the number of players still in the game when time is called (MSTR 2.5AA).`;
  }
  if (procedure.kind === 'active-player-finishes' && procedure.lastTurnMinutes === undefined && procedure.unfinished !== 'as-it-stands')
    return 'At time the active player finishes the turn; if no winner is determined, the game is a draw (MSTR 2.5AB).';
  return undefined;
}

// ---------------------------------------------------------------------------------------------

export const MSTR_2022: PodVariant = {
  id: 'mstr-2022',
  title: 'Multiplayer Supplemental Tournament Rules (February 10, 2022)',
  document: 'MSTR',

  // 2.1A: one game usually wins the match; a drawn game is followed by a new game (and in a
  // playoff, 2.5B / X.7A: untimed, so a draw decides nothing — play on).
  playoffDrawGoesToHighestSeed: false,
  playoffDrawSlipNote: 'Draw: a new game follows (MSTR 2.1A); the playoff is untimed.',
  slipGamesInOrder: true,
  // 2.2B: with more than one game per match, the seating order is randomised again for each game.
  laterGamesReseat: true,

  // 2.5A / 2.5AA / 2.5AB (above).
  swissEndOfRound,
  describeEndOfRound,
  endOfRoundSetting: 'endOfRound',
  settingsProblem: () => null,

  // 10.4A: an uneven count gets byes at Competitive REL and above, smaller pods at Regular REL.
  unevenUsesByes: (rel) => rel !== 'regular',
  limitSmallerPods: false,

  // App. B (above); 2.5B and X.7A: single-elimination matches untimed; no intentional-draw timer.
  swissRoundMinutes,
  // X.6A points to CR 903.13 for a Commander draft: no draft timers of its own (the MTR's apply).
  draftTimers: [],

  // App. C: points per win (also a bye) n + 1 — 5 for pods of 4.
  pointsPerWin: (n) => n + 1,
  pointsPerWinFormula: (n) => `${n} + 1`,
  // 2.1A: a drawn match gives 1 point to every pod member but who conceded or got a match loss.
  pointsPerDraw: 1,
  ghostOpponents: false,

  // App. E, pods of four: 4 players — one single-elimination round; then the rows below; above 256,
  // "Rounded up (log4(number of players)) + 1", top 40. Each bye adds n − 1 invisible players;
  // smaller pods (Regular REL) add none.
  singleEliminationUpTo: 4,
  roundsRows: [
    [15, 2, 4],
    [32, 3, 10],
    [64, 4, 16],
    [128, 5, 16],
    [256, 5, 40],
  ],
  roundsBeyond: (players) => ({ swissRounds: ceilLog4(players) + 1, top: 40 }),
  smallerPodsAddInvisiblePlayers: false,
};

/** The smallest k with 4^k ≥ count (⌈log4 count⌉, in integers). */
function ceilLog4(count: number): number {
  let k = 0;
  for (let p = 1; p < count; p *= 4) k++;
  return k;
}
