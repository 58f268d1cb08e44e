/**
 * The journal's commands that seat players (the fold, apply.ts): pairing a round (Swiss or playoff,
 * with the groups of a large Lightseekers event), fixing tables of the current round while its
 * results stand, and the cut to the playoff.
 */
import { fail } from '../model/errors.js';
import { firstSeat, firstSeatField } from '../model/seats.js';
import type { Bye, EventState, Player, PlayerId, Round, Table } from '../model/types.js';
import { announcedRounds, getRuleset } from '../rulesets/index.js';
import { plural, pluralWord } from '../text/format.js';
import { nameOf, requirePlayer } from './apply-players.js';
import type { Command } from './commands.js';
import { currentRound, findTable, hasAnyResult, isActiveIn, isRoundComplete, withoutReport } from './queries.js';

export function pairRound(state: EventState, command: Extract<Command, { type: 'pair-round' }>): EventState {
  const ruleset = getRuleset(state.ruleset);
  const current = currentRound(state);
  let base = state.rounds;
  if (command.replace) {
    if (!current || command.round !== current.number)
      fail('not-allowed', `only the current round can be re-paired (round ${current?.number ?? 0})`);
    if (hasAnyResult(current)) fail('not-allowed', `round ${current.number} already has results, so it cannot be re-paired`);
    base = state.rounds.slice(0, -1);
  } else {
    if (command.round !== state.rounds.length + 1)
      fail('invalid-command', `the next round to pair is round ${state.rounds.length + 1}, not round ${command.round}`);
    if (current && !isRoundComplete(current)) {
      const open = current.tables.filter((t) => t.result === undefined).map((t) => t.table);
      fail('round-unfinished', `round ${current.number} is not finished: ${pluralWord(open.length, 'table', 'tables')} ${open.join(', ')} ${pluralWord(open.length, 'has', 'have')} no result`);
    }
  }
  if (command.stage === 'swiss' && state.playoff) fail('not-allowed', 'the playoff has started: no more Swiss rounds');
  // RULES 4: a Swiss round past the announced number (a variable number: as its criterion decided,
  // MTR 10.2) is paired only once the scorekeeper confirmed it.
  const announced = command.stage === 'swiss' && !command.replace && !command.beyondAnnounced ? announcedRounds({ ...state, rounds: base }, ruleset) : undefined;
  if (announced) {
    const number = base.filter((r) => r.stage === 'swiss').length + 1;
    const decided = announced.criterion?.evaluated && announced.rounds !== announced.announced ? ` (${announced.criterion.words.replace(/\.$/, '')})` : '';
    if (number > announced.rounds)
      fail('not-allowed', `round ${number} is past the announced ${plural(announced.rounds, 'Swiss round')}${decided}: pairing it needs the scorekeeper's confirmation`);
  }
  if (command.stage === 'playoff' && !state.playoff) fail('not-allowed', 'start the playoff (make the cut) before pairing a playoff round');

  const byId = new Map(state.players.map((p) => [p.id, p]));
  const seen = new Map<string, string>();
  const size = ruleset.tableSize(state.settings, command.stage);
  const numbers = new Set<number>();
  const place = (id: string, where: string): void => {
    const player = byId.get(id);
    if (!player) fail('unknown-player', `round ${command.round}: ${where} names "${id}", who is not registered`);
    const before = seen.get(id);
    if (before) fail('seated-twice', `round ${command.round}: ${player.name} (${id}) is seated twice (${before} and ${where})`);
    if (command.stage === 'swiss' && !isActiveIn(player, command.round))
      fail('not-allowed', `round ${command.round}: ${player.name} (${id}) ${player.droppedAfterRound !== undefined ? `dropped after round ${player.droppedAfterRound}` : `joins in round ${player.joinedRound}`} and cannot be paired`);
    if (command.stage === 'playoff' && !state.playoff?.seeds.includes(id))
      fail('not-allowed', `round ${command.round}: ${player.name} (${id}) did not make the playoff`);
    seen.set(id, where);
  };
  for (const table of command.tables) {
    if (numbers.has(table.table)) fail('invalid-input', `round ${command.round}: table ${table.table} appears twice`);
    numbers.add(table.table);
    if (table.seats.length < size.min || table.seats.length > size.max)
      fail('invalid-input', `round ${command.round}: table ${table.table} seats ${table.seats.length} players; this rule set seats ${size.min === size.max ? size.min : `${size.min} to ${size.max}`}`);
    if (table.firstSeat !== undefined && table.firstSeat > table.seats.length)
      fail('invalid-input', `round ${command.round}: table ${table.table} says seat ${table.firstSeat} plays first, but it seats ${table.seats.length} players`);
    for (const id of table.seats) place(id, `table ${table.table}`);
  }
  for (const bye of command.byes) place(bye.player, 'the byes');
  for (const id of command.waiting ?? []) place(id, 'the waiting list');

  const players = command.groups ? withGroups(state, command) : state.players;
  const context = { settings: state.settings, stage: command.stage, nameOf: (id: string) => nameOf(state, id) };
  const tables: Table[] = command.tables.map((t) => {
    const table: Table = { table: t.table, seats: [...t.seats], ...firstSeatField(t.firstSeat) };
    if (t.result !== undefined) table.result = ruleset.validateResult(table, t.result, context);
    return table;
  });
  const round: Round = {
    number: command.round,
    stage: command.stage,
    tables,
    byes: command.byes.map((b): Bye => ({ player: b.player, kind: b.kind })),
    seed: command.seed,
    ...(command.waiting ? { waiting: [...command.waiting] } : {}),
    ...(command.reportKey ? { reportKey: command.reportKey } : {}),
  };
  const next: EventState = { ...state, players, rounds: [...base, round] };
  ruleset.checkRound?.(next, round);
  return next;
}

