/**
 * `mstr-2022` / `mamtr-2024` single-elimination playoffs in pods (RULES.md section 2 "Playoffs";
 * MSTR and MAMTR 10.4A, 2.2A, 2.1A, MAMTR 2.4C).
 *
 * Cuts and the first playoff round (seeds are Swiss standings at the cut, 1 = first):
 * - top 4: the final directly, seeds 1–4;
 * - top 7: one pod of seeds 4–7; seeds 1–3 wait;
 * - top 10: seeds 3–10 in two pods by the snake (3, 6, 7, 10 and 4, 5, 8, 9); seeds 1–2 wait;
 * - top 13: seeds 2–13 in three pods by the snake; seed 1 waits;
 * - top 16: four pods by the snake (1, 8, 9, 16 / 2, 7, 10, 15 / 3, 6, 11, 14 / 4, 5, 12, 13);
 * - top 40: seeds 1–8 wait; seeds 9–40 in eight pods by the snake (pod 1 = 9, 24, 25, 40);
 * - top 64: sixteen pods by the snake.
 * Every later round: the winners plus the waiting seeds, re-seeded by Swiss seed ("the seeds of the
 * winners from the quarterfinals are taken into account and the same pattern ... is applied"), split
 * by the same snake — four semifinal pods after a top 40 or 64 quarterfinal, then the final: always
 * one pod of 4 (RULES 2).
 * The snake (the MAMTR top-16 figure): the group in seed order, in blocks of k (k pods); block 1 →
 * pods 1..k, block 2 → pods k..1, block 3 → pods 1..k, block 4 → pods k..1.
 * Seats (2.2A): in seed order, the highest Swiss seed in seat 1, playing first.
 * Winners: a result names its winner, or its games do (the required wins, else the most wins). A
 * drawn match: MAMTR 2.4C — the highest Swiss seed among the pod's players who took part in the draw
 * wins it (players in `excluded`, who conceded or got a match or game loss, are passed over;
 * `drawnPodWinner`); MSTR: playoffs are untimed (2.5B) and a drawn game is followed by a new game
 * (2.1A), so the result must name a winner.
 * Drops: the cut takes the top K who have not dropped. A player who drops after the cut is not
 * advanced and not replaced (the MTR 2.10 reading of RULES 1): a waiting seed who dropped is left
 * out; a pod winner who dropped sends nobody on from that pod — whether they won it outright or by
 * 2.4C: a drawn pod's winner is fixed by its result, so a later drop never hands the pod to the next
 * seed (RULES 2 "playoff draw"), and after the final a drop changes nothing. A pod left with one
 * player gives that player a playoff bye (they advance).
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
import { placeFixedSeats, withFixedSeats } from '../../pairing/fixed-seats.js';
import { pluralWord } from '../../text/format.js';
import type { PlayoffOptions, PlayoffPairing, PlayoffPlan } from '../ruleset.js';
import { isPodResult, podMatchWinner } from './results.js';
import { podStandings } from './standings.js';
import { MAMTR_2024 } from '../mamtr-2024.js';
import { MSTR_2022 } from '../mstr-2022.js';
import type { PodVariant } from './variant.js';

export const POD_PLAYOFF_CUTS = [4, 7, 10, 13, 16, 40, 64] as const;

/**
 * Core/pairing/fixed-seats.ts: a fixed table is honoured in the playoff (only the
 * numbers change; the pods and their order stay the plan's); a fixed seat is not, the seats follow
 * the Swiss seeds (2.2A).
 */
const FIXED_IN_PLAYOFF = {
  seats: false,
  keepOrder: true,
  seatRule: 'in a playoff pod the seats follow the Swiss seeds, the highest in seat 1 playing first (2.2A)',
} as const;

/** The shape of a cut: who waits in the first round, who plays it, and the pods of every round. */
export interface PodPlayoffPlan {
  top: number;
  /** Seeds (1-based) who skip the first round. */
  waiting: number;
  /** Pods of each playoff round, first round first; the last is the final (1 pod). */
  podsPerRound: readonly number[];
}

