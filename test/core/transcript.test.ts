import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { createRng, deriveSeed } from '../../core/random/rng.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { simulateEvent } from '../../core/simulate.js';
import {
  type Transcript,
  formatTranscript,
  loadTranscript,
  locateJsonFault,
  parseTranscript,
  stateToTranscript,
  transcriptToCommands,
  transcriptToState,
} from '../../core/transcript/index.js';
import { conformanceCasesDir } from '../support/paths.js';
import { clone, mtrSix } from '../support/transcripts.js';

const text = (t: unknown): string => JSON.stringify(t, null, 1);

function problem(input: string | Transcript): PodiumError {
  try {
    parseTranscript(typeof input === 'string' ? input : text(input));
  } catch (error) {
    expect(error).toBeInstanceOf(PodiumError);
    const message = (error as PodiumError).message;
    expect(message).not.toContain('\n');
    return error as PodiumError;
  }
  throw new Error('expected the transcript to be rejected');
}

function standingsOf(state: EventState) {
  return getRuleset(state.ruleset)
    .standings(state)
    .map((s) => ({ rank: s.rank, id: s.id, points: s.points, dropped: s.dropped, tiebreakers: s.tiebreakers }));
}

describe('parseTranscript: valid transcripts', () => {
  it('reads the mtr conformance case', () => {
    const { transcript, state } = loadTranscript(readFileSync(path.join(conformanceCasesDir, 'mtr-9-players.json'), 'utf8'));
    expect(transcript.ruleset).toBe('mtr');
    expect(state.players).toHaveLength(9);
    expect(state.rounds).toHaveLength(4);
    expect(state.seed).toBe(1);
    expect(state.rounds[0]?.byes).toEqual([{ player: 'p001', kind: 'pairing' }]);
  });

  it('accepts a byte-order mark and settings', () => {
    const t = { ...mtrSix(), settings: { gamesToWin: 3, rel: 'competitive' as const } };
    t.rounds[0]!.tables[0]!.result = { games: [3, 0, 0] };
    const state = transcriptToState(parseTranscript(`\ufeff${text(t)}`));
    expect(state.settings.gamesToWin).toBe(3);
    expect(state.settings.rel).toBe('competitive');
  });

  it('keeps an unfinished table without a result', () => {
    const t = mtrSix();
    delete t.rounds[1]!.tables[2]!.result;
    const state = transcriptToState(parseTranscript(text(t)));
    expect(state.rounds[1]?.tables[2]?.result).toBeUndefined();
  });
});

