/**
 * Browser mode's station key, kept across restarts: the file `station-key` in the station folder,
 * readable by this user only (mode 0600, set when the file is created: written to a temporary file
 * of that mode, fsynced and renamed into place, so it is never half-written nor readable by others
 * even for a moment). A host started again after a crash or a restart keeps its key, so the
 * station and the projector reconnect by themselves instead of someone finding a new address in a
 * terminal.
 *
 * A new key is made when there is none, when the file cannot be read as one, when others could
 * read it (its permissions were widened: the key may have been seen), or when asked (`--new-key`,
 * or the station's "New station key", which also closes every window still holding the old one).
 * The key never goes to the support log, only what happened to it.
 *
 * Plain Node: no `electron` import.
 */
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurable } from './fs-safe.js';
import { createStationKey } from './transport-ws.js';

export const STATION_KEY_FILE = 'station-key';

/** What createStationKey makes: 256 random bits, base64url. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface StationKey {
  key: string;
  /** Why a new key was made, in words; absent when the kept one was used. */
  made?: string;
}

export function stationKeyFile(dataDir: string): string {
  return path.join(dataDir, STATION_KEY_FILE);
}

/** Write `key` as the station's key (0600, atomically), making the station folder if needed. */
export async function saveStationKey(dataDir: string, key: string): Promise<void> {
  await fsp.mkdir(dataDir, { recursive: true });
  await writeFileDurable(stationKeyFile(dataDir), `${key}\n`, { mode: 0o600 });
}

/** The kept key, or why it cannot be used, in words. */
async function refuseKept(file: string, platform: NodeJS.Platform): Promise<{ reason: string } | { key: string }> {
  let info;
  try {
    info = await fsp.lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { reason: 'there was none yet' };
    return { reason: `the kept one could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (!info.isFile()) return { reason: `${file} is not an ordinary file` };
  // Windows has no such permission bits: the file sits in the user's own profile.
  if (platform !== 'win32' && (info.mode & 0o077) !== 0) return { reason: `others could read the kept one (mode ${(info.mode & 0o777).toString(8)}): it may have been seen` };
  const text = (await fsp.readFile(file, 'utf8').catch(() => '')).trim();
  if (!KEY_SHAPE.test(text)) return { reason: 'the kept one was not a key Podium makes' };
  return { key: text };
}

/**
 * The station key for this launch: the kept one, or a new one (kept from now on) when there is
 * none, it cannot be used, or `renew` asks for one.
 */
export async function loadStationKey(dataDir: string, options: { renew?: boolean; platform?: NodeJS.Platform } = {}): Promise<StationKey> {
  const kept = options.renew ? { reason: 'a new one was asked for' } : await refuseKept(stationKeyFile(dataDir), options.platform ?? process.platform);
  if ('key' in kept) return { key: kept.key };
  const key = createStationKey();
  await saveStationKey(dataDir, key);
  return { key, made: kept.reason };
}
