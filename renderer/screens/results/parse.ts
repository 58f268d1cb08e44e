/**
 * What a scorekeeper types, read into the result forms of the rule sets (core/model/types.ts). Each
 * reader says what is wrong in words; the rule set's validateResult then checks the result against
 * the table (best-of, seats, ties) before anything is sent.
 */
import type { EventState, PlayerId, Stage, Table } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { leaders } from '../../../core/rulesets/lightseekers/results.js';
import { familyOf, isSeatTeams, nameIn } from '../pairings/shared.js';

export type Parsed<T> = { kind: 'ok'; value: T } | { kind: 'empty' } | { kind: 'problem'; problem: string };

const ok = <T>(value: T): Parsed<T> => ({ kind: 'ok', value });
const problem = <T>(text: string): Parsed<T> => ({ kind: 'problem', problem: text });
const EMPTY = { kind: 'empty' } as const;

/** "ID" (or "i"): an intentional draw. */
export function isIntentionalDrawText(text: string): boolean {
  const t = text.trim().toLowerCase();
  return t === 'id' || t === 'i';
}

/** "2-1", "2-1-0", "2 1", "21", "210", "0-0-3", "ID" → [wins of seat 1, wins of seat 2, draws]. */
export function parseGames(text: string, who = ''): Parsed<[number, number, number]> {
  const t = text.trim().toLowerCase();
  if (t === '') return EMPTY;
  if (t === 'id' || t === 'i') return ok([0, 0, 3]);
  let parts: string[];
  if (/^\d{2,3}$/.test(t)) parts = t.split('');
  else parts = t.split(/\s*[-–—/:,.\s]\s*/).filter((p) => p !== '');
  if ((parts.length === 2 || parts.length === 3) && parts.every((p) => /^\d+$/.test(p))) {
    const [a, b, d = 0] = parts.map(Number) as number[];
    return ok([a as number, b as number, d]);
  }
  return problem(`“${text.trim()}” is not a result${who}: type the games as wins-wins or wins-wins-draws (seat 1 first), such as 2-1 or 1-1-1, or ID for an intentional draw (0-0-3)`);
}

export interface PodEntry {
  result: { winner: PlayerId } | { games: (PlayerId | 'draw')[] } | { draw: true } | null;
  /** Seats excluded by typing x2 (added to the checkboxes). */
  excluded: PlayerId[];
}

/**
 * Pods: "2" (seat 2 won), "d" (draw), "1 d 1" (a games list, each game's winner or d), with "x3"
 * marking seat 3 excluded (conceded or match loss).
 */
export function parsePodEntry(text: string, seats: readonly PlayerId[]): Parsed<PodEntry> {
  const tokens = text.trim().toLowerCase().split(/[\s,;]+/).filter((t) => t !== '');
  if (tokens.length === 0) return EMPTY;
  const seatOf = (token: string): PlayerId | null => {
    if (!/^\d+$/.test(token)) return null;
    const n = Number(token);
    return n >= 1 && n <= seats.length ? (seats[n - 1] as PlayerId) : null;
  };
  const games: (PlayerId | 'draw')[] = [];
  const excluded: PlayerId[] = [];
  for (const token of tokens) {
    if (token === 'd' || token === 'draw' || token === 'id') {
      games.push('draw');
      continue;
    }
    const x = /^x(\d+)$/.exec(token);
    if (x) {
      const id = seatOf(x[1] as string);
      if (!id) return problem(`“${token}”: there is no seat ${x[1]} at this table (seats 1–${seats.length})`);
      if (!excluded.includes(id)) excluded.push(id);
      continue;
    }
    const id = seatOf(token);
    if (!id)
      return problem(
        /^\d+$/.test(token)
          ? `there is no seat ${token} at this table: it seats ${seats.length} (seats 1–${seats.length})`
          : `“${token}” is not a seat number: type the winner's seat (1–${seats.length}), d for a draw, several for a games list (2 d 2), x and a seat to exclude a player (x3)`,
      );
    games.push(id);
  }
  if (games.length === 0) return ok({ result: null, excluded });
  if (games.length === 1) return ok({ result: games[0] === 'draw' ? { draw: true } : { winner: games[0] as PlayerId }, excluded });
  return ok({ result: { games }, excluded });
}

/** "3 2" / "3,2" / "32" → the players at those seats, in that order. */
export function parseSeatOrder(text: string, seats: readonly PlayerId[]): Parsed<PlayerId[]> {
  const t = text.trim();
  if (t === '') return ok([]);
  const tokens = /^\d+$/.test(t) && seats.length < 10 ? t.split('') : t.split(/[\s,;>-]+/).filter((x) => x !== '');
  const out: PlayerId[] = [];
  for (const token of tokens) {
    if (!/^\d+$/.test(token)) return problem(`“${token}” is not a seat number: type the seats in the order the players were defeated, such as 3 2`);
    const n = Number(token);
    if (n < 1 || n > seats.length) return problem(`there is no seat ${n} at this table (seats 1–${seats.length})`);
    const id = seats[n - 1] as PlayerId;
    if (out.includes(id)) return problem(`seat ${n} is listed twice in the defeat order: a player is defeated once`);
    out.push(id);
  }
  return ok(out);
}

