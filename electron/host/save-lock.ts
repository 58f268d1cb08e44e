/**
 * One writer per save: the host holds an exclusive lock on a `.podium` file for as long
 * as it has it open for writing.
 *
 * The lock is a listening local socket whose name is derived from the file's identity (device and
 * inode, so a symlink or a second path to the same file finds the same lock). A listening socket
 * dies with its process — a SIGKILL, a crash, a power cut leave no stale lock — which a lock file
 * (proper-lockfile's mtime rule, a pid file) cannot promise. Node has no flock(); a native addon
 * would have to be rebuilt for Electron on every platform. The socket also lets a second opener
 * ask the holder who it is ("Podium, browser mode, since 14:02") and learn the moment it is gone
 * (its connection closes), so the station can offer to take over.
 *
 *   Linux, macOS  a socket file in a folder only this user may enter (0700, owned by this user:
 *            `$XDG_RUNTIME_DIR`'s `/run/user/UID/podium-locks`, else `podium-locks-UID` in the temp
 *            folder, else `~/.cache/podium-locks`; a folder another user made first, or a link, is
 *            passed over). Another local user can neither take the name first (which kept a save
 *            read-only while Linux's abstract sockets, one namespace for every user, were used)
 *            nor remove it. A socket file left by a dead process answers ECONNREFUSED and is
 *            replaced, under a mkdir mutex so two openers never both replace it.
 *   Windows  a named pipe (`\\.\pipe\podium-save-…`), gone with the process. Pipe names are one
 *            namespace for every user; Node cannot set a pipe's access list, so there another
 *            user's process could still take the name first.
 *   (`abstract`, Linux's abstract socket, stays for tests and is no longer the default.)
 *
 * It locks against other Podium processes on this computer. Plain Node: no `electron` import.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { listen } from './listen.js';
import { PodiumError } from '../../core/model/errors.js';
import { wallClock } from '../../core/text/format.js';

/** Who holds a save open for writing, as the holder tells a second opener. */
export interface LockHolder {
  app: 'Podium';
  pid: number;
  /** ISO time the holder opened the save. */
  since: string;
  /** "the desktop app", "browser mode", "the command line". */
  mode: string;
  /** The holder's station name (its host name). */
  station: string;
}

export interface FileIdentity {
  dev: bigint;
  ino: bigint;
}

export type LockAddressKind = 'abstract' | 'pipe' | 'socket-file';

export interface LockOptions {
  /** Where the lock lives (default: the platform's own, see the header). Tests force 'socket-file'. */
  kind?: LockAddressKind;
  /** Folder for 'socket-file' locks (default: this user's private lock folder, defaultLockDir). */
  dir?: string;
}

export interface SaveLock {
  readonly holder: LockHolder;
  /** Still ours? (A socket file can in principle be replaced; the other kinds cannot.) */
  held(): Promise<boolean>;
  release(): Promise<void>;
}

export type LockAttempt = { ok: true; lock: SaveLock } | { ok: false; holder: LockHolder | null };

/** How long a second opener waits for a holder to say who it is. */
const PROBE_TIMEOUT_MS = 2000;
/** A holder answers at most this many openers and watchers at once (local, but not trusted). */
const MAX_CONNECTIONS = 32;
const MAX_ANSWER_BYTES = 4096;
/** A takeover mutex older than this was left by a process that died inside the takeover. */
const STALE_MUTEX_MS = 10_000;
const MAX_ATTEMPTS = 20;

export function defaultLockKind(platform: NodeJS.Platform = process.platform): LockAddressKind {
  return platform === 'win32' ? 'pipe' : 'socket-file';
}

/**
 * Is `dir` a folder only this user can enter — made here (0700) if missing, tightened if it is
 * ours but open — and not a link? A folder another user made (to take the lock names first) is not.
 */
