/**
 * What differs between the two multiplayer documents (RULES 2 table): the shape of a document file.
 * Each document is written out in a file named after it, section by section — ../mstr-2022.ts and
 * ../mamtr-2024.ts — and every pods file reads its numbers and choices from there, so the two rule
 * sets stay siblings that differ only where the documents do.
 */
import type { Rel, Settings } from '../../model/types.js';
import type { DraftTimers, EndOfRoundContext, EndOfRoundProcedure, TimeUpStatus } from '../ruleset.js';

export type PodRulesetId = 'mstr-2022' | 'mamtr-2024';

/** An App. E row: [highest player count of the row, Swiss rounds, top]. */
export type RoundsRow = readonly [number, number, number];

export interface PodVariant {
  id: PodRulesetId;
  title: string;
  /** The document's short name, as rule citations give it. */
  document: 'MSTR' | 'MAMTR';

  // 2.2 Play/Draw
  /** Seats in later games of a match: MSTR re-randomises seats and first player; MAMTR keeps seats (2.2B). */
  laterGamesReseat: boolean;

  // 2.4 / 2.5 End of round, and the setting that chooses it
  /** The Swiss end-of-round procedure for these settings (MSTR 2.5A; MAMTR 2.4A/B). */
  swissEndOfRound(settings: Settings): EndOfRoundProcedure;
  /** The clock's words for how a round ends, citing the document (Ruleset.describeEndOfRound). */
  describeEndOfRound(procedure: EndOfRoundProcedure, round: EndOfRoundContext): string | undefined;
  /** A note beside a table whose time is up (Ruleset.timeUpNote); absent: none. */
  timeUpNote?(status: TimeUpStatus, table: { playoff: boolean; intentionalDraw: boolean }): string | undefined;
  /** The setting the new-event form offers for it: MSTR's choice of 2.5AA/2.5AB, MAMTR's last-turn limit. */
  endOfRoundSetting: 'endOfRound' | 'lastTurnMinutes';
  /** A settings check beyond the shared ones, in words (MAMTR 2.4A: no extra turns); null when fine. */
  settingsProblem(settings: Settings): string | null;
  /** 2.4C: a drawn playoff pod is won by the highest Swiss standing in it (MAMTR); MSTR: play on. */
  playoffDrawGoesToHighestSeed: boolean;
  /** What a playoff slip tells the players of a drawn pod, citing the document (2.4C; 2.1A). */
  playoffDrawSlipNote: string;
  /** The slip asks for each game's winner in order: a drawn game is followed by a new one (MSTR 2.1A). */
  slipGamesInOrder: boolean;

  // 10.4 Pairing
  /** 10.4A: uneven counts get byes (MSTR at Competitive REL and above) or smaller pods. */
  unevenUsesByes(rel: Rel): boolean;
  /** MAMTR 10.4A: a player sits in a smaller pod at most once per event where avoidable. */
  limitSmallerPods: boolean;

  // Appendix B – Time limits
  /** Swiss round minutes. */
  swissRoundMinutes(settings: Settings): number;
  /** After a first intentional draw in a playoff pod, minutes from round start (MAMTR); none in the MSTR. */
  playoffIntentionalDrawMinutes?: number;
  /** Draft pick timers of the document's own (MAMTR's 20-card multiplayer table), before the MTR's. */
  draftTimers: readonly DraftTimers[];

  // Appendix C – Tiebreakers
  /** Points per win (also a bye) for a standard pod size n: MSTR n + 1, MAMTR 2n − 1. */
  pointsPerWin(podSize: number): number;
  /** The same in words, for the standings breakdown ("2 × 4 − 1"). */
  pointsPerWinFormula(podSize: number): string;
  /** 2.1A / App. C: a drawn match gives each pod member not excluded from it this many points. */
  pointsPerDraw: number;
  /** MAMTR App. C: ghost opponents with MWP 1/PPW fill smaller pods in OMWP. */
  ghostOpponents: boolean;

  // Appendix E – Recommended number of rounds
  /** Up to this many players: one single-elimination round, no Swiss. */
  singleEliminationUpTo: number;
  /** The table's rows for pods of four, from the first Swiss row. */
  roundsRows: readonly RoundsRow[];
  /** Beyond the last row. */
  roundsBeyond(players: number): { swissRounds: number; top: number };
  /**
   * Each smaller pod counts one invisible player (MAMTR). The MSTR counts invisible players for
   * byes only; its Regular-REL smaller pods add none (RULES 2 "recommended rounds").
   */
  smallerPodsAddInvisiblePlayers: boolean;
}