const PLANS: Record<number, PodPlayoffPlan> = {
  4: { top: 4, waiting: 0, podsPerRound: [1] },
  7: { top: 7, waiting: 3, podsPerRound: [1, 1] },
  10: { top: 10, waiting: 2, podsPerRound: [2, 1] },
  13: { top: 13, waiting: 1, podsPerRound: [3, 1] },
  16: { top: 16, waiting: 0, podsPerRound: [4, 1] },
  40: { top: 40, waiting: 8, podsPerRound: [8, 4, 1] },
  64: { top: 64, waiting: 0, podsPerRound: [16, 4, 1] },
};

/** The plan of a cut; PodiumError('invalid-input') for a cut RULES 2 does not list. */
export function podPlayoffPlan(top: number): PodPlayoffPlan {
  const plan = (POD_PLAYOFF_CUTS as readonly number[]).includes(top) ? PLANS[top] : undefined;
  if (!plan) {
    fail('invalid-input', `a top ${top} playoff is not a pod cut: the playoff takes the top ${POD_PLAYOFF_CUTS.slice(0, -1).join(', ')} or ${POD_PLAYOFF_CUTS[POD_PLAYOFF_CUTS.length - 1]} (10.4A)`);
  }
  return plan;
}

/** The `Ruleset.playoffPlan` of both documents: the cut's plan, or null for a cut 10.4A does not list. */
export function podPlayoffPlanOf(top: number): PlayoffPlan | null {
  const plan = (POD_PLAYOFF_CUTS as readonly number[]).includes(top) ? PLANS[top] : undefined;
  return plan ? { waiting: plan.waiting, tablesPerRound: plan.podsPerRound } : null;
}

/** Ruleset.playoffRoundCount: podPlayoffRoundCount of the event's cut; undefined for a cut with no plan. */
export function podPlayoffRounds(state: EventState): number | undefined {
  try {
    return podPlayoffRoundCount(state.playoff?.top ?? 0);
  } catch {
    return undefined;
  }
}

/** Playoff rounds of a cut (top 4: 1; top 7–16: 2; top 40 and 64: 3). */
export function podPlayoffRoundCount(top: number): number {
  return podPlayoffPlan(top).podsPerRound.length;
}

/**
 * Split a ranked group (seed order) into k pods by the snake: blocks of k players go to pods
 * 1..k, then k..1, then 1..k, ... Each pod's players stay in seed order.
 */
export function podSnake<T>(group: readonly T[], k: number): T[][] {
  if (!Number.isInteger(k) || k < 1) fail('invalid-input', `cannot split players into ${k} pods`);
  const pods: T[][] = Array.from({ length: k }, () => []);
  group.forEach((item, i) => {
    const block = Math.floor(i / k);
    const pos = i % k;
    (pods[block % 2 === 0 ? pos : k - 1 - pos] as T[]).push(item);
  });
  return pods;
}

/** Is round `roundNumber` the playoff final (for the clock: no intentional-draw timer)? */
export function podIsPlayoffFinal(state: EventState, roundNumber: number): boolean {
  if (!state.playoff) return false;
  const total = PLANS[state.playoff.top]?.podsPerRound.length;
  if (total === undefined) return false;
  const playoffRounds = state.rounds.filter((r) => r.stage === 'playoff');
  const index = playoffRounds.findIndex((r) => r.number === roundNumber);
  if (index >= 0) return index + 1 === total;
  return roundNumber === state.rounds.length + 1 && playoffRounds.length + 1 === total;
}

function nameOf(state: EventState, id: PlayerId): string {
  return state.players.find((p) => p.id === id)?.name ?? id;
}

function names(state: EventState, ids: readonly PlayerId[]): string {
  return ids.map((id) => nameOf(state, id)).join(', ');
}

/** The event as it stood at the end of the Swiss rounds (playoff rounds left out). */
function swissOnly(state: EventState): EventState {
  const { playoff: _playoff, ...rest } = state;
  return { ...rest, rounds: state.rounds.filter((r) => r.stage === 'swiss') };
}

