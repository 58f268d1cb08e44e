/**
 * MTR 10.2 (RULES 4): the number of Swiss rounds is announced before round 1 and cannot be changed
 * once round 1 has begun; a variable number may be announced instead, with its criterion — "five
 * rounds unless only one player has four match wins after four rounds" — which Podium evaluates
 * after the round it names and says in words.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { publishCommand } from '../../core/event/commands.js';
import { describeJournal } from '../../core/event/describe.js';
import { JournalFold } from '../../core/event/fold.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, PlayerId, RulesetId, VariableRounds } from '../../core/model/types.js';
import { announcedRounds, describeAnnouncement } from '../../core/rulesets/announced-rounds.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { stateToTranscript, transcriptToState, validateTranscript } from '../../core/transcript/index.js';

const pid = (i: number): PlayerId => `p${String(i).padStart(2, '0')}`;

/** MTR 10.2's example. */
const FIVE_UNLESS: VariableRounds = { afterRound: 4, compare: 'exactly', players: 1, matchWins: 4, then: 'stop' };

function run(state: EventState | undefined, ...commands: Command[]): EventState {
  let s = state;
  for (const c of commands) s = apply(s, c);
  return s as EventState;
}

function registered(n: number, settings: Record<string, unknown>, ruleset: RulesetId = 'mtr'): EventState {
  let state = run(undefined, { type: 'create-event', id: 'e', name: 'Variable Open', ruleset, settings, seed: 3, createdAt: '2026-05-01T10:00:00Z' });
  for (let i = 1; i <= n; i++) state = run(state, { type: 'register-player', player: { id: pid(i), name: `Player ${i}` }, draw: i });
  return state;
}

/** Pair the next Swiss round with the rule set; seat 1 of every table wins 2–0 (pods: seat 1 wins). */
function playRound(state: EventState, extra: { beyondAnnounced?: boolean } = {}): EventState {
  const ruleset = getRuleset(state.ruleset);
  const proposal = ruleset.pair(state, 40 + state.rounds.length);
  let s = run(state, publishCommand(state.rounds.length + 1, 'swiss', proposal, extra));
  const round = s.rounds[s.rounds.length - 1]!;
  for (const t of round.tables)
    s = run(s, { type: 'record-result', round: round.number, table: t.table, result: ruleset.family === 'pods' ? { winner: t.seats[0] } : { games: [2, 0, 0] } });
  return s;
}

function refusal(fn: () => unknown): PodiumError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PodiumError);
    return error as PodiumError;
  }
  throw new Error('expected a refusal');
}

