/**
 * Every rule or input violation the engine detects is a PodiumError with a stable code and a
 * message written for a scorekeeper ("Ana Archer is seated twice in round 2"), never a stack trace.
 */
export type PodiumErrorCode =
  | 'invalid-input'
  /** Not a request of the StationApi: an unknown method, or params its schema refuses (core/api/methods.ts). */
  | 'invalid-request'
  | 'unknown-ruleset'
  | 'unknown-player'
  | 'duplicate-player'
  | 'seated-twice'
  | 'not-at-table'
  | 'invalid-result'
  | 'invalid-settings'
  | 'invalid-command'
  | 'round-unfinished'
  | 'not-allowed'
  /** A result for a table that already has one, sent without a reason to amend it (a second desk, a judge). */
  | 'result-entered'
  /** The disk (or the user's quota) is full: nothing was written. */
  | 'disk-full'
  /** The disk or folder may only be read (a read-only mount, a write-protected card). */
  | 'disk-read-only'
  /** Another Podium on this computer holds the save open for writing. */
  | 'save-locked'
  /** The save file was replaced, moved or changed by another program since it was opened. */
  | 'save-changed'
  /** Not something Podium can open as a save (a folder, a device, a pipe, far too large). */
  | 'not-a-save'
  /** The site folder holds another event's site, or files Podium did not write: replaced only when the organiser confirms. */
  | 'site-folder-taken';

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
