/**
 * Who is calling (ARCHITECTURE "The venue network"): the local station (the head-judge computer,
 * its windows and browser tabs holding the station key), or a device that joined with a join code
 * and has a role; and who is named as the sender of a journal entry. What each may call is in the
 * method table (core/api/methods.ts), what each may send beside each command's schema
 * (core/event/commands.ts COMMAND_SENDERS).
 *
 * Pure: no I/O.
 */

export const DEVICE_ROLES = ['station', 'judge', 'display'] as const;
/** `station`: a second scorekeeper desk; `judge`: the floor (clock, results); `display`: read only. */
export type DeviceRole = (typeof DEVICE_ROLES)[number];

/**
 * Who may be named as the sender of a journal entry: a joined device's role, or `player` for a
 * player's phone reporting through the host's public door. A player's phone never
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

/** Who is calling, by what they may do: the head-judge station's own windows, or a joined device's role. */
export type Who = 'local' | DeviceRole;

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
