/**
 * Registration helpers of the Players screen, pure and testable: readable player ids, the
 * registration draw, same-name checks, the family name a board sorts by (shown, and changed by the
 * scorekeeper), and the CSV player list (parsed with papaparse, each row checked and explained in
 * words before anything is registered; given and family name columns are kept as the file says).
 */
import Papa from 'papaparse';
import type { PlayerInput } from '../../../core/event/commands.js';
import { nameProblem } from '../../../core/model/names.js';
import type { EventState, Player, TeamSeat } from '../../../core/model/types.js';
import { registrationDrawFor } from '../../../core/transcript/draws.js';
import { familyNameFits, splitName, type PersonName } from '../../../core/model/person-names.js';
import { isolate, pluralWord, sentence } from '../../lib/format.js';
import { fold } from '../../store/directory.js';

/** Team seats of an event with `size` members. */
export function seatsOf(size: number): TeamSeat[] {
  return (['A', 'B', 'C'] as const).slice(0, size);
}

/**
 * The next free readable id: "p001", "p002", … (teams "t01", …), one more than the highest used so
 * far in this event (`floor` = the highest this station has ever handed out for it, so an id freed by
 * a removal is not reused for somebody else).
 */
export function nextId(existing: Iterable<string>, team: boolean, floor = 0): string {
  return idCounter(existing, team, floor)();
}

/**
 * The next free readable ids, one per call, for registering many at once (a CSV import): the same
 * ids as calling nextId again with every id handed out so far added, without scanning them all again.
 */
export function idCounter(existing: Iterable<string>, team: boolean, floor = 0): () => string {
  const prefix = team ? 't' : 'p';
  const width = team ? 2 : 3;
  const pattern = idPattern(prefix);
  let max = floor;
  for (const id of existing) max = Math.max(max, numberIn(id, pattern));
  return () => {
    max += 1; // the id just handed out is now the highest
    return `${prefix}${String(max).padStart(width, '0')}`;
  };
}

const patterns = new Map<string, RegExp>();
function idPattern(prefix: string): RegExp {
  let pattern = patterns.get(prefix);
  if (!pattern) patterns.set(prefix, (pattern = new RegExp(`^${prefix}(\\d+)$`)));
  return pattern;
}

function numberIn(id: string, pattern: RegExp): number {
  const match = pattern.exec(id);
  return match ? Number(match[1]) : 0;
}

export function idNumber(id: string, prefix: string): number {
  return numberIn(id, idPattern(prefix));
}

/** The registration draw (the final tiebreaker), from the event's seed and the player's id (RULES 4). */
export function registrationDraw(state: EventState, id: string): number {
  return registrationDrawFor(state.seed, id);
}

/** Registered players (dropped ones included) whose name is the same as `name`, case and accents aside. */
export function sameName(players: readonly Player[], name: string, exceptId?: string): Player[] {
  const key = fold(name);
  if (!key) return [];
  return players.filter((p) => p.id !== exceptId && fold(p.name) === key);
}

/** "There is already a José Núñez (p004) — add a note to tell them apart". */
export function sameNameWarning(players: readonly Player[], name: string, note: string, exceptId?: string): string | null {
  const same = sameName(players, name, exceptId);
  if (same.length === 0) return null;
  const list = same.map((p) => `${isolate(p.name)} (${p.id}${p.note ? `, ${isolate(p.note)}` : ''})`).join(' and ');
  const noteClash = same.some((p) => fold(p.note ?? '') === fold(note));
  if (!noteClash) return `There is already ${list} — the note tells them apart.`;
  return `There is already ${pluralWord(same.length, 'a ', '')}${list} — add a note to tell them apart`;
}

// ---- Family names ------------------------------------------------------------------------------

/**
 * The family name a board sorts `name` by: the one typed into the family-name box when there is one
 * (null = the box was left as guessed), else the guess of core/model/person-names.ts.
 */
export function boardName(name: string, family: string | null): PersonName {
  const typed = family?.trim() ?? '';
  return typed ? splitName(name, typed) : splitName(name);
}

/**
 * What the registration sends as `familyName`: the typed family name when it differs from the
 * guess (the guess needs no storing), '' to forget a stored one that now equals the guess (edit),
 * undefined for nothing to send.
 */
