/**
 * `mtr` match results (RULES.md 1 "Match structure", "Points", "Teams"; MTR 2.1, 2.5, 8, 9, App. C).
 *
 * A result arrives as `unknown` (a transcript, a save, a person at the station), so everything is
 * checked here and a fresh, normalised HeadToHeadResult is returned:
 *
 * - individual and Two-Headed Giant: `{ games: [seat 1 game wins, seat 2 game wins, drawn games] }`;
 *   an intentional draw is 0–0–3 (RULES 1), except in Two-Headed Giant, whose one-game matches
 *   record it as what it is: `{ games: [0, 0, 0], intentionalDraw: true }`, no game played, apart
 *   from a played drawn game `[0, 0, 1]` (conformance README, version 2). A 0–0–3 written by an
 *   older version into a Two-Headed Giant save still opens and still reads as an intentional draw;
 * - teams of 2 or 3 (MTR 8): `{ matches: [[a, b, d], [a, b, d](, [a, b, d])] }`, one triple per seat
 *   A, B(, C); the normalised result also carries `games: [seat matches won by team 1, by team 2,
 *   drawn seat matches]`, so the team with more seat-match wins wins the team match. `{ games,
 *   matches }` is accepted when the two agree.
 */
import { fail } from '../../model/errors.js';
import type { HeadToHeadResult, PlayerId, Settings, Stage, Table, TableResult } from '../../model/types.js';
import { plural, pluralWord } from '../../text/format.js';
import type { NoShowContext, ResultContext } from '../ruleset.js';

export type GameTriple = [number, number, number];
export type MatchOutcome = 'seat1' | 'seat2' | 'draw';

/**
 * The most drawn games one match may report. Drawn games do not count toward the match (MTR 2.1),
 * so in principle a match could hold any number of them, but in a 50-minute round a drawn game is
 * rare and more than a couple is implausible; 3 is also the number used to report an intentional
 * draw with no games played (0–0–3). Anything above is almost certainly a typing slip (30 for 3), so
 * it is refused. With at most gamesToWin wins for one player and gamesToWin − 1 for the other, a
 * match therefore has at most 2 × gamesToWin − 1 + 3 games.
 */
export const MAX_DRAWN_GAMES = 3;

const SEATS = ['A', 'B', 'C'] as const;

/** True for team events whose matches are played seat against seat (MTR 8), not Two-Headed Giant. */
export function isSeatTeamEvent(settings: Settings): boolean {
  return settings.teamSize > 1 && !settings.twoHeadedGiant;
}

/** Who won a validated result (the team match, for team events). */
export function matchOutcome(result: HeadToHeadResult): MatchOutcome {
  const [a, b] = result.games;
  return a > b ? 'seat1' : b > a ? 'seat2' : 'draw';
}

/** MTR App. C game points of each seat: 3 per game won, 1 per drawn game, 0 per game lost. */
export function gamePoints(games: readonly [number, number, number]): [number, number] {
  const [a, b, d] = games;
  return [3 * a + d, 3 * b + d];
}

/** Who won a table (Ruleset.tableWinner): seat 1 or 2 by matchOutcome, 'draw', or undefined without a result. */
export function mtrTableWinner(table: Table): PlayerId | 'draw' | undefined {
  if (!isHeadToHeadResult(table.result) || table.seats.length !== 2) return undefined;
  const outcome = matchOutcome(table.result);
  return outcome === 'draw' ? 'draw' : outcome === 'seat1' ? table.seats[0] : table.seats[1];
}

/** Match points of each seat (MTR App. C): win 3, draw 1, loss 0. */
export function matchPoints(result: HeadToHeadResult): [number, number] {
  const outcome = matchOutcome(result);
  return outcome === 'seat1' ? [3, 0] : outcome === 'seat2' ? [0, 3] : [1, 1];
}

/** A result as a person reads it: "2–1–0". */
export function formatGames(games: readonly number[]): string {
  return games.join('–');
}

/**
 * An intentional draw: Two-Headed Giant's `intentionalDraw` (no game played), or the 0–0–3 that
 * RULES 1 reports one with (and that older versions stored in Two-Headed Giant too).
 */
export function isIntentionalDraw(result: HeadToHeadResult): boolean {
  if (result.matches) return false;
  if (result.intentionalDraw === true) return true;
  const [a, b, d] = result.games;
  return a === 0 && b === 0 && d === MAX_DRAWN_GAMES;
}

/** A result's score as slips and logs print it: "2–1", "1–1–1", "0–0–1", "ID". */
export function formatScore(result: HeadToHeadResult): string {
  if (result.intentionalDraw === true) return 'ID';
  const [a, b, d] = result.games;
  return d > 0 || a === b ? formatGames(result.games) : `${a}–${b}`;
}

