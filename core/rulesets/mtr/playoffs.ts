/**
 * `mtr` single-elimination playoffs (RULES.md section 1 "Playoffs", "Drops and entries"; MTR 10.4,
 * 2.2, 2.5, 2.10).
 *
 * The bracket is fixed by seed positions, not by table numbers:
 * - top 8 by standings: 1v8, 4v5, 2v7, 3v6 (tables 1..4); winners of tables 1/2 and 3/4 meet.
 * - top 4: 1v4, 2v3. top 2: 1v2 (the final).
 * - booster-draft top 8 (`seeds` = draft seat order): seats 1v5, 3v7, 2v6, 4v8 (tables 1..4), so that
 *   the winners of 1/5 and 3/7 meet and of 2/6 and 4/8 meet (MTR 10.4), and every round's tables,
 *   like the Swiss-seeded bracket, are in bracket order: table 1's winner meets table 2's, table 3's
 *   meets table 4's.
 * Seat 1 of every playoff table is the player ranked higher at the end of the Swiss rounds, who
 * chooses to play or draw (MTR 2.2 "the player ranked higher at the end of Swiss rounds during
 * playoff matches"; RULES "The higher seed chooses play/draw") — in a draft top 8 too.
 * MTR 2.10, RULES 1 "Drops and entries": a player who drops after the cut is not replaced and
 * nobody is advanced past an empty seat. While every match of a round has its two players, the round
 * is the bracket as drawn. Once a drop leaves a player without an opponent, the round is paired by
 * seed instead: the highest-ranked remaining player (by Swiss seed) receives the bye (kind
 * 'playoff', it advances) when the count is odd, and the others meet by the playoff pattern over the
 * remaining seeds in order, the best against the worst (**Decision**; top 8 with seed 6 gone: seed 1
 * bye, 2 v 8, 3 v 7, 4 v 5). The next round pairs the winners as the bracket would: each winner
 * carries the best seed of the match it won (a bye, its own), and those carried seeds meet by the
 * playoff pattern (1 v 4, 2 v 3) — seed 1 meets the winner of 4 v 5 — or, when the count leaves
 * someone without an opponent again, the round is paired by seed as above.
 */
import { droppedPlayers } from '../../event/queries.js';
import { fail } from '../../model/errors.js';
import type {
  Bye,
  EventState,
  PairingProposal,
  PairingWarning,
  PlayerId,
  PlayoffState,
  Round,
  Table,
} from '../../model/types.js';
import { withFixedSeats } from '../../pairing/fixed-seats.js';
import { createRng } from '../../random/rng.js';
import { andList, pluralWord } from '../../text/format.js';
import type { PlayoffOptions, PlayoffPairing } from '../ruleset.js';
import { isHeadToHeadResult, matchOutcome } from './results.js';
import { mtrStandings } from './standings.js';

/**
 * A player's fixed table is honoured in the playoff too (core/pairing/fixed-seats.ts):
 * only the table numbers change, the matches and their order stay the bracket's.
 */
const FIXED_IN_PLAYOFF = { seats: false, keepOrder: true } as const;

/** The playoff cuts MTR 10.4 describes. */
export const MTR_PLAYOFF_CUTS = [2, 4, 8] as const;

/** Seed indexes (0-based) in bracket order for a cut by Swiss standings: adjacent pairs meet. */
const STANDINGS_BRACKET: Record<number, readonly number[]> = {
  2: [0, 1],
  4: [0, 3, 1, 2],
  8: [0, 7, 3, 4, 1, 6, 2, 5],
};
/** Draft seat indexes (0-based) in bracket order for a booster-draft top 8 (MTR 10.4). */
const DRAFT_BRACKET: readonly number[] = [0, 4, 2, 6, 1, 5, 3, 7];

/** Rounds a single-elimination playoff of `top` players takes (top 8: 3). */
/** Ruleset.playoffRoundCount: the bracket's rounds for the event's cut; undefined for a cut it draws none for. */
export function mtrPlayoffRounds(state: EventState): number | undefined {
  try {
    return mtrPlayoffRoundCount(state.playoff?.top ?? 0);
  } catch {
    return undefined;
  }
}

