/**
 * The journal's commands about players (the fold, apply.ts): registration, edits, drops,
 * reinstatement, and the no-show who reports in (MTR 2.10). Also how the fold names and finds a
 * player, for every command's checks and messages.
 */
import { fail, PodiumError } from '../model/errors.js';
import type { EventState, Player, PlayerId } from '../model/types.js';
import { fixedSeatLimit } from '../pairing/fixed-seats.js';
import { getRuleset } from '../rulesets/index.js';
import type { Command } from './commands.js';

/**
 * Names by id, built once per players array: most commands keep the same array, so a long journal
 * folds without scanning every player for every result.
 */
const namesCache = new WeakMap<readonly Player[], Map<string, string>>();
export function nameOf(state: EventState, id: string): string {
  let names = namesCache.get(state.players);
  if (!names) namesCache.set(state.players, (names = new Map(state.players.map((p) => [p.id, p.name]))));
  return names.get(id) ?? id;
}

/**
 * Players by id, per players array (the first of an id wins, as a search from the start would):
 * built once per array, and handed on to the longer array a registration makes (`extended`), so
 * neither registering thousands of players nor checking a result's players scans the list.
 */
const indexCache = new WeakMap<readonly Player[], Map<string, Player>>();
function indexOf(players: readonly Player[]): Map<string, Player> {
  let index = indexCache.get(players);
  if (!index) {
    index = new Map();
    for (const p of players) if (!index.has(p.id)) index.set(p.id, p);
    indexCache.set(players, index);
  }
  return index;
}

/**
 * `players` with `added` (new ids) at the end. The index of `players` moves to the new array: a
 * fold goes on from the longer list, and the shorter one, if it is ever asked again (a re-fold
 * after an undo), builds its own.
 */
function extended(players: readonly Player[], added: readonly Player[]): Player[] {
  const next = players.concat(added);
  const index = indexCache.get(players);
  if (index) {
    indexCache.delete(players);
    for (const p of added) index.set(p.id, p);
    indexCache.set(next, index);
  }
  return next;
}

export function requirePlayer(state: EventState, id: string): Player {
  const player = indexOf(state.players).get(id);
  if (!player) fail('unknown-player', `no registered player has the id "${id}"`);
  return player;
}

export function replacePlayer(state: EventState, player: Player): EventState {
  return { ...state, players: state.players.map((p) => (p.id === player.id ? player : p)) };
}

type RegisterPlayer = Extract<Command, { type: 'register-player' }>;

export function registerPlayer(state: EventState, command: RegisterPlayer): EventState {
  const player = newPlayer(state, command, (id) => indexOf(state.players).get(id));
  return { ...state, players: extended(state.players, [player]) };
}

/**
 * Consecutive registrations folded at once (a CSV import is thousands of them): each checked as
 * registerPlayer checks it, against the players the ones before it leave, and the players list
 * copied once per state asked for rather than once per command. Returns the state after the first
 * `k` commands for each `k` of `counts` (ascending, from 1 to commands.length), equal to what
 * registerPlayer gives one command at a time. A refusal is registerPlayer's, its words after
 * `where(i)` (i = the refused command's index) when given.
 */
export function registerPlayers(state: EventState, commands: readonly RegisterPlayer[], counts: readonly number[], where?: (index: number) => string): EventState[] {
  const index = indexOf(state.players);
  const added: Player[] = [];
  const addedIds = new Map<string, Player>();
  const find = (id: string): Player | undefined => index.get(id) ?? addedIds.get(id);
  const states: EventState[] = [];
  let next = 0;
  commands.forEach((command, i) => {
    let player: Player;
    try {
      player = newPlayer(state, command, find, added);
    } catch (error) {
      if (where && error instanceof PodiumError) throw new PodiumError(error.code, `${where(i)}${error.message}`);
      throw error;
    }
    added.push(player);
    addedIds.set(player.id, player);
    if (counts[next] !== i + 1) return;
    next++;
    states.push({ ...state, players: i + 1 === commands.length ? extended(state.players, added) : state.players.concat(added) });
  });
  return states;
}

/** The player a registration adds, checked against the players there are (`find` by id). */
function newPlayer(state: EventState, command: RegisterPlayer, find: (id: string) => Player | undefined, added: readonly Player[] = []): Player {
  const input = command.player;
  if (state.playoff) fail('not-allowed', `cannot register ${input.name}: the playoff has started`);
  const existing = find(input.id);
  if (existing) fail('duplicate-player', `the id "${input.id}" is already used by ${existing.name}`);
  checkTeam(state, input.name, input.members);
  getRuleset(state.ruleset).checkNewPlayer?.(input);
  const player: Player = {
    id: input.id,
    name: input.name,
    draw: command.draw,
    joinedRound: state.rounds.length + 1,
    awardedByes: input.awardedByes ?? 0,
    ...(input.familyName ? { familyName: input.familyName } : {}),
    ...(input.note !== undefined ? { note: input.note } : {}),
    ...(input.draftPod !== undefined ? { draftPod: input.draftPod } : {}),
    ...(input.fixedTable !== undefined ? { fixedTable: input.fixedTable } : {}),
    ...(input.fixedSeat !== undefined ? { fixedSeat: input.fixedSeat } : {}),
    ...(input.members !== undefined ? { members: input.members } : {}),
  };
  checkFixedPlace(state, player, added);
  return player;
}

