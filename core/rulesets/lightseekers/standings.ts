/**
 * Lightseekers standings (RULES.md section 3 "lightseekers-competitive"; conformance README keys
 * `vp`, `longevity`, `bestVp`; points = game wins). Used by all three structures.
 *
 * Over the Swiss rounds (playoff tables do not count; a table without a result is ignored):
 * 1. points: games won;
 * 2. `vp`: Victory Points summed over every game;
 * 3. `longevity`: in each game one point for every player defeated before the player, summed;
 * 4. `bestVp`: the most VP scored in a single game;
 * then "organiser's choice": players equal on all four get `tiedWith` (the others of the tie); the
 * organiser's order (`decide-tie`, kept in `state.tieDecisions`) places them, with `tieDecision` its
 * reason; undecided, they get `organiserDecides: true` and are listed in registration-draw order (the
 * stored final tiebreaker of RULES 1, so the list is stable) — Podium's order, not a ruling.
 * Dropped players keep their record and stay in the list. A late entry has a lost game (0 VP) for
 * each Swiss round before they joined when `lateEntryRecord` is 'loss' (RULES 1 reading).
 * `lightseekers-large`: each group is its own event — the list holds group 1's standings, then group
 * 2's, ...; ranks count within the group and each row carries `group` (players with no group yet, before
 * round 1, come last as one list).
 */
import { fail } from '../../model/errors.js';
import type { EventState, Player, PlayerId, Standing, TieDecision } from '../../model/types.js';
import { gameOutcome, isLightseekersResult } from './results.js';
import type { LightseekersVariant } from './variant.js';

export interface LightseekersRecord {
  id: PlayerId;
  games: number;
  wins: number;
  vp: number;
  longevity: number;
  bestVp: number;
  lateEntryLosses: number;
}

/** Every registered player's Swiss record, keyed by id. */
export function lightseekersRecords(state: EventState): Map<PlayerId, LightseekersRecord> {
  const records = new Map<PlayerId, LightseekersRecord>();
  for (const p of state.players) records.set(p.id, { id: p.id, games: 0, wins: 0, vp: 0, longevity: 0, bestVp: 0, lateEntryLosses: 0 });
  const swissNumbers: number[] = [];
  for (const round of state.rounds) {
    if (round.stage !== 'swiss') continue;
    swissNumbers.push(round.number);
    for (const table of round.tables) {
      const result = table.result;
      if (!isLightseekersResult(result)) continue;
      const outcome = gameOutcome(result, table.seats);
      for (const id of table.seats) {
        const r = records.get(id);
        if (!r) continue;
        const vp = result.vp[id] ?? 0;
        r.games += 1;
        r.vp += vp;
        r.longevity += outcome.longevity.get(id) ?? 0;
        if (vp > r.bestVp) r.bestVp = vp;
        if (id === outcome.winner) r.wins += 1;
      }
    }
  }
  if (state.settings.lateEntryRecord === 'loss') {
    for (const p of state.players) {
      if (p.joinedRound <= 1) continue;
      const r = records.get(p.id) as LightseekersRecord;
      r.lateEntryLosses = swissNumbers.filter((n) => n < p.joinedRound).length;
      r.games += r.lateEntryLosses;
    }
  }
  return records;
}

function compareRecords(a: LightseekersRecord, b: LightseekersRecord): number {
  return b.wins - a.wins || b.vp - a.vp || b.longevity - a.longevity || b.bestVp - a.bestVp;
}

/**
 * Rank `players` (one event or one group) by RULES 3; ties on everything are the organiser's: a
 * run of tied players that a decision names exactly (the latest such `decide-tie`) goes in the
 * decided order with its reason; any other is flagged `organiserDecides`, in registration-draw order.
 */
