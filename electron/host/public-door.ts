/**
 * The public door (1-2): players' phones (and the projector's QR page) on `/public`, a
 * WebSocket that needs no token, on the local door (127.0.0.1: the projector, tests) and on the
 * venue network's LAN listeners when the network is on. Whoever opens it gets the published view
 * of the open event and small updates; with the table's code from the printed slip, a phone may
 * look at, report and confirm that table's result. Nothing else: a phone never reaches the
 * StationApi, its messages are read by public-requests.ts alone.
 *
 * The entrance checks the request first (the Host and, when present, the Origin must be the
 * host's own: web-server.ts, lan-door.ts); this door then guards the rest:
 * - at most `maxPhones` connections (refused in words beyond);
 * - messages of at most `messageBytes` (ws closes with 1009 past it), rate-limited per connection
 *   and per address; wrong table codes slowed down per address;
 * - the first message that is not a well-formed request (not JSON, a `__proto__` key, a wrong
 *   shape, a StationApi request) closes the connection before anything reads it;
 * - a phone that stops reading is dropped once `sendBufferBytes` wait for it (it reconnects and
 *   gets the whole view).
 *
 * What phones are sent (public-feed.ts): on connect the whole view (or "no event open"; gzip-
 * compressed in a binary frame for a phone that asked `?z=gzip`) and the host's time; at each
 * journal change one push, computed once and serialised once for every phone (an undo or an event
 * opened again: the whole view); the host's time every PUBLIC_TICK_MS, with a ping (a phone that
 * answers none for HOST_DROP_AFTER_MS is cut off: public-phones.ts).
 * Nothing is computed while no phone is connected.
 *
 * Plain Node: no `electron` import.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { StationPush } from '../../core/api/contract.js';
import { PhoneFanOut, type Phone, type PublicEntrance } from './public-phones.js';
import { answerPublicRequest, parsePublicRequest, type CodeGuard, type PhoneService } from './public-requests.js';
import { KeyedBuckets, monotonic, TokenBucket, type BucketLimits, type MonotonicClock } from './rate-limit.js';
import { isLoopbackAddress, isLoopbackHost, isOwnOrigin } from './transport-ws.js';

export { PUBLIC_TICK_MS, type PublicEntrance } from './public-phones.js';

/** Close codes: a message the door refuses (RFC 6455 policy violation); the door going away. */
export const CLOSE_PHONE_POLICY = 1008;
export const CLOSE_PHONE_GONE = 1001;
/** How long a phone this side closed may take to answer the close before it is cut off. */
const SHUT_GRACE_MS = 2000;

export interface PublicLimits {
  /** Bytes one message from a phone may have: a report is a few hundred. */
  messageBytes: number;
  /** Messages per connection. */
  perConnection: BucketLimits;
  /** Messages per address, across its connections. */
  perAddress: BucketLimits;
  /** Wrong table codes per address. */
  wrongCodes: BucketLimits;
  /** Wrong codes for one table of a round, from every address together. */
  wrongCodesPerTable: BucketLimits;
  /** Phones connected at once, over both entrances. */
  maxPhones: number;
  /** Bytes that may wait to go out to one phone before it is dropped (one frame always fits an empty buffer). */
  sendBufferBytes: number;
}

/**
 * Why these numbers:
 * - 8 KiB a message: a report with a pod's result and four drops is under 1 KiB.
 * - 2 messages a second per connection, bursts of 20: a player looks, reports or confirms a few
 *   times a round; a page that reconnects sends nothing until asked.
 * - 20 a second per address, bursts of 200: phones behind one address (a guest network's NAT)
 *   together; a script on one address is closed after 200.
 * - 20 wrong codes per address, then one every 6 s: a mistyped code a few times goes unnoticed;
 *   guessing one of 887 million codes at 10 a minute is hopeless within a round.
 * - 20 wrong codes per table of a round from every address together, then one every 30 s: 5,000
 *   addresses guessing at one table get 140 guesses an hour at it (before, 1,450 a second across
 *   the network); past that, the table's code waits too, and its players report at the desk.
 * - 3,000 phones: a 2,048-player event with spectators and a projector or two.
 * - 512 KiB waiting: a few whole views of a large event; a phone past it has stopped reading.
 */
