/**
 * Fixing tables of the current round while its results stand (the `fix-tables` command): a swap of
 * two players between tables that have no result yet, or a new pairing of just the tables without a
 * result, and the pairing check of the new tables in words. Pure: the seed comes in.
 *
 * Fixed tables: a re-pair numbers its tables with core/pairing/fixed-seats.ts within
 * the published numbers of the open tables, so a fixed player keeps their table when it is one of
 * them (and a fixed seat, in pods); a swap is the scorekeeper's own move, and the check says when it
 * takes a fixed player away from their table.
 */
import { firstSeatField } from '../model/seats.js';
import { fail } from '../model/errors.js';
import type { Bye, EventState, PairingWarning, Player, PlayerId, Round, Table } from '../model/types.js';
import { fixedSeatLimit, placeFixedSeats } from '../pairing/fixed-seats.js';
import { deriveSeed } from '../random/rng.js';
import { getRuleset } from '../rulesets/index.js';
import { plural, pluralWord } from '../text/format.js';
import type { Command } from './commands.js';
import { pointsBeforeRound } from './points-before.js';
import { currentRound, opponentHistory } from './queries.js';

export type FixTablesCommand = Extract<Command, { type: 'fix-tables' }>;

/** What a fix proposes: the new seats of the changed tables (numbers kept) and the pairing byes. */
export interface TableFix {
  round: number;
  /** Only the tables that change, with their published numbers. */
  tables: { table: number; seats: PlayerId[]; firstSeat?: number }[];
  /** The round's byes after the fix, when a bye changes hands (a swap with a player on a bye). */
  byes?: Bye[];
  /** The pairing check of the new tables, in words. */
  warnings: PairingWarning[];
  seed?: number;
}

/** The tables of `round` without a result, by table number. */
export function openTables(round: Round): Table[] {
  return round.tables.filter((t) => t.result === undefined).sort((a, b) => a.table - b.table);
}

/** Why a player cannot move in a table fix (their table has a result), or null. */
export function fixedReason(round: Round, id: PlayerId): string | null {
  const table = round.tables.find((t) => t.seats.includes(id));
  if (table?.result !== undefined) return `table ${table.table} has a result`;
  const bye = round.byes.find((b) => b.player === id);
  if (bye && bye.kind !== 'pairing') return 'an awarded bye';
  return null;
}

/**
 * Swap two players of the current round between tables without a result (or with a pairing bye):
 * the fix that moves them, or a PodiumError in words.
 */
export function swapFix(state: EventState, a: PlayerId, b: PlayerId): TableFix {
  const round = requireSwissRound(state);
  if (a === b) fail('invalid-input', 'pick two different players');
  for (const id of [a, b]) {
    const why = fixedReason(round, id);
    if (why) fail('not-allowed', `${nameOf(state, id)} cannot move: ${why}`);
    if (!round.tables.some((t) => t.seats.includes(id)) && !round.byes.some((bye) => bye.player === id))
      fail('invalid-input', `${nameOf(state, id)} is not in round ${round.number}`);
  }
  const swap = (id: PlayerId): PlayerId => (id === a ? b : id === b ? a : id);
  const tables = round.tables
    .filter((t) => t.seats.includes(a) || t.seats.includes(b))
    // A swap changes who sits where, not which seat plays first.
    .map((t) => ({ table: t.table, seats: t.seats.map(swap), ...firstSeatField(t.firstSeat) }));
  const byeMoves = round.byes.some((bye) => bye.player === a || bye.player === b);
  const byes = byeMoves ? round.byes.map((bye) => ({ player: swap(bye.player), kind: bye.kind })) : undefined;
  if (tables.length === 0) fail('invalid-input', 'both players have a bye: a swap changes nothing');
  const warnings = [...fixWarnings(state, round, tables), ...awayFromFixedTables(state, [a, b], tables)];
  return { round: round.number, tables, ...(byes ? { byes } : {}), warnings };
}

/** The swapped players a swap takes away from their fixed table, in words. */
function awayFromFixedTables(state: EventState, moved: readonly PlayerId[], tables: readonly { table: number; seats: readonly PlayerId[] }[]): PairingWarning[] {
  const warnings: PairingWarning[] = [];
  for (const id of moved) {
    const player = state.players.find((p) => p.id === id);
    const at = tables.find((t) => t.seats.includes(id));
    if (player?.fixedTable === undefined || !at || at.table === player.fixedTable) continue;
    warnings.push({ kind: 'info', message: `${player.name} (fixed at table ${player.fixedTable}) would play at table ${at.table}`, players: [id] });
  }
  return warnings;
}

