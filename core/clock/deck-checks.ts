/**
 * The deck-check log with the 10 % indicator (MTR 2.8, applied to every rule set): every check of
 * the event with its extension, and how many of the event's decks have been checked.
 */
import type { EventState, PlayerId } from '../model/types.js';
import { deckCheckExtensionAt, deckCheckRoundMs, eventClock, roundClockOf } from './derive.js';

/** MTR 2.8: at least ten percent of all decks should be checked. */
const DECK_CHECK_TARGET = 0.1;

export interface DeckCheckRow {
  round: number;
  table: number;
  judge: string;
  players: { id: PlayerId; name: string }[];
  startedAt: number;
  endedAt: number | null;
  durationMs: number;
  /** The time granted: the round time it took plus 3 (MTR 2.6) or 4 (Commander) minutes; grows while under way. */
  extensionMs: number;
  /**
   * Begun before its round's clock started (decks taken as the players sit down): `durationMs` is
   * the check's own time since it began, `roundMs` the part of it the round's clock ran.
   */
  beforeRound: boolean;
  /** The round time the check took (deckCheckRoundMs); null while its round's clock has not started. */
  roundMs: number | null;
  outcome: string | null;
  inProgress: boolean;
}

export interface DeckCheckSummary {
  rows: DeckCheckRow[];
  /** Distinct decks checked over the event (a deck checked twice counts once). */
  decksChecked: number;
  /** Decks in the event: each competitor's decks (a team's members each have one). */
  decks: number;
  /** MTR 2.8: at least ten percent of all decks should be checked. */
  target: number;
  fraction: number;
  /** Decks still to check to reach the target. */
  toTarget: number;
  met: boolean;
  /** MTR 2.8: deck checks must be performed at Competitive and Professional REL. */
  required: boolean;
}

export function deckCheckSummary(state: EventState, now: number): DeckCheckSummary {
  const clock = eventClock(state);
  const names = new Map(state.players.map((p) => [p.id, p.name]));
  const rows: DeckCheckRow[] = clock.deckChecks.map((c) => {
    const end = Math.max(c.endedAt ?? now, c.startedAt);
    const round = state.rounds[c.round - 1];
    const duration = end - c.startedAt;
    const started = roundClockOf(state, c.round)?.startedAt;
    return {
      round: c.round,
      table: c.table,
      judge: c.judge,
      players: c.players.map((id) => ({ id, name: names.get(id) ?? id })),
      startedAt: c.startedAt,
      endedAt: c.endedAt ?? null,
      durationMs: duration,
      extensionMs: c.extensionMs ?? (round ? deckCheckExtensionAt(state, round.stage, c, end) : duration),
      beforeRound: started === undefined || c.startedAt < started,
      roundMs: deckCheckRoundMs(state, c, end),
      outcome: c.outcome ?? null,
      inProgress: c.endedAt === undefined,
    };
  });
  // Each competitor has one deck per member (a 2HG team or a team of 3 has 2 or 3 decks).
  const perCompetitor = state.settings.twoHeadedGiant ? 2 : Math.max(1, state.settings.teamSize);
  const checked = new Set<PlayerId>();
  for (const c of clock.deckChecks) for (const id of c.players) checked.add(id);
  const decks = state.players.length * perCompetitor;
  const decksChecked = checked.size * perCompetitor;
  const needed = Math.ceil(decks * DECK_CHECK_TARGET - 1e-9);
  return {
    rows,
    decksChecked,
    decks,
    target: DECK_CHECK_TARGET,
    fraction: decks === 0 ? 0 : decksChecked / decks,
    toTarget: Math.max(0, needed - decksChecked),
    met: decks > 0 && decksChecked >= needed,
    required: state.settings.rel !== 'regular',
  };
}
