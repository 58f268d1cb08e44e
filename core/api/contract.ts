/**
 * The StationApi: the one contract between the renderer (station and projector windows) and the
 * host services. Two transports implement it (Electron IPC through the preload, and a WebSocket in
 * browser mode) plus an in-process one for tests; the renderer cannot tell which it has. Every
 * request is validated by the receiving side with the schemas below: a payload is `unknown` until
 * it passes.
 */
import { z } from 'zod';
import { newCommandSchema, newEventNameSchema, settingsPatchSchema, type Command, type NewCommand, type SettingsPatch } from '../event/commands.js';
import type { EventState, PairingProposal, RulesetId, Standing } from '../model/types.js';
import { RULESET_IDS } from '../model/types.js';
import { zodMessage } from '../model/zod-words.js';
import { DEVICE_ROLES, type Caller, type DeviceRef, type DeviceRole } from './roles.js';

/** Something the scorekeeper must know about the open save (a repaired tail, damage, read-only). */
export interface Notice {
  kind: 'torn-line' | 'damaged' | 'read-only' | 'migrated' | 'locked' | 'info';
  message: string;
  /** 1-based line of the save the notice is about. */
  line?: number;
}

export interface EventSummary {
  id: string;
  name: string;
  ruleset: RulesetId;
  /** Where the save lives on the host. */
  path: string;
  /** Damaged saves open read-only: nothing can be appended. */
  readOnly: boolean;
  /**
   * Why it is read-only: damage, an older format, a file or disk Podium may not write, or another
   * Podium on this computer holding it open for writing (one writer per save).
   */
  readOnlyReason?: ReadOnlyReason;
  /** For 'locked': who holds it ("open for writing on this computer by Podium … since 14:02"), and whether it has let go since. */
  heldBy?: { description: string; gone: boolean };
  /** Number of journal entries. */
  entries: number;
}

export type ReadOnlyReason = 'damaged' | 'migrated' | 'no-permission' | 'locked';

export interface StationSnapshot {
  summary: EventSummary | null;
  state: EventState | null;
  /** Sequence number of the last journal entry (−1 when none). */
  lastSeq: number;
  notices: Notice[];
}

/**
 * An entry a device is not sent (core/api/views.ts: a decklist, to a display): it keeps its place
 * in the sequence and folds to nothing.
 */
export interface WithheldCommand {
  type: 'withheld';
}

/** A journal entry as the host sends it to every device (the deltas of issue 15), as its viewer may see it (views.ts). */
export interface PushedEntry {
  seq: number;
  /** ISO time the command was written. */
  at: string;
  station: string;
  /** The joined device that sent it (none: the head-judge station itself). */
  by?: DeviceRef;
  command: Command | WithheldCommand;
}

/** An entry of the event log (the `journal` query; never withheld: a display may not ask for it). */
export interface JournalEntryView extends Omit<PushedEntry, 'command'> {
  command: Command;
  /** Set when a later undo reverted this entry. */
  undoneBy?: number;
}

/** A device that joined over the venue network, as the station lists it. */
export interface DeviceView extends DeviceRef {
  /** ISO times. */
  joinedAt: string;
  lastSeen: string | null;
  connected: boolean;
}

/** The venue network as the head-judge station sees it (local station only). */
export interface NetworkStatus {
  on: boolean;
  /** The addresses devices on the venue network open (http://192.168.1.20:5719/), when on. */
  urls: string[];
  /** One join code per role, as text; `url` is what its QR code holds. Empty when off. */
  joinCodes: { role: DeviceRole; code: string; url: string }[];
  devices: DeviceView[];
  /** Why the network could not be turned on (no LAN address, the port taken), in words. */
  problem?: string;
  /** This computer's addresses devices may reach (the panel offers them). */
  addresses?: string[];
  /** The one address it listens on when on (null: every one of `addresses`). */
  chosen?: string | null;
}

/**
 * The open event's published site (issue 16 §3; local station only): where it is written, whether
 * it re-publishes by itself, when it last was, and the last failure in words.
 */
