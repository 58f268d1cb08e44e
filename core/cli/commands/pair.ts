/** `pair FILE.json [--json]`: the pairings Podium would make for the next round. */
import { announcedRounds, getRuleset } from '../../rulesets/index.js';
import { plural } from '../../text/format.js';
import { roundSeed } from '../../transcript/index.js';
import { describePlayer, oneLine, seatChoiceJson, tableLine, tablesJson } from '../format.js';
import { UsageError, defineCommand } from '../io.js';
import { readEvent, requireFinished, withFile } from '../read.js';

export const pairCommand = defineCommand({
  name: 'pair',
  options: { json: { type: 'boolean' } },
  positionals: ['FILE.json'],
  run({ positionals: [file = ''], values }, io, out, warnings) {
    const { state } = readEvent(io, file, warnings);
    requireFinished(file, state);
    const ruleset = getRuleset(state.ruleset);
    const round = state.rounds.length + 1;
    const seed = roundSeed(state.seed, round);
    const proposal = withFile(file, () => (state.playoff ? ruleset.nextPlayoffRound(state, seed) : ruleset.pair(state, seed)));
    if (!proposal) throw new UsageError(`${file}: the playoff is finished; there is no next round to pair`);
    const byes = proposal.byes.map((b) => b.player);
    // MTR 10.2: a Swiss round past the announced number (a variable number: as its criterion decided).
    const announced = state.playoff ? undefined : announcedRounds(state, ruleset);
    const swissNext = state.rounds.filter((r) => r.stage === 'swiss').length + 1;
    const criterion = announced?.criterion?.evaluated ? ` (${announced.criterion.words.replace(/\.$/, '')})` : '';
    const past = announced && swissNext > announced.rounds ? `round ${swissNext} is past the announced ${plural(announced.rounds, 'Swiss round')}${criterion}` : undefined;
    if (values.json) {
      const extra = {
        ...(past ? { pastAnnounced: past } : {}),
        ...(proposal.groups ? { groups: proposal.groups.map((g) => [...g]) } : {}),
        ...(proposal.seatChoice ? { seatChoice: seatChoiceJson(proposal.seatChoice) } : {}),
      };
      out.push(JSON.stringify({ tables: tablesJson(proposal.tables), byes, ...extra }, null, 2));
      return 0;
    }
    out.push(`Round ${round} pairings${state.playoff ? ' (playoff)' : ''}`);
    out.push('');
    // lightseekers-large: the groups this round draws (round 1, late entries).
    proposal.groups?.forEach((members, i) => out.push(`Group ${i + 1} (${members.length}): ${members.map((id) => describePlayer(state, id)).join(', ')}`));
    if (proposal.groups) out.push('');
    for (const table of proposal.tables) out.push(tableLine(state, table));
    for (const id of byes) out.push(`Bye: ${describePlayer(state, id)}`);
    for (const warning of proposal.warnings) out.push(`Warning: ${oneLine(warning.message)}`);
    if (past) out.push(`Warning: ${past}: the event announced ${announced?.words}`);
    return 0;
  },
});
