/**
 * Reading a transcript: text → JSON → schema → structure → commands → state. Every problem is a
 * PodiumError with one line that says where (a JSON path for the shape, "round 3, table 2" for the
 * content) and what.
 *
 * A transcript becomes the journal a scorekeeper would have produced: create-event, one
 * register-player per player, then per round a pair-round (tables without results), a
 * record-result per finished table and a drop-player per drop; a start-playoff precedes the first
 * playoff round. Replaying that journal through the event fold is what validates results: the same
 * checks as at the station, no second implementation.
 */
import type { Command } from '../event/commands.js';
import { apply } from '../event/apply.js';
import { PodiumError, fail } from '../model/errors.js';
import type { EventState, PlayerId } from '../model/types.js';
import { RULESET_IDS } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { registrationDraws, roundSeed } from './draws.js';
import { parseJson } from './json.js';
import { DEFAULT_TRANSCRIPT_SEED, TRANSCRIPT_VERSION, type Transcript, transcriptSchema } from './schema.js';

/** The id, name and creation time a transcript's event gets (a transcript carries none). */
export const TRANSCRIPT_EVENT = { id: 'transcript', name: 'Transcript', createdAt: '1970-01-01T00:00:00.000Z' } as const;

/** One journal entry built from a transcript, with where in the transcript it came from. */
export interface TranscriptEntry {
  seq: number;
  command: Command;
  /** "round 3, table 2": prefixed to any error the command raises. */
  where: string;
}

/** Text → a validated transcript (shape, structure, and every result replayed through its rule set). */
export function parseTranscript(text: string): Transcript {
  return loadTranscript(text).transcript;
}

/** Text → the transcript and the event state it describes. */
export function loadTranscript(text: string): { transcript: Transcript; state: EventState } {
  const transcript = validateTranscript(parseJson(text));
  return { transcript, state: transcriptToState(transcript) };
}

/** Any JSON value → a transcript whose shape and structure are valid (results not yet replayed). */
export function validateTranscript(value: unknown): Transcript {
  const parsed = transcriptSchema.safeParse(value);
  if (!parsed.success) {
    const message = describeIssue(parsed.error.issues, value);
    fail(message.startsWith('ruleset: unknown') ? 'unknown-ruleset' : 'invalid-input', message);
  }
  checkStructure(parsed.data);
  return parsed.data;
}

/** The journal a transcript stands for (see the file comment). */
export function transcriptToCommands(transcript: Transcript): Command[] {
  return buildJournal(transcript).entries.map((e) => e.command);
}

/** The journal with sequence numbers (0, 1, ...) and where each command came from. */
export function transcriptToJournal(transcript: Transcript): TranscriptEntry[] {
  return buildJournal(transcript).entries;
}

/** Replay a transcript into an event state; errors name the round and table. */
export function transcriptToState(transcript: Transcript): EventState {
  return buildJournal(transcript).state;
}

// ---------------------------------------------------------------------------------------------
// Shape errors

type Issue = { code: string; path: PropertyKey[]; message: string; keys?: string[]; values?: unknown[]; expected?: string };

export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value === 'number' ? 'the number' : typeof value} ${String(value)}`;
}

function describeIssue(issues: readonly Issue[], root: unknown): string {
  if (root === null || typeof root !== 'object' || Array.isArray(root))
    return `a transcript is a JSON object ({ "transcript": 1, "ruleset": ..., "players": [...], "rounds": [...] }), not ${typeName(root)}`;
  // The version decides how to read the rest, and an unknown rule set is the likeliest mistake.
  const issue =
    issues.find((i) => i.path[0] === 'transcript') ?? issues.find((i) => i.path[0] === 'ruleset') ?? issues[0];
  if (!issue) return 'the transcript is not valid';
  const where = jsonPath(issue.path);
  const value = valueAt(root, issue.path);
  if (where === 'transcript') {
    if (value === undefined) return `"transcript": ${TRANSCRIPT_VERSION} is missing (the format version)`;
    return `transcript: version ${JSON.stringify(value)} is not one this Podium reads (it reads version ${TRANSCRIPT_VERSION})`;
  }
  if (where === 'ruleset') {
    if (value === undefined) return `ruleset: missing (one of ${RULESET_IDS.join(', ')})`;
    return `ruleset: unknown rule set ${JSON.stringify(value)} (known: ${RULESET_IDS.join(', ')})`;
  }
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = issue.keys ?? [];
      return `${where || 'the transcript'}: unknown field${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}`;
    }
    case 'invalid_type':
      if (value === undefined) return `${where}: missing (expected ${article(issue.expected)})`;
      return `${where}: expected ${article(issue.expected)}, found ${typeName(value)}`;
    case 'invalid_value':
      if (value === undefined) return `${where}: missing`;
      return `${where}: ${typeName(value)} is not allowed (expected one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')})`;
    default:
      return `${where || 'the transcript'}: ${lowerFirst(issue.message)}${value !== undefined && typeof value !== 'object' ? ` (found ${typeName(value)})` : ''}`;
  }
}