/**
 * A fixed table (and seat) in words. A seat needs a table, and a rule set whose tables
 * have seats to fix (pods: seats 1 to the pod size); a table is one competitor's (among those who
 * have not dropped): it holds one match or pod a round, so two players fixed to it could not both
 * sit there whenever they are not paired together.
 */
function checkFixedPlace(state: EventState, player: Player, added: readonly Player[] = []): void {
  const { fixedTable, fixedSeat } = player;
  if (fixedSeat !== undefined) {
    if (fixedTable === undefined) fail('invalid-input', `${player.name}: a fixed seat needs a fixed table`);
    const limit = fixedSeatLimit(getRuleset(state.ruleset).presentation.table, state.settings);
    if (limit === null) fail('invalid-input', `${player.name}: ${state.ruleset} tables have no seats to fix (a fixed table only)`);
    if (fixedSeat > limit) fail('invalid-input', `${player.name}: seat ${fixedSeat} is beyond the pod size (pods of ${limit}: seats 1–${limit})`);
  }
  if (fixedTable === undefined) return;
  const other = [...state.players, ...added].find((p) => p.id !== player.id && p.fixedTable === fixedTable && p.droppedAfterRound === undefined);
  if (other)
    fail(
      'invalid-input',
      `${player.name}: table ${fixedTable} is already the fixed table of ${other.name} (${other.id}); a table holds one game a round, so two players fixed to it could not both sit there`,
    );
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

export function editPlayer(state: EventState, command: Extract<Command, { type: 'edit-player' }>): EventState {
  const player = requirePlayer(state, command.id);
  const changes = command.changes;
  const next: Player = { ...player };
  if (changes.name !== undefined) next.name = changes.name;
  // The family name boards sort by (core/model/person-names.ts); "" forgets it (back to the guess).
  if (changes.familyName) next.familyName = changes.familyName;
  else if (changes.familyName === '') delete next.familyName;
  if (changes.note !== undefined) next.note = changes.note;
  if (changes.awardedByes !== undefined) next.awardedByes = changes.awardedByes;
  if (changes.draftPod !== undefined) next.draftPod = changes.draftPod;
  if (changes.members !== undefined) {
    checkTeam(state, next.name, changes.members);
    next.members = changes.members;
  }
  // 0 clears a fixed table (and with it the seat) or a fixed seat.
  if (changes.fixedTable !== undefined || changes.fixedSeat !== undefined) {
    if (changes.fixedTable === 0) delete next.fixedTable;
    else if (changes.fixedTable !== undefined) next.fixedTable = changes.fixedTable;
    if (changes.fixedSeat === 0 || changes.fixedTable === 0) delete next.fixedSeat;
    else if (changes.fixedSeat !== undefined) next.fixedSeat = changes.fixedSeat;
    checkFixedPlace(state, next);
  }
  return replacePlayer(state, next);
}

export function dropPlayer(state: EventState, id: string): EventState {
  const player = requirePlayer(state, id);
  if (player.droppedAfterRound !== undefined) fail('not-allowed', `${player.name} has already dropped`);
  // MTR 2.10: a drop before round 1 removes the player from the event.
  if (state.rounds.length === 0) return { ...state, players: state.players.filter((p) => p.id !== id) };
  return replacePlayer(state, { ...player, droppedAfterRound: state.rounds.length });
}

/**
 * Why a dropped player cannot be reinstated now, in words; null when the Head Judge may reinstate
 * them (MTR 2.10: never after a cut). The Players screen offers Reinstate only when this is null.
 */
export function reinstateRefusal(state: EventState, player: Player): string | null {
  if (player.droppedAfterRound === undefined) return `${player.name} has not dropped`;
  if (state.playoff) return `${player.name} cannot be reinstated after the cut (MTR 2.10)`;
  return null;
}

export function reinstatePlayer(state: EventState, id: string): EventState {
  const player = requirePlayer(state, id);
  const refusal = reinstateRefusal(state, player);
  if (refusal) fail('not-allowed', refusal);
  const { droppedAfterRound: _dropped, ...rest } = player;
  return replacePlayer(state, rest);
}

/** MTR 2.10: a no-show who reports to the scorekeeper before the next pairing is not dropped. */
export function reportIn(state: EventState, id: PlayerId): EventState {
  const player = requirePlayer(state, id);
  const who = `${player.name} (${id})`;
  if (!state.rounds.some((r) => r.tables.some((t) => t.noShow?.includes(id)))) fail('not-allowed', `${who} is not recorded as a no-show`);
  if (player.droppedAfterRound === undefined) fail('not-allowed', `${who} is not dropped: they are paired in round ${state.rounds.length + 1}`);
  if (state.playoff) fail('not-allowed', `${who}: the cut has been made, and nobody comes back into the event after it (MTR 2.10)`);
  if (player.droppedAfterRound !== state.rounds.length)
    fail('not-allowed', `${who} reports too late: round ${player.droppedAfterRound + 1} was paired without them (the Head Judge may reinstate them)`);
  const { droppedAfterRound: _dropped, ...rest } = player;
  return replacePlayer(state, rest);
}
