/**
 * The journal's `record-result` (the fold, apply.ts): a table's result checked by the rule set,
 * amendments with a reason, no-shows (MTR 2.10) and drops made with the result.
 */
import { fail } from '../model/errors.js';
import type { EventState, Player, PlayerId, Table, TableResult } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { nameOf, requirePlayer } from './apply-players.js';
import type { Command } from './commands.js';
import { findTable, withoutReport } from './queries.js';

export function recordResult(state: EventState, command: Extract<Command, { type: 'record-result' }>): EventState {
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
  // A result typed at a station wins over a player's waiting report of the table.
  const rounds = state.rounds.map((r) => (r === round ? withoutReport({ ...r, tables }, command.table) : r));
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
 * MTR 2.10 no-shows: the result must give each absent player a loss, as the rule set reads its
 * results (head-to-head: the match to the player present; pods: excluded and winning nothing).
 * Someone must be present; a rule set without no-shows (Lightseekers) refuses them.
 */
function checkNoShows(state: EventState, table: Table, result: TableResult, noShow: readonly PlayerId[], where: string): void {
  const ruleset = getRuleset(state.ruleset);
  if (!ruleset.checkNoShow) fail('not-allowed', `${where}: a no-show is recorded in Magic events (MTR 2.10); enter the game as it was played`);
  if (noShow.length >= table.seats.length)
    fail('invalid-input', `${where}: every player is marked as a no-show; a table needs someone present to win it (ask the Head Judge how to record it)`);
  for (const id of noShow) ruleset.checkNoShow(table, result, id, { where, nameOf: (player) => nameOf(state, player) });
}
