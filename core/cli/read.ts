/**
 * What the commands read: a transcript or a `.podium` save, named on the command line, with every
 * problem naming the file. A save is read through the host (io.readSave) and never changed.
 */
import { PodiumError } from '../model/errors.js';
import type { EventState } from '../model/types.js';
import { type Transcript, parseJson, transcriptToState, validateTranscript } from '../transcript/index.js';
import { pluralWord } from '../text/format.js';
import { type CliIo, FileError, type SaveReading, UsageError } from './io.js';

/** Run `load`, prefixing any PodiumError with the file's name ("event.json: round 2: …"). */
export function withFile<T>(file: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof PodiumError) throw new PodiumError(error.code, `${file}: ${error.message}`);
    throw error;
  }
}

export const isSavePath = (file: string): boolean => /\.podium$/i.test(file);
/** A save's first line is its journal header. */
export const looksLikeSave = (text: string): boolean => /^\s*\{\s*"podium"\s*:\s*"event-journal"/.test(text.slice(0, 200));

/** A transcript's text → the transcript, its problems naming the file. */
export function transcriptOf(file: string, text: string): Transcript {
  return withFile(file, () => validateTranscript(parseJson(text)));
}

export interface LoadedEvent {
  state: EventState;
  /** A save's journal (the host's reading, undos included); a transcript has none. */
  journal?: SaveReading['journal'];
  /** Set when the file is a transcript (a save has none). */
  transcript?: Transcript;
}

/** The event of FILE: a .podium save (by extension or header) or a transcript. */
export function readEvent(io: CliIo, file: string, warnings: string[]): LoadedEvent {
  if (isSavePath(file)) return readSaveState(io, file, warnings);
  const text = io.readFile(file);
  if (looksLikeSave(text)) return readSaveState(io, file, warnings);
  const transcript = transcriptOf(file, text);
  return { state: withFile(file, () => transcriptToState(transcript)), transcript };
}

/**
 * Read a save through the host. Damage other than a torn last line is an error (exit 2) naming its
 * line: the command does not work from part of an event. A torn last line (the station cuts it off
 * when it next opens the save) and an older format are warnings. The file is never changed.
 */
function readSaveState(io: CliIo, file: string, warnings: string[]): LoadedEvent {
  if (!io.readSave) throw new Error('this host cannot read .podium event saves');
  let reading: SaveReading;
  try {
    reading = io.readSave(file);
  } catch (error) {
    if (error instanceof PodiumError && !(error instanceof FileError))
      throw new PodiumError(error.code, `${file}: ${error.message} (the save was not changed)`);
    throw error;
  }
  if (reading.damage)
    throw new UsageError(
      `${file}: line ${reading.damage.line}: ${reading.damage.message} (the save is damaged from this line on; it was not changed — open it in Podium to save a repaired copy)`,
    );
  for (const notice of reading.notices) {
    if (notice.kind === 'torn-line')
      warnings.push(`warning: ${file}: line ${notice.line}: the last line is incomplete (Podium stopped while writing it); it is ignored, and cut off when the save is next opened in Podium`);
    else if (notice.kind === 'migrated') warnings.push(`note: ${file}: ${notice.message}`);
  }
  return { state: reading.state, ...(reading.journal ? { journal: reading.journal } : {}) };
}

/** The state the cut is made from: the Swiss rounds only (drops during the playoff undone). */
export function swissOnly(state: EventState): EventState {
  const rounds = state.rounds.filter((r) => r.stage === 'swiss');
  if (rounds.length === state.rounds.length && !state.playoff) return state;
  const players = state.players.map((p) => {
    if (p.droppedAfterRound === undefined || p.droppedAfterRound <= rounds.length) return p;
    const { droppedAfterRound: _dropped, ...rest } = p;
    return rest;
  });
  const { playoff: _playoff, ...rest } = state;
  return { ...rest, rounds, players };
}

export function requireFinished(file: string, state: EventState): void {
  const last = state.rounds[state.rounds.length - 1];
  if (!last) return;
  const open = last.tables.filter((t) => t.result === undefined).map((t) => t.table);
  if (open.length > 0)
    throw new UsageError(
      `${file}: round ${last.number} is not finished (${pluralWord(open.length, 'table', 'tables')} ${open.join(', ')} ${pluralWord(open.length, 'has', 'have')} no result), so the next round cannot be paired`,
    );
}

/** "friday" of ".../friday.json": what names an event that comes from a transcript (which carries no name). */
export function fileBaseName(file: string): string {
  return (file.split(/[\\/]/).pop() ?? file).replace(/\.[^.]*$/, '');
}
