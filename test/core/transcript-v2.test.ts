/**
 * Transcript version 2 (shared/conformance/README.md "Version 2"), hand-made cases: every field the
 * README adds read into the event and written back, the problems each can have named in one line,
 * the penalty log read, imported and written back, and Podium's own fields (`playoff`, `waiting`, `noShow`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { finalStandings } from '../../core/rulesets/final-standings.js';
import {
  type Transcript,
  formatTranscript,
  loadTranscript,
  parseTranscript,
  registrationDraws,
  stateToTranscript,
  transcriptToCommands,
  transcriptToState,
} from '../../core/transcript/index.js';
import { cli, tempDir } from '../support/cli.js';
import { conformanceCasesDir } from '../support/paths.js';
import { clone, mtrSix } from '../support/transcripts.js';

const text = (t: unknown): string => JSON.stringify(t, null, 1);

function problem(input: unknown): PodiumError {
  try {
    parseTranscript(text(input));
  } catch (error) {
    expect(error).toBeInstanceOf(PodiumError);
    expect((error as PodiumError).message).not.toContain('\n');
    return error as PodiumError;
  }
  throw new Error('expected the transcript to be rejected');
}

const standing = (state: EventState, id: string) => getRuleset(state.ruleset).standings(state).find((s) => s.id === id);

/**
 * Five players, two rounds (the README's player fields): Aoife with her family name, note and draw;
 * Bo with an awarded bye for round 1; Eve entering in round 2.
 * Round 1: Bo awarded bye, Dana pairing bye, Aoife 2–0 Cian. Round 2: Aoife 2–1 Bo, Dana 1–2 Eve,
 * Cian bye.
 */
function readmeEvent(): Transcript {
  return {
    transcript: 2,
    ruleset: 'mtr',
    settings: { lateEntryRecord: 'loss' },
    seed: 5,
    players: [
      { id: 'p01', name: 'Aoife Ní Bhriain', family: 'Ní Bhriain', note: 'Galway', draw: 48213 },
      { id: 'p02', name: 'Bo Berg', awardedByes: 1 },
      { id: 'p03', name: 'Cian Mac Giolla', family: 'Mac Giolla' },
      { id: 'p04', name: 'Dana Diaz' },
      { id: 'p05', name: 'Eve Ek', entersRound: 2, draw: 7 },
    ],
    rounds: [
      { stage: 'swiss', tables: [{ table: 1, seats: ['p01', 'p03'], result: { games: [2, 0, 0] } }], byes: ['p02', 'p04'] },
      {
        stage: 'swiss',
        tables: [
          { table: 1, seats: ['p01', 'p02'], result: { games: [2, 1, 0] } },
          { table: 2, seats: ['p04', 'p05'], result: { games: [1, 2, 0] } },
        ],
        byes: ['p03'],
      },
    ],
  };
}

