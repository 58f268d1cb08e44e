/**
 * The station service's changes to the open event: a command, a batch of commands, an undo. Each
 * runs in the change queue (station-slot.ts), is on disk before its acknowledgement, and goes to
 * every window. Each takes its request already parsed (station-service.ts).
 */
import type { BatchAck, DispatchAck, ValidatedParams } from '../../core/api/contract.js';
import type { Caller } from '../../core/api/roles.js';
import { isClockCommand } from '../../core/clock/index.js';
import type { Command, NewCommand } from '../../core/event/commands.js';
import { fail } from '../../core/model/errors.js';
import type { EntrySender, EventStoreHandle, JournalEntry } from './journal-types.js';
import { deviceOf, refuseSecondResult } from './sent-by.js';
import { pushedEntry, type OpenEventSlot } from './station-slot.js';
import type { StationContext } from './station-types.js';

/**
 * The host's time is the clock's time: clock commands and results get `at` from the host (a window
 * sends none; an in-process caller's is replaced), in whole seconds, as the clock service counts
 * (clock-service.ts). A window's own clock may be off; the journal must not be.
 */
export function stampHostTime(command: NewCommand, nowMs: number): Command {
  // Every other command reads the same in both schemas: only clock commands' `at` is optional when sent.
  const sent = command as Command;
  if (!isClockCommand(sent) && sent.type !== 'record-result') return sent;
  return { ...sent, at: Math.floor(nowMs / 1000) * 1000 };
}

/** Who sent a command, as its journal entry records it: the joined device and the client's command id. */
function senderOf(caller: Caller, cid: string | undefined): EntrySender {
  const by = deviceOf(caller);
  return { ...(by ? { by } : {}), ...(cid !== undefined ? { cid } : {}) };
}

function refuseCreateEvent(command: NewCommand): void {
  if (command.type === 'create-event') fail('not-allowed', 'an event is created with "New event", not by a command');
}

export function dispatch(context: StationContext, { command, cid }: ValidatedParams<'dispatch'>, caller: Caller): Promise<DispatchAck> {
  const { slot } = context;
  return slot.exclusive(async () => {
    const earlier = slot.sent.earlier(caller, cid);
    if (earlier) return earlier;
    refuseCreateEvent(command);
    const handle = slot.requireWritable();
    if (command.type === 'undo') checkUndo(handle, command.target);
    refuseSecondResult(command as Command, handle.state(), handle.entries(), (seq) => handle.undoneBy(seq) !== undefined);
    return append(slot, stampHostTime(command, context.now().getTime()), senderOf(caller, cid));
  });
}

export function dispatchBatch(context: StationContext, { commands, cid }: ValidatedParams<'dispatchBatch'>, caller: Caller): Promise<BatchAck> {
  const { slot } = context;
  return slot.exclusive(async () => {
    const earlier = slot.sent.earlier(caller, cid);
    if (earlier) return { ...earlier, from: earlier.seq };
    const handle = slot.requireWritable();
    const stamped = commands.map((command) => {
      refuseCreateEvent(command);
      return stampHostTime(command, context.now().getTime());
    });
    const entries = await handle.appendMany(stamped, senderOf(caller, cid));
    for (const entry of entries) slot.sent.add(entry);
    slot.broadcast({ type: 'entries', eventId: handle.state().id, entries: entries.map(pushedEntry) });
    return { from: (entries[0] as JournalEntry).seq, seq: (entries.at(-1) as JournalEntry).seq };
  });
}

export function undo(context: StationContext, input: ValidatedParams<'undo'>, caller: Caller): Promise<DispatchAck> {
  const { slot } = context;
  return slot.exclusive(async () => {
    checkUndo(slot.requireWritable(), input.seq);
    const command: Command = { type: 'undo', target: input.seq, ...(input.reason !== undefined ? { reason: input.reason } : {}) };
    return append(slot, command, senderOf(caller, undefined));
  });
}

function checkUndo(handle: EventStoreHandle, target: number): void {
  const entry = handle.entries()[target];
  if (!entry) fail('invalid-input', `there is no journal entry ${target} to undo`);
  if (entry.command.type === 'create-event') fail('not-allowed', 'creating the event cannot be undone');
  const undoneBy = handle.undoneBy(target);
  if (undoneBy !== undefined) fail('not-allowed', `journal entry ${target} was already undone (by entry ${undoneBy})`);
}

/**
 * Append and tell every window: the new entry (a few hundred bytes, folded by each device), or,
 * for an undo (which re-folds from an earlier state no device holds), the whole state.
 */
async function append(slot: OpenEventSlot, command: Command, sender: EntrySender): Promise<DispatchAck> {
  const handle = slot.requireWritable();
  const entry = await handle.append(command, sender);
  slot.sent.add(entry);
  if (command.type === 'undo') slot.pushState();
  else slot.broadcast({ type: 'entries', eventId: handle.state().id, entries: [pushedEntry(entry)] });
  return { seq: entry.seq };
}