/** The first round's pods (seed positions) and waiting seeds of a cut, from the cut's seed list. */
function firstRound(plan: PodPlayoffPlan, seeds: readonly PlayerId[]): { pods: PlayerId[][]; waiting: PlayerId[] } {
  const waiting = seeds.slice(0, plan.waiting);
  const group = seeds.slice(plan.waiting, plan.top);
  return { pods: podSnake(group, plan.podsPerRound[0] ?? 1), waiting };
}

/**
 * RULES 2 "Playoffs": the first playoff round for a top-K cut of the final Swiss standings. The
 * cut takes the top K players who have not dropped; `seeds` lists them in seed order, `waiting` the
 * seeds who skip this round. `seed` is recorded, not used: nothing here is random.
 */
export function podPlayoff(variant: PodVariant, state: EventState, options: PlayoffOptions, seed: number): PlayoffPairing {
  const top = options.top;
  const plan = podPlayoffPlan(top);
  if (options.draft) fail('invalid-input', `${variant.id} has no booster-draft playoff: pod playoffs are seeded by Swiss standings (10.4A)`);
  const last = state.rounds[state.rounds.length - 1];
  if (last && last.tables.some((t) => t.result === undefined)) {
    const open = last.tables.filter((t) => t.result === undefined).map((t) => t.table);
    fail('round-unfinished', `round ${last.number} is not finished (${pluralWord(open.length, 'table', 'tables')} ${open.join(', ')}): the cut needs the final standings`);
  }
  const dropped = droppedPlayers(state);
  const eligible = podStandings(variant, swissOnly(state)).filter((s) => !s.dropped && !dropped.has(s.id));
  if (eligible.length < top) {
    fail('invalid-input', `a top ${top} playoff needs ${top} players who have not dropped; only ${eligible.length} ${pluralWord(eligible.length, 'remains', 'remain')}`);
  }
  const seeds = eligible.slice(0, top).map((s) => s.id);
  const { pods, waiting } = firstRound(plan, seeds);
  const tables: Table[] = pods.map((seats, i) => ({ table: i + 1, seats }));
  return withFixedSeats(state.players, { tables, waiting, seeds, seed }, FIXED_IN_PLAYOFF);
}

/**
 * MAMTR 2.4C: a drawn playoff pod is won by the highest Swiss seed among its players who took part in
 * the draw — those not excluded (conceded, or a match or game loss: RULES 4). The winner is fixed by
 * the result: a drop after it changes nothing (RULES 2: a winner who then drops is not replaced, MTR
 * 2.10, exactly as for a pod won outright). The one reading of the rule: the next playoff round, the
 * final standings, the printed bracket and the station's bracket all ask this. Undefined when the
 * table's result is not a drawn pod result of a `mamtr-2024` playoff (a winner was named, no result,
 * an MSTR event), or when every player in it is excluded.
 */
export function drawnPodWinner(state: EventState, table: Table): PlayerId | undefined {
  const playoff = state.playoff;
  const result = table.result;
  if (!playoff || !isPodResult(result) || podMatchWinner(result) !== 'draw') return undefined;
  if (!podVariantOf(state)?.playoffDrawGoesToHighestSeed) return undefined;
  const seedIndex = new Map(playoff.seeds.map((id, i) => [id, i]));
  const excluded = new Set(result.excluded ?? []);
  return table.seats
    .filter((id) => !excluded.has(id))
    .sort((a, b) => (seedIndex.get(a) ?? Number.MAX_SAFE_INTEGER) - (seedIndex.get(b) ?? Number.MAX_SAFE_INTEGER))[0];
}

function podVariantOf(state: EventState): PodVariant | undefined {
  return state.ruleset === MAMTR_2024.id ? MAMTR_2024 : state.ruleset === MSTR_2022.id ? MSTR_2022 : undefined;
}

