/**
 * The drawn bracket of a head-to-head playoff (MTR 10.4 cuts: top 2/4/8), as the Playoffs screen
 * and the printed bracket both draw it — one model, so the screen, the print and the rule set's own
 * pairing never disagree.
 *
 * - Column 1 is the first playoff round in the cut's bracket order (1v8, 4v5, 2v7, 3v6; a draft
 *   top 8's 1v5, 3v7, 2v6, 4v8). Each later column is the round as recorded; once the latest round
 *   is complete, the next column is the round the rule set would pair now (`Ruleset.nextPlayoffRound`,
 *   shown "not paired yet"), so after a drop (MTR 2.10, RULES 1: nobody advanced, the highest seed
 *   left has the bye, the rest paired by seed) the bracket shows the real next matches, never the
 *   ones the drop cancelled. Columns after that wait for the winners of adjacent matches.
 * - Every match lists the matches of the column before whose players it takes (`from`), and a
 *   column is ordered so that those are next to each other: the connectors of the print follow
 *   `from`, and a match whose winner dropped (`dropped` on the slot) feeds nothing.
 * - A winner who dropped after winning is marked; only `advances` goes on.
 */
import type { EventState, PlayerId, Round, Table } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import type { Ruleset } from '../rulesets/ruleset.js';

export interface BracketSlot {
  id?: PlayerId;
  /** Shown when there is no player yet ("winner of table 2"). */
  placeholder?: string;
  /** The player dropped (MTR 2.10): the round after which. */
  droppedAfterRound?: number;
}

export interface BracketMatch {
  slots: [BracketSlot, BracketSlot];
  /** The table as recorded (a published round). */
  table?: Table;
  /** Who won it (or had the bye). */
  winner?: PlayerId;
  /** Who goes on from it: the winner, unless they dropped before the next round (MTR 2.10). */
  advances?: PlayerId;
  /** A playoff bye: the highest seed left when a drop leaves someone without an opponent (RULES 1). */
  bye?: boolean;
  /** Not paired yet: what the rule set would pair now (the next round) or who waits for whom. */
  upcoming?: boolean;
  /** Positions, in the column before, of the matches whose players this match takes. */
  from: number[];
}

export interface BracketColumn {
  /** "Quarterfinals", "Semifinals", "Final". */
  name: string;
  /** The playoff round drawn, once published. */
  round?: Round;
  matches: BracketMatch[];
}

export interface DrawnBracket {
  columns: BracketColumn[];
  /** The winner of the event, once the playoff is over. */
  champion?: PlayerId;
}

/** The name of a column that starts with `players` players as drawn (8: Quarterfinals). */
function columnName(players: number, final: boolean): string {
  if (final || players <= 2) return 'Final';
  if (players <= 4) return 'Semifinals';
  if (players <= 8) return 'Quarterfinals';
  return `Round of ${players}`;
}

/** One match of a column that starts with `players` players ("semifinal 2"). */
function matchWord(players: number): string {
  if (players <= 4) return 'semifinal';
  if (players <= 8) return 'quarterfinal';
  return 'match';
}

/** Seed indexes (0-based) in bracket order for 2, 4 and 8 matches: adjacent ones feed the same match (MTR 10.4). */
const PLAYOFF_PATTERN: Record<number, readonly number[]> = { 2: [0, 1], 4: [0, 3, 1, 2], 8: [0, 7, 3, 4, 1, 6, 2, 5] };

function winnerOf(ruleset: Ruleset, table: Table): PlayerId | undefined {
  const winner = ruleset.tableWinner(table);
  return winner && winner !== 'draw' ? winner : undefined;
}

function matchOfTable(ruleset: Ruleset, table: Table, upcoming: boolean): BracketMatch {
  const winner = upcoming ? undefined : winnerOf(ruleset, table);
  return {
    slots: [{ id: table.seats[0] }, { id: table.seats[1] }],
    ...(upcoming ? { upcoming: true } : { table }),
    ...(winner ? { winner } : {}),
    from: [],
  };
}

function matchOfBye(player: PlayerId, upcoming: boolean): BracketMatch {
  return { slots: [{ id: player }, { placeholder: 'bye (MTR 2.10)' }], bye: true, ...(upcoming ? { upcoming: true } : { winner: player }), from: [] };
}

/** The players of a match (not placeholders). */
function playersOf(match: BracketMatch): PlayerId[] {
  return match.slots.flatMap((s) => (s.id === undefined ? [] : [s.id]));
}

