/**
 * Lightseekers final tables (RULES.md section 3; seeds/004).
 *
 * **Casual.** 5 or 6 players play one table and have no final. From 7 players, after the round the
 * final table is filled as the seed's "Who advances?" column says (tables.ts): from each table its
 * winner, and from the tables the row names its runner-up too; winners first, then runners-up, each
 * in table order. The round's tables are matched to the row by size (a row sends the same number
 * from every table of one size). **Decision:** if the round's tables are not the row's (a manual
 * pairing, or a count outside 5–25), each table sends its winner, with a warning, where that makes a
 * table of 3 to 6; otherwise there is no final to make. **Decision:** seats at the casual final are
 * random (seeded), as in the round; the seed does not say, and the grand final of large events is
 * random too. The last Swiss round is the round read.
 *
 * **Competitive.** After the rounds the top of the standings goes to the final table: 5 players, 4
 * when the event has 8 to 10 players (RULES 3: fewer than 8 also 4). Seats are chosen by the players:
 * the lowest seed places first, each next seed chooses a spot, the top seed last. The proposal lists
 * the finalists in that choosing order (`seatChoice` says so); the seating the players choose is
 * recorded by the `pair-round` command of the final, whose seats are taken as given. A tie on every
 * tiebreaker at the cut (or inside it, which decides who chooses first) is the organiser's (RULES 3):
 * the cut takes the registration-draw order and warns; the organiser's choice is recorded by the
 * seeds of the `start-playoff` command.
 *
 * **Large.** Each group cuts its own final table as a competitive event (5 players; 4 for a group of
 * 8–10), so the first playoff round is one final table per group (tables in group order) and the cut
 * is top 5 × groups. Then the grand final, seats random: with 2 or 3 groups the winner and the runner-up
 * of each group final (4 or 6 players), with 4–6 groups each winner; with a single group its final
 * was the event's.
 *
 * **Drops.** Dropped players do not advance. **Decision:** unlike a bracket, a final table keeps its
 * size: the next player of the same game (casual, grand final: the game's finishing order) or the
 * next in the standings (competitive, group finals) takes the place, with a warning. A player who drops
 * after the cut is not replaced.
 *
 * **Runner-up ties.** Where a runner-up advances and VP and last-standing leave two or more tied for
 * it, the result must carry the scorekeeper's pick (`runnerUp`): the cut asks for it rather than
 * guessing.
 *
 * **Fixed tables**: every final table is numbered as the Swiss rounds and the MTR and
 * pod playoffs number theirs (core/pairing/fixed-seats.ts): a table with a fixed player at that
 * player's table, the lowest when several meet, the others 1, 2, … in order. No seat is fixed: the
 * players choose their seats, or they are drawn. A seat choice names its table's new number.
 */
import { droppedPlayers } from '../../event/queries.js';
import { fail } from '../../model/errors.js';
import type { EventState, PairingProposal, PairingWarning, PlayerId, Round, SeatChoice, Table } from '../../model/types.js';
import { withFixedSeats } from '../../pairing/fixed-seats.js';
import { createRng, deriveSeed } from '../../random/rng.js';
import { andList, plural, pluralWord } from '../../text/format.js';
import type { PlayoffOptions, PlayoffPairing } from '../ruleset.js';
import { gameOutcome, isLightseekersResult } from './results.js';
import { groupStandings, swissOnly } from './standings.js';
import { casualRow, competitiveFinalSize, describeSizes, grandFinalPerGroup } from './tables.js';
import type { LightseekersVariant } from './variant.js';

/** Sub-stream of a round's seed for random final seats. */
const FINAL_SEAT_STREAM = 7;

/** Final tables keep their order (group order); Lightseekers tables have no seat to fix. */
const FIXED_IN_PLAYOFF = { seats: false, keepOrder: true } as const;

/** A final's tables numbered for fixed tables (file comment), each seat choice following its table. */
function withFixedTables<P extends { tables: Table[]; warnings?: PairingWarning[]; seatChoice?: SeatChoice[] }>(state: EventState, pairing: P): P {
  const placed = withFixedSeats(state.players, pairing, FIXED_IN_PLAYOFF);
  if (placed === pairing || !pairing.seatChoice) return placed;
  const numberOf = new Map(pairing.tables.map((t, i) => [t.table, (placed.tables[i] as Table).table]));
  return { ...placed, seatChoice: pairing.seatChoice.map((c) => ({ table: numberOf.get(c.table) ?? c.table, order: [...c.order] })) };
}

/**
 * Ruleset.playoffRoundCount: the final table; a large event with two or more groups plays group
 * finals first, then the grand final.
 */
export function lightseekersPlayoffRounds(variant: LightseekersVariant, state: EventState): number {
  if (variant.structure !== 'large') return 1;
  const first = state.rounds.find((r) => r.stage === 'playoff');
  return first && first.tables.length > 1 ? 2 : 1;
}

