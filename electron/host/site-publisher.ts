/**
 * Publishing the event's static site: the files core/public/site.ts makes from the
 * published view, written into a folder the organiser picked, which any static host, CDN or
 * file-sync tool then serves to the world. The station never needs the internet for it.
 *
 * - Nothing half-written: every file is first written to a temporary name in the folder itself
 *   (`.index.html.PID-RANDOM.tmp`, fsynced), and only once all of them are written are they renamed
 *   over their places (each rename atomic), the page last; a failure removes the temporary files,
 *   and one before the renames (a full disk, no permission) leaves the old site as it was. A reader
 *   or a sync tool never sees half a file, nor a page naming a file not yet there. Nothing is written outside the
 *   folder: the names are the site's own, plain, checked; a rename replaces a link in the folder
 *   rather than following it. A folder that is gone (a USB stick pulled out) is refused, never made
 *   again (it would land on the local disk unseen).
 * - A site folder belongs to one event: Podium writes a marker (`.podium-site.json`, the event's id
 *   and name) with the site. Publishing another event into it, or into a folder holding files
 *   Podium did not write, is refused in words (code `site-folder-taken`) unless the organiser
 *   confirms replacing (`replace`), so a slip in the folder box cannot replace another event's
 *   site or someone's page. The station folder, its events folder and the open save's own folder
 *   are refused outright: a site folder is shared or uploaded, and they hold the saves with every
 *   round's table-code secret.
 * - Remembered per event in the station folder (`site.json`, as last-open.json and
 *   recent-events.json are kept: a small JSON file, written durably): the folder, and whether to
 *   re-publish by itself (`auto`), and when it last published.
 * - With `auto` on, the site is re-published after every journal entry that changes what it shows
 *   at the top: a pairing published (`pair-round`, `fix-tables`), standings published
 *   (`publish-standings`), the round clock started, paused, resumed or adjusted (the page says
 *   when the round ends), and an undo of any of them. It hears them as every window does (the
 *   service's pushes, sent once the entry is on disk) and only notes that a publish is due: the
 *   work runs later, off the command path, one publish at a time, a burst gathered into one.
 * - A failure (the folder gone, the disk full, no permission) is logged to the support log and kept
 *   as the site's `problem`, in words, which the station shows; it never stops or slows the floor.
 *
 * Plain Node: no `electron` import.
 */
import type { FileHandle } from 'node:fs/promises';
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import type { SitePublished, SiteStatus, StationPush } from '../../core/api/contract.js';
import type { Command } from '../../core/event/commands.js';
import { fail, PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { SITE_FILE_NAMES, siteFiles, type SiteFile } from '../../core/public/site.js';
import { publicView } from '../../core/public/view.js';
import { dayAndTime } from '../../core/text/format.js';
import { fsyncDir, mkdirPrivate, renameWithRetry, sweepStaleTemps, TEMP_PATTERN, writeFileDurable, writeTemp } from './fs-safe.js';
import { errnoOf, fsError, isMissing } from './fs-words.js';
import type { SupportLog } from './log.js';

export const SITE_SETTINGS_FILE = 'site.json';

/** The journal entries after which an automatic site is published again. */
export const REPUBLISH_AFTER: ReadonlySet<string> = new Set<Command['type']>([
  'pair-round',
  'fix-tables',
  'publish-standings',
  'start-round-clock',
  'pause-clock',
  'resume-clock',
  'adjust-clock',
]);

/** The site is for the world to read (a web server or sync tool running as another user included). */
const PUBLIC_FILE = 0o644;

/** How long a burst of changes is gathered before one publish. */
const GATHER_MS = 250;

/** The marker in every page Podium writes (core/public/site.ts): an index.html without it is someone else's. */
const OUR_PAGE = '<meta name="generator" content="Podium">';

/** The file that says which event a site folder belongs to. */
export const SITE_MARKER = '.podium-site.json';

/** The marker's contents. */
interface SiteMarker {
  podium: 'event-site';
  eventId: string;
  eventName: string;
}

/** The event a site is published for, and the folders it must never go into. */
export interface SiteOwner {
  eventId: string;
  eventName: string;
  /** The station folder (its events folder is inside it). */
  dataDir: string;
  /** The open save, when it is elsewhere (its folder holds it). */
  savePath?: string;
}

/** One event's site, as site.json keeps it. */
export interface SiteSettings {
  folder: string;
  auto: boolean;
  lastPublishedAt?: string;
}

// ---------------------------------------------------------------------------------------------
// site.json

function settingsFile(dataDir: string): string {
  return path.join(dataDir, SITE_SETTINGS_FILE);
}

/** Every event's site settings, by event id; a missing or unreadable file is none (a convenience). */
export async function readSiteSettings(dataDir: string): Promise<Map<string, SiteSettings>> {
  const found = new Map<string, SiteSettings>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(await fsp.readFile(settingsFile(dataDir), 'utf8'));
  } catch {
    return found;
  }
  const events = (parsed as { events?: unknown } | null)?.events;
  if (!events || typeof events !== 'object') return found;
  for (const [id, value] of Object.entries(events as Record<string, unknown>)) {
    const record = value as Partial<Record<keyof SiteSettings, unknown>> | null;
    if (!record || typeof record.folder !== 'string' || !path.isAbsolute(record.folder)) continue;
    found.set(id, {
      folder: record.folder,
      auto: record.auto === true,
      ...(typeof record.lastPublishedAt === 'string' ? { lastPublishedAt: record.lastPublishedAt } : {}),
    });
  }
  return found;
}

