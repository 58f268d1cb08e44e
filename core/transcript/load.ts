/**
 * Reading a transcript: text → JSON → schema → structure → commands → state. Every problem is a
 * PodiumError with one line that says where (a JSON path for the shape, "round 3, table 2" for the
 * content) and what.
 *
 * A transcript becomes the journal a scorekeeper would have produced: create-event, one
 * register-player per player (a late entry's once the round before it is paired), then per round a
 * pair-round (tables without results), a record-result per finished table and a drop-player per drop;
 * a start-playoff precedes the first playoff round. Replaying that journal through the event fold is
 * what validates results: the same checks as at the station, no second implementation.
 *
 * Version 2 (schema.ts) adds what a save holds. Where a version-2 transcript does not carry Podium's
 * own `playoff` and `waiting` fields, the cut and the waiting seeds are read the way the rule set
 * makes them: the first cut of the rule set whose first round seats the transcript's first playoff
 * round, and the waiting list of the rule set's own next round when its tables are the transcript's.
 * Version 1 reads exactly as it always did (the cut: the first playoff round's players, in order of
 * the Swiss standings).
 */
import { type Command, type PlayerInput, publishCommand } from '../event/commands.js';
import { plural, pluralWord } from '../text/format.js';
import { apply } from '../event/apply.js';
import { PodiumError, fail } from '../model/errors.js';
import type { Bye, EventState, PlayerId, PlayoffState, Table } from '../model/types.js';
import { RULESET_IDS } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { registrationDraws, roundSeed } from './draws.js';
import { parseJson } from './json.js';
import { resultFromTranscript } from './results.js';
import {
  DEFAULT_TRANSCRIPT_SEED,
  TRANSCRIPT_VERSION,
  TRANSCRIPT_VERSIONS,
  type Transcript,
  type TranscriptRound,
  transcriptSchemas,
} from './schema.js';

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
  const version = versionOf(value);
  const parsed = transcriptSchemas[version].safeParse(value);
  if (!parsed.success) {
    const message = describeIssue(parsed.error.issues, value, version);
    fail(message.startsWith('ruleset: unknown') ? 'unknown-ruleset' : 'invalid-input', message);
  }
  const transcript = parsed.data as Transcript;
  checkStructure(transcript);
  return transcript;
}

/**
 * The journal a transcript stands for (see the file comment), for a new save. A save has no place
 * for the penalty log yet, so a transcript that lists penalties is refused here rather than
 * imported without them (reading it — standings, pairings — is fine: results already show their
 * effect).
 */
export function transcriptToCommands(transcript: Transcript): Command[] {
  return transcriptToJournal(transcript).map((e) => e.command);
}

/** The journal with sequence numbers (0, 1, ...) and where each command came from. */
export function transcriptToJournal(transcript: Transcript): TranscriptEntry[] {
  checkImportable(transcript);
  return buildJournal(transcript).entries;
}

/** Replay a transcript into an event state; errors name the round and table. */
export function transcriptToState(transcript: Transcript): EventState {
  return buildJournal(transcript).state;
}