/**
 * A new pairing of just the tables without a result: their players are paired among themselves by
 * the rule set (history and points as for any pairing), onto the same table numbers. Everyone else —
 * the tables with a result, byes, players not at those tables — stays.
 */
export function openTablesFix(state: EventState, seed: number): TableFix {
  const round = requireSwissRound(state);
  const open = openTables(round);
  if (open.length < 2)
    fail('not-allowed', open.length === 0 ? `every table of round ${round.number} has a result: nothing is left to re-pair` : `only table ${open[0]?.table} of round ${round.number} has no result: swap its players instead`);
  const moving = new Set(open.flatMap((t) => t.seats));
  const before = state.rounds.slice(0, -1);
  // The rule set pairs the next round of a state where only these players are active; without
  // their fixed places, which are placed below within the published numbers (the rule set's
  // tables are the same either way: fixed places only number and seat them).
  const players = state.players.map((p): Player => {
    const { fixedTable: _table, fixedSeat: _seat, ...plain } = p;
    return moving.has(p.id) ? withoutDrop(plain, round.number) : { ...plain, droppedAfterRound: Math.min(p.droppedAfterRound ?? before.length, before.length) };
  });
  // The same people at the same tables (in whatever seat order) is no re-pair.
  const members = (tables: readonly Table[]): string => tables.map((t) => [...t.seats].sort().join('\u0000')).sort().join('\u0001');
  const published = members(open);
  const sameAsPublished = (tables: readonly Table[]): boolean => members(tables) === published;
  // A new draw can land on the published tables: draw again a few times before saying so.
  let proposal = getRuleset(state.ruleset).pair({ ...state, players, rounds: before }, seed);
  for (let attempt = 1; attempt <= 8 && sameAsPublished(proposal.tables); attempt++)
    proposal = getRuleset(state.ruleset).pair({ ...state, players, rounds: before }, deriveSeed(seed, attempt));
  if (sameAsPublished(proposal.tables))
    fail('not-allowed', `re-pairing tables ${open.map((t) => t.table).join(', ')} gives the tables already published: no other pairing of their players is as good; swap players instead`);
  if (proposal.groups) fail('not-allowed', `the groups of round ${round.number} were drawn with its pairing: swap players inside a group instead`);
  if (proposal.byes.length > 0)
    fail('not-allowed', `re-pairing these ${open.length} tables alone would give ${proposal.byes.map((b) => nameOf(state, b.player)).join(', ')} a bye; swap players instead`);
  if (proposal.tables.length !== open.length)
    fail('not-allowed', `re-pairing these ${open.length} tables alone would make ${proposal.tables.length} tables; swap players instead`);
  const placed = placeOnOpenTables(state, open, proposal.tables, proposal.seed);
  const tables = placed.tables.map((t) => ({ table: t.table, seats: [...t.seats], ...firstSeatField(t.firstSeat) }));
  return { round: round.number, tables, warnings: [...fixWarnings(state, round, tables), ...placed.warnings], seed };
}

/**
 * The rule set's new tables (numbered 1, 2, 3, … in its order) on the published numbers of the open
 * tables, fixed tables and seats honoured among them (core/pairing/fixed-seats.ts): seats as the
 * rule set's Swiss rounds place them (where its tables have seats to fix).
 */
function placeOnOpenTables(state: EventState, open: readonly Table[], paired: Table[], seed: number): { tables: Table[]; warnings: PairingWarning[] } {
  const numbers = open.map((t) => t.table);
  const seats = fixedSeatLimit(getRuleset(state.ruleset).presentation.table, state.settings) !== null;
  return placeFixedSeats(state.players, paired, { seats, ...(seats ? { firstSeatSeed: deriveSeed(seed, 3) } : {}), numbers, numbersRule: `only tables ${numbers.join(', ')} are re-paired` });
}

/** The `fix-tables` command that publishes a fix, with the scorekeeper's reason. */
export function fixCommand(fix: TableFix, reason: string): FixTablesCommand {
  return {
    type: 'fix-tables',
    round: fix.round,
    tables: fix.tables.map((t) => ({ table: t.table, seats: [...t.seats], ...firstSeatField(t.firstSeat) })),
    ...(fix.byes ? { byes: fix.byes.map((b) => ({ player: b.player, kind: b.kind })) } : {}),
    reason: reason.trim(),
  };
}

