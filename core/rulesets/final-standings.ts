/**
 * Final standings: the event's ranking once a playoff has been cut. Pure.
 *
 * The playoff players come first, ranked by how far they got: the winner of the final is 1st, then
 * players eliminated in later playoff rounds above those eliminated earlier. A player who skipped a
 * round (a waiting seed, a playoff bye) counts as having reached the round they next played. Within
 * the same elimination round, by Swiss seed (`state.playoff.seeds` order; for an MTR booster-draft
 * top 8, whose `seeds` are draft seats, by Swiss rank) — except Lightseekers, where the players of a
 * table go by their finish at it (VP, then last standing; RULES 3), so places 2 to k follow the
 * final table. While the final has not been played, the players still in contention share the top
 * places in seed order and nobody is champion. Then every other player in Swiss standings order.
 * Each Standing keeps its Swiss points, tiebreakers and record; only the order and the rank change,
 * and `playoff` says how far the player got.
 *
 * Who won a playoff table: the rule set says (`Ruleset.advancing`: head-to-head by `matchOutcome`;
 * pods by `podMatchWinner`, a drawn MAMTR pod going to its highest Swiss seed not excluded, a drop
 * afterwards changing nothing (2.4C, `drawnPodWinner`; an MSTR draw decides nothing); Lightseekers by `gameOutcome`,
 * a large event's group finals with 2–3 groups sending their runner-up to the grand final too). Rounds already followed by another playoff
 * round are read from who played on; the latest round, once finished, is read from the rule set's
 * own next playoff round. Everything rule-set specific comes through the event's Ruleset (its
 * playoffRoundCount, playoffPlan, finishingOrder and presentation.playoff.earlierRoundName).
 */
import type { EventState, PlayerId, PlayoffFinish, Round, Standing } from '../model/types.js';
import { getRuleset } from './registry.js';
import type { Ruleset } from './ruleset.js';

/** The finish in words, as a scorekeeper says it: "Champion", "Finalist", "Semifinal", ... */
export function playoffFinishLabel(finish: PlayoffFinish | undefined): string {
  if (finish === undefined) return '';
  if (finish === 'champion') return 'Champion';
  if (finish === 'finalist') return 'Finalist';
  if (finish === 'in-contention') return 'In contention';
  return finish.roundName;
}

/** Everyone a playoff round involves: seated, with a playoff bye, or waiting through it. */
function playersOf(round: Round): PlayerId[] {
  return [...round.tables.flatMap((t) => t.seats), ...round.byes.map((b) => b.player), ...(round.waiting ?? [])];
}

