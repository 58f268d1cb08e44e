/**
 * "Find me": a few letters of the family or given name find a player, however the phone typed them
 * — case and accents aside ("jose" finds "José", "soren" finds "Sørensen": core/text/fold.ts),
 * matching the start of any word of the name ("arch" finds "Ana Archer", "cruz" finds "María de la
 * Cruz"); several words must each start a word ("ana ar"). A team is found by its name or by a member's own name. Pure.
 */
import type { PublicPlayer } from '../../core/public/types.js';
import { foldForSearch } from '../../core/text/fold.js';
import { sortedPlayers } from './view.js';

/** Case and accents aside: "José Ñúñez" → "jose nunez", "Sørensen" → "sorensen". */
export const fold = foldForSearch;

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
export function matchesName(player: Pick<PublicPlayer, 'name' | 'sortName' | 'members'>, query: string): boolean {
  const wanted = queryWords(query);
  if (wanted.length === 0) return false;
  const answers = (text: string): boolean => {
    const words = searchWords(text);
    return wanted.every((w) => words.some((word) => word.startsWith(w)));
  };
  // A team is found by its name or by any one member's own name ("ana costa", not "ana" + "berg").
  return answers(`${player.name} ${player.sortName}`) || (player.members ?? []).some((m) => answers(m.name));
}

/** The member of a team `query` names, when it names one ("Ana Costa, seat A"). */
export function memberFound(player: Pick<PublicPlayer, 'members'>, query: string): { seat: string; name: string } | undefined {
  return (player.members ?? []).find((m) => matchesName({ name: m.name, sortName: m.name }, query));
}

/** The players `query` finds, sorted as the boards are. */
export function findPlayers(players: readonly PublicPlayer[], query: string): PublicPlayer[] {
  return sortedPlayers(players.filter((p) => matchesName(p, query)));
}
