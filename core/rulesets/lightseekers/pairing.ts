/**
 * Lightseekers rounds (RULES.md section 3): random tables whose sizes come from tables.ts, and — for
 * every structure — no (player, target) pair twice in an event.
 *
 * **Target.** Seat k targets seat k + 1; the last seat targets seat 1. **Decision (RULES 3):** "no
 * player can have the same Target more than once" forbids an ordered pair (player, target) from
 * repeating; sitting together again, or targeting each other in the other direction, is allowed.
 * Only the rounds before the final count (finalists choose their own seats).
 *
 * **Search.** Seats are dealt from a seeded shuffle of the players, table after table, each seat
 * taking the first player left in the shuffled order whose placing repeats no pair (the seat before
 * must not have targeted them; a table's last seat must not have targeted its first), backtracking
 * when a table cannot be closed. The search has a node budget; when it runs out a new shuffle is
 * tried, up to `RESTARTS` times. Only when every restart fails (a tiny field late in an event, where
 * no arrangement may exist) does a local search keep the arrangement with the fewest repeated pairs,
 * each reported as a warning. Round 1 (nothing to avoid) is simply the shuffled order.
 *
 * **Large events.** Round 1 draws the groups: the active players shuffled and cut into the sizes of
 * `largeGroupSizes` (group 1 first). A player entering after the draw joins the group with the fewest
 * active players (the lowest number on a tie). The proposal returns every group (`groups`) so the
 * `pair-round` command records them; each group is then paired on its own, its tables numbered after
 * the previous group's.
 */
import { activePlayers } from '../../event/queries.js';
import { fail } from '../../model/errors.js';
import type { EventState, PairingProposal, PairingWarning, Player, PlayerId, Round, Table } from '../../model/types.js';
import { placeFixedSeats } from '../../pairing/fixed-seats.js';
import { type Rng, createRng, deriveSeed } from '../../random/rng.js';
import { plural } from '../../text/format.js';
import { casualTableSizes, competitiveTableSizes, describeSizes, largeGroupSizes } from './tables.js';
import type { LightseekersVariant } from './variant.js';

/** Sub-streams of a round's seed. */
const TABLE_STREAM = 1;
const GROUP_STREAM = 3;
/** New shuffles tried before the fewest-repeats fallback. */
export const RESTARTS = 60;

/** The pairs (player → targets) of a seat order: seat k targets k + 1, the last seat targets seat 1. */
export function targetsOf(seats: readonly PlayerId[]): [PlayerId, PlayerId][] {
  if (seats.length < 2) return [];
  return seats.map((id, k) => [id, seats[(k + 1) % seats.length] as PlayerId]);
}

/** Every (player, target) pair of the Swiss rounds so far: player → the targets they have had. */
export function targetHistory(rounds: readonly Round[]): Map<PlayerId, Set<PlayerId>> {
  const history = new Map<PlayerId, Set<PlayerId>>();
  for (const round of rounds) {
    if (round.stage !== 'swiss') continue;
    for (const table of round.tables) {
      for (const [player, target] of targetsOf(table.seats)) {
        let set = history.get(player);
        if (!set) history.set(player, (set = new Set()));
        set.add(target);
      }
    }
  }
  return history;
}

export interface Arrangement {
  /** Seat orders, one per size, in the order of the sizes. */
  tables: PlayerId[][];
  /** (player, target) pairs that repeat: empty unless no arrangement without one was found. */
  repeats: [PlayerId, PlayerId][];
}

/**
 * Seat `players` at tables of `sizes` (which must add up to the count) at random, repeating no pair
 * of `history` where the search finds a way (see the file comment).
 */
