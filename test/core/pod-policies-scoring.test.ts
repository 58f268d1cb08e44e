/**
 * Organisers' pod policies, scoring: points per win, per draw and per bye as house
 * rules — standings with the custom numbers worked out by hand (App. C's formulas with the
 * organiser's numbers), the MAMTR's ghost opponents at 1 ÷ the custom points per win, the line in
 * words on the breakdown, the printed standings, the public view and the event log, and the
 * documents' own numbers still the defaults.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument, type DocDefinition } from '../../core/documents/index.js';
import { apply } from '../../core/event/apply.js';
import type { Command, SettingsPatch } from '../../core/event/commands.js';
import { describeJournal } from '../../core/event/describe.js';
import type { EventState, Standing } from '../../core/model/types.js';
import { publicView } from '../../core/public/view.js';
import { getRuleset } from '../../core/rulesets/index.js';
import type { BreakdownBlock } from '../../core/rulesets/ruleset.js';

type PodRulesetId = 'mstr-2022' | 'mamtr-2024';

const NAMES: Record<string, string> = { a: 'Ana', b: 'Ben', c: 'Cleo', d: 'Dev', e: 'Eva', f: 'Finn', g: 'Gia', h: 'Hugo', i: 'Iris' };

interface RoundSpec {
  pods: [string[], Record<string, unknown>][];
  byes?: string[];
}

function event(ruleset: PodRulesetId, ids: string[], settings: SettingsPatch, rounds: RoundSpec[]): EventState {
  const commands: Command[] = [
    { type: 'create-event', id: 'hr', name: 'House rules night', ruleset, settings, seed: 1, createdAt: '2026-02-01T18:00:00.000Z' },
    ...ids.map((id, i): Command => ({ type: 'register-player', player: { id, name: NAMES[id] ?? id }, draw: i + 1 })),
  ];
  rounds.forEach((round, r) => {
    commands.push({
      type: 'pair-round',
      round: r + 1,
      stage: 'swiss',
      tables: round.pods.map(([seats], t) => ({ table: t + 1, seats })),
      byes: (round.byes ?? []).map((player) => ({ player, kind: 'pairing' as const })),
      seed: r + 1,
    });
    round.pods.forEach(([, result], t) => commands.push({ type: 'record-result', round: r + 1, table: t + 1, result }));
  });
  return commands.reduce<EventState | undefined>(apply, undefined) as EventState;
}

/**
 * Nine players in pods of 4, byes for odd counts:
 *   round 1: pod [a b c d] won by a; pod [e f g h] drawn, h excluded (conceded); i a bye;
 *   round 2: pod [a e i f] won by e; pod [b c g h] drawn; d a bye.
 */
const NINE = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
const NINE_ROUNDS: RoundSpec[] = [
  {
    pods: [
      [['a', 'b', 'c', 'd'], { winner: 'a' }],
      [['e', 'f', 'g', 'h'], { draw: true, excluded: ['h'] }],
    ],
    byes: ['i'],
  },
  {
    pods: [
      [['a', 'e', 'i', 'f'], { winner: 'e' }],
      [['b', 'c', 'g', 'h'], { draw: true }],
    ],
    byes: ['d'],
  },
];

const HOUSE: SettingsPatch = { oddCounts: 'byes', winPoints: 4, byePoints: 3 };

function row(standings: Standing[], id: string): Standing {
  const s = standings.find((x) => x.id === id);
  if (!s) throw new Error(`no ${id}`);
  return s;
}

