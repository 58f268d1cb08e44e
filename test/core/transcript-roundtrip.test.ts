/**
 * Save → transcript (version 2) → save gives the same event, for every kind of event
 * the app can make. Events are generated through the real core (the fold, every rule set's own
 * pairing, cut and next playoff round) from a fast-check plan: late entries, awarded byes, draft pods,
 * teams of 2 and 3 and Two-Headed Giant, family names and notes, drops, reinstatements, amendments,
 * rounds past the announced number, every playoff cut with drops and byes after it (and a cut with
 * no round yet, a playoff left unfinished), pod sizes 3–5, both pod rule sets, the three Lightseekers
 * structures. Each is written as a transcript, read back and replayed as a new save's journal, and
 * compared: players, every round (tables, seats, results, byes and their kinds, waiting seeds), the
 * cut, settings and seed; standings, final standings and the next pairing. One event per rule set
 * also goes through the command line with real files (a .podium save → export → import → a new save).
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import { announcedRounds } from '../../core/rulesets/announced-rounds.js';
import type { Command, SettingsPatch } from '../../core/event/commands.js';
import { activePlayers } from '../../core/event/queries.js';
import type { EventState, PairingProposal, PlayerId, RulesetId, Table, TableResult } from '../../core/model/types.js';
import { type Rng, createRng } from '../../core/random/rng.js';
import { finalStandings } from '../../core/rulesets/final-standings.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { randomLightseekersResult } from '../../core/rulesets/lightseekers/random-result.js';
import { headToHeadResult } from '../../core/rulesets/mtr/random-result.js';
import { podResult } from '../../core/rulesets/pods/random-result.js';
import {
  type Transcript,
  formatTranscript,
  parseJson,
  stateToTranscript,
  transcriptToCommands,
  validateTranscript,
} from '../../core/transcript/index.js';
import { writeEventSaveSync } from '../../electron/host/event-store.js';
import { saveIo } from '../../electron/host/save-cli-io.js';
import { cli, tempDir } from '../support/cli.js';

// ---------------------------------------------------------------------------------------------
// A plan, and the event it makes

type CutPlan = 'none' | 'cut-only' | 'partial' | 'full';

interface Plan {
  ruleset: RulesetId;
  settings: SettingsPatch;
  players: number;
  rounds: number;
  seed: number;
  /** Per active player per round. */
  dropRate: number;
  /** Players registered after round 1 is paired, spread over the later rounds. */
  lateEntries: number;
  /** mtr: some players have 1–2 awarded byes. */
  awardedByes: boolean;
  /** mtr: players drafted in this many pods (0: none). */
  draftPods: number;
  cut: CutPlan;
  /** mtr: a booster-draft top 8 when the cut is 8. */
  draft: boolean;
  /** Drop a seed before the first playoff round, and players between playoff rounds. */
  dropsAfterCut: boolean;
  /** Leave the last round (or playoff round) with a table without a result. */
  unfinished: boolean;
  /** Announce one Swiss round fewer than are played (the last one confirmed past it). */
  announceFewer: boolean;
}

interface Built {
  state: EventState;
  commands: Command[];
}

const GIVEN = ['Aoife', 'Cian', 'María', 'Ludwig', 'Ana', 'Bo', 'Kim', 'Nguyễn Thị', 'Omar', 'Zoë', 'Søren', 'Łukasz'];
const FAMILY = ['Ní Bhriain', 'Mac Giolla', 'de la Cruz', 'van Beethoven', 'Costa', 'Berg', 'Lee', 'Minh Khai', 'al-Rashid', 'Dvořák'];

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[rng.int(0, items.length - 1)] as T;
}

