/**
 * `mstr-2022` / `mamtr-2024` pod results (RULES.md 2 "Match results"; MSTR/MAMTR 2.1A, 2.4C, App. C;
 * conformance README "Result forms").
 *
 * A result arrives as `unknown` (a transcript, a save, a person at the station), so everything is
 * checked here and a fresh, normalised PodResult is returned. Three forms, each with an optional
 * `excluded: [ids]` (players who conceded or received a match loss, RULES 2, or lost the game to a
 * game loss, RULES 4):
 *
 * - `{ winner: id }`: one game, won by that player;
 * - `{ games: [id | "draw", ...] }`: each game's winner or "draw", in order;
 * - `{ draw: true }`: the match is a draw.
 *
 * **Match winner of a games list.** The player with the most game wins; equal most (or only drawn
 * games) is a draw. Whoever reached `gamesToWin` is always that player in a list that stops there.
 * **Decision (conformance cases):** a list that goes on after someone reached `gamesToWin` is
 * accepted and read by the same "most game wins" rule: the shared conformance transcripts record
 * `["draw", "p006", "p009"]` and `["p010", "p010"]` with `gamesToWin` 1 and expect the first to be a
 * draw and the second a win for p010 (mamtr-11-players, mstr-13-players).
 */
import { fail } from '../../model/errors.js';
import type { PlayerId, PodResult, Settings, Table, TableResult } from '../../model/types.js';
import { pluralWord } from '../../text/format.js';
import type { NoShowContext, ResultContext } from '../ruleset.js';
import type { PodVariant } from './variant.js';

/** The forms a pod result may take, as a scorekeeper reads them in a message. */
export const POD_RESULT_SHAPES =
  '{ winner: id }, { games: [id or "draw", ...] } or { draw: true }, each with an optional excluded: [ids]';

const FORM_KEYS = ['winner', 'games', 'draw'] as const;
const ALLOWED_KEYS: readonly string[] = [...FORM_KEYS, 'excluded'];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A bad value as a scorekeeper would recognise it (strings keep their quotes). */
function show(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? String(value);
}

function quoteList(keys: readonly string[]): string {
  return keys.map((k) => `"${k}"`).join(', ');
}

/** Narrow a stored table result to a pod result (for code reading a state). */
export function isPodResult(result: TableResult | undefined): result is PodResult {
  if (!isPlainObject(result) || 'vp' in result) return false;
  const r = result as Record<string, unknown>;
  if (typeof r.winner === 'string') return true;
  if (r.draw === true) return true;
  return Array.isArray(r.games) && r.games.length > 0 && r.games.every((g) => typeof g === 'string');
}

/** Game wins per player of a games list, and the player with strictly the most (or 'draw'). */
function leaderOf(games: readonly (PlayerId | 'draw')[]): PlayerId | 'draw' {
  const wins = new Map<PlayerId, number>();
  for (const game of games) if (game !== 'draw') wins.set(game, (wins.get(game) ?? 0) + 1);
  let leader: PlayerId | 'draw' = 'draw';
  let best = 0;
  for (const [id, count] of wins) {
    if (count > best) {
      best = count;
      leader = id;
    } else if (count === best) {
      leader = 'draw';
    }
  }
  return leader;
}

/**
 * Who won a validated pod match (RULES 2 "Match results"): the named winner; for a games list the
 * player with the most game wins (whoever reached `gamesToWin` in a list that stops there); 'draw'
 * for `{ draw: true }` or a games list without a single leader. At a `mamtr-2024` playoff a draw is
 * decided by the Swiss seeds (2.4C), which the playoffs do, not this function.
 */
export function podMatchWinner(result: PodResult, _settings?: Settings): PlayerId | 'draw' {
  if ('winner' in result) return result.winner;
  if ('games' in result) return leaderOf(result.games);
  return 'draw';
}

/** Who won a table (Ruleset.tableWinner): podMatchWinner of its result; undefined without one. */
export function podTableWinner(table: Table): PlayerId | 'draw' | undefined {
  return isPodResult(table.result) ? podMatchWinner(table.result) : undefined;
}