/** The final standings after a playoff; null when the event has no playoff. */
export function finalStandings(state: EventState): Standing[] | null {
  const playoff = state.playoff;
  if (!playoff) return null;
  const ruleset = getRuleset(state.ruleset);
  const swiss = ruleset.standings(state);
  const byId = new Map(swiss.map((s) => [s.id, s]));

  // Seed order: the cut's seeds; a booster-draft top 8 lists draft seats, so there the Swiss rank.
  const seedIndex = new Map<PlayerId, number>();
  if (playoff.draft) {
    const swissOrder = new Map(swiss.map((s, i) => [s.id, i]));
    [...playoff.seeds]
      .sort((a, b) => (swissOrder.get(a) ?? Number.MAX_SAFE_INTEGER) - (swissOrder.get(b) ?? Number.MAX_SAFE_INTEGER))
      .forEach((id, i) => seedIndex.set(id, i));
  } else playoff.seeds.forEach((id, i) => seedIndex.set(id, i));
  const seedOf = (id: PlayerId): number => seedIndex.get(id) ?? Number.MAX_SAFE_INTEGER;

  const rounds = state.rounds.filter((r) => r.stage === 'playoff');
  const total = Math.max(ruleset.playoffRoundCount?.(state) ?? rounds.length, rounds.length);
  /** Round (1-based within the playoff) each player went out in; absent = still in. */
  const outIn = new Map<PlayerId, number>();
  let alive = new Set(playoff.seeds);
  let over = false;

  rounds.forEach((round, i) => {
    const number = i + 1;
    const next = rounds[i + 1];
    // Anyone still in and not in this round (a seed who dropped before it) went out before it.
    const here = new Set(playersOf(round));
    if (i === 0) {
      // A first round's waiting seeds may be unrecorded (pods): they are still in.
      for (const id of alive) if (!here.has(id) && !waitsFirstRound(ruleset, state, id)) outIn.set(id, number);
    }
    let onward: Set<PlayerId>;
    if (next) onward = new Set(playersOf(next));
    else {
      const finished = round.tables.every((t) => t.result !== undefined);
      let proposal: PlayerId[] | null | undefined;
      if (finished) {
        try {
          const p = ruleset.nextPlayoffRound(state, state.seed);
          proposal = p ? [...p.tables.flatMap((t) => t.seats), ...p.byes.map((b) => b.player), ...(p.waiting ?? [])] : null;
        } catch {
          proposal = undefined;
        }
      }
      if (proposal !== undefined && proposal !== null) onward = new Set(proposal);
      else {
        // Read the tables: a decided table sends its winner(s) on, an undecided one keeps all in.
        onward = new Set([...round.byes.map((b) => b.player), ...(round.waiting ?? [])]);
        for (const id of alive) if (!here.has(id)) onward.add(id);
        for (const table of round.tables) {
          const sent = ruleset.advancing(state, round, table);
          for (const id of sent ?? table.seats) onward.add(id);
        }
        over = proposal === null;
      }
    }
    for (const id of here) if (alive.has(id) && !onward.has(id)) outIn.set(id, number);
    alive = new Set([...alive].filter((id) => !outIn.has(id)));
  });

  const champion = over && alive.size === 1 ? [...alive][0] : undefined;
  const finalRound = over ? rounds.length : total;

  const roundName = (number: number): string => {
    const round = rounds[number - 1];
    const toFinal = finalRound - number;
    const earlier = ruleset.presentation.playoff.earlierRoundName;
    if (earlier !== undefined && toFinal >= 1) return earlier;
    if (toFinal === 1) return 'Semifinal';
    if (toFinal === 2) return 'Quarterfinal';
    return `Top ${round ? playersOf(round).length : playoff.top} round`;
  };
  const finishOf = (id: PlayerId): PlayoffFinish => {
    if (id === champion) return 'champion';
    const out = outIn.get(id);
    if (out === undefined) return 'in-contention';
    if (out === finalRound) return 'finalist';
    return { eliminatedInRound: out, roundName: roundName(out) };
  };

  const playoffIds = [...new Set(playoff.seeds)].filter((id) => byId.has(id));
  const stage = (id: PlayerId): number => (id === champion ? Number.MAX_SAFE_INTEGER : outIn.get(id) ?? Number.MAX_SAFE_INTEGER - 1);
  const place = finishingPlaces(ruleset, rounds, outIn);
  const placeOf = (id: PlayerId): number => place.get(id) ?? Number.MAX_SAFE_INTEGER;
  playoffIds.sort((a, b) => stage(b) - stage(a) || placeOf(a) - placeOf(b) || seedOf(a) - seedOf(b));
  const inPlayoff = new Set(playoffIds);
  const ordered: Standing[] = [
    ...playoffIds.map((id) => ({ ...(byId.get(id) as Standing), playoff: finishOf(id) })),
    ...swiss.filter((s) => !inPlayoff.has(s.id)).map((s) => ({ ...s })),
  ];
  ordered.forEach((s, i) => {
    s.rank = i + 1;
  });
  return ordered;
}

/**
 * Where the rule set orders a table's players (Ruleset.finishingOrder; Lightseekers, RULES 3): each
 * playoff player's place (0 = the winner) at the table of the round they went out in — or, for the
 * winner, the last round — so the final table gives places 2 to k. Empty otherwise (a bracket orders
 * by seed).
 */
function finishingPlaces(ruleset: Ruleset, rounds: readonly Round[], outIn: ReadonlyMap<PlayerId, number>): Map<PlayerId, number> {
  const place = new Map<PlayerId, number>();
  const finishingOrder = ruleset.finishingOrder;
  if (!finishingOrder) return place;
  rounds.forEach((round, i) => {
    for (const table of round.tables) {
      const order = finishingOrder(table);
      if (!order) continue;
      order.forEach((id, k) => {
        const out = outIn.get(id);
        if (out === undefined || out === i + 1) place.set(id, k);
      });
    }
  });
  return place;
}

/** The seeds a cut's first round leaves waiting, recorded or not (a fixed plan's, Ruleset.playoffPlan: MAMTR/MSTR 10.4A). */
function waitsFirstRound(ruleset: Ruleset, state: EventState, id: PlayerId): boolean {
  const first = state.rounds.find((r) => r.stage === 'playoff');
  if (first?.waiting?.includes(id)) return true;
  if (!state.playoff) return false;
  const waiting = ruleset.playoffPlan?.(state.playoff.top)?.waiting ?? 0;
  return state.playoff.seeds.slice(0, waiting).includes(id);
}
