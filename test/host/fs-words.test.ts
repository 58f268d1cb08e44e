/** Node's file-system errors in words (electron/host/fs-words.ts): the station's, and the command line's. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PodiumError } from '../../core/model/errors.js';
import { errnoOf, fsError, fsReason, isAlreadyThere, isMissing, writeRefusal } from '../../electron/host/fs-words.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-fs-words-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The error Node throws for `work`. */
function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

const errno = (code: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: made up`), { code });

describe('fs-words', () => {
  it('words real errors, never the system text', () => {
    const missing = thrown(() => readFileSync(path.join(dir, 'nope.json')));
    expect(errnoOf(missing)).toBe('ENOENT');
    expect(isMissing(missing)).toBe(true);
    expect(fsError(missing, 'nope.json', 'open').message).toBe('cannot open nope.json: no such file or folder');
    expect(fsError(missing, 'nope.json', 'read', { terminal: true }).message).toBe('cannot read nope.json: no such file');
    const noFolder = thrown(() => writeFileSync(path.join(dir, 'no', 'x.pdf'), ''));
    expect(fsError(noFolder, 'x.pdf', 'write', { terminal: true, writing: true }).message).toBe('cannot write x.pdf: no such directory');
    const folder = thrown(() => readFileSync(dir));
    expect(fsError(folder, dir, 'open')).toMatchObject({ code: 'not-a-save', message: `cannot open ${dir}: it is a folder` });
    expect(fsError(folder, dir, 'read', { terminal: true }).message).toBe(`cannot read ${dir}: it is a directory`);
    for (const error of [missing, noFolder, folder]) expect(fsError(error, 'f', 'read').message).not.toMatch(/\bE[A-Z]{3,}\b|errno|syscall/);
  });

  it.each([
    ['EEXIST', {}, 'not-allowed', 'a file already exists there'],
    ['EEXIST', { folder: true }, 'invalid-input', 'a part of the path is a file, not a folder'],
    ['EACCES', {}, 'not-allowed', 'permission denied'],
    ['EPERM', {}, 'not-allowed', 'permission denied'],
    ['ENOSPC', {}, 'disk-full', 'the disk is full (free some space; nothing was written)'],
    ['EROFS', {}, 'disk-read-only', 'the disk is read-only (nothing was written)'],
    ['ENAMETOOLONG', {}, 'invalid-input', 'the name is too long'],
    ['ENOTDIR', {}, 'invalid-input', 'a part of the path is a file, not a folder'],
    ['ENOTDIR', { terminal: true }, 'invalid-input', 'a part of the path is a file, not a directory'],
    ['ELOOP', {}, 'invalid-input', 'the path goes round in a loop of links'],
    ['EWHATEVER', {}, 'invalid-input', 'the system refused (EWHATEVER)'],
  ] as const)('%s %j: %s, "%s"', (code, options, podiumCode, reason) => {
    expect(fsReason(errno(code), options)).toEqual({ code: podiumCode, reason });
  });

  it('a PodiumError passes through; a PodiumError code or a Node ERR_ code is no errno', () => {
    const worded = new PodiumError('not-allowed', 'already in words');
    expect(fsError(worded, 'f', 'read')).toBe(worded);
    expect(errnoOf(worded)).toBeUndefined();
    expect(errnoOf(Object.assign(new Error('x'), { code: 'ERR_INVALID_ARG_TYPE' }))).toBeUndefined();
    expect(fsError(new Error('boom'), 'f', 'read').message).toBe('cannot read f: an unexpected problem');
  });

  it('tells what an error means for the caller', () => {
    expect(isAlreadyThere(errno('EEXIST'))).toBe(true);
    expect(isMissing(errno('ENOTDIR'))).toBe(true);
    expect(writeRefusal(errno('EACCES'))).toBe('permission');
    expect(writeRefusal(errno('EROFS'))).toBe('read-only-disk');
    expect(writeRefusal(errno('ENOSPC'))).toBeUndefined();
  });
});