export function lightseekersPlayoffCuts(variant: LightseekersVariant): number[] {
  switch (variant.structure) {
    case 'casual':
      return [3, 4, 5, 6];
    case 'competitive':
      return [4, 5];
    case 'large':
      return [4, 5, 10, 15, 20, 25, 30];
  }
}

function nameIn(state: EventState): (id: PlayerId) => string {
  const names = new Map(state.players.map((p) => [p.id, p.name]));
  return (id) => names.get(id) ?? id;
}

function requireFinished(round: Round | undefined, what: string): void {
  if (!round) return;
  const open = round.tables.filter((t) => t.result === undefined).map((t) => t.table);
  if (open.length > 0)
    fail('round-unfinished', `round ${round.number} is not finished (${pluralWord(open.length, 'table', 'tables')} ${open.join(', ')}): ${what}`);
}

function checkTop(variant: LightseekersVariant, top: number, size: number, why: string): void {
  if (top !== size) fail('invalid-input', `${variant.id}: ${why}, so the cut is top ${size}, not top ${top} (RULES 3)`);
}

/**
 * The `count` players who advance from one game: the first `count` of its finishing order who have
 * not dropped. A runner-up who is needed but still tied must have been picked.
 */
function advanceFrom(
  state: EventState,
  round: Round,
  table: Table,
  count: number,
  dropped: ReadonlySet<PlayerId>,
  warnings: PairingWarning[],
): PlayerId[] {
  const nameOf = nameIn(state);
  const result = table.result;
  if (!isLightseekersResult(result)) fail('invalid-result', `round ${round.number}, table ${table.table} has no Lightseekers result`);
  const outcome = gameOutcome(result, table.seats);
  const eligible = outcome.order.filter((id) => !dropped.has(id));
  const taken = eligible.slice(0, count);
  const tied = outcome.runnerUpTied.filter((id) => !dropped.has(id));
  const takenTied = taken.filter((id) => tied.includes(id)).length;
  if (takenTied > 0 && takenTied < tied.length)
    fail(
      'invalid-result',
      `round ${round.number}, table ${table.table}: ${andList(outcome.runnerUpTied.map(nameOf))} are tied for runner-up (same VP, all still standing) and the runner-up advances: the scorekeeper must pick the runner-up among them ("runnerUp" in the result)`,
    );
  const skipped = outcome.order.slice(0, outcome.order.indexOf(taken[taken.length - 1] as PlayerId) + 1).filter((id) => dropped.has(id));
  if (skipped.length > 0)
    warnings.push({
      kind: 'info',
      message: `${andList(skipped.map(nameOf))} dropped: from table ${table.table} ${andList(taken.map(nameOf))} ${pluralWord(taken.length, 'advances', 'advance')}`,
      players: [...skipped, ...taken],
    });
  return taken;
}

/** Casual: the finalists as the seed's "Who advances?" column says (winners first, then runners-up). */
export function casualFinalists(state: EventState, warnings: PairingWarning[]): PlayerId[] {
  const swiss = state.rounds.filter((r) => r.stage === 'swiss');
  const round = swiss[swiss.length - 1];
  if (!round) fail('invalid-input', 'the final table is filled from the round: pair and play it first');
  requireFinished(round, 'the final table needs its results');
  const tables = [...round.tables].sort((a, b) => a.table - b.table);
  const count = tables.reduce((sum, t) => sum + t.seats.length, 0);
  if (tables.length <= 1)
    fail('invalid-input', `${count} players played one table: a casual event of 5 or 6 players has no final table (RULES 3)`);
  const row = casualRow(count);
  const actual = tables.map((t) => t.seats.length);
  const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => b - a).join(',');
  let advance: number[];
  if (row && row.finalSize > 0 && sorted(row.tables) === sorted(actual)) {
    const bySize = new Map<number, number>();
    row.tables.forEach((size, i) => bySize.set(size, row.advance[i] as number));
    advance = actual.map((size) => bySize.get(size) as number);
  } else {
    if (tables.length < 3 || tables.length > 6)
      fail(
        'invalid-input',
        `round ${round.number} was played at tables of ${describeSizes(actual)}, which the seed's table for ${count} players does not list, and one winner from each would not make a final table of 3 to 6`,
      );
    warnings.push({
      kind: 'info',
      message: `round ${round.number} was played at tables of ${describeSizes(actual)}, not the seed's ${row ? describeSizes(row.tables) : `(no row for ${count} players)`}: each table's winner goes to the final`,
      players: [],
    });
    advance = actual.map(() => 1);
  }
  const dropped = droppedPlayers(state);
  const winners: PlayerId[] = [];
  const runnersUp: PlayerId[] = [];
  tables.forEach((table, i) => {
    const taken = advanceFrom(state, round, table, advance[i] as number, dropped, warnings);
    if (taken[0] !== undefined) winners.push(taken[0]);
    runnersUp.push(...taken.slice(1));
  });
  return [...winners, ...runnersUp];
}

