/**
 * What differs between the two multiplayer documents (RULES 2 table). Every pods file reads its
 * numbers from here, so the two rule sets stay siblings that differ only where the documents do.
 */
import type { Rel } from '../../model/types.js';

export type PodRulesetId = 'mstr-2022' | 'mamtr-2024';

export interface PodVariant {
  id: PodRulesetId;
  title: string;
  /** The document's short name, as rule citations give it. */
  document: 'MSTR' | 'MAMTR';
  /** Points per win (also a bye) for a standard pod size n: MSTR n + 1, MAMTR 2n − 1 (App. C). */
  pointsPerWin(podSize: number): number;
  /** 10.4A: uneven counts get byes (MSTR at Competitive REL and above) or smaller pods. */
  unevenUsesByes(rel: Rel): boolean;
  /** MAMTR 10.4A: a player sits in a smaller pod at most once per event where avoidable. */
  limitSmallerPods: boolean;
  /**
   * App. E: each smaller pod counts one invisible player (MAMTR). The MSTR counts invisible players
   * for byes only; its Regular-REL smaller pods add none (RULES 2 "recommended rounds").
   */
  smallerPodsAddInvisiblePlayers: boolean;
  /** MAMTR App. C: ghost opponents with MWP 1/PPW fill smaller pods in OMWP. */
  ghostOpponents: boolean;
  /** MAMTR 2.4C: a drawn playoff pod is won by the highest Swiss standing in it. */
  playoffDrawGoesToHighestSeed: boolean;
  /** Seats in later games of a match: MSTR re-randomises seats and first player; MAMTR keeps seats (2.2B). */
  laterGamesReseat: boolean;
}

export const MSTR_2022: PodVariant = {
  id: 'mstr-2022',
  title: 'Multiplayer Supplemental Tournament Rules (February 10, 2022)',
  document: 'MSTR',
  pointsPerWin: (n) => n + 1,
  unevenUsesByes: (rel) => rel !== 'regular',
  limitSmallerPods: false,
  smallerPodsAddInvisiblePlayers: false,
  ghostOpponents: false,
  playoffDrawGoesToHighestSeed: false,
  laterGamesReseat: true,
};

export const MAMTR_2024: PodVariant = {
  id: 'mamtr-2024',
  title: 'Multiplayer Addendum to the Magic Tournament Rules (December 2024)',
  document: 'MAMTR',
  pointsPerWin: (n) => 2 * n - 1,
  unevenUsesByes: () => false,
  limitSmallerPods: true,
  smallerPodsAddInvisiblePlayers: true,
  ghostOpponents: true,
  playoffDrawGoesToHighestSeed: true,
  laterGamesReseat: false,
};
