/**
 * The station's own memory in IndexedDB (Dexie), kept across events on this machine:
 * - the player directory: everyone ever registered here (name, note, when last seen), for the
 *   registration type-ahead, so a regular is registered in two keystrokes;
 * - station preferences: small values such as the last rule set and settings used for a new event.
 * Both are conveniences: when IndexedDB is unavailable or fails, the station works without them
 * (suggestions are empty, preferences fall back to their defaults), and nothing here is part of an
 * event save.
 */
import { Dexie, type EntityTable } from 'dexie';

export interface DirectoryPlayer {
  /** name + note, folded (case and accents ignored): one entry per person as the station tells them apart. */
  key: string;
  name: string;
  note?: string;
  /** ISO time the person was last registered or seen in an open event. */
  lastSeen: string;
  /** Every word of the folded name and note, for prefix search (a multi-entry index). */
  words: string[];
}

export interface Preference {
  key: string;
  value: unknown;
}

class StationDb extends Dexie {
  players!: EntityTable<DirectoryPlayer, 'key'>;
  prefs!: EntityTable<Preference, 'key'>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ players: 'key, lastSeen, *words', prefs: 'key' });
  }
}

export const DIRECTORY_DB_NAME = 'podium-station';
let db: StationDb | null = null;

function database(): StationDb | null {
  if (db) return db;
  if (typeof indexedDB === 'undefined') return null;
  db = new StationDb(DIRECTORY_DB_NAME);
  return db;
}

/** Lowercase without accents, spaces collapsed: "José  Núñez" → "jose nunez". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function words(text: string): string[] {
  return [...new Set(fold(text).split(/[\s,.'’\-()/]+/).filter((w) => w.length > 0))];
}

export function directoryKey(name: string, note?: string): string {
  return `${fold(name)}\u0000${fold(note ?? '')}`;
}

/** Remember people (new ones are added, known ones get a new "last seen"). Never throws. */
export async function rememberPlayers(people: readonly { name: string; note?: string | undefined }[], seenAt = new Date()): Promise<void> {
  const store = database();
  if (!store || people.length === 0) return;
  const lastSeen = seenAt.toISOString();
  const rows = new Map<string, DirectoryPlayer>();
  for (const person of people) {
    const name = person.name.replace(/\s+/g, ' ').trim();
    if (!name) continue;
    const note = person.note?.trim() || undefined;
    const key = directoryKey(name, note);
    rows.set(key, { key, name, ...(note ? { note } : {}), lastSeen, words: words(`${name} ${note ?? ''}`) });
  }
  try {
    await store.players.bulkPut([...rows.values()]);
  } catch {
    // A convenience: a full or blocked database never stops a registration.
  }
}

/**
 * People whose name (or note) has a word starting with each word typed, most recently seen first.
 * "jo nu" finds "José Núñez"; accents and case are ignored.
 */
export async function suggestPlayers(query: string, limit = 8): Promise<DirectoryPlayer[]> {
  const store = database();
  const typed = words(query);
  const first = typed[0];
  if (!store || !first) return [];
  try {
    const candidates = await store.players.where('words').startsWith(first).distinct().toArray();
    const rest = typed.slice(1);
    const matches = candidates.filter((p) => rest.every((w) => p.words.some((pw) => pw.startsWith(w))));
    matches.sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : a.name.localeCompare(b.name)));
    return matches.slice(0, limit);
  } catch {
    return [];
  }
}

export async function forgetPlayer(key: string): Promise<void> {
  const store = database();
  if (!store) return;
  try {
    await store.players.delete(key);
  } catch {
    // convenience only
  }
}

export async function directorySize(): Promise<number> {
  const store = database();
  if (!store) return 0;
  try {
    return await store.players.count();
  } catch {
    return 0;
  }
}

export async function getPreference<T>(key: string, fallback: T): Promise<T> {
  const store = database();
  if (!store) return fallback;
  try {
    const row = await store.prefs.get(key);
    return row ? (row.value as T) : fallback;
  } catch {
    return fallback;
  }
}

export async function setPreference(key: string, value: unknown): Promise<void> {
  const store = database();
  if (!store) return;
  try {
    await store.prefs.put({ key, value });
  } catch {
    // convenience only
  }
}

/** Tests: forget everything (closes and deletes the database). */
export async function clearStationMemory(): Promise<void> {
  const store = database();
  db = null;
  if (store) {
    store.close();
    await Dexie.delete(DIRECTORY_DB_NAME);
  }
}