/** The casual final's size for the event as played (for `top` and recommended rounds). */
function casualFinalWhy(state: EventState): string {
  const swiss = state.rounds.filter((r) => r.stage === 'swiss');
  const round = swiss[swiss.length - 1];
  const count = round ? round.tables.reduce((sum, t) => sum + t.seats.length, 0) : state.players.length;
  const row = casualRow(count);
  return row && row.finalSize > 0
    ? `with ${count} players the seed's final table seats ${row.finalSize} (${row.whoAdvances})`
    : `the final table seats one winner from each table`;
}

/**
 * Competitive (one event, or one group of a large one): the top of the standings who have not
 * dropped, with warnings for ties the organiser decides.
 */
export function competitiveCut(state: EventState, group: number | undefined, warnings: PairingWarning[]): PlayerId[] {
  const nameOf = nameIn(state);
  const participants = group === undefined ? state.players.length : state.players.filter((p) => p.group === group).length;
  const size = competitiveFinalSize(participants);
  const where = group === undefined ? '' : ` of group ${group}`;
  const dropped = droppedPlayers(state);
  const standings = groupStandings(swissOnly(state), group);
  const eligible = standings.filter((s) => !s.dropped && !dropped.has(s.id));
  if (eligible.length < size)
    fail('invalid-input', `the final table${where} seats ${size}, but only ${plural(eligible.length, 'player')} ${pluralWord(eligible.length, 'has', 'have')} not dropped`);
  const skipped = standings.slice(0, standings.indexOf(eligible[size - 1] as (typeof eligible)[number])).filter((s) => s.dropped || dropped.has(s.id));
  if (skipped.length > 0)
    warnings.push({
      kind: 'info',
      message: `${andList(skipped.map((s) => s.name))} dropped and ${pluralWord(skipped.length, 'does', 'do')} not go to the final table${where}`,
      players: skipped.map((s) => s.id),
    });
  const seeds = eligible.slice(0, size);
  const inCut = new Set(seeds.map((s) => s.id));
  const reported = new Set<PlayerId>();
  for (const s of seeds) {
    if (!s.organiserDecides || reported.has(s.id)) continue;
    const tie = [s.id, ...(s.tiedWith ?? [])].filter((id) => !dropped.has(id));
    tie.forEach((id) => reported.add(id));
    const outside = tie.filter((id) => !inCut.has(id));
    const inside = tie.filter((id) => inCut.has(id));
    if (inside.length < 2 && outside.length === 0) continue;
    warnings.push({
      kind: 'info',
      message:
        outside.length > 0
          ? `organiser decides: ${andList(tie.map(nameOf))} are equal on game wins, VP, longevity and best VP for the last ${pluralWord(inside.length, 'place', 'places')} at the final table${where}; Podium took ${andList(inside.map(nameOf))} by the registration draw (RULES 3: the organiser's choice, e.g. a tiebreaker game)`
          : `organiser decides: ${andList(tie.map(nameOf))} are equal on game wins, VP, longevity and best VP, which decides who chooses a seat first at the final table${where}; Podium used the registration draw`,
      players: tie,
    });
  }
  return seeds.map((s) => s.id);
}

/** A final whose players choose their seats: listed in choosing order (lowest seed first). */
function choosingTable(table: number, seeds: readonly PlayerId[]): { table: Table; choice: SeatChoice } {
  const order = [...seeds].reverse();
  return { table: { table, seats: order }, choice: { table, order: [...order] } };
}

function groupNumbers(state: EventState): number[] {
  return [...new Set(state.players.map((p) => p.group).filter((g): g is number => g !== undefined))].sort((a, b) => a - b);
}