describe('the announced number cannot be changed once round 1 has begun (MTR 10.2)', () => {
  it('before round 1 it may be announced, changed, made variable, or taken back to the recommendation', () => {
    let state = registered(8, {});
    state = run(state, { type: 'set-settings', settings: { swissRounds: 3 } });
    expect(state.settings.swissRounds).toBe(3);
    state = run(state, { type: 'set-settings', settings: { swissRounds: 5, variableRounds: FIVE_UNLESS } });
    expect(state.settings.variableRounds).toEqual(FIVE_UNLESS);
    state = run(state, { type: 'set-settings', settings: { variableRounds: null } });
    expect('variableRounds' in state.settings).toBe(false);
    state = run(state, { type: 'set-settings', settings: { swissRounds: null } });
    expect('swissRounds' in state.settings).toBe(false);
  });

  it('once round 1 is paired: refused in words, with or without a reason, and no first announcement either', () => {
    const paired = playRound(registered(8, { swissRounds: 3 }));
    const words =
      'the number of Swiss rounds cannot change once round 1 is paired (MTR 10.2: once announced, it cannot be changed); this event announced 3 Swiss rounds. A variable number is announced with its criterion before round 1';
    expect(refusal(() => run(paired, { type: 'set-settings', settings: { swissRounds: 4 } })).message).toBe(words);
    expect(refusal(() => run(paired, { type: 'set-settings', settings: { swissRounds: 4 }, reason: 'the venue stays open longer' })).message).toBe(words);
    expect(refusal(() => run(paired, { type: 'set-settings', settings: { swissRounds: null } })).code).toBe('not-allowed');
    expect(refusal(() => run(paired, { type: 'set-settings', settings: { variableRounds: { ...FIVE_UNLESS, afterRound: 2 } } })).message).toMatch(/^the number of Swiss rounds cannot change once round 1 is paired/);
    const none = playRound(registered(8, {}));
    expect(refusal(() => run(none, { type: 'set-settings', settings: { swissRounds: 3 }, reason: 'announced late' })).message).toMatch(/none was announced, so the recommended number stands/);
    // The same number again changes nothing and is allowed; so are settings that are not the rounds.
    expect(run(paired, { type: 'set-settings', settings: { swissRounds: 3, selfReports: 'off' } }).settings.selfReports).toBe('off');
  });

  it('an undo cannot take the announcement back once round 1 is paired; before, it can', () => {
    const fold = new JournalFold();
    const add = (command: Command): number => {
      const seq = fold.length;
      fold.commit(fold.prepare(command));
      return seq;
    };
    add({ type: 'create-event', id: 'e', name: 'Undo Open', ruleset: 'mtr', settings: {}, seed: 3, createdAt: '2026-05-01T10:00:00Z' });
    for (let i = 1; i <= 8; i++) add({ type: 'register-player', player: { id: pid(i), name: `Player ${i}` }, draw: i });
    const announce = add({ type: 'set-settings', settings: { swissRounds: 5, variableRounds: FIVE_UNLESS } });
    const before = fold.state as EventState;
    expect(fold.prepare({ type: 'undo', target: announce }).state.settings.swissRounds).toBeUndefined();
    add(publishCommand(1, 'swiss', getRuleset('mtr').pair(before, 1)));
    const refused = refusal(() => fold.prepare({ type: 'undo', target: announce }));
    expect(refused.message).toMatch(/^undoing journal entry 9 \(set-settings\) is not possible: the number of Swiss rounds cannot change once round 1 is paired \(MTR 10\.2/);
  });

  it('a criterion that does not hold together is refused in words', () => {
    const ask = (settings: Record<string, unknown>) => refusal(() => run(registered(8, {}), { type: 'set-settings', settings })).message;
    expect(ask({ variableRounds: FIVE_UNLESS })).toMatch(/needs the announced number it varies from/);
    expect(ask({ swissRounds: 4, variableRounds: FIVE_UNLESS })).toBe('the criterion ends the Swiss after round 4, which must come before the announced 4 rounds');
    expect(ask({ swissRounds: 5, variableRounds: { ...FIVE_UNLESS, matchWins: 5 } })).toBe('after round 4 a player has at most 4 match wins: the criterion\'s wins must be 1 to 4');
    expect(ask({ swissRounds: 5, variableRounds: { ...FIVE_UNLESS, then: 'extra', afterRound: 6 } })).toMatch(/evaluated after round 5 at the latest/);
  });

  it('says itself in words', () => {
    expect(describeAnnouncement({ swissRounds: 5, variableRounds: FIVE_UNLESS })).toBe(
      '5 Swiss rounds, unless exactly 1 player has 4 match wins or more after round 4: then the Swiss ends after round 4',
    );
    const command: Command = { type: 'set-settings', settings: { swissRounds: 5, variableRounds: FIVE_UNLESS } };
    const state = run(registered(8, {}), command);
    const log = describeJournal([{ seq: 9, at: '2026-05-01T10:05:00Z', station: 'desk', command }], state, { isolate: (name) => name });
    expect(log[0]?.what).toBe(
      'Settings changed: 5 Swiss rounds announced, a variable number of rounds: unless exactly 1 player has 4 match wins or more after round 4: then the Swiss ends after round 4',
    );
  });
});

describe('the variable number: evaluated after the named round, and said', () => {
  it('MTR 10.2: 16 players, five rounds unless only one player has four match wins after four rounds — one does: the Swiss ends after round 4', () => {
    let state = registered(16, { swissRounds: 5, variableRounds: FIVE_UNLESS });
    for (let r = 1; r <= 3; r++) state = playRound(state);
    expect(announcedRounds(state, getRuleset('mtr'))).toMatchObject({ announced: 5, rounds: 5, criterion: { evaluated: false, afterRound: 4 } });
    state = playRound(state);
    const a = announcedRounds(state, getRuleset('mtr'))!;
    expect(a.rounds).toBe(4);
    expect(a.criterion).toMatchObject({ evaluated: true, holds: true });
    expect(a.criterion?.evaluated && a.criterion.words).toBe('After round 4, 1 player has 4 match wins or more (exactly 1, as announced): the Swiss ends after round 4 (MTR 10.2).');
    // Round 5 is past the announcement: pairing it asks first, in words.
    expect(refusal(() => playRound(state)).message).toBe(
      "round 5 is past the announced 4 Swiss rounds (After round 4, 1 player has 4 match wins or more (exactly 1, as announced): the Swiss ends after round 4 (MTR 10.2)): pairing it needs the scorekeeper's confirmation",
    );
    expect(playRound(state, { beyondAnnounced: true }).rounds).toHaveLength(5);
  });

  it('32 players: two have four match wins, so round 5 is played', () => {
    let state = registered(32, { swissRounds: 5, variableRounds: FIVE_UNLESS });
    for (let r = 1; r <= 4; r++) state = playRound(state);
    const a = announcedRounds(state, getRuleset('mtr'))!;
    expect(a.rounds).toBe(5);
    expect(a.criterion?.evaluated && a.criterion.words).toBe('After round 4, 2 players have 4 match wins or more (not exactly 1): all 5 Swiss rounds are played (MTR 10.2).');
    expect(playRound(state).rounds).toHaveLength(5);
  });

  it('a player who dropped with round 4’s results is not counted; byes count as match wins', () => {
    let state = registered(32, { swissRounds: 5, variableRounds: FIVE_UNLESS });
    for (let r = 1; r <= 4; r++) state = playRound(state);
    const unbeaten = announcedRounds(state, getRuleset('mtr'))!.criterion;
    if (!unbeaten?.evaluated) throw new Error('not evaluated');
    state = run(state, { type: 'drop-player', id: unbeaten.players[1]! });
    expect(announcedRounds(state, getRuleset('mtr'))!.rounds).toBe(4);
    // 15 players: someone has a bye each round, and it counts as a win.
    let odd = registered(15, { swissRounds: 5, variableRounds: { ...FIVE_UNLESS, compare: 'at-most', players: 20, matchWins: 1 } });
    for (let r = 1; r <= 4; r++) odd = playRound(odd);
    const byes = odd.rounds.flatMap((r) => r.byes.map((b) => b.player));
    const counted = announcedRounds(odd, getRuleset('mtr'))!.criterion;
    if (!counted?.evaluated) throw new Error('not evaluated');
    for (const id of byes) expect(counted.players).toContain(id);
  });

  it('the "one round more" form: three rounds, and a fourth if at most 8 players have two match wins after round 3', () => {
    let state = registered(16, { swissRounds: 3, variableRounds: { afterRound: 3, compare: 'at-most', players: 8, matchWins: 2, then: 'extra' } });
    for (let r = 1; r <= 3; r++) state = playRound(state);
    const a = announcedRounds(state, getRuleset('mtr'))!;
    expect(a.rounds).toBe(4);
    expect(a.criterion?.evaluated && a.criterion.words).toBe('After round 3, 8 players have 2 match wins or more (at most 8, as announced): round 4 is played (MTR 10.2).');
    expect(playRound(state).rounds).toHaveLength(4);
  });

  it('pods count won pods: mamtr-2024, 16 players, 3 rounds unless exactly 1 player has 2 wins after round 2', () => {
    let state = registered(16, { swissRounds: 3, variableRounds: { afterRound: 2, compare: 'exactly', players: 1, matchWins: 2, then: 'stop' } }, 'mamtr-2024');
    for (let r = 1; r <= 2; r++) state = playRound(state);
    const a = announcedRounds(state, getRuleset('mamtr-2024'))!;
    expect(a.criterion?.evaluated && a.criterion.players).toHaveLength(1);
    expect(a.rounds).toBe(2);
  });

  it('transcripts carry it in their settings, and an imported event is judged by it', () => {
    let state = registered(16, { swissRounds: 5, variableRounds: FIVE_UNLESS });
    for (let r = 1; r <= 4; r++) state = playRound(state);
    state = playRound(state, { beyondAnnounced: true });
    const transcript = stateToTranscript(state);
    expect(transcript.settings).toMatchObject({ swissRounds: 5, variableRounds: FIVE_UNLESS });
    const back = transcriptToState(validateTranscript(JSON.parse(JSON.stringify(transcript))));
    expect(back.settings.variableRounds).toEqual(FIVE_UNLESS);
    expect(back.rounds).toHaveLength(5);
  });
});
