/**
 * Every rule or input violation the engine detects is a PodiumError with a stable code and a
 * message written for a scorekeeper ("Ana Archer is seated twice in round 2"), never a stack trace.
 */
export type PodiumErrorCode =
  | 'invalid-input'
  | 'unknown-ruleset'
  | 'unknown-player'
  | 'duplicate-player'
  | 'seated-twice'
  | 'not-at-table'
  | 'invalid-result'
  | 'invalid-settings'
  | 'invalid-command'
  | 'round-unfinished'
  | 'not-allowed';

export class PodiumError extends Error {
  readonly code: PodiumErrorCode;
  constructor(code: PodiumErrorCode, message: string) {
    super(message);
    this.name = 'PodiumError';
    this.code = code;
  }
}

export function fail(code: PodiumErrorCode, message: string): never {
  throw new PodiumError(code, message);
}
