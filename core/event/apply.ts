/**
 * The pure fold of the journal: state = commands.reduce(apply). Every command is checked against the
 * state it applies to; an invalid one throws PodiumError and changes nothing (the state is never
 * mutated, only replaced).
 */
import { fail } from '../model/errors.js';
import type { Bye, EventState, Player, PlayerId, Round, Table, TableResult } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { isHeadToHeadResult } from '../rulesets/mtr/results.js';
import { isPodResult, podMatchWinner } from '../rulesets/pods/results.js';
import { applyClockCommand, noteResultTime } from '../clock/apply.js';
import type { Command } from './commands.js';
import { currentRound, findTable, hasAnyResult, isActiveIn, isRoundComplete } from './queries.js';
import { undoMarks } from './undo.js';

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
    case 'set-settings':
      return setSettings(state, command);
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
    case 'report-in':
      return reportIn(state, command.id);
    case 'fix-tables':
      return fixTables(state, command);
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

/**
 * Fold a journal's commands (with their sequence numbers) into a state, honouring undo (the rule:
 * undo.ts), everything from the start: the reference for the incremental JournalFold (fold.ts).
 */
export function replay(entries: readonly { seq: number; command: Command }[]): EventState | undefined {
  const undone = undoMarks(entries);
  let state: EventState | undefined;
  for (const { seq, command } of entries) {
    if (command.type === 'undo' || undone.has(seq)) continue;
    state = apply(state, command);
  }
  return state;
}

/**
 * RULES 4: the settings that define scoring, as a scorekeeper names them. Once round 1 is paired they
 * lock: changing one would silently rescore every result already played (pod size 3 → 5 changes
 * what a win is worth). The rule set itself never changes after the event is created.
 */
const SCORING_SETTINGS: readonly (readonly [keyof EventState['settings'], string])[] = [
  ['twoHeadedGiant', 'Two-Headed Giant'],
  ['teamSize', 'the team size'],
  ['podSize', 'the pod size'],
  ['gamesToWin', 'games to win'],
];

