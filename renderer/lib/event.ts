/** Facts about the open event that several screens show, derived from the pushed state. */
import { clockView, roundClockOf } from '../../core/clock/index.js';
import type { EventState, Player, Round, RulesetId, Settings } from '../../core/model/types.js';
import { announcedRounds, getRuleset } from '../../core/rulesets/index.js';
import type { ScreenId } from '../store/station.js';

/**
 * What one competitor of the event is called: a team in team events (MTR 8 teams of 2 or 3, MTR 9
 * Two-Headed Giant — a team is one competitor: it is paired, scored and counted for the rounds), a
 * player otherwise. Screens and the start form say "teams" where they mean teams.
 */
export function competitorNoun(ruleset: RulesetId, settings: Settings): 'team' | 'player' {
  return getRuleset(ruleset).presentation.words.competitor(settings);
}

export function currentRound(state: EventState): Round | undefined {
  return state.rounds[state.rounds.length - 1];
}

export function outstandingTables(round: Round | undefined): number[] {
  return round ? round.tables.filter((t) => t.result === undefined).map((t) => t.table) : [];
}

/**
 * MTR 2.10: players whose no-show in the current round drops them from the next one, who can still
 * report in (the next round is not paired yet, no cut made).
 */
export function pendingNoShows(state: EventState): Player[] {
  const round = currentRound(state);
  if (!round || state.playoff || round.stage !== 'swiss') return [];
  const absent = new Set(round.tables.flatMap((t) => t.noShow ?? []));
  return state.players.filter((p) => absent.has(p.id) && p.droppedAfterRound === state.rounds.length);
}

export function playerMap(state: EventState): Map<string, Player> {
  return new Map(state.players.map((p) => [p.id, p]));
}

export function activeCount(state: EventState): number {
  return state.players.filter((p) => p.droppedAfterRound === undefined).length;
}

export function swissRoundsPlayed(state: EventState): number {
  return state.rounds.filter((r) => r.stage === 'swiss').length;
}

/**
 * The announced number of Swiss rounds — a variable number as its criterion decided, once evaluated
 * (MTR 10.2) — or the recommended number where none was announced.
 */
export function plannedSwissRounds(state: EventState): number {
  const ruleset = getRuleset(state.ruleset);
  const announced = announcedRounds(state, ruleset);
  if (announced) return announced.rounds;
  const competitors = state.players.filter((p) => p.droppedAfterRound === undefined || p.droppedAfterRound > 0).length;
  return ruleset.recommendedRounds({ competitors, awardedByes: state.players.filter((p) => p.awardedByes > 0).map((p) => p.awardedByes) }, state.settings).swissRounds;
}

/**
 * A variable number of rounds once its criterion decided it, before the cut (MTR 10.2): the Swiss
 * rounds it gives ("4 Swiss rounds") and the criterion's words; null otherwise.
 */
export function roundsDecision(state: EventState): { short: string; words: string } | null {
  if (state.playoff) return null;
  const announced = announcedRounds(state, getRuleset(state.ruleset));
  const criterion = announced?.criterion;
  if (!announced || !criterion?.evaluated) return null;
  return { short: `${announced.rounds} Swiss ${announced.rounds === 1 ? 'round' : 'rounds'} (MTR 10.2)`, words: criterion.words };
}

/**
 * The playoff is over: its final was played (the rule set has nothing left to pair; a problem means
 * "not yet"). The final standings and the champion are what the station and the projector show.
 */
export function playoffComplete(state: EventState): boolean {
  if (!state.playoff || !state.rounds.some((r) => r.stage === 'playoff')) return false;
  const round = currentRound(state);
  if (round && round.tables.some((t) => t.result === undefined)) return false;
  try {
    return getRuleset(state.ruleset).nextPlayoffRound(state, 0) === null;
  } catch {
    return false;
  }
}

export type PrimaryAction =
  | { kind: 'register'; label: string }
  | { kind: 'draft-pods'; label: string }
  | { kind: 'pair'; label: string; round: number }
  /** A proposal for `round` waits: the Pairings screen's Publish (it asks once). */
  | { kind: 'publish'; label: string; round: number }
  /** The round is published but its clock not started: start it at the rule set's length. */
  | { kind: 'clock'; label: string; round: number }
  | { kind: 'results'; label: string; outstanding: number }
  | { kind: 'playoff'; label: string }
  | { kind: 'next-playoff'; label: string }
  /** Publish the standings after `round` to players' phones and the site (final ones after a playoff). */
  | { kind: 'standings'; label: string; round: number; final: boolean }
  /** They are published: print them. */
  | { kind: 'print-standings'; label: string; final: boolean };

/** The screen where each next action is done. */
export const ACTION_SCREEN: Record<PrimaryAction['kind'], ScreenId> = {
  register: 'players',
  'draft-pods': 'pairings',
  pair: 'pairings',
  publish: 'pairings',
  clock: 'clock',
  results: 'results',
  playoff: 'playoffs',
  'next-playoff': 'playoffs',
  standings: 'standings',
  'print-standings': 'standings',
};

/** Does the current round still need its clock started (published, timed by the rules, not started)? */
export function clockToStart(state: EventState): number | null {
  const round = currentRound(state);
  if (!round || outstandingTables(round).length === 0 || roundClockOf(state, round.number)) return null;
  return clockView(state, 0).minutes === null ? null : round.number;
}

/**
 * "The next action is obvious" (UX.md): one primary button for what comes next, named for what it
 * does. `proposal`: the round of a pairing proposal this window keeps unpublished.
 */
export function primaryAction(state: EventState, options: { proposal?: number } = {}): PrimaryAction {
  const round = currentRound(state);
  const open = outstandingTables(round);
  const clockRound = clockToStart(state);
  if (clockRound !== null) return { kind: 'clock', label: `Start round ${clockRound} clock`, round: clockRound };
  if (round && open.length > 0)
    return { kind: 'results', label: `Enter results (${open.length} outstanding)`, outstanding: open.length };
  const published = state.publishedStandings === state.rounds.length && state.rounds.length > 0;
  if (state.playoff) {
    if (playoffComplete(state))
      return published
        ? { kind: 'print-standings', label: 'Print final standings', final: true }
        : { kind: 'standings', label: 'Post final standings', round: state.rounds.length, final: true };
    return { kind: 'next-playoff', label: 'Pair the next playoff round' };
  }
  if (activeCount(state) < 2) return { kind: 'register', label: `Register ${competitorNoun(state.ruleset, state.settings)}s` };
  // MTR 7.6: a draft event's players are paired inside their draft pods, so the pods are seated first.
  if (state.rounds.length === 0 && getRuleset(state.ruleset).presentation.registration(state.settings).draftPods && state.players.some((p) => p.droppedAfterRound === undefined && p.draftPod === undefined))
    return { kind: 'draft-pods', label: 'Seat draft pods' };
  const played = swissRoundsPlayed(state);
  const next = played + 1;
  if (options.proposal === state.rounds.length + 1) return { kind: 'publish', label: `Publish round ${options.proposal}`, round: options.proposal };
  // Before round 1 there is always a round to pair, even where the table recommends no Swiss.
  if (played === 0 || played < plannedSwissRounds(state)) return { kind: 'pair', label: `Pair round ${next}`, round: next };
  return { kind: 'playoff', label: 'Cut to the playoff' };
}
