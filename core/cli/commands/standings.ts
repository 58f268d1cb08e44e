/** `standings FILE.json [--final] [--json]`: the standings after the last round (or, --final, after the playoff). */
import type { Standing } from '../../model/types.js';
import { finalStandings, getRuleset } from '../../rulesets/index.js';
import type { Ruleset } from '../../rulesets/ruleset.js';
import { plural } from '../../text/format.js';
import { standingsTable } from '../format.js';
import { UsageError, defineCommand } from '../io.js';
import { readEvent, withFile } from '../read.js';

export const standingsCommand = defineCommand({
  name: 'standings',
  options: { json: { type: 'boolean' }, final: { type: 'boolean' } },
  positionals: ['FILE.json'],
  run({ positionals: [file = ''], values }, io, out, warnings) {
    const { state } = readEvent(io, file, warnings);
    const ruleset = getRuleset(state.ruleset);
    const final = values.final === true;
    const standings = withFile(file, () => {
      if (!final) return ruleset.standings(state);
      const after = finalStandings(state);
      if (!after) throw new UsageError(`standings --final: ${file} has no playoff; the final standings come after the playoff cut`);
      return after;
    });
    if (values.json) {
      out.push(JSON.stringify({ standings: standings.map((s) => standingJson(s, ruleset)) }, null, 2));
      return 0;
    }
    const played = state.rounds.filter((r) => r.tables.some((t) => t.result !== undefined)).length;
    if (final) out.push(`Final standings after the playoff (${ruleset.id}, ${plural(state.players.length, 'player')})`);
    else out.push(`Standings after ${played === 0 ? 'registration' : `round ${played}`} (${ruleset.id}, ${plural(state.players.length, 'player')})`);
    out.push('');
    out.push(...standingsTable(standings, ruleset));
    return 0;
  },
});

function standingJson(s: Standing, ruleset: Ruleset) {
  const tiebreakers: Record<string, number> = {};
  for (const t of ruleset.tiebreakers) tiebreakers[t.key] = s.tiebreakers[t.key] ?? 0;
  return {
    rank: s.rank,
    id: s.id,
    name: s.name,
    points: s.points,
    dropped: s.dropped,
    tiebreakers,
    // Lightseekers: the group of a large event (ranks count within it); a tie the organiser decides.
    ...(s.group !== undefined ? { group: s.group } : {}),
    ...(s.organiserDecides ? { organiserDecides: true, tiedWith: [...(s.tiedWith ?? [])] } : {}),
    // --final: how far the player got in the playoff.
    ...(s.playoff !== undefined ? { playoff: s.playoff } : {}),
  };
}
