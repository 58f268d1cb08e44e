/**
 * A brute-force reference for `pairSwiss` (core/pairing/swiss.ts): the exact lexicographic minimum
 * of the objective in that file's header, over EVERY legal pairing of a small input.
 *
 * The objective tuple, compared lexicographically (smaller is better):
 *   [secondByes, rematches, byeRankPenalty, cost]
 *   - secondByes: 1 when the bye goes to a player with byes > 0 while some player has byes == 0;
 *   - rematches: pairs (a, b) with met(a, b);
 *   - byeRankPenalty: the header's term 3, "the bye goes to a player with the fewest byes, the
 *     lowest-ranked among them": (recipient's byes − fewest byes) × (n + 1) + the number of players
 *     with as many byes as the recipient ranked below (larger rank number than) the recipient. So 0
 *     when the bye goes to the lowest-ranked player with the fewest byes; 0 without a bye. While
 *     somebody has had no bye this is simply the number of players without a bye ranked below;
 *   - cost: Σ over pairs of (points a − points b)².
 *
 * Variant 'literal' (the first reading of the header, before it spelled out term 3): byeRankPenalty
 * counts only players with byes == 0 ranked below the recipient, so once everybody has had a bye it
 * is 0 for every choice and rematches and then cost alone decide who repeats the bye (even the
 * leader). The variants differ only when nobody is without a bye.
 *
 * `exhaustiveOptimum` enumerates every bye choice and, for the rest, every perfect pairing by
 * pairing the lowest unpaired index with each other unpaired player in turn. Because rematches and
 * cost are sums over pairs, the best completion of a set of still-unpaired players does not depend
 * on how the others were paired, so each such set is solved once and remembered (a subset table);
 * this visits every pairing implicitly and makes 16 players (17 with a bye) take milliseconds.
 * `allPairings` is the literal enumeration (one pairing at a time) for cross-checking the above on
 * small inputs.
 */
import type { SwissInput, SwissPairing } from '../../core/pairing/swiss.js';

export type Objective = [secondByes: number, rematches: number, byeRankPenalty: number, cost: number];

export interface PlainPairing {
  pairs: [string, string][];
  bye?: string;
}

export const MAX_EXHAUSTIVE_PLAYERS = 17;

export type ByeVariant = 'header' | 'literal';

