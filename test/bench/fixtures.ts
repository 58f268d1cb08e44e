/**
 * Saves the network benchmarks open: an mtr event of `players` with `played` Swiss rounds played
 * (results from the fixtures' seeded generator) and the next round paired as Podium pairs it
 * (test/host/save-fixtures.ts), written with the real writer into a host's events folder.
 */
import path from 'node:path';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState, Round } from '../../core/model/types.js';
import { writeEventSaveSync } from '../../electron/host/event-store.js';
import { mtrEvent, pairCommand } from '../host/save-fixtures.js';

export interface PreparedSave {
  /** The save's name in the events folder (what openEvent takes). */
  name: string;
  file: string;
  state: EventState;
  commands: Command[];
  /** The round paired and waiting for results. */
  round: Round;
}

export function writePairedSave(eventsDir: string, name: string, players: number, played = 8, seed = 2026): PreparedSave {
  const event = mtrEvent({ players, rounds: played, seed, id: `bench-${players}` });
  const pair = pairCommand(event.state);
  const state = apply(event.state, pair);
  const commands = [...event.commands, pair];
  const file = path.join(eventsDir, name);
  writeEventSaveSync(file, commands, { station: 'bench' });
  return { name, file, state, commands, round: state.rounds[state.rounds.length - 1] as Round };
}

/** A head-to-head result for the n-th table entered (2–0, 2–1, 1–2, 0–2 in turn). */
export function gamesFor(n: number): [number, number, number] {
  const games: [number, number, number][] = [[2, 0, 0], [2, 1, 0], [1, 2, 0], [0, 2, 0]];
  return [...(games[n % games.length] as [number, number, number])];
}
