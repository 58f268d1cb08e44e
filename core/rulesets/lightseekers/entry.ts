/**
 * Lightseekers result entry at the station (RULES 3): each seat's Victory Points and the order the
 * players were defeated, read into the game result of results.ts; a tie for the win (VP and last
 * standing equal) is a question the scorekeeper answers, and so is a tie for runner-up where the
 * runner-up goes on to a final (casual and large events). No no-shows: the game is entered as played.
 */
import type { LightseekersResult, PlayerId, Table, TableResult } from '../../model/types.js';
import { andList, isolate, ordinal, type EntryContext, type ReadResult, type ResultDraft, type ResultEntry, type ResultField, type ResultForm } from '../presentation.js';
import { gameOutcome, isLightseekersResult, leaders } from './results.js';
import type { LightseekersVariant } from './variant.js';

export type Parsed<T> = { kind: 'ok'; value: T } | { kind: 'empty' } | { kind: 'problem'; problem: string };

/** One box per seat: its VP. */
const VP = 'vp';
/** The defeat order, as seat numbers ("3 2"). */
const DEFEATED = 'defeated';
/** The questions: the winner, the runner-up among tied players. */
const WINNER = 'winner';
const RUNNER_UP = 'runnerUp';

/** "3 2" / "3,2" / "32" → the players at those seats, in that order. */
export function parseSeatOrder(text: string, seats: readonly PlayerId[]): Parsed<PlayerId[]> {
  const t = text.trim();
  if (t === '') return { kind: 'ok', value: [] };
  const tokens = /^\d+$/.test(t) && seats.length < 10 ? t.split('') : t.split(/[\s,;>-]+/).filter((x) => x !== '');
  const out: PlayerId[] = [];
  for (const token of tokens) {
    if (!/^\d+$/.test(token)) return { kind: 'problem', problem: `“${token}” is not a seat number: type the seats in the order the players were defeated, such as 3 2` };
    const n = Number(token);
    if (n < 1 || n > seats.length) return { kind: 'problem', problem: `there is no seat ${n} at this table (seats 1–${seats.length})` };
    const id = seats[n - 1] as PlayerId;
    if (out.includes(id)) return { kind: 'problem', problem: `seat ${n} is listed twice in the defeat order: a player is defeated once` };
    out.push(id);
  }
  return { kind: 'ok', value: out };
}

/** The players still tied for runner-up once the winner is known (empty when none). */
export function runnerUpTie(result: { vp: Record<PlayerId, number>; defeated: PlayerId[] }, seats: readonly PlayerId[], winner: PlayerId): PlayerId[] {
  const second = leaders(result.vp, result.defeated, seats.filter((id) => id !== winner));
  return second.length > 1 ? second : [];
}

/** The VP and defeat order typed, before any question. */
function readGame(table: Table, draft: ResultDraft, context: EntryContext): Parsed<{ vp: Record<PlayerId, number>; defeated: PlayerId[] }> {
  const vp: Record<PlayerId, number> = {};
  for (let i = 0; i < table.seats.length; i++) {
    const id = table.seats[i] as PlayerId;
    const text = (draft.items[VP]?.[i] ?? '').trim();
    if (text === '') return { kind: 'empty' };
    if (!/^\d+$/.test(text)) return { kind: 'problem', problem: `${isolate(context.name(id))}'s VP “${text}” is not a whole number of Victory Points (0 or more)` };
    vp[id] = Number(text);
  }
  const defeated = parseSeatOrder(draft.text[DEFEATED] ?? '', table.seats);
  if (defeated.kind === 'problem') return defeated;
  return { kind: 'ok', value: { vp, defeated: defeated.kind === 'ok' ? defeated.value : [] } };
}

function read(table: Table, draft: ResultDraft, context: EntryContext): ReadResult {
  const game = readGame(table, draft, context);
  if (game.kind !== 'ok') return game;
  const base = game.value;
  const tied = leaders(base.vp, base.defeated, table.seats);
  const chosen = draft.choices[WINNER];
  const picked = tied.length > 1 ? (chosen && tied.includes(chosen) ? chosen : undefined) : (tied[0] as PlayerId);
  if (picked === undefined) return { kind: 'question', verdict: 'Tied for the win: pick the winner above.', problem: 'Pick the winner among the tied players first.' };
  const withWinner = tied.length > 1 ? { ...base, winner: picked } : base;
  const second = draft.choices[RUNNER_UP];
  const runnerUp = second && runnerUpTie(base, table.seats, picked).includes(second) ? second : undefined;
  return { kind: 'ok', result: runnerUp ? { ...withWinner, runnerUp } : withWinner };
}