export function mtrPlayoffRoundCount(top: number): number {
  return Math.max(1, Math.ceil(Math.log2(Math.max(2, top))));
}

/** The playoff's players in bracket order: players 2k and 2k+1 meet first. */
export function mtrBracketOrder(playoff: PlayoffState): PlayerId[] {
  const order = playoff.draft && playoff.top === 8 ? DRAFT_BRACKET : STANDINGS_BRACKET[playoff.top];
  if (!order || playoff.seeds.length !== playoff.top) {
    fail('invalid-input', `a top ${playoff.top} playoff with ${playoff.seeds.length} seeds has no MTR bracket (the cut is 2, 4 or 8)`);
  }
  return order.map((i) => playoff.seeds[i] as PlayerId);
}

/** Who a finished playoff match sends on: its winner (a draw decides nothing: MTR 2.5). */
export function mtrAdvancing(_state: EventState, _round: Round, table: Table): PlayerId[] | null {
  const result = table.result;
  if (!isHeadToHeadResult(result)) return null;
  const outcome = matchOutcome(result);
  if (outcome === 'draw') return null;
  const winner = table.seats[outcome === 'seat1' ? 0 : 1];
  return winner === undefined ? null : [winner];
}

/** Is round `roundNumber` the playoff final (untimed, MTR App. B)? */
export function mtrIsPlayoffFinal(state: EventState, roundNumber: number): boolean {
  if (!state.playoff) return false;
  const playoffRounds = state.rounds.filter((r) => r.stage === 'playoff');
  const index = playoffRounds.findIndex((r) => r.number === roundNumber);
  if (index >= 0) {
    // After drops the final can come early (MTR 2.10): a round of one match and no bye is the final.
    const round = playoffRounds[index] as Round;
    return index + 1 === mtrPlayoffRoundCount(state.playoff.top) || (round.tables.length === 1 && round.byes.length === 0);
  }
  // Not paired yet: the next one is the final when all but the last playoff round are recorded.
  return roundNumber === state.rounds.length + 1 && playoffRounds.length + 1 === mtrPlayoffRoundCount(state.playoff.top);
}

function nameOf(state: EventState, id: PlayerId): string {
  return state.players.find((p) => p.id === id)?.name ?? id;
}

/** The event as it stood at the end of the Swiss rounds (playoff rounds left out). */
function swissOnly(state: EventState): EventState {
  const { playoff: _playoff, ...rest } = state;
  return { ...rest, rounds: state.rounds.filter((r) => r.stage === 'swiss') };
}

/** Swiss rank (0 = first) of each player at the end of the Swiss rounds. */
function swissRanks(state: EventState): Map<PlayerId, number> {
  const ranks = new Map<PlayerId, number>();
  mtrStandings(swissOnly(state)).forEach((s, i) => ranks.set(s.id, i));
  return ranks;
}

function checkCut(top: number, draft: boolean): void {
  if (!(MTR_PLAYOFF_CUTS as readonly number[]).includes(top))
    fail('invalid-input', `a top ${top} playoff is not an MTR cut: the playoff takes the top 2, 4 or 8 (MTR 10.4)`);
  if (draft && top !== 8)
    fail('invalid-input', `a booster-draft playoff seats a top 8 (MTR 10.4), not a top ${top}`);
}

/**
 * The bracket as drawn for playoff round `level` (1 = first): the players advancing into it who have
 * not dropped (`alive`) meet the player of the sibling part of the bracket. `alone` lists the players
 * whose part of the bracket has nobody left to meet them (a drop): then the bracket cannot be played
 * as drawn and the round is paired by seed (`bySeed`).
 */