export interface SiteStatus {
  /** The open event (null: none is open, and nothing else here means anything). */
  eventId: string | null;
  /** The folder the site is published to (absolute, on the host); null: never published. */
  folder: string | null;
  /** Re-published after each pairing and standings (and when the round clock starts or changes). */
  auto: boolean;
  /** ISO time of the last publish that was written whole. */
  lastPublishedAt: string | null;
  /**
   * The last publish that failed (automatic or not), in words, until one succeeds: the station
   * shows it as a notice. The floor never waits for the site.
   */
  problem: { at: string; message: string } | null;
}

/** A site written (publishSite). */
export interface SitePublished {
  folder: string;
  /** The files written, by name (index.html, view.json, …). */
  files: string[];
  /** ISO time. */
  publishedAt: string;
}

export type Query =
  | { kind: 'standings' }
  /** `replace`: a new pairing for the current round (re-pair before any result), not the next one. */
  | { kind: 'propose-pairing'; seed?: number; replace?: boolean }
  | { kind: 'propose-playoff'; top: number; draft?: boolean; seed?: number }
  | { kind: 'next-playoff-round'; seed?: number }
  | { kind: 'journal'; from?: number }
  | { kind: 'recent-events' };

export type QueryResult =
  | { kind: 'standings'; standings: Standing[] }
  | { kind: 'propose-pairing'; proposal: PairingProposal }
  | { kind: 'propose-playoff'; proposal: PairingProposal & { seeds: string[] } }
  | { kind: 'next-playoff-round'; proposal: PairingProposal | null }
  | { kind: 'journal'; entries: JournalEntryView[] }
  | { kind: 'recent-events'; events: { path: string; name: string; openedAt: string }[] };

export const DOCUMENT_NAMES = [
  'pairings-by-name',
  'pairings-by-table',
  'match-slips',
  'seating',
  'standings',
  'extensions-log',
  'bracket',
  'round-pack',
  'penalty-report',
  'deck-check-sheet',
  'decklist',
  'opponent-decklists',
] as const;
export type DocumentName = (typeof DOCUMENT_NAMES)[number];

export interface PrintRequest {
  doc: DocumentName;
  /** Round to print (default: the latest). */
  round?: number;
  pageSize?: 'A4' | 'LETTER';
  /** Pairings by name for a big event: two sheets, split at this letter ("L": A–K and L–Z). */
  splitAtLetter?: string;
  /** The decklist print: this player's registered list (MTR 2.7); absent: every registered list. */
  player?: string;
}

export interface PrintResult {
  /** The PDF, base64-encoded (JSON-safe over every transport). */
  pdfBase64: string;
  pages: number;
  fileName: string;
}

export interface CreateEventParams {
  name: string;
  ruleset: RulesetId;
  settings: SettingsPatch;
  /** Where to save; the host picks a path in its events folder when omitted. */
  path?: string;
  seed?: number;
}

/**
 * What the host pushes to every window. A change to the open event goes out as its journal
 * entries (`entries`: every device folds them with core's apply, in sequence order; a device
 * that sees a gap asks for the missing ones with the `journal` query); a new or switched event,
 * an undo, or a change of the save's status goes out as a whole `state` snapshot.
 */
export type StationPush =
  | { type: 'state'; snapshot: StationSnapshot }
  | { type: 'entries'; eventId: string; entries: PushedEntry[] }
  /** The venue network changed (a device joined, was seen, was revoked): to the local station only. */
  | { type: 'network'; status: NetworkStatus }
  /**
   * The host's whole second, once a second: each window draws the clock from its own copy of the
   * event at that time (core/clock clockView), so a tick stays a few bytes at any event size.
   */
  | { type: 'clock'; now: number }
  /** Long host work under way (opening a large save): `done` of `total`; `finished` at the end. */
  | { type: 'progress'; label: string; done: number; total: number; finished?: boolean };

export interface DispatchAck {
  /** The journal sequence number the command was written under (on disk before this returns). */
  seq: number;
  /** The command's client id was seen before: this is the first sending's entry, nothing new was written. */
  duplicate?: true;
}