describe('standings with house points (win 4, draw 1, bye 3), worked by hand', () => {
  const state = event('mstr-2022', NINE, HOUSE, NINE_ROUNDS);
  const standings = getRuleset('mstr-2022').standings(state);

  it('match points: win 4, draw 1 (not for the excluded), bye 3', () => {
    // a: win 4 + loss; b, c: loss + draw 1; d: loss + bye 3; e: draw 1 + win 4; f: draw 1 + loss;
    // g: draw 1 + draw 1; h: excluded 0 + draw 1; i: bye 3 + loss.
    const points = Object.fromEntries(standings.map((s) => [s.id, s.points]));
    expect(points).toEqual({ a: 4, b: 1, c: 1, d: 3, e: 5, f: 1, g: 2, h: 1, i: 3 });
  });

  it('MWP = (points − byes × 3) ÷ (matches × 4); OAMP; OMWP with the floor 1/4', () => {
    // a: 4 / (2 × 4) = 0.5; opponents b c d e i f: (1 + 1 + 3 + 5 + 3 + 1) / 6 = 14/6;
    //    OMWP (0.25 + 0.25 + 0.25 + 0.625 + 0.25 + 0.25) / 6 = 0.3125 (b, c, f 0.125 raised, d and i 0).
    expect(row(standings, 'a').tiebreakers).toEqual({ mwp: 0.5, oamp: 14 / 6, omwp: expect.closeTo(0.3125, 12) });
    // d: (3 − 1 × 3) / (1 × 4) = 0; opponents a b c: (4 + 1 + 1) / 3 = 2; OMWP (0.5 + 0.25 + 0.25) / 3.
    expect(row(standings, 'd').tiebreakers).toEqual({ mwp: 0, oamp: 2, omwp: expect.closeTo(1 / 3, 12) });
    // i: (3 − 3) / 4 = 0; opponents a e f: (4 + 5 + 1) / 3; OMWP (0.5 + 0.625 + 0.25) / 3.
    expect(row(standings, 'i').tiebreakers).toEqual({ mwp: 0, oamp: 10 / 3, omwp: expect.closeTo(1.375 / 3, 12) });
    // e: 5 / 8; opponents f g h a i f: (1 + 2 + 1 + 4 + 3 + 1) / 6 = 2; OMWP (0.25 × 5 + 0.5) / 6.
    expect(row(standings, 'e').tiebreakers).toEqual({ mwp: 0.625, oamp: 2, omwp: expect.closeTo(1.75 / 6, 12) });
    // h: 1 / 8; opponents e f g b c g: (5 + 1 + 2 + 1 + 1 + 2) / 6 = 2; OMWP (0.625 + 0.25 × 5) / 6.
    expect(row(standings, 'h').tiebreakers).toEqual({ mwp: 0.125, oamp: 2, omwp: expect.closeTo(0.3125, 12) });
    expect(row(standings, 'd').record).toEqual({ wins: 0, losses: 1, draws: 0, byes: 1 });
    expect(row(standings, 'h').record).toEqual({ wins: 0, losses: 1, draws: 1, byes: 0 });
  });

  it('the order: points, MWP, OAMP, OMWP, then the registration draw', () => {
    // e 5; a 4; i and d 3 (MWP 0 each; OAMP 3.33 > 2); g 2; f, h, b, c 1 (MWP 0.125 each; OAMP f
    // 3.33, then h, b, c 2 with OMWP h 0.3125 > b = c 0.2917; b drew before c).
    expect(standings.map((s) => s.id)).toEqual(['e', 'a', 'i', 'd', 'g', 'f', 'h', 'b', 'c']);
  });

  it("the same event without house rules scores by the MSTR's App. C: win 5, draw 1, bye 5", () => {
    const plain = getRuleset('mstr-2022').standings(event('mstr-2022', NINE, { oddCounts: 'byes' }, NINE_ROUNDS));
    const points = Object.fromEntries(plain.map((s) => [s.id, s.points]));
    expect(points).toEqual({ a: 5, b: 1, c: 1, d: 5, e: 6, f: 1, g: 2, h: 1, i: 5 });
    // d: (5 − 1 × 5) / (1 × 5) = 0, as App. C has it.
    expect(row(plain, 'd').tiebreakers.mwp).toBe(0);
    expect(row(plain, 'a').tiebreakers.mwp).toBe(0.5);
  });
});