export const DEFAULT_PUBLIC_LIMITS: PublicLimits = {
  messageBytes: 8 * 1024,
  perConnection: { perSecond: 2, burst: 20 },
  perAddress: { perSecond: 20, burst: 200 },
  wrongCodes: { perSecond: 1 / 6, burst: 20 },
  wrongCodesPerTable: { perSecond: 1 / 30, burst: 20 },
  maxPhones: 3000,
  sendBufferBytes: 512 * 1024,
};

export interface PublicDoorOptions {
  /** The host's time, epoch ms (default Date.now): the view's `madeAt`, the clock, the tick. */
  now?: () => number;
  /** The rate limits' clock (default monotonic; tests give one that stands still). */
  clock?: MonotonicClock;
  limits?: Partial<PublicLimits>;
  log?: { warn(line: string, fields?: Record<string, unknown>): void; error?(line: string, error: unknown): void };
}

/** The host the door serves: the station service's open event, its pushes and its queue. */
export interface PublicHost extends PhoneService {
  subscribe(listener: (push: StationPush) => void): () => void;
}

/** Does this service offer what the door needs (the station service does; a bare HostApi does not)? */
export function isPublicHost(api: object): api is PublicHost {
  const host = api as Partial<PublicHost>;
  return typeof host.current === 'function' && typeof host.phoneCommand === 'function' && typeof host.phoneClaim === 'function' && typeof host.subscribe === 'function';
}

export interface PublicDoor {
  /** Serve this host's open event (until then, and after close, a phone is refused in words). */
  serve(host: PublicHost): void;
  /** A `/public` upgrade whose Host and Origin its entrance checked. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, entrance: PublicEntrance): void;
  /** Phones connected (both entrances). */
  connections(): number;
  /** Close every phone that came through `entrance` (the venue network was turned off). */
  closeEntrance(entrance: PublicEntrance, reason: string): void;
  /** What the feed made so far (views computed, pushes serialised): tests and the bench. */
  made(): { views: number; pushes: number };
  close(): void;
}

/** Why a `/public` upgrade on the local door may not come in (the station key is not needed), or null. */
export function refuseLocalPhone(request: IncomingMessage, port: number): string | null {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return 'not a loopback peer';
  if (!isLoopbackHost(request.headers.host)) return `Host ${JSON.stringify(request.headers.host ?? '').slice(0, 80)} is not this machine`;
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, port)) return `Origin ${origin.slice(0, 80)} is not this station`;
  return null;
}