export function lightseekersPlayoff(variant: LightseekersVariant, state: EventState, options: PlayoffOptions, seed: number): PlayoffPairing {
  if (options.draft) fail('invalid-input', `${variant.id} has no booster-draft playoff`);
  const last = state.rounds[state.rounds.length - 1];
  requireFinished(last, 'the final table needs the final standings');
  if (!state.rounds.some((r) => r.stage === 'swiss')) fail('invalid-input', 'no round has been played yet: the final table comes after the rounds');
  const warnings: PairingWarning[] = [];
  switch (variant.structure) {
    case 'casual': {
      const finalists = casualFinalists(state, warnings);
      checkTop(variant, options.top, finalists.length, casualFinalWhy(state));
      const seats = createRng(deriveSeed(seed, FINAL_SEAT_STREAM)).shuffle(finalists);
      return withFixedTables(state, { tables: [{ table: 1, seats }], waiting: [], seeds: finalists, seed, warnings });
    }
    case 'competitive': {
      const seeds = competitiveCut(state, undefined, warnings);
      checkTop(variant, options.top, seeds.length, `with ${state.players.length} players the final table seats ${seeds.length}`);
      const { table, choice } = choosingTable(1, seeds);
      return withFixedTables(state, { tables: [table], waiting: [], seeds, seed, seatChoice: [choice], warnings });
    }
    case 'large': {
      const groups = groupNumbers(state);
      if (groups.length === 0) fail('invalid-input', 'no groups have been drawn: pair round 1 first');
      const tables: Table[] = [];
      const seatChoice: SeatChoice[] = [];
      const seeds: PlayerId[] = [];
      const sizes: number[] = [];
      for (const g of groups) {
        const groupSeeds = competitiveCut(state, g, warnings);
        const { table, choice } = choosingTable(tables.length + 1, groupSeeds);
        tables.push(table);
        seatChoice.push(choice);
        seeds.push(...groupSeeds);
        sizes.push(groupSeeds.length);
      }
      checkTop(variant, options.top, seeds.length, `${plural(groups.length, 'group')} each ${pluralWord(groups.length, 'cuts', 'cut')} a final table (${describeSizes(sizes)})`);
      return withFixedTables(state, { tables, waiting: [], seeds, seed, seatChoice, warnings });
    }
  }
}

/**
 * The next playoff round once the cut is recorded (`state.playoff`): the final table(s) first; for a
 * large event with two or more groups, the grand final after the group finals; then null.
 */
export function lightseekersNextPlayoffRound(variant: LightseekersVariant, state: EventState, seed: number): PairingProposal | null {
  const playoff = state.playoff;
  if (!playoff) fail('not-allowed', 'the final table has not been cut yet: make the cut first');
  const nameOf = nameIn(state);
  const dropped = droppedPlayers(state);
  const warnings: PairingWarning[] = [];
  const playoffRounds = state.rounds.filter((r) => r.stage === 'playoff');
  const latest = playoffRounds[playoffRounds.length - 1];
  const rng = createRng(deriveSeed(seed, FINAL_SEAT_STREAM));

  if (!latest) {
    const gone = playoff.seeds.filter((id) => dropped.has(id));
    if (gone.length > 0)
      warnings.push({ kind: 'info', message: `${andList(gone.map(nameOf))} dropped after the cut and ${pluralWord(gone.length, 'is', 'are')} not replaced`, players: gone });
    const seeds = playoff.seeds.filter((id) => !dropped.has(id));
    if (variant.structure === 'casual') return withFixedTables(state, { tables: [{ table: 1, seats: rng.shuffle(seeds) }], byes: [], warnings, seed });
    const groupOf = new Map(state.players.map((p) => [p.id, p.group]));
    const byGroup = new Map<number | undefined, PlayerId[]>();
    for (const id of seeds) {
      const g = variant.structure === 'large' ? groupOf.get(id) : undefined;
      let list = byGroup.get(g);
      if (!list) byGroup.set(g, (list = []));
      list.push(id);
    }
    const keys = [...byGroup.keys()].sort((a, b) => (a ?? 0) - (b ?? 0));
    const tables: Table[] = [];
    const seatChoice: SeatChoice[] = [];
    for (const g of keys) {
      const { table, choice } = choosingTable(tables.length + 1, byGroup.get(g) as PlayerId[]);
      tables.push(table);
      seatChoice.push(choice);
    }
    const first = withFixedTables(state, { tables, byes: [], warnings, seed, seatChoice });
    for (const choice of first.seatChoice ?? [])
      first.warnings.push({
        kind: 'info',
        message: `Table ${choice.table}: the players choose their seats, lowest seed first: ${choice.order.map(nameOf).join(', ')}; record the seating they choose`,
        players: [...choice.order],
      });
    return first;
  }

  requireFinished(latest, 'the next table needs its results');
  if (variant.structure !== 'large' || playoffRounds.length >= 2 || latest.tables.length <= 1) return null;
  const groupFinals = [...latest.tables].sort((a, b) => a.table - b.table);
  const perGroup = grandFinalPerGroup(groupFinals.length);
  const winners: PlayerId[] = [];
  const runnersUp: PlayerId[] = [];
  for (const table of groupFinals) {
    const taken = advanceFrom(state, latest, table, perGroup, dropped, warnings);
    if (taken[0] !== undefined) winners.push(taken[0]);
    runnersUp.push(...taken.slice(1));
  }
  const finalists = [...winners, ...runnersUp];
  if (finalists.length > 6)
    fail('invalid-input', `${groupFinals.length} group finals send ${finalists.length} players to the grand final, which seats 4 to 6 (RULES 3)`);
  return withFixedTables(state, { tables: [{ table: 1, seats: rng.shuffle(finalists) }], byes: [], warnings, seed });
}
