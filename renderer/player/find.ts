/**
 * "Find me": a few letters of the family or given name find a player, however the phone typed them
 * — case and accents aside ("jose" finds "José"), matching the start of any word of the name ("arch"
 * finds "Ana Archer", "cruz" finds "María de la Cruz"); several words must each start a word
 * ("ana ar"). Pure.
 */
import type { PublicPlayer } from '../../core/public/types.js';
import { sortedPlayers } from './view.js';

/** Case and accents aside: "José Ñúñez" → "jose nunez". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLocaleLowerCase();
}

/** The words a name can be found by: each word, its parts ("al-Rashid": "al", "rashid"), and the word without marks ("O'Brien": "obrien"). */
function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const word of fold(text).split(/[\s,]+/)) {
    if (!word) continue;
    words.push(word, ...word.split(/[^\p{L}\p{N}]+/u).filter(Boolean), word.replace(/[^\p{L}\p{N}]+/gu, ''));
  }
  return words;
}

function queryWords(query: string): string[] {
  return fold(query)
    .split(/[\s,]+/)
    .filter((w) => w !== '');
}

/** Does `player` answer `query` (every typed word starts a word of the name)? */
export function matchesName(player: Pick<PublicPlayer, 'name' | 'sortName'>, query: string): boolean {
  const wanted = queryWords(query);
  if (wanted.length === 0) return false;
  const words = searchWords(`${player.name} ${player.sortName}`);
  return wanted.every((w) => words.some((word) => word.startsWith(w)));
}

/** The players `query` finds, sorted as the boards are. */
export function findPlayers(players: readonly PublicPlayer[], query: string): PublicPlayer[] {
  return sortedPlayers(players.filter((p) => matchesName(p, query)));
}