/** Who a finished playoff pod sends on (the `Ruleset.advancing` of both documents): null when undecided. */
export function podAdvancing(state: EventState, table: Table): PlayerId[] | null {
  const result = table.result;
  if (!isPodResult(result)) return null;
  const winner = podMatchWinner(result, state.settings);
  if (winner !== 'draw') return [winner];
  // MAMTR 2.4C (an MSTR draw decides nothing).
  const best = drawnPodWinner(state, table);
  return best === undefined ? null : [best];
}

/**
 * Who won a finished playoff pod: its winner, or for a drawn MAMTR pod the 2.4C winner. PodiumError
 * for a result that decides nothing (an MSTR draw: a drawn game is followed by a new game) or a draw
 * with everyone excluded. Whether the winner is still in the event is the caller's question.
 */
function podWinner(
  variant: PodVariant,
  state: EventState,
  round: Round,
  table: Table,
): { winner: PlayerId; byDraw: boolean } {
  const result = table.result;
  const where = `playoff round ${round.number}, pod ${table.table} (${names(state, table.seats)})`;
  if (!isPodResult(result)) fail('invalid-result', `${where}: the result is not a pod result`);
  const winner = podMatchWinner(result, state.settings);
  if (winner !== 'draw') {
    if (!table.seats.includes(winner)) fail('invalid-result', `${where}: the winner ${nameOf(state, winner)} is not at this pod`);
    return { winner, byDraw: false };
  }
  if (!variant.playoffDrawGoesToHighestSeed) {
    fail('invalid-result', `${where} is recorded as a draw: playoff matches are untimed (2.5B) and a drawn game is followed by a new game (2.1A); record the winner`);
  }
  const drawn = drawnPodWinner(state, table);
  if (drawn === undefined) fail('invalid-result', `${where} is a draw with every player excluded: no one can advance`);
  return { winner: drawn, byDraw: true };
}

/** The players of a round that skip it: the recorded waiting list, or the plan's for the first round. */
function waitingOf(round: Round, index: number, plan: PodPlayoffPlan, playoff: PlayoffState): PlayerId[] {
  if (round.waiting) return [...round.waiting];
  if (index === 0) {
    const seated = new Set(round.tables.flatMap((t) => t.seats));
    return playoff.seeds.slice(0, plan.waiting).filter((id) => !seated.has(id));
  }
  return [];
}

/** Pods of two or more become tables (seats in seed order); a lone player gets a playoff bye. */
function buildRound(
  state: EventState,
  pods: PlayerId[][],
  warnings: PairingWarning[],
  seedOf: (id: PlayerId) => number,
): { tables: Table[]; byes: Bye[] } {
  const tables: Table[] = [];
  const byes: Bye[] = [];
  for (const pod of pods) {
    const seats = [...pod].sort((a, b) => seedOf(a) - seedOf(b));
    if (seats.length >= 2) tables.push({ table: tables.length + 1, seats });
    else if (seats.length === 1) {
      const player = seats[0] as PlayerId;
      byes.push({ player, kind: 'playoff' });
      warnings.push({
        kind: 'info',
        message: `${nameOf(state, player)} is the only player left in their pod after drops and advances with a bye`,
        players: [player],
      });
    }
  }
  const fixed = placeFixedSeats(state.players, tables, FIXED_IN_PLAYOFF);
  warnings.push(...fixed.warnings);
  return { tables: fixed.tables, byes };
}

/**
 * The next playoff round once every pod of the latest one has a result; null after the final. With
 * no playoff round yet, the first round of the cut recorded in `state.playoff` (its `waiting` lists
 * the seeds who skip it). Later rounds: the winners, the byes and the seeds who waited, minus players
 * who dropped, re-seeded by Swiss seed and split by the snake into the plan's pods (the final: one).
 */
