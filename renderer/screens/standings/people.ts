/**
 * How the standings, playoff, clock and log screens name people: the registered name, with the note
 * (or the id) added when two competitors share a name, so that nobody is ever confused with someone
 * else (UX.md "Names are people's names").
 */
import { distinguishedNames } from '../../../core/documents/names.js';
import type { EventState, PlayerId } from '../../../core/model/types.js';
import { foldForSearch } from '../../../core/text/fold.js';

/**
 * Display name of every registered competitor ("Ana Archer", or "Ana Archer (Leeds)" when shared):
 * core/documents/names.ts distinguishedNames, the one rule for screens, logs and prints.
 */
export function displayNames(state: EventState): Map<PlayerId, string> {
  return distinguishedNames(state.players);
}

/** The family names given at registration (Player.familyName), by id, for sorting by name. */
export function familyNames(state: EventState): Map<PlayerId, string> {
  return new Map(state.players.flatMap((p) => (p.familyName ? [[p.id, p.familyName] as const] : [])));
}

/** A name lookup that never throws: an unknown id reads as itself. */
export function nameLookup(names: ReadonlyMap<PlayerId, string>): (id: PlayerId) => string {
  return (id) => names.get(id) ?? id;
}

/**
 * Text folded for search: lower case, accents removed, spaces collapsed ("Zoë" matches "zoe",
 * "Sørensen" "soren": core/text/fold.ts), and the isolation marks around names in built text
 * (lib/format.ts isolate) dropped.
 */
export function searchKey(text: string): string {
  return foldForSearch(text.replace(/[\u2066-\u2069]/g, ''))
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}
