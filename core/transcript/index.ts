/** Transcripts (shared/conformance/README.md): the plain JSON form of an event. */
export { DEFAULT_TRANSCRIPT_SEED, PENALTIES, TRANSCRIPT_VERSION, TRANSCRIPT_VERSIONS, transcriptSchemas } from './schema.js';
export type {
  Transcript,
  TranscriptPenalty,
  TranscriptPlayer,
  TranscriptPlayoff,
  TranscriptRound,
  TranscriptTable,
} from './schema.js';
export { REGISTRATION_DRAW_STREAM, registrationDraws, roundSeed } from './draws.js';
export { locateJsonFault, parseJson } from './json.js';
export {
  TRANSCRIPT_EVENT,
  checkImportable,
  jsonPath,
  loadTranscript,
  parseTranscript,
  playersNamedInResult,
  transcriptToCommands,
  transcriptToJournal,
  transcriptToState,
  validateTranscript,
} from './load.js';
export type { TranscriptEntry } from './load.js';
export { formatTranscript, stateToTranscript } from './export.js';
export { resultFromTranscript, resultToTranscript } from './results.js';
