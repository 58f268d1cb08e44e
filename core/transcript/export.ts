/**
 * Event state → transcript version 1. Settings are written only where they differ from the rule
 * set's defaults; the seed is always written, so the registration draws (and hence the final
 * tiebreaker) replay the same; a lightseekers-large event's groups are written as `groups`. What a
 * transcript cannot say is lost: player notes, awarded-bye and late-entry details, the playoff's
 * waiting list and draft flag, amendment reasons.
 */
import type { SettingsPatch } from '../event/commands.js';
import type { EventState, Settings } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { TRANSCRIPT_VERSION, type Transcript, type TranscriptRound } from './schema.js';

export function stateToTranscript(state: EventState): Transcript {
  const defaults = getRuleset(state.ruleset).settings({});
  const settings: Record<string, unknown> = {};
  for (const key of Object.keys(state.settings) as (keyof Settings)[]) {
    const value = state.settings[key];
    if (value !== undefined && value !== defaults[key]) settings[key] = value;
  }
  const rounds: TranscriptRound[] = state.rounds.map((round) => {
    const drops = state.players.filter((p) => p.droppedAfterRound === round.number).map((p) => p.id);
    return {
      stage: round.stage,
      tables: round.tables.map((table) => ({
        table: table.table,
        seats: [...table.seats],
        ...(table.result !== undefined ? { result: structuredCloneJson(table.result) } : {}),
      })),
      ...(round.byes.length > 0 ? { byes: round.byes.map((b) => b.player) } : {}),
      ...(drops.length > 0 ? { drops } : {}),
    };
  });
  // lightseekers-large: the groups (group 1 first), which the rounds alone may not pin down.
  const groups: string[][] = [];
  for (const p of state.players) {
    if (p.group === undefined) continue;
    while (groups.length < p.group) groups.push([]);
    (groups[p.group - 1] as string[]).push(p.id);
  }
  return {
    transcript: TRANSCRIPT_VERSION,
    ruleset: state.ruleset,
    ...(Object.keys(settings).length > 0 ? { settings: settings as SettingsPatch } : {}),
    seed: state.seed,
    players: state.players.map((p) => ({ id: p.id, name: p.name })),
    rounds,
    ...(groups.length > 0 ? { groups } : {}),
  };
}

/** A plain-JSON copy (results are plain data). */
function structuredCloneJson(value: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

/** The transcript as the text written to a file: 1-space-indented JSON and a final newline. */
export function formatTranscript(transcript: Transcript): string {
  return `${JSON.stringify(transcript, null, 1)}\n`;
}
