/**
 * The event as players and the world may see it: what the player page, the projector's
 * QR page and the published site show, built from the event state alone. Only what the
 * scorekeeper published: the latest paired round (a round exists only once published), standings
 * only after "publish standings", names but never notes, no report's content, no table codes.
 *
 * A view changes only when the event does (never with the time: the clock is given as the wall time
 * its round ends, which the phone counts down to), so the host sends a phone a small patch per
 * change (patch.ts). Pure: the only time is `now`.
 */
import { clockView } from '../clock/index.js';
import { pointsBeforeRound } from '../event/points-before.js';
import { personName } from '../model/person-names.js';
import { standingMark, stateAfterRound } from '../documents/standings.js';
import { selfReportsOf } from '../event/apply-reports.js';
import type { EventState, PlayerId, Round, Standing, Table } from '../model/types.js';
import { finalStandings, getRuleset, playoffFinishLabel } from '../rulesets/index.js';
import { formatValue } from '../rulesets/ruleset.js';
import type { Ruleset } from '../rulesets/ruleset.js';
import type { PublicClock, PublicPlayer, PublicRound, PublicStandings, PublicTable, PublicView, PublicWords } from './types.js';
import { disqualifiedPlayers } from '../event/apply-penalties.js';
import { firstSeatField } from '../model/seats.js';

/**
 * Published standings cost a standings computation: kept while the rounds they read, the players
 * and the settings are the same objects (a result in the current round leaves them as they were, so
 * 20 results a second do not recompute them). Points before a round are cached where they are
 * computed (core/event/points-before.ts).
 */
const standingsCache = new WeakMap<Round, { basis: unknown[]; standings: PublicStandings }>();

/** What a computation over rounds 1..n depends on: those rounds (an earlier one may be amended), the players and the penalty log (a DQ is marked). */
function basisOf(state: EventState, n: number): unknown[] {
  return [state.players, state.settings, state.penalties, ...state.rounds.slice(0, n)];
}

