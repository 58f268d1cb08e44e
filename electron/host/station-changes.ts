/**
 * The station service's changes to the open event: a command, a batch of commands, an undo. Each
 * runs in the change queue (station-slot.ts), is on disk before its acknowledgement, and goes to
 * every window. Each takes its request already parsed (station-service.ts).
 */
import { randomBytes } from 'node:crypto';
import type { BatchAck, DispatchAck } from '../../core/api/contract.js';
import type { ParsedParams } from '../../core/api/methods.js';
import type { Caller, SenderRef } from '../../core/api/roles.js';
import { isClockCommand } from '../../core/clock/index.js';
import type { Command, NewCommand } from '../../core/event/commands.js';
import { fail } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import type { EntrySender, EventStoreHandle, JournalEntry } from './journal-types.js';
import { deviceOf, refuseSecondResult } from './sent-by.js';
import { pushedEntry, type OpenEventSlot } from './station-slot.js';
import type { StationContext } from './station-types.js';

/** A round's table-code secret (Round.reportKey, core/public/table-codes.ts): 128 random bits, 32 hex digits. */
export function newReportKey(): string {
  return randomBytes(16).toString('hex');
}

/**
 * What the host adds to a command before it is checked against the state and written:
 * - the host's time is the clock's time: clock commands, results and penalties get `at` from the host (a
 *   window sends none; an in-process caller's is replaced), in whole seconds, as the clock service
 *   counts (clock-service.ts). A window's own clock may be off; the journal must not be.
 * - a `pair-round` gets a fresh `reportKey`: the secret of the round's table codes is drawn here, on
 *   the host, whoever published the pairing (a window, a second desk, a batch), and kept in the
 *   journal, so the codes printed on the slips are the ones the player door checks, after a restart
 *   too. No window is ever sent it (core/api/views.ts), and one that sends its own is refused: a key
 *   chosen elsewhere would let whoever chose it make every table's code.
 */
export function stampHostTime(command: NewCommand, nowMs: number, reportKey: () => string = newReportKey): Command {
  // Every other command reads the same in both schemas: only clock commands' `at` is optional when sent.
  const sent = command as Command;
  if (sent.type === 'pair-round') {
    if (sent.reportKey !== undefined) fail('not-allowed', "a round's report key (behind the table codes on the slips) is drawn by the station host: a pairing cannot bring its own");
    return { ...sent, reportKey: reportKey() };
  }
  if (!isClockCommand(sent) && sent.type !== 'record-result' && sent.type !== 'record-penalty') return sent;
  return { ...sent, at: Math.floor(nowMs / 1000) * 1000 };
}

/** `sent` as the host wrote it in `entry`, with that entry's time and round secret (to compare a command sent again). */
function asWritten(sent: NewCommand, entry: JournalEntry): Command {
  const at = (entry.command as { at?: unknown }).at;
  const key = entry.command.type === 'pair-round' ? entry.command.reportKey : undefined;
  return stampHostTime(sent, typeof at === 'number' ? at : 0, () => key ?? newReportKey());
}

/** Who sent a command, as its journal entry records it: the joined device and the client's command id. */
/**
 * A command typed this long before it arrived (it waited offline) keeps when it was typed with its
 * entry; one that came at once does not (the window's clock is the host's to a second or so, and
 * every entry would grow for nothing).
 */
export const TYPED_EARLIER_MS = 5_000;

function senderOf(caller: Caller, cid: string | undefined, typedAt: string | undefined, now: number): EntrySender {
  const by = deviceOf(caller);
  const typed = typedAt !== undefined ? Date.parse(typedAt) : Number.NaN;
  const waited = !Number.isNaN(typed) && now - typed >= TYPED_EARLIER_MS;
  return { ...(by ? { by } : {}), ...(cid !== undefined ? { cid } : {}), ...(waited ? { typedAt: new Date(typed).toISOString() } : {}) };
}

export function dispatch(context: StationContext, { command, cid, typedAt }: ParsedParams<'dispatch'>, caller: Caller): Promise<DispatchAck> {
  const { slot } = context;
  return slot.exclusive(async () => {
    const earlier = slot.sent.earlier(caller, cid, [command], slot.requireOpen().entries(), asWritten);
    if (earlier) return earlier;
    const handle = slot.requireWritable();
    if (command.type === 'undo') checkUndo(handle, command.target);
    refuseSecondResult(command as Command, handle.state(), handle.entries(), (seq) => handle.undoneBy(seq) !== undefined);
    const now = context.now().getTime();
    return append(slot, stampHostTime(command, now), senderOf(caller, cid, typedAt, now));
  });
}

export function dispatchBatch(context: StationContext, { commands, cid, typedAt }: ParsedParams<'dispatchBatch'>, caller: Caller): Promise<BatchAck> {
  const { slot } = context;
  return slot.exclusive(async () => {
    const earlier = slot.sent.earlier(caller, cid, commands, slot.requireOpen().entries(), asWritten);
    if (earlier) return { ...earlier, from: earlier.seq, seq: earlier.seq + commands.length - 1 };
    const handle = slot.requireWritable();
    const stamped = commands.map((command) => {
        return stampHostTime(command, context.now().getTime());
    });
    const entries = await handle.appendMany(stamped, senderOf(caller, cid, typedAt, context.now().getTime()));
    for (const entry of entries) slot.sent.add(entry);
    slot.broadcast({ type: 'entries', eventId: handle.state().id, entries: entries.map(pushedEntry) });
    return { from: (entries[0] as JournalEntry).seq, seq: (entries.at(-1) as JournalEntry).seq };
  });
}

/**
 * A player's report or answer from the public door (public-door.ts), already validated
 * as any dispatch: in the same queue as every other change, `refusal` (the table code, checked
 * against the state as it is when the command's turn comes) first, then written with `by` = the
 * phone. The state right after it, for the phone's answer (did the report become the result?).
 */
export { append };

export function dispatchFromPhone(
  context: StationContext,
  command: NewCommand,
  by: SenderRef,
  refusal: (state: EventState) => string | null,
  claimed?: (state: EventState) => boolean,
): Promise<{ seq: number; state: EventState }> {
  const { slot } = context;
  return slot.exclusive(async () => {
    const handle = slot.requireWritable();
    const refused = refusal(handle.state());
    if (refused !== null) fail('not-allowed', refused);
    const marked = claimed?.(handle.state()) ? ({ ...command, claimed: true } as NewCommand) : command;
    const { seq } = await append(slot, stampHostTime(marked, context.now().getTime()), { by });
    return { seq, state: handle.state() };
  });
}

export function undo(context: StationContext, input: ParsedParams<'undo'>, caller: Caller): Promise<DispatchAck> {
  const { slot } = context;
  return slot.exclusive(async () => {
    checkUndo(slot.requireWritable(), input.seq);
    const command: Command = { type: 'undo', target: input.seq, ...(input.reason !== undefined ? { reason: input.reason } : {}) };
    return append(slot, command, senderOf(caller, undefined, undefined, 0));
  });
}

function checkUndo(handle: EventStoreHandle, target: number): void {
  const entry = handle.entries()[target];
  if (!entry) fail('invalid-input', `there is no journal entry ${target} to undo`);
  if (entry.command.type === 'create-event') fail('not-allowed', 'creating the event cannot be undone');
  // Player cards already printed hold codes made from it.
  if (entry.command.type === 'draw-claim-key') fail('not-allowed', "the event's secret for personal codes cannot be undone: printed player cards hold codes made from it");
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
