/** `playoff FILE.json --top K [--draft] [--json]`: the first playoff round of a top-K cut. */
import { getRuleset } from '../../rulesets/index.js';
import { roundSeed } from '../../transcript/index.js';
import { integerFlag, required } from '../flags.js';
import { describePlayer, oneLine, seatChoiceJson, tableLine, tablesJson } from '../format.js';
import { UsageError, defineCommand } from '../io.js';
import { readEvent, requireFinished, swissOnly, withFile } from '../read.js';

export const playoffCommand = defineCommand({
  name: 'playoff',
  options: { top: { type: 'string' }, draft: { type: 'boolean' }, json: { type: 'boolean' } },
  positionals: ['FILE.json'],
  run({ positionals: [file = ''], values }, io, out, warnings) {
    const top = integerFlag('playoff', 'top', required('playoff', 'top', values.top), 2, 1024);
    const draft = values.draft === true;
    // The cut is made from the final Swiss standings, whatever playoff rounds the event holds.
    const state = swissOnly(readEvent(io, file, warnings).state);
    const ruleset = getRuleset(state.ruleset);
    if (!ruleset.playoffCuts.includes(top))
      throw new UsageError(`playoff: ${ruleset.id} has no top-${top} cut (cuts: ${ruleset.playoffCuts.join(', ')})`);
    requireFinished(file, state);
    const pairing = withFile(file, () => ruleset.playoff(state, { top, draft }, roundSeed(state.seed, state.rounds.length + 1)));
    if (values.json) {
      // Lightseekers finals: who chooses a seat when (lowest seed first).
      const seatChoice = pairing.seatChoice ? { seatChoice: seatChoiceJson(pairing.seatChoice) } : {};
      out.push(JSON.stringify({ tables: tablesJson(pairing.tables), waiting: [...pairing.waiting], ...seatChoice }, null, 2));
      return 0;
    }
    out.push(`Top ${top}${draft ? ' (booster draft)' : ''}: first playoff round`);
    out.push('');
    for (const table of pairing.tables) out.push(tableLine(state, table));
    for (const id of pairing.waiting) out.push(`Waiting: ${describePlayer(state, id)}`);
    for (const choice of pairing.seatChoice ?? [])
      out.push(`Table ${choice.table} seat choice, lowest seed first (the top seed chooses last): ${choice.order.map((id) => describePlayer(state, id)).join(', ')}`);
    for (const warning of pairing.warnings ?? []) out.push(`Warning: ${oneLine(warning.message)}`);
    return 0;
  },
});
