/**
 * A transcript's structure, independent of the rule set: player ids, seats, byes and drops, late
 * entries, fixed places, groups, the playoff cut, penalties and decklists. The first problem is a
 * PodiumError that says where ("round 3, table 2", "players[3].fixedSeat") and what.
 */
import { plural } from '../text/format.js';
import { fail } from '../model/errors.js';
import type { PlayerId } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import type { Transcript, TranscriptDecklist, TranscriptPenalty, TranscriptPlayoff, TranscriptRound, TranscriptTable } from './schema.js';

/** Player ids a result form of the README names (winner, games, excluded, defeated, vp). */
export function playersNamedInResult(result: Record<string, unknown>): PlayerId[] {
  const named: PlayerId[] = [];
  const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  if (typeof result.winner === 'string') named.push(result.winner);
  named.push(...strings(result.games).filter((g) => g !== 'draw'));
  named.push(...strings(result.excluded));
  named.push(...strings(result.defeated));
  if (result.vp !== null && typeof result.vp === 'object' && !Array.isArray(result.vp)) named.push(...Object.keys(result.vp));
  return named;
}

/** The transcript's players by id, and how a message names one ("Ann Archer (p1)"). */
interface Roster {
  players: Map<string, { name: string; index: number; enters: number }>;
  label(id: string): string;
}

/** The first structural problem of a shape-valid transcript, as a PodiumError; in transcript order. */
export function checkStructure(t: Transcript): void {
  const roster = rosterOf(t);
  checkLateEntries(t, roster);
  checkFixedPlaces(t, roster);
  t.rounds.forEach((round, r) => checkRound(round, r + 1, roster));
  if (t.groups !== undefined) checkGroups(t, t.groups, roster);
  if (t.playoff !== undefined) checkPlayoff(t.playoff, roster);
  (t.penalties ?? []).forEach((penalty, i) => checkPenalty(t, penalty, i, roster));
  const listed = new Map<string, number>();
  (t.decklists ?? []).forEach((decklist, i) => checkDecklist(t, decklist, i, roster, listed));
}

/**
 * As registration checks them: a fixed seat needs a fixed table, and a table is one
 * player's among those who do not drop (it holds one game a round). The rule set checks the seat.
 */
function checkFixedPlaces(t: Transcript, { label }: Roster): void {
  const dropped = new Set(t.rounds.flatMap((round) => round.drops ?? []));
  const holder = new Map<number, number>();
  t.players.forEach((p, index) => {
    if (p.fixedSeat !== undefined && p.fixedTable === undefined)
      fail('invalid-input', `players[${index}].fixedSeat: ${label(p.id)}: a fixed seat needs a fixed table ("fixedTable")`);
    if (p.fixedTable === undefined || dropped.has(p.id)) return;
    const other = holder.get(p.fixedTable);
    if (other !== undefined)
      fail(
        'invalid-input',
        `players[${index}].fixedTable: ${label(p.id)}: table ${p.fixedTable} is already the fixed table of ${label((t.players[other] as { id: string }).id)} (players[${other}]); a table holds one game a round, so two players who do not drop cannot both be fixed to it`,
      );
    holder.set(p.fixedTable, index);
  });
}

/**
 * A decklist: a player's, once; a round given with the reason of a list first registered after it
 * locked; corrections in the order made, in rounds of the transcript the player is in by then.
 * Whether each falls after the lock is checked as the journal is built (decklists.ts).
 */
