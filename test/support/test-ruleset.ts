/**
 * A rule set that exists only in the tests — "star trios": players sit in trios, each earns 0–5
 * stars a heat and one of them catches the comet; standings go by stars, then sparkle (stars per
 * heat) and shine (share of heats with the comet). Nothing of it is in core/rulesets/: it is
 * registered at run time (registerRuleset) and the real screens show it through the Ruleset
 * interface alone — its words, columns, result fields and breakdown — which is what
 * test/renderer/test-ruleset.test.tsx proves (add a rule set in one folder and the
 * screens follow without edits).
 */
import { fail } from '../../core/model/errors.js';
import type { EventState, PlayerId, RulesetId, Settings, Standing, Table, TableResult } from '../../core/model/types.js';
import { registerRuleset } from '../../core/rulesets/index.js';
import { formatValue, num, type ReadResult, type ResultDraft, type Ruleset, type TiebreakerInfo } from '../../core/rulesets/ruleset.js';

export const TEST_RULESET_ID = 'test-star-trios' as RulesetId;
export const TEST_RULESET_TITLE = 'Star trios (a rule set of the tests)';

export interface StarResult {
  stars: Record<PlayerId, number>;
  comet: PlayerId;
}

const STARS = 'stars';
const COMET = 'comet';

const TIEBREAKERS: TiebreakerInfo[] = [
  { key: 'sparkle', label: 'Sparkle', description: 'stars per heat played', format: 'decimal' },
  { key: 'shine', label: 'Shine%', description: 'heats in which the player caught the comet, of heats played', format: 'percent' },
];

const DEFAULTS: Settings = {
  rel: 'regular',
  gamesToWin: 1,
  format: 'constructed',
  teamSize: 1,
  twoHeadedGiant: false,
  pairWithinDraftPods: false,
  lateEntryRecord: 'none',
  releaseWeekend: false,
  podSize: 3,
  balanceSeats: false,
};

function isStarResult(result: unknown): result is StarResult {
  return typeof result === 'object' && result !== null && 'stars' in result && 'comet' in result;
}

interface Tally {
  stars: number;
  heats: number;
  comets: number;
  wins: number;
}

function tallies(state: EventState): Map<PlayerId, Tally> {
  const out = new Map(state.players.map((p) => [p.id, { stars: 0, heats: 0, comets: 0, wins: 0 }]));
  for (const round of state.rounds)
    for (const table of round.tables) {
      const result = table.result as unknown;
      if (!isStarResult(result)) continue;
      const best = Math.max(...table.seats.map((id) => result.stars[id] ?? 0));
      for (const id of table.seats) {
        const t = out.get(id);
        if (!t) continue;
        t.stars += result.stars[id] ?? 0;
        t.heats += 1;
        if (result.comet === id) t.comets += 1;
        if ((result.stars[id] ?? 0) === best) t.wins += 1;
      }
    }
  return out;
}

function standings(state: EventState): Standing[] {
  const all = tallies(state);
  const rows = state.players.map((p) => {
    const t = all.get(p.id) as Tally;
    return {
      rank: 0,
      id: p.id,
      name: p.name,
      points: t.stars,
      dropped: p.droppedAfterRound !== undefined,
      tiebreakers: { sparkle: t.heats > 0 ? t.stars / t.heats : 0, shine: t.heats > 0 ? t.comets / t.heats : 0 },
      record: { wins: t.wins, losses: t.heats - t.wins, draws: 0, byes: 0 },
      draw: p.draw,
    };
  });
  rows.sort((a, b) => b.points - a.points || (b.tiebreakers.sparkle ?? 0) - (a.tiebreakers.sparkle ?? 0) || (b.tiebreakers.shine ?? 0) - (a.tiebreakers.shine ?? 0) || a.draw - b.draw);
  return rows.map(({ draw: _draw, ...s }, i) => ({ ...s, rank: i + 1 }));
}

function read(table: Table, draft: ResultDraft): ReadResult {
  const stars: Record<PlayerId, number> = {};
  for (const [i, id] of table.seats.entries()) {
    const text = (draft.items[STARS]?.[i] ?? '').trim();
    if (text === '') return { kind: 'empty' };
    if (!/^[0-5]$/.test(text)) return { kind: 'problem', problem: `seat ${i + 1}: “${text}” is not 0 to 5 stars` };
    stars[id] = Number(text);
  }
  const seat = (draft.text[COMET] ?? '').trim();
  if (seat === '') return { kind: 'empty' };
  const comet = /^\d+$/.test(seat) ? table.seats[Number(seat) - 1] : undefined;
  if (!comet) return { kind: 'problem', problem: `the comet: there is no seat “${seat}” at this trio` };
  return { kind: 'ok', result: { stars, comet } };
}

const notHere = (what: string): never => fail('not-allowed', `${what}: not in the star trios of the tests`);

