/**
 * Node's file-system errors in people's words: the one place in Podium that knows errno names
 * (ENOENT, EACCES, …). A message says what could not be done to which file, and why, never the
 * system's own text ("ENOENT: no such file or directory, open …").
 *
 * Two vocabularies, one table. The station's (the default) says "folder", the word of its dialogs.
 * The command line's (`terminal`) says "directory" and tells a missing file (reading) from a
 * missing directory (writing), as the shell it runs in does (`cat: x: No such file or directory`).
 *
 * Plain Node: no `electron` import. The event store, the station service, save targets and the
 * command line's files (cli/file-io.ts) all word their errors here.
 */
import { PodiumError, type PodiumErrorCode } from '../../core/model/errors.js';

/** The errno name of a Node error ("ENOENT"), if it has one (not Node's "ERR_…", nor a PodiumError's code). */
export function errnoOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}

/** Nothing at that path (or a part of it is a file): the path is free. */
export function isMissing(error: unknown): boolean {
  const code = errnoOf(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Something is already at that path (an exclusive create, a link, a folder being made). */
export function isAlreadyThere(error: unknown): boolean {
  return errnoOf(error) === 'EEXIST';
}

/**
 * Why Podium may read a file but not write it, if that is the error: no permission, or a read-only
 * disk (an archive copy, a write-protected card). Such a save opens read-only, not as damaged.
 */
export function writeRefusal(error: unknown): 'permission' | 'read-only-disk' | undefined {
  const code = errnoOf(error);
  if (code === 'EACCES' || code === 'EPERM') return 'permission';
  if (code === 'EROFS') return 'read-only-disk';
  return undefined;
}

export interface FsWordsOptions {
  /** The command line's words ("directory"; "no such file" reading, "no such directory" writing). */
  terminal?: boolean;
  /** The error came from writing a new file (for `terminal`: a missing path is a missing directory). */
  writing?: boolean;
  /** The path is a folder being made or used: something already there is a file in its way. */
  folder?: boolean;
}

interface Words {
  code: PodiumErrorCode;
  reason: string;
}

/** Why a file operation failed, in words ("permission denied"), with the PodiumError code it gets. */
export function fsReason(error: unknown, options: FsWordsOptions = {}): Words {
  const code = errnoOf(error);
  const folder = options.terminal ? 'directory' : 'folder';
  switch (code) {
    case 'ENOENT':
      if (!options.terminal) return { code: 'invalid-input', reason: 'no such file or folder' };
      return { code: 'invalid-input', reason: options.writing ? 'no such directory' : 'no such file' };
    case 'EEXIST':
      if (options.folder) return { code: 'invalid-input', reason: `a part of the path is a file, not a ${folder}` };
      return { code: 'not-allowed', reason: 'a file already exists there' };
    case 'EACCES':
    case 'EPERM':
      return { code: 'not-allowed', reason: 'permission denied' };
    case 'EISDIR':
      return { code: 'not-a-save', reason: `it is a ${folder}` };
    case 'ENOSPC':
    case 'EDQUOT':
      return { code: 'disk-full', reason: 'the disk is full (free some space; nothing was written)' };
    case 'EROFS':
      return { code: 'disk-read-only', reason: 'the disk is read-only (nothing was written)' };
    case 'ENAMETOOLONG':
      return { code: 'invalid-input', reason: 'the name is too long' };
    case 'ENOTDIR':
      return { code: 'invalid-input', reason: `a part of the path is a file, not a ${folder}` };
    case 'ELOOP':
      return { code: 'invalid-input', reason: 'the path goes round in a loop of links' };
    case 'EIO':
      return { code: 'invalid-input', reason: 'the disk reported an error (EIO); check the disk or cable' };
    case undefined:
      return { code: 'invalid-input', reason: 'an unexpected problem' };
    default:
      return { code: 'invalid-input', reason: `the system refused (${code})` };
  }
}

/**
 * "cannot {doing} {file}: {reason}" as a PodiumError (the Node error kept as its `cause`). A
 * PodiumError passes through unchanged: it is in words already.
 */
export function fsError(error: unknown, file: string, doing: string, options: FsWordsOptions = {}): PodiumError {
  if (error instanceof PodiumError) return error;
  const { code, reason } = fsReason(error, options);
  const result = new PodiumError(code, `cannot ${doing} ${file}: ${reason}`);
  (result as { cause?: unknown }).cause = error;
  return result;
}
