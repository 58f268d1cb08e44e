/**
 * `mtr` result entry at the station (RULES 1 "Match structure", "Teams"; MTR 2.1, 2.10, 8, 9): what
 * a scorekeeper types — games "2-1" (seat 1 first), one box per seat for teams of 2 or 3, ID — read
 * into the results of results.ts, the boxes and buttons that take it, and a result in words.
 */
import type { HeadToHeadResult, PlayerId, Settings, Table, TableResult } from '../../model/types.js';
import { plural } from '../../text/format.js';
import type { EntryContext, QuickResult, ReadResult, ResultDraft, ResultEntry, ResultField, ResultForm, RichText } from '../presentation.js';
import { isolate } from '../presentation.js';
import { describeHeadToHead, formatGames, isHeadToHeadResult, isIntentionalDraw, isSeatTeamEvent } from './results.js';

export type Parsed<T> = { kind: 'ok'; value: T } | { kind: 'empty' } | { kind: 'problem'; problem: string };

/** The box the games are typed in (and "n2", a no-show). */
const GAMES = 'games';
/** Team events: one box per seat A, B(, C). */
const SEAT_GAMES = 'seatGames';
const SEATS = 'ABC';

/** "ID" (or "i"): an intentional draw. */
export function isIntentionalDrawText(text: string): boolean {
  const t = text.trim().toLowerCase();
  return t === 'id' || t === 'i';
}

/** "2-1", "2-1-0", "2 1", "21", "210", "0-0-3", "ID" → [wins of seat 1, wins of seat 2, draws]. */
export function parseGames(text: string, who = ''): Parsed<[number, number, number]> {
  const t = text.trim().toLowerCase();
  if (t === '') return { kind: 'empty' };
  if (t === 'id' || t === 'i') return { kind: 'ok', value: [0, 0, 3] };
  let parts: string[];
  if (/^\d{2,3}$/.test(t)) parts = t.split('');
  else parts = t.split(/\s*[-–—/:,.\s]\s*/).filter((p) => p !== '');
  if ((parts.length === 2 || parts.length === 3) && parts.every((p) => /^\d+$/.test(p))) {
    const [a, b, d = 0] = parts.map(Number) as number[];
    return { kind: 'ok', value: [a as number, b as number, d] };
  }
  return {
    kind: 'problem',
    problem: `“${text.trim()}” is not a result${who}: type the games as wins-wins or wins-wins-draws (seat 1 first), such as 2-1 or 1-1-1, or ID for an intentional draw (0-0-3)`,
  };
}

/**
 * Common results for a best-of-(2n − 1). A playoff match cannot end in a draw (MTR 2.5), so a
 * playoff offers only results that name a winner.
 */
function commonResults(gamesToWin: number, stage: EntryContext['stage']): string[] {
  const all = gamesToWin === 1 ? ['1-0', '0-1', '0-0-1', 'ID'] : gamesToWin === 3 ? ['3-0', '3-1', '3-2', '2-3', '1-3', '0-3', '1-1-1', 'ID'] : ['2-0', '2-1', '1-2', '0-2', '1-1-1', 'ID'];
  if (stage !== 'playoff') return all;
  return all.filter((r) => {
    const games = parseGames(r);
    return games.kind === 'ok' && games.value[0] !== games.value[1];
  });
}

/** What a common-result button records, in words (its title). */
function quickTitle(r: string, a: string, b: string, giant: boolean): string {
  if (r === 'ID') return giant ? 'Intentional draw: the teams agreed to a draw and played no game' : 'Intentional draw, recorded 0–0–3';
  if (giant && r === '0-0-1') return 'Drawn game: the game was played and ended in a draw';
  return `${isolate(a)} ${r} ${isolate(b)}`;
}

/** A team's people by seat letter, for Two-Headed Giant entry ("A Ana Costa · B Bo Berg"). */
function membersText(context: EntryContext, id: PlayerId): string {
  return [...context.members(id)]
    .sort((x, y) => (x.seat < y.seat ? -1 : 1))
    .map((m) => `${m.seat} ${isolate(m.name)}`)
    .join(' · ');
}

