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
 * MTR 2.10: a player who drops after the cut is not replaced; the player they would have met gets a
 * bye (kind 'playoff') for that round, and a bye advances.
 */
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
import { createRng } from '../../random/rng.js';
import type { PlayoffOptions, PlayoffPairing } from '../ruleset.js';
import { isHeadToHeadResult, matchOutcome } from './results.js';
import { mtrStandings } from './standings.js';

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

/** Is round `roundNumber` the playoff final (untimed, MTR App. B)? */
export function mtrIsPlayoffFinal(state: EventState, roundNumber: number): boolean {
  if (!state.playoff) return false;
  const playoffRounds = state.rounds.filter((r) => r.stage === 'playoff');
  const index = playoffRounds.findIndex((r) => r.number === roundNumber);
  if (index >= 0) return index + 1 === mtrPlayoffRoundCount(state.playoff.top);
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
 * Build one playoff round from the players still in the bracket. `alive` holds the players who
 * advance into this round (winners and byes of the previous round, or everyone at the cut) and
 * have not dropped; `level` is the round's number inside the playoff (1 = first).
 */
function bracketRound(
  state: EventState,
  bracket: readonly PlayerId[],
  alive: ReadonlySet<PlayerId>,
  dropped: readonly PlayerId[],
  level: number,
  rankOf: (id: PlayerId) => number,
): { tables: Table[]; byes: Bye[]; warnings: PairingWarning[] } {
  const tables: Table[] = [];
  const byes: Bye[] = [];
  const warnings: PairingWarning[] = [];
  const half = 2 ** (level - 1);
  const pick = (from: number): { player?: PlayerId; dropped?: PlayerId } => {
    const slots = bracket.slice(from, from + half);
    const live = slots.filter((id) => alive.has(id));
    if (live.length > 1) {
      fail('invalid-input', `the playoff bracket was changed by hand: ${live.map((id) => nameOf(state, id)).join(' and ')} both advanced from the same part of the bracket; pair this round by hand`);
    }
    const gone = slots.find((id) => dropped.includes(id));
    return { ...(live[0] !== undefined ? { player: live[0] } : {}), ...(gone !== undefined ? { dropped: gone } : {}) };
  };
  for (let start = 0; start < bracket.length; start += 2 * half) {
    const a = pick(start);
    const b = pick(start + half);
    if (a.player !== undefined && b.player !== undefined) {
      const seats = rankOf(a.player) <= rankOf(b.player) ? [a.player, b.player] : [b.player, a.player];
      tables.push({ table: tables.length + 1, seats });
    } else {
      const player = a.player ?? b.player;
      if (player === undefined) continue;
      byes.push({ player, kind: 'playoff' });
      const gone = a.player === undefined ? a.dropped : b.dropped;
      warnings.push({
        kind: 'info',
        message: gone
          ? `${nameOf(state, gone)} dropped after the cut and is not replaced: ${nameOf(state, player)} gets a bye this round (MTR 2.10)`
          : `${nameOf(state, player)} has no opponent in this part of the bracket and gets a bye this round (MTR 2.10)`,
        players: gone ? [player, gone] : [player],
      });
    }
  }
  return { tables, byes, warnings };
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
    fail('round-unfinished', `round ${last.number} is not finished (table${open.length > 1 ? 's' : ''} ${open.join(', ')}): the cut needs the final standings`);
  }
  const standings = mtrStandings(swissOnly(state));
  const dropped = new Set(state.players.filter((p) => p.droppedAfterRound !== undefined).map((p) => p.id));
  const eligible = standings.filter((s) => !s.dropped && !dropped.has(s.id));
  if (eligible.length < top) {
    fail('invalid-input', `a top ${top} playoff needs ${top} players who have not dropped; ${eligible.length === 1 ? 'only 1 remains' : `only ${eligible.length} remain`}`);
  }
  const cut = eligible.slice(0, top).map((s) => s.id);
  const rank = new Map(cut.map((id, i) => [id, i]));
  const seeds = draft ? createRng(seed).shuffle(cut) : cut;
  const playoff: PlayoffState = { top, draft, seeds };
  const bracket = mtrBracketOrder(playoff);
  const { tables } = bracketRound(state, bracket, new Set(seeds), [], 1, (id) => rank.get(id) ?? Number.MAX_SAFE_INTEGER);
  return { tables, waiting: [], seeds, seed };
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

/**
 * The next playoff round once every table of the latest one has a winner (MTR 10.4); null when the
 * final has been played. With no playoff round yet, the first round from `state.playoff`. Byes in
 * the playoff advance; a player who dropped after the cut is not replaced and the player they
 * would have met gets a bye (MTR 2.10).
 */
export function mtrNextPlayoffRound(state: EventState, seed: number): PairingProposal | null {
  const playoff = state.playoff;
  if (!playoff) fail('not-allowed', 'the playoff has not started: make the cut first');
  checkCut(playoff.top, playoff.draft);
  const bracket = mtrBracketOrder(playoff);
  const playoffRounds = state.rounds.filter((r) => r.stage === 'playoff');
  const total = mtrPlayoffRoundCount(playoff.top);

  let advancing: PlayerId[];
  const latest = playoffRounds[playoffRounds.length - 1];
  if (!latest) {
    advancing = [...playoff.seeds];
  } else {
    const open = latest.tables.filter((t) => t.result === undefined).map((t) => t.table);
    if (open.length > 0) {
      fail('round-unfinished', `playoff round ${latest.number} is not finished: table${open.length > 1 ? 's' : ''} ${open.join(', ')} ha${open.length > 1 ? 've' : 's'} no result`);
    }
    if (playoffRounds.length >= total) return null;
    advancing = [
      ...latest.tables.map((t) => tableWinner(state, latest, t)),
      ...latest.byes.filter((b) => b.kind === 'playoff').map((b) => b.player),
    ];
  }

  const droppedIds = new Set(state.players.filter((p) => p.droppedAfterRound !== undefined).map((p) => p.id));
  const known = new Set(state.players.map((p) => p.id));
  const dropped = advancing.filter((id) => droppedIds.has(id) || !known.has(id));
  const alive = new Set(advancing.filter((id) => !dropped.includes(id)));
  if (alive.size === 0) return null;

  // Seat 1 = the better Swiss rank (MTR 2.2). Swiss-seeded cut: the seed order is the rank order.
  let rankOf: (id: PlayerId) => number;
  if (playoff.draft) {
    const ranks = swissRanks(state);
    const seatOf = new Map(playoff.seeds.map((id, i) => [id, i]));
    rankOf = (id) => ranks.get(id) ?? 1000 + (seatOf.get(id) ?? 0);
  } else {
    const seedOf = new Map(playoff.seeds.map((id, i) => [id, i]));
    rankOf = (id) => seedOf.get(id) ?? Number.MAX_SAFE_INTEGER;
  }
  const { tables, byes, warnings } = bracketRound(state, bracket, alive, dropped, playoffRounds.length + 1, rankOf);
  return { tables, byes, warnings, seed };
}
