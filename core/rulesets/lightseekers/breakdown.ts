/**
 * Lightseekers standings breakdown (RULES 3): game wins, then VP, longevity and best VP, game by
 * game, from the records standings.ts ranks with.
 */
import type { EventState, PlayerId, Standing } from '../../model/types.js';
import { plural, pluralWord } from '../../text/format.js';
import { isolate, type BreakdownBlock, type RichText } from '../presentation.js';
import { gameOutcome, isLightseekersResult } from './results.js';
import { lightseekersRecords } from './standings.js';

const sumText = (values: readonly string[]): string => (values.length === 0 ? '0' : values.join(' + '));

export function lightseekersBreakdown(state: EventState, standing: Standing, name: (id: PlayerId) => string): BreakdownBlock[] | null {
  const record = lightseekersRecords(state).get(standing.id);
  if (!record) return null;
  const games: { round: number; table: number; vp: number; longevity: number; won: boolean }[] = [];
  for (const round of state.rounds) {
    if (round.stage !== 'swiss') continue;
    for (const table of round.tables) {
      if (!table.seats.includes(standing.id) || !isLightseekersResult(table.result)) continue;
      const outcome = gameOutcome(table.result, table.seats);
      games.push({ round: round.number, table: table.table, vp: table.result.vp[standing.id] ?? 0, longevity: outcome.longevity.get(standing.id) ?? 0, won: outcome.winner === standing.id });
    }
  }
  const won = games.filter((g) => g.won);
  const blocks: BreakdownBlock[] = [
    {
      kind: 'line',
      className: 'record-line',
      text: [`${plural(record.wins, 'game')} won of ${record.games}${record.lateEntryLosses > 0 ? ` (${plural(record.lateEntryLosses, 'late-entry loss', 'late-entry losses')}, 0 VP)` : ''}`],
    },
    {
      kind: 'table',
      testId: 'ls-games',
      columns: [{ label: 'Round' }, { label: 'Table' }, { label: 'VP', numeric: true }, { label: 'Longevity', numeric: true, title: 'players defeated before this player' }, { label: 'Result' }],
      rows: games.map((g): RichText[] => [[String(g.round)], [String(g.table)], [String(g.vp)], [String(g.longevity)], g.won ? [{ strong: 'won' }] : ['—']]),
    },
    {
      kind: 'formula',
      title: 'Game wins (points)',
      value: String(record.wins),
      lines: [{ text: [won.length > 0 ? `won in ${pluralWord(won.length, 'round', 'rounds')} ${won.map((g) => g.round).join(', ')}` : 'no game won yet'] }],
    },
    {
      kind: 'formula',
      title: 'VP',
      value: String(record.vp),
      description: 'Victory Points scored in all games',
      lines: [{ testId: 'vp-formula', text: [`VP = ${sumText(games.map((g) => String(g.vp)))} = `, { strong: String(record.vp) }] }],
    },
    {
      kind: 'formula',
      title: 'Longevity',
      value: String(record.longevity),
      description: 'in each game one point for every player defeated before them, summed',
      lines: [{ text: [`Longevity = ${sumText(games.map((g) => String(g.longevity)))} = `, { strong: String(record.longevity) }] }],
    },
    {
      kind: 'formula',
      title: 'Best VP',
      value: String(record.bestVp),
      description: 'the most Victory Points in a single game',
      lines: [{ text: [`Best VP = max(${games.map((g) => g.vp).join(', ') || '0'}) = `, { strong: String(record.bestVp) }] }],
    },
  ];
  if (standing.organiserDecides)
    blocks.push({
      kind: 'line',
      className: 'warning',
      testId: 'organiser-decides',
      text: [
        `Equal with ${(standing.tiedWith ?? []).map((id) => isolate(name(id))).join(', ')} on game wins, VP, longevity and best VP: the organiser decides their order (RULES 3; Standings → Decide the order). The order shown is the registration draw.`,
      ],
    });
  else if (standing.tieDecision !== undefined)
    blocks.push({
      kind: 'line',
      className: 'muted',
      testId: 'organiser-decided',
      text: [
        `Equal with ${(standing.tiedWith ?? []).map((id) => isolate(name(id))).join(', ')} on game wins, VP, longevity and best VP: the organiser decided their order (RULES 3): ${standing.tieDecision}`,
      ],
    });
  return blocks;
}
