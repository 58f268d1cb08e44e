/**
 * Following the host (ARCHITECTURE "The venue network"): how a window or device keeps its copy of
 * the event from what the host pushes, as a pure state machine (the model of LiveStore's
 * syncstate: events in, a new state and the effects to run out). Every window — the station, the
 * projector, a second desk, a judge's phone — and every test copy runs this one machine; the
 * transport only runs its effects (ask the journal from an entry, ask a fresh snapshot) and feeds
 * back the answers.
 *
 * - A snapshot (a `state` push, or the answer to asking one) replaces the copy. An answer is stale
 *   when a `state` push arrived after it was asked, or when entries already folded past it.
 * - Entries are folded with core's apply (deltas.ts). A missing entry is a gap: the journal is asked
 *   from it, and entries pushed meanwhile are held and folded after its answer. An undo, another
 *   event, or an entry the copy cannot fold asks for a fresh snapshot.
 * - Entries heard before the first snapshot are held until it comes.
 *
 * Pure: no I/O, no time.
 */
import type { PushedEntry, StationPush, StationSnapshot } from './contract.js';
import { applyEntries } from './deltas.js';

export interface Follower {
  /** The copy shown now; null until the first snapshot. */
  snapshot: StationSnapshot | null;
  /** Entries heard while a gap is filled (or before the first snapshot): folded once it is (or dropped: another event's). */
  held: { eventId: string; entries: readonly PushedEntry[] }[];
  /** The journal is being asked from this entry (a gap). */
  filling: number | null;
  /** A fresh snapshot is being asked; `statePushes` as it was when it was asked. */
  asking: { statePushes: number } | null;
  /** `state` pushes heard: an answer asked before the latest one is older than it. */
  statePushes: number;
  /** Gaps filled and fresh snapshots taken (for tests and the support log). */
  gapsFilled: number;
  resyncs: number;
}

export type FollowerInput =
  | { type: 'push'; push: StationPush }
  /** The answer to `ask-snapshot`. */
  | { type: 'snapshot'; snapshot: StationSnapshot }
  /** The answer to `ask-journal`. */
  | { type: 'journal'; entries: readonly PushedEntry[] }
  /** The journal or the snapshot could not be had (the connection dropped): ask again for a snapshot. */
  | { type: 'failed' }
  /** The connection is (back) up: take a fresh snapshot, whatever was missed. */
  | { type: 'connected' };

export type FollowerEffect = { type: 'ask-journal'; from: number } | { type: 'ask-snapshot' };

export interface FollowerStep {
  follower: Follower;
  effects: FollowerEffect[];
}

export function newFollower(): Follower {
  return { snapshot: null, held: [], filling: null, asking: null, statePushes: 0, gapsFilled: 0, resyncs: 0 };
}

export function follow(follower: Follower, input: FollowerInput): FollowerStep {
  switch (input.type) {
    case 'push': {
      const push = input.push;
      if (push.type === 'state') return settled({ ...follower, snapshot: push.snapshot, filling: null, statePushes: follower.statePushes + 1 });
      if (push.type !== 'entries') return { follower, effects: [] };
      if (!follower.snapshot || follower.filling !== null) return { follower: { ...follower, held: [...follower.held, { eventId: push.eventId, entries: push.entries }] }, effects: [] };
      return fold(follower, push.eventId, push.entries);
    }
    case 'snapshot': {
      const asked = follower.asking;
      const current = follower.snapshot;
      const base = { ...follower, asking: null };
      // A state push since it was asked, or entries folded past it, are newer than this answer.
      const behind = current?.summary && input.snapshot.summary?.id === current.summary.id && input.snapshot.lastSeq < current.lastSeq;
      if ((asked && asked.statePushes !== follower.statePushes) || behind) return { follower: base, effects: [] };
      return settled({ ...base, snapshot: input.snapshot, filling: null });
    }
    case 'journal': {
      if (follower.filling === null || !follower.snapshot) return { follower, effects: [] };
      const eventId = follower.snapshot.summary?.id ?? '';
      const held = follower.held;
      return foldHeld(fold({ ...follower, filling: null, held: [], gapsFilled: follower.gapsFilled + 1 }, eventId, input.entries), held);
    }
    case 'failed':
      return resync({ ...follower, filling: null, asking: null });
    case 'connected':
      // Whatever was asked before may have been lost with the connection: ask afresh.
      return resync({ ...follower, filling: null, asking: null });
  }
}

/** Fold entries onto the copy: applied, a gap to fill, or a snapshot to ask. */
function fold(follower: Follower, eventId: string, entries: readonly PushedEntry[]): FollowerStep {
  const snapshot = follower.snapshot;
  if (!snapshot) return { follower: { ...follower, held: [...follower.held, { eventId, entries }] }, effects: [] };
  const outcome = applyEntries(snapshot, eventId, entries);
  if (outcome.kind === 'resync') return resync(follower);
  const next = { ...follower, snapshot: outcome.snapshot };
  if (outcome.kind === 'gap') return { follower: { ...next, filling: outcome.from }, effects: [{ type: 'ask-journal', from: outcome.from }] };
  return { follower: next, effects: [] };
}

function resync(follower: Follower): FollowerStep {
  if (follower.asking) return { follower, effects: [] };
  return { follower: { ...follower, asking: { statePushes: follower.statePushes }, resyncs: follower.resyncs + (follower.snapshot ? 1 : 0) }, effects: [{ type: 'ask-snapshot' }] };
}

/** A new copy: the entries held meanwhile folded onto it (those of another event dropped; older ones are skipped by their numbers). */
function settled(follower: Follower): FollowerStep {
  const id = follower.snapshot?.summary?.id;
  const held = follower.held.filter((h) => h.eventId === id);
  return foldHeld({ follower: { ...follower, held: [] }, effects: [] }, held);
}

/** Fold pushes held back, in order, after `step`; once a new gap or a resync is on its way, what is left waits for it. */
function foldHeld(step: FollowerStep, held: Follower['held']): FollowerStep {
  let next = step;
  for (const more of held) {
    if (next.effects.length > 0) {
      next = { ...next, follower: { ...next.follower, held: [...next.follower.held, more] } };
      continue;
    }
    next = fold(next.follower, more.eventId, more.entries);
  }
  return next;
}
