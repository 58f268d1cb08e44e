/** Facts about the open event that several screens show, derived from the pushed state. */
import type { EventState, Player, Round } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';

export function currentRound(state: EventState): Round | undefined {
  return state.rounds[state.rounds.length - 1];
}

export function outstandingTables(round: Round | undefined): number[] {
  return round ? round.tables.filter((t) => t.result === undefined).map((t) => t.table) : [];
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

/** The announced (or recommended) number of Swiss rounds. */
export function plannedSwissRounds(state: EventState): number {
  if (state.settings.swissRounds !== undefined) return state.settings.swissRounds;
  const ruleset = getRuleset(state.ruleset);
  const competitors = state.players.filter((p) => p.droppedAfterRound === undefined || p.droppedAfterRound > 0).length;
  return ruleset.recommendedRounds({ competitors, awardedByes: state.players.filter((p) => p.awardedByes > 0).map((p) => p.awardedByes) }, state.settings).swissRounds;
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
    // The final played: nothing left to pair (the rule set says so; a problem means "not yet").
    let done = false;
    try {
      done = getRuleset(state.ruleset).nextPlayoffRound(state, 0) === null;
    } catch {
      done = false;
    }
    if (done) return { kind: 'standings', label: 'Post final standings' };
    return { kind: 'next-playoff', label: 'Pair the next playoff round' };
  }
  if (activeCount(state) < 2) return { kind: 'register', label: 'Register players' };
  const played = swissRoundsPlayed(state);
  // Before round 1 there is always a round to pair, even where the table recommends no Swiss.
  if (played === 0 || played < plannedSwissRounds(state)) return { kind: 'pair', label: `Pair round ${played + 1}`, round: played + 1 };
  if (played > 0) return { kind: 'playoff', label: 'Cut to the playoff' };
  return { kind: 'standings', label: 'Post standings' };
}
