/**
 * Draft pods (MTR 7.6): splitting the players into pods of "roughly equal size" before the draft,
 * and the seats inside each pod. Both draws come from the event's seeded generator (RULES 4: every
 * random choice, the split into draft pods included, comes from the seed stored in the save), so the
 * same event draws the same pods and seats wherever it is asked — the station and the print agree.
 *
 * The save records each player's pod (edit-player), not how it was drawn. A split is drawn from the
 * event seed and the pods as they stand, so "Seat draft pods again" draws a new split, and the same
 * event in the same state always draws the same one.
 */
import type { EventState, Player, PlayerId } from '../model/types.js';
import { createRng, deriveSeed } from '../random/rng.js';

/** The usual booster-draft pod (MTR 7.6 names no number: "roughly equal size"). */
export const DEFAULT_DRAFT_POD_SIZE = 8;

const DRAFT_SEAT_STREAM = 0x5345;
const DRAFT_SPLIT_STREAM = 0x5350;

function byId(a: Player, b: Player): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Pod sizes for n players around a pod size s: the number of pods whose size is nearest s (n / s
 * rounded, at least one), as equal as possible. s = 8: 9 → 9; 12 → 6, 6; 17 → 9, 8; 20 → 7, 7, 6.
 */
export function draftPodSizes(n: number, size = DEFAULT_DRAFT_POD_SIZE): number[] {
  const pods = Math.max(1, Math.round(n / Math.max(2, size)));
  return Array.from({ length: pods }, (_, i) => Math.floor(n / pods) + (i < n % pods ? 1 : 0));
}

/** Each draft pod's members in seat order, pod 1 first: seats drawn from the event seed and the pod number. */
export function draftPodSeats(state: EventState): { pod: number; seats: Player[] }[] {
  const byPod = new Map<number, Player[]>();
  for (const player of state.players) {
    if (player.draftPod === undefined || player.droppedAfterRound === 0) continue;
    const list = byPod.get(player.draftPod) ?? [];
    list.push(player);
    byPod.set(player.draftPod, list);
  }
  return [...byPod.keys()]
    .sort((a, b) => a - b)
    .map((pod) => {
      const members = [...(byPod.get(pod) as Player[])].sort(byId);
      return { pod, seats: createRng(deriveSeed(state.seed, DRAFT_SEAT_STREAM, pod)).shuffle(members) };
    });
}

/** A number for the pods as they stand (0 before any split), so a second split draws afresh. */
function podsNow(players: readonly Player[]): number {
  let h = 0;
  for (const p of players) h = deriveSeed(h, p.draftPod ?? 0);
  return h;
}

export interface DraftPodSplit {
  /** Pod sizes, pod 1 first. */
  sizes: number[];
  /** Each active player's pod (1-based). */
  pods: { id: PlayerId; pod: number }[];
}

/**
 * MTR 7.6: the active players split at random into pods of roughly equal size around `podSize`,
 * drawn from the event seed (and the pods as they stand).
 */
export function splitDraftPods(state: EventState, podSize = DEFAULT_DRAFT_POD_SIZE): DraftPodSplit {
  const active = state.players.filter((p) => p.droppedAfterRound === undefined).sort(byId);
  const rng = createRng(deriveSeed(state.seed, DRAFT_SPLIT_STREAM, podsNow(active)));
  const shuffled = rng.shuffle(active);
  const sizes = draftPodSizes(shuffled.length, podSize);
  const pods: { id: PlayerId; pod: number }[] = [];
  let at = 0;
  sizes.forEach((size, index) => {
    for (const p of shuffled.slice(at, at + size)) pods.push({ id: p.id, pod: index + 1 });
    at += size;
  });
  return { sizes, pods };
}
