/** What pod pairing is given: the players in standings order, the pod sizes, their histories. */

export interface PodPlayer {
  id: string;
  /** Match points before this round. */
  points: number;
  /** Smaller pods this player has already sat in. */
  smallerPods: number;
}

export interface PodInput {
  /** Sorted by standings, first = top. */
  players: readonly PodPlayer[];
  /** Pod sizes, top pod first; they add up to players.length. */
  sizes: readonly number[];
  /** The standard pod size n: a pod below it is a smaller pod. */
  podSize: number;
  /** Everyone this player has shared a pod with before. */
  opponentsOf: (id: string) => Iterable<string>;
  /** MAMTR 10.4A: avoid a second smaller pod for anyone. */
  limitSmallerPods: boolean;
  /** Round 1: random pods instead of standings order. */
  random: boolean;
}
