/**
 * Token buckets for the venue network's door: how many messages a joined device may
 * send, and how many join attempts one address may make. A bucket holds up to `burst` tokens and
 * gains `perSecond` a second; each message takes one, and an empty bucket refuses. Time comes in
 * as a function (a monotonic clock in the host, a fake one in tests).
 *
 * Plain Node, no I/O.
 */
import { performance } from 'node:perf_hooks';

export interface BucketLimits {
  /** Tokens gained per second (the sustained rate). */
  perSecond: number;
  /** Tokens a full bucket holds (the largest burst). */
  burst: number;
}

export type MonotonicClock = () => number;

/** Milliseconds from a clock that never goes back (not the wall clock, which can be set). */
export const monotonic: MonotonicClock = () => performance.now();

export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly limits: BucketLimits,
    private readonly now: MonotonicClock = monotonic,
  ) {
    this.tokens = limits.burst;
    this.at = now();
  }

  private refill(): void {
    const t = this.now();
    if (t > this.at) this.tokens = Math.min(this.limits.burst, this.tokens + ((t - this.at) / 1000) * this.limits.perSecond);
    this.at = t;
  }

  /** Take one token: false (and nothing taken) when the bucket is empty. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Is a token there now (without taking it)? */
  has(): boolean {
    this.refill();
    return this.tokens >= 1;
  }

  /** Give back a token taken for something that turned out not to count (at most a full bucket). */
  refund(): void {
    this.refill();
    this.tokens = Math.min(this.limits.burst, this.tokens + 1);
  }

  /**
   * Empty, and owing `seconds` of refill on top: what has been misused waits longer than the
   * sustained rate (an address guessing while the whole network is past its limit).
   */
  penalise(seconds: number): void {
    this.refill();
    this.tokens = Math.min(this.tokens, 0) - seconds * this.limits.perSecond;
  }

  /** Whole seconds until the next token (for a Retry-After header); 0 when one is there. */
  secondsUntilNext(): number {
    this.refill();
    if (this.tokens >= 1) return 0;
    return Math.max(1, Math.ceil((1 - this.tokens) / this.limits.perSecond));
  }

  /** Full again (nothing taken for as long as a whole refill takes): the bucket may be forgotten. */
  isFull(): boolean {
    this.refill();
    return this.tokens >= this.limits.burst;
  }
}

/**
 * One bucket per key (an address, a device), at most `maxKeys` of them: full buckets are
 * forgotten first, then the oldest, so a flood of new keys cannot grow the host without bound.
 */
export class KeyedBuckets {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly limits: BucketLimits,
    private readonly maxKeys = 1024,
    private readonly now: MonotonicClock = monotonic,
  ) {}

  get(key: string): TokenBucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.evict();
      bucket = new TokenBucket(this.limits, this.now);
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  forget(key: string): void {
    this.buckets.delete(key);
  }

  size(): number {
    return this.buckets.size;
  }

  private evict(): void {
    for (const [key, bucket] of this.buckets) if (bucket.isFull()) this.buckets.delete(key);
    // Still full of busy keys: drop the oldest (a fresh bucket is full, which only helps the key).
    while (this.buckets.size >= this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
  }
}
