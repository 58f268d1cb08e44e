/**
 * Deck checks from registered lists (MTR 2.8): which tables to check, who was checked
 * round by round against the 10 % target, a list in the order cards are sorted for checking, and
 * finding a card across every list. Pure: randomness and time come in.
 *
 * The event's own deck-check log and its 10 % indicator are core/clock/deck-checks.ts; this adds the
 * per-round view and the players never checked.
 */
import { deckCheckSummary, type DeckCheckSummary } from '../clock/deck-checks.js';
import { eventClock } from '../clock/derive.js';
import type { Decklist, DecklistCard, EventState, PlayerId, Round } from '../model/types.js';
import { createRng, deriveSeed, type Rng } from '../random/rng.js';
import { cardKey } from './parse.js';

/** MTR 2.8: at least ten percent of all decks should be checked. */
const TARGET = 0.1;

/** Every player whose deck was checked at some time in the event (the clock's deck-check log). */
export function checkedPlayers(state: EventState): Set<PlayerId> {
  const out = new Set<PlayerId>();
  for (const check of eventClock(state).deckChecks) for (const id of check.players) out.add(id);
  return out;
}

export interface DeckCheckPick {
  /** The tables picked, in table order. */
  tables: number[];
  /** How many tables could have been picked. */
  available: number;
  /** Set when fewer than asked could be picked, in words. */
  note?: string;
}

function roundOf(state: EventState, round: number): Round | undefined {
  return state.rounds.find((r) => r.number === round);
}

/** The sub-stream of the event seed deck-check picks come from. */
const DECK_PICK_STREAM = 0x4443;

/**
 * RULES 4 (every random choice, deck-check picks included, comes from the seed stored in the save):
 * the generator of the `draw`-th pick (0 first) made for `round`, so each pick is a new draw and the
 * same event draws the same picks.
 */
export function deckPickRng(state: EventState, round: number, draw: number): Rng {
  return createRng(deriveSeed(state.seed, DECK_PICK_STREAM, round, draw));
}

/**
 * "Pick 2 tables at random, not checked before": tables of `round` still playing (no result yet)
 * none of whose players was ever checked. When the event has registered lists, only tables whose
 * players all registered one (a check compares the deck with its list).
 */
export function pickDeckChecks(state: EventState, round: number, count: number, rng: Rng): DeckCheckPick {
  const r = roundOf(state, round);
  if (!r) return { tables: [], available: 0, note: `Round ${round} is not paired.` };
  const checked = checkedPlayers(state);
  const lists = state.decklists ?? {};
  const usesLists = Object.keys(lists).length > 0;
  const candidates = r.tables
    .filter((t) => t.result === undefined)
    .filter((t) => t.seats.every((id) => !checked.has(id)))
    .filter((t) => !usesLists || t.seats.every((id) => lists[id] !== undefined))
    .map((t) => t.table);
  const want = Math.max(0, Math.floor(count));
  const tables = rng
    .shuffle(candidates)
    .slice(0, want)
    .sort((a, b) => a - b);
  if (tables.length >= want) return { tables, available: candidates.length };
  const why = usesLists
    ? 'still playing, with every player’s list registered and nobody checked before'
    : 'still playing with nobody checked before';
  const note =
    candidates.length === 0
      ? `No table of round ${round} is ${why}.`
      : `Only ${candidates.length} ${candidates.length === 1 ? 'table' : 'tables'} of round ${round} ${candidates.length === 1 ? 'is' : 'are'} ${why}.`;
  return { tables, available: candidates.length, note };
}

export interface RoundDeckChecks {
  round: number;
  /** Players checked in this round, in the order the log has them. */
  checked: { id: PlayerId; name: string; table: number }[];
  /** Decks in play this round (seated competitors' decks). */
  decks: number;
  /** Checked decks this round. */
  decksChecked: number;
  /** MTR 2.8's ten percent of this round's decks, rounded up. */
  target: number;
  met: boolean;
}