/** PodiumError('not-allowed') when the transcript holds what a save cannot keep (the penalty log). */
export function checkImportable(transcript: Transcript): void {
  const penalties = transcript.penalties ?? [];
  if (penalties.length === 0) return;
  const first = penalties[0] as NonNullable<Transcript['penalties']>[number];
  const name = transcript.players.find((p) => p.id === first.player)?.name ?? first.player;
  fail(
    'not-allowed',
    `penalties are not supported by this version yet: a save has no place for the penalty log, so importing would lose ${penalties.length === 1 ? 'its penalty' : `its ${penalties.length} penalties`} (penalties[0]: round ${first.round}${first.table !== undefined ? `, table ${first.table}` : ''}, ${name} (${first.player}), ${first.infraction}, ${first.penalty}); remove "penalties" to import the rest`,
  );
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

/** The version a transcript says it is, or a PodiumError naming what is wrong with it. */
function versionOf(root: unknown): 1 | 2 {
  if (root === null || typeof root !== 'object' || Array.isArray(root))
    fail('invalid-input', `a transcript is a JSON object ({ "transcript": ${TRANSCRIPT_VERSION}, "ruleset": ..., "players": [...], "rounds": [...] }), not ${typeName(root)}`);
  const value = (root as Record<string, unknown>).transcript;
  if (value === undefined) fail('invalid-input', `"transcript": ${TRANSCRIPT_VERSION} is missing (the format version: ${TRANSCRIPT_VERSIONS.join(' or ')})`);
  if (!(TRANSCRIPT_VERSIONS as readonly unknown[]).includes(value))
    fail('invalid-input', `transcript: version ${JSON.stringify(value)} is not one this Podium reads (it reads versions ${TRANSCRIPT_VERSIONS.join(' and ')})`);
  return value as 1 | 2;
}

/** Fields version 2 added: in a version-1 transcript they are unknown, and the message says why. */
const VERSION_2_FIELDS: ReadonlySet<string> = new Set([
  'noShow',
  'family',
  'note',
  'draw',
  'entersRound',
  'awardedByes',
  'draftPod',
  'members',
  'waiting',
  'playoff',
  'penalties',
]);

function describeIssue(issues: readonly Issue[], root: unknown, version: 1 | 2): string {
  // An unknown rule set is the likeliest mistake.
  const issue = issues.find((i) => i.path[0] === 'ruleset') ?? issues[0];
  if (!issue) return 'the transcript is not valid';
  const where = jsonPath(issue.path);
  const value = valueAt(root, issue.path);
  if (where === 'ruleset') {
    if (value === undefined) return `ruleset: missing (one of ${RULESET_IDS.join(', ')})`;
    return `ruleset: unknown rule set ${JSON.stringify(value)} (known: ${RULESET_IDS.join(', ')})`;
  }
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = issue.keys ?? [];
      const newer = version === 1 && keys.every((k) => VERSION_2_FIELDS.has(k));
      const fields = pluralWord(keys.length, 'field', 'fields');
      return `${where || 'the transcript'}: unknown ${fields} ${keys.map((k) => `"${k}"`).join(', ')}${newer ? ` (a version-2 ${fields}: write "transcript": 2)` : ''}`;
    }
    case 'invalid_type':
      if (value === undefined) return `${where}: missing (expected ${article(issue.expected)})`;
      return `${where}: expected ${article(issue.expected)}, found ${typeName(value)}`;
    case 'invalid_value':
      if (value === undefined) return `${where}: missing`;
      return `${where}: ${typeName(value)} is not allowed (expected one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')})`;
    default:
      if (issue.code === 'custom') return `${where || 'the transcript'}: ${issue.message}`; // names the value itself
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
  const players = new Map<string, { name: string; index: number; enters: number }>();
  t.players.forEach((p, index) => {
    const before = players.get(p.id);
    if (before)
      fail('duplicate-player', `players[${index}]: duplicate player id "${p.id}" (${before.name} at players[${before.index}] and ${p.name})`);
    players.set(p.id, { name: p.name, index, enters: p.entersRound ?? 1 });
  });
  const label = (id: string): string => `${players.get(id)?.name ?? id} (${id})`;

  // A late entry enters at most one round after the last, and never after the cut.
  const firstPlayoff = t.rounds.findIndex((r) => r.stage === 'playoff') + 1;
  const latest = firstPlayoff > 0 ? firstPlayoff : t.rounds.length + 1;
  t.players.forEach((p, index) => {
    const enters = p.entersRound ?? 1;
    if (enters > latest)
      fail(
        'invalid-input',
        `players[${index}]: ${label(p.id)} has entersRound ${enters}, but ${firstPlayoff > 0 ? `the playoff starts with round ${firstPlayoff}` : `the transcript has ${plural(t.rounds.length, 'round')}`}: a late entry enters in round ${latest} at the latest`,
      );
  });

  t.rounds.forEach((round, r) => {
    const n = r + 1;
    const playoff = round.stage === 'playoff';
    const seen = new Map<string, string>();
    const place = (id: string, where: string): void => {
      const player = players.get(id);
      if (!player) fail('unknown-player', `round ${n}, ${where}: unknown player id "${id}" (not in "players")`);
      const before = seen.get(id);
      if (before) fail('seated-twice', `round ${n}: ${label(id)} is seated twice (${before} and ${where})`);
      if (player.enters > n)
        fail('not-allowed', `round ${n}, ${where}: ${label(id)} enters in round ${player.enters} (entersRound) and cannot play round ${n}`);
      seen.set(id, where);
    };
    for (const table of round.tables) {
      for (const id of table.seats) place(id, `table ${table.table}`);
      const noShow = new Set<string>();
      for (const id of table.noShow ?? []) {
        const where = `round ${n}, table ${table.table}, noShow`;
        if (!players.has(id)) fail('unknown-player', `${where}: unknown player id "${id}" (not in "players")`);
        if (!table.seats.includes(id)) fail('not-at-table', `${where}: ${label(id)} is not at this table`);
        if (noShow.has(id)) fail('invalid-input', `${where}: ${label(id)} is listed twice`);
        noShow.add(id);
      }
      if (noShow.size > 0 && table.result === undefined)
        fail('invalid-input', `round ${n}, table ${table.table}: a no-show is recorded with the result, and this table has none`);
      if (table.result) {
        for (const id of playersNamedInResult(table.result)) {
          if (!table.seats.includes(id))
            fail('not-at-table', `round ${n}, table ${table.table}: the result names ${players.has(id) ? label(id) : `"${id}"`}, who is not at this table`);
        }
      }
    }
    for (const id of round.byes ?? []) place(id, 'the byes');
    if (round.waiting !== undefined) {
      if (!playoff) fail('invalid-input', `round ${n}: "waiting" lists the seeds who skip a playoff round; round ${n} is a Swiss round`);
      for (const id of round.waiting) place(id, 'the waiting list');
    }
    const drops = new Set<string>();
    for (const id of round.drops ?? []) {
      const player = players.get(id);
      if (!player) fail('unknown-player', `round ${n}, drops: unknown player id "${id}" (not in "players")`);
      if (drops.has(id)) fail('invalid-input', `round ${n}, drops: ${label(id)} is listed twice`);
      if (player.enters > n + 1)
        fail('not-allowed', `round ${n}, drops: ${label(id)} enters in round ${player.enters} (entersRound) and cannot drop after round ${n}`);
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

  if (t.playoff !== undefined) {
    const { top, seeds } = t.playoff;
    if (seeds.length !== top) fail('invalid-input', `playoff: a top ${top} cut lists ${top} seeds, not ${seeds.length}`);
    const seen = new Set<string>();
    seeds.forEach((id, i) => {
      if (!players.has(id)) fail('unknown-player', `playoff.seeds[${i}]: unknown player id "${id}" (not in "players")`);
      if (seen.has(id)) fail('seated-twice', `playoff.seeds: ${label(id)} is listed twice`);
      seen.add(id);
    });
  }

  (t.penalties ?? []).forEach((penalty, i) => {
    const where = `penalties[${i}]`;
    if (!players.has(penalty.player)) fail('unknown-player', `${where}: unknown player id "${penalty.player}" (not in "players")`);
    const round = t.rounds[penalty.round - 1];
    if (!round)
      fail('invalid-input', `${where}: round ${penalty.round} is not in the transcript (it has ${plural(t.rounds.length, 'round')})`);
    if (penalty.table !== undefined) {
      const table = round.tables.find((x) => x.table === penalty.table);
      if (!table) fail('invalid-input', `${where}: round ${penalty.round} has no table ${penalty.table}`);
      if (!table.seats.includes(penalty.player))
        fail('not-at-table', `${where}: ${label(penalty.player)} did not play at round ${penalty.round}, table ${penalty.table}`);
    }
  });
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
  const ruleset = getRuleset(t.ruleset); // an unavailable rule set is reported as such, not as a settings problem
  const v2 = t.transcript === 2;
  const seed = t.seed ?? DEFAULT_TRANSCRIPT_SEED;
  const entries: TranscriptEntry[] = [];
  let state: EventState | undefined;
  const current = (): EventState => state as EventState;
  const push = (command: Command, where: string): void => {
    try {
      state = apply(state, command);
    } catch (error) {
      throw locate(error, where);
    }
    entries.push({ seq: entries.length, command, where });
  };
  /** Build a command where building it can fail (a result's form), located like the command's own errors. */
  const build = <T>(where: string, make: () => T): T => {
    try {
      return make();
    } catch (error) {
      throw locate(error, where);
    }
  };

  push(
    { type: 'create-event', ...TRANSCRIPT_EVENT, ruleset: t.ruleset, settings: t.settings ?? {}, seed },
    'settings',
  );
  // Registration draws: as given (version 2), else drawn from the seed in player order.
  const drawn = registrationDraws(seed);
  const draws = t.players.map((p) => {
    const next = drawn();
    return p.draw ?? next;
  });
  const register = (enters: number): void => {
    t.players.forEach((p, i) => {
      if ((p.entersRound ?? 1) !== enters) return;
      push({ type: 'register-player', player: playerInput(p), draw: draws[i] as number }, `players[${i}]`);
    });
  };
  register(1);

  // lightseekers-large: each player's group goes with the first Swiss round they can play (listed,
  // or read off the rounds); a version-1 transcript has every group with its first Swiss round.
  const groups: string[][] | undefined =
    t.groups ?? (t.ruleset === 'lightseekers-large' && t.rounds.length > 0 ? groupsFromRounds(t) : undefined);
  const grouped = new Set<string>();
  const groupsFor = (registered: ReadonlySet<string>): string[][] | undefined => {
    if (!groups) return undefined;
    const now = groups.map((members) => members.filter((id) => registered.has(id) && !grouped.has(id)));
    if (!now.some((members) => members.length > 0)) return undefined;
    for (const members of now) for (const id of members) grouped.add(id);
    return now;
  };
  const startPlayoff = (playoff: PlayoffState, where: string): void =>
    push({ type: 'start-playoff', top: playoff.top, draft: playoff.draft, seeds: [...playoff.seeds] }, where);
  const given: PlayoffState | undefined = t.playoff
    ? { top: t.playoff.top, draft: t.playoff.draft ?? false, seeds: [...t.playoff.seeds] }
    : undefined;

  const unlisted = v2 && ruleset.family === 'head-to-head' ? unlistedAwardedByes(t) : new Map<number, string[]>();
  let swissCount = 0;
  t.rounds.forEach((round, r) => {
    const n = r + 1;
    const stage = round.stage ?? 'swiss';
    if (stage === 'playoff' && !current().playoff)
      startPlayoff(given ?? inferCut(current(), round, n, seed, v2), `round ${n} (the playoff cut)`);
    const byes: Bye[] = (round.byes ?? []).map((player) => ({ player, kind: byeKind(current(), stage, player, n) }));
    if (stage === 'swiss') for (const player of unlisted.get(n) ?? []) byes.push({ player, kind: 'awarded' });
    let roundGroups: string[][] | undefined;
    if (stage === 'swiss') {
      swissCount++;
      roundGroups = groupsFor(new Set(current().players.map((p) => p.id)));
    }
    const waiting = round.waiting ?? (v2 && stage === 'playoff' ? inferWaiting(current(), round, n, seed) : undefined);
    // The transcript records the rounds played: one past the announced number was confirmed (RULES 4).
    const announced = current().settings.swissRounds;
    const beyond = stage === 'swiss' && announced !== undefined && swissCount > announced;
    push(publishCommand(n, stage, { tables: round.tables, byes, waiting, groups: roundGroups, seed: roundSeed(seed, n) }, beyond ? { beyondAnnounced: true } : {}), `round ${n}`);
    for (const table of round.tables) {
      if (table.result === undefined) continue;
      const where = `round ${n}, table ${table.table}`;
      const result = build(where, () => resultFromTranscript(t.transcript, t.ruleset, current().settings, table.result as Record<string, unknown>));
      push({ type: 'record-result', round: n, table: table.table, result, ...(table.noShow ? { noShow: [...table.noShow] } : {}) }, where);
    }
    // A Swiss no-show drops with the result (MTR 2.10); one who is in no drop list reported in.
    const drops = new Set(round.drops ?? []);
    if (stage === 'swiss')
      for (const table of round.tables)
        for (const id of table.noShow ?? []) if (!drops.has(id)) push({ type: 'report-in', id }, `round ${n}, table ${table.table}, noShow`);
    // Late entries for the next round register once this one is paired (joinedRound = n + 1).
    register(n + 1);
    for (const id of drops) {
      if (current().players.find((p) => p.id === id)?.droppedAfterRound === n) continue; // a no-show's drop, made with the result
      push({ type: 'drop-player', id }, `round ${n}, drops`);
    }
  });
  // A cut made with no playoff round paired yet (Podium's `playoff`).
  if (given && !current().playoff) startPlayoff(given, 'playoff');
  return { entries, state: current() };
}

/** A version-2 player → the register-player input. */
function playerInput(p: Transcript['players'][number]): PlayerInput {
  return {
    id: p.id,
    name: p.name,
    ...(p.family !== undefined ? { familyName: p.family } : {}),
    ...(p.note !== undefined ? { note: p.note } : {}),
    ...(p.awardedByes !== undefined ? { awardedByes: p.awardedByes } : {}),
    ...(p.draftPod !== undefined ? { draftPod: p.draftPod } : {}),
    ...(p.members !== undefined ? { members: p.members.map((m) => ({ seat: m.seat, name: m.name })) } : {}),
  };
}

/** A bye of a playoff round advances; an MTR Swiss bye in rounds 1..awardedByes is the awarded one. */
function byeKind(state: EventState, stage: 'swiss' | 'playoff', id: PlayerId, round: number): Bye['kind'] {
  if (stage === 'playoff') return 'playoff';
  if (getRuleset(state.ruleset).family !== 'head-to-head') return 'pairing';
  const player = state.players.find((p) => p.id === id);
  return player !== undefined && player.awardedByes >= round ? 'awarded' : 'pairing';
}

/**
 * MTR App. E (README: `awardedByes` counts as that many bye rounds): a transcript may list a
 * player's awarded byes in the rounds' `byes` (as Podium writes them), or leave them out. A player
 * with awarded byes whom none of the rounds those byes cover lists anywhere (at a table, in the
 * byes) while they are in the event gets them; a player listed in one of those rounds has their
 * rounds as listed (a reinstated drop, a later edit of the byes). Round number → player ids.
 */
function unlistedAwardedByes(t: Transcript): Map<number, string[]> {
  const placed = t.rounds.map((round) => new Set([...round.tables.flatMap((x) => x.seats), ...(round.byes ?? [])]));
  const droppedAfter = new Map<string, number>();
  t.rounds.forEach((round, r) => {
    for (const id of round.drops ?? []) if (!droppedAfter.has(id)) droppedAfter.set(id, r + 1);
  });
  const out = new Map<number, string[]>();
  for (const p of t.players) {
    const covered: number[] = [];
    for (let n = p.entersRound ?? 1; n <= Math.min(p.awardedByes ?? 0, t.rounds.length); n++) {
      if (t.rounds[n - 1]?.stage === 'playoff' || (droppedAfter.get(p.id) ?? Infinity) < n) break;
      covered.push(n);
    }
    if (covered.length === 0 || covered.some((n) => placed[n - 1]?.has(p.id))) continue;
    for (const n of covered) {
      let list = out.get(n);
      if (!list) out.set(n, (list = []));
      list.push(p.id);
    }
  }
  return out;
}

/** The same players at the same tables (seat order and table numbers aside). */
function sameTables(a: readonly Pick<Table, 'seats'>[], b: readonly Pick<Table, 'seats'>[]): boolean {
  const key = (tables: readonly Pick<Table, 'seats'>[]): string =>
    tables
      .map((t) => JSON.stringify([...t.seats].sort()))
      .sort()
      .join('|');
  return a.length === b.length && key(a) === key(b);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
}

/**
 * The cut before the first playoff round `round` (number `n`), when the transcript does not list it.
 * Version 2: the first of the rule set's cuts whose first round seats the round's tables (and waits
 * the listed `waiting`): its seeds and top. Otherwise (and always in version 1): the round's players,
 * seeded in order of the Swiss standings.
 */
function inferCut(state: EventState, round: TranscriptRound, n: number, seed: number, v2: boolean): PlayoffState {
  const entrants = [...round.tables.flatMap((table) => table.seats), ...(round.byes ?? []), ...(round.waiting ?? [])];
  if (v2 && (round.byes ?? []).length === 0) {
    const ruleset = getRuleset(state.ruleset);
    for (const top of ruleset.playoffCuts) {
      if (top < entrants.length) continue;
      try {
        const cut = ruleset.playoff(state, { top }, roundSeed(seed, n));
        if (!sameTables(cut.tables, round.tables)) continue;
        if (round.waiting !== undefined && !sameSet(cut.waiting, round.waiting)) continue;
        return { top, draft: false, seeds: [...cut.seeds] };
      } catch {
        // not this cut
      }
    }
  }
  return { top: entrants.length, draft: false, seeds: seedOrder(state, entrants) };
}

/** Version 2: the seeds the rule set's own next playoff round leaves waiting, when its tables are the round's. */
function inferWaiting(state: EventState, round: TranscriptRound, n: number, seed: number): PlayerId[] | undefined {
  try {
    const next = getRuleset(state.ruleset).nextPlayoffRound(state, roundSeed(seed, n));
    if (!next || !next.waiting || next.waiting.length === 0) return undefined;
    if (!sameTables(next.tables, round.tables)) return undefined;
    if (!sameSet(next.byes.map((b) => b.player), round.byes ?? [])) return undefined;
    return [...next.waiting];
  } catch {
    return undefined;
  }
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