/** Is a round complete (every table has a result)? */
function complete(round: Round): boolean {
  return round.tables.every((t) => t.result !== undefined);
}

export function headToHeadBracket(state: EventState): DrawnBracket {
  const playoff = state.playoff;
  if (!playoff) return { columns: [] };
  const ruleset = getRuleset(state.ruleset);
  const rounds = state.rounds.filter((r) => r.stage === 'playoff');
  const dropped = new Map(state.players.flatMap((p) => (p.droppedAfterRound !== undefined ? [[p.id, p.droppedAfterRound] as const] : [])));
  // The best seed each player carries from the matches won (MTR 2.10 after a drop: the next round
  // pairs the winners by it, rulesets/mtr/playoffs.ts).
  const carried = new Map(playoff.seeds.map((id, i) => [id, i]));
  const seedOf = new Map(playoff.seeds.map((id, i) => [id, i + 1]));
  const seedWord = playoff.draft ? 'draft seats' : 'seeds';
  const carriedOf = (ids: readonly PlayerId[]): number => Math.min(...ids.map((id) => carried.get(id) ?? Number.MAX_SAFE_INTEGER));

  let order: PlayerId[];
  try {
    order = ruleset.bracketOrder ? ruleset.bracketOrder(playoff) : [...playoff.seeds];
  } catch {
    order = [...playoff.seeds];
  }

  // The columns known: the recorded rounds, then the round the rule set would pair now. The
  // first round as drawn, unless a drop broke the bracket before it was paired (then as recorded).
  const known: { round?: Round; matches: BracketMatch[]; ordered: boolean }[] = [];
  const recorded = (round: Round): BracketMatch[] => [...round.tables.map((t) => matchOfTable(ruleset, t, false)), ...round.byes.map((b) => matchOfBye(b.player, false))];
  const first = rounds[0];
  const pairs = Array.from({ length: Math.floor(order.length / 2) }, (_, j) => [order[2 * j], order[2 * j + 1]] as PlayerId[]);
  const fits = !first || (first.byes.length === 0 && first.tables.every((t) => pairs.some((pair) => pair.every((id) => t.seats.includes(id)))));
  if (first && !fits) known.push({ round: first, matches: recorded(first), ordered: false });
  else {
    const drawn = pairs.map((pair): BracketMatch => {
      const table = first?.tables.find((t) => pair.every((id) => t.seats.includes(id)));
      return table ? matchOfTable(ruleset, table, false) : { slots: [{ id: pair[0] }, { id: pair[1] }], upcoming: true, from: [] };
    });
    known.push({ ...(first ? { round: first } : {}), matches: drawn, ordered: true });
  }
  for (const round of rounds.slice(1)) known.push({ round, matches: recorded(round), ordered: false });

  let over = false;
  const latest = rounds[rounds.length - 1];
  if (latest && complete(latest)) {
    let next: ReturnType<typeof ruleset.nextPlayoffRound> = null;
    let refused = false;
    try {
      next = ruleset.nextPlayoffRound(state, 0);
    } catch {
      refused = true; // the bracket was changed by hand: the screen's next-round panel says why
    }
    if (next) known.push({ matches: [...next.tables.map((t) => matchOfTable(ruleset, t, true)), ...next.byes.map((b) => matchOfBye(b.player, true))], ordered: false });
    else over = !refused;
  }

  // Who goes on from each match: the winner who is found in the next known column; without one,
  // the winner unless they dropped (MTR 2.10: not replaced).
  // The seed each match carries into its round (for the order of a round paired by seed).
  const keyOf = new Map<BracketMatch, number>();
  known.forEach((column, c) => {
    for (const match of column.matches) keyOf.set(match, carriedOf(playersOf(match)));
    const next = known[c + 1];
    const onward = next ? new Set(next.matches.flatMap(playersOf)) : undefined;
    for (const match of column.matches) {
      for (const slot of match.slots) if (slot.id !== undefined && dropped.has(slot.id)) slot.droppedAfterRound = dropped.get(slot.id) as number;
      const winner = match.winner;
      if (winner === undefined) continue;
      if (onward ? onward.has(winner) : !dropped.has(winner) || over) match.advances = winner;
      if (match.table) carried.set(winner, carriedOf(match.table.seats));
    }
  });

  // Each known column after the first: where its players came from, ordered so that a match's
  // sources sit side by side (the bracket as drawn keeps its order; a round paired by seed after a
  // drop goes in the order the next round pairs its winners, MTR 10.4's pattern over carried seeds).
  known.forEach((column, c) => {
    if (column.ordered) return;
    const previous = known[c - 1]?.matches ?? [];
    const sourceOf = (id: PlayerId): number => previous.findIndex((m) => m.advances === id || (m.winner === undefined && playersOf(m).includes(id)));
    for (const match of column.matches) match.from = playersOf(match).map(sourceOf).filter((i) => i >= 0).sort((a, b) => a - b);
    const asDrawn = c > 0 && column.matches.every((m) => m.from.length > 0 && m.from.every((i) => Math.floor(i / 2) === Math.floor((m.from[0] as number) / 2)));
    if (asDrawn) column.matches.sort((a, b) => (a.from[0] as number) - (b.from[0] as number));
    else {
      const keyed = column.matches.map((match) => ({ match, key: keyOf.get(match) ?? Number.MAX_SAFE_INTEGER })).sort((a, b) => a.key - b.key);
      const pattern = PLAYOFF_PATTERN[keyed.length];
      column.matches = (pattern ? pattern.map((i) => keyed[i] as (typeof keyed)[number]) : keyed).map((k) => k.match);
    }
  });
  // Then, from the last column back, each column's matches in the order of the column after
  // them: the two sources of one match together, a match that feeds nothing (its winner dropped)
  // beside a bye's single source.
  for (let c = known.length - 1; c >= 1; c--) {
    const later = (known[c] as (typeof known)[number]).matches;
    const column = known[c - 1] as (typeof known)[number];
    if (later.every((m, j) => m.from.every((i) => Math.floor(i / 2) === j))) continue;
    const spare = column.matches.map((_, i) => i).filter((i) => !later.some((m) => m.from.includes(i)));
    const placed: number[] = [];
    for (const match of later) {
      placed.push(...match.from);
      for (let k = match.from.length; k < 2 && spare.length > 0; k++) placed.push(spare.shift() as number);
    }
    placed.push(...spare);
    const moved = new Map(placed.map((old, now) => [old, now]));
    column.matches = placed.map((i) => column.matches[i] as BracketMatch);
    for (const match of later) match.from = match.from.map((i) => moved.get(i) as number);
  }

  // Columns still to come: the winners of adjacent matches meet, until one match is left.
  const columns: BracketColumn[] = known.map((k) => ({ name: '', ...(k.round ? { round: k.round } : {}), matches: k.matches }));
  if (!over) {
    let previous = columns[columns.length - 1] as BracketColumn;
    while (previous.matches.length > 1) {
      const matches: BracketMatch[] = [];
      for (let j = 0; j < previous.matches.length; j += 2) {
        const feed = (index: number): BracketSlot => {
          const m = previous.matches[index];
          if (!m) return { placeholder: 'nobody (a drop, MTR 2.10)' };
          if (m.advances) return { id: m.advances };
          // A bye goes on without playing (RULES 1): its player is known before the round is played.
          if (m.bye && m.slots[0].id !== undefined) return { id: m.slots[0].id };
          if (m.table) return { placeholder: `winner of table ${m.table.table}` };
          const seeds = m.slots.map((slot) => (slot.id !== undefined ? seedOf.get(slot.id) : undefined));
          if (seeds.every((n) => n !== undefined)) return { placeholder: `winner of ${seedWord} ${seeds.join(' v ')}` };
          return { placeholder: `winner of ${matchWord(playoff.top / 2 ** (columns.length - 1))} ${index + 1}` };
        };
        matches.push({ slots: [feed(j), feed(j + 1)], upcoming: true, from: [j, j + 1].filter((i) => i < previous.matches.length) });
      }
      previous = { name: '', matches };
      columns.push(previous);
    }
  }

  // Names: by the players each column seats as drawn (8: quarterfinals); a column of one match
  // with nothing after it is the final, even when a drop brought it early.
  columns.forEach((column, c) => {
    const last = c === columns.length - 1;
    column.name = columnName(playoff.top / 2 ** c, last && column.matches.length === 1 && !column.matches[0]?.bye);
  });
  const lastColumn = columns[columns.length - 1];
  const champion = over && lastColumn?.matches.length === 1 ? lastColumn.matches[0]?.winner : undefined;
  return { columns, ...(champion ? { champion } : {}) };
}
