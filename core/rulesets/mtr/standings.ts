/**
 * `mtr` standings (RULES.md 1 "Points" and "Tiebreakers"; MTR 3.1, App. C).
 *
 * Only Swiss rounds count. One pass over the rounds builds every competitor's totals (one
 * accumulator per competitor, found through a Map), a second pass over the opponent lists gives OMW
 * and OGW, then one sort. Nothing scans all rounds per player, so thousands of players stay in milliseconds.
 */
import type { EventState, PlayerId, Standing } from '../../model/types.js';
import { compareDesc, tallySwiss } from '../swiss-records.js';
import { gamePoints, isHeadToHeadResult, matchOutcome } from './results.js';

/** MTR App. C: a match- or game-win percentage below 0.33 counts as 0.33 (literal, not 1/3). */
export const MTR_PERCENTAGE_FLOOR = 0.33;

/** One competitor's Swiss totals and percentages (for the standings breakdown). */
export interface MtrRecord {
  id: PlayerId;
  matchPoints: number;
  gamePoints: number;
  /** Rounds played: matches, byes and late-entry losses. */
  rounds: number;
  /** Games played: the games of each match, 2 per bye and per late-entry loss. */
  games: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  /** Late-entry losses included in `losses` and `rounds` (RULES 1 "Drops and entries"). */
  lateEntryLosses: number;
  /** Opponents met in Swiss matches, once per match (byes and late-entry losses have none). */
  opponents: PlayerId[];
  /** Match-win percentage, floored at 0.33; 0 when no round was played. */
  mwp: number;
  /** Game-win percentage, floored at 0.33; 0 when no game was played. */
  gwp: number;
  omw: number;
  ogw: number;
}

/** MWP = match points / (3 × rounds played), at least 0.33 (MTR App. C). 0 with no rounds. */
export function matchWinPercentage(matchPoints: number, rounds: number): number {
  if (rounds <= 0) return 0;
  return Math.max(matchPoints / (3 * rounds), MTR_PERCENTAGE_FLOOR);
}

/** GWP = game points / (3 × games played), at least 0.33 (MTR App. C). 0 with no games. */
export function gameWinPercentage(gamePoints: number, games: number): number {
  if (games <= 0) return 0;
  return Math.max(gamePoints / (3 * games), MTR_PERCENTAGE_FLOOR);
}

interface Acc {
  id: PlayerId;
  joinedRound: number;
  mp: number;
  gp: number;
  rounds: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  late: number;
  opponents: Acc[];
  mwp: number;
  gwp: number;
}

/** Every registered competitor's record, in registration order. */
export function mtrRecords(state: EventState): MtrRecord[] {
  const accs = tallySwiss<Acc>(state, {
    start: (p) => ({
      id: p.id,
      joinedRound: p.joinedRound,
      mp: 0,
      gp: 0,
      rounds: 0,
      games: 0,
      wins: 0,
      losses: 0,
      draws: 0,
      byes: 0,
      late: 0,
      opponents: [],
      mwp: 0,
      gwp: 0,
    }),
    // MTR App. C: a bye (of any kind) is a 2–0 match win; it has no opponent.
    bye: (p) => {
      p.mp += 3;
      p.gp += 6;
      p.games += 2;
      p.rounds += 1;
      p.byes += 1;
    },
    table: (table, byId) => {
      const result = table.result;
      if (!isHeadToHeadResult(result) || table.seats.length !== 2) return;
      const a = byId.get(table.seats[0] as PlayerId);
      const b = byId.get(table.seats[1] as PlayerId);
      if (!a || !b) return;
      const outcome = matchOutcome(result);
      if (outcome === 'seat1') {
        a.mp += 3;
        a.wins += 1;
        b.losses += 1;
      } else if (outcome === 'seat2') {
        b.mp += 3;
        b.wins += 1;
        a.losses += 1;
      } else {
        a.mp += 1;
        b.mp += 1;
        a.draws += 1;
        b.draws += 1;
      }
      // Team results carry seat-match counts in `games`; their game points are never shown.
      const [gpa, gpb] = gamePoints(result.games);
      const played = result.games[0] + result.games[1] + result.games[2];
      a.gp += gpa;
      b.gp += gpb;
      a.games += played;
      b.games += played;
      a.rounds += 1;
      b.rounds += 1;
      a.opponents.push(b);
      b.opponents.push(a);
    },
    // A late-entry loss is 0–2: a round and two games played.
    lateLosses: (p, missed) => {
      p.late = missed;
      p.losses += missed;
      p.rounds += missed;
      p.games += 2 * missed;
    },
  });

  for (const p of accs) {
    p.mwp = matchWinPercentage(p.mp, p.rounds);
    p.gwp = gameWinPercentage(p.gp, p.games);
  }

  return accs.map((p): MtrRecord => {
    // An opponent met twice counts twice; dropped opponents keep their record and still count.
    let omw = 0;
    let ogw = 0;
    const count = p.opponents.length;
    if (count > 0) {
      for (const o of p.opponents) {
        omw += o.mwp;
        ogw += o.gwp;
      }
      omw /= count;
      ogw /= count;
    }
    return {
      id: p.id,
      matchPoints: p.mp,
      gamePoints: p.gp,
      rounds: p.rounds,
      games: p.games,
      wins: p.wins,
      losses: p.losses,
      draws: p.draws,
      byes: p.byes,
      lateEntryLosses: p.late,
      opponents: p.opponents.map((o) => o.id),
      mwp: p.mwp,
      gwp: p.gwp,
      omw,
      ogw,
    };
  });
}

export function mtrStandings(state: EventState): Standing[] {
  const records = mtrRecords(state);
  // MTR App. C: "Game points are not used in team tournaments; only the overall result of the
  // match is used for tiebreakers." Team events (seat teams of MTR 8 and Two-Headed Giant, MTR 9,
  // whose single-game matches make game points redundant too) therefore rank by match points then
  // OMW only, and report GW and OGW as 0 so no screen or print shows a meaningless number.
  const teams = state.settings.teamSize > 1;
  const rows = state.players.map((player, i) => {
    const r = records[i] as MtrRecord;
    return {
      player,
      points: r.matchPoints,
      omw: r.omw,
      gw: teams ? 0 : r.gwp,
      ogw: teams ? 0 : r.ogw,
      record: { wins: r.wins, losses: r.losses, draws: r.draws, byes: r.byes },
    };
  });
  rows.sort(
    (x, y) =>
      y.points - x.points ||
      compareDesc(x.omw, y.omw) ||
      compareDesc(x.gw, y.gw) ||
      compareDesc(x.ogw, y.ogw) ||
      x.player.draw - y.player.draw ||
      (x.player.id < y.player.id ? -1 : x.player.id > y.player.id ? 1 : 0),
  );
  return rows.map(
    (row, i): Standing => ({
      rank: i + 1,
      id: row.player.id,
      name: row.player.name,
      points: row.points,
      dropped: row.player.droppedAfterRound !== undefined,
      tiebreakers: { omw: row.omw, gw: row.gw, ogw: row.ogw },
      record: row.record,
    }),
  );
}
