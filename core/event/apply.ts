/**
 * The pure fold of the journal: state = commands.reduce(apply). Every command is checked against the
 * state it applies to; an invalid one throws PodiumError and changes nothing (the state is never
 * mutated, only replaced).
 */
import { fail } from '../model/errors.js';
import type { Bye, EventState, Player, Round, Table } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { applyClockCommand, noteResultTime } from '../clock/apply.js';
import type { Command } from './commands.js';
import { currentRound, findTable, hasAnyResult, isActiveIn, isRoundComplete } from './queries.js';

type CreateEvent = Extract<Command, { type: 'create-event' }>;

export function createEvent(command: CreateEvent): EventState {
  const ruleset = getRuleset(command.ruleset);
  return {
    id: command.id,
    name: command.name,
    ruleset: ruleset.id,
    settings: ruleset.settings(command.settings),
    seed: command.seed,
    createdAt: command.createdAt,
    players: [],
    rounds: [],
  };
}

export function apply(state: EventState | undefined, command: Command): EventState {
  if (command.type === 'create-event') {
    if (state) fail('invalid-command', 'the event already exists');
    return createEvent(command);
  }
  if (!state) fail('invalid-command', `"${command.type}" before the event was created`);
  switch (command.type) {
    case 'set-settings': {
      const settings = getRuleset(state.ruleset).settings({ ...state.settings, ...command.settings });
      return { ...state, settings };
    }
    case 'register-player':
      return registerPlayer(state, command);
    case 'edit-player':
      return editPlayer(state, command);
    case 'drop-player':
      return dropPlayer(state, command.id);
    case 'reinstate-player':
      return reinstatePlayer(state, command.id);
    case 'pair-round':
      return pairRound(state, command);
    case 'record-result':
      return noteResultTime(state, recordResult(state, command), command);
    case 'start-playoff':
      return startPlayoff(state, command);
    case 'start-round-clock':
    case 'pause-clock':
    case 'resume-clock':
    case 'adjust-clock':
    case 'extend-table':
    case 'set-players-in-game':
    case 'add-extra-turns':
    case 'record-intentional-draw':
    case 'start-deck-check':
    case 'end-deck-check':
    case 'start-timer':
    case 'stop-timer':
      return applyClockCommand(state, command);
    case 'undo':
      fail('invalid-command', 'undo is resolved by replay(), not apply()');
  }
}

/** Fold a journal's commands (with their sequence numbers) into a state, honouring undo. */
export function replay(entries: readonly { seq: number; command: Command }[]): EventState | undefined {
  const undone = effectiveUndos(entries);
  let state: EventState | undefined;
  for (const { seq, command } of entries) {
    if (command.type === 'undo' || undone.has(seq)) continue;
    state = apply(state, command);
  }
  return state;
}

/** Sequence numbers reverted by an effective undo (an undo that was itself undone does not count). */
function effectiveUndos(entries: readonly { seq: number; command: Command }[]): Set<number> {
  const undoOf = new Map<number, number>();
  for (const { seq, command } of entries) if (command.type === 'undo') undoOf.set(seq, command.target);
  const undone = new Set<number>();
  // Later undos decide about earlier ones, so walk from the newest.
  const seqs = [...undoOf.keys()].sort((a, b) => b - a);
  for (const seq of seqs) if (!undone.has(seq)) undone.add(undoOf.get(seq) as number);
  return undone;
}

/**
 * Names by id, built once per players array: most commands keep the same array, so a long journal
 * folds without scanning every player for every result.
 */
const namesCache = new WeakMap<readonly Player[], Map<string, string>>();
function nameOf(state: EventState, id: string): string {
  let names = namesCache.get(state.players);
  if (!names) namesCache.set(state.players, (names = new Map(state.players.map((p) => [p.id, p.name]))));
  return names.get(id) ?? id;
}

function requirePlayer(state: EventState, id: string): Player {
  const player = state.players.find((p) => p.id === id);
  if (!player) fail('unknown-player', `no registered player has the id "${id}"`);
  return player;
}

function replacePlayer(state: EventState, player: Player): EventState {
  return { ...state, players: state.players.map((p) => (p.id === player.id ? player : p)) };
}

function registerPlayer(state: EventState, command: Extract<Command, { type: 'register-player' }>): EventState {
  const input = command.player;
  if (state.playoff) fail('not-allowed', `cannot register ${input.name}: the playoff has started`);
  const existing = state.players.find((p) => p.id === input.id);
  if (existing) fail('duplicate-player', `the id "${input.id}" is already used by ${existing.name}`);
  checkTeam(state, input.name, input.members);
  // A pod result's games list uses "draw" for a drawn game, so no player may be called that.
  if (input.id === 'draw' && getRuleset(state.ruleset).family === 'pods')
    fail('invalid-input', `${input.name}: "draw" cannot be a player id in a pod event`);
  const player: Player = {
    id: input.id,
    name: input.name,
    draw: command.draw,
    joinedRound: state.rounds.length + 1,
    awardedByes: input.awardedByes ?? 0,
    ...(input.note !== undefined ? { note: input.note } : {}),
    ...(input.draftPod !== undefined ? { draftPod: input.draftPod } : {}),
    ...(input.members !== undefined ? { members: input.members } : {}),
  };
  return { ...state, players: [...state.players, player] };
}