describe('MAMTR with house points: the ghost opponents are worth 1 ÷ the custom points per win', () => {
  it('7 players in pods of 4 (a pod of 3), win 10, draw 2', () => {
    const state = event('mamtr-2024', ['a', 'b', 'c', 'd', 'e', 'f', 'g'], { winPoints: 10, drawPoints: 2 }, [
      {
        pods: [
          [['a', 'b', 'c', 'd'], { winner: 'a' }],
          [['e', 'f', 'g'], { draw: true, excluded: ['g'] }],
        ],
      },
    ]);
    const standings = getRuleset('mamtr-2024').standings(state);
    expect(Object.fromEntries(standings.map((s) => [s.id, s.points]))).toEqual({ a: 10, b: 0, c: 0, d: 0, e: 2, f: 2, g: 0 });
    // e: MWP 2 / 10; opponents f (0.2) and g (0 → 0.1), and one ghost at 0.1: (0.2 + 0.1 + 0.1) / 3.
    expect(row(standings, 'e').tiebreakers).toEqual({ mwp: 0.2, oamp: 1, omwp: expect.closeTo(0.4 / 3, 12) });
    // b: opponents a (1), c and d (0 → 0.1): (1 + 0.1 + 0.1) / 3; no ghosts in a pod of 4.
    expect(row(standings, 'b').tiebreakers).toEqual({ mwp: 0, oamp: 10 / 3, omwp: expect.closeTo(1.2 / 3, 12) });
    expect(getRuleset('mamtr-2024').presentation.houseRules?.(state.settings)).toBe('House rules: 10 points a win, 2 a draw, bye 10');
  });
});

describe('the house rules in words', () => {
  const words = (ruleset: PodRulesetId, settings: SettingsPatch) => getRuleset(ruleset).presentation.houseRules?.(getRuleset(ruleset).settings(settings));

  it('the line of the issue: pods of 5 for odd counts; 4 points a win, 1 a draw, bye 3', () => {
    expect(words('mstr-2022', { oddCounts: 'larger-pods', winPoints: 4, byePoints: 3 })).toBe('House rules: pods of 5 for odd counts; 4 points a win, 1 a draw, bye 3');
    expect(words('mamtr-2024', { oddCounts: 'smaller-pods-top' })).toBe('House rules: smaller pods at the top for odd counts');
    expect(words('mamtr-2024', { oddCounts: 'byes', podSize: 3 })).toBe('House rules: byes for odd counts');
    expect(words('mstr-2022', { rel: 'competitive', oddCounts: 'smaller-pods-bottom' })).toBe('House rules: smaller pods at the bottom for odd counts');
    // A bye left unset is worth the organiser's win (App. C: a bye is worth a win).
    expect(words('mstr-2022', { winPoints: 3 })).toBe('House rules: 3 points a win, 1 a draw, bye 3');
  });

  it("a policy equal to the document's is no house rule and is not printed", () => {
    expect(words('mstr-2022', {})).toBeUndefined();
    expect(words('mamtr-2024', {})).toBeUndefined();
    expect(words('mstr-2022', { rel: 'competitive', oddCounts: 'byes', winPoints: 5, drawPoints: 1, byePoints: 5 })).toBeUndefined();
    expect(words('mstr-2022', { oddCounts: 'smaller-pods-bottom' })).toBeUndefined();
    expect(words('mamtr-2024', { oddCounts: 'smaller-pods-bottom', winPoints: 7, drawPoints: 1, byePoints: 7 })).toBeUndefined();
    // Pods of 5: the MSTR's n + 1 is 6, the MAMTR's 2n − 1 is 9.
    expect(words('mstr-2022', { podSize: 5, winPoints: 6 })).toBeUndefined();
    expect(words('mamtr-2024', { podSize: 5, winPoints: 9, byePoints: 9 })).toBeUndefined();
    expect(words('mamtr-2024', { podSize: 5, winPoints: 7 })).toBe('House rules: 7 points a win, 1 a draw, bye 7');
  });

  it('the new-event form is told what an empty house rule means', () => {
    const form = getRuleset('mstr-2022').presentation.settings;
    const draft = getRuleset('mstr-2022').settings({});
    expect(form.documentDefault?.('winPoints', draft)).toEqual({ value: '5', rule: 'MSTR App. C: 4 + 1' });
    expect(form.documentDefault?.('drawPoints', draft)).toEqual({ value: '1', rule: 'MSTR 2.1A' });
    expect(form.documentDefault?.('byePoints', { ...draft, winPoints: 4 })).toEqual({ value: '4', rule: 'MSTR App. C: a bye is worth a win' });
    expect(form.documentDefault?.('oddCounts', draft)?.value).toBe('smaller pods at the bottom');
    expect(form.documentDefault?.('oddCounts', { ...draft, rel: 'competitive' })?.value).toBe('byes, to the fewest byes so far, then the lowest-ranked');
    expect(form.fields(draft)).toEqual(expect.arrayContaining(['oddCounts', 'winPoints', 'drawPoints', 'byePoints']));
    // Not on the head-to-head rule set's form.
    expect(getRuleset('mtr').presentation.settings.fields(getRuleset('mtr').settings({}))).not.toContain('winPoints');
    expect(getRuleset('mtr').presentation.houseRules).toBeUndefined();
  });

  it('refuses a draw worth more than a win, and points out of range', () => {
    expect(() => getRuleset('mstr-2022').settings({ drawPoints: 6 })).toThrow('a draw (6 points) cannot be worth more than a win (5 points)');
    expect(() => getRuleset('mamtr-2024').settings({ winPoints: 2, drawPoints: 3 })).toThrow('a draw (3 points) cannot be worth more than a win (2 points)');
    expect(() => getRuleset('mstr-2022').settings({ winPoints: 0 })).toThrow(/winPoints/);
    expect(() => getRuleset('mstr-2022').settings({ byePoints: -1 })).toThrow(/byePoints/);
    expect(() => getRuleset('mstr-2022').settings({ oddCounts: 'random' as never })).toThrow(/oddCounts/);
  });
});