export function arrangeTables(
  players: readonly PlayerId[],
  sizes: readonly number[],
  history: ReadonlyMap<PlayerId, ReadonlySet<PlayerId>>,
  rng: Rng,
): Arrangement {
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total !== players.length) fail('invalid-input', `cannot seat ${players.length} players at tables of ${describeSizes(sizes)}`);
  const n = players.length;
  if (n === 0) return { tables: [], repeats: [] };
  const anyHistory = players.some((id) => (history.get(id)?.size ?? 0) > 0);
  const cut = (order: readonly PlayerId[]): PlayerId[][] => {
    const tables: PlayerId[][] = [];
    let at = 0;
    for (const size of sizes) {
      tables.push(order.slice(at, at + size));
      at += size;
    }
    return tables;
  };
  if (!anyHistory) return { tables: cut(rng.shuffle(players)), repeats: [] };

  let best: PlayerId[] | undefined;
  let bestRepeats = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < RESTARTS; attempt++) {
    const order = rng.shuffle(players);
    const found = dealWithoutRepeats(order, sizes, history, 40 * n + 2000);
    if (found) return { tables: cut(found), repeats: [] };
    if (attempt === 0) {
      best = order;
      bestRepeats = countRepeats(cut(order), history);
    }
  }
  // No arrangement found without a repeat: the fewest repeats a local search reaches.
  const improved = fewestRepeats(best as PlayerId[], sizes, history, rng);
  const order = countRepeats(cut(improved), history) <= bestRepeats ? improved : (best as PlayerId[]);
  const tables = cut(order);
  return { tables, repeats: repeatedPairs(tables, history) };
}

function repeatedPairs(tables: readonly PlayerId[][], history: ReadonlyMap<PlayerId, ReadonlySet<PlayerId>>): [PlayerId, PlayerId][] {
  const out: [PlayerId, PlayerId][] = [];
  for (const seats of tables) for (const [a, b] of targetsOf(seats)) if (history.get(a)?.has(b)) out.push([a, b]);
  return out;
}

function countRepeats(tables: readonly PlayerId[][], history: ReadonlyMap<PlayerId, ReadonlySet<PlayerId>>): number {
  return repeatedPairs(tables, history).length;
}

/**
 * Depth-first dealing in `order` (a dancing-links list of the players left, so the first allowed
 * player is found in a step or two). Null when the node budget runs out or nothing works.
 */
function dealWithoutRepeats(
  order: readonly PlayerId[],
  sizes: readonly number[],
  history: ReadonlyMap<PlayerId, ReadonlySet<PlayerId>>,
  budget: number,
): PlayerId[] | null {
  const n = order.length;
  const banned = (a: number, b: number): boolean => history.get(order[a] as PlayerId)?.has(order[b] as PlayerId) ?? false;
  // Table bounds of each seat position.
  const startOf = new Int32Array(n);
  const endOf = new Int32Array(n);
  let at = 0;
  for (const size of sizes) {
    for (let k = 0; k < size; k++) {
      startOf[at + k] = at;
      endOf[at + k] = at + size;
    }
    at += size;
  }
  // Doubly linked list of the players not yet seated; index n is the head sentinel.
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  for (let i = 0; i <= n; i++) {
    next[i] = (i + 1) % (n + 1);
    prev[i] = (i + n) % (n + 1);
  }
  const seq = new Int32Array(n);
  // cur[pos]: the candidate now placed at pos (-1: none yet). Iterative, so any field size is safe.
  const cur = new Int32Array(n).fill(-1);
  let nodes = 0;
  let pos = 0;
  while (pos < n) {
    if (++nodes > budget) return null;
    let c: number;
    const placed = cur[pos] as number;
    if (placed === -1) c = next[n] as number;
    else {
      // Take the player placed here back, then try the ones after them.
      next[prev[placed] as number] = placed;
      prev[next[placed] as number] = placed;
      c = next[placed] as number;
    }
    const start = startOf[pos] as number;
    const isFirst = pos === start;
    const isLast = pos === (endOf[pos] as number) - 1;
    const before = isFirst ? -1 : (seq[pos - 1] as number);
    const first = isFirst ? -1 : (seq[start] as number);
    let found = -1;
    for (; c !== n; c = next[c] as number) {
      if (!isFirst && banned(before, c)) continue;
      if (isLast && !isFirst && banned(c, first)) continue;
      found = c;
      break;
    }
    if (found === -1) {
      cur[pos] = -1;
      pos--;
      if (pos < 0) return null;
      continue;
    }
    next[prev[found] as number] = next[found] as number;
    prev[next[found] as number] = prev[found] as number;
    cur[pos] = found;
    seq[pos] = found;
    pos++;
  }
  return Array.from(seq, (i) => order[i] as PlayerId);
}

