/**
 * `mamtr-2024`: the Multiplayer Addendum to the Magic Tournament Rules, December 2024
 * (../shared/seeds/000, which supersedes the MSTR; RULES.md section 2), section by section — what
 * this document says where it differs from the MSTR (./mstr-2022.ts). Each section of 000 quotes
 * the original MTR policy, then its "Policy Additions"; the section numbers below are the
 * addendum's. The pods folder (pods/) plays any multiplayer document written in this shape
 * (pods/variant.ts); everything the two documents share lives there.
 */
import type { Settings } from '../model/types.js';
import type { DraftPickTimer, DraftTimers, EndOfRoundContext, EndOfRoundProcedure, TimeUpStatus } from './ruleset.js';
import type { PodVariant } from './pods/variant.js';

// ---------------------------------------------------------------------------------------------
// 2.4 End of Match Procedure

/** 2.4B / App. B: the recommended last-turn time limit (the `lastTurnMinutes` setting). */
export const MAMTR_LAST_TURN_MINUTES = 30;

/**
 * 2.4A: no extra turns — at time the active player finishes the turn; 2.4B: then a last-turn limit
 * (`lastTurnMinutes`, default 30 minutes), at whose end the game is a draw.
 */
function swissEndOfRound(settings: Settings): EndOfRoundProcedure {
  return { kind: 'active-player-finishes', lastTurnMinutes: settings.lastTurnMinutes ?? MAMTR_LAST_TURN_MINUTES };
}

/**
 * The clock's words: 2.4A/B for the Swiss procedure; App. B for an untimed playoff round, with its
 * intentional-draw timer, or the final without one. Other procedures: the clock's words.
 */
function describeEndOfRound(procedure: EndOfRoundProcedure, round: EndOfRoundContext): string | undefined {
  if (procedure.kind === 'active-player-finishes' && procedure.lastTurnMinutes !== undefined)
    return `At time the active player finishes the turn, with a last-turn limit of ${procedure.lastTurnMinutes} minutes; when it is reached before a winner is determined, the game is a draw (MAMTR 2.4A, 2.4B).`;
  if (procedure.kind !== 'untimed') return undefined;
  if (round.intentionalDrawMinutes !== null)
    return `No time limit. After a first intentional draw in a pod, a ${round.intentionalDrawMinutes}-minute timer from the start of the round applies to that pod (MAMTR App. B).`;
  if (round.final && round.stage === 'playoff') return 'No time limit. The final has no time limit, even after intentional draws (MAMTR App. B).';
  return 'No time limit.';
}

/** What a table whose time is up should know: App. B past the intentional-draw timer; 2.4B, 2.4C at the last turn. */
function timeUpNote(status: TimeUpStatus, table: { playoff: boolean; intentionalDraw: boolean }): string | undefined {
  switch (status) {
    case 'overtime':
      return 'Past the intentional-draw timer: this pod plays on only while pods without an intentional draw are still playing (MAMTR App. B).';
    case 'last-turn':
      return 'Last turn: if the limit is reached before a winner is determined, the game is a draw (MAMTR 2.4B).';
    case 'last-turn-over':
      return table.playoff || table.intentionalDraw
        ? 'The last-turn limit is over: the game is a draw, and the player with the highest Swiss standing in the pod wins the match (MAMTR 2.4B, 2.4C).'
        : 'The last-turn limit is over: the game is a draw (MAMTR 2.4B).';
  }
}

// ---------------------------------------------------------------------------------------------
// Appendix B – Time Limits

/** App. B: "Swiss Rounds - 80 minutes + no extra turns". */
export const MAMTR_SWISS_ROUND_MINUTES = 80;

/**
 * App. B, intentional draws in a single-elimination match: "A 150 minutes timer that starts
 * counting since the beginning of the Round comes into effect after the first Intentional Draw";
 * after it such a pod plays on only while another pod without an intentional draw is still
 * playing, then follows the standard (Swiss) end-of-round procedure; "It is recommended that the
 * Finals do not impose any time limit, even after Intentional Draws" (pods/timing.ts).
 */