function matchForm(table: Table, context: EntryContext): ResultForm {
  const [first, second] = [table.seats[0] ?? '', table.seats[1] ?? ''];
  const [a, b] = [context.name(first), context.name(second)];
  // MTR 9: Two-Headed Giant plays one game; a drawn game and an intentional draw are different records.
  const giant = context.settings.twoHeadedGiant;
  const fields: ResultField[] = [];
  if (giant)
    fields.push({
      kind: 'note',
      className: 'muted giant-teams',
      testId: 'giant-teams',
      text: [{ name: a }, ` (${membersText(context, first)}) v `, { name: b }, ` (${membersText(context, second)})`],
    });
  const playoff = context.stage === 'playoff';
  const quick: QuickResult[] = commonResults(context.settings.gamesToWin, context.stage).map((r) => ({ text: r, title: quickTitle(r, a, b, giant) }));
  fields.push({
    kind: 'text',
    key: GAMES,
    // One short line at 1366×768 whatever the names: the seats are named right above (seat 1
    // first) and in the hint below, so the label speaks of seats.
    label: [
      giant
        ? playoff
          ? 'Result — 1-0 seat 1 won · 0-1 seat 2 won'
          : 'Result — 1-0 seat 1 won · 0-1 seat 2 won · 0-0-1 drawn game · ID intentional draw'
        : 'Result — games won by seat 1, by seat 2, drawn',
    ],
    placeholder: giant ? (playoff ? '1-0 · 0-1' : '1-0 · 0-1 · 0-0-1 (drawn game) · ID') : playoff ? '2-1 · 2-0 · 1-2' : '2-1 · 2-1-0 · 0-0-3 (ID)',
    quick,
    describedBy: 'result-hint',
  });
  const hint: RichText = [
    'Seat 1 (',
    { name: a },
    ') first, then seat 2 (',
    { name: b },
    `).${playoff ? ' A playoff match cannot end in a draw (MTR 2.5): one side wins.' : giant ? ' A drawn game was played (0-0-1); an intentional draw (ID) played none.' : ''} Enter records.`,
  ];
  fields.push({ kind: 'note', id: 'result-hint', className: 'hint muted', text: hint });
  return { fields };
}

function teamForm(table: Table, context: EntryContext): ResultForm {
  const size = context.settings.teamSize;
  const member = (k: number, seat: string): string => context.members(table.seats[k] ?? '').find((m) => m.seat === seat)?.name ?? `seat ${seat}`;
  return {
    className: 'team-fields',
    fields: [
      {
        kind: 'texts',
        key: SEAT_GAMES,
        rows: Array.from({ length: size }, (_, i) => {
          const seat = SEATS[i] as string;
          return { label: [`Seat ${seat}: `, { name: member(0, seat) }, ' v ', { name: member(1, seat) }], placeholder: '2-1' };
        }),
      },
      {
        kind: 'note',
        className: 'hint muted',
        text: ["Each seat's match as games won by the first team's player, the second's, drawn (2-1, 1-1-1). The team winning more seat matches wins."],
      },
    ],
  };
}

function read(_table: Table, draft: ResultDraft, context: EntryContext): ReadResult {
  const settings = context.settings;
  if (isSeatTeamEvent(settings)) {
    const matches: [number, number, number][] = [];
    for (let i = 0; i < settings.teamSize; i++) {
      const parsed = parseGames(draft.items[SEAT_GAMES]?.[i] ?? '', ` for seat ${SEATS[i]}`);
      if (parsed.kind === 'empty') return { kind: 'empty' };
      if (parsed.kind === 'problem') return parsed;
      matches.push(parsed.value);
    }
    return { kind: 'ok', result: { matches } };
  }
  const text = draft.text[GAMES] ?? '';
  // Two-Headed Giant (one-game matches): an intentional draw plays no game, so it is recorded as
  // what it is, never as drawn games (a played drawn game is 0-0-1).
  if (settings.twoHeadedGiant && isIntentionalDrawText(text)) return { kind: 'ok', result: { games: [0, 0, 0], intentionalDraw: true } };
  const parsed = parseGames(text);
  if (parsed.kind === 'empty') return parsed;
  if (parsed.kind === 'problem') return parsed;
  return { kind: 'ok', result: { games: parsed.value } };
}