/** Random swaps that never add a repeated pair, keeping the best arrangement seen. */
function fewestRepeats(
  start: readonly PlayerId[],
  sizes: readonly number[],
  history: ReadonlyMap<PlayerId, ReadonlySet<PlayerId>>,
  rng: Rng,
): PlayerId[] {
  const n = start.length;
  const order = [...start];
  const succ = new Int32Array(n);
  const pred = new Int32Array(n);
  let at = 0;
  for (const size of sizes) {
    for (let k = 0; k < size; k++) {
      succ[at + k] = at + ((k + 1) % size);
      pred[at + k] = at + ((k + size - 1) % size);
    }
    at += size;
  }
  const bad = (p: number, q: number): number => (p !== q && history.get(order[p] as PlayerId)?.has(order[q] as PlayerId) ? 1 : 0);
  const local = (i: number, j: number): number => {
    // The arcs touching positions i and j, each counted once.
    const arcs = new Set<number>();
    for (const p of [i, j]) {
      arcs.add((pred[p] as number) * n + p);
      arcs.add(p * n + (succ[p] as number));
    }
    let cost = 0;
    for (const arc of arcs) cost += bad(Math.floor(arc / n), arc % n);
    return cost;
  };
  let cost = 0;
  for (let p = 0; p < n; p++) cost += bad(p, succ[p] as number);
  let best = [...order];
  let bestCost = cost;
  const iterations = Math.min(200_000, 400 * n);
  for (let step = 0; step < iterations && bestCost > 0; step++) {
    const i = rng.int(0, n - 1);
    const j = rng.int(0, n - 1);
    if (i === j) continue;
    const before = local(i, j);
    [order[i], order[j]] = [order[j] as PlayerId, order[i] as PlayerId];
    const after = local(i, j);
    if (after > before) {
      [order[i], order[j]] = [order[j] as PlayerId, order[i] as PlayerId];
      continue;
    }
    cost += after - before;
    if (cost < bestCost) {
      bestCost = cost;
      best = [...order];
    }
  }
  return best;
}

function nameIn(state: EventState): (id: PlayerId) => string {
  const names = new Map(state.players.map((p) => [p.id, p.name]));
  return (id) => names.get(id) ?? id;
}

function countWarning(variant: LightseekersVariant, count: number): PairingWarning | undefined {
  const { min, max } = variant.players;
  if (count >= min && count <= max) return undefined;
  return {
    kind: 'info',
    message: `${variant.id} is written for ${min} to ${max} players; this event has ${count} (a warning only, RULES 4)`,
    players: [],
  };
}

/**
 * The groups of a large event for round `roundNumber`: the recorded ones, with the round-1 draw or a
 * late entry's placement added when some active player has none. `changed` says whether the
 * pairing must record them.
 */
export function largeGroups(state: EventState, roundNumber: number, seed: number): { groups: PlayerId[][]; changed: boolean } {
  const active = activePlayers(state, roundNumber);
  const grouped = state.players.filter((p) => p.group !== undefined);
  const count = Math.max(0, ...grouped.map((p) => p.group as number));
  const groups: PlayerId[][] = Array.from({ length: count }, () => []);
  for (const p of grouped) (groups[(p.group as number) - 1] as PlayerId[]).push(p.id);
  const ungrouped = active.filter((p) => p.group === undefined).map((p) => p.id);
  if (ungrouped.length === 0) return { groups, changed: false };
  const rng = createRng(deriveSeed(seed, GROUP_STREAM));
  if (grouped.length === 0) {
    const shuffled = rng.shuffle(ungrouped);
    const out: PlayerId[][] = [];
    let at = 0;
    for (const size of largeGroupSizes(shuffled.length)) {
      out.push(shuffled.slice(at, at + size));
      at += size;
    }
    return { groups: out, changed: true };
  }
  const activeIds = new Set(active.map((p) => p.id));
  const sizes = groups.map((members) => members.filter((id) => activeIds.has(id)).length);
  for (const id of rng.shuffle(ungrouped)) {
    let target = 0;
    for (let g = 1; g < sizes.length; g++) if ((sizes[g] as number) < (sizes[target] as number)) target = g;
    (groups[target] as PlayerId[]).push(id);
    sizes[target] = (sizes[target] as number) + 1;
  }
  return { groups, changed: true };
}

