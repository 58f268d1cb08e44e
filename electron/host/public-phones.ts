/**
 * The phones connected to the public door (public-door.ts) and what goes out to them: the feed's
 * pushes (public-feed.ts) once per journal change, made once and sent as the same bytes to
 * every phone, a slice of phones at a time; the host's time every PUBLIC_TICK_MS while any phone
 * is connected, with a WebSocket ping (the tick is the phone's heartbeat, core/api/heartbeat.ts: a
 * phone that hears neither for a few seconds says it is offline, and one that answers no ping for
 * HOST_DROP_AFTER_MS is cut off — a dropped Wi-Fi leaves its socket half-open); each phone's
 * send buffer bounded (a phone that stops reading is dropped and reconnects for the whole view).
 * With no phone connected there is no timer and no view.
 *
 * Plain Node: no `electron` import.
 */
import { WebSocket } from 'ws';
import type { StationPush } from '../../core/api/contract.js';
import { HEARTBEAT_MS, hostBeat } from '../../core/api/heartbeat.js';
import type { PublicPush } from '../../core/public/types.js';
import { PublicFeed, type OpenEvent } from './public-feed.js';
import type { TokenBucket } from './rate-limit.js';

/** How often phones are told the host's time (they count the round clock themselves in between): their heartbeat. */
export const PUBLIC_TICK_MS = HEARTBEAT_MS;

/** Which door a phone came through: the local one (127.0.0.1) or a LAN listener of the venue network. */
export type PublicEntrance = 'local' | 'lan';

export interface Phone {
  ws: WebSocket;
  entrance: PublicEntrance;
  address: string;
  /** Its own messages' rate limit. */
  bucket: TokenBucket;
  /** It asked for its first view gzip-compressed (a binary frame): public-feed.ts firstCompressed. */
  gzip?: boolean;
  /** When it last answered a ping or sent a message (host time): the door keeps it. */
  heardAt?: number;
}

/** Phones sent a push between two turns of the event loop. */
const SLICE = 200;

interface OutboxJob {
  data: Buffer;
  /** The phones connected when it was made (one connecting later gets the whole view instead). */
  phones: Phone[];
  next: number;
}

export class PhoneFanOut {
  private readonly phones = new Set<Phone>();
  private outbox: OutboxJob[] = [];
  private feed: PublicFeed | null = null;
  private scheduled = false;
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly now: () => number,
    /** Bytes that may wait to go out to one phone (one frame always fits an empty buffer). */
    private readonly sendBufferBytes: number,
  ) {}

  /** Follow this open event (the station service's `current`). */
  follow(open: OpenEvent): void {
    this.feed = new PublicFeed(open, this.now);
  }

  get size(): number {
    return this.phones.size;
  }

  has(phone: Phone): boolean {
    return this.phones.has(phone);
  }

  all(): Phone[] {
    return [...this.phones];
  }

  /** What the feed made so far. */
  made(): { views: number; pushes: number } {
    return { ...(this.feed?.made ?? { views: 0, pushes: 0 }) };
  }

  /** A phone came in: the others get any change first, then it gets the whole view and the host's time. */
  add(phone: Phone): void {
    const feed = this.feed;
    if (!feed) return void phone.ws.terminate();
    if (feed.stale()) this.broadcast(feed.update());
    this.phones.add(phone);
    if (!this.ticker) {
      this.ticker = setInterval(() => this.beat(), PUBLIC_TICK_MS);
      this.ticker.unref();
    }
    if (phone.gzip) this.send(phone, feed.firstCompressed(), true);
    else this.send(phone, feed.first());
    this.send(phone, this.tick());
  }

  /** Gone (closed, dropped, refused): no more pushes; the last one out stops the tick and drops the view. */
  forget(phone: Phone): void {
    if (!this.phones.delete(phone) || this.phones.size > 0) return;
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.feed?.forget();
  }

  /** A station push: a journal change goes out once the command's answer has (one push for a burst of changes). */
  heard(push: StationPush): void {
    const feed = this.feed;
    if (!feed || (push.type !== 'entries' && push.type !== 'state')) return;
    feed.changed(push.type === 'state');
    if (this.phones.size === 0) return feed.forget();
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.phones.size > 0) this.broadcast(feed.update());
    });
  }

  send(phone: Phone, data: Buffer, binary = false): void {
    const { ws } = phone;
    if (ws.readyState !== WebSocket.OPEN) return;
    const waiting = ws.bufferedAmount;
    if (waiting > 0 && waiting + data.length > this.sendBufferBytes) {
      this.forget(phone);
      ws.terminate();
      return;
    }
    ws.send(data, { binary });
  }

  /**
   * The same bytes to every phone connected now, SLICE phones at a time with the event loop free
   * in between (a thousand sends are a thousand socket writes: a station's command never waits
   * behind all of them). Pushes go out in order: a broadcast starts after the one before it ends.
   */
  private broadcast(data: Buffer | null): void {
    if (!data || this.phones.size === 0) return;
    this.outbox.push({ data, phones: [...this.phones], next: 0 });
    if (this.outbox.length === 1) this.drainSlice();
  }

  private drainSlice(): void {
    let budget = SLICE;
    while (budget > 0 && this.outbox.length > 0) {
      const job = this.outbox[0] as OutboxJob;
      const end = Math.min(job.phones.length, job.next + budget);
      for (let i = job.next; i < end; i++) {
        const phone = job.phones[i] as Phone;
        if (this.phones.has(phone)) this.send(phone, job.data);
      }
      budget -= end - job.next;
      job.next = end;
      if (job.next >= job.phones.length) this.outbox.shift();
    }
    if (this.outbox.length > 0) setImmediate(() => this.drainSlice());
  }

  /** The heartbeat: a phone that answered nothing for a while is cut off, every other one pinged and told the time. */
  private beat(): void {
    const now = this.now();
    for (const phone of [...this.phones]) {
      if (phone.heardAt !== undefined && hostBeat(phone.heardAt, now) === 'drop') {
        this.forget(phone);
        phone.ws.terminate();
        continue;
      }
      try {
        if (phone.ws.readyState === WebSocket.OPEN) phone.ws.ping();
      } catch {
        // (closing meanwhile: its close does the rest)
      }
    }
    this.broadcast(this.tick());
  }

  private tick(): Buffer {
    return Buffer.from(JSON.stringify({ type: 'tick', now: this.now() } satisfies PublicPush));
  }

  /** Every phone gone, no timer left. */
  clear(): void {
    this.outbox = [];
    for (const phone of [...this.phones]) {
      this.forget(phone);
      phone.ws.terminate();
    }
  }
}