export function validatePodResult(variant: PodVariant, table: Table, result: unknown, context: ResultContext): PodResult {
  const { stage, nameOf } = context;
  const seated = new Set(table.seats);
  const where = `table ${table.table}`;
  const bad = (message: string): never => fail('invalid-result', `${where}: ${message}`);
  const seatedNames = table.seats.map(nameOf).join(', ');

  /** A player id named by the result, who must be seated at this table. */
  const seatedPlayer = (value: unknown, role: string): PlayerId => {
    if (typeof value !== 'string' || value.length === 0) return bad(`${role} must be a player id, not ${show(value)}`);
    if (!seated.has(value)) return bad(`${nameOf(value)} is not at this table (it seats ${seatedNames})`);
    return value;
  };

  if (!isPlainObject(result)) return bad(`the result must be one of ${POD_RESULT_SHAPES}`);
  const unknown = Object.keys(result).filter((k) => !ALLOWED_KEYS.includes(k));
  if (unknown.length > 0)
    bad(`unknown ${pluralWord(unknown.length, 'field', 'fields')} ${quoteList(unknown)} in the result; a pod result is ${POD_RESULT_SHAPES}`);
  const forms = FORM_KEYS.filter((k) => k in result);
  if (forms.length === 0) bad(`the result says neither who won nor that the pod drew; it must be ${POD_RESULT_SHAPES}`);
  if (forms.length > 1) bad(`the result gives ${quoteList(forms)} together; give exactly one of ${POD_RESULT_SHAPES}`);

  // excluded: players who conceded or received a match loss (2.1A); each seated, each once.
  const excluded: PlayerId[] = [];
  if ('excluded' in result) {
    const list = result.excluded;
    if (!Array.isArray(list)) bad(`"excluded" must be a list of player ids, not ${show(list)}`);
    for (const value of list as unknown[]) {
      const id = seatedPlayer(value, 'each excluded player');
      if (excluded.includes(id)) bad(`${nameOf(id)} is listed twice in "excluded"`);
      excluded.push(id);
    }
  }
  const withExcluded = <T extends object>(form: T): T & { excluded?: PlayerId[] } =>
    excluded.length > 0 ? { ...form, excluded } : form;

  let normalised: PodResult;
  if ('winner' in result) {
    normalised = withExcluded({ winner: seatedPlayer(result.winner, '"winner"') });
  } else if ('games' in result) {
    const list = result.games;
    if (!Array.isArray(list)) return bad(`"games" must list each game's winner or "draw", in order, not ${show(list)}`);
    if (list.length === 0) bad('"games" is empty: list each game\'s winner or "draw", in order (at least one game)');
    const games = (list as unknown[]).map((g, i): PlayerId | 'draw' =>
      g === 'draw' ? 'draw' : seatedPlayer(g, `game ${i + 1}'s winner`),
    );
    normalised = withExcluded({ games });
  } else {
    if (result.draw !== true)
      bad(`"draw" can only be true (the match is a draw); a match with a winner is entered as { winner: id }`);
    normalised = withExcluded({ draw: true as const });
  }

  const winner = podMatchWinner(normalised);
  if (winner !== 'draw' && excluded.includes(winner))
    bad(`${nameOf(winner)} won the match, so cannot be excluded ("excluded" is for players who conceded, or received a match loss or a game loss)`);

  if (stage === 'playoff' && !variant.playoffDrawGoesToHighestSeed) {
    // MSTR 2.1A / 2.5B: playoffs are untimed and a drawn game is followed by a new game, so the
    // match always ends with somebody winning a game and the match.
    const rule = 'in the playoff a drawn game is followed by a new game until someone wins (MSTR 2.1A)';
    if ('games' in normalised && normalised.games[normalised.games.length - 1] === 'draw')
      bad(`the last game listed is a draw, but ${rule}: list the games up to the one somebody won`);
    if (winner === 'draw') bad(`a playoff pod cannot end in a draw: ${rule}, so the result must name a winner`);
  }
  return normalised;
}

/** A pod result's games list says "draw" for a drawn game, so no player may have that id. */
export function checkPodPlayerId(player: { id: PlayerId; name: string }): void {
  if (player.id === 'draw') fail('invalid-input', `${player.name}: "draw" cannot be a player id in a pod event`);
}

/** A pod lost as a match loss asks (MSTR/MAMTR 2.1A): the player is excluded (no point from a draw) and wins nothing. */
export function podLostMatch(result: TableResult, player: PlayerId): boolean {
  if (!isPodResult(result)) return true;
  const won = podMatchWinner(result) === player || ('games' in result && result.games.includes(player));
  return !won && (result.excluded ?? []).includes(player);
}

/** MTR 2.10 in a pod: a no-show is excluded (no point from a draw) and wins nothing. */
export function podCheckNoShow(_table: Table, result: TableResult, absent: PlayerId, context: NoShowContext): void {
  if (!podLostMatch(result, absent))
    fail('invalid-result', `${context.where}: ${context.nameOf(absent)} did not show up, so the pod is a loss for them (MTR 2.10): they are excluded and win nothing`);
}