/** The players with the groups a `pair-round` records (lightseekers-large), each checked. */
function withGroups(state: EventState, command: Extract<Command, { type: 'pair-round' }>): Player[] {
  const groups = command.groups ?? [];
  // Only an event played in groups records them (lightseekers-large).
  if (!getRuleset(state.ruleset).presentation.groups)
    fail('invalid-input', `round ${command.round}: groups are only recorded in lightseekers-large events, not ${state.ruleset}`);
  if (command.stage !== 'swiss') fail('invalid-input', `round ${command.round}: groups are drawn with a Swiss round, not a playoff round`);
  const groupOf = new Map<string, number>();
  groups.forEach((members, index) => {
    for (const id of members) {
      const player = requirePlayer(state, id);
      const before = groupOf.get(id);
      if (before !== undefined)
        fail('seated-twice', `round ${command.round}: ${player.name} (${id}) is listed in group ${before} and group ${index + 1}`);
      groupOf.set(id, index + 1);
    }
  });
  return state.players.map((p) => {
    const group = groupOf.get(p.id);
    return group === undefined || group === p.group ? p : { ...p, group };
  });
}

/**
 * Fix tables of the current Swiss round while its results stand: the listed tables (none with a
 * result) get new seats, taken only from the players already at them (and at pairing byes, when the
 * byes are given); every other table, result and bye stays as it is.
 */
