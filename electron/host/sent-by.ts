/**
 * Who sent what: the journal records the joined device behind each entry and the
 * client's id for the command, so a command sent again after a dropped connection is answered
 * with its first entry instead of being written twice, and a second result for a table names
 * who entered the first ("Table 12 was entered at 14:03 by Desk 2 — amend it?").
 */
import type { DispatchAck } from '../../core/api/contract.js';
import { senderWords, type Caller, type DeviceRef } from '../../core/api/roles.js';
import type { Command, NewCommand } from '../../core/event/commands.js';
import { fail } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { wallClock } from '../../core/text/format.js';
import type { JournalEntry } from './journal-types.js';

/** The device a caller is, as the journal records it (none for the local station). */
export function deviceOf(caller: Caller): DeviceRef | undefined {
  return caller.kind === 'device' ? { id: caller.id, name: caller.name, role: caller.role } : undefined;
}

/** Client command ids are the client's own: two devices may pick the same one without meeting. */
function cidKey(deviceId: string | undefined, cid: string): string {
  return `${deviceId ?? 'local'}\u0000${cid}`;
}

/** The client command ids of one open save, and the entries they were written under. */
export class SentCommands {
  private readonly seqOf = new Map<string, number>();

  constructor(entries: readonly JournalEntry[]) {
    for (const entry of entries) this.add(entry);
  }

  add(entry: JournalEntry): void {
    // A batch's entries all carry its id: the first is where it starts.
    if (entry.cid === undefined) return;
    const key = cidKey(entry.by?.id, entry.cid);
    if (!this.seqOf.has(key)) this.seqOf.set(key, entry.seq);
  }

  /**
   * The ack of the command(s) this caller sent before under `cid`, if it did. The same id with other
   * commands is refused in words: answering it as a duplicate would tell the client its new command
   * was saved when it never was. `written(sent, entry)` says whether an entry is that command as
   * the host wrote it (its own time and round secret stamped in).
   */
  earlier(
    caller: Caller,
    cid: string | undefined,
    sent: readonly NewCommand[],
    entries: readonly JournalEntry[],
    written: (sent: NewCommand, entry: JournalEntry) => Command,
  ): DispatchAck | undefined {
    if (cid === undefined) return undefined;
    const seq = this.seqOf.get(cidKey(deviceOf(caller)?.id, cid));
    if (seq === undefined) return undefined;
    const key = cidKey(deviceOf(caller)?.id, cid);
    const ofThisSending = (entry: JournalEntry | undefined): boolean => entry?.cid !== undefined && cidKey(entry.by?.id, entry.cid) === key;
    const same =
      sent.every((command, i) => {
        const entry = entries[seq + i];
        // (A batch in a save written before every entry carried the id has it on its first only.)
        return entry !== undefined && (i === 0 || ofThisSending(entry) || entry.cid === undefined) && sameCommand(written(command, entry), entry.command);
      }) && !ofThisSending(entries[seq + sent.length]);
    if (!same) {
      const first = entries[seq];
      fail(
        'invalid-input',
        `the command id ${JSON.stringify(cid)} was already used for another command (journal entry ${seq}${first ? `, ${first.command.type}` : ''}): this one was not saved; send it again as a new command`,
      );
    }
    return { seq, duplicate: true };
  }
}

/** Key order and absent-versus-undefined fields aside, the same JSON. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

function sameCommand(a: Command, b: Command): boolean {
  return canonical(a) === canonical(b);
}

/** How an entry's sender reads in a message: the device's name, or the head-judge station. */
export function senderName(entry: Pick<JournalEntry, 'by'>): string {
  return senderWords(entry.by);
}

/**
 * A result for a table that has one, sent without a reason: refused, naming when and by whom the
 * standing result was entered, never silently overwritten (amending needs a reason).
 */
export function refuseSecondResult(
  command: Command,
  state: EventState,
  entries: readonly JournalEntry[],
  isUndone: (seq: number) => boolean,
  timeZone?: string,
): void {
  if (command.type !== 'record-result' || command.reason?.trim()) return;
  const table = state.rounds.find((r) => r.number === command.round)?.tables.find((t) => t.table === command.table);
  if (!table || table.result === undefined) return;
  let first: JournalEntry | undefined;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i] as JournalEntry;
    const c = entry.command;
    if (c.type === 'record-result' && c.round === command.round && c.table === command.table && !isUndone(entry.seq)) {
      first = entry;
      break;
    }
  }
  const when = first ? ` at ${wallClock(Date.parse(first.at), timeZone !== undefined ? { timeZone } : {})} by ${senderName(first)}` : '';
  fail('result-entered', `Table ${command.table} was entered${when} — amend it? (round ${command.round}: amending a result needs a reason)`);
}
