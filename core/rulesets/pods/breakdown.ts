/**
 * `mstr-2022` / `mamtr-2024` standings breakdown (App. C), from the records standings.ts ranks
 * with: MWP = (MP − byes × PPW) / (matches × PPW); OAMP = mean opponents' match points; OMWP = mean
 * of max(opponent MWP, 1/PPW), with the ghost opponents of smaller pods where the document has them.
 */
import type { EventState, PlayerId } from '../../model/types.js';
import { plural } from '../../text/format.js';
import { formatValue, isolate, num, type BreakdownBlock, type RichText } from '../presentation.js';
import { housePoints, podHouseRules, podPolicy } from './policies.js';
import { isPodResult, podMatchWinner } from './results.js';
import { podRecords, type PodRecord } from './standings.js';
import type { PodVariant } from './variant.js';

const sumText = (values: readonly string[]): string => (values.length === 0 ? '0' : values.join(' + '));

interface PodRow {
  round: number;
  table?: number;
  text: string;
  ghosts: number;
}

function podsPlayed(variant: PodVariant, state: EventState, id: PlayerId, name: (id: PlayerId) => string): PodRow[] {
  const n = state.settings.podSize;
  const { winPoints: ppw, drawPoints, byePoints } = podPolicy(variant, state.settings);
  const byeText = byePoints === ppw ? `bye — worth a win (${ppw} points), not a match played` : `bye — ${plural(byePoints, 'point')}, not a match played`;
  const out: PodRow[] = [];
  for (const round of state.rounds) {
    if (round.stage !== 'swiss') continue;
    if (round.byes.some((b) => b.player === id)) out.push({ round: round.number, text: byeText, ghosts: 0 });
    for (const table of round.tables) {
      if (!table.seats.includes(id)) continue;
      const size = table.seats.length;
      const ghosts = variant.ghostOpponents ? Math.max(0, n - size) : 0;
      const sizeText = size < n ? ` (smaller pod of ${size})` : size > n ? ` (pod of ${size})` : '';
      const result = table.result;
      if (!isPodResult(result)) {
        out.push({ round: round.number, table: table.table, text: `pod${sizeText} — no result yet`, ghosts: 0 });
        continue;
      }
      const winner = podMatchWinner(result, state.settings);
      const excluded = result.excluded?.includes(id) ?? false;
      const text =
        winner === 'draw'
          ? excluded
            ? 'draw — excluded (conceded or match loss): 0 points'
            : `draw — ${plural(drawPoints, 'point')}`
          : winner === id
            ? `won — ${plural(ppw, 'point')}`
            : `lost to ${isolate(name(winner))}`;
      out.push({ round: round.number, table: table.table, text: `${text}${sizeText}`, ghosts });
    }
  }
  return out;
}

