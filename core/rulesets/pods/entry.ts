/**
 * `mstr-2022` / `mamtr-2024` result entry at the station (RULES 2 "Match results"; 2.1A): the
 * winner's seat ("2"), a draw ("d"), a games list ("1 d 1"), players excluded from a draw ("x3", or
 * ticked), read into the pod results of results.ts; the boxes that take it; a result in words.
 */
import type { PlayerId, PodResult, Table, TableResult } from '../../model/types.js';
import { andList, type EntryContext, type ReadResult, type ResultDraft, type ResultEntry, type ResultForm } from '../presentation.js';
import { isPodResult, podMatchWinner } from './results.js';

export type Parsed<T> = { kind: 'ok'; value: T } | { kind: 'empty' } | { kind: 'problem'; problem: string };

/** The box the winner (or games list) is typed in, with "x3" and "n3". */
const WINNER = 'winner';
/** Seats ticked as excluded from a draw. */
const EXCLUDED = 'excluded';

export interface PodEntry {
  result: { winner: PlayerId } | { games: (PlayerId | 'draw')[] } | { draw: true } | null;
  /** Seats excluded by typing x2 (added to the checkboxes). */
  excluded: PlayerId[];
}

const problem = <T>(text: string): Parsed<T> => ({ kind: 'problem', problem: text });

/**
 * Pods: "2" (seat 2 won), "d" (draw), "1 d 1" (a games list, each game's winner or d), with "x3"
 * marking seat 3 excluded (conceded or match loss).
 */
export function parsePodEntry(text: string, seats: readonly PlayerId[]): Parsed<PodEntry> {
  const tokens = text.trim().toLowerCase().split(/[\s,;]+/).filter((t) => t !== '');
  if (tokens.length === 0) return { kind: 'empty' };
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
  if (games.length === 0) return { kind: 'ok', value: { result: null, excluded } };
  if (games.length === 1) return { kind: 'ok', value: { result: games[0] === 'draw' ? { draw: true } : { winner: games[0] as PlayerId }, excluded } };
  return { kind: 'ok', value: { result: { games }, excluded } };
}

function form(table: Table, draft: ResultDraft, context: EntryContext): ResultForm {
  const n = table.seats.length;
  // Seats excluded by typing "x2" show ticked too (the typing decides them: untick by editing it).
  const typed = parsePodEntry(draft.text[WINNER] ?? '', table.seats);
  const typedOut = typed.kind === 'ok' ? typed.value.excluded : [];
  // RULES 4: a player with a game loss lost that game — not its winner, excluded from a draw.
  const lostGame = new Set(context.gameLosses ?? []);
  return {
    fields: [
      {
        kind: 'text',
        key: WINNER,
        label: [`Winner — seat number (1–${n}), or d for a draw`],
        placeholder: `1–${n} · d · games: 2 d 2 · exclude: x3`,
        // One tap on a phone (and one click at the desk) for the common pod results.
        quick: [
          ...table.seats.map((id, i) => ({
            text: String(i + 1),
            title: `${context.name(id)} wins`,
            ...(lostGame.has(id) ? { unavailable: `${context.name(id)} has a game loss: they lost that game` } : {}),
          })),
          { text: 'd', title: lostGame.size > 0 ? `a draw (without ${[...lostGame].map(context.name).join(', ')}: game loss)` : 'a draw' },
        ],
      },
      {
        kind: 'seat-checks',
        key: EXCLUDED,
        legend: 'Excluded from a draw (conceded, match loss or game loss)',
        seats: table.seats.map((id, i) => ({
          id,
          label: [`Seat ${i + 1} — `, { name: context.name(id) }, ...(lostGame.has(id) ? [' (game loss)'] : [])],
          ...(lostGame.has(id)
            ? { locked: 'A game loss: they lost that game, so take no part in a draw (RULES 4)' }
            : typedOut.includes(id)
              ? { locked: `Typed as x${i + 1} in the result` }
              : {}),
        })),
      },
      { kind: 'note', className: 'hint muted', text: ["Several games: each game's winner seat or d, in order (2 d 2). Enter records."] },
    ],
  };
}

function read(table: Table, draft: ResultDraft, context: EntryContext): ReadResult {
  const parsed = parsePodEntry(draft.text[WINNER] ?? '', table.seats);
  if (parsed.kind !== 'ok') return parsed;
  if (!parsed.value.result) return { kind: 'empty' };
  // A player with a game loss is excluded from a draw (RULES 4), as the form shows them ticked.
  const result = parsed.value.result;
  const lostGame = podMatchWinner(result) === 'draw' ? (context.gameLosses ?? []) : [];
  const excluded = [...new Set([...(draft.seats[EXCLUDED] ?? []), ...parsed.value.excluded, ...lostGame])].filter((id) => table.seats.includes(id));
  return { kind: 'ok', result: { ...result, ...(excluded.length > 0 ? { excluded: table.seats.filter((id) => excluded.includes(id)) } : {}) } };
}

function describe(_table: Table, result: TableResult, name: (id: PlayerId) => string): string {
  if (!isPodResult(result)) return JSON.stringify(result);
  const winner = podMatchWinner(result);
  const head = winner === 'draw' ? 'Draw' : `${name(winner)} wins`;
  const games = 'games' in result ? ` (games: ${result.games.map((g) => (g === 'draw' ? 'draw' : name(g))).join(', ')})` : '';
  const excluded = result.excluded && result.excluded.length > 0 ? ` · excluded: ${result.excluded.map(name).join(', ')}` : '';
  return `${head}${games}${excluded}`;
}

function note(_table: Table, result: TableResult, name: (id: PlayerId) => string): string {
  if (!isPodResult(result)) return 'result recorded';
  const winner = podMatchWinner(result);
  return winner === 'draw' ? 'draw' : `won by ${name(winner)}`;
}

/** The event log's words: "won by Ana", "a draw", each game's winner, who was excluded. */
function describeForLog(result: Readonly<Record<string, unknown>>, _seats: readonly PlayerId[] | undefined, name: (id: PlayerId) => string): string {
  let words: string;
  try {
    const winner = podMatchWinner(result as unknown as PodResult);
    words = winner === 'draw' ? 'a draw' : `won by ${name(winner)}`;
  } catch {
    words = 'result recorded';
  }
  if (Array.isArray(result.games)) words += ` (games: ${(result.games as string[]).map((g) => (g === 'draw' ? 'draw' : name(g))).join(', ')})`;
  const excluded = Array.isArray(result.excluded) ? (result.excluded as string[]) : [];
  if (excluded.length > 0) words += `; ${andList(excluded.map(name))} excluded (conceded, match or game loss)`;
  return words;
}

export const podResultEntry: ResultEntry = {
  form,
  read,
  noShows: {
    field: WINNER,
    recordsAtOnce: false,
    // The absent are excluded (a match loss) and the winner is typed as usual.
    apply: (_table, draft, absent) => ({ draft: { ...draft, seats: { ...draft.seats, [EXCLUDED]: [...new Set([...(draft.seats[EXCLUDED] ?? []), ...absent])] } } }),
  },
  describe,
  note,
  describeForLog,
};
