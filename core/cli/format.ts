/** How the command line writes its output: one-line messages, aligned tables, players and tables. */
import { formatTiebreakerValue } from '../documents/standings.js';
import type { EventState, PlayerId, Standing, Table } from '../model/types.js';
import { playoffFinishLabel } from '../rulesets/index.js';
import type { Ruleset } from '../rulesets/ruleset.js';
import { firstSeat, firstSeatField } from '../model/seats.js';

/** A message on one line (stderr gets exactly one line per problem). */
export function oneLine(message: string): string {
  return message.replace(/\s*[\r\n]+\s*/g, ' ').trim() || 'unknown problem';
}

function width(text: string): number {
  return [...text.normalize('NFC')].length;
}

/** Align columns: text columns to the left, numbers to the right. */
export function alignTable(header: string[], rows: string[][], rightAligned: boolean[]): string[] {
  const widths = header.map((h, c) => Math.max(width(h), ...rows.map((r) => width(r[c] ?? ''))));
  const line = (cells: string[]): string =>
    cells
      .map((cell, c) => {
        const pad = ' '.repeat((widths[c] as number) - width(cell));
        return rightAligned[c] ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** The standings as an aligned table for people, with the rule set's tiebreakers by their labels. */
export function standingsTable(standings: readonly Standing[], ruleset: Ruleset): string[] {
  // The rule set's words: its points column, W-L-D or W-L (Lightseekers games have no draws).
  const { presentation } = ruleset;
  const draws = presentation.standings(ruleset.settings({})).draws;
  const header = ['Rank', 'Name', 'ID', presentation.words.points, draws ? 'W-L-D' : 'W-L', ...ruleset.tiebreakers.map((t) => t.label)];
  const rows = standings.map((s) => [
    String(s.rank),
    s.dropped ? `${s.name} (dropped)` : s.name,
    s.id,
    String(s.points),
    // A bye is a match win (MTR App. C), so W counts byes and 3W + D is the match points.
    `${s.record.wins + s.record.byes}-${s.record.losses}${draws ? `-${s.record.draws}` : ''}`,
    ...ruleset.tiebreakers.map((t) => formatTiebreakerValue(s.tiebreakers[t.key] ?? 0, t.label, t.key)),
  ]);
  const right = [true, false, false, true, false, ...ruleset.tiebreakers.map(() => true)];
  // Final standings: how far each playoff player got (after the ID).
  if (standings.some((s) => s.playoff !== undefined)) {
    header.splice(3, 0, presentation.playoff.finishColumn);
    rows.forEach((row, i) => row.splice(3, 0, playoffFinishLabel(standings[i]?.playoff) || '-'));
    right.splice(3, 0, false);
  }
  // Lightseekers large: a Group column (ranks count within the group).
  if (standings.some((s) => s.group !== undefined)) {
    header.unshift('Group');
    rows.forEach((row, i) => row.unshift(standings[i]?.group !== undefined ? String(standings[i]?.group) : '-'));
    right.unshift(true);
  }
  const lines = alignTable(header, rows, right);
  // Lightseekers: equal on points and every tiebreaker — RULES 3 leaves the order to the organiser.
  const ties = new Set<string>();
  for (const s of standings) {
    if (!s.organiserDecides || ties.has(s.id)) continue;
    const tie = [s.id, ...(s.tiedWith ?? [])];
    tie.forEach((id) => ties.add(id));
    const names = tie.map((id) => standings.find((x) => x.id === id)?.name ?? id);
    lines.push(`Tied on every tiebreaker (the organiser decides their order): ${names.join(', ')}`);
  }
  return lines;
}

/** "Ada Oz7 (p007)", or the id alone for someone the event does not list. */
export function describePlayer(state: EventState, id: PlayerId): string {
  const player = state.players.find((p) => p.id === id);
  return player ? `${player.name} (${id})` : id;
}

/** "Table 3: Ada Oz7 (p007) v Bo Lee (p002)", and " — seat 3 plays first" where it is not seat 1. */
export function tableLine(state: EventState, table: Table): string {
  const first = firstSeat(table);
  return `Table ${table.table}: ${table.seats.map((id) => describePlayer(state, id)).join(' v ')}${first !== 1 ? ` — seat ${first} plays first` : ''}`;
}

/** Tables and seat-choice orders as the JSON output gives them (plain arrays). */
export function tablesJson(tables: readonly Table[]): { table: number; seats: string[]; firstSeat?: number }[] {
  return tables.map((t) => ({ table: t.table, seats: [...t.seats], ...firstSeatField(t.firstSeat) }));
}

export function seatChoiceJson(choices: readonly { table: number; order: readonly string[] }[]): { table: number; order: string[] }[] {
  return choices.map((c) => ({ table: c.table, order: [...c.order] }));
}