function bracketRound(
  state: EventState,
  bracket: readonly PlayerId[],
  alive: ReadonlySet<PlayerId>,
  level: number,
  rankOf: (id: PlayerId) => number,
): { tables: Table[]; alone: PlayerId[] } {
  const tables: Table[] = [];
  const alone: PlayerId[] = [];
  const half = 2 ** (level - 1);
  const pick = (from: number): PlayerId | undefined => {
    const live = bracket.slice(from, from + half).filter((id) => alive.has(id));
    if (live.length > 1) {
      fail('invalid-input', `the playoff bracket was changed by hand: ${live.map((id) => nameOf(state, id)).join(' and ')} both advanced from the same part of the bracket; pair this round by hand`);
    }
    return live[0];
  };
  for (let start = 0; start < bracket.length; start += 2 * half) {
    const a = pick(start);
    const b = pick(start + half);
    if (a !== undefined && b !== undefined) tables.push({ table: tables.length + 1, seats: seatOrder(a, b, rankOf) });
    else if (a !== undefined || b !== undefined) alone.push((a ?? b) as PlayerId);
  }
  return { tables, alone };
}

/** Seat 1 is the player ranked higher at the end of the Swiss rounds (MTR 2.2). */
function seatOrder(a: PlayerId, b: PlayerId, rankOf: (id: PlayerId) => number): PlayerId[] {
  return rankOf(a) <= rankOf(b) ? [a, b] : [b, a];
}

/** Seed indexes (0-based) of the playoff pattern for a power-of-two count; adjacent pairs meet. */
function patternOrder(count: number): readonly number[] | undefined {
  return STANDINGS_BRACKET[count];
}

/**
 * RULES 1 (MTR 2.10) once a drop breaks the bracket: the highest-ranked remaining player receives the
 * bye when the count is odd; the others meet by the playoff pattern over the remaining seeds in
 * order (the best left against the worst left: top 8 without seed 6 → seed 1 bye, 2 v 8, 3 v 7, 4 v 5).
 */
function bySeed(players: readonly PlayerId[], rankOf: (id: PlayerId) => number): { tables: Table[]; bye?: PlayerId } {
  const ranked = [...players].sort((a, b) => rankOf(a) - rankOf(b));
  const bye = ranked.length % 2 === 1 ? ranked.shift() : undefined;
  const tables: Table[] = [];
  for (let i = 0; i < ranked.length / 2; i++)
    tables.push({ table: i + 1, seats: seatOrder(ranked[i] as PlayerId, ranked[ranked.length - 1 - i] as PlayerId, rankOf) });
  return bye === undefined ? { tables } : { tables, bye };
}

/**
 * The winners as the bracket would pair them after a round paired by seed: each carries the best
 * seed of the match it came from (`carried`), and the carried seeds meet by the playoff pattern
 * (1 v 4, 2 v 3). Null when the count is not a power of two (someone would be left without an
 * opponent: the round is paired by seed).
 */
function carriedBracket(players: readonly PlayerId[], carried: ReadonlyMap<PlayerId, number>, rankOf: (id: PlayerId) => number): Table[] | null {
  const order = patternOrder(players.length);
  if (!order) return null;
  const byCarried = [...players].sort((a, b) => (carried.get(a) ?? rankOf(a)) - (carried.get(b) ?? rankOf(b)) || rankOf(a) - rankOf(b));
  const tables: Table[] = [];
  for (let k = 0; k < order.length; k += 2)
    tables.push({ table: tables.length + 1, seats: seatOrder(byCarried[order[k] as number] as PlayerId, byCarried[order[k + 1] as number] as PlayerId, rankOf) });
  return tables;
}

/**
 * MTR 10.4: the first playoff round for a top-K cut (K = 2, 4 or 8) of the Swiss standings.
 * Dropped players are not eligible: the cut takes the top K who have not dropped. Booster-draft
 * top 8: the eight are seated at random for the draft (createRng(seed)), `seeds` is that seat order.
 */
