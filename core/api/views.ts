/**
 * What each window and device is sent of the event (ARCHITECTURE "Each role gets its own view"): the
 * host keeps the whole event; every snapshot and every journal entry it pushes goes through here
 * first, for the viewer it goes to.
 *
 * - Nobody is sent a round's report key (Round.reportKey, the secret every table code is made from)
 *   or the event's claim secret (EventState.claimKey, behind every personal code): the host alone
 *   makes codes, for the slips and player cards it prints and the phones it checks. Not even its
 *   own windows need them. Nor the hash of a claimed phone's token.
 * - Devices are never sent a save's path (a path names the host's folders, user and other events).
 * - The head-judge station's windows and a second station (`station`) get everything else: the
 *   scorekeeper's desk. A judge (`judge`) too: tables, results, the clock, extensions, deck checks,
 *   the penalties of the event and the decklists deck checks need.
 * - A display (`display`) gets what the projector shows — pairings, the clock, standings, the
 *   bracket — and none of what is written about players: no decklists (their entries arrive as
 *   `withheld`, which a device steps over), no penalty's infraction, judge or note (the penalty
 *   itself stays: a disqualification drops the player and a match loss is a result), no players'
 *   notes (membership numbers), no extension notes or deck-check findings.
 *
 * A device folds the entries it is sent onto the snapshot it was sent (deltas.ts), so the two must
 * agree: folding a viewer's entries onto the viewer's state gives the viewer's state of the folded
 * event (tested as a property over random journals).
 *
 * Pure: no I/O.
 */
import type { Command } from '../event/commands.js';
import type { EventState, Penalty, Player, PlayerClaim, Round } from '../model/types.js';
import type { PushedEntry, StationSnapshot, WithheldCommand } from './contract.js';
import type { Caller, DeviceRole } from './roles.js';

/** Who a view is for: the head-judge station's own windows, or a joined device's role. */
export type Viewer = 'local' | DeviceRole;

export function viewerOf(caller: Caller): Viewer {
  return caller.kind === 'local' ? 'local' : caller.role;
}

/** Penalty text a display is not sent: what was written stays with the judges. */
export const WITHHELD_TEXT = '—';

const WITHHELD: WithheldCommand = { type: 'withheld' };

/** The event as `viewer` may see it. */
export function stateFor(viewer: Viewer, state: EventState): EventState {
  const rounds = state.rounds.some((r) => r.reportKey !== undefined) ? state.rounds.map(withoutKey) : state.rounds;
  const { claimKey: _, claims, ...rest } = state;
  const secretsOut = rounds === state.rounds && state.claimKey === undefined && claims === undefined ? state : { ...rest, rounds, ...(claims ? { claims: withoutTokens(claims) } : {}) };
  if (viewer !== 'display') return secretsOut;
  // A plain copy (the fold's clock lists are getters), then what a display is not sent taken out.
  const copy = JSON.parse(JSON.stringify(secretsOut)) as EventState;
  delete copy.decklists;
  delete copy.claims;
  copy.players = copy.players.map(withoutNote);
  if (copy.penalties) copy.penalties = copy.penalties.map(penaltyForDisplay);
  if (copy.clock) {
    for (const round of copy.clock.rounds) round.extensions = round.extensions.map(({ note: _, ...extension }) => extension);
    copy.clock.deckChecks = copy.clock.deckChecks.map(({ outcome: _, ...check }) => check);
  }
  return copy;
}

/** A snapshot as `viewer` may see it (devices: without the save's path). */
export function snapshotFor(viewer: Viewer, snapshot: StationSnapshot): StationSnapshot {
  const state = snapshot.state ? stateFor(viewer, snapshot.state) : null;
  if (viewer === 'local' || !snapshot.summary) return state === snapshot.state ? snapshot : { ...snapshot, state };
  const { path: _, heldBy: __, ...summary } = snapshot.summary;
  return { ...snapshot, summary: { ...summary, path: '' }, state, notices: snapshot.notices.map(({ message, kind, line }) => ({ kind, message: withoutPaths(message), ...(line !== undefined ? { line } : {}) })) };
}

/** A journal entry as `viewer` is sent it: its command with what the viewer may not see taken out. */
export function entryFor<E extends PushedEntry>(viewer: Viewer, entry: E): E {
  const command = commandFor(viewer, entry.command);
  return command === entry.command ? entry : { ...entry, command };
}

export function commandFor(viewer: Viewer, command: Command | WithheldCommand): Command | WithheldCommand {
  if (command.type === 'pair-round' && command.reportKey !== undefined) {
    const { reportKey: _, ...rest } = command;
    return rest;
  }
  // The claim secret never leaves the host; nor does what a claimed phone proves itself with.
  if (command.type === 'draw-claim-key') return WITHHELD;
  if (command.type === 'claim-player' && viewer !== 'display') {
    const { tokenHash: _, ...rest } = command;
    return rest as Command;
  }
  if (viewer !== 'display') return command;
  switch (command.type) {
    case 'register-decklist':
    case 'claim-player':
    case 'reset-claim':
      return WITHHELD;
    case 'register-player':
      return command.player.note === undefined ? command : { ...command, player: withoutNote(command.player) };
    case 'edit-player': {
      if (!('note' in command.changes)) return command;
      const { note: _, ...changes } = command.changes;
      return { ...command, changes };
    }
    case 'record-penalty': {
      const { judge: _, note: __, ...rest } = command;
      return { ...rest, infraction: WITHHELD_TEXT };
    }
    case 'extend-table': {
      if (command.note === undefined) return command;
      const { note: _, ...rest } = command;
      return rest;
    }
    case 'end-deck-check': {
      if (command.outcome === undefined) return command;
      const { outcome: _, ...rest } = command;
      return rest;
    }
    default:
      return command;
  }
}

/** Who claimed whom, without the hashes of their tokens. */
function withoutTokens(claims: NonNullable<EventState['claims']>): NonNullable<EventState['claims']> {
  return Object.fromEntries(Object.entries(claims).map(([player, { phone }]): [string, PlayerClaim] => [player, { phone }]));
}

function withoutKey(round: Round): Round {
  if (round.reportKey === undefined) return round;
  const { reportKey: _, ...rest } = round;
  return rest;
}

function withoutNote<P extends Pick<Player, 'note'>>(player: P): P {
  if (player.note === undefined) return player;
  const { note: _, ...rest } = player;
  return rest as P;
}

function penaltyForDisplay({ judge: _, note: __, ...penalty }: Penalty): Penalty {
  return { ...penalty, infraction: WITHHELD_TEXT };
}

/** A notice's words without any path on the host in them (a device is told what, not where). */
function withoutPaths(message: string): string {
  return message.replace(/(?:[A-Za-z]:)?[\\/][^\s"'`,;:()]*[\\/][^\s"'`,;()]*/g, '(a file on the station)');
}