describe('version 2: players', () => {
  it('family names, notes, draws, late entries and awarded byes reach the event', () => {
    const state = transcriptToState(readmeEvent());
    const [aoife, bo, cian, dana, eve] = state.players;
    expect(aoife).toMatchObject({ name: 'Aoife Ní Bhriain', familyName: 'Ní Bhriain', note: 'Galway', draw: 48213, joinedRound: 1 });
    expect(bo).toMatchObject({ awardedByes: 1, joinedRound: 1 });
    expect(cian?.familyName).toBe('Mac Giolla');
    // A player without a draw gets the seed's draw for their place in the list (as version 1).
    const drawn = registrationDraws(5);
    const expected = [0, 1, 2, 3].map(() => drawn());
    expect(bo?.draw).toBe(expected[1]);
    expect(dana?.draw).toBe(expected[3]);
    expect(eve).toMatchObject({ joinedRound: 2, draw: 7 });
    // Bo's bye is the awarded one, Dana's a pairing bye.
    expect(state.rounds[0]?.byes).toEqual([
      { player: 'p02', kind: 'awarded' },
      { player: 'p04', kind: 'pairing' },
    ]);
  });

  it('a late entry gets the missed rounds as the lateEntryRecord setting says', () => {
    // MTR: win 3, bye 3 (a 2–0 win), loss 0. Eve: a late-entry loss, then a win.
    const withLoss = transcriptToState(readmeEvent());
    expect(standing(withLoss, 'p01')).toMatchObject({ points: 6, record: { wins: 2, losses: 0, draws: 0, byes: 0 } });
    expect(standing(withLoss, 'p02')).toMatchObject({ points: 3, record: { wins: 0, losses: 1, draws: 0, byes: 1 } });
    expect(standing(withLoss, 'p05')).toMatchObject({ points: 3, record: { wins: 1, losses: 1, draws: 0, byes: 0 } });
    // Eve's GW%: 2 game wins of 3 games played + 2 lost games for the missed round = 6 / (3 × 5) = 0.4.
    expect(standing(withLoss, 'p05')?.tiebreakers.gw).toBeCloseTo(0.4, 10);
    const none = readmeEvent();
    none.settings = { lateEntryRecord: 'none' };
    const withNone = transcriptToState(none);
    expect(standing(withNone, 'p05')).toMatchObject({ points: 3, record: { wins: 1, losses: 0, draws: 0, byes: 0 } });
    expect(standing(withNone, 'p05')?.tiebreakers.gw).toBeCloseTo(6 / 9, 10);
  });

  it('awarded byes the rounds leave out are the player’s byes (README: they count as bye rounds)', () => {
    const t = readmeEvent();
    t.rounds[0]!.byes = ['p04'];
    const state = transcriptToState(t);
    expect(state.rounds[0]?.byes).toEqual([
      { player: 'p04', kind: 'pairing' },
      { player: 'p02', kind: 'awarded' },
    ]);
    expect(standing(state, 'p02')?.points).toBe(3);
  });

  it('teams: members with their seats', () => {
    const t = teamEvent();
    const state = transcriptToState(t);
    expect(state.players[0]?.members).toEqual([
      { seat: 'A', name: 'Ana Costa' },
      { seat: 'B', name: 'Bo Berg' },
    ]);
  });

  it('problems with a player, one line each', () => {
    const late = readmeEvent();
    late.rounds[0]!.tables[0]!.seats = ['p01', 'p05'];
    expect(problem(late).message).toBe('round 1, table 1: Eve Ek (p05) enters in round 2 (entersRound) and cannot play round 1');
    const past = readmeEvent();
    past.players[4]!.entersRound = 4;
    expect(problem(past).message).toBe('players[4]: Eve Ek (p05) has entersRound 4, but the transcript has 2 rounds: a late entry enters in round 3 at the latest');
    const early = readmeEvent();
    early.players[4]!.entersRound = 3;
    early.rounds[1]!.tables[1]!.seats = ['p04', 'p03'];
    early.rounds[1]!.byes = [];
    early.rounds[0]!.drops = ['p05'];
    expect(problem(early).message).toBe('round 1, drops: Eve Ek (p05) enters in round 3 (entersRound) and cannot drop after round 1');
    const control = clone(readmeEvent());
    control.players[3]!.name = 'Dana\u202eDiaz';
    expect(problem(control).message).toBe(
      'players[3].name: the name "Dana\uFFFDDiaz" contains a control character (U+202E RIGHT-TO-LEFT OVERRIDE); type the name without it',
    );
    const unknown = clone(readmeEvent()) as unknown as { players: Record<string, unknown>[] };
    unknown.players[0]!.familyName = 'Ní Bhriain';
    expect(problem(unknown).message).toBe('players[0]: unknown field "familyName"');
    const byes = clone(readmeEvent());
    byes.players[1]!.awardedByes = 4;
    expect(problem(byes).message).toMatch(/^players\[1\]\.awardedByes: /);
    const emptyFamily = clone(readmeEvent());
    emptyFamily.players[0]!.family = ' ';
    expect(problem(emptyFamily).message).toMatch(/^players\[0\]\.family: a family name cannot be empty/);
    const team = teamEvent();
    delete team.players[1]!.members;
    expect(problem(team).message).toBe('players[1]: The Twins: a team of this event has 2 members (seats A, B)');
    const member = clone(teamEvent()) as unknown as { players: { members: Record<string, unknown>[] }[] };
    member.players[0]!.members[0]!.dci = 42;
    expect(problem(member).message).toBe('players[0].members[0]: unknown field "dci"');
  });
});