async function writeSiteSettings(dataDir: string, settings: ReadonlyMap<string, SiteSettings>): Promise<void> {
  await mkdirPrivate(dataDir);
  const events = Object.fromEntries(settings);
  await writeFileDurable(settingsFile(dataDir), `${JSON.stringify({ version: 1, events }, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------
// Writing the files

/** A site file's place in `folder`, or a refusal: only plain names of the folder itself. */
function placeIn(folder: string, name: string): string {
  const target = path.join(folder, name);
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) || name.includes('..') || path.dirname(target) !== folder)
    fail('invalid-input', `the site file name ${JSON.stringify(name)} is not a plain name in the folder`);
  return target;
}

/** Is `inner` the folder `outer` or inside it? */
function inside(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The folder itself, through any links (a link to the station folder is the station folder). */
async function realFolder(folder: string): Promise<string> {
  return fsp.realpath(folder).catch(() => folder);
}

/** Which event's site the folder holds, by its marker; null: no marker; 'unreadable': one that is not Podium's marker. */
async function readMarker(folder: string): Promise<SiteMarker | null | 'unreadable'> {
  let text: string;
  try {
    text = await fsp.readFile(path.join(folder, SITE_MARKER), 'utf8');
  } catch (error) {
    if (isMissing(error)) return null;
    return 'unreadable';
  }
  try {
    const value = JSON.parse(text) as Partial<SiteMarker> | null;
    if (value?.podium === 'event-site' && typeof value.eventId === 'string' && typeof value.eventName === 'string')
      return { podium: 'event-site', eventId: value.eventId, eventName: value.eventName };
  } catch {
    // not JSON
  }
  return 'unreadable';
}

/** A site an older Podium wrote for this very event (its page is ours and its view.json names the event). */
async function ourOlderSite(folder: string, eventId: string): Promise<boolean> {
  try {
    if (!(await readStart(path.join(folder, 'index.html'))).includes(OUR_PAGE)) return false;
    const view = JSON.parse(await fsp.readFile(path.join(folder, 'view.json'), 'utf8')) as { event?: { id?: unknown } } | null;
    return view?.event?.id === eventId;
  } catch {
    return false;
  }
}

function quoted(names: readonly string[]): string {
  const shown = names.slice(0, 4).join(', ');
  return names.length > 4 ? `${shown} and ${names.length - 4} more` : shown;
}

/**
 * The folder as given, checked: an existing folder, not the station's own, and this event's site
 * folder (its marker), an empty one, or — only when the organiser confirmed (`replace`) — one
 * holding another event's site or other files.
 */
async function checkFolder(folder: string, owner: SiteOwner, replace: boolean): Promise<void> {
  let stats;
  try {
    stats = await fsp.stat(folder);
  } catch (error) {
    if (isMissing(error)) fail('invalid-input', `cannot publish the site to ${folder}: there is no such folder (it was moved or deleted, or its disk is not connected)`);
    throw fsError(error, folder, 'publish the site to', { folder: true });
  }
  if (!stats.isDirectory()) fail('invalid-input', `cannot publish the site to ${folder}: it is a file, not a folder`);
  const real = await realFolder(folder);
  const station = await realFolder(owner.dataDir);
  if (inside(station, real))
    fail(
      'not-allowed',
      `cannot publish the site to ${folder}: it is the station's own folder, where the event saves are (a site folder is shared or uploaded, and the saves hold every round's table-code secret): choose a folder of its own`,
    );
  if (owner.savePath && real === (await realFolder(path.dirname(owner.savePath))))
    fail(
      'not-allowed',
      `cannot publish the site to ${folder}: the event's save is in that folder (a site folder is shared or uploaded, and the save holds every round's table-code secret): choose a folder of its own`,
    );
  const marker = await readMarker(folder);
  if (marker !== null && marker !== 'unreadable' && marker.eventId === owner.eventId) return;
  if (replace) return;
  if (marker !== null && marker !== 'unreadable')
    fail(
      'site-folder-taken',
      `${folder} holds the site of another event, ${JSON.stringify(marker.eventName)}: publishing ${JSON.stringify(owner.eventName)} there replaces it. Confirm to replace it, or choose another folder`,
    );
  let names: string[];
  try {
    names = (await fsp.readdir(folder)).filter((name) => !TEMP_PATTERN.test(name)).sort();
  } catch (error) {
    throw fsError(error, folder, 'publish the site to', { folder: true });
  }
  if (names.length === 0 || (marker === null && (await ourOlderSite(folder, owner.eventId)))) return;
  const replaced = names.filter((name) => (SITE_FILE_NAMES as readonly string[]).includes(name) || name === SITE_MARKER);
  fail(
    'site-folder-taken',
    `${folder} holds files Podium did not write for this event (${quoted(names)})${replaced.length > 0 ? `: publishing there replaces ${quoted(replaced)}` : ''}. Confirm to publish there anyway, or choose an empty folder`,
  );
}

/** The first few kilobytes of a file (where the page's head is). */
async function readStart(file: string): Promise<string> {
  const handle = await fsp.open(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Write `files` into `folder`, whole or not at all (see the file comment), with the marker naming
 * `owner`'s event first (the folder is this event's from then on). Throws a PodiumError in words;
 * whatever fails, no temporary file stays behind.
 */
export async function writeSite(chosen: string, files: readonly SiteFile[], owner: SiteOwner, options: { replace?: boolean } = {}): Promise<void> {
  const folder = path.resolve(chosen);
  await checkFolder(folder, owner, options.replace === true);
  const marker: SiteMarker = { podium: 'event-site', eventId: owner.eventId, eventName: owner.eventName };
  const places = [
    { target: path.join(folder, SITE_MARKER), content: `${JSON.stringify(marker, null, 2)}\n` },
    ...files.map((file) => ({ target: placeIn(folder, file.path), content: file.content })),
  ];
  // Temporary files a crashed publish left behind (never another process's live one).
  await sweepStaleTemps(folder, (name) => (SITE_FILE_NAMES as readonly string[]).includes(name) || name === SITE_MARKER);
  const temps: { temp: string; target: string }[] = [];
  try {
    for (const place of places) temps.push({ temp: await writeTemp(place.target, place.content, PUBLIC_FILE), target: place.target });
    // In the order given: the page last, so it never names a file not yet in place.
    while (temps.length > 0) {
      const next = temps[0] as { temp: string; target: string };
      await renameWithRetry(next.temp, next.target);
      temps.shift();
    }
  } catch (error) {
    await Promise.all(temps.map(({ temp }) => fsp.rm(temp, { force: true }).catch(() => undefined)));
    throw fsError(error, folder, 'publish the site to', { folder: true });
  }
  await fsyncDir(folder);
}

// ---------------------------------------------------------------------------------------------
// The publisher

export interface SitePublisherOptions {
  /** The station folder (site.json). */
  dataDir: string;
  /** The open event, its journal length (the view's version) and its save, or null. */
  current(): { state: EventState; version: number; path?: string } | null;
  /** Hear every push of the service (the open event's entries and states). */
  listen(listener: (push: StationPush) => void): () => void;
  now(): Date;
  /** The support log: every publish, and every failure and why. */
  log?: Pick<SupportLog, 'info' | 'warn' | 'error'>;
  /** The time zone of the page's times (default the host's own). */
  timeZone?: string;
  /** How long a burst of changes is gathered before one automatic publish (default 250 ms). */
  gatherMs?: number;
}

export interface SitePublisher {
  status(): Promise<SiteStatus>;
  publish(params: { folder?: string; auto?: boolean; replace?: boolean }): Promise<SitePublished>;
  /** Resolves once no automatic publish is gathering or under way (nothing scheduled is left). */
  idle(): Promise<void>;
  /** Stop following the service; resolves once a publish under way is done. */
  stop(): Promise<void>;
}

/**
 * The parts of the event the page shows at its top (the round's seats, the standings published, the
 * round clock's start, pauses and adjustments): a state push (an undo) that changes them publishes
 * again. Results are not in it: they do not make a site due.
 */
function signature(state: EventState): string {
  const latest = state.rounds[state.rounds.length - 1];
  const clock = latest ? state.clock?.rounds.find((c) => c.round === latest.number) : undefined;
  return JSON.stringify([
    state.rounds.length,
    state.publishedStandings ?? null,
    latest?.tables.map((t) => t.seats) ?? null,
    clock ? [clock.startedAt, clock.minutes, clock.pauses, clock.adjustments] : null,
  ]);
}

/** Work run one at a time, in the order given; `last()` settles once all of it given so far has. */
function oneAtATime(): { run<T>(work: () => Promise<T>): Promise<T>; last(): Promise<unknown> } {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      const run = queue.then(work, work);
      queue = run.catch(() => undefined);
      return run;
    },
    last: () => queue,
  };
}

/** Waits out a gathering timer (re-armed meanwhile or not), then the work under way. */
async function settled(pending: () => Promise<void> | null, queue: () => Promise<unknown>): Promise<void> {
  for (let next = pending(); next; next = pending()) await next;
  await queue().catch(() => undefined);
}

/** The site's files for the open event as it is `now`. */
function siteOf(open: { state: EventState; version: number }, now: Date, timeZone?: string): SiteFile[] {
  const zone = timeZone ? { timeZone } : {};
  return siteFiles(publicView(open.state, { now: now.getTime(), version: open.version }), { publishedAt: dayAndTime(now, zone), ...zone });
}

function ownerOf(open: { state: EventState; path?: string }, dataDir: string): SiteOwner {
  return { eventId: open.state.id, eventName: open.state.name, dataDir, ...(open.path !== undefined ? { savePath: open.path } : {}) };
}

/**
 * A failed publish as the station keeps showing it, or null: a folder to confirm is asked about
 * where "Publish now" was pressed, and is no failure to keep showing.
 */
function problemWords(words: PodiumError, how: 'now' | 'auto'): string | null {
  if (how === 'now' && words.code === 'site-folder-taken') return null;
  const after = words.code === 'site-folder-taken' ? 'publish it from the Publish panel to confirm or choose another folder' : 'publish again once the folder can be written';
  return `The event site was not published${how === 'auto' ? ' after the last change' : ''}: ${words.message}. The event goes on as usual; ${after}.`;
}

export function createSitePublisher(options: SitePublisherOptions): SitePublisher {
  const { dataDir, log } = options;
  let settings: Promise<Map<string, SiteSettings>> | null = null;
  const problems = new Map<string, { at: string; message: string }>();
  /** What a state push is compared with, by event: the parts the page shows. */
  const seen = new Map<string, string>();
  const queue = oneAtATime();
  /** The automatic publish that is due: for which event, and whether whatever it shows (`changed`: a trigger entry). */
  let due: { eventId: string; changed: boolean } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Settles when the gathered publish the timer will start has run (idle() waits on it). */
  let [gathered, gatheredDone]: [Promise<void>, () => void] = [Promise.resolve(), () => undefined];
  let stopped = false;

  const allSettings = (): Promise<Map<string, SiteSettings>> => (settings ??= readSiteSettings(dataDir));
  const exclusive = queue.run;

  async function remember(eventId: string, record: SiteSettings): Promise<void> {
    const all = await allSettings();
    all.set(eventId, record);
    // A convenience: a station folder that cannot be written does not stop the publish.
    await writeSiteSettings(dataDir, all).catch((error: unknown) => log?.error('Could not note the site settings in the station folder', error));
  }

  /**
   * Write the site of `state` into `folder`; on success the folder and `auto` are remembered and the
   * problem cleared, on failure the problem is set (in words) and logged.
   */
  async function write(
    open: { state: EventState; version: number; path?: string },
    target: { folder: string; auto: boolean; replace?: boolean },
    how: 'now' | 'auto',
  ): Promise<SitePublished> {
    const { state } = open;
    const { folder } = target;
    const now = options.now();
    const files = siteOf(open, now, options.timeZone);
    try {
      await writeSite(folder, files, ownerOf(open, dataDir), { replace: target.replace === true });
    } catch (error) {
      const words = error instanceof PodiumError ? error : fsError(error, folder, 'publish the site to', { folder: true });
      const problem = problemWords(words, how);
      if (problem !== null) problems.set(state.id, { at: now.toISOString(), message: problem });
      log?.warn(`Could not publish the event site: ${words.message}`, { folder, how, code: words.code, ...(errnoOf(error) ? { errno: errnoOf(error) } : {}) });
      throw words;
    }
    problems.delete(state.id);
    seen.set(state.id, signature(state));
    const publishedAt = now.toISOString();
    await remember(state.id, { folder, auto: target.auto, lastPublishedAt: publishedAt });
    log?.info(`Published the event site to ${folder}`, { folder, how, files: files.length });
    return { folder, files: files.map((f) => f.path), publishedAt };
  }

  /**
   * The automatic publish that is due, if the event is still open and its site still automatic;
   * after a state push (not a trigger entry) only when what the page shows changed since it was
   * last published (the first state push of an event in this session sets where that is).
   */
  async function publishDue(eventId: string, changed: boolean): Promise<void> {
    const open = options.current();
    if (stopped || !open || open.state.id !== eventId) return;
    if (!changed) {
      const now = signature(open.state);
      const before = seen.get(eventId);
      if (before === undefined) seen.set(eventId, now);
      if (before === undefined || before === now) return;
    }
    const record = (await allSettings()).get(eventId);
    if (!record?.auto) return;
    // A failure is kept and logged (write): nothing more to do here.
    await write(open, record, 'auto').catch(() => undefined);
  }

  /** Note that a publish is due; the work runs a moment later, one at a time (a burst makes one). */
  function schedule(eventId: string, changed: boolean): void {
    if (stopped) return;
    due = { eventId, changed: changed || (due?.eventId === eventId && due.changed) };
    if (timer) return;
    gathered = new Promise((resolve) => (gatheredDone = resolve));
    timer = setTimeout(() => {
      timer = null;
      const next = due;
      due = null;
      const done = gatheredDone;
      if (next) void exclusive(() => publishDue(next.eventId, next.changed)).finally(done);
      else done();
    }, options.gatherMs ?? GATHER_MS);
  }

  // Only noting, never working: this runs as each entry is pushed, before its acknowledgement.
  const unlisten = options.listen((push) => {
    if (push.type === 'entries') {
      if (push.entries.some((entry) => REPUBLISH_AFTER.has(entry.command.type))) schedule(push.eventId, true);
    } else if (push.type === 'state' && push.snapshot.state) schedule(push.snapshot.state.id, false);
  });

  return {
    async status() {
      const open = options.current();
      if (!open) return { eventId: null, folder: null, auto: false, lastPublishedAt: null, problem: null };
      const record = (await allSettings()).get(open.state.id);
      return {
        eventId: open.state.id,
        folder: record?.folder ?? null,
        auto: record?.auto ?? false,
        lastPublishedAt: record?.lastPublishedAt ?? null,
        problem: problems.get(open.state.id) ?? null,
      };
    },
    publish(params) {
      return exclusive(async () => {
        const open = options.current();
        if (!open) fail('not-allowed', 'no event is open: open the event whose site to publish');
        const id = open.state.id;
        const before = (await allSettings()).get(id);
        if (params.folder !== undefined && !path.isAbsolute(params.folder)) fail('invalid-input', `the site folder must be a full path, not ${JSON.stringify(params.folder)}`);
        const folder = params.folder !== undefined ? path.resolve(params.folder) : before?.folder;
        if (!folder) fail('invalid-input', 'choose a folder to publish the site to first');
        const auto = params.auto ?? before?.auto ?? false;
        try {
          return await write(open, { folder, auto, replace: params.replace === true }, 'now');
        } catch (error) {
          // The switch stays where it was put, with the folder that was published to before (a
          // folder that could not be written is not remembered).
          if (before && params.auto !== undefined && before.auto !== auto) await remember(id, { ...before, auto });
          throw error;
        }
      });
    },
    idle: () => settled(() => (timer ? gathered : null), queue.last),
    async stop() {
      stopped = true;
      unlisten();
      if (timer) clearTimeout(timer);
      timer = null;
      due = null;
      gatheredDone();
      await queue.last();
    },
  };
}
