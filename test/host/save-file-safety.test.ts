/**
 * What the event store refuses to write over or read from: a save replaced,
 * moved or changed by another program since it was opened; special files (a pipe, a link to a
 * device, a folder) and absurd sizes; disk-full and read-only errors with their own codes. And the
 * lock itself (save-lock.ts), including the socket-file form other platforms use.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chownSync, copyFileSync, mkdirSync, statSync, readFileSync, renameSync, rmSync, symlinkSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PodiumError } from '../../core/model/errors.js';
import { MAX_SAVE_BYTES, openEventStore, readEventSaveSync, writeEventSaveSync } from '../../electron/host/event-store.js';
import { acquireSaveLock, defaultLockDir, lockAddress, probeLock, watchLock, type LockHolder } from '../../electron/host/save-lock.js';
import { amendCommand, mtrEvent, tempFolder } from './save-fixtures.js';

const tmp = tempFolder('podium-safety-');
afterAll(() => tmp.cleanup());
const options = { station: 'test' };
let counter = 0;

function savedEvent(): string {
  const file = path.join(tmp.dir, `event-${++counter}.podium`);
  writeEventSaveSync(file, mtrEvent({ players: 8, rounds: 1 }).commands, options);
  return file;
}

async function rejection(promise: Promise<unknown>): Promise<PodiumError> {
  try {
    await promise;
  } catch (error) {
    return error as PodiumError;
  }
  throw new Error('expected a rejection');
}

describe('before every append, the file must still be the one opened', () => {
  it('refuses when another file was renamed over the save, and writes nothing to either', async () => {
    const file = savedEvent();
    const store = await openEventStore(file, options);
    const other = `${file}.other`;
    copyFileSync(file, other);
    appendFileSync(other, ''); // same content, another file
    renameSync(other, file);
    const before = readFileSync(file);
    const error = await rejection(store.append(amendCommand(store.state(), 1)));
    expect(error.code).toBe('save-changed');
    expect(error.message).toMatch(/was replaced by another file since Podium opened it: nothing was written/);
    expect(readFileSync(file)).toEqual(before);
    // And it stays refused: the end of the file is no longer known.
    expect((await rejection(store.append(amendCommand(store.state(), 2)))).message).toMatch(/open it again|open the save again/);
    await store.close();
  });

  it('refuses when another program appended to the save', async () => {
    const file = savedEvent();
    const store = await openEventStore(file, options);
    appendFileSync(file, '{"written by":"an editor"}\n');
    const before = readFileSync(file);
    const error = await rejection(store.append(amendCommand(store.state(), 1)));
    expect(error.code).toBe('save-changed');
    expect(error.message).toMatch(/was changed by another program since Podium opened it \(it is \d+ bytes; Podium wrote \d+\)/);
    expect(readFileSync(file)).toEqual(before);
    await store.close();
  });

  it('refuses when the save was deleted or moved away', async () => {
    const file = savedEvent();
    const store = await openEventStore(file, options);
    renameSync(file, `${file}.moved`);
    const error = await rejection(store.append(amendCommand(store.state(), 1)));
    expect(error.code).toBe('save-changed');
    expect(error.message).toMatch(/was moved or deleted since Podium opened it/);
    await store.close();
  });

  it('appends normally when nothing else touched it', async () => {
    const file = savedEvent();
    const store = await openEventStore(file, options);
    for (let n = 0; n < 5; n++) await store.append(amendCommand(store.state(), n));
    await store.close();
    const reopened = await openEventStore(file, options);
    expect(reopened.notices).toEqual([]);
    expect(reopened.entries()).toEqual(store.entries());
    await reopened.close();
  });
});

describe('only ordinary files of a plausible size are opened', () => {
  it('refuses a link to /dev/zero at once, without reading it', async () => {
    const link = path.join(tmp.dir, 'zero.podium');
    symlinkSync('/dev/zero', link);
    const error = await rejection(openEventStore(link, options));
    expect(error.code).toBe('not-a-save');
    expect(error.message).toMatch(/zero\.podium: it is a device, not an event save/);
    expect(() => readEventSaveSync(link)).toThrow(/it is a device, not an event save/);
  });

  it('refuses a FIFO without blocking (nobody ever writes to it)', async () => {
    const fifo = path.join(tmp.dir, 'pipe.podium');
    execFileSync('mkfifo', [fifo]);
    const error = await rejection(openEventStore(fifo, options));
    expect(error.code).toBe('not-a-save');
    expect(error.message).toMatch(/it is a pipe, not an event save/);
    expect(() => readEventSaveSync(fifo)).toThrow(/it is a pipe/);
    unlinkSync(fifo);
  });

  it('refuses a folder', async () => {
    const dir = path.join(tmp.dir, 'folder.podium');
    mkdirSync(dir);
    const error = await rejection(openEventStore(dir, options));
    expect(error.code).toBe('not-a-save');
    expect(error.message).toMatch(/it is a folder/);
  });

  it('refuses a file larger than any save, before reading it', async () => {
    const huge = path.join(tmp.dir, 'huge.podium');
    writeFileSync(huge, '');
    truncateSync(huge, MAX_SAVE_BYTES + 1); // sparse: no disk used
    const error = await rejection(openEventStore(huge, options));
    expect(error.code).toBe('not-a-save');
    expect(error.message).toMatch(/larger than any event save \(at most 256 MB\)/);
    rmSync(huge);
  });

  it('says there is no save, in words, for a missing file', async () => {
    const error = await rejection(openEventStore(path.join(tmp.dir, 'missing.podium'), options));
    expect(error).toBeInstanceOf(PodiumError);
    expect(error.message).toMatch(/missing\.podium: no such file or folder/);
    expect(error.message).not.toMatch(/ENOENT/);
  });
});

describe('disk errors have their own codes', () => {
  it('a full disk is disk-full, not damage; nothing is written and the save carries on', async () => {
    const file = savedEvent();
    const store = await openEventStore(file, options);
    const fd = (store as unknown as { writer: { fd: { write: (...args: unknown[]) => Promise<unknown> } } }).writer.fd;
    const write = fd.write.bind(fd);
    fd.write = async () => {
      fd.write = write;
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    };
    const before = readFileSync(file);
    const error = await rejection(store.append(amendCommand(store.state(), 1)));
    expect(error.code).toBe('disk-full');
    expect(error.message).toMatch(/the disk is full \(free some space; nothing was written\)/);
    expect(readFileSync(file)).toEqual(before);
    await store.append(amendCommand(store.state(), 2));
    await store.close();
  });

  it('a save on a read-only disk opens read-only as such, not as damaged', async (context) => {
    const file = savedEvent();
    let cleanup = (): void => undefined;
    let expected: RegExp;
    if (process.getuid?.() === 0) {
      // root may write any file: a real read-only file system (tmpfs remounted ro) instead.
      const mountPoint = path.join(tmp.dir, `ro-${counter}`);
      mkdirSync(mountPoint);
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint], { stdio: 'ignore' });
      } catch {
        context.skip(); // no permission to mount here (and root writes through any chmod)
      }
      cleanup = () => execFileSync('umount', [mountPoint], { stdio: 'ignore' });
      copyFileSync(file, path.join(mountPoint, 'event.podium'));
      execFileSync('mount', ['-o', 'remount,ro', mountPoint]);
      expected = /is on a read-only disk, so it is open read-only \(the save itself is fine\)/;
      const store = await openEventStore(path.join(mountPoint, 'event.podium'), options);
      try {
        expect(store.readOnlyReason).toBe('no-permission');
        expect(store.notices.map((n) => n.message).join(' ')).toMatch(expected);
        expect(store.notices.some((n) => n.kind === 'damaged')).toBe(false);
        const error = await rejection(store.append(amendCommand(store.state(), 1)));
        expect(error.message).toMatch(/may not write to, so it is open read-only/);
      } finally {
        await store.close();
        cleanup();
      }
      return;
    }
    await fsp.chmod(file, 0o444);
    const store = await openEventStore(file, options);
    expect(store.readOnlyReason).toBe('no-permission');
    expect(store.notices.map((n) => n.message).join(' ')).toMatch(/permission denied\), so it is open read-only \(the save itself is fine\)/);
    expect(store.notices.some((n) => n.kind === 'damaged')).toBe(false);
    await store.close();
  });
});

describe('the lock (save-lock.ts)', () => {
  const holder = (pid: number): LockHolder => ({ app: 'Podium', pid, since: '2026-11-24T14:02:00.000Z', mode: 'browser mode', station: 'desk' });
  const identity = (n: number) => ({ dev: 1n, ino: BigInt(1_000_000 + n) });

  for (const kind of ['abstract', 'socket-file'] as const) {
    it(`${kind}: one holder at a time; the second learns who; release lets the next in and tells watchers`, async () => {
      const lockOptions = { kind, dir: path.join(tmp.dir, 'locks') };
      const id = identity(kind === 'abstract' ? 1 : 2);
      const first = await acquireSaveLock(id, holder(11), lockOptions);
      expect(first.ok).toBe(true);
      const second = await acquireSaveLock(id, holder(22), lockOptions);
      expect(second).toEqual({ ok: false, holder: holder(11) });
      let gone = false;
      const watched = new Promise<void>((resolve) =>
        watchLock(lockAddress(id, lockOptions), () => {
          gone = true;
          resolve();
        }),
      );
      if (!first.ok) throw new Error('unreachable');
      expect(await first.lock.held()).toBe(true);
      await first.lock.release();
      await watched;
      expect(gone).toBe(true);
      const third = await acquireSaveLock(id, holder(33), lockOptions);
      expect(third.ok).toBe(true);
      if (third.ok) await third.lock.release();
    });
  }

  it('socket-file: a socket file left by a dead process is replaced, not mistaken for a holder', async () => {
    const lockOptions = { kind: 'socket-file' as const, dir: path.join(tmp.dir, 'locks') };
    const id = identity(3);
    const address = lockAddress(id, lockOptions);
    mkdirSync(path.dirname(address), { recursive: true });
    // What a crashed holder leaves behind: a socket file nobody listens on. (A server that closes
    // removes its own file, so listen elsewhere and move the file into place.)
    const stale = `${address}.stale`;
    const keep = net.createServer();
    await new Promise<void>((resolve) => keep.listen(stale, resolve));
    renameSync(stale, address); // a socket file whose listener will be gone
    await new Promise<void>((resolve) => keep.close(() => resolve()));
    expect((await probeLock(address)).alive).toBe(false);
    const attempt = await acquireSaveLock(id, holder(44), lockOptions);
    expect(attempt.ok).toBe(true);
    if (attempt.ok) {
      expect(await attempt.lock.held()).toBe(true);
      await attempt.lock.release();
    }
  });

  it('the same file by another path (a symlink) finds the same lock', async () => {
    const file = savedEvent();
    const link = path.join(tmp.dir, `link-${counter}.podium`);
    symlinkSync(file, link);
    const writer = await openEventStore(file, { ...options, lock: { mode: 'the desktop app' } });
    const reader = await openEventStore(link, { ...options, lock: { mode: 'browser mode' } });
    expect(writer.readOnly).toBe(false);
    expect(reader.readOnlyReason).toBe('locked');
    expect(reader.lockedBy?.mode).toBe('the desktop app');
    expect((await rejection(reader.append(amendCommand(reader.state(), 1)))).code).toBe('save-locked');
    await reader.close();
    await writer.close();
  });
});

describe('the lock cannot be taken first by another user of this computer', () => {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const NOBODY = 65534;
  /** Another user's process (nobody) trying to listen on `address` first; what it could do. */
  async function squat(address: string): Promise<{ said: string; stop(): void }> {
    const script = `const net = require('node:net');
const server = net.createServer((socket) => socket.end('{"app":"NotPodium"}\\n'));
server.on('error', (error) => console.log('refused ' + error.code));
server.listen(Buffer.from(process.env.ADDRESS_HEX, 'hex').toString(), () => console.log('bound'));`;
    const child = spawn(process.execPath, ['-e', script], { uid: NOBODY, gid: NOBODY, cwd: '/', env: { ADDRESS_HEX: Buffer.from(address).toString('hex') }, stdio: ['ignore', 'pipe', 'pipe'] });
    const said = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.trim());
      });
      child.once('exit', (code) => reject(new Error(`the other user's process ended (${code}): ${err}`)));
    });
    return { said, stop: () => void child.kill('SIGKILL') };
  }

  it.skipIf(process.platform === 'win32')('the default lock is a socket file in a folder only this user may enter', () => {
    const address = lockAddress({ dev: 1n, ino: 4_242_424n });
    expect(address.startsWith('\0')).toBe(false);
    const dir = statSync(path.dirname(address));
    expect(dir.uid).toBe(process.getuid?.());
    expect(dir.mode & 0o077).toBe(0);
  });

  it.skipIf(!asRoot)('another user binding the lock’s name first keeps no save read-only (run as root: the other user is nobody)', async () => {
    const file = savedEvent();
    const stats = statSync(file, { bigint: true });
    const squatter = await squat(lockAddress({ dev: stats.dev, ino: stats.ino }));
    try {
      const store = await openEventStore(file, { ...options, lock: { mode: 'browser mode' } });
      expect(store.readOnlyReason).toBeUndefined();
      expect(store.readOnly).toBe(false);
      expect(squatter.said).toBe('refused EACCES');
      await store.append(amendCommand(store.state(), 1));
      await store.close();
    } finally {
      squatter.stop();
    }
  });

  it.skipIf(!asRoot)('a lock folder another user made first, or a link, is passed over for the next private one', () => {
    const theirs = path.join(tmp.dir, 'locks-theirs');
    mkdirSync(theirs, { mode: 0o777 });
    chownSync(theirs, NOBODY, NOBODY);
    const link = path.join(tmp.dir, 'locks-link');
    symlinkSync(theirs, link);
    const mine = path.join(tmp.dir, 'locks-mine');
    expect(defaultLockDir([theirs, link, mine])).toBe(mine);
    expect(statSync(mine).mode & 0o777).toBe(0o700);
    expect(() => defaultLockDir([theirs, link])).toThrow(/found no folder only you can use for its save locks/);
  });
});

describe("the host's own clock", () => {
  it('a computer whose clock says 1970 writes nothing, and says why', async () => {
    const file = savedEvent();
    const store = await openEventStore(file, { ...options, now: () => new Date(0) });
    const before = readFileSync(file);
    const error = await rejection(store.append(amendCommand(store.state(), 1)));
    expect(error.message).toMatch(/this computer's clock says 1970-01-01T00:00:00\.000Z, which is not a plausible date for an event/);
    expect(readFileSync(file)).toEqual(before);
    await store.close();
  });
});
