/**
 * MTR Swiss pairing (RULES 1 "Pairing", MTR 10.4 and 7.6): turns the event state into the input of
 * the pairing optimiser, once per draft pod when pairing is kept inside pods, and explains the
 * result in words for the pairing check.
 */
import { activePlayers, byeCounts, opponentHistory } from '../../event/queries.js';
import type { Bye, EventState, PairingProposal, PairingWarning, Player, Table } from '../../model/types.js';
import { withFixedSeats } from '../../pairing/fixed-seats.js';
import { pairSwiss, type RematchCause, type SwissPlayer } from '../../pairing/swiss.js';
import { deriveSeed } from '../../random/rng.js';
import { plural, pluralWord } from '../../text/format.js';
import { mtrStandings } from './standings.js';

export function mtrPair(state: EventState, seed: number): PairingProposal {
  const roundNumber = state.rounds.length + 1;
  const standings = mtrStandings(state);
  const rankOf = new Map(standings.map((s, index) => [s.id, { rank: index, points: s.points }]));
  const history = opponentHistory(state.rounds);
  const byes = byeCounts(state.rounds);
  const nameOf = new Map(state.players.map((p) => [p.id, p.name]));
  const warnings: PairingWarning[] = [];

  const active = activePlayers(state, roundNumber);
  // MTR App. E: an awarded bye covers rounds 1..awardedByes.
  const awarded = active.filter((p) => p.awardedByes >= roundNumber);
  const toPair = active.filter((p) => p.awardedByes < roundNumber);
  const roundByes: Bye[] = awarded.map((p) => ({ player: p.id, kind: 'awarded' }));

  const tables: Table[] = [];
  const pools = poolsFor(state, toPair);
  pools.forEach((pool, poolIndex) => {
    const players: SwissPlayer[] = pool.players.map((p) => {
      const standing = rankOf.get(p.id);
      return { id: p.id, points: standing?.points ?? 0, rank: standing?.rank ?? standings.length, byes: byes.get(p.id) ?? 0 };
    });
    const result = pairSwiss(
      { players, met: (a, b) => (history.get(a)?.get(b) ?? 0) > 0 },
      deriveSeed(seed, poolIndex),
    );
    const pointsOf = new Map(players.map((p) => [p.id, p.points]));
    for (const [a, b] of result.pairs) {
      tables.push({ table: tables.length + 1, seats: [a, b] });
      const pa = pointsOf.get(a) ?? 0;
      const pb = pointsOf.get(b) ?? 0;
      if ((history.get(a)?.get(b) ?? 0) > 0)
        warnings.push({
          kind: 'rematch',
          message: `${nameOf.get(a)} and ${nameOf.get(b)} played in ${roundsMet(state, a, b)}: ${rematchReason(result.rematchCause, pool.label, (id) => nameOf.get(id) ?? id)}`,
          players: [a, b],
        });
      if (pa !== pb) {
        const [high, low] = pa > pb ? [a, b] : [b, a];
        warnings.push({
          kind: 'pair-down',
          message: `${nameOf.get(high)} (${plural(Math.max(pa, pb), 'point')}) is paired down against ${nameOf.get(low)} (${plural(Math.min(pa, pb), 'point')})`,
          players: [high, low],
        });
      }
    }
    if (result.bye !== undefined) {
      roundByes.push({ player: result.bye, kind: 'pairing' });
      if ((byes.get(result.bye) ?? 0) > 0)
        warnings.push({
          kind: 'second-bye',
          message: `${nameOf.get(result.bye)} gets another bye: everyone${pool.label} has had one`,
          players: [result.bye],
        });
    }
  });
  for (const p of awarded)
    warnings.push({ kind: 'info', message: `${p.name} has an awarded bye for round ${roundNumber}`, players: [p.id] });
  // Fixed tables renumber the matches (who plays whom stays as paired).
  return withFixedSeats(state.players, { tables, byes: roundByes, warnings, seed }, { seats: false });
}

interface Pool {
  players: Player[];
  /** " in draft pod 2", for messages. */
  label: string;
}

/** MTR 7.6: in a draft event players are paired only inside their draft pod (unless lifted). */
function poolsFor(state: EventState, players: Player[]): Pool[] {
  const usePods = state.settings.pairWithinDraftPods && players.some((p) => p.draftPod !== undefined);
  if (!usePods) return [{ players, label: '' }];
  const byPod = new Map<number, Player[]>();
  for (const p of players) {
    const pod = p.draftPod ?? 0;
    let list = byPod.get(pod);
    if (!list) byPod.set(pod, (list = []));
    list.push(p);
  }
  return [...byPod.entries()]
    .sort(([a], [b]) => a - b)
    .map(([pod, list]) => ({ players: list, label: pod === 0 ? ' without a draft pod' : ` in draft pod ${pod}` }));
}

/**
 * Which rule forced a rematch, in words (RULES 1: never "no pairing without a rematch exists" when
 * one does): rule 1 (no second bye while an active player has none) comes before rule 2.
 */
function rematchReason(cause: RematchCause | undefined, where: string, name: (id: string) => string): string {
  switch (cause?.kind) {
    case 'second-bye': {
      const who = cause.players.map(name);
      if (!cause.complete) return `a pairing${where} without a rematch would give a second bye (to ${who.join(', ')}, for one) while a player has had none`;
      const list = who.length === 1 ? who[0] : `one of ${who.slice(0, -1).join(', ')} or ${who[who.length - 1]}`;
      return `every rematch-free pairing${where} would give ${list} a second bye while a player has had none`;
    }
    case 'search-limit':
      return `no pairing${where} without a rematch was found with the bye for any of the ${cause.candidates} lowest-ranked players who can take it`;
    default:
      return `no pairing without a rematch exists${where}`;
  }
}

function roundsMet(state: EventState, a: string, b: string): string {
  const rounds = state.rounds
    .filter((r) => r.tables.some((t) => t.seats.includes(a) && t.seats.includes(b)))
    .map((r) => r.number);
  return `${pluralWord(rounds.length, 'round', 'rounds')} ${rounds.join(' and ')}`;
}