/** A batch written: its entries are `from` to `seq`. */
export interface BatchAck extends DispatchAck {
  from: number;
}

/** The most commands one batch may hold (a CSV import of 10,000 players and then some). */
export const MAX_BATCH = 20_000;

/** Who the host takes this connection for: the local station, or a joined device. */
export interface WhoAmI {
  caller: Caller;
  /** Where the host writes its support log (the local station only: the help says where it is). */
  supportLog?: string;
}

export interface StationApi {
  snapshot(): Promise<StationSnapshot>;
  createEvent(params: CreateEventParams): Promise<StationSnapshot>;
  openEvent(params: { path: string }): Promise<StationSnapshot>;
  closeEvent(): Promise<void>;
  /**
   * For a save open read-only because another Podium held it: open it for writing here, now that
   * the holder has let go (refused in words while it still holds it).
   */
  takeOverEvent(): Promise<StationSnapshot>;
  /** A copy of the open save; an existing file is replaced only with `overwrite` (the user confirmed it). */
  saveAs(params: { path: string; overwrite?: boolean }): Promise<void>;
  /** For a damaged save: write everything before the damage to a new file and open that. */
  saveRepairedCopy(params: { path: string }): Promise<StationSnapshot>;
  /**
   * The host stamps the time (`at`) of clock commands and results: a window leaves it out. `cid`,
   * the client's own id for the command: sent again (after a dropped connection) it is answered
   * with the first sending's ack and never written twice.
   */
  dispatch(params: { command: NewCommand; cid?: string }): Promise<DispatchAck>;
  /**
   * Several commands, all or nothing, written and pushed at once (a CSV import): each is checked
   * against the state the ones before it leave; a refusal names the command's place. No undo or
   * pairing in a batch.
   */
  dispatchBatch(params: { commands: NewCommand[]; cid?: string }): Promise<BatchAck>;
  undo(params: { seq: number; reason?: string }): Promise<DispatchAck>;
  query(params: Query): Promise<QueryResult>;
  print(params: PrintRequest): Promise<PrintResult>;
  subscribe(listener: (push: StationPush) => void): () => void;
  whoami(): Promise<WhoAmI>;
  /** The venue network (local station only): its state, on and off, a new join code, revoking a device. */
  networkStatus(): Promise<NetworkStatus>;
  /** On or off; `address`: listen on that one of the computer's addresses only (null: every one), remembered. */
  setNetwork(params: { on: boolean; address?: string | null }): Promise<NetworkStatus>;
  newJoinCode(params: { role: DeviceRole }): Promise<NetworkStatus>;
  revokeDevice(params: { id: string }): Promise<NetworkStatus>;
  /**
   * The published site (local station only): write the open event's static site now into `folder`
   * (default: the one it was last published to), and remember the folder and `auto` (re-publish by
   * itself) for this event. Refused in words when there is no folder yet, the folder is gone or
   * cannot be written, or is the station's own folder; nothing is left half-written. A folder holding
   * another event's site, or files Podium did not write, is refused with the code
   * `site-folder-taken` unless `replace` (the organiser confirmed replacing what is there).
   */
  publishSite(params: { folder?: string; auto?: boolean; replace?: boolean }): Promise<SitePublished>;
  /** The open event's site settings and how its last publish went (local station only). */
  siteStatus(): Promise<SiteStatus>;
  /**
   * Browser mode (local station only): replace the station key — kept across restarts — with a
   * new one, answered to the window that asked (which already holds the old one); every other
   * window with the old key is closed and must open the new address. Refused in words where the
   * station has no key (the desktop app's windows need none).
   */
  newStationKey(): Promise<{ key: string }>;
}

/**
 * The host side of a method: the request's params, and who sent it (the transports pass the
 * connection's caller; in-process callers leave it out and are the local station).
 */
export type HostApi = {
  [M in keyof StationApi]: M extends 'subscribe'
    ? (listener: (push: StationPush) => void, caller?: Caller) => () => void
    : StationApi[M] extends (...args: infer A) => infer R
      ? A extends []
        ? (params?: Record<string, never>, caller?: Caller) => R
        : (params: A[0], caller?: Caller) => R
      : never;
};

