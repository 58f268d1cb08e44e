/**
 * The follower (core/api/follower.ts): how every window keeps its copy of the event from the host's
 * pushes — a pure state machine, checked step by step and, over random deliveries (pushes lost,
 * repeated, held up; the connection dropping), against the host's own fold: once the effects it asks
 * for are answered, the copy is the host's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PushedEntry, StationPush, StationSnapshot } from '../../core/api/contract.js';
import { follow, newFollower, type Follower, type FollowerEffect, type FollowerInput } from '../../core/api/follower.js';
import { apply, replay } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';

/** A host: the journal of an event of 6 players, folded. */
class Host {
  readonly entries: PushedEntry[] = [];
  state: EventState;
  constructor(readonly id = 'ev') {
    this.state = apply(undefined, { type: 'create-event', id, name: 'Follow Cup', ruleset: 'mtr', settings: {}, seed: 1, createdAt: '2026-01-01T10:00:00.000Z' });
    this.entries.push({ seq: 0, at: 't', station: 'h', command: { type: 'create-event', id, name: 'Follow Cup', ruleset: 'mtr', settings: {}, seed: 1, createdAt: '2026-01-01T10:00:00.000Z' } });
  }
  write(command: Command): PushedEntry {
    const entry: PushedEntry = { seq: this.entries.length, at: 't', station: 'h', command };
    this.entries.push(entry);
    // An undo is resolved by replaying the journal, as the host does.
    this.state = command.type === 'undo' ? (replay(this.entries as { seq: number; command: Command }[]) as EventState) : apply(this.state, command);
    return entry;
  }
  snapshot(): StationSnapshot {
    return { summary: { id: this.id, name: 'Follow Cup', ruleset: 'mtr', path: '', readOnly: false, entries: this.entries.length }, state: this.state, lastSeq: this.entries.length - 1, notices: [] };
  }
  push(...entries: PushedEntry[]): StationPush {
    return { type: 'entries', eventId: this.id, entries };
  }
}

const register = (i: number): Command => ({ type: 'register-player', player: { id: `p${i}`, name: `Player ${i}` }, draw: i });

function run(follower: Follower, ...inputs: FollowerInput[]): { follower: Follower; effects: FollowerEffect[] } {
  let current = follower;
  const effects: FollowerEffect[] = [];
  for (const input of inputs) {
    const step = follow(current, input);
    current = step.follower;
    effects.push(...step.effects);
  }
  return { follower: current, effects };
}

