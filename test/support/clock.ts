/** Helpers for the clock tests: build events with the real fold, at fixed moments. */
import { expect } from 'vitest';
import { apply, replay } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, RulesetId } from '../../core/model/types.js';

/** A fixed moment: 21 Nov 2026, 10:00 UTC. */
export const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
export const S = 1_000;
export const M = 60_000;
export const at = (minutes: number, seconds = 0): number => T0 + minutes * M + seconds * S;

/** An event that records every command it applies, so a test can replay its journal. */
export class Event {
  state: EventState;
  readonly journal: { seq: number; command: Command }[] = [];

  constructor(ruleset: RulesetId, settings: Record<string, unknown> = {}) {
    const create: Command = { type: 'create-event', id: 'e1', name: 'Clock Open', ruleset, settings, seed: 7, createdAt: '2026-11-21T09:00:00Z' };
    this.state = apply(undefined, create);
    this.journal.push({ seq: 0, command: create });
  }

  run(...commands: Command[]): this {
    for (const command of commands) {
      this.state = apply(this.state, command);
      this.journal.push({ seq: this.journal.length, command });
    }
    return this;
  }

  register(count: number): string[] {
    const ids = Array.from({ length: count }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
    for (const id of ids) this.run({ type: 'register-player', player: { id, name: `Player ${id.slice(1)}` }, draw: Number(id.slice(1)) });
    return ids;
  }

  /** Pair round `round`: tables of `size` seats in id order. */
  pair(round: number, ids: string[], size: number, stage: 'swiss' | 'playoff' = 'swiss'): this {
    const tables = [];
    for (let i = 0; i < ids.length; i += size) tables.push({ table: tables.length + 1, seats: ids.slice(i, i + size) });
    return this.run({ type: 'pair-round', round, stage, tables, byes: [], seed: round });
  }

  /** Replay the journal from scratch, as the host does when it reopens the save. */
  reopened(): EventState {
    return replay(JSON.parse(JSON.stringify(this.journal)) as { seq: number; command: Command }[]) as EventState;
  }
}

export function expectPodiumError(fn: () => unknown, code: string, text: RegExp): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PodiumError);
    expect((error as PodiumError).code).toBe(code);
    expect((error as PodiumError).message).toMatch(text);
    return;
  }
  throw new Error('expected a PodiumError');
}