/** Teams of 2 (MTR 8): one round, two tables. */
function teamEvent(): Transcript {
  return {
    transcript: 2,
    ruleset: 'mtr',
    settings: { teamSize: 2 },
    seed: 3,
    players: [
      { id: 't1', name: 'Costa & Berg', members: [{ name: 'Ana Costa', seat: 'A' }, { name: 'Bo Berg', seat: 'B' }] },
      { id: 't2', name: 'The Twins', members: [{ name: 'Kim Lee', seat: 'A' }, { name: 'Kai Lee', seat: 'B' }] },
      { id: 't3', name: 'Mac Giolla', members: [{ name: 'Cian Mac Giolla', seat: 'A' }, { name: 'Aoife Mac Giolla', seat: 'B' }] },
      { id: 't4', name: 'Dvořák', members: [{ name: 'Jana Dvořák', seat: 'A' }, { name: 'Petr Dvořák', seat: 'B' }] },
    ],
    rounds: [
      {
        tables: [
          // Seat A to t1, seat B to t2: a drawn team match.
          { table: 1, seats: ['t1', 't2'], result: { seatGames: [[2, 1, 0], [0, 2, 0]] } },
          { table: 2, seats: ['t3', 't4'], result: { seatGames: [[2, 0, 0], [2, 1, 1]] } },
        ],
      },
    ],
  };
}