function checkTeam(state: EventState, name: string, members: Player['members']): void {
  const size = state.settings.teamSize;
  if (size === 1) {
    if (members) fail('invalid-input', `${name}: this is not a team event, so no team members can be listed`);
    return;
  }
  if (!members || members.length !== size)
    fail('invalid-input', `${name}: a team of this event has ${size} members (seats ${'ABC'.slice(0, size).split('').join(', ')})`);
  const seats = members.map((m) => m.seat).sort().join('');
  if (seats !== 'ABC'.slice(0, size)) fail('invalid-input', `${name}: team seats must be ${'ABC'.slice(0, size).split('').join(', ')}, each once`);
}

function editPlayer(state: EventState, command: Extract<Command, { type: 'edit-player' }>): EventState {
  const player = requirePlayer(state, command.id);
  const changes = command.changes;
  const next: Player = { ...player };
  if (changes.name !== undefined) next.name = changes.name;
  if (changes.note !== undefined) next.note = changes.note;
  if (changes.awardedByes !== undefined) next.awardedByes = changes.awardedByes;
  if (changes.draftPod !== undefined) next.draftPod = changes.draftPod;
  if (changes.members !== undefined) {
    checkTeam(state, next.name, changes.members);
    next.members = changes.members;
  }
  return replacePlayer(state, next);
}

function dropPlayer(state: EventState, id: string): EventState {
  const player = requirePlayer(state, id);
  if (player.droppedAfterRound !== undefined) fail('not-allowed', `${player.name} has already dropped`);
  // MTR 2.10: a drop before round 1 removes the player from the event.
  if (state.rounds.length === 0) return { ...state, players: state.players.filter((p) => p.id !== id) };
  return replacePlayer(state, { ...player, droppedAfterRound: state.rounds.length });
}

function reinstatePlayer(state: EventState, id: string): EventState {
  const player = requirePlayer(state, id);
  if (player.droppedAfterRound === undefined) fail('not-allowed', `${player.name} has not dropped`);
  if (state.playoff) fail('not-allowed', `${player.name} cannot be reinstated after the cut (MTR 2.10)`);
  const { droppedAfterRound: _dropped, ...rest } = player;
  return replacePlayer(state, rest);
}

function pairRound(state: EventState, command: Extract<Command, { type: 'pair-round' }>): EventState {
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
      fail('round-unfinished', `round ${current.number} is not finished: table${open.length > 1 ? 's' : ''} ${open.join(', ')} ha${open.length > 1 ? 've' : 's'} no result`);
    }
  }
  if (command.stage === 'swiss' && state.playoff) fail('not-allowed', 'the playoff has started: no more Swiss rounds');
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
    for (const id of table.seats) place(id, `table ${table.table}`);
  }
  for (const bye of command.byes) place(bye.player, 'the byes');
  for (const id of command.waiting ?? []) place(id, 'the waiting list');

  const players = command.groups ? withGroups(state, command) : state.players;
  const context = { settings: state.settings, stage: command.stage, nameOf: (id: string) => nameOf(state, id) };
  const tables: Table[] = command.tables.map((t) => {
    const table: Table = { table: t.table, seats: [...t.seats] };
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
  };
  const next: EventState = { ...state, players, rounds: [...base, round] };
  ruleset.checkRound?.(next, round);
  return next;
}

/** The players with the groups a `pair-round` records (lightseekers-large), each checked. */
function withGroups(state: EventState, command: Extract<Command, { type: 'pair-round' }>): Player[] {
  const groups = command.groups ?? [];
  if (state.ruleset !== 'lightseekers-large')
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

function recordResult(state: EventState, command: Extract<Command, { type: 'record-result' }>): EventState {
  const round = state.rounds[command.round - 1];
  if (!round) fail('invalid-command', `there is no round ${command.round} yet`);
  const table = findTable(round, command.table);
  if (!table) fail('invalid-input', `round ${command.round} has no table ${command.table}`);
  if (table.result !== undefined && !command.reason?.trim())
    fail('not-allowed', `round ${command.round}, table ${command.table} already has a result: amending it needs a reason`);
  const ruleset = getRuleset(state.ruleset);
  const result = ruleset.validateResult(table, command.result, {
    settings: state.settings,
    stage: round.stage,
    nameOf: (id) => nameOf(state, id),
  });
  const tables = round.tables.map((t) => (t === table ? { ...t, result } : t));
  const rounds = state.rounds.map((r) => (r === round ? { ...r, tables } : r));
  return { ...state, rounds };
}

function startPlayoff(state: EventState, command: Extract<Command, { type: 'start-playoff' }>): EventState {
  if (state.playoff) fail('not-allowed', 'the playoff has already started');
  const current = currentRound(state);
  if (current && !isRoundComplete(current)) fail('round-unfinished', `round ${current.number} is not finished`);
  if (command.seeds.length !== command.top) fail('invalid-input', `a top ${command.top} cut needs ${command.top} seeds, got ${command.seeds.length}`);
  const unique = new Set(command.seeds);
  if (unique.size !== command.seeds.length) fail('seated-twice', 'a player appears twice among the playoff seeds');
  for (const id of command.seeds) requirePlayer(state, id);
  return { ...state, playoff: { top: command.top, draft: command.draft, seeds: [...command.seeds] } };
}