function article(expected: string | undefined): string {
  switch (expected) {
    case 'array':
      return 'an array';
    case 'object':
    case 'record':
      return 'an object';
    case 'int':
      return 'a whole number';
    case undefined:
      return 'a value';
    default:
      return `a ${expected}`;
  }
}

function lowerFirst(s: string): string {
  return s.length > 0 ? s[0]!.toLowerCase() + s.slice(1) : s;
}

// ---------------------------------------------------------------------------------------------
// Structure: ids, seats, byes and drops, independent of the rule set

/** Player ids a result form of the README names (winner, games, excluded, defeated, vp). */
export function playersNamedInResult(result: Record<string, unknown>): PlayerId[] {
  const named: PlayerId[] = [];
  const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  if (typeof result.winner === 'string') named.push(result.winner);
  named.push(...strings(result.games).filter((g) => g !== 'draw'));
  named.push(...strings(result.excluded));
  named.push(...strings(result.defeated));
  if (result.vp !== null && typeof result.vp === 'object' && !Array.isArray(result.vp)) named.push(...Object.keys(result.vp));
  return named;
}

function checkStructure(t: Transcript): void {
  const players = new Map<string, { name: string; index: number }>();
  t.players.forEach((p, index) => {
    const before = players.get(p.id);
    if (before)
      fail('duplicate-player', `players[${index}]: duplicate player id "${p.id}" (${before.name} at players[${before.index}] and ${p.name})`);
    players.set(p.id, { name: p.name, index });
  });
  const label = (id: string): string => `${players.get(id)?.name ?? id} (${id})`;

  t.rounds.forEach((round, r) => {
    const n = r + 1;
    const seen = new Map<string, string>();
    const place = (id: string, where: string): void => {
      if (!players.has(id)) fail('unknown-player', `round ${n}, ${where}: unknown player id "${id}" (not in "players")`);
      const before = seen.get(id);
      if (before) fail('seated-twice', `round ${n}: ${label(id)} is seated twice (${before} and ${where})`);
      seen.set(id, where);
    };
    for (const table of round.tables) {
      for (const id of table.seats) place(id, `table ${table.table}`);
      if (table.result) {
        for (const id of playersNamedInResult(table.result)) {
          if (!table.seats.includes(id))
            fail('not-at-table', `round ${n}, table ${table.table}: the result names ${players.has(id) ? label(id) : `"${id}"`}, who is not at this table`);
        }
      }
    }
    for (const id of round.byes ?? []) place(id, 'the byes');
    const drops = new Set<string>();
    for (const id of round.drops ?? []) {
      if (!players.has(id)) fail('unknown-player', `round ${n}, drops: unknown player id "${id}" (not in "players")`);
      if (drops.has(id)) fail('invalid-input', `round ${n}, drops: ${label(id)} is listed twice`);
      drops.add(id);
    }
  });

  if (t.groups !== undefined) {
    if (t.ruleset !== 'lightseekers-large') fail('invalid-input', `groups: only a lightseekers-large transcript has groups, not ${t.ruleset}`);
    if (!t.rounds.some((r) => (r.stage ?? 'swiss') === 'swiss'))
      fail('invalid-input', 'groups: the groups are recorded with the first round, and this transcript has no round');
    const seen = new Map<string, number>();
    t.groups.forEach((members, g) => {
      for (const id of members) {
        if (!players.has(id)) fail('unknown-player', `groups[${g}]: unknown player id "${id}" (not in "players")`);
        const before = seen.get(id);
        if (before !== undefined) fail('seated-twice', `groups: ${label(id)} is in group ${before + 1} and group ${g + 1}`);
        seen.set(id, g);
      }
    });
  }
}

/**
 * `lightseekers-large` groups a transcript does not list, read off its Swiss rounds: players who
 * shared a table are in one group (connected components), numbered in order of first appearance.
 */
