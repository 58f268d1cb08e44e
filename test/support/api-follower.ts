/**
 * Core's follower (core/api/follower.ts) run against a StationApi, as the renderer's store runs it
 * (renderer/store/station.ts): pushes in, its asks (the journal from a gap, a fresh snapshot) run
 * on the api and their answers fed back. The tests' and benchmarks' copies of the event use this,
 * so they follow the host exactly as a window does.
 */
import type { StationApi, StationPush, StationSnapshot } from '../../core/api/contract.js';
import { follow, newFollower, type Follower, type FollowerEffect, type FollowerInput } from '../../core/api/follower.js';

export class ApiFollower {
  private follower: Follower = newFollower();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly api: StationApi) {}

  /** Hear the api's pushes and ask for a first snapshot; returns the way to stop hearing. */
  start(): () => void {
    const stop = this.api.subscribe((push) => this.hear(push));
    this.feed({ type: 'connected' });
    return stop;
  }

  hear(push: StationPush): void {
    if (push.type === 'state' || push.type === 'entries') this.feed({ type: 'push', push });
  }

  /** The connection is back: ask afresh. */
  reconnected(): void {
    this.feed({ type: 'connected' });
  }

  get snapshot(): StationSnapshot | null {
    return this.follower.snapshot;
  }

  get gapsFilled(): number {
    return this.follower.gapsFilled;
  }

  get resyncs(): number {
    return this.follower.resyncs;
  }

  /** Call `listener` after every change of the copy (or an answer folded). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private feed(input: FollowerInput): void {
    const step = follow(this.follower, input);
    this.follower = step.follower;
    for (const effect of step.effects) this.run(effect);
    for (const listener of [...this.listeners]) listener();
  }

  private run(effect: FollowerEffect): void {
    if (effect.type === 'ask-journal') {
      this.api.query({ kind: 'journal', from: effect.from }).then(
        (answer) => this.feed(answer.kind === 'journal' ? { type: 'journal', entries: answer.entries } : { type: 'failed' }),
        // The connection went: the next push after it is back finds the gap again.
        () => this.feed({ type: 'failed' }),
      );
      return;
    }
    this.api.snapshot().then(
      (snapshot) => this.feed({ type: 'snapshot', snapshot }),
      () => undefined,
    );
  }
}
