/**
 * Who may do what on the venue network (issue 15): the local station (the head-judge computer,
 * its windows and browser tabs holding the station key) may do everything; a device that joined
 * with a join code has a role and may do only what the role allows. One table, here, for every
 * transport and every screen: the host refuses by it, and a device's screens hide what it refuses.
 *
 * Pure: no I/O.
 */
import type { RequestMethod } from './contract.js';

export const DEVICE_ROLES = ['station', 'judge', 'display'] as const;
/** `station`: a second scorekeeper desk; `judge`: the floor (clock, results); `display`: read only. */
export type DeviceRole = (typeof DEVICE_ROLES)[number];

/**
 * Who may be named as the sender of a journal entry: a joined device's role, or `player` for a
 * player's phone reporting through the host's public door (issue 16). A player's phone never
 * joins: `player` is no join code's role and no caller's.
 */
export const JOURNAL_ROLES = [...DEVICE_ROLES, 'player'] as const;
export type JournalRole = (typeof JOURNAL_ROLES)[number];

/** A device that joined: who sent a command, as the journal records it. */
export interface DeviceRef {
  id: string;
  name: string;
  role: DeviceRole;
}

/**
 * Who sent a command, as its journal entry records it: a device that joined, or a player's phone
 * (`{ id: the phone's id, name: "Ana Archer's phone", role: 'player' }`).
 */
export interface SenderRef {
  id: string;
  name: string;
  role: JournalRole;
}

/** Who is calling the StationApi: the local station, or a joined device. */
export type Caller = { kind: 'local' } | ({ kind: 'device' } & DeviceRef);

export const LOCAL_CALLER: Caller = { kind: 'local' };

/**
 * How the local station is named where people read who did something (the event log, "Table 12
 * was entered at 14:03 by the head-judge station"): never the computer's host name, which the
 * journal line keeps for the file's own sake.
 */
export const HEAD_STATION = 'the head-judge station';

/** Who sent an entry, in words: the device's name, or the head-judge station (no device). */
export function senderWords(by: { name: string } | undefined): string {
  return by ? by.name : HEAD_STATION;
}

export const ROLE_LABELS: Record<JournalRole, string> = {
  station: 'second station',
  judge: 'judge',
  display: 'display',
  player: 'player',
};

/**
 * Methods only the local station may call: anything that names a file on the host, switches the
 * open event, or opens the door to the network (ARCHITECTURE: the host's files are the local
 * station's alone).
 */
const LOCAL_ONLY: ReadonlySet<RequestMethod> = new Set([
  'createEvent',
  'openEvent',
  'closeEvent',
  'takeOverEvent',
  'saveAs',
  'saveRepairedCopy',
  'setNetwork',
  'revokeDevice',
  'newJoinCode',
  'networkStatus',
  'publishSite',
  'siteStatus',
  'newStationKey',
]);

/** What reading needs: any joined device may call these. */
const READ: ReadonlySet<RequestMethod> = new Set(['snapshot', 'whoami', 'query']);

/**
 * The commands a judge on the floor may send: the clock's table work, results and penalties (issue 15,
 * 2; issue 17, 1), and decklists (issue 17, 2: a list is accepted by a tournament official, MTR 2.7 —
 * judges collect them and enter corrections found at a deck check; a correction after the lock still
 * needs its reason, which the fold checks).
 */
const JUDGE_COMMANDS: ReadonlySet<string> = new Set([
  'record-result',
  'record-penalty',
  'register-decklist',
  'record-intentional-draw',
  'extend-table',
  'add-extra-turns',
  'set-players-in-game',
  'start-deck-check',
  'end-deck-check',
  'start-timer',
  'stop-timer',
]);

/**
 * Commands only the host's player door writes (issue 16), after checking a phone's table code: a
 * device never sends them as itself.
 */
const PHONE_COMMANDS: ReadonlySet<string> = new Set(['report-result', 'confirm-report', 'claim-player']);

/** The command types of a dispatch or a batch. */
function commandTypes(method: RequestMethod, params: unknown): string[] {
  const sent = params as { command?: { type?: string }; commands?: { type?: string }[] } | null;
  if (method === 'dispatch') return [sent?.command?.type ?? ''];
  if (method === 'dispatchBatch') return (sent?.commands ?? []).map((c) => c.type ?? '');
  return [];
}

/** Queries a display may make (it shows what is published; it proposes nothing). */
const DISPLAY_QUERIES: ReadonlySet<string> = new Set(['standings']);

/**
 * Why `caller` may not call `method` with these (already validated) params, in words, or null
 * when it may.
 */
export function refusalFor(caller: Caller, method: RequestMethod, params: unknown): string | null {
  if (caller.kind === 'local') return null;
  const who = `${caller.name} (${ROLE_LABELS[caller.role]})`;
  if (LOCAL_ONLY.has(method)) return `${who} cannot do this from a device: only the head-judge station can (${method})`;
  const types = commandTypes(method, params);
  if (types.some((type) => PHONE_COMMANDS.has(type))) return `${who} cannot report for a player: players report from their own phones with their table's code`;
  // The saves on this computer (paths, other events' names) are the head-judge station's alone.
  if (method === 'query' && (params as { kind?: string } | null)?.kind === 'recent-events') return `${who} cannot list the saves on the head-judge station`;
  if (caller.role === 'station') return null;
  if (caller.role === 'display') {
    if (method === 'query') {
      const kind = (params as { kind?: string } | null)?.kind ?? '';
      return DISPLAY_QUERIES.has(kind) ? null : `${who} is read only: it cannot ask for ${kind}`;
    }
    return READ.has(method) ? null : `${who} is read only: it cannot change the event`;
  }
  // A judge.
  if (READ.has(method)) return null;
  if (method === 'dispatch' || method === 'dispatchBatch') {
    const refused = types.find((type) => !JUDGE_COMMANDS.has(type));
    return refused === undefined ? null : `${who} cannot ${refused.replace(/-/g, ' ')}: a judge device enters results, penalties, decklists and the clock's table work; ask the scorekeeper`;
  }
  return `${who} cannot do this from a judge device: ask the scorekeeper (${method})`;
}

/** May a caller of this role send a command of this type (the screens hide what is refused)? */
export function mayDispatch(caller: Caller, commandType: string): boolean {
  return refusalFor(caller, 'dispatch', { command: { type: commandType } }) === null;
}