export function groupsFromRounds(t: Transcript): string[][] {
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    let node = id;
    while (node !== root) {
      const up = parent.get(node) as string;
      parent.set(node, root);
      node = up;
    }
    return root;
  };
  const order: string[] = [];
  for (const round of t.rounds) {
    if ((round.stage ?? 'swiss') !== 'swiss') continue;
    for (const table of round.tables) {
      for (const id of table.seats) {
        if (!parent.has(id)) {
          parent.set(id, id);
          order.push(id);
        }
      }
      const first = table.seats[0];
      if (first !== undefined) for (const id of table.seats.slice(1)) parent.set(find(id), find(first));
    }
  }
  const groups = new Map<string, string[]>();
  for (const id of order) {
    const root = find(id);
    let list = groups.get(root);
    if (!list) groups.set(root, (list = []));
    list.push(id);
  }
  return [...groups.values()];
}

// ---------------------------------------------------------------------------------------------
// The journal

function buildJournal(t: Transcript): { entries: TranscriptEntry[]; state: EventState } {
  getRuleset(t.ruleset); // an unavailable rule set is reported as such, not as a settings problem
  const seed = t.seed ?? DEFAULT_TRANSCRIPT_SEED;
  const entries: TranscriptEntry[] = [];
  let state: EventState | undefined;
  const push = (command: Command, where: string): void => {
    try {
      state = apply(state, command);
    } catch (error) {
      throw locate(error, where);
    }
    entries.push({ seq: entries.length, command, where });
  };

  push(
    { type: 'create-event', ...TRANSCRIPT_EVENT, ruleset: t.ruleset, settings: t.settings ?? {}, seed },
    'settings',
  );
  const draw = registrationDraws(seed);
  t.players.forEach((p, i) => {
    push({ type: 'register-player', player: { id: p.id, name: p.name }, draw: draw() }, `players[${i}]`);
  });

  // lightseekers-large: the groups go with the first Swiss round (listed, or read off the rounds).
  let groups: string[][] | undefined =
    t.groups ?? (t.ruleset === 'lightseekers-large' && t.rounds.length > 0 ? groupsFromRounds(t) : undefined);
  t.rounds.forEach((round, r) => {
    const n = r + 1;
    const stage = round.stage ?? 'swiss';
    const roundGroups = stage === 'swiss' && groups !== undefined && groups.length > 0 ? groups : undefined;
    if (roundGroups) groups = undefined;
    if (stage === 'playoff' && !(state as EventState).playoff) {
      const entrants = [...round.tables.flatMap((table) => table.seats), ...(round.byes ?? [])];
      push(
        { type: 'start-playoff', top: entrants.length, draft: false, seeds: seedOrder(state as EventState, entrants) },
        `round ${n} (the playoff cut)`,
      );
    }
    push(
      {
        type: 'pair-round',
        round: n,
        stage,
        tables: round.tables.map((table) => ({ table: table.table, seats: [...table.seats] })),
        byes: (round.byes ?? []).map((player) => ({ player, kind: stage === 'playoff' ? 'playoff' : 'pairing' })),
        seed: roundSeed(seed, n),
        ...(roundGroups ? { groups: roundGroups } : {}),
      },
      `round ${n}`,
    );
    for (const table of round.tables) {
      if (table.result === undefined) continue;
      push({ type: 'record-result', round: n, table: table.table, result: table.result }, `round ${n}, table ${table.table}`);
    }
    for (const id of round.drops ?? []) push({ type: 'drop-player', id }, `round ${n}, drops`);
  });
  return { entries, state: state as EventState };
}

/**
 * Playoff seeds, seed 1 first: the players of the first playoff round in the order of the Swiss
 * standings at the cut (what the rule set's bracket and re-seeding read). When the standings
 * cannot be computed, the order the transcript seats them in.
 */
function seedOrder(state: EventState, entrants: PlayerId[]): PlayerId[] {
  try {
    const rank = new Map(getRuleset(state.ruleset).standings(state).map((s, i) => [s.id, i]));
    if (entrants.every((id) => rank.has(id)))
      return [...entrants].sort((a, b) => (rank.get(a) as number) - (rank.get(b) as number));
  } catch {
    // fall through: the seats' order
  }
  return entrants;
}

/** Prefix a command's error with where in the transcript it came from (once). */
function locate(error: unknown, where: string): unknown {
  if (!(error instanceof PodiumError)) return error;
  const roundPart = /^round \d+/.exec(where)?.[0];
  if (error.message.startsWith(where) || (roundPart !== undefined && error.message.startsWith(`${roundPart}:`))) return error;
  // A rule set's result message already names its table ("table 2: ..."): add only the round.
  const tablePart = /table \d+$/.exec(where)?.[0];
  if (roundPart !== undefined && tablePart !== undefined && error.message.startsWith(`${tablePart}:`))
    return new PodiumError(error.code, `${roundPart}, ${error.message}`);
  return new PodiumError(error.code, `${where}: ${error.message}`);
}
