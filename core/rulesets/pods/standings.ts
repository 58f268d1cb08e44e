/**
 * `mstr-2022` / `mamtr-2024` standings (RULES.md 2 "Match results" and "Tiebreakers"; MSTR/MAMTR
 * 3.1A, App. C).
 *
 * Only Swiss rounds count; a table without a result is ignored. One pass over the rounds builds every
 * player's totals (one accumulator per player, found through a Map), a second pass over the opponent
 * lists gives OAMP and OMWP, then one sort: thousands of players stay in milliseconds.
 */
import type { EventState, PlayerId, Standing } from '../../model/types.js';
import { compareDesc, tallySwiss } from '../swiss-records.js';
import { podPolicy } from './policies.js';
import { isPodResult, podMatchWinner } from './results.js';
import type { PodVariant } from './variant.js';

/** One player's Swiss totals and tiebreakers (for the standings breakdown). */
export interface PodRecord {
  id: PlayerId;
  matchPoints: number;
  /** Matches played: pods with a result and late-entry losses; byes are not matches played. */
  matches: number;
  wins: number;
  /** Pods lost, drawn pods the player was excluded from, and late-entry losses. */
  losses: number;
  draws: number;
  byes: number;
  /** Late-entry losses included in `losses` and `matches` (RULES 1 "Drops and entries"). */
  lateEntryLosses: number;
  /** Every other member of every pod played, once per pod (a player met twice is listed twice). */
  opponents: PlayerId[];
  /** `mamtr-2024`: ghost opponents of the smaller pods played (App. C); 0 for `mstr-2022`. */
  ghosts: number;
  /** (match points − byes × bye points) / (matches × PPW); 0 with no match played; no floor. */
  mwp: number;
  /** Mean match points of the opponents; 0 with none. */
  oamp: number;
  /** Mean of max(opponent MWP, 1/PPW) over the opponents (and ghosts at 1/PPW); 0 with none. */
  omwp: number;
}

/**
 * MWP of App. C: byes are taken out of the points and not counted as matches. `byePoints`: what a
 * bye is worth (App. C: a win's points, `ppw`; an organiser's house rule may differ).
 */
export function podMatchWinPercentage(matchPoints: number, byes: number, matches: number, ppw: number, byePoints = ppw): number {
  if (matches <= 0) return 0;
  return (matchPoints - byes * byePoints) / (matches * ppw);
}

interface Acc {
  id: PlayerId;
  joinedRound: number;
  mp: number;
  matches: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  late: number;
  opponents: Acc[];
  ghosts: number;
  mwp: number;
}

/** Every registered player's record, in registration order. */
export function podRecords(variant: PodVariant, state: EventState): PodRecord[] {
  const n = state.settings.podSize;
  // App. C's points, or the organiser's house rules (policies.ts).
  const { winPoints: ppw, drawPoints, byePoints } = podPolicy(variant, state.settings);
  const accs = tallySwiss<Acc>(state, {
    start: (p) => ({
      id: p.id,
      joinedRound: p.joinedRound,
      mp: 0,
      matches: 0,
      wins: 0,
      losses: 0,
      draws: 0,
      byes: 0,
      late: 0,
      opponents: [],
      ghosts: 0,
      mwp: 0,
    }),
    // App. C: a bye is worth a win's points; it is neither a match played nor an opponent.
    bye: (p) => {
      p.mp += byePoints;
      p.byes += 1;
    },
    table: (table, byId) => {
      const result = table.result;
      if (!isPodResult(result)) return;
      const pod: Acc[] = [];
      for (const id of table.seats) {
        const p = byId.get(id);
        if (p) pod.push(p);
      }
      if (pod.length < 2) return;
      const winner = podMatchWinner(result, state.settings);
      const excluded = result.excluded ?? [];
      // MAMTR App. C: a smaller pod counts its missing seats as ghost opponents (MWP 1/PPW) in OMWP.
      // A pod larger than n adds none.
      const ghosts = variant.ghostOpponents ? Math.max(0, n - table.seats.length) : 0;
      for (const p of pod) {
        p.matches += 1;
        p.ghosts += ghosts;
        if (winner === 'draw') {
          // 2.1A: a drawn match gives 1 point to every pod member except who conceded or got a match loss.
          if (excluded.includes(p.id)) {
            p.losses += 1;
          } else {
            p.mp += drawPoints;
            p.draws += 1;
          }
        } else if (p.id === winner) {
          p.mp += ppw;
          p.wins += 1;
        } else {
          p.losses += 1;
        }
        for (const o of pod) if (o !== p) p.opponents.push(o);
      }
    },
    // A late-entry loss is a 0-point match loss, a match played.
    lateLosses: (p, missed) => {
      p.late = missed;
      p.losses += missed;
      p.matches += missed;
    },
  });

  for (const p of accs) p.mwp = podMatchWinPercentage(p.mp, p.byes, p.matches, ppw, byePoints);

  const floor = 1 / ppw;
  return accs.map((p): PodRecord => {
    // Dropped opponents keep their record and still count; an opponent met twice counts twice.
    const count = p.opponents.length;
    let oamp = 0;
    let omwp = 0;
    if (count > 0) {
      let points = 0;
      let percentages = 0;
      for (const o of p.opponents) {
        points += o.mp;
        percentages += o.mwp > floor ? o.mwp : floor;
      }
      oamp = points / count;
      omwp = (percentages + p.ghosts * floor) / (count + p.ghosts);
    }
    return {
      id: p.id,
      matchPoints: p.mp,
      matches: p.matches,
      wins: p.wins,
      losses: p.losses,
      draws: p.draws,
      byes: p.byes,
      lateEntryLosses: p.late,
      opponents: p.opponents.map((o) => o.id),
      ghosts: p.ghosts,
      mwp: p.mwp,
      oamp,
      omwp,
    };
  });
}

export function podStandings(variant: PodVariant, state: EventState): Standing[] {
  const records = podRecords(variant, state);
  const rows = state.players.map((player, i) => ({ player, record: records[i] as PodRecord }));
  // 3.1A: match points, MWP, OAMP, OMWP; then the registration draw (RULES 2 "Final ties"), then id.
  rows.sort(
    (x, y) =>
      y.record.matchPoints - x.record.matchPoints ||
      compareDesc(x.record.mwp, y.record.mwp) ||
      compareDesc(x.record.oamp, y.record.oamp) ||
      compareDesc(x.record.omwp, y.record.omwp) ||
      x.player.draw - y.player.draw ||
      (x.player.id < y.player.id ? -1 : x.player.id > y.player.id ? 1 : 0),
  );
  return rows.map(
    ({ player, record: r }, i): Standing => ({
      rank: i + 1,
      id: player.id,
      name: player.name,
      points: r.matchPoints,
      dropped: player.droppedAfterRound !== undefined,
      tiebreakers: { mwp: r.mwp, oamp: r.oamp, omwp: r.omwp },
      record: { wins: r.wins, losses: r.losses, draws: r.draws, byes: r.byes },
    }),
  );
}