/** The request methods (everything but subscribe), with the schema of their params. */
const path = z.string().min(1).max(4096);
const seed = z.number().int().optional();
export const requestSchemas = {
  snapshot: z.object({}).strict(),
  createEvent: z
    .object({
      name: newEventNameSchema,
      ruleset: z.enum(RULESET_IDS),
      settings: settingsPatchSchema,
      path: path.optional(),
      seed,
    })
    .strict(),
  openEvent: z.object({ path }).strict(),
  closeEvent: z.object({}).strict(),
  takeOverEvent: z.object({}).strict(),
  saveAs: z.object({ path, overwrite: z.boolean().optional() }).strict(),
  saveRepairedCopy: z.object({ path }).strict(),
  // New commands: names refuse control characters (core/model/names.ts); the journal reader does not.
  dispatch: z.object({ command: newCommandSchema, cid: z.string().min(1).max(64).optional() }).strict(),
  dispatchBatch: z.object({ commands: z.array(newCommandSchema).min(1).max(MAX_BATCH), cid: z.string().min(1).max(64).optional() }).strict(),
  undo: z.object({ seq: z.number().int().min(0), reason: z.string().max(500).optional() }).strict(),
  query: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('standings') }).strict(),
    z.object({ kind: z.literal('propose-pairing'), seed, replace: z.boolean().optional() }).strict(),
    z.object({ kind: z.literal('propose-playoff'), top: z.number().int().min(2).max(64), draft: z.boolean().optional(), seed }).strict(),
    z.object({ kind: z.literal('next-playoff-round'), seed }).strict(),
    z.object({ kind: z.literal('journal'), from: z.number().int().min(0).optional() }).strict(),
    z.object({ kind: z.literal('recent-events') }).strict(),
  ]),
  print: z
    .object({
      doc: z.enum(DOCUMENT_NAMES),
      round: z.number().int().min(1).optional(),
      pageSize: z.enum(['A4', 'LETTER']).optional(),
      splitAtLetter: z.string().regex(/^\p{L}$/u, 'one letter, such as L').optional(),
      player: z.string().min(1, 'a player id cannot be empty').max(64, 'a player id has at most 64 characters').optional(),
    })
    .strict(),
  whoami: z.object({}).strict(),
  networkStatus: z.object({}).strict(),
  setNetwork: z.object({ on: z.boolean(), address: z.string().min(1).max(64).nullable().optional() }).strict(),
  newJoinCode: z.object({ role: z.enum(DEVICE_ROLES) }).strict(),
  revokeDevice: z.object({ id: z.string().min(1).max(64) }).strict(),
  publishSite: z.object({ folder: path.optional(), auto: z.boolean().optional(), replace: z.boolean().optional() }).strict(),
  siteStatus: z.object({}).strict(),
  newStationKey: z.object({}).strict(),
} as const;

export type RequestMethod = keyof typeof requestSchemas;
export const REQUEST_METHODS = Object.keys(requestSchemas) as RequestMethod[];

export type ValidatedParams<M extends RequestMethod> = M extends 'dispatch'
  ? { command: NewCommand; cid?: string }
  : M extends 'dispatchBatch'
    ? { commands: NewCommand[]; cid?: string }
    : z.infer<(typeof requestSchemas)[M]>;

/** Validate a method name and its params from the other side; a one-line message when wrong. */
export function validateRequest(
  method: unknown,
  params: unknown,
): { ok: true; method: RequestMethod; params: unknown } | { ok: false; message: string } {
  if (typeof method !== 'string' || !(REQUEST_METHODS as string[]).includes(method))
    return { ok: false, message: `unknown method ${JSON.stringify(method)}` };
  const parsed = requestSchemas[method as RequestMethod].safeParse(params ?? {});
  if (!parsed.success) return { ok: false, message: zodMessage(parsed.error, `${method}: invalid request`) };
  return { ok: true, method: method as RequestMethod, params: parsed.data };
}
