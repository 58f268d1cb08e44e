/**
 * How every screen names people: the registered name, with the note (or the id) added when two
 * competitors share a name, so nobody is ever confused with someone else (UX.md "Names are people's
 * names"); the family names boards sort by; and the text a search folds. Pure functions of the
 * pushed state, cached per players list so re-renders stay cheap.
 */
import { distinguishedNames } from '../../core/model/person-names.js';
import type { EventState, Player, PlayerId } from '../../core/model/types.js';
import { foldForSearch } from '../../core/text/fold.js';
import { isolate } from './format.js';

const namesCache = new WeakMap<readonly Player[], Map<PlayerId, string>>();

/**
 * Display name of every registered competitor ("Ana Archer", or "Ana Archer (Leeds)" when shared):
 * core/model/person-names.ts distinguishedNames, the one rule for screens, logs and prints.
 */
export function displayNames(state: EventState): Map<PlayerId, string> {
  const cached = namesCache.get(state.players);
  if (cached) return cached;
  const names = distinguishedNames(state.players);
  namesCache.set(state.players, names);
  return names;
}

const playersCache = new WeakMap<readonly Player[], Map<PlayerId, Player>>();

export function playersById(state: EventState): Map<PlayerId, Player> {
  let map = playersCache.get(state.players);
  if (!map) playersCache.set(state.players, (map = new Map(state.players.map((p) => [p.id, p]))));
  return map;
}

/** A player's display name as written inside a sentence: isolated (lib/format.ts isolate). */
export function nameIn(state: EventState): (id: PlayerId) => string {
  const names = displayNames(state);
  return (id) => isolate(names.get(id) ?? id);
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
