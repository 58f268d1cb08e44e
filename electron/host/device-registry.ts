/**
 * The devices that joined the venue network (2-3), kept in the station folder as
 * `devices.json`: each device's id, name, role, when it joined and when it was last seen, and the
 * SHA-256 of its token — never the token itself, which only the device holds (a copy of the
 * station folder opens no door). A token is 256 random bits (base64url), bound to one device;
 * removing the device (revoking it) refuses the token at once.
 *
 * Written durably (fs-safe: temp file, fsync, rename), one write at a time. "Last seen" changes
 * with every message a device sends, so it is written at most every few seconds (`seenFlushMs`),
 * and once more when the network closes; a join or a revoke is on disk before it is answered.
 *
 * Plain Node: no `electron` import.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEVICE_ROLES, type DeviceRef, type DeviceRole } from '../../core/api/roles.js';
import { fail } from '../../core/model/errors.js';
import { zodMessage } from '../../core/model/zod-words.js';
import { mkdirPrivate, writeFileDurable } from './fs-safe.js';

export const DEVICES_FILE = 'devices.json';
/** More joined devices than any venue has staff and screens: a valid code cannot fill the disk. */
export const MAX_DEVICES = 500;
export const DEVICE_NAME_MAX = 40;

/** A device token: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface DeviceRecord extends DeviceRef {
  role: DeviceRole;
  /** ISO times. */
  joinedAt: string;
  lastSeen: string | null;
}

const fileSchema = z.object({
  version: z.literal(1),
  devices: z.array(
    z.object({
      id: z.string().min(1).max(64),
      name: z.string().min(1).max(DEVICE_NAME_MAX),
      role: z.enum(DEVICE_ROLES),
      tokenSha256: z.string().regex(/^[0-9a-f]{64}$/),
      joinedAt: z.string().max(40),
      lastSeen: z.string().max(40).nullable(),
    }),
  ),
});
type StoredDevice = z.infer<typeof fileSchema>['devices'][number];

export interface DeviceRegistryOptions {
  dataDir: string;
  now?: () => Date;
  /** How long a change of "last seen" may wait before it is written (default 5 s). */
  seenFlushMs?: number;
  /** Told when "last seen" times were written (the station's device list may show them). */
  onSeen?: () => void;
  /** Told when the file could not be read or written, in words. */
  onProblem?: (message: string, error?: unknown) => void;
}

export interface DeviceRegistry {
  list(): DeviceRecord[];
  get(id: string): DeviceRecord | null;
  /** The device a token belongs to, or null (unknown, revoked, not a token at all). */
  byToken(token: string | null | undefined): DeviceRecord | null;
  /** A new device and its token (the only time the token exists outside the device): on disk before it returns. */
  add(name: string, role: DeviceRole): Promise<{ token: string; device: DeviceRecord }>;
  /** Forget a device (its token is refused from now on); false when there was none. On disk before it returns. */
  remove(id: string): Promise<boolean>;
  /** The device was heard from now. */
  seen(id: string): void;
  /** Write what is pending now (the network closing). */
  flush(): Promise<void>;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function createDeviceRegistry(options: DeviceRegistryOptions): DeviceRegistry {
  const file = path.join(options.dataDir, DEVICES_FILE);
  const now = options.now ?? (() => new Date());
  const seenFlushMs = options.seenFlushMs ?? 5000;
  const devices = new Map<string, StoredDevice>();
  const byHash = new Map<string, string>();

  for (const device of load()) {
    devices.set(device.id, device);
    byHash.set(device.tokenSha256, device.id);
  }

  let writing: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  let seenTimer: ReturnType<typeof setTimeout> | null = null;
  let seenDirty = false;

  function load(): StoredDevice[] {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') options.onProblem?.(`Could not read ${file}: devices must join again`, error);
      return [];
    }
    try {
      const parsed = fileSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data.devices;
      options.onProblem?.(`${file} is damaged (${zodMessage(parsed.error, 'devices file')}): devices must join again`);
    } catch (error) {
      options.onProblem?.(`${file} is not JSON: devices must join again`, error);
    }
    return [];
  }

  /**
   * Write the whole list as it is when the write starts, after any write under way. Saves asked
   * for while one waits to start share it: it will hold their changes too.
   */
  function save(): Promise<void> {
    if (queued) return queued;
    const run = writing.then(async () => {
      queued = null;
      seenDirty = false;
      const data = { version: 1, devices: [...devices.values()] };
      await mkdirPrivate(options.dataDir);
      await writeFileDurable(file, `${JSON.stringify(data, null, 2)}\n`);
    });
    queued = run;
    writing = run.catch((error: unknown) => options.onProblem?.(`Could not write ${file}`, error));
    return run;
  }

  const view = (device: StoredDevice): DeviceRecord => ({
    id: device.id,
    name: device.name,
    role: device.role,
    joinedAt: device.joinedAt,
    lastSeen: device.lastSeen,
  });

  return {
    list: () => [...devices.values()].map(view),

    get(id) {
      const device = devices.get(id);
      return device ? view(device) : null;
    },

    byToken(token) {
      if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
      const id = byHash.get(tokenHash(token));
      const device = id === undefined ? undefined : devices.get(id);
      return device ? view(device) : null;
    },

    async add(name, role) {
      if (devices.size >= MAX_DEVICES)
        fail('not-allowed', `${MAX_DEVICES} devices have joined already: the scorekeeper must remove some before another can join`);
      const token = randomBytes(32).toString('base64url');
      let id = `dev-${randomBytes(6).toString('hex')}`;
      while (devices.has(id)) id = `dev-${randomBytes(6).toString('hex')}`;
      const at = now().toISOString();
      const device: StoredDevice = { id, name, role, tokenSha256: tokenHash(token), joinedAt: at, lastSeen: at };
      devices.set(id, device);
      byHash.set(device.tokenSha256, id);
      try {
        await save();
      } catch (error) {
        devices.delete(id);
        byHash.delete(device.tokenSha256);
        throw error;
      }
      return { token, device: view(device) };
    },

    async remove(id) {
      const device = devices.get(id);
      if (!device) return false;
      // Refused from this moment, whatever the disk does.
      devices.delete(id);
      byHash.delete(device.tokenSha256);
      await save();
      return true;
    },

    seen(id) {
      const device = devices.get(id);
      if (!device) return;
      device.lastSeen = now().toISOString();
      seenDirty = true;
      if (seenTimer) return;
      seenTimer = setTimeout(() => {
        seenTimer = null;
        if (!seenDirty) return;
        void save().then(
          () => options.onSeen?.(),
          () => undefined,
        );
      }, seenFlushMs);
      // Never keeps the host alive on its own.
      (seenTimer as { unref?: () => void }).unref?.();
    },

    async flush() {
      if (seenTimer) clearTimeout(seenTimer);
      seenTimer = null;
      if (seenDirty) await save().catch(() => undefined);
      await writing;
    },
  };
}