/** Negative when a is better (smaller) than b. */
export function compareObjective(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export function formatObjective(t: readonly number[]): string {
  return `[secondByes ${t[0]}, rematches ${t[1]}, byeRank ${t[2]}, cost ${t[3]}]`;
}

/** Problems with a pairing as a pairing (not as an optimum); empty when valid. */
export function validatePairing(input: SwissInput, pairing: PlainPairing): string[] {
  const problems: string[] = [];
  const ids = new Set(input.players.map((p) => p.id));
  const seen = new Map<string, number>();
  const see = (id: string): void => {
    if (!ids.has(id)) problems.push(`unknown player "${id}"`);
    seen.set(id, (seen.get(id) ?? 0) + 1);
  };
  if (!Array.isArray(pairing.pairs)) return ['pairs is not an array'];
  for (const pair of pairing.pairs) {
    if (!Array.isArray(pair) || pair.length !== 2) {
      problems.push(`a pair is not two players: ${JSON.stringify(pair)}`);
      continue;
    }
    if (pair[0] === pair[1]) problems.push(`"${pair[0]}" is paired with themself`);
    see(pair[0]);
    see(pair[1]);
  }
  if (pairing.bye !== undefined) see(pairing.bye);
  for (const id of ids) {
    const n = seen.get(id) ?? 0;
    if (n !== 1) problems.push(`"${id}" appears ${n} times`);
  }
  const odd = input.players.length % 2 === 1;
  if (odd && pairing.bye === undefined) problems.push('odd number of players but no bye');
  if (!odd && pairing.bye !== undefined) problems.push(`even number of players but a bye (to "${pairing.bye}")`);
  return problems;
}

/** The objective tuple of one pairing (assumed valid; see validatePairing). */
export function evaluate(input: SwissInput, pairing: PlainPairing | SwissPairing, variant: ByeVariant = 'header'): Objective {
  const byId = new Map(input.players.map((p) => [p.id, p]));
  const get = (id: string) => {
    const p = byId.get(id);
    if (!p) throw new Error(`evaluate: unknown player "${id}"`);
    return p;
  };
  let rematches = 0;
  let cost = 0;
  for (const [a, b] of pairing.pairs) {
    if (input.met(a, b)) rematches++;
    const d = get(a).points - get(b).points;
    cost += d * d;
  }
  let secondByes = 0;
  let byeRankPenalty = 0;
  if (pairing.bye !== undefined) {
    const k = input.players.findIndex((p) => p.id === pairing.bye);
    if (k < 0) throw new Error(`evaluate: unknown player "${pairing.bye}"`);
    [secondByes, byeRankPenalty] = byeTerms(input, k, variant);
  }
  return [secondByes, rematches, byeRankPenalty, cost];
}

function byeTerms(input: SwissInput, index: number, variant: ByeVariant): [number, number] {
  const bye = input.players[index];
  if (!bye) throw new Error('byeTerms: bad index');
  const someoneWithout = input.players.some((p) => p.byes === 0);
  const second = bye.byes > 0 && someoneWithout ? 1 : 0;
  if (variant === 'literal') return [second, input.players.filter((p) => p.byes === 0 && p.rank > bye.rank).length];
  const fewest = Math.min(...input.players.map((p) => p.byes));
  const below = input.players.filter((p) => p.byes === bye.byes && p.rank > bye.rank).length;
  return [second, (bye.byes - fewest) * (input.players.length + 1) + below];
}

export interface ExhaustiveResult {
  objective: Objective;
  /** One pairing reaching the optimum. */
  pairing: PlainPairing;
  /** How many pairings reach it (ties the implementation may choose among). */
  optimalCount: number;
}

/** The exact lexicographic optimum over every legal pairing. Players ≤ 16 (17 with a bye). */
export function exhaustiveOptimum(input: SwissInput, variant: ByeVariant = 'header'): ExhaustiveResult {
  const players = input.players;
  const n = players.length;
  if (n > MAX_EXHAUSTIVE_PLAYERS || (n === MAX_EXHAUSTIVE_PLAYERS && n % 2 === 0))
    throw new Error(`exhaustiveOptimum: at most 16 players (17 with a bye), got ${n}`);
  if (n === 0) return { objective: [0, 0, 0, 0], pairing: { pairs: [] }, optimalCount: 1 };

  // Pair tables.
  const metM: boolean[][] = [];
  const costM: number[][] = [];
  for (let i = 0; i < n; i++) {
    metM.push([]);
    costM.push([]);
    for (let j = 0; j < n; j++) {
      const a = players[i]!;
      const b = players[j]!;
      metM[i]!.push(i !== j && input.met(a.id, b.id));
      const d = a.points - b.points;
      costM[i]!.push(d * d);
    }
  }

  // best[mask] = lexicographic min (rematches, cost) of a perfect pairing of the players in mask.
  const size = 1 << n;
  const bestRem = new Int32Array(size).fill(-1);
  const bestCost = new Float64Array(size);
  const bestPartner = new Int8Array(size);
  const ways = new Float64Array(size);
  bestRem[0] = 0;
  bestCost[0] = 0;
  ways[0] = 1;

  const solve = (mask: number): void => {
    if (bestRem[mask]! >= 0) return;
    let i = 0;
    while (!(mask & (1 << i))) i++;
    const rest = mask & ~(1 << i);
    let r = Infinity;
    let c = Infinity;
    let partner = -1;
    let count = 0;
    for (let j = i + 1; j < n; j++) {
      if (!(rest & (1 << j))) continue;
      const sub = rest & ~(1 << j);
      solve(sub);
      const rr = bestRem[sub]! + (metM[i]![j] ? 1 : 0);
      const cc = bestCost[sub]! + costM[i]![j]!;
      if (rr < r || (rr === r && cc < c)) {
        r = rr;
        c = cc;
        partner = j;
        count = ways[sub]!;
      } else if (rr === r && cc === c) {
        count += ways[sub]!;
      }
    }
    bestRem[mask] = r;
    bestCost[mask] = c;
    bestPartner[mask] = partner;
    ways[mask] = count;
  };

  const full = size - 1;
  let bestObjective: Objective | undefined;
  let bestMask = full;
  let byeIndex = -1;
  let optimalCount = 0;
  const candidates = n % 2 === 1 ? players.map((_, k) => k) : [-1];
  for (const k of candidates) {
    const mask = k < 0 ? full : full & ~(1 << k);
    solve(mask);
    const [second, penalty] = k < 0 ? [0, 0] : byeTerms(input, k, variant);
    const objective: Objective = [second, bestRem[mask]!, penalty, bestCost[mask]!];
    const cmp = bestObjective ? compareObjective(objective, bestObjective) : -1;
    if (cmp < 0) {
      bestObjective = objective;
      bestMask = mask;
      byeIndex = k;
      optimalCount = ways[mask]!;
    } else if (cmp === 0) {
      optimalCount += ways[mask]!;
    }
  }

  const pairs: [string, string][] = [];
  let mask = bestMask;
  while (mask) {
    let i = 0;
    while (!(mask & (1 << i))) i++;
    const j = bestPartner[mask]!;
    pairs.push([players[i]!.id, players[j]!.id]);
    mask &= ~(1 << i) & ~(1 << j);
  }
  const pairing: PlainPairing = byeIndex >= 0 ? { pairs, bye: players[byeIndex]!.id } : { pairs };
  return { objective: bestObjective as Objective, pairing, optimalCount };
}

/** Every legal pairing, one at a time (literal enumeration; use for ≤ 10 players or so). */
export function* allPairings(input: SwissInput): Generator<PlainPairing> {
  const ids = input.players.map((p) => p.id);
  function* perfect(rest: string[]): Generator<[string, string][]> {
    if (rest.length === 0) {
      yield [];
      return;
    }
    const [first, ...others] = rest as [string, ...string[]];
    for (let k = 0; k < others.length; k++) {
      const partner = others[k]!;
      const remaining = others.filter((_, m) => m !== k);
      for (const tail of perfect(remaining)) yield [[first, partner], ...tail];
    }
  }
  if (ids.length % 2 === 0) {
    for (const pairs of perfect(ids)) yield { pairs };
  } else {
    for (const bye of ids) for (const pairs of perfect(ids.filter((id) => id !== bye))) yield { pairs, bye };
  }
}

/** The optimum by literal enumeration, for cross-checking exhaustiveOptimum. */
export function enumeratedOptimum(input: SwissInput, variant: ByeVariant = 'header'): { objective: Objective; optimalCount: number } {
  let best: Objective | undefined;
  let count = 0;
  for (const pairing of allPairings(input)) {
    const t = evaluate(input, pairing, variant);
    const cmp = best ? compareObjective(t, best) : -1;
    if (cmp < 0) {
      best = t;
      count = 1;
    } else if (cmp === 0) count++;
  }
  return { objective: best ?? [0, 0, 0, 0], optimalCount: count };
}

/** A symmetric `met` from a list of pairs. */
export function metFrom(pairs: readonly (readonly [string, string])[]): (a: string, b: string) => boolean {
  const set = new Set<string>();
  for (const [a, b] of pairs) {
    set.add(`${a}\u0000${b}`);
    set.add(`${b}\u0000${a}`);
  }
  return (a, b) => set.has(`${a}\u0000${b}`);
}