describe('version 2: team and Two-Headed Giant results', () => {
  it('seatGames: one triple per seat; the team with more seat matches won wins', () => {
    const state = transcriptToState(teamEvent());
    expect(state.rounds[0]?.tables[0]?.result).toEqual({ games: [1, 1, 0], matches: [[2, 1, 0], [0, 2, 0]] });
    expect(state.rounds[0]?.tables[1]?.result).toEqual({ games: [2, 0, 0], matches: [[2, 0, 0], [2, 1, 1]] });
    expect(standing(state, 't1')?.points).toBe(1);
    expect(standing(state, 't3')?.points).toBe(3);
    // Written back in the README's form.
    expect(stateToTranscript(state).rounds[0]?.tables.map((t) => t.result)).toEqual([{ seatGames: [[2, 1, 0], [0, 2, 0]] }, { seatGames: [[2, 0, 0], [2, 1, 1]] }]);
  });

  it('a team result in another form is named', () => {
    const matches = teamEvent();
    matches.rounds[0]!.tables[0]!.result = { matches: [[2, 1, 0], [0, 2, 0]] };
    expect(problem(matches).message).toBe(
      `round 1, table 1: unknown field "matches" in a team result; a version-2 team result is { "seatGames": [seat A, seat B] }, each [game wins of the first team's player, of the second team's player, drawn games]`,
    );
    const short = teamEvent();
    short.rounds[0]!.tables[1]!.result = { seatGames: [[2, 0, 0]] };
    expect(problem(short).message).toMatch(/^round 1, table 2: a team of 2 plays 2 seat matches, so "seatGames" lists 2 triples/);
    const bad = teamEvent();
    bad.rounds[0]!.tables[1]!.result = { seatGames: [[2, 0, 0], [3, 0, 0]] };
    expect(problem(bad).message).toMatch(/^round 1, table 2: Mac Giolla v Dvořák, seat B: 3 game wins for Mac Giolla's player is more than a best-of-3 match/);
    const individual = readmeEvent();
    individual.rounds[0]!.tables[0]!.result = { seatGames: [[2, 0, 0]] };
    expect(problem(individual).message).toMatch(/^round 1, table 1: "seatGames" is for team events of 2 or 3 seats/);
    // Version 1 keeps the form the rule set takes ("matches"), as it always read.
    const v1 = { ...teamEvent(), transcript: 1 as const, players: teamEvent().players.map(({ id, name }) => ({ id, name })) };
    expect(() => parseTranscript(text(v1))).toThrow(/a team of this event has 2 members/);
  });

  it('Two-Headed Giant: a played drawn game and an intentional draw are different records', () => {
    const t: Transcript = {
      transcript: 2,
      ruleset: 'mtr',
      settings: { twoHeadedGiant: true },
      seed: 9,
      players: ['a', 'b', 'c', 'd'].map((id) => ({ id, name: `Team ${id.toUpperCase()}`, members: [{ name: `${id} one`, seat: 'A' as const }, { name: `${id} two`, seat: 'B' as const }] })),
      rounds: [
        {
          tables: [
            { table: 1, seats: ['a', 'b'], result: { games: [0, 0, 1] } },
            { table: 2, seats: ['c', 'd'], result: { games: [0, 0, 0], intentionalDraw: true } },
          ],
        },
      ],
    };
    const state = transcriptToState(t);
    expect(state.rounds[0]?.tables.map((x) => x.result)).toEqual([{ games: [0, 0, 1] }, { games: [0, 0, 0], intentionalDraw: true }]);
    // Both are a drawn match: 1 point each.
    for (const id of ['a', 'b', 'c', 'd']) expect(standing(state, id)).toMatchObject({ points: 1, record: { wins: 0, losses: 0, draws: 1 } });
    expect(stateToTranscript(state).rounds[0]?.tables.map((x) => x.result)).toEqual(t.rounds[0]!.tables.map((x) => x.result));
  });
});

describe('version 2: the penalty log', () => {
  const withPenalties = (): Transcript => ({
    ...readmeEvent(),
    penalties: [
      { round: 2, table: 1, player: 'p02', infraction: 'Tardiness', penalty: 'game-loss', judge: 'Kim Lee', note: 'arrived 12 minutes late' },
      { round: 1, player: 'p04', infraction: 'Unsporting Conduct — Minor', penalty: 'warning' },
    ],
  });

  it('is read and checked: standings and pairings from the transcript (results already show its effect)', () => {
    const { state } = loadTranscript(text(withPenalties()));
    expect(getRuleset('mtr').standings(state)).toEqual(getRuleset('mtr').standings(transcriptToState(readmeEvent())));
  });

  it('is imported: one record-penalty per entry, after the rounds, and export writes it back', () => {
    const commands = transcriptToCommands(withPenalties());
    expect(commands.slice(-2)).toEqual([
      { type: 'record-penalty', round: 2, table: 1, player: 'p02', infraction: 'Tardiness', penalty: 'game-loss', judge: 'Kim Lee', note: 'arrived 12 minutes late' },
      { type: 'record-penalty', round: 1, player: 'p04', infraction: 'Unsporting Conduct — Minor', penalty: 'warning' },
    ]);
    expect(stateToTranscript(transcriptToState(withPenalties())).penalties).toEqual(withPenalties().penalties);
    // An empty log is no log.
    expect(transcriptToCommands({ ...readmeEvent(), penalties: [] }).length).toBe(transcriptToCommands(readmeEvent()).length);
    // The results must show a game loss: Bo Berg (p02) lost 2–1 at round 2, table 1; p01 won round 1's 2–0.
    const wrong = withPenalties();
    Object.assign(wrong.penalties![0]!, { round: 1, player: 'p01' });
    expect(() => transcriptToState(wrong)).toThrow(/^penalties\[0\]: round 1, table 1 already has a result .*Aoife Ní Bhriain has a game loss there \(Tardiness\), so the result must count at least 1 game they lost \(it counts 0\)/);
  });

  it('each entry is checked against the README, one line naming it', () => {
    const t = withPenalties();
    (t.penalties![0] as { penalty: string }).penalty = 'ban';
    expect(problem(t).message).toBe('penalties[0].penalty: the text "ban" is not allowed (expected one of "warning", "game-loss", "match-loss", "disqualification")');
    const round = withPenalties();
    round.penalties![1]!.round = 5;
    expect(problem(round).message).toBe('penalties[1]: round 5 is not in the transcript (it has 2 rounds)');
    const table = withPenalties();
    table.penalties![0]!.player = 'p04';
    expect(problem(table).message).toBe('penalties[0]: Dana Diaz (p04) did not play at round 2, table 1');
    const who = withPenalties();
    who.penalties![1]!.player = 'p99';
    expect(problem(who).message).toBe('penalties[1]: unknown player id "p99" (not in "players")');
    const extra = clone(withPenalties()) as unknown as { penalties: Record<string, unknown>[] };
    extra.penalties[0]!.points = 3;
    expect(problem(extra).message).toBe('penalties[0]: unknown field "points"');
    const missing = clone(withPenalties()) as unknown as { penalties: Record<string, unknown>[] };
    delete missing.penalties[1]!.infraction;
    expect(problem(missing).message).toBe('penalties[1].infraction: missing (expected a string)');
  });
});

describe('version 2: drops and byes after the cut', () => {
  /** mtrSix with a third round, so that seeds are clear: p01 6, p06 6, … */
  function cutEvent(): { t: Transcript; seeds: string[] } {
    const t = { ...clone(mtrSix()), transcript: 2 as const };
    const seeds = getRuleset('mtr')
      .standings(transcriptToState(t))
      .map((s) => s.id)
      .slice(0, 4);
    return { t, seeds };
  }

  it('a seed who drops after the cut: the highest-ranked remaining player gets the bye (RULES 1), read back exactly', () => {
    const { t, seeds } = cutEvent();
    const [s1, s2, s3, s4] = seeds as [string, string, string, string];
    // Seed 2 drops after the cut, before the semifinals: seed 1 bye, 3 v 4.
    t.rounds[1]!.drops = [s2];
    t.playoff = { top: 4, seeds };
    t.rounds.push({ stage: 'playoff', tables: [{ table: 1, seats: [s3, s4], result: { games: [2, 0, 0] } }], byes: [s1] });
    const state = transcriptToState(t);
    expect(state.playoff).toEqual({ top: 4, draft: false, seeds });
    expect(state.rounds[2]?.byes).toEqual([{ player: s1, kind: 'playoff' }]);
    const final = getRuleset('mtr').nextPlayoffRound(state, 1);
    expect(final?.tables.map((x) => x.seats)).toEqual([[s1, s3]]);
    // What the rule set pairs is what the transcript says.
    const { playoff: _cut, rounds, ...rest } = t;
    const cutOnly = transcriptToState({ ...rest, rounds: rounds.slice(0, 2), playoff: { top: 4, seeds } });
    const proposal = getRuleset('mtr').nextPlayoffRound(cutOnly, 1);
    expect(proposal?.byes).toEqual([{ player: s1, kind: 'playoff' }]);
    expect(proposal?.tables.map((x) => x.seats)).toEqual([[s3, s4]]);
    // Export writes the cut ("playoff"), because the round alone does not show seed 2.
    const back = stateToTranscript(state);
    expect(back.playoff).toEqual({ top: 4, seeds });
    expect(back.rounds[1]?.drops).toEqual([s2]);
    expect(back.rounds[2]?.byes).toEqual([s1]);
    expect(finalStandings(transcriptToState(back))).toEqual(finalStandings(state));
  });

  it('without "playoff", the cut is read off the first playoff round, as the rule set makes it', () => {
    const { t, seeds } = cutEvent();
    const [s1, s2, s3, s4] = seeds as [string, string, string, string];
    t.rounds.push({ stage: 'playoff', tables: [{ table: 1, seats: [s1, s4], result: { games: [2, 1, 0] } }, { table: 2, seats: [s2, s3], result: { games: [0, 2, 0] } }], drops: [s4] });
    const state = transcriptToState(t);
    expect(state.playoff).toEqual({ top: 4, draft: false, seeds });
    expect(state.players.find((p) => p.id === s4)?.droppedAfterRound).toBe(3);
    expect(stateToTranscript(state).playoff).toBeUndefined();
  });

  it('"playoff" and "waiting" are checked', () => {
    const { t, seeds } = cutEvent();
    expect(problem({ ...t, playoff: { top: 4, seeds: seeds.slice(0, 3) } }).message).toBe('playoff: a top 4 cut lists 4 seeds, not 3');
    expect(problem({ ...t, playoff: { top: 2, seeds: [seeds[0], seeds[0]] } }).message).toMatch(/^playoff\.seeds: .* is listed twice$/);
    expect(problem({ ...t, playoff: { top: 2, seeds: ['p01', 'zz'] } }).message).toBe('playoff.seeds[1]: unknown player id "zz" (not in "players")');
    const waiting = clone(t);
    waiting.rounds[0]!.waiting = ['p01'];
    expect(problem(waiting).message).toBe('round 1: "waiting" lists the seeds who skip a playoff round; round 1 is a Swiss round');
  });

  it('pods: the seeds who wait through the first round are read off the cut', () => {
    // 10 players, MAMTR pods of 4 → top 7: seeds 4–7 play, 1–3 wait.
    const players = Array.from({ length: 10 }, (_, i) => ({ id: `q${i}`, name: `Player ${i}` }));
    const t: Transcript = {
      transcript: 2,
      ruleset: 'mamtr-2024',
      settings: { podSize: 4 },
      seed: 2,
      players,
      rounds: [
        {
          tables: [
            { table: 1, seats: ['q0', 'q1', 'q2', 'q3'], result: { winner: 'q0' } },
            { table: 2, seats: ['q4', 'q5', 'q6'], result: { winner: 'q4' } },
            { table: 3, seats: ['q7', 'q8', 'q9'], result: { winner: 'q7' } },
          ],
        },
      ],
    };
    const cut = getRuleset('mamtr-2024').playoff(transcriptToState(t), { top: 7 }, 1);
    t.rounds.push({ stage: 'playoff', tables: cut.tables.map((x) => ({ table: x.table, seats: x.seats, result: { winner: x.seats[0] } })) });
    const state = transcriptToState(t);
    expect(state.playoff).toEqual({ top: 7, draft: false, seeds: cut.seeds });
    expect(state.rounds[1]?.waiting).toEqual(cut.waiting);
    expect(cut.waiting).toHaveLength(3);
    // The final: the three who waited and the pod's winner.
    const final = getRuleset('mamtr-2024').nextPlayoffRound(state, 1);
    expect(final?.tables[0]?.seats).toHaveLength(4);
    expect(stateToTranscript(state).playoff).toBeUndefined();
  });
});

describe('version 2: no-shows (Podium’s "noShow")', () => {
  it('a no-show drops unless the transcript lists them in no drop: then they reported in', () => {
    const t = { ...clone(mtrSix()), transcript: 2 as const };
    t.rounds[0]!.tables[2] = { table: 3, seats: ['p05', 'p06'], result: { games: [0, 2, 0] }, noShow: ['p05'] };
    let state = transcriptToState(t);
    expect(state.rounds[0]?.tables[2]?.noShow).toEqual(['p05']);
    expect(state.players.find((p) => p.id === 'p05')?.droppedAfterRound).toBeUndefined();
    // Listed in round 1's drops: dropped with the result, and not seated after.
    const dropped = clone(t);
    dropped.rounds = dropped.rounds.slice(0, 1);
    dropped.rounds[0]!.drops = ['p05'];
    state = transcriptToState(dropped);
    expect(state.players.find((p) => p.id === 'p05')?.droppedAfterRound).toBe(1);
    expect(stateToTranscript(state).rounds[0]).toMatchObject({ drops: ['p05'], tables: [{}, {}, { noShow: ['p05'] }] });
  });

  it('is checked', () => {
    const t = { ...clone(mtrSix()), transcript: 2 as const };
    t.rounds[0]!.tables[2]!.noShow = ['p01'];
    expect(problem(t).message).toBe('round 1, table 3, noShow: Alice Archer (p01) is not at this table');
    const open = { ...clone(mtrSix()), transcript: 2 as const };
    delete open.rounds[1]!.tables[0]!.result;
    open.rounds[1]!.tables[0]!.noShow = ['p01'];
    expect(problem(open).message).toBe('round 2, table 1: a no-show is recorded with the result, and this table has none');
    const win = { ...clone(mtrSix()), transcript: 2 as const };
    win.rounds[0]!.tables[0]!.noShow = ['p01'];
    expect(problem(win).message).toMatch(/^round 1, table 1: Alice Archer did not show up, so the match is a loss for them \(MTR 2\.10\)/);
  });
});

describe('version 2: settings and rounds', () => {
  it('rounds past the announced number were confirmed (RULES 4): they read', () => {
    const t = { ...clone(mtrSix()), transcript: 2 as const, settings: { swissRounds: 1 } };
    expect(transcriptToState(t).rounds).toHaveLength(2);
    // Version 1 too, as it always did.
    expect(transcriptToState({ ...clone(mtrSix()), settings: { swissRounds: 1 } }).rounds).toHaveLength(2);
  });

  it('export writes every setting and every README field the event has', () => {
    const state = transcriptToState(readmeEvent());
    const back = stateToTranscript(state);
    expect(back.transcript).toBe(2);
    expect(back.settings).toMatchObject({ rel: 'regular', gamesToWin: 2, format: 'constructed', lateEntryRecord: 'loss', teamSize: 1 });
    expect(back.settings).not.toHaveProperty('podSize'); // mtr fixes it (2): not a setting to write
    expect(back.players[0]).toEqual({ id: 'p01', name: 'Aoife Ní Bhriain', family: 'Ní Bhriain', note: 'Galway', draw: 48213 });
    expect(back.players[1]).toMatchObject({ id: 'p02', awardedByes: 1 });
    expect(back.players[4]).toEqual({ id: 'p05', name: 'Eve Ek', draw: 7, entersRound: 2 });
    expect(back.rounds[0]?.byes).toEqual(['p02', 'p04']);
    expect(transcriptToState(back)).toEqual(state);
    expect(stateToTranscript(transcriptToState(parseTranscript(formatTranscript(back))))).toEqual(back);
  });
});

describe('the shared conformance cases, written as version 2', () => {
  const cases = readdirSync(conformanceCasesDir).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'));
  for (const file of cases) {
    it(`${file}: version 1 → event → version 2 → the same event and standings`, () => {
      const v1 = loadTranscript(readFileSync(path.join(conformanceCasesDir, file), 'utf8'));
      expect(v1.transcript.transcript).toBe(1);
      const v2 = stateToTranscript(v1.state);
      expect(v2.transcript).toBe(2);
      const again = loadTranscript(formatTranscript(v2)).state;
      expect(again.players).toEqual(v1.state.players);
      expect(getRuleset(again.ruleset).standings(again)).toEqual(getRuleset(v1.state.ruleset).standings(v1.state));
    });
  }
});

describe('the command line reads version 2 (real files)', () => {
  const tmp = tempDir('podium-v2-');
  afterAll(() => tmp.cleanup());

  it('standings, pair and export of an imported version-2 transcript; import keeps a penalty log', () => {
    const file = tmp.file('readme.json', readmeEvent());
    const save = path.join(tmp.dir, 'readme.podium');
    const imported = cli(['import', file, '--out', save]);
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toMatch(/^Imported .*readme\.json into .*readme\.podium: \d+ commands \(transcript version 2, 5 players, 2 rounds\)\n$/);
    for (const argv of [['standings', '--json'], ['pair', '--json']]) {
      const fromTranscript = cli([argv[0]!, file, ...argv.slice(1)]);
      expect(fromTranscript.code, fromTranscript.stderr).toBe(0);
      expect(cli([argv[0]!, save, ...argv.slice(1)]).stdout).toBe(fromTranscript.stdout);
    }
    const out = path.join(tmp.dir, 'back.json');
    expect(cli(['export', save, '--out', out]).code).toBe(0);
    expect(cli(['standings', out, '--json']).stdout).toBe(cli(['standings', file, '--json']).stdout);

    const penalties = tmp.file('penalties.json', { ...readmeEvent(), penalties: [{ round: 1, player: 'p04', infraction: 'Tardiness', penalty: 'warning' }] });
    expect(cli(['standings', penalties]).code).toBe(0);
    const kept = path.join(tmp.dir, 'penalties.podium');
    expect(cli(['import', penalties, '--out', kept])).toMatchObject({ code: 0, stderr: '' });
    const back = path.join(tmp.dir, 'penalties-back.json');
    expect(cli(['export', kept, '--out', back]).code).toBe(0);
    expect(JSON.parse(readFileSync(back, 'utf8')).penalties).toEqual([{ round: 1, player: 'p04', infraction: 'Tardiness', penalty: 'warning' }]);

    const unknown = tmp.file('unknown.json', { ...readmeEvent(), judges: ['Kim Lee'] });
    const run = cli(['standings', unknown]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `${unknown}: the transcript: unknown field "judges"\n` });
  });
});
