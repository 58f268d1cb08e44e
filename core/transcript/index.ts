/** Transcripts (shared/conformance/README.md): the plain JSON form of an event. */
export { DEFAULT_TRANSCRIPT_SEED, PENALTIES, TRANSCRIPT_VERSION, TRANSCRIPT_VERSIONS, transcriptSchemas } from './schema.js';
export type {
  Transcript,
  TranscriptDecklist,
  TranscriptDecklistCorrection,
  TranscriptPenalty,
  TranscriptPlayer,
  TranscriptPlayoff,
  TranscriptRound,
  TranscriptTable,
} from './schema.js';
export { REGISTRATION_DRAW_STREAM, registrationDraws, roundSeed } from './draws.js';
export { locateJsonFault, parseJson } from './json.js';
export {
  loadTranscript,
  parseTranscript,
  transcriptToCommands,
  transcriptToJournal,
  transcriptToState,
  validateTranscript,
} from './load.js';
export { TRANSCRIPT_EVENT, type TranscriptEntry } from './journal.js';
export { jsonPath } from './shape-errors.js';
export { playersNamedInResult } from './structure.js';
export { formatTranscript, stateToTranscript } from './export.js';
export type { JournalEntries } from './decklists.js';
export { resultFromTranscript, resultToTranscript } from './results.js';
