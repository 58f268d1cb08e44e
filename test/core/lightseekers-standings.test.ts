/** Lightseekers standings (RULES 3): game wins, VP, longevity, best VP, then the organiser. */
import { describe, expect, it } from 'vitest';
import type { EventState, LightseekersResult, PlayerId } from '../../core/model/types.js';
import { lightseekersCompetitive } from '../../core/rulesets/lightseekers/index.js';
import { lightseekersEvent, pid, run } from '../support/lightseekers.js';

/** Record one Swiss round of the given tables and results. */
function round(state: EventState, tables: [PlayerId[], LightseekersResult][]): EventState {
  const number = state.rounds.length + 1;
  let next = run(state, {
    type: 'pair-round',
    round: number,
    stage: 'swiss',
    tables: tables.map(([seats], i) => ({ table: i + 1, seats })),
    byes: [],
    seed: number,
  });
  tables.forEach(([, result], i) => (next = run(next, { type: 'record-result', round: number, table: i + 1, result: { ...result } })));
  return next;
}

const [a, b, c, d, e, f, g, h] = [1, 2, 3, 4, 5, 6, 7, 8].map(pid) as [PlayerId, PlayerId, PlayerId, PlayerId, PlayerId, PlayerId, PlayerId, PlayerId];

describe('order: game wins, total VP, longevity, best single-game VP', () => {
  it('each criterion decides where the earlier ones tie', () => {
    let state = lightseekersEvent('lightseekers-competitive', 8);
    state = round(state, [
      // a wins (6). b and c both 3 VP; c lasted longer (b defeated first).
      [[a, b, c, d], { vp: { [a]: 6, [b]: 3, [c]: 3, [d]: 0 }, defeated: [d, b] }],
      // e wins (6). f: 3 VP, g: 3 VP; h 0.
      [[e, f, g, h], { vp: { [e]: 6, [f]: 3, [g]: 3, [h]: 0 }, defeated: [h, g] }],
    ]);
    state = round(state, [
      // a wins again; e second with 5 (e: 11 VP, 1 win). b and f: 2 VP.
      [[a, e, b, f], { vp: { [a]: 7, [e]: 5, [b]: 2, [f]: 2 }, defeated: [f, b] }],
      // c wins with 4 → c: 1 win, 7 VP. d 4 tied with c, but d defeated → c. g 1, h 1.
      [[c, d, g, h], { vp: { [c]: 4, [d]: 4, [g]: 1, [h]: 1 }, defeated: [h, d] }],
    ]);
    const standings = lightseekersCompetitive.standings(state);
    const row = (id: PlayerId) => standings.find((s) => s.id === id)!;
    expect(row(a)).toMatchObject({ rank: 1, points: 2, tiebreakers: { vp: 13, longevity: 4, bestVp: 7 }, record: { wins: 2, losses: 0, draws: 0, byes: 0 } });
    expect(row(e)).toMatchObject({ rank: 2, points: 1, tiebreakers: { vp: 11, longevity: 4, bestVp: 6 } });
    expect(row(c)).toMatchObject({ rank: 3, points: 1, tiebreakers: { vp: 7, longevity: 4, bestVp: 4 } });
    // No wins: d 4 VP (bestVp 4) vs f 5 VP vs b 5 VP vs g 4 VP vs h 1.
    // b: 3+2 = 5 VP, longevity 1 + 1 = 2; f: 3+2 = 5, longevity 2 + 0 = 2; best 3 each → tied.
    expect(row(b)).toMatchObject({ points: 0, tiebreakers: { vp: 5, longevity: 2, bestVp: 3 } });
    expect(row(f)).toMatchObject({ points: 0, tiebreakers: { vp: 5, longevity: 2, bestVp: 3 } });
    // d: 0+4 VP, longevity 0 + 1 = 1; g: 3+1 = 4 VP, longevity 1 + 2 = 3 → g ahead of d on longevity.
    expect(row(g)).toMatchObject({ tiebreakers: { vp: 4, longevity: 3, bestVp: 3 } });
    expect(row(d)).toMatchObject({ tiebreakers: { vp: 4, longevity: 1, bestVp: 4 } });
    expect(standings.map((s) => s.id)).toEqual([a, e, c, b, f, g, d, h]);
    // b and f: equal on everything → the organiser decides; Podium lists them by registration draw.
    expect(row(b)).toMatchObject({ organiserDecides: true, tiedWith: [f] });
    expect(row(f)).toMatchObject({ organiserDecides: true, tiedWith: [b] });
    for (const id of [a, e, c, g, d, h]) expect(row(id).organiserDecides, id).toBeUndefined();
  });

  it('VP decides between equal wins, longevity between equal VP', () => {
    let state = lightseekersEvent('lightseekers-competitive', 8);
    state = round(state, [
      [[a, b, c, d], { vp: { [a]: 8, [b]: 0, [c]: 1, [d]: 2 }, defeated: [b, c, d] }],
      [[e, f, g, h], { vp: { [e]: 8, [f]: 4, [g]: 0, [h]: 2 }, defeated: [g, h, f] }],
    ]);
    state = round(state, [
      [[b, f, c, g], { vp: { [b]: 9, [f]: 5, [c]: 0, [g]: 0 }, defeated: [c, g, f] }],
      [[d, h, a, e], { vp: { [d]: 9, [h]: 0, [a]: 1, [e]: 1 }, defeated: [h, a, e] }],
    ]);
    const standings = lightseekersCompetitive.standings(state);
    const row = (id: PlayerId) => standings.find((s) => s.id === id)!;
    // One win each: d 2 + 9 = 11 VP is ahead of b 0 + 9 = 9 VP.
    expect(row(d)).toMatchObject({ points: 1, tiebreakers: { vp: 11, longevity: 5, bestVp: 9 } });
    expect(row(b)).toMatchObject({ points: 1, tiebreakers: { vp: 9, longevity: 3, bestVp: 9 } });
    // One win and 9 VP each: e lasted longer (3 + 2) than a (3 + 1).
    expect(row(e)).toMatchObject({ points: 1, tiebreakers: { vp: 9, longevity: 5, bestVp: 8 } });
    expect(row(a)).toMatchObject({ points: 1, tiebreakers: { vp: 9, longevity: 4, bestVp: 8 } });
    const ids = standings.map((s) => s.id);
    expect(ids.slice(0, 4)).toEqual([d, e, a, b]);
  });

  it('bestVp decides between equal wins, VP and longevity', () => {
    let state = lightseekersEvent('lightseekers-competitive', 6);
    const [p1, p2, p3, p4, p5, p6] = [a, b, c, d, e, f];
    // p2: 3 + 3 = 6 VP, best 3; p5: 5 + 1 = 6 VP, best 5; same longevity (still standing, 0 defeated each game).
    state = round(state, [
      [[p1, p2, p3], { vp: { [p1]: 9, [p2]: 3, [p3]: 0 }, defeated: [] }],
      [[p4, p5, p6], { vp: { [p4]: 9, [p5]: 5, [p6]: 0 }, defeated: [] }],
    ]);
    state = round(state, [
      [[p1, p2, p6], { vp: { [p1]: 9, [p2]: 3, [p6]: 0 }, defeated: [] }],
      [[p4, p5, p3], { vp: { [p4]: 9, [p5]: 1, [p3]: 0 }, defeated: [] }],
    ]);
    const standings = lightseekersCompetitive.standings(state);
    const row = (id: PlayerId) => standings.find((s) => s.id === id)!;
    expect(row(p2).tiebreakers).toEqual({ vp: 6, longevity: 0, bestVp: 3 });
    expect(row(p5).tiebreakers).toEqual({ vp: 6, longevity: 0, bestVp: 5 });
    expect(row(p5).rank).toBeLessThan(row(p2).rank);
    // p3 and p6: 0 VP, 0 longevity, best 0 → the organiser decides.
    expect(row(p3).organiserDecides).toBe(true);
    expect(row(p6).tiedWith).toEqual([p3]);
  });

  it('dropped players stay in the standings with their record; playoff tables do not count', () => {
    let state = lightseekersEvent('lightseekers-competitive', 8);
    state = round(state, [
      [[a, b, c, d], { vp: { [a]: 6, [b]: 3, [c]: 2, [d]: 0 }, defeated: [] }],
      [[e, f, g, h], { vp: { [e]: 6, [f]: 3, [g]: 2, [h]: 0 }, defeated: [] }],
    ]);
    state = run(state, { type: 'drop-player', id: h });
    const standings = lightseekersCompetitive.standings(state);
    expect(standings.find((s) => s.id === h)).toMatchObject({ dropped: true, points: 0 });
    expect(standings).toHaveLength(8);
  });
});
