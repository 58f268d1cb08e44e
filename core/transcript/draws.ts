/**
 * Registration draws (RULES 1 "Decision": the final tiebreaker, drawn once per player). A
 * transcript does not carry them, so they are derived from the event seed in player order: the
 * same transcript always gives the same standings, and an event simulated with a seed gets the
 * draws its transcript will be replayed with.
 */
import { createRng, deriveSeed } from '../random/rng.js';

/** The sub-stream of the event seed the registration draws come from. */
export const REGISTRATION_DRAW_STREAM = 0xd4a7;

/** A function giving the next registration draw, for players registered in order. */
export function registrationDraws(seed: number): () => number {
  const rng = createRng(deriveSeed(seed, REGISTRATION_DRAW_STREAM));
  return () => rng.int(0, 2 ** 31 - 1);
}

/**
 * The station's registration draw for one player (RULES 4: from the event seed stored in the save):
 * drawn from the seed and the player's id, not their place in the list, so players registered at
 * once at two desks, or a batch typed ahead of the screen, each get their own draw.
 */
export function registrationDrawFor(seed: number, id: string): number {
  const parts = Array.from(id, (c) => c.codePointAt(0) as number);
  return createRng(deriveSeed(seed, REGISTRATION_DRAW_STREAM, id.length, ...parts)).int(0, 2 ** 31 - 1);
}

/** The seed a round's pairing is recorded with when the transcript does not say (round r of seed s). */
export function roundSeed(seed: number, round: number): number {
  return deriveSeed(seed, round);
}