export function familyToSend(name: string, family: string | null, stored?: string): string | undefined {
  const typed = family?.replace(/\s+/g, ' ').trim() ?? '';
  const guess = splitName(name).family;
  if (!typed || typed === guess) return stored ? '' : undefined;
  return typed === stored ? undefined : typed;
}

/** Why the typed family name cannot be used, in words, or null. */
export function familyProblem(name: string, family: string | null): string | null {
  const typed = family?.trim() ?? '';
  if (!typed || !name.trim()) return null;
  const characters = nameProblem(typed, 'family name');
  if (characters) return sentence(characters);
  if (!familyNameFits(name, typed)) return `The family name “${isolate(typed)}” is not part of the name “${isolate(name.trim())}”: type it as the name writes it.`;
  return null;
}

// ---- CSV import -------------------------------------------------------------------------------

export type Column = 'name' | 'first' | 'last' | 'note' | 'byes' | 'pod' | 'team' | TeamSeat;

/** Column headings understood, folded to letters and digits only ("First name" → "firstname"). */
const ALIASES: Record<Column, string[]> = {
  name: ['name', 'player', 'playername', 'fullname', 'competitor', 'participant', 'nom', 'nombre', 'spieler'],
  first: ['firstname', 'first', 'givenname', 'given', 'forename', 'prenom', 'vorname'],
  last: ['lastname', 'last', 'familyname', 'surname', 'family', 'nomdefamille', 'apellido', 'apellidos', 'nachname'],
  note: ['note', 'notes', 'comment', 'comments', 'remark', 'remarks', 'dci', 'dcinumber', 'playerid', 'id', 'city', 'club', 'store'],
  byes: ['byes', 'bye', 'awardedbyes'],
  pod: ['pod', 'draftpod', 'podnumber'],
  team: ['team', 'teamname'],
  A: ['a', 'seata', 'playera', 'membera'],
  B: ['b', 'seatb', 'playerb', 'memberb'],
  C: ['c', 'seatc', 'playerc', 'memberc'],
};

function headingKey(text: string): string {
  return fold(text).replace(/[^\p{L}\p{N}]/gu, '');
}

/** Which column each heading is (first match of each column wins; unknown headings are ignored). */
export function mapColumns(headings: readonly string[]): Partial<Record<Column, number>> {
  const found: Partial<Record<Column, number>> = {};
  headings.forEach((heading, index) => {
    const key = headingKey(heading);
    for (const column of Object.keys(ALIASES) as Column[]) {
      if (found[column] === undefined && ALIASES[column].includes(key)) {
        found[column] = index;
        break;
      }
    }
  });
  return found;
}

export interface ImportRow {
  /** Line of the file (the heading is line 1). */
  line: number;
  player: Omit<PlayerInput, 'id'>;
  /** Why this row cannot be imported, in words; empty = it will be imported. */
  errors: string[];
}

export interface ImportPreview {
  rows: ImportRow[];
  /** Problems with the file as a whole (no name column, unreadable). */
  problems: string[];
  /** Which columns were recognised, for the preview's caption. */
  columns: Column[];
}

export interface ImportContext {
  players: readonly Player[];
  /** Team size of the event (1 = individuals). */
  teamSize: number;
  /** The rule set has awarded byes (mtr). */
  byes: boolean;
  /** The event is a draft (pods matter). */
  draft: boolean;
}

const MAX_NAME = 120;
const MAX_NOTE = 200;