function pairCommand(
  state: EventState,
  proposal: Pick<PairingProposal, 'tables' | 'byes' | 'waiting' | 'groups' | 'seed'>,
  stage: 'swiss' | 'playoff',
  rng: Rng,
  chooseSeats = false,
): Command {
  const announced = announcedRounds(state, getRuleset(state.ruleset))?.rounds;
  const swissNumber = state.rounds.filter((r) => r.stage === 'swiss').length + 1;
  return {
    type: 'pair-round',
    round: state.rounds.length + 1,
    stage,
    // Lightseekers finals: the players choose their seats (any order).
    tables: proposal.tables.map((t) => ({ table: t.table, seats: chooseSeats ? rng.shuffle(t.seats) : [...t.seats] })),
    byes: proposal.byes.map((b) => ({ player: b.player, kind: b.kind })),
    ...(proposal.waiting && proposal.waiting.length > 0 ? { waiting: [...proposal.waiting] } : {}),
    ...(proposal.groups ? { groups: proposal.groups.map((g) => [...g]) } : {}),
    seed: proposal.seed,
    ...(stage === 'swiss' && announced !== undefined && swissNumber > announced ? { beyondAnnounced: true } : {}),
  };
}

/** A random result the rule set accepts; playoff results name a winner (MAMTR pods may draw). */
function randomResult(state: EventState, table: Table, stage: 'swiss' | 'playoff', rng: Rng): TableResult {
  const ruleset = getRuleset(state.ruleset);
  const { settings } = state;
  if (ruleset.family === 'lightseekers') return randomLightseekersResult(table.seats, rng);
  if (ruleset.family === 'pods') {
    if (stage === 'playoff') {
      if (state.ruleset === 'mamtr-2024' && rng.int(0, 4) === 0) return { draw: true };
      return { winner: pick(rng, table.seats) };
    }
    return podResult(table, settings.gamesToWin, rng);
  }
  const win = (g: number): [number, number, number] => (rng.int(0, 1) === 0 ? [g, rng.int(0, g - 1), 0] : [rng.int(0, g - 1), g, 0]);
  if (settings.twoHeadedGiant) {
    if (stage === 'playoff') return { games: win(1) };
    const roll = rng.int(0, 9);
    if (roll === 0) return { games: [0, 0, 0], intentionalDraw: true };
    if (roll === 1) return { games: [0, 0, 1] };
    if (roll === 2) return { games: [0, 0, 3] }; // an older version's intentional draw
    return { games: win(1) };
  }
  if (settings.teamSize > 1) {
    const size = settings.teamSize;
    if (stage === 'playoff') {
      const g = settings.gamesToWin;
      const first = rng.int(0, 1) === 0;
      const matches = Array.from({ length: size }, () => (first ? [g, rng.int(0, g - 1), 0] : [rng.int(0, g - 1), g, 0]));
      return { matches } as unknown as TableResult;
    }
    return { matches: Array.from({ length: size }, () => headToHeadResult(settings.gamesToWin, rng).games) } as unknown as TableResult;
  }
  return stage === 'playoff' ? { games: win(settings.gamesToWin) } : headToHeadResult(settings.gamesToWin, rng);
}

/** About one table in twelve (individual and Two-Headed Giant matches, pods): a no-show and the loss it gets. */
function noShowOf(state: EventState, table: Table, rng: Rng): { id: PlayerId; result: Record<string, unknown> } | undefined {
  const family = getRuleset(state.ruleset).family;
  if (family === 'lightseekers' || (state.settings.teamSize > 1 && !state.settings.twoHeadedGiant) || rng.int(0, 11) !== 0) return undefined;
  const seat = rng.int(0, table.seats.length - 1);
  const id = table.seats[seat] as PlayerId;
  if (family === 'pods') return { id, result: { winner: table.seats[(seat + 1) % table.seats.length], excluded: [id] } };
  const g = state.settings.gamesToWin;
  return { id, result: { games: seat === 0 ? [0, g, 0] : [g, 0, 0] } };
}