/** The scorekeeper's typing for one table, whatever the rule set. */
export interface Draft {
  /** mtr games ("2-1") or the pods winner entry ("2", "d", "1 d 1"). */
  text: string;
  /** Team events: seat A, B(, C) games. */
  seatGames: string[];
  /** Pods: excluded players ticked. */
  excluded: PlayerId[];
  /** Lightseekers: VP per seat, in seat order. */
  vp: string[];
  /** Lightseekers: seats in the order they were defeated ("3 2"). */
  defeated: string;
  winner: PlayerId | '';
  runnerUp: PlayerId | '';
}

export const EMPTY_DRAFT: Draft = { text: '', seatGames: [], excluded: [], vp: [], defeated: '', winner: '', runnerUp: '' };

export type Built =
  | { kind: 'empty' }
  | { kind: 'problem'; problem: string }
  /** Lightseekers: VP and last standing leave a tie the scorekeeper must decide. */
  | { kind: 'tie'; tied: PlayerId[]; vp: number; result: unknown }
  | { kind: 'ok'; result: unknown };

/** Does the rule set send a runner-up on (so a tie for it is worth asking about)? */
export function runnerUpMatters(state: EventState): boolean {
  return state.ruleset === 'lightseekers-casual' || state.ruleset === 'lightseekers-large';
}

/** The players still tied for runner-up once the winner is known (empty when none). */
export function runnerUpTie(result: { vp: Record<PlayerId, number>; defeated: PlayerId[] }, seats: readonly PlayerId[], winner: PlayerId): PlayerId[] {
  const second = leaders(result.vp, result.defeated, seats.filter((id) => id !== winner));
  return second.length > 1 ? second : [];
}

/** The draft read into a result for `table` (not yet checked against the rules). */
export function buildResult(state: EventState, table: Table, draft: Draft): Built {
  const family = familyOf(state);
  const name = nameIn(state);
  if (family === 'head-to-head') {
    if (isSeatTeams(state)) {
      const size = state.settings.teamSize;
      const matches: [number, number, number][] = [];
      for (let i = 0; i < size; i++) {
        const parsed = parseGames(draft.seatGames[i] ?? '', ` for seat ${'ABC'[i]}`);
        if (parsed.kind === 'empty') return { kind: 'empty' };
        if (parsed.kind === 'problem') return parsed;
        matches.push(parsed.value);
      }
      return { kind: 'ok', result: { matches } };
    }
    // Two-Headed Giant (one-game matches): an intentional draw plays no game, so it is recorded as
    // what it is, never as drawn games (a played drawn game is 0-0-1).
    if (state.settings.twoHeadedGiant && isIntentionalDrawText(draft.text)) return { kind: 'ok', result: { games: [0, 0, 0], intentionalDraw: true } };
    const parsed = parseGames(draft.text);
    if (parsed.kind !== 'ok') return parsed;
    return { kind: 'ok', result: { games: parsed.value } };
  }
  if (family === 'pods') {
    const parsed = parsePodEntry(draft.text, table.seats);
    if (parsed.kind !== 'ok') return parsed;
    if (!parsed.value.result) return { kind: 'empty' };
    const excluded = [...new Set([...draft.excluded, ...parsed.value.excluded])].filter((id) => table.seats.includes(id));
    return { kind: 'ok', result: { ...parsed.value.result, ...(excluded.length > 0 ? { excluded: table.seats.filter((id) => excluded.includes(id)) } : {}) } };
  }
  // Lightseekers
  const vp: Record<PlayerId, number> = {};
  for (let i = 0; i < table.seats.length; i++) {
    const id = table.seats[i] as PlayerId;
    const text = (draft.vp[i] ?? '').trim();
    if (text === '') return { kind: 'empty' };
    if (!/^\d+$/.test(text)) return { kind: 'problem', problem: `${name(id)}'s VP “${text}” is not a whole number of Victory Points (0 or more)` };
    vp[id] = Number(text);
  }
  const defeated = parseSeatOrder(draft.defeated, table.seats);
  if (defeated.kind === 'problem') return defeated;
  const order = defeated.kind === 'ok' ? defeated.value : [];
  const tied = leaders(vp, order, table.seats);
  const base = { vp, defeated: order };
  if (tied.length > 1) {
    const winner = draft.winner && tied.includes(draft.winner) ? draft.winner : '';
    if (!winner) return { kind: 'tie', tied, vp: vp[tied[0] as PlayerId] ?? 0, result: base };
    const withWinner = { ...base, winner };
    const runnerUp = draft.runnerUp && runnerUpTie(base, table.seats, winner).includes(draft.runnerUp) ? draft.runnerUp : '';
    return { kind: 'ok', result: runnerUp ? { ...withWinner, runnerUp } : withWinner };
  }
  const winner = tied[0] as PlayerId;
  const runnerUp = draft.runnerUp && runnerUpTie(base, table.seats, winner).includes(draft.runnerUp) ? draft.runnerUp : '';
  return { kind: 'ok', result: runnerUp ? { ...base, runnerUp } : base };
}

/** The rule set's own check (best-of, seats, playoff draws): null when fine, else its words. */
export function checkResult(state: EventState, table: Table, stage: Stage, result: unknown): { result: unknown; problem: null } | { result: null; problem: string } {
  try {
    const checked = getRuleset(state.ruleset).validateResult(table, result, { settings: state.settings, stage, nameOf: nameIn(state) });
    return { result: checked, problem: null };
  } catch (error) {
    return { result: null, problem: error instanceof Error ? error.message : String(error) };
  }
}
