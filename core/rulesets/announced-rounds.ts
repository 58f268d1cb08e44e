/**
 * The announced number of Swiss rounds (MTR 10.2; RULES 4). "The number of rounds ... must be
 * announced before the first round begins. Once announced, it cannot be changed." A variable number
 * may be announced instead, with its criterion — the MTR's own example: "five rounds unless only one
 * player has four match wins after four rounds". Both are settings, set before round 1 and locked
 * once round 1 is paired (core/event/apply.ts).
 *
 * The criterion (Settings.variableRounds), in the forms organisers announce: "N rounds, unless
 * exactly (or at most) K players have W or more match wins after round R", and then either the Swiss
 * ends after round R (`then: 'stop'`, R < N) or one round more is played (`then: 'extra'`, N + 1).
 * It is evaluated once round R has every result, on the standings after round R:
 * - match wins: won matches (pods: won pods) and byes, a bye being a win (MTR App. C);
 * - **Decision:** the players counted are those still in the event after round R (a player who
 *   dropped with round R's results is out); a later drop changes nothing once round R + 1 is paired.
 * Each rule set whose events announce rounds (RulesetPresentation.settings.announcesRounds) reads it
 * the same way: the multiplayer documents keep the MTR's 10.2.
 */
import { fail } from '../model/errors.js';
import type { EventState, PlayerId, Settings, VariableRounds } from '../model/types.js';
import { plural } from '../text/format.js';
import type { Ruleset } from './ruleset.js';

/** A settings check of the announcement, in words; null when fine (Ruleset.settings refuses with it). */
export function announcementProblem(settings: Pick<Settings, 'swissRounds' | 'variableRounds'>): string | null {
  const v = settings.variableRounds;
  if (!v) return null;
  const n = settings.swissRounds;
  if (n === undefined) return 'a variable number of rounds needs the announced number it varies from (MTR 10.2): announce the Swiss rounds too';
  if (v.afterRound < 1) return 'the criterion is evaluated after a round: round 1 or later';
  if (v.then === 'stop' && v.afterRound >= n)
    return `the criterion ends the Swiss after round ${v.afterRound}, which must come before the announced ${plural(n, 'round')}`;
  if (v.then === 'extra' && v.afterRound > n)
    return `the criterion adds a round after the announced ${plural(n, 'round')}, so it is evaluated after round ${n} at the latest, not round ${v.afterRound}`;
  if (v.matchWins < 1 || v.matchWins > v.afterRound)
    return `after round ${v.afterRound} a player has at most ${plural(v.afterRound, 'match win')}: the criterion's wins must be 1 to ${v.afterRound}`;
  return null;
}

/** Refuses an announcement that does not hold together (PodiumError 'invalid-settings'). */
export function checkAnnouncement(settings: Pick<Settings, 'swissRounds' | 'variableRounds'>): void {
  const problem = announcementProblem(settings);
  if (problem) fail('invalid-settings', problem);
}

/** "exactly 1 player has 4 or more match wins after round 4". */
function conditionWords(v: VariableRounds, competitor: string): string {
  const who = `${v.compare === 'exactly' ? 'exactly' : 'at most'} ${plural(v.players, competitor)}`;
  return `${who} ${v.players === 1 ? 'has' : 'have'} ${plural(v.matchWins, 'match win')}${v.matchWins > 0 ? ' or more' : ''} after round ${v.afterRound}`;
}

/**
 * The announcement in words: "5 Swiss rounds", "5 Swiss rounds, unless exactly 1 player has 4 match
 * wins or more after round 4: then the Swiss ends after round 4". Undefined: none announced.
 */
export function describeAnnouncement(settings: Pick<Settings, 'swissRounds' | 'variableRounds'>, competitor = 'player'): string | undefined {
  const n = settings.swissRounds;
  if (n === undefined) return undefined;
  const v = settings.variableRounds;
  const base = plural(n, 'Swiss round');
  return v ? `${base}, ${criterionWords(v, competitor)}` : base;
}

/** The criterion alone: "unless exactly 1 player has 4 match wins or more after round 4: then the Swiss ends after round 4". */
export function criterionWords(v: VariableRounds, competitor = 'player'): string {
  const then = v.then === 'stop' ? `the Swiss ends after round ${v.afterRound}` : 'one more round is played';
  return `unless ${conditionWords(v, competitor)}: then ${then}`;
}

/** The criterion as evaluated on the event. */
export type RoundsCriterion =
  | { evaluated: false; afterRound: number }
  | {
      evaluated: true;
      afterRound: number;
      /** The players (still in) with the wins the criterion counts, best first. */
      players: PlayerId[];
      holds: boolean;
      /** What it means, in words ("After round 4, exactly 1 player ... : the Swiss ends after round 4 (MTR 10.2)."). */
      words: string;
    };

export interface AnnouncedRounds {
  /** The number announced before round 1. */
  announced: number;
  /** The Swiss rounds the announcement gives the event as it stands (the criterion once evaluated). */
  rounds: number;
  /** The announcement in words. */
  words: string;
  criterion?: RoundsCriterion;
}

/**
 * The announced Swiss rounds and, for a variable number, its criterion evaluated on `state` (once
 * round R has every result) by the event's rule set. Undefined when no number was announced (the
 * recommendation stands in).
 */
export function announcedRounds(state: EventState, ruleset: Ruleset): AnnouncedRounds | undefined {
  const { swissRounds: n, variableRounds: v } = state.settings;
  if (n === undefined) return undefined;
  const competitor = ruleset.presentation.words.competitor(state.settings);
  const words = describeAnnouncement(state.settings, competitor) as string;
  if (!v) return { announced: n, rounds: n, words };
  const swiss = state.rounds.filter((r) => r.stage === 'swiss');
  const round = swiss[v.afterRound - 1];
  if (!round || round.tables.some((t) => t.result === undefined)) return { announced: n, rounds: n, words, criterion: { evaluated: false, afterRound: v.afterRound } };
  // The standings after round R: the Swiss rounds up to it, and nothing after.
  const upTo = state.rounds.slice(0, state.rounds.indexOf(round) + 1).filter((r) => r.stage === 'swiss');
  const { playoff: _playoff, ...rest } = state;
  const standings = ruleset.standings({ ...rest, rounds: upTo });
  const inAfter = new Set(state.players.filter((p) => p.droppedAfterRound === undefined || p.droppedAfterRound > round.number).map((p) => p.id));
  const players = standings.filter((s) => inAfter.has(s.id) && s.record.wins + s.record.byes >= v.matchWins).map((s) => s.id);
  const holds = v.compare === 'exactly' ? players.length === v.players : players.length <= v.players;
  const rounds = holds ? (v.then === 'stop' ? v.afterRound : n + 1) : n;
  const count = `${plural(players.length, competitor)} ${players.length === 1 ? 'has' : 'have'} ${plural(v.matchWins, 'match win')} or more`;
  const outcome = holds
    ? v.then === 'stop'
      ? `the Swiss ends after round ${v.afterRound}`
      : `round ${n + 1} is played`
    : v.then === 'stop'
      ? `all ${plural(n, 'Swiss round')} are played`
      : `the Swiss ends after round ${n}`;
  const met = holds ? `${v.compare === 'exactly' ? 'exactly' : 'at most'} ${v.players}, as announced` : `not ${v.compare === 'exactly' ? 'exactly' : 'at most'} ${v.players}`;
  return {
    announced: n,
    rounds,
    words,
    criterion: { evaluated: true, afterRound: v.afterRound, players, holds, words: `After round ${v.afterRound}, ${count} (${met}): ${outcome} (MTR 10.2).` },
  };
}