function checkDecklist(t: Transcript, decklist: TranscriptDecklist, i: number, { players, label }: Roster, listed: Map<string, number>): void {
  const where = `decklists[${i}]`;
  const player = players.get(decklist.player);
  if (!player) fail('unknown-player', `${where}.player: unknown player id "${decklist.player}" (not in "players")`);
  const before = listed.get(decklist.player);
  if (before !== undefined)
    fail('invalid-input', `${where}.player: ${label(decklist.player)} has a list at decklists[${before}] already; a later list is one of its "corrections"`);
  listed.set(decklist.player, i);
  if (decklist.round !== undefined && decklist.reason === undefined)
    fail('invalid-input', `${where}.reason: missing: a list first registered after it locked (round ${decklist.round}) needs the reason (MTR 2.7)`);
  if (decklist.reason !== undefined && decklist.round === undefined)
    fail('invalid-input', `${where}.round: missing: a list registered with a reason was registered after it locked; give the round it was registered in`);
  let previous = decklist.round;
  const rounds = [
    ...(decklist.round !== undefined ? [{ round: decklist.round, path: `${where}.round` }] : []),
    ...(decklist.corrections ?? []).map((c, k) => ({ round: c.round, path: `${where}.corrections[${k}].round` })),
  ];
  for (const { round, path } of rounds) {
    if (round > t.rounds.length) fail('invalid-input', `${path}: round ${round} is not in the transcript (it has ${plural(t.rounds.length, 'round')})`);
    if (round < player.enters - 1)
      fail('not-allowed', `${path}: ${label(decklist.player)} enters in round ${player.enters} (entersRound) and is registered once round ${player.enters - 1} is paired, not in round ${round}`);
    if (previous !== undefined && round < previous)
      fail('invalid-input', `${path}: round ${round} comes before round ${previous} of the registration above it: corrections are listed in the order made`);
    previous = round;
  }
}

/** The players by id; a duplicate id is the first problem. */
function rosterOf(t: Transcript): Roster {
  const players = new Map<string, { name: string; index: number; enters: number }>();
  t.players.forEach((p, index) => {
    const before = players.get(p.id);
    if (before)
      fail('duplicate-player', `players[${index}]: duplicate player id "${p.id}" (${before.name} at players[${before.index}] and ${p.name})`);
    players.set(p.id, { name: p.name, index, enters: p.entersRound ?? 1 });
  });
  return { players, label: (id) => `${players.get(id)?.name ?? id} (${id})` };
}

/** A late entry enters at most one round after the last, and never after the cut. */
function checkLateEntries(t: Transcript, { label }: Roster): void {
  const firstPlayoff = t.rounds.findIndex((r) => r.stage === 'playoff') + 1;
  const latest = firstPlayoff > 0 ? firstPlayoff : t.rounds.length + 1;
  t.players.forEach((p, index) => {
    const enters = p.entersRound ?? 1;
    if (enters > latest)
      fail(
        'invalid-input',
        `players[${index}]: ${label(p.id)} has entersRound ${enters}, but ${firstPlayoff > 0 ? `the playoff starts with round ${firstPlayoff}` : `the transcript has ${plural(t.rounds.length, 'round')}`}: a late entry enters in round ${latest} at the latest`,
      );
  });
}

/** Round `n`: everyone placed once (tables, byes, waiting list) and entered by then; its no-shows, results and drops. */
function checkRound(round: TranscriptRound, n: number, roster: Roster): void {
  const { players, label } = roster;
  const playoff = round.stage === 'playoff';
  const seen = new Map<string, string>();
  const place = (id: string, where: string): void => {
    const player = players.get(id);
    if (!player) fail('unknown-player', `round ${n}, ${where}: unknown player id "${id}" (not in "players")`);
    const before = seen.get(id);
    if (before) fail('seated-twice', `round ${n}: ${label(id)} is seated twice (${before} and ${where})`);
    if (player.enters > n)
      fail('not-allowed', `round ${n}, ${where}: ${label(id)} enters in round ${player.enters} (entersRound) and cannot play round ${n}`);
    seen.set(id, where);
  };
  for (const table of round.tables) {
    for (const id of table.seats) place(id, `table ${table.table}`);
    checkTable(table, n, roster);
  }
  for (const id of round.byes ?? []) place(id, 'the byes');
  if (round.waiting !== undefined) {
    if (!playoff) fail('invalid-input', `round ${n}: "waiting" lists the seeds who skip a playoff round; round ${n} is a Swiss round`);
    for (const id of round.waiting) place(id, 'the waiting list');
  }
  const drops = new Set<string>();
  for (const id of round.drops ?? []) {
    const player = players.get(id);
    if (!player) fail('unknown-player', `round ${n}, drops: unknown player id "${id}" (not in "players")`);
    if (drops.has(id)) fail('invalid-input', `round ${n}, drops: ${label(id)} is listed twice`);
    if (player.enters > n + 1)
      fail('not-allowed', `round ${n}, drops: ${label(id)} enters in round ${player.enters} (entersRound) and cannot drop after round ${n}`);
    drops.add(id);
  }
}

