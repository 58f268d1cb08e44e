/**
 * The event that was open ("the hall screen stays trustworthy"): a small record in the
 * station folder, `last-open.json`, naming the save the station had open, so a host that restarts —
 * after a crash, a power cut, or a plain Ctrl+C — opens it again and every window (station, projector)
 * comes back to the same event and clock.
 *
 * - Written whenever another event becomes the open one (created, opened, taken over, a repaired
 *   copy), durably (fs-safe: temp file + fsync + rename + folder fsync): by the station service
 *   itself before it acknowledges the switch, and again by the tracker below; removed when the
 *   scorekeeper closes the event. Stopping the host is not closing the event: the record stays.
 * - On start the shell reopens it through the station service's ordinary `openEvent` (which checks the
 *   save, takes its one-writer lock — a crashed host's lock died with it — or opens it read-only
 *   naming the other Podium that holds it). When that refuses (the save was moved, deleted, damaged
 *   beyond reading), the reason is said in words and the host starts with no event; the record is
 *   then forgotten, so the next start does not say it again.
 * - A missing or unreadable record is "nothing was open": a convenience, never a reason not to start.
 *
 * Plain Node (no `electron` import): the shell and browser mode both use it.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { StationPush } from '../../core/api/contract.js';
import { fsyncDir, mkdirPrivate, writeFileDurable } from './fs-safe.js';
import type { StationService } from './station-service.js';

export const LAST_OPEN_FILE = 'last-open.json';

export interface LastOpenEvent {
  /** The save, an absolute path. */
  path: string;
  /** The event's name when it was opened (for the messages). */
  name: string;
  openedAt: string;
}

function recordFile(dataDir: string): string {
  return path.join(dataDir, LAST_OPEN_FILE);
}

/** The event that was open, or null (none, or a record that cannot be read). */
export async function readLastOpen(dataDir: string): Promise<LastOpenEvent | null> {
  let text: string;
  try {
    text = await readFile(recordFile(dataDir), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return null;
    const record = parsed as Partial<Record<keyof LastOpenEvent, unknown>>;
    if (typeof record.path !== 'string' || record.path === '' || !path.isAbsolute(record.path)) return null;
    return { path: record.path, name: typeof record.name === 'string' ? record.name : path.basename(record.path), openedAt: typeof record.openedAt === 'string' ? record.openedAt : '' };
  } catch {
    return null;
  }
}

/** Remember `event` as the open one (durably: a crash leaves the old record or the new, never half). */
export async function rememberLastOpen(dataDir: string, event: LastOpenEvent): Promise<void> {
  await mkdirPrivate(dataDir);
  await writeFileDurable(recordFile(dataDir), `${JSON.stringify(event, null, 2)}\n`);
}

/** Nothing is open any more (durably: the removal survives a power cut). */
export async function forgetLastOpen(dataDir: string): Promise<void> {
  await rm(recordFile(dataDir), { force: true });
  await fsyncDir(dataDir);
}

export interface LastOpenTracker {
  /** Resolves once every record change seen so far is on disk. */
  settled(): Promise<void>;
  /** Stop following the service; resolves once the last change is on disk. */
  stop(): Promise<void>;
}

/**
 * Follow the service's state pushes: a new open event is remembered, a closed one forgotten. Writes
 * happen one at a time in the order of the changes; a failure to write is reported (`onError`) and
 * never stops the station.
 */
export function trackLastOpen(
  service: Pick<StationService, 'subscribe' | 'current'>,
  dataDir: string,
  options: { now?: () => Date; onError?: (error: unknown) => void } = {},
): LastOpenTracker {
  const now = options.now ?? (() => new Date());
  // Browser mode passes its support log; without one, a process warning (on stderr).
  const onError = options.onError ?? ((error: unknown) => process.emitWarning(`could not note which event is open: ${error instanceof Error ? error.message : String(error)}`, 'PodiumWarning'));
  let last: string | null = service.current()?.summary.path ?? null;
  let writes: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>): void => {
    writes = writes.then(work).catch(onError);
  };
  const unsubscribe = service.subscribe((push: StationPush) => {
    if (push.type !== 'state') return;
    const summary = push.snapshot.summary;
    const current = summary?.path ?? null;
    if (current === last) return;
    last = current;
    if (summary) {
      const record: LastOpenEvent = { path: summary.path, name: summary.name, openedAt: now().toISOString() };
      enqueue(() => rememberLastOpen(dataDir, record));
    } else enqueue(() => forgetLastOpen(dataDir));
  });
  return {
    settled: () => writes,
    async stop() {
      unsubscribe();
      await writes;
    },
  };
}

export type ReopenOutcome =
  | { kind: 'none' }
  | { kind: 'reopened'; path: string; name: string; readOnly: boolean }
  | { kind: 'refused'; path: string; reason: string };

/**
 * Open the event that was open when the host last ran, through the ordinary `openEvent`. `log` hears
 * one line in words either way (nothing when no event was open).
 */
export async function reopenLastEvent(service: Pick<StationService, 'openEvent'>, dataDir: string, log: (line: string) => void): Promise<ReopenOutcome> {
  const record = await readLastOpen(dataDir);
  if (!record) return { kind: 'none' };
  try {
    const snapshot = await service.openEvent({ path: record.path });
    const summary = snapshot.summary;
    const name = summary?.name ?? record.name;
    const readOnly = summary?.readOnly ?? false;
    log(`Reopened the event that was open: ${name} (${record.path})${readOnly ? ', read-only — the station says why' : ''}.`);
    return { kind: 'reopened', path: record.path, name, readOnly };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`The event that was open, ${record.name} (${record.path}), could not be reopened: ${reason}. Starting with no event open.`);
    await forgetLastOpen(dataDir).catch(() => undefined);
    return { kind: 'refused', path: record.path, reason };
  }
}