/**
 * An individual or Two-Headed Giant result in words, seat 1 first, names as given: "Ana wins 2–1",
 * "Bo wins 2–1–1", "Draw 1–1–1", "Draw: 1 drawn game played (0–0–1)", "Intentional draw (0–0–3)",
 * "Intentional draw (no game played)". A played drawn game and an intentional draw never read alike.
 */
export function describeHeadToHead(result: HeadToHeadResult, first: string, second: string): string {
  const [a, b, d] = result.games;
  if (result.intentionalDraw === true) return 'Intentional draw (no game played)';
  if (isIntentionalDraw(result)) return `Intentional draw (${formatGames(result.games)})`;
  if (a === 0 && b === 0) return `Draw: ${plural(d, 'drawn game')} played (${formatGames(result.games)})`;
  if (a === b) return `Draw ${formatGames(result.games)}`;
  const games = d > 0 ? formatGames(a > b ? [a, b, d] : [b, a, d]) : `${Math.max(a, b)}–${Math.min(a, b)}`;
  return `${a > b ? first : second} wins ${games}`;
}

/** Narrow a stored table result to the head-to-head form (for code reading a state). */
export function isHeadToHeadResult(result: TableResult | undefined): result is HeadToHeadResult {
  if (!result || !('games' in result)) return false;
  const games = (result as { games: unknown }).games;
  return Array.isArray(games) && games.length === 3 && games.every((g) => typeof g === 'number');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A bad value as a scorekeeper would recognise it (NaN stays NaN, strings keep their quotes). */
function show(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? String(value);
}

function bestOf(gamesToWin: number): string {
  return `best-of-${2 * gamesToWin - 1}`;
}

/**
 * Check one [seat 1 wins, seat 2 wins, drawn games] triple. `who` prefixes every message
 * ("Ana Archer v Bo Berg" or "Team X v Team Y, seat A"); `first`/`second` name the two sides.
 */
function checkTriple(
  value: unknown,
  gamesToWin: number,
  who: string,
  first: string,
  second: string,
  shape: string,
  intentionalDraw = 'an intentional draw with no games played is entered as 0–0–3 (three drawn games)',
): GameTriple {
  if (!Array.isArray(value) || value.length !== 3)
    fail('invalid-result', `${who}: the games must be three numbers, ${shape}`);
  const triple = value as unknown[];
  for (const n of triple)
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
      fail('invalid-result', `${who}: ${show(n)} is not a number of games (whole numbers from 0 up), ${shape}`);
  const [a, b, d] = triple as GameTriple;
  const rule = `${bestOf(gamesToWin)} match (${plural(gamesToWin, 'game win')} ${pluralWord(gamesToWin, 'wins', 'win')} it)`;
  if (a > gamesToWin) fail('invalid-result', `${who}: ${plural(a, 'game win')} for ${first} is more than a ${rule}`);
  if (b > gamesToWin) fail('invalid-result', `${who}: ${plural(b, 'game win')} for ${second} is more than a ${rule}`);
  if (a === gamesToWin && b === gamesToWin)
    fail('invalid-result', `${who}: ${formatGames([a, b, d])} cannot be: the match ends as soon as one player has ${plural(gamesToWin, 'game win')}`);
  if (a + b + d === 0)
    fail('invalid-result', `${who}: 0–0–0 means no game was played; ${intentionalDraw}`);
  if (d > MAX_DRAWN_GAMES)
    fail('invalid-result', `${who}: ${d} drawn games is more than a match can have (at most ${MAX_DRAWN_GAMES}; an intentional draw is 0–0–3)`);
  return [a, b, d];
}

function checkKeys(input: Record<string, unknown>, allowed: readonly string[], who: string, hint: string): void {
  const extra = Object.keys(input).filter((k) => !allowed.includes(k));
  if (extra.length > 0)
    fail('invalid-result', `${who}: unknown ${pluralWord(extra.length, 'field', 'fields')} ${extra.map((k) => `"${k}"`).join(', ')} in the result; ${hint}`);
}

function checkPlayoffWinner(games: GameTriple, stage: Stage, who: string, unit: string): void {
  if (stage === 'playoff' && games[0] === games[1])
    fail('invalid-result', `${who}: ${formatGames(games)} is a draw, and a playoff match cannot end in a draw (MTR 2.5): the result must name a winner (more ${unit} for one side)`);
}

export function validateMtrResult(table: Table, result: unknown, context: ResultContext): HeadToHeadResult {
  const { settings, stage, nameOf } = context;
  if (table.seats.length !== 2)
    fail('invalid-result', `table ${table.table} seats ${plural(table.seats.length, 'player')}; an MTR match is between two`);
  const [id1, id2] = table.seats as [string, string];
  const first = nameOf(id1);
  const second = nameOf(id2);
  const who = `${first} v ${second}`;
  const gamesToWin = settings.gamesToWin;

  if (!isSeatTeamEvent(settings)) {
    const giant = settings.twoHeadedGiant;
    const idForm = '{ games: [0, 0, 0], intentionalDraw: true }';
    const shape = `{ games: [game wins of ${first}, game wins of ${second}, drawn games] }${giant ? ` (one game; a played drawn game is [0, 0, 1]), or ${idForm} for an intentional draw` : ''}`;
    if (!isPlainObject(result)) fail('invalid-result', `${who}: the result must look like ${shape}`);
    if ('matches' in result && !('games' in result))
      fail('invalid-result', `${who}: seat-by-seat "matches" are for team events; this event takes ${shape}`);
    if ('intentionalDraw' in result && !giant)
      fail('invalid-result', `${who}: "intentionalDraw" is for Two-Headed Giant; in this event an intentional draw is entered as 0–0–3 (three drawn games)`);
    checkKeys(result, giant ? ['games', 'intentionalDraw'] : ['games'], who, `this event takes ${shape}`);
    if ('intentionalDraw' in result) {
      // MTR 9 one-game matches: an intentional draw plays no game, so it is not a drawn game.
      if (result.intentionalDraw !== true) fail('invalid-result', `${who}: "intentionalDraw" is true or left out, not ${show(result.intentionalDraw)}`);
      const given = result.games;
      if (given !== undefined && !(Array.isArray(given) && given.length === 3 && given.every((n) => n === 0)))
        fail('invalid-result', `${who}: an intentional draw plays no game, so its games are [0, 0, 0], not ${show(given)} (a played drawn game is [0, 0, 1] without "intentionalDraw")`);
      if (stage === 'playoff') fail('invalid-result', `${who}: an intentional draw is a draw, and a playoff match cannot end in a draw (MTR 2.5): the result must name a winner`);
      return { games: [0, 0, 0], intentionalDraw: true };
    }
    if (!('games' in result)) fail('invalid-result', `${who}: the result has no games; it must look like ${shape}`);
    const games = checkTriple(
      result.games,
      gamesToWin,
      who,
      first,
      second,
      shape,
      giant ? `an intentional draw is ${idForm} (ID at the station), and a played drawn game 0–0–1` : undefined,
    );
    checkPlayoffWinner(games, stage, who, 'game wins');
    return { games };
  }

  // MTR 8: seat A plays seat A, B plays B (, C plays C); the team winning more seat matches wins.
  const size = settings.teamSize;
  const seatList = SEATS.slice(0, size).join(', ');
  const tripleShape = '[game wins of the first team’s player, game wins of the second team’s player, drawn games]';
  const shape = `{ matches: [${SEATS.slice(0, size).map((s) => `seat ${s}`).join(', ')}] }, each ${tripleShape}`;
  if (!isPlainObject(result)) fail('invalid-result', `${who}: a team result must look like ${shape}`);
  checkKeys(result, ['matches', 'games'], who, `a team result looks like ${shape}`);
  if (!('matches' in result))
    fail('invalid-result', `${who}: a team result lists each seat's match (seats ${seatList}): ${shape}`);
  const matchesInput = result.matches;
  if (!Array.isArray(matchesInput) || matchesInput.length !== size)
    fail('invalid-result', `${who}: a team of ${size} plays ${size} seat matches (seats ${seatList}), so "matches" must list ${size} results: ${shape}`);
  const matches: GameTriple[] = matchesInput.map((m: unknown, i) =>
    checkTriple(m, gamesToWin, `${who}, seat ${SEATS[i]}`, `${first}'s player`, `${second}'s player`, tripleShape),
  );
  const games: GameTriple = [0, 0, 0];
  for (const [a, b] of matches) games[a > b ? 0 : b > a ? 1 : 2] += 1;
  if ('games' in result) {
    const given = result.games;
    const agrees = Array.isArray(given) && given.length === 3 && given.every((n, i) => n === games[i]);
    if (!agrees)
      fail('invalid-result', `${who}: "games" ${show(given)} does not agree with the seat matches, which give ${formatGames(games)} (seat matches won by each team, drawn); leave "games" out or correct it`);
  }
  checkPlayoffWinner(games, stage, who, 'seat matches won');
  return { games, matches };
}

/** MTR 2.10: a no-show loses the match — the opponent wins it and the absent player wins no game. */
export function mtrCheckNoShow(table: Table, result: TableResult, absent: PlayerId, context: NoShowContext): void {
  if (!isHeadToHeadResult(result)) return;
  const seat = table.seats.indexOf(absent);
  const [mine, theirs] = seat === 0 ? [result.games[0], result.games[1]] : [result.games[1], result.games[0]];
  if (mine !== 0 || theirs <= 0)
    fail('invalid-result', `${context.where}: ${context.nameOf(absent)} did not show up, so the match is a loss for them (MTR 2.10): their opponent wins it and they win no game`);
}