function setSettings(state: EventState, command: Extract<Command, { type: 'set-settings' }>): EventState {
  const before = state.settings;
  const patch: Partial<EventState['settings']> = command.settings;
  const changed = (after: Partial<EventState['settings']>) =>
    SCORING_SETTINGS.filter(([key]) => key in after && after[key] !== before[key]).map(([, label]) => label);
  // The patch is checked before the rule set fills it in, so the refusal names what was asked for.
  let locked = state.rounds.length > 0 ? changed(patch) : [];
  const settings = locked.length > 0 ? before : getRuleset(state.ruleset).settings({ ...before, ...patch });
  if (state.rounds.length === 0) return { ...state, settings };
  if (locked.length === 0) locked = changed(settings);
  if (locked.length > 0) {
    const what = locked.length === 1 ? (locked[0] as string) : `${locked.slice(0, -1).join(', ')} and ${locked[locked.length - 1]}`;
    fail(
      'not-allowed',
      `${what.charAt(0).toUpperCase()}${what.slice(1)} cannot change once round 1 is paired: ${locked.length === 1 ? 'it defines' : 'they define'} scoring, and changing ${locked.length === 1 ? 'it' : 'them'} would rescore every result already played (RULES 4)`,
    );
  }
  if (settings.swissRounds !== before.swissRounds && !command.reason?.trim()) {
    const was = before.swissRounds === undefined ? 'none was announced' : `it is ${before.swissRounds}`;
    fail('not-allowed', `the announced number of Swiss rounds (${was}) can change after round 1 is paired only with a reason, kept in the journal (RULES 4)`);
  }
  return { ...state, settings };
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
    ...(input.familyName ? { familyName: input.familyName } : {}),
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
  // The family name boards sort by (core/documents/names.ts); "" forgets it (back to the guess).
  if (changes.familyName) next.familyName = changes.familyName;
  else if (changes.familyName === '') delete next.familyName;
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
  // RULES 4: a Swiss round past the announced number is paired only once the scorekeeper confirmed it.
  const announced = state.settings.swissRounds;
  if (command.stage === 'swiss' && !command.replace && announced !== undefined && !command.beyondAnnounced) {
    const number = base.filter((r) => r.stage === 'swiss').length + 1;
    if (number > announced)
      fail('not-allowed', `round ${number} is past the announced ${announced} Swiss round${announced === 1 ? '' : 's'}: pairing it needs the scorekeeper's confirmation (RULES 4)`);
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
  const where = `round ${command.round}, table ${command.table}`;
  const noShow = [...new Set(command.noShow ?? [])];
  const drops = [...new Set(command.drop ?? [])];
  for (const id of [...noShow, ...drops])
    if (!table.seats.includes(id)) fail('invalid-input', `${where}: ${nameOf(state, id)} (${id}) is not seated at this table`);
  if (noShow.length > 0) checkNoShows(state, table, result, noShow, where);
  if (drops.length > 0 && round.stage !== 'swiss')
    fail('not-allowed', `${where}: a drop after the cut is made on the Players screen, where it is confirmed (MTR 2.10)`);
  for (const id of drops)
    if (requirePlayer(state, id).droppedAfterRound !== undefined) fail('not-allowed', `${where}: ${nameOf(state, id)} (${id}) has already dropped`);
  const { noShow: _before, ...bare } = table;
  const recorded: Table = { ...bare, result, ...(noShow.length > 0 ? { noShow } : {}) };
  const tables = round.tables.map((t) => (t === table ? recorded : t));
  const rounds = state.rounds.map((r) => (r === round ? { ...r, tables } : r));
  // MTR 2.10: ticked drops, and no-shows of a Swiss round, drop from the next pairing (as drop-player).
  // An amendment that no longer marks a no-show takes back that drop while the next round is unpaired.
  const dropping = new Set([...drops, ...(round.stage === 'swiss' ? noShow : [])]);
  const cleared = new Set((table.noShow ?? []).filter((id) => !dropping.has(id)));
  if (dropping.size === 0 && cleared.size === 0) return { ...state, rounds };
  const players = state.players.map((p): Player => {
    if (dropping.has(p.id) && p.droppedAfterRound === undefined) return { ...p, droppedAfterRound: state.rounds.length };
    if (cleared.has(p.id) && !state.playoff && p.droppedAfterRound === state.rounds.length) {
      const { droppedAfterRound: _dropped, ...rest } = p;
      return rest;
    }
    return p;
  });
  return { ...state, players, rounds };
}

/**
 * MTR 2.10 no-shows: the result must give each absent player a loss — head-to-head, the match to
 * the player (team) present with no game for the absent one; pods, the absent player excluded (no
 * point from a draw) and winning nothing. Someone must be present.
 */
function checkNoShows(state: EventState, table: Table, result: TableResult, noShow: readonly PlayerId[], where: string): void {
  const ruleset = getRuleset(state.ruleset);
  const who = (id: PlayerId): string => nameOf(state, id);
  if (ruleset.family === 'lightseekers') fail('not-allowed', `${where}: a no-show is recorded in Magic events (MTR 2.10); enter the game as it was played`);
  if (noShow.length >= table.seats.length)
    fail('invalid-input', `${where}: every player is marked as a no-show; a table needs someone present to win it (ask the Head Judge how to record it)`);
  for (const id of noShow) {
    if (isHeadToHeadResult(result)) {
      const seat = table.seats.indexOf(id);
      const [mine, theirs] = seat === 0 ? [result.games[0], result.games[1]] : [result.games[1], result.games[0]];
      if (mine !== 0 || theirs <= 0)
        fail('invalid-result', `${where}: ${who(id)} did not show up, so the match is a loss for them (MTR 2.10): their opponent wins it and they win no game`);
    } else if (isPodResult(result)) {
      const won = podMatchWinner(result) === id || ('games' in result && result.games.includes(id));
      if (won || !(result.excluded ?? []).includes(id))
        fail('invalid-result', `${where}: ${who(id)} did not show up, so the pod is a loss for them (MTR 2.10): they are excluded and win nothing`);
    }
  }
}

/** MTR 2.10: a no-show who reports to the scorekeeper before the next pairing is not dropped. */
function reportIn(state: EventState, id: PlayerId): EventState {
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

/**
 * Fix tables of the current Swiss round while its results stand: the listed tables (none with a
 * result) get new seats, taken only from the players already at them (and at pairing byes, when the
 * byes are given); every other table, result and bye stays as it is.
 */
function fixTables(state: EventState, command: Extract<Command, { type: 'fix-tables' }>): EventState {
  const current = currentRound(state);
  const r = command.round;
  if (!current || r !== current.number) fail('not-allowed', `only the tables of the current round (round ${current?.number ?? 0}) can be changed, not round ${r}`);
  if (current.stage !== 'swiss') fail('not-allowed', `round ${r} is a playoff round: its tables follow the bracket and cannot be changed`);
  if (!command.reason.trim()) fail('not-allowed', `round ${r}: changing tables needs a reason (kept in the journal)`);
  const ruleset = getRuleset(state.ruleset);
  const size = ruleset.tableSize(state.settings, 'swiss');
  const changed = new Map<number, PlayerId[]>();
  const before: PlayerId[] = [];
  for (const t of command.tables) {
    if (changed.has(t.table)) fail('invalid-input', `round ${r}: table ${t.table} appears twice`);
    const old = findTable(current, t.table);
    if (!old) fail('invalid-input', `round ${r} has no table ${t.table}`);
    if (old.result !== undefined)
      fail('not-allowed', `round ${r}, table ${t.table} already has a result: its players stay where they played (amend the result instead)`);
    if (t.seats.length < size.min || t.seats.length > size.max)
      fail('invalid-input', `round ${r}: table ${t.table} would seat ${t.seats.length} players; this rule set seats ${size.min === size.max ? size.min : `${size.min} to ${size.max}`}`);
    changed.set(t.table, [...t.seats]);
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
  const same = command.tables.every((t) => findTable(current, t.table)?.seats.join('\u0000') === t.seats.join('\u0000'));
  if (same && (!command.byes || pairingByes(command.byes).join() === pairingByes(current.byes).join()))
    fail('invalid-input', `round ${r}: these are the seats already published; nothing changes`);
  const tables = current.tables.map((t) => {
    const seats = changed.get(t.table);
    return seats ? { table: t.table, seats } : t;
  });
  const byes = command.byes ? command.byes.map((b): Bye => ({ player: b.player, kind: b.kind })) : current.byes;
  const round: Round = { ...current, tables, byes };
  const next: EventState = { ...state, rounds: [...state.rounds.slice(0, -1), round] };
  ruleset.checkRound?.(next, round);
  return next;
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
