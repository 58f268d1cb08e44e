/**
 * A station window without a screen, for the network benchmarks: a real WebSocket client of `/rpc`
 * (the renderer's own ws-client.ts over the `ws` package) that keeps its copy of the event with core's
 * follower exactly as renderer/store/station.ts does (api-follower.ts), and counts every frame it
 * receives, by kind, in bytes on the wire.
 */
import { WebSocket, type RawData } from 'ws';
import type { PushedEntry, StationApi, StationSnapshot } from '../../core/api/contract.js';
import { ApiFollower } from './api-follower.js';
import { connectWebSocket, type WebSocketChannel, type WebSocketLike } from '../../renderer/api/ws-client.js';

/** One frame received: its size on the wire and what it was. */
export interface Frame {
  /** Payload plus the frame header (2, 4 or 10 bytes from a server: frames to a client are unmasked). */
  bytes: number;
  kind: 'push' | 'response' | 'other';
  /** For a push: its type ('entries', 'state', 'clock', …). */
  type?: string;
  /** For an entries push: the sequence numbers it carries (parsed only when `keepFrames`). */
  seqs?: number[];
}

export interface FoldingWindow {
  api: StationApi;
  channel: WebSocketChannel;
  /** The window's folded copy (null until its first snapshot). */
  snapshot(): StationSnapshot | null;
  /** The frames received, in order (only with `keepFrames`; otherwise empty). */
  frames: Frame[];
  /** Totals by kind: 'entries', 'state', 'clock', 'response', … */
  bytesBy: Map<string, number>;
  framesBy: Map<string, number>;
  /** Gaps filled with the journal query, and fresh snapshots taken because a push could not be folded. */
  readonly gaps: number;
  readonly resyncs: number;
  /** Call `listener` after every frame is handled (and after a snapshot or journal answer is folded). */
  onChange(listener: () => void): () => void;
  close(): void;
}

const HEADER = (payload: number): number => (payload < 126 ? 2 : payload < 65536 ? 4 : 10);
const HEAD = /^\{"kind":"(push|response)"(?:,"push":\{"type":"(\w+)")?/;

/** Connect to `rpcUrl` (with the station key) as a window; resolves once the first snapshot is held. */
export async function openFoldingWindow(rpcUrl: string, options: { keepFrames?: boolean } = {}): Promise<FoldingWindow> {
  const frames: Frame[] = [];
  const bytesBy = new Map<string, number>();
  const framesBy = new Map<string, number>();
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of [...listeners]) listener();
  };
  const count = (data: RawData): void => {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    const size = buffer.length;
    const text = buffer.toString('utf8', 0, Math.min(size, 60));
    const head = HEAD.exec(text);
    const kind = (head?.[1] as Frame['kind'] | undefined) ?? 'other';
    const type = head?.[2];
    const label = type ?? kind;
    const bytes = size + HEADER(size);
    bytesBy.set(label, (bytesBy.get(label) ?? 0) + bytes);
    framesBy.set(label, (framesBy.get(label) ?? 0) + 1);
    if (!options.keepFrames) return;
    const frame: Frame = { bytes, kind, ...(type !== undefined ? { type } : {}) };
    if (type === 'entries') {
      const push = (JSON.parse(buffer.toString()) as { push: { entries: PushedEntry[] } }).push;
      frame.seqs = push.entries.map((e) => e.seq);
    }
    frames.push(frame);
  };
  const { api, channel } = connectWebSocket(rpcUrl, {
    create: (u) => {
      const ws = new WebSocket(u, { perMessageDeflate: false });
      // Registered before ws-client's own listener: the frame is counted before it is handled.
      ws.on('message', count);
      return ws as unknown as WebSocketLike;
    },
    reconnect: false,
  });
  // After ws-client has handled a frame (its listener comes first once the socket exists), tell.
  channel.onMessage(() => queueMicrotask(changed));

  const follower = new ApiFollower(api);
  follower.onChange(changed);
  const window: FoldingWindow = {
    api,
    channel,
    snapshot: () => follower.snapshot,
    frames,
    bytesBy,
    framesBy,
    get gaps() {
      return follower.gapsFilled;
    },
    get resyncs() {
      return follower.resyncs;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close: () => channel.close(),
  };
  await channel.ready;
  follower.start();
  await new Promise<void>((resolve) => {
    const stop = follower.onChange(() => {
      if (!follower.snapshot) return;
      stop();
      resolve();
    });
  });
  return window;
}