export function lightseekersPair(variant: LightseekersVariant, state: EventState, seed: number): PairingProposal {
  const roundNumber = state.rounds.length + 1;
  if (state.playoff) fail('not-allowed', 'the final table has been cut: no more rounds before it');
  const nameOf = nameIn(state);
  const warnings: PairingWarning[] = [];
  const countNote = countWarning(variant, state.players.length);
  if (countNote) warnings.push(countNote);
  const played = state.rounds.filter((r) => r.stage === 'swiss').length;
  if (played >= variant.rounds)
    warnings.push({
      kind: 'info',
      message: `${variant.id} plays ${variant.rounds === 1 ? 'one round' : `${variant.rounds} rounds`} before the final; round ${played + 1} is an extra round`,
      players: [],
    });

  const history = targetHistory(state.rounds);
  const rng = createRng(deriveSeed(seed, TABLE_STREAM));
  const active = activePlayers(state, roundNumber);
  const tables: Table[] = [];
  const repeats: { warning: PairingWarning; a: PlayerId; b: PlayerId; label: string; first: number }[] = [];
  const seatTables = (ids: readonly PlayerId[], sizes: readonly number[], label: string): void => {
    const arrangement = arrangeTables(ids, sizes, history, rng);
    const first = tables.length + 1;
    arrangement.tables.forEach((seats) => tables.push({ table: tables.length + 1, seats }));
    for (const [a, b] of arrangement.repeats) {
      // Worded once the tables have their final numbers (fixed tables, below).
      const warning: PairingWarning = { kind: 'rematch', message: '', players: [a, b] };
      warnings.push(warning);
      repeats.push({ warning, a, b, label, first });
    }
    if (variant.structure !== 'casual' && sizes.includes(3) && ids.length >= 8)
      warnings.push({
        kind: 'smaller-pod',
        message: `${ids.length} players${label} cannot all sit at tables of 4 and 5: tables of ${describeSizes(sizes)}`,
        players: [],
      });
  };

  let groups: PlayerId[][] | undefined;
  if (variant.structure === 'large') {
    const drawn = largeGroups(state, roundNumber, seed);
    if (drawn.changed) groups = drawn.groups;
    const activeIds = new Set(active.map((p) => p.id));
    drawn.groups.forEach((members, index) => {
      const playing = members.filter((id) => activeIds.has(id));
      if (playing.length === 0) return;
      if (playing.length < 3)
        fail('invalid-input', `group ${index + 1} has ${plural(playing.length, 'player')} left: a table needs at least 3`);
      seatTables(playing, competitiveTableSizes(playing.length), ` in group ${index + 1}`);
    });
  } else {
    const ids = active.map((p: Player) => p.id);
    const sizes = variant.structure === 'casual' ? casualTableSizes(ids.length) : competitiveTableSizes(ids.length);
    seatTables(ids, sizes, '');
  }
  // Fixed tables renumber the tables (core/pairing/fixed-seats.ts); seat order is the
  // targets' (no seat to fix), and in the same order the tables keep their groups.
  const fixed = placeFixedSeats(state.players, tables, { seats: false, keepOrder: true });
  for (const { warning, a, b, label, first } of repeats) {
    const table = fixed.tables.slice(first - 1).find((t) => t.seats.includes(a));
    warning.message = `${nameOf(a)} targets ${nameOf(b)} again (table ${table?.table ?? '?'}${label}): no arrangement avoids it`;
  }
  warnings.push(...fixed.warnings);
  return { tables: fixed.tables, byes: [], warnings, seed, ...(groups ? { groups } : {}) };
}
