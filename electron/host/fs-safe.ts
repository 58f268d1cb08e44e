/**
 * Durable file writes for the event store (ARCHITECTURE "The event save"): a file is written to a
 * temporary file in the same folder, fsynced, then renamed (or hard-linked, when the target must
 * not exist) over its place, and the folder is fsynced so the rename itself survives a power cut.
 * A temporary file never outlives the call that made it, whatever fails.
 *
 * Windows: a file another program holds open (an antivirus, a backup agent, the search indexer)
 * makes rename fail with EPERM/EBUSY/EACCES for a moment, so renames are retried with backoff.
 * Folders cannot be opened for fsync there; that step is skipped where the OS refuses it.
 *
 * Both async (the host) and sync (the command line, whose runCli is synchronous) variants.
 * Plain Node: no `electron` import.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import path from 'node:path';

/** Errors worth retrying on a rename (Windows sharing violations). */
const TRANSIENT = new Set(['EPERM', 'EBUSY', 'EACCES']);
/** link() failures that mean "this file system has no hard links" (FAT, some network shares). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EINVAL']);
const RETRY_DELAYS_MS = [10, 25, 50, 100, 200, 400];

/**
 * Saves, logs and station files hold the round secrets, players' notes and device tokens' hashes:
 * only their owner reads them (0600), in folders only the owner opens (0700). (Windows ignores
 * these modes; its per-user folders are private already.) The published site is the exception,
 * written for the world to read.
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** Make `dir` (and any parent it needs) as a private folder; an existing one is left as it is. */
export async function mkdirPrivate(dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
}

export function mkdirPrivateSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
}

/**
 * The station folder itself (and its own subfolders) made private where it is this user's: a
 * folder an older Podium made 0755 is closed to other users, and so is every save in it.
 */
export async function keepPrivate(dir: string): Promise<void> {
  await mkdirPrivate(dir);
  if (typeof process.getuid !== 'function') return;
  const stats = await fsp.lstat(dir);
  if (stats.isDirectory() && stats.uid === process.getuid() && (stats.mode & 0o077) !== 0) await fsp.chmod(dir, PRIVATE_DIR);
}

/** Temporary files this module makes look like `.NAME.PID-RANDOM.tmp`, beside NAME. */
export const TEMP_PATTERN = /^\.(.+)\.(\d+)-[0-9a-f]{8}\.tmp$/;

export function tempPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

function errorCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function alreadyExists(target: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`EEXIST: file already exists, '${target}'`);
  error.code = 'EEXIST';
  error.path = target;
  return error;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

// ---------------------------------------------------------------------------------------------
// async

/** fsync a folder so a rename or a new name in it is durable; a no-op where the OS refuses. */
export async function fsyncDir(dir: string): Promise<void> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(dir, 'r');
    await handle.sync();
  } catch {
    // Windows cannot open a folder; some file systems refuse fsync on one (EINVAL). Nothing to do.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

export async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fsp.rename(from, to);
      return;
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !TRANSIENT.has(errorCode(error) ?? '')) throw error;
      await sleep(delay);
    }
  }
}

async function removeQuietly(file: string): Promise<void> {
  await fsp.rm(file, { force: true }).catch(() => undefined);
}

/**
 * Write `data` to a new temporary file beside `target`, fsynced and closed; returns its path.
 * `mode`: the file's permissions from its creation (private by default: never readable by others,
 * not even for a moment before the rename).
 */
export async function writeTemp(target: string, data: Uint8Array | string, mode = PRIVATE_FILE): Promise<string> {
  const temp = tempPathFor(target);
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(temp, 'wx', mode);
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    return temp;
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await removeQuietly(temp);
    throw error;
  }
}