export function podBreakdown(variant: PodVariant, state: EventState, id: PlayerId, name: (id: PlayerId) => string): BreakdownBlock[] | null {
  const n = state.settings.podSize;
  const { winPoints: ppw, drawPoints, byePoints } = podPolicy(variant, state.settings);
  const houseRules = podHouseRules(variant, state.settings);
  const records = new Map(podRecords(variant, state).map((r) => [r.id, r]));
  const r = records.get(id);
  if (!r) return null;
  const pods = podsPlayed(variant, state, id, name);
  const floor = 1 / ppw;
  const floorText = `${num(floor)} (1/${ppw})`;
  const floored = (value: number): RichText => (value < floor ? [{ raised: `raised from ${num(value)} to ${floorText}` }] : [num(value)]);
  const opponents = r.opponents.map((o) => records.get(o)).filter((x): x is PodRecord => x !== undefined);
  const ghostPods = pods.filter((p) => p.ghosts > 0);
  const percent = (value: number): string => formatValue(value, 'percent');
  return [
    ...(houseRules ? [{ kind: 'line' as const, className: 'house-rules', testId: 'house-rules', text: [houseRules] }] : []),
    {
      kind: 'line',
      className: 'record-line',
      text: [
        `${plural(r.wins, 'win')}, ${plural(r.losses, 'loss', 'losses')}, ${plural(r.draws, 'draw')}${r.byes > 0 ? `, ${plural(r.byes, 'bye')}` : ''} — ${plural(r.matches, 'match', 'matches')} played` +
          (r.lateEntryLosses > 0 ? ` (${plural(r.lateEntryLosses, 'late-entry loss', 'late-entry losses')})` : ''),
      ],
    },
    { kind: 'line', className: 'ppw', text: ppwText(variant, state.settings) },
    { kind: 'rounds', items: pods.map((p) => ({ round: p.round, ...(p.table !== undefined ? { table: p.table } : {}), text: p.text })), tableWord: 'pod' },
    {
      kind: 'formula',
      title: 'Match points',
      value: String(r.matchPoints),
      description: `win ${ppw}, draw ${drawPoints} (not for a player excluded from it), loss 0; a bye ${byePoints}`,
      lines: [
        {
          text: [
            byePoints === ppw
              ? `${ppw} × ${r.wins + r.byes} ${r.byes > 0 ? '(wins and byes)' : 'wins'} + ${drawPoints} × ${r.draws} draws = `
              : `${ppw} × ${r.wins} wins + ${byePoints} × ${r.byes} byes + ${drawPoints} × ${r.draws} draws = `,
            { strong: String(r.matchPoints) },
          ],
        },
      ],
    },
    {
      kind: 'formula',
      title: 'MWP (match-win percentage)',
      value: percent(r.mwp),
      description: `(match points − byes × ${byePoints === ppw ? 'PPW' : 'bye points'}) ÷ (matches played × PPW); byes are not matches; no minimum`,
      lines: [
        {
          testId: 'pod-mwp-formula',
          text: r.matches > 0 ? [`MWP = (${r.matchPoints} − ${r.byes} × ${byePoints}) / (${r.matches} × ${ppw}) = `, { strong: num(r.mwp) }] : ['No match played: MWP = 0'],
        },
      ],
    },
    {
      kind: 'formula',
      title: "OAMP (opponents' average match points)",
      value: formatValue(r.oamp, 'decimal'),
      description: 'the mean of the match points of every opponent faced (each pod member, each time)',
      ...(opponents.length === 0
        ? { lines: [{ text: ['No opponents yet: OAMP = 0'] }] }
        : {
            opponents: opponents.map((o) => ({ id: o.id, name: name(o.id), value: [plural(o.matchPoints, 'point')] })),
            lines: [{ testId: 'oamp-formula', text: [`OAMP = (${sumText(opponents.map((o) => String(o.matchPoints)))}) / ${opponents.length} = `, { strong: r.oamp.toFixed(2) }] }],
          }),
    },
    {
      kind: 'formula',
      title: "OMWP (opponents' match-win percentage)",
      value: percent(r.omwp),
      description: `the mean of each opponent's MWP, each at least 1/${ppw} = ${num(floor)}${variant.ghostOpponents ? '; each smaller pod adds ghost opponents at 1/PPW for its empty seats (MAMTR App. C)' : ''}`,
      ...(opponents.length === 0
        ? { lines: [{ text: ['No opponents yet: OMWP = 0'] }] }
        : {
            opponents: opponents.map((o) => ({ id: o.id, name: name(o.id), value: floored(o.mwp) })),
            lines: [
              ...(r.ghosts > 0
                ? [
                    {
                      className: 'ghosts',
                      testId: 'ghosts',
                      text: [
                        `${plural(r.ghosts, 'ghost opponent')} at ${num(floor)} (1/${ppw}) for the empty seats of ${ghostPods.map((p) => `round ${p.round} pod ${p.table ?? ''}`.trim()).join(', ')}`,
                      ],
                    },
                  ]
                : []),
              {
                testId: 'omwp-formula',
                text: [
                  `OMWP = (${sumText(opponents.map((o) => num(Math.max(o.mwp, floor))))}${r.ghosts > 0 ? ` + ${r.ghosts} × ${num(floor)}` : ''}) / ${
                    r.ghosts > 0 ? `(${opponents.length} + ${r.ghosts})` : opponents.length
                  } = `,
                  { strong: num(r.omwp) },
                  ` = ${percent(r.omwp)}`,
                ],
              },
            ],
          }),
    },
    { kind: 'line', className: 'muted st-small', text: ['Players equal on everything are ordered by the registration draw made when they registered.'] },
  ];
}

/** The points-per-win line: App. C's formula, or the organiser's numbers beside the document's. */
function ppwText(variant: PodVariant, settings: EventState['settings']): RichText {
  const n = settings.podSize;
  const documentPpw = variant.pointsPerWin(n);
  if (!housePoints(variant, settings))
    return [`Points per win (PPW) for pods of ${n}: ${variant.pointsPerWinFormula(n)} = `, { strong: String(documentPpw) }, ' (a bye is worth the same)'];
  const { winPoints, drawPoints, byePoints } = podPolicy(variant, settings);
  return [
    'Points per win (PPW): ',
    { strong: String(winPoints) },
    ` by house rules (${variant.document} App. C for pods of ${n}: ${variant.pointsPerWinFormula(n)} = ${documentPpw}); a draw ${drawPoints}, a bye ${byePoints}`,
  ];
}