/** Build an event as a station would record it, from a plan; every command goes through the fold. */
function buildEvent(plan: Plan): Built {
  const rng = createRng(plan.seed);
  const ruleset = getRuleset(plan.ruleset);
  const commands: Command[] = [];
  let state: EventState | undefined;
  const run = (command: Command): void => {
    state = apply(state, command);
    commands.push(command);
  };
  const now = (): EventState => state as EventState;
  // Announced before round 1 (MTR 10.2): fewer rounds than are played, or now and then a variable number.
  const variable = !plan.announceFewer && plan.rounds >= 2 && ruleset.presentation.settings.announcesRounds && plan.seed % 3 === 0;
  const settings: SettingsPatch = {
    ...plan.settings,
    ...(plan.announceFewer ? { swissRounds: Math.max(1, plan.rounds - 1) } : {}),
    ...(variable ? { swissRounds: plan.rounds, variableRounds: { afterRound: plan.rounds - 1, compare: 'at-most', players: 3, matchWins: plan.rounds - 1, then: 'stop' } } : {}),
  };
  run({ type: 'create-event', id: 'evt', name: 'Round trip', ruleset: plan.ruleset, settings, seed: plan.seed, createdAt: '2026-05-01T18:00:00.000Z' });
  const teamSize = now().settings.teamSize;

  let count = 0;
  const register = (): void => {
    count++;
    const id = `p${String(count).padStart(3, '0')}`;
    const given = pick(rng, GIVEN);
    const family = pick(rng, FAMILY);
    const roll = rng.int(0, 9);
    const name = teamSize > 1 ? `Team ${family} ${count}` : `${given} ${family}`;
    run({
      type: 'register-player',
      player: {
        id,
        name,
        // Some scorekeepers confirmed the family name; some same-name players carry a note.
        ...(teamSize === 1 && roll < 3 ? { familyName: family } : {}),
        ...(roll === 4 ? { note: `DCI ${1000 + count}` } : {}),
        ...(plan.awardedByes && roll >= 8 ? { awardedByes: roll - 7 } : {}),
        ...(plan.draftPods > 0 ? { draftPod: 1 + (count % plan.draftPods) } : {}),
        ...(teamSize > 1 ? { members: 'ABC'.slice(0, teamSize).split('').map((seat) => ({ seat: seat as 'A' | 'B' | 'C', name: `${pick(rng, GIVEN)} ${pick(rng, FAMILY)}` })) } : {}),
      },
      draw: rng.int(0, 2 ** 31 - 1),
    });
  };
  for (let i = 0; i < plan.players; i++) register();

  const floor = ruleset.family === 'pods' ? Math.max(plan.players - 2, (now().settings.podSize + 1) * 2) : ruleset.family === 'lightseekers' ? plan.players : 8;
  let late = plan.lateEntries;
  for (let round = 1; round <= plan.rounds; round++) {
    // Late entries register before the round they join (not in Lightseekers casual: one round).
    if (round > 1 && late > 0) {
      const now = Math.min(late, rng.int(0, late));
      for (let i = 0; i < now; i++) register();
      late -= now;
    }
    run(pairCommand(now(), ruleset.pair(now(), rng.seed()), 'swiss', rng));
    const tables = now().rounds[round - 1]?.tables ?? [];
    const open = plan.unfinished && plan.cut === 'none' && round === plan.rounds ? tables.length - 1 : -1;
    tables.forEach((table, i) => {
      if (i === open) return;
      // Now and then a no-show (MTR 2.10): a loss for them, a drop unless they report in.
      const absent = noShowOf(now(), table, rng);
      if (absent) {
        run({ type: 'record-result', round, table: table.table, result: absent.result, noShow: [absent.id] });
        if (rng.int(0, 1) === 0) run({ type: 'report-in', id: absent.id });
        return;
      }
      run({ type: 'record-result', round, table: table.table, result: randomResult(now(), table, 'swiss', rng) as unknown as Record<string, unknown> });
    });
    // An amendment of an earlier result, with its reason.
    if (round > 1 && rng.int(0, 3) === 0) {
      const earlier = now().rounds[rng.int(0, round - 2)];
      const table = earlier && earlier.tables[rng.int(0, earlier.tables.length - 1)];
      if (earlier && table)
        run({ type: 'record-result', round: earlier.number, table: table.table, result: randomResult(now(), table, 'swiss', rng) as unknown as Record<string, unknown>, reason: 'wrong slip' });
    }
    // Edits a station makes between rounds: a player's note or family name.
    if (rng.int(0, 3) === 0) {
      const player = pick(rng, now().players);
      const roll = rng.int(0, 2);
      run({
        type: 'edit-player',
        id: player.id,
        changes: roll === 0 ? { note: `table ${round}` } : roll === 1 && teamSize === 1 ? { familyName: player.familyName ? '' : player.name.split(' ').slice(-1)[0] } : { name: `${player.name} Jr` },
      });
    }
    if (round === plan.rounds) break;
    // Drops (never below the floor), and now and then a reinstatement.
    for (const player of activePlayers(now(), round + 1)) {
      if (activePlayers(now(), round + 1).length <= floor) break;
      if (rng.int(0, 999) < plan.dropRate * 1000) run({ type: 'drop-player', id: player.id });
    }
    const dropped = now().players.filter((p) => p.droppedAfterRound !== undefined);
    if (dropped.length > 0 && rng.int(0, 4) === 0) run({ type: 'reinstate-player', id: pick(rng, dropped).id });
  }
  if (plan.cut !== 'none' && now().rounds.every((r) => r.tables.every((t) => t.result !== undefined))) playoff(plan, rng, run, now);
  return { state: now(), commands };
}

