/**
 * Decklists in the journal (MTR 2.7 "Deck Registration"): `register-decklist` in the
 * fold, and its words in the event log.
 *
 * The lock is the deadline 2.7 sets — "In Constructed tournaments, decklists must be submitted …
 * prior to the start of the tournament" (here: once round 1 is paired; Commander events too); "In
 * Limited tournaments, decklists must be submitted prior to the start of the first round in which
 * that player participates" (here: once a round that seats the player at a table is paired, so a
 * late entry or a player on an awarded bye can still register). After the lock the list may not
 * simply be replaced: a registration then is a correction and carries a reason, kept in the journal.
 */
import type { Command } from '../event/commands.js';
import { fail } from '../model/errors.js';
import type { Decklist, DecklistCard, EventState, PlayerId } from '../model/types.js';

export type RegisterDecklist = Extract<Command, { type: 'register-decklist' }>;

/** Sealed and draft events: each list locks at the player's own first round. */
export function isLimited(state: EventState): boolean {
  return state.settings.format === 'sealed' || state.settings.format === 'draft';
}

/** The round (number) whose pairing locked the player's list, or undefined while it may still change freely. */
export function decklistLockRound(state: EventState, player: PlayerId): number | undefined {
  if (!isLimited(state)) return state.rounds.length > 0 ? 1 : undefined;
  const seated = state.rounds.find((r) => r.tables.some((t) => t.seats.includes(player)));
  return seated?.number;
}

/** Why the list locked, in words: "round 1 is paired (constructed lists lock before the event, MTR 2.7)". */
export function lockWords(state: EventState, round: number): string {
  return isLimited(state)
    ? `the player's first round (round ${round}) is paired: a limited list locks before the player's first round (MTR 2.7)`
    : 'round 1 is paired: a constructed list locks before the event starts (MTR 2.7)';
}

export function decklistOf(state: EventState, player: PlayerId): Decklist | undefined {
  return state.decklists?.[player];
}

const copy = (cards: readonly DecklistCard[]): DecklistCard[] => cards.map((c) => ({ count: c.count, name: c.name }));

export function registerDecklist(state: EventState, command: RegisterDecklist): EventState {
  const player = state.players.find((p) => p.id === command.player);
  if (!player) fail('unknown-player', `no player "${command.player}" is registered: register the player before their decklist`);
  if (command.main.length + command.side.length + command.commander.length === 0) {
    fail('invalid-command', `the decklist for ${player.name} has no cards`);
  }
  const before = decklistOf(state, command.player);
  const lock = decklistLockRound(state, command.player);
  const reason = command.reason?.trim();
  if (lock !== undefined && !reason) {
    const what = before ? `${player.name}'s decklist cannot change` : `${player.name}'s decklist comes late`;
    fail('not-allowed', `${what}: ${lockWords(state, lock)}. A correction needs a reason, kept in the journal`);
  }
  const list: Decklist = {
    main: copy(command.main),
    side: copy(command.side),
    commander: copy(command.commander),
    source: command.source,
    version: (before?.version ?? 0) + 1,
    ...(lock !== undefined && reason ? { correction: reason } : {}),
  };
  return { ...state, decklists: { ...state.decklists, [command.player]: list } };
}

const total = (cards: readonly DecklistCard[]): number => cards.reduce((n, c) => n + c.count, 0);

/** "60 main + 15 sideboard" / "100 cards, commander Omnath, Locus of Mana". */
export function listSize(list: { main: readonly DecklistCard[]; side: readonly DecklistCard[]; commander: readonly DecklistCard[] }, isolate: (s: string) => string = (s) => s): string {
  if (list.commander.length > 0) {
    const cards = total(list.main) + total(list.commander);
    const side = total(list.side) > 0 ? ` + ${total(list.side)} sideboard` : '';
    return `${cards} cards${side}, commander ${list.commander.map((c) => isolate(c.name)).join(' and ')}`;
  }
  return `${total(list.main)} main + ${total(list.side)} sideboard`;
}