export function podNextPlayoffRound(variant: PodVariant, state: EventState, seed: number): PairingProposal | null {
  const playoff = state.playoff;
  if (!playoff) fail('not-allowed', 'the playoff has not started: make the cut first');
  const plan = podPlayoffPlan(playoff.top);
  if (playoff.seeds.length !== plan.top)
    fail('invalid-input', `a top ${plan.top} playoff needs ${plan.top} seeds, it has ${playoff.seeds.length}`);
  const seedIndex = new Map(playoff.seeds.map((id, i) => [id, i]));
  const seedOf = (id: PlayerId) => seedIndex.get(id) ?? Number.MAX_SAFE_INTEGER;
  const dropped = droppedPlayers(state);
  const known = new Set(state.players.map((p) => p.id));
  const gone = (id: PlayerId) => dropped.has(id) || !known.has(id);
  const playoffRounds = state.rounds.filter((r) => r.stage === 'playoff');
  const warnings: PairingWarning[] = [];
  const latest = playoffRounds[playoffRounds.length - 1];

  if (!latest) {
    // The first round, at the seed positions of the cut; players who dropped since leave holes.
    const first = firstRound(plan, playoff.seeds);
    const left = [...first.pods.flat(), ...first.waiting].filter(gone);
    if (left.length > 0)
      warnings.push({ kind: 'info', message: `${names(state, left)} dropped after the cut and ${pluralWord(left.length, 'is', 'are')} not replaced`, players: left });
    const { tables, byes } = buildRound(state, first.pods.map((pod) => pod.filter((id) => !gone(id))), warnings, seedOf);
    const waiting = first.waiting.filter((id) => !gone(id));
    return { tables, byes, warnings, seed, waiting };
  }

  const open = latest.tables.filter((t) => t.result === undefined).map((t) => t.table);
  if (open.length > 0) {
    fail('round-unfinished', `playoff round ${latest.number} is not finished: ${pluralWord(open.length, 'pod', 'pods')} ${open.join(', ')} ${pluralWord(open.length, 'has', 'have')} no result`);
  }
  const latestIndex = playoffRounds.length - 1;
  const waiting = waitingOf(latest, latestIndex, plan, playoff);
  const byes = latest.byes.filter((b) => b.kind === 'playoff').map((b) => b.player);
  // The final: one pod with nobody waiting or advancing by a bye beside it.
  if (latest.tables.length <= 1 && waiting.length === 0 && byes.length === 0) return null;
  if (latestIndex + 1 >= plan.podsPerRound.length && latest.tables.length <= 1) return null;

  const advancing: PlayerId[] = [];
  for (const table of latest.tables) {
    const { winner, byDraw } = podWinner(variant, state, latest, table);
    if (byDraw)
      warnings.push({
        kind: 'info',
        // A winner who has since dropped is named below with the others who are not replaced.
        message: `pod ${table.table} of round ${latest.number} was a draw: ${nameOf(state, winner)}, the highest Swiss seed who took part in it, wins it (2.4C)`,
        players: [winner],
      });
    advancing.push(winner);
  }
  advancing.push(...byes, ...waiting);
  const left = [...new Set(advancing.filter(gone))];
  if (left.length > 0)
    warnings.push({ kind: 'info', message: `${names(state, left)} dropped after the cut and ${pluralWord(left.length, 'is', 'are')} not advanced or replaced`, players: left });
  const alive = [...new Set(advancing.filter((id) => !gone(id)))].sort((a, b) => seedOf(a) - seedOf(b));
  if (alive.length <= 1) {
    // Nobody left to play: the playoff is decided (or, with nobody left, has no winner).
    return null;
  }

  // Pods for this round: the plan's, never more than pairs allow, never more than 4 a pod.
  const planned = plan.podsPerRound[latestIndex + 1] ?? 1;
  let k = Math.max(1, Math.min(planned, Math.floor(alive.length / 2)));
  if (alive.length > 4 * k) {
    k = Math.ceil(alive.length / 4);
    warnings.push({
      kind: 'info',
      message: `${alive.length} players advance where the playoff expects ${4 * planned}: they are split into ${k} pods`,
      players: alive,
    });
  }
  const built = buildRound(state, podSnake(alive, k), warnings, seedOf);
  return { tables: built.tables, byes: built.byes, warnings, seed };
}
