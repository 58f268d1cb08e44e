/**
 * Registered decklists in a transcript (MTR 2.7), both ways. The transcript keeps what
 * the journal keeps of a list (register-decklist: the text as handed in, `source`; after the lock a
 * reason): per player, the list that stood when it locked, then each registration after the lock
 * (a correction) with the round it was made in and its reason.
 *
 * Reading (load.ts): a list without a round is registered with the player, before any round is
 * paired past it; a registration with a round, once that round is paired (after its results,
 * drops and late entries), so that each falls before or after the lock (core/decklists/journal.ts)
 * as it did. A list is parsed as the station parses it (core/decklists/parse.ts, the event's
 * format) and the command checked as the journal checks it; a list from which no card can be read
 * is refused, as the station refuses it. Lines that cannot be read are kept in the text and left
 * out of the cards, as the station saves them.
 *
 * Writing (export.ts): from the journal when it is given (the save's entries, undo honoured): every
 * registration, placed by replaying the journal. A replacement before the lock is no correction:
 * only the last one before the lock is written. With the state alone (the fold keeps each player's
 * last registration only), a list corrected after it locked is written as registered in its lock
 * round with that reason: its earlier text and the correction's round are the journal's.
 */
import { decklistLockRound, isLimited, lockWords } from '../decklists/journal.js';
import { cardCount, parseDecklist } from '../decklists/parse.js';
import { apply } from '../event/apply.js';
import { type Command, parseCommand } from '../event/commands.js';
import { undoMarks } from '../event/undo.js';
import { fail } from '../model/errors.js';
import type { EventState, PlayerId } from '../model/types.js';
import type { Transcript, TranscriptDecklist } from './schema.js';

/** One registration a transcript asks for, with where in the transcript it is. */
export interface ScheduledDecklist {
  player: PlayerId;
  list: string;
  reason?: string;
  /** "decklists[2]" or "decklists[2].corrections[0]". */
  where: string;
  /** The round it was registered in; absent: with the player, before the lock. */
  round?: number;
}

/** The transcript's registrations: those made with the player (by id) and those of each round. */
export function decklistSchedule(t: Transcript): { withPlayer: Map<PlayerId, ScheduledDecklist>; inRound: Map<number, ScheduledDecklist[]> } {
  const withPlayer = new Map<PlayerId, ScheduledDecklist>();
  const inRound = new Map<number, ScheduledDecklist[]>();
  const add = (entry: ScheduledDecklist): void => {
    if (entry.round === undefined) {
      withPlayer.set(entry.player, entry);
      return;
    }
    let list = inRound.get(entry.round);
    if (!list) inRound.set(entry.round, (list = []));
    list.push(entry);
  };
  (t.decklists ?? []).forEach((d, i) => {
    const where = `decklists[${i}]`;
    add({ player: d.player, list: d.list, where, ...(d.round !== undefined ? { round: d.round, reason: d.reason as string } : {}) });
    (d.corrections ?? []).forEach((c, k) => add({ player: d.player, list: c.list, reason: c.reason, round: c.round, where: `${where}.corrections[${k}]` }));
  });
  return { withPlayer, inRound };
}

/**
 * The register-decklist command of one scheduled registration in `state` (the event as the journal
 * has it there), or a PodiumError naming its path: a list before the lock that comes after it, a
 * correction before the lock, a list with no card, a command the journal would refuse.
 */
export function decklistCommand(state: EventState, entry: ScheduledDecklist): Command {
  const name = state.players.find((p) => p.id === entry.player)?.name ?? entry.player;
  const lock = decklistLockRound(state, entry.player);
  if (entry.round === undefined && lock !== undefined)
    fail('not-allowed', `${entry.where}: ${name} was registered after the lists locked (${lockWords(state, lock)}), so the list came late: give the "round" it was registered in and the "reason"`);
  if (entry.round !== undefined && lock === undefined) {
    const when = isLimited(state) ? 'a limited list locks once the player’s first round at a table is paired' : 'a constructed list locks once round 1 is paired';
    fail('not-allowed', `${entry.where}.round: ${name}'s list had not locked in round ${entry.round} (${when}, MTR 2.7): a list registered before the lock is no correction; give the list that stood at the lock as "list"`);
  }
  const parsed = parseDecklist(entry.list, { format: state.settings.format });
  if (cardCount(parsed.main) + cardCount(parsed.side) + cardCount(parsed.commander) === 0) {
    const first = parsed.problems[0];
    fail('invalid-input', `${entry.where}.list: no card can be read from ${name}'s list${first ? ` (${first.message.replace(/\.$/, '')})` : ' (it is empty)'}`);
  }
  const strip = (cards: readonly { count: number; name: string }[]) => cards.map(({ count, name: card }) => ({ count, name: card }));
  const checked = parseCommand({
    type: 'register-decklist',
    player: entry.player,
    main: strip(parsed.main),
    side: strip(parsed.side),
    commander: strip(parsed.commander),
    source: entry.list,
    ...(entry.reason !== undefined ? { reason: entry.reason } : {}),
  });
  if (!checked.ok) fail('invalid-input', `${entry.where}.list: ${name}'s list: ${checked.message}`);
  return checked.command;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** The journal as a save holds it (undos included): what the history is read from. */
export type JournalEntries = readonly { seq: number; command: Command }[];

/** The event's registered lists (absent: none), from the journal when given (see the file comment). */
export function transcriptDecklists(state: EventState, journal?: JournalEntries): TranscriptDecklist[] | undefined {
  const lists = state.decklists ?? {};
  if (Object.keys(lists).length === 0) return undefined;
  const history = journal ? historyOf(journal) : new Map<PlayerId, TranscriptDecklist>();
  const out: TranscriptDecklist[] = [];
  for (const { id } of state.players) {
    const list = lists[id];
    if (!list) continue;
    const kept = history.get(id);
    // The journal's history when it ends in the list the event has (it is this event's journal).
    if (kept && lastText(kept) === list.source) {
      out.push(kept);
      continue;
    }
    const lock = list.correction !== undefined ? decklistLockRound(state, id) : undefined;
    out.push({ player: id, list: list.source, ...(lock !== undefined ? { round: lock, reason: list.correction as string } : {}) });
  }
  return out;
}

function lastText(d: TranscriptDecklist): string {
  return d.corrections?.[d.corrections.length - 1]?.list ?? d.list;
}

/** Every player's registrations, replaying the journal to know where each lock stood. */
function historyOf(journal: JournalEntries): Map<PlayerId, TranscriptDecklist> {
  const undone = undoMarks(journal);
  const history = new Map<PlayerId, TranscriptDecklist>();
  let state: EventState | undefined;
  for (const { seq, command } of journal) {
    if (command.type === 'undo' || undone.has(seq)) continue;
    if (command.type === 'register-decklist' && state) {
      const player = command.player;
      const before = history.get(player);
      const round = state.rounds.length;
      const reason = command.reason?.trim();
      if (decklistLockRound(state, player) === undefined || !reason) history.set(player, { player, list: command.source });
      else if (!before) history.set(player, { player, list: command.source, round, reason });
      else history.set(player, { ...before, corrections: [...(before.corrections ?? []), { round, list: command.source, reason }] });
    }
    state = apply(state, command);
  }
  return history;
}