export function ensurePrivateDir(dir: string): boolean {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stats = fs.lstatSync(dir);
    if (!stats.isDirectory()) return false;
    if (typeof process.getuid === 'function' && stats.uid !== process.getuid()) return false;
    if ((stats.mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
    return true;
  } catch {
    return false;
  }
}

/** Where this user's lock sockets may live, most private first (the same choice in every Podium of this user). */
export function lockDirCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  const uid = typeof process.getuid === 'function' ? process.getuid() : null;
  const user = uid !== null ? String(uid) : os.userInfo().username;
  const candidates: string[] = [];
  // The per-user runtime folder (systemd makes it 0700 for the user); by uid, not only by the
  // environment, so a Podium started from a shell without XDG_RUNTIME_DIR finds the same one.
  if (uid !== null && fs.existsSync(`/run/user/${uid}`)) candidates.push(path.join(`/run/user/${uid}`, 'podium-locks'));
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime && path.isAbsolute(runtime) && !candidates.some((c) => path.dirname(c) === runtime)) candidates.push(path.join(runtime, 'podium-locks'));
  candidates.push(path.join(os.tmpdir(), `podium-locks-${user}`));
  candidates.push(path.join(os.homedir(), '.cache', 'podium-locks'));
  return candidates;
}

/** The first private lock folder of `candidates`; none: refused in words (a save is not opened for writing unguarded). */
export function defaultLockDir(candidates: readonly string[] = lockDirCandidates()): string {
  for (const dir of candidates) if (ensurePrivateDir(dir)) return dir;
  throw new PodiumError(
    'not-allowed',
    `Podium found no folder only you can use for its save locks (tried ${candidates.join(', ')}): another user may have made them first; remove them, or ask the computer's administrator`,
  );
}

/** The socket address of the lock of the file with this identity. */
export function lockAddress(identity: FileIdentity, options: LockOptions = {}): string {
  const name = createHash('sha256').update(`podium-save-lock:${identity.dev}:${identity.ino}`).digest('hex').slice(0, 32);
  const kind = options.kind ?? defaultLockKind();
  if (kind === 'abstract') return `\0podium-save-${name}`;
  if (kind === 'pipe') return `\\\\.\\pipe\\podium-save-${name}`;
  return path.join(options.dir ?? defaultLockDir(), `${name.slice(0, 24)}.sock`);
}

function isHolder(value: unknown): value is LockHolder {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    v.app === 'Podium' &&
    typeof v.pid === 'number' &&
    Number.isInteger(v.pid) &&
    typeof v.since === 'string' &&
    !Number.isNaN(Date.parse(v.since)) &&
    typeof v.mode === 'string' &&
    v.mode.length <= 100 &&
    typeof v.station === 'string' &&
    v.station.length <= 200
  );
}


/** Is anybody listening at `address`, and if it is a Podium, who? */
export function probeLock(address: string): Promise<{ alive: boolean; holder: LockHolder | null }> {
  return new Promise((resolve) => {
    let settled = false;
    let text = '';
    const socket = net.connect(address);
    const done = (result: { alive: boolean; holder: LockHolder | null }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    // Something that accepts but never answers still holds the address: alive, unknown.
    const timer = setTimeout(() => done({ alive: true, holder: null }), PROBE_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const nl = text.indexOf('\n');
      if (nl < 0 && text.length < MAX_ANSWER_BYTES) return;
      let holder: LockHolder | null = null;
      try {
        const parsed: unknown = JSON.parse(text.slice(0, nl < 0 ? MAX_ANSWER_BYTES : nl));
        holder = isHolder(parsed) ? parsed : null;
      } catch {
        holder = null;
      }
      done({ alive: true, holder });
    });
    socket.on('end', () => done({ alive: true, holder: null }));
    socket.on('error', () => done({ alive: false, holder: null }));
  });
}

/**
 * Learn when the holder at `address` is gone: a connection that closes when its process does.
 * Returns a function that stops watching. `onGone` is called at most once.
 */
