/**
 * What a transcript may leave out, read the way the rule set makes it (load.ts): lightseekers-large
 * groups, awarded byes, the playoff cut, the seeds waiting, the seed order.
 */
import type { EventState, PlayerId, PlayoffState, Table } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { roundSeed } from './draws.js';
import type { Transcript, TranscriptRound } from './schema.js';

/**
 * `lightseekers-large` groups a transcript does not list, read off its Swiss rounds: players who
 * shared a table are in one group (connected components), numbered in order of first appearance.
 */
export function groupsFromRounds(t: Transcript): string[][] {
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    let node = id;
    while (node !== root) {
      const up = parent.get(node) as string;
      parent.set(node, root);
      node = up;
    }
    return root;
  };
  const order: string[] = [];
  for (const round of t.rounds) {
    if ((round.stage ?? 'swiss') !== 'swiss') continue;
    for (const table of round.tables) {
      for (const id of table.seats) {
        if (!parent.has(id)) {
          parent.set(id, id);
          order.push(id);
        }
      }
      const first = table.seats[0];
      if (first !== undefined) for (const id of table.seats.slice(1)) parent.set(find(id), find(first));
    }
  }
  const groups = new Map<string, string[]>();
  for (const id of order) {
    const root = find(id);
    let list = groups.get(root);
    if (!list) groups.set(root, (list = []));
    list.push(id);
  }
  return [...groups.values()];
}

/**
 * lightseekers-large: each player's group goes with the first Swiss round they can play (listed,
 * or read off the rounds); a version-1 transcript has every group with its first Swiss round. The
 * function gives, for a Swiss round with these players registered, the groups of those not yet
 * grouped (undefined when there are none); each call records what it gave.
 */
export function groupsAsRegistered(t: Transcript): (registered: ReadonlySet<string>) => string[][] | undefined {
  const groups: string[][] | undefined =
    t.groups ?? (getRuleset(t.ruleset).presentation.groups && t.rounds.length > 0 ? groupsFromRounds(t) : undefined);
  const grouped = new Set<string>();
  return (registered) => {
    if (!groups) return undefined;
    const now = groups.map((members) => members.filter((id) => registered.has(id) && !grouped.has(id)));
    if (!now.some((members) => members.length > 0)) return undefined;
    for (const members of now) for (const id of members) grouped.add(id);
    return now;
  };
}

/**
 * MTR App. E (README: `awardedByes` counts as that many bye rounds): a transcript may list a
 * player's awarded byes in the rounds' `byes` (as Podium writes them), or leave them out. A player
 * with awarded byes whom none of the rounds those byes cover lists anywhere (at a table, in the
 * byes) while they are in the event gets them; a player listed in one of those rounds has their
 * rounds as listed (a reinstated drop, a later edit of the byes). Round number → player ids.
 */
export function unlistedAwardedByes(t: Transcript): Map<number, string[]> {
  const placed = t.rounds.map((round) => new Set([...round.tables.flatMap((x) => x.seats), ...(round.byes ?? [])]));
  const droppedAfter = new Map<string, number>();
  t.rounds.forEach((round, r) => {
    for (const id of round.drops ?? []) if (!droppedAfter.has(id)) droppedAfter.set(id, r + 1);
  });
  const out = new Map<number, string[]>();
  for (const p of t.players) {
    const covered: number[] = [];
    for (let n = p.entersRound ?? 1; n <= Math.min(p.awardedByes ?? 0, t.rounds.length); n++) {
      if (t.rounds[n - 1]?.stage === 'playoff' || (droppedAfter.get(p.id) ?? Infinity) < n) break;
      covered.push(n);
    }
    if (covered.length === 0 || covered.some((n) => placed[n - 1]?.has(p.id))) continue;
    for (const n of covered) {
      let list = out.get(n);
      if (!list) out.set(n, (list = []));
      list.push(p.id);
    }
  }
  return out;
}

/** The same players at the same tables (seat order and table numbers aside). */
function sameTables(a: readonly Pick<Table, 'seats'>[], b: readonly Pick<Table, 'seats'>[]): boolean {
  const key = (tables: readonly Pick<Table, 'seats'>[]): string =>
    tables
      .map((t) => JSON.stringify([...t.seats].sort()))
      .sort()
      .join('|');
  return a.length === b.length && key(a) === key(b);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
}

/**
 * The cut before the first playoff round `round` (number `n`), when the transcript does not list it.
 * Version 2: the first of the rule set's cuts whose first round seats the round's tables (and waits
 * the listed `waiting`): its seeds and top. Otherwise (and always in version 1): the round's players,
 * seeded in order of the Swiss standings.
 */
export function inferCut(state: EventState, round: TranscriptRound, n: number, seed: number, v2: boolean): PlayoffState {
  const entrants = [...round.tables.flatMap((table) => table.seats), ...(round.byes ?? []), ...(round.waiting ?? [])];
  if (v2 && (round.byes ?? []).length === 0) {
    const ruleset = getRuleset(state.ruleset);
    for (const top of ruleset.playoffCuts) {
      if (top < entrants.length) continue;
      try {
        const cut = ruleset.playoff(state, { top }, roundSeed(seed, n));
        if (!sameTables(cut.tables, round.tables)) continue;
        if (round.waiting !== undefined && !sameSet(cut.waiting, round.waiting)) continue;
        return { top, draft: false, seeds: [...cut.seeds] };
      } catch {
        // not this cut
      }
    }
  }
  return { top: entrants.length, draft: false, seeds: seedOrder(state, entrants) };
}

/** Version 2: the seeds the rule set's own next playoff round leaves waiting, when its tables are the round's. */
export function inferWaiting(state: EventState, round: TranscriptRound, n: number, seed: number): PlayerId[] | undefined {
  try {
    const next = getRuleset(state.ruleset).nextPlayoffRound(state, roundSeed(seed, n));
    if (!next || !next.waiting || next.waiting.length === 0) return undefined;
    if (!sameTables(next.tables, round.tables)) return undefined;
    if (!sameSet(next.byes.map((b) => b.player), round.byes ?? [])) return undefined;
    return [...next.waiting];
  } catch {
    return undefined;
  }
}

/**
 * Playoff seeds, seed 1 first: the players of the first playoff round in the order of the Swiss
 * standings at the cut (what the rule set's bracket and re-seeding read). When the standings
 * cannot be computed, the order the transcript seats them in.
 */
function seedOrder(state: EventState, entrants: PlayerId[]): PlayerId[] {
  try {
    const rank = new Map(getRuleset(state.ruleset).standings(state).map((s, i) => [s.id, i]));
    if (entrants.every((id) => rank.has(id)))
      return [...entrants].sort((a, b) => (rank.get(a) as number) - (rank.get(b) as number));
  } catch {
    // fall through: the seats' order
  }
  return entrants;
}