function form(variant: LightseekersVariant, table: Table, draft: ResultDraft, context: EntryContext): ResultForm {
  const order = parseSeatOrder(draft.text[DEFEATED] ?? '', table.seats);
  const defeated = order.kind === 'ok' ? order.value : [];
  const seatLabel = (id: PlayerId): string => `Seat ${table.seats.indexOf(id) + 1} — `;
  const fields: ResultField[] = [
    {
      kind: 'seat-numbers',
      key: VP,
      ariaGroup: 'Victory Points in seat order',
      placeholder: 'VP',
      points: true,
      seats: table.seats.map((id, i) => ({
        id,
        label: [`Seat ${i + 1}${i === 0 ? ' — plays first' : ''} · `, { name: context.name(id), strong: true }],
        ariaLabel: `VP of seat ${i + 1}, ${context.name(id)}`,
      })),
      order: { key: DEFEATED, chosen: defeated, title: 'Click the players in the order they were defeated', off: 'Defeated…', on: (position) => `Defeated ${ordinal(position)}` },
    },
    { kind: 'text', key: DEFEATED, label: ['Defeat order — seats, first defeated first (empty if nobody was defeated)'], placeholder: '3 2', last: true },
    { kind: 'note', className: 'hint muted', text: ['VP in seat order, Enter after each; then the defeat order (left empty: nobody was defeated) — Enter records.'] },
  ];
  if (defeated.length > 0) {
    const standing = table.seats.filter((id) => !defeated.includes(id)).map((id) => isolate(context.name(id)));
    fields.push({
      kind: 'note',
      className: 'muted defeat-order',
      testId: 'defeat-order',
      text: [`Defeated: ${defeated.map((id, i) => `${ordinal(i + 1)} ${isolate(context.name(id))}`).join(' · ')}; still standing: ${standing.join(', ') || 'nobody'}`],
    });
  }
  // The tie questions: the winner when VP and last standing leave several; the runner-up where it matters.
  const game = readGame(table, draft, context);
  if (game.kind !== 'ok') return { fields };
  const tied = leaders(game.value.vp, game.value.defeated, table.seats);
  const chosen = draft.choices[WINNER];
  const winner = tied.length === 1 ? (tied[0] as PlayerId) : chosen && tied.includes(chosen) ? chosen : null;
  if (tied.length > 1)
    fields.push({
      kind: 'choice',
      key: WINNER,
      testId: 'tie-question',
      legend: `${andList(tied.map((id) => isolate(context.name(id))))} are tied for the win: ${game.value.vp[tied[0] as PlayerId]} VP each and ${tied.length === 2 ? 'both' : 'all'} still standing. Who won?`,
      options: tied.map((id) => ({ id, label: [seatLabel(id), { name: context.name(id) }] })),
    });
  const runnerTie = winner && variant.runnerUpGoesOn ? runnerUpTie(game.value, table.seats, winner) : [];
  if (runnerTie.length > 0)
    fields.push({
      kind: 'choice',
      key: RUNNER_UP,
      testId: 'runner-up-question',
      legend: `${andList(runnerTie.map((id) => isolate(context.name(id))))} are tied for runner-up. Who is the runner-up? (needed where the runner-up goes on to a final)`,
      options: runnerTie.map((id) => ({ id, label: [seatLabel(id), { name: context.name(id) }] })),
    });
  return { fields };
}

function describe(table: Table, result: TableResult, name: (id: PlayerId) => string): string {
  if (!isLightseekersResult(result)) return JSON.stringify(result);
  const vp = table.seats.map((id) => `${name(id)} ${result.vp[id] ?? 0}`).join(', ');
  const defeated = result.defeated.length > 0 ? ` · defeated: ${result.defeated.map(name).join(', then ')}` : '';
  let head: string;
  try {
    head = `${name(gameOutcome(result, table.seats).winner)} wins`;
  } catch {
    head = 'Winner not decided';
  }
  return `${head} · VP ${vp}${defeated}`;
}

function note(table: Table, result: TableResult, name: (id: PlayerId) => string): string {
  if (!isLightseekersResult(result)) return 'result recorded';
  try {
    return `won by ${name(gameOutcome(result as LightseekersResult, table.seats).winner)}`;
  } catch {
    return 'result recorded';
  }
}

/** The event log's words: each seat's VP (most first), the defeat order, the scorekeeper's picks. */
function describeForLog(result: Readonly<Record<string, unknown>>, seats: readonly PlayerId[] | undefined, name: (id: PlayerId) => string): string {
  const vp = (result.vp ?? {}) as Record<string, number>;
  const order = seats ?? Object.keys(vp);
  const sorted = [...order].sort((x, y) => (vp[y] ?? 0) - (vp[x] ?? 0));
  const defeated = Array.isArray(result.defeated) ? (result.defeated as string[]) : [];
  const parts = [sorted.map((id) => `${name(id)} ${vp[id] ?? 0} VP`).join(', ')];
  if (defeated.length > 0) parts.push(`defeated in order: ${defeated.map(name).join(', ')}`);
  if (typeof result.winner === 'string') parts.push(`winner picked: ${name(result.winner)}`);
  if (typeof result.runnerUp === 'string') parts.push(`runner-up picked: ${name(result.runnerUp)}`);
  return parts.join('; ');
}

export function lightseekersResultEntry(variant: LightseekersVariant): ResultEntry {
  return {
    form: (table, draft, context) => form(variant, table, draft, context),
    read,
    describe,
    note,
    describeForLog,
  };
}
