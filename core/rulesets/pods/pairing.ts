/**
 * Pod pairing for `mstr-2022` and `mamtr-2024` (RULES 2 "Pairing", 10.4A): who gets a bye or sits in
 * a smaller pod, the optimised assignment (core/pairing/pods.ts), seat order, and the pairing check
 * in words.
 */
import { activePlayers, byeCounts, opponentHistory } from '../../event/queries.js';
import type { Bye, EventState, PairingProposal, PairingWarning, Player, Table } from '../../model/types.js';
import { placeFixedSeats } from '../../pairing/fixed-seats.js';
import { assignPods, type PodPlayer } from '../../pairing/pods.js';
import { createRng, deriveSeed } from '../../random/rng.js';
import { plural } from '../../text/format.js';
import { seatHistory, seatPod } from './seats.js';
import { podStandings } from './standings.js';
import { podPlan, podPolicy } from './policies.js';
import type { PodVariant } from './variant.js';

export function podPair(variant: PodVariant, state: EventState, seed: number): PairingProposal {
  const roundNumber = state.rounds.length + 1;
  const n = state.settings.podSize;
  const standings = podStandings(variant, state);
  const rankOf = new Map(standings.map((s, index) => [s.id, index]));
  const pointsOf = new Map(standings.map((s) => [s.id, s.points]));
  const nameOf = (id: string) => state.players.find((p) => p.id === id)?.name ?? id;
  const history = opponentHistory(state.rounds);
  const byes = byeCounts(state.rounds);
  const smallerPods = smallerPodCounts(state, n);
  const firstRound = !state.rounds.some((r) => r.stage === 'swiss');
  const warnings: PairingWarning[] = [];

  const byRank = (a: Player, b: Player) => (rankOf.get(a.id) ?? 0) - (rankOf.get(b.id) ?? 0);
  let seated = activePlayers(state, roundNumber).sort(byRank);
  const roundByes: Bye[] = [];

  // The seating of a count that does not fill pods (policies.ts): the document's (MSTR 10.4A at
  // Competitive REL: byes; otherwise smaller pods at the bottom) or the organiser's house rule.
  const plan = podPlan(podPolicy(variant, state.settings).seating, seated.length, n);
  // Byes go to the players left over, lowest-ranked first among those with the fewest byes.
  if (plan.byes > 0) {
    const extra = plan.byes;
    const chosen = seated
      .slice()
      .sort((a, b) => (byes.get(a.id) ?? 0) - (byes.get(b.id) ?? 0) || byRank(b, a))
      .slice(0, extra);
    const chosenIds = new Set(chosen.map((p) => p.id));
    seated = seated.filter((p) => !chosenIds.has(p.id));
    for (const p of chosen) {
      roundByes.push({ player: p.id, kind: 'pairing' });
      if ((byes.get(p.id) ?? 0) > 0)
        warnings.push({ kind: 'second-bye', message: `${p.name} gets another bye: every player has had one`, players: [p.id] });
    }
  }

  const sizes = plan.sizes;
  const podPlayers: PodPlayer[] = seated.map((p) => ({
    id: p.id,
    points: pointsOf.get(p.id) ?? 0,
    smallerPods: smallerPods.get(p.id) ?? 0,
  }));
  const assignment = assignPods(
    {
      players: podPlayers,
      sizes,
      podSize: n,
      opponentsOf: (id) => history.get(id)?.keys() ?? [],
      limitSmallerPods: variant.limitSmallerPods,
      random: firstRound,
    },
    deriveSeed(seed, 1),
  );

  const seatRng = createRng(deriveSeed(seed, 2));
  const seats = state.settings.balanceSeats ? seatHistory(state) : new Map();
  // Fixed tables and seats (core/pairing/fixed-seats.ts) renumber the pods and seat
  // fixed-seat players before the check below names tables; who sits with whom stays.
  const fixed = placeFixedSeats(
    state.players,
    assignment.pods.map((members, index) => ({
      table: index + 1,
      seats: seatPod(members, seatRng, state.settings.balanceSeats, seats),
    })),
    { seats: true, firstSeatSeed: deriveSeed(seed, 3) },
  );
  const tables: Table[] = fixed.tables;

  for (const table of tables) {
    for (let x = 0; x < table.seats.length; x++)
      for (let y = x + 1; y < table.seats.length; y++) {
        const a = table.seats[x] as string;
        const b = table.seats[y] as string;
        if ((history.get(a)?.get(b) ?? 0) > 0)
          warnings.push({
            kind: 'rematch',
            message: `${nameOf(a)} and ${nameOf(b)} were in a pod together before (table ${table.table}): no arrangement avoids it`,
            players: [a, b],
          });
      }
    warnings.push(...podPointsWarnings(table, (id) => pointsOf.get(id) ?? 0, nameOf));
    if (table.seats.length < n) {
      warnings.push({
        kind: 'smaller-pod',
        message: `Table ${table.table} is a pod of ${table.seats.length}: ${table.seats.map(nameOf).join(', ')}`,
        players: [...table.seats],
      });
      for (const id of table.seats)
        if (variant.limitSmallerPods && (smallerPods.get(id) ?? 0) > 0)
          warnings.push({
            kind: 'smaller-pod',
            message: `${nameOf(id)} sits in a smaller pod for the second time: no arrangement avoids it`,
            players: [id],
          });
    }
  }
  warnings.push(...fixed.warnings);
  return { tables, byes: roundByes, warnings, seed };
}

/**
 * Pod pair-ups and pair-downs in words (10.4A), as the head-to-head check names its pair-downs: in a
 * pod whose players are not all on the same points, everyone off the pod's level (the points most
 * of its players have; on a tie the lower, so the higher players are the ones paired down) is named
 * with the points around them: "Quentin Dupont (7 points) plays in a pod of 1-point players".
 */
export function podPointsWarnings(table: Table, pointsOf: (id: string) => number, nameOf: (id: string) => string): PairingWarning[] {
  const points = table.seats.map(pointsOf);
  const count = new Map<number, number>();
  for (const p of points) count.set(p, (count.get(p) ?? 0) + 1);
  if (count.size < 2) return [];
  let level = points[0] as number;
  for (const [p, c] of count) {
    const best = count.get(level) as number;
    if (c > best || (c === best && p < level)) level = p;
  }
  const warnings: PairingWarning[] = [];
  table.seats.forEach((id, k) => {
    const own = points[k] as number;
    if (own === level) return;
    const others = points.filter((_, o) => o !== k).sort((a, b) => b - a);
    const where = others.every((p) => p === others[0])
      ? `a pod of ${others[0]}-point players`
      : `a pod with players on ${others.slice(0, -1).join(', ')} and ${others[others.length - 1]} points`;
    warnings.push({
      kind: 'pair-down',
      message: `${nameOf(id)} (${plural(own, 'point')}) plays in ${where} (table ${table.table})`,
      players: [id],
    });
  });
  return warnings;
}

/** How many Swiss pods smaller than n each player has sat in. */
export function smallerPodCounts(state: EventState, n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const round of state.rounds) {
    if (round.stage !== 'swiss') continue;
    for (const table of round.tables)
      if (table.seats.length < n) for (const id of table.seats) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}
