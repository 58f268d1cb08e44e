/**
 * What crosses the StationApi, the one contract between the renderer (station and projector
 * windows, devices) and the host services: the snapshots, pushes, answers and the other shapes
 * its methods carry. The methods themselves — params, answers, callers — are one table in
 * methods.ts. Two transports implement it (Electron IPC through the preload, and a WebSocket in
 * browser mode) plus an in-process one for tests; the renderer cannot tell which it has.
 */
import type { Command, SettingsPatch } from '../event/commands.js';
import type { EventState, PairingProposal, RulesetId, Standing } from '../model/types.js';
import type { Caller, DeviceRef, DeviceRole } from './roles.js';

export type { HostApi, RequestMethod, StationApi } from './methods.js';

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

/** A journal entry as the host sends it to every device (a delta), as its viewer may see it (views.ts). */
export interface PushedEntry {
  seq: number;
  /** ISO time the command was written. */
  at: string;
  station: string;
  /** The joined device that sent it (none: the head-judge station itself). */
  by?: DeviceRef;
  /** When it was typed, when that was well before it arrived (it waited offline; ISO, host time). */
  typedAt?: string;
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
  /** When the host last heard from it (a heartbeat's answer, a message; ISO, host time), while it is connected or was cut off. */
  heardAt?: string;
  /** Not heard from for a while (core/api/heartbeat.ts): connected but answering nothing, or cut off for it and not back. */
  silent?: boolean;
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
 * The open event's published site (local station only): where it is written, whether
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
  'player-cards',
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