export function rankPlayers(players: readonly Player[], records: ReadonlyMap<PlayerId, LightseekersRecord>, group?: number, decisions: readonly TieDecision[] = []): Standing[] {
  const rows = players.map((player) => ({ player, record: records.get(player.id) as LightseekersRecord }));
  rows.sort(
    (x, y) =>
      compareRecords(x.record, y.record) ||
      x.player.draw - y.player.draw ||
      (x.player.id < y.player.id ? -1 : x.player.id > y.player.id ? 1 : 0),
  );
  // Runs of players equal on every criterion: the organiser decides between them.
  const decided = new Map<number, TieDecision>();
  for (let start = 0; start < rows.length; ) {
    let end = start + 1;
    while (end < rows.length && compareRecords((rows[start] as (typeof rows)[number]).record, (rows[end] as (typeof rows)[number]).record) === 0) end++;
    if (end - start > 1) {
      const run = rows.slice(start, end);
      const ids = new Set(run.map((r) => r.player.id));
      const decision = [...decisions].reverse().find((d) => d.players.length === ids.size && d.players.every((id) => ids.has(id)));
      if (decision) {
        run.sort((x, y) => decision.players.indexOf(x.player.id) - decision.players.indexOf(y.player.id));
        rows.splice(start, run.length, ...run);
        decided.set(start, decision);
      }
    }
    start = end;
  }
  const standings = rows.map(({ player, record: r }, i): Standing => ({
    rank: i + 1,
    id: player.id,
    name: player.name,
    points: r.wins,
    dropped: player.droppedAfterRound !== undefined,
    tiebreakers: { vp: r.vp, longevity: r.longevity, bestVp: r.bestVp },
    record: { wins: r.wins, losses: r.games - r.wins, draws: 0, byes: 0 },
    ...(group !== undefined ? { group } : {}),
  }));
  for (let start = 0; start < rows.length; ) {
    let end = start + 1;
    while (end < rows.length && compareRecords((rows[start] as (typeof rows)[number]).record, (rows[end] as (typeof rows)[number]).record) === 0) end++;
    if (end - start > 1) {
      const ids = standings.slice(start, end).map((s) => s.id);
      const decision = decided.get(start);
      for (let i = start; i < end; i++) {
        const s = standings[i] as Standing;
        s.tiedWith = ids.filter((id) => id !== s.id);
        if (decision) s.tieDecision = decision.reason;
        else s.organiserDecides = true;
      }
    }
    start = end;
  }
  return standings;
}

/**
 * RULES 3: an order the organiser may give is one for exactly the players of a tie on every
 * criterion (in one group of a large event), as the standings stand now.
 */
export function checkTieDecision(variant: LightseekersVariant, state: EventState, players: readonly PlayerId[]): void {
  const standings = lightseekersStandings(variant, swissOnly(state));
  const named = new Set(players);
  const first = standings.find((s) => named.has(s.id));
  const tie = first ? new Set([first.id, ...(first.tiedWith ?? [])]) : new Set<PlayerId>();
  const name = (id: PlayerId): string => state.players.find((p) => p.id === id)?.name ?? id;
  if (tie.size < 2) fail('invalid-input', `${name(players[0] as PlayerId)} is not tied with anyone on game wins, VP, longevity and best VP: the standings order them`);
  const missing = [...tie].filter((id) => !named.has(id));
  const outside = players.filter((id) => !tie.has(id));
  if (outside.length > 0 || missing.length > 0)
    fail(
      'invalid-input',
      `the tie to decide is ${[...tie].map(name).join(', ')} (equal on game wins, VP, longevity and best VP)${outside.length > 0 ? `; ${outside.map(name).join(', ')} ${outside.length === 1 ? 'is' : 'are'} not part of it` : ''}${missing.length > 0 ? `; ${missing.map(name).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing from the order` : ''}`,
    );
}

/** The players of each group (group number → players, in registration order); ungrouped under 0. */
export function playersByGroup(state: EventState): Map<number, Player[]> {
  const groups = new Map<number, Player[]>();
  for (const p of state.players) {
    const g = p.group ?? 0;
    let list = groups.get(g);
    if (!list) groups.set(g, (list = []));
    list.push(p);
  }
  return groups;
}

/** The event as it stood at the end of the Swiss rounds (playoff rounds and cut left out). */
export function swissOnly(state: EventState): EventState {
  const { playoff: _playoff, ...rest } = state;
  return { ...rest, rounds: state.rounds.filter((r) => r.stage === 'swiss') };
}

export function lightseekersStandings(variant: LightseekersVariant, state: EventState): Standing[] {
  const records = lightseekersRecords(state);
  const decisions = state.tieDecisions ?? [];
  if (variant.structure !== 'large') return rankPlayers(state.players, records, undefined, decisions);
  const groups = playersByGroup(state);
  const numbers = [...groups.keys()].filter((g) => g > 0).sort((a, b) => a - b);
  const out: Standing[] = [];
  for (const g of numbers) out.push(...rankPlayers(groups.get(g) as Player[], records, g, decisions));
  const ungrouped = groups.get(0);
  if (ungrouped) out.push(...rankPlayers(ungrouped, records, undefined, decisions));
  return out;
}

/** The standings of one group of a large event (the whole event for the other structures). */
export function groupStandings(state: EventState, group: number | undefined): Standing[] {
  const records = lightseekersRecords(state);
  const players = group === undefined ? state.players : state.players.filter((p) => p.group === group);
  return rankPlayers(players, records, group, state.tieDecisions ?? []);
}
