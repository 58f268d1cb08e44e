/**
 * Reading a transcript: text → JSON → schema → structure → commands → state. Every problem is a
 * PodiumError with one line that says where (a JSON path for the shape, "round 3, table 2" for the
 * content) and what.
 *
 * A transcript becomes the journal a scorekeeper would have produced: create-event, one
 * register-player per player (a late entry's once the round before it is paired), then per round a
 * pair-round (tables without results), a record-result per finished table and a drop-player per drop;
 * a start-playoff precedes the first playoff round. Replaying that journal through the event fold is
 * what validates results: the same checks as at the station, no second implementation.
 *
 * Version 2 (schema.ts) adds what a save holds. Where a version-2 transcript does not carry Podium's
 * own `playoff` and `waiting` fields, the cut and the waiting seeds are read the way the rule set
 * makes them: the first cut of the rule set whose first round seats the transcript's first playoff
 * round, and the waiting list of the rule set's own next round when its tables are the transcript's.
 * Version 1 reads exactly as it always did (the cut: the first playoff round's players, in order of
 * the Swiss standings). A version-2 penalty log becomes one record-penalty per entry, after the
 * rounds (journal.ts says why there). Fixed places become edit-player commands after the rounds
 * (they number only pairings to come); decklists become register-decklist commands, each placed
 * before or after its lock as the transcript says (decklists.ts).
 */
import type { Command } from '../event/commands.js';
import { fail } from '../model/errors.js';
import type { EventState } from '../model/types.js';
import { buildJournal, type TranscriptEntry } from './journal.js';
import { parseJson } from './json.js';
import { type Transcript, transcriptSchemas } from './schema.js';
import { describeIssue, versionOf } from './shape-errors.js';
import { checkStructure } from './structure.js';

/** Text → a validated transcript (shape, structure, and every result replayed through its rule set). */
export function parseTranscript(text: string): Transcript {
  return loadTranscript(text).transcript;
}

/** Text → the transcript and the event state it describes. */
export function loadTranscript(text: string): { transcript: Transcript; state: EventState } {
  const transcript = validateTranscript(parseJson(text));
  return { transcript, state: transcriptToState(transcript) };
}

/** Any JSON value → a transcript whose shape and structure are valid (results not yet replayed). */
export function validateTranscript(value: unknown): Transcript {
  const version = versionOf(value);
  const parsed = transcriptSchemas[version].safeParse(value);
  if (!parsed.success) {
    const message = describeIssue(parsed.error.issues, value, version);
    fail(message.startsWith('ruleset: unknown') ? 'unknown-ruleset' : 'invalid-input', message);
  }
  const transcript = parsed.data as Transcript;
  checkStructure(transcript);
  return transcript;
}

/** The journal a transcript stands for (see the file comment), for a new save, penalty log included. */
export function transcriptToCommands(transcript: Transcript): Command[] {
  return transcriptToJournal(transcript).map((e) => e.command);
}

/** The journal with sequence numbers (0, 1, ...) and where each command came from. */
export function transcriptToJournal(transcript: Transcript): TranscriptEntry[] {
  return buildJournal(transcript).entries;
}

/** Replay a transcript into an event state; errors name the round and table. */
export function transcriptToState(transcript: Transcript): EventState {
  return buildJournal(transcript).state;
}