export function watchLock(address: string, onGone: () => void): () => void {
  let stopped = false;
  const socket = net.connect(address);
  socket.on('data', () => undefined); // the holder's greeting; keep reading so nothing piles up
  socket.on('close', () => {
    if (!stopped) {
      stopped = true;
      onGone();
    }
  });
  socket.on('error', () => undefined); // 'close' follows
  socket.unref();
  return () => {
    stopped = true;
    socket.destroy();
  };
}

/** Take the lock of the file with this identity, or say who holds it. */
export async function acquireSaveLock(identity: FileIdentity, holder: LockHolder, options: LockOptions = {}): Promise<LockAttempt> {
  const kind = options.kind ?? defaultLockKind();
  const address = lockAddress(identity, options);
  if (kind === 'socket-file' && !ensurePrivateDir(path.dirname(address)))
    throw new PodiumError('not-allowed', `the lock folder ${path.dirname(address)} is not one only you can use (another user made it, or it is a link): Podium will not lock saves there`);
  const greeting = `${JSON.stringify(holder)}\n`;

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const connections = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      connections.add(socket);
      socket.on('close', () => connections.delete(socket));
      socket.on('error', () => socket.destroy());
      socket.on('data', () => undefined); // nothing is expected; never let it pile up
      socket.unref();
      socket.write(greeting);
    });
    server.maxConnections = MAX_CONNECTIONS;
    try {
      await listen(server, address);
      server.unref();
      return { ok: true, lock: await heldLock(server, connections, address, kind, holder) };
    } catch (error) {
      server.close();
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
    const probe = await probeLock(address);
    if (probe.alive) return { ok: false, holder: probe.holder };
    // Nobody listens: a socket file left by a dead process (or a holder that just let go).
    if (kind === 'socket-file') await replaceStaleSocket(address);
  }
  return { ok: false, holder: null };
}

async function heldLock(server: net.Server, connections: Set<net.Socket>, address: string, kind: LockAddressKind, holder: LockHolder): Promise<SaveLock> {
  const ours = kind === 'socket-file' ? (await fsp.stat(address, { bigint: true })).ino : undefined;
  let released = false;
  return {
    holder,
    async held() {
      if (released || !server.listening) return false;
      if (ours === undefined) return true;
      try {
        return (await fsp.stat(address, { bigint: true })).ino === ours;
      } catch {
        return false;
      }
    },
    release() {
      if (released) return Promise.resolve();
      released = true;
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Watchers are told at once (their connections close), not when they time out.
        for (const socket of connections) socket.destroy();
      });
    },
  };
}

/** Replace a dead socket file, one opener at a time (a mkdir is atomic everywhere). */
async function replaceStaleSocket(address: string): Promise<void> {
  const mutex = `${address}.takeover`;
  try {
    await fsp.mkdir(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = await fsp
      .stat(mutex)
      .then((s) => Date.now() - s.mtimeMs)
      .catch(() => 0);
    if (age > STALE_MUTEX_MS) await fsp.rm(mutex, { recursive: true, force: true });
    // Another opener is replacing it: yield and let the caller try again.
    await new Promise((resolve) => setImmediate(resolve));
    return;
  }
  try {
    const probe = await probeLock(address);
    if (!probe.alive) await fsp.rm(address, { force: true });
  } finally {
    await fsp.rm(mutex, { recursive: true, force: true });
  }
}

/** "14:02" in this computer's time (the holder is on this computer too). */
function localClock(iso: string): string {
  return wallClock(new Date(iso));
}

/** "open for writing on this computer by Podium (browser mode, process 4242) since 14:02". */
export function describeHolder(holder: LockHolder | null, localTime: (iso: string) => string = localClock): string {
  if (!holder) return 'open for writing on this computer by another program';
  return `open for writing on this computer by Podium (${holder.mode}, process ${holder.pid}) since ${localTime(holder.since)}`;
}