export const MAMTR_PLAYOFF_INTENTIONAL_DRAW_MINUTES = 150;

function picks(rows: readonly (readonly [number, number])[]): DraftPickTimer[] {
  return rows.map(([cardsLeft, seconds]) => ({ cardsLeft, seconds }));
}

/**
 * App. B: "20-card Multiplayer Booster Drafts, with 2 picks per booster" — seconds per pick by
 * cards remaining; 2 cards left: N/A (the last two cards pass without a timer).
 * Decision: App. B gives no review time of its own for this draft; the review periods of the
 * booster-draft policy it quotes (60 seconds after the first pack, each later one +30) apply.
 */
export const MAMTR_MULTIPLAYER_DRAFT_TIMERS: DraftTimers = {
  kind: 'multiplayer-booster-20',
  label: 'Multiplayer booster draft (20-card packs, 2 picks per booster)',
  packSize: 20,
  cardsPerPick: 2,
  picks: picks([
    [20, 60],
    [18, 60],
    [16, 55],
    [14, 50],
    [12, 45],
    [10, 35],
    [8, 25],
    [6, 15],
    [4, 10],
  ]),
  reviewSeconds: [60],
  reviewIncrementSeconds: 30,
};

// ---------------------------------------------------------------------------------------------

export const MAMTR_2024: PodVariant = {
  id: 'mamtr-2024',
  title: 'Multiplayer Addendum to the Magic Tournament Rules (December 2024)',
  document: 'MAMTR',

  // 2.2B: with more than one game per match, the seating order stays; the first player is random.
  laterGamesReseat: false,

  // 2.4A / 2.4B (above); the new-event form asks for the last-turn limit.
  swissEndOfRound,
  describeEndOfRound,
  timeUpNote,
  endOfRoundSetting: 'lastTurnMinutes',
  settingsProblem: (settings) => (settings.endOfRound === 'extra-turns' ? 'MAMTR 2.4: at time the active player finishes the turn (no extra turns)' : null),
  // 2.4C: a drawn single-elimination match goes to the highest Swiss standing in the pod.
  playoffDrawGoesToHighestSeed: true,
  playoffDrawSlipNote: 'Draw: the highest Swiss standing in the pod advances (MAMTR 2.4C).',
  slipGamesInOrder: false,

  // 10.4A: always smaller pods, never byes; nobody sits in a second smaller pod where avoidable.
  unevenUsesByes: () => false,
  limitSmallerPods: true,

  // App. B (above).
  swissRoundMinutes: () => MAMTR_SWISS_ROUND_MINUTES,
  playoffIntentionalDrawMinutes: MAMTR_PLAYOFF_INTENTIONAL_DRAW_MINUTES,
  draftTimers: [MAMTR_MULTIPLAYER_DRAFT_TIMERS],

  // App. C: points per win (also a bye) 2n − 1 — 7 for pods of 4; a smaller pod adds ghost
  // opponents with MWP 1/PPW to OMWP for its empty seats (RULES 2 Decision: not to OAMP).
  pointsPerWin: (n) => 2 * n - 1,
  pointsPerWinFormula: (n) => `2 × ${n} − 1`,
  // 2.1A: a drawn match gives 1 point to every pod member but who conceded or got a match loss.
  pointsPerDraw: 1,
  ghostOpponents: true,

  // App. E, pods of four: 4–5 players — one single-elimination round; then the rows below (RULES 2
  // Decision: the rows overlap at 512, which takes 8); 513 and more: 9 rounds, top 64. Each smaller
  // pod counts one invisible player.
  singleEliminationUpTo: 5,
  roundsRows: [
    [16, 2, 4],
    [24, 3, 7],
    [32, 4, 10],
    [40, 5, 13],
    [64, 5, 16],
    [128, 6, 16],
    [256, 7, 40],
    [512, 8, 40],
  ],
  roundsBeyond: () => ({ swissRounds: 9, top: 64 }),
  smallerPodsAddInvisiblePlayers: true,
};
