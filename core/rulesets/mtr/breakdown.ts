/**
 * `mtr` standings breakdown (MTR App. C), from the records standings.ts ranks with, so what the
 * station shows is exactly what ranked the player: MWP = match points / (3 × rounds), GW% = game
 * points / (3 × games), each at least 0.33; OMW / OGW = the mean of each opponent's (floored) MWP /
 * GWP, opponents listed.
 */
import type { EventState, PlayerId } from '../../model/types.js';
import { plural } from '../../text/format.js';
import { formatValue, isolate, num, type BreakdownBlock, type RichText } from '../presentation.js';
import { isHeadToHeadResult, matchOutcome } from './results.js';
import { MTR_PERCENTAGE_FLOOR, mtrRecords, type MtrRecord } from './standings.js';

const FLOOR_TEXT = String(MTR_PERCENTAGE_FLOOR);
const percent = (value: number): string => formatValue(value, 'percent');

/** A percentage with its floor: in the player's own formula "0.267 → 0.33 (raised to the minimum)". */
function ownFloored(raw: number): RichText {
  return raw < MTR_PERCENTAGE_FLOOR ? [`${num(raw)} → `, { strong: FLOOR_TEXT }, ' ', { raised: '(raised to the minimum)' }] : [{ strong: num(raw) }];
}

/** In a list of opponents: "0.667", or "raised from 0.267 to 0.33". */
function listFloored(raw: number): RichText {
  return raw < MTR_PERCENTAGE_FLOOR ? [{ raised: `raised from ${num(raw)} to ${FLOOR_TEXT}` }] : [num(raw)];
}

const sumText = (values: readonly string[]): string => (values.length === 0 ? '0' : values.join(' + '));
const rawMwp = (x: MtrRecord): number => (x.rounds > 0 ? x.matchPoints / (3 * x.rounds) : 0);
const rawGwp = (x: MtrRecord): number => (x.games > 0 ? x.gamePoints / (3 * x.games) : 0);

function matches(state: EventState, id: PlayerId, name: (id: PlayerId) => string): { round: number; table?: number; text: string }[] {
  const out: { round: number; table?: number; text: string }[] = [];
  for (const round of state.rounds) {
    if (round.stage !== 'swiss') continue;
    if (round.byes.some((b) => b.player === id)) out.push({ round: round.number, text: 'bye — counts as a 2–0 win' });
    for (const table of round.tables) {
      const seat = table.seats.indexOf(id);
      if (seat < 0 || table.seats.length !== 2) continue;
      const opponent = table.seats[1 - seat] as PlayerId;
      const result = table.result;
      if (!isHeadToHeadResult(result)) {
        out.push({ round: round.number, table: table.table, text: `v ${isolate(name(opponent))} — no result yet` });
        continue;
      }
      const [a, b, d] = result.games;
      const mine = seat === 0 ? [a, b] : [b, a];
      if (d > 0) mine.push(d);
      const outcome = matchOutcome(result);
      const word = outcome === 'draw' ? 'drew' : (outcome === 'seat1') === (seat === 0) ? 'won' : 'lost';
      out.push({ round: round.number, table: table.table, text: `v ${isolate(name(opponent))} — ${word} ${mine.join('–')}` });
    }
  }
  return out;
}

export function mtrBreakdown(state: EventState, id: PlayerId, name: (id: PlayerId) => string): BreakdownBlock[] | null {
  const records = new Map(mtrRecords(state).map((r) => [r.id, r]));
  const r = records.get(id);
  if (!r) return null;
  const opponents = r.opponents.map((o) => records.get(o)).filter((x): x is MtrRecord => x !== undefined);
  const winsAndByes = r.wins + r.byes;
  const blocks: BreakdownBlock[] = [
    {
      kind: 'line',
      className: 'record-line',
      text: [
        `${plural(r.wins, 'win')}, ${plural(r.losses, 'loss', 'losses')}, ${plural(r.draws, 'draw')}${r.byes > 0 ? `, ${plural(r.byes, 'bye')}` : ''} — ${plural(r.rounds, 'round')} played` +
          (r.lateEntryLosses > 0 ? ` (${plural(r.lateEntryLosses, 'late-entry loss', 'late-entry losses')}, each 0–2)` : ''),
      ],
    },
    { kind: 'rounds', items: matches(state, id, name), tableWord: 'table' },
    {
      kind: 'formula',
      title: 'Match points',
      value: String(r.matchPoints),
      description: 'win 3, draw 1, loss 0; a bye is a 2–0 win (MTR App. C)',
      lines: [{ text: [`3 × ${winsAndByes} ${r.byes > 0 ? '(wins and byes)' : 'wins'} + 1 × ${r.draws} draws = `, { strong: String(r.matchPoints) }] }],
    },
    {
      kind: 'formula',
      title: 'MWP (match-win percentage)',
      value: num(r.mwp),
      description: 'match points ÷ (3 × rounds played), at least 0.33',
      lines: [{ testId: 'mwp-formula', text: [`MWP = ${r.matchPoints} / (3 × ${r.rounds}) = `, ...(r.rounds > 0 ? ownFloored(rawMwp(r)) : ['0 (no rounds played)'])] }],
    },
    {
      kind: 'formula',
      title: "OMW% (opponents' match-win percentage)",
      value: percent(r.omw),
      description: "the mean of each opponent's MWP (each at least 0.33); byes have no opponent and are left out",
      ...(opponents.length === 0
        ? { lines: [{ text: ['No opponents yet: OMW = 0'] }] }
        : {
            opponents: opponents.map((o) => ({ id: o.id, name: name(o.id), detail: `${o.matchPoints} / (3 × ${o.rounds})`, value: listFloored(rawMwp(o)) })),
            lines: [
              {
                testId: 'omw-formula',
                text: [`OMW = (${sumText(opponents.map((o) => num(o.mwp)))}) / ${opponents.length} = `, { strong: num(r.omw) }, ` = ${percent(r.omw)}`],
              },
            ],
          }),
    },
  ];
  if (state.settings.teamSize > 1) {
    blocks.push({ kind: 'line', className: 'muted', text: ['Team events do not use game points: GW% and OGW% are not tiebreakers here (MTR App. C).'] });
  } else {
    blocks.push(
      {
        kind: 'formula',
        title: 'GW% (game-win percentage)',
        value: percent(r.gwp),
        description: 'game points ÷ (3 × games played), at least 0.33; game win 3, drawn game 1; a bye is two won games',
        lines: [{ testId: 'gw-formula', text: [`GW% = ${r.gamePoints} / (3 × ${r.games}) = `, ...(r.games > 0 ? ownFloored(rawGwp(r)) : ['0 (no games played)'])] }],
      },
      {
        kind: 'formula',
        title: "OGW% (opponents' game-win percentage)",
        value: percent(r.ogw),
        description: "the mean of each opponent's GW% (each at least 0.33); byes left out",
        ...(opponents.length === 0
          ? { lines: [{ text: ['No opponents yet: OGW = 0'] }] }
          : {
              opponents: opponents.map((o) => ({ id: o.id, name: name(o.id), detail: `${o.gamePoints} / (3 × ${o.games})`, value: listFloored(rawGwp(o)) })),
              lines: [{ text: [`OGW = (${sumText(opponents.map((o) => num(o.gwp)))}) / ${opponents.length} = `, { strong: num(r.ogw) }, ` = ${percent(r.ogw)}`] }],
            }),
      },
    );
  }
  blocks.push({ kind: 'line', className: 'muted st-small', text: ['Players equal on everything are ordered by the registration draw made when they registered.'] });
  return blocks;
}