/** The round as it would be after the fix (every table, for the pairing check's counts). */
export function roundAfterFix(round: Round, fix: TableFix): Round {
  const changed = new Map(fix.tables.map((t) => [t.table, t]));
  return {
    ...round,
    tables: round.tables.map((t) => {
      const fixed = changed.get(t.table);
      return fixed ? { table: t.table, seats: [...fixed.seats], ...firstSeatField(fixed.firstSeat) } : t;
    }),
    byes: fix.byes ?? round.byes,
  };
}

/**
 * The pairing check of new tables, in words: rematches, players meeting someone on other points,
 * smaller pods, and players paired across draft pods where they should not be (MTR 7.6).
 */
export function fixWarnings(state: EventState, round: Round, tables: readonly { table: number; seats: readonly PlayerId[] }[]): PairingWarning[] {
  const ruleset = getRuleset(state.ruleset);
  const earlier = state.rounds.filter((r) => r.number < round.number);
  const history = opponentHistory(earlier);
  const points = pointsBeforeRound(state, round.number);
  const name = (id: PlayerId): string => nameOf(state, id);
  const pts = (id: PlayerId): string => plural(points.get(id) ?? 0, ruleset.presentation.words.pointUnit);
  const byId = new Map(state.players.map((p) => [p.id, p]));
  // Draft pods where the rule set registers them (MTR 7.6); smaller pods where it has a standard size.
  const draftPods = ruleset.presentation.registration(state.settings).draftPods;
  const standardSize = ruleset.presentation.table.standardSize?.(state.settings);
  const warnings: PairingWarning[] = [];
  for (const table of tables) {
    const seats = table.seats;
    for (let x = 0; x < seats.length; x++)
      for (let y = x + 1; y < seats.length; y++) {
        const a = seats[x] as PlayerId;
        const b = seats[y] as PlayerId;
        const met = earlier.filter((r) => r.tables.some((t) => t.seats.includes(a) && t.seats.includes(b))).map((r) => r.number);
        if ((history.get(a)?.get(b) ?? 0) > 0)
          warnings.push({ kind: 'rematch', message: `${name(a)} and ${name(b)} ${ruleset.presentation.table.layout === 'pair' ? 'played' : 'sat at a table together'} in ${pluralWord(met.length, 'round', 'rounds')} ${met.join(', ')} (table ${table.table})`, players: [a, b] });
        const [pa, pb] = [byId.get(a)?.draftPod, byId.get(b)?.draftPod];
        if (state.settings.pairWithinDraftPods && draftPods && pa !== undefined && pb !== undefined && pa !== pb)
          warnings.push({ kind: 'info', message: `${name(a)} (draft pod ${pa}) and ${name(b)} (draft pod ${pb}) are from different draft pods (MTR 7.6)`, players: [a, b] });
      }
    const values = seats.map((id) => points.get(id) ?? 0);
    const high = Math.max(...values);
    const low = Math.min(...values);
    if (high !== low) {
      const top = seats.filter((id) => (points.get(id) ?? 0) === high);
      const bottom = seats.filter((id) => (points.get(id) ?? 0) === low);
      warnings.push({
        kind: 'pair-down',
        message:
          seats.length === 2
            ? `${name(top[0] as PlayerId)} (${pts(top[0] as PlayerId)}) is paired down against ${name(bottom[0] as PlayerId)} (${pts(bottom[0] as PlayerId)}) at table ${table.table}`
            : `Table ${table.table} seats players on different points: ${seats.map((id) => `${name(id)} (${pts(id)})`).join(', ')}`,
        players: [...top, ...bottom],
      });
    }
    if (standardSize !== undefined && seats.length < standardSize)
      warnings.push({ kind: 'smaller-pod', message: `Table ${table.table} is a pod of ${seats.length}: ${seats.map(name).join(', ')}`, players: [...seats] });
  }
  return warnings;
}

function requireSwissRound(state: EventState): Round {
  const round = currentRound(state);
  if (!round) fail('not-allowed', 'no round has been paired yet');
  if (round.stage !== 'swiss') fail('not-allowed', `round ${round.number} is a playoff round: its tables follow the bracket`);
  return round;
}

/** A player active in round `round` (a drop made during it takes effect after it). */
function withoutDrop(player: Player, round: number): Player {
  if (player.droppedAfterRound === undefined || player.droppedAfterRound >= round) return player;
  const { droppedAfterRound: _dropped, ...rest } = player;
  return rest;
}

function nameOf(state: EventState, id: PlayerId): string {
  return state.players.find((p) => p.id === id)?.name ?? id;
}