/** Make a cut the field allows (any of them) and play the playoff as the plan says. */
function playoff(plan: Plan, rng: Rng, run: (command: Command) => void, now: () => EventState): void {
  const ruleset = getRuleset(plan.ruleset);
  const eligible = now().players.filter((p) => p.droppedAfterRound === undefined).length;
  const cuts = ruleset.playoffCuts.filter((k) => k <= eligible);
  let cut: ReturnType<typeof ruleset.playoff> | undefined;
  let top = 0;
  let draft = false;
  for (const k of rng.shuffle(cuts)) {
    draft = plan.draft && ruleset.family === 'head-to-head' && k === 8;
    try {
      cut = ruleset.playoff(now(), { top: k, draft }, rng.seed());
      top = k;
      break;
    } catch {
      // not this cut (Lightseekers: the structure fixes it)
    }
  }
  if (!cut) return;
  run({ type: 'start-playoff', top, draft, seeds: [...cut.seeds] });
  if (plan.dropsAfterCut) run({ type: 'drop-player', id: pick(rng, cut.seeds) });
  if (plan.cut === 'cut-only') return;
  for (let guard = 0; guard < 6; guard++) {
    let proposal: PairingProposal | null;
    try {
      proposal = ruleset.nextPlayoffRound(now(), rng.seed());
    } catch {
      return; // e.g. a Lightseekers tie the organiser must decide
    }
    if (!proposal) return;
    run(pairCommand(now(), proposal, 'playoff', rng, (proposal.seatChoice?.length ?? 0) > 0));
    const round = now().rounds[now().rounds.length - 1]!;
    const stop = plan.cut === 'partial' && rng.int(0, 1) === 0;
    round.tables.forEach((table, i) => {
      if (stop && plan.unfinished && i === 0) return;
      run({ type: 'record-result', round: round.number, table: table.table, result: randomResult(now(), table, 'playoff', rng) as unknown as Record<string, unknown> });
    });
    if (stop) return;
    if (plan.dropsAfterCut && rng.int(0, 2) === 0) {
      const still = round.tables.flatMap((t) => t.seats).filter((id) => now().players.find((p) => p.id === id)?.droppedAfterRound === undefined);
      if (still.length > 0) run({ type: 'drop-player', id: pick(rng, still) });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The round trip, and what must come out the same

/** State → transcript text → validated transcript → the journal import writes → the new save's state. */
function roundTrip(state: EventState): { transcript: Transcript; text: string; again: EventState } {
  const transcript = stateToTranscript(state);
  const text = formatTranscript(transcript);
  const read = validateTranscript(parseJson(text));
  let again: EventState | undefined;
  for (const command of transcriptToCommands(read)) again = apply(again, command);
  return { transcript, text, again: again as EventState };
}

/** The rounds without their pairing seeds (a transcript carries none: they seed nothing afterwards). */
const rounds = (state: EventState) => state.rounds.map(({ seed: _seed, ...round }) => round);

/** What would be paired next (or the refusal, in words). */
function nextPairing(state: EventState): unknown {
  const ruleset = getRuleset(state.ruleset);
  try {
    return state.playoff ? ruleset.nextPlayoffRound(state, 77) : ruleset.pair(state, 77);
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

function expectSameEvent(state: EventState, again: EventState): void {
  const ruleset = getRuleset(state.ruleset);
  expect(again.ruleset).toBe(state.ruleset);
  expect(again.seed).toBe(state.seed);
  expect(again.settings).toEqual(state.settings);
  expect(again.players).toEqual(state.players);
  expect(rounds(again)).toEqual(rounds(state));
  expect(again.playoff).toEqual(state.playoff);
  expect(ruleset.standings(again)).toEqual(ruleset.standings(state));
  expect(finalStandings(again)).toEqual(finalStandings(state));
  expect(nextPairing(again)).toEqual(nextPairing(state));
}

function checkPlan(plan: Plan): void {
  const { state } = buildEvent(plan);
  const { transcript, again } = roundTrip(state);
  expect(transcript.transcript).toBe(2);
  expectSameEvent(state, again);
  // And the transcript of the new save is the same transcript.
  expect(stateToTranscript(again)).toEqual(transcript);
}

/** What an event holds, for the coverage check of the plans. */
function featuresOf(state: EventState, transcript: Transcript): string[] {
  const family = getRuleset(state.ruleset).family;
  const out: string[] = [state.ruleset];
  const add = (yes: boolean, feature: string): void => void (yes && out.push(feature));
  const playoffRounds = state.rounds.filter((r) => r.stage === 'playoff');
  add(state.players.some((p) => p.joinedRound > 1), `late entry ${family}`);
  add(state.rounds.some((r) => r.byes.some((b) => b.kind === 'awarded')), 'awarded bye');
  add(state.players.some((p) => p.draftPod !== undefined), 'draft pods');
  add(state.settings.twoHeadedGiant, 'two-headed giant');
  add(state.settings.teamSize === 2 && !state.settings.twoHeadedGiant, 'teams of 2');
  add(state.settings.teamSize === 3, 'teams of 3');
  add(state.players.some((p) => p.familyName !== undefined), 'family name');
  add(state.players.some((p) => p.note !== undefined), 'note');
  add(state.players.some((p) => p.droppedAfterRound !== undefined), `drop ${family}`);
  add(state.rounds.some((r) => r.tables.some((t) => t.noShow)), `no-show ${family}`);
  add(state.rounds.some((r) => r.tables.some((t) => t.result === undefined)), `unfinished ${family}`);
  if (family === 'pods') out.push(`pod size ${state.settings.podSize}`);
  if (state.playoff) out.push(`top ${state.playoff.top}${state.playoff.draft ? ' draft' : ''} ${family}`);
  add(state.playoff !== undefined && playoffRounds.length === 0, `cut without a round ${family}`);
  add(playoffRounds.some((r) => r.byes.length > 0), `playoff bye ${family}`);
  add(playoffRounds.some((r) => (r.waiting ?? []).length > 0), `waiting ${family}`);
  add(state.players.some((p) => p.droppedAfterRound !== undefined && state.playoff?.seeds.includes(p.id) === true), `drop after the cut ${family}`);
  add(finalStandings(state)?.[0]?.playoff === 'champion', `champion ${family}`);
  add(transcript.playoff !== undefined, `"playoff" written ${family}`);
  add(state.playoff !== undefined && transcript.playoff === undefined, `cut read off the rounds ${family}`);
  return out;
}

const EXPECTED_FEATURES = [
  'mtr', 'mstr-2022', 'mamtr-2024', 'lightseekers-casual', 'lightseekers-competitive', 'lightseekers-large',
  'late entry head-to-head', 'late entry pods', 'late entry lightseekers', 'awarded bye', 'draft pods',
  'two-headed giant', 'teams of 2', 'teams of 3', 'family name', 'note',
  'drop head-to-head', 'drop pods', 'drop lightseekers', 'no-show head-to-head', 'no-show pods',
  'unfinished head-to-head', 'unfinished pods', 'pod size 3', 'pod size 4', 'pod size 5',
  'top 2 head-to-head', 'top 4 head-to-head', 'top 8 head-to-head', 'top 8 draft head-to-head', 'top 4 pods', 'top 7 pods', 'top 10 pods',
  'top 13 pods', 'top 16 pods', 'cut without a round head-to-head', 'cut without a round pods', 'cut without a round lightseekers',
  'playoff bye head-to-head', 'waiting pods', 'drop after the cut head-to-head', 'drop after the cut pods', 'drop after the cut lightseekers',
  'champion head-to-head', 'champion pods', 'champion lightseekers', '"playoff" written head-to-head', 'cut read off the rounds head-to-head',
  'cut read off the rounds pods', 'cut read off the rounds lightseekers',
];

// ---------------------------------------------------------------------------------------------
// Plans per rule set

const common = {
  seed: fc.integer({ min: 1, max: 2 ** 30 }),
  dropRate: fc.constantFrom(0, 0.05, 0.15),
  cut: fc.constantFrom<CutPlan>('none', 'cut-only', 'partial', 'full', 'full'),
  dropsAfterCut: fc.boolean(),
  unfinished: fc.boolean(),
  announceFewer: fc.boolean(),
};

const mtrPlan: fc.Arbitrary<Plan> = fc
  .record({
    ...common,
    kind: fc.constantFrom('individual', 'individual', 'teams-2', 'teams-3', '2hg', 'draft'),
    players: fc.integer({ min: 8, max: 22 }),
    rounds: fc.integer({ min: 2, max: 5 }),
    lateEntries: fc.integer({ min: 0, max: 3 }),
    awardedByes: fc.boolean(),
    gamesToWin: fc.constantFrom(1, 2, 3),
    rel: fc.constantFrom('regular' as const, 'competitive' as const),
    lateEntryRecord: fc.constantFrom('loss' as const, 'none' as const),
    draft: fc.boolean(),
  })
  .map(({ kind, gamesToWin, rel, lateEntryRecord, ...rest }) => {
    const settings: SettingsPatch =
      kind === '2hg'
        ? { twoHeadedGiant: true }
        : kind === 'teams-2'
          ? { teamSize: 2, gamesToWin }
          : kind === 'teams-3'
            ? { teamSize: 3, gamesToWin }
            : kind === 'draft'
              ? { format: 'draft', gamesToWin }
              : { gamesToWin };
    return { ...rest, ruleset: 'mtr' as const, settings: { ...settings, rel, lateEntryRecord }, draftPods: kind === 'draft' ? 2 : 0 };
  });

const podPlan: fc.Arbitrary<Plan> = fc
  .record({
    ...common,
    ruleset: fc.constantFrom<RulesetId>('mstr-2022', 'mamtr-2024'),
    podSize: fc.integer({ min: 3, max: 5 }),
    rel: fc.constantFrom('regular' as const, 'competitive' as const),
    players: fc.integer({ min: 9, max: 30 }),
    rounds: fc.integer({ min: 2, max: 4 }),
    lateEntries: fc.integer({ min: 0, max: 4 }),
  })
  .map(({ podSize, rel, ...rest }) => ({ ...rest, settings: { podSize, rel }, awardedByes: false, draftPods: 0, draft: false }));

const lightseekersPlan: fc.Arbitrary<Plan> = fc
  .record({
    ...common,
    structure: fc.constantFrom('casual', 'competitive', 'large'),
    size: fc.integer({ min: 0, max: 1000 }),
  })
  .map(({ structure, size, ...rest }) => {
    const [min, max, rounds] = structure === 'casual' ? [7, 25, 1] : structure === 'competitive' ? [8, 24, 3] : [26, 40, 3];
    return {
      ...rest,
      ruleset: `lightseekers-${structure}` as RulesetId,
      settings: {},
      players: min + (size % (max - min + 1)),
      rounds,
      lateEntries: structure === 'casual' ? 0 : size % 3,
      awardedByes: false,
      draftPods: 0,
      draft: false,
      dropRate: structure === 'casual' ? 0 : rest.dropRate,
      cut: rest.cut === 'none' ? 'full' : rest.cut,
    } satisfies Plan;
  });

describe('save → transcript → save: the same event (property, every rule set)', () => {
  it('mtr: individual, teams of 2 and 3, Two-Headed Giant, draft pods, awarded byes, late entries, drops, every cut', () => {
    fc.assert(fc.property(mtrPlan, checkPlan), { numRuns: Number(process.env.RUNS ?? 100) });
  });

  it('mstr-2022 and mamtr-2024: pods of 3 to 5, both RELs, late entries, drops, every cut that fits', () => {
    fc.assert(fc.property(podPlan, checkPlan), { numRuns: Number(process.env.RUNS ?? 30) });
  });

  it('lightseekers casual, competitive and large: finals, group finals and the grand final', () => {
    fc.assert(fc.property(lightseekersPlan, checkPlan), { numRuns: Number(process.env.RUNS ?? 60) });
  });

  it('the plans make every kind of event (a fixed sample)', () => {
    const seen = new Set<string>();
    for (const [arbitrary, count] of [[mtrPlan, 80], [podPlan, 40], [lightseekersPlan, 30]] as const)
      for (const plan of fc.sample(arbitrary, { seed: 42, numRuns: count })) {
        const { state } = buildEvent(plan);
        for (const feature of featuresOf(state, stateToTranscript(state))) seen.add(feature);
      }
    const missing = EXPECTED_FEATURES.filter((f) => !seen.has(f));
    expect(missing, [...seen].sort().join(', ')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The command line with real files: a .podium save → export → import → a new save

const tmp = tempDir('podium-roundtrip-');
afterAll(() => tmp.cleanup());

/** One rich event per rule set: late entries, drops, a cut with drops after it, the playoff played. */
const CLI_PLANS: Plan[] = [
  {
    ruleset: 'mtr',
    settings: { rel: 'competitive', gamesToWin: 2 },
    players: 14,
    rounds: 4,
    seed: 101,
    dropRate: 0.1,
    lateEntries: 2,
    awardedByes: true,
    draftPods: 0,
    cut: 'full',
    draft: false,
    dropsAfterCut: true,
    unfinished: false,
    announceFewer: true,
  },
  { ruleset: 'mtr', settings: { twoHeadedGiant: true }, players: 10, rounds: 3, seed: 102, dropRate: 0, lateEntries: 1, awardedByes: false, draftPods: 0, cut: 'full', draft: false, dropsAfterCut: false, unfinished: false, announceFewer: false },
  { ruleset: 'mtr', settings: { teamSize: 3 }, players: 9, rounds: 3, seed: 103, dropRate: 0.1, lateEntries: 1, awardedByes: false, draftPods: 0, cut: 'full', draft: false, dropsAfterCut: false, unfinished: false, announceFewer: false },
  { ruleset: 'mtr', settings: { format: 'draft' }, players: 16, rounds: 3, seed: 104, dropRate: 0, lateEntries: 0, awardedByes: false, draftPods: 2, cut: 'full', draft: true, dropsAfterCut: true, unfinished: false, announceFewer: false },
  { ruleset: 'mstr-2022', settings: { podSize: 4, rel: 'competitive' }, players: 22, rounds: 3, seed: 105, dropRate: 0.05, lateEntries: 2, awardedByes: false, draftPods: 0, cut: 'full', draft: false, dropsAfterCut: true, unfinished: false, announceFewer: false },
  { ruleset: 'mamtr-2024', settings: { podSize: 5 }, players: 27, rounds: 3, seed: 106, dropRate: 0.05, lateEntries: 3, awardedByes: false, draftPods: 0, cut: 'full', draft: false, dropsAfterCut: true, unfinished: false, announceFewer: false },
  { ruleset: 'lightseekers-casual', settings: {}, players: 13, rounds: 1, seed: 107, dropRate: 0, lateEntries: 0, awardedByes: false, draftPods: 0, cut: 'full', draft: false, dropsAfterCut: false, unfinished: false, announceFewer: false },
  { ruleset: 'lightseekers-competitive', settings: {}, players: 15, rounds: 3, seed: 108, dropRate: 0.05, lateEntries: 1, awardedByes: false, draftPods: 0, cut: 'full', draft: false, dropsAfterCut: true, unfinished: false, announceFewer: false },
  { ruleset: 'lightseekers-large', settings: {}, players: 34, rounds: 3, seed: 109, dropRate: 0.05, lateEntries: 2, awardedByes: false, draftPods: 0, cut: 'full', draft: false, dropsAfterCut: false, unfinished: false, announceFewer: false },
];

function ok(argv: string[]): string {
  const run = cli(argv);
  expect(run.stderr, argv.join(' ')).toBe('');
  expect(run.code, argv.join(' ')).toBe(0);
  return run.stdout;
}

/** A command's whole outcome, with the file's name taken out of any message. */
function outcome(argv: string[], file: string): { code: number; stdout: string; stderr: string } {
  const run = cli(argv);
  return { code: run.code, stdout: run.stdout, stderr: run.stderr.split(file).join('FILE') };
}

describe('save → export → import → save through the command line, real files', () => {
  CLI_PLANS.forEach((plan, i) => {
    const label = `${plan.ruleset} ${JSON.stringify(plan.settings)}`;
    it(label, () => {
      const { state, commands } = buildEvent(plan);
      const original = tmp.file(`${i}-original.podium`, '');
      // A station's save: the same commands, written by the host's event store.
      const fixed = () => new Date('2026-05-01T18:00:00.000Z');
      rmFile(original);
      writeEventSaveSync(original, commands, { station: 'station-1', now: fixed });
      const transcript = path.join(tmp.dir, `${i}-event.json`);
      const copy = path.join(tmp.dir, `${i}-copy.podium`);
      expect(ok(['export', original, '--out', transcript])).toMatch(/^Exported .* to .*event\.json: \d+ players, \d+ rounds? \(transcript version 2\)\n$/);
      expect((JSON.parse(readFileSync(transcript, 'utf8')) as Transcript).transcript).toBe(2);
      expect(ok(['import', transcript, '--out', copy])).toMatch(/^Imported .* into .*copy\.podium: \d+ commands/);

      // The saves as the command line reads them: the same event.
      const before = saveIo.readSave(original).state;
      const after = saveIo.readSave(copy).state;
      expect(before.rounds.length).toBe(state.rounds.length);
      expectSameEvent(before, after);

      // Every reading command says the same of both saves (and of the transcript).
      const argvs = [['standings', '--json'], ['standings'], ['standings', '--final', '--json'], ['pair', '--json']];
      for (const [command, ...flags] of argvs) {
        const want = outcome([command as string, original, ...flags], original);
        expect(outcome([command as string, copy, ...flags], copy), `${command} ${flags.join(' ')}`).toEqual(want);
        expect(outcome([command as string, transcript, ...flags], transcript), `${command} ${flags.join(' ')} (transcript)`).toEqual(want);
      }
      // The new save exports to the same transcript.
      const again = path.join(tmp.dir, `${i}-again.json`);
      ok(['export', copy, '--out', again]);
      expect(readFileSync(again, 'utf8')).toBe(readFileSync(transcript, 'utf8'));
    });
  });
});

function rmFile(file: string): void {
  rmSync(file, { force: true });
}