/** Parse a player list and check every row against the event. Nothing is registered here. */
export function previewImport(text: string, context: ImportContext): ImportPreview {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: false });
  const lines = parsed.data.map((cells, index) => ({ line: index + 1, cells: cells.map((c) => (c ?? '').trim()) }));
  const nonEmpty = lines.filter((l) => l.cells.some((c) => c !== ''));
  const problems: string[] = [];
  if (nonEmpty.length === 0) return { rows: [], problems: ['The list is empty.'], columns: [] };

  const team = context.teamSize > 1;
  const header = nonEmpty[0] as { line: number; cells: string[] };
  let columns = mapColumns(header.cells);
  let dataLines = nonEmpty.slice(1);
  const hasName = columns.name !== undefined || columns.first !== undefined || columns.last !== undefined || (team && columns.team !== undefined);
  if (!hasName) {
    // A bare list of names, one a line, with no heading: every line is a name.
    if (nonEmpty.every((l) => l.cells.filter((c) => c !== '').length === 1)) {
      columns = { name: 0 };
      dataLines = nonEmpty;
    } else {
      return {
        rows: [],
        problems: [
          `No name column: the first line must name the columns, such as "name, note${context.byes ? ', byes' : ''}${context.draft ? ', pod' : ''}${team ? ', team, A, B' : ''}" (found: ${header.cells.filter((c) => c).join(', ') || 'nothing'}).`,
        ],
        columns: [],
      };
    }
  }

  const seen = new Map<string, number>();
  const registered = new Map(context.players.map((p) => [registrationKey(p.name, p.note), p]));
  const cell = (cells: string[], column: Column): string => {
    const index = columns[column];
    return index === undefined ? '' : (cells[index] ?? '').replace(/\s+/g, ' ').trim();
  };

  const rows: ImportRow[] = dataLines.map(({ line, cells }) => {
    const errors: string[] = [];
    let name = team && columns.team !== undefined ? cell(cells, 'team') : cell(cells, 'name');
    // Given and family names in columns of their own: the family name is kept as the file says it
    // ("Gustavo" + "García Márquez" sorts under G as "García Márquez, Gustavo"), never guessed.
    const family = team ? '' : cell(cells, 'last');
    if (!name) name = [cell(cells, 'first'), cell(cells, 'last')].filter((s) => s).join(' ');
    const note = cell(cells, 'note');
    const keepFamily = family !== '' && family !== name && familyNameFits(name, family);
    const player: Omit<PlayerInput, 'id'> = { name, ...(keepFamily ? { familyName: family } : {}), ...(note ? { note } : {}) };
    if (family && name && !keepFamily && family !== name) errors.push(`the family name “${isolate(family)}” is not part of the name “${isolate(name)}”`);

    if (!name) errors.push(team ? 'no team name' : 'no name');
    else if (name.length > MAX_NAME) errors.push(`the name is longer than ${MAX_NAME} characters`);
    if (note.length > MAX_NOTE) errors.push(`the note is longer than ${MAX_NOTE} characters`);
    // The host would refuse these (core/model/names.ts): said per row, before anything is sent.
    for (const problem of [nameProblem(name), nameProblem(family, 'family name'), nameProblem(note, 'note')]) if (problem) errors.push(problem);

    const byesText = cell(cells, 'byes');
    if (byesText !== '') {
      if (!/^[0-3]$/.test(byesText)) errors.push(`byes must be 0, 1, 2 or 3, not "${byesText}"`);
      else if (Number(byesText) > 0) {
        if (!context.byes) errors.push('this rule set has no awarded byes');
        else player.awardedByes = Number(byesText);
      }
    }

    const podText = cell(cells, 'pod');
    if (podText !== '' && context.draft) {
      if (!/^\d+$/.test(podText) || Number(podText) < 1 || Number(podText) > 1000) errors.push(`the draft pod must be a number from 1, not "${podText}"`);
      else player.draftPod = Number(podText);
    }

    if (team) {
      const members = seatsOf(context.teamSize).map((seat) => ({ seat, name: cell(cells, seat) }));
      const missing = members.filter((m) => !m.name).map((m) => m.seat);
      if (missing.length > 0) errors.push(`no player for ${pluralWord(missing.length, 'seat', 'seats')} ${missing.join(' and ')}`);
      else player.members = members;
      for (const m of members) {
        const problem = nameProblem(m.name);
        if (problem) errors.push(`seat ${m.seat}: ${problem}`);
      }
    }

    if (name) {
      const key = registrationKey(name, note);
      const already = registered.get(key);
      const earlier = seen.get(key);
      if (already) errors.push(`already registered as ${already.id}${already.note ? ` (${isolate(already.note)})` : ''}`);
      else if (earlier !== undefined) errors.push(`same name${note ? ' and note' : ''} as line ${earlier} — add a note to tell them apart`);
      else seen.set(key, line);
    }
    return { line, player, errors };
  });

  if (rows.length === 0) problems.push('The list has a heading but no players.');
  for (const error of parsed.errors.slice(0, 3)) {
    if (error.type === 'Delimiter') continue; // one column: not a problem
    problems.push(`Line ${(error.row ?? 0) + 1}: ${error.message}`);
  }
  return { rows, problems, columns: (Object.keys(columns) as Column[]).filter((c) => columns[c] !== undefined) };
}

function registrationKey(name: string, note?: string): string {
  return `${fold(name)}\u0000${fold(note ?? '')}`;
}