/** Refuse an upgrade in words (an HTTP answer, then the socket is closed). */
export function refusePhoneUpgrade(socket: Duplex, status: string, reason: string): void {
  if (!socket.writable) return void socket.destroy();
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\n\r\nPodium refused this connection: ${reason}.\n`, () =>
    socket.destroy(),
  );
}

/** A close reason fits a control frame (at most 123 bytes). */
function closeReason(reason: string): string {
  return Buffer.byteLength(reason) <= 120 ? reason : `${reason.slice(0, 100)}…`;
}

export function createPublicDoor(options: PublicDoorOptions = {}): PublicDoor {
  const limits: PublicLimits = { ...DEFAULT_PUBLIC_LIMITS, ...options.limits };
  const now = options.now ?? Date.now;
  const clock = options.clock ?? monotonic;
  const perAddress = new KeyedBuckets(limits.perAddress, 4096, clock);
  const wrongCodes = new KeyedBuckets(limits.wrongCodes, 4096, clock);
  // One per table of a round (a 2,048-player event has 1,024 tables).
  const wrongAtTable = new KeyedBuckets(limits.wrongCodesPerTable, 8192, clock);
  const capWarnings = new TokenBucket({ perSecond: 1 / 60, burst: 1 }, clock);
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.messageBytes, perMessageDeflate: false, clientTracking: false });
  const phones = new PhoneFanOut(now, limits.sendBufferBytes);
  let host: PublicHost | null = null;
  let unsubscribe: () => void = () => undefined;
  let closed = false;

  const shut = (phone: Phone, reason: string): void => {
    phones.forget(phone);
    options.log?.warn(`Closed a phone's connection (${phone.address}) for ${reason}`, { address: phone.address, code: 'public-refused' });
    const { ws } = phone;
    if (ws.readyState === WebSocket.OPEN) ws.close(CLOSE_PHONE_POLICY, closeReason(`Podium closed this connection: ${reason}`));
    const cutOff = setTimeout(() => ws.terminate(), SHUT_GRACE_MS);
    cutOff.unref();
    ws.once('close', () => clearTimeout(cutOff));
  };

  const guardFor = (address: string): CodeGuard => ({
    refusal(round, table) {
      const bucket = wrongCodes.get(address);
      if (!bucket.has()) return `too many wrong table codes from this phone's network: wait ${bucket.secondsUntilNext()} seconds, then type the code on your slip`;
      const atTable = wrongAtTable.get(`${round}:${table}`);
      if (!atTable.has())
        return `too many wrong codes were tried for table ${table}: wait ${atTable.secondsUntilNext()} seconds and type the code on your slip again, or report the result at the desk`;
      return null;
    },
    wrong(round, table) {
      wrongCodes.get(address).take();
      wrongAtTable.get(`${round}:${table}`).take();
    },
    // Personal codes share the address's budget of wrong codes (31^8 codes: not found by trying).
    claimRefusal() {
      const bucket = wrongCodes.get(address);
      return bucket.has() ? null : `too many wrong codes from this phone's network: wait ${bucket.secondsUntilNext()} seconds, then type the personal code on your player card`;
    },
    wrongClaim() {
      wrongCodes.get(address).take();
    },
  });

  const tooMany = `too many messages (more than ${limits.perConnection.burst} at once, or ${limits.perConnection.perSecond} a second)`;
  const failed = (error: unknown): void => options.log?.error?.("A phone's request failed", error);

  function welcome(ws: WebSocket, entrance: PublicEntrance, address: string, served: PublicHost, gzip: boolean): void {
    const phone: Phone = { ws, entrance, address, bucket: new TokenBucket(limits.perConnection, clock), heardAt: now(), ...(gzip ? { gzip } : {}) };
    ws.on('pong', () => {
      phone.heardAt = now();
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', () => phones.forget(phone));
    ws.on('message', (data, isBinary) => {
      if (!phones.has(phone)) return; // closed by this side: nothing after counts
      phone.heardAt = now();
      if (!phone.bucket.take() || !perAddress.get(address).take()) return shut(phone, tooMany);
      const parsed = parsePublicRequest(data, isBinary);
      if (!parsed.ok) return shut(phone, parsed.reason);
      void answerPublicRequest(served, parsed.request, guardFor(address), failed).then((answer) => phones.send(phone, Buffer.from(JSON.stringify(answer))));
    });
    phones.add(phone);
  }

  return {
    serve(given) {
      if (closed) return;
      unsubscribe();
      host = given;
      phones.follow(given.current);
      unsubscribe = given.subscribe((push) => phones.heard(push));
    },

    upgrade(request, socket, head, entrance) {
      socket.on('error', () => socket.destroy());
      const served = host;
      if (closed || !served) return refusePhoneUpgrade(socket, '503 Service Unavailable', 'the station is still starting: try again in a moment');
      // (handleUpgrade takes a valid handshake at once: no phone is half-way in when the next one knocks.)
      if (phones.size >= limits.maxPhones) {
        if (capWarnings.take()) options.log?.warn(`Refused a phone: ${limits.maxPhones} phones are connected, the most the station serves`, { code: 'public-full' });
        return refusePhoneUpgrade(
          socket,
          '503 Service Unavailable',
          `the station already serves ${limits.maxPhones.toLocaleString('en')} phones, its most: try again in a few minutes, or read the pairings on the board`,
        );
      }
      const address = request.socket.remoteAddress ?? 'unknown';
      // A phone that can decompress its first view asks for it so (`/public?z=gzip`): public-feed.ts.
      const gzip = /[?&]z=gzip(&|$)/.test(request.url ?? '');
      wss.handleUpgrade(request, socket, head, (ws) => {
        if (closed) return void ws.terminate();
        welcome(ws, entrance, address, served, gzip);
      });
    },

    connections: () => phones.size,

    closeEntrance(entrance, reason) {
      for (const phone of phones.all()) {
        if (phone.entrance !== entrance) continue;
        phones.forget(phone);
        if (phone.ws.readyState === WebSocket.OPEN) phone.ws.close(CLOSE_PHONE_GONE, closeReason(reason));
        phone.ws.terminate();
      }
    },

    made: () => phones.made(),

    close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      phones.clear();
      wss.close();
    },
  };
}
