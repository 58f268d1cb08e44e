/**
 * A transcript's shape errors in words: the version it says it is, and the first schema issue as
 * one line with its JSON path ("rounds[2].tables[0].seats: expected an array, found the number 3").
 */
import { pluralWord } from '../text/format.js';
import { fail } from '../model/errors.js';
import { RULESET_IDS } from '../model/types.js';
import { TRANSCRIPT_VERSION, TRANSCRIPT_VERSIONS } from './schema.js';

export type Issue = { code: string; path: PropertyKey[]; message: string; keys?: string[]; values?: unknown[]; expected?: string };

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
export function versionOf(root: unknown): 1 | 2 {
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
  'fixedTable',
  'fixedSeat',
  'decklists',
  'tieDecisions',
]);

export function describeIssue(issues: readonly Issue[], root: unknown, version: 1 | 2): string {
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