/** Put a finished temp file at `target`: replace it, or (exclusive) fail with EEXIST if it exists. */
async function publish(temp: string, target: string, exclusive: boolean): Promise<void> {
  try {
    if (!exclusive) await renameWithRetry(temp, target);
    else {
      try {
        await fsp.link(temp, target); // atomic "create if absent"
      } catch (error) {
        if (!NO_LINKS.has(errorCode(error) ?? '')) throw error;
        // No hard links here: check, then rename (a race with another writer is the only gap).
        if (await fsp.stat(target).then(() => true, () => false)) throw alreadyExists(target);
        await renameWithRetry(temp, target);
      }
    }
  } finally {
    await removeQuietly(temp); // after a link the temp is a second name; after a rename it is gone
  }
  await fsyncDir(path.dirname(target));
}

/**
 * Durably write a whole file. `exclusive`: refuse (EEXIST) when `target` exists, never replacing it.
 * `mode`: its permissions, set when it is created (writeTemp).
 */
export async function writeFileDurable(target: string, data: Uint8Array | string, options: { exclusive?: boolean; mode?: number } = {}): Promise<void> {
  const temp = await writeTemp(target, data, options.mode);
  await publish(temp, target, options.exclusive ?? false);
}

/** Durably copy `source` (its first `length` bytes, when given) to `target`, replacing it. */
export async function copyFileDurable(source: string, target: string, options: { length?: number; exclusive?: boolean } = {}): Promise<void> {
  const temp = tempPathFor(target);
  try {
    if (options.length === undefined) {
      await fsp.copyFile(source, temp, fs.constants.COPYFILE_EXCL);
      await fsp.chmod(temp, PRIVATE_FILE); // a copy of a save is as private as the save, whatever the source's mode
    } else {
      const handle = await fsp.open(source, 'r');
      try {
        const buffer = Buffer.alloc(options.length);
        for (let read = 0; read < options.length; ) {
          const { bytesRead } = await handle.read(buffer, read, options.length - read, read);
          if (bytesRead === 0) throw new Error(`${source} is shorter than expected (${read} of ${options.length} bytes)`);
          read += bytesRead;
        }
        await fsp.writeFile(temp, buffer, { flag: 'wx', mode: PRIVATE_FILE });
      } finally {
        await handle.close();
      }
    }
    const handle = await fsp.open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  }
  await publish(temp, target, options.exclusive ?? false);
}

/**
 * Remove temporary files this module left in `dir` when a process died mid-write: only files of
 * the temp pattern (for a name `forName` accepts, when given) whose process is gone or that are a day
 * old.
 */
export async function sweepStaleTemps(dir: string, forName?: (name: string) => boolean): Promise<void> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const match = TEMP_PATTERN.exec(name);
    if (!match || (forName !== undefined && !forName(match[1] as string))) continue;
    const pid = Number(match[2]);
    const file = path.join(dir, name);
    const stale = pid !== process.pid && (!processAlive(pid) || (await isOlderThan(file, 24 * 3600_000)));
    if (stale) await removeQuietly(file);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

async function isOlderThan(file: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await fsp.stat(file)).mtimeMs > ms;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// sync (the command line)

export function fsyncDirSync(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // see fsyncDir
  } finally {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // ignore
      }
    }
  }
}

export function renameWithRetrySync(from: string, to: string): void {
  for (let attempt = 0; ; attempt++) {
    try {
      fs.renameSync(from, to);
      return;
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !TRANSIENT.has(errorCode(error) ?? '')) throw error;
      sleepSync(delay);
    }
  }
}

function removeQuietlySync(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // ignore
  }
}

/** The sync twin of writeFileDurable. */
export function writeFileDurableSync(target: string, data: Uint8Array | string, options: { exclusive?: boolean } = {}): void {
  const temp = tempPathFor(target);
  try {
    const fd = fs.openSync(temp, 'wx', PRIVATE_FILE);
    try {
      fs.writeFileSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (!options.exclusive) renameWithRetrySync(temp, target);
    else {
      try {
        fs.linkSync(temp, target);
      } catch (error) {
        if (!NO_LINKS.has(errorCode(error) ?? '')) throw error;
        if (fs.existsSync(target)) throw alreadyExists(target);
        renameWithRetrySync(temp, target);
      }
    }
  } finally {
    removeQuietlySync(temp);
  }
  fsyncDirSync(path.dirname(target));
}