export const testRuleset: Ruleset = {
  id: TEST_RULESET_ID,
  title: TEST_RULESET_TITLE,
  family: 'pods',
  terms: { rel: false, document: null, ipg: false },
  tiebreakers: TIEBREAKERS,
  playoffCuts: [],
  settings: (input) => ({ ...DEFAULTS, ...(input as Partial<Settings>) }),
  tableSize: () => ({ min: 2, max: 3 }),
  validateResult(table, result) {
    if (!isStarResult(result) || !table.seats.includes(result.comet)) fail('invalid-result', `table ${table.table}: not a star trio result`);
    return result as unknown as TableResult;
  },
  standings,
  pair: () => notHere('pairing'),
  playoff: () => notHere('a playoff'),
  nextPlayoffRound: () => null,
  timeLimits: () => ({ roundMinutes: 30, deckCheckExtraMinutes: 0, judgePauseThresholdSeconds: 60 }),
  endOfRound: () => ({ kind: 'active-player-finishes' }),
  recommendedRounds: (input) => ({ swissRounds: 3, top: 0, effectivePlayers: input.competitors }),
  advancing: () => null,
  // A heat has stars, not a winner: no table is marked won.
  tableWinner: () => undefined,
  deckCheckRule: () => null,
  presentation: {
    words: {
      competitor: () => 'player',
      points: 'Stars',
      pointUnit: 'star',
      rounds: 'Heats',
      swissRound: 'heat',
      playoffs: 'Finals',
      cut: (top) => `a final of ${top}`,
      champion: 'Star of the day',
      cleanPairing: 'Every trio is new.',
      byes: false,
      stage: () => null,
    },
    settings: { fields: () => [], announcesRounds: true, formats: [] },
    registration: () => ({ awardedByes: false, draftPods: false }),
    groups: false,
    table: { layout: 'seats', standardSize: () => 3, slip: 'pod' },
    standings: () => ({ columns: TIEBREAKERS, draws: false, groups: false }),
    breakdown(state, standing) {
      const t = tallies(state).get(standing.id);
      if (!t) return null;
      return [
        { kind: 'line', className: 'record-line', text: [`${t.stars} stars in ${t.heats} heats, the comet ${t.comets} times`] },
        {
          kind: 'formula',
          title: 'Sparkle',
          value: formatValue(standing.tiebreakers.sparkle, 'decimal'),
          description: 'stars per heat played',
          lines: [{ testId: 'sparkle-formula', text: [`Sparkle = ${t.stars} / ${t.heats} = `, { strong: num(t.heats > 0 ? t.stars / t.heats : 0) }] }],
        },
      ];
    },
    results: {
      form: (table, _draft, context) => ({
        fields: [
          {
            kind: 'seat-numbers',
            key: STARS,
            ariaGroup: 'Stars in seat order',
            placeholder: '★',
            points: false,
            seats: table.seats.map((id, i) => ({ id, label: [`Seat ${i + 1} · `, { name: context.name(id) }], ariaLabel: `Stars of seat ${i + 1}, ${context.name(id)}` })),
          },
          { kind: 'text', key: COMET, label: ['Comet — the seat that caught it'], placeholder: 'seat' },
          { kind: 'note', className: 'hint muted', testId: 'star-hint', text: ['Stars 0–5 in seat order, then the comet’s seat — Enter records.'] },
        ],
      }),
      read: (table, draft) => read(table, draft),
      describe: (table, result, name) => {
        const r = result as unknown as StarResult;
        return `${table.seats.map((id) => `${name(id)} ${r.stars[id] ?? 0}★`).join(', ')} · comet: ${name(r.comet)}`;
      },
      note: (_table, result, name) => `comet: ${name((result as unknown as StarResult).comet)}`,
    },
    playoff: {
      bracketCuts: [],
      plan: () => 'Star trios have no finals.',
      rounds: () => [],
      waiting: () => 0,
      upcoming: () => '',
      tableWord: 'Trio',
      finishColumn: 'Final',
      finalOrder: 'the finalists by how far they got, then everyone else in standings order',
    },
  },
};

/** Register the rule set for a test file; returns its removal. */
export function registerTestRuleset(): () => void {
  return registerRuleset(testRuleset);
}

const NAMES = ['Ana Archer', 'Bo Berg', 'Cy Castro', 'Di Dahl', 'Ed Eze'];

/** Five players in round 1: a trio with its result (table 1) and a pair still playing (table 2). */
export function testEvent(): EventState {
  const id = (i: number): PlayerId => `p${i + 1}`;
  return {
    id: 'star-event',
    name: 'Star Cup',
    ruleset: TEST_RULESET_ID,
    settings: testRuleset.settings({}),
    seed: 1,
    createdAt: '2025-01-01T10:00:00.000Z',
    players: NAMES.map((name, i) => ({ id: id(i), name, draw: i + 1, joinedRound: 1, awardedByes: 0 })),
    rounds: [
      {
        number: 1,
        stage: 'swiss',
        tables: [
          { table: 1, seats: [id(0), id(1), id(2)], result: { stars: { p1: 5, p2: 2, p3: 4 }, comet: 'p3' } as unknown as TableResult },
          { table: 2, seats: [id(3), id(4)] },
        ],
        byes: [],
        seed: 1,
      },
    ],
  };
}