export function fixTables(state: EventState, command: Extract<Command, { type: 'fix-tables' }>): EventState {
  const current = currentRound(state);
  const r = command.round;
  if (!current || r !== current.number) fail('not-allowed', `only the tables of the current round (round ${current?.number ?? 0}) can be changed, not round ${r}`);
  if (current.stage !== 'swiss') fail('not-allowed', `round ${r} is a playoff round: its tables follow the bracket and cannot be changed`);
  if (!command.reason.trim()) fail('not-allowed', `round ${r}: changing tables needs a reason (kept in the journal)`);
  const ruleset = getRuleset(state.ruleset);
  const size = ruleset.tableSize(state.settings, 'swiss');
  const changed = new Map<number, Table>();
  const before: PlayerId[] = [];
  for (const t of command.tables) {
    if (changed.has(t.table)) fail('invalid-input', `round ${r}: table ${t.table} appears twice`);
    const old = findTable(current, t.table);
    if (!old) fail('invalid-input', `round ${r} has no table ${t.table}`);
    if (old.result !== undefined)
      fail('not-allowed', `round ${r}, table ${t.table} already has a result: its players stay where they played (amend the result instead)`);
    if (t.seats.length < size.min || t.seats.length > size.max)
      fail('invalid-input', `round ${r}: table ${t.table} would seat ${t.seats.length} players; this rule set seats ${size.min === size.max ? size.min : `${size.min} to ${size.max}`}`);
    if (t.firstSeat !== undefined && t.firstSeat > t.seats.length)
      fail('invalid-input', `round ${r}: table ${t.table} says seat ${t.firstSeat} plays first, but it would seat ${t.seats.length} players`);
    changed.set(t.table, { table: t.table, seats: [...t.seats], ...firstSeatField(t.firstSeat) });
    before.push(...old.seats);
  }
  const pairingByes = (byes: readonly { player: PlayerId; kind: string }[]): PlayerId[] => byes.filter((b) => b.kind === 'pairing').map((b) => b.player);
  const fixedByes = (byes: readonly { player: PlayerId; kind: string }[]): string =>
    byes.filter((b) => b.kind !== 'pairing').map((b) => `${b.kind}:${b.player}`).sort().join(',');
  if (command.byes) {
    if (fixedByes(command.byes) !== fixedByes(current.byes)) fail('not-allowed', `round ${r}: awarded byes cannot change when tables are fixed`);
    before.push(...pairingByes(current.byes));
  }
  const after = [...command.tables.flatMap((t) => t.seats), ...(command.byes ? pairingByes(command.byes) : [])];
  const seen = new Set<PlayerId>();
  for (const id of after) {
    if (seen.has(id)) fail('seated-twice', `round ${r}: ${nameOf(state, id)} (${id}) is seated twice`);
    seen.add(id);
    if (!before.includes(id))
      fail('invalid-input', `round ${r}: ${nameOf(state, id)} (${id}) is not at the tables being changed (only their players move between them)`);
  }
  const left = before.filter((id) => !seen.has(id));
  if (left.length > 0) fail('invalid-input', `round ${r}: ${left.map((id) => `${nameOf(state, id)} (${id})`).join(', ')} would be left without a table`);
  const same = command.tables.every((t) => {
    const old = findTable(current, t.table);
    return old?.seats.join('\u0000') === t.seats.join('\u0000') && firstSeat(old) === firstSeat(t);
  });
  if (same && (!command.byes || pairingByes(command.byes).join() === pairingByes(current.byes).join()))
    fail('invalid-input', `round ${r}: these are the seats already published; nothing changes`);
  const tables = current.tables.map((t) => changed.get(t.table) ?? t);
  const byes = command.byes ? command.byes.map((b): Bye => ({ player: b.player, kind: b.kind })) : current.byes;
  // A waiting self-report of a changed table was made by players who may no longer sit there.
  const round: Round = [...changed.keys()].reduce(withoutReport, { ...current, tables, byes });
  const next: EventState = { ...state, rounds: [...state.rounds.slice(0, -1), round] };
  ruleset.checkRound?.(next, round);
  return next;
}

export function startPlayoff(state: EventState, command: Extract<Command, { type: 'start-playoff' }>): EventState {
  if (state.playoff) fail('not-allowed', 'the playoff has already started');
  const current = currentRound(state);
  if (current && !isRoundComplete(current)) fail('round-unfinished', `round ${current.number} is not finished`);
  if (command.seeds.length !== command.top) fail('invalid-input', `a top ${command.top} cut needs ${command.top} seeds, got ${command.seeds.length}`);
  const unique = new Set(command.seeds);
  if (unique.size !== command.seeds.length) fail('seated-twice', 'a player appears twice among the playoff seeds');
  for (const id of command.seeds) requirePlayer(state, id);
  return { ...state, playoff: { top: command.top, draft: command.draft, seeds: [...command.seeds] } };
}