function sameBasis(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

export function publicView(state: EventState, options: { now: number; version: number }): PublicView {
  const ruleset = getRuleset(state.ruleset);
  const latest = state.rounds[state.rounds.length - 1];
  const standings = publishedStandings(state);
  const bracket = playoffBracket(state);
  const clock = latest ? publicClock(state, options.now) : undefined;
  return {
    version: options.version,
    event: { id: state.id, name: state.name, ruleset: state.ruleset, rulesetName: ruleset.title, settings: state.settings, ...houseRulesOf(state), words: publicWords(ruleset) },
    players: publicPlayers(state),
    round: latest ? publicRound(state, latest, clock ? options.now : 0) : null,
    roundsPublished: state.rounds.length,
    ...(standings ? { standings } : {}),
    ...(bracket ? { bracket } : {}),
    ...(clock ? { clock } : {}),
    selfReports: selfReportsOf(state),
    madeAt: options.now,
  };
}

/** The rule set's words the player page's first screens need (the page loads the rule set's code only to take a result). */
export function publicWords(ruleset: Ruleset): PublicWords {
  const { playoff, table, words } = ruleset.presentation;
  return {
    playoffTable: playoff.tableWord,
    seatsNumbered: table.layout === 'seats',
    ...(playoff.seatOne ? { seatOne: playoff.seatOne } : {}),
    points: words.points,
    pointUnit: words.pointUnit,
  };
}

/** The organiser's house rules in words (pod rule sets), only where they differ from the document. */
function houseRulesOf(state: EventState): { houseRules?: string } {
  const houseRules = getRuleset(state.ruleset).presentation.houseRules?.(state.settings);
  return houseRules ? { houseRules } : {};
}

/**
 * The players as the public sees them: the same object while the players and the penalty log are
 * (a DQ is marked), so a result's patch skips them (core/public/patch.ts).
 */
const playersCache = new WeakMap<EventState['players'], { penalties: EventState['penalties']; players: PublicPlayer[] }>();

function publicPlayers(state: EventState): PublicPlayer[] {
  const cached = playersCache.get(state.players);
  if (cached && cached.penalties === state.penalties) return cached.players;
  const disqualified = disqualifiedPlayers(state);
  const players = state.players.map((p) => ({
    id: p.id,
    name: p.name,
    sortName: personName(p).sortKey,
    ...(p.droppedAfterRound !== undefined ? { droppedAfterRound: p.droppedAfterRound } : {}),
    ...(disqualified.has(p.id) ? { disqualifiedInRound: disqualified.get(p.id)?.round } : {}),
    ...(p.members ? { members: p.members.map((m) => ({ seat: m.seat, name: m.name })) } : {}),
  }));
  playersCache.set(state.players, { penalties: state.penalties, players });
  return players;
}

/** A table as the public sees it, kept while what it is made of is the same (the patch then skips it). */
const tablesCache = new WeakMap<Table, { basis: unknown[]; table: PublicTable }>();

function publicRound(state: EventState, round: Round, now: number): PublicRound {
  const presentation = getRuleset(state.ruleset).presentation.results;
  let names: Map<PlayerId, string> | undefined;
  const nameOf = (id: PlayerId): string => (names ??= new Map(state.players.map((p) => [p.id, p.name]))).get(id) ?? id;
  const pending = new Map((round.reports ?? []).map((r) => [r.table, r]));
  const extensions = new Map(round.number === state.rounds.length ? clockView(state, now).tables.map((t) => [t.table, t.extensionMs]) : []);
  const publicTable = (t: Table): PublicTable => {
    const report = pending.get(t.table);
    const rejected = t.result === undefined && !report && round.rejectedReports?.includes(t.table) === true;
    const basis = [state.players, report, rejected, extensions.get(t.table)];
    const cached = tablesCache.get(t);
    if (cached && sameBasis(cached.basis, basis)) return cached.table;
    const table: PublicTable = {
      table: t.table,
      seats: [...t.seats],
      ...firstSeatField(t.firstSeat),
      ...(t.result !== undefined ? { result: t.result, resultText: presentation.describe(t, t.result, nameOf) } : {}),
      ...(report ? { reportPending: true, reportAnswers: Object.keys(report.answers ?? {}).length } : {}),
      ...(rejected ? { reportRejected: true } : {}),
      ...(extensions.get(t.table) ? { extensionMs: extensions.get(t.table) } : {}),
    };
    tablesCache.set(t, { basis, table });
    return table;
  };
  return {
    number: round.number,
    stage: round.stage,
    tables: round.tables.map(publicTable),
    byes: round.byes.map((b) => ({ player: b.player, kind: b.kind })),
    pointsBefore: pointsBefore(state, round),
  };
}

/** Points before a Swiss round (core/event/points-before.ts, which caches them); none for a playoff round. */
function pointsBefore(state: EventState, round: Round): Record<PlayerId, number> {
  return round.stage === 'swiss' ? Object.fromEntries(pointsBeforeRound(state, round.number)) : {};
}

function publishedStandings(state: EventState): PublicStandings | undefined {
  const after = state.publishedStandings;
  const round = after === undefined ? undefined : state.rounds[after - 1];
  if (after === undefined || !round) return undefined;
  const basis = basisOf(state, after);
  const cached = standingsCache.get(round);
  if (cached && sameBasis(cached.basis, basis)) return cached.standings;
  const ruleset = getRuleset(state.ruleset);
  const view = ruleset.presentation.standings(state.settings);
  const then = stateAfterRound(state, after);
  // Published after a playoff round: the final standings as the station shows and prints them,
  // with how far each playoff player got ("Post final standings" once the playoff is over).
  const final = round.stage === 'playoff' ? finalStandings(then) : null;
  const rows: Standing[] = final ?? ruleset.standings(then);
  const disqualified = disqualifiedPlayers(then);
  const standings: PublicStandings = {
    afterRound: after,
    ...(final && playoffOver(then) ? { final: true } : {}),
    columns: [ruleset.presentation.words.points, ...(final ? ['Playoff'] : []), ...view.columns.map((c) => c.label)],
    rows: rows.map((s) => {
      // Marked as the printed standings mark them: struck through when dropped, DQ, and why.
      const mark = standingMark(then, s, disqualified);
      return {
        rank: s.rank,
        player: s.id,
        values: [String(s.points), ...(final ? [playoffFinishLabel(s.playoff) || '—'] : []), ...view.columns.map((c) => formatValue(s.tiebreakers[c.key], c.format))],
        ...(mark.dropped ? { dropped: true as const } : {}),
        ...(mark.dq ? { dq: true as const } : {}),
        ...(mark.note ? { note: mark.note } : {}),
      };
    }),
  };
  standingsCache.set(round, { basis, standings });
  return standings;
}

/** Is the playoff over (the rule set pairs no further round)? */
function playoffOver(state: EventState): boolean {
  const latest = state.rounds[state.rounds.length - 1];
  if (!latest || latest.tables.some((t) => t.result === undefined)) return false;
  try {
    return getRuleset(state.ruleset).nextPlayoffRound(state, 0) === null;
  } catch {
    return false;
  }
}

/** The playoff's rounds, each table with its winner once there is one. */
function playoffBracket(state: EventState): PublicView['bracket'] {
  const rounds = state.rounds.filter((r) => r.stage === 'playoff');
  if (rounds.length === 0) return undefined;
  const ruleset = getRuleset(state.ruleset);
  return rounds.map((r) => ({
    round: r.number,
    tables: r.tables.map((t) => {
      const winner = ruleset.tableWinner(t);
      return { table: t.table, seats: [...t.seats], ...(winner && winner !== 'draw' ? { winner } : {}) };
    }),
  }));
}

/**
 * The round clock without `now` in it: when the round's time ends (or what is left, frozen, while
 * paused), the words for time being up, and a status in words where counting cannot tell.
 */
function publicClock(state: EventState, now: number): PublicClock {
  const view = clockView(state, now);
  const round = view.round ?? 0;
  const atTime = view.endOfRound.text;
  switch (view.status) {
    case 'not-started':
    case 'no-round':
      return { round, endsAt: null, atTime, status: `Round ${round} has not started yet` };
    case 'paused':
      return { round, endsAt: null, pausedRemainingMs: Math.max(0, view.remainingMs ?? 0), atTime, status: 'The round clock is paused' };
    case 'untimed':
      return { round, endsAt: null, atTime, status: 'This round is untimed' };
    case 'finished':
      return { round, endsAt: null, atTime, status: `Round ${round} is over: every table has its result` };
    default:
      return { round, endsAt: view.startedAt === null ? null : view.endsAt ?? view.timeCalledAt, atTime, status: '' };
  }
}
