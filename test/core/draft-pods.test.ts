import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { draftPodSeats, draftPodSizes, splitDraftPods } from '../../core/pairing/draft-pods.js';

function event(seed: number, players = 20): EventState {
  const commands: Command[] = [
    { type: 'create-event', id: 'e', name: 'Draft', ruleset: 'mtr', settings: { format: 'draft' }, seed, createdAt: '2024-01-01T00:00:00.000Z' },
    ...Array.from({ length: players }, (_, i): Command => ({ type: 'register-player', player: { id: `p${String(i + 1).padStart(2, '0')}`, name: `Player ${i + 1}` }, draw: i + 1 })),
  ];
  let state: EventState | undefined;
  for (const command of commands) state = apply(state, command);
  return state as EventState;
}

function seatSplit(state: EventState, podSize: number): EventState {
  const { pods } = splitDraftPods(state, podSize);
  return pods.reduce((s, c) => apply(s, { type: 'edit-player', id: c.id, changes: { draftPod: c.pod } }), state);
}

describe('draft pods (MTR 7.6) from the seeded generator (RULES 4)', () => {
  it('the same seed splits the same players into the same pods; another seed splits them otherwise', () => {
    const a = splitDraftPods(event(7), 8);
    expect(a.sizes).toEqual([7, 7, 6]);
    expect(splitDraftPods(event(7), 8)).toEqual(a);
    expect(splitDraftPods(event(8), 8).pods).not.toEqual(a.pods);
    expect(a.pods.map((c) => c.id).sort()).toEqual(event(7).players.map((p) => p.id).sort());
  });

  it('splitting again draws a new split, and the same one for the same event', () => {
    const once = seatSplit(event(7), 8);
    const again = splitDraftPods(once, 8);
    expect(again.pods).not.toEqual(splitDraftPods(event(7), 8).pods);
    expect(splitDraftPods(seatSplit(event(7), 8), 8)).toEqual(again);
  });

  it('dropped players are left out; seats inside a pod come from the seed too', () => {
    let state = event(3, 12);
    state = apply(state, { type: 'drop-player', id: 'p05' });
    const split = splitDraftPods(state, 6);
    expect(split.sizes).toEqual([6, 5]);
    expect(split.pods.some((c) => c.id === 'p05')).toBe(false);
    const seated = seatSplit(state, 6);
    expect(draftPodSeats(seated)).toEqual(draftPodSeats(seatSplit(state, 6)));
    expect(draftPodSizes(20, 8)).toEqual([7, 7, 6]);
    expect(draftPodSizes(9, 8)).toEqual([9]);
  });
});