describe('the follower, step by step', () => {
  it('asks for a snapshot when connected, takes it, and folds the entries pushed after it', () => {
    const host = new Host();
    host.write(register(1));
    let { follower, effects } = run(newFollower(), { type: 'connected' });
    expect(effects).toEqual([{ type: 'ask-snapshot' }]);
    ({ follower, effects } = run(follower, { type: 'snapshot', snapshot: host.snapshot() }, { type: 'push', push: host.push(host.write(register(2))) }));
    expect(effects).toEqual([]);
    expect(follower.snapshot?.lastSeq).toBe(2);
    expect(follower.snapshot?.state?.players.map((p) => p.id)).toEqual(['p1', 'p2']);
  });

  it('holds entries heard before the first snapshot and folds those it lacks after it', () => {
    const host = new Host();
    const early = host.write(register(1));
    const later = host.write(register(2));
    const { follower } = run(newFollower(), { type: 'connected' }, { type: 'push', push: host.push(later) }, { type: 'snapshot', snapshot: { ...host.snapshot(), lastSeq: early.seq, state: apply(new Host().state, register(1)) } });
    expect(follower.snapshot?.lastSeq).toBe(later.seq);
    expect(follower.snapshot?.state).toEqual(host.state);
  });

  it('a missing entry is a gap: the journal is asked from it, later pushes wait, then all fold in order', () => {
    const host = new Host();
    let { follower } = run(newFollower(), { type: 'connected' }, { type: 'snapshot', snapshot: host.snapshot() });
    const lost = host.write(register(1));
    const next = host.write(register(2));
    const after = host.write(register(3));
    let effects: FollowerEffect[];
    ({ follower, effects } = run(follower, { type: 'push', push: host.push(next) }));
    expect(effects).toEqual([{ type: 'ask-journal', from: lost.seq }]);
    ({ follower, effects } = run(follower, { type: 'push', push: host.push(after) }));
    expect(effects).toEqual([]);
    expect(follower.held).toHaveLength(1);
    ({ follower, effects } = run(follower, { type: 'journal', entries: host.entries.slice(lost.seq, next.seq + 1) }));
    expect(effects).toEqual([]);
    expect(follower.snapshot?.state).toEqual(host.state);
    expect(follower.gapsFilled).toBe(1);
  });

  it('an undo, or another event, asks for a fresh snapshot; a stale answer is not taken', () => {
    const host = new Host();
    let { follower } = run(newFollower(), { type: 'connected' }, { type: 'snapshot', snapshot: host.snapshot() });
    const undo: PushedEntry = { seq: 1, at: 't', station: 'h', command: { type: 'undo', target: 0 } };
    let effects: FollowerEffect[];
    ({ follower, effects } = run(follower, { type: 'push', push: host.push(undo) }));
    expect(effects).toEqual([{ type: 'ask-snapshot' }]);
    // Before the answer, the host pushes a newer state: the answer (asked before it) is stale.
    host.write(register(1));
    const newer = host.snapshot();
    ({ follower } = run(follower, { type: 'push', push: { type: 'state', snapshot: newer } }, { type: 'snapshot', snapshot: { ...newer, lastSeq: 0 } }));
    expect(follower.snapshot).toBe(newer);
    expect(follower.resyncs).toBe(1);
    ({ follower, effects } = run(follower, { type: 'push', push: { type: 'entries', eventId: 'another', entries: [] } }));
    expect(effects).toEqual([{ type: 'ask-snapshot' }]);
  });

  it('an answer behind what was already folded is not taken; a failed ask asks for a snapshot', () => {
    const host = new Host();
    const old = host.snapshot();
    let { follower } = run(newFollower(), { type: 'connected' }, { type: 'snapshot', snapshot: old });
    let effects: FollowerEffect[];
    ({ follower, effects } = run(follower, { type: 'connected' }, { type: 'push', push: host.push(host.write(register(1))) }, { type: 'snapshot', snapshot: old }));
    expect(effects).toEqual([{ type: 'ask-snapshot' }]);
    expect(follower.snapshot?.lastSeq).toBe(1);
    ({ effects } = run(follower, { type: 'failed' }));
    expect(effects).toEqual([{ type: 'ask-snapshot' }]);
  });

  it('steps over an entry it is not sent (withheld), keeping its place in the sequence', () => {
    const host = new Host();
    let { follower } = run(newFollower(), { type: 'connected' }, { type: 'snapshot', snapshot: host.snapshot() });
    const withheld: PushedEntry = { seq: 1, at: 't', station: 'h', command: { type: 'withheld' } };
    host.entries.push(withheld);
    const next = host.write(register(1));
    ({ follower } = run(follower, { type: 'push', push: host.push(withheld, next) }));
    expect(follower.snapshot?.lastSeq).toBe(next.seq);
    expect(follower.snapshot?.state?.players).toHaveLength(1);
  });
});

describe('the follower over random deliveries (property)', () => {
  it('whatever is lost, repeated or held up, once its asks are answered the copy is the host’s', () => {
    const delivery = fc.array(fc.record({ action: fc.constantFrom('deliver', 'drop', 'repeat', 'hold', 'release', 'disconnect', 'undo'), n: fc.nat(9) }), { maxLength: 60 });
    fc.assert(
      fc.property(delivery, (plan) => {
        const host = new Host();
        let follower = newFollower();
        const asks: FollowerEffect[] = [];
        const feed = (input: FollowerInput): void => {
          const step = follow(follower, input);
          follower = step.follower;
          asks.push(...step.effects);
        };
        const answer = (): void => {
          while (asks.length > 0) {
            const ask = asks.shift() as FollowerEffect;
            if (ask.type === 'ask-snapshot') feed({ type: 'snapshot', snapshot: host.snapshot() });
            else feed({ type: 'journal', entries: host.entries.slice(ask.from) });
          }
        };
        feed({ type: 'connected' });
        answer();
        const held: StationPush[] = [];
        let players = 0;
        let last: StationPush | null = null;
        for (const { action, n } of plan) {
          if (action === 'undo' && host.entries.length > 1) {
            const entry = host.write({ type: 'undo', target: host.entries.length - 1 });
            last = host.push(entry);
            feed({ type: 'push', push: last });
          } else if (action === 'release') {
            for (const push of held.splice(0)) feed({ type: 'push', push });
          } else if (action === 'disconnect') {
            feed({ type: 'connected' });
          } else if (action === 'repeat' && last) {
            feed({ type: 'push', push: last });
          } else {
            const entries = Array.from({ length: 1 + (n % 3) }, () => host.write(register(++players)));
            last = host.push(...entries);
            if (action === 'deliver') feed({ type: 'push', push: last });
            else if (action === 'hold') held.push(last);
            // 'drop': never arrives
          }
          if (n % 2 === 0) answer();
        }
        for (const push of held.splice(0)) feed({ type: 'push', push });
        // The next entry shows any gap left; then every ask is answered.
        feed({ type: 'push', push: host.push(host.write(register(++players))) });
        answer();
        expect(follower.snapshot?.lastSeq).toBe(host.entries.length - 1);
        expect(follower.snapshot?.state).toEqual(host.state);
      }),
      { numRuns: 200 },
    );
  });
});
