/**
 * Each player's points before a round was played: the standings of the Swiss rounds before it. What
 * pairings print beside each name, what the phones show at a table, what the station's pairings and
 * result entry show, and what a table fix checks pair-downs against (MTR 2.10's "points" of the
 * pairing rules; RULES 1, 2, 3).
 *
 * One answer per event and round, cached once for every caller: reused while its inputs are the
 * same objects (the host folds a state whose earlier rounds stay the same objects), or else the same
 * content (a window's state arrives freshly parsed with every push), since standings of a big event
 * cost far more than comparing what they were computed from.
 */
import type { EventState, PlayerId, Round } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';

/** What the points before a round are computed from: everything else in a state leaves them as they are. */
function inputsOf(state: EventState, earlier: readonly Round[]): readonly unknown[] {
  return [state.ruleset, state.settings, state.players, state.penalties, ...earlier];
}

interface Cached {
  inputs: readonly unknown[];
  /** The inputs' content, written out when a caller's inputs are other objects. */
  signature?: string;
  points: ReadonlyMap<PlayerId, number>;
}

/** Answers by event id and round; a few events' worth (the oldest dropped first). */
const cache = new Map<string, Cached>();
const CACHE_SIZE = 64;

const sameObjects = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((item, i) => item === b[i]);
const signatureOf = (inputs: readonly unknown[]): string => JSON.stringify(inputs);

/**
 * Points each player had before round `round` (a number: the rounds before it count, playoff rounds
 * aside). Empty when the rule set cannot compute standings of that partial state. Shared: do not
 * change the map.
 */
export function pointsBeforeRound(state: EventState, round: number): ReadonlyMap<PlayerId, number> {
  const earlier = state.rounds.filter((r) => r.number < round && r.stage === 'swiss');
  const inputs = inputsOf(state, earlier);
  const key = `${state.id}|${round}`;
  const hit = cache.get(key);
  if (hit && sameObjects(hit.inputs, inputs)) return hit.points;
  const signature = hit ? signatureOf(inputs) : undefined;
  if (hit && signature !== undefined && (hit.signature ??= signatureOf(hit.inputs)) === signature) {
    hit.inputs = inputs;
    return hit.points;
  }
  const points = computePoints(state, earlier);
  cache.delete(key);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, { inputs, ...(signature !== undefined ? { signature } : {}), points });
  return points;
}

function computePoints(state: EventState, earlier: Round[]): Map<PlayerId, number> {
  const before: EventState = { ...state, rounds: earlier };
  delete before.playoff;
  try {
    return new Map(getRuleset(state.ruleset).standings(before).map((s) => [s.id, s.points]));
  } catch {
    // A partial state a rule set refuses: no points rather than no pairings.
    return new Map();
  }
}