describe('parseTranscript: problems, one line each', () => {
  it('malformed JSON names the line, column and position', () => {
    const e = problem('{\n "transcript": 1,\n "ruleset": "mtr",\n "players": [,]\n}');
    expect(e.code).toBe('invalid-input');
    expect(e.message).toMatch(/^malformed JSON at line 4, column 14 \(position \d+\): expected a value/);
    expect(problem('').message).toMatch(/malformed JSON .*empty/);
    expect(problem('{"transcript": 1} x').message).toMatch(/line 1, column 19.*after the end/);
  });

  it('locates the fault of common mistakes', () => {
    expect(locateJsonFault('{"a": 1,}')).toMatchObject({ line: 1, column: 9, position: 8 });
    expect(locateJsonFault('[1, 2')).toMatchObject({ position: 5 });
    expect(locateJsonFault('{"a": tru}')).toMatchObject({ position: 6 });
    expect(locateJsonFault('{"a": "x\ny"}')).toMatchObject({ line: 1, column: 9 });
    expect(locateJsonFault("{'a': 1}").problem).toMatch(/property name in double quotes/);
  });

  it('missing fields are named by their JSON path', () => {
    const t = clone(mtrSix()) as unknown as { rounds: { tables: Record<string, unknown>[] }[] };
    delete t.rounds[1]!.tables[0]!.seats;
    expect(problem(text(t)).message).toBe('rounds[1].tables[0].seats: missing (expected an array)');
    const { players: _players, ...noPlayers } = mtrSix();
    expect(problem(text(noPlayers)).message).toBe('players: missing (expected an array)');
  });

  it('wrong types, unknown fields and versions are named', () => {
    const t = clone(mtrSix()) as unknown as Record<string, unknown> & { rounds: Record<string, unknown>[] };
    t.rounds[0]!.drop = ['p01'];
    expect(problem(text(t)).message).toBe('rounds[0]: unknown field "drop"');
    const u = clone(mtrSix()) as unknown as { players: Record<string, unknown>[] };
    u.players[2]!.id = 3;
    expect(problem(text(u)).message).toBe('players[2].id: expected a string, found the number 3');
    expect(problem(text({ ...mtrSix(), transcript: 3 })).message).toBe('transcript: version 3 is not one this Podium reads (it reads versions 1 and 2)');
    const { transcript: _version, ...noVersion } = mtrSix();
    expect(problem(text(noVersion)).message).toBe('"transcript": 2 is missing (the format version: 1 or 2)');
    const v = clone(mtrSix()) as unknown as { players: Record<string, unknown>[] };
    v.players[0]!.note = 'Galway';
    expect(problem(text(v)).message).toBe('players[0]: unknown field "note" (a version-2 field: write "transcript": 2)');
    expect(problem('[1, 2]').message).toMatch(/a transcript is a JSON object/);
  });

  it('an unknown rule set', () => {
    const e = problem(text({ ...mtrSix(), ruleset: 'chess' }));
    expect(e.code).toBe('unknown-ruleset');
    expect(e.message).toMatch(/^ruleset: unknown rule set "chess" \(known: mtr, mstr-2022/);
    // Every rule set of RULES.md is available now: a Lightseekers transcript without rounds loads.
    expect(loadTranscript(text({ ...mtrSix(), ruleset: 'lightseekers-casual', rounds: [] })).state.ruleset).toBe('lightseekers-casual');
  });

  it('duplicate player ids', () => {
    const t = mtrSix();
    t.players[4] = { id: 'p02', name: 'Bea Twin' };
    const e = problem(t);
    expect(e.code).toBe('duplicate-player');
    expect(e.message).toBe('players[4]: duplicate player id "p02" (Bruno Baker at players[1] and Bea Twin)');
  });

  it('an unknown player id at a table, in the byes or the drops', () => {
    const t = mtrSix();
    t.rounds[1]!.tables[1]!.seats = ['p06', 'p99'];
    const e = problem(t);
    expect(e.code).toBe('unknown-player');
    expect(e.message).toBe('round 2, table 2: unknown player id "p99" (not in "players")');
    const u = mtrSix();
    u.rounds[0]!.drops = ['zz'];
    expect(problem(u).message).toBe('round 1, drops: unknown player id "zz" (not in "players")');
  });

  it('a player seated twice in a round', () => {
    const t = mtrSix();
    t.rounds[0]!.tables[2]!.seats = ['p05', 'p01'];
    const e = problem(t);
    expect(e.code).toBe('seated-twice');
    expect(e.message).toBe('round 1: Alice Archer (p01) is seated twice (table 1 and table 3)');
    const u = mtrSix();
    u.rounds[1]!.byes = ['p04'];
    expect(problem(u).message).toBe('round 2: Dmitri Dvořák (p04) is seated twice (table 3 and the byes)');
  });

  it('a result naming someone not at the table', () => {
    const t = mtrSix();
    t.rounds[0]!.tables[1]!.result = { winner: 'p01' };
    const e = problem(t);
    expect(e.code).toBe('not-at-table');
    expect(e.message).toBe('round 1, table 2: the result names Alice Archer (p01), who is not at this table');
  });

  it('a result the rule set cannot accept is wrapped with its round and table', () => {
    const t = mtrSix();
    t.rounds[1]!.tables[1]!.result = { games: [3, 0, 0] };
    const e = problem(t);
    expect(e.code).toBe('invalid-result');
    expect(e.message).toMatch(/^round 2, table 2: /);
  });

  it('a dropped player seated later is refused with the round', () => {
    const t = mtrSix();
    t.rounds[0]!.drops = ['p02'];
    const e = problem(t);
    expect(e.message).toMatch(/^round 2: Bruno Baker \(p02\) dropped after round 1/);
  });
});

describe('transcriptToCommands', () => {
  it('creates, registers with seeded draws, pairs, records and drops in order', () => {
    const t = mtrSix();
    delete t.seed;
    t.rounds[0]!.drops = ['p05'];
    t.rounds[1]!.tables[2]!.seats = ['p04', 'p03'];
    t.rounds[1]!.tables[0]!.seats = ['p01', 'p06'];
    t.rounds[1]!.tables[1]!.seats = ['p02'];
    t.rounds[1]!.tables = t.rounds[1]!.tables.filter((x) => x.seats.length === 2);
    t.rounds[1]!.byes = ['p02'];
    const commands = transcriptToCommands(t);
    expect(commands.map((c) => c.type)).toEqual([
      'create-event',
      ...Array(6).fill('register-player'),
      'pair-round',
      'record-result',
      'record-result',
      'record-result',
      'drop-player',
      'pair-round',
      'record-result',
      'record-result',
    ]);
    const create = commands[0] as Extract<(typeof commands)[number], { type: 'create-event' }>;
    expect(create.seed).toBe(1);
    const rng = createRng(deriveSeed(1, 0xd4a7));
    const draws = commands.slice(1, 7).map((c) => (c.type === 'register-player' ? c.draw : -1));
    expect(draws).toEqual(Array.from({ length: 6 }, () => rng.int(0, 2 ** 31 - 1)));
    const pair = commands[7];
    expect(pair).toMatchObject({ type: 'pair-round', round: 1, stage: 'swiss', byes: [] });
    expect(pair?.type === 'pair-round' && pair.tables.every((x) => x.result === undefined)).toBe(true);
    expect(commands[11]).toEqual({ type: 'drop-player', id: 'p05' });
    expect(commands[12]).toMatchObject({ byes: [{ player: 'p02', kind: 'pairing' }] });
  });

  it('starts the playoff before the first playoff round, seeds in Swiss standing order', () => {
    const t = mtrSix();
    const standings = standingsOf(transcriptToState(t)).map((s) => s.id);
    const [s1, s2, s3, s4] = standings as [string, string, string, string];
    t.rounds.push({ stage: 'playoff', tables: [{ table: 1, seats: [s1, s4], result: { games: [2, 0, 0] } }, { table: 2, seats: [s3, s2], result: { games: [0, 2, 0] } }] });
    const commands = transcriptToCommands(t);
    const start = commands.find((c) => c.type === 'start-playoff');
    expect(start).toEqual({ type: 'start-playoff', top: 4, draft: false, seeds: [s1, s2, s3, s4] });
    expect(commands.indexOf(start!)).toBe(commands.findIndex((c) => c.type === 'pair-round' && c.stage === 'playoff') - 1);
    const state = transcriptToState(t);
    expect(state.playoff?.seeds).toEqual([s1, s2, s3, s4]);
    expect(state.rounds[2]?.stage).toBe('playoff');
  });
});

describe('stateToTranscript round trip', () => {
  function roundTrip(t: Transcript): void {
    const state = transcriptToState(parseTranscript(text(t)));
    const back = stateToTranscript(state);
    const again = transcriptToState(parseTranscript(formatTranscript(back)));
    expect(standingsOf(again)).toEqual(standingsOf(state));
    // And the transcript of the replayed state is the same transcript.
    expect(stateToTranscript(again)).toEqual(back);
  }

  it('the mtr conformance case', () => {
    roundTrip(JSON.parse(readFileSync(path.join(conformanceCasesDir, 'mtr-9-players.json'), 'utf8')) as Transcript);
  });

  it('a hand-made event with settings, drops and an unfinished table', () => {
    const t = { ...mtrSix(), settings: { rel: 'competitive' as const } };
    t.rounds[0]!.drops = ['p05'];
    t.rounds[1]!.tables[2]!.seats = ['p04', 'p03'];
    t.rounds[1]!.tables[0]!.seats = ['p01', 'p06'];
    t.rounds[1]!.tables[1]!.seats = ['p02'];
    t.rounds[1]!.tables = t.rounds[1]!.tables.filter((x) => x.seats.length === 2);
    t.rounds[1]!.byes = ['p02'];
    delete t.rounds[1]!.tables[1]!.result;
    roundTrip(t);
    const back = stateToTranscript(transcriptToState(t));
    // Version 2 writes every setting, not only those that differ from today's defaults.
    expect(back.transcript).toBe(2);
    expect(back.settings).toEqual({ ...getRuleset('mtr').settings({}), rel: 'competitive', podSize: undefined });
    expect(back.rounds[0]?.drops).toEqual(['p05']);
    expect(back.rounds[1]?.tables[1]?.result).toBeUndefined();
  });

  it('a simulated event with drops replays to the same state', () => {
    const { state } = simulateEvent({ ruleset: 'mtr', players: 37, rounds: 5, seed: 99, dropRate: 0.1 });
    const loaded = loadTranscript(formatTranscript(stateToTranscript(state))).state;
    expect(loaded.players).toEqual(state.players);
    expect(loaded.rounds.map((r) => ({ ...r, seed: 0 }))).toEqual(state.rounds.map((r) => ({ ...r, seed: 0 })));
    expect(standingsOf(loaded)).toEqual(standingsOf(state));
  });
});

describe('simulateEvent', () => {
  it('is deterministic for a seed and plays every table', () => {
    const a = simulateEvent({ ruleset: 'mtr', players: 21, rounds: 4, seed: 5, dropRate: 0.05 });
    const b = simulateEvent({ ruleset: 'mtr', players: 21, rounds: 4, seed: 5, dropRate: 0.05 });
    expect(a.state).toEqual(b.state);
    expect(a.pairingMs).toEqual([0, 0, 0, 0]);
    expect(a.state.rounds).toHaveLength(4);
    for (const round of a.state.rounds) expect(round.tables.every((t) => t.result !== undefined)).toBe(true);
    const c = simulateEvent({ ruleset: 'mtr', players: 21, rounds: 4, seed: 6, dropRate: 0.05 });
    expect(c.state).not.toEqual(a.state);
  });

  it('names players plausibly, a few with accents, and never drops below two players', () => {
    const { state } = simulateEvent({ ruleset: 'mtr', players: 200, rounds: 3, seed: 3, dropRate: 1 });
    const names = state.players.map((p) => p.name);
    expect(names.every((n) => /^\p{Lu}\p{L}+ \p{Lu}\p{L}+$/u.test(n))).toBe(true);
    expect(names.some((n) => /[^\x00-\x7f]/.test(n))).toBe(true);
    expect(new Set(names).size).toBeGreaterThan(150);
    expect(state.players[0]?.id).toBe('p001');
    expect(state.players.filter((p) => p.droppedAfterRound === undefined)).toHaveLength(2);
  });

  it('uses the clock only around pairings', () => {
    let t = 0;
    const { pairingMs } = simulateEvent({ ruleset: 'mtr', players: 8, rounds: 3, clock: () => (t += 10) });
    expect(pairingMs).toEqual([10, 10, 10]);
  });

  it('plays best-of-one and best-of-five results the rule set accepts', () => {
    for (const gamesToWin of [1, 3]) {
      const { state } = simulateEvent({ ruleset: 'mtr', players: 40, rounds: 4, seed: gamesToWin, settings: { gamesToWin } });
      const games = state.rounds.flatMap((r) => r.tables.map((t) => (t.result as { games: number[] }).games));
      expect(games.some(([a, b]) => a === gamesToWin || b === gamesToWin)).toBe(true);
    }
  });

  it('refuses what it cannot simulate', () => {
    expect(() => simulateEvent({ ruleset: 'mtr', players: 1, rounds: 3 })).toThrow(PodiumError);
    expect(() => simulateEvent({ ruleset: 'mtr', players: 8, rounds: 0 })).toThrow(/rounds/);
    expect(() => simulateEvent({ ruleset: 'mtr', players: 8, rounds: 2, dropRate: 2 })).toThrow(/drop rate/);
    expect(() => simulateEvent({ ruleset: 'chess', players: 8, rounds: 2 })).toThrow(/unknown rule set/);
  });
});
