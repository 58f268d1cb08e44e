/**
 * `simulate --ruleset ID --players N --rounds K [--seed S] [--drop-rate P] [--settings JSON]
 * [--out FILE.json] [--json]`: a whole event with seeded random results and drops.
 */
import { type SettingsPatch, settingsPatchSchema } from '../../event/commands.js';
import { zodMessage } from '../../model/zod-words.js';
import { getRuleset } from '../../rulesets/index.js';
import { plural } from '../../text/format.js';
import { simulateEvent } from '../../simulate.js';
import { formatTranscript, parseJson, stateToTranscript } from '../../transcript/index.js';
import { integerFlag, required } from '../flags.js';
import { standingsTable } from '../format.js';
import { UsageError, defineCommand } from '../io.js';

export const simulateCommand = defineCommand({
  name: 'simulate',
  options: {
    ruleset: { type: 'string' },
    players: { type: 'string' },
    rounds: { type: 'string' },
    seed: { type: 'string' },
    'drop-rate': { type: 'string' },
    settings: { type: 'string' },
    out: { type: 'string' },
    json: { type: 'boolean' },
  },
  positionals: [],
  run({ values }, io, out) {
    const rulesetId = required('simulate', 'ruleset', values.ruleset);
    const players = integerFlag('simulate', 'players', required('simulate', 'players', values.players), 2, 100_000);
    const rounds = integerFlag('simulate', 'rounds', required('simulate', 'rounds', values.rounds), 1, 30);
    const seed = values.seed === undefined ? 1 : integerFlag('simulate', 'seed', values.seed, -(2 ** 31), 2 ** 31 - 1);
    const dropRate = dropRateFlag(values['drop-rate']);
    const settings = settingsFlag(values.settings);
    const ruleset = getRuleset(rulesetId);
    const { state, pairingMs } = simulateEvent({
      ruleset: ruleset.id,
      players,
      rounds,
      seed,
      dropRate,
      ...(settings ? { settings } : {}),
      clock: () => io.now(),
    });
    const outFile = values.out;
    if (outFile !== undefined) io.writeFile(outFile, formatTranscript(stateToTranscript(state)));
    const ms = pairingMs.map((m) => Math.round(m * 1000) / 1000);
    if (values.json) {
      out.push(JSON.stringify({ pairingMs: ms, rounds, players }));
      return 0;
    }
    const dropped = state.players.filter((p) => p.droppedAfterRound !== undefined).length;
    out.push(`Simulated a ${ruleset.id} event: ${plural(players, 'player')}, ${plural(rounds, 'round')}, seed ${seed}, drop rate ${dropRate} (${dropped} dropped)`);
    out.push(`Pairing time per round (ms): ${ms.map((m) => m.toFixed(1)).join(', ')}; max ${Math.max(...ms).toFixed(1)}`);
    if (outFile !== undefined) out.push(`Transcript written to ${outFile}`);
    out.push('');
    out.push(`Top of the standings after round ${rounds}:`);
    out.push(...standingsTable(ruleset.standings(state).slice(0, 8), ruleset));
    return 0;
  },
});

function dropRateFlag(text: string | undefined): number {
  if (text === undefined) return 0;
  const rate = /^\s*[0-9.eE+-]+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!(rate >= 0 && rate <= 1)) throw new UsageError(`simulate: --drop-rate must be a probability from 0 to 1 (got "${text}")`);
  return rate;
}

function settingsFlag(text: string | undefined): SettingsPatch | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    throw new UsageError(`simulate: --settings: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = settingsPatchSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(zodMessage(parsed.error, 'simulate: --settings', { at: ' ' }));
  return parsed.data;
}