export function mtrPlayoff(state: EventState, options: PlayoffOptions, seed: number): PlayoffPairing {
  const top = options.top;
  const draft = options.draft ?? false;
  checkCut(top, draft);
  const last = state.rounds[state.rounds.length - 1];
  if (last && last.tables.some((t) => t.result === undefined)) {
    const open = last.tables.filter((t) => t.result === undefined).map((t) => t.table);
    fail('round-unfinished', `round ${last.number} is not finished (${pluralWord(open.length, 'table', 'tables')} ${open.join(', ')}): the cut needs the final standings`);
  }
  const standings = mtrStandings(swissOnly(state));
  const dropped = droppedPlayers(state);
  const eligible = standings.filter((s) => !s.dropped && !dropped.has(s.id));
  if (eligible.length < top) {
    fail('invalid-input', `a top ${top} playoff needs ${top} players who have not dropped; only ${eligible.length} ${pluralWord(eligible.length, 'remains', 'remain')}`);
  }
  const cut = eligible.slice(0, top).map((s) => s.id);
  const rank = new Map(cut.map((id, i) => [id, i]));
  const seeds = draft ? createRng(seed).shuffle(cut) : cut;
  const playoff: PlayoffState = { top, draft, seeds };
  const bracket = mtrBracketOrder(playoff);
  const { tables } = bracketRound(state, bracket, new Set(seeds), 1, (id) => rank.get(id) ?? Number.MAX_SAFE_INTEGER);
  return withFixedSeats(state.players, { tables, waiting: [], seeds, seed }, FIXED_IN_PLAYOFF);
}

/** The winner of a playoff table (seat 1 wins with more game wins — for teams, seat matches won). */
function tableWinner(state: EventState, round: Round, table: Table): PlayerId {
  const result = table.result;
  if (!isHeadToHeadResult(result))
    fail('invalid-result', `round ${round.number}, table ${table.table}: the result is not a head-to-head result`);
  const outcome = matchOutcome(result);
  if (outcome === 'draw') {
    fail('invalid-result', `round ${round.number}, table ${table.table} (${table.seats.map((id) => nameOf(state, id)).join(' v ')}) has no winner: playoff matches cannot end in a draw (MTR 2.5)`);
  }
  const winner = outcome === 'seat1' ? table.seats[0] : table.seats[1];
  if (winner === undefined) fail('invalid-result', `round ${round.number}, table ${table.table} does not seat two players`);
  return winner;
}

/** Is every recorded playoff round the bracket as drawn (each match from sibling parts, no bye)? */
function playedAsDrawn(bracket: readonly PlayerId[], playoffRounds: readonly Round[]): boolean {
  const position = new Map(bracket.map((id, i) => [id, i]));
  return playoffRounds.every((round, index) => {
    if (round.byes.length > 0) return false;
    const half = 2 ** index;
    return round.tables.every((t) => {
      const [a, b] = t.seats.map((id) => position.get(id));
      if (t.seats.length !== 2 || a === undefined || b === undefined) return false;
      return Math.floor(a / (2 * half)) === Math.floor(b / (2 * half)) && Math.floor(a / half) !== Math.floor(b / half);
    });
  });
}

/**
 * The next playoff round once every table of the latest one has a winner (MTR 10.4); null when the
 * final has been played. With no playoff round yet, the first round from `state.playoff`. Byes in
 * the playoff advance. Drops after the cut (MTR 2.10, RULES 1): nobody is advanced past an empty
 * seat — see the header: the bracket as drawn while it can be played, else the round paired by seed
 * with the bye to the highest-ranked remaining player.
 */
