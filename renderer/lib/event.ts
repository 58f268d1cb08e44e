/** Facts about the open event that several screens show, derived from the pushed state. */
import type { EventState, Player, Round, RulesetId, Settings } from '../../core/model/types.js';
import { announcedRounds, getRuleset } from '../../core/rulesets/index.js';

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
  | { kind: 'pair'; label: string; round: number }
  | { kind: 'results'; label: string; outstanding: number }
  | { kind: 'playoff'; label: string }
  | { kind: 'next-playoff'; label: string }
  | { kind: 'standings'; label: string };

/** "The next action is obvious" (UX.md): one primary button for what comes next. */
export function primaryAction(state: EventState): PrimaryAction {
  const round = currentRound(state);
  const open = outstandingTables(round);
  if (round && open.length > 0)
    return { kind: 'results', label: `Enter results (${open.length} outstanding)`, outstanding: open.length };
  if (state.playoff) {
    if (playoffComplete(state)) return { kind: 'standings', label: 'Post final standings' };
    return { kind: 'next-playoff', label: 'Pair the next playoff round' };
  }
  if (activeCount(state) < 2) return { kind: 'register', label: `Register ${competitorNoun(state.ruleset, state.settings)}s` };
  const played = swissRoundsPlayed(state);
  // Before round 1 there is always a round to pair, even where the table recommends no Swiss.
  if (played === 0 || played < plannedSwissRounds(state)) return { kind: 'pair', label: `Pair round ${played + 1}`, round: played + 1 };
  if (played > 0) return { kind: 'playoff', label: 'Cut to the playoff' };
  return { kind: 'standings', label: 'Post standings' };
}