/** A table of round `n`: its no-shows are at it, once, with a result; its result names only its players. */
function checkTable(table: TranscriptTable, n: number, { players, label }: Roster): void {
  const noShow = new Set<string>();
  for (const id of table.noShow ?? []) {
    const where = `round ${n}, table ${table.table}, noShow`;
    if (!players.has(id)) fail('unknown-player', `${where}: unknown player id "${id}" (not in "players")`);
    if (!table.seats.includes(id)) fail('not-at-table', `${where}: ${label(id)} is not at this table`);
    if (noShow.has(id)) fail('invalid-input', `${where}: ${label(id)} is listed twice`);
    noShow.add(id);
  }
  if (noShow.size > 0 && table.result === undefined)
    fail('invalid-input', `round ${n}, table ${table.table}: a no-show is recorded with the result, and this table has none`);
  if (table.result) {
    for (const id of playersNamedInResult(table.result)) {
      if (!table.seats.includes(id))
        fail('not-at-table', `round ${n}, table ${table.table}: the result names ${players.has(id) ? label(id) : `"${id}"`}, who is not at this table`);
    }
  }
}

/** lightseekers-large groups: recorded with a first round, each player in one group. */
function checkGroups(t: Transcript, groups: NonNullable<Transcript['groups']>, { players, label }: Roster): void {
  // Only a rule set whose events play in groups has them (Lightseekers large, RULES 3).
  if (!getRuleset(t.ruleset).presentation.groups) fail('invalid-input', `groups: only a lightseekers-large transcript has groups, not ${t.ruleset}`);
  if (!t.rounds.some((r) => (r.stage ?? 'swiss') === 'swiss'))
    fail('invalid-input', 'groups: the groups are recorded with the first round, and this transcript has no round');
  const seen = new Map<string, number>();
  groups.forEach((members, g) => {
    for (const id of members) {
      if (!players.has(id)) fail('unknown-player', `groups[${g}]: unknown player id "${id}" (not in "players")`);
      const before = seen.get(id);
      if (before !== undefined) fail('seated-twice', `groups: ${label(id)} is in group ${before + 1} and group ${g + 1}`);
      seen.set(id, g);
    }
  });
}

/** The cut: a top `top` lists `top` seeds, each a player, once. */
function checkPlayoff({ top, seeds }: TranscriptPlayoff, { players, label }: Roster): void {
  if (seeds.length !== top) fail('invalid-input', `playoff: a top ${top} cut lists ${top} seeds, not ${seeds.length}`);
  const seen = new Set<string>();
  seeds.forEach((id, i) => {
    if (!players.has(id)) fail('unknown-player', `playoff.seeds[${i}]: unknown player id "${id}" (not in "players")`);
    if (seen.has(id)) fail('seated-twice', `playoff.seeds: ${label(id)} is listed twice`);
    seen.add(id);
  });
}

/** A penalty names a player, a round of the transcript and, if any, a table they played at. */
function checkPenalty(t: Transcript, penalty: TranscriptPenalty, i: number, { players, label }: Roster): void {
  const where = `penalties[${i}]`;
  if (!players.has(penalty.player)) fail('unknown-player', `${where}: unknown player id "${penalty.player}" (not in "players")`);
  const round = t.rounds[penalty.round - 1];
  if (!round)
    fail('invalid-input', `${where}: round ${penalty.round} is not in the transcript (it has ${plural(t.rounds.length, 'round')})`);
  if (penalty.table !== undefined) {
    const table = round.tables.find((x) => x.table === penalty.table);
    if (!table) fail('invalid-input', `${where}: round ${penalty.round} has no table ${penalty.table}`);
    if (!table.seats.includes(penalty.player))
      fail('not-at-table', `${where}: ${label(penalty.player)} did not play at round ${penalty.round}, table ${penalty.table}`);
  }
}