/** MTR 2.10: a no-show's match — the player (team) present wins every game the match needs. */
function noShowResult(settings: Settings, table: Table, absent: PlayerId): Record<string, unknown> {
  const g = settings.gamesToWin;
  const triple = table.seats[0] === absent ? [0, g, 0] : [g, 0, 0];
  if (isSeatTeamEvent(settings)) return { matches: Array.from({ length: settings.teamSize }, () => [...triple]) };
  return { games: triple };
}

function describe(table: Table, result: TableResult, name: (id: PlayerId) => string): string {
  if (!isHeadToHeadResult(result)) return JSON.stringify(result);
  const [a, b, d] = result.games;
  const [first, second] = [name(table.seats[0] ?? ''), name(table.seats[1] ?? '')];
  if (result.matches) {
    const seats = result.matches.map((m, i) => `${SEATS[i]} ${formatGames(m)}`).join(', ');
    const head = a > b ? `${first} wins` : b > a ? `${second} wins` : 'Draw';
    return `${head} ${a}–${b}${d > 0 ? `–${d}` : ''} (seats ${seats})`;
  }
  // The rule set's words: a played drawn game (Two-Headed Giant 0–0–1) never reads as an
  // intentional draw.
  return describeHeadToHead(result, first, second);
}

function note(_table: Table, result: TableResult): string {
  if (!isHeadToHeadResult(result)) return 'result recorded';
  const [a, b, d] = result.games;
  return `${a}–${b}${d > 0 ? `–${d}` : ''}`;
}

/**
 * The event log's words: "Ana 2–1 Bo", "Ana ID Bo (intentional draw, no game played)", "Ana 0–0–3
 * Bo (intentional draw)", "Ana 0–0–1 Bo (1 drawn game played)"; a team result seat by seat.
 */
function describeForLog(result: Readonly<Record<string, unknown>>, seats: readonly PlayerId[] | undefined, name: (id: PlayerId) => string): string {
  const pair = seats && seats.length === 2 ? ([seats[0], seats[1]] as [PlayerId, PlayerId]) : undefined;
  const games = result.games ?? (result.intentionalDraw === true ? [0, 0, 0] : undefined);
  if (Array.isArray(games) && games.length === 3 && games.every((g) => typeof g === 'number')) {
    const h2h: HeadToHeadResult = { games: games as [number, number, number], ...(result.intentionalDraw === true ? { intentionalDraw: true as const } : {}) };
    const [a, b, d] = h2h.games;
    // A played drawn game and an intentional draw never read alike (Two-Headed Giant: 0–0–1 v ID).
    const score = h2h.intentionalDraw ? 'ID' : `${a}–${b}${d > 0 ? `–${d}` : ''}`;
    const kind = h2h.intentionalDraw
      ? ' (intentional draw, no game played)'
      : isIntentionalDraw(h2h)
        ? ' (intentional draw)'
        : a === 0 && b === 0
          ? ` (${plural(d, 'drawn game')} played)`
          : '';
    return pair ? `${name(pair[0])} ${score} ${name(pair[1])}${kind}` : `${score}${kind}`;
  }
  const matches = Array.isArray(result.matches) ? (result.matches as unknown[]) : [];
  const each = matches.map((m, i) => `${SEATS[i] ?? '?'} ${Array.isArray(m) ? m.join('–') : '?'}`).join(', ');
  return `${pair ? `${name(pair[0])} v ${name(pair[1])}: ` : ''}seats ${each}`;
}

export const mtrResultEntry: ResultEntry = {
  form: (table, _draft, context) => (isSeatTeamEvent(context.settings) ? teamForm(table, context) : matchForm(table, context)),
  read,
  noShows: {
    field: GAMES,
    recordsAtOnce: true,
    // With a no-show the player present wins every game needed; nothing else to type.
    apply(table, draft, absent, context) {
      const typed = (draft.text[GAMES] ?? '') !== '' || (draft.items[SEAT_GAMES] ?? []).some((g) => g.trim() !== '');
      if (absent.length === 0 || typed) return { draft };
      if (absent.length > 1) return { kind: 'problem', problem: 'Both players are marked as no-shows: a match needs someone present to win it (ask the Head Judge).' };
      return { kind: 'ok', result: noShowResult(context.settings, table, absent[0] as PlayerId) };
    },
  },
  describe,
  note,
  describeForLog,
};