export function mtrNextPlayoffRound(state: EventState, seed: number): PairingProposal | null {
  const playoff = state.playoff;
  if (!playoff) fail('not-allowed', 'the playoff has not started: make the cut first');
  checkCut(playoff.top, playoff.draft);
  const bracket = mtrBracketOrder(playoff);
  const playoffRounds = state.rounds.filter((r) => r.stage === 'playoff');

  // Seat 1 and the bye go by the Swiss rank (MTR 2.2). Swiss-seeded cut: the seed order is the rank order.
  let rankOf: (id: PlayerId) => number;
  if (playoff.draft) {
    const ranks = swissRanks(state);
    const seatOf = new Map(playoff.seeds.map((id, i) => [id, i]));
    rankOf = (id) => ranks.get(id) ?? 1000 + (seatOf.get(id) ?? 0);
  } else {
    const seedOf = new Map(playoff.seeds.map((id, i) => [id, i]));
    rankOf = (id) => seedOf.get(id) ?? Number.MAX_SAFE_INTEGER;
  }

  // Who advances, and the best seed each carries from the matches it won.
  let advancing: PlayerId[] = [...playoff.seeds];
  const carried = new Map(playoff.seeds.map((id) => [id, rankOf(id)]));
  playoffRounds.forEach((round, index) => {
    const open = round.tables.filter((t) => t.result === undefined).map((t) => t.table);
    if (open.length > 0 && index === playoffRounds.length - 1) {
      fail('round-unfinished', `playoff round ${round.number} is not finished: ${pluralWord(open.length, 'table', 'tables')} ${open.join(', ')} ${pluralWord(open.length, 'has', 'have')} no result`);
    }
    const next: PlayerId[] = [];
    for (const table of round.tables) {
      const winner = tableWinner(state, round, table);
      carried.set(winner, Math.min(...table.seats.map((id) => carried.get(id) ?? rankOf(id))));
      next.push(winner);
    }
    next.push(...round.byes.filter((b) => b.kind === 'playoff').map((b) => b.player));
    advancing = next;
  });
  const latest = playoffRounds[playoffRounds.length - 1];
  // The final was played (or won by a walkover): the playoff is over.
  if (latest && latest.tables.length + latest.byes.filter((b) => b.kind === 'playoff').length <= 1) return null;

  const droppedIds = droppedPlayers(state);
  const known = new Set(state.players.map((p) => p.id));
  const dropped = advancing.filter((id) => droppedIds.has(id) || !known.has(id));
  const alive = advancing.filter((id) => !dropped.includes(id));
  if (alive.length === 0) return null;
  const droppedText =
    dropped.length > 0 ? `${andList(dropped.map((id) => nameOf(state, id)))} dropped after the cut and ${pluralWord(dropped.length, 'is', 'are')} not replaced` : '';

  // The bracket as drawn, while every match in it has its two players.
  const level = playoffRounds.length + 1;
  const drawn = playedAsDrawn(bracket, playoffRounds)
    ? bracketRound(state, bracket, new Set(alive), level, rankOf)
    : (() => {
        const tables = carriedBracket(alive, carried, rankOf);
        return tables ? { tables, alone: [] } : null;
      })();
  if (drawn && drawn.alone.length === 0) {
    const warnings: PairingWarning[] = droppedText ? [{ kind: 'info', message: `${droppedText} (MTR 2.10)`, players: dropped }] : [];
    return withFixedSeats(state.players, { tables: drawn.tables, byes: [], warnings, seed }, FIXED_IN_PLAYOFF);
  }

  // A drop left someone without an opponent: the round is paired by seed (RULES 1, MTR 2.10).
  const paired = bySeed(alive, rankOf);
  const byes: Bye[] = paired.bye === undefined ? [] : [{ player: paired.bye, kind: 'playoff' }];
  const parts: string[] = [];
  if (droppedText) parts.push(droppedText);
  if (paired.bye !== undefined)
    parts.push(
      alive.length === 1
        ? `${nameOf(state, paired.bye)} is the only player left and gets a bye`
        : `${nameOf(state, paired.bye)}, the highest-ranked remaining player, gets the bye this round`,
    );
  if (paired.tables.length > 0)
    parts.push(`${parts.length > 0 ? 'the' : 'The'} round is paired by seed, the best remaining against the worst, so that nobody advances without playing`);
  const message = `${parts.join('; ')} (MTR 2.10)`;
  const warnings: PairingWarning[] = [{ kind: 'info', message, players: [...(paired.bye !== undefined ? [paired.bye] : []), ...dropped] }];
  return withFixedSeats(state.players, { tables: paired.tables, byes, warnings, seed }, FIXED_IN_PLAYOFF);
}