export interface DeckCheckPlan extends DeckCheckSummary {
  rounds: RoundDeckChecks[];
  /** Players never checked, in registration order (the ones a pick may choose). */
  neverChecked: { id: PlayerId; name: string }[];
  /** How many players registered a list. */
  withLists: number;
}

function decksPerCompetitor(state: EventState): number {
  return state.settings.twoHeadedGiant ? 2 : Math.max(1, state.settings.teamSize);
}

/** The clock's summary, with who was checked round by round against each round's 10 % (MTR 2.8). */
export function deckCheckPlan(state: EventState, now: number): DeckCheckPlan {
  const summary = deckCheckSummary(state, now);
  const names = new Map(state.players.map((p) => [p.id, p.name]));
  const per = decksPerCompetitor(state);
  const checks = eventClock(state).deckChecks;
  const rounds = state.rounds.map((r): RoundDeckChecks => {
    const seen = new Set<PlayerId>();
    const checked: RoundDeckChecks['checked'] = [];
    for (const c of checks.filter((x) => x.round === r.number)) {
      for (const id of c.players) {
        if (seen.has(id)) continue;
        seen.add(id);
        checked.push({ id, name: names.get(id) ?? id, table: c.table });
      }
    }
    const decks = r.tables.reduce((n, t) => n + t.seats.length, 0) * per;
    const target = Math.ceil(decks * TARGET - 1e-9);
    const decksChecked = checked.length * per;
    return { round: r.number, checked, decks, decksChecked, target, met: decks > 0 && decksChecked >= target };
  });
  const ever = checkedPlayers(state);
  return {
    ...summary,
    rounds,
    neverChecked: state.players.filter((p) => !ever.has(p.id)).map((p) => ({ id: p.id, name: p.name })),
    withLists: Object.keys(state.decklists ?? {}).length,
  };
}

const byName = (a: DecklistCard, b: DecklistCard): number => {
  const ka = cardKey(a.name);
  const kb = cardKey(b.name);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

export interface CheckSection {
  title: 'Commander' | 'Main deck' | 'Sideboard';
  cards: DecklistCard[];
  total: number;
}

/**
 * A list in the order cards are sorted for checking: the commander, then the main deck, then the
 * sideboard, each by name (case and accents ignored). Empty sections are left out.
 */
export function sortedForCheck(list: Decklist): CheckSection[] {
  const sections: CheckSection[] = [
    { title: 'Commander', cards: [...list.commander].sort(byName), total: 0 },
    { title: 'Main deck', cards: [...list.main].sort(byName), total: 0 },
    { title: 'Sideboard', cards: [...list.side].sort(byName), total: 0 },
  ];
  return sections.filter((s) => s.cards.length > 0).map((s) => ({ ...s, total: s.cards.reduce((n, c) => n + c.count, 0) }));
}

export interface CardFound {
  player: PlayerId;
  name: string;
  /** The card as that list spells it. */
  card: string;
  count: number;
  section: 'main' | 'side' | 'commander';
}

/**
 * Which players registered a card (a judge looking for a card seen on the floor): the text is
 * matched case- and accent-insensitively, as a whole name or — three letters or more — a part of
 * one. Exact names first, then by player name.
 */
export function findCard(state: EventState, text: string): CardFound[] {
  const key = cardKey(text);
  if (!key) return [];
  const names = new Map(state.players.map((p) => [p.id, p.name]));
  const found: (CardFound & { exact: boolean })[] = [];
  for (const [player, list] of Object.entries(state.decklists ?? {})) {
    for (const section of ['commander', 'main', 'side'] as const) {
      for (const c of list[section]) {
        const k = cardKey(c.name);
        const exact = k === key;
        if (exact || (key.length >= 3 && k.includes(key))) {
          found.push({ player, name: names.get(player) ?? player, card: c.name, count: c.count, section, exact });
        }
      }
    }
  }
  found.sort((a, b) => Number(b.exact) - Number(a.exact) || a.name.localeCompare(b.name) || a.card.localeCompare(b.card));
  return found.map(({ exact: _exact, ...rest }) => rest);
}
