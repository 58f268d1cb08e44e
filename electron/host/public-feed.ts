/**
 * What every player's phone is sent: the published view of the open event
 * (core/public/view.ts) and, at each change, the one push that takes a phone from the view it has
 * to the new one (core/public/patch.ts), each computed once and serialised once however many
 * phones there are. The public door (public-door.ts) says when the journal changed and sends the
 * bytes; the feed keeps the view the phones hold.
 *
 * - A change is a journal entry (a small patch) or a fresh state (an undo, an event opened again
 *   or another one: the whole view). `version` is the journal's last sequence number; `now` the
 *   host's time.
 * - A change whose patch touches nothing but `version` and `madeAt` (a note, a setting the view
 *   does not show) is not sent: the phones keep the view they have, and the next patch starts
 *   from it.
 * - With no phone connected, the feed forgets its view: nothing is computed until a phone comes.
 * - A phone that can decompress asks for its first view gzip-compressed (`?z=gzip`: a view of
 *   64 players is 6 KB as text and 1.5 KB compressed, of 2,048 players 390 KB and 52 KB); it is
 *   compressed once per view however many phones connect. Patches stay text: they are small.
 *
 * Plain Node, no I/O.
 */
import { gzipSync } from 'node:zlib';
import type { EventSummary } from '../../core/api/contract.js';
import type { EventState } from '../../core/model/types.js';
import { publicChange } from '../../core/public/patch.js';
import type { PublicPush, PublicView } from '../../core/public/types.js';
import { publicView } from '../../core/public/view.js';

/** Where the feed reads the open event (the station service's `current`). */
export type OpenEvent = () => { summary: EventSummary; state: EventState } | null;

export const NO_EVENT_MESSAGE = 'No event is open at the station yet: the pairings appear here once the scorekeeper opens one.';

/** Paths of a view that change with every view made, whatever the event does. */
const BOOKKEEPING = new Set(['/version', '/madeAt']);

function onlyBookkeeping(push: PublicPush): boolean {
  return push.type === 'patch' && (push.ops as { path?: unknown }[]).every((op) => typeof op.path === 'string' && BOOKKEEPING.has(op.path));
}

const encode = (push: PublicPush): Buffer => Buffer.from(JSON.stringify(push));

export class PublicFeed {
  /** The view the phones hold (null: none made since the feed last forgot, or no event open). */
  private view: PublicView | null = null;
  /** The whole view as a `view` push, serialised once, for phones that connect. */
  private wholeBytes: Buffer | null = null;
  /** `wholeBytes` (or the no-event words) gzip-compressed, and what it was made from. */
  private compressed: { from: Buffer; bytes: Buffer } | null = null;
  /** What the last push said when no event was open (sent once, not at every change). */
  private noEventSent = false;
  /** What changed since the phones' view was made: nothing, entries (a patch), or everything. */
  private pending: 'none' | 'patch' | 'whole' = 'whole';
  /** How many views and pushes were made (the tests' and the bench's count). */
  readonly made = { views: 0, pushes: 0 };

  constructor(
    private readonly open: OpenEvent,
    private readonly now: () => number,
  ) {}

  /** The journal changed: an entry was appended (`whole` false) or the state was replaced. */
  changed(whole: boolean): void {
    if (whole) this.pending = 'whole';
    else if (this.pending === 'none') this.pending = 'patch';
  }

  /** No phone is connected: drop the view (the next phone's is made when it connects). */
  forget(): void {
    this.view = null;
    this.wholeBytes = null;
    this.compressed = null;
    this.noEventSent = false;
    this.pending = 'whole';
  }

  /** Is there a change the phones have not been sent? */
  stale(): boolean {
    return this.pending !== 'none';
  }

  /**
   * Bring the view up to date: the bytes to send every phone connected so far (one push), or null
   * when they need nothing.
   */
  update(): Buffer | null {
    if (this.pending === 'none') return null;
    const whole = this.pending === 'whole' || this.view === null;
    this.pending = 'none';
    const current = this.open();
    if (!current) {
      this.view = null;
      this.wholeBytes = null;
      if (this.noEventSent) return null;
      this.noEventSent = true;
      this.made.pushes++;
      return encode({ type: 'no-event', message: NO_EVENT_MESSAGE });
    }
    this.noEventSent = false;
    const next = publicView(current.state, { now: this.now(), version: current.summary.entries - 1 });
    this.made.views++;
    const change = publicChange(whole ? undefined : (this.view ?? undefined), next);
    if (onlyBookkeeping(change.push)) return null;
    this.view = next;
    const bytes = Buffer.from(change.text);
    this.wholeBytes = change.push.type === 'view' ? bytes : null;
    this.made.pushes++;
    return bytes;
  }

  /** What a phone that connects now is sent first: the whole view, or the no-event words. Call update() before. */
  first(): Buffer {
    if (!this.view) return encode({ type: 'no-event', message: NO_EVENT_MESSAGE });
    this.wholeBytes ??= encode({ type: 'view', view: this.view });
    return this.wholeBytes;
  }

  /**
   * first(), gzip-compressed (RFC 1952), for a phone that asked for it. Made once per view: level 6
   * takes a few milliseconds even for a 2,048-player view, and only when a phone connects after a change.
   */
  firstCompressed(): Buffer {
    const first = this.first();
    if (this.compressed?.from !== first) this.compressed = { from: first, bytes: gzipSync(first, { level: 6 }) };
    return this.compressed.bytes;
  }

  /** The view the phones hold now (tests). */
  current(): PublicView | null {
    return this.view;
  }
}