describe('where the house rules are shown', () => {
  const state = event('mstr-2022', NINE, HOUSE, NINE_ROUNDS);
  const LINE = 'House rules: byes for odd counts; 4 points a win, 1 a draw, bye 3';

  function strings(value: unknown, out: string[] = []): string[] {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) for (const v of value) strings(v, out);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (k !== 'style' && k !== 'layout') strings(v, out);
    return out;
  }
  const printed = (s: EventState): string[] => strings((buildDocument('standings', s, { pageSize: 'A4', generatedAt: '2026-02-01 22:00' }) as DocDefinition).content);

  it('printed standings carry the line; an event by the document does not', () => {
    expect(printed(state)).toContain(LINE);
    expect(printed(event('mstr-2022', NINE, { oddCounts: 'byes' }, NINE_ROUNDS)).some((t) => t.includes('House rules'))).toBe(true);
    expect(printed(event('mstr-2022', NINE, { rel: 'competitive' }, NINE_ROUNDS)).some((t) => t.includes('House rules'))).toBe(false);
  });

  it('pairing boards (by name and by table) and match slips carry the line too, and the slip does not promise a draw 1 point; an event by the document has none', () => {
    const doc = (name: 'pairings-by-name' | 'pairings-by-table' | 'match-slips', s: EventState): string[] =>
      strings((buildDocument(name, s, { pageSize: 'A4', generatedAt: '2026-02-01 22:00' }) as DocDefinition).content);
    const plain = event('mstr-2022', NINE, { rel: 'competitive' }, NINE_ROUNDS);
    for (const name of ['pairings-by-name', 'pairings-by-table', 'match-slips'] as const) {
      expect(doc(name, state)).toContain(LINE);
      expect(doc(name, plain).some((t) => t.startsWith('House rules:'))).toBe(false);
    }
    const slips = doc('match-slips', state);
    // Every slip of the round (table codes aside) carries it.
    expect(slips.filter((t) => t === LINE)).toHaveLength(state.rounds.at(-1)?.tables.length ?? 0);
    expect(slips.join('\n')).not.toContain('every player gets 1 point');
    expect(doc('match-slips', plain).join('\n')).toContain('every player gets 1 point');
  });

  it('the public view carries it for the player page, only when there are house rules', () => {
    expect(publicView(state, { now: 0, version: 1 }).event.houseRules).toBe(LINE);
    expect('houseRules' in publicView(event('mamtr-2024', NINE.slice(0, 8), {}, []), { now: 0, version: 1 }).event).toBe(false);
  });

  it("the station's standings breakdown says it, with the custom numbers in the formulas", () => {
    const standings = getRuleset('mstr-2022').standings(state);
    const blocks = getRuleset('mstr-2022').presentation.breakdown(state, row(standings, 'd'), (id) => NAMES[id] ?? id) as BreakdownBlock[];
    const text = strings(blocks.map((b) => ('text' in b ? b.text : 'lines' in b ? b.lines : 'items' in b ? b.items : [])));
    expect(blocks[0]).toMatchObject({ kind: 'line', testId: 'house-rules', text: [LINE] });
    expect(text.join('|')).toContain('Points per win (PPW): |4| by house rules (MSTR App. C for pods of 4: 4 + 1 = 5); a draw 1, a bye 3');
    expect(text).toContain('4 × 0 wins + 3 × 1 byes + 1 × 0 draws = ');
    expect(text).toContain('MWP = (3 − 1 × 3) / (1 × 4) = ');
    expect(text).toContain('bye — 3 points, not a match played');
    const plain = event('mstr-2022', NINE, { rel: 'competitive' }, NINE_ROUNDS);
    const plainBlocks = getRuleset('mstr-2022').presentation.breakdown(plain, row(getRuleset('mstr-2022').standings(plain), 'd'), (id) => id) as BreakdownBlock[];
    expect(plainBlocks.some((b) => 'testId' in b && b.testId === 'house-rules')).toBe(false);
  });

  it('the event log words a change of house rules', () => {
    const entries = [
      {
        seq: 2,
        at: '2026-02-01T18:05:00.000Z',
        station: 'st',
        command: { type: 'set-settings', settings: { oddCounts: 'larger-pods', winPoints: 4, drawPoints: 0, byePoints: 1 } } as Command,
      },
      { seq: 3, at: '2026-02-01T18:06:00.000Z', station: 'st', command: { type: 'set-settings', settings: { oddCounts: 'smaller-pods-top' } } as Command },
    ];
    expect(describeJournal(entries, state).map((r) => r.what)).toEqual([
      'Settings changed: odd counts: pods one larger, 4 points a win, 0 points a draw, 1 point a bye',
      'Settings changed: odd counts: smaller pods at the top',
    ]);
  });

  it('winPoints, drawPoints and byePoints cannot change once round 1 is paired (RULES 4); the seating policy can', () => {
    const played = event('mstr-2022', NINE, HOUSE, NINE_ROUNDS.slice(0, 1));
    expect(() => apply(played, { type: 'set-settings', settings: { winPoints: 5 } })).toThrow(
      'The points for a win cannot change once round 1 is paired: it defines scoring, and changing it would rescore every result already played',
    );
    expect(() => apply(played, { type: 'set-settings', settings: { drawPoints: 2, byePoints: 4 } })).toThrow(/^The points for a draw and the points for a bye cannot change/);
    expect(apply(played, { type: 'set-settings', settings: { oddCounts: 'larger-pods' } }).settings.oddCounts).toBe('larger-pods');
    const before = event('mstr-2022', NINE, {}, []);
    expect(apply(before, { type: 'set-settings', settings: { winPoints: 5 } }).settings.winPoints).toBe(5);
  });
});
